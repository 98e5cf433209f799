//! The status report shared by `plumb status` and the MCP `status` tool:
//! coverage by reason, totals, and freshness against the working tree.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use schemars::JsonSchema;
use serde::Serialize;

use plumb_index::freshness::{Drift, drift};
use plumb_query::answer::{Completeness, Query, Symbol};
use plumb_store::Store;
use plumb_store::model::FileStatus;
use plumb_store::read::FileRow;

/// Most paths listed per freshness category. Chosen: enough to act on;
/// the counts are always complete.
const MAX_LISTED: usize = 50;

/// The status report, shaped like every answer.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Report {
    /// Always `{"kind": "status"}`.
    pub query: Query,
    /// Always empty.
    pub targets: Vec<Symbol>,
    /// The report itself.
    pub results: StatusResults,
    /// `exact` when every file was indexed and the tree is unchanged.
    pub completeness: Completeness,
    /// Remarks.
    pub notes: Vec<String>,
}

/// What is indexed.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct StatusResults {
    /// The indexed root.
    pub root: String,
    /// When, in seconds since the epoch.
    pub indexed_at: Option<u64>,
    /// How long indexing took, in milliseconds.
    pub duration_ms: Option<u64>,
    /// The git commit checked out when indexing, if any.
    pub git_commit: Option<String>,
    /// The git commit checked out now, if any.
    pub current_git_commit: Option<String>,
    /// Files by status (every status listed, zero included).
    pub files: BTreeMap<&'static str, usize>,
    /// Indexed files by language.
    pub languages: BTreeMap<String, usize>,
    /// Per language: files, symbols, occurrences, and the share of call
    /// sites resolved beyond the name alone.
    pub by_language: Vec<LanguageSummary>,
    /// Indexed files that had syntax errors.
    pub files_with_syntax_errors: usize,
    /// Every file not indexed, with why.
    pub skipped: Vec<SkippedFile>,
    /// Symbols.
    pub symbols: u64,
    /// Occurrences.
    pub occurrences: u64,
    /// Occurrences with at least one target.
    pub resolved_occurrences: u64,
    /// Resolution candidates by method.
    pub resolutions: BTreeMap<&'static str, u64>,
    /// Whether the index matches the tree.
    pub freshness: Freshness,
    /// The embedding model `search` ranks by meaning with (compiled into
    /// this build, offline), and the one the index's vectors were made by.
    pub search_model: SearchModel,
}

/// The embedding model of `search`.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct SearchModel {
    /// The model this build embeds queries with.
    pub name: &'static str,
    /// The model the index's vectors were made by, if recorded.
    pub indexed_with: Option<String>,
    /// Dimensions of a vector.
    pub dimensions: usize,
}

/// What the index holds for one language.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct LanguageSummary {
    /// The language.
    pub language: String,
    /// Indexed files.
    pub files: u64,
    /// Symbols defined.
    pub symbols: u64,
    /// Reference sites.
    pub occurrences: u64,
    /// Call and instantiation sites.
    pub calls: u64,
    /// Those resolved by scope, import, receiver or inheritance.
    pub calls_resolved: u64,
    /// `calls_resolved / calls` (0 without calls).
    pub calls_resolved_share: f64,
}

/// One file not indexed.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct SkippedFile {
    /// Root-relative path.
    pub path: String,
    /// Its status.
    pub status: &'static str,
    /// Why.
    pub reason: Option<String>,
}

/// How the tree drifted from the index.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Freshness {
    /// `fresh` or `stale`.
    pub state: &'static str,
    /// Files differing, in all.
    pub changed_files: usize,
    /// Source files added since (first few).
    pub added: Vec<String>,
    /// Indexed files removed since (first few).
    pub removed: Vec<String>,
    /// Indexed files modified since (first few).
    pub modified: Vec<String>,
}

impl Report {
    /// The report as text, one fact per line (skipped files indented):
    /// `plumb status`'s output and the body of the `status` tool's text.
    pub fn render(&self, out: &mut String) {
        let r = &self.results;
        let _ = writeln!(out, "root: {}", r.root);
        let _ = writeln!(
            out,
            "search model: {} ({} dimensions, offline; index made with {})",
            r.search_model.name,
            r.search_model.dimensions,
            r.search_model
                .indexed_with
                .as_deref()
                .unwrap_or("no vectors")
        );
        if let Some(commit) = &r.git_commit {
            let _ = writeln!(out, "git commit: {commit}");
        }
        let _ = writeln!(
            out,
            "symbols: {}  occurrences: {}  resolved: {}",
            r.symbols, r.occurrences, r.resolved_occurrences
        );
        let _ = writeln!(out, "resolutions: {}", listed(&r.resolutions));
        let _ = writeln!(out, "languages: {}", listed(&r.languages));
        for l in &r.by_language {
            let _ = writeln!(
                out,
                "  {}: {} files, {} symbols, {} occurrences, {:.0}% of {} calls resolved beyond the name",
                l.language,
                l.files,
                l.symbols,
                l.occurrences,
                l.calls_resolved_share * 100.0,
                l.calls
            );
        }
        let files: BTreeMap<&str, usize> = r
            .files
            .iter()
            .filter(|(_, n)| **n > 0)
            .map(|(s, n)| (*s, *n))
            .collect();
        let _ = writeln!(
            out,
            "files: {}  (with syntax errors: {})",
            listed(&files),
            r.files_with_syntax_errors
        );
        for skipped in &r.skipped {
            let _ = writeln!(
                out,
                "  {}  {}: {}",
                skipped.path,
                skipped.status,
                skipped.reason.as_deref().unwrap_or("")
            );
        }
        let f = &r.freshness;
        let _ = writeln!(
            out,
            "freshness: {} ({} files changed since indexing)",
            f.state, f.changed_files
        );
    }
}

