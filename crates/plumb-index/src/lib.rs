//! plumb-index turns a directory into plumb's code graph, one direction:
//! [`walk`] (bounded, ignore-aware) → [`parse`] (tree-sitter, timeout,
//! panic quarantine) → [`extract`] (query-driven facts) → [`resolve`]
//! (scopes, imports, receiver types, name-only) → the store, written in one
//! transaction.
//!
//! It knows languages only through `plumb-lang` and SQL only through
//! `plumb-store`'s typed writer. Nothing here reads the index back.

pub mod aside;
pub mod cache;
pub mod extract;
pub mod facts;
pub mod freshness;
pub mod interface;
pub mod live;
pub mod manifest;
pub mod parse;
pub mod resolve;
pub mod typetext;
pub mod walk;
pub mod watch;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use plumb_store::model::FileStatus;
use plumb_store::records::FileRecord;
use plumb_store::{INDEX_DIR, RowCounts, Store, WriteLock};
use rayon::prelude::*;

use aside::{AsideAt, SetAside};
use cache::FactsCache;
use facts::{Apart, decode_apart};
use live::LiveIndex;
use parse::{FileOutcome, ParsedFile};
use plumb_store::GraphWriter;
use resolve::modules::Manifests;
use resolve::{FileRows, LinkState, SourceFile};
use walk::Limits;

pub use manifest::read_manifests;

/// Stack of the resolver thread. Chosen: 256 MiB of address space (only
/// touched pages are committed), far beyond any chain the bounds allow.
const RESOLVER_STACK_BYTES: usize = 256 * 1024 * 1024;

/// Files resolved together, in parallel, before their rows go to the
/// writer. Chosen: large enough that a batch keeps both cores busy, small
/// enough that its rows stay a few megabytes.
const FILES_PER_BATCH: usize = 64;

/// Most bytes of set-apart parts ([`AsideAt::bytes`]) a batch resolves
/// together: a batch's rows grow with its reference sites. Chosen from the
/// Linux kernel's 64-file batches (measured on its facts cache): 0.8 MB of
/// set-apart parts at the median, 3.8 MB at the 99th percentile, 21 MB in
/// the heaviest (a run of generated register headers). This splits the
/// few heaviest and keeps every other batch whole.
const BATCH_APART_BYTES: u64 = 4 * 1024 * 1024;

/// Resolved batches waiting for the writer. Chosen: two lets resolution
/// run ahead of a slow write without holding more rows.
const BATCHES_IN_FLIGHT: usize = 2;

