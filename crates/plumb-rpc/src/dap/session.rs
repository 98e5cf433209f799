//! One debug session: an adapter process started in a process group of its
//! own, the DAP handshake (`initialize`, `launch` or `attach`, breakpoints,
//! `configurationDone`), and the operations on the stopped program —
//! resume and step, pause, the stack, variables, expressions — each bounded
//! in time and in size. Ending a session (or dropping it) kills the
//! adapter and every process that descends from it or shares a process
//! group with one (`process.rs`).

use std::collections::BTreeMap;
use std::io;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::adapter::{self, AdapterError, FoundAdapter, Language, Program, Transport};
use super::breakpoint::{BreakpointSpec, Placed};
use super::buffer::TakenOutput;
use super::client::{Bounds, Client, ClientError};
use super::process;
use super::state::{Phase, Stop};

/// The bounds of a session, in time and in size.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Longest wait for an answer to an ordinary request.
    pub request: Duration,
    /// Longest wait for the adapter to start and accept the program
    /// (Delve builds a `go run` program inside `launch`).
    pub start: Duration,
    /// Longest a launch waits for the program's first stop (or its end)
    /// before answering that it is still running.
    pub first_stop: Duration,
    /// Longest a continue, step or pause waits for the program to stop or
    /// exit before answering that it is still running.
    pub stop_wait: Duration,
    /// Most frames returned.
    pub frames: usize,
    /// Most variables returned in all, nested ones included.
    pub variables: usize,
    /// Most children listed under one variable.
    pub children: usize,
    /// Deepest expansion of nested values.
    pub max_depth: u32,
    /// Longest value or expression result, in characters.
    pub value_chars: usize,
    /// Bytes of unread program output kept.
    pub output_bytes: usize,
    /// Event notes kept until the next result.
    pub notes: usize,
}

/// The bounds used unless a caller sets others.
pub const DEFAULT_LIMITS: Limits = Limits {
    // Chosen: adapters answer ordinary requests in milliseconds (measured
    // here: debugpy, lldb-vscode-14 and Delve 1.20 all under 100 ms).
    request: Duration::from_secs(10),
    // Chosen: covers Delve building a small `go run` program from a cold
    // cache and lldb loading a large binary's symbols.
    start: Duration::from_secs(60),
    // Measured: the pytest fixture reached its breakpoint under debugpy in
    // 16-17 s on a 2-core machine at load 20 (1-3 s for lldb and Delve);
    // past this the caller is told the program runs and can pause it.
    first_stop: Duration::from_secs(60),
    // Chosen: a continue to the next stop of a test takes seconds; past
    // this the agent is told the program is running and can pause it.
    stop_wait: Duration::from_secs(30),
    // Chosen: the frames an agent reads before it needs a narrower view.
    frames: 20,
    variables: 100,
    children: 20,
    max_depth: 4,
    value_chars: 200,
    // Chosen: 64 KiB of output, the MCP response budget's default size.
    output_bytes: 64 * 1024,
    notes: 64,
};

/// Why an operation failed.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// No adapter, or a command that cannot be launched.
    #[error(transparent)]
    Adapter(#[from] AdapterError),
    /// The adapter refused, failed or did not answer.
    #[error(transparent)]
    Client(#[from] ClientError),
    /// The adapter could not be started.
    #[error("cannot start the debug adapter `{adapter}`: {error}")]
    Spawn {
        /// The adapter's command.
        adapter: String,
        /// Why.
        error: io::Error,
    },
    /// The operation needs a stopped program.
    #[error("the program is {0}: {hint}", hint = not_stopped_hint(*.0))]
    NotStopped(Phase),
    /// A bad argument.
    #[error("{0}")]
    Input(String),
}

fn not_stopped_hint(phase: Phase) -> &'static str {
    match phase {
        Phase::Running => "pause it (debug_pause) or wait for a breakpoint (debug_continue) first",
        _ => "the session is over; launch a new one",
    }
}

/// A stack frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// Its index, 0 for the innermost.
    pub index: usize,
    /// The function (as the adapter names it).
    pub function: String,
    /// The source file, when known.
    pub file: Option<String>,
    /// The line, when known.
    pub line: Option<u32>,
}

