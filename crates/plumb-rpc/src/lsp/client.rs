//! One language-server process and the JSON-RPC conversation with it, on
//! [`crate::framing`]: `initialize`, documents opened and changed (full
//! text), `publishDiagnostics` kept per document as they arrive, requests
//! with a deadline, `shutdown`. A reader thread owns the server's stdout;
//! it answers the server's own requests (configuration, progress tokens,
//! capability registration) so that no server waits on plumb, and records
//! why the conversation ended: the server exited, or wrote something that
//! is not an LSP message (garbage), after which the process is killed.

use std::collections::{HashMap, HashSet};
use std::io::{BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::uri::{path_of_uri, uri_of_path};
use crate::framing::{FrameReader, write_frame};

/// How long `shutdown` waits for the server's answer before killing it.
/// Chosen: a server that takes longer to shut down is killed anyway.
const SHUTDOWN_WAIT: Duration = Duration::from_secs(2);

/// Why a conversation with a server failed.
#[derive(Clone, Debug, thiserror::Error)]
pub enum LspError {
    /// The process could not be started.
    #[error("cannot start {program}: {message}")]
    Spawn {
        /// The executable.
        program: String,
        /// The operating system's error.
        message: String,
    },
    /// The server exited (or closed its output).
    #[error("the server exited: {0}")]
    Exited(String),
    /// The server wrote something that is not an LSP message.
    #[error("the server wrote garbage: {0}")]
    Garbage(String),
    /// No answer before the deadline.
    #[error("no answer to {0} in time")]
    Timeout(String),
    /// The server answered with an error.
    #[error("the server refused {method}: {message}")]
    Refused {
        /// The request.
        method: String,
        /// The server's message.
        message: String,
    },
}

/// The diagnostics a server last published for one document.
#[derive(Clone, Debug)]
pub struct Published {
    /// The order of this publication among all the session's.
    pub seq: u64,
    /// The document version they are of, when the server says.
    pub version: Option<i32>,
    /// The diagnostics.
    pub diagnostics: Vec<lsp_types::Diagnostic>,
}

#[derive(Default)]
struct State {
    responses: HashMap<i64, Result<Value, String>>,
    published: HashMap<PathBuf, Published>,
    seq: u64,
    /// Messages received so far, of any kind.
    received: u64,
    /// Work-done progress tokens begun and not yet ended.
    progress: HashSet<String>,
    ended: Option<LspError>,
}

#[derive(Default)]
struct Shared {
    state: Mutex<State>,
    changed: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn end(&self, why: LspError) {
        let mut state = self.lock();
        state.ended.get_or_insert(why);
        self.changed.notify_all();
    }

    /// Waits on the condition until `deadline`; false when it passed.
    fn wait_until<'a>(
        &self,
        guard: MutexGuard<'a, State>,
        deadline: Instant,
    ) -> (MutexGuard<'a, State>, bool) {
        let now = Instant::now();
        if now >= deadline {
            return (guard, false);
        }
        let (guard, _) = self
            .changed
            .wait_timeout(guard, deadline - now)
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        (guard, true)
    }
}

/// A document synchronised with the server: where and at what point.
#[derive(Clone, Debug)]
pub struct Synced {
    /// The document's absolute path.
    pub path: PathBuf,
    /// The version sent.
    pub version: i32,
    /// The publication count when it was sent: later publications are of
    /// this content or newer.
    pub after: u64,
}

/// A running language server.
pub struct Client {
    child: Mutex<Child>,
    writer: Arc<Mutex<ChildStdin>>,
    shared: Arc<Shared>,
    next_id: AtomicI64,
    documents: Mutex<HashMap<PathBuf, i32>>,
    capabilities: Value,
}

