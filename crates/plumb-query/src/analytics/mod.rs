//! Whole-repository analytics over the graph: communities
//! ([`communities`]), entry points and the tests among them
//! ([`entrypoints`], [`tests`]), processes traced from entry points
//! ([`processes`]), files changed together in the git history
//! ([`cochange`]), what a diff changes and impacts and which tests to run
//! ([`changes`]), and read-only SQL over documented views ([`sql`]).
//!
//! Unlike the navigation queries, `cochange` and `changes` read the git
//! repository around the root ([`git`], through `gix`), and entry points
//! and tests read the attribute lines above a definition (`#[test]`,
//! `@app.route`) from the working tree: the graph does not keep them.

pub mod answers;
pub mod args;
pub mod capabilities;
pub mod changes;
pub mod cochange;
pub mod communities;
pub mod entrypoints;
pub mod git;
mod graph;
pub mod louvain;
pub mod processes;
mod render;
pub mod sql;
pub mod tests;

pub use graph::Graph;
