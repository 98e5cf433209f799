//! What a running tool call hears from its client: a cancellation
//! (`notifications/cancelled` naming the call), and, when the client sent a
//! progress token with the call, a channel that carries progress updates
//! back to the server's task, which sends them as `notifications/progress`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};

/// One progress update of a call.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Update {
    /// Work done so far; grows with every update.
    pub(crate) progress: f64,
    /// All the work, when known.
    pub(crate) total: Option<f64>,
    /// What is being done.
    pub(crate) message: String,
}

/// The signals of one call, shared with the thread that runs it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Signals {
    cancelled: Arc<AtomicBool>,
    progress: Option<UnboundedSender<Update>>,
    /// The progress last sent: threads that report concurrently (the
    /// indexer's parse workers) may compute their counts in one order and
    /// send them in another, and MCP's progress must not go back.
    last_sent: Arc<Mutex<f64>>,
}

impl Signals {
    /// Signals with a progress channel, and its receiving end.
    pub(crate) fn with_progress() -> (Signals, UnboundedReceiver<Update>) {
        let (sender, receiver) = unbounded_channel();
        let signals = Signals {
            cancelled: Arc::default(),
            progress: Some(sender),
            last_sent: Arc::default(),
        };
        (signals, receiver)
    }

    /// Tells the call to stop.
    pub(crate) fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    /// Whether the client cancelled the call.
    pub(crate) fn cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// Sends `update` to the client if it asked for progress, unless a
    /// later update with more progress overtook it.
    pub(crate) fn report(&self, update: Update) {
        if let Some(progress) = &self.progress {
            let mut last_sent = self
                .last_sent
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            if update.progress < *last_sent {
                return;
            }
            *last_sent = update.progress;
            // The receiver is gone only once the call has been answered.
            let _ = progress.send(update);
        }
    }
}

impl plumb_query::Watch for Signals {
    fn step(&self, done: u32, total: u32, found: usize) -> bool {
        self.report(Update {
            progress: f64::from(done),
            total: Some(f64::from(total)),
            message: format!("depth {done} of {total} done, {found} found"),
        });
        !self.cancelled()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cancel_is_seen_by_every_clone() {
        let signals = Signals::default();
        let seen_by_the_call = signals.clone();
        assert!(!seen_by_the_call.cancelled());
        signals.cancel();
        assert!(seen_by_the_call.cancelled());
    }

    #[test]
    fn updates_reach_the_receiver_only_when_asked_for() {
        let (signals, mut updates) = Signals::with_progress();
        let update = Update {
            progress: 1.0,
            total: Some(4.0),
            message: "parsing".into(),
        };
        signals.report(update.clone());
        assert_eq!(updates.try_recv().ok(), Some(update.clone()));
        Signals::default().report(update);
    }

    #[test]
    fn an_update_overtaken_by_more_progress_is_dropped() {
        let (signals, mut updates) = Signals::with_progress();
        let at = |progress: f64, message: &str| Update {
            progress,
            total: Some(10.0),
            message: message.into(),
        };
        signals.report(at(6.0, "parsing"));
        signals.report(at(4.0, "parsing"));
        signals.report(at(6.0, "linking"));
        let sent: Vec<Update> = std::iter::from_fn(|| updates.try_recv().ok()).collect();
        assert_eq!(sent, vec![at(6.0, "parsing"), at(6.0, "linking")]);
    }
}
