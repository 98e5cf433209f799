//! The one parse engine: a per-thread pool of tree-sitter parsers, one per
//! language, made on first use and reused for every file the thread reads,
//! and the timed parse — tree-sitter's parse with a progress callback that
//! gives up after a time limit. The indexer and any other reader of
//! plumb's grammars parse through here.

use std::cell::RefCell;
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use tree_sitter::{ParseOptions, Parser, Range, Tree};

use crate::language::Language;

/// Why a parse gave no tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The parse took longer than its time limit.
    TimedOut(Duration),
    /// tree-sitter refused the grammar (its ABI version is not supported).
    GrammarRejected(String),
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParseError::TimedOut(limit) => {
                write!(f, "parsing took longer than {} ms", limit.as_millis())
            }
            ParseError::GrammarRejected(err) => write!(f, "grammar rejected: {err}"),
        }
    }
}

impl std::error::Error for ParseError {}

thread_local! {
    /// This thread's parsers, by language.
    static PARSERS: RefCell<HashMap<Language, Parser>> = RefCell::new(HashMap::new());
}

/// Parses `source` as `language` with this thread's parser, giving up after
/// `timeout`.
pub fn parse_timed(
    language: Language,
    source: &str,
    timeout: Duration,
) -> Result<Tree, ParseError> {
    with_parser(language, |parser| {
        parse_with_timeout(parser, source, timeout)
    })?
}

/// Parses only the `ranges` of `text` (sorted and disjoint, as
/// `Parser::set_included_ranges` takes them) with this thread's parser,
/// giving up after `timeout`: when the bytes outside them are blank, the
/// tree parsing all of `text` gives, without reading the blanks. Ranges the
/// parser refuses are read as the whole text. The parser reads whole
/// documents again afterwards.
pub fn parse_ranges_timed(
    language: Language,
    text: &str,
    ranges: &[Range],
    timeout: Duration,
) -> Result<Tree, ParseError> {
    with_parser(language, |parser| {
        // A refused set of ranges leaves the whole document included.
        let _ = parser.set_included_ranges(ranges);
        let parsed = parse_with_timeout(parser, text, timeout);
        let _ = parser.set_included_ranges(&[]);
        parsed
    })?
}

/// Drops this thread's parsers, so that the next parse starts afresh: for a
/// thread that caught a panic, whose parser may have been mid-parse.
pub fn discard_thread_parsers() {
    PARSERS.with(|parsers| {
        if let Ok(mut parsers) = parsers.try_borrow_mut() {
            parsers.clear();
        }
    });
}

/// Runs `f` with this thread's parser for `language`, made on first use.
fn with_parser<R>(language: Language, f: impl FnOnce(&mut Parser) -> R) -> Result<R, ParseError> {
    PARSERS.with(|parsers| {
        let mut parsers = parsers.borrow_mut();
        let parser = match parsers.entry(language) {
            Entry::Occupied(entry) => entry.into_mut(),
            Entry::Vacant(entry) => {
                let mut parser = Parser::new();
                parser
                    .set_language(&language.grammar())
                    .map_err(|err| ParseError::GrammarRejected(err.to_string()))?;
                entry.insert(parser)
            }
        };
        Ok(f(parser))
    })
}

/// Parses `source` with `parser` (within its included ranges), giving up
/// after `timeout`.
fn parse_with_timeout(
    parser: &mut Parser,
    source: &str,
    timeout: Duration,
) -> Result<Tree, ParseError> {
    let started = Instant::now();
    let mut over_time = |_: &_| {
        if started.elapsed() > timeout {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let bytes = source.as_bytes();
    let tree = parser.parse_with_options(
        &mut |offset, _| &bytes[offset.min(bytes.len())..],
        None,
        Some(ParseOptions::new().progress_callback(&mut over_time)),
    );
    tree.ok_or_else(|| {
        parser.reset();
        ParseError::TimedOut(timeout)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zero_timeout_times_out_and_the_parser_is_usable_again() {
        let source = "def f():\n    return 1\n".repeat(20_000);
        assert_eq!(
            parse_timed(Language::Python, &source, Duration::ZERO).err(),
            Some(ParseError::TimedOut(Duration::ZERO))
        );
        let tree = parse_timed(
            Language::Python,
            "def g():\n    pass\n",
            Duration::from_secs(5),
        );
        assert!(tree.is_ok_and(|tree| !tree.root_node().has_error()));
    }

    #[test]
    fn ranges_parse_only_what_they_include() {
        let text = "          x = 1\n";
        let ranges = [Range {
            start_byte: 10,
            end_byte: text.len(),
            start_point: tree_sitter::Point::new(0, 10),
            end_point: tree_sitter::Point::new(1, 0),
        }];
        let tree = parse_ranges_timed(Language::Python, text, &ranges, Duration::from_secs(5));
        assert_eq!(tree.expect("no timeout").included_ranges(), ranges);
        // The parser reads whole documents again afterwards.
        let whole =
            parse_timed(Language::Python, text, Duration::from_secs(5)).expect("no timeout");
        assert_eq!(whole.included_ranges()[0].start_byte, 0);
    }
}
