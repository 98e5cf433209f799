//! A definition's doc comment: the comments just before it (or before the
//! declaration around it, [`Spec::doc_anchor_kinds`]) that start with one of
//! the language's doc markers, or its docstring.

use plumb_lang::tree_sitter::Node;
use plumb_lang::{Ancestry, DocStyle, Language, Spec};

use super::siblings::{ChildLists, Siblings};
use super::text::{text, truncate};

/// Longest doc comment kept, in bytes. Chosen: enough for a summary
/// paragraph; the source has the rest.
const MAX_DOC: usize = 1000;

/// The doc comment or docstring of a definition.
/// `parent` is the definition's parent; others are read in `ancestry`.
pub(super) fn doc<'t>(
    language: Language,
    (node, parent): (Node<'t>, Option<Node<'t>>),
    bytes: &[u8],
    ancestry: &Ancestry<'t>,
    lists: &mut ChildLists<'t>,
) -> Option<String> {
    let spec: &Spec = language.spec();
    let raw = match spec.doc_style {
        DocStyle::Docstring => language.docstring(node, bytes)?,
        DocStyle::PrecedingComments(markers) => {
            let (mut anchor, mut anchor_parent) = (node, parent);
            while let Some(parent) = anchor_parent {
                if spec.doc_anchor_kinds.contains(&parent.kind()) {
                    anchor = parent;
                    anchor_parent = ancestry.parent(parent);
                } else {
                    break;
                }
            }
            let mut lines = Vec::new();
            for sibling in lists.siblings_before(anchor, anchor_parent, Siblings::All) {
                if spec.attribute_kinds.contains(&sibling.kind()) {
                    continue;
                }
                if !spec.comment_kinds.contains(&sibling.kind()) {
                    break;
                }
                let comment = text(sibling, bytes);
                if !markers.iter().any(|m| comment.starts_with(m)) {
                    break;
                }
                lines.push(strip_comment_markers(comment));
            }
            lines.reverse();
            lines.join("\n").trim().to_owned()
        }
    };
    (!raw.is_empty()).then(|| truncate(raw, MAX_DOC))
}

/// A comment's lines without their markers (`///`, `//`, `/**`, `*` and the
/// closing `*/`), blank ones dropped.
fn strip_comment_markers(comment: &str) -> String {
    comment
        .trim_end_matches("*/")
        .lines()
        .map(|line| {
            line.trim()
                .trim_start_matches("///")
                .trim_start_matches("//")
                .trim_start_matches("/**")
                .trim_start_matches('*')
                .trim()
        })
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}
