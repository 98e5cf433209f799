//! Kotlin hooks: the `package` a file declares, `import` directives
//! (a member, a whole package with `.*`, an alias with `as`), and the
//! `private` rule.

use tree_sitter::Node;

use crate::hooks::Hooks;
use crate::imports::{ImportDecl, compact, position, text};

/// Kotlin's hooks.
pub(crate) const HOOKS: Hooks = Hooks {
    imports,
    package,
    is_exported: |node, _, _, _| is_exported(node),
    ..Hooks::DEFAULT
};

/// The package named by the file's `package` header, dotted.
fn package(root: Node<'_>, source: &[u8]) -> Option<String> {
    let mut cursor = root.walk();
    let header = root
        .named_children(&mut cursor)
        .find(|n| n.kind() == "package_header")?;
    let mut inner = header.walk();
    let name = header
        .named_children(&mut inner)
        .find(|n| n.kind() == "qualified_identifier")?;
    Some(compact(text(name, source)))
}

/// Appends one binding per import directive: `import a.b.C` binds `C` to
/// member `C` of `a.b` (a class, a top-level function or property, or a
/// subpackage); `import a.b.C as D` binds `D` to it; `import a.b.*` is a
/// glob of `a.b` (a package, or a class's nested members).
fn imports(root: Node<'_>, source: &[u8], out: &mut Vec<ImportDecl>) {
    let mut cursor = root.walk();
    for node in root.named_children(&mut cursor) {
        if node.kind() != "import" {
            continue;
        }
        let mut inner = node.walk();
        let children: Vec<Node<'_>> = node.children(&mut inner).collect();
        let Some(path) = children.iter().find(|n| n.kind() == "qualified_identifier") else {
            continue;
        };
        let written = compact(text(*path, source));
        let (line, col) = position(*path);
        let glob = children.iter().any(|n| n.kind() == "*");
        if glob {
            out.push(ImportDecl {
                line,
                col,
                module: written,
                name: None,
                local: None,
                glob: true,
                reexport: false,
            });
            continue;
        }
        let (module, name) = match written.rsplit_once('.') {
            Some((module, name)) => (module.to_owned(), name.to_owned()),
            None => (String::new(), written),
        };
        let alias = children
            .iter()
            .find(|n| n.kind() == "identifier")
            .map(|n| text(*n, source).to_owned());
        out.push(ImportDecl {
            line,
            col,
            module,
            local: Some(alias.unwrap_or_else(|| name.clone())),
            name: Some(name),
            glob: false,
            reexport: false,
        });
    }
}

/// Visible outside its file unless declared `private`. (`internal` is
/// visible to the module, `protected` to subclasses: both are places plumb
/// looks.)
fn is_exported(node: Node<'_>) -> bool {
    let mut cursor = node.walk();
    !node.children(&mut cursor).any(|child| {
        child.kind() == "modifiers" && {
            let mut inner = child.walk();
            child.children(&mut inner).any(|m| {
                m.kind() == "visibility_modifier" && {
                    let mut keyword = m.walk();
                    m.children(&mut keyword).any(|k| k.kind() == "private")
                }
            })
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Language;

    fn parse(code: &str) -> tree_sitter::Tree {
        crate::test_parse(Language::Kotlin, code)
    }

    #[test]
    fn the_package_header_names_the_package() {
        let code = "package com.shop.model\n\nclass A\n";
        let tree = parse(code);
        assert_eq!(
            package(tree.root_node(), code.as_bytes()).as_deref(),
            Some("com.shop.model")
        );
        let bare = "class A\n";
        assert_eq!(package(parse(bare).root_node(), bare.as_bytes()), None);
    }

    #[test]
    fn imports_bind_members_aliases_and_globs() {
        let code = "package a\n\nimport com.shop.Cart\nimport com.shop.util.*\n\
                    import com.shop.util.Totals as T\nimport com.shop.util.total\n";
        let tree = parse(code);
        let mut out = Vec::new();
        imports(tree.root_node(), code.as_bytes(), &mut out);
        let got: Vec<_> = out
            .into_iter()
            .map(|d| (d.module, d.name, d.local, d.glob))
            .collect();
        let some = |s: &str| Some(s.to_owned());
        assert_eq!(
            got,
            vec![
                ("com.shop".into(), some("Cart"), some("Cart"), false),
                ("com.shop.util".into(), None, None, true),
                ("com.shop.util".into(), some("Totals"), some("T"), false),
                ("com.shop.util".into(), some("total"), some("total"), false),
            ]
        );
    }

    #[test]
    fn private_declarations_are_not_exported() {
        let code = "private fun hidden() {}\ninternal fun shown() {}\nfun open() {}\n";
        let tree = parse(code);
        let root = tree.root_node();
        let exported: Vec<bool> = (0..3)
            .map(|i| is_exported(root.named_child(i).unwrap()))
            .collect();
        assert_eq!(exported, vec![false, true, true]);
    }
}
