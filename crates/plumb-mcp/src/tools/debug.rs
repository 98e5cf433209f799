//! The `debug_*` tools (the `debug` profile): one bounded debugger session
//! per connection, on a real debug adapter (`plumb_rpc::dap`). Every result
//! is a [`DebugReport`]: the session's state and, when stopped, where; what
//! the call produced; and the events queued since the last call. A failing
//! expression is a value (`evaluation.error`), not a tool error.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Instant;

use rmcp::model::JsonObject;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use plumb_rpc::dap::{
    self, BreakpointSpec, DEFAULT_LIMITS, Language, Phase, Program, Resume, Session, SessionError,
    Target,
};

use crate::budget::Reply;
use crate::call::Call;
use crate::debug::report::DebugReport;
use crate::debug::{DebugSessions, Live, SlotError, ttl};
use crate::freshness::Freshness;
use crate::input::{NoArgs, parse};
use crate::output::{Output, ToolError, Truncation};

/// Frames shown with a stop (launch, continue, step, pause). Chosen: the
/// innermost few locate a stop; `debug_stack` gives more.
const TOP_FRAMES: usize = 5;

/// Arguments of `debug_launch`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct LaunchArgs {
    /// The command to debug, program first: a script (`app.py`), a binary
    /// built with debug info (`./build/app`), or a test command
    /// (`python -m pytest tests/test_x.py::test_y`, `go test ./pkg -run TestX`).
    pub command: Vec<String>,
    /// `python`, `c`, `cpp`, `rust` or `go` (default: guessed from the command).
    pub language: Option<String>,
    /// Working directory, relative to the repository root (default: the root).
    pub cwd: Option<String>,
    /// Environment variables added to the program's.
    #[serde(default)]
    pub env: BTreeMap<String, String>,
    /// Breakpoints: `file:line` or `file:line if CONDITION` (files relative to the root).
    #[serde(default)]
    pub breakpoints: Vec<String>,
    /// Stop at the program's first line.
    #[serde(default)]
    pub stop_on_entry: bool,
    /// Seconds before the session is ended and all its processes killed
    /// (default 300, at most 1800).
    pub ttl_s: Option<u64>,
}

/// Arguments of `debug_attach`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct AttachArgs {
    /// The process to attach to.
    pub pid: u32,
    /// `python`, `c`, `cpp`, `rust` or `go`.
    pub language: String,
    /// Breakpoints: `file:line` or `file:line if CONDITION`.
    #[serde(default)]
    pub breakpoints: Vec<String>,
    /// Seconds before the session ends (default 300, at most 1800); the
    /// process attached to is detached, not killed.
    pub ttl_s: Option<u64>,
}

/// Arguments of `debug_breakpoints`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct BreakpointsArgs {
    /// Breakpoints to set: `file:line` or `file:line if CONDITION`.
    #[serde(default)]
    pub set: Vec<String>,
    /// Breakpoints to remove: `file:line`.
    #[serde(default)]
    pub clear: Vec<String>,
}

/// How to step.
#[derive(Clone, Copy, Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum StepKind {
    /// To the next line of this function.
    Over,
    /// Into the call on this line.
    In,
    /// Out of this function.
    Out,
}

/// Arguments of `debug_step`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct StepArgs {
    /// `over`, `in` or `out`.
    pub kind: StepKind,
}

/// Arguments of `debug_vars`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct VarsArgs {
    /// The frame, 0 for the innermost (see debug_stack).
    #[serde(default)]
    pub frame: usize,
    /// Levels of nested values expanded: 1 lists the variables only (default 1, at most 4).
    #[serde(default = "one")]
    #[schemars(range(min = 1, max = 4))]
    pub depth: u32,
}

fn one() -> u32 {
    1
}

/// Arguments of `debug_eval`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct EvalArgs {
    /// The expression, in the program's language.
    pub expression: String,
    /// The frame whose scope evaluates it, 0 for the innermost.
    #[serde(default)]
    pub frame: usize,
}

/// What every `debug_*` tool returns.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct DebugOutput {
    /// The result.
    #[serde(flatten)]
    pub report: DebugReport,
    /// Set when frames or variables were left out to fit the response budget.
    pub truncated: Option<Truncation>,
}

impl Output for DebugOutput {
    fn units(&self) -> usize {
        self.report.frames.len()
            + self
                .report
                .scopes
                .iter()
                .map(|s| s.variables.len())
                .sum::<usize>()
    }

    fn keep(&mut self, units: usize) {
        let frames = units.min(self.report.frames.len());
        self.report.frames.truncate(frames);
        let mut left = units - frames;
        for scope in &mut self.report.scopes {
            let kept = left.min(scope.variables.len());
            scope.omitted += scope.variables.len() - kept;
            scope.variables.truncate(kept);
            left -= kept;
        }
    }

    fn narrower(&self) -> String {
        "call debug_vars with depth 1, or debug_stack for frames alone".into()
    }