/// A variable, with its children expanded to a bounded depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variable {
    /// Its name.
    pub name: String,
    /// Its value as the adapter renders it, cut to the bound.
    pub value: String,
    /// Its type, when the adapter says.
    pub type_name: Option<String>,
    /// Its children, when expanded.
    pub children: Vec<Variable>,
    /// Children not listed (beyond the bounds, or beyond the depth asked).
    pub omitted_children: usize,
}

/// The variables of one scope (locals, arguments).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScopeVariables {
    /// The scope's name, as the adapter gives it.
    pub scope: String,
    /// Its variables.
    pub variables: Vec<Variable>,
    /// Variables not listed, beyond the bound.
    pub omitted: usize,
}

/// The result of an expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Evaluation {
    /// Its value.
    Value {
        /// The value, cut to the bound.
        value: String,
        /// Its type, when the adapter says.
        type_name: Option<String>,
    },
    /// The expression failed (raised, did not compile): the adapter's
    /// message, a value rather than a failure of the call.
    Error {
        /// What the adapter said.
        message: String,
    },
}

/// How to resume a stopped program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resume {
    /// Until the next breakpoint or the end.
    Continue,
    /// To the next line in this function.
    Over,
    /// Into the call on this line.
    In,
    /// Out of this function.
    Out,
}

impl Resume {
    fn command(self) -> &'static str {
        match self {
            Resume::Continue => "continue",
            Resume::Over => "next",
            Resume::In => "stepIn",
            Resume::Out => "stepOut",
        }
    }
}

/// Where the session is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// running, stopped, exited or terminated.
    pub phase: Phase,
    /// The stop, while stopped.
    pub stop: Option<Stop>,
    /// The innermost frame, while stopped.
    pub location: Option<Frame>,
    /// The exit code, once exited.
    pub exit_code: Option<i64>,
}

/// A live debug session.
pub struct Session {
    adapter: FoundAdapter,
    language: Language,
    child: Child,
    client: Client,
    limits: Limits,
    breakpoints: BTreeMap<PathBuf, Vec<BreakpointSpec>>,
    conditions: bool,
    started: Instant,
    first_stop: Option<Duration>,
    attached: bool,
    ended: bool,
}

/// The adapters of every live session of this process, so that they can be
/// killed at exit without waiting for a session busy in a call.
static LIVE_ADAPTERS: Mutex<Vec<u32>> = Mutex::new(Vec::new());

fn live_adapters() -> std::sync::MutexGuard<'static, Vec<u32>> {
    LIVE_ADAPTERS.lock().unwrap_or_else(|p| p.into_inner())
}

/// Kills every live session's adapter and every process descending from
/// it or in the process group of one (the program launched, what it
/// started); for the process's exit, when sessions may be busy in a call.
/// Returns how many processes were killed.
pub fn kill_every_session() -> usize {
    let adapters = std::mem::take(&mut *live_adapters());
    if adapters.is_empty() {
        return 0;
    }
    process::kill_all(&adapters)
}

/// What the session starts on.
#[derive(Clone, Debug)]
pub enum Target {
    /// A program to launch.
    Launch(Program),
    /// A running process.
    Attach(u32),
}

impl Session {
    /// Starts the adapter for `language` (found on `path`, a `PATH`
    /// value), launches or attaches to `target` with `breakpoints` set,
    /// and, when there are breakpoints or a stop on entry, waits (bounded)
    /// for the first stop or the end.
    pub fn start(
        language: Language,
        target: &Target,
        breakpoints: &[BreakpointSpec],
        path: &str,
        limits: Limits,
    ) -> Result<(Session, Vec<Placed>), SessionError> {
        let found = adapter::find(language, path)?;
        let request = match target {
            Target::Launch(program) => {
                let mut arguments = adapter::launch_arguments(found.kind, program, path)?;
                adapter::prefer_adapter_python(&mut arguments, &found, path);
                ("launch", arguments)
            }
            Target::Attach(pid) => ("attach", adapter::attach_arguments(found.kind, *pid)),
        };
        let started = Instant::now();
        process::become_subreaper();
        let (child, client) = spawn(&found, &limits)?;
        live_adapters().push(child.id());
        let mut session = Session {
            adapter: found,
            language,
            child,
            client,
            limits,
            breakpoints: BTreeMap::new(),
            conditions: false,
            started,
            first_stop: None,
            attached: matches!(target, Target::Attach(_)),
            ended: false,
        };
        // On any failure below, dropping the session kills everything.
        let placed = session.handshake(request, breakpoints)?;
        // Only a breakpoint or a stop on entry is waited for: without them
        // the program runs on (a server, a hung process) and the caller
        // pauses it when it wants.
        let stop_on_entry = matches!(target, Target::Launch(p) if p.stop_on_entry);
        if stop_on_entry || !breakpoints.is_empty() {
            session.wait_for_stop(0, limits.first_stop);
        }
        Ok((session, placed))
    }

