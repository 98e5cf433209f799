//! The `status` tool: the CLI's status report plus this server's own
//! state (profile, tools offered, budget), with the tool count derived
//! from the registry.

use std::fmt::Write as _;

use rmcp::model::JsonObject;
use schemars::JsonSchema;
use serde::Serialize;

use plumb_query::answer::Completeness;
use plumb_query::render;

use crate::budget::Reply;
use crate::call::Call;
use crate::freshness::Freshness;
use crate::input::{NoArgs, parse};
use crate::output::{Output, REINDEX, ToolError, Truncation};
use crate::status::{Report, report_with};

/// This server, as `status` reports it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct ServerStatus {
    /// `plumb`.
    pub name: &'static str,
    /// plumb's version.
    pub version: &'static str,
    /// The profile in force: its tool sets, comma-separated (`core,edit`).
    pub profile: String,
    /// How many tools the profile offers.
    pub tools: usize,
    /// Their names.
    pub tool_names: Vec<&'static str>,
    /// The response budget, in bytes.
    pub max_bytes: usize,
}

/// What `status` returns.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct StatusOutput {
    /// The report, exactly as `plumb status --json` prints it.
    #[serde(flatten)]
    pub report: Report,
    /// This server.
    pub server: ServerStatus,
    /// Whether the index matches the working tree.
    pub freshness: Freshness,
    /// Set when skipped files were left out to fit the response budget.
    pub truncated: Option<Truncation>,
}

/// Runs `status`.
pub(crate) fn run(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let NoArgs {} = parse(args)?;
    let store = call.store()?;
    let Some((files, drifted)) = call.drift() else {
        return Err(ToolError::new(format!(
            "the index could not be read: {REINDEX}"
        )));
    };
    let report = report_with(call.root(), &store, files, drifted)?;
    let config = call.config();
    let tool_names: Vec<&'static str> = super::offered(config.profile).map(|t| t.name).collect();
    Ok(Box::new(StatusOutput {
        report,
        server: ServerStatus {
            name: crate::server::NAME,
            version: crate::server::VERSION,
            profile: config.profile.to_string(),
            tools: tool_names.len(),
            tool_names,
            max_bytes: config.max_bytes,
        },
        freshness: Freshness::UNKNOWN,
        truncated: None,
    }))
}

impl Output for StatusOutput {
    fn units(&self) -> usize {
        self.report.results.skipped.len()
    }

    fn keep(&mut self, units: usize) {
        self.report.results.skipped.truncate(units);
    }

    fn narrower(&self) -> String {
        "call `query` (offered under the `full` profile) with `SELECT path, reason FROM files WHERE status != 'indexed'` for every skipped file".into()
    }

    fn finish(&mut self, freshness: Freshness, truncated: Option<Truncation>) {
        self.freshness = freshness;
        if let Some(truncated) = &truncated {
            self.report.completeness = Completeness::LowerBound;
            self.report.notes.push(truncated.note());
        }
        self.truncated = truncated;
    }

    fn render(&self, out: &mut String) {
        self.report.render(out);
        let _ = writeln!(
            out,
            "server: {} {}, profile {}, {} tools ({}), max {} bytes per response; {}",
            self.server.name,
            self.server.version,
            self.server.profile,
            self.server.tools,
            self.server.tool_names.join(", "),
            self.server.max_bytes,
            self.freshness.describe()
        );
        render::notes(&self.report.notes, out);
    }
}
