//! plumb-query answers navigation questions from the store alone — symbol,
//! outline, refs, callers, callees, impls, impact, search — and holds the
//! typed seam every surface goes through: the [`Locator`] a NAME is parsed
//! into, the argument of each query ([`args`]), the capability registry
//! ([`capability`]: each query's name, description, tier, argument, answer
//! item and how the [`Engine`] runs it), the answer types ([`answer`]) that
//! are the one JSON shape of every surface, and their one text rendering
//! ([`render`]). `search` fuses a name ranker, BM25 over the store's
//! full-text entries and the cosine similarity of plumb-embed's vectors.
//!
//! The navigation queries never parse source and never touch the file
//! system: everything comes through `plumb-store`'s typed reads (a surface
//! makes paths root-relative before asking). The [`analytics`] are the
//! exception: `changes` and `cochange` read the git repository around the
//! root (through `gix`), and entry points and tests read attribute lines
//! and test blocks from the working tree. Name-only edges are returned with their
//! method and confidence, never presented as facts.

pub mod analytics;
pub mod answer;
pub mod args;
pub mod capability;
mod construction;
mod hint;
mod locate;
mod locator;
mod navigate;
pub mod render;
mod search;
#[cfg(test)]
mod tests;

pub use hint::{Hint, Surface};
pub use locate::Located;
pub use locator::{Form, Locator, LocatorError};
pub use navigate::{Engine, MAX_IMPACT_DEPTH, SEARCH_LIMIT, Watch};
pub use search::{OVER_FETCH, RRF_K};

/// Failures of a query.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The question itself is malformed (a usage or input error).
    #[error("{0}")]
    Input(String),
    /// One argument is malformed.
    #[error("{argument}: {message}")]
    Argument {
        /// The argument at fault.
        argument: &'static str,
        /// What is wrong with it.
        message: String,
    },
    /// The store failed.
    #[error(transparent)]
    Store(#[from] plumb_store::Error),
    /// The query's [`Watch`] asked it to stop.
    #[error("the query was cancelled")]
    Cancelled,
}

/// Result of queries.
pub type Result<T> = std::result::Result<T, Error>;
