//! The bounded buffers between the adapter's reader thread and the session:
//! the program's output not yet read (the tail is kept, the bytes dropped
//! are counted) and notes about events not yet reported (the newest are
//! kept, the ones dropped are counted).

use std::collections::VecDeque;

/// The program's output (stdout and stderr, in arrival order) since it was
/// last taken, bounded to its last `capacity` bytes.
#[derive(Debug)]
pub struct OutputBuffer {
    text: String,
    capacity: usize,
    dropped_bytes: usize,
}

/// Output taken from an [`OutputBuffer`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TakenOutput {
    /// The text kept (the last bytes, cut at a character boundary).
    pub text: String,
    /// Bytes dropped before it to respect the bound.
    pub dropped_bytes: usize,
}

impl OutputBuffer {
    /// An empty buffer keeping at most `capacity` bytes.
    pub fn new(capacity: usize) -> OutputBuffer {
        OutputBuffer {
            text: String::new(),
            capacity,
            dropped_bytes: 0,
        }
    }

    /// Appends `text`, dropping the oldest bytes beyond the capacity.
    pub fn push(&mut self, text: &str) {
        self.text.push_str(text);
        if self.text.len() > self.capacity {
            let mut cut = self.text.len() - self.capacity;
            while !self.text.is_char_boundary(cut) {
                cut += 1;
            }
            self.dropped_bytes += cut;
            self.text.drain(..cut);
        }
    }

    /// The last `bytes` bytes of what is buffered, without taking it.
    pub fn tail(&self, bytes: usize) -> &str {
        let mut start = self.text.len().saturating_sub(bytes);
        while !self.text.is_char_boundary(start) {
            start += 1;
        }
        &self.text[start..]
    }

    /// Everything buffered since the last take, emptying the buffer.
    pub fn take(&mut self) -> TakenOutput {
        TakenOutput {
            text: std::mem::take(&mut self.text),
            dropped_bytes: std::mem::take(&mut self.dropped_bytes),
        }
    }
}

/// Short notes about events (a breakpoint moved, a thread exited), kept
/// until the next result reports them; at most `capacity`, the oldest
/// dropped first.
#[derive(Debug)]
pub struct EventNotes {
    notes: VecDeque<String>,
    capacity: usize,
    dropped: usize,
}

impl EventNotes {
    /// An empty queue holding at most `capacity` notes.
    pub fn new(capacity: usize) -> EventNotes {
        EventNotes {
            notes: VecDeque::new(),
            capacity,
            dropped: 0,
        }
    }

    /// Queues `note`, dropping the oldest beyond the capacity.
    pub fn push(&mut self, note: String) {
        if self.capacity == 0 {
            self.dropped += 1;
            return;
        }
        if self.notes.len() == self.capacity {
            self.notes.pop_front();
            self.dropped += 1;
        }
        self.notes.push_back(note);
    }

    /// Every queued note, oldest first, and how many were dropped; empties
    /// the queue.
    pub fn take(&mut self) -> (Vec<String>, usize) {
        (
            self.notes.drain(..).collect(),
            std::mem::take(&mut self.dropped),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_keeps_the_tail_and_counts_what_it_dropped() {
        let mut out = OutputBuffer::new(8);
        out.push("hello ");
        out.push("world\n");
        let taken = out.take();
        assert_eq!(taken.text, "o world\n");
        assert_eq!(taken.dropped_bytes, 4);
        assert_eq!(out.take(), TakenOutput::default());
    }

    #[test]
    fn output_is_cut_at_a_character_boundary() {
        let mut out = OutputBuffer::new(3);
        out.push("aéé");
        let taken = out.take();
        assert_eq!(taken.text, "é");
        assert_eq!(taken.dropped_bytes, 3);
    }

    #[test]
    fn the_tail_is_read_without_taking() {
        let mut out = OutputBuffer::new(100);
        out.push("line one\nline two\n");
        assert_eq!(out.tail(9), "line two\n");
        assert_eq!(out.take().text, "line one\nline two\n");
    }

    #[test]
    fn notes_keep_the_newest() {
        let mut notes = EventNotes::new(2);
        for n in 0..5 {
            notes.push(format!("note {n}"));
        }
        assert_eq!(notes.take(), (vec!["note 3".into(), "note 4".into()], 3));
        assert_eq!(notes.take(), (vec![], 0));
    }
}