/// Failures that stop an indexing run. Per-file problems never do: they
/// become file statuses.
#[derive(Debug, thiserror::Error)]
pub enum IndexError {
    /// The root is not a readable directory.
    #[error("{path} is not a directory that can be indexed: {reason}")]
    BadRoot {
        /// The path given.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// The index directory could not be created.
    #[error("cannot create {path}: {source}")]
    IndexDir {
        /// The directory.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The store failed.
    #[error(transparent)]
    Store(#[from] plumb_store::Error),
    /// The resolver thread could not be started.
    #[error("cannot start the resolver thread: {0}")]
    Thread(std::io::Error),
    /// The temporary file holding what was set apart of each file's facts
    /// until the file is resolved could not be made, written or read.
    #[error("cannot keep reference sites in a temporary file under .plumb/: {0}")]
    SetAside(std::io::Error),
    /// Watching the tree for changes failed.
    #[error("cannot watch the tree for changes: {0}")]
    Watch(String),
}

/// Receives progress of a run. Called from worker threads.
pub trait Progress: Sync {
    /// The walk found `files` candidates.
    fn walked(&self, files: usize);
    /// One more candidate was parsed and extracted.
    fn parsed_one(&self);
    /// A later phase began (`resolving`, `writing`).
    fn phase(&self, name: &'static str);
}

/// A [`Progress`] that reports nothing.
pub struct Silent;

impl Progress for Silent {
    fn walked(&self, _: usize) {}
    fn parsed_one(&self) {}
    fn phase(&self, _: &'static str) {}
}

/// What a run did.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Files by status.
    pub files: Vec<(FileStatus, usize)>,
    /// Indexed files that had syntax errors (indexed with error recovery).
    pub files_with_syntax_errors: usize,
    /// Symbols written.
    pub symbols: usize,
    /// Occurrences written.
    pub occurrences: usize,
    /// Occurrences with at least one target.
    pub resolved_occurrences: usize,
    /// Files whose facts came from the cache instead of being parsed again.
    pub reused_files: usize,
    /// Files whose references were resolved: every indexed file, unless
    /// the only files that changed kept their interfaces (see
    /// [`interface`]); then only those.
    pub resolved_files: usize,
    /// Files whose rows were written: every file in a full write; in an
    /// update, those whose rows changed.
    pub rewritten_files: usize,
    /// Wall time of the run.
    pub elapsed: Duration,
    /// Wall time of each phase that ran, in order: `walk`; `parse` (parse
    /// and extract, or take cached facts); `collect` (file rows, facts
    /// encoded for the cache); `open` (the store opened for writing, file
    /// rows and new cached facts written); `link` (resolution's
    /// whole-graph passes); `resolve+write` (files resolved in parallel
    /// while their rows are written); `commit` (meta, the commit).
    pub phases: Vec<(&'static str, Duration)>,
    /// Whether the index already matched the tree, so nothing was written.
    pub up_to_date: bool,
}

impl Summary {
    /// Number of files with `status`.
    pub fn count(&self, status: FileStatus) -> usize {
        self.files
            .iter()
            .find(|(s, _)| *s == status)
            .map_or(0, |(_, n)| *n)
    }
}

/// Indexes the tree at `root` into `root/.plumb/`, replacing any previous
/// index atomically. When the index already matches the tree (same files,
/// sizes and modification times, same limits and project manifests, same plumb), nothing is
/// parsed or written; otherwise files unchanged since the last run keep
/// their cached facts (see [`cache`]) and only the others are parsed, and
/// the whole graph is resolved again and written. One process at a time
/// may index a root: a second one
/// fails at once with [`plumb_store::Error::Locked`].
pub fn index(root: &Path, limits: &Limits, progress: &dyn Progress) -> Result<Summary, IndexError> {
    index_with(root, limits, false, progress)
}

/// [`index`], and with `full` every file is parsed again: neither the
/// up-to-date check nor the facts cache is used.
pub fn index_with(
    root: &Path,
    limits: &Limits,
    full: bool,
    progress: &dyn Progress,
) -> Result<Summary, IndexError> {
    run(root, limits, full, false, progress).map(|(summary, _)| summary)
}

/// [`index`], keeping in memory what the run linked, for a [`LiveIndex`]
/// to apply later edits without linking again. The index is written even
/// when it already matched the tree, since a run that writes nothing
/// links nothing.
pub fn index_live(
    root: &Path,
    limits: &Limits,
    progress: &dyn Progress,
) -> Result<(Summary, LiveIndex), IndexError> {
    match run(root, limits, false, true, progress)? {
        (summary, Some(kept)) => Ok((summary, LiveIndex::new(kept, limits.clone())?)),
        (_, None) => unreachable!("a run asked to keep its state always does"),
    }
}

/// What a run keeps for a [`LiveIndex`]: every indexed file's facts (less
/// what was set apart of them), the linked tables over them, and the rows
/// of the files table as written.
struct Kept {
    root: PathBuf,
    manifests: Manifests,
    records: Vec<FileRecord>,
    sources: Vec<SourceFile>,
    link: LinkState,
    write_id: String,
}

/// One run of [`index_with`]; with `keep`, the up-to-date check is skipped
/// and the run's state returned.
fn run(
    root: &Path,
    limits: &Limits,
    full: bool,
    keep: bool,
    progress: &dyn Progress,
) -> Result<(Summary, Option<Kept>), IndexError> {
    let started = Instant::now();
    let root = std::fs::canonicalize(root).map_err(|e| IndexError::BadRoot {
        path: root.to_owned(),
        reason: e.to_string(),
    })?;
    if !root.is_dir() {
        return Err(IndexError::BadRoot {
            path: root,
            reason: "not a directory".into(),
        });
    }
    let index_dir = root.join(INDEX_DIR);
    std::fs::create_dir_all(&index_dir).map_err(|source| IndexError::IndexDir {
        path: index_dir.clone(),
        source,
    })?;
    // Keep the index out of version control without touching the user's .gitignore.
    std::fs::write(index_dir.join(".gitignore"), "*\n").map_err(|source| IndexError::IndexDir {
        path: index_dir.clone(),
        source,
    })?;

    let _lock = WriteLock::acquire(&root)?;

    let mut phases = Phases::start();
    let walked_at_ns = cache::now_ns();
    let walked = walk::walk(&root, limits);
    // Everything besides the files that resolution reads: the bounds, and
    // the project manifests: Rust crates (names, default features) from
    // `Cargo.toml`s, Go module paths from `go.mod`s.
    let manifests = read_manifests(&root, &walked.candidates);
    let settings_key = format!("{limits:?} {manifests:?}");
    let build = cache::build_key();
    let previous = open_previous(&root)?;
    if !full
        && !keep
        && let Some(store) = &previous
        && let Some(mut summary) = unchanged_index(store, &walked, &settings_key, &build, started)?
    {
        phases.end("walk");
        summary.phases = phases.done;
        return Ok((summary, None));
    }
    phases.end("walk");
    let (cache, written) = match &previous {
        Some(store) if !full => (
            FactsCache::load(store, &build)?,
            Some(WrittenRows {
                files: store.file_ids()?,
                hashes: store.file_row_hashes()?,
                settings: store.meta("settings")?,
            }),
        ),
        _ => (FactsCache::default(), None),
    };
    progress.walked(walked.candidates.len());
    let aside = SetAside::create(&index_dir).map_err(IndexError::SetAside)?;
    // Each file parsed, with what only its own resolution reads set aside
    // encoded (`FileFacts::set_apart`: its reference sites, its functions'
    // scopes), or taken from the cache, whose set-apart parts are set aside
    // later, only if the file is resolved; and whether it was reused.
    let parsed: Vec<(ParsedFile, AsideAt, bool)> = walked
        .candidates
        .par_iter()
        .map(|candidate| {
            let parsed = match cache.reuse(candidate) {
                Some((hash, facts)) => (
                    ParsedFile {
                        hash: Some(hash),
                        outcome: FileOutcome::Indexed(facts),
                    },
                    AsideAt::default(),
                    true,
                ),
                None => {
                    let mut parsed = parse::process(candidate, limits.parse_timeout);
                    let at = match &mut parsed.outcome {
                        FileOutcome::Indexed(facts) => aside
                            .put(&facts.set_apart())
                            .map_err(IndexError::SetAside)?,
                        FileOutcome::Skipped(..) => AsideAt::default(),
                    };
                    (parsed, at, false)
                }
            };
            progress.parsed_one();
            Ok(parsed)
        })
        .collect::<Result<_, IndexError>>()?;
    let reused_files = parsed.iter().filter(|(_, _, reused)| *reused).count();
    phases.end("parse");

    progress.phase("resolving");
    let mut records = Vec::with_capacity(walked.candidates.len() + walked.skipped.len());
    let mut sources = Vec::new();
    // Where each source's set-apart parts are.
    let mut aside_at = Vec::new();
    let mut syntax_error_files = 0;
    // The files parsed, by index in `sources`, with their content hash:
    // their facts go to the cache; reused files keep what it holds.
    let mut new_facts: Vec<(usize, String)> = Vec::new();
    let mut cached_paths: std::collections::HashSet<String> = std::collections::HashSet::new();
    // The files parsed again, by index in `sources`, while every one of
    // them keeps its interface; `None` once one does not (or a file starts
    // or stops being indexed): then every file is resolved again.
    let mut edited: Option<Vec<usize>> = Some(Vec::new());
    for (candidate, (parsed, at, reused)) in walked.candidates.iter().zip(parsed) {
        let id = records.len() as i64 + 1;
        let mut record = FileRecord {
            id,
            path: candidate.rel.clone(),
            language: Some(candidate.language.name()),
            hash: parsed.hash,
            size: candidate.size,
            mtime_ns: candidate.mtime_ns,
            status: FileStatus::Indexed,
            reason: None,
            syntax_errors: 0,
        };
        match parsed.outcome {
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
                    facts: if reused { facts } else { facts.compact() },
                };
                if reused {
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
                aside_at.push(at);
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
    drop(cache);
    phases.end("collect");

    // Rows of unchanged files stay when every file keeps its id (the same
    // paths in the same order): only files whose rows differ are written.
    let written = written.filter(|written| {
        written.files.len() == records.len()
            && written
                .files
                .iter()
                .zip(&records)
                .all(|((id, path), record)| *id == record.id && *path == record.path)
    });
    // A first index is built aside and renamed into place (see
    // `Store::create_new`); an existing one is replaced in place.
    let database = Store::database_path(&root);
    let mut store = if database.exists() {
        Store::open_for_write(&database)?
    } else {
        Store::create_new(&database)?
    };
    let writer = match &written {
        Some(_) => {
            let writer = store.update()?;
            writer.clear_meta()?;
            writer
        }
        None => store.replace_all()?,
    };
    for record in &records {
        writer.file(record)?;
    }
    let files = files_by_status(records.iter().map(|r| r.status));
    // The new facts go in first, so that their blobs are not held while
    // resolution runs.
    writer.retain_facts(&|path| cached_paths.contains(path))?;
    for (i, hash) in new_facts {
        let source = &sources[i];
        let encoded_apart = aside.get(aside_at[i]).map_err(IndexError::SetAside)?;
        writer.facts(
            &source.rel,
            &hash,
            &cache::encode(&source.facts),
            &encoded_apart,
        )?;
    }
    phases.end("open");
    // An edit that keeps every changed file's interface changes no other
    // file's rows: only the edited files are resolved again (their rows
    // in place, the others' kept), given the same settings as before.
    let edited = edited.filter(|_| {
        written
            .as_ref()
            .is_some_and(|w| w.settings.as_deref() == Some(settings_key.as_str()))
    });
    if edited.is_none()
        && let Some(previous) = &previous
    {
        // Every file is resolved: the reused ones need their reference
        // set-apart parts from the cache.
        let reused: HashMap<&str, usize> = sources
            .iter()
            .enumerate()
            .filter(|(_, source)| cached_paths.contains(&source.rel))
            .map(|(i, source)| (source.rel.as_str(), i))
            .collect();
        previous.each_cached_refs(|path, encoded| {
            if let Some(&i) = reused.get(path) {
                aside_at[i] = aside.put(encoded).map_err(IndexError::SetAside)?;
            }
            Ok::<_, IndexError>(())
        })?;
    }
    drop(previous);
    let to_resolve = Sources {
        files: &sources,
        aside: &aside,
        aside_at: &aside_at,
    };
    let (totals, link) = resolve_into(
        &to_resolve,
        &manifests,
        &writer,
        written,
        edited,
        keep,
        &mut phases,
    )?;
    // Freed before the commit builds the indexes, unless kept.
    drop(aside);
    if link.is_none() {
        drop(std::mem::take(&mut sources));
    }
    writer.meta("root", &root.to_string_lossy())?;
    writer.meta("plumb_version", env!("CARGO_PKG_VERSION"))?;
    writer.meta("settings", &settings_key)?;
    writer.meta("build", &build)?;
    writer.meta("walked_at_ns", &walked_at_ns.to_string())?;
    let write_id = stamp_write(&writer, started)?;
    if let Some(commit) = git_head(&root) {
        writer.meta("git_commit", &commit)?;
    }
    writer.commit()?;
    store.publish()?;
    phases.end("commit");

    let kept = link.map(|link| Kept {
        root: root.clone(),
        manifests,
        records,
        sources,
        link,
        write_id,
    });
    let summary = Summary {
        files,
        files_with_syntax_errors: syntax_error_files,
        symbols: totals.rows.symbols as usize,
        occurrences: totals.rows.occurrences as usize,
        resolved_occurrences: totals.rows.resolved_occurrences as usize,
        reused_files,
        resolved_files: totals.resolved_files,
        rewritten_files: totals.rewritten_files,
        elapsed: started.elapsed(),
        phases: phases.done,
        up_to_date: false,
    };
    Ok((summary, kept))
}

/// What [`resolve_into`] did, and the rows in the graph after it.
#[derive(Default)]
struct Totals {
    rows: RowCounts,
    /// Files whose references were resolved.
    resolved_files: usize,
    /// Files whose rows were written.
    rewritten_files: usize,
}

/// What the previous index holds, for an update in place.
struct WrittenRows {
    /// Every file's id and path, by id.
    files: Vec<(i64, String)>,
    /// The hash of each file's rows, by file id.
    hashes: HashMap<i64, Vec<u8>>,
    /// The settings it was written under.
    settings: Option<String>,
}

/// The files a run resolves, and where what was set apart of each one's
/// facts lies.
struct Sources<'a> {
    files: &'a [SourceFile],
    aside: &'a SetAside,
    /// By index in `files`.
    aside_at: &'a [AsideAt],
}

impl Sources<'_> {
    /// What was set apart of `files[f]`'s facts.
    fn apart(&self, f: usize) -> Result<Apart, IndexError> {
        let encoded = self
            .aside
            .get(self.aside_at[f])
            .map_err(IndexError::SetAside)?;
        Ok(decode_apart(&encoded))
    }
}

/// `files` cut, in order, into batches of at most [`FILES_PER_BATCH`]
/// files whose `weight`s add up to at most [`BATCH_APART_BYTES`]; a file
/// heavier than that is a batch of its own.
fn batches(files: &[usize], weight: impl Fn(usize) -> u64) -> Vec<&[usize]> {
    let mut batches = Vec::new();
    let (mut start, mut bytes) = (0, 0);
    for (i, &f) in files.iter().enumerate() {
        let heavy = weight(f);
        if i > start && (i - start == FILES_PER_BATCH || bytes + heavy > BATCH_APART_BYTES) {
            batches.push(&files[start..i]);
            (start, bytes) = (i, 0);
        }
        bytes += heavy;
    }
    if start < files.len() {
        batches.push(&files[start..]);
    }
    batches
}

/// Resolves `sources` and writes their rows through `writer` as they come.
/// The whole-graph passes run first (phase `link`); then files are resolved
/// in parallel, a batch at a time, on a pool whose threads have the stack
/// resolution needs, while this thread writes the batch before (phase
/// `resolve+write`). At most [`BATCHES_IN_FLIGHT`] batches wait, so memory
/// holds a few batches of rows, never the whole graph. With `written` (an
/// update in place), a file whose rows hash as they did is not written, and
/// rows of files no longer indexed are removed. With `only`, just those
/// files (indexes into `sources`) are resolved, and every other file's
/// rows stay as written. With `keep`, the linked tables are returned.
fn resolve_into(
    sources: &Sources<'_>,
    manifests: &Manifests,
    writer: &GraphWriter<'_>,
    mut written: Option<WrittenRows>,
    only: Option<Vec<usize>>,
    keep: bool,
    phases: &mut Phases,
) -> Result<(Totals, Option<LinkState>), IndexError> {
    let resolving_all = only.is_none();
    let files = only.unwrap_or_else(|| (0..sources.files.len()).collect());
    let pool = rayon::ThreadPoolBuilder::new()
        .thread_name(|i| format!("plumb-resolve-{i}"))
        .stack_size(RESOLVER_STACK_BYTES)
        .build()
        .map_err(|e| IndexError::Thread(std::io::Error::other(e)))?;
    let (linked_tx, linked_rx) = std::sync::mpsc::sync_channel::<()>(1);
    let (rows_tx, rows_rx) = std::sync::mpsc::sync_channel::<
        Result<Vec<(i64, FileRows, Vec<u8>)>, IndexError>,
    >(BATCHES_IN_FLIGHT);
    std::thread::scope(|scope| {
        let producer = std::thread::Builder::new()
            .name("plumb-resolve".into())
            .spawn_scoped(scope, move || {
                pool.install(|| {
                    let linked = resolve::link(sources.files, manifests);
                    if linked_tx.send(()).is_err() {
                        return None;
                    }
                    for batch in batches(&files, |f| sources.aside_at[f].bytes()) {
                        let rows = batch
                            .par_iter()
                            .map(|&f| {
                                let rows = linked.file_rows(f, sources.apart(f)?);
                                let digest = rows.digest();
                                Ok((sources.files[f].file_id, rows, digest))
                            })
                            .collect::<Result<_, _>>();
                        let failed = rows.is_err();
                        if rows_tx.send(rows).is_err() || failed {
                            // The writer failed, or is told why this did.
                            return None;
                        }
                    }
                    keep.then(|| linked.detach())
                })
            })
            .map_err(IndexError::Thread)?;
        let written = (|| {
            let mut totals = Totals::default();
            if linked_rx.recv().is_ok() {
                phases.end("link");
            }
            for batch in rows_rx {
                for (file_id, rows, hash) in batch? {
                    totals.resolved_files += 1;
                    let old = written.as_mut().and_then(|w| w.hashes.remove(&file_id));
                    if write_rows(writer, file_id, &rows, &hash, old)? {
                        totals.rewritten_files += 1;
                    }
                }
            }
            if resolving_all {
                for (&file_id, _) in written.iter().flat_map(|w| &w.hashes) {
                    writer.remove_file_rows(file_id)?;
                }
            }
            totals.rows = writer.row_totals()?;
            phases.end("resolve+write");
            Ok(totals)
        })();
        match producer.join() {
            Ok(link) => written.map(|totals| (totals, link)),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

/// Records when the graph being written was written and how long the run
/// took since `started`: `write_id` (returned; what tells a reader the
/// graph changed), `indexed_at` and `duration_ms`.
fn stamp_write(writer: &GraphWriter<'_>, started: Instant) -> Result<String, IndexError> {
    let write_id = cache::now_ns().to_string();
    writer.meta("write_id", &write_id)?;
    let indexed_at = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    writer.meta("indexed_at", &indexed_at.to_string())?;
    writer.meta("duration_ms", &started.elapsed().as_millis().to_string())?;
    Ok(write_id)
}

/// How many files have each of `statuses` (one per file), by status.
fn files_by_status(statuses: impl IntoIterator<Item = FileStatus>) -> Vec<(FileStatus, usize)> {
    let mut by_status: HashMap<FileStatus, usize> = HashMap::new();
    for status in statuses {
        *by_status.entry(status).or_default() += 1;
    }
    let mut files: Vec<(FileStatus, usize)> = by_status.into_iter().collect();
    files.sort();
    files
}

/// Why a file indexed with `syntax_errors` is marked so, if it has any.
fn syntax_error_reason(syntax_errors: u32) -> Option<String> {
    (syntax_errors > 0)
        .then(|| format!("{syntax_errors} syntax errors, indexed with error recovery"))
}

/// How many rows of each kind one file has.
fn row_counts(rows: &FileRows) -> RowCounts {
    let mut resolved: Vec<i64> = rows.resolutions.iter().map(|r| r.occurrence_id).collect();
    resolved.dedup();
    RowCounts {
        symbols: rows.symbols.len() as i64,
        occurrences: rows.occurrences.len() as i64,
        resolved_occurrences: resolved.len() as i64,
    }
}

/// Writes `rows`, the rows of file `file_id` with digest `hash`
/// ([`FileRows::digest`]), unless the digest of the rows written before,
/// `old`, is the same; over rows written before, only where they differ.
/// Whether anything was written.
fn write_rows(
    writer: &GraphWriter<'_>,
    file_id: i64,
    rows: &FileRows,
    hash: &[u8],
    old: Option<Vec<u8>>,
) -> Result<bool, IndexError> {
    match old {
        Some(old) if old == hash => return Ok(false),
        Some(_) => writer.rewrite_file_rows(
            file_id,
            &rows.symbols,
            &rows.occurrences,
            &rows.resolutions,
            &rows.imports,
        )?,
        None => write_new_rows(writer, rows)?,
    }
    writer.file_rows(file_id, hash, row_counts(rows))?;
    Ok(true)
}

/// Writes the rows of a file that had none.
fn write_new_rows(writer: &GraphWriter<'_>, rows: &FileRows) -> Result<(), IndexError> {
    for symbol in &rows.symbols {
        writer.symbol(symbol)?;
    }
    for occurrence in &rows.occurrences {
        writer.occurrence(occurrence)?;
    }
    for resolution in &rows.resolutions {
        writer.resolution(resolution)?;
    }
    for import in &rows.imports {
        writer.import(import)?;
    }
    Ok(())
}

/// Times the phases of a run, one after another.
struct Phases {
    since: Instant,
    done: Vec<(&'static str, Duration)>,
}

impl Phases {
    fn start() -> Self {
        Phases {
            since: Instant::now(),
            done: Vec::new(),
        }
    }

    /// Ends the phase `name`, which ran since the previous one ended.
    fn end(&mut self, name: &'static str) {
        let now = Instant::now();
        self.done.push((name, now - self.since));
        self.since = now;
    }
}

/// The existing index at `root`, if there is one this plumb can read.
fn open_previous(root: &Path) -> Result<Option<Store>, IndexError> {
    match Store::open_read_only(&Store::database_path(root)) {
        Ok(store) => Ok(Some(store)),
        Err(plumb_store::Error::Missing(_) | plumb_store::Error::SchemaMismatch { .. }) => Ok(None),
        Err(other) => Err(other.into()),
    }
}

/// The summary of the existing index if it matches the walk and was
/// written by this build of plumb under the same limits and manifests; `None` when it
/// must be rebuilt.
fn unchanged_index(
    store: &Store,
    walked: &walk::WalkOutcome,
    settings_key: &str,
    build: &str,
    started: Instant,
) -> Result<Option<Summary>, IndexError> {
    if store.meta("build")?.as_deref() != Some(build)
        || store.meta("settings")?.as_deref() != Some(settings_key)
    {
        return Ok(None);
    }
    let rows = store.files()?;
    if !freshness::walk_matches(walked, &rows, cache::walked_at_ns(store)?) {
        return Ok(None);
    }
    // The sums of the files' row counts: no need to count millions of rows.
    let totals = store.row_totals()?;
    Ok(Some(Summary {
        files: files_by_status(rows.iter().map(|r| r.status)),
        files_with_syntax_errors: rows.iter().filter(|r| r.syntax_errors > 0).count(),
        symbols: totals.symbols as usize,
        occurrences: totals.occurrences as usize,
        resolved_occurrences: totals.resolved_occurrences as usize,
        reused_files: rows.len(),
        resolved_files: 0,
        rewritten_files: 0,
        elapsed: started.elapsed(),
        phases: Vec::new(),
        up_to_date: true,
    }))
}

/// The commit checked out at `root`, if it is a git work tree and git is
/// installed.
pub fn git_head(root: &Path) -> Option<String> {
    let output = std::process::Command::new("git")
        .arg("-C")
        .arg(root)
        .args(["rev-parse", "--verify", "--quiet", "HEAD"])
        .stderr(std::process::Stdio::null())
        .output()
        .ok()?;
    let commit = String::from_utf8(output.stdout).ok()?.trim().to_owned();
    (output.status.success() && !commit.is_empty()).then_some(commit)
}

#[cfg(test)]
mod tests {
    use super::{BATCH_APART_BYTES, FILES_PER_BATCH, batches};

    #[test]
    fn batches_hold_a_bounded_count_and_weight_of_files_in_order() {
        let files: Vec<usize> = (0..200).collect();
        let light = batches(&files, |_| 1);
        assert_eq!(
            light.iter().map(|b| b.len()).collect::<Vec<_>>(),
            [
                FILES_PER_BATCH,
                FILES_PER_BATCH,
                FILES_PER_BATCH,
                200 - 3 * FILES_PER_BATCH
            ]
        );
        // Files 10 and 11 each weigh over the budget: each is a batch of
        // its own; 20..23 weigh a third of it each, so they take two batches.
        let weight = |f: usize| match f {
            10 | 11 => BATCH_APART_BYTES + 1,
            20..23 => BATCH_APART_BYTES / 3 + 1,
            _ => 0,
        };
        let heavy = batches(&files, weight);
        assert_eq!(heavy.concat(), files, "every file once, in order");
        assert!(heavy.contains(&&files[10..11]) && heavy.contains(&&files[11..12]));
        for batch in &heavy {
            let total: u64 = batch.iter().map(|&f| weight(f)).sum();
            assert!(batch.len() <= FILES_PER_BATCH);
            assert!(batch.len() == 1 || total <= BATCH_APART_BYTES, "{batch:?}");
        }
        assert_eq!(heavy.iter().filter(|b| b.contains(&21)).count(), 1);
        assert!(heavy.iter().any(|b| b.contains(&22) && !b.contains(&20)));
        assert!(batches(&[], weight).is_empty());
    }
}
