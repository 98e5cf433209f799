//! Attribute macros in C declarations: a macro that expands to a GNU
//! `__attribute__` and is written where tree-sitter-c's grammar, which
//! sees the macro's name and not its expansion, has no place for it.
//! liblzma writes `lzma_nothrow` after a prototype's parameters,
//! `lzma_attribute((__unused__))` after a parameter's name and
//! `lzma_attribute((__always_inline__))` between a function's return type
//! and its name. Each breaks the declaration around it, and the function
//! is lost. zlib writes empty macros (`FAR`, `ZEXPORT`) between a
//! declaration's type and its declarator, which break it the same way.
//! They are found by where the parse broke (never by a name),
//! and the indexer blanks them and parses again ([`Language::attribute_macros`]).
//!
//! [`Language::attribute_macros`]: crate::Language::attribute_macros

use std::ops::Range;

use tree_sitter::Node;

/// The byte ranges of attribute macros under `root` that broke the parse,
/// in the order met: read only inside nodes holding a syntax error.
pub(crate) fn attribute_macros(root: Node<'_>) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    if root.has_error() {
        visit(root, &mut out);
    }
    out
}

/// Adds the attribute macros of the function declarators among the
/// children of `node`, and the empty macros written between its type and
/// its declarator, and descends into the children holding an error.
fn visit(node: Node<'_>, out: &mut Vec<Range<usize>>) {
    let declares = DECLARATIONS.contains(&node.kind());
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        if child.kind() == "function_declarator" {
            declarator_macros(child, out);
        }
        if declares && is_lone_name_error(child) && has_certain_type(node) {
            out.push(child.byte_range());
        }
        if child.has_error() {
            visit(child, out);
        }
    }
}

/// The attribute macros a broken function declarator shows after its
/// parameter list:
///
/// * a bare name (`f(void) lzma_nothrow;`): the grammar allows one after a
///   definition's parameters, not after a prototype's, so it is met here
///   only inside a broken prototype;
/// * an invocation after a parameter list the parser closed with a missing
///   `)`: the macro followed a parameter's name (`f(void *p
///   lzma_attribute((__unused__)), int n)`), and only that invocation is
///   blanked (the next parse finds the next one);
/// * an invocation holding an error after a complete parameter list: the
///   declarator is the macro (`uint32_t lzma_attribute((x)) name(…)`,
///   read as the function `lzma_attribute` with the parameters `((x))`
///   and then a call `name(…)` of broken arguments), so the declarator's
///   name and parameter list are blanked.
fn declarator_macros(declarator: Node<'_>, out: &mut Vec<Range<usize>>) {
    let Some(parameters) = declarator.child_by_field_name("parameters") else {
        return;
    };
    let unclosed = parameters
        .child(parameters.child_count().saturating_sub(1))
        .is_some_and(|close| close.is_missing());
    let mut cursor = declarator.walk();
    for child in declarator.children(&mut cursor) {
        if child.start_byte() < parameters.end_byte() || !child.is_named() {
            continue;
        }
        match child.kind() {
            "identifier" => out.push(child.byte_range()),
            "call_expression" if unclosed => {
                out.push(child.byte_range());
                return;
            }
            "call_expression" if child.has_error() => {
                if let Some(name) = declarator.child_by_field_name("declarator") {
                    out.push(name.start_byte()..parameters.end_byte());
                }
                return;
            }
            _ => {}
        }
    }
}

/// The nodes of tree-sitter-c's grammar that declare something with a type
/// and a declarator: a name written between the two is no C, so it is a
/// macro the preprocessor expands to nothing or to a qualifier (zlib's
/// `FAR` in `struct inflate_state FAR *state;`, its `ZEXPORT` in `int
/// ZEXPORT inflateEnd(…)`).
const DECLARATIONS: [&str; 5] = [
    "declaration",
    "field_declaration",
    "function_definition",
    "parameter_declaration",
    "type_definition",
];

/// Whether declaration `node`'s type is certainly a type, a keyword or a
/// `struct`, `union` or `enum` specifier: after a name (`STREAM_STATIC
/// UInt32 f(void)`, `z_stream FAR *z_streamp`) the macro may be either
/// word, and neither is blanked.
fn has_certain_type(node: Node<'_>) -> bool {
    node.child_by_field_name("type").is_some_and(|ty| {
        matches!(
            ty.kind(),
            "primitive_type"
                | "sized_type_specifier"
                | "struct_specifier"
                | "union_specifier"
                | "enum_specifier"
        )
    })
}

/// Whether `node` is a syntax error holding one name and nothing else: an
/// empty macro between a declaration's type and its declarator.
fn is_lone_name_error(node: Node<'_>) -> bool {
    node.is_error()
        && node.child_count() == 1
        && node.child(0).is_some_and(|name| {
            matches!(
                name.kind(),
                "identifier" | "field_identifier" | "type_identifier"
            )
        })
}

/// `source` with every byte of `ranges` made a space (line breaks kept),
/// the same length: parsed again, the declarations around the macros are
/// whole, at their true positions.
pub(crate) fn blanked(source: &str, ranges: &[Range<usize>]) -> String {
    let mut bytes = source.as_bytes().to_vec();
    for range in ranges {
        for byte in &mut bytes[range.clone()] {
            if *byte != b'\n' && *byte != b'\r' {
                *byte = b' ';
            }
        }
    }
    String::from_utf8(bytes).unwrap_or_else(|_| source.to_owned())
}

#[cfg(test)]
mod tests;