impl Client {
    /// Starts `program args` in `root`, then initializes it, waiting at
    /// most until `deadline` for its answer.
    pub fn start(
        program: &Path,
        args: &[&str],
        root: &Path,
        deadline: Instant,
    ) -> Result<Client, LspError> {
        let mut child = Command::new(program)
            .args(args)
            .current_dir(root)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|err| LspError::Spawn {
                program: program.display().to_string(),
                message: err.to_string(),
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(LspError::Exited("no stdio pipes".into()));
        };
        let writer = Arc::new(Mutex::new(stdin));
        let shared = Arc::new(Shared::default());
        let reader = Reader {
            shared: Arc::clone(&shared),
            writer: Arc::clone(&writer),
            root: root.to_owned(),
        };
        std::thread::Builder::new()
            .name("plumb-lsp-reader".into())
            .spawn(move || reader.run(stdout))
            .map_err(|err| LspError::Spawn {
                program: program.display().to_string(),
                message: format!("cannot start its reader thread: {err}"),
            })?;
        let mut client = Client {
            child: Mutex::new(child),
            writer,
            shared,
            next_id: AtomicI64::new(1),
            documents: Mutex::new(HashMap::new()),
            capabilities: Value::Null,
        };
        let result = client.request("initialize", initialize_params(root), deadline)?;
        client.capabilities = result.get("capabilities").cloned().unwrap_or(Value::Null);
        client.notify("initialized", json!({}))?;
        Ok(client)
    }

    /// What the server said it can do (`InitializeResult.capabilities`).
    pub fn capabilities(&self) -> &Value {
        &self.capabilities
    }

    /// Why the conversation ended, if it did.
    pub fn ended(&self) -> Option<LspError> {
        self.shared.lock().ended.clone()
    }

