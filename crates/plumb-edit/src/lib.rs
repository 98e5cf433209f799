//! plumb-edit: every write plumb makes to source files goes through here.
//! A path is first [`confine`]d to the repository root; a set of new file
//! contents is then [`apply`]ed all or nothing: each file is checked against
//! the content hash its editor read, written through a temporary file and a
//! rename that keeps its permissions, under a journal in `.plumb/journal/`
//! that [`recover`] uses to undo an apply a crash interrupted.

mod apply;
mod confine;
mod error;
mod journal;
mod line_ending;

pub use apply::{Applied, CRASH_AFTER_ENV, FileChange, apply};
pub use confine::{Confined, confine};
pub use error::EditError;
pub use journal::{Recovered, recover};
pub use line_ending::{LineEnding, line_ending};

/// The content hash an editor records when it reads a file, and [`apply`]
/// checks before writing: BLAKE3, as lowercase hex.
pub fn content_hash(bytes: &[u8]) -> String {
    blake3::hash(bytes).to_hex().to_string()
}
