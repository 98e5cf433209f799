//! Java hooks: the `package` a file declares, `import` declarations
//! (single-type, on-demand `.*`, and `static`), and the `private` rule.

use tree_sitter::Node;

use crate::hooks::Hooks;
use crate::imports::{ImportDecl, compact, position, text};

/// Java's hooks.
pub(crate) const HOOKS: Hooks = Hooks {
    imports,
    package,
    is_exported: |node, _, _, _| is_exported(node),
    ..Hooks::DEFAULT
};

/// The package named by the file's `package` declaration, dotted.
fn package(root: Node<'_>, source: &[u8]) -> Option<String> {
    let mut cursor = root.walk();
    let declaration = root
        .named_children(&mut cursor)
        .find(|n| n.kind() == "package_declaration")?;
    let mut inner = declaration.walk();
    let name = declaration
        .named_children(&mut inner)
        .find(|n| matches!(n.kind(), "scoped_identifier" | "identifier"))?;
    Some(compact(text(name, source)))
}

/// Appends one binding per import declaration:
/// `import a.b.C;` binds `C` to member `C` of `a.b`; `import a.b.*;` is a
/// glob of `a.b`; `import static a.b.C.m;` binds `m` to member `m` of the
/// class `a.b.C`, and `import static a.b.C.*;` is a glob of that class.
fn imports(root: Node<'_>, source: &[u8], out: &mut Vec<ImportDecl>) {
    let mut cursor = root.walk();
    for node in root.named_children(&mut cursor) {
        if node.kind() != "import_declaration" {
            continue;
        }
        let mut inner = node.walk();
        let children: Vec<Node<'_>> = node.named_children(&mut inner).collect();
        let Some(path) = children
            .iter()
            .find(|n| matches!(n.kind(), "scoped_identifier" | "identifier"))
        else {
            continue;
        };
        let glob = children.iter().any(|n| n.kind() == "asterisk");
        let written = compact(text(*path, source));
        let (line, col) = position(*path);
        let (module, name) = if glob {
            (written, None)
        } else {
            match written.rsplit_once('.') {
                Some((module, name)) => (module.to_owned(), Some(name.to_owned())),
                None => (String::new(), Some(written)),
            }
        };
        out.push(ImportDecl {
            line,
            col,
            module,
            local: name.clone(),
            name,
            glob,
            reexport: false,
        });
    }
}

/// Visible outside its package unless declared `private`. (Package-private
/// members are visible to the package, which is where plumb looks.)
fn is_exported(node: Node<'_>) -> bool {
    let mut cursor = node.walk();
    !node.children(&mut cursor).any(|child| {
        child.kind() == "modifiers" && {
            let mut inner = child.walk();
            child.children(&mut inner).any(|m| m.kind() == "private")
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Language;

    fn parse(code: &str) -> tree_sitter::Tree {
        crate::test_parse(Language::Java, code)
    }

    fn decls(code: &str) -> Vec<(String, Option<String>, bool)> {
        let tree = parse(code);
        let mut out = Vec::new();
        imports(tree.root_node(), code.as_bytes(), &mut out);
        out.into_iter()
            .map(|d| (d.module, d.name, d.glob))
            .collect()
    }

    #[test]
    fn the_package_declaration_names_the_package() {
        let code = "package com.shop.model;\nclass A {}\n";
        let tree = parse(code);
        assert_eq!(
            package(tree.root_node(), code.as_bytes()).as_deref(),
            Some("com.shop.model")
        );
        let bare = parse("class A {}\n");
        assert_eq!(package(bare.root_node(), b"class A {}\n"), None);
    }

    #[test]
    fn imports_bind_types_packages_and_static_members() {
        let code = "import com.shop.Cart;\nimport com.shop.util.*;\n\
                    import static com.shop.Prices.round;\nimport static java.lang.Math.*;\n";
        assert_eq!(
            decls(code),
            vec![
                ("com.shop".into(), Some("Cart".into()), false),
                ("com.shop.util".into(), None, true),
                ("com.shop.Prices".into(), Some("round".into()), false),
                ("java.lang.Math".into(), None, true),
            ]
        );
    }

    #[test]
    fn private_members_are_not_exported() {
        let code = "class A { private void hidden() {} public void shown() {} }\n";
        let tree = parse(code);
        let body = tree
            .root_node()
            .named_child(0)
            .unwrap()
            .child_by_field_name("body")
            .unwrap();
        assert!(!is_exported(body.named_child(0).unwrap()));
        assert!(is_exported(body.named_child(1).unwrap()));
    }
}
