//! The argument of each capability: one struct per query, read by both
//! surfaces (the CLI builds it from its flags, the MCP server deserializes
//! it from a tool call, and with the `schema` feature its field docs become
//! the tool's input schema).

use serde::Deserialize;

use crate::answer::RefKind;
use crate::locator::Locator;

/// Default `depth` of `impact`. Chosen: direct dependents and theirs; the
/// CLI uses the same default.
pub const DEFAULT_IMPACT_DEPTH: u32 = 2;

/// `search` arguments.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct SearchArgs {
    /// Name or part of one: exact name, prefix, or camelCase/snake_case words.
    pub text: String,
}

/// Arguments of the queries that take one symbol.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct SymbolArgs {
    /// Bare name (`total`), qualified name (`shop.models.Cart.total`,
    /// `crate::a::B::f`) or `path/to/file:LINE`.
    pub symbol: Locator,
}

/// `outline` arguments.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct OutlineArgs {
    /// File path relative to the indexed root.
    pub file: String,
    /// Deepest nesting level listed (1 = top-level definitions only); all by default.
    #[cfg_attr(feature = "schema", schemars(range(min = 1)))]
    pub depth: Option<u32>,
}

/// `refs` arguments.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct RefsArgs {
    /// Bare name, qualified name or `path/to/file:LINE`.
    pub symbol: Locator,
    /// Only references of this kind.
    pub kind: Option<RefKind>,
}

/// `impls` arguments.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ImplsArgs {
    /// Bare name, qualified name or `path/to/file:LINE` of a type or method.
    pub symbol: Locator,
    /// Include indirect subtypes too.
    #[serde(default)]
    pub transitive: bool,
}

/// `impact` arguments.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ImpactArgs {
    /// Bare name, qualified name or `path/to/file:LINE`.
    pub symbol: Locator,
    /// Hops of dependents to follow.
    #[serde(default = "default_impact_depth")]
    #[cfg_attr(feature = "schema", schemars(range(min = 1, max = crate::MAX_IMPACT_DEPTH)))]
    pub depth: u32,
}

fn default_impact_depth() -> u32 {
    DEFAULT_IMPACT_DEPTH
}

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
    }
}
