//! The MCP server: rmcp's [`ServerHandler`] over the tool registry. Every
//! `tools/call` goes through [`Inner::answer`], the one exit point that
//! attaches freshness and fits the response budget, whether the tool
//! answered, failed, or panicked.

use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::Instant;

use rmcp::model::{
    CallToolRequestMethod, CallToolRequestParams, CallToolResponse, CallToolResult,
    CompleteRequestMethod, ConstString, CustomRequest, CustomResult, ErrorCode,
    GetPromptRequestMethod, Implementation, InitializeResult, JsonObject, ListToolsResult,
    PaginatedRequestParams, ReadResourceRequestMethod, RequestId, ServerCapabilities, ServerConfig,
    SetLevelRequestMethod, SubscribeRequestMethod, Tool, UnsubscribeRequestMethod,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};

use crate::Config;
use crate::budget::{Budget, Responded, error_result, wire_size};
use crate::call::Call;
use crate::output::ToolError;
use crate::quote::bounded;
use crate::tools::{ToolDef, offered};
use crate::transport::InputEnded;

/// The server's name in `initialize` (rmcp's default would be "rmcp").
pub const NAME: &str = "plumb";
/// plumb's version.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// What the client is told once, at `initialize`.
const INSTRUCTIONS: &str = "plumb answers structural questions about this repository from a resolved code graph: \
definitions (search, symbol, outline), uses (refs, callers, callees) and what depends on what (impact). \
Prefer it to text search for these. Each answer says how every edge was resolved; `name_only` edges are guesses. \
`completeness: lower_bound` means there may be more; `freshness: stale` means files changed since indexing: re-index (`plumb index`).";

/// The MCP server for one repository.
#[derive(Clone)]
pub struct Server {
    inner: Arc<Inner>,
    input_ended: Option<InputEnded>,
}

struct Inner {
    config: Config,
    tools: Vec<&'static ToolDef>,
    listing: Vec<Tool>,
}

impl Server {
    /// A server offering the tools of `config.profile`.
    pub fn new(config: Config) -> Server {
        let tools: Vec<&'static ToolDef> = offered(config.profile).collect();
        let listing = tools.iter().map(|tool| tool.listing()).collect();
        Server {
            inner: Arc::new(Inner {
                config,
                tools,
                listing,
            }),
            input_ended: None,
        }
    }

    /// The same server, abandoning a running call when `input_ended`
    /// resolves (the client is gone: no one waits for the answer, and the
    /// session should end without waiting for the call).
    pub fn until(self, input_ended: InputEnded) -> Server {
        Server {
            input_ended: Some(input_ended),
            ..self
        }
    }

    /// The tools listed, as `tools/list` returns them.
    pub fn listing(&self) -> &[Tool] {
        &self.inner.listing
    }
}

/// The answer to a call of a tool this server does not offer — the same
/// whether the tool does not exist or the profile hides it (MCP's
/// "Unknown tool" error, -32602).
fn unknown_tool(name: &str) -> ErrorData {
    ErrorData::invalid_params(bounded(&format!("Unknown tool: {name}")), None)
}

/// MCP requests whose params are required. rmcp hands such a request on as
/// a custom one when it cannot read its params (missing, or of the wrong
/// shape); JSON-RPC calls that invalid params (-32602), not an unknown
/// method.
const REQUESTS_WITH_PARAMS: [&str; 7] = [
    CallToolRequestMethod::VALUE,
    GetPromptRequestMethod::VALUE,
    ReadResourceRequestMethod::VALUE,
    SubscribeRequestMethod::VALUE,
    UnsubscribeRequestMethod::VALUE,
    CompleteRequestMethod::VALUE,
    SetLevelRequestMethod::VALUE,
];

/// The answer to a request rmcp did not dispatch: invalid params for an
/// MCP request it could not read, else "Method not found" (-32601).
fn undispatched(method: &str) -> ErrorData {
    if REQUESTS_WITH_PARAMS.contains(&method) {
        return ErrorData::invalid_params(
            format!("Invalid params: `{method}` needs params of the shape the MCP schema gives"),
            None,
        );
    }
    ErrorData::new(
        ErrorCode::METHOD_NOT_FOUND,
        bounded(&format!("Method not found: {method}")),
        None,
    )
}

