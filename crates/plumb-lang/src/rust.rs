//! Rust hooks: `use` trees flattened into one binding per name, and the
//! visibility rule.

use tree_sitter::{Node, Point, Range};

use crate::ancestry::Ancestry;
use crate::hooks::Hooks;
use crate::imports::{
    ConditionalCode, ImportDecl, ModulePath, each_node_of_kind, each_node_of_kinds, position, text,
};
use crate::{FileHooks, MacroArguments};

/// Rust's hooks.
pub(crate) const HOOKS: Hooks = Hooks {
    imports,
    is_exported: |node, _, _, ancestry| is_exported(node, ancestry),
    conditional_code,
    macro_arguments,
    file_hooks: Some(file_hooks),
    pattern_field,
    ..Hooks::DEFAULT
};

/// The node kinds [`imports`] reads.
const USE_KINDS: &[&str] = &["use_declaration"];
/// The node kinds [`conditional_code`] reads.
const ATTRIBUTE_KINDS: &[&str] = &["attribute_item"];
/// The node kinds [`macro_arguments`] reads: invocations, and the
/// definitions whose invocations are templates.
const MACRO_KINDS: &[&str] = &["macro_definition", "macro_invocation"];

/// [`imports`], [`conditional_code`] and [`macro_arguments`] of one file,
/// from one walk of its tree.
fn file_hooks(root: Node<'_>, source: &[u8]) -> FileHooks {
    let mut hooks = FileHooks::default();
    let mut kept = Vec::new();
    let mut paths = Vec::new();
    each_node_of_kinds(
        root,
        &[USE_KINDS, ATTRIBUTE_KINDS, MACRO_KINDS],
        &mut |set, node| match set {
            0 => push_use(node, source, &mut hooks.imports),
            1 => {
                push_conditional(node, source, &mut hooks.conditional);
                push_module_path(node, source, &mut paths);
            }
            _ => keep_arguments(node, &mut kept),
        },
    );
    hooks.imports.sort_by_key(|decl| (decl.line, decl.col));
    hooks.conditional.sort_by_key(|c| (c.start, c.end));
    paths.sort_by_key(|(start, _)| *start);
    hooks.module_paths = paths.into_iter().map(|(_, path)| path).collect();
    hooks.macro_arguments = arguments_text(kept, source);
    hooks
}

/// Appends every binding of every `use` declaration, `pub use` marked as a
/// re-export.
fn imports(root: Node<'_>, source: &[u8], out: &mut Vec<ImportDecl>) {
    each_node_of_kind(root, USE_KINDS, &mut |node| push_use(node, source, out));
    out.sort_by_key(|decl| (decl.line, decl.col));
}

