//! The progress bar of `plumb index`: on stderr, and only when stderr is a
//! terminal.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

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
                    "{spinner} {msg:10} [{bar:30}] {pos}/{len} files ({per_sec}, {eta})",
                )
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
            bar.set_message(name);
        }
    }
}
