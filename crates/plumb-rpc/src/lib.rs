//! plumb-rpc: the `Content-Length` framing that the Language Server
//! Protocol and the Debug Adapter Protocol share, and nothing above it. The
//! two protocols differ in everything else (correlation keys, error shapes,
//! DAP's events), so their clients live in modules of their own on top of
//! [`framing`].

pub mod dap;
pub mod framing;
pub mod lsp;

pub use framing::{FrameError, FrameReader, MAX_FRAME_BYTES, write_frame};
