//! The server registry of one checkout: at most one session per server,
//! started on the first request that needs it (never before), stopped
//! after [`IDLE_STOP`] without use, restarted once when it crashed (and
//! said so), dropped for good when it wrote garbage or crashed again —
//! each with a status the caller passes on, while plumb keeps serving.
//! Each session keeps its diagnostics [`Register`], so only diagnostics an
//! edit introduced are reported.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::client::{Client, LspError, Synced};
use super::diagnostic::{Diagnostic, Severity};
use super::register::Register;
use super::servers::{Environment, Found, detect};
use super::uri::uri_of_path;

/// A server unused this long is stopped. From the issue ("say 5 minutes").
pub const IDLE_STOP: Duration = Duration::from_secs(5 * 60);
/// How often idle servers are looked for. Chosen: a tenth of [`IDLE_STOP`].
const IDLE_CHECK: Duration = Duration::from_secs(30);
/// The most diagnostics one result lists. Chosen: more is noise an agent
/// skims; the rest are counted in `omitted`.
pub const MAX_REPORTED: usize = 50;

/// How a check went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// The server answered for every file.
    Ok,
    /// No server could check (see the reason).
    Unavailable,
    /// The server did not publish in time for some file.
    Timeout,
}

/// The outcome of asking the servers about some files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The worst status of the servers asked.
    pub status: Status,
    /// The servers asked (or that would be), comma-separated.
    pub server: Option<String>,
    /// Why a server was unavailable, timed out or restarted.
    pub reason: Option<String>,
    /// The diagnostics (new ones after a write; all of them for a check).
    pub diagnostics: Vec<Diagnostic>,
    /// Diagnostics an edit resolved (0 for a check).
    pub resolved: usize,
    /// Diagnostics left out past [`MAX_REPORTED`].
    pub omitted: usize,
}

impl Outcome {
    fn empty() -> Outcome {
        Outcome {
            status: Status::Ok,
            server: None,
            reason: None,
            diagnostics: Vec::new(),
            resolved: 0,
            omitted: 0,
        }
    }

    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }

    fn merge(&mut self, server: &str, other: Outcome) {
        let rank = |status| match status {
            Status::Ok => 0,
            Status::Timeout => 1,
            Status::Unavailable => 2,
        };
        if rank(other.status) > rank(self.status) {
            self.status = other.status;
        }
        push_joined(&mut self.server, server, ", ");
        if let Some(reason) = other.reason {
            push_joined(&mut self.reason, &reason, "; ");
        }
        self.resolved += other.resolved;
        self.omitted += other.omitted;
        for diagnostic in other.diagnostics {
            if self.diagnostics.len() < MAX_REPORTED {
                self.diagnostics.push(diagnostic);
            } else {
                self.omitted += 1;
            }
        }
    }
}

fn push_joined(into: &mut Option<String>, text: &str, separator: &str) {
    match into {
        Some(existing) if !existing.split(separator).any(|part| part == text) => {
            existing.push_str(separator);
            existing.push_str(text);
        }
        Some(_) => {}
        None => *into = Some(text.to_owned()),
    }
}

/// A file given to a server: root-relative path and content.
#[derive(Clone, Copy, Debug)]
pub struct Doc<'a> {
    /// The path, relative to the root, `/`-separated.
    pub path: &'a str,
    /// Its content.
    pub text: &'a str,
}

/// A position request (`lsp` tool): hover, definition, references, type
/// definition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// `textDocument/hover`.
    Hover,
    /// `textDocument/definition`.
    Definition,
    /// `textDocument/references` (declarations included).
    References,
    /// `textDocument/typeDefinition`.
    TypeDefinition,
}

impl Ask {
    fn method(self) -> &'static str {
        match self {
            Ask::Hover => "textDocument/hover",
            Ask::Definition => "textDocument/definition",
            Ask::References => "textDocument/references",
            Ask::TypeDefinition => "textDocument/typeDefinition",
        }
    }
}

struct Session {
    client: Client,
    register: Register,
    last_used: Instant,
    restarts: u32,
    answered: bool,
}

enum Slot {
    Live(Session),
    Dropped(String),
}

type Slots = HashMap<&'static str, Slot>;

/// The servers of one checkout.
pub struct Pool {
    root: PathBuf,
    env: Environment,
    slots: Arc<Mutex<Slots>>,
    reaper: Mutex<bool>,
}

