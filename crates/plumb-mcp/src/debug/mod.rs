//! The debugger sessions of one MCP connection: at most one live session,
//! a hard TTL after which a watchdog kills the adapter and every process of
//! the session (the next call says the session expired), and the same kill
//! when the connection closes. A second launch while a session is live is
//! refused with an error naming the live one. The DAP client and the
//! sessions themselves are `plumb_rpc::dap`'s; the result shape is
//! [`report`]'s, shared with `plumb debug`.

pub mod report;

use std::path::Path;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use plumb_rpc::dap::{BreakpointSpec, Session, breakpoint, process};

/// A session's TTL when the launch sets none. Chosen: a few minutes, long
/// enough for an agent's inspection of one stop, short enough that a
/// forgotten session does not hold its ports and locks for long.
pub const DEFAULT_TTL: Duration = Duration::from_secs(5 * 60);
/// The longest TTL a launch may ask for. Chosen: half an hour, for a slow
/// reproduction; longer is a session nobody drives.
pub const MAX_TTL: Duration = Duration::from_secs(30 * 60);

/// What a connection's one slot holds.
enum Slot {
    /// No session.
    Empty,
    /// A session.
    Live(Arc<Live>),
    /// The session the TTL ended, with what to tell the next call.
    Expired(String),
}

/// A live session and what ends it.
pub struct Live {
    id: u64,
    /// The session, locked by the call using it.
    session: Mutex<Session>,
    /// What was launched, for the message that refuses a second launch.
    pub what: String,
    started: Instant,
    deadline: Instant,
    adapter_pid: u32,
    /// Dropped with the session: wakes its watchdog, which then exits.
    _watchdog: Sender<()>,
}

impl Live {
    /// The session, for one call.
    pub fn lock(&self) -> MutexGuard<'_, Session> {
        self.session.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Seconds left before the TTL ends the session.
    pub fn expires_in(&self) -> Duration {
        self.deadline.saturating_duration_since(Instant::now())
    }
}

/// Why a call found no session to use.
#[derive(Debug, thiserror::Error)]
pub enum SlotError {
    /// None was started (or the last was stopped).
    #[error("no debug session: start one with debug_launch (or debug_attach)")]
    NoSession,
    /// The TTL ended it.
    #[error("{0}")]
    Expired(String),
    /// One is live: a second launch is refused.
    #[error("{0}")]
    Busy(String),
    /// The TTL's watchdog could not start (the session was ended).
    #[error("cannot start the session's TTL watchdog: {0}")]
    Watchdog(String),
}

/// The sessions of one connection.
pub struct DebugSessions {
    slot: Arc<Mutex<Slot>>,
    next_id: Mutex<u64>,
}

impl Default for DebugSessions {
    fn default() -> Self {
        DebugSessions::new()
    }
}

impl DebugSessions {
    /// No session yet.
    pub fn new() -> DebugSessions {
        DebugSessions {
            slot: Arc::new(Mutex::new(Slot::Empty)),
            next_id: Mutex::new(0),
        }
    }

