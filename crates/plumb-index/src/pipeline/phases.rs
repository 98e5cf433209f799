//! The wall time of each phase of a run, as [`crate::Summary::phases`]
//! reports it.

use std::time::{Duration, Instant};

/// Times the phases of a run, one after another.
pub(crate) struct Phases {
    since: Instant,
    done: Vec<(&'static str, Duration)>,
}

impl Phases {
    /// Starts timing the first phase.
    pub(crate) fn start() -> Self {
        Phases {
            since: Instant::now(),
            done: Vec::new(),
        }
    }

    /// Ends the phase `name`, which ran since the previous one ended.
    pub(crate) fn end(&mut self, name: &'static str) {
        let now = Instant::now();
        self.done.push((name, now - self.since));
        self.since = now;
    }

    /// Every phase ended, in order, with its wall time.
    pub(crate) fn finish(self) -> Vec<(&'static str, Duration)> {
        self.done
    }
}
