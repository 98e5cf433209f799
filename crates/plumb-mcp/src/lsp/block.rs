//! The `diagnostics` block of a write tool's answer: the language
//! server's verdict on what was written, only the diagnostics the write
//! introduced, and how many it resolved.

use schemars::JsonSchema;
use serde::Serialize;

use plumb_rpc::lsp::{Diagnostic, Outcome, Status};

/// The language server's verdict on a write.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Diagnostics {
    /// `ok`, `unavailable` (no server could check: see `reason`) or
    /// `timeout` (the server did not publish in time).
    pub status: String,
    /// The server(s) asked, comma-separated.
    pub server: Option<String>,
    /// Why no server could check, why it timed out, or that it was
    /// restarted after a crash.
    pub reason: Option<String>,
    /// Diagnostics this write introduced (in the written files, and in
    /// other open files it broke), never one reported before.
    pub new: Vec<Diagnostic>,
    /// Diagnostics reported before that this write made go away.
    pub resolved: usize,
    /// New diagnostics left out (bounded list, or the response budget).
    pub omitted: usize,
}

impl Diagnostics {
    /// The block of a server outcome.
    pub fn of(outcome: Outcome) -> Diagnostics {
        let status = match outcome.status {
            Status::Ok => "ok",
            Status::Unavailable => "unavailable",
            Status::Timeout => "timeout",
        };
        Diagnostics {
            status: status.to_owned(),
            server: outcome.server,
            reason: outcome.reason,
            new: outcome.diagnostics,
            resolved: outcome.resolved,
            omitted: outcome.omitted,
        }
    }

    /// The text form: a summary line, then one line per new diagnostic.
    pub fn render(&self, out: &mut String) {
        let server = self.server.as_deref().unwrap_or("no server");
        out.push_str(&format!(
            "diagnostics ({server}): {}, {} new, {} resolved",
            self.status,
            self.new.len() + self.omitted,
            self.resolved
        ));
        if let Some(reason) = &self.reason {
            out.push_str(&format!(" ({reason})"));
        }
        out.push('\n');
        for item in &self.new {
            out.push_str("  ");
            out.push_str(&item.line_text());
            out.push('\n');
        }
    }
}
