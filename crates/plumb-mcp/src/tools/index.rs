//! The `index` tool: rebuilds the index of the server's root, writing only
//! `root/.plumb/` (the indexer never writes anywhere else).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use rmcp::model::JsonObject;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::json;

use plumb_index::Silent;
use plumb_query::answer::Completeness;
use plumb_store::model::FileStatus;

use crate::budget::Reply;
use crate::call::Call;
use crate::freshness::Freshness;
use crate::input::{NoArgs, parse};
use crate::output::{Output, ToolError, Truncation};
use crate::text::notes;

/// What one run did.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct IndexResults {
    /// The indexed root.
    pub root: String,
    /// Files by status (every status listed, zero included).
    pub files: BTreeMap<&'static str, usize>,
    /// Indexed files that had syntax errors.
    pub files_with_syntax_errors: usize,
    /// Symbols written.
    pub symbols: usize,
    /// Occurrences written.
    pub occurrences: usize,
    /// Occurrences with at least one target.
    pub resolved_occurrences: usize,
    /// Wall time, in milliseconds.
    pub elapsed_ms: u64,
}

/// What `index` returns.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct IndexOutput {
    /// Always `{"kind": "index"}`.
    pub query: serde_json::Value,
    /// The run.
    pub results: IndexResults,
    /// `exact` when every candidate file was indexed.
    pub completeness: Completeness,
    /// Remarks.
    pub notes: Vec<String>,
    /// Whether the index matches the working tree (after the run).
    pub freshness: Freshness,
    /// Never set: the answer has no list to cut.
    pub truncated: Option<Truncation>,
}

/// Runs `index`.
pub fn run(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let NoArgs {} = parse(args)?;
    let summary = plumb_index::index(call.root(), &call.config().limits, &Silent)?;
    let files: BTreeMap<&'static str, usize> = FileStatus::ALL
        .iter()
        .map(|status| (status.as_str(), summary.count(*status)))
        .collect();
    let left_out = summary
        .files
        .iter()
        .filter(|(s, _)| *s != FileStatus::Indexed)
        .map(|(_, n)| n)
        .sum::<usize>();
    let (completeness, notes) = if left_out == 0 {
        (Completeness::Exact, Vec::new())
    } else {
        (
            Completeness::LowerBound,
            vec![format!(
                "{left_out} files were not indexed; call `status` for which and why"
            )],
        )
    };
    Ok(Box::new(IndexOutput {
        query: json!({"kind": "index"}),
        results: IndexResults {
            root: call.root().to_string_lossy().into_owned(),
            files,
            files_with_syntax_errors: summary.files_with_syntax_errors,
            symbols: summary.symbols,
            occurrences: summary.occurrences,
            resolved_occurrences: summary.resolved_occurrences,
            elapsed_ms: summary.elapsed.as_millis() as u64,
        },
        completeness,
        notes,
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
        let r = &self.results;
        let files: Vec<String> = r
            .files
            .iter()
            .filter(|(_, n)| **n > 0)
            .map(|(status, n)| format!("{status} {n}"))
            .collect();
        let _ = writeln!(
            out,
            "indexed {} in {} ms: {}; {} symbols, {} occurrences ({} resolved); {}",
            r.root,
            r.elapsed_ms,
            files.join(", "),
            r.symbols,
            r.occurrences,
            r.resolved_occurrences,
            self.freshness.describe()
        );
        notes(&self.notes, out);
    }
}
