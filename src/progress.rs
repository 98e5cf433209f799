//! The progress bar of `plumb index`: on stderr, and only when stderr is a
//! terminal. Each phase shows its name: the two with a count (parsing the
//! files walked, resolving and writing them) as a bar with a whole-number
//! rate and an estimate of that phase's time left; the others (walking,
//! storing, linking, committing) as a spinner with the time spent, never a
//! full bar.

use std::io::IsTerminal;

use std::fmt;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// How often the spinner of a phase without a count moves. Chosen: often
/// enough to show the run is alive, rarely enough to cost nothing.
const STEADY_TICK_MS: u64 = 200;

/// The line of a phase with a count.
const COUNTED: &str =
    "{spinner} {msg:10} [{bar:30}] {pos}/{len} files ({rate} files/s, {eta} left)";
/// The line of a phase without one.
const UNCOUNTED: &str = "{spinner} {msg} ({elapsed})";

/// An indicatif bar implementing the indexer's progress hooks.
pub struct Bar {
    bar: Option<ProgressBar>,
}

impl Bar {
    /// A bar that draws only when `shown` and on a terminal.
    pub fn new(shown: bool) -> Bar {
        let bar = (shown && std::io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            bar.enable_steady_tick(std::time::Duration::from_millis(STEADY_TICK_MS));
            bar
        });
        Bar { bar }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }

    /// Starts phase `name` over `files` files, its rate and estimate anew.
    fn counted(&self, name: &'static str, files: usize) {
        if let Some(bar) = &self.bar {
            bar.set_style(counted_style());
            bar.reset();
            bar.set_length(files as u64);
            bar.set_message(name);
        }
    }

    fn advance(&self) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }
}

/// The style of a counted phase: the rate as a whole number.
fn counted_style() -> ProgressStyle {
    ProgressStyle::with_template(COUNTED)
        .map(|style| {
            style.with_key("rate", |state: &ProgressState, out: &mut dyn fmt::Write| {
                let _ = write!(out, "{:.0}", state.per_sec());
            })
        })
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ")
}

impl plumb_index::Progress for Bar {
    fn walked(&self, files: usize) {
        self.counted("parsing", files);
    }

    fn parsed_one(&self) {
        self.advance();
    }

    fn phase(&self, name: &'static str) {
        if let Some(bar) = &self.bar {
            if let Ok(style) = ProgressStyle::with_template(UNCOUNTED) {
                bar.set_style(style);
            }
            bar.reset_elapsed();
            bar.set_message(name);
        }
    }

    fn resolving(&self, files: usize) {
        self.counted("resolving", files);
    }

    fn resolved_one(&self) {
        self.advance();
    }
}
