//! Rust hooks: `use` trees flattened into one binding per name, and the
//! visibility rule.

use tree_sitter::Node;

use crate::imports::{ConditionalCode, ImportDecl, each_node_of_kind, position, text};

/// Appends every binding of every `use` declaration, `pub use` marked as a
/// re-export.
pub(crate) fn imports(root: Node<'_>, source: &[u8], out: &mut Vec<ImportDecl>) {
    each_node_of_kind(root, &["use_declaration"], &mut |node| {
        let mut cursor = node.walk();
        let public = node
            .children(&mut cursor)
            .any(|c| c.kind() == "visibility_modifier");
        if let Some(argument) = node.child_by_field_name("argument") {
            flatten(argument, source, &[], public, out);
        }
    });
    out.sort_by_key(|decl| (decl.line, decl.col));
}

/// The `::`-separated segments of a path's text, empty ones (a leading
/// `::`) dropped.
fn segments(node: Node<'_>, source: &[u8]) -> Vec<String> {
    text(node, source)
        .split("::")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

fn flatten(
    node: Node<'_>,
    source: &[u8],
    prefix: &[String],
    public: bool,
    out: &mut Vec<ImportDecl>,
) {
    let joined = |extra: Vec<String>| -> Vec<String> {
        let mut full = prefix.to_vec();
        full.extend(extra);
        full
    };
    match node.kind() {
        "use_as_clause" => {
            let (Some(path), alias) = (
                node.child_by_field_name("path"),
                node.child_by_field_name("alias"),
            ) else {
                return;
            };
            let alias = alias.map(|a| text(a, source).to_owned());
            push(path, joined(segments(path, source)), alias, public, out);
        }
        "scoped_use_list" => {
            let inner = node
                .child_by_field_name("path")
                .map(|p| joined(segments(p, source)))
                .unwrap_or_else(|| prefix.to_vec());
            if let Some(list) = node.child_by_field_name("list") {
                flatten(list, source, &inner, public, out);
            }
        }
        "use_list" => {
            let mut cursor = node.walk();
            for child in node.named_children(&mut cursor) {
                flatten(child, source, prefix, public, out);
            }
        }
        "use_wildcard" => {
            let mut cursor = node.walk();
            let module = node
                .named_children(&mut cursor)
                .next()
                .map(|p| joined(segments(p, source)))
                .unwrap_or_else(|| prefix.to_vec());
            let (line, col) = position(node);
            out.push(ImportDecl {
                line,
                col,
                module: module.join("::"),
                name: None,
                local: None,
                glob: true,
                reexport: public,
            });
        }
        "scoped_identifier" | "identifier" | "self" | "super" | "crate" => {
            push(node, joined(segments(node, source)), None, public, out);
        }
        _ => {}
    }
}

/// One binding of the full path `segments`: `a::b::C` imports `C` from
/// `a::b`; `a::b::self` imports module `b` from `a`.
fn push(
    node: Node<'_>,
    mut segments: Vec<String>,
    alias: Option<String>,
    public: bool,
    out: &mut Vec<ImportDecl>,
) {
    if segments.last().map(String::as_str) == Some("self") {
        segments.pop();
    }
    let Some(name) = segments.pop() else {
        return;
    };
    let name_node = node.child_by_field_name("name").unwrap_or(node);
    let (line, col) = position(name_node);
    out.push(ImportDecl {
        line,
        col,
        module: segments.join("::"),
        local: Some(alias.unwrap_or_else(|| name.clone())),
        name: Some(name),
        glob: false,
        reexport: public,
    });
}

/// `pub` items, enum variants, trait items and trait-impl members are
/// visible outside their module.
pub(crate) fn is_exported(node: Node<'_>) -> bool {
    let mut cursor = node.walk();
    if node
        .children(&mut cursor)
        .any(|c| c.kind() == "visibility_modifier")
    {
        return true;
    }
    let mut current = node.parent();
    while let Some(parent) = current {
        match parent.kind() {
            "enum_item" | "trait_item" => return true,
            "impl_item" => return parent.child_by_field_name("trait").is_some(),
            "declaration_list" | "field_declaration_list" | "enum_variant_list" => {
                current = parent.parent();
            }
            _ => return false,
        }
    }
    false
}

/// Appends every statement under `root` that a `#[cfg(…)]` attribute makes
/// conditional, with the condition as written inside `cfg(…)`
/// (`feature = "std"`, `not(test)`). Items are left out: a disabled item
/// is still a definition to navigate, and its paths are still resolved
/// (rust-analyzer records them too); a disabled statement is code no
/// default build reads.
pub(crate) fn conditional_code(root: Node<'_>, source: &[u8], out: &mut Vec<ConditionalCode>) {
    each_node_of_kind(root, &["attribute_item"], &mut |node| {
        let Some(condition) = node
            .named_child(0)
            .map(|attribute| text(attribute, source).trim())
            .and_then(|attribute| attribute.strip_prefix("cfg"))
            .map(str::trim_start)
            .and_then(|rest| rest.strip_prefix('('))
            .and_then(|rest| rest.strip_suffix(')'))
        else {
            return;
        };
        let mut gated = node.next_named_sibling();
        while let Some(next) = gated.filter(|n| {
            matches!(
                n.kind(),
                "attribute_item" | "line_comment" | "block_comment"
            )
        }) {
            gated = next.next_named_sibling();
        }
        if let Some(gated) =
            gated.filter(|n| matches!(n.kind(), "expression_statement" | "let_declaration"))
        {
            let end = gated.end_position();
            out.push(ConditionalCode {
                start: position(gated),
                end: (end.row as u32 + 1, end.column as u32 + 1),
                condition: condition.trim().to_owned(),
            });
        }
    });
    out.sort_by_key(|c| (c.start, c.end));
}

/// A copy of `source`, byte for byte the same length, that keeps only the
/// argument token trees of the outermost macro invocations under `root`
/// (`tri!(self.formatter.begin(w))` keeps `(self.formatter.begin(w))`),
/// each followed by `;` so that it parses as an expression statement;
/// every other byte is blanked (line breaks kept). Invocations inside
/// `macro_rules!` definitions are templates and stay blank. `None` when
/// there is no invocation to keep.
pub(crate) fn macro_arguments(root: Node<'_>, source: &[u8]) -> Option<String> {
    let mut kept = Vec::new();
    let mut cursor = root.walk();
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        match node.kind() {
            "macro_definition" => continue,
            "macro_invocation" => {
                let mut inner = node.walk();
                if let Some(arguments) =
                    node.children(&mut inner).find(|c| c.kind() == "token_tree")
                {
                    kept.push(arguments.byte_range());
                }
                continue;
            }
            _ => stack.extend(node.named_children(&mut cursor)),
        }
    }
    if kept.is_empty() {
        return None;
    }
    let mut shadow: Vec<u8> = source
        .iter()
        .map(|&b| if matches!(b, b'\n' | b'\r') { b } else { b' ' })
        .collect();
    for range in kept {
        let end = range.end;
        shadow[range.clone()].copy_from_slice(&source[range]);
        if let Some(after) = shadow.get_mut(end)
            && *after == b' '
        {
            *after = b';';
        }
    }
    String::from_utf8(shadow).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Language;

    #[test]
    fn flattens_use_trees() {
        let code = "use crate::shapes::{self, Circle as Round, area::*};\npub use super::util::helper;\nuse std::io;\n";
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&Language::Rust.grammar()).unwrap();
        let tree = parser.parse(code, None).unwrap();
        let mut out = Vec::new();
        imports(tree.root_node(), code.as_bytes(), &mut out);
        let got: Vec<_> = out
            .iter()
            .map(|d| {
                (
                    d.module.as_str(),
                    d.name.as_deref(),
                    d.local.as_deref(),
                    d.glob,
                    d.reexport,
                )
            })
            .collect();
        assert_eq!(
            got,
            vec![
                ("crate", Some("shapes"), Some("shapes"), false, false),
                ("crate::shapes", Some("Circle"), Some("Round"), false, false),
                ("crate::shapes::area", None, None, true, false),
                ("super::util", Some("helper"), Some("helper"), false, true),
                ("std", Some("io"), Some("io"), false, false),
            ]
        );
    }

    #[test]
    fn cfg_attributes_make_the_next_item_or_statement_conditional() {
        let code = "fn f() {\n    #[cfg(feature = \"x\")]\n    g(1);\n    #[cfg(not(feature = \"std\"))]\n    // Why.\n    let x = 1;\n}\n#[cfg(test)]\nmod m;\n#[derive(Debug)]\nstruct S;\n";
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&Language::Rust.grammar()).unwrap();
        let tree = parser.parse(code, None).unwrap();
        let mut out = Vec::new();
        conditional_code(tree.root_node(), code.as_bytes(), &mut out);
        let got: Vec<_> = out
            .iter()
            .map(|c| (c.start, c.end, c.condition.as_str()))
            .collect();
        assert_eq!(
            got,
            vec![
                ((3, 5), (3, 10), "feature = \"x\""),
                ((6, 5), (6, 15), "not(feature = \"std\")")
            ]
        );
    }

    #[test]
    fn macro_arguments_keep_only_argument_token_trees() {
        let code = "fn f() {\n    tri!(self.w.go(x));\n}\nmacro_rules! m { () => { g!(y) } }\nfn h() { assert_eq!(v![1], 2) }\n";
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&Language::Rust.grammar()).unwrap();
        let tree = parser.parse(code, None).unwrap();
        let shadow = macro_arguments(tree.root_node(), code.as_bytes()).unwrap();
        assert_eq!(shadow.len(), code.len());
        assert_eq!(
            shadow,
            "        \n        (self.w.go(x));\n \n                                  \n                   (v![1], 2); \n"
        );
        let none = "fn f() { g(1) }\n";
        let tree = parser.parse(none, None).unwrap();
        assert_eq!(macro_arguments(tree.root_node(), none.as_bytes()), None);
    }
}