    fn handshake(
        &mut self,
        (command, arguments): (&str, Value),
        breakpoints: &[BreakpointSpec],
    ) -> Result<Vec<Placed>, SessionError> {
        let capabilities = self.client.request(
            "initialize",
            json!({
                "clientID": "plumb",
                "clientName": "plumb",
                "adapterID": self.adapter.kind.as_str(),
                "pathFormat": "path",
                "linesStartAt1": true,
                "columnsStartAt1": true,
                "supportsVariableType": true,
                "supportsRunInTerminalRequest": false,
            }),
            self.limits.start,
        )?;
        self.conditions = capabilities
            .get("supportsConditionalBreakpoints")
            .and_then(Value::as_bool)
            == Some(true);
        let launch = self.client.send(command, arguments)?;
        // Breakpoints go in once the adapter says it is initialized; some
        // adapters answer `launch` first, others only after configurationDone.
        let ready = self.client.wait_until(self.limits.start, |inbox| {
            inbox.initialized || !inbox.alive || inbox.answered(launch)
        });
        let timeout = || ClientError::Timeout {
            command: command.to_owned(),
            seconds: self.limits.start.as_secs(),
        };
        if !ready {
            return Err(timeout().into());
        }
        // lldb-dap answers `launch` before it initializes; a failed launch
        // ends here with the adapter's message.
        let answered_first = self
            .client
            .inbox(|inbox| !inbox.initialized && inbox.answered(launch));
        if answered_first {
            self.client.wait(launch, command, self.limits.request)?;
            if !self
                .client
                .wait_until(self.limits.start, |inbox| inbox.initialized || !inbox.alive)
            {
                return Err(timeout().into());
            }
        }
        if !self.client.inbox(|inbox| inbox.initialized) {
            // The adapter died before initializing: its answer, if it gave one.
            if !answered_first {
                self.client.wait(launch, command, self.limits.request)?;
            }
            return Err(ClientError::Gone(command.to_owned()).into());
        }
        let placed = self.set_breakpoints(breakpoints, &[])?;
        // Optional: adapters that do not know it answer with an error.
        let _ = self.client.request(
            "setExceptionBreakpoints",
            json!({"filters": []}),
            self.limits.request,
        );
        if capabilities
            .get("supportsConfigurationDoneRequest")
            .and_then(Value::as_bool)
            == Some(true)
        {
            self.client
                .request("configurationDone", Value::Null, self.limits.request)?;
        }
        if !answered_first {
            self.client.wait(launch, command, self.limits.start)?;
        }
        Ok(placed)
    }

    /// The adapter used.
    pub fn adapter(&self) -> &FoundAdapter {
        &self.adapter
    }

    /// The language debugged.
    pub fn language(&self) -> Language {
        self.language
    }

    /// The adapter's process id.
    pub fn adapter_pid(&self) -> u32 {
        self.child.id()
    }

    /// The debuggee's process id, once the adapter has said it.
    pub fn debuggee_pid(&self) -> Option<u32> {
        self.client.inbox(|inbox| inbox.state.process_id())
    }

    /// Time from the start to the first stop, if the program has stopped.
    pub fn first_stop(&self) -> Option<Duration> {
        self.first_stop
    }

