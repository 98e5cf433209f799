//! The Debug Adapter Protocol client, on the shared [`crate::framing`].
//! DAP shares only the framing with LSP: its requests are correlated by
//! `seq`/`request_seq` (not JSON-RPC ids), a failure is a response with
//! `success: false` and a `message` (not an error object), and it has a
//! third message type, events, which drive the session's state.
//!
//! - [`protocol`]: the three message types, parsed from and written to
//!   frame bodies.
//! - [`client`]: requests and their answers, events applied by a reader
//!   thread, every wait bounded.
//! - [`state`]: the session state machine (running, stopped, exited,
//!   terminated).
//! - [`buffer`]: the bounded output buffer and event notes.
//! - [`adapter`]: which adapter serves a language, how it is found,
//!   started and given a program.
//! - [`breakpoint`]: `file:line [if COND]`, and where the adapter put it.
//! - [`session`]: one session, from the handshake to the kill.
//! - [`process`]: ending every process of a session, read from `/proc`.

pub mod adapter;
pub mod breakpoint;
pub mod buffer;
pub mod client;
pub mod process;
pub mod protocol;
pub mod session;
pub mod state;

pub use adapter::{AdapterKind, FoundAdapter, Language, Program};
pub use breakpoint::{BreakpointSpec, BreakpointText, Placed};
pub use session::{
    DEFAULT_LIMITS, Evaluation, Frame, Limits, Resume, ScopeVariables, Session, SessionError,
    Status, Target, Variable, kill_every_session,
};
pub use state::{Phase, Stop};
