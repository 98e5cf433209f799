//! A definition's declaration as text: its body (to stop the signature
//! before it), its signature with whitespace folded, and its declared
//! return type where the language keeps it in a field of its own.

use plumb_lang::Spec;
use plumb_lang::tree_sitter::Node;
use plumb_store::model::SymbolKind;

use super::text::{dotted, text, truncate};

/// Longest signature kept, in bytes. Chosen: two long lines; longer ones
/// are cut at a character boundary with `…`.
pub(super) const MAX_SIGNATURE: usize = 240;

/// The body of a definition: its `body` field, or the body child of a
/// grammar without such a field ([`Spec::body_kinds`]).
pub(super) fn body<'t>(node: Node<'t>, spec: &Spec) -> Option<Node<'t>> {
    node.child_by_field_name("body").or_else(|| {
        let mut cursor = node.walk();
        node.named_children(&mut cursor)
            .find(|child| spec.body_kinds.contains(&child.kind()))
    })
}

/// The declared return type of a callable, where the language keeps it in
/// a field of its own.
pub(super) fn return_type(
    node: Node<'_>,
    kind: SymbolKind,
    spec: &Spec,
    bytes: &[u8],
) -> Option<String> {
    let field = spec.return_type_field?;
    if !kind.is_callable() {
        return None;
    }
    let mut written = node.child_by_field_name(field)?;
    if spec.result_list_kinds.contains(&written.kind()) {
        // Several results (`(T, error)`): the first is what a call chain
        // goes on with.
        written = written.named_child(0)?;
        written = written.child_by_field_name("type").unwrap_or(written);
    }
    let folded: String = text(written, bytes).split_whitespace().collect();
    // A type annotation written with its colon (TypeScript's `: Query<T>`).
    let folded = folded.strip_prefix(':').unwrap_or(&folded);
    Some(dotted(folded, spec.member_operators))
}

/// The declaration text before the body, whitespace folded.
pub(super) fn signature(node: Node<'_>, spec: &Spec, bytes: &[u8]) -> Option<String> {
    let body = body(node, spec).or_else(|| {
        node.child_by_field_name("value")
            .and_then(|value| value.child_by_field_name("body"))
    });
    let end = body.map_or(node.end_byte(), |b| b.start_byte());
    let raw = std::str::from_utf8(&bytes[node.start_byte()..end]).ok()?;
    let folded = fold_signature(raw);
    (!folded.is_empty()).then_some(folded)
}

/// `raw` with each run of whitespace made one space, without the `:`, `{`
/// and spaces it ends in, cut at [`MAX_SIGNATURE`]. Reading stops once a
/// character that no trimming can take lies past the cut: the rest cannot
/// change the result (a macro's text can run to thousands of lines).
pub(super) fn fold_signature(raw: &str) -> String {
    let is_trimmed = |b: u8| matches!(b, b':' | b'{' | b' ');
    let mut folded = String::with_capacity(raw.len().min(MAX_SIGNATURE + 1));
    for word in raw.split_whitespace() {
        if !folded.is_empty() {
            folded.push(' ');
        }
        folded.push_str(word);
        if folded
            .as_bytes()
            .iter()
            .skip(MAX_SIGNATURE)
            .any(|&b| !is_trimmed(b))
        {
            break;
        }
    }
    let trimmed = folded.trim_end_matches([':', '{', ' ']).len();
    folded.truncate(trimmed);
    truncate(folded, MAX_SIGNATURE)
}