    fn slot(&self) -> MutexGuard<'_, Slot> {
        lock(&self.slot)
    }

    /// Fails when a live session holds the slot; a session whose program
    /// is over (exited or terminated) is ended and its slot freed.
    pub fn check_free(&self) -> Result<(), SlotError> {
        let mut slot = self.slot();
        if let Slot::Live(live) = &*slot {
            let phase = live.lock().status().phase;
            if !phase.is_final() {
                return Err(SlotError::Busy(format!(
                    "a debug session is already live: {} (adapter pid {}, {}, started {} s ago, expires in {} s); end it with debug_stop before launching another",
                    live.what,
                    live.adapter_pid,
                    phase,
                    live.started.elapsed().as_secs(),
                    live.expires_in().as_secs()
                )));
            }
            live.lock().end();
        }
        *slot = Slot::Empty;
        Ok(())
    }

    /// Installs `session` (described by `what`) with `ttl`, and starts its
    /// watchdog. Fails, ending `session`, if another became live meanwhile.
    pub fn install(
        &self,
        mut session: Session,
        what: String,
        ttl: Duration,
    ) -> Result<Arc<Live>, SlotError> {
        if let Err(err) = self.check_free() {
            session.end();
            return Err(err);
        }
        let id = {
            let mut next = self.next_id.lock().unwrap_or_else(|p| p.into_inner());
            *next += 1;
            *next
        };
        let (wake, woken) = mpsc::channel::<()>();
        let started = Instant::now();
        let adapter_pid = session.adapter_pid();
        let expired = format!(
            "the debug session ({what}) expired after its TTL of {} s: the adapter and the program were killed; start a new one with debug_launch",
            ttl.as_secs()
        );
        let live = Arc::new(Live {
            id,
            session: Mutex::new(session),
            what,
            started,
            deadline: started + ttl,
            adapter_pid,
            _watchdog: wake,
        });
        let slot = Arc::clone(&self.slot);
        let spawned = std::thread::Builder::new()
            .name("plumb-debug-ttl".into())
            .spawn(move || {
                // A message or a hang-up: the session ended before its TTL.
                if woken.recv_timeout(ttl) != Err(RecvTimeoutError::Timeout) {
                    return;
                }
                // Killed first, without the session's lock, which a call
                // waiting on the program may hold.
                process::kill_all(&[adapter_pid]);
                let mut slot = lock(&slot);
                if matches!(&*slot, Slot::Live(live) if live.id == id) {
                    let ended = std::mem::replace(&mut *slot, Slot::Expired(expired));
                    drop(slot);
                    drop(ended);
                }
                tracing::info!(adapter_pid, "debug session expired");
            });
        if let Err(err) = spawned {
            live.lock().end();
            return Err(SlotError::Watchdog(err.to_string()));
        }
        *self.slot() = Slot::Live(Arc::clone(&live));
        Ok(live)
    }

    /// The live session, for one call. After the TTL ended it, the next
    /// call is told so (once).
    pub fn get(&self) -> Result<Arc<Live>, SlotError> {
        let mut slot = self.slot();
        match &*slot {
            Slot::Empty => Err(SlotError::NoSession),
            Slot::Live(live) => Ok(Arc::clone(live)),
            Slot::Expired(_) => match std::mem::replace(&mut *slot, Slot::Empty) {
                Slot::Expired(message) => Err(SlotError::Expired(message)),
                _ => Err(SlotError::NoSession),
            },
        }
    }

    /// Takes the live session out of the slot, for `debug_stop`.
    pub fn take(&self) -> Result<Arc<Live>, SlotError> {
        let live = self.get()?;
        *self.slot() = Slot::Empty;
        Ok(live)
    }

    /// Kills every session of this process at once (the connection closed
    /// or plumb is exiting), without waiting for a call that holds one.
    pub fn shutdown(&self) -> usize {
        let killed = plumb_rpc::dap::kill_every_session();
        let ended = std::mem::replace(&mut *self.slot(), Slot::Empty);
        drop(ended);
        killed
    }
}

fn lock(slot: &Mutex<Slot>) -> MutexGuard<'_, Slot> {
    slot.lock().unwrap_or_else(|p| p.into_inner())
}

/// The TTL asked for (`ttl_s`), within 1 s and [`MAX_TTL`]; the default
/// when none.
pub fn ttl(asked: Option<u64>) -> Result<Duration, String> {
    match asked {
        None => Ok(DEFAULT_TTL),
        Some(0) => Err("must be at least 1 second".into()),
        Some(s) if s > MAX_TTL.as_secs() => Err(format!(
            "may be at most {} s (the ceiling); the default is {} s",
            MAX_TTL.as_secs(),
            DEFAULT_TTL.as_secs()
        )),
        Some(s) => Ok(Duration::from_secs(s)),
    }
}

/// Breakpoints as written (`file:line` or `file:line if COND`), their
/// files confined to `root` by plumb-edit's one confinement (no `..`
/// escape, no link out, nothing under `.git/` or `.plumb/`) and existing.
pub fn breakpoints(root: &Path, texts: &[String]) -> Result<Vec<BreakpointSpec>, String> {
    texts
        .iter()
        .map(|text| {
            let parsed = breakpoint::parse(text)?;
            let confined = plumb_edit::confine(root, Path::new(&parsed.file)).map_err(|err| {
                format!("{text:?}: {err}: breakpoints go in the repository's files")
            })?;
            let file = confined.absolute().to_path_buf();
            if !file.is_file() {
                return Err(format!(
                    "{text:?}: no such file {} (relative paths are read from the root)",
                    parsed.file
                ));
            }
            Ok(parsed.at(file))
        })
        .collect()
}