impl Pool {
    /// A registry for the checkout at `root` (absolute); starts nothing.
    pub fn new(root: &Path, env: Environment) -> Pool {
        Pool {
            root: root.to_owned(),
            env,
            slots: Arc::new(Mutex::new(HashMap::new())),
            reaper: Mutex::new(false),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Slots> {
        self.slots
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The servers running now, by name.
    pub fn running(&self) -> Vec<&'static str> {
        let mut names: Vec<&'static str> = self
            .lock()
            .iter()
            .filter(|(_, slot)| matches!(slot, Slot::Live(_)))
            .map(|(name, _)| *name)
            .collect();
        names.sort();
        names
    }

    /// Before a write: gives each file's current content to its server
    /// (once per session and file), so that diagnostics the file already
    /// had are recorded and not reported as new by [`Pool::changed`].
    pub fn baseline(&self, docs: &[Doc]) {
        let mut slots = self.lock();
        for (found, docs) in self.group(docs, &mut Outcome::empty()) {
            let _ = self.with_session(&mut slots, &found, |session, deadline| {
                for doc in &docs {
                    let path = self.root.join(doc.path);
                    if session.register.knows(doc.path) || session.client.is_open(&path) {
                        continue;
                    }
                    let synced = sync(session, &found, &path, doc.text)?;
                    if session.client.wait_for(&synced, deadline)? {
                        session.client.settle(found.spec.settle, deadline);
                        let published = session.client.published(&path);
                        let current = published
                            .map(|p| to_diagnostics(doc.path, &p.diagnostics))
                            .unwrap_or_default();
                        session.register.record(doc.path, &current);
                    }
                }
                Ok(())
            });
        }
    }

    /// After a write: gives the servers the files' new content and reports
    /// the diagnostics that are new since the register last saw them, in
    /// these files and in other open files that changed because of them.
    pub fn changed(&self, docs: &[Doc]) -> Outcome {
        self.check(docs, true)
    }

    /// The current diagnostics of the files (all of them, not only new
    /// ones), as `plumb check` prints them.
    pub fn current(&self, docs: &[Doc]) -> Outcome {
        self.check(docs, false)
    }

    fn check(&self, docs: &[Doc], only_new: bool) -> Outcome {
        let mut outcome = Outcome::empty();
        let mut slots = self.lock();
        for (found, docs) in self.group(docs, &mut outcome) {
            let result = self.with_session(&mut slots, &found, |session, deadline| {
                let mut synced = Vec::new();
                for doc in &docs {
                    synced.push(sync(session, &found, &self.root.join(doc.path), doc.text)?);
                }
                let mut late = Vec::new();
                for (doc, synced) in docs.iter().zip(&synced) {
                    if !session.client.wait_for(synced, deadline)? {
                        late.push(doc.path.to_owned());
                    }
                }
                session.client.settle(found.spec.settle, deadline);
                Ok(self.collect(session, &docs, &synced, &late, only_new))
            });
            let server_outcome = match result {
                Ok((mut server_outcome, note)) => {
                    if let Some(note) = note {
                        push_joined(&mut server_outcome.reason, &note, "; ");
                    }
                    server_outcome
                }
                Err(reason) => Outcome {
                    status: Status::Unavailable,
                    reason: Some(reason),
                    ..Outcome::empty()
                },
            };
            outcome.merge(found.spec.name, server_outcome);
        }
        outcome
    }

    /// The outcome of one server's wait: the new (or all) diagnostics of
    /// the files given and of other open files published since.
    fn collect(
        &self,
        session: &mut Session,
        docs: &[Doc],
        synced: &[Synced],
        late: &[String],
        only_new: bool,
    ) -> Outcome {
        let mut outcome = Outcome::empty();
        let after = synced.iter().map(|s| s.after).min().unwrap_or(0);
        let mut published: Vec<(String, Vec<Diagnostic>)> = session
            .client
            .published_since(after)
            .into_iter()
            .filter(|(path, _)| session.client.is_open(path))
            .filter_map(|(path, published)| {
                let relative = path.strip_prefix(&self.root).ok()?.to_str()?.to_owned();
                let diagnostics = to_diagnostics(&relative, &published.diagnostics);
                Some((relative, diagnostics))
            })
            .collect();
        // The files given first, in their order; then the others by path.
        let rank = |path: &str| {
            docs.iter()
                .position(|d| d.path == path)
                .unwrap_or(docs.len())
        };
        published.sort_by(|a, b| (rank(&a.0), &a.0).cmp(&(rank(&b.0), &b.0)));
        for (path, diagnostics) in published {
            let given = docs.iter().any(|d| d.path == path);
            let change = session.register.record(&path, &diagnostics);
            let listed = if only_new { change.new } else { diagnostics };
            if !only_new && !given {
                continue;
            }
            outcome.resolved += if only_new { change.resolved } else { 0 };
            for diagnostic in listed {
                if outcome.diagnostics.len() < MAX_REPORTED {
                    outcome.diagnostics.push(diagnostic);
                } else {
                    outcome.omitted += 1;
                }
            }
        }
        if !late.is_empty() {
            outcome.status = Status::Timeout;
            outcome.reason = Some(format!(
                "no diagnostics for {} within {:.1} s",
                late.join(", "),
                self.env.wait(session.answered).as_secs_f64()
            ));
        } else {
            session.answered = true;
        }
        outcome
    }

    /// Asks the server of `doc` a position question (1-based `line` and
    /// `column`), giving it the file's content first; the server's raw
    /// result and the server's name.
    pub fn ask(
        &self,
        doc: Doc,
        ask: Ask,
        line: u32,
        column: u32,
    ) -> Result<(Value, &'static str), String> {
        let mut found_outcome = Outcome::empty();
        let mut groups = self.group(&[doc], &mut found_outcome);
        let Some((found, _)) = groups.pop() else {
            return Err(found_outcome
                .reason
                .unwrap_or_else(|| "no language server for this file".into()));
        };
        let mut slots = self.lock();
        let path = self.root.join(doc.path);
        let result = self.with_session(&mut slots, &found, |session, deadline| {
            let synced = sync(session, &found, &path, doc.text)?;
            let mut params = json!({
                "textDocument": {"uri": uri_of_path(&synced.path)},
                "position": {"line": line.saturating_sub(1), "character": column.saturating_sub(1)},
            });
            if ask == Ask::References {
                params["context"] = json!({"includeDeclaration": true});
            }
            let answer = session.client.request(ask.method(), params, deadline)?;
            session.answered = true;
            Ok(answer)
        });
        result.map(|(answer, _)| (answer, found.spec.name))
    }

    /// Stops every server.
    pub fn stop_all(&self) {
        let mut slots = self.lock();
        for (_, slot) in slots.drain() {
            if let Slot::Live(session) = slot {
                session.client.shutdown();
            }
        }
    }

    /// The files grouped by the server that serves them; a file no server
    /// serves adds its reason to `outcome` as unavailable.
    fn group<'d>(&self, docs: &[Doc<'d>], outcome: &mut Outcome) -> Vec<(Found, Vec<Doc<'d>>)> {
        let mut groups: Vec<(Found, Vec<Doc<'d>>)> = Vec::new();
        for doc in docs {
            match detect(&self.root, Path::new(doc.path), &self.env) {
                Ok(found) => match groups
                    .iter_mut()
                    .find(|(f, _)| f.spec.name == found.spec.name)
                {
                    Some((_, group)) => group.push(*doc),
                    None => groups.push((found, vec![*doc])),
                },
                Err(unavailable) => outcome.merge(
                    unavailable.server.unwrap_or("none"),
                    Outcome {
                        status: Status::Unavailable,
                        reason: Some(format!("{}: {}", doc.path, unavailable.reason)),
                        ..Outcome::empty()
                    },
                ),
            }
        }
        groups
    }

    /// Runs `work` on the live session of `found`, starting it if needed;
    /// a session that crashed is restarted once (and `work` run again), one
    /// that wrote garbage or crashed twice is dropped. Gives `work`'s
    /// result and a note when a restart happened, or why there is no
    /// session.
    fn with_session<T>(
        &self,
        slots: &mut Slots,
        found: &Found,
        work: impl Fn(&mut Session, Instant) -> Result<T, LspError>,
    ) -> Result<(T, Option<String>), String> {
        let name = found.spec.name;
        let mut note = None;
        loop {
            let started = Instant::now();
            let session = match self.live(slots, found, &mut note)? {
                Some(session) => session,
                None => continue,
            };
            let wait = self.env.wait(session.answered);
            let deadline = started + wait;
            session.last_used = Instant::now();
            match work(session, deadline) {
                Ok(value) => return Ok((value, note)),
                Err(LspError::Timeout(method)) => {
                    return Err(format!(
                        "{name} did not answer {method} within {:.1} s",
                        wait.as_secs_f64()
                    ));
                }
                Err(LspError::Refused { method, message }) => {
                    return Err(format!("{name} refused {method}: {message}"));
                }
                Err(_) => {
                    // The session ended under `work`: `live` restarts or drops it.
                }
            }
        }
    }

    /// The live session of `found`: the running one, else a new one (the
    /// first, or the one restart after a crash). `Ok(None)` after a restart
    /// was decided, so the caller looks again.
    fn live<'s>(
        &self,
        slots: &'s mut Slots,
        found: &Found,
        note: &mut Option<String>,
    ) -> Result<Option<&'s mut Session>, String> {
        let name = found.spec.name;
        let ended = match slots.get(name) {
            Some(Slot::Dropped(reason)) => return Err(reason.clone()),
            Some(Slot::Live(session)) => session.client.ended(),
            None => None,
        };
        match (ended, slots.remove(name)) {
            (None, Some(Slot::Live(session))) => {
                slots.insert(name, Slot::Live(session));
            }
            (Some(LspError::Garbage(what)), _) => {
                let reason = format!("{name} wrote garbage ({what}) and was dropped");
                slots.insert(name, Slot::Dropped(reason.clone()));
                return Err(reason);
            }
            (Some(why), Some(Slot::Live(session))) => {
                if session.restarts >= 1 {
                    let reason =
                        format!("{name} crashed again after a restart ({why}) and was dropped");
                    slots.insert(name, Slot::Dropped(reason.clone()));
                    return Err(reason);
                }
                *note = Some(format!("{name} crashed ({why}) and was restarted"));
                let register = session.register;
                let session = self.start(found, session.restarts + 1, register);
                self.settle_start(slots, name, session)?;
                return Ok(None);
            }
            _ => {
                let session = self.start(found, 0, Register::new());
                self.settle_start(slots, name, session)?;
            }
        }
        match slots.get_mut(name) {
            Some(Slot::Live(session)) => Ok(Some(session)),
            _ => Err(format!("{name} is not running")),
        }
    }

    fn settle_start(
        &self,
        slots: &mut Slots,
        name: &'static str,
        session: Result<Session, String>,
    ) -> Result<(), String> {
        match session {
            Ok(session) => {
                slots.insert(name, Slot::Live(session));
                self.start_reaper();
                Ok(())
            }
            Err(reason) => {
                slots.insert(name, Slot::Dropped(reason.clone()));
                Err(reason)
            }
        }
    }

    fn start(&self, found: &Found, restarts: u32, register: Register) -> Result<Session, String> {
        let deadline = Instant::now() + self.env.wait(false);
        let client = Client::start(&found.program, found.spec.args, &self.root, deadline)
            .map_err(|err| format!("{} could not start: {err}", found.spec.name))?;
        Ok(Session {
            client,
            register,
            last_used: Instant::now(),
            restarts,
            answered: false,
        })
    }

    /// Starts, once, the thread that stops idle servers; it ends with the
    /// pool.
    fn start_reaper(&self) {
        let mut started = self
            .reaper
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if *started {
            return;
        }
        let slots: Weak<Mutex<Slots>> = Arc::downgrade(&self.slots);
        *started = std::thread::Builder::new()
            .name("plumb-lsp-idle".into())
            .spawn(move || stop_idle(slots))
            .is_ok();
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.stop_all();
    }
}

