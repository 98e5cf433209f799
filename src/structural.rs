//! `plumb grep`, `rewrite`, `apply`, `discard` and `staged`: structural
//! search and staged rewrites (plumb-struct), printed as the JSON objects
//! of `plumb_mcp::structural` or as text. These commands need no index;
//! `apply` brings an existing one up to date for the files it wrote.

use std::path::{Path, PathBuf};

use clap::Args;

use plumb_index::limits::LimitOverrides;
use plumb_mcp::structural::{self, GrepAnswer, ResolveAnswer, RewriteAnswer, StagedAnswer};
use plumb_query::answer::Completeness;
use plumb_struct::StructError;

use crate::cli::Cli;
use crate::{InputError, Outcome, emit};

/// Options of `plumb grep`.
#[derive(Args, Debug)]
pub struct GrepArgs {
    /// Code in the target language with metavariables: `$X` (one node),
    /// `$$$ARGS` (zero or more), `$_` (any node, not captured).
    pub pattern: String,
    /// Files and directories to search (default: the whole root).
    pub paths: Vec<PathBuf>,
    /// Read the pattern as this language and search only its files
    /// (default: each file's language, from its extension).
    #[arg(long, value_name = "LANG")]
    pub lang: Option<String>,
}

/// Options of `plumb rewrite`.
#[derive(Args, Debug)]
pub struct RewriteArgs {
    /// The pattern, as for `plumb grep`.
    pub pattern: String,
    /// What each match becomes; it may use the pattern's metavariables.
    #[arg(long = "to", value_name = "TEMPLATE")]
    pub template: String,
    /// Files and directories to rewrite (default: the whole root).
    pub paths: Vec<PathBuf>,
    /// Read the pattern as this language and rewrite only its files.
    #[arg(long, value_name = "LANG")]
    pub lang: Option<String>,
}

/// The change `plumb apply` or `plumb discard` acts on.
#[derive(Args, Debug)]
pub struct ChangeArgs {
    /// The change id `plumb rewrite` printed.
    pub change_id: String,
}

/// The root these commands work in: `--root`, else the root a chosen
/// index directory records, else the nearest directory upwards with a
/// `.plumb/` directory, else the current directory.
fn root(cli: &Cli) -> anyhow::Result<PathBuf> {
    let start = match &cli.root {
        Some(root) => root.clone(),
        None => {
            let cwd = std::env::current_dir()?;
            if plumb_store::location::chosen_index_dir().is_some() {
                plumb_store::location::indexed_root(&cwd).unwrap_or(cwd)
            } else {
                let with_index_dir = cwd
                    .ancestors()
                    .find(|dir| plumb_store::index_dir(dir).is_dir());
                with_index_dir.unwrap_or(&cwd).to_owned()
            }
        }
    };
    std::fs::canonicalize(&start)
        .map_err(|e| InputError(format!("cannot use {} as the root: {e}", start.display())).into())
}

/// A plumb-struct error as the CLI reports it: input errors exit 2.
fn reported(err: StructError) -> anyhow::Error {
    if err.is_input() {
        InputError(err.to_string()).into()
    } else {
        err.into()
    }
}

fn confined(root: &Path, paths: &[PathBuf]) -> anyhow::Result<Vec<PathBuf>> {
    let cwd = std::env::current_dir()?;
    plumb_struct::confine_paths(root, &cwd, paths).map_err(reported)
}

fn print_notes(notes: &[String]) {
    for note in notes {
        eprintln!("note: {note}");
    }
}

/// Runs `plumb grep`.
pub fn grep(cli: &Cli, args: &GrepArgs) -> anyhow::Result<Outcome> {
    let root = root(cli)?;
    let paths = confined(&root, &args.paths)?;
    let answer =
        structural::grep(&root, &args.pattern, args.lang.as_deref(), paths).map_err(reported)?;
    emit(cli, &answer, render_grep)?;
    Ok(if answer.results.is_empty() {
        Outcome::NoResult
    } else {
        Outcome::Results
    })
}