    fn finish(&mut self, _freshness: Freshness, truncated: Option<Truncation>) {
        if let Some(truncated) = &truncated {
            self.report.notes.push(truncated.note());
        }
        self.truncated = truncated;
    }

    fn render(&self, out: &mut String) {
        self.report.render(out);
    }
}

fn reply(report: DebugReport) -> Result<Box<dyn Reply>, ToolError> {
    Ok(Box::new(DebugOutput {
        report,
        truncated: None,
    }))
}

impl From<SlotError> for ToolError {
    fn from(err: SlotError) -> ToolError {
        ToolError::new(err.to_string())
    }
}

fn session_error(err: SessionError) -> ToolError {
    ToolError::new(err.to_string())
}

fn sessions<'a>(call: &'a Call) -> Result<&'a DebugSessions, ToolError> {
    call.debug()
        .ok_or_else(|| ToolError::new("this server has no debugger sessions"))
}

/// The process's `PATH`, where adapters are looked up.
fn path() -> String {
    std::env::var("PATH").unwrap_or_default()
}

fn breakpoints(
    root: &Path,
    texts: &[String],
    argument: &str,
) -> Result<Vec<BreakpointSpec>, ToolError> {
    crate::debug::breakpoints(root, texts)
        .map_err(|message| ToolError::argument(Some(argument.to_owned()), message))
}

fn language(text: &str) -> Result<Language, ToolError> {
    Language::parse(text).ok_or_else(|| {
        let names: Vec<&str> = Language::ALL.iter().map(|l| l.as_str()).collect();
        ToolError::argument(
            Some("language".into()),
            format!(
                "unknown language {text:?} (expected one of: {})",
                names.join(", ")
            ),
        )
    })
}

/// The report of a live session after a call, with the top frames when
/// stopped and the TTL left.
fn report(
    live: &Live,
    session: &Session,
    root: &Path,
    started: Instant,
    frames: bool,
) -> DebugReport {
    let mut report = DebugReport::of(session, root);
    if frames
        && report.state == Phase::Stopped.as_str()
        && let Ok((top, total)) = session.stack(TOP_FRAMES)
    {
        report.with_frames(top, total, root);
    }
    if let Some(info) = &mut report.session {
        info.expires_in_s = Some(live.expires_in().as_secs());
    }
    report.elapsed_ms = started.elapsed().as_millis() as u64;
    report
}

/// Runs `debug_launch`.
pub(crate) fn launch(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let args: LaunchArgs = parse(args)?;
    let started = Instant::now();
    let sessions = sessions(call)?;
    let ttl = ttl(args.ttl_s).map_err(|m| ToolError::argument(Some("ttl_s".into()), m))?;
    if args.command.is_empty() || args.command[0].trim().is_empty() {
        return Err(ToolError::argument(
            Some("command".into()),
            "must name a program".into(),
        ));
    }
    sessions.check_free()?;
    let root = call.root();
    let specs = breakpoints(root, &args.breakpoints, "breakpoints")?;
    let cwd = dap::session::working_directory(root, args.cwd.as_deref())
        .map_err(|e| ToolError::argument(Some("cwd".into()), e.to_string()))?;
    let path = path();
    let language = match &args.language {
        Some(text) => language(text)?,
        None => dap::adapter::infer_language(&args.command, &cwd, &path).map_err(|e| {
            ToolError::argument(Some("command".into()), format!("{e}; or give `language`"))
        })?,
    };
    let program = Program {
        command: args.command.clone(),
        cwd,
        env: args.env,
        stop_on_entry: args.stop_on_entry,
    };
    let (session, placed) = Session::start(
        language,
        &Target::Launch(program),
        &specs,
        &path,
        DEFAULT_LIMITS,
    )
    .map_err(session_error)?;
    let what = format!("`{}`", crate::quote::bounded(&args.command.join(" ")));
    let live = sessions.install(session, what, ttl)?;
    let session = live.lock();
    let mut out = report(&live, &session, root, started, true);
    out.with_breakpoints(&placed, root);
    if out.state != Phase::Stopped.as_str() && !specs.is_empty() && session.first_stop().is_none() {
        out.notes
            .push("the program did not stop at any breakpoint".into());
    }
    reply(out)
}

/// Runs `debug_attach`.
pub(crate) fn attach(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let args: AttachArgs = parse(args)?;
    let started = Instant::now();
    let sessions = sessions(call)?;
    let ttl = ttl(args.ttl_s).map_err(|m| ToolError::argument(Some("ttl_s".into()), m))?;
    let language = language(&args.language)?;
    sessions.check_free()?;
    let root = call.root();
    let specs = breakpoints(root, &args.breakpoints, "breakpoints")?;
    let (session, placed) = Session::start(
        language,
        &Target::Attach(args.pid),
        &specs,
        &path(),
        DEFAULT_LIMITS,
    )
    .map_err(session_error)?;
    let live = sessions.install(session, format!("process {}", args.pid), ttl)?;
    let session = live.lock();
    let mut out = report(&live, &session, root, started, true);
    out.with_breakpoints(&placed, root);
    reply(out)
}

