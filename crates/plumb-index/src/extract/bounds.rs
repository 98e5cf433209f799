//! The bounds one file's extraction runs within: how deep definitions may
//! nest, and the time left of the file's limit ([`Deadline`]), checked
//! between phases and inside the loops over a file's definitions and
//! references, so that no single file can hang `index`, `watch` or `serve`.

use std::time::{Duration, Instant};

/// Deepest nesting of definitions and impl blocks a file may have (a
/// function in a class in a module is 3 deep). Chosen: far above
/// hand-written code (callbacks in JavaScript, nested modules in Rust
/// rarely pass 20 levels), so only generated or hostile files trip it;
/// resolution walks a definition's enclosing scopes and writes qualified
/// names of that many parts, so without a bound a file of 8,000 nested
/// Rust modules took 10 s to resolve and one of 100,000 nested functions
/// over 10 minutes (measured on the debug build, issue 27).
pub const MAX_DEFINITION_DEPTH: usize = 128;

/// How many items a phase handles between two looks at the clock. Chosen:
/// a look costs tens of nanoseconds, an item's work more than that, so
/// looking every 256 items costs well under 1% and notices a passed
/// deadline within microseconds.
const CLOCK_STRIDE: usize = 256;

/// Why extraction stopped short of a file's facts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Exceeded {
    /// Definitions nest deeper than [`MAX_DEFINITION_DEPTH`].
    Depth(usize),
    /// The file's time limit passed.
    Time(Duration),
}

impl std::fmt::Display for Exceeded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Exceeded::Depth(depth) => write!(
                f,
                "definitions nested {depth} deep, beyond the bound of {MAX_DEFINITION_DEPTH}"
            ),
            Exceeded::Time(limit) => write!(
                f,
                "parsing and extraction took longer than {} ms",
                limit.as_millis()
            ),
        }
    }
}

/// The moment one file's parse and extraction must be done by.
#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    /// When the file's work started.
    start: Instant,
    /// Its time limit.
    limit: Duration,
}

impl Deadline {
    /// A deadline `limit` from now.
    pub fn after(limit: Duration) -> Self {
        Deadline {
            start: Instant::now(),
            limit,
        }
    }

    /// The time left, zero once passed.
    pub fn remaining(&self) -> Duration {
        self.limit.saturating_sub(self.start.elapsed())
    }

    /// An error once the deadline has passed.
    pub fn check(&self) -> Result<(), Exceeded> {
        if self.start.elapsed() > self.limit {
            return Err(Exceeded::Time(self.limit));
        }
        Ok(())
    }

    /// [`Self::check`], looked at only every [`CLOCK_STRIDE`]th item: for
    /// the `index`th item of a loop.
    pub fn check_every(&self, index: usize) -> Result<(), Exceeded> {
        if index.is_multiple_of(CLOCK_STRIDE) {
            return self.check();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_passed_deadline_is_reported_with_its_limit() {
        let deadline = Deadline::after(Duration::ZERO);
        std::thread::sleep(Duration::from_millis(2));
        assert_eq!(deadline.check(), Err(Exceeded::Time(Duration::ZERO)));
        assert_eq!(deadline.remaining(), Duration::ZERO);
        assert!(
            deadline.check_every(1).is_ok(),
            "between strides the clock is not read"
        );
        let later = Deadline::after(Duration::from_secs(3600));
        assert!(later.check().is_ok());
        assert!(later.remaining() > Duration::from_secs(3500));
    }

    #[test]
    fn reasons_name_the_bound() {
        assert_eq!(
            Exceeded::Depth(300).to_string(),
            "definitions nested 300 deep, beyond the bound of 128"
        );
        assert_eq!(
            Exceeded::Time(Duration::from_millis(1500)).to_string(),
            "parsing and extraction took longer than 1500 ms"
        );
    }
}
