//! What the write tools and `lsp` keep between calls, for the server's
//! lifetime: the language-server registry of the root (plumb-rpc's
//! [`Pool`]: no server starts until a call needs one) and the content hash
//! of each file as plumb last read or wrote it, so that a write refuses a
//! file someone else changed since. Also the `diagnostics` block the write
//! tools return.

mod block;

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Mutex, MutexGuard};

use plumb_rpc::lsp::{Environment, Pool};

pub use block::Diagnostics;

/// The server's state shared by the write tools and `lsp`.
pub struct Workspace {
    pool: Pool,
    seen: Mutex<HashMap<String, String>>,
}

impl Workspace {
    /// The state of a server for `root`; starts nothing.
    pub fn new(root: &Path) -> Workspace {
        Workspace {
            pool: Pool::new(root, Environment::from_process()),
            seen: Mutex::new(HashMap::new()),
        }
    }

    /// The language servers of the root.
    pub fn pool(&self) -> &Pool {
        &self.pool
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, String>> {
        self.seen
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The hash of `file` (root-relative) as plumb last read or wrote it.
    pub fn seen(&self, file: &str) -> Option<String> {
        self.lock().get(file).cloned()
    }

    /// Records that `file` has content of hash `hash` as plumb knows it.
    pub fn remember(&self, file: &str, hash: String) {
        self.lock().insert(file.to_owned(), hash);
    }

    /// Forgets what plumb knew of `file` (after a refusal, the agent reads
    /// it again; its next write is checked against that read).
    pub fn forget(&self, file: &str) {
        self.lock().remove(file);
    }
}
