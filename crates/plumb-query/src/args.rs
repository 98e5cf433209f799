//! The argument of each capability: one struct per query, read by both
//! surfaces: with the `cli` feature it is a clap subcommand's arguments,
//! and the MCP server deserializes it from a tool call (with the `schema`
//! feature its field docs become the tool's input schema).

use serde::Deserialize;

use crate::answer::RefKind;
use crate::locator::Locator;

/// Default `depth` of `impact`. Chosen: direct dependents and theirs.
pub const DEFAULT_IMPACT_DEPTH: u32 = 2;

/// Most results a `search` may ask for. Chosen: four screenfuls; past
/// that, a narrower question serves better.
pub const MAX_SEARCH_LIMIT: usize = 200;

/// `search` arguments.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "cli", derive(clap::Args))]
#[serde(deny_unknown_fields)]
pub struct SearchArgs {
    /// Words, or a name or part of one.
    pub text: String,
    /// Rankers: `auto` fuses all, after name matches.
    #[serde(default)]
    #[cfg_attr(feature = "cli", arg(long, value_enum, default_value_t = SearchMode::Auto))]
    pub mode: SearchMode,
    /// Only this kind (`function`, `class`).
    #[cfg_attr(feature = "cli", arg(long))]
    pub kind: Option<String>,
    /// Only this language (`python`, `rust`).
    #[cfg_attr(feature = "cli", arg(long))]
    pub lang: Option<String>,
    /// Most results.
    #[serde(default = "default_search_limit")]
    #[cfg_attr(feature = "schema", schemars(range(min = 1, max = MAX_SEARCH_LIMIT)))]
    #[cfg_attr(feature = "cli", arg(long, default_value_t = crate::SEARCH_LIMIT, value_parser = clap::builder::TypedValueParser::map(clap::value_parser!(u16).range(1..=MAX_SEARCH_LIMIT as i64), usize::from)))]
    pub limit: usize,
}

// How `search` ranks: `auto` (exact and prefix name matches first, then
// the name, lexical and semantic rankers fused), or one ranker alone. No
// doc comment: it would be repeated in the input schema.
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(inline))]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "snake_case")]
pub enum SearchMode {
    #[default]
    Auto,
    Name,
    Lexical,
    Semantic,
}

fn default_search_limit() -> usize {
    crate::SEARCH_LIMIT
}

/// Arguments of the queries that take one symbol.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "cli", derive(clap::Args))]
#[serde(deny_unknown_fields)]
pub struct SymbolArgs {
    /// Bare name (`total`), qualified name (`shop.models.Cart.total`,
    /// `crate::a::B::f`) or `path/to/file:LINE`.
    #[cfg_attr(feature = "cli", arg(value_name = "NAME"))]
    pub symbol: Locator,
}

/// `outline` arguments.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "cli", derive(clap::Args))]
#[serde(deny_unknown_fields)]
pub struct OutlineArgs {
    /// File path relative to the indexed root.
    pub file: String,
    /// Deepest nesting level listed (1 = top-level definitions only); all by default.
    #[cfg_attr(feature = "schema", schemars(range(min = 1)))]
    #[cfg_attr(feature = "cli", arg(long))]
    pub depth: Option<u32>,
}

/// `refs` arguments.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "cli", derive(clap::Args))]
#[serde(deny_unknown_fields)]
pub struct RefsArgs {
    /// Bare name, qualified name or `path/to/file:LINE`.
    #[cfg_attr(feature = "cli", arg(value_name = "NAME"))]
    pub symbol: Locator,
    /// Only references of this kind.
    #[cfg_attr(feature = "cli", arg(long))]
    pub kind: Option<RefKind>,
}

/// `impls` arguments.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "cli", derive(clap::Args))]
#[serde(deny_unknown_fields)]
pub struct ImplsArgs {
    /// Bare name, qualified name or `path/to/file:LINE` of a type or method.
    #[cfg_attr(feature = "cli", arg(value_name = "NAME"))]
    pub symbol: Locator,
    /// Include indirect subtypes too.
    #[serde(default)]
    #[cfg_attr(feature = "cli", arg(long))]
    pub transitive: bool,
}

/// `impact` arguments.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "cli", derive(clap::Args))]
#[serde(deny_unknown_fields)]
pub struct ImpactArgs {
    /// Bare name, qualified name or `path/to/file:LINE`.
    #[cfg_attr(feature = "cli", arg(value_name = "NAME"))]
    pub symbol: Locator,
    /// Hops of dependents to follow.
    #[serde(default = "default_impact_depth")]
    #[cfg_attr(feature = "schema", schemars(range(min = 1, max = crate::MAX_IMPACT_DEPTH)))]
    #[cfg_attr(feature = "cli", arg(long, default_value_t = DEFAULT_IMPACT_DEPTH, value_parser = clap::value_parser!(u32).range(1..=crate::MAX_IMPACT_DEPTH as i64)))]
    pub depth: u32,
}

fn default_impact_depth() -> u32 {
    DEFAULT_IMPACT_DEPTH
}

/// Arguments whose paths a surface rewrites (root-relative, for the CLI's
/// working directory or an MCP client's absolute paths).
pub trait Rebase {
    /// The arguments with every path rewritten by `rebase`.
    fn rebased(self, rebase: &dyn Fn(&str) -> String) -> Self;
}

impl Rebase for SearchArgs {
    fn rebased(self, _: &dyn Fn(&str) -> String) -> Self {
        self
    }
}

impl Rebase for OutlineArgs {
    fn rebased(self, rebase: &dyn Fn(&str) -> String) -> Self {
        Self {
            file: rebase(&self.file),
            ..self
        }
    }
}

/// The arguments that name a symbol by a [`Locator`], whose path (if any)
/// is rebased.
macro_rules! rebase_symbol {
    ($($args:ty),*) => {$(
        impl Rebase for $args {
            fn rebased(mut self, rebase: &dyn Fn(&str) -> String) -> Self {
                self.symbol = self.symbol.rebased(rebase);
                self
            }
        }
    )*};
}

rebase_symbol!(SymbolArgs, RefsArgs, ImplsArgs, ImpactArgs);

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn defaults_apply() {
        let parsed: ImpactArgs = serde_json::from_value(json!({"symbol": "f"})).unwrap();
        assert_eq!(parsed.depth, DEFAULT_IMPACT_DEPTH);
        let parsed: ImplsArgs = serde_json::from_value(json!({"symbol": "f"})).unwrap();
        assert!(!parsed.transitive);
        let parsed: SearchArgs = serde_json::from_value(json!({"text": "f"})).unwrap();
        assert_eq!(
            (parsed.mode, parsed.limit),
            (SearchMode::Auto, crate::SEARCH_LIMIT)
        );
    }
}
