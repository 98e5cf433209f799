//! Merging plumb's server entry into a client's configuration file: JSON
//! (with comments and trailing commas, as VS Code and Zed allow) through a
//! concrete syntax tree, TOML through `toml_edit`, so that every other
//! server, setting, comment and blank line stays as it was. Merging twice
//! changes nothing the second time.

use jsonc_parser::ParseOptions;
use jsonc_parser::cst::{CstInputValue, CstObject, CstRootNode};
use serde_json::Value;

/// A configuration value, in an order that both writers keep.
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    /// A string.
    Str(String),
    /// A list of strings.
    List(Vec<String>),
    /// A boolean.
    Bool(bool),
    /// An object, keys in writing order.
    Object(Vec<(&'static str, Node)>),
}

impl Node {
    fn to_cst(&self) -> CstInputValue {
        match self {
            Node::Str(s) => CstInputValue::String(s.clone()),
            Node::List(items) => {
                CstInputValue::Array(items.iter().cloned().map(CstInputValue::String).collect())
            }
            Node::Bool(b) => CstInputValue::Bool(*b),
            Node::Object(fields) => CstInputValue::Object(
                fields
                    .iter()
                    .map(|(key, value)| ((*key).to_owned(), value.to_cst()))
                    .collect(),
            ),
        }
    }

    /// The value as JSON, to compare with what a file holds.
    pub fn to_json(&self) -> Value {
        match self {
            Node::Str(s) => Value::String(s.clone()),
            Node::List(items) => items.iter().cloned().map(Value::String).collect(),
            Node::Bool(b) => Value::Bool(*b),
            Node::Object(fields) => Value::Object(
                fields
                    .iter()
                    .map(|(key, value)| ((*key).to_owned(), value.to_json()))
                    .collect(),
            ),
        }
    }

    fn to_toml(&self) -> toml_edit::Item {
        use toml_edit::{Array, Item, Table, value};
        match self {
            Node::Str(s) => value(s.as_str()),
            Node::List(items) => value(items.iter().map(String::as_str).collect::<Array>()),
            Node::Bool(b) => value(*b),
            Node::Object(fields) => {
                let mut table = Table::new();
                for (key, node) in fields {
                    table.insert(key, node.to_toml());
                }
                Item::Table(table)
            }
        }
    }
}

/// What a merge did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// The entry was added.
    Added,
    /// An entry of that name was replaced.
    Updated,
    /// The entry was already there as wanted.
    Unchanged,
}

/// The object at `keys` under `object`, created where missing; an error
/// names the key that holds something else.
fn object_at(mut object: CstObject, keys: &[&str]) -> Result<CstObject, String> {
    for key in keys {
        object = object
            .object_value_or_create(key)
            .ok_or_else(|| format!("\"{key}\" is not an object; fix it by hand"))?;
    }
    Ok(object)
}

/// Merges `entry` as `name` into the object at `keys` of the JSON text
/// (empty for a new file). Returns the new text and what changed.
pub fn json(
    text: &str,
    keys: &[&str],
    name: &str,
    entry: &Node,
) -> Result<(String, Change), String> {
    let source = if text.trim().is_empty() { "{}\n" } else { text };
    let root = CstRootNode::parse(source, &ParseOptions::default()).map_err(|e| e.to_string())?;
    let top = match root.value() {
        None => root.object_value_or_set(),
        Some(_) => root
            .object_value()
            .ok_or("the file does not hold a JSON object; fix it by hand")?,
    };
    let servers = object_at(top, keys)?;
    let change = match servers.get(name) {
        Some(existing) => {
            let current = existing.value().and_then(|v| v.to_serde_value());
            if current.as_ref() == Some(&entry.to_json()) {
                Change::Unchanged
            } else {
                existing.set_value(entry.to_cst());
                Change::Updated
            }
        }
        None => {
            servers.append(name, entry.to_cst());
            Change::Added
        }
    };
    if change == Change::Unchanged {
        return Ok((text.to_owned(), change));
    }
    let mut out = root.to_string();
    if !out.ends_with('\n') {
        out.push('\n');
    }
    Ok((out, change))
}

/// Whether the JSON text holds an object at `keys`.
pub fn json_has_object(text: &str, keys: &[&str]) -> bool {
    let Ok(root) = CstRootNode::parse(text, &ParseOptions::default()) else {
        return false;
    };
    let mut object = root.object_value();
    for key in keys {
        object = object.and_then(|o| o.object_value(key));
    }
    object.is_some()
}