    /// Sets `add` and removes `clear` (file and line), re-sending the
    /// breakpoints of every file touched; returns what the adapter made of
    /// the breakpoints of those files.
    pub fn set_breakpoints(
        &mut self,
        add: &[BreakpointSpec],
        clear: &[BreakpointSpec],
    ) -> Result<Vec<Placed>, SessionError> {
        if !self.conditions
            && let Some(spec) = add.iter().find(|spec| spec.condition.is_some())
        {
            return Err(SessionError::Input(format!(
                "{} does not support conditional breakpoints ({}:{})",
                self.adapter.kind.as_str(),
                spec.file.display(),
                spec.line
            )));
        }
        let mut touched: Vec<PathBuf> = Vec::new();
        for spec in clear {
            if let Some(list) = self.breakpoints.get_mut(&spec.file) {
                list.retain(|b| b.line != spec.line);
            }
            touched.push(spec.file.clone());
        }
        for spec in add {
            let list = self.breakpoints.entry(spec.file.clone()).or_default();
            list.retain(|b| b.line != spec.line);
            list.push(spec.clone());
            touched.push(spec.file.clone());
        }
        touched.sort();
        touched.dedup();
        let mut placed = Vec::new();
        for file in touched {
            let specs = self.breakpoints.get(&file).cloned().unwrap_or_default();
            let lines: Vec<Value> = specs
                .iter()
                .map(|spec| match &spec.condition {
                    Some(condition) => json!({"line": spec.line, "condition": condition}),
                    None => json!({"line": spec.line}),
                })
                .collect();
            let answer = self.client.request(
                "setBreakpoints",
                json!({
                    "source": {"path": file.to_string_lossy(), "name": file.file_name().map(|n| n.to_string_lossy())},
                    "breakpoints": lines,
                    "lines": specs.iter().map(|s| s.line).collect::<Vec<_>>(),
                }),
                self.limits.request,
            )?;
            let answered = answer
                .get("breakpoints")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            for (spec, breakpoint) in specs
                .iter()
                .zip(answered.iter().map(Some).chain(std::iter::repeat(None)))
            {
                let text = |key: &str| {
                    breakpoint
                        .and_then(|b| b.get(key))
                        .and_then(Value::as_str)
                        .map(str::to_owned)
                };
                placed.push(Placed {
                    file: spec.file.clone(),
                    requested_line: spec.line,
                    line: breakpoint
                        .and_then(|b| b.get("line"))
                        .and_then(Value::as_u64)
                        .and_then(|l| u32::try_from(l).ok()),
                    verified: breakpoint
                        .and_then(|b| b.get("verified"))
                        .and_then(Value::as_bool)
                        == Some(true),
                    message: text("message"),
                    condition: spec.condition.clone(),
                });
            }
        }
        Ok(placed)
    }

    /// Waits at most `wait` until the program stops for the `after`+1th
    /// time or the session ends; records the time of the first stop.
    fn wait_for_stop(&mut self, after: u64, wait: Duration) {
        self.client.wait_until(wait, |inbox| {
            inbox.state.stops() > after || inbox.state.phase().is_final()
        });
        if self.first_stop.is_none() && self.client.inbox(|inbox| inbox.state.stops() > 0) {
            self.first_stop = Some(self.started.elapsed());
        }
    }

    /// Resumes the stopped program and waits (bounded) for the next stop
    /// or the end.
    pub fn resume(&mut self, how: Resume) -> Result<(), SessionError> {
        let (phase, stops, thread) = self.client.inbox(|inbox| {
            (
                inbox.state.phase(),
                inbox.state.stops(),
                inbox.state.stop().and_then(|s| s.thread_id),
            )
        });
        if phase != Phase::Stopped {
            return Err(SessionError::NotStopped(phase));
        }
        let thread = match thread {
            Some(thread) => thread,
            None => self.first_thread()?,
        };
        self.client.request(
            how.command(),
            json!({"threadId": thread}),
            self.limits.request,
        )?;
        self.client.inbox(|inbox| {
            // The stop may already have come (a short step).
            if inbox.state.stops() == stops {
                inbox.state.resumed();
            }
        });
        self.wait_for_stop(stops, self.limits.stop_wait);
        Ok(())
    }

    /// Pauses the running program and waits (bounded) for it to stop.
    pub fn pause(&mut self) -> Result<(), SessionError> {
        let (phase, stops) = self
            .client
            .inbox(|inbox| (inbox.state.phase(), inbox.state.stops()));
        match phase {
            Phase::Stopped => return Ok(()),
            Phase::Exited | Phase::Terminated => return Err(SessionError::NotStopped(phase)),
            Phase::Running => {}
        }
        let thread = self.first_thread()?;
        self.client
            .request("pause", json!({"threadId": thread}), self.limits.request)?;
        self.wait_for_stop(stops, self.limits.stop_wait);
        Ok(())
    }

