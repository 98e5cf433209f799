//! C++ hooks: `#include` directives as in C, `using` declarations and
//! directives and namespace aliases as imports of namespace members, and
//! the linkage rule (`static` outside a class and anything in an anonymous
//! namespace is file-local).
//!
//! A `using` import's module is the namespace path as written (`geo`,
//! `std::chrono`), an include's module the header path: the resolver tries
//! a module text as a header first and, failing that, as a namespace.

use tree_sitter::Node;

use crate::ancestry::Ancestry;
use crate::c;
use crate::hooks::Hooks;
use crate::imports::{ImportDecl, each_node_of_kind, position, text};

/// C++'s hooks.
pub(crate) const HOOKS: Hooks = Hooks {
    imports,
    is_exported: |node, _, _, ancestry| is_exported(node, ancestry),
    ..Hooks::DEFAULT
};

/// Appends the includes (as C does) and the `using` imports of a file:
/// `using ns::f;` binds `f` from `ns`, `using namespace ns;` is a glob of
/// `ns`, `namespace g = ns;` binds `g` to the namespace `ns`. A `using`
/// inside a function or a namespace is recorded for the whole file.
fn imports(root: Node<'_>, source: &[u8], out: &mut Vec<ImportDecl>) {
    c::imports(root, source, out);
    each_node_of_kind(
        root,
        &["using_declaration", "namespace_alias_definition"],
        &mut |node| {
            if let Some(decl) = using_import(node, source) {
                out.push(decl);
            }
        },
    );
    out.sort_by_key(|decl| (decl.line, decl.col));
}

/// One `using` or namespace alias as an import; `None` for `using T =`
/// aliases (definitions, not imports) and for shapes it does not know.
fn using_import(node: Node<'_>, source: &[u8]) -> Option<ImportDecl> {
    let mut cursor = node.walk();
    let children: Vec<Node<'_>> = node.children(&mut cursor).collect();
    let is_directive = children.iter().any(|c| c.kind() == "namespace");
    let decl = |target: Node<'_>, module: String, name: Option<String>, local, glob| {
        let (line, col) = position(target);
        ImportDecl {
            line,
            col,
            module,
            name,
            local,
            glob,
            reexport: true,
        }
    };
    if node.kind() == "namespace_alias_definition" {
        let alias = node.child_by_field_name("name")?;
        let target = children.iter().rev().find(|c| {
            matches!(
                c.kind(),
                "namespace_identifier" | "nested_namespace_specifier"
            )
        })?;
        return Some(decl(
            alias,
            compact_path(text(*target, source)),
            None,
            Some(text(alias, source).to_owned()),
            false,
        ));
    }
    let target = children
        .iter()
        .find(|c| matches!(c.kind(), "identifier" | "qualified_identifier"))?;
    let written = compact_path(text(*target, source));
    if is_directive {
        return Some(decl(*target, written, None, None, true));
    }
    let (module, name) = written.rsplit_once("::")?;
    let mut name_node = *target;
    while let Some(inner) = name_node.child_by_field_name("name") {
        name_node = inner;
    }
    Some(decl(
        name_node,
        module.to_owned(),
        Some(name.to_owned()),
        Some(name.to_owned()),
        false,
    ))
}

/// A written namespace path without whitespace and without the leading
/// `::` of the global namespace.
fn compact_path(written: &str) -> String {
    let compact: String = written.chars().filter(|c| !c.is_whitespace()).collect();
    compact.trim_start_matches("::").to_owned()
}

/// External linkage unless declared `static` outside a class, or placed in
/// an anonymous namespace; class members follow their class.
fn is_exported<'t>(node: Node<'t>, ancestry: &Ancestry<'t>) -> bool {
    let mut in_class = false;
    let mut current = ancestry.parent(node);
    while let Some(parent) = current {
        match parent.kind() {
            "namespace_definition" if parent.child_by_field_name("name").is_none() => {
                return false;
            }
            "field_declaration_list" => in_class = true,
            _ => {}
        }
        current = ancestry.parent(parent);
    }
    in_class || c::is_exported(node)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Language;

    fn parse(code: &str) -> tree_sitter::Tree {
        crate::test_parse(Language::Cpp, code)
    }

    #[test]
    fn includes_and_usings_are_imports() {
        let code = "#include \"shapes.hpp\"\n#include <vector>\nnamespace g = geo::detail;\nusing geo::Square;\nusing namespace std;\nusing Area = double;\nvoid f() { using ::geo::area; }\n";
        let tree = parse(code);
        let mut out = Vec::new();
        imports(tree.root_node(), code.as_bytes(), &mut out);
        let got: Vec<_> = out
            .iter()
            .map(|d| {
                (
                    d.line,
                    d.module.as_str(),
                    d.name.as_deref(),
                    d.local.as_deref(),
                    d.glob,
                )
            })
            .collect();
        assert_eq!(
            got,
            vec![
                (1, "shapes.hpp", None, None, true),
                (2, "<vector>", None, None, true),
                (3, "geo::detail", None, Some("g"), false),
                (4, "geo", Some("Square"), Some("Square"), false),
                (5, "std", None, None, true),
                (7, "geo", Some("area"), Some("area"), false),
            ]
        );
    }

    #[test]
    fn statics_and_anonymous_namespaces_are_file_local() {
        let code = "static int hidden() { return 0; }\nint shown() { return 1; }\nnamespace { int inner() { return 2; } }\nnamespace geo { int member() { return 3; } }\nstruct S { static int count() { return 4; } };\n";
        let tree = parse(code);
        let root = tree.root_node();
        let ancestry = Ancestry::of([&tree], code.len());
        let functions: Vec<(String, bool)> = {
            let mut found = Vec::new();
            each_node_of_kind(root, &["function_definition"], &mut |node| {
                let declarator = node.child_by_field_name("declarator").unwrap();
                let name = declarator.child_by_field_name("declarator").unwrap();
                found.push((
                    text(name, code.as_bytes()).to_owned(),
                    is_exported(node, &ancestry),
                ));
            });
            found.sort();
            found
        };
        assert_eq!(
            functions,
            vec![
                ("count".to_owned(), true),
                ("hidden".to_owned(), false),
                ("inner".to_owned(), false),
                ("member".to_owned(), true),
                ("shown".to_owned(), true),
            ]
        );
    }
}
