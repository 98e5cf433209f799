//! The `lsp` tool (`full` profile): one position question to the language
//! server of a file — hover, definition, references, type definition —
//! at a symbol the index locates or at `path` + `line` + `column`. The
//! server starts on the first such call (or write) and is reused.

use rmcp::model::JsonObject;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use plumb_query::Locator;
use plumb_rpc::lsp::Ask;
use plumb_rpc::lsp::Doc;
use plumb_rpc::lsp::uri::path_of_uri;

use crate::budget::Reply;
use crate::call::Call;
use crate::freshness::Freshness;
use crate::input::{parse, relative_path};
use crate::output::{Output, ToolError, Truncation};

/// What to ask the server.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// The type and documentation at the position.
    Hover,
    /// Where what is at the position is defined.
    Definition,
    /// Every reference to it, declaration included.
    References,
    /// Where its type is defined.
    TypeDefinition,
}

/// Arguments of `lsp`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct LspArgs {
    /// `hover`, `definition`, `references` or `type_definition`.
    action: Action,
    /// A symbol the index knows (bare, qualified, or `path:LINE`); its
    /// name's position is asked about. Give this or `path` + `line` + `column`.
    symbol: Option<String>,
    /// A file, relative to the root.
    path: Option<String>,
    /// Line in `path`, 1-based.
    line: Option<u32>,
    /// Column in `line`, 1-based.
    column: Option<u32>,
}

/// A place the server named.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Place {
    /// The file: relative to the root inside it, else absolute.
    pub file: String,
    /// Line, 1-based.
    pub line: u32,
    /// Column, 1-based.
    pub column: u32,
}

/// What `lsp` returns.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct LspOutput {
    /// The action asked.
    pub action: Action,
    /// The position asked about.
    pub at: Place,
    /// The server that answered.
    pub server: String,
    /// For `hover`: the server's text (type, signature, documentation).
    pub hover: Option<String>,
    /// For the other actions: the places, in the server's order.
    pub locations: Vec<Place>,
    /// Whether the index matches the working tree.
    pub freshness: Freshness,
    /// Set when places were left out to fit the response budget.
    pub truncated: Option<Truncation>,
}

/// Runs `lsp`.
pub(crate) fn run(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let args: LspArgs = parse(args)?;
    let at = position(call, &args)?;
    let text = std::fs::read_to_string(call.root().join(&at.file))
        .map_err(|err| ToolError::argument(Some("path".into()), format!("{}: {err}", at.file)))?;
    let ask = match args.action {
        Action::Hover => Ask::Hover,
        Action::Definition => Ask::Definition,
        Action::References => Ask::References,
        Action::TypeDefinition => Ask::TypeDefinition,
    };
    let doc = Doc {
        path: &at.file,
        text: &text,
    };
    let (answer, server) = call
        .workspace()
        .pool()
        .ask(doc, ask, at.line, at.column)
        .map_err(|reason| ToolError::new(format!("no language server answer: {reason}")))?;
    let (hover, locations) = match args.action {
        Action::Hover => (Some(hover_text(&answer["contents"])), Vec::new()),
        _ => (None, places(call, &answer)),
    };
    Ok(Box::new(LspOutput {
        action: args.action,
        at,
        server: server.to_owned(),
        hover,
        locations,
        freshness: Freshness::UNKNOWN,
        truncated: None,
    }))
}

/// The position asked about: the symbol's name as the index has it, or
/// the path, line and column given.
fn position(call: &Call, args: &LspArgs) -> Result<Place, ToolError> {
    match (&args.symbol, &args.path, args.line, args.column) {
        (Some(symbol), None, None, None) => {
            let locator: Locator = symbol.parse().map_err(|err: plumb_query::LocatorError| {
                ToolError::argument(Some("symbol".into()), err.to_string())
            })?;
            let locator = locator.rebased(&|path| relative_path(call.root(), path));
            let answer = call
                .engine()?
                .symbol_info(&locator)
                .map_err(crate::output::about("symbol"))?;
            let Some(target) = answer.targets.first() else {
                return Err(ToolError::argument(
                    Some("symbol".into()),
                    format!("{symbol}: not in the index (try `search`)"),
                ));
            };
            let line_text = std::fs::read_to_string(call.root().join(&target.file))
                .ok()
                .and_then(|text| {
                    text.lines()
                        .nth(target.line.saturating_sub(1) as usize)
                        .map(str::to_owned)
                })
                .unwrap_or_default();
            let column = name_column(&line_text, &target.name);
            Ok(Place {
                file: target.file.clone(),
                line: target.line,
                column,
            })
        }
        (None, Some(path), Some(line), Some(column)) if line > 0 && column > 0 => Ok(Place {
            file: relative_path(call.root(), path),
            line,
            column,
        }),
        _ => Err(ToolError::argument(
            None,
            "give either `symbol`, or `path` with `line` and `column` (1-based)".into(),
        )),
    }
}

