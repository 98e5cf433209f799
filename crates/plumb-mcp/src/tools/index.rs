//! The `index` tool: rebuilds the index of the server's root, writing only
//! `root/.plumb/` (the indexer never writes anywhere else) within the
//! bounds the index it replaces was built with, and answers
//! with the run's summary, the object `plumb index --json` prints.

use rmcp::model::JsonObject;
use schemars::JsonSchema;
use serde::Serialize;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use plumb_index::Progress;

use crate::budget::Reply;
use crate::call::Call;
use crate::freshness::Freshness;
use crate::input::{NoArgs, parse};
use crate::output::{Output, ToolError, Truncation};
use crate::signals::{Signals, Update};
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
    let summary = plumb_index::index(call.root(), &limits, &CallProgress::new(call.signals()))
        .inspect_err(|err| {
            if matches!(err, plumb_index::IndexError::Cancelled) {
                tracing::info!("the index run stopped before its commit: cancelled");
            }
        })?;
    Ok(Box::new(IndexOutput {
        summary: IndexSummary::of(&summary),
        freshness: Freshness::UNKNOWN,
        truncated: None,
    }))
}

/// How many progress notifications the parse may send at most. Chosen:
/// enough for a client's bar to move smoothly, few enough to cost nothing
/// next to the run.
const PARSE_UPDATES: usize = 50;

/// The run's progress, sent to the client (when it asked) in units of
/// files parsed, with one more unit for resolving and writing; and the
/// client's cancellation, which stops the run before it commits.
struct CallProgress<'s> {
    signals: &'s Signals,
    files: AtomicUsize,
    parsed: AtomicUsize,
    /// Whether the walk ended: before it, the total is unknown, so the
    /// `walking` phase is not reported.
    walked: AtomicBool,
}

impl<'s> CallProgress<'s> {
    fn new(signals: &'s Signals) -> Self {
        CallProgress {
            signals,
            files: AtomicUsize::new(0),
            parsed: AtomicUsize::new(0),
            walked: AtomicBool::new(false),
        }
    }

    /// Reports `done` units of work, doing `message`.
    fn report(&self, done: f64, message: impl Into<String>) {
        self.signals.report(Update {
            progress: done,
            total: Some((self.files.load(Ordering::Relaxed) + 1) as f64),
            message: message.into(),
        });
    }
}

impl Progress for CallProgress<'_> {
    fn walked(&self, files: usize) {
        self.files.store(files, Ordering::Relaxed);
        self.walked.store(true, Ordering::Relaxed);
        self.report(0.0, format!("parsing {files} files"));
    }

    fn parsed_one(&self) {
        let parsed = self.parsed.fetch_add(1, Ordering::Relaxed) + 1;
        let step = (self.files.load(Ordering::Relaxed) / PARSE_UPDATES).max(1);
        if parsed.is_multiple_of(step) {
            self.report(parsed as f64, "parsing");
        }
    }

    fn phase(&self, name: &'static str) {
        if !self.walked.load(Ordering::Relaxed) {
            return;
        }
        self.report(self.files.load(Ordering::Relaxed) as f64, name);
    }

    fn cancelled(&self) -> bool {
        self.signals.cancelled()
    }
}

impl Output for IndexOutput {
    fn units(&self) -> usize {
        0
    }

    fn keep(&mut self, _units: usize) {}

    fn narrower(&self) -> String {
        "call `status` for the index's files by status".into()
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
