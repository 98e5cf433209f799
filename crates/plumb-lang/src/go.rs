//! Go hooks: the name in a file's `package` clause, `import` declarations
//! (plain, aliased, dot and blank imports of package paths), and the
//! capitalisation rule for exported names.
//!
//! A Go package is a directory; which directory an import path names is
//! the resolver's business (`plumb-index`'s module systems), not this
//! module's.

use tree_sitter::Node;

use crate::hooks::Hooks;
use crate::imports::{ImportDecl, position, text};

/// Go's hooks.
pub(crate) const HOOKS: Hooks = Hooks {
    imports,
    package,
    is_exported: |_, name, _, _| is_exported(name),
    ..Hooks::DEFAULT
};

/// The name the file's `package` clause declares (`model`, `model_test`).
fn package(root: Node<'_>, source: &[u8]) -> Option<String> {
    let mut cursor = root.walk();
    let clause = root
        .named_children(&mut cursor)
        .find(|n| n.kind() == "package_clause")?;
    let mut inner = clause.walk();
    let name = clause
        .named_children(&mut inner)
        .find(|n| n.kind() == "package_identifier")?;
    Some(text(name, source).to_owned())
}

/// Appends one binding per import spec. Every import binds a whole
/// package (`name: None`): `import "a/b"` under the package's presumed
/// name (see [`package_name`]), `import x "a/b"` under `x`; `import . "a/b"`
/// is a glob; `import _ "a/b"` binds nothing (it is kept, with no local
/// name, so that the import is still recorded).
fn imports(root: Node<'_>, source: &[u8], out: &mut Vec<ImportDecl>) {
    let mut cursor = root.walk();
    let mut specs = Vec::new();
    for declaration in root.named_children(&mut cursor) {
        if declaration.kind() != "import_declaration" {
            continue;
        }
        let mut inner = declaration.walk();
        for child in declaration.named_children(&mut inner) {
            match child.kind() {
                "import_spec" => specs.push(child),
                "import_spec_list" => {
                    let mut list = child.walk();
                    specs.extend(
                        child
                            .named_children(&mut list)
                            .filter(|n| n.kind() == "import_spec"),
                    );
                }
                _ => {}
            }
        }
    }
    for spec in specs {
        let Some(path) = spec.child_by_field_name("path") else {
            continue;
        };
        let module = unquote(text(path, source)).to_owned();
        if module.is_empty() {
            continue;
        }
        let alias = spec.child_by_field_name("name");
        let (local, glob) = match alias.map(|a| (a.kind(), text(a, source))) {
            Some(("dot", _)) => (None, true),
            Some(("blank_identifier", _)) => (None, false),
            Some((_, written)) => (Some(written.to_owned()), false),
            None => (Some(package_name(&module).to_owned()), false),
        };
        let (line, col) = position(path);
        out.push(ImportDecl {
            line,
            col,
            module,
            name: None,
            local,
            glob,
            reexport: false,
        });
    }
}

/// Exported when the name starts with an upper-case letter (the Go
/// specification, "Exported identifiers").
fn is_exported(name: &str) -> bool {
    name.chars().next().is_some_and(char::is_uppercase)
}

/// The name a package imported without an alias is bound to: the last
/// element of its path, skipping a major-version element (`/v2`) and a
/// `gopkg.in` version suffix (`yaml.v3`). The package clause of the
/// imported files may say otherwise (`go-cmp` declares `cmp`); plumb takes
/// the path's word for it.
fn package_name(path: &str) -> &str {
    let mut elements = path.rsplit('/');
    let last = elements.next().unwrap_or(path);
    let is_major_version = |e: &str| {
        e.strip_prefix('v')
            .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
    };
    let name = match elements.next() {
        Some(previous) if is_major_version(last) => previous,
        _ => last,
    };
    match name.rsplit_once('.') {
        Some((stem, version)) if is_major_version(version) => stem,
        _ => name,
    }
}

/// The content of a Go string literal (`"a/b"` or `` `a/b` ``).
fn unquote(literal: &str) -> &str {
    literal.trim_matches(|c| c == '"' || c == '`')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Language;

    fn parse(code: &str) -> tree_sitter::Tree {
        crate::test_parse(Language::Go, code)
    }

    #[test]
    fn the_package_clause_names_the_package() {
        let code = "package model_test\n\nfunc f() {}\n";
        let tree = parse(code);
        assert_eq!(
            package(tree.root_node(), code.as_bytes()).as_deref(),
            Some("model_test")
        );
    }

    #[test]
    fn imports_bind_packages_by_name_alias_dot_and_blank() {
        let code = "package main\n\nimport \"fmt\"\n\nimport (\n\tm \"example.com/shop/model\"\n\t\
                    . \"example.com/shop/util\"\n\t_ \"example.com/shop/db\"\n\t\
                    \"gopkg.in/yaml.v3\"\n\t\"github.com/x/y/v2\"\n)\n";
        let tree = parse(code);
        let mut out = Vec::new();
        imports(tree.root_node(), code.as_bytes(), &mut out);
        let got: Vec<(String, Option<String>, bool)> = out
            .into_iter()
            .map(|d| {
                assert_eq!(d.name, None);
                (d.module, d.local, d.glob)
            })
            .collect();
        assert_eq!(
            got,
            vec![
                ("fmt".into(), Some("fmt".into()), false),
                ("example.com/shop/model".into(), Some("m".into()), false),
                ("example.com/shop/util".into(), None, true),
                ("example.com/shop/db".into(), None, false),
                ("gopkg.in/yaml.v3".into(), Some("yaml".into()), false),
                ("github.com/x/y/v2".into(), Some("y".into()), false),
            ]
        );
    }

    #[test]
    fn capitalised_names_are_exported() {
        assert!(is_exported("Circle"));
        assert!(is_exported("Área"));
        assert!(!is_exported("radius"));
        assert!(!is_exported("_x"));
    }
}
