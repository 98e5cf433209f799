//! The response budget: every `tools/call` response stays under a byte cap
//! measured on the whole JSON-RPC message as it goes on the wire (text and
//! structured content together, newline included). When an answer does not
//! fit, whole items are dropped — the largest prefix that fits is kept — and
//! the answer says how many were left out and which narrower call gets them.

use rmcp::model::{CallToolResult, ContentBlock, RequestId, ServerJsonRpcMessage, ServerResult};

use crate::freshness::Freshness;
use crate::output::{Output, ToolError, Truncation};

/// Default cap on one response, in bytes. From the issue: 64 KiB keeps a
/// response a small share of an agent's context window.
pub const DEFAULT_MAX_BYTES: usize = 64 * 1024;
/// Smallest cap accepted. Chosen: room for the envelope, notes, the
/// truncation notice and a few results.
pub const MIN_MAX_BYTES: usize = 4 * 1024;
/// Largest cap accepted. From rmcp: its stdio transport drops incoming
/// lines over 16 MiB (`DEFAULT_MAX_LINE_LENGTH`), so a client built on it
/// could not read more.
pub const MAX_MAX_BYTES: usize = 16 * 1024 * 1024;
/// The environment variable setting the cap when no flag is given.
pub const MAX_BYTES_ENV: &str = "PLUMB_MAX_BYTES";

/// The flag, else the environment value, else [`DEFAULT_MAX_BYTES`];
/// anything outside [`MIN_MAX_BYTES`]..=[`MAX_MAX_BYTES`] is an error
/// naming where it came from.
pub fn resolve_max_bytes(flag: Option<u64>, env: Option<&str>) -> Result<usize, String> {
    let (value, source) = match (flag, env) {
        (Some(flag), _) => (flag, "--max-bytes"),
        (None, Some(text)) => match text.trim().parse::<u64>() {
            Ok(value) => (value, MAX_BYTES_ENV),
            Err(_) => {
                return Err(format!(
                    "{MAX_BYTES_ENV}: {text:?} is not a number of bytes"
                ));
            }
        },
        (None, None) => return Ok(DEFAULT_MAX_BYTES),
    };
    let range = MIN_MAX_BYTES as u64..=MAX_MAX_BYTES as u64;
    if !range.contains(&value) {
        return Err(format!(
            "{source}: {value} is outside {MIN_MAX_BYTES}..={MAX_MAX_BYTES} bytes"
        ));
    }
    Ok(value as usize)
}

/// Where a response goes: its cap and the request it answers.
pub struct Budget {
    /// The cap, in bytes.
    pub max_bytes: usize,
    /// The id the response carries (its digits count too).
    pub id: RequestId,
}

/// A response ready for the wire.
pub struct Responded {
    /// The result.
    pub result: CallToolResult,
    /// Its size on the wire, newline included.
    pub wire_bytes: usize,
    /// Items left out to fit.
    pub omitted: usize,
}

/// A tool's successful return, as the one exit point consumes it.
pub trait Reply: Send {
    /// Attaches `freshness`, fits the budget, and builds the result.
    fn respond(self: Box<Self>, freshness: Freshness, budget: &Budget) -> Responded;
}

impl<T: Output> Reply for T {
    fn respond(self: Box<Self>, freshness: Freshness, budget: &Budget) -> Responded {
        fit(*self, freshness, budget)
    }
}

/// The size of `result` on the wire as the response to `id`: exact for
/// peers on protocol 2026-07-28, and an upper bound for older ones, from
/// whose results rmcp drops `"resultType":"complete",` (24 bytes).
pub fn wire_size(result: &CallToolResult, id: &RequestId) -> usize {
    let message =
        ServerJsonRpcMessage::response(ServerResult::CallToolResult(result.clone()), id.clone());
    // The newline that ends the message on stdio.
    serde_json::to_vec(&message).map_or(usize::MAX, |bytes| bytes.len() + 1)
}

fn build<T: Output>(output: &T) -> CallToolResult {
    let mut text = String::new();
    output.render(&mut text);
    match output.structured() {
        Ok(value) => {
            let mut result = CallToolResult::success(vec![ContentBlock::text(text)]);
            result.structured_content = Some(value);
            // `isError` absent means success (MCP schema: "If not set, this is
            // assumed to be false"); saying `false` costs every answer 16 bytes.
            result.is_error = None;
            result
        }
        Err(err) => error_result(&ToolError::new(format!("internal error: {err}")), None),
    }
}

/// The largest prefix of `output` that fits `budget`, with freshness attached.
pub fn fit<T: Output>(mut output: T, freshness: Freshness, budget: &Budget) -> Responded {
    output.finish(freshness, None);
    let whole = build(&output);
    let size = wire_size(&whole, &budget.id);
    if size <= budget.max_bytes {
        return Responded {
            result: whole,
            wire_bytes: size,
            omitted: 0,
        };
    }
    let total = output.units();
    let attempt = |kept: usize| {
        let mut cut = output.clone();
        cut.keep(kept);
        cut.finish(
            freshness,
            Some(Truncation {
                kept,
                omitted: total - kept,
                narrower: output.narrower(),
            }),
        );
        let result = build(&cut);
        let size = wire_size(&result, &budget.id);
        (result, size)
    };
    let (result, size) = attempt(0);
    if size > budget.max_bytes {
        let err = ToolError::new(format!(
            "the answer does not fit in {} bytes even with every item left out; {} (or start the server with a larger budget, {MAX_BYTES_ENV})",
            budget.max_bytes,
            output.narrower()
        ));
        let result = error_result(&err, Some(freshness));
        let wire_bytes = wire_size(&result, &budget.id);
        return Responded {
            result,
            wire_bytes,
            omitted: total,
        };
    }
    // Sizes grow with the items kept: find the largest count that fits.
    let mut best = (0, result, size);
    let (mut fits, mut too_big) = (0, total);
    while fits + 1 < too_big {
        let middle = fits + (too_big - fits) / 2;
        let (result, size) = attempt(middle);
        if size <= budget.max_bytes {
            fits = middle;
            best = (middle, result, size);
        } else {
            too_big = middle;
        }
    }
    let (kept, result, wire_bytes) = best;
    Responded {
        result,
        wire_bytes,
        omitted: total - kept,
    }
}

/// A tool error result, with the freshness line when known.
pub fn error_result(err: &ToolError, freshness: Option<Freshness>) -> CallToolResult {
    let mut text = err.text();
    if let Some(freshness) = freshness {
        text.push('\n');
        text.push_str(&freshness.describe());
    }
    CallToolResult::error(vec![ContentBlock::text(text)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flag_then_environment_then_default() {
        assert_eq!(resolve_max_bytes(Some(5000), Some("9000")), Ok(5000));
        assert_eq!(resolve_max_bytes(None, Some("9000")), Ok(9000));
        assert_eq!(resolve_max_bytes(None, None), Ok(DEFAULT_MAX_BYTES));
    }

    #[test]
    fn out_of_range_and_garbage_are_refused_with_their_source() {
        let err = resolve_max_bytes(Some(10), None).unwrap_err();
        assert!(err.starts_with("--max-bytes"), "{err}");
        let err = resolve_max_bytes(None, Some("lots")).unwrap_err();
        assert!(err.starts_with(MAX_BYTES_ENV), "{err}");
    }
}
