//! The `plumb` binary: command-line parsing, root discovery, dispatch of
//! each query subcommand through `plumb-query`'s capability registry (its
//! answer printed as JSON or through the shared text rendering), progress,
//! and the one place that maps failures to exit codes (0 results, 1 no
//! result, 2 usage or input error, 3 internal error).

mod check;
mod cli;
mod debug;
mod doctor;
mod export;
mod failure;
mod filter;
mod ide;
mod manual;
mod progress;
mod serve;
mod status;
mod structural;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::Parser;
use serde::Serialize;

use plumb_index::walk::Limits;
use plumb_mcp::summary::IndexSummary;
use plumb_query::Engine;
use plumb_query::analytics::capabilities::{
    Changes, Cochange, Communities, Entrypoints, Processes, Sql,
};
use plumb_query::answer::Answer;
use plumb_query::args::Rebase;
use plumb_query::capability::{
    Callees, Callers, Capability, Impact, Impls, Outline, Refs, Search, SymbolInfo,
};
use plumb_query::render;
use plumb_store::Store;

use cli::{Cli, Command};
use filter::Refine;

/// The allocator: mimalloc. Measured on the 12,747-file Linux subset
/// (`bench/speed.sh`'s one-file edit, five runs each): an incremental run
/// took 2.0 s against the system allocator's 3.5 s, most of it decoding
/// cached facts and linking, which allocate many small strings and
/// tables; a full run took the same time with 9 % more peak memory.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// How a run ended, mapped to the documented exit codes.
enum Outcome {
    /// Results were found.
    Results,
    /// The question was fine and has no answer.
    NoResult,
}

/// An error the user can fix (exit 2), as opposed to an internal one (exit 3).
#[derive(Debug)]
struct InputError(String);

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InputError {}

/// Standard output was closed by its reader (`plumb … | head`): the answer
/// is cut short on purpose and plumb exits quietly with success. Only a
/// write to stdout makes this error; a broken pipe to a child process
/// (a language server, a debug adapter) is a failure like any other.
#[derive(Debug)]
struct StdoutClosed;

impl std::fmt::Display for StdoutClosed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("standard output was closed")
    }
}

impl std::error::Error for StdoutClosed {}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return failure::usage(&err),
    };
    if let Some(dir) = &cli.index_dir {
        plumb_store::location::choose_index_dir(dir);
    }
    render::set_color(!cli.json && cli.color.enabled());
    match run(&cli) {
        Ok(Outcome::Results) => ExitCode::SUCCESS,
        Ok(Outcome::NoResult) => ExitCode::from(1),
        Err(err) => {
            if err.chain().any(|cause| cause.is::<StdoutClosed>()) {
                return ExitCode::SUCCESS;
            }
            let code = if is_input_error(&err) {
                failure::Code::Input
            } else {
                failure::Code::Internal
            };
            failure::report(&err, code, cli.json)
        }
    }
}

/// Whether the failure is the user's to fix: bad input, a missing or
/// outdated index, a busy index, a bad root, a symbolic link plumb will
/// not write or read through.
fn is_input_error(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause.is::<InputError>()
            || matches!(
                cause.downcast_ref::<plumb_query::Error>(),
                Some(plumb_query::Error::Input(_) | plumb_query::Error::Argument { .. })
            )
            || matches!(
                cause.downcast_ref::<plumb_store::Error>(),
                Some(
                    plumb_store::Error::Missing(_)
                        | plumb_store::Error::SchemaMismatch { .. }
                        | plumb_store::Error::Locked(_)
                        | plumb_store::Error::SymbolicLink { .. }
                        | plumb_store::Error::NotWritable { .. }
                        | plumb_store::Error::Placement { .. }
                )
            )
            || matches!(
                cause.downcast_ref::<plumb_index::IndexError>(),
                Some(
                    plumb_index::IndexError::BadRoot { .. }
                        | plumb_index::IndexError::Store(
                            plumb_store::Error::Locked(_)
                                | plumb_store::Error::SymbolicLink { .. }
                                | plumb_store::Error::NotWritable { .. }
                                | plumb_store::Error::Placement { .. }
                        )
                )
            )
    })
}

