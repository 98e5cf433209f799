//! The parse's tests on C: two-dimensional arrays, function and array
//! types, and attribute macros that broke a declaration, blanked and the
//! file parsed again, keeping the source's positions.

use plumb_lang::Language;
use plumb_store::model::SymbolKind;

use super::indexed;

#[test]
fn declarations_broken_by_attribute_macros_are_indexed_at_their_lines() {
    let source = "extern LZMA_API(void) lzma_end(lzma_stream *strm) lzma_nothrow;\n\nstatic size_t\narm_code(void *simple lzma_attribute((__unused__)),\n\t\tuint8_t *buffer lzma_attribute((__unused__)), size_t size)\n{\n\treturn size;\n}\n\nstatic inline uint32_t lzma_attribute((__always_inline__))\nlzma_memcmplen(const uint8_t *buf1, uint32_t len)\n{\n\treturn len;\n}\n";
    let facts = indexed(Language::C, source);
    let functions: Vec<(&str, u32, bool)> = facts
        .defs
        .iter()
        .filter(|def| def.kind == SymbolKind::Function)
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

#[test]
fn two_dimensional_arrays_are_fields_and_variables() {
    let source = "typedef struct {\n\tprobability choice;\n\tprobability low[POS_STATES_MAX][LEN_LOW_SYMBOLS];\n} lzma_length_decoder;\nconst uint32_t lzma_crc32_table[8][256] = { { 1, 2 } };\nextern const uint32_t lzma_crc64_table[4][256];\n";
    let facts = indexed(Language::C, source);
    let defs: Vec<(&str, SymbolKind, u32)> = facts
        .defs
        .iter()
        .map(|def| (&*def.name, def.kind, def.name_line))
        .collect();
    assert_eq!(
        defs,
        [
            ("choice", SymbolKind::Field, 2),
            ("low", SymbolKind::Field, 3),
            ("lzma_length_decoder", SymbolKind::Struct, 4),
            ("lzma_crc32_table", SymbolKind::Variable, 5),
            ("lzma_crc64_table", SymbolKind::Variable, 6)
        ]
    );
}

#[test]
fn function_and_array_types_and_pointers_to_functions_are_type_aliases() {
    let source = "typedef size_t (*decompression_algo)(void *dst, size_t size);\ntypedef int compare_fn(const void *a, const void *b);\ntypedef U32 dtable_t[16];\ntypedef U32 rank_val_t[12][13];\n";
    let facts = indexed(Language::C, source);
    let defs: Vec<(&str, SymbolKind, u32)> = facts
        .defs
        .iter()
        .map(|def| (&*def.name, def.kind, def.name_line))
        .collect();
    assert_eq!(
        defs,
        [
            ("decompression_algo", SymbolKind::TypeAlias, 1),
            ("compare_fn", SymbolKind::TypeAlias, 2),
            ("dtable_t", SymbolKind::TypeAlias, 3),
            ("rank_val_t", SymbolKind::TypeAlias, 4)
        ]
    );
}