    /// Sends a request and waits until `deadline` for its result.
    pub fn request(
        &self,
        method: &str,
        params: Value,
        deadline: Instant,
    ) -> Result<Value, LspError> {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))?;
        let mut state = self.shared.lock();
        loop {
            if let Some(answer) = state.responses.remove(&id) {
                return answer.map_err(|message| LspError::Refused {
                    method: method.to_owned(),
                    message,
                });
            }
            if let Some(ended) = &state.ended {
                return Err(ended.clone());
            }
            let (guard, waited) = self.shared.wait_until(state, deadline);
            state = guard;
            if !waited {
                return Err(LspError::Timeout(method.to_owned()));
            }
        }
    }

    /// Sends a notification.
    pub fn notify(&self, method: &str, params: Value) -> Result<(), LspError> {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}))
    }

    fn send(&self, message: &Value) -> Result<(), LspError> {
        if let Some(ended) = self.ended() {
            return Err(ended);
        }
        let body = message.to_string();
        let mut writer = self
            .writer
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        write_frame(&mut *writer, body.as_bytes())
            .and_then(|()| writer.flush())
            .map_err(|err| LspError::Exited(format!("writing to it failed: {err}")))
    }

    /// Whether the document at `path` is open.
    pub fn is_open(&self, path: &Path) -> bool {
        self.lock_documents().contains_key(path)
    }

    fn lock_documents(&self) -> MutexGuard<'_, HashMap<PathBuf, i32>> {
        self.documents
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Gives the server `text` as the content of `path`: `didOpen` the
    /// first time, then `didChange` with the whole text (which every sync
    /// kind accepts). No `didSave`: rust-analyzer runs a whole `cargo
    /// check` on each, while its native diagnostics need none, and the
    /// other servers check on change.
    pub fn sync(&self, path: &Path, language_id: &str, text: &str) -> Result<Synced, LspError> {
        let uri = uri_of_path(path);
        let after = self.shared.lock().seq;
        let mut documents = self.lock_documents();
        let version = match documents.get(path) {
            None => {
                self.notify(
                    "textDocument/didOpen",
                    json!({"textDocument": {"uri": uri, "languageId": language_id, "version": 1, "text": text}}),
                )?;
                1
            }
            Some(previous) => {
                let version = previous + 1;
                self.notify(
                    "textDocument/didChange",
                    json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}),
                )?;
                version
            }
        };
        documents.insert(path.to_owned(), version);
        Ok(Synced {
            path: path.to_owned(),
            version,
            after,
        })
    }

    /// Waits until the server has published diagnostics for `synced`'s
    /// content (or newer), never past `deadline`; false when none came.
    pub fn wait_for(&self, synced: &Synced, deadline: Instant) -> Result<bool, LspError> {
        let mut state = self.shared.lock();
        loop {
            let fresh = state.published.get(&synced.path).is_some_and(|published| {
                published.seq > synced.after
                    && published
                        .version
                        .is_none_or(|version| version >= synced.version)
            });
            if fresh {
                return Ok(true);
            }
            if let Some(ended) = &state.ended {
                return Err(ended.clone());
            }
            let (guard, waited) = self.shared.wait_until(state, deadline);
            state = guard;
            if !waited {
                return Ok(false);
            }
        }
    }

    /// Waits until the server has been quiet for `quiet` (no message of
    /// any kind, no work-done progress under way), never past `deadline`:
    /// a server may publish in steps (pyright publishes a file empty, then
    /// starts its analysis progress and publishes it again), and other open
    /// files after the edited one.
    pub fn settle(&self, quiet: Duration, deadline: Instant) {
        let mut state = self.shared.lock();
        loop {
            let seen = state.received;
            let quiet_until = (Instant::now() + quiet).min(deadline);
            while state.received == seen && state.ended.is_none() {
                let (guard, waited) = self.shared.wait_until(state, quiet_until);
                state = guard;
                if !waited {
                    break;
                }
            }
            let calm = state.received == seen && state.progress.is_empty();
            if calm || Instant::now() >= deadline || state.ended.is_some() {
                return;
            }
        }
    }

    /// Every document published after publication `after`, by path.
    pub fn published_since(&self, after: u64) -> HashMap<PathBuf, Published> {
        self.shared
            .lock()
            .published
            .iter()
            .filter(|(_, published)| published.seq > after)
            .map(|(path, published)| (path.clone(), published.clone()))
            .collect()
    }

    /// What the server last published for `path`, if anything.
    pub fn published(&self, path: &Path) -> Option<Published> {
        self.shared.lock().published.get(path).cloned()
    }

    /// Asks the server to shut down, then kills it if it has not exited.
    pub fn shutdown(&self) {
        let deadline = Instant::now() + SHUTDOWN_WAIT;
        if self.ended().is_none() && self.request("shutdown", Value::Null, deadline).is_ok() {
            let _ = self.notify("exit", Value::Null);
        }
        let mut child = self
            .child
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        while Instant::now() < deadline {
            if matches!(child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = child.kill();
        let _ = child.wait();
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let child = self
            .child
            .get_mut()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if !matches!(child.try_wait(), Ok(Some(_))) {
            let _ = child.kill();
        }
        let _ = child.wait();
    }
}

/// The reader thread: every message the server writes.
struct Reader {
    shared: Arc<Shared>,
    writer: Arc<Mutex<ChildStdin>>,
    root: PathBuf,
}

impl Reader {
    fn run(self, stdout: std::process::ChildStdout) {
        let mut frames = FrameReader::new(BufReader::new(stdout));
        let why = loop {
            let body = match frames.read_frame() {
                Ok(Some(body)) => body,
                Ok(None) => break LspError::Exited("it closed its output".into()),
                Err(err) => break LspError::Garbage(err.to_string()),
            };
            let message: Value = match serde_json::from_slice(&body) {
                Ok(message) => message,
                Err(err) => {
                    let start = String::from_utf8_lossy(&body[..body.len().min(60)]).into_owned();
                    break LspError::Garbage(format!(
                        "a frame that is not JSON ({err}): {start:?}"
                    ));
                }
            };
            if let Err(why) = self.dispatch(message) {
                break why;
            }
        };
        self.shared.end(why);
    }

    fn dispatch(&self, message: Value) -> Result<(), LspError> {
        {
            let mut state = self.shared.lock();
            state.received += 1;
            self.shared.changed.notify_all();
        }
        let method = message.get("method").and_then(Value::as_str);
        let id = message.get("id").filter(|id| !id.is_null());
        match (method, id) {
            (Some(method), Some(id)) => self.answer(method, id.clone(), &message["params"]),
            (Some("textDocument/publishDiagnostics"), None) => {
                let params: lsp_types::PublishDiagnosticsParams =
                    serde_json::from_value(message["params"].clone()).map_err(|err| {
                        LspError::Garbage(format!("an unreadable publishDiagnostics: {err}"))
                    })?;
                let Some(path) = path_of_uri(params.uri.as_str()) else {
                    return Ok(());
                };
                let mut state = self.shared.lock();
                state.seq += 1;
                let seq = state.seq;
                state.published.insert(
                    path,
                    Published {
                        seq,
                        version: params.version,
                        diagnostics: params.diagnostics,
                    },
                );
                self.shared.changed.notify_all();
                Ok(())
            }
            (Some("$/progress"), None) => {
                let params = &message["params"];
                let token = params["token"].to_string();
                let mut state = self.shared.lock();
                match params["value"]["kind"].as_str() {
                    Some("begin") => {
                        state.progress.insert(token);
                    }
                    Some("end") => {
                        state.progress.remove(&token);
                    }
                    _ => {}
                }
                self.shared.changed.notify_all();
                Ok(())
            }
            (Some(_), None) => Ok(()),
            (None, Some(id)) => {
                let Some(id) = id.as_i64() else {
                    return Ok(());
                };
                let answer = match message.get("error") {
                    Some(error) => Err(error["message"].as_str().unwrap_or("error").to_owned()),
                    None => Ok(message.get("result").cloned().unwrap_or(Value::Null)),
                };
                let mut state = self.shared.lock();
                state.responses.insert(id, answer);
                self.shared.changed.notify_all();
                Ok(())
            }
            (None, None) => Err(LspError::Garbage(format!(
                "a message that is neither request, response nor notification: {:.60}",
                message.to_string()
            ))),
        }
    }

    /// Answers a request from the server: nothing is configured, progress
    /// tokens and capability registrations are accepted, the workspace is
    /// the root; anything else is "method not found".
    fn answer(&self, method: &str, id: Value, params: &Value) -> Result<(), LspError> {
        let result = match method {
            "workspace/configuration" => {
                let n = params["items"].as_array().map_or(0, Vec::len);
                Ok(Value::Array(vec![Value::Null; n]))
            }
            "window/workDoneProgress/create"
            | "client/registerCapability"
            | "client/unregisterCapability"
            | "window/showMessageRequest"
            | "workspace/diagnostic/refresh"
            | "workspace/semanticTokens/refresh"
            | "workspace/inlayHint/refresh"
            | "workspace/codeLens/refresh" => Ok(Value::Null),
            "workspace/workspaceFolders" => {
                Ok(json!([{"uri": uri_of_path(&self.root), "name": "root"}]))
            }
            _ => Err(json!({"code": -32601, "message": format!("plumb does not handle {method}")})),
        };
        let reply = match result {
            Ok(result) => json!({"jsonrpc": "2.0", "id": id, "result": result}),
            Err(error) => json!({"jsonrpc": "2.0", "id": id, "error": error}),
        };
        let mut writer = self
            .writer
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        write_frame(&mut *writer, reply.to_string().as_bytes())
            .and_then(|()| writer.flush())
            .map_err(|err| LspError::Exited(format!("writing to it failed: {err}")))
    }
}

/// What plumb tells a server it can do: push diagnostics (with versions),
/// hover, definitions, references, type definitions; UTF-8 positions
/// preferred.
fn initialize_params(root: &Path) -> Value {
    let uri = uri_of_path(root);
    json!({
        "processId": std::process::id(),
        "clientInfo": {"name": "plumb", "version": env!("CARGO_PKG_VERSION")},
        "rootUri": uri,
        "rootPath": root.display().to_string(),
        "workspaceFolders": [{"uri": uri, "name": "root"}],
        "capabilities": {
            "general": {"positionEncodings": ["utf-8", "utf-16"]},
            "workspace": {"configuration": true, "workspaceFolders": true},
            "window": {"workDoneProgress": true},
            "textDocument": {
                "synchronization": {"dynamicRegistration": false},
                "publishDiagnostics": {"versionSupport": true, "relatedInformation": false},
                "hover": {"contentFormat": ["plaintext", "markdown"]},
                "definition": {"linkSupport": false},
                "typeDefinition": {"linkSupport": false},
                "references": {}
            }
        }
    })
}
