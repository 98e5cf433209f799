//! plumb-query answers navigation questions from the store alone — symbol,
//! outline, refs, callers, callees, impls, impact, search — and defines the
//! answer types ([`answer`]) that are the one JSON shape of every surface.
//!
//! It never parses source and never touches the file system: everything
//! comes through `plumb-store`'s typed reads. Name-only edges are returned
//! with their method and confidence, never presented as facts.

pub mod answer;
mod locate;
mod navigate;

pub use locate::Located;
pub use navigate::{Engine, MAX_IMPACT_DEPTH, SEARCH_LIMIT};

/// Failures of a query.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The question itself is malformed (a usage or input error).
    #[error("{0}")]
    Input(String),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] plumb_store::Error),
}

/// Result of queries.
pub type Result<T> = std::result::Result<T, Error>;
