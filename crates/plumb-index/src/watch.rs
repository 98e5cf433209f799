//! Following a working tree: file-system events (the `notify` crate,
//! debounced) are applied to a [`LiveIndex`], so a query after a save sees
//! the change without a restart. An edit that keeps interfaces is applied
//! in memory; anything else runs [`crate::index_live`] again. The index's
//! own directory is ignored, so writing the index does not trigger another
//! run.

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use notify_debouncer_full::notify::{EventKind, RecursiveMode};
use notify_debouncer_full::{DebounceEventResult, new_debouncer};

use crate::live::{Applied, LiveIndex};
use crate::walk::{Limits, is_index_dir};
use crate::{IndexError, Silent, Summary, index_live};

/// How long the tree must be quiet before a run starts. Chosen: editors
/// write a save as several events within a few milliseconds; 200 ms joins
/// them and still feels immediate.
pub const DEBOUNCE: Duration = Duration::from_millis(200);

/// Indexes `root`, then applies every burst of changes, calling `on_run`
/// with each run's outcome (a failed run, such as another writer holding
/// the lock, is reported and watching goes on; the next change runs
/// whole). Returns only when watching cannot start or the event source
/// closes.
pub fn watch(
    root: &Path,
    limits: &Limits,
    on_run: &mut dyn FnMut(Result<Summary, IndexError>),
) -> Result<(), IndexError> {
    let root = std::fs::canonicalize(root).map_err(|e| IndexError::BadRoot {
        path: root.to_owned(),
        reason: e.to_string(),
    })?;
    // Watching starts first, so that nothing saved during the first run
    // is missed.
    let (events, receiver) = mpsc::channel::<DebounceEventResult>();
    let mut debouncer =
        new_debouncer(DEBOUNCE, None, events).map_err(|e| IndexError::Watch(e.to_string()))?;
    debouncer
        .watch(&root, RecursiveMode::Recursive)
        .map_err(|e| IndexError::Watch(e.to_string()))?;
    let mut live = run_whole(&root, limits, on_run);
    for batch in receiver {
        // `None`: a lost or failed event may hide a change, so look at
        // the whole tree.
        let paths: Option<Vec<PathBuf>> = match batch {
            Ok(events) => Some(
                events
                    .iter()
                    // Reading the tree (the run's own walk among others)
                    // changes nothing.
                    .filter(|event| !matches!(event.kind, EventKind::Access(_)))
                    .flat_map(|event| event.paths.iter())
                    .filter(|path| !is_index_dir(&root, path))
                    .cloned()
                    .collect(),
            ),
            Err(errors) => {
                tracing::warn!(?errors, "file-system watch reported errors");
                None
            }
        };
        if paths.as_ref().is_some_and(Vec::is_empty) {
            continue;
        }
        let applied = match (&mut live, paths) {
            (Some(index), Some(paths)) => index.apply(&paths),
            _ => Ok(Applied::NeedsRun),
        };
        match applied {
            Ok(Applied::Nothing) => {}
            Ok(Applied::Indexed(summary)) => on_run(Ok(summary)),
            Ok(Applied::NeedsRun) => {
                // Dropped first: the run builds a new one, and two at once
                // would hold the whole graph twice.
                drop(live.take());
                live = run_whole(&root, limits, on_run);
            }
            Err(err) => {
                live = None;
                on_run(Err(err));
            }
        }
    }
    Ok(())
}

/// A whole incremental run, reported to `on_run`; its live index if it
/// succeeded.
fn run_whole(
    root: &Path,
    limits: &Limits,
    on_run: &mut dyn FnMut(Result<Summary, IndexError>),
) -> Option<LiveIndex> {
    match index_live(root, limits, &Silent) {
        Ok((summary, live)) => {
            on_run(Ok(summary));
            Some(live)
        }
        Err(err) => {
            on_run(Err(err));
            None
        }
    }
}
