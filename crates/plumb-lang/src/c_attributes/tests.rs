//! Attribute macros found where the parse broke, blanked round by round
//! until the declarations parse whole.

use std::time::Duration;

use crate::{Language, parse_timed};

/// Parses `source` as C, blanking the attribute macros and parsing again
/// until none is left (at most `rounds` times); gives the last text and
/// the names of its function declarators.
fn parsed_after_blanking(source: &str, rounds: usize) -> (String, Vec<String>, bool) {
    let timeout = Duration::from_secs(5);
    let mut text = source.to_owned();
    let mut tree = parse_timed(Language::C, &text, timeout).unwrap();
    for _ in 0..rounds {
        let Some(next) = Language::C.attribute_macros(tree.root_node(), &text) else {
            break;
        };
        text = next;
        tree = parse_timed(Language::C, &text, timeout).unwrap();
    }
    let mut names = Vec::new();
    let mut stack = vec![tree.root_node()];
    while let Some(node) = stack.pop() {
        if node.kind() == "function_declarator"
            && let Some(name) = node.child_by_field_name("declarator")
        {
            names.push(text[name.byte_range()].to_owned());
        }
        let mut cursor = node.walk();
        stack.extend(node.children(&mut cursor));
    }
    names.sort();
    (text, names, tree.root_node().has_error())
}

#[test]
fn a_prototypes_trailing_attribute_names_are_blanked() {
    let source = "extern LZMA_API(lzma_ret) lzma_code(lzma_stream *strm, lzma_action action)\n\t\tlzma_nothrow lzma_attr_warn_unused_result;\n";
    let (text, names, broken) = parsed_after_blanking(source, 1);
    assert!(!broken, "{text}");
    assert_eq!(names, ["lzma_code"]);
    assert_eq!(text.len(), source.len());
    assert!(text.contains("action)\n\t\t") && !text.contains("nothrow"));
}

#[test]
fn attributes_after_parameter_names_are_blanked_one_a_round() {
    let source = "static size_t\nencode(void *coder lzma_attribute((__unused__)),\n\t\tconst uint8_t *restrict in lzma_attribute((__unused__)),\n\t\tsize_t size)\n{\n\treturn size;\n}\n";
    let (text, names, broken) = parsed_after_blanking(source, 3);
    assert!(!broken, "{text}");
    assert_eq!(names, ["encode"]);
    assert!(text.contains("uint8_t *restrict in "));
}

#[test]
fn an_attribute_between_the_return_type_and_the_name_is_blanked() {
    let source = "static inline uint32_t lzma_attribute((__always_inline__))\nlzma_memcmplen(const uint8_t *buf1, uint32_t len)\n{\n\treturn len;\n}\n";
    let (text, names, broken) = parsed_after_blanking(source, 1);
    assert!(!broken, "{text}");
    assert_eq!(names, ["lzma_memcmplen"]);
}

#[test]
fn well_formed_code_is_left_alone() {
    let source = "int f(void) { return g((1)); }\nint h(int x) NOEXCEPT { return x; }\n";
    let tree = parse_timed(Language::C, source, Duration::from_secs(5)).unwrap();
    assert_eq!(Language::C.attribute_macros(tree.root_node(), source), None);
}

#[test]
fn an_empty_macro_between_a_declarations_type_and_declarator_is_blanked() {
    let source = "typedef struct { struct state_s FAR *state; } s;\nint ZEXPORT finish(z_streamp strm) {\n    struct state_s FAR *state;\n    return 0;\n}\n";
    let (text, names, broken) = parsed_after_blanking(source, 1);
    assert_eq!(
        text,
        "typedef struct { struct state_s     *state; } s;\nint         finish(z_streamp strm) {\n    struct state_s     *state;\n    return 0;\n}\n"
    );
    assert_eq!(names, ["finish"]);
    assert!(!broken);
}

#[test]
fn a_declaration_without_a_stray_name_is_left_as_it_is() {
    let source = "static int check(struct s *p) {\n    struct s *q = p;\n    return q != 0;\n}\n";
    let (text, names, broken) = parsed_after_blanking(source, 1);
    assert_eq!(text, source);
    assert_eq!(names, ["check"]);
    assert!(!broken);
}

#[test]
fn a_stray_name_after_a_name_is_left_as_it_is() {
    // Either word may be the macro: `STREAM_STATIC UInt32`, `z_stream FAR`.
    let source =
        "STREAM_STATIC UInt32 mask(void) { return 1; }\ntypedef z_stream FAR *z_streamp;\n";
    let (text, _, _) = parsed_after_blanking(source, 1);
    assert_eq!(text, source);
}