    fn first_thread(&self) -> Result<i64, SessionError> {
        let answer = self
            .client
            .request("threads", Value::Null, self.limits.request)?;
        answer
            .get("threads")
            .and_then(Value::as_array)
            .and_then(|threads| threads.first())
            .and_then(|thread| thread.get("id"))
            .and_then(Value::as_i64)
            .ok_or_else(|| SessionError::Input("the program has no threads".into()))
    }

    fn stopped_thread(&self) -> Result<i64, SessionError> {
        let (phase, thread) = self.client.inbox(|inbox| {
            (
                inbox.state.phase(),
                inbox.state.stop().and_then(|s| s.thread_id),
            )
        });
        if phase != Phase::Stopped {
            return Err(SessionError::NotStopped(phase));
        }
        match thread {
            Some(thread) => Ok(thread),
            None => self.first_thread(),
        }
    }

    /// The innermost `levels` frames of the stopped thread (at most the
    /// bound), and the thread's total when the adapter says.
    pub fn stack(&self, levels: usize) -> Result<(Vec<Frame>, Option<usize>), SessionError> {
        let thread = self.stopped_thread()?;
        let levels = levels.min(self.limits.frames);
        let answer = self.client.request(
            "stackTrace",
            json!({"threadId": thread, "startFrame": 0, "levels": levels}),
            self.limits.request,
        )?;
        let frames = raw_frames(&answer)
            .iter()
            .take(levels)
            .enumerate()
            .map(|(index, frame)| Frame {
                index,
                function: frame
                    .get("name")
                    .and_then(Value::as_str)
                    .unwrap_or("?")
                    .to_owned(),
                file: frame
                    .get("source")
                    .and_then(|s| s.get("path"))
                    .and_then(Value::as_str)
                    .map(str::to_owned),
                line: frame
                    .get("line")
                    .and_then(Value::as_u64)
                    .and_then(|l| u32::try_from(l).ok())
                    .filter(|&l| l > 0),
            })
            .collect();
        let total = answer
            .get("totalFrames")
            .and_then(Value::as_u64)
            .map(|t| t as usize);
        Ok((frames, total))
    }

    fn frame_id(&self, frame: usize) -> Result<i64, SessionError> {
        let thread = self.stopped_thread()?;
        let answer = self.client.request(
            "stackTrace",
            json!({"threadId": thread, "startFrame": 0, "levels": frame + 1}),
            self.limits.request,
        )?;
        raw_frames(&answer)
            .get(frame)
            .and_then(|f| f.get("id"))
            .and_then(Value::as_i64)
            .ok_or_else(|| {
                SessionError::Input(format!("there is no frame {frame} (see debug_stack)"))
            })
    }

