//! Matching a compiled pattern against one file's text: ast-grep-core's
//! `find_all` over a tree parsed by plumb-lang's parse engine, each match
//! with its position and the text of its captures.

use std::time::Duration;

use ast_grep_core::tree_sitter::StrDoc;
use ast_grep_core::{AstGrep as Root, NodeMatch};
use plumb_lang::ParseError;

use crate::grammar::Grammar;
use crate::pattern::StructPattern;

/// The parsed file, as ast-grep-core reads it.
pub(crate) type Parsed = Root<StrDoc<Grammar>>;

/// One match in a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    /// First line (1-based).
    pub line: u32,
    /// Last line (1-based).
    pub end_line: u32,
    /// Column of the first byte (1-based, bytes).
    pub column: u32,
    /// Byte range in the file.
    pub bytes: std::ops::Range<usize>,
    /// The matched text.
    pub text: String,
    /// Each captured metavariable's name and text, in pattern order.
    pub captures: Vec<(String, String)>,
}

/// Parses `source` as the pattern's language, giving up after `timeout`.
pub(crate) fn parse(
    pattern: &StructPattern,
    source: String,
    timeout: Duration,
) -> Result<Parsed, ParseError> {
    let tree = plumb_lang::parse_timed(pattern.language(), &source, timeout)?;
    Ok(Root::doc(StrDoc {
        src: source,
        lang: pattern.grammar(),
        tree,
    }))
}

/// Every match of `pattern` in `parsed`, outermost first in document order;
/// a match nested inside another is kept too.
pub(crate) fn matches_in<'r>(
    pattern: &'r StructPattern,
    parsed: &'r Parsed,
) -> Vec<NodeMatch<'r, StrDoc<Grammar>>> {
    parsed.root().find_all(pattern.pattern()).collect()
}

/// Every match of `pattern` in `source` (parsed as the pattern's language).
pub fn find_matches(
    pattern: &StructPattern,
    source: &str,
    timeout: Duration,
) -> Result<Vec<Match>, ParseError> {
    let parsed = parse(pattern, source.to_owned(), timeout)?;
    Ok(matches_in(pattern, &parsed)
        .iter()
        .map(|m| describe(pattern, m, source))
        .collect())
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// A match as reported: position, text and captures.
pub(crate) fn describe(
    pattern: &StructPattern,
    found: &NodeMatch<'_, StrDoc<Grammar>>,
    source: &str,
) -> Match {
    let node = found.get_node();
    let range = node.range();
    let start = node.start_pos();
    let end = node.end_pos();
    let env = found.get_env();
    let captures = pattern
        .variables()
        .iter()
        .map(|name| {
            let text = match env.get_match(name) {
                Some(one) => one.text().into_owned(),
                None => {
                    let many = env.get_multiple_matches(name);
                    match (many.first(), many.last()) {
                        (Some(first), Some(last)) => source
                            .get(first.range().start..last.range().end)
                            .unwrap_or_default()
                            .to_owned(),
                        _ => String::new(),
                    }
                }
            };
            (name.clone(), text)
        })
        .collect();
    Match {
        line: to_u32(start.line() + 1),
        end_line: to_u32(end.line() + 1),
        column: to_u32(start.byte_point().1 + 1),
        bytes: range.clone(),
        text: source.get(range).unwrap_or_default().to_owned(),
        captures,
    }
}

#[cfg(test)]
mod tests;
