//! The link and resolve+write phases: the whole-graph passes, then files
//! resolved in parallel in bounded batches on threads with the stack
//! resolution needs, each batch's rows written as it comes.

use std::collections::HashMap;
use std::path::Path;

use rayon::prelude::*;

use plumb_store::{GraphWriter, RowCounts};

use super::phases::Phases;
use super::previous::WrittenRows;
use super::search::{self, FileEntries};
use super::write::write_rows;
use crate::aside::{AsideAt, SetAside};
use crate::facts::{Apart, decode_apart};
use crate::resolve::modules::Manifests;
use crate::resolve::{self, FileRows, LinkState, SourceFile};
use crate::{IndexError, Progress};

/// Stack of the resolver thread. Chosen: 256 MiB of address space (only
/// touched pages are committed), far beyond any chain the bounds allow.
pub(crate) const RESOLVER_STACK_BYTES: usize = 256 * 1024 * 1024;

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

/// What [`resolve_into`] did, and the rows in the graph after it.
#[derive(Default)]
pub(super) struct Totals {
    /// The rows in the graph after it.
    pub(super) rows: RowCounts,
    /// Files whose references were resolved.
    pub(super) resolved_files: usize,
    /// Files whose rows were written.
    pub(super) rewritten_files: usize,
}

/// The files a run resolves, and where what was set apart of each one's
/// facts lies.
pub(super) struct Sources<'a> {
    /// Every indexed file.
    pub(super) files: &'a [SourceFile],
    /// Where what was set apart of each file waits.
    pub(super) aside: &'a SetAside,
    /// Where in `aside` each file's part is, by index in `files`.
    pub(super) aside_at: &'a [AsideAt],
    /// The root the files' paths are relative to, where their search
    /// entries read them again.
    pub(super) root: &'a Path,
    /// The hash of each file's search entries as stored, by file id.
    pub(super) search_hashes: &'a HashMap<i64, Vec<u8>>,
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

/// Who hears how a resolution goes: the run's phase timer and its progress.
pub(super) struct Told<'a> {
    /// Times the `link` and `resolve+write` phases.
    pub phases: &'a mut Phases,
    /// Hears the phases begin and each file resolved.
    pub progress: &'a dyn Progress,
}

/// Resolves `sources` and writes their rows through `writer` as they come,
/// with their symbols' search entries where these changed.
/// The whole-graph passes run first (phase `link`); then files are resolved
/// in parallel, a batch at a time, on a pool whose threads have the stack
/// resolution needs, while this thread writes the batch before (phase
/// `resolve+write`). At most [`BATCHES_IN_FLIGHT`] batches wait, so memory
/// holds a few batches of rows, never the whole graph. With `written` (an
/// update in place), a file whose rows hash as they did is not written, and
/// rows of files no longer indexed are removed. With `only`, just those
/// files (indexes into `sources`) are resolved, and every other file's
/// rows stay as written. With `keep`, the linked tables are returned.
pub(super) fn resolve_into(
    sources: &Sources<'_>,
    manifests: &Manifests,
    writer: &GraphWriter<'_>,
    mut written: Option<WrittenRows>,
    only: Option<Vec<usize>>,
    keep: bool,
    told: Told<'_>,
) -> Result<(Totals, Option<LinkState>), IndexError> {
    let Told { phases, progress } = told;
    progress.phase("linking");
    let resolving_all = only.is_none();
    let files = only.unwrap_or_else(|| (0..sources.files.len()).collect());
    let total = files.len();
    let pool = rayon::ThreadPoolBuilder::new()
        .thread_name(|i| format!("plumb-resolve-{i}"))
        .stack_size(RESOLVER_STACK_BYTES)
        .build()
        .map_err(|e| IndexError::Thread(std::io::Error::other(e)))?;
    let (linked_tx, linked_rx) = std::sync::mpsc::sync_channel::<()>(1);
    let (rows_tx, rows_rx) = std::sync::mpsc::sync_channel::<
        Result<Vec<(i64, FileRows, Vec<u8>, Option<FileEntries>)>, IndexError>,
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
                                let file = &sources.files[f];
                                let entries = search::file_entries(
                                    sources.root,
                                    &file.rel,
                                    &rows.symbols,
                                    sources.search_hashes.get(&file.file_id).map(Vec::as_slice),
                                )?;
                                Ok((file.file_id, rows, digest, entries))
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
                progress.resolving(total);
            }
            for batch in rows_rx {
                for (file_id, rows, hash, entries) in batch? {
                    totals.resolved_files += 1;
                    progress.resolved_one();
                    let old = written.as_mut().and_then(|w| w.hashes.remove(&file_id));
                    if write_rows(writer, file_id, &rows, &hash, old)? {
                        totals.rewritten_files += 1;
                    }
                    if let Some(entries) = &entries {
                        search::write_entries(writer, file_id, entries)?;
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
