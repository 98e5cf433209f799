//! Why an edit was refused or failed; every variant names the file.

use std::io;
use std::path::PathBuf;

/// Why an edit was refused (the caller's input, nothing written) or failed.
#[derive(Debug, thiserror::Error)]
pub enum EditError {
    /// A path that leaves the root, by `..`, as an absolute path elsewhere,
    /// or through a symbolic link.
    #[error("{path}: outside the repository root")]
    Outside {
        /// The path as given.
        path: PathBuf,
    },
    /// A path inside `.git/` or `.plumb/`, which edits never touch.
    #[error("{path}: inside {dir}/, which plumb never edits")]
    Reserved {
        /// The path as given.
        path: PathBuf,
        /// The reserved directory.
        dir: &'static str,
    },
    /// A path that is not valid UTF-8 (the journal records paths as text).
    #[error("{path}: not a UTF-8 path")]
    NotUtf8 {
        /// The path as given.
        path: PathBuf,
    },
    /// A path that names a directory.
    #[error("{path}: a directory, not a file")]
    Directory {
        /// The path as given.
        path: PathBuf,
    },
    /// Files that changed on disk since they were read for this edit; the
    /// whole change was refused and nothing written.
    #[error("changed on disk since they were read, nothing written: {}", .files.join(", "))]
    Changed {
        /// The changed files, relative to the root.
        files: Vec<String>,
    },
    /// One file given twice in one change.
    #[error("{file}: given twice in one change")]
    Duplicate {
        /// The file, relative to the root.
        file: String,
    },
    /// `.plumb` or its journal is a symbolic link or not a directory.
    #[error("{path}: not a plain directory; refusing to keep a journal there")]
    JournalDirectory {
        /// The offending path.
        path: PathBuf,
    },
    /// A journal left by a crash that cannot be read.
    #[error("{path}: unreadable journal: {reason}")]
    Journal {
        /// The journal's manifest.
        path: PathBuf,
        /// What was wrong with it.
        reason: String,
    },
    /// Reading or writing failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The failure.
        source: io::Error,
    },
}

impl EditError {
    /// An I/O failure on `path`.
    pub(crate) fn io(path: impl Into<PathBuf>, source: io::Error) -> EditError {
        EditError::Io {
            path: path.into(),
            source,
        }
    }

    /// Whether the error is the caller's (a path or a stale read), as
    /// opposed to a failure of the file system.
    pub fn is_input_error(&self) -> bool {
        !matches!(self, EditError::Io { .. } | EditError::Journal { .. })
    }
}
