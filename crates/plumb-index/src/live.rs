//! An index kept live in memory between runs, for `watch`: every indexed
//! file's facts and the linked tables over them stay loaded, so an edit
//! that keeps every changed file's interface (see [`crate::interface`]) is
//! applied by parsing and resolving just the changed files, with no walk,
//! no cached facts read and no link. Any other change (a file added,
//! removed or set aside, an interface changed, a manifest or ignore file
//! touched, the index written by another process) asks for a whole
//! incremental run ([`crate::index_live`]), which gives a new live index.
//!
//! What an edit writes is what [`crate::index`] would write for it, row
//! for row, except that the walk's start time stays that of the last whole
//! run: the edited files' times are newer, so a later run compares them by
//! content rather than trusting them.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use plumb_lang::Language;
use plumb_store::model::FileStatus;
use plumb_store::records::FileRecord;
use plumb_store::{INDEX_DIR, Store, WriteLock};

use crate::walk::is_index_dir;
use rayon::prelude::*;

use crate::facts::decode_apart;
use crate::parse::{FileOutcome, process};
use crate::pipeline::{
    Kept, Phases, RESOLVER_STACK_BYTES, file_entries, files_by_status, stamp_write,
    syntax_error_reason, write_entries, write_rows,
};
use crate::resolve::modules::Manifests;
use crate::resolve::{FileRows, LinkState, SourceFile};
use crate::walk::{Candidate, IGNORE_FILE, Limits, mtime_ns, relative};
use crate::{IndexError, Summary, cache, interface};

/// Names of the files besides sources that decide what a run indexes and
/// how: ignore files (read by the walk) and project manifests (read by
/// [`crate::manifest::read_manifests`]).
const SETTINGS_FILES: [&str; 5] = [".gitignore", ".ignore", IGNORE_FILE, "Cargo.toml", "go.mod"];

/// What a live index did with a batch of changed paths.
#[derive(Debug)]
pub enum Applied {
    /// None of the paths could change the index.
    Nothing,
    /// The changed files were indexed, as this run.
    Indexed(Summary),
    /// The change needs a whole run ([`crate::index_live`]): this live
    /// index no longer matches the tree.
    NeedsRun,
}

/// An index held in memory: see the module documentation.
pub struct LiveIndex {
    root: PathBuf,
    limits: Limits,
    manifests: Manifests,
    /// The files table as written, by id (from 1).
    records: Vec<FileRecord>,
    /// Index in `records` of each path.
    by_path: HashMap<String, usize>,
    /// Every indexed file, with no reference sites.
    sources: Vec<SourceFile>,
    /// Index in `sources` of each record that has one.
    source_of: Vec<Option<usize>>,
    /// The linked tables over `sources`; `None` only while they are used.
    link: Option<LinkState>,
    /// Bytes of every indexed file, for the walk's total bound.
    indexed_bytes: u64,
    /// The `write_id` the index was last written with by this live index.
    write_id: String,
    /// Threads with the stack resolution needs.
    pool: rayon::ThreadPool,
    /// The index, open for writing: its cache stays warm between edits,
    /// and its log is not folded back into the database at every close.
    store: Store,
}

/// One file parsed again, before anything is changed.
struct Reparsed {
    record: usize,
    /// Index in `sources`.
    indexed: usize,
    size: u64,
    mtime_ns: Option<i64>,
    hash: Option<String>,
    /// The new facts and what was set apart of them, encoded, or `None`
    /// when the content is as indexed.
    source: Option<(SourceFile, Vec<u8>)>,
}

impl LiveIndex {
    pub(crate) fn new(kept: Kept, limits: Limits) -> Result<Self, IndexError> {
        let by_path = kept
            .records
            .iter()
            .enumerate()
            .map(|(i, record)| (record.path.clone(), i))
            .collect();
        let mut source_of = vec![None; kept.records.len()];
        for (s, source) in kept.sources.iter().enumerate() {
            source_of[(source.file_id - 1) as usize] = Some(s);
        }
        let indexed_bytes = kept
            .records
            .iter()
            .filter(|r| r.status == FileStatus::Indexed)
            .map(|r| r.size)
            .sum();
        let pool = rayon::ThreadPoolBuilder::new()
            .thread_name(|i| format!("plumb-live-{i}"))
            .stack_size(RESOLVER_STACK_BYTES)
            .build()
            .map_err(|e| IndexError::Thread(std::io::Error::other(e)))?;
        let store = Store::open_for_write(&Store::database_path(&kept.root))?;
        // Each language's extraction query is compiled on first use (a
        // millisecond or two): now, rather than in the first edit of each
        // language. A query that fails to compile says so when a file is
        // extracted with it.
        let languages: std::collections::HashSet<Language> =
            kept.sources.iter().map(|s| s.language).collect();
        languages.par_iter().for_each(|language| {
            let _ = language.patterns();
        });
        Ok(LiveIndex {
            root: kept.root,
            limits,
            manifests: kept.manifests,
            records: kept.records,
            by_path,
            sources: kept.sources,
            source_of,
            link: Some(kept.link),
            indexed_bytes,
            write_id: kept.write_id,
            pool,
            store,
        })
    }

