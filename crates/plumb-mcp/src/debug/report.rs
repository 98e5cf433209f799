//! The one JSON shape of every debugger result, for the `debug_*` tools
//! and `plumb debug --json` alike: the session's state and, when stopped,
//! where; then whichever of breakpoints, frames, variables, an expression's
//! value and the program's output the call produced; then the events
//! queued since the last call. Paths inside the root are root-relative.

use std::fmt::Write as _;
use std::path::Path;

use schemars::JsonSchema;
use serde::Serialize;

use plumb_rpc::dap::{self, Evaluation, Phase, Placed, Session};

/// The session a result is about.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct SessionInfo {
    /// The debug adapter used (its command).
    pub adapter: String,
    /// The language debugged (`python`, `c`, `cpp`, `rust`, `go`).
    pub language: String,
    /// The adapter's process id.
    pub adapter_pid: u32,
    /// The debugged program's process id, once the adapter said it.
    pub debuggee_pid: Option<u32>,
    /// Seconds until the session's TTL ends it (MCP only).
    pub expires_in_s: Option<u64>,
}

/// Where the program stopped and why.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Stopped {
    /// `breakpoint`, `step`, `pause`, `entry`, `exception`…
    pub reason: String,
    /// The adapter's text about it (an exception's message), when given.
    pub description: Option<String>,
    /// The thread that stopped.
    pub thread_id: Option<i64>,
    /// The function of the innermost frame.
    pub function: Option<String>,
    /// Its file.
    pub file: Option<String>,
    /// Its line.
    pub line: Option<u32>,
}

/// A breakpoint as the adapter placed it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct BreakpointOut {
    /// The file.
    pub file: String,
    /// The line asked for.
    pub requested_line: u32,
    /// The line it was placed on (may differ: the next line with code), when
    /// the adapter says.
    pub line: Option<u32>,
    /// Whether the adapter bound it to code.
    pub verified: bool,
    /// Why not, when the adapter says.
    pub message: Option<String>,
    /// Its condition.
    pub condition: Option<String>,
}

/// A stack frame.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct FrameOut {
    /// 0 for the innermost.
    pub index: usize,
    /// The function.
    pub function: String,
    /// The file, when known.
    pub file: Option<String>,
    /// The line, when known.
    pub line: Option<u32>,
}

/// A variable and, expanded to the depth asked, its children.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct VariableOut {
    /// Its name.
    pub name: String,
    /// Its value as the adapter renders it (cut to 200 characters).
    pub value: String,
    /// Its type, when known.
    #[serde(rename = "type")]
    pub type_name: Option<String>,
    /// Its children, when expanded.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<VariableOut>,
    /// Children not listed (past the bounds or the depth).
    #[serde(skip_serializing_if = "is_zero")]
    pub omitted_children: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// The variables of one scope.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct ScopeOut {
    /// The scope (`Locals`, `Arguments`…).
    pub scope: String,
    /// Its variables.
    pub variables: Vec<VariableOut>,
    /// Variables not listed.
    pub omitted: usize,
}

/// An expression's result.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct EvaluationOut {
    /// The expression.
    pub expression: String,
    /// Its value, when it evaluated.
    pub value: Option<String>,
    /// Its type, when known.
    #[serde(rename = "type")]
    pub type_name: Option<String>,
    /// The adapter's error, when it raised or did not compile.
    pub error: Option<String>,
}

/// The program's output.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct OutputOut {
    /// stdout and stderr as they arrived, since the last call that took it.
    pub text: String,
    /// Bytes dropped before it to respect the buffer's bound.
    pub dropped_bytes: usize,
}

/// A debugger result.
#[derive(Clone, Debug, Default, Serialize, JsonSchema)]
pub struct DebugReport {
    /// `running`, `stopped`, `exited` or `terminated`.
    pub state: &'static str,
    /// The session.
    pub session: Option<SessionInfo>,
    /// Where and why it stopped, when stopped.
    pub stopped: Option<Stopped>,
    /// The exit code, when exited.
    pub exit_code: Option<i64>,
    /// Breakpoints set by this call, as placed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub breakpoints: Vec<BreakpointOut>,
    /// Frames, innermost first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub frames: Vec<FrameOut>,
    /// The thread's frame count, when the adapter says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_frames: Option<usize>,
    /// Variables by scope.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub scopes: Vec<ScopeOut>,
    /// An expression's result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub evaluation: Option<EvaluationOut>,
    /// The program's output, when this call took it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output: Option<OutputOut>,
    /// Events since the last call (exits, breakpoints moved).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<String>,
    /// Milliseconds the call took (for a launch: to the first stop or end).
    pub elapsed_ms: u64,
    /// What to know about the result.
    pub notes: Vec<String>,
}

