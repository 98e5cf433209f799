//! The parse's tests: set-aside files and the timeout, on the code of the
//! language each file below is named after.

mod bounds;
mod c;
mod python;
mod random;

use crate::parse::FileOutcome;
use plumb_store::model::FileStatus;

/// The status a file was set aside with; `None` when it was extracted.
pub(super) fn status(outcome: &FileOutcome) -> Option<FileStatus> {
    match outcome {
        FileOutcome::Indexed(_) => None,
        FileOutcome::Skipped(status, _) => Some(*status),
    }
}