/// Appends the bindings of the `use` declaration `node`.
fn push_use(node: Node<'_>, source: &[u8], out: &mut Vec<ImportDecl>) {
    let mut cursor = node.walk();
    let public = node
        .children(&mut cursor)
        .any(|c| c.kind() == "visibility_modifier");
    if let Some(argument) = node.child_by_field_name("argument") {
        flatten(argument, source, &[], public, out);
    }
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
fn is_exported<'t>(node: Node<'t>, ancestry: &Ancestry<'t>) -> bool {
    let mut cursor = node.walk();
    if node
        .children(&mut cursor)
        .any(|c| c.kind() == "visibility_modifier")
    {
        return true;
    }
    let mut current = ancestry.parent(node);
    while let Some(parent) = current {
        match parent.kind() {
            "enum_item" | "trait_item" => return true,
            "impl_item" => return parent.child_by_field_name("trait").is_some(),
            "declaration_list" | "field_declaration_list" | "enum_variant_list" => {
                current = ancestry.parent(parent);
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
fn conditional_code(root: Node<'_>, source: &[u8], out: &mut Vec<ConditionalCode>) {
    each_node_of_kind(root, ATTRIBUTE_KINDS, &mut |node| {
        push_conditional(node, source, out);
    });
    out.sort_by_key(|c| (c.start, c.end));
}

/// Appends the statement the attribute `node` makes conditional, if it is
/// a `#[cfg(…)]` in front of a statement.
fn push_conditional(node: Node<'_>, source: &[u8], out: &mut Vec<ConditionalCode>) {
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
    if let Some(gated) =
        item_after(node).filter(|n| matches!(n.kind(), "expression_statement" | "let_declaration"))
    {
        let end = gated.end_position();
        out.push(ConditionalCode {
            start: position(gated),
            end: (end.row as u32 + 1, end.column as u32 + 1),
            condition: condition.trim().to_owned(),
        });
    }
}

/// Appends, with the byte it starts at, the module declaration the
/// attribute `node` names the file of, if it is a `#[path = "…"]` in front
/// of a `mod x;` with no body.
fn push_module_path(node: Node<'_>, source: &[u8], out: &mut Vec<(usize, ModulePath)>) {
    let Some(attribute) = node.named_child(0) else {
        return;
    };
    let is_path = attribute
        .named_child(0)
        .is_some_and(|name| name.kind() == "identifier" && text(name, source) == "path");
    let Some(path) = attribute
        .child_by_field_name("value")
        .filter(|value| is_path && value.kind() == "string_literal")
        .map(|value| text(value, source).trim_matches('"').to_owned())
    else {
        return;
    };
    let Some(item) = item_after(node)
        .filter(|item| item.kind() == "mod_item" && item.child_by_field_name("body").is_none())
    else {
        return;
    };
    let Some(name) = item.child_by_field_name("name") else {
        return;
    };
    let mut within = Vec::new();
    let mut current = item.parent();
    while let Some(list) = current.filter(|n| n.kind() == "declaration_list") {
        let Some(module) = list.parent().filter(|n| n.kind() == "mod_item") else {
            break;
        };
        if let Some(module_name) = module.child_by_field_name("name") {
            within.push(text(module_name, source).to_owned());
        }
        current = module.parent();
    }
    within.reverse();
    out.push((
        item.start_byte(),
        ModulePath {
            within,
            name: text(name, source).to_owned(),
            path,
        },
    ));
}

/// The item the attribute `node` stands in front of: its next named
/// sibling past other attributes and comments.
fn item_after(node: Node<'_>) -> Option<Node<'_>> {
    let mut next = node.next_named_sibling();
    while let Some(sibling) = next.filter(|n| {
        matches!(
            n.kind(),
            "attribute_item" | "line_comment" | "block_comment"
        )
    }) {
        next = sibling.next_named_sibling();
    }
    next
}

/// The argument token trees of the outermost macro invocations under
/// `root` (`tri!(self.formatter.begin(w))` keeps `(self.formatter.begin(w))`)
/// made parseable: a same-length copy of `source` keeping only them, each
/// followed by `;` so that it parses as an expression statement, every
/// other byte blanked (line breaks kept); and the ranges of that copy the
/// parser needs to read. Invocations inside `macro_rules!` definitions are
/// templates and stay blank. `None` when there is no invocation to keep.
fn macro_arguments(root: Node<'_>, source: &[u8]) -> Option<MacroArguments> {
    let mut kept = Vec::new();
    each_node_of_kind(root, MACRO_KINDS, &mut |node| {
        keep_arguments(node, &mut kept)
    });
    arguments_text(kept, source)
}

/// Keeps the argument token tree of `node` if it is a macro invocation
/// (not a definition).
fn keep_arguments<'t>(node: Node<'t>, kept: &mut Vec<Node<'t>>) {
    if node.kind() == "macro_invocation" {
        let mut cursor = node.walk();
        if let Some(arguments) = node
            .children(&mut cursor)
            .find(|c| c.kind() == "token_tree")
        {
            kept.push(arguments);
        }
    }
}

/// The [`MacroArguments`] keeping the `kept` token trees of `source`;
/// `None` when there are none.
fn arguments_text(mut kept: Vec<Node<'_>>, source: &[u8]) -> Option<MacroArguments> {
    if kept.is_empty() {
        return None;
    }
    kept.sort_by_key(Node::start_byte);
    let mut shadow: Vec<u8> = source
        .iter()
        .map(|&b| if matches!(b, b'\n' | b'\r') { b } else { b' ' })
        .collect();
    for arguments in &kept {
        shadow[arguments.byte_range()].copy_from_slice(&source[arguments.byte_range()]);
    }
    for arguments in &kept {
        if let Some(after) = shadow.get_mut(arguments.end_byte())
            && *after == b' '
        {
            *after = b';';
        }
    }
    let ranges = parsed_ranges(&kept, &shadow);
    let text = String::from_utf8(shadow).ok()?;
    Some(MacroArguments { text, ranges })
}

/// The ranges of `shadow` that hold the `kept` token trees (sorted by
/// start), each with the byte after it: its `;`, or the line break that
/// ends a comment it closes on; touching ranges joined. Everything
/// between them is blank, so reading only these parses as reading all.
fn parsed_ranges(kept: &[Node<'_>], shadow: &[u8]) -> Vec<Range> {
    let mut ranges: Vec<Range> = Vec::with_capacity(kept.len());
    for arguments in kept {
        let mut range = arguments.range();
        if let Some(&after) = shadow.get(range.end_byte) {
            range.end_byte += 1;
            range.end_point = if after == b'\n' {
                Point::new(range.end_point.row + 1, 0)
            } else {
                Point::new(range.end_point.row, range.end_point.column + 1)
            };
        }
        match ranges.last_mut() {
            Some(last) if last.end_byte >= range.start_byte => {
                last.end_byte = range.end_byte;
                last.end_point = range.end_point;
            }
            _ => ranges.push(range),
        }
    }
    if let Some(end) = end_of_text(shadow)
        && ranges
            .last()
            .is_some_and(|last| last.end_byte < end.start_byte)
    {
        ranges.push(end);
    }
    ranges
}

/// The range of the last byte of `text`: read last, it puts the end of the
/// input where the whole text puts it (error recovery weighs what it skips
/// up to there).
fn end_of_text(text: &[u8]) -> Option<Range> {
    let last = text.len().checked_sub(1)?;
    let row = text[..last].iter().filter(|&&b| b == b'\n').count();
    let column = last
        - text[..last]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |at| at + 1);
    let start_point = Point::new(row, column);
    let end_point = if text[last] == b'\n' {
        Point::new(row + 1, 0)
    } else {
        Point::new(row, column + 1)
    };
    Some(Range {
        start_byte: last,
        end_byte: text.len(),
        start_point,
        end_point,
    })
}

/// The field a name bound by a pattern takes: its position in a tuple
/// pattern (`n` in `Value::Number(n)`: `0`; none after a `..`), or the
/// field it is matched against in a struct pattern (`caps` in
/// `Matches { ref mut caps, .. }`, `start` in `Span { start: s, .. }`).
fn pattern_field<'t>(name: Node<'t>, source: &[u8], ancestry: &Ancestry<'t>) -> Option<String> {
    let parent = ancestry.parent(name)?;
    if parent.kind() == "field_pattern" {
        let field = parent.child_by_field_name("name")?;
        return Some(text(field, source).to_owned());
    }
    let ty = parent.child_by_field_name("type")?;
    let mut cursor = parent.walk();
    let mut position = 0;
    for child in parent.children(&mut cursor) {
        if child.id() == name.id() {
            return Some(position.to_string());
        }
        match child.kind() {
            "(" | ")" | "," => {}
            "remaining_field_pattern" => return None,
            _ if child.id() == ty.id() => {}
            _ => position += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Language;

    fn rust_parser() -> tree_sitter::Parser {
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&Language::Rust.grammar()).unwrap();
        parser
    }

    #[test]
    fn flattens_use_trees() {
        let code = "use crate::shapes::{self, Circle as Round, area::*};\npub use super::util::helper;\nuse std::io;\n";
        let mut parser = rust_parser();
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
        let mut parser = rust_parser();
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
        let mut parser = rust_parser();
        let tree = parser.parse(code, None).unwrap();
        let arguments = macro_arguments(tree.root_node(), code.as_bytes()).unwrap();
        let shadow = &arguments.text;
        assert_eq!(shadow.len(), code.len());
        assert_eq!(
            shadow,
            "        \n        (self.w.go(x));\n \n                                  \n                   (v![1], 2); \n"
        );
        let parts: Vec<_> = arguments
            .ranges
            .iter()
            .map(|r| (&shadow[r.start_byte..r.end_byte], r.start_point.row))
            .collect();
        assert_eq!(
            parts,
            vec![("(self.w.go(x));", 1), ("(v![1], 2);", 4), ("\n", 4)]
        );
        let none = "fn f() { g(1) }\n";
        let tree = parser.parse(none, None).unwrap();
        assert_eq!(macro_arguments(tree.root_node(), none.as_bytes()), None);
    }

    #[test]
    fn one_walk_finds_what_the_three_hooks_find() {
        let code = "use a::b;\nfn f() {\n    #[cfg(test)]\n    g!(h(1));\n    use c::{d, e as f};\n    #[cfg(x)]\n    let y = m![n];\n}\nmacro_rules! q { () => { r!(s) } }\n";
        let mut parser = rust_parser();
        let tree = parser.parse(code, None).unwrap();
        let (root, source) = (tree.root_node(), code.as_bytes());
        let mut expected = FileHooks::default();
        imports(root, source, &mut expected.imports);
        conditional_code(root, source, &mut expected.conditional);
        expected.macro_arguments = macro_arguments(root, source);
        assert_eq!(expected.imports.len(), 3);
        assert_eq!(expected.conditional.len(), 2);
        assert!(expected.macro_arguments.is_some());
        assert_eq!(file_hooks(root, source), expected);
    }

    #[test]
    fn path_attributes_name_the_files_of_module_declarations() {
        let code = "#[path = \"imp/unix.rs\"]\nmod sys;\n#[cfg(test)]\n// the tests\n#[path = \"t.rs\"]\nmod tests;\nmod outer {\n    #[path = \"deep.rs\"]\n    pub mod inner;\n}\n#[path = \"body.rs\"]\nmod inline {}\n#[doc = \"x.rs\"]\nmod doc;\n";
        let mut parser = rust_parser();
        let tree = parser.parse(code, None).unwrap();
        let paths = file_hooks(tree.root_node(), code.as_bytes()).module_paths;
        let found: Vec<_> = paths
            .iter()
            .map(|p| (p.within.join("::"), p.name.as_str(), p.path.as_str()))
            .collect();
        assert_eq!(
            found,
            vec![
                (String::new(), "sys", "imp/unix.rs"),
                (String::new(), "tests", "t.rs"),
                ("outer".to_owned(), "inner", "deep.rs"),
            ]
        );
    }

    #[test]
    fn parsing_the_argument_ranges_gives_the_tree_of_the_whole_text() {
        let code = "fn f() {\n    a!(x.y(1)\n    // open\n}\nfn g() { b!{ c(2) }d!(e) }\n";
        let mut parser = rust_parser();
        let tree = parser.parse(code, None).unwrap();
        let arguments = macro_arguments(tree.root_node(), code.as_bytes()).unwrap();
        let whole = parser.parse(&arguments.text, None).unwrap();
        parser.set_included_ranges(&arguments.ranges).unwrap();
        let ranged = parser.parse(&arguments.text, None).unwrap();
        assert_eq!(ranged.root_node().to_sexp(), whole.root_node().to_sexp());
    }

    #[test]
    fn pattern_names_take_a_position_or_a_field() {
        let code = "fn f() { let Pair(a, b) = v; let Pair(c, .., d) = v; let It { re: r, ref mut n } = it; }\n";
        let tree = crate::test_parse(Language::Rust, code);
        let ancestry = Ancestry::of([&tree], code.len());
        let field_of = |kind: &str, name: &str| {
            let node = crate::test_node(tree.root_node(), code, kind, name);
            pattern_field(node, code.as_bytes(), &ancestry)
        };
        let field = |name: &str| field_of("identifier", name);
        assert_eq!(field("a").as_deref(), Some("0"));
        assert_eq!(field("b").as_deref(), Some("1"));
        assert_eq!(field("c").as_deref(), Some("0"));
        assert_eq!(field("d"), None);
        assert_eq!(field("r").as_deref(), Some("re"));
        assert_eq!(
            field_of("shorthand_field_identifier", "n").as_deref(),
            Some("n")
        );
    }
}
