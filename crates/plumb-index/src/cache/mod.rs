//! The facts cache: what extraction found in each file, kept in the store
//! between runs (encoded with `postcard`), so that a file whose size and
//! modification time are unchanged is not read, parsed or extracted again.
//!
//! A cache is valid only for the plumb build that wrote it ([`build_key`]):
//! another build may extract differently, and its facts would then differ
//! from a full run's. Within one build, reused facts are the facts
//! extraction would produce, so an incremental run writes the same index
//! as a full one.

use std::collections::HashMap;

use plumb_store::Store;
use plumb_store::model::FileStatus;
use plumb_store::read::FileRow;
use plumb_store::records::CachedFacts;

use crate::facts::FileFacts;
use crate::walk::Candidate;

/// Facts cached by the previous run, with the file rows that say which
/// size and modification time each was extracted at.
#[derive(Default)]
pub struct FactsCache {
    /// When the previous run's walk began, in nanoseconds since the epoch.
    walked_at_ns: i64,
    rows: HashMap<String, FileRow>,
    blobs: HashMap<String, CachedFacts>,
}

impl FactsCache {
    /// The cache of the index in `store`, if that index was written by
    /// this build of plumb; an empty cache otherwise.
    pub fn load(store: &Store, build: &str) -> Result<FactsCache, plumb_store::Error> {
        if store.meta("build")?.as_deref() != Some(build) {
            return Ok(FactsCache::default());
        }
        let rows = store
            .files()?
            .into_iter()
            .map(|row| (row.path.clone(), row))
            .collect();
        Ok(FactsCache {
            walked_at_ns: walked_at_ns(store)?,
            rows,
            blobs: store.cached_facts()?,
        })
    }

    /// What was cached of `candidate`, if the file is unchanged since (same
    /// size and modification time as recorded, indexed then) and its facts
    /// decode: its content hash and its facts (as [`FileFacts::set_apart`]
    /// leaves them; the store's `each_cached_refs` gives what it set
    /// apart).
    pub fn reuse(&self, candidate: &Candidate) -> Option<(String, FileFacts)> {
        let row = self.rows.get(&candidate.rel)?;
        let unchanged = row.status == FileStatus::Indexed
            && unchanged_since(row, candidate.size, candidate.mtime_ns, self.walked_at_ns);
        if !unchanged {
            return None;
        }
        let cached = self.blobs.get(&candidate.rel)?;
        if row.hash.as_deref() != Some(cached.hash.as_str()) {
            return None;
        }
        let facts = postcard::from_bytes(&cached.facts).ok()?;
        Some((cached.hash.clone(), facts))
    }

    /// Whether the previous run extracted facts from `path` (it indexed
    /// the file).
    pub fn holds(&self, path: &str) -> bool {
        self.blobs.contains_key(path)
    }

    /// The facts the previous run extracted from `path`, whatever its
    /// content now, reference sites aside: what an edit is compared with.
    pub fn previous(&self, path: &str) -> Option<FileFacts> {
        postcard::from_bytes(&self.blobs.get(path)?.facts).ok()
    }
}

/// Whether a file recorded as `row` is unchanged now that it has `size` and
/// `mtime_ns`, for an index whose walk began at `walked_at_ns`. A file
/// modified at or after that moment is never trusted: a second write in the
/// same timestamp tick would leave size and time as recorded (git's "racy
/// entry" rule).
pub fn unchanged_since(row: &FileRow, size: u64, mtime_ns: Option<i64>, walked_at_ns: i64) -> bool {
    row.size == size
        && row.mtime_ns.is_some()
        && row.mtime_ns == mtime_ns
        && mtime_ns.is_some_and(|m| m < walked_at_ns - RACY_MARGIN_NS)
}

/// Margin below the walk's start under which a modification time is
/// trusted. Chosen: 100 ms, well above the coarsest timestamp tick of the
/// file systems plumb meets (Linux's jiffy-based times: 1–10 ms), and above
/// clock skew between the process and the file system.
const RACY_MARGIN_NS: i64 = 100_000_000;

/// When the walk of the index in `store` began (0 if not recorded).
pub fn walked_at_ns(store: &Store) -> Result<i64, plumb_store::Error> {
    Ok(store
        .meta("walked_at_ns")?
        .and_then(|v| v.parse().ok())
        .unwrap_or(0))
}

/// Now, in nanoseconds since the epoch.
pub fn now_ns() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as i64)
}

/// Encodes facts for the cache (what only the file's own resolution reads
/// is encoded apart: [`FileFacts::set_apart`]).
pub fn encode(facts: &FileFacts) -> Vec<u8> {
    postcard::to_stdvec(facts).unwrap_or_default()
}

/// Identifies this build of plumb: its version and the size and
/// modification time of the running executable. Any rebuild changes it.
pub fn build_key() -> String {
    let exe = std::env::current_exe()
        .and_then(std::fs::metadata)
        .map(|meta| {
            let mtime = meta
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos());
            format!("{} {mtime}", meta.len())
        })
        .unwrap_or_default();
    format!("{} {exe}", env!("CARGO_PKG_VERSION"))
}

#[cfg(test)]
mod python_tests;
