//! The arguments of the analytics capabilities (CLI arguments with the
//! `cli` feature, MCP input schemas with `schema`).

use serde::Deserialize;

use super::answers::EntryKind;
use super::changes::DEFAULT_CHANGES_DEPTH;
use crate::args::Rebase;

/// `communities` arguments (none).
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "cli", derive(clap::Args))]
#[serde(deny_unknown_fields)]
pub struct CommunitiesArgs {}

/// `entrypoints` arguments.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "cli", derive(clap::Args))]
#[serde(deny_unknown_fields)]
pub struct EntrypointsArgs {
    /// Only entry points of this kind.
    #[serde(default)]
    #[cfg_attr(feature = "cli", arg(long))]
    pub kind: Option<EntryKind>,
}

/// `processes` arguments.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "cli", derive(clap::Args))]
#[serde(deny_unknown_fields)]
pub struct ProcessesArgs {
    /// Only the processes whose entry point has this name or qualified name.
    #[serde(default)]
    #[cfg_attr(feature = "cli", arg(value_name = "NAME"))]
    pub name: Option<String>,
}

/// `cochange` arguments.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "cli", derive(clap::Args))]
#[serde(deny_unknown_fields)]
pub struct CochangeArgs {
    /// A file (root-relative), or a symbol's name: the definitions changed
    /// with it.
    #[cfg_attr(feature = "cli", arg(value_name = "FILE|NAME"))]
    pub target: String,
}

/// `changes` arguments.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "cli", derive(clap::Args))]
#[serde(deny_unknown_fields)]
pub struct ChangesArgs {
    /// The commit to compare against (a branch, tag or id); HEAD by default.
    #[serde(default)]
    #[cfg_attr(feature = "cli", arg(long, value_name = "REF"))]
    pub base: Option<String>,
    /// Compare the staged changes (the git index) instead of the working tree.
    #[serde(default)]
    #[cfg_attr(feature = "cli", arg(long))]
    pub staged: bool,
    /// Hops of dependents listed.
    #[serde(default = "default_changes_depth")]
    #[cfg_attr(feature = "schema", schemars(range(min = 1, max = crate::MAX_IMPACT_DEPTH)))]
    #[cfg_attr(feature = "cli", arg(long, default_value_t = DEFAULT_CHANGES_DEPTH, value_parser = clap::value_parser!(u32).range(1..=crate::MAX_IMPACT_DEPTH as i64)))]
    pub depth: u32,
}

fn default_changes_depth() -> u32 {
    DEFAULT_CHANGES_DEPTH
}

/// `sql` arguments.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "cli", derive(clap::Args))]
#[serde(deny_unknown_fields)]
pub struct SqlArgs {
    /// One SQL statement reading the views `symbols`, `edges` and `files`.
    #[cfg_attr(feature = "cli", arg(value_name = "QUERY"))]
    pub query: String,
}

macro_rules! no_paths {
    ($($args:ty),*) => {$(
        impl Rebase for $args {
            fn rebased(self, _: &dyn Fn(&str) -> String) -> Self {
                self
            }
        }
    )*};
}

no_paths!(
    CommunitiesArgs,
    EntrypointsArgs,
    ProcessesArgs,
    ChangesArgs,
    SqlArgs
);

impl Rebase for CochangeArgs {
    fn rebased(self, rebase: &dyn Fn(&str) -> String) -> Self {
        CochangeArgs {
            target: rebase(&self.target),
        }
    }
}
