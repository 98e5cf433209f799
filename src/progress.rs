//! The progress bar of `plumb index`: on stderr, and only when stderr is a
//! terminal. Parsing shows a bar over the files walked, with a whole-number
//! rate and an estimate; the later phases, whose length the indexer does
//! not report, show their name and the time spent, never a full bar.

use std::io::IsTerminal;

use std::fmt;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// How often the spinner of a phase without a count moves. Chosen: often
/// enough to show the run is alive, rarely enough to cost nothing.
const STEADY_TICK_MS: u64 = 200;

/// An indicatif bar implementing the indexer's progress hooks.
pub struct Bar {
    bar: Option<ProgressBar>,
}

impl Bar {
    /// A bar that draws only when `shown` and on a terminal.
    pub fn new(shown: bool) -> Bar {
        let bar = (shown && std::io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template(
                    "{spinner} {msg:10} [{bar:30}] {pos}/{len} files ({rate} files/s, {eta} left)",
                )
                .map(|style| {
                    style.with_key("rate", |state: &ProgressState, out: &mut dyn fmt::Write| {
                        let _ = write!(out, "{:.0}", state.per_sec());
                    })
                })
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
            );
            bar.set_message("parsing");
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
}

impl plumb_index::Progress for Bar {
    fn walked(&self, files: usize) {
        if let Some(bar) = &self.bar {
            bar.set_length(files as u64);
        }
    }

    fn parsed_one(&self) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    fn phase(&self, name: &'static str) {
        if let Some(bar) = &self.bar {
            if let Ok(style) = ProgressStyle::with_template("{spinner} {msg} ({elapsed})") {
                bar.set_style(style);
            }
            bar.enable_steady_tick(std::time::Duration::from_millis(STEADY_TICK_MS));
            bar.set_message(name);
        }
    }
}
