//! C hooks: `#include` directives (a header's declarations become visible,
//! transitively) and the `static` linkage rule.

use tree_sitter::Node;

use crate::imports::{ImportDecl, each_node_of_kind, position, text};

/// Appends one glob import per `#include`: `"x.h"` keeps its quotes off and
/// its path as written; `<x.h>` is marked by its angle brackets, kept.
pub(crate) fn imports(root: Node<'_>, source: &[u8], out: &mut Vec<ImportDecl>) {
    each_node_of_kind(root, &["preproc_include"], &mut |node| {
        let Some(path) = node.child_by_field_name("path") else {
            return;
        };
        let written = text(path, source).trim();
        let module = written.trim_matches('"').to_owned();
        let (line, col) = position(path);
        out.push(ImportDecl {
            line,
            col,
            module,
            name: None,
            local: None,
            glob: true,
            reexport: true,
        });
    });
    out.sort_by_key(|decl| (decl.line, decl.col));
}

/// External linkage unless declared `static`; struct members and
/// enumerators follow their type.
pub(crate) fn is_exported(node: Node<'_>) -> bool {
    let mut cursor = node.walk();
    !node.children(&mut cursor).any(|child| {
        child.kind() == "storage_class_specifier" && {
            let mut inner = child.walk();
            child.children(&mut inner).any(|k| k.kind() == "static")
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Language;

    fn parse(code: &str) -> tree_sitter::Tree {
        crate::test_parse(Language::C, code)
    }

    #[test]
    fn includes_are_glob_imports() {
        let code = "#include \"util/list.h\"\n#include <stdio.h>\nint x;\n";
        let tree = parse(code);
        let mut out = Vec::new();
        imports(tree.root_node(), code.as_bytes(), &mut out);
        let modules: Vec<_> = out.iter().map(|d| (d.module.as_str(), d.glob)).collect();
        assert_eq!(modules, vec![("util/list.h", true), ("<stdio.h>", true)]);
    }

    #[test]
    fn static_means_file_local() {
        let code = "static int hidden(void) { return 0; }\nint shown(void) { return 1; }\n";
        let tree = parse(code);
        let root = tree.root_node();
        assert!(!is_exported(root.named_child(0).unwrap()));
        assert!(is_exported(root.named_child(1).unwrap()));
    }
}
