//! plumb-index: walk → parse → extract → resolve → store.
pub mod extract;
pub mod facts;
pub mod typetext;
