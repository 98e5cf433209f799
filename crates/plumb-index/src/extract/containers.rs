//! Containers: every definition and impl block of a file, nested by byte
//! range, and the innermost container of any point — what places
//! definitions, references, bindings and locals in their scopes.

use std::collections::HashMap;

use plumb_lang::tree_sitter::Node;

use super::captures::RawImpl;
use crate::facts::{Container, FileFacts};

/// The containers of one file, sorted by start (and by end, outermost
/// first), with the container of each.
pub(super) struct Containers {
    /// Start byte, end byte and container, in that order.
    sorted: Vec<(u32, u32, Container)>,
    /// The container of each container; none for those at the top level.
    parents: HashMap<Container, Container>,
    /// How deep the deepest container nests (1 at the top level).
    depth: usize,
}

impl Containers {
    /// The containers of `impls` (in order) and of the
    /// definitions whose spans (first node, outer node) are `spans`. An
    /// impl block with a definition's very span (an out-of-line method
    /// `void Shape::area() {}`, an extension `fun Cart.total()`, a method
    /// declaration that is its own receiver block) holds that definition.
    pub(super) fn new(impls: &[RawImpl<'_>], spans: &[(Node<'_>, Node<'_>)]) -> Self {
        let mut sorted: Vec<(u32, u32, Container)> = impls
            .iter()
            .enumerate()
            .map(|(i, raw)| {
                (
                    raw.node.start_byte() as u32,
                    raw.node.end_byte() as u32,
                    Container::Impl(i),
                )
            })
            .chain(spans.iter().enumerate().map(|(i, (first, outer))| {
                (
                    first.start_byte() as u32,
                    outer.end_byte() as u32,
                    Container::Def(i),
                )
            }))
            .collect();
        sorted.sort_by_key(|&(start, end, container)| {
            let is_def = matches!(container, Container::Def(_));
            (start, std::cmp::Reverse(end), is_def)
        });
        let (parents, depth) = nest(&sorted);
        Containers {
            sorted,
            parents,
            depth,
        }
    }

    /// How deep the deepest container nests: 1 for one at the top level, 0
    /// for a file with none.
    pub(super) fn depth(&self) -> usize {
        self.depth
    }

    /// The container of `container`: the file for one at the top level.
    pub(super) fn parent(&self, container: Container) -> Container {
        self.parents
            .get(&container)
            .copied()
            .unwrap_or(Container::File)
    }

    /// The innermost container of each point (`points` sorted ascending).
    pub(super) fn innermost(&self, points: impl Iterator<Item = u32>) -> Vec<Container> {
        innermost(&self.sorted, points)
    }

    /// `nodes` in source order, duplicates dropped, each with its innermost
    /// container.
    pub(super) fn place_nodes<'t>(&self, mut nodes: Vec<Node<'t>>) -> Vec<(Node<'t>, Container)> {
        nodes.sort_by_key(|n| n.start_byte());
        nodes.dedup_by_key(|n| n.start_byte());
        let places = self.innermost(nodes.iter().map(|n| n.start_byte() as u32));
        nodes.into_iter().zip(places).collect()
    }
}

/// The container of each container, by a stack sweep over containers sorted
/// by start (and by end, outermost first), and how deep the deepest nests.
/// Definitions over the very same span are siblings: one declaration
/// declaring several names (C's `int a, b;`) holds none of them in another.
fn nest(containers: &[(u32, u32, Container)]) -> (HashMap<Container, Container>, usize) {
    let mut parents = HashMap::with_capacity(containers.len());
    let mut depth = 0;
    let mut stack: Vec<(u32, u32, Container)> = Vec::new();
    for &(start, end, container) in containers {
        while stack
            .last()
            .is_some_and(|&(_, top_end, _)| top_end <= start)
        {
            stack.pop();
        }
        let sibling = stack.last().is_some_and(|&(top_start, top_end, top)| {
            (top_start, top_end) == (start, end)
                && matches!((top, container), (Container::Def(_), Container::Def(_)))
        });
        if sibling {
            stack.pop();
        }
        if let Some(&(_, _, parent)) = stack.last() {
            parents.insert(container, parent);
        }
        stack.push((start, end, container));
        depth = depth.max(stack.len());
    }
    (parents, depth)
}

/// The innermost container of each point (`points` sorted ascending).
fn innermost(
    containers: &[(u32, u32, Container)],
    points: impl Iterator<Item = u32>,
) -> Vec<Container> {
    let mut out = Vec::with_capacity(points.size_hint().0);
    let mut stack: Vec<(u32, Container)> = Vec::new();
    let mut next = 0;
    for point in points {
        while next < containers.len() && containers[next].0 <= point {
            let (start, end, container) = containers[next];
            while stack.last().is_some_and(|&(top_end, _)| top_end <= start) {
                stack.pop();
            }
            stack.push((end, container));
            next += 1;
        }
        while stack.last().is_some_and(|&(top_end, _)| top_end <= point) {
            stack.pop();
        }
        out.push(stack.last().map_or(Container::File, |&(_, c)| c));
    }
    out
}

/// The nearest enclosing type definition or impl block of `container`.
pub(super) fn enclosing_type(facts: &FileFacts, mut container: Container) -> Container {
    loop {
        match container {
            Container::Def(i) if facts.defs[i].kind.is_type() => return container,
            Container::Def(i) => container = facts.defs[i].container,
            Container::Impl(_) | Container::File => return container,
        }
    }
}
