//! Text helpers of the extractor: a node's text, position and span, receivers
//! and paths compacted, member operators rewritten to `.`, and text cut to
//! a length.

use plumb_lang::Spec;
use plumb_lang::tree_sitter::Node;
use plumb_store::span::Span;

/// Longest receiver or path text kept, in bytes. Chosen: receivers longer
/// than this are expressions no resolution step can use.
const MAX_RECEIVER: usize = 200;

/// The source text of `node` (empty when not UTF-8, which the parse
/// rejects beforehand).
pub(super) fn text<'a>(node: Node<'_>, bytes: &'a [u8]) -> &'a str {
    std::str::from_utf8(&bytes[node.byte_range()]).unwrap_or("")
}

/// The 1-based line and column of `node`'s start.
pub(super) fn position(node: Node<'_>) -> (u32, u32) {
    let point = node.start_position();
    (point.row as u32 + 1, point.column as u32 + 1)
}

/// The span from `first`'s start to `last`'s end. It is always valid:
/// tree-sitter's rows count from 0, and `last` is `first` or a node after
/// it (a definition after its attributes); were it not, the definition
/// would take the empty span at the file's start rather than stop the
/// extraction.
pub(super) fn span(first: Node<'_>, last: Node<'_>) -> Span {
    let lines = first.start_position().row as u32 + 1..=last.end_position().row as u32 + 1;
    Span::new(lines, first.start_byte() as u32..last.end_byte() as u32).unwrap_or_default()
}

/// A node's text as a compact expression (whitespace folded, and dropped
/// next to punctuation: `self . cart` → `self.cart`, `new  Cart ()` →
/// `new Cart()`), if short enough to be useful.
pub(super) fn compact(node: Node<'_>, bytes: &[u8]) -> Option<String> {
    let raw = text(node, bytes);
    (raw.len() <= MAX_RECEIVER).then(|| compact_expression(raw))
}

/// The qualifier a `@path` capture gives a name: its text, or, when the
/// path is the whole scoped name around the name (`a::b::f` around `f`),
/// the text before the name without the trailing separator (`a::b`).
/// A scoped name with an empty qualifier (`::f`, the global namespace)
/// has none.
pub(super) fn qualifier(
    path: Node<'_>,
    name: Node<'_>,
    spec: &Spec,
    bytes: &[u8],
) -> Option<String> {
    let encloses = path.start_byte() <= name.start_byte()
        && name.end_byte() <= path.end_byte()
        && path.id() != name.id();
    if !encloses {
        return compact(path, bytes);
    }
    let before = std::str::from_utf8(&bytes[path.start_byte()..name.start_byte()]).ok()?;
    if before.len() > MAX_RECEIVER {
        return None;
    }
    let written = compact_expression(before);
    let written = written.strip_suffix(spec.separator).unwrap_or(&written);
    (!written.is_empty()).then(|| written.to_owned())
}

/// [`compact`], with the language's member operators rewritten to `.`.
pub(super) fn member_path(node: Node<'_>, spec: &Spec, bytes: &[u8]) -> Option<String> {
    compact(node, bytes).map(|c| dotted(&c, spec.member_operators))
}

/// Rewrites each of `operators` (`->`, `::`, `\`; longest first) to
/// `.`; one with no operand before it (`\App\Cart`, `new \Cart()`)
/// anchors at the root and is dropped.
pub(super) fn dotted(text: &str, operators: &[&str]) -> String {
    if operators.is_empty() {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if let Some(op) = operators.iter().find(|op| rest.starts_with(**op)) {
            let after_operand = out.chars().last().is_some_and(|last| {
                last.is_alphanumeric() || matches!(last, '_' | '$' | ')' | ']' | '}')
            });
            if after_operand {
                out.push('.');
            }
            rest = &rest[op.len()..];
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// Folds whitespace in an expression, keeping one space only between two
/// word characters (a name's `\` counts as one: `new \App\Cart()`).
pub(super) fn compact_expression(raw: &str) -> String {
    let is_word = |c: char| c.is_alphanumeric() || matches!(c, '_' | '$' | '\\');
    let mut out = String::with_capacity(raw.len());
    let mut pending_space = false;
    for c in raw.chars() {
        if c.is_whitespace() {
            pending_space = true;
            continue;
        }
        if pending_space && out.chars().last().is_some_and(is_word) && is_word(c) {
            out.push(' ');
        }
        pending_space = false;
        out.push(c);
    }
    out
}

/// Cuts `text` to at most `max` bytes at a character boundary, marking the cut.
pub(super) fn truncate(mut text: String, max: usize) -> String {
    if text.len() > max {
        let mut end = max;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        text.truncate(end);
        text.push('…');
    }
    text
}