    /// The locals and arguments of frame `frame` (0: innermost), nested
    /// values expanded `depth` levels (1: none), within the bounds.
    pub fn variables(&self, frame: usize, depth: u32) -> Result<Vec<ScopeVariables>, SessionError> {
        let depth = depth.clamp(1, self.limits.max_depth);
        let frame_id = self.frame_id(frame)?;
        let answer =
            self.client
                .request("scopes", json!({"frameId": frame_id}), self.limits.request)?;
        let mut budget = self.limits.variables;
        let mut scopes = Vec::new();
        for scope in answer
            .get("scopes")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let name = scope.get("name").and_then(Value::as_str).unwrap_or("scope");
            let expensive = scope.get("expensive").and_then(Value::as_bool) == Some(true);
            let lowered = name.to_ascii_lowercase();
            if expensive || lowered.contains("global") || lowered.contains("register") {
                continue;
            }
            let reference = scope
                .get("variablesReference")
                .and_then(Value::as_i64)
                .unwrap_or(0);
            let (variables, omitted) = self.expand(reference, depth, &mut budget, usize::MAX)?;
            scopes.push(ScopeVariables {
                scope: name.to_owned(),
                variables,
                omitted,
            });
        }
        Ok(scopes)
    }

    /// The variables under `reference`, at most `per_level` of them and
    /// `budget` in all, each expanded `depth - 1` further levels.
    fn expand(
        &self,
        reference: i64,
        depth: u32,
        budget: &mut usize,
        per_level: usize,
    ) -> Result<(Vec<Variable>, usize), SessionError> {
        if reference <= 0 {
            return Ok((Vec::new(), 0));
        }
        let answer = self.client.request(
            "variables",
            json!({"variablesReference": reference}),
            self.limits.request,
        )?;
        let raw = answer
            .get("variables")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let mut variables = Vec::new();
        let mut omitted = 0;
        for item in &raw {
            if *budget == 0 || variables.len() >= per_level {
                omitted += 1;
                continue;
            }
            *budget -= 1;
            let child_ref = item
                .get("variablesReference")
                .and_then(Value::as_i64)
                .unwrap_or(0);
            let named = item
                .get("namedVariables")
                .and_then(Value::as_u64)
                .unwrap_or(0)
                + item
                    .get("indexedVariables")
                    .and_then(Value::as_u64)
                    .unwrap_or(0);
            let (children, omitted_children) = if child_ref > 0 && depth > 1 {
                self.expand(child_ref, depth - 1, budget, self.limits.children)?
            } else if child_ref > 0 {
                (Vec::new(), (named as usize).max(1))
            } else {
                (Vec::new(), 0)
            };
            variables.push(Variable {
                name: item
                    .get("name")
                    .and_then(Value::as_str)
                    .unwrap_or("?")
                    .to_owned(),
                value: cut(
                    item.get("value").and_then(Value::as_str).unwrap_or(""),
                    self.limits.value_chars,
                ),
                type_name: item
                    .get("type")
                    .and_then(Value::as_str)
                    .filter(|t| !t.is_empty())
                    .map(str::to_owned),
                children,
                omitted_children,
            });
        }
        Ok((variables, omitted))
    }

    /// Evaluates `expression` in frame `frame`'s scope; an expression that
    /// fails is an [`Evaluation::Error`], not an error of the call.
    pub fn evaluate(&self, expression: &str, frame: usize) -> Result<Evaluation, SessionError> {
        if expression.trim().is_empty() {
            return Err(SessionError::Input("the expression is empty".into()));
        }
        let frame_id = self.frame_id(frame)?;
        let answer = self.client.request(
            "evaluate",
            json!({
                "expression": expression,
                "frameId": frame_id,
                "context": adapter::evaluate_context(self.adapter.kind),
            }),
            self.limits.request,
        );
        match answer {
            Ok(body) => Ok(Evaluation::Value {
                value: cut(
                    body.get("result").and_then(Value::as_str).unwrap_or(""),
                    self.limits.value_chars,
                ),
                type_name: body
                    .get("type")
                    .and_then(Value::as_str)
                    .filter(|t| !t.is_empty())
                    .map(str::to_owned),
            }),
            Err(ClientError::Failed(err)) => Ok(Evaluation::Error {
                message: cut(&err.message, self.limits.value_chars * 4),
            }),
            Err(other) => Err(other.into()),
        }
    }

    /// Where the session is; while stopped, with the innermost frame.
    pub fn status(&self) -> Status {
        let (phase, stop, exit_code) = self.client.inbox(|inbox| {
            (
                inbox.state.phase(),
                inbox.state.stop().cloned(),
                inbox.state.exit_code(),
            )
        });
        let location = match phase {
            Phase::Stopped => self
                .stack(1)
                .ok()
                .and_then(|(frames, _)| frames.into_iter().next()),
            _ => None,
        };
        Status {
            phase,
            stop,
            location,
            exit_code,
        }
    }

    /// The program's output since the last call.
    pub fn take_output(&self) -> TakenOutput {
        self.client.inbox(|inbox| inbox.output.take())
    }

    /// The last `bytes` of unread output, without taking it.
    pub fn output_tail(&self, bytes: usize) -> String {
        self.client
            .inbox(|inbox| inbox.output.tail(bytes).to_owned())
    }

    /// Notes about events since the last call, and how many were dropped.
    pub fn take_notes(&self) -> (Vec<String>, usize) {
        self.client.inbox(|inbox| {
            let (mut notes, dropped) = inbox.notes.take();
            if let Some(failure) = &inbox.failure {
                notes.push(format!("the adapter's stream failed: {failure}"));
            }
            (notes, dropped)
        })
    }

    /// Ends the session: asks the adapter to terminate the program, then
    /// kills the adapter and every process of the session. Returns how many
    /// processes had to be killed.
    pub fn end(&mut self) -> usize {
        if self.ended {
            return 0;
        }
        self.ended = true;
        // Chosen: a polite disconnect gets a short while; the kill follows
        // anyway. An attached process is not ours to end: it is detached.
        let _ = self.client.request(
            "disconnect",
            json!({"terminateDebuggee": !self.attached}),
            Duration::from_millis(500),
        );
        self.kill()
    }

    /// Kills the adapter and every process of the session at once (a
    /// process attached to is left alone: it was not the session's).
    pub fn kill(&mut self) -> usize {
        self.ended = true;
        let adapter = self.child.id();
        let mut roots = vec![adapter];
        if !self.attached {
            roots.extend(self.debuggee_pid());
        }
        let killed = process::kill_all(&roots);
        live_adapters().retain(|&pid| pid != adapter);
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.client.inbox(|inbox| inbox.state.ended());
        killed
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        if !self.ended {
            self.kill();
        }
    }
}

