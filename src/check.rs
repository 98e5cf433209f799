//! `plumb check FILE...`: the current diagnostics of the files, from the
//! language servers that serve them (plumb-rpc's LSP registry: a server is
//! used when a marker of its language is at the root and its binary is
//! found), all of them rather than only new ones. Exit 1 when any is an
//! error; a file no server can check is said, on stderr or in the JSON,
//! and is not an error.

use std::path::{Path, PathBuf};

use clap::Args;
use serde::Serialize;

use plumb_rpc::lsp::{Diagnostic, Doc, Environment, Pool, Status};

use crate::cli::Cli;
use crate::{InputError, Outcome, emit, find_root};

/// Arguments of `plumb check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The files to check (relative to the current directory, or absolute),
    /// inside the root.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// What `plumb check --json` prints.
#[derive(Serialize)]
struct CheckOutput {
    /// `ok`, `unavailable` (no server could check some file: see `reason`)
    /// or `timeout` (a server did not publish in time).
    status: Status,
    /// The servers asked, comma-separated.
    server: Option<String>,
    /// Why a server was unavailable, timed out or restarted.
    reason: Option<String>,
    /// The files' diagnostics, each file's in the server's order.
    diagnostics: Vec<Diagnostic>,
    /// Diagnostics left out past the limit of one answer.
    omitted: usize,
    /// How many of `diagnostics` are errors.
    errors: usize,
}

/// Runs `plumb check`.
pub fn run(cli: &Cli, args: &CheckArgs) -> anyhow::Result<Outcome> {
    let root = match find_root(cli) {
        Ok(root) => root,
        Err(_) if cli.root.is_none() => std::env::current_dir()?,
        Err(err) => return Err(err),
    };
    let mut files = Vec::new();
    for file in &args.files {
        let relative = inside(&root, file)?;
        let text = std::fs::read_to_string(root.join(&relative))
            .map_err(|err| InputError(format!("cannot read {} as text: {err}", file.display())))?;
        files.push((relative, text));
    }
    let pool = Pool::new(&root, Environment::from_process());
    let docs: Vec<Doc> = files
        .iter()
        .map(|(path, text)| Doc { path, text })
        .collect();
    let outcome = pool.current(&docs);
    pool.stop_all();
    let errors = outcome
        .diagnostics
        .iter()
        .filter(|d| d.severity == plumb_rpc::lsp::Severity::Error)
        .count();
    let output = CheckOutput {
        status: outcome.status,
        server: outcome.server,
        reason: outcome.reason,
        diagnostics: outcome.diagnostics,
        omitted: outcome.omitted,
        errors,
    };
    emit(cli, &output, |output, out| {
        for diagnostic in &output.diagnostics {
            out.push_str(&diagnostic.line_text());
            out.push('\n');
        }
        if output.omitted > 0 {
            eprintln!("note: {} more diagnostics left out", output.omitted);
        }
        if let Some(reason) = &output.reason {
            eprintln!("note: {reason}");
        }
    })?;
    Ok(if errors > 0 {
        Outcome::NoResult
    } else {
        Outcome::Results
    })
}

/// `file` as a path relative to `root`, `/`-separated; an error (exit 2)
/// when it does not exist or lies outside the root.
fn inside(root: &Path, file: &Path) -> anyhow::Result<String> {
    let absolute = std::fs::canonicalize(file)
        .map_err(|err| InputError(format!("cannot check {}: {err}", file.display())))?;
    if !absolute.starts_with(root) || !absolute.is_file() {
        return Err(InputError(format!(
            "{} is not a file inside the root {}",
            file.display(),
            root.display()
        ))
        .into());
    }
    Ok(plumb_index::walk::relative(root, &absolute))
}
