//! Structural search and staged rewrites as both surfaces report them: the
//! JSON objects `plumb grep`, `plumb rewrite`, `plumb apply`, `plumb
//! discard` and `plumb staged` print with `--json`, which the MCP tools
//! `ast_grep`, `ast_edit` and `resolve` return too, and the one apply path
//! (plumb-struct's staged change, written through plumb-edit, then the
//! index brought up to date by plumb-index's incremental run).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use schemars::JsonSchema;
use serde::Serialize;

use plumb_index::limits::LimitOverrides;
use plumb_lang::Language;
use plumb_query::answer::Completeness;
use plumb_struct::{Scope, StructError};

use crate::output::REINDEX;
use crate::summary::IndexSummary;

/// What `grep` was asked.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct GrepQuery {
    /// The pattern, as given.
    pub pattern: String,
    /// The language asked for (`--lang`), if one was.
    pub lang: Option<String>,
    /// The paths searched, relative to the root; empty for the whole root.
    pub paths: Vec<String>,
}

/// One structural match.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct GrepHit {
    /// Path relative to the root.
    pub file: String,
    /// First line (1-based).
    pub line: u32,
    /// Last line (1-based).
    pub end_line: u32,
    /// Column of the first byte (1-based, bytes).
    pub column: u32,
    /// The matched text.
    pub text: String,
    /// Each captured metavariable's text, by name (`X` for `$X`).
    pub captures: BTreeMap<String, String>,
}

/// `grep`'s answer: `{"query", "results", "completeness", "notes"}`.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct GrepAnswer {
    /// What was asked.
    pub query: GrepQuery,
    /// The matches, by file then position.
    pub results: Vec<GrepHit>,
    /// `lower_bound` when some file could not be searched.
    pub completeness: Completeness,
    /// What was searched and skipped, in words.
    pub notes: Vec<String>,
}

/// A file and how many sites a change rewrites in it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct FileSites {
    /// Path relative to the root.
    pub file: String,
    /// Sites rewritten.
    pub sites: usize,
}

/// `rewrite`'s answer: a staged change, not yet written.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct RewriteAnswer {
    /// The id to `apply` or `discard`; null when nothing matched.
    pub change_id: Option<String>,
    /// Sites rewritten.
    pub sites: usize,
    /// The files the change writes.
    pub files: Vec<FileSites>,
    /// The unified diff of the change.
    pub diff: String,
    /// What was searched and skipped, in words.
    pub notes: Vec<String>,
}

/// The answer of `apply` and `discard`.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct ResolveAnswer {
    /// The change.
    pub change_id: String,
    /// `apply` or `discard`.
    pub action: String,
    /// The files written (`apply`) or that would have been (`discard`).
    pub files: Vec<FileSites>,
    /// What happened to the index after an apply, in words.
    pub notes: Vec<String>,
}

/// One pending change in `staged`.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct StagedChange {
    /// The change id.
    pub change_id: String,
    /// When it was staged (seconds since the Unix epoch).
    pub created: u64,
    /// The pattern.
    pub pattern: String,
    /// The template.
    pub template: String,
    /// Sites rewritten.
    pub sites: usize,
    /// The files it writes.
    pub files: Vec<FileSites>,
}

/// `staged`'s answer.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct StagedAnswer {
    /// Pending changes, oldest first (a change expires a day after it was staged).
    pub changes: Vec<StagedChange>,
}

/// The language named `name`: a stable name (`python`, `typescript`) or a
/// file extension (`py`, `ts`).
pub fn language_named(name: &str) -> Result<Language, StructError> {
    Language::from_name(name)
        .or_else(|| Language::from_path(Path::new(&format!("x.{name}"))))
        .ok_or_else(|| {
            let known: Vec<&str> = Language::ALL.iter().map(|l| l.name()).collect();
            StructError::UnknownLanguage(name.to_owned(), known.join(", "))
        })
}

fn relative(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .to_string_lossy()
        .into_owned()
}

fn scope(lang: Option<&str>, paths: Vec<PathBuf>) -> Result<Scope, StructError> {
    Ok(Scope {
        language: lang.map(language_named).transpose()?,
        paths,
    })
}