fn render_grep(answer: &GrepAnswer, out: &mut String) {
    for hit in &answer.results {
        let first = hit.text.lines().next().unwrap_or_default();
        let more = if hit.end_line > hit.line {
            format!(" … (to line {})", hit.end_line)
        } else {
            String::new()
        };
        out.push_str(&format!(
            "{}:{}:{}: {first}{more}\n",
            hit.file, hit.line, hit.column
        ));
        for (name, text) in &hit.captures {
            out.push_str(&format!("    ${name} = {text}\n"));
        }
    }
    if answer.completeness == Completeness::LowerBound {
        eprintln!("note: some files were not searched: there may be more matches");
    }
    print_notes(&answer.notes);
}

/// Runs `plumb rewrite`: stages the change, writes no source file.
pub fn rewrite(cli: &Cli, args: &RewriteArgs) -> anyhow::Result<Outcome> {
    let root = root(cli)?;
    let paths = confined(&root, &args.paths)?;
    let answer = structural::rewrite(
        &root,
        &args.pattern,
        &args.template,
        args.lang.as_deref(),
        paths,
    )
    .map_err(reported)?;
    emit(cli, &answer, render_rewrite)?;
    Ok(if answer.change_id.is_some() {
        Outcome::Results
    } else {
        Outcome::NoResult
    })
}

fn render_rewrite(answer: &RewriteAnswer, out: &mut String) {
    out.push_str(&answer.diff);
    match &answer.change_id {
        Some(id) => out.push_str(&format!(
            "staged change {id}: {} site(s) in {} file(s); `plumb apply {id}` writes it, `plumb discard {id}` drops it\n",
            answer.sites,
            answer.files.len()
        )),
        None => out.push_str("nothing matched: no change staged\n"),
    }
    print_notes(&answer.notes);
}

/// Runs `plumb apply`: writes the staged change all or nothing, then
/// updates the index (if there is one) for the files written.
pub fn apply(cli: &Cli, args: &ChangeArgs) -> anyhow::Result<Outcome> {
    let root = root(cli)?;
    let answer =
        structural::apply(&root, &args.change_id, &LimitOverrides::default()).map_err(reported)?;
    emit(cli, &answer, render_resolve)
}

/// Runs `plumb discard`.
pub fn discard(cli: &Cli, args: &ChangeArgs) -> anyhow::Result<Outcome> {
    let root = root(cli)?;
    let answer = structural::discard(&root, &args.change_id).map_err(reported)?;
    emit(cli, &answer, render_resolve)
}

fn render_resolve(answer: &ResolveAnswer, out: &mut String) {
    let verb = if answer.action == "apply" {
        "applied"
    } else {
        "discarded"
    };
    out.push_str(&format!(
        "{verb} change {}: {} file(s)\n",
        answer.change_id,
        answer.files.len()
    ));
    for file in &answer.files {
        out.push_str(&format!("    {} ({} site(s))\n", file.file, file.sites));
    }
    print_notes(&answer.notes);
}

/// Runs `plumb staged`.
pub fn staged(cli: &Cli) -> anyhow::Result<Outcome> {
    let root = root(cli)?;
    let answer = structural::staged(&root).map_err(reported)?;
    emit(cli, &answer, render_staged)?;
    Ok(if answer.changes.is_empty() {
        Outcome::NoResult
    } else {
        Outcome::Results
    })
}

fn render_staged(answer: &StagedAnswer, out: &mut String) {
    if answer.changes.is_empty() {
        out.push_str("no staged changes\n");
    }
    for change in &answer.changes {
        out.push_str(&format!(
            "{}  {} site(s) in {} file(s)  `{}` -> `{}`\n",
            change.change_id,
            change.sites,
            change.files.len(),
            change.pattern,
            change.template
        ));
    }
}
