//! A file's trees (its own and its macro arguments'), each flattened once
//! into a [`FlatTree`]: what the extraction patterns are matched over, and
//! where the hooks and the extractor find a node's parent in O(log n)
//! instead of tree-sitter's O(depth) `Node::parent`, which made extraction
//! quadratic in the nesting depth.

use tree_sitter::{Node, Tree};

use crate::patterns::FlatTree;

/// The flattened trees of one file, the file's own first.
pub struct Ancestry<'t> {
    /// One per tree, in the order given.
    trees: Vec<FlatTree<'t>>,
}

impl<'t> Ancestry<'t> {
    /// Flattens `trees`, each over a text `text_len` bytes long.
    pub fn of(trees: impl IntoIterator<Item = &'t Tree>, text_len: usize) -> Self {
        let trees = trees
            .into_iter()
            .map(|tree| FlatTree::of(tree.root_node(), text_len))
            .collect();
        Ancestry { trees }
    }

    /// The flattened trees, in the order given.
    pub fn trees(&self) -> &[FlatTree<'t>] {
        &self.trees
    }

    /// The parent of `node`: looked up in the flattened trees, and asked of
    /// tree-sitter only for a node none of them places (one that a
    /// zero-width node hides from the search).
    pub fn parent(&self, node: Node<'t>) -> Option<Node<'t>> {
        self.trees
            .iter()
            .find_map(|tree| tree.parent(node))
            .or_else(|| node.parent())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Language;

    /// Every node's parent, as tree-sitter gives it and as the ancestry
    /// does, over a file with nesting, zero-width (missing) nodes and
    /// nodes sharing a range.
    fn assert_parents_agree(language: Language, code: &str) {
        let tree = crate::test_parse(language, code);
        let ancestry = Ancestry::of([&tree], code.len());
        let mut cursor = tree.walk();
        let mut stack = vec![tree.root_node()];
        let mut seen = 0;
        while let Some(node) = stack.pop() {
            assert_eq!(ancestry.parent(node), node.parent(), "{node:?}");
            seen += 1;
            stack.extend(node.children(&mut cursor));
        }
        assert!(seen > 10);
    }

    #[test]
    fn parents_are_those_tree_sitter_gives() {
        assert_parents_agree(
            Language::JavaScript,
            "export function a() { function b(x) { return [x, (y) => y + 1 + 2 + 3]; } }\n",
        );
        assert_parents_agree(
            Language::Rust,
            "mod a { mod b { fn f(x: u8) -> u8 { x } } }\n",
        );
        assert_parents_agree(
            Language::C,
            "int f( { return (1 + ; }\nstruct S { int x }\n",
        );
        assert_parents_agree(Language::Python, "def f(:\n    class C:\n        pass\n");
    }
}
