//! plumb-index turns a directory into plumb's code graph, one direction:
//! [`walk`] (bounded, ignore-aware) → [`parse`] (tree-sitter, timeout,
//! panic quarantine) → [`extract`] (query-driven facts) → [`resolve`]
//! (scopes, imports, receiver types, name-only) → the store, written in one
//! transaction. [`index`] runs these phases (the crate's `pipeline`
//! module); [`watch`] follows a working tree, applying edits to an index
//! kept in memory ([`LiveIndex`]).
//!
//! It knows languages only through `plumb-lang` and SQL only through
//! `plumb-store`'s typed API. It reads the index back only to skip work
//! the previous run did, never to answer a question: that run's build,
//! settings and files table (when they match the tree, nothing is
//! written), its cached facts (a file unchanged since is not parsed
//! again), its file ids and the hash of each file's rows (an update writes
//! only the files whose rows changed), and its write stamp (a live index
//! gives way when another process wrote). [`freshness`] compares the files
//! table with the tree, for the surfaces, walking it with the bounds the
//! index recorded ([`limits`]).

pub(crate) mod aside;
pub(crate) mod cache;
pub(crate) mod extract;
pub mod facts;
pub mod freshness;
pub mod interface;
pub mod limits;
pub(crate) mod live;
pub(crate) mod manifest;
pub mod parse;
pub(crate) mod pipeline;
pub mod resolve;
pub(crate) mod typetext;
pub mod walk;
pub mod watch;

use std::path::{Path, PathBuf};
use std::time::Duration;

use plumb_store::model::FileStatus;

use pipeline::Mode;
use walk::Limits;

pub use live::{Applied, LiveIndex};
pub use manifest::read_manifests;
pub use pipeline::git_head;

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
    /// The embedding model compiled into this build could not be loaded.
    #[error("cannot embed symbols for search: {0}")]
    Embed(#[from] plumb_embed::ModelError),
    /// Watching the tree for changes failed.
    #[error("cannot watch the tree for changes: {0}")]
    Watch(String),
    /// The caller asked the run to stop ([`Progress::cancelled`]); the
    /// previous index is left as it was.
    #[error("the run was cancelled; the previous index is unchanged")]
    Cancelled,
}

/// Receives progress of a run. Called from worker threads.
pub trait Progress: Sync {
    /// The walk found `files` candidates.
    fn walked(&self, files: usize);
    /// One more candidate was parsed and extracted.
    fn parsed_one(&self);
    /// A phase without a count began: `walking`, `storing` (files and
    /// facts), `linking`, `committing`.
    fn phase(&self, name: &'static str);
    /// Resolution began over `files` files, each resolved and written in
    /// turn.
    fn resolving(&self, _files: usize) {}
    /// One more file was resolved and its rows written.
    fn resolved_one(&self) {}
    /// Whether the caller wants the run to stop. Asked between phases; a
    /// run that stops returns [`IndexError::Cancelled`] before its commit.
    fn cancelled(&self) -> bool {
        false
    }
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
/// sizes and modification times, same limits and project manifests, same
/// plumb), nothing is parsed or written; otherwise files unchanged since
/// the last run keep their cached facts and only the others are parsed,
/// the graph is resolved again (only the edited files, when each keeps
/// its interface: see [`interface`]) and written (when every file keeps
/// its id, only the files whose rows changed). One process at a time may
/// index a root: a second one fails at once with
/// [`plumb_store::Error::Locked`].
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
    let mode = if full { Mode::Full } else { Mode::Incremental };
    pipeline::run(root, limits, mode, progress).map(|(summary, _)| summary)
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
    match pipeline::run(root, limits, Mode::Live, progress)? {
        (summary, Some(kept)) => Ok((summary, LiveIndex::new(kept, limits.clone())?)),
        (_, None) => unreachable!("a run asked to keep its state always does"),
    }
}
