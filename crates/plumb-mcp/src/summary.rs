//! The summary of one index run, shared by `plumb index --json`, `plumb
//! watch --json` and the MCP `index` tool: one serialisable object made
//! from `plumb-index`'s [`Summary`], and its one-line text.

use std::collections::BTreeMap;
use std::time::Duration;

use schemars::JsonSchema;
use serde::Serialize;

use plumb_index::Summary;
use plumb_store::model::FileStatus;

/// What one run did. Fields are in the order they print (by name).
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct IndexSummary {
    /// Wall time, in milliseconds.
    pub elapsed_ms: u64,
    /// Files by status (the statuses met only).
    pub files: BTreeMap<&'static str, usize>,
    /// Indexed files that had syntax errors.
    pub files_with_syntax_errors: usize,
    /// Occurrences written.
    pub occurrences: usize,
    /// Wall time of each phase that ran, in milliseconds.
    pub phases_ms: BTreeMap<&'static str, u64>,
    /// Files whose references were resolved.
    pub resolved_files: usize,
    /// Occurrences with at least one target.
    pub resolved_occurrences: usize,
    /// Files whose facts came from the cache instead of being parsed.
    pub reused_files: usize,
    /// Files whose rows were written.
    pub rewritten_files: usize,
    /// Symbols written.
    pub symbols: usize,
    /// Whether the index already matched the tree, so nothing was written.
    pub up_to_date: bool,
    /// Wall time, unrounded, for the text.
    #[serde(skip)]
    #[schemars(skip)]
    elapsed: Duration,
}

impl IndexSummary {
    /// The summary of `summary`'s run.
    pub fn of(summary: &Summary) -> IndexSummary {
        IndexSummary {
            elapsed_ms: summary.elapsed.as_millis() as u64,
            files: summary
                .files
                .iter()
                .map(|(status, n)| (status.as_str(), *n))
                .collect(),
            files_with_syntax_errors: summary.files_with_syntax_errors,
            occurrences: summary.occurrences,
            phases_ms: summary
                .phases
                .iter()
                .map(|(name, took)| (*name, took.as_millis() as u64))
                .collect(),
            resolved_files: summary.resolved_files,
            resolved_occurrences: summary.resolved_occurrences,
            reused_files: summary.reused_files,
            rewritten_files: summary.rewritten_files,
            symbols: summary.symbols,
            up_to_date: summary.up_to_date,
            elapsed: summary.elapsed,
        }
    }

    /// Files with `status`.
    fn count(&self, status: FileStatus) -> usize {
        self.files.get(status.as_str()).copied().unwrap_or(0)
    }

    /// The one-line text: `indexed 5 files (0 skipped, …): 23 symbols, …`.
    pub fn line(&self) -> String {
        let indexed = self.count(FileStatus::Indexed);
        let skipped: usize = self.files.values().sum::<usize>() - indexed;
        let quarantined = self.count(FileStatus::Quarantined);
        let (verb, reuse) = if self.up_to_date {
            ("up to date, nothing changed:", String::new())
        } else if self.reused_files > 0 {
            (
                "indexed",
                format!(
                    "{} parsed, {} unchanged, ",
                    indexed.saturating_sub(self.reused_files),
                    self.reused_files
                ),
            )
        } else {
            ("indexed", String::new())
        };
        format!(
            "{verb} {indexed} files ({reuse}{skipped} skipped, {quarantined} quarantined, {} with syntax errors): {} symbols, {} occurrences ({} resolved) in {:.2}s",
            self.files_with_syntax_errors,
            self.symbols,
            self.occurrences,
            self.resolved_occurrences,
            self.elapsed.as_secs_f64()
        )
    }
}
