//! The `index` tool: rebuilds the index of the server's root, writing only
//! `root/.plumb/` (the indexer never writes anywhere else) within the
//! bounds the index it replaces was built with, and answers
//! with the run's summary, the object `plumb index --json` prints.

use rmcp::model::JsonObject;
use schemars::JsonSchema;
use serde::Serialize;

use plumb_index::Silent;

use crate::budget::Reply;
use crate::call::Call;
use crate::freshness::Freshness;
use crate::input::{NoArgs, parse};
use crate::output::{Output, ToolError, Truncation};
use crate::summary::IndexSummary;

/// What `index` returns.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct IndexOutput {
    /// The run, exactly as `plumb index --json` prints it.
    #[serde(flatten)]
    pub summary: IndexSummary,
    /// Whether the index matches the working tree (after the run).
    pub freshness: Freshness,
    /// Never set: the answer has no list to cut.
    pub truncated: Option<Truncation>,
}

/// Runs `index`.
pub(crate) fn run(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let NoArgs {} = parse(args)?;
    let limits = call.config().limits.for_root(call.root());
    let summary = plumb_index::index(call.root(), &limits, &Silent)?;
    Ok(Box::new(IndexOutput {
        summary: IndexSummary::of(&summary),
        freshness: Freshness::UNKNOWN,
        truncated: None,
    }))
}

impl Output for IndexOutput {
    fn units(&self) -> usize {
        0
    }

    fn keep(&mut self, _units: usize) {}

    fn narrower(&self) -> String {
        "run `plumb index` in the repository".into()
    }

    fn finish(&mut self, freshness: Freshness, truncated: Option<Truncation>) {
        self.freshness = freshness;
        self.truncated = truncated;
    }

    fn render(&self, out: &mut String) {
        out.push_str(&self.summary.line());
        out.push_str("; ");
        out.push_str(&self.freshness.describe());
        out.push('\n');
    }
}
