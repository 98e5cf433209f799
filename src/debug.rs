//! `plumb debug -- COMMAND…`: runs a program under its debug adapter to the
//! first stop (a `--break` breakpoint, or the entry with `--stop-on-entry`)
//! and prints where it stopped, the stack and the locals, then ends the
//! session, killing every process of it. The machinery of the MCP
//! `debug_*` tools, for a person or a script; `--json` prints the same
//! object those tools return.

use std::path::PathBuf;

use clap::Args;

use plumb_mcp::debug::report::DebugReport;
use plumb_rpc::dap::{
    self, DEFAULT_LIMITS, Language, Phase, Program, Session, SessionError, Target,
};

use crate::cli::Cli;
use crate::{InputError, Outcome, write_stdout};

/// Levels of nested values printed with the locals. Chosen: one level of
/// fields or elements shows a structure without flooding a terminal.
const DEPTH: u32 = 2;

/// Options of `plumb debug`.
#[derive(Args, Debug)]
pub struct DebugArgs {
    /// Stop at FILE:LINE (relative to the root), or FILE:LINE if CONDITION; repeatable.
    #[arg(long = "break", value_name = "FILE:LINE")]
    pub breakpoints: Vec<String>,
    /// python, c, cpp, rust or go (default: guessed from the command).
    #[arg(long, value_name = "LANG")]
    pub language: Option<String>,
    /// Working directory of the program, relative to the root (default: the root).
    #[arg(long, value_name = "DIR")]
    pub cwd: Option<String>,
    /// Stop at the program's first line.
    #[arg(long)]
    pub stop_on_entry: bool,
    /// The program and its arguments, after `--`.
    #[arg(last = true, required = true, value_name = "COMMAND")]
    pub command: Vec<String>,
}

/// Runs `plumb debug`.
pub fn run(cli: &Cli, args: &DebugArgs) -> anyhow::Result<Outcome> {
    let root = match &cli.root {
        Some(root) => root.clone(),
        None => std::env::current_dir()?,
    };
    let root: PathBuf = root
        .canonicalize()
        .map_err(|e| InputError(format!("cannot use {} as the root: {e}", root.display())))?;
    let specs = plumb_mcp::debug::breakpoints(&root, &args.breakpoints)
        .map_err(|e| InputError(format!("--break {e}")))?;
    if specs.is_empty() && !args.stop_on_entry {
        return Err(InputError(
            "give --break FILE:LINE (or --stop-on-entry): the program is run to its first stop"
                .into(),
        )
        .into());
    }
    let cwd = dap::session::working_directory(&root, args.cwd.as_deref()).map_err(input)?;
    let path = std::env::var("PATH").unwrap_or_default();
    let language = match &args.language {
        Some(text) => Language::parse(text).ok_or_else(|| {
            InputError(format!(
                "--language: unknown language {text:?} (python, c, cpp, rust, go)"
            ))
        })?,
        None => dap::adapter::infer_language(&args.command, &cwd, &path)
            .map_err(|e| InputError(format!("{e}; or give --language")))?,
    };
    let program = Program {
        command: args.command.clone(),
        cwd,
        env: Default::default(),
        stop_on_entry: args.stop_on_entry,
    };
    let started = std::time::Instant::now();
    let (mut session, placed) = Session::start(
        language,
        &Target::Launch(program),
        &specs,
        &path,
        DEFAULT_LIMITS,
    )
    .map_err(input)?;
    let mut report = DebugReport::of(&session, &root);
    report.with_breakpoints(&placed, &root);
    let stopped = report.state == Phase::Stopped.as_str();
    if stopped {
        let (frames, total) = session.stack(DEFAULT_LIMITS.frames).map_err(input)?;
        report.with_frames(frames, total, &root);
        report.with_scopes(session.variables(0, DEPTH).map_err(input)?);
        report.elapsed_ms = started.elapsed().as_millis() as u64;
        report.take_output(&session);
    } else {
        report.elapsed_ms = started.elapsed().as_millis() as u64;
        report
            .notes
            .push("the program did not stop at any breakpoint".into());
    }
    session.end();
    if cli.json {
        write_stdout(&format!("{}\n", serde_json::to_string(&report)?))?;
    } else {
        let mut text = String::new();
        report.render(&mut text);
        write_stdout(&text)?;
    }
    Ok(if stopped {
        Outcome::Results
    } else {
        Outcome::NoResult
    })
}

/// A session failure as the CLI reports it: the user's to fix (a missing
/// adapter, a bad command or argument, a program that is not stopped) is
/// an input error; the adapter failing is internal.
fn input(err: SessionError) -> anyhow::Error {
    match err {
        SessionError::Adapter(_) | SessionError::Input(_) | SessionError::NotStopped(_) => {
            InputError(err.to_string()).into()
        }
        other => other.into(),
    }
}
