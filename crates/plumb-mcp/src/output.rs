//! What a tool hands back before it goes on the wire: the answer envelope
//! (the CLI's answer plus `freshness` and `truncated`), the [`Output`]
//! trait the budget trims through, and [`ToolError`], the failure an agent
//! reads.

use schemars::JsonSchema;
use serde::Serialize;

use plumb_query::answer::{Answer, Completeness};
use plumb_query::render::Render;

use crate::freshness::Freshness;
use crate::quote::bounded;

/// How to rebuild the index, wherever an answer asks for it: the tool call
/// to make (notes name tools and their parameters, never a CLI command).
pub const REINDEX: &str =
    "call the `index` tool (offered when the server runs with the `full` profile)";

/// A failed call, rendered as a tool error (`isError: true`) that says what
/// was wrong and what to try next.
#[derive(Debug)]
pub struct ToolError {
    /// The argument at fault, if one is.
    pub argument: Option<String>,
    /// What was wrong.
    pub message: String,
}

impl ToolError {
    /// An error about one argument (or about the arguments as a whole).
    pub fn argument(argument: Option<String>, message: String) -> ToolError {
        ToolError { argument, message }
    }

    /// An error that is no one argument's fault.
    pub fn new(message: impl Into<String>) -> ToolError {
        ToolError {
            argument: None,
            message: message.into(),
        }
    }

    /// The text the agent reads, bounded: input it quotes is cut to a
    /// prefix (`quote.rs`).
    pub fn text(&self) -> String {
        match &self.argument {
            Some(argument) => bounded(&format!("invalid argument `{argument}`: {}", self.message)),
            None => bounded(&self.message),
        }
    }
}

impl From<plumb_store::Error> for ToolError {
    fn from(err: plumb_store::Error) -> ToolError {
        match err {
            plumb_store::Error::Missing(path) => {
                ToolError::new(format!("no index at {}: {REINDEX}", path.display()))
            }
            plumb_store::Error::SchemaMismatch { .. } => {
                ToolError::new(format!("{err}; {REINDEX}"))
            }
            other => ToolError::new(other.to_string()),
        }
    }
}

impl From<plumb_index::IndexError> for ToolError {
    fn from(err: plumb_index::IndexError) -> ToolError {
        ToolError::new(err.to_string())
    }
}

/// Maps a query error to a tool error, blaming `argument` for input errors.
pub fn about(argument: &'static str) -> impl Fn(plumb_query::Error) -> ToolError {
    move |err| match err {
        plumb_query::Error::Input(message) => {
            ToolError::argument(Some(argument.to_owned()), message)
        }
        plumb_query::Error::Argument { argument, message } => {
            ToolError::argument(Some(argument.to_owned()), message)
        }
        plumb_query::Error::Store(err) => err.into(),
        plumb_query::Error::Cancelled => ToolError::new("the call was cancelled"),
    }
}

/// How an answer was cut to fit the byte budget.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Truncation {
    /// Items kept.
    pub kept: usize,
    /// Items left out (whole items, never part of one).
    pub omitted: usize,
    /// The narrower call that gets the rest.
    pub narrower: String,
}

impl Truncation {
    /// The note added to an answer's notes.
    pub fn note(&self) -> String {
        format!(
            "{} items left out to stay under the response budget; {}",
            self.omitted, self.narrower
        )
    }
}

/// An answer as a tool returns it: the CLI's `--json` object plus
/// `freshness` and `truncated`.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Envelope<R: Serialize> {
    /// The answer, exactly as `--json` prints it.
    #[serde(flatten)]
    pub answer: Answer<R>,
    /// Whether the index matches the working tree.
    pub freshness: Freshness,
    /// Set when items were left out to fit the response budget.
    pub truncated: Option<Truncation>,
    /// The narrower call to suggest when trimming.
    #[serde(skip)]
    #[schemars(skip)]
    pub narrower: String,
}

impl<R: Serialize> Envelope<R> {
    /// Wraps `answer`; `narrower` is the call to suggest if it must be cut.
    pub fn new(answer: Answer<R>, narrower: impl Into<String>) -> Envelope<R> {
        Envelope {
            answer,
            freshness: Freshness::UNKNOWN,
            truncated: None,
            narrower: narrower.into(),
        }
    }
}