    /// Applies a batch of changed `paths` (absolute, as file-system events
    /// name them). On an error the index on disk is as before, but this
    /// live index may no longer match it: drop it and run again.
    pub fn apply(&mut self, paths: &[PathBuf]) -> Result<Applied, IndexError> {
        let started = Instant::now();
        let mut phases = Phases::start();
        let mut changed: Vec<(usize, usize)> = Vec::new();
        for path in paths {
            match self.classify(path) {
                Change::Irrelevant => {}
                Change::File { record, indexed } => {
                    if !changed.contains(&(record, indexed)) {
                        changed.push((record, indexed));
                    }
                }
                Change::Other => return Ok(Applied::NeedsRun),
            }
        }
        if changed.is_empty() {
            return Ok(Applied::Nothing);
        }
        let Some(reparsed) = self.reparse(&changed) else {
            return Ok(Applied::NeedsRun);
        };
        let Some(link) = self.link.take() else {
            return Ok(Applied::NeedsRun);
        };
        phases.end("parse");

        // Nothing is changed above this line; from here on the live index
        // follows the edit.
        let mut resolved = Vec::new();
        let mut aparts = Vec::new();
        let mut new_facts = Vec::new();
        for file in reparsed {
            let record = &mut self.records[file.record];
            self.indexed_bytes = self.indexed_bytes - record.size + file.size;
            record.size = file.size;
            record.mtime_ns = file.mtime_ns;
            if let Some((source, encoded)) = file.source {
                record.hash = file.hash;
                record.syntax_errors = source.facts.syntax_errors;
                record.reason = syntax_error_reason(source.facts.syntax_errors);
                let s = file.indexed;
                aparts.push(decode_apart(&encoded));
                new_facts.push((s, cache::encode(&source.facts), encoded));
                self.sources[s] = source;
                resolved.push(s);
            }
        }
        let mut linked = link.attach(&self.sources);
        for &s in &resolved {
            linked.refresh_file(s, &self.manifests);
        }
        let sources = &self.sources;
        let rows: Vec<(i64, FileRows)> = self.pool.install(|| {
            resolved
                .par_iter()
                .zip(aparts)
                .map(|(&s, apart)| (sources[s].file_id, linked.file_rows(s, apart)))
                .collect()
        });
        self.link = Some(linked.detach());
        phases.end("resolve");

        let records: Vec<usize> = changed.iter().map(|&(record, _)| record).collect();
        let summary = self.write(&records, &rows, &new_facts, started, phases)?;
        Ok(match summary {
            Some(summary) => Applied::Indexed(summary),
            None => Applied::NeedsRun,
        })
    }

    /// What a changed `path` means for the index.
    fn classify(&self, path: &Path) -> Change {
        let Ok(inside) = path.strip_prefix(&self.root) else {
            return Change::Irrelevant;
        };
        if inside.as_os_str().is_empty() {
            return Change::Other;
        }
        let rel = relative(&self.root, path);
        let metadata = std::fs::symlink_metadata(path);
        if let Some(&record) = self.by_path.get(&rel) {
            let is_file = metadata.as_ref().is_ok_and(|m| m.is_file());
            return match self.source_of[record] {
                Some(indexed) if is_file => Change::File { record, indexed },
                _ => Change::Other,
            };
        }
        let name = inside.file_name().map(|n| n.to_string_lossy());
        if name.is_some_and(|n| SETTINGS_FILES.contains(&n.as_ref())) {
            return Change::Other;
        }
        // The walk skips hidden files and directories (the index's own
        // among them), and an index directory chosen inside the tree.
        let hidden = inside
            .components()
            .any(|c| c.as_os_str().to_string_lossy().starts_with('.'));
        if hidden || inside.starts_with(INDEX_DIR) || is_index_dir(&self.root, path) {
            return Change::Irrelevant;
        }
        match metadata {
            // Gone: it mattered only if indexed paths were below it.
            Err(_) => {
                let below = format!("{rel}/");
                if self.by_path.keys().any(|p| p.starts_with(&below)) {
                    Change::Other
                } else {
                    Change::Irrelevant
                }
            }
            Ok(m) if m.is_file() && Language::from_path(path).is_none() => Change::Irrelevant,
            Ok(_) => Change::Other,
        }
    }

