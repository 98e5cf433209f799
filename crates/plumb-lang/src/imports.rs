//! [`ImportDecl`], one name an import statement binds, as written; and the
//! small node helpers the per-language import hooks share.

use tree_sitter::Node;

/// One binding made by an import statement, as written in the source.
/// Resolving `module` to a file is the resolver's job, per module system.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ImportDecl {
    /// Line of the imported name (1-based).
    pub line: u32,
    /// Column of the imported name (1-based, bytes).
    pub col: u32,
    /// The module as written: `..models` (Python, leading dots = relative
    /// level), `./shapes` (ECMAScript specifier), `crate::a::b` (Rust path
    /// prefix, `::`-separated).
    pub module: String,
    /// The member imported from the module; `None` imports the module itself.
    pub name: Option<String>,
    /// The local name bound; `None` for a glob or a side-effect import.
    pub local: Option<String>,
    /// `from m import *`, `export * from`, `use m::*`.
    pub glob: bool,
    /// Whether importers of this file see the binding too (`export … from`,
    /// `pub use`, any Python import).
    pub reexport: bool,
}

/// Code compiled only under a condition (a Rust statement under
/// `#[cfg(…)]`): its extent, and the condition as written.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ConditionalCode {
    /// Line and column where the statement starts (1-based, bytes).
    pub start: (u32, u32),
    /// Line and column just past its end (1-based, bytes).
    pub end: (u32, u32),
    /// The condition as written (`feature = "std"`, `not(test)`).
    pub condition: String,
}

/// A `mod name;` declaration that names its file by a `#[path = "…"]`
/// attribute (the Rust reference, "Modules: the path attribute").
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct ModulePath {
    /// The inline modules (`mod a { … }`) the declaration sits in, outermost
    /// first.
    pub within: Vec<String>,
    /// The module's name.
    pub name: String,
    /// The path as written, relative to the declaring file's directory.
    pub path: String,
}

/// Source text of a node (lossy on invalid UTF-8, which the walk rejects).
pub(crate) fn text<'a>(node: Node<'_>, source: &'a [u8]) -> &'a str {
    std::str::from_utf8(&source[node.byte_range()]).unwrap_or("")
}

/// 1-based line and column of a node's start.
pub(crate) fn position(node: Node<'_>) -> (u32, u32) {
    let point = node.start_position();
    (point.row as u32 + 1, point.column as u32 + 1)
}

/// A dotted name with the whitespace a declaration may hold between its
/// parts removed (`com . shop` → `com.shop`).
pub(crate) fn compact(written: &str) -> String {
    written.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Calls `visit` on every node of the tree whose kind is one of `kinds`,
/// without descending into matches: `root` and its named descendants, in
/// reverse source order (the order the hooks were written against).
pub(crate) fn each_node_of_kind<'t>(
    root: Node<'t>,
    kinds: &[&str],
    visit: &mut dyn FnMut(Node<'t>),
) {
    each_node_of_kinds(root, &[kinds], &mut |_, node| visit(node));
}

/// [`each_node_of_kind`] for several sets of kinds in one walk: calls
/// `visit(i, node)` on the nodes `each_node_of_kind(root, sets[i], …)`
/// visits, in the same order, set after set.
pub(crate) fn each_node_of_kinds<'t>(
    root: Node<'t>,
    sets: &[&[&str]],
    visit: &mut dyn FnMut(usize, Node<'t>),
) {
    // Named nodes of one name share one kind id: comparing ids spares
    // reading each node's name.
    let grammar = root.language();
    let ids: Vec<Vec<u16>> = sets
        .iter()
        .map(|kinds| {
            kinds
                .iter()
                .map(|kind| grammar.id_for_node_kind(kind, true))
                .filter(|&id| id != 0)
                .collect()
        })
        .collect();
    let mut found: Vec<Vec<Node<'t>>> = vec![Vec::new(); sets.len()];
    // Per set, the depth of the match the walk is under: no node below a
    // match of a set is one of that set's.
    let mut inside: Vec<Option<usize>> = vec![None; sets.len()];
    for (i, kinds) in sets.iter().enumerate() {
        if kinds.contains(&root.kind()) {
            found[i].push(root);
            inside[i] = Some(0);
        }
    }
    let mut cursor = root.walk();
    let mut depth = 0;
    let mut descend = inside.iter().any(Option::is_none);
    loop {
        let moved = if descend && cursor.goto_first_child() {
            depth += 1;
            true
        } else {
            next_in_preorder(&mut cursor, &mut depth)
        };
        if !moved {
            break;
        }
        let node = cursor.node();
        descend = false;
        if !node.is_named() {
            continue;
        }
        for (i, set_inside) in inside.iter_mut().enumerate() {
            if set_inside.is_some_and(|at| at >= depth) {
                *set_inside = None;
            }
            if set_inside.is_none() && ids[i].contains(&node.kind_id()) {
                found[i].push(node);
                *set_inside = Some(depth);
            }
            descend |= set_inside.is_none();
        }
    }
    for (i, nodes) in found.into_iter().enumerate() {
        for node in nodes.into_iter().rev() {
            visit(i, node);
        }
    }
}

/// Moves `cursor` to the next sibling of its node or of the nearest
/// ancestor that has one, keeping `depth` (the root's is 0); `false` when
/// the walk is over.
fn next_in_preorder(cursor: &mut tree_sitter::TreeCursor<'_>, depth: &mut usize) -> bool {
    loop {
        if cursor.goto_next_sibling() {
            return true;
        }
        if !cursor.goto_parent() {
            return false;
        }
        *depth -= 1;
    }
}
