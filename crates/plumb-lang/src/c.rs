//! C hooks: `#include` directives (a header's declarations become visible,
//! transitively), the `static` linkage rule, and the attribute macros that
//! broke a declaration's parse (`c_attributes.rs`).

use tree_sitter::Node;

use crate::hooks::Hooks;
use crate::imports::{ImportDecl, position, text};

/// C's hooks.
pub(crate) const HOOKS: Hooks = Hooks {
    imports,
    is_exported: |node, _, _, _| is_exported(node),
    attribute_macros: crate::c_attributes::attribute_macros,
    ..Hooks::DEFAULT
};

/// Appends one glob import per `#include`: `"x.h"` keeps its quotes off and
/// its path as written; `<x.h>` is marked by its angle brackets, kept.
/// The directives are found from the text ([`directive_starts`]) rather
/// than by walking every node: on the Linux subset that walk was 8 % of
/// parsing and extraction's CPU samples (perf).
pub(crate) fn imports(root: Node<'_>, source: &[u8], out: &mut Vec<ImportDecl>) {
    for start in directive_starts(source) {
        let Some(path) = include_at(root, start).and_then(|node| node.child_by_field_name("path"))
        else {
            continue;
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
    }
    out.sort_by_key(|decl| (decl.line, decl.col));
}

/// Where an `#include` directive may start: each `#` followed by spaces or
/// tabs and `include`, the token tree-sitter-c (and C++, which extends it)
/// reads as the directive's start (`/#[ \t]*include/`). The text may also
/// sit in a comment or a string: [`include_at`] then finds no directive.
fn directive_starts(source: &[u8]) -> impl Iterator<Item = usize> + '_ {
    memchr::memchr_iter(b'#', source).filter(|&at| {
        let rest = &source[at + 1..];
        let blanks = rest
            .iter()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count();
        rest[blanks..].starts_with(b"include")
    })
}

/// The `preproc_include` node starting at byte `start`, if the parse made
/// one there: the smallest named node over that byte or an ancestor
/// starting at the same byte.
fn include_at(root: Node<'_>, start: usize) -> Option<Node<'_>> {
    let mut node = root.named_descendant_for_byte_range(start, start + 1)?;
    while node.start_byte() == start {
        if node.kind() == "preproc_include" {
            return Some(node);
        }
        node = node.parent()?;
    }
    None
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
    fn includes_are_found_wherever_the_parse_puts_them() {
        let code = "#ifdef A\n# include \"a.h\"\n#else\n#\tinclude <b.h>\n#endif\n\
                    /* #include \"comment.h\" */\nconst char *s = \"#include <string.h>\";\n\
                    int f(void) {\n#include \"body.h\"\n  return 0;\n}\n\
                    struct t table[] = {\n#include \"rows.h\"\n};\n#define X 1 // #include \"no.h\"\n";
        let tree = parse(code);
        let mut out = Vec::new();
        imports(tree.root_node(), code.as_bytes(), &mut out);
        // What the walk over every node finds, the text-guided lookup finds.
        let mut walked = Vec::new();
        crate::imports::each_node_of_kind(tree.root_node(), &["preproc_include"], &mut |node| {
            let path = node.child_by_field_name("path").unwrap();
            walked.push(
                text(path, code.as_bytes())
                    .trim()
                    .trim_matches('"')
                    .to_owned(),
            );
        });
        walked.reverse();
        let modules: Vec<&str> = out.iter().map(|d| d.module.as_str()).collect();
        assert_eq!(modules, walked);
        assert!(
            modules.starts_with(&["a.h", "<b.h>", "body.h"]),
            "{modules:?}"
        );
        assert!(
            !modules
                .iter()
                .any(|m| m.contains("comment") || m.contains("string"))
        );
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
