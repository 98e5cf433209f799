//! Source files in a legacy single-byte encoding: text that is not UTF-8
//! (and holds no NUL byte) is read as Windows-1252, the superset of
//! Latin-1 that old C and PHP trees are written in, decoded to UTF-8 for
//! parsing and extraction; the positions the facts hold (byte offsets and
//! byte columns) are then mapped back to the file's own bytes, so that
//! spans and columns point into the file as it is on disk. Lines do not
//! move: a line break is one byte in both.

use plumb_store::span::Span;

use crate::facts::FileFacts;

/// A file's text decoded from Windows-1252, with what maps its positions
/// back to the file's bytes.
pub(super) struct Decoded {
    /// The text as UTF-8.
    pub(super) text: String,
    /// For each character that took more bytes in UTF-8 than in the file:
    /// the decoded offset just after it, and how many bytes were added up
    /// to there, in order.
    widened: Vec<(u32, u32)>,
    /// The decoded offset at which each line starts.
    line_starts: Vec<u32>,
}

impl Decoded {
    /// `bytes` read as Windows-1252.
    pub(super) fn of(bytes: &[u8]) -> Decoded {
        let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(bytes);
        let text = text.into_owned();
        let mut widened = Vec::new();
        let mut added = 0u32;
        for (at, ch) in text.char_indices() {
            let extra = ch.len_utf8() as u32 - 1;
            if extra > 0 {
                added += extra;
                widened.push((at as u32 + ch.len_utf8() as u32, added));
            }
        }
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(at, _)| at as u32 + 1))
            .collect();
        Decoded {
            text,
            widened,
            line_starts,
        }
    }

    /// The file's byte offset of the decoded offset `at` (a character
    /// boundary).
    fn original(&self, at: u32) -> u32 {
        let before = self.widened.partition_point(|&(end, _)| end <= at);
        let added = before.checked_sub(1).map_or(0, |i| self.widened[i].1);
        at - added
    }

    /// The file's byte column (1-based) of the decoded byte column `col`
    /// on line `line` (both 1-based).
    fn column(&self, line: u32, col: u32) -> u32 {
        let Some(&start) = self.line_starts.get(line.saturating_sub(1) as usize) else {
            return col;
        };
        let at = start + col.saturating_sub(1);
        self.original(at) - self.original(start) + 1
    }

    /// `span` with its bytes in the file's offsets.
    fn span(&self, span: Span) -> Span {
        let bytes = self.original(span.start_byte())..self.original(span.end_byte());
        Span::new(span.start_line()..=span.end_line(), bytes).unwrap_or(span)
    }

    /// Maps every position in `facts` (extracted from [`Self::text`]) back
    /// to the file's bytes.
    pub(super) fn map_back(&self, facts: &mut FileFacts) {
        for def in &mut facts.defs {
            def.span = self.span(def.span);
            def.name_col = self.column(def.name_line, def.name_col);
        }
        for imp in &mut facts.impls {
            imp.span = self.span(imp.span);
        }
        for reference in &mut facts.refs {
            reference.col = self.column(reference.line, reference.col);
        }
        for import in &mut facts.imports {
            import.col = self.column(import.line, import.col);
        }
        for code in &mut facts.conditional {
            code.start.1 = self.column(code.start.0, code.start.1);
            code.end.1 = self.column(code.end.0, code.end.1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin1_text_decodes_and_positions_map_back() {
        // "é" is one byte in the file, two in UTF-8; "€" (0x80) one and three.
        let bytes = b"/* caf\xe9 \x80 */ int\nx\xe9 = f();\n";
        let decoded = Decoded::of(bytes);
        assert_eq!(decoded.text, "/* café € */ int\nxé = f();\n");
        let int = decoded.text.find("int").unwrap() as u32;
        assert_eq!(decoded.original(int), 13);
        assert_eq!(&bytes[13..16], b"int");
        // `f` on line 2: decoded column 7, file column 6.
        let f_col = decoded.text[decoded.text.find('\n').unwrap() + 1..]
            .find('f')
            .unwrap() as u32
            + 1;
        assert_eq!(f_col, 7);
        assert_eq!(decoded.column(2, f_col), 6);
        assert_eq!(bytes[17 + 5], b'f');
    }
}