/// Runs `f` on the live session, then reports.
fn with_session(
    call: &Call,
    frames: bool,
    f: impl FnOnce(&mut Session, &Path) -> Result<Option<DebugReport>, ToolError>,
) -> Result<Box<dyn Reply>, ToolError> {
    let started = Instant::now();
    let live = sessions(call)?.get()?;
    let mut session = live.lock();
    let root = call.root();
    let mut partial = f(&mut session, root)?;
    let mut out = report(&live, &session, root, started, frames);
    if let Some(partial) = partial.take() {
        out.breakpoints = partial.breakpoints;
        out.frames = if partial.frames.is_empty() {
            out.frames
        } else {
            partial.frames
        };
        out.total_frames = partial.total_frames.or(out.total_frames);
        out.scopes = partial.scopes;
        out.evaluation = partial.evaluation;
        out.output = partial.output.or(out.output);
        out.notes.splice(0..0, partial.notes);
    }
    reply(out)
}

/// Runs `debug_breakpoints`.
pub(crate) fn set_breakpoints(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let args: BreakpointsArgs = parse(args)?;
    let root = call.root();
    let set = breakpoints(root, &args.set, "set")?;
    let clear = breakpoints(root, &args.clear, "clear")?;
    with_session(call, false, |session, root| {
        let placed = session
            .set_breakpoints(&set, &clear)
            .map_err(session_error)?;
        let mut partial = DebugReport::default();
        partial.with_breakpoints(&placed, root);
        Ok(Some(partial))
    })
}

fn resume(call: &Call, how: Resume) -> Result<Box<dyn Reply>, ToolError> {
    with_session(call, true, |session, _| {
        session.resume(how).map_err(session_error)?;
        Ok(None)
    })
}

/// Runs `debug_continue`.
pub(crate) fn continue_(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let NoArgs {} = parse(args)?;
    resume(call, Resume::Continue)
}

/// Runs `debug_step`.
pub(crate) fn step(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let args: StepArgs = parse(args)?;
    resume(
        call,
        match args.kind {
            StepKind::Over => Resume::Over,
            StepKind::In => Resume::In,
            StepKind::Out => Resume::Out,
        },
    )
}

/// Runs `debug_pause`.
pub(crate) fn pause(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let NoArgs {} = parse(args)?;
    with_session(call, true, |session, _| {
        session.pause().map_err(session_error)?;
        Ok(None)
    })
}

/// Runs `debug_stack`.
pub(crate) fn stack(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let NoArgs {} = parse(args)?;
    with_session(call, false, |session, root| {
        let (frames, total) = session
            .stack(DEFAULT_LIMITS.frames)
            .map_err(session_error)?;
        let mut partial = DebugReport::default();
        partial.with_frames(frames, total, root);
        Ok(Some(partial))
    })
}

/// Runs `debug_vars`.
pub(crate) fn vars(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let args: VarsArgs = parse(args)?;
    if !(1..=DEFAULT_LIMITS.max_depth).contains(&args.depth) {
        return Err(ToolError::argument(
            Some("depth".into()),
            format!("must be from 1 to {}", DEFAULT_LIMITS.max_depth),
        ));
    }
    with_session(call, false, |session, _| {
        let scopes = session
            .variables(args.frame, args.depth)
            .map_err(session_error)?;
        let mut partial = DebugReport::default();
        partial.with_scopes(scopes);
        let listed = partial.variable_count();
        if listed >= DEFAULT_LIMITS.variables {
            partial.notes.push(format!(
                "variables stop at {} in all; ask for depth 1, or debug_eval a single value",
                DEFAULT_LIMITS.variables
            ));
        }
        Ok(Some(partial))
    })
}

/// Runs `debug_eval`.
pub(crate) fn eval(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let args: EvalArgs = parse(args)?;
    if args.expression.trim().is_empty() {
        return Err(ToolError::argument(
            Some("expression".into()),
            "must not be empty".into(),
        ));
    }
    with_session(call, false, |session, _| {
        let evaluation = session
            .evaluate(&args.expression, args.frame)
            .map_err(session_error)?;
        let mut partial = DebugReport::default();
        partial.with_evaluation(&crate::quote::bounded(&args.expression), evaluation);
        Ok(Some(partial))
    })
}

/// Runs `debug_output`.
pub(crate) fn output(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let NoArgs {} = parse(args)?;
    with_session(call, false, |session, _| {
        let mut partial = DebugReport::default();
        partial.take_output(session);
        Ok(Some(partial))
    })
}

/// Runs `debug_stop`.
pub(crate) fn stop(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let NoArgs {} = parse(args)?;
    let started = Instant::now();
    let live = sessions(call)?.take()?;
    let mut session = live.lock();
    let killed = session.end();
    let mut out = DebugReport::of(&session, call.root());
    out.notes.retain(|note| !note.contains("start a new"));
    out.notes.push(format!(
        "the session ended; {killed} of its processes were still running and were killed (a process attached to is detached, not killed)"
    ));
    out.elapsed_ms = started.elapsed().as_millis() as u64;
    reply(out)
}
