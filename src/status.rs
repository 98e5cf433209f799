//! `plumb status`: the report lives in `plumb-mcp` so that the CLI and the
//! MCP `status` tool print the same object.

pub use plumb_mcp::status::{Report, report};
