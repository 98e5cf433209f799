//! Python hooks: `import` / `from … import` statements, the
//! leading-underscore export rule, docstrings, and the receivers an
//! `isinstance` test narrows.

use tree_sitter::Node;

use crate::ancestry::Ancestry;
use crate::hooks::{Hooks, NarrowedReceiver};
use crate::imports::{ImportDecl, each_node_of_kind, position, text};

/// Python's hooks.
pub(crate) const HOOKS: Hooks = Hooks {
    imports,
    is_exported: |_, name, _, _| is_exported(name),
    docstring,
    narrowed_receiver,
    ..Hooks::DEFAULT
};

/// The `isinstance(x, T)` test that narrows `receiver` (`x`, or `x.y`):
/// in the condition, alone or joined by `and`, of the innermost `if` or
/// `elif` whose body holds the receiver, inside the same function.
fn narrowed_receiver<'t>(
    receiver: Node<'t>,
    source: &[u8],
    ancestry: &Ancestry<'t>,
) -> Option<NarrowedReceiver> {
    let written: String = text(receiver, source).split_whitespace().collect();
    let mut node = receiver;
    while let Some(parent) = ancestry.parent(node) {
        match parent.kind() {
            "function_definition" | "class_definition" | "lambda" => return None,
            "if_statement" | "elif_clause"
                if parent.child_by_field_name("consequence") == Some(node) =>
            {
                let tested = parent
                    .child_by_field_name("condition")
                    .and_then(|condition| isinstance_test(condition, source, &written));
                if tested.is_some() {
                    return tested;
                }
            }
            _ => {}
        }
        node = parent;
    }
    None
}

/// The `isinstance(subject, T)` of `condition` (or of an operand of its
/// `and`s) whose subject is `written` or its head, with one type named.
fn isinstance_test(condition: Node<'_>, source: &[u8], written: &str) -> Option<NarrowedReceiver> {
    match condition.kind() {
        "parenthesized_expression" => isinstance_test(condition.named_child(0)?, source, written),
        "boolean_operator" if text(condition.child_by_field_name("operator")?, source) == "and" => {
            let left = condition.child_by_field_name("left")?;
            let right = condition.child_by_field_name("right")?;
            isinstance_test(left, source, written)
                .or_else(|| isinstance_test(right, source, written))
        }
        "call" => {
            let function = condition.child_by_field_name("function")?;
            if text(function, source) != "isinstance" {
                return None;
            }
            let arguments = condition.child_by_field_name("arguments")?;
            let mut cursor = arguments.walk();
            let tested: Vec<Node<'_>> = arguments
                .named_children(&mut cursor)
                .filter(|argument| !argument.kind().contains("comment"))
                .collect();
            let [subject, type_node] = tested[..] else {
                return None;
            };
            if !matches!(type_node.kind(), "identifier" | "attribute") {
                return None;
            }
            let subject: String = text(subject, source).split_whitespace().collect();
            let reaches = written == subject
                || written
                    .strip_prefix(subject.as_str())
                    .is_some_and(|rest| rest.starts_with('.'));
            reaches.then(|| NarrowedReceiver {
                subject,
                type_text: text(type_node, source).split_whitespace().collect(),
            })
        }
        _ => None,
    }
}

/// Appends every import binding of a Python module.
fn imports(root: Node<'_>, source: &[u8], out: &mut Vec<ImportDecl>) {
    each_node_of_kind(
        root,
        &["import_statement", "import_from_statement"],
        &mut |node| {
            if node.kind() == "import_statement" {
                plain_import(node, source, out);
            } else {
                from_import(node, source, out);
            }
        },
    );
    out.sort_by_key(|decl| (decl.line, decl.col));
}

/// `import a.b.c` binds `a`; `import a.b as x` binds `x` to `a.b`.
fn plain_import(node: Node<'_>, source: &[u8], out: &mut Vec<ImportDecl>) {
    let mut cursor = node.walk();
    for name in node.children_by_field_name("name", &mut cursor) {
        let (module_node, alias) = split_alias(name, source);
        let module = text(module_node, source).to_owned();
        let (line, col) = position(module_node);
        let local = match alias {
            Some(alias) => alias,
            None => module.split('.').next().unwrap_or_default().to_owned(),
        };
        out.push(ImportDecl {
            line,
            col,
            module,
            name: None,
            local: Some(local),
            glob: false,
            reexport: true,
        });
    }
}