fn raw_frames(answer: &Value) -> &[Value] {
    answer
        .get("stackFrames")
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// `text` cut to `chars` characters, with `…` marking the cut.
pub fn cut(text: &str, chars: usize) -> String {
    match text.char_indices().nth(chars) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// Starts the adapter in a process group of its own and connects to it.
fn spawn(found: &FoundAdapter, limits: &Limits) -> Result<(Child, Client), SessionError> {
    let spawn_error = |error| SessionError::Spawn {
        adapter: found.name.clone(),
        error,
    };
    let bounds = Bounds {
        output_bytes: limits.output_bytes,
        notes: limits.notes,
    };
    let mut command = Command::new(&found.command[0]);
    command
        .args(&found.command[1..])
        .process_group(0)
        .stderr(Stdio::null());
    match found.transport {
        Transport::Stdio => {
            let mut child = command
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .map_err(spawn_error)?;
            let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
                let _ = child.kill();
                let _ = child.wait();
                return Err(spawn_error(io::Error::other("no pipes to the adapter")));
            };
            let client = Client::start(stdout, stdin, bounds).map_err(spawn_error)?;
            Ok((child, client))
        }
        Transport::DialIn => {
            let listener = TcpListener::bind("127.0.0.1:0").map_err(spawn_error)?;
            let address = listener.local_addr().map_err(spawn_error)?;
            let mut child = command
                .arg(address.to_string())
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .spawn()
                .map_err(spawn_error)?;
            let stream = match accept(&listener, &mut child, limits.start) {
                Ok(stream) => stream,
                Err(error) => {
                    process::kill_all(&[child.id()]);
                    let _ = child.wait();
                    return Err(spawn_error(error));
                }
            };
            let reader = stream.try_clone().map_err(spawn_error)?;
            let client = Client::start(reader, stream, bounds).map_err(spawn_error)?;
            Ok((child, client))
        }
    }
}

/// The adapter's connection to `listener`, waiting at most `timeout` and
/// giving up early if the adapter exits.
fn accept(listener: &TcpListener, child: &mut Child, timeout: Duration) -> io::Result<TcpStream> {
    listener.set_nonblocking(true)?;
    let deadline = Instant::now() + timeout;
    loop {
        match listener.accept() {
            Ok((stream, peer)) => {
                if !is_loopback(&peer) {
                    continue;
                }
                stream.set_nonblocking(false)?;
                return Ok(stream);
            }
            Err(err) if err.kind() == io::ErrorKind::WouldBlock => {}
            Err(err) => return Err(err),
        }
        if let Some(status) = child.try_wait()? {
            return Err(io::Error::other(format!(
                "the adapter exited ({status}) before connecting"
            )));
        }
        if Instant::now() >= deadline {
            return Err(io::Error::new(
                io::ErrorKind::TimedOut,
                format!("the adapter did not connect within {} s", timeout.as_secs()),
            ));
        }
        // Chosen: short enough not to add to the start time noticeably.
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn is_loopback(peer: &SocketAddr) -> bool {
    peer.ip().is_loopback()
}

/// The absolute working directory for `cwd` (relative to `root`), which
/// must be an existing directory.
pub fn working_directory(root: &Path, cwd: Option<&str>) -> Result<PathBuf, SessionError> {
    let dir = match cwd {
        Some(cwd) => root.join(cwd),
        None => root.to_path_buf(),
    };
    dir.canonicalize()
        .ok()
        .filter(|d| d.is_dir())
        .ok_or_else(|| {
            SessionError::Input(format!(
                "the working directory {} does not exist",
                dir.display()
            ))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_cut_at_characters() {
        assert_eq!(cut("héllo", 2), "hé…");
        assert_eq!(cut("hi", 2), "hi");
    }
}