impl Inner {
    /// The one exit point of every call.
    fn answer(&self, tool: &ToolDef, arguments: JsonObject, id: RequestId) -> Responded {
        let call = Call::new(&self.config);
        let outcome = std::panic::catch_unwind(AssertUnwindSafe(|| (tool.run)(&call, arguments)))
            .unwrap_or_else(|panic| {
                let what = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                Err(ToolError::new(format!(
                    "internal error in `{}`: {what}",
                    tool.name
                )))
            });
        let freshness = call.freshness();
        let budget = Budget {
            max_bytes: self.config.max_bytes,
            id,
        };
        match outcome {
            Ok(reply) => reply.respond(freshness, &budget),
            Err(err) => {
                let result = error_result(&err, Some(freshness));
                let wire_bytes = wire_size(&result, &budget.id);
                Responded {
                    result,
                    wire_bytes,
                    omitted: 0,
                }
            }
        }
    }
}

/// Runs `work` on a thread of its own and waits for its answer. Not on
/// Tokio's blocking pool: the runtime waits for that pool's tasks when it
/// shuts down, so a client closing stdin during a long call (an `index`
/// run) would keep the process alive until the call ends. A thread of its
/// own dies with the process, which exits as soon as the session ends.
async fn on_own_thread<T: Send + 'static>(
    name: &str,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, String> {
    let (answer, answered) = tokio::sync::oneshot::channel();
    std::thread::Builder::new()
        .name(format!("plumb-call-{name}"))
        .spawn(move || {
            // The receiver is gone only if the session ended first.
            let _ = answer.send(work());
        })
        .map_err(|err| format!("cannot start a thread for the call: {err}"))?;
    answered
        .await
        .map_err(|_| "the call ended without an answer".to_owned())
}

/// Resolves when `input_ended` does; never without one.
async fn ended(input_ended: Option<InputEnded>) {
    match input_ended {
        Some(input_ended) => input_ended.wait().await,
        None => std::future::pending().await,
    }
}

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_resources()
            .enable_prompts()
            .build();
        let mut info = InitializeResult::new(capabilities).with_instructions(INSTRUCTIONS);
        info.server_info = Implementation::new(NAME, VERSION);
        info
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.inner.listing.clone()))
    }

    async fn on_custom_request(
        &self,
        request: CustomRequest,
        _context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, ErrorData> {
        Err(undispatched(&request.method))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let name = request.name.to_string();
        let Some(tool) = self.inner.tools.iter().copied().find(|t| t.name == name) else {
            tracing::info!(tool = %bounded(&name), "unknown tool");
            return Err(unknown_tool(&name));
        };
        let arguments = request.arguments.unwrap_or_default();
        let inner = Arc::clone(&self.inner);
        let id = context.id.clone();
        let started = Instant::now();
        let answered = on_own_thread(&name, move || inner.answer(tool, arguments, id));
        let input_ended = self.input_ended.clone();
        let answered = tokio::select! {
            answered = answered => answered,
            () = ended(input_ended) => {
                tracing::info!(tool = %name, "the client closed its input during the call; abandoning it");
                return Err(ErrorData::internal_error(
                    "the client closed its input; the call was abandoned",
                    None,
                ));
            }
        };
        let responded = answered.unwrap_or_else(|err| {
            let result = error_result(&ToolError::new(format!("internal error: {err}")), None);
            let wire_bytes = wire_size(&result, &context.id);
            Responded {
                result,
                wire_bytes,
                omitted: 0,
            }
        });
        let failed = responded.result.is_error == Some(true);
        tracing::info!(
            tool = %name,
            ms = started.elapsed().as_millis() as u64,
            wire_bytes = responded.wire_bytes,
            omitted = responded.omitted,
            failed,
            "tools/call"
        );
        if responded.wire_bytes > self.inner.config.max_bytes {
            tracing::error!(tool = %name, wire_bytes = responded.wire_bytes, "response over the budget");
        }
        let result: CallToolResult = responded.result;
        Ok(result.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Profile;
    use rmcp::model::{NumberOrString, ServerJsonRpcMessage, ServerResult};

    fn listing_bytes(profile: Profile) -> usize {
        let server = Server::new(Config {
            root: "/nowhere".into(),
            profile,
            max_bytes: crate::DEFAULT_MAX_BYTES,
            limits: Default::default(),
        });
        let message = ServerJsonRpcMessage::response(
            ServerResult::ListToolsResult(ListToolsResult::with_all_items(
                server.listing().to_vec(),
            )),
            NumberOrString::Number(1),
        );
        serde_json::to_vec(&message).unwrap().len() + 1
    }

    /// From the issue: the core profile's `tools/list` response stays under 8 KB.
    #[test]
    fn the_core_listing_is_under_8_kb() {
        let core = listing_bytes(Profile::CORE);
        assert!(core < 8 * 1024, "core tools/list is {core} bytes");
        assert!(listing_bytes(Profile::FULL) > core);
    }
}
