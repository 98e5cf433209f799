//! The Language Server Protocol client, on [`crate::framing`]: which
//! server serves a file ([`servers`]), one server process and the
//! conversation with it ([`client`]), the registry that starts servers
//! lazily, stops idle ones and restarts a crashed one once ([`pool`]), and
//! the register that keeps only the diagnostics an edit introduced
//! ([`register`]). It knows no plumb crate: callers give it a root and
//! file contents.

pub mod client;
pub mod diagnostic;
pub mod pool;
pub mod register;
pub mod servers;
pub mod uri;

pub use diagnostic::{Diagnostic, Severity};
pub use pool::{Ask, Doc, Outcome, Pool, Status};
pub use servers::Environment;
