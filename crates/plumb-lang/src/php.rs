//! PHP hooks: the `namespace` a file declares, `use` declarations (plain,
//! aliased, grouped, `use function`/`use const`), and the `private` rule.
//! Namespaces are written with `\`; they come out dotted, as
//! [`crate::ModuleSystem::Packages`] reads them.

use tree_sitter::Node;

use crate::hooks::Hooks;
use crate::imports::{ImportDecl, position, text};

/// PHP's hooks.
pub(crate) const HOOKS: Hooks = Hooks {
    imports,
    package,
    is_exported: |node, _, _, _| is_exported(node),
    ..Hooks::DEFAULT
};

/// The namespace named by the file's first `namespace` declaration, dotted.
fn package(root: Node<'_>, source: &[u8]) -> Option<String> {
    let mut cursor = root.walk();
    let declaration = root
        .named_children(&mut cursor)
        .find(|n| n.kind() == "namespace_definition")?;
    let name = declaration.child_by_field_name("name")?;
    Some(dotted(text(name, source)))
}

/// Appends one binding per imported name: `use A\B\Cart;` binds `Cart` to
/// member `Cart` of `A.B`; `as Basket` binds `Basket` instead; a group
/// `use A\B\{Cart, Order};` binds each of its names; `use function A\f;`
/// binds the function `f` the same way. Declarations inside a braced
/// `namespace X { … }` count too.
fn imports(root: Node<'_>, source: &[u8], out: &mut Vec<ImportDecl>) {
    let mut cursor = root.walk();
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        match node.kind() {
            "namespace_use_declaration" => use_declaration(node, source, out),
            "program" | "namespace_definition" | "compound_statement" => {
                stack.extend(node.named_children(&mut cursor));
            }
            _ => {}
        }
    }
    out.sort_by_key(|decl| (decl.line, decl.col));
}

fn use_declaration(node: Node<'_>, source: &[u8], out: &mut Vec<ImportDecl>) {
    let mut cursor = node.walk();
    let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
    match node.child_by_field_name("body") {
        Some(group) => {
            let prefix = children
                .iter()
                .find(|n| n.kind() == "namespace_name")
                .map(|n| dotted(text(*n, source)))
                .unwrap_or_default();
            let mut inner = group.walk();
            for clause in group.named_children(&mut inner) {
                if clause.kind() == "namespace_use_clause" {
                    use_clause(clause, &prefix, source, out);
                }
            }
        }
        None => {
            for clause in children {
                if clause.kind() == "namespace_use_clause" {
                    use_clause(clause, "", source, out);
                }
            }
        }
    }
}

/// One `Path\Name [as Alias]`, below `prefix` (a group's shared namespace).
fn use_clause(clause: Node<'_>, prefix: &str, source: &[u8], out: &mut Vec<ImportDecl>) {
    let mut cursor = clause.walk();
    let Some(path) = clause
        .named_children(&mut cursor)
        .find(|n| matches!(n.kind(), "qualified_name" | "name"))
    else {
        return;
    };
    let written = dotted(text(path, source));
    let full = match (prefix.is_empty(), written.is_empty()) {
        (true, _) => written,
        (false, true) => prefix.to_owned(),
        (false, false) => format!("{prefix}.{written}"),
    };
    let (module, name) = match full.rsplit_once('.') {
        Some((module, name)) => (module.to_owned(), name.to_owned()),
        None => (String::new(), full),
    };
    let local = clause
        .child_by_field_name("alias")
        .map_or_else(|| name.clone(), |alias| text(alias, source).to_owned());
    let (line, col) = position(path);
    out.push(ImportDecl {
        line,
        col,
        module,
        name: Some(name),
        local: Some(local),
        glob: false,
        reexport: false,
    });
}

/// Visible outside its class unless declared `private`.
fn is_exported(node: Node<'_>) -> bool {
    let mut cursor = node.walk();
    !node.children(&mut cursor).any(|child| {
        child.kind() == "visibility_modifier" && {
            let mut inner = child.walk();
            child.children(&mut inner).any(|m| m.kind() == "private")
        }
    })
}

/// `\App\Models` → `App.Models`: separators dotted, the global anchor and
/// whitespace dropped.
fn dotted(written: &str) -> String {
    written
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .trim_start_matches('\\')
        .replace('\\', ".")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Language;

    fn parse(code: &str) -> tree_sitter::Tree {
        crate::test_parse(Language::Php, code)
    }

    fn decls(code: &str) -> Vec<(String, String, String)> {
        let tree = parse(code);
        let mut out = Vec::new();
        imports(tree.root_node(), code.as_bytes(), &mut out);
        out.into_iter()
            .map(|d| (d.module, d.name.unwrap(), d.local.unwrap()))
            .collect()
    }

    #[test]
    fn the_namespace_declaration_names_the_package() {
        let code = "<?php\nnamespace App\\Models;\nclass A {}\n";
        let tree = parse(code);
        assert_eq!(
            package(tree.root_node(), code.as_bytes()).as_deref(),
            Some("App.Models")
        );
        let bare = "<?php\nclass A {}\n";
        assert_eq!(package(parse(bare).root_node(), bare.as_bytes()), None);
    }

    #[test]
    fn use_declarations_bind_names_aliases_groups_and_functions() {
        let code = "<?php\nnamespace App;\nuse App\\Models\\Cart;\nuse \\App\\Models\\Cart as Basket;\n\
                    use App\\Models\\{Order, Sub\\Line as L};\nuse function App\\util\\total;\nuse Closure;\n";
        let s = |m: &str, n: &str, l: &str| (m.to_owned(), n.to_owned(), l.to_owned());
        assert_eq!(
            decls(code),
            vec![
                s("App.Models", "Cart", "Cart"),
                s("App.Models", "Cart", "Basket"),
                s("App.Models", "Order", "Order"),
                s("App.Models.Sub", "Line", "L"),
                s("App.util", "total", "total"),
                s("", "Closure", "Closure"),
            ]
        );
    }

    #[test]
    fn private_members_are_not_exported() {
        let code = "<?php\nclass A { private function hidden() {} public function shown() {} function plain() {} }\n";
        let tree = parse(code);
        let class = tree.root_node().named_child(1).unwrap();
        let body = class.child_by_field_name("body").unwrap();
        assert!(!is_exported(body.named_child(0).unwrap()));
        assert!(is_exported(body.named_child(1).unwrap()));
        assert!(is_exported(body.named_child(2).unwrap()));
    }
}