/// The 1-based column of `name` as a whole word in `line` (1 if absent).
fn name_column(line: &str, name: &str) -> u32 {
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    let found = line.match_indices(name).find(|(at, _)| {
        let before = line[..*at].chars().next_back();
        let after = line[at + name.len()..].chars().next();
        !before.is_some_and(is_word) && !after.is_some_and(is_word)
    });
    found.map_or(1, |(at, _)| at as u32 + 1)
}

/// Hover contents (`MarkupContent`, a `MarkedString` or a list of them)
/// as text.
fn hover_text(contents: &Value) -> String {
    match contents {
        Value::String(text) => text.clone(),
        Value::Array(items) => items.iter().map(hover_text).collect::<Vec<_>>().join("\n"),
        Value::Object(object) => object
            .get("value")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned(),
        _ => String::new(),
    }
}

/// The places of a `Location`, a list of them, or of `LocationLink`s.
fn places(call: &Call, answer: &Value) -> Vec<Place> {
    let items: Vec<&Value> = match answer {
        Value::Array(items) => items.iter().collect(),
        Value::Null => Vec::new(),
        single => vec![single],
    };
    items
        .into_iter()
        .filter_map(|item| {
            let uri = item
                .get("uri")
                .or_else(|| item.get("targetUri"))?
                .as_str()?;
            let range = item
                .get("range")
                .or_else(|| item.get("targetSelectionRange"))?;
            let path = path_of_uri(uri)?;
            let file = match path.strip_prefix(call.root()) {
                Ok(relative) => relative.to_string_lossy().into_owned(),
                Err(_) => path.to_string_lossy().into_owned(),
            };
            let number = |key: &str| range["start"][key].as_u64().map(|n| n as u32 + 1);
            Some(Place {
                file,
                line: number("line")?,
                column: number("character")?,
            })
        })
        .collect()
}

impl Output for LspOutput {
    fn units(&self) -> usize {
        self.locations.len()
    }

    fn keep(&mut self, units: usize) {
        self.locations.truncate(units);
    }

    fn narrower(&self) -> String {
        "ask `refs` (the index) for a filtered list".into()
    }

    fn finish(&mut self, freshness: Freshness, truncated: Option<Truncation>) {
        self.freshness = freshness;
        self.truncated = truncated;
    }

    fn render(&self, out: &mut String) {
        out.push_str(&format!(
            "{} at {}:{}:{} ({})\n",
            serde_json::to_value(self.action)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default(),
            self.at.file,
            self.at.line,
            self.at.column,
            self.server
        ));
        if let Some(hover) = &self.hover {
            out.push_str(hover);
            out.push('\n');
        }
        for place in &self.locations {
            out.push_str(&format!("{}:{}:{}\n", place.file, place.line, place.column));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_found_as_a_whole_word() {
        assert_eq!(name_column("def total_price(total):", "total"), 17);
        assert_eq!(name_column("    def total(self):", "total"), 9);
        assert_eq!(name_column("nothing here", "total"), 1);
    }

    #[test]
    fn hover_contents_of_every_shape_become_text() {
        let markup = serde_json::json!({"kind": "markdown", "value": "x: int"});
        assert_eq!(hover_text(&markup), "x: int");
        let list = serde_json::json!(["a", {"language": "python", "value": "b"}]);
        assert_eq!(hover_text(&list), "a\nb");
    }
}
