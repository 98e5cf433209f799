//! Swift hooks: `import` declarations (whole modules, which plumb treats as
//! outside the repository: all Swift files of a repository are read as one
//! module) and the access rule (`private` and `fileprivate` are not
//! exported).

use tree_sitter::Node;

use crate::hooks::{Hooks, ListKind};
use crate::imports::{ImportDecl, position, text};

/// Swift's hooks.
pub(crate) const HOOKS: Hooks = Hooks {
    imports,
    is_exported: |node, _, source, _| is_exported(node, source),
    unlisted_arity,
    ..Hooks::DEFAULT
};

/// Appends one binding per `import` declaration: `import Foundation` and
/// `import struct Foundation.Date` bind the module's first element, as a
/// whole module (`name: None`).
fn imports(root: Node<'_>, source: &[u8], out: &mut Vec<ImportDecl>) {
    let mut cursor = root.walk();
    for node in root.named_children(&mut cursor) {
        if node.kind() != "import_declaration" {
            continue;
        }
        let mut inner = node.walk();
        let Some(path) = node
            .named_children(&mut inner)
            .find(|n| n.kind() == "identifier")
        else {
            continue;
        };
        let written: String = text(path, source)
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        let module = written.split('.').next().unwrap_or_default().to_owned();
        if module.is_empty() {
            continue;
        }
        let (line, col) = position(path);
        out.push(ImportDecl {
            line,
            col,
            local: Some(module.clone()),
            module,
            name: None,
            glob: false,
            reexport: false,
        });
    }
}

/// Visible outside its file unless declared `private` or `fileprivate`.
/// (`internal` members are visible to the module, which is where plumb
/// looks.)
fn is_exported(node: Node<'_>, source: &[u8]) -> bool {
    let mut cursor = node.walk();
    !node.children(&mut cursor).any(|child| {
        child.kind() == "modifiers" && {
            let mut inner = child.walk();
            child.named_children(&mut inner).any(|m| {
                m.kind() == "visibility_modifier"
                    && matches!(text(m, source).trim(), "private" | "fileprivate")
            })
        }
    })
}

/// Swift's counts, for a node with no list field: a call keeps its
/// arguments in a `call_suffix` (`value_arguments` and a trailing closure),
/// a declaration its parameters among its own children after its `(`.
/// `None` when the node has neither. (The grammar has no node kind for a
/// variadic parameter, so no count is left open.)
fn unlisted_arity(node: Node<'_>, of: ListKind) -> Option<Option<u32>> {
    let mut cursor = node.walk();
    match of {
        ListKind::Arguments => {
            let suffix = node
                .named_children(&mut cursor)
                .find(|c| c.kind() == "call_suffix")?;
            let mut inner = suffix.walk();
            let count = suffix
                .named_children(&mut inner)
                .map(|item| match item.kind() {
                    "value_arguments" => item.named_child_count() as u32,
                    _ => 1,
                })
                .sum();
            Some(Some(count))
        }
        ListKind::Parameters => {
            if !node.children(&mut cursor).any(|c| c.kind() == "(") {
                return None;
            }
            let count = node
                .named_children(&mut cursor)
                .filter(|item| item.kind() == "parameter")
                .count() as u32;
            Some(Some(count))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Language;

    fn parse(code: &str) -> tree_sitter::Tree {
        crate::test_parse(Language::Swift, code)
    }

    #[test]
    fn imports_bind_whole_modules() {
        let code = "import Foundation\nimport struct Darwin.C.size_t\n\nlet x = 1\n";
        let tree = parse(code);
        let mut out = Vec::new();
        imports(tree.root_node(), code.as_bytes(), &mut out);
        let got: Vec<(String, Option<String>, Option<String>)> = out
            .into_iter()
            .map(|d| (d.module, d.name, d.local))
            .collect();
        assert_eq!(
            got,
            vec![
                ("Foundation".into(), None, Some("Foundation".into())),
                ("Darwin".into(), None, Some("Darwin".into())),
            ]
        );
    }

    #[test]
    fn private_and_fileprivate_members_are_not_exported() {
        let code = "class A {\n  private func a() {}\n  fileprivate func b() {}\n  public func c() {}\n  func d() {}\n}\n";
        let tree = parse(code);
        let body = tree
            .root_node()
            .named_child(0)
            .unwrap()
            .child_by_field_name("body")
            .unwrap();
        let exported: Vec<bool> = (0..4)
            .map(|i| is_exported(body.named_child(i).unwrap(), code.as_bytes()))
            .collect();
        assert_eq!(exported, vec![false, false, true, true]);
    }

    #[test]
    fn calls_and_declarations_count_their_unlisted_items() {
        let code = "func add(_ x: Int, count: Int) {}\nfunc run() { add(1, count: 2) { } }\n";
        let tree = parse(code);
        let root = tree.root_node();
        let add = root.named_child(0).unwrap();
        assert_eq!(unlisted_arity(add, ListKind::Parameters), Some(Some(2)));
        let call = crate::test_node(root, code, "call_expression", "add(1, count: 2) { }");
        assert_eq!(unlisted_arity(call, ListKind::Arguments), Some(Some(3)));
        let name = crate::test_node(root, code, "simple_identifier", "run");
        assert_eq!(unlisted_arity(name, ListKind::Arguments), None);
    }
}