    /// Parses the `changed` files (record, index in `sources`) again.
    /// `None` when one of them no longer fits the fast path: gone, set
    /// aside now, over a bound, or with another interface.
    fn reparse(&self, changed: &[(usize, usize)]) -> Option<Vec<Reparsed>> {
        let mut added_bytes = 0i64;
        let mut candidates = Vec::with_capacity(changed.len());
        for &(record, s) in changed {
            let row = &self.records[record];
            let abs = self.root.join(&row.path);
            let metadata = std::fs::symlink_metadata(&abs).ok()?;
            if !metadata.is_file() || metadata.len() > self.limits.max_file_bytes {
                return None;
            }
            added_bytes += metadata.len() as i64 - row.size as i64;
            candidates.push((
                (record, s),
                Candidate {
                    rel: row.path.clone(),
                    abs,
                    language: self.sources[s].language,
                    size: metadata.len(),
                    mtime_ns: mtime_ns(&metadata),
                },
            ));
        }
        if self.indexed_bytes as i64 + added_bytes > self.limits.max_total_bytes as i64 {
            return None;
        }
        let timeout = self.limits.parse_timeout;
        let parsed: Vec<_> = candidates
            .par_iter()
            .map(|(record, candidate)| (*record, candidate, process(candidate, timeout)))
            .collect();
        let mut reparsed = Vec::with_capacity(parsed.len());
        for ((record, s), candidate, parsed) in parsed {
            let row = &self.records[record];
            let source = if parsed.hash.is_some() && parsed.hash == row.hash {
                None
            } else {
                let FileOutcome::Indexed(facts) = parsed.outcome else {
                    return None;
                };
                let (file, apart) =
                    SourceFile::new(row.id, row.path.clone(), candidate.language, *facts);
                let old = &self.sources[s].facts;
                if interface::interface_hash(old) != interface::interface_hash(&file.facts) {
                    return None;
                }
                Some((file, apart))
            };
            reparsed.push(Reparsed {
                record,
                indexed: s,
                size: candidate.size,
                mtime_ns: candidate.mtime_ns,
                hash: parsed.hash,
                source,
            });
        }
        Some(reparsed)
    }

    /// Writes the `changed` records, the `rows` of the files resolved and
    /// their `new_facts` (source index, encoded facts, encoded sites), in
    /// one transaction. `None`, with nothing written, when another process
    /// wrote the index since this live index last did.
    fn write(
        &mut self,
        changed: &[usize],
        rows: &[(i64, FileRows)],
        new_facts: &[(usize, Vec<u8>, Vec<u8>)],
        started: Instant,
        mut phases: Phases,
    ) -> Result<Option<Summary>, IndexError> {
        let _lock = WriteLock::acquire(&self.root)?;
        if self.store.meta("write_id")?.as_deref() != Some(self.write_id.as_str()) {
            return Ok(None);
        }
        let writer = self.store.update()?;
        for &record in changed {
            writer.file(&self.records[record])?;
        }
        for (s, facts, refs) in new_facts {
            let source = &self.sources[*s];
            let hash = self.records[(source.file_id - 1) as usize]
                .hash
                .as_deref()
                .unwrap_or_default();
            writer.facts(&source.rel, hash, facts, refs)?;
        }
        let mut rewritten_files = 0;
        for (file_id, file_rows) in rows {
            let old = writer.file_row_hash(*file_id)?;
            if write_rows(&writer, *file_id, file_rows, &file_rows.digest(), old)? {
                rewritten_files += 1;
            }
            let rel = &self.records[(*file_id - 1) as usize].path;
            let stored = writer.search_hash(*file_id)?;
            if let Some(entries) =
                file_entries(&self.root, rel, &file_rows.symbols, stored.as_deref())?
            {
                write_entries(&writer, *file_id, &entries)?;
            }
        }
        let totals = writer.row_totals()?;
        let write_id = stamp_write(&writer, started)?;
        writer.commit()?;
        self.write_id = write_id;
        phases.end("write");

        Ok(Some(Summary {
            files: files_by_status(self.records.iter().map(|r| r.status)),
            files_with_syntax_errors: self.records.iter().filter(|r| r.syntax_errors > 0).count(),
            symbols: totals.symbols as usize,
            occurrences: totals.occurrences as usize,
            resolved_occurrences: totals.resolved_occurrences as usize,
            reused_files: self.sources.len() - rows.len(),
            resolved_files: rows.len(),
            rewritten_files,
            elapsed: started.elapsed(),
            phases: phases.finish(),
            up_to_date: false,
        }))
    }
}

/// What one changed path means for a live index.
enum Change {
    /// Nothing a run would see: a hidden path, a file of no language, a
    /// path gone that held nothing indexed.
    Irrelevant,
    /// An indexed file: its record, and its index among the sources.
    File { record: usize, indexed: usize },
    /// Anything else: a whole run must look.
    Other,
}
