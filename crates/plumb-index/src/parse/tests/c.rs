//! The parse's tests on C: attribute macros that broke a declaration are
//! blanked and the file parsed again, keeping the source's positions.

use std::time::Duration;

use plumb_lang::Language;

use crate::parse::{FileOutcome, check_and_extract};

#[test]
fn declarations_broken_by_attribute_macros_are_indexed_at_their_lines() {
    let source = "extern LZMA_API(void) lzma_end(lzma_stream *strm) lzma_nothrow;\n\nstatic size_t\narm_code(void *simple lzma_attribute((__unused__)),\n\t\tuint8_t *buffer lzma_attribute((__unused__)), size_t size)\n{\n\treturn size;\n}\n\nstatic inline uint32_t lzma_attribute((__always_inline__))\nlzma_memcmplen(const uint8_t *buf1, uint32_t len)\n{\n\treturn len;\n}\n";
    let outcome = check_and_extract(Language::C, source.as_bytes(), Duration::from_secs(60));
    let FileOutcome::Indexed(facts) = outcome else {
        panic!("set aside: {outcome:?}");
    };
    let functions: Vec<(&str, u32, bool)> = facts
        .defs
        .iter()
        .filter(|def| def.kind == plumb_store::model::SymbolKind::Function)
        .map(|def| (&*def.name, def.name_line, def.has_body))
        .collect();
    assert_eq!(
        functions,
        [
            ("lzma_end", 1, false),
            ("arm_code", 4, true),
            ("lzma_memcmplen", 11, true)
        ]
    );
    assert_eq!(facts.syntax_errors, 0);
}