/// Searches `root` (canonical) for `pattern`; `paths` are absolute and
/// inside the root (see `plumb_struct::confine_paths`).
pub fn grep(
    root: &Path,
    pattern: &str,
    lang: Option<&str>,
    paths: Vec<PathBuf>,
) -> Result<GrepAnswer, StructError> {
    let query = GrepQuery {
        pattern: pattern.to_owned(),
        lang: lang.map(str::to_owned),
        paths: paths.iter().map(|p| relative(root, p)).collect(),
    };
    let found = plumb_struct::search(root, pattern, None, &scope(lang, paths)?)?;
    let results = found
        .files
        .iter()
        .flat_map(|file| {
            file.matches.iter().map(|m| GrepHit {
                file: file.file.clone(),
                line: m.line,
                end_line: m.end_line,
                column: m.column,
                text: m.text.clone(),
                captures: m.captures.iter().cloned().collect(),
            })
        })
        .collect();
    Ok(GrepAnswer {
        query,
        results,
        completeness: if found.complete {
            Completeness::Exact
        } else {
            Completeness::LowerBound
        },
        notes: found.notes,
    })
}

/// Stages the rewrite of `pattern` into `template` under `root` (writing
/// only `.plumb/staged/`).
pub fn rewrite(
    root: &Path,
    pattern: &str,
    template: &str,
    lang: Option<&str>,
    paths: Vec<PathBuf>,
) -> Result<RewriteAnswer, StructError> {
    let recovered = plumb_struct::recover(root)?;
    let found = plumb_struct::search(root, pattern, Some(template), &scope(lang, paths)?)?;
    let mut notes: Vec<String> = recovered.into_iter().collect();
    notes.extend(found.notes.iter().cloned());
    if !found.complete {
        notes
            .push("some files were not searched: the change covers only the files read".to_owned());
    }
    if found.files.is_empty() {
        return Ok(RewriteAnswer {
            change_id: None,
            sites: 0,
            files: Vec::new(),
            diff: String::new(),
            notes,
        });
    }
    let staged = plumb_struct::stage(root, pattern, template, &found)?;
    Ok(RewriteAnswer {
        change_id: Some(staged.id.clone()),
        sites: staged.sites(),
        files: file_sites(&staged),
        diff: staged.diff,
        notes,
    })
}

fn file_sites(staged: &plumb_struct::Staged) -> Vec<FileSites> {
    staged
        .files
        .iter()
        .map(|f| FileSites {
            file: f.file.clone(),
            sites: f.sites,
        })
        .collect()
}

/// Writes the staged change `id` (all or nothing, through plumb-edit), then,
/// when `root` has an index, brings it up to date with plumb-index's
/// incremental run (only the written files are parsed again; the bounds
/// are the index's own, with `limits` laid over them).
pub fn apply(root: &Path, id: &str, limits: &LimitOverrides) -> Result<ResolveAnswer, StructError> {
    let (staged, applied) = plumb_struct::apply(root, id)?;
    let mut notes = Vec::new();
    if !applied.recovered.is_empty() {
        notes.push(plumb_struct::recovered_note(&applied.recovered));
    }
    if !applied.unchanged.is_empty() {
        notes.push(format!(
            "already as staged, left untouched: {}",
            applied.unchanged.join(", ")
        ));
    }
    notes.push(refresh_index(root, limits));
    Ok(ResolveAnswer {
        change_id: staged.id.clone(),
        action: "apply".to_owned(),
        files: file_sites(&staged),
        notes,
    })
}

/// Brings `root`'s index up to date after a write, in words: the run's
/// summary, that there is no index, or why the run failed (the files are
/// written either way).
fn refresh_index(root: &Path, limits: &LimitOverrides) -> String {
    if !plumb_store::Store::database_path(root).is_file() {
        return format!("no index here: nothing to update ({REINDEX} to build one)");
    }
    match plumb_index::index(root, &limits.for_root(root), &plumb_index::Silent) {
        Ok(summary) => format!("index updated: {}", IndexSummary::of(&summary).line()),
        Err(err) => format!("the files are written, but the index was not updated: {err}"),
    }
}

/// Drops the staged change `id`.
pub fn discard(root: &Path, id: &str) -> Result<ResolveAnswer, StructError> {
    let staged = plumb_struct::discard(root, id)?;
    Ok(ResolveAnswer {
        change_id: staged.id.clone(),
        action: "discard".to_owned(),
        files: file_sites(&staged),
        notes: Vec::new(),
    })
}

/// The pending changes of `root`.
pub fn staged(root: &Path) -> Result<StagedAnswer, StructError> {
    let changes = plumb_struct::list(root)?
        .into_iter()
        .map(|staged| StagedChange {
            files: file_sites(&staged),
            sites: staged.sites(),
            change_id: staged.id,
            created: staged.created,
            pattern: staged.pattern,
            template: staged.template,
        })
        .collect();
    Ok(StagedAnswer { changes })
}
