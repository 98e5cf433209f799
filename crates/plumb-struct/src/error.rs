//! The errors of structural search and staged rewrites: each says what was
//! wrong with the input and carries the path, pattern or change id.

use std::path::PathBuf;

/// What went wrong.
#[derive(Debug, thiserror::Error)]
pub enum StructError {
    /// The pattern is empty or blank.
    #[error("the pattern is empty")]
    EmptyPattern,
    /// The pattern is one metavariable, which would match every node.
    #[error(
        "the pattern `{0}` is only a metavariable, which matches every node; write the code around it"
    )]
    OnlyMetavariable(String),
    /// No rung of the context ladder parses the pattern without error.
    #[error(
        "the pattern `{pattern}` does not parse as {language} code as a statement, an expression, a class member or at the top level; write it as complete {language} code"
    )]
    Unparsable {
        /// The stable names of the languages tried.
        language: String,
        /// The pattern as given.
        pattern: String,
    },
    /// `--lang` names no language plumb knows.
    #[error("unknown language `{0}`; known: {1}")]
    UnknownLanguage(String, String),
    /// The template uses a metavariable the pattern does not define.
    #[error("the template uses ${0}, which the pattern does not define")]
    UndefinedVariable(String),
    /// A path given to search is outside the root.
    #[error("{} is outside the repository root", .0.display())]
    OutsideRoot(PathBuf),
    /// A path given to search does not exist.
    #[error("{} does not exist", .0.display())]
    NoSuchPath(PathBuf),
    /// A file named explicitly cannot be searched (binary, too large, not UTF-8, unknown language).
    #[error("{}: {reason}", .path.display())]
    Unsearchable {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// No staged change has this id (never staged, applied, discarded or expired).
    #[error("no staged change `{0}` (see `plumb staged`; changes expire after a day)")]
    UnknownChange(String),
    /// The staged change is larger than the bound.
    #[error(
        "the change is {bytes} bytes, over the {limit}-byte bound on a staged change; narrow the pattern or the paths"
    )]
    TooLarge {
        /// Its size.
        bytes: usize,
        /// The bound.
        limit: usize,
    },
    /// Reading or writing under `.plumb/` failed.
    #[error("{}: {source}", .path.display())]
    Io {
        /// The path.
        path: PathBuf,
        /// The failure.
        source: std::io::Error,
    },
    /// Writing a change was refused or failed (plumb-edit): a file changed
    /// since it was staged, a path outside the root, an I/O failure.
    #[error(transparent)]
    Edit(#[from] plumb_edit::EditError),
    /// A staged change's record is unreadable.
    #[error("{}: unreadable staged change: {reason}", .path.display())]
    Corrupt {
        /// The record.
        path: PathBuf,
        /// Why.
        reason: String,
    },
}

impl StructError {
    /// Whether the error is the caller's input (exit 2), not a failure of plumb.
    pub fn is_input(&self) -> bool {
        match self {
            StructError::Io { .. } | StructError::Corrupt { .. } => false,
            StructError::Edit(edit) => !matches!(
                edit,
                plumb_edit::EditError::Io { .. }
                    | plumb_edit::EditError::Journal { .. }
                    | plumb_edit::EditError::JournalDirectory { .. }
            ),
            _ => true,
        }
    }
}
