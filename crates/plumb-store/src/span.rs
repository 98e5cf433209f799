//! Where a definition lies in its file: [`Span`], its lines and bytes, and
//! [`LineRange`], lines alone (an `impl` block as the store keeps it).
//!
//! Both hold their invariant from construction on: lines are 1-based, and
//! neither lines nor bytes end before they start. The fields are private,
//! read through getters, so that every value has passed the check of
//! [`Span::new`] or [`LineRange::new`] (decoding a span makes the same
//! check) and no reader checks again; the structs that hold them stay
//! plain data with public fields.

use std::ops::{Range, RangeInclusive};

/// Lines or bytes that would break the invariant, as given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvalidSpan {
    /// A line 0, or a last line before the first.
    #[error("invalid lines {start}..={end} (1-based, the last not before the first)")]
    Lines {
        /// The first line given.
        start: u32,
        /// The last line given.
        end: u32,
    },
    /// An end byte before the start byte.
    #[error("invalid bytes {start}..{end} (the end before the start)")]
    Bytes {
        /// The start byte given.
        start: u32,
        /// The end byte given.
        end: u32,
    },
}

/// Lines of a file, 1-based, both ends inclusive; the first is never after
/// the last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LineRange {
    /// Always at least 1.
    start: u32,
    /// Always at least `start`.
    end: u32,
}

impl LineRange {
    /// The lines `lines`, if the first is at least 1 and not after the last.
    pub fn new(lines: RangeInclusive<u32>) -> Result<LineRange, InvalidSpan> {
        let (start, end) = lines.into_inner();
        if start == 0 || end < start {
            return Err(InvalidSpan::Lines { start, end });
        }
        Ok(LineRange { start, end })
    }

    /// The first line (1-based).
    pub fn start(self) -> u32 {
        self.start
    }

    /// The last line (1-based, inclusive).
    pub fn end(self) -> u32 {
        self.end
    }
}

/// A definition's extent in its file: its lines (1-based, inclusive) and
/// its bytes (end exclusive), neither ending before it starts.
///
/// Encoded (serde) as its four numbers in the order of the getters, the
/// order of the fields it replaced in the facts cache, so a cached file's
/// encoding is unchanged; decoding checks the invariant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "SpanFields")]
pub struct Span {
    /// Always at least 1.
    start_line: u32,
    /// Always at least `start_line`.
    end_line: u32,
    start_byte: u32,
    /// Always at least `start_byte`.
    end_byte: u32,
}

/// A span's numbers as decoded, before [`Span::new`] checks them.
#[derive(serde::Deserialize)]
struct SpanFields {
    start_line: u32,
    end_line: u32,
    start_byte: u32,
    end_byte: u32,
}

impl TryFrom<SpanFields> for Span {
    type Error = InvalidSpan;

    fn try_from(fields: SpanFields) -> Result<Span, InvalidSpan> {
        Span::new(
            fields.start_line..=fields.end_line,
            fields.start_byte..fields.end_byte,
        )
    }
}

impl Default for Span {
    /// The empty span at a file's start: line 1, byte 0.
    fn default() -> Span {
        Span {
            start_line: 1,
            end_line: 1,
            start_byte: 0,
            end_byte: 0,
        }
    }
}

impl Span {
    /// The span of `lines` (1-based, inclusive) and `bytes` (end
    /// exclusive), if the first line is at least 1 and neither range ends
    /// before it starts.
    pub fn new(lines: RangeInclusive<u32>, bytes: Range<u32>) -> Result<Span, InvalidSpan> {
        let lines = LineRange::new(lines)?;
        if bytes.end < bytes.start {
            return Err(InvalidSpan::Bytes {
                start: bytes.start,
                end: bytes.end,
            });
        }
        Ok(Span {
            start_line: lines.start,
            end_line: lines.end,
            start_byte: bytes.start,
            end_byte: bytes.end,
        })
    }

    /// The first line (1-based).
    pub fn start_line(self) -> u32 {
        self.start_line
    }

    /// The last line (1-based, inclusive).
    pub fn end_line(self) -> u32 {
        self.end_line
    }

    /// The offset of the first byte.
    pub fn start_byte(self) -> u32 {
        self.start_byte
    }

    /// The offset just past the last byte.
    pub fn end_byte(self) -> u32 {
        self.end_byte
    }

    /// The lines it covers.
    pub fn lines(self) -> LineRange {
        LineRange {
            start: self.start_line,
            end: self.end_line,
        }
    }

    /// How many bytes it covers.
    pub fn byte_len(self) -> u32 {
        self.end_byte - self.start_byte
    }

    /// Whether `other`'s bytes lie within this span's.
    pub fn contains(self, other: Span) -> bool {
        self.start_byte <= other.start_byte && other.end_byte <= self.end_byte
    }

    /// Whether both cover the same bytes.
    pub fn same_bytes(self, other: Span) -> bool {
        (self.start_byte, self.end_byte) == (other.start_byte, other.end_byte)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[expect(
        clippy::reversed_empty_ranges,
        reason = "reversed ranges are the invalid input under test"
    )]
    fn a_span_needs_1_based_lines_and_ends_not_before_starts() {
        let span = Span::new(2..=4, 10..30).unwrap();
        assert_eq!(
            (
                span.start_line(),
                span.end_line(),
                span.start_byte(),
                span.end_byte()
            ),
            (2, 4, 10, 30)
        );
        assert_eq!(span.lines(), LineRange::new(2..=4).unwrap());
        assert!(Span::new(3..=3, 5..5).is_ok());
        assert_eq!(Span::default(), Span::new(1..=1, 0..0).unwrap());
        assert_eq!(
            Span::new(0..=1, 0..1),
            Err(InvalidSpan::Lines { start: 0, end: 1 })
        );
        assert_eq!(
            Span::new(4..=2, 0..1),
            Err(InvalidSpan::Lines { start: 4, end: 2 })
        );
        assert_eq!(
            Span::new(1..=2, 5..4),
            Err(InvalidSpan::Bytes { start: 5, end: 4 })
        );
        assert!(LineRange::new(0..=0).is_err());
        assert!(LineRange::new(3..=2).is_err());
    }

    #[test]
    fn containment_and_length_read_the_bytes() {
        let outer = Span::new(1..=10, 0..100).unwrap();
        let inner = Span::new(2..=3, 10..40).unwrap();
        assert!(outer.contains(inner) && outer.contains(outer));
        assert!(!inner.contains(outer));
        assert_eq!(inner.byte_len(), 30);
        assert!(inner.same_bytes(Span::new(2..=3, 10..40).unwrap()));
    }
}