/// A path as results show it: root-relative when inside the root.
pub fn shown(root: &Path, path: &str) -> String {
    let canonical_root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    Path::new(path)
        .strip_prefix(&canonical_root)
        .or_else(|_| Path::new(path).strip_prefix(root))
        .map_or_else(
            |_| path.to_owned(),
            |rest| rest.to_string_lossy().into_owned(),
        )
}

impl DebugReport {
    /// The state of `session`, with the events queued since the last call
    /// and, once the program is over, its output.
    pub fn of(session: &Session, root: &Path) -> DebugReport {
        let status = session.status();
        let (events, dropped) = session.take_notes();
        let mut report = DebugReport {
            state: status.phase.as_str(),
            session: Some(SessionInfo {
                adapter: session.adapter().name.clone(),
                language: session.language().as_str().to_owned(),
                adapter_pid: session.adapter_pid(),
                debuggee_pid: session.debuggee_pid(),
                expires_in_s: None,
            }),
            stopped: status.stop.map(|stop| Stopped {
                reason: stop.reason,
                description: stop.description,
                thread_id: stop.thread_id,
                function: status.location.as_ref().map(|f| f.function.clone()),
                file: status
                    .location
                    .as_ref()
                    .and_then(|f| f.file.as_deref())
                    .map(|f| shown(root, f)),
                line: status.location.as_ref().and_then(|f| f.line),
            }),
            exit_code: status.exit_code,
            events,
            ..DebugReport::default()
        };
        if dropped > 0 {
            report.notes.push(format!(
                "{dropped} older events were dropped (bounded queue)"
            ));
        }
        match status.phase {
            Phase::Exited | Phase::Terminated => {
                report.take_output(session);
                report.notes.push(match status.exit_code {
                    Some(code) => format!("the program exited with code {code}; its last output is in `output`; start a new session with debug_launch"),
                    None => "the session is over; start a new one with debug_launch".to_owned(),
                });
            }
            Phase::Running => report.notes.push(
                "the program is running: debug_pause stops it, debug_continue waits for the next stop".to_owned(),
            ),
            Phase::Stopped => {}
        }
        report
    }

    /// Moves the program's output since the last take into the report.
    pub fn take_output(&mut self, session: &Session) {
        let taken = session.take_output();
        self.output = Some(OutputOut {
            text: taken.text,
            dropped_bytes: taken.dropped_bytes,
        });
    }

    /// Adds placed breakpoints, with a note for each one the adapter
    /// rejected or moved.
    pub fn with_breakpoints(&mut self, placed: &[Placed], root: &Path) {
        for p in placed {
            let file = shown(root, &p.file.to_string_lossy());
            if !p.verified {
                self.notes.push(format!(
                    "breakpoint {file}:{} is not verified{}",
                    p.requested_line,
                    p.message
                        .as_deref()
                        .map_or_else(String::new, |m| format!(": {m}"))
                ));
            } else if let Some(line) = p.line.filter(|&l| l != p.requested_line) {
                self.notes.push(format!(
                    "breakpoint {file}:{} was placed on line {line} by the adapter (the line asked for has no code)",
                    p.requested_line
                ));
            }
            self.breakpoints.push(BreakpointOut {
                file,
                requested_line: p.requested_line,
                line: p.line,
                verified: p.verified,
                message: p.message.clone(),
                condition: p.condition.clone(),
            });
        }
    }

    /// Adds frames.
    pub fn with_frames(&mut self, frames: Vec<dap::Frame>, total: Option<usize>, root: &Path) {
        if let Some(total) = total.filter(|&t| t > frames.len()) {
            self.notes.push(format!(
                "{} of {total} frames listed (the innermost)",
                frames.len()
            ));
        }
        self.total_frames = total;
        self.frames = frames
            .into_iter()
            .map(|f| FrameOut {
                index: f.index,
                function: f.function,
                file: f.file.map(|file| shown(root, &file)),
                line: f.line,
            })
            .collect();
    }

