//! Following a working tree: file-system events (the `notify` crate,
//! debounced) trigger an incremental [`crate::index`] run, so a query after
//! a save sees the change without a restart. The index's own directory is
//! ignored, so writing the index does not trigger another run.

use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

use notify_debouncer_full::notify::RecursiveMode;
use notify_debouncer_full::{DebounceEventResult, new_debouncer};
use plumb_store::INDEX_DIR;

use crate::walk::Limits;
use crate::{IndexError, Silent, Summary, index};

/// How long the tree must be quiet before a run starts. Chosen: editors
/// write a save as several events within a few milliseconds; 200 ms joins
/// them and still feels immediate.
pub const DEBOUNCE: Duration = Duration::from_millis(200);

/// Indexes `root`, then re-indexes it after every burst of changes, calling
/// `on_run` with each run's outcome (a failed run, such as another writer
/// holding the lock, is reported and watching goes on). Returns only when
/// watching cannot start or the event source closes.
pub fn watch(
    root: &Path,
    limits: &Limits,
    on_run: &mut dyn FnMut(Result<Summary, IndexError>),
) -> Result<(), IndexError> {
    on_run(index(root, limits, &Silent));
    let root = std::fs::canonicalize(root).map_err(|e| IndexError::BadRoot {
        path: root.to_owned(),
        reason: e.to_string(),
    })?;
    let index_dir = root.join(INDEX_DIR);
    let (events, receiver) = mpsc::channel::<DebounceEventResult>();
    let mut debouncer =
        new_debouncer(DEBOUNCE, None, events).map_err(|e| IndexError::Watch(e.to_string()))?;
    debouncer
        .watch(&root, RecursiveMode::Recursive)
        .map_err(|e| IndexError::Watch(e.to_string()))?;
    for batch in receiver {
        let relevant = match batch {
            Ok(events) => events
                .iter()
                .flat_map(|event| event.paths.iter())
                .any(|path| !path.starts_with(&index_dir)),
            Err(errors) => {
                // A lost or failed event may hide a change: index to be sure.
                tracing::warn!(?errors, "file-system watch reported errors");
                true
            }
        };
        if relevant {
            on_run(index(&root, limits, &Silent));
        }
    }
    Ok(())
}
