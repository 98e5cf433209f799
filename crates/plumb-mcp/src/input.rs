//! Tool inputs: the parsing that turns a tool call's arguments into the
//! capability's argument struct (`plumb_query::args`, whose field docs
//! become the input schema), or into an error naming the argument and
//! saying why; and paths made root-relative.

use std::path::Path;

use schemars::JsonSchema;
use serde::Deserialize;
use serde::de::DeserializeOwned;

use crate::output::ToolError;

/// Arguments of the tools that take none.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct NoArgs {}

/// Parses `arguments` into `T`; an error names the argument at fault.
pub(crate) fn parse<T: DeserializeOwned>(
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

/// A file path as the index knows it: absolute paths inside `root` become
/// root-relative, a leading `./` is dropped, `\` becomes `/`.
pub(crate) fn relative_path(root: &Path, path: &str) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;
    use plumb_query::Locator;
    use plumb_query::args::{DEFAULT_IMPACT_DEPTH, ImpactArgs, ImplsArgs, RefsArgs, SymbolArgs};
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
    fn a_blank_symbol_is_named() {
        let err = parse::<SymbolArgs>(args(json!({"symbol": "  "}))).unwrap_err();
        assert_eq!(err.argument.as_deref(), Some("symbol"));
        assert_eq!(err.message, "must not be empty");
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
        let rebase = |path: &str| relative_path(root, path);
        let locator = |text: &str| {
            text.parse::<Locator>()
                .unwrap()
                .rebased(&rebase)
                .to_string()
        };
        assert_eq!(locator("/repo/src/a.py:12"), "src/a.py:12");
        assert_eq!(locator("crate::a::b"), "crate::a::b");
    }
}
