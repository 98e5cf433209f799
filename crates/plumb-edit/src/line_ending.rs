//! Line endings: an edit keeps the file's own (`\n` or `\r\n`).

/// A file's line ending.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineEnding {
    /// `\n`.
    Lf,
    /// `\r\n`.
    CrLf,
}

/// The line ending of `bytes`: that of its first line break (`\n` when it
/// has none).
pub fn line_ending(bytes: &[u8]) -> LineEnding {
    match bytes.iter().position(|&b| b == b'\n') {
        Some(at) if at > 0 && bytes[at - 1] == b'\r' => LineEnding::CrLf,
        _ => LineEnding::Lf,
    }
}

impl LineEnding {
    /// `text` with every line break made this ending.
    pub fn apply(self, text: &str) -> String {
        let lf = text.replace("\r\n", "\n");
        match self {
            LineEnding::Lf => lf,
            LineEnding::CrLf => lf.replace('\n', "\r\n"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_line_break_decides() {
        assert_eq!(line_ending(b"a\r\nb\n"), LineEnding::CrLf);
        assert_eq!(line_ending(b"a\nb\r\n"), LineEnding::Lf);
        assert_eq!(line_ending(b"no break"), LineEnding::Lf);
        assert_eq!(line_ending(b"\n"), LineEnding::Lf);
    }

    #[test]
    fn applying_converts_mixed_breaks() {
        assert_eq!(LineEnding::CrLf.apply("a\nb\r\nc"), "a\r\nb\r\nc");
        assert_eq!(LineEnding::Lf.apply("a\r\nb\nc"), "a\nb\nc");
    }
}