/// `from .m import a, b as c` and `from m import *`.
fn from_import(node: Node<'_>, source: &[u8], out: &mut Vec<ImportDecl>) {
    let Some(module_node) = node.child_by_field_name("module_name") else {
        return;
    };
    let module = text(module_node, source).to_owned();
    let mut cursor = node.walk();
    let mut any_name = false;
    for name in node.children_by_field_name("name", &mut cursor) {
        any_name = true;
        let (name_node, alias) = split_alias(name, source);
        let imported = text(name_node, source).to_owned();
        let (line, col) = position(name_node);
        out.push(ImportDecl {
            line,
            col,
            module: module.clone(),
            local: Some(alias.unwrap_or_else(|| imported.clone())),
            name: Some(imported),
            glob: false,
            reexport: true,
        });
    }
    if !any_name {
        let mut cursor = node.walk();
        if node
            .named_children(&mut cursor)
            .any(|c| c.kind() == "wildcard_import")
        {
            let (line, col) = position(module_node);
            out.push(ImportDecl {
                line,
                col,
                module,
                name: None,
                local: None,
                glob: true,
                reexport: true,
            });
        }
    }
}

/// An `aliased_import` is `name as alias`; anything else has no alias.
fn split_alias<'t>(node: Node<'t>, source: &[u8]) -> (Node<'t>, Option<String>) {
    if node.kind() == "aliased_import" {
        let name = node.child_by_field_name("name").unwrap_or(node);
        let alias = node
            .child_by_field_name("alias")
            .map(|a| text(a, source).to_owned());
        (name, alias)
    } else {
        (node, None)
    }
}

/// Public unless the name starts with an underscore (dunder names are public).
fn is_exported(name: &str) -> bool {
    !name.starts_with('_') || (name.starts_with("__") && name.ends_with("__"))
}

/// The docstring of a definition: the string literal that is its body's
/// first statement, without its prefix (`r`, `f`, …), quotes and the
/// whitespace around its text.
fn docstring(node: Node<'_>, source: &[u8]) -> Option<String> {
    let body = node.child_by_field_name("body")?;
    let first = body.named_child(0)?;
    let string = (first.kind() == "expression_statement")
        .then(|| first.named_child(0))
        .flatten()
        .filter(|s| s.kind() == "string")?;
    let content = text(string, source)
        .trim_start_matches(|c: char| c.is_ascii_alphabetic())
        .trim_matches(|c| c == '"' || c == '\'');
    Some(content.trim().to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Language;

    fn parse_imports(code: &str) -> Vec<(String, Option<String>, Option<String>, bool)> {
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&Language::Python.grammar()).unwrap();
        let tree = parser.parse(code, None).unwrap();
        let mut out = Vec::new();
        imports(tree.root_node(), code.as_bytes(), &mut out);
        out.into_iter()
            .map(|d| (d.module, d.name, d.local, d.glob))
            .collect()
    }

    #[test]
    fn reads_every_import_form() {
        let got = parse_imports(
            "import os.path\nimport numpy as np\nfrom .models import Cart as Basket, Order\nfrom .. import util\nfrom x import *\n",
        );
        let s = |v: &str| Some(v.to_owned());
        assert_eq!(
            got,
            vec![
                ("os.path".into(), None, s("os"), false),
                ("numpy".into(), None, s("np"), false),
                (".models".into(), s("Cart"), s("Basket"), false),
                (".models".into(), s("Order"), s("Order"), false),
                ("..".into(), s("util"), s("util"), false),
                ("x".into(), None, None, true),
            ]
        );
    }

    #[test]
    fn underscore_names_are_private() {
        assert!(is_exported("Cart"));
        assert!(is_exported("__init__"));
        assert!(!is_exported("_helper"));
    }

    #[test]
    fn docstrings_lose_their_prefix_and_quotes() {
        let code = "def f():\n    r\"\"\" Doc. \"\"\"\n    pass\n\ndef g():\n    pass\n";
        let tree = crate::test_parse(Language::Python, code);
        let root = tree.root_node();
        let f = root.named_child(0).unwrap();
        let g = root.named_child(1).unwrap();
        assert_eq!(docstring(f, code.as_bytes()).as_deref(), Some("Doc."));
        assert_eq!(docstring(g, code.as_bytes()), None);
    }
}