/// Merges `entry` as `[table.name]` into the TOML text (empty for a new file).
pub fn toml(text: &str, table: &str, name: &str, entry: &Node) -> Result<(String, Change), String> {
    let mut doc: toml_edit::DocumentMut = text
        .parse()
        .map_err(|e: toml_edit::TomlError| e.to_string())?;
    let servers = doc
        .entry(table)
        .or_insert_with(|| {
            let mut table = toml_edit::Table::new();
            table.set_implicit(true);
            toml_edit::Item::Table(table)
        })
        .as_table_like_mut()
        .ok_or_else(|| format!("`{table}` is not a table; fix it by hand"))?;
    let wanted = entry.to_json();
    let change = match servers.get(name) {
        Some(existing) if toml_to_json(existing) == Some(wanted) => Change::Unchanged,
        Some(_) => Change::Updated,
        None => Change::Added,
    };
    if change == Change::Unchanged {
        return Ok((text.to_owned(), change));
    }
    servers.insert(name, entry.to_toml());
    Ok((doc.to_string(), change))
}

/// A TOML item as JSON (strings, booleans, string arrays and tables: what
/// an entry holds).
fn toml_to_json(item: &toml_edit::Item) -> Option<Value> {
    if let Some(table) = item.as_table_like() {
        return table
            .iter()
            .map(|(key, item)| Some((key.to_owned(), toml_to_json(item)?)))
            .collect::<Option<serde_json::Map<_, _>>>()
            .map(Value::Object);
    }
    let value = item.as_value()?;
    if let Some(s) = value.as_str() {
        return Some(Value::String(s.to_owned()));
    }
    if let Some(b) = value.as_bool() {
        return Some(Value::Bool(b));
    }
    let array = value.as_array()?;
    array
        .iter()
        .map(|v| v.as_str().map(|s| Value::String(s.to_owned())))
        .collect::<Option<Vec<_>>>()
        .map(Value::Array)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry() -> Node {
        Node::Object(vec![
            ("command", Node::Str("plumb".into())),
            ("args", Node::List(vec!["serve".into()])),
        ])
    }

    #[test]
    fn a_new_json_file_gets_the_entry() {
        let (text, change) = json("", &["mcpServers"], "plumb", &entry()).unwrap();
        assert_eq!(change, Change::Added);
        let value: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value["mcpServers"]["plumb"]["args"][0], "serve");
        assert!(text.ends_with('\n'));
    }

    #[test]
    fn json_comments_and_other_servers_stay_and_a_second_merge_changes_nothing() {
        let before =
            "{\n  // mine\n  \"servers\": {\n    \"other\": {\"command\": \"x\"},\n  },\n}\n";
        let (once, change) = json(before, &["servers"], "plumb", &entry()).unwrap();
        assert_eq!(change, Change::Added);
        assert!(
            once.contains("// mine") && once.contains("\"other\""),
            "{once}"
        );
        let (twice, change) = json(&once, &["servers"], "plumb", &entry()).unwrap();
        assert_eq!(change, Change::Unchanged);
        assert_eq!(once, twice);
    }

    #[test]
    fn a_stale_entry_is_replaced() {
        let before = r#"{"mcpServers": {"plumb": {"command": "old"}}}"#;
        let (after, change) = json(before, &["mcpServers"], "plumb", &entry()).unwrap();
        assert_eq!(change, Change::Updated);
        assert!(!after.contains("old"), "{after}");
    }

    #[test]
    fn a_key_holding_something_else_is_an_error() {
        let err = json(r#"{"mcpServers": []}"#, &["mcpServers"], "plumb", &entry()).unwrap_err();
        assert!(err.contains("mcpServers"), "{err}");
        assert!(json("{not json", &["mcpServers"], "plumb", &entry()).is_err());
    }

    #[test]
    fn toml_keeps_comments_and_other_servers_and_is_idempotent() {
        let before = "# my config\nmodel = \"x\"\n\n[mcp_servers.other]\ncommand = \"y\"\n";
        let (once, change) = toml(before, "mcp_servers", "plumb", &entry()).unwrap();
        assert_eq!(change, Change::Added);
        assert!(once.starts_with("# my config\nmodel = \"x\""), "{once}");
        assert!(once.contains("[mcp_servers.other]") && once.contains("[mcp_servers.plumb]"));
        let (twice, change) = toml(&once, "mcp_servers", "plumb", &entry()).unwrap();
        assert_eq!(change, Change::Unchanged);
        assert_eq!(once, twice);
    }
}
