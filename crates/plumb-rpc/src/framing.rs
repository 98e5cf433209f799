//! `Content-Length` framing: each message is a block of `Name: value` header
//! lines ended by an empty line, then exactly `Content-Length` bytes of body
//! (the LSP base protocol; DAP uses the same). The reader tolerates headers
//! other than `Content-Length` (LSP's `Content-Type`) and text a server
//! prints before its first frame (a banner), and bounds what it buffers.

use std::io::{self, BufRead, Read, Write};

/// The largest body accepted. Chosen: far above any real message (a
/// workspace's diagnostics or a large file's semantic tokens run to a few
/// MB) and low enough that a peer announcing a huge length cannot make the
/// reader allocate without bound.
pub const MAX_FRAME_BYTES: usize = 64 * 1024 * 1024;

/// The longest header line (or banner line) read. Chosen: a header is a
/// short `Name: value` pair; a longer line is garbage or a banner, read in
/// pieces of this size.
const MAX_LINE_BYTES: u64 = 8 * 1024;

/// The header naming the body's length, compared without regard to case.
const CONTENT_LENGTH: &[u8] = b"content-length:";

/// Why a frame could not be read.
#[derive(Debug, thiserror::Error)]
pub enum FrameError {
    /// Reading from the peer failed.
    #[error("reading a frame: {0}")]
    Io(#[from] io::Error),
    /// A `Content-Length` value that is not a number.
    #[error("invalid Content-Length header: {0:?}")]
    InvalidLength(String),
    /// A body larger than [`MAX_FRAME_BYTES`].
    #[error("frame of {0} bytes exceeds the limit of {MAX_FRAME_BYTES}")]
    TooLarge(usize),
    /// The stream ended inside a frame.
    #[error("stream ended inside a frame")]
    Truncated,
}

/// Reads `Content-Length` frames from a byte stream.
#[derive(Debug)]
pub struct FrameReader<R> {
    inner: R,
}

impl<R: BufRead> FrameReader<R> {
    /// A reader of the frames of `inner`.
    pub fn new(inner: R) -> Self {
        FrameReader { inner }
    }

    /// The next frame's body; `Ok(None)` when the stream ends between
    /// frames (text before a frame that never comes counts as between).
    pub fn read_frame(&mut self) -> Result<Option<Vec<u8>>, FrameError> {
        let Some(length) = self.read_headers()? else {
            return Ok(None);
        };
        if length > MAX_FRAME_BYTES {
            return Err(FrameError::TooLarge(length));
        }
        let mut body = vec![0; length];
        self.inner.read_exact(&mut body).map_err(|err| {
            if err.kind() == io::ErrorKind::UnexpectedEof {
                FrameError::Truncated
            } else {
                FrameError::Io(err)
            }
        })?;
        Ok(Some(body))
    }

