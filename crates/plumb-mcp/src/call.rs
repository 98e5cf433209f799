//! One tool call's context: the configuration, the store opened for this
//! call, and the drift between index and tree computed at most once.

use std::cell::OnceCell;
use std::path::Path;

use plumb_index::freshness::{Drift, drift};
use plumb_query::{Engine, Surface};
use plumb_store::Store;
use plumb_store::read::FileRow;

use crate::Config;
use crate::debug::DebugSessions;
use crate::freshness::Freshness;
use crate::lsp::Workspace;
use crate::output::ToolError;
use crate::signals::Signals;

/// The context of one tool call. Each call opens the index anew, so an
/// index rebuilt by the `index` tool (or by `plumb index` in a terminal) is
/// seen by the next call.
pub(crate) struct Call<'a> {
    config: &'a Config,
    workspace: &'a Workspace,
    signals: Signals,
    drift: OnceCell<Option<(Vec<FileRow>, Drift)>>,
    debug: Option<&'a DebugSessions>,
}

impl<'a> Call<'a> {
    /// A call under `config`, with the server's `workspace`, hearing its
    /// client through `signals`.
    pub fn new(config: &'a Config, workspace: &'a Workspace, signals: Signals) -> Call<'a> {
        Call {
            config,
            workspace,
            signals,
            drift: OnceCell::new(),
            debug: None,
        }
    }

    /// The same call, with the connection's debugger sessions.
    pub fn with_debug(self, debug: &'a DebugSessions) -> Call<'a> {
        Call {
            debug: Some(debug),
            ..self
        }
    }

    /// The connection's debugger sessions, when the server has them.
    pub fn debug(&self) -> Option<&DebugSessions> {
        self.debug
    }

    /// What the client says during the call: a long tool stops when it
    /// cancels, and reports progress.
    pub fn signals(&self) -> &Signals {
        &self.signals
    }

    /// The server's configuration.
    pub fn config(&self) -> &Config {
        self.config
    }

    /// The state the write tools and `lsp` keep between calls.
    pub fn workspace(&self) -> &Workspace {
        self.workspace
    }

    /// The indexed root.
    pub fn root(&self) -> &Path {
        &self.config.root
    }

    /// The index, opened read-only.
    pub fn store(&self) -> Result<Store, ToolError> {
        Ok(Store::open_read_only(&Store::database_path(self.root()))?)
    }

    /// A query engine over the index, reporting a long query's progress
    /// to the client and stopping it when the client cancels.
    pub fn engine(&self) -> Result<Engine, ToolError> {
        Ok(Engine::new(self.store()?)
            .on(Surface::Mcp)
            .watched(Box::new(self.signals.clone())))
    }

    /// The indexed files and how the tree drifted from them; `None` when
    /// the index cannot be read.
    pub fn drift(&self) -> Option<&(Vec<FileRow>, Drift)> {
        self.drift
            .get_or_init(|| {
                let store = self.store().ok()?;
                let files = store.files().ok()?;
                let limits = plumb_index::limits::recorded(&store).ok()?;
                let drifted = drift(self.root(), &files, &limits);
                Some((files, drifted))
            })
            .as_ref()
    }

    /// The freshness block of this call's answer.
    pub fn freshness(&self) -> Freshness {
        self.drift()
            .map_or(Freshness::UNKNOWN, |(_, drifted)| Freshness::of(drifted))
    }
}
