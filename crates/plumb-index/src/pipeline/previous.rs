//! What a run reads back from the index it replaces: whether that index
//! already matches the tree (then nothing is written), the facts it
//! cached, and its file ids and rows hashes, for an update in place.

use std::collections::HashMap;
use std::path::Path;
use std::time::Instant;

use plumb_store::Store;
use plumb_store::records::FileRecord;

use super::Settings;
use super::collect::files_by_status;
use crate::cache::{self, FactsCache};
use crate::walk::WalkOutcome;
use crate::{IndexError, Summary, freshness};

/// What the previous index holds, for an update in place.
pub(super) struct WrittenRows {
    /// Every file's id and path, by id.
    files: Vec<(i64, String)>,
    /// The hash of each file's rows, by file id.
    pub(super) hashes: HashMap<i64, Vec<u8>>,
    /// The settings it was written under.
    settings: Option<String>,
}

impl WrittenRows {
    /// Whether every file keeps its id in `records` (the same paths in the
    /// same order), so that rows of unchanged files can stay.
    pub(super) fn keeps_ids(&self, records: &[FileRecord]) -> bool {
        self.files.len() == records.len()
            && self
                .files
                .iter()
                .zip(records)
                .all(|((id, path), record)| *id == record.id && *path == record.path)
    }

    /// Whether the rows were written under `settings`.
    pub(super) fn written_under(&self, settings: &Settings) -> bool {
        self.settings.as_deref() == Some(settings.key.as_str())
    }
}

/// The existing index at `root`, if there is one this plumb can read.
pub(super) fn open_previous(root: &Path) -> Result<Option<Store>, IndexError> {
    match Store::open_read_only(&Store::database_path(root)) {
        Ok(store) => Ok(Some(store)),
        Err(plumb_store::Error::Missing(_) | plumb_store::Error::SchemaMismatch { .. }) => Ok(None),
        Err(other) => Err(other.into()),
    }
}

/// What a run can reuse of the `previous` index: its facts cache, and the
/// rows it wrote; nothing without one.
pub(super) fn reusable(
    previous: Option<&Store>,
    settings: &Settings,
) -> Result<(FactsCache, Option<WrittenRows>), IndexError> {
    let Some(store) = previous else {
        return Ok((FactsCache::default(), None));
    };
    let cache = FactsCache::load(store, &settings.build)?;
    let written = WrittenRows {
        files: store.file_ids()?,
        hashes: store.file_row_hashes()?,
        settings: store.meta("settings")?,
    };
    Ok((cache, Some(written)))
}

/// The summary of the existing index if it matches the walk and was
/// written by this build of plumb under the same limits and manifests;
/// `None` when it must be rebuilt.
pub(super) fn unchanged_index(
    store: &Store,
    walked: &WalkOutcome,
    settings: &Settings,
    started: Instant,
) -> Result<Option<Summary>, IndexError> {
    if store.meta("build")?.as_deref() != Some(settings.build.as_str())
        || store.meta("settings")?.as_deref() != Some(settings.key.as_str())
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