    /// Adds variables.
    pub fn with_scopes(&mut self, scopes: Vec<dap::ScopeVariables>) {
        self.scopes = scopes
            .into_iter()
            .map(|s| ScopeOut {
                scope: s.scope,
                variables: s.variables.into_iter().map(variable).collect(),
                omitted: s.omitted,
            })
            .collect();
    }

    /// Adds an expression's result.
    pub fn with_evaluation(&mut self, expression: &str, evaluation: Evaluation) {
        self.evaluation = Some(match evaluation {
            Evaluation::Value { value, type_name } => EvaluationOut {
                expression: expression.to_owned(),
                value: Some(value),
                type_name,
                error: None,
            },
            Evaluation::Error { message } => EvaluationOut {
                expression: expression.to_owned(),
                value: None,
                type_name: None,
                error: Some(message),
            },
        });
    }

    /// Variables counted, nested ones included.
    pub fn variable_count(&self) -> usize {
        fn count(v: &VariableOut) -> usize {
            1 + v.children.iter().map(count).sum::<usize>()
        }
        self.scopes
            .iter()
            .flat_map(|s| &s.variables)
            .map(count)
            .sum()
    }

    /// The text rendering, for a person.
    pub fn render(&self, out: &mut String) {
        let _ = write!(out, "state: {}", self.state);
        if let Some(stopped) = &self.stopped {
            let _ = write!(out, " ({})", stopped.reason);
            if let (Some(file), Some(line)) = (&stopped.file, stopped.line) {
                let _ = write!(out, " at {file}:{line}");
            }
            if let Some(function) = &stopped.function {
                let _ = write!(out, " in {function}");
            }
            if let Some(description) = &stopped.description {
                let _ = write!(out, ": {description}");
            }
        }
        if let Some(code) = self.exit_code {
            let _ = write!(out, " (exit code {code})");
        }
        out.push('\n');
        for b in &self.breakpoints {
            let _ = writeln!(
                out,
                "breakpoint {}:{} -> {}{}",
                b.file,
                b.requested_line,
                b.line.map_or_else(|| "?".to_owned(), |l| l.to_string()),
                if b.verified { "" } else { " (not verified)" }
            );
        }
        for f in &self.frames {
            let _ = writeln!(
                out,
                "#{} {} {}:{}",
                f.index,
                f.function,
                f.file.as_deref().unwrap_or("?"),
                f.line.map_or_else(|| "?".to_owned(), |l| l.to_string())
            );
        }
        for scope in &self.scopes {
            let _ = writeln!(out, "{}:", scope.scope);
            for v in &scope.variables {
                render_variable(v, 1, out);
            }
            if scope.omitted > 0 {
                let _ = writeln!(out, "  … {} more", scope.omitted);
            }
        }
        if let Some(e) = &self.evaluation {
            match (&e.value, &e.error) {
                (Some(value), _) => {
                    let _ = writeln!(out, "{} = {value}", e.expression);
                }
                (None, Some(error)) => {
                    let _ = writeln!(out, "{} raised: {error}", e.expression);
                }
                _ => {}
            }
        }
        if let Some(output) = &self.output
            && !output.text.is_empty()
        {
            out.push_str("output:\n");
            out.push_str(&output.text);
            if !output.text.ends_with('\n') {
                out.push('\n');
            }
        }
        for event in &self.events {
            let _ = writeln!(out, "event: {event}");
        }
        for note in &self.notes {
            let _ = writeln!(out, "note: {note}");
        }
    }
}

fn variable(v: dap::Variable) -> VariableOut {
    VariableOut {
        name: v.name,
        value: v.value,
        type_name: v.type_name,
        children: v.children.into_iter().map(variable).collect(),
        omitted_children: v.omitted_children,
    }
}

fn render_variable(v: &VariableOut, depth: usize, out: &mut String) {
    let indent = "  ".repeat(depth);
    let _ = write!(out, "{indent}{} = {}", v.name, v.value);
    if let Some(t) = &v.type_name {
        let _ = write!(out, " ({t})");
    }
    out.push('\n');
    for child in &v.children {
        render_variable(child, depth + 1, out);
    }
    if v.omitted_children > 0 && !v.children.is_empty() {
        let _ = writeln!(out, "{indent}  … {} more", v.omitted_children);
    }
}
