//! plumb-struct: structural search and staged rewrites over plumb-lang's
//! grammars, with ast-grep-core as the matcher. A pattern is code in the
//! target language with metavariables (`$X`, `$$$ARGS`, `$_`); it is parsed
//! by the language's own grammar up a context ladder (`ladder.rs`) and
//! matched node by node by ast-grep-core. Files are parsed through
//! plumb-lang's one parse engine (its per-thread parsers and timed parse).
//!
//! This crate knows plumb-lang, and plumb-edit for writing a staged change,
//! and nothing else of plumb: no SQL, no index, no MCP. It writes under
//! `.plumb/` (staged changes) and source files only through plumb-edit.

mod error;
mod grammar;
mod ladder;
mod matching;
mod pattern;
mod prefilter;
mod search;
mod staging;

pub use error::StructError;
pub use grammar::Grammar;
pub use matching::{Match, find_matches};
pub use pattern::StructPattern;
pub use prefilter::Prefilter;
pub use search::{
    FileMatches, Found, MAX_FILE_BYTES, PARSE_TIMEOUT, Scope, compile, confine_paths, search,
};
pub use staging::{
    EXPIRY, MAX_STAGED_BYTES, Staged, StagedFile, apply, discard, file_diff, list, load, recover,
    recovered_note, stage,
};