    /// Reads lines until a `Content-Length` header has been seen and the
    /// header block has ended; lines before it (a banner, other headers)
    /// are skipped. `None` at the end of the stream before any length.
    fn read_headers(&mut self) -> Result<Option<usize>, FrameError> {
        let mut length = None;
        let mut line = Vec::new();
        loop {
            line.clear();
            let read = (&mut self.inner)
                .take(MAX_LINE_BYTES)
                .read_until(b'\n', &mut line)?;
            if read == 0 {
                return match length {
                    None => Ok(None),
                    Some(_) => Err(FrameError::Truncated),
                };
            }
            let text = trim_line_end(&line);
            match length {
                Some(found) if text.is_empty() => return Ok(Some(found)),
                _ => {
                    if let Some(value) = content_length_value(text) {
                        length = Some(parse_length(value)?);
                    }
                }
            }
        }
    }
}

/// The line without its `\n` or `\r\n`.
fn trim_line_end(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// The value of a `Content-Length` header found in `line`, which may be
/// preceded by banner text printed without a newline.
fn content_length_value(line: &[u8]) -> Option<&[u8]> {
    let start = line
        .windows(CONTENT_LENGTH.len())
        .position(|window| window.eq_ignore_ascii_case(CONTENT_LENGTH))?;
    Some(&line[start + CONTENT_LENGTH.len()..])
}

fn parse_length(value: &[u8]) -> Result<usize, FrameError> {
    let text = String::from_utf8_lossy(value);
    text.trim()
        .parse()
        .map_err(|_| FrameError::InvalidLength(text.trim().to_owned()))
}

/// Writes `body` as one frame and flushes, so the peer sees it at once.
pub fn write_frame(out: &mut impl Write, body: &[u8]) -> io::Result<()> {
    write!(out, "Content-Length: {}\r\n\r\n", body.len())?;
    out.write_all(body)?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use std::io::BufReader;

    use super::*;

    /// A stream that hands out its bytes in the given pieces, one piece per
    /// read call, as a pipe does.
    struct Pieces(Vec<Vec<u8>>);

    impl Read for Pieces {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let Some(piece) = self.0.first_mut() else {
                return Ok(0);
            };
            let n = piece.len().min(buf.len());
            buf[..n].copy_from_slice(&piece[..n]);
            piece.drain(..n);
            if piece.is_empty() {
                self.0.remove(0);
            }
            Ok(n)
        }
    }

    fn frame(body: &str) -> Vec<u8> {
        let mut out = Vec::new();
        write_frame(&mut out, body.as_bytes()).unwrap();
        out
    }

    fn read_all(pieces: Vec<Vec<u8>>) -> Result<Vec<String>, FrameError> {
        let mut reader = FrameReader::new(BufReader::new(Pieces(pieces)));
        let mut bodies = Vec::new();
        while let Some(body) = reader.read_frame()? {
            bodies.push(String::from_utf8(body).unwrap());
        }
        Ok(bodies)
    }

    #[test]
    fn a_message_split_over_two_reads_is_one_frame() {
        let bytes = frame(r#"{"jsonrpc":"2.0","id":1}"#);
        let (head, tail) = bytes.split_at(10);
        let bodies = read_all(vec![head.to_vec(), tail.to_vec()]).unwrap();
        assert_eq!(bodies, [r#"{"jsonrpc":"2.0","id":1}"#]);
    }

    #[test]
    fn a_split_inside_the_body_waits_for_the_rest() {
        let bytes = frame("0123456789");
        let split = bytes.len() - 4;
        let bodies = read_all(vec![bytes[..split].to_vec(), bytes[split..].to_vec()]).unwrap();
        assert_eq!(bodies, ["0123456789"]);
    }

    #[test]
    fn three_messages_in_one_read_are_three_frames() {
        let bytes = [frame("one"), frame("two"), frame("three")].concat();
        assert_eq!(read_all(vec![bytes]).unwrap(), ["one", "two", "three"]);
    }

    #[test]
    fn extra_header_fields_are_ignored_in_any_order() {
        let bytes = b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\
                      content-length: 2\r\nX-Other: 1\r\n\r\n{}"
            .to_vec();
        assert_eq!(read_all(vec![bytes]).unwrap(), ["{}"]);
    }

    #[test]
    fn a_banner_before_the_first_frame_is_skipped() {
        let banner = b"Starting server v1.2: listening on stdio\nready\n".to_vec();
        let bodies = read_all(vec![banner, frame("first"), frame("second")]).unwrap();
        assert_eq!(bodies, ["first", "second"]);
    }

    #[test]
    fn a_banner_without_a_newline_is_skipped() {
        let bytes = [b"loading...".to_vec(), frame("body")].concat();
        assert_eq!(read_all(vec![bytes]).unwrap(), ["body"]);
    }

    #[test]
    fn bare_newlines_end_headers_too() {
        let bytes = b"Content-Length: 3\n\nabc".to_vec();
        assert_eq!(read_all(vec![bytes]).unwrap(), ["abc"]);
    }

    #[test]
    fn an_empty_body_is_a_frame() {
        assert_eq!(read_all(vec![frame("")]).unwrap(), [""]);
    }

    #[test]
    fn end_of_stream_between_frames_is_the_end() {
        assert!(read_all(vec![]).unwrap().is_empty());
        assert!(
            read_all(vec![b"a banner and nothing else\n".to_vec()])
                .unwrap()
                .is_empty()
        );
    }

    #[test]
    fn end_of_stream_inside_a_frame_is_an_error() {
        let bytes = frame("0123456789");
        let cut = bytes[..bytes.len() - 3].to_vec();
        assert!(matches!(read_all(vec![cut]), Err(FrameError::Truncated)));
        let headers_only = b"Content-Length: 5\r\n".to_vec();
        assert!(matches!(
            read_all(vec![headers_only]),
            Err(FrameError::Truncated)
        ));
    }

    #[test]
    fn a_length_that_is_not_a_number_is_an_error() {
        let bytes = b"Content-Length: twelve\r\n\r\n".to_vec();
        let err = read_all(vec![bytes]).unwrap_err();
        assert!(matches!(&err, FrameError::InvalidLength(value) if value == "twelve"));
    }

    #[test]
    fn a_huge_length_is_refused_before_allocating() {
        let bytes = format!("Content-Length: {}\r\n\r\n", MAX_FRAME_BYTES + 1).into_bytes();
        let err = read_all(vec![bytes]).unwrap_err();
        assert!(matches!(err, FrameError::TooLarge(n) if n == MAX_FRAME_BYTES + 1));
    }

    #[test]
    fn a_written_frame_has_the_length_of_its_bytes() {
        let bytes = frame("é");
        assert_eq!(bytes, b"Content-Length: 2\r\n\r\n\xc3\xa9");
    }
}