/// One result of an answer: how many budget units it counts for and how to
/// shrink it (its text is its [`Render`]).
pub trait Item: Clone + Serialize + Render + Send + 'static {
    /// Units it counts for (1; a tree node counts its subtree).
    fn units(&self) -> usize {
        1
    }

    /// Keeps only `units` of it (at least 1; only trees can shrink).
    fn shrink(&mut self, _units: usize) {}
}

/// Units of a list of items.
pub fn units_of<T: Item>(items: &[T]) -> usize {
    items.iter().map(Item::units).sum()
}

/// Keeps the first `units` units of `items`, shrinking the item that
/// straddles the cut.
pub fn keep_items<T: Item>(items: &mut Vec<T>, units: usize) {
    let mut left = units;
    let mut kept = 0;
    for item in items.iter_mut() {
        let size = item.units();
        if size <= left {
            left -= size;
            kept += 1;
        } else {
            if left > 0 {
                item.shrink(left);
                kept += 1;
            }
            break;
        }
    }
    items.truncate(kept);
}

/// Something a tool returns, as the budget sees it.
pub trait Output: Serialize + Clone + Send + 'static {
    /// Units that may be dropped to fit the budget.
    fn units(&self) -> usize;
    /// Keeps the first `units` units.
    fn keep(&mut self, units: usize);
    /// The narrower call that gets what was dropped.
    fn narrower(&self) -> String;
    /// Attaches freshness and, when cut, the truncation (with its note and
    /// a `lower_bound` completeness).
    fn finish(&mut self, freshness: Freshness, truncated: Option<Truncation>);
    /// The compact text rendering.
    fn render(&self, out: &mut String);

    /// The structured content: the value as JSON.
    fn structured(&self) -> serde_json::Result<serde_json::Value> {
        serde_json::to_value(self)
    }
}

impl<T: Item> Output for Envelope<Vec<T>> {
    fn units(&self) -> usize {
        units_of(&self.answer.results)
    }

    fn keep(&mut self, units: usize) {
        keep_items(&mut self.answer.results, units);
    }

    fn narrower(&self) -> String {
        self.narrower.clone()
    }

    fn finish(&mut self, freshness: Freshness, truncated: Option<Truncation>) {
        self.freshness = freshness;
        if let Some(truncated) = &truncated {
            self.answer.completeness = Completeness::LowerBound;
            self.answer.notes.push(truncated.note());
        }
        self.truncated = truncated;
    }

    fn render(&self, out: &mut String) {
        crate::text::envelope(self, out);
    }

    /// The answer with each fact said once: listings as rows
    /// ([`crate::rows`]), then defaults left out ([`crate::lean`]).
    fn structured(&self) -> serde_json::Result<serde_json::Value> {
        let mut value = serde_json::to_value(self)?;
        crate::rows::tabulate(&mut value);
        crate::lean::lean(&mut value);
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Serialize)]
    struct Node(Vec<Node>);

    impl Item for Node {
        fn units(&self) -> usize {
            1 + units_of(&self.0)
        }
        fn shrink(&mut self, units: usize) {
            keep_items(&mut self.0, units - 1);
        }
    }

    impl Render for Node {
        fn render(&self, _: &mut String, _: usize) {}
    }

    #[test]
    fn keeping_cuts_whole_items_and_shrinks_the_straddling_tree() {
        let leaf = || Node(vec![]);
        let mut items = vec![
            Node(vec![leaf(), leaf()]),
            Node(vec![leaf(), leaf(), leaf()]),
        ];
        assert_eq!(units_of(&items), 7);
        keep_items(&mut items, 5);
        assert_eq!(units_of(&items), 5);
        assert_eq!(items.len(), 2);
        assert_eq!(items[1].0.len(), 1);
        keep_items(&mut items, 0);
        assert!(items.is_empty());
    }

    #[test]
    fn errors_name_the_argument() {
        let err = ToolError::argument(Some("depth".into()), "must be at most 10".into());
        assert_eq!(err.text(), "invalid argument `depth`: must be at most 10");
    }
}