fn run(cli: &Cli) -> anyhow::Result<Outcome> {
    match &cli.command {
        Command::Index(args) => {
            let root = args
                .path
                .clone()
                .or_else(|| cli.root.clone())
                .unwrap_or_else(|| PathBuf::from("."));
            let limits = args.limit_overrides().for_root(&root);
            index(&root, &limits, args.full, cli)
        }
        Command::Status => {
            let root = find_root(cli)?;
            let store = open(&root)?;
            let report = status::report(&root, &store)?;
            emit(cli, &report, status::Report::render)
        }
        Command::Symbol(args) => ask::<SymbolInfo>(cli, args.clone(), |_| ()),
        Command::Outline(args) => ask::<Outline>(cli, args.clone(), |_| ()),
        Command::Refs(l) => ask::<Refs>(cli, l.args.clone(), |a| l.filters.refine(a)),
        Command::Callers(l) => ask::<Callers>(cli, l.args.clone(), |a| l.filters.refine(a)),
        Command::Callees(l) => ask::<Callees>(cli, l.args.clone(), |a| l.filters.refine(a)),
        Command::Impls(l) => ask::<Impls>(cli, l.args.clone(), |a| l.filters.refine(a)),
        Command::Impact(l) => ask::<Impact>(cli, l.args.clone(), |a| l.filters.refine(a)),
        Command::Search(args) => ask::<Search>(cli, args.clone(), |_| ()),
        Command::Communities(args) => ask::<Communities>(cli, args.clone(), |_| ()),
        Command::Entrypoints(args) => ask::<Entrypoints>(cli, args.clone(), |_| ()),
        Command::Processes(args) => ask::<Processes>(cli, args.clone(), |_| ()),
        Command::Cochange(args) => ask::<Cochange>(cli, args.clone(), |_| ()),
        Command::Changes(args) => ask::<Changes>(cli, args.clone(), |_| ()),
        Command::Sql(args) => ask::<Sql>(cli, args.clone(), |_| ()),
        Command::Watch(args) => {
            let root = args
                .path
                .clone()
                .or_else(|| cli.root.clone())
                .unwrap_or_else(|| PathBuf::from("."));
            watch(&root, &args.limit_overrides().for_root(&root), cli.json)
        }
        Command::Serve(args) => serve::run(cli, args),
        Command::Ide(args) => ide::run(cli, args),
        Command::Completions { shell } => print(cli, &manual::completions(*shell)?),
        Command::Export(args) => {
            let root = find_root(cli)?;
            let written = export::scip(&root, &open(&root)?, &args.output)?;
            emit(cli, &written, export::Written::render)
        }
        Command::Doctor => {
            let report = doctor::report(serve::root(cli)?);
            emit(cli, &report, doctor::Report::render)
        }
        Command::Man { command } => print(cli, &manual::man_page(command.as_deref())?),
        Command::Check(args) => check::run(cli, args),
        Command::Debug(args) => debug::run(cli, args),
        Command::Grep(args) => structural::grep(cli, args),
        Command::Rewrite(args) => structural::rewrite(cli, args),
        Command::Apply(args) => structural::apply(cli, args),
        Command::Discard(args) => structural::discard(cli, args),
        Command::Staged => structural::staged(cli),
    }
}

fn index(root: &Path, limits: &Limits, full: bool, cli: &Cli) -> anyhow::Result<Outcome> {
    let bar = progress::Bar::new(!cli.quiet);
    let summary = plumb_index::index_with(root, limits, full, &bar)?;
    bar.finish();
    let summary = IndexSummary::of(&summary);
    let line = summary.line();
    if cli.quiet {
        return Ok(Outcome::Results);
    }
    if cli.json {
        write_stdout(&format!("{}\n", serde_json::to_string(&summary)?))?;
        eprintln!("{line}");
    } else {
        write_stdout(&format!("{line}\n"))?;
    }
    Ok(Outcome::Results)
}

