//! The collect phase: the parse phase's files turned into the rows of the
//! files table and the sources resolution reads, and which of them are
//! new to the facts cache or edited since the previous run.

use std::collections::{HashMap, HashSet};

use plumb_store::model::FileStatus;
use plumb_store::records::FileRecord;

use super::reuse::Parsed;
use crate::aside::AsideAt;
use crate::cache::FactsCache;
use crate::interface;
use crate::parse::FileOutcome;
use crate::resolve::SourceFile;
use crate::walk::WalkOutcome;

/// The files of a run, as written and as resolved.
pub(super) struct Collected {
    /// The files table: every candidate, then every path the walk set
    /// aside; a file's id is its place here, from 1.
    pub(super) records: Vec<FileRecord>,
    /// Every indexed file.
    pub(super) sources: Vec<SourceFile>,
    /// Where each source's set-apart parts are, by index in `sources`.
    pub(super) aside_at: Vec<AsideAt>,
    /// Indexed files that had syntax errors.
    pub(super) syntax_error_files: usize,
    /// Files whose facts came from the cache.
    pub(super) reused_files: usize,
    /// The files parsed, by index in `sources`, with their content hash:
    /// their facts go to the cache; reused files keep what it holds.
    pub(super) new_facts: Vec<(usize, String)>,
    /// Paths of the reused files.
    pub(super) cached_paths: HashSet<String>,
    /// The files parsed again, by index in `sources`, while every one of
    /// them keeps its interface; `None` once one does not (or a file
    /// starts or stops being indexed): then every file is resolved again.
    pub(super) edited: Option<Vec<usize>>,
}

/// The files of the walk, `walked`, whose candidates were `parsed` in
/// order, compared with what the `cache` held of them.
pub(super) fn collect(walked: WalkOutcome, parsed: Vec<Parsed>, cache: &FactsCache) -> Collected {
    let reused_files = parsed.iter().filter(|parsed| parsed.reused).count();
    let mut records = Vec::with_capacity(walked.candidates.len() + walked.skipped.len());
    let mut sources = Vec::new();
    let mut aside_at = Vec::new();
    let mut syntax_error_files = 0;
    let mut new_facts = Vec::new();
    let mut cached_paths = HashSet::new();
    let mut edited = Some(Vec::new());
    for (candidate, parsed) in walked.candidates.iter().zip(parsed) {
        let id = records.len() as i64 + 1;
        let mut record = FileRecord {
            id,
            path: candidate.rel.clone(),
            language: Some(candidate.language.name()),
            hash: parsed.file.hash,
            size: candidate.size,
            mtime_ns: candidate.mtime_ns,
            status: FileStatus::Indexed,
            reason: None,
            syntax_errors: 0,
        };
        match parsed.file.outcome {
            FileOutcome::Indexed(facts) => {
                record.syntax_errors = facts.syntax_errors;
                record.reason = syntax_error_reason(facts.syntax_errors);
                if facts.syntax_errors > 0 {
                    syntax_error_files += 1;
                }
                let source = SourceFile {
                    file_id: id,
                    rel: candidate.rel.clone(),
                    language: candidate.language,
                    // Cached facts were decoded with nothing else around.
                    facts: if parsed.reused {
                        *facts
                    } else {
                        facts.compact()
                    },
                };
                if parsed.reused {
                    cached_paths.insert(candidate.rel.clone());
                } else {
                    edited = edited.filter(|_| {
                        cache.previous(&candidate.rel).is_some_and(|previous| {
                            interface::interface_hash(&previous)
                                == interface::interface_hash(&source.facts)
                        })
                    });
                    if let Some(edited) = &mut edited {
                        edited.push(sources.len());
                    }
                    if let Some(hash) = &record.hash {
                        new_facts.push((sources.len(), hash.clone()));
                    }
                }
                sources.push(source);
                aside_at.push(parsed.aside_at);
            }
            FileOutcome::Skipped(status, reason) => {
                edited = edited.filter(|_| !cache.holds(&candidate.rel));
                record.status = status;
                record.reason = Some(reason);
            }
        }
        records.push(record);
    }
    for skipped in walked.skipped {
        edited = edited.filter(|_| !cache.holds(&skipped.rel));
        records.push(FileRecord {
            id: records.len() as i64 + 1,
            path: skipped.rel,
            language: skipped.language.map(|l| l.name()),
            hash: None,
            size: skipped.size,
            mtime_ns: None,
            status: skipped.status,
            reason: Some(skipped.reason),
            syntax_errors: 0,
        });
    }
    Collected {
        records,
        sources,
        aside_at,
        syntax_error_files,
        reused_files,
        new_facts,
        cached_paths,
        edited,
    }
}

/// Why a file indexed with `syntax_errors` is marked so, if it has any.
pub(crate) fn syntax_error_reason(syntax_errors: u32) -> Option<String> {
    (syntax_errors > 0)
        .then(|| format!("{syntax_errors} syntax errors, indexed with error recovery"))
}

/// How many files have each of `statuses` (one per file), by status.
pub(crate) fn files_by_status(
    statuses: impl IntoIterator<Item = FileStatus>,
) -> Vec<(FileStatus, usize)> {
    let mut by_status: HashMap<FileStatus, usize> = HashMap::new();
    for status in statuses {
        *by_status.entry(status).or_default() += 1;
    }
    let mut files: Vec<(FileStatus, usize)> = by_status.into_iter().collect();
    files.sort();
    files
}
