//! The parse's tests: set-aside files and the timeout, on the code of the
//! language each file below is named after.

mod bounds;
mod c;
mod python;
mod random;

use std::time::Duration;

use crate::facts::FileFacts;
use crate::parse::{FileOutcome, check_and_extract};
use plumb_lang::Language;
use plumb_store::model::FileStatus;

/// The status a file was set aside with; `None` when it was extracted.
pub(super) fn status(outcome: &FileOutcome) -> Option<FileStatus> {
    match outcome {
        FileOutcome::Indexed(_) => None,
        FileOutcome::Skipped(status, _) => Some(*status),
    }
}

/// The facts of `source` in `language`, extracted within a minute; panics
/// when the file is set aside.
pub(super) fn indexed(language: Language, source: &str) -> FileFacts {
    match check_and_extract(language, source.as_bytes(), Duration::from_secs(60)) {
        FileOutcome::Indexed(facts) => *facts,
        outcome => panic!("set aside: {outcome:?}"),
    }
}