/// Runs `plumb watch`: one summary line (or JSON object) per run, on
/// stdout, flushed at once so a reader sees each run as it ends.
fn watch(root: &Path, limits: &Limits, json: bool) -> anyhow::Result<Outcome> {
    plumb_index::watch::watch(root, limits, &mut |run| match run {
        Ok(summary) => {
            let summary = IndexSummary::of(&summary);
            let line = if json {
                serde_json::to_string(&summary).unwrap_or_default()
            } else {
                summary.line()
            };
            if write_stdout(&format!("{line}\n")).is_err() {
                std::process::exit(0);
            }
        }
        Err(err) => eprintln!("plumb: {err}"),
    })?;
    Ok(Outcome::Results)
}

/// The indexed root: `--root`, else the root the chosen index directory
/// records, else the nearest directory from the current one upwards that
/// holds an index.
fn find_root(cli: &Cli) -> anyhow::Result<PathBuf> {
    if let Some(root) = &cli.root {
        return std::fs::canonicalize(root).map_err(|e| {
            InputError(format!("cannot use {} as the root: {e}", root.display())).into()
        });
    }
    let cwd = std::env::current_dir().context("reading the current directory")?;
    if let Some(root) = plumb_store::location::indexed_root(&cwd) {
        return Ok(root);
    }
    let place = match plumb_store::location::chosen_index_dir() {
        Some(dir) => format!("in {}", dir.display()),
        None => format!("in {} or its parents", cwd.display()),
    };
    Err(InputError(format!("no index found {place} (run `plumb index` first)")).into())
}

fn open(root: &Path) -> anyhow::Result<Store> {
    Ok(Store::open_read_only(&Store::database_path(root))?)
}

/// Runs capability `C` on `args`, paths made root-relative, narrows its
/// answer with `refine` (the CLI's filters), and prints it: JSON, or the
/// shared rendering with the notes on stderr.
fn ask<C: Capability>(
    cli: &Cli,
    args: C::Args,
    refine: impl FnOnce(&mut Answer<Vec<C::Item>>),
) -> anyhow::Result<Outcome> {
    let root = find_root(cli)?;
    let args = args.rebased(&|path| relative_file(&root, path));
    let engine = Engine::new(open(&root)?).include_guesses(cli.guesses);
    let mut answer = C::run(&engine, &args)?;
    refine(&mut answer);
    emit(cli, &answer, |answer, out| {
        render::body(answer, out);
        for note in &answer.notes {
            eprintln!("note: {note}");
        }
    })?;
    Ok(if answer.results.is_empty() {
        Outcome::NoResult
    } else {
        Outcome::Results
    })
}

/// Prints `value`: one JSON object with `--json`, else its `human`
/// rendering; nothing with `-q`.
fn emit<T: Serialize>(
    cli: &Cli,
    value: &T,
    human: impl FnOnce(&T, &mut String),
) -> anyhow::Result<Outcome> {
    if cli.quiet {
        return Ok(Outcome::Results);
    }
    let mut out = String::new();
    if cli.json {
        out = serde_json::to_string(value)?;
        out.push('\n');
    } else {
        human(value, &mut out);
    }
    write_stdout(&out)?;
    Ok(Outcome::Results)
}

/// Prints a generated text (completions, man page): the same with
/// `--json`, which has no object to give for it.
fn print(cli: &Cli, text: &str) -> anyhow::Result<Outcome> {
    if !cli.quiet {
        write_stdout(text)?;
    }
    Ok(Outcome::Results)
}

fn write_stdout(text: &str) -> anyhow::Result<()> {
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(|err| match err.kind() {
            std::io::ErrorKind::BrokenPipe => anyhow::Error::new(StdoutClosed),
            _ => err.into(),
        })
}

/// A file argument as a root-relative path: an existing path (relative to
/// the current directory or absolute) inside the root is rewritten; anything
/// else is taken as already root-relative.
fn relative_file(root: &Path, file: &str) -> String {
    match std::fs::canonicalize(file) {
        Ok(absolute) if absolute.starts_with(root) => plumb_index::walk::relative(root, &absolute),
        _ => file.trim_start_matches("./").to_owned(),
    }
}
