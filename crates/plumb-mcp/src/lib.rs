//! plumb-mcp serves plumb's code graph to coding agents over the Model
//! Context Protocol, on the official Rust SDK (`rmcp`), over stdio.
//!
//! It holds the tool table (`tools/`: one row per `plumb-query`
//! capability, built from the capability's name, description, tier and
//! argument and answer types, plus `status` and `index`), the input and
//! output schemas, the profiles, the response budget that keeps every
//! message on the wire under a byte cap by dropping whole items, the
//! freshness block attached to every answer, and a newline-delimited stdio
//! transport that answers malformed JSON with a JSON-RPC parse error and
//! keeps serving. It also owns the two reports the CLI prints too: the
//! status report ([`status`]) and an index run's summary ([`summary`]).
//!
//! It reads the graph only through `plumb-query` (and `plumb-store` to open
//! it); it uses `plumb-index` for the `index` tool, the one tool that
//! writes only to `.plumb/`, and for freshness. Source files are written
//! only by the edit set's tools (`write`, `edit`, `apply_patch`,
//! `resolve`), through `plumb-edit`. Logs go through `tracing`; stdout
//! carries protocol messages only.

mod budget;
mod call;
pub mod debug;
mod freshness;
mod input;
mod lean;
mod lsp;
mod output;
mod profile;
mod quote;
mod rows;
mod schema;
mod server;
mod signals;
mod source;
pub mod status;
pub mod structural;
pub mod summary;
mod text;
mod tools;
mod transport;

use std::path::PathBuf;

use rmcp::ServiceExt;

use plumb_index::limits::LimitOverrides;

pub use budget::{
    DEFAULT_MAX_BYTES, MAX_BYTES_ENV, MAX_MAX_BYTES, MIN_MAX_BYTES, resolve_max_bytes,
};
pub use profile::{PROFILE_ENV, Profile, ToolSet};
pub use server::Server;
pub use transport::{InputEnded, LineTransport};

/// What a server needs to know, resolved once at start.
#[derive(Clone, Debug)]
pub struct Config {
    /// The indexed root (absolute); the `index` tool writes `root/.plumb/`.
    pub root: PathBuf,
    /// Which tools are offered.
    pub profile: Profile,
    /// The most bytes one response may take on the wire, newline included.
    pub max_bytes: usize,
    /// Bounds of the `index` tool's runs given explicitly; the others are
    /// those the index being replaced was built with.
    pub limits: LimitOverrides,
}

/// Failures that stop the server (never a failure of one request).
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The client went away or spoke no MCP before initializing.
    #[error("MCP session did not start: {0}")]
    Initialize(Box<rmcp::service::ServerInitializeError>),
    /// The session loop ended abnormally.
    #[error("MCP session ended abnormally: {0}")]
    Session(#[from] tokio::task::JoinError),
}

/// Serves MCP over this process's stdin and stdout until the client closes
/// stdin; a call still running then is abandoned, so the process can exit
/// at once.
pub async fn serve_stdio(config: Config) -> Result<(), ServeError> {
    let (read, write) = rmcp::transport::stdio();
    let transport = LineTransport::new(read, write);
    let server = Server::new(config).until(transport.input_ended());
    let sessions = server.clone();
    let running = server
        .serve(transport)
        .await
        .map_err(|err| ServeError::Initialize(Box::new(err)));
    let reason = match running {
        Ok(running) => running.waiting().await,
        Err(err) => {
            sessions.end_debug_sessions();
            return Err(err);
        }
    };
    // The connection is closed: no debugger session may outlive it.
    let killed = sessions.end_debug_sessions();
    tracing::info!(?reason, killed, "session ended");
    Ok(reason.map(|_| ())?)
}