fn stop_idle(slots: Weak<Mutex<Slots>>) {
    loop {
        std::thread::sleep(IDLE_CHECK);
        let Some(slots) = slots.upgrade() else {
            return;
        };
        let mut slots = slots
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let idle: Vec<&'static str> = slots
            .iter()
            .filter(|(_, slot)| matches!(slot, Slot::Live(s) if s.last_used.elapsed() >= IDLE_STOP))
            .map(|(name, _)| *name)
            .collect();
        for name in idle {
            if let Some(Slot::Live(session)) = slots.remove(name) {
                session.client.shutdown();
            }
        }
    }
}

fn sync(session: &Session, found: &Found, path: &Path, text: &str) -> Result<Synced, LspError> {
    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let language_id = found.spec.language_id(extension).unwrap_or("plaintext");
    session.client.sync(path, language_id, text)
}

fn to_diagnostics(file: &str, diagnostics: &[lsp_types::Diagnostic]) -> Vec<Diagnostic> {
    diagnostics
        .iter()
        .map(|d| Diagnostic::from_lsp(file, d))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A checkout whose Go files are served by `test_data/fake_lsp.py`.
    fn fake_pool() -> (tempfile::TempDir, Pool) {
        let root = tempfile::tempdir().unwrap();
        std::fs::write(root.path().join("go.mod"), "module m\n").unwrap();
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/fake_lsp.py");
        let env = Environment {
            overrides: vec![("PLUMB_LSP_GOPLS".into(), script)],
            ..Environment::default()
        };
        let pool = Pool::new(root.path(), env);
        (root, pool)
    }

    fn doc(text: &str) -> Doc<'_> {
        Doc { path: "a.go", text }
    }

    #[test]
    fn only_new_diagnostics_are_reported_and_fixes_counted() {
        let (_root, pool) = fake_pool();
        assert!(pool.running().is_empty(), "nothing starts before a request");
        pool.baseline(&[doc("ERROR: old\n")]);
        assert_eq!(pool.running(), vec!["gopls"]);

        let outcome = pool.changed(&[doc("ERROR: old\nERROR: new\n")]);
        assert_eq!(outcome.status, Status::Ok, "{outcome:?}");
        assert_eq!(outcome.server.as_deref(), Some("gopls"));
        let new: Vec<(&str, u32)> = outcome
            .diagnostics
            .iter()
            .map(|d| (d.message.as_str(), d.line))
            .collect();
        assert_eq!(new, vec![("new", 2)]);

        let moved = pool.changed(&[doc("\n\n\nERROR: old\nERROR: new\n")]);
        assert_eq!((moved.diagnostics.len(), moved.resolved), (0, 0));

        let fixed = pool.changed(&[doc("ERROR: old\n")]);
        assert_eq!((fixed.diagnostics.len(), fixed.resolved), (0, 1));

        let all = pool.current(&[doc("ERROR: old\n")]);
        assert_eq!(all.diagnostics.len(), 1);
        assert!(all.has_errors());
    }

    #[test]
    fn a_crash_restarts_once_then_drops_the_server() {
        let (_root, pool) = fake_pool();
        assert_eq!(pool.changed(&[doc("fine\n")]).status, Status::Ok);
        let crashed = pool.changed(&[doc("CRASH\n")]);
        // The restarted server crashes on the same content again.
        assert_eq!(crashed.status, Status::Unavailable, "{crashed:?}");
        let reason = crashed.reason.unwrap();
        assert!(reason.contains("crashed again after a restart"), "{reason}");
        let later = pool.changed(&[doc("fine\n")]);
        assert_eq!(later.status, Status::Unavailable);
    }

    #[test]
    fn a_crash_once_is_survived_and_said() {
        let (_root, pool) = fake_pool();
        assert_eq!(pool.changed(&[doc("fine\n")]).status, Status::Ok);
        {
            let mut slots = pool.lock();
            let Some(Slot::Live(session)) = slots.get_mut("gopls") else {
                panic!("no session")
            };
            session.client.shutdown();
        }
        let outcome = pool.changed(&[doc("ERROR: after\n")]);
        assert_eq!(outcome.status, Status::Ok, "{outcome:?}");
        assert!(outcome.reason.unwrap().contains("was restarted"));
        assert_eq!(outcome.diagnostics.len(), 1);
    }

    #[test]
    fn garbage_drops_the_server_with_a_status() {
        let (_root, pool) = fake_pool();
        let outcome = pool.changed(&[doc("GARBAGE\n")]);
        assert_eq!(outcome.status, Status::Unavailable, "{outcome:?}");
        assert!(outcome.reason.unwrap().contains("wrote garbage"));
        assert!(pool.running().is_empty());
    }

    #[test]
    fn files_no_server_serves_are_unavailable_with_the_reason() {
        let (_root, pool) = fake_pool();
        let outcome = pool.changed(&[Doc {
            path: "x.py",
            text: "",
        }]);
        assert_eq!(outcome.status, Status::Unavailable);
        assert!(outcome.reason.unwrap().contains("pyproject.toml"));
        assert!(pool.running().is_empty());
    }

    #[test]
    fn a_position_question_is_answered() {
        let (_root, pool) = fake_pool();
        let (answer, server) = pool.ask(doc("x\n"), Ask::Hover, 1, 1).unwrap();
        assert_eq!(server, "gopls");
        assert_eq!(answer["contents"], "hover");
    }
}