/// `key n, key n` in key order.
fn listed<K: std::fmt::Display, V: std::fmt::Display>(counts: &BTreeMap<K, V>) -> String {
    counts
        .iter()
        .map(|(key, n)| format!("{key} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn first(paths: &[String]) -> Vec<String> {
    paths.iter().take(MAX_LISTED).cloned().collect()
}

/// Builds the report for the index at `root`.
pub fn report(root: &Path, store: &Store) -> plumb_store::Result<Report> {
    let files = store.files()?;
    let drifted = drift(root, &files, &plumb_index::limits::recorded(store)?);
    report_with(root, store, &files, &drifted)
}

/// Builds the report from already read `files` and their `drifted` state.
pub fn report_with(
    root: &Path,
    store: &Store,
    files: &[FileRow],
    drifted: &Drift,
) -> plumb_store::Result<Report> {
    let mut by_status: BTreeMap<&'static str, usize> =
        FileStatus::ALL.iter().map(|s| (s.as_str(), 0)).collect();
    let mut languages: BTreeMap<String, usize> = BTreeMap::new();
    let mut skipped = Vec::new();
    let mut syntax = 0;
    for file in files {
        *by_status.entry(file.status.as_str()).or_default() += 1;
        if file.status == FileStatus::Indexed {
            *languages
                .entry(file.language.clone().unwrap_or_default())
                .or_default() += 1;
            if file.syntax_errors > 0 {
                syntax += 1;
            }
        } else {
            skipped.push(SkippedFile {
                path: file.path.clone(),
                status: file.status.as_str(),
                reason: file.reason.clone(),
            });
        }
    }
    let totals = store.totals()?;
    let meta_number = |key: &str| -> plumb_store::Result<Option<u64>> {
        Ok(store.meta(key)?.and_then(|v| v.parse().ok()))
    };
    let mut notes = Vec::new();
    if !skipped.is_empty() {
        notes.push(format!(
            "{} files were not indexed; see \"skipped\"",
            skipped.len()
        ));
    }
    if !drifted.is_empty() {
        notes.push(format!(
            "{} files changed since indexing: re-index (`index`)",
            drifted.len()
        ));
    }
    let completeness = if skipped.is_empty() && drifted.is_empty() {
        Completeness::Exact
    } else {
        Completeness::LowerBound
    };
    Ok(Report {
        query: Query::Status,
        targets: Vec::new(),
        results: StatusResults {
            root: root.to_string_lossy().into_owned(),
            indexed_at: meta_number("indexed_at")?,
            duration_ms: meta_number("duration_ms")?,
            git_commit: store.meta("git_commit")?,
            current_git_commit: plumb_index::git_head(root),
            files: by_status,
            languages,
            by_language: store
                .language_stats()?
                .into_iter()
                .map(|l| LanguageSummary {
                    calls_resolved_share: if l.calls == 0 {
                        0.0
                    } else {
                        l.calls_resolved as f64 / l.calls as f64
                    },
                    language: l.language,
                    files: l.files,
                    symbols: l.symbols,
                    occurrences: l.occurrences,
                    calls: l.calls,
                    calls_resolved: l.calls_resolved,
                })
                .collect(),
            files_with_syntax_errors: syntax,
            skipped,
            symbols: totals.symbols,
            occurrences: totals.occurrences,
            resolved_occurrences: totals.resolved_occurrences,
            resolutions: totals
                .by_method
                .iter()
                .map(|(m, n)| (m.as_str(), *n))
                .collect(),
            freshness: Freshness {
                state: if drifted.is_empty() { "fresh" } else { "stale" },
                changed_files: drifted.len(),
                added: first(&drifted.added),
                removed: first(&drifted.removed),
                modified: first(&drifted.changed),
            },
            search_model: SearchModel {
                name: plumb_embed::MODEL_NAME,
                indexed_with: store.meta("search_model")?,
                dimensions: plumb_embed::DIMENSIONS,
            },
        },
        completeness,
        notes,
    })
}
