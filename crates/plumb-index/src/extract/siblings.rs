//! The siblings before a node, read from its parent's list of children
//! (each parent's read once per file) rather than step by step through
//! tree-sitter, which finds the parent again from the root at every step.

use std::collections::HashMap;
use std::rc::Rc;

use plumb_lang::tree_sitter::Node;

/// Which siblings [`SiblingsBefore`] yields.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Siblings {
    /// Named and anonymous ones (`prev_sibling`).
    All,
    /// Named ones (`prev_named_sibling`).
    Named,
}

/// The children of the parents of definitions, each parent's read once:
/// each `prev_sibling` call finds the parent again from the root and reads
/// its children up to the node, once per step and per definition.
#[derive(Default)]
pub(super) struct ChildLists<'t> {
    /// By parent id: its children in order, or `None` when one is
    /// zero-width (tree-sitter orders those siblings by more than position).
    by_parent: HashMap<usize, Option<Rc<[Node<'t>]>>>,
}

impl<'t> ChildLists<'t> {
    /// The siblings of `which` kind before `node`, whose parent is
    /// `parent`, nearest first: those `prev_sibling` (or
    /// `prev_named_sibling`) gives step by step.
    pub(super) fn siblings_before(
        &mut self,
        node: Node<'t>,
        parent: Option<Node<'t>>,
        which: Siblings,
    ) -> SiblingsBefore<'t> {
        let Some(parent) = parent else {
            return SiblingsBefore::Chained(None, which);
        };
        let children = self
            .by_parent
            .entry(parent.id())
            .or_insert_with(|| children_of(parent))
            .clone();
        let at = children.as_ref().and_then(|children| {
            let at = children.partition_point(|c| c.start_byte() < node.start_byte());
            (children.get(at).map(Node::id) == Some(node.id())).then_some(at)
        });
        match (children, at) {
            (Some(children), Some(at)) => SiblingsBefore::Listed {
                children,
                next: at,
                which,
            },
            _ => SiblingsBefore::Chained(previous_sibling(node, which), which),
        }
    }
}

/// The children of `parent` in order; `None` when one is zero-width.
fn children_of<'t>(parent: Node<'t>) -> Option<Rc<[Node<'t>]>> {
    let mut cursor = parent.walk();
    let children: Vec<Node<'t>> = parent.children(&mut cursor).collect();
    let zero_width = children.iter().any(|c| c.byte_range().is_empty());
    (!zero_width).then(|| children.into())
}

/// The siblings before a node, nearest first ([`ChildLists::siblings_before`]).
pub(super) enum SiblingsBefore<'t> {
    /// Read from the parent's children: those before `next`.
    Listed {
        /// The parent's children.
        children: Rc<[Node<'t>]>,
        /// The index after the next one to yield.
        next: usize,
        /// Which ones to yield.
        which: Siblings,
    },
    /// Asked of tree-sitter step by step: the next one to yield.
    Chained(Option<Node<'t>>, Siblings),
}

impl<'t> Iterator for SiblingsBefore<'t> {
    type Item = Node<'t>;

    fn next(&mut self) -> Option<Node<'t>> {
        match self {
            SiblingsBefore::Listed {
                children,
                next,
                which,
            } => {
                while *next > 0 {
                    *next -= 1;
                    let sibling = children[*next];
                    if *which == Siblings::All || sibling.is_named() {
                        return Some(sibling);
                    }
                }
                None
            }
            SiblingsBefore::Chained(current, which) => {
                let sibling = (*current)?;
                *current = previous_sibling(sibling, *which);
                Some(sibling)
            }
        }
    }
}

/// The sibling before `node` of `which` kind, as tree-sitter finds it.
fn previous_sibling(node: Node<'_>, which: Siblings) -> Option<Node<'_>> {
    match which {
        Siblings::All => node.prev_sibling(),
        Siblings::Named => node.prev_named_sibling(),
    }
}
