//! Tool inputs: one struct per tool, whose field docs become the input
//! schema, and the parsing that turns bad arguments into an error naming
//! the argument and saying why.

use std::path::Path;

use schemars::JsonSchema;
use serde::Deserialize;
use serde::de::DeserializeOwned;

use plumb_query::MAX_IMPACT_DEPTH;

use crate::output::ToolError;

/// Default `depth` of `impact`. Chosen: direct dependents and theirs; the
/// CLI uses the same default.
pub const DEFAULT_IMPACT_DEPTH: u32 = 2;

/// `search` arguments.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchArgs {
    /// Name or part of one: exact name, prefix, or camelCase/snake_case words.
    pub text: String,
}

/// Arguments of the tools that take one symbol.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SymbolArgs {
    /// Bare name (`total`), qualified name (`shop.models.Cart.total`,
    /// `crate::a::B::f`) or `path/to/file:LINE`.
    pub symbol: String,
}

/// `outline` arguments.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OutlineArgs {
    /// File path relative to the indexed root.
    pub file: String,
    /// Deepest nesting level listed (1 = top-level definitions only); all by default.
    #[schemars(range(min = 1))]
    pub depth: Option<u32>,
}

/// An occurrence kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)] // Variant docs would bloat the input schema.
pub enum RefKind {
    Call,
    Import,
    Inherit,
    Implement,
    Type,
    Instantiate,
    Read,
}

impl RefKind {
    /// The kind's name in answers.
    pub fn as_str(self) -> &'static str {
        match self {
            RefKind::Call => "call",
            RefKind::Import => "import",
            RefKind::Inherit => "inherit",
            RefKind::Implement => "implement",
            RefKind::Type => "type",
            RefKind::Instantiate => "instantiate",
            RefKind::Read => "read",
        }
    }
}

/// `refs` arguments.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RefsArgs {
    /// Bare name, qualified name or `path/to/file:LINE`.
    pub symbol: String,
    /// Only references of this kind.
    pub kind: Option<RefKind>,
}

/// `impls` arguments.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ImplsArgs {
    /// Bare name, qualified name or `path/to/file:LINE` of a type or method.
    pub symbol: String,
    /// Include indirect subtypes too.
    #[serde(default)]
    pub transitive: bool,
}

/// `impact` arguments.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ImpactArgs {
    /// Bare name, qualified name or `path/to/file:LINE`.
    pub symbol: String,
    /// Hops of dependents to follow.
    #[serde(default = "default_impact_depth")]
    #[schemars(range(min = 1, max = MAX_IMPACT_DEPTH))]
    pub depth: u32,
}

fn default_impact_depth() -> u32 {
    DEFAULT_IMPACT_DEPTH
}

/// Arguments of the tools that take none.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NoArgs {}

/// Parses `arguments` into `T`; an error names the argument at fault.
pub fn parse<T: DeserializeOwned>(
    arguments: serde_json::Map<String, serde_json::Value>,
) -> Result<T, ToolError> {
    let value = serde_json::Value::Object(arguments);
    serde_path_to_error::deserialize(value).map_err(|err| {
        let path = err.path().to_string();
        let inner = err.into_inner().to_string();
        let argument = if path == "." {
            // Missing and unknown fields are reported at the root; the
            // message names the field.
            quoted_field(&inner)
        } else {
            Some(path)
        };
        ToolError::argument(argument, inner)
    })
}

/// The field serde names in backquotes (`missing field `symbol``).
fn quoted_field(message: &str) -> Option<String> {
    let start = message.find('`')? + 1;
    let len = message[start..].find('`')?;
    Some(message[start..start + len].to_owned())
}

/// Checks that a required text argument is not blank.
pub fn non_empty(name: &str, value: &str) -> Result<(), ToolError> {
    if value.trim().is_empty() {
        return Err(ToolError::argument(
            Some(name.to_owned()),
            "must not be empty".into(),
        ));
    }
    Ok(())
}

/// A file path as the index knows it: absolute paths inside `root` become
/// root-relative, a leading `./` is dropped, `\` becomes `/`.
pub fn relative_path(root: &Path, path: &str) -> String {
    let path = path.trim();
    let as_path = Path::new(path);
    if as_path.is_absolute() {
        if let Ok(rest) = as_path.strip_prefix(root) {
            return rest.to_string_lossy().replace('\\', "/");
        }
        if let Ok(canonical) = std::fs::canonicalize(as_path)
            && let Ok(rest) = canonical.strip_prefix(root)
        {
            return rest.to_string_lossy().replace('\\', "/");
        }
    }
    path.trim_start_matches("./").replace('\\', "/")
}

/// A symbol argument with any `path:LINE` path made root-relative.
pub fn locator(root: &Path, symbol: &str) -> String {
    let symbol = symbol.trim();
    match symbol.rsplit_once(':') {
        Some((path, line)) if !path.ends_with(':') && line.parse::<u32>().is_ok() => {
            format!("{}:{line}", relative_path(root, path))
        }
        _ => symbol.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn args(value: serde_json::Value) -> serde_json::Map<String, serde_json::Value> {
        value.as_object().unwrap().clone()
    }

    #[test]
    fn a_wrong_type_names_the_argument() {
        let err = parse::<ImpactArgs>(args(json!({"symbol": "f", "depth": "deep"}))).unwrap_err();
        assert_eq!(err.argument.as_deref(), Some("depth"));
        assert!(err.message.contains("expected u32"), "{}", err.message);
    }

    #[test]
    fn a_missing_argument_is_named() {
        let err = parse::<SymbolArgs>(args(json!({}))).unwrap_err();
        assert_eq!(err.argument.as_deref(), Some("symbol"));
    }

    #[test]
    fn an_unknown_argument_is_named() {
        let err = parse::<SymbolArgs>(args(json!({"symbol": "f", "nmae": 1}))).unwrap_err();
        assert_eq!(err.argument.as_deref(), Some("nmae"));
    }

    #[test]
    fn an_unknown_enum_value_is_named() {
        let err = parse::<RefsArgs>(args(json!({"symbol": "f", "kind": "calls"}))).unwrap_err();
        assert_eq!(err.argument.as_deref(), Some("kind"));
    }

    #[test]
    fn defaults_apply() {
        let parsed = parse::<ImpactArgs>(args(json!({"symbol": "f"}))).unwrap();
        assert_eq!(parsed.depth, DEFAULT_IMPACT_DEPTH);
        let parsed = parse::<ImplsArgs>(args(json!({"symbol": "f"}))).unwrap();
        assert!(!parsed.transitive);
    }

    #[test]
    fn paths_become_root_relative() {
        let root = Path::new("/repo");
        assert_eq!(relative_path(root, "/repo/src/a.py"), "src/a.py");
        assert_eq!(relative_path(root, "./src/a.py"), "src/a.py");
        assert_eq!(locator(root, "/repo/src/a.py:12"), "src/a.py:12");
        assert_eq!(locator(root, "crate::a::b"), "crate::a::b");
    }
}
