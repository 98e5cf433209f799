//! C# hooks: the namespace a file declares (block or file-scoped), `using`
//! directives (namespaces, aliases, `using static`), and the accessibility
//! rules.

use tree_sitter::Node;

use crate::ancestry::Ancestry;
use crate::hooks::Hooks;
use crate::imports::{ImportDecl, compact, position, text};

/// C#'s hooks.
pub(crate) const HOOKS: Hooks = Hooks {
    imports,
    package,
    is_exported: |node, _, _, ancestry| is_exported(node, ancestry),
    ..Hooks::DEFAULT
};

/// Node kinds that declare a namespace.
const NAMESPACE_KINDS: &[&str] = &["namespace_declaration", "file_scoped_namespace_declaration"];

/// The file's namespace, dotted: the first one it declares, block
/// (`namespace A.B { … }`) or file-scoped (`namespace A.B;`). A namespace
/// nested in it, or a second one, is not told apart.
fn package(root: Node<'_>, source: &[u8]) -> Option<String> {
    let mut cursor = root.walk();
    let declaration = root
        .named_children(&mut cursor)
        .find(|n| NAMESPACE_KINDS.contains(&n.kind()))?;
    let name = declaration.child_by_field_name("name")?;
    Some(compact(text(name, source)))
}

/// Appends one binding per `using` directive, at the top of the file or of
/// a namespace block: `using A.B;` is a glob of namespace `A.B`;
/// `using X = A.B.C;` binds `X` to member `C` of `A.B` (a type or a
/// namespace); `using static A.B.C;` is a glob of type `C`'s members.
/// `global using` is read as a directive of its own file only.
fn imports(root: Node<'_>, source: &[u8], out: &mut Vec<ImportDecl>) {
    let mut cursor = root.walk();
    for node in root.named_children(&mut cursor) {
        if node.kind() == "using_directive" {
            push_using(node, source, out);
        } else if node.kind() == "namespace_declaration"
            && let Some(body) = node.child_by_field_name("body")
        {
            imports(body, source, out);
        }
    }
}

fn push_using(node: Node<'_>, source: &[u8], out: &mut Vec<ImportDecl>) {
    let alias = node.child_by_field_name("name");
    let mut cursor = node.walk();
    let Some(target) = node
        .named_children(&mut cursor)
        .filter(|n| Some(n.id()) != alias.map(|a| a.id()))
        .last()
    else {
        return;
    };
    // A generic alias target (`using L = List<int>;`) names its generic type.
    let written = compact(text(target, source));
    let written = written.split('<').next().unwrap_or_default().to_owned();
    let (line, col) = position(target);
    let Some(alias) = alias else {
        out.push(ImportDecl {
            line,
            col,
            module: written,
            name: None,
            local: None,
            glob: true,
            reexport: false,
        });
        return;
    };
    let (module, name) = match written.rsplit_once('.') {
        Some((module, name)) => (module.to_owned(), name.to_owned()),
        None => (String::new(), written),
    };
    out.push(ImportDecl {
        line,
        col,
        module,
        name: Some(name),
        local: Some(text(alias, source).to_owned()),
        glob: false,
        reexport: false,
    });
}

/// Type declarations whose members are private unless marked otherwise.
const PRIVATE_BY_DEFAULT: &[&str] = &[
    "class_declaration",
    "record_declaration",
    "struct_declaration",
];

/// Visible outside its type: not `private`, and either marked `public`,
/// `protected` or `internal`, or private by no default (a type in a
/// namespace is `internal`, an interface's or enum's member public).
fn is_exported<'t>(node: Node<'t>, ancestry: &Ancestry<'t>) -> bool {
    if node.kind() == "local_function_statement" {
        return false;
    }
    let mut cursor = node.walk();
    let mut access = None;
    for modifier in node.children(&mut cursor) {
        if modifier.kind() != "modifier" {
            continue;
        }
        let mut inner = modifier.walk();
        for keyword in modifier.children(&mut inner) {
            match keyword.kind() {
                "private" => return false,
                "public" | "protected" | "internal" => access = Some(true),
                _ => {}
            }
        }
    }
    access.unwrap_or_else(|| {
        let owner = ancestry
            .parent(node)
            .filter(|p| p.kind() == "declaration_list")
            .and_then(|list| ancestry.parent(list));
        !owner.is_some_and(|o| PRIVATE_BY_DEFAULT.contains(&o.kind()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Language;

    fn parse(code: &str) -> tree_sitter::Tree {
        crate::test_parse(Language::CSharp, code)
    }

    #[test]
    fn the_first_namespace_names_the_package() {
        for code in [
            "using System;\nnamespace Shop.Model { class A {} }\n",
            "using System;\nnamespace Shop.Model;\nclass A {}\n",
        ] {
            let tree = parse(code);
            assert_eq!(
                package(tree.root_node(), code.as_bytes()).as_deref(),
                Some("Shop.Model"),
                "{code}"
            );
        }
        let bare = "class A {}\n";
        assert_eq!(package(parse(bare).root_node(), bare.as_bytes()), None);
    }

    #[test]
    fn usings_are_globs_aliases_and_static_globs() {
        let code = "using System;\nusing M = Shop.Model.Shape;\nusing static Shop.Util.Totals;\n\
                    namespace Shop.App {\n  using Shop.Model;\n  class A {}\n}\n";
        let tree = parse(code);
        let mut out = Vec::new();
        imports(tree.root_node(), code.as_bytes(), &mut out);
        let got: Vec<_> = out
            .into_iter()
            .map(|d| (d.line, d.module, d.name, d.local, d.glob))
            .collect();
        let some = |s: &str| Some(s.to_owned());
        assert_eq!(
            got,
            vec![
                (1, "System".into(), None, None, true),
                (2, "Shop.Model".into(), some("Shape"), some("M"), false),
                (3, "Shop.Util.Totals".into(), None, None, true),
                (5, "Shop.Model".into(), None, None, true),
            ]
        );
    }

    #[test]
    fn members_are_private_by_default_in_classes_only() {
        let code = "class A {\n  void Hidden() {}\n  public void Shown() {}\n  private int x;\n  internal int y;\n}\n\
                    interface I { void N(); }\n";
        let tree = parse(code);
        let root = tree.root_node();
        let ancestry = Ancestry::of([&tree], code.len());
        let is_exported = |node| is_exported(node, &ancestry);
        let class = root.named_child(0).unwrap();
        let body = class.child_by_field_name("body").unwrap();
        let exported: Vec<bool> = (0..4)
            .map(|i| is_exported(body.named_child(i).unwrap()))
            .collect();
        assert_eq!(exported, vec![false, true, false, true]);
        assert!(is_exported(class));
        let interface = root.named_child(1).unwrap();
        let member = interface
            .child_by_field_name("body")
            .unwrap()
            .named_child(0)
            .unwrap();
        assert!(is_exported(member));
    }
}
