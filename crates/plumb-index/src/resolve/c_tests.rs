//! C-specific resolution tests (includes, the linker's namespace), each on
//! a small multi-file fixture, with the exact call edges expected.

use super::tests::{calls_named, resolutions_named};

#[test]
fn c_calls_reach_prototypes_definitions_and_their_own_statics() {
    let fixture = "//- include/cart.h\nstruct cart { int (*total)(struct cart *c); };\nint cart_total(struct cart *c);\n//- src/cart.c\n#include \"cart.h\"\nstatic int helper(void) { return 1; }\nint cart_total(struct cart *c) { return helper(); }\n//- src/order.c\nstatic int helper(void) { return 2; }\nint order_total(void) { return helper(); }\n//- src/main.c\n#include <cart.h>\nint run(struct cart *c) { return cart_total(c) + c->total(c) + order_total(); }\n";
    assert_eq!(
        calls_named(fixture, "cart_total"),
        vec!["run -> cart_total [import]", "run -> cart_total [import]"]
    );
    assert_eq!(
        calls_named(fixture, "helper"),
        vec![
            "cart_total -> helper [scope]",
            "order_total -> helper [scope]"
        ]
    );
    assert_eq!(
        calls_named(fixture, "total"),
        vec!["run -> cart.total [receiver]"]
    );
    assert_eq!(
        calls_named(fixture, "order_total"),
        vec!["run -> order_total [import]"]
    );
}

#[test]
fn a_prototype_joins_the_definition_in_its_own_file_before_same_named_ones_elsewhere() {
    // File ids follow the fixture's order: mem.h 1, legacy.c 2, common.c 3, main.c 4.
    let fixture = "//- lib/mem.h\nstatic inline unsigned is_le(void);\nstatic inline unsigned read16(void) { return is_le(); }\nstatic inline unsigned is_le(void) { return 1; }\n//- lib/legacy.c\nstatic unsigned is_le(void) { return 0; }\nstatic unsigned huf_error(int c);\nunsigned legacy(void) { return is_le() + huf_error(0); }\nstatic unsigned huf_error(int c) { return c; }\n//- lib/common.c\nunsigned huf_error(int c) { return c; }\n//- lib/main.c\n#include \"mem.h\"\nunsigned huf_error(int c);\nunsigned run(void) { return read16() + huf_error(1); }\n";
    let in_file = |name: &str| {
        resolutions_named(fixture, name, &[], |r| {
            format!("in file {}", r.symbol_id >> 32)
        })
    };
    assert_eq!(
        in_file("is_le"),
        vec![
            "read16 -> is_le in file 1",
            "read16 -> is_le in file 1",
            "legacy -> is_le in file 2"
        ]
    );
    assert_eq!(
        in_file("huf_error"),
        vec![
            "legacy -> huf_error in file 2",
            "legacy -> huf_error in file 2",
            "run -> huf_error in file 4",
            "run -> huf_error in file 3"
        ]
    );
}

#[test]
fn a_static_function_of_another_source_file_is_not_a_callee() {
    // File ids follow the fixture's order: bmp.cpp 1, tiff.cpp 2, util.hpp 3, main.cpp 4.
    let fixture = "//- src/bmp.cpp\nnamespace img {\nstatic bool write_value(int v) { return v > 0; }\nbool save_bmp() { return write_value(1); }\n}\n//- src/tiff.cpp\nnamespace img {\nstatic bool write_value(int v) { return v < 0; }\nbool save_tiff() { return write_value(2); }\n}\n//- src/util.hpp\nnamespace img {\nstatic inline bool clamp(int v) { return v != 0; }\n}\n//- src/main.cpp\n#include \"util.hpp\"\nnamespace img {\nbool run() { return clamp(3); }\n}\n";
    let in_file = |name: &str| {
        resolutions_named(fixture, name, &[], |r| {
            format!("in file {}", r.symbol_id >> 32)
        })
    };
    assert_eq!(
        in_file("write_value"),
        vec![
            "img::save_bmp -> img::write_value in file 1",
            "img::save_tiff -> img::write_value in file 2"
        ]
    );
    assert_eq!(in_file("clamp"), vec!["img::run -> img::clamp in file 3"]);
}

#[test]
fn a_call_leaving_out_a_default_argument_reaches_the_out_of_line_definition_too() {
    // vec.hpp is file 1 (Vec def 1, normalize(bool) def 2), vec.cpp file 2 (its
    // definition def 1): not the two-parameter overload.
    let fixture = "//- vec.hpp\nstruct Vec {\n    Vec normalize(bool allowZero = false) const;\n    Vec normalize(int a, int b) const;\n};\n//- vec.cpp\n#include \"vec.hpp\"\nVec Vec::normalize(bool allowZero) const { return *this; }\nVec Vec::normalize(int a, int b) const { return *this; }\nVec unit(const Vec &v) { return v.normalize(); }\n";
    assert_eq!(
        resolutions_named(fixture, "normalize", &[], |r| format!(
            "file {} def {}",
            r.symbol_id >> 32,
            r.symbol_id & 0xffff_ffff
        )),
        vec![
            "unit -> Vec::normalize file 1 def 2",
            "unit -> Vec::normalize file 2 def 1"
        ]
    );
}

#[test]
fn enumerators_of_an_enum_declared_in_a_struct_are_in_the_files_scope() {
    let fixture = "//- src/lzma2.c\ntypedef struct {\n\tenum sequence {\n\t\tSEQ_CONTROL,\n\t\tSEQ_COPY,\n\t} sequence;\n} lzma2_coder;\nstatic int decode(lzma2_coder *coder) {\n\tswitch (coder->sequence) {\n\tcase SEQ_CONTROL:\n\t\tcoder->sequence = SEQ_COPY;\n\t\treturn 1;\n\t}\n\treturn 0;\n}\n";
    assert_eq!(
        resolutions_named(fixture, "SEQ_COPY", &[], |r| format!("[{}]", r.method)),
        vec!["decode -> lzma2_coder.sequence.sequence.SEQ_COPY [scope]"]
    );
    assert_eq!(
        resolutions_named(fixture, "SEQ_CONTROL", &[], |r| format!("[{}]", r.method)),
        vec!["decode -> lzma2_coder.sequence.sequence.SEQ_CONTROL [scope]"]
    );
}

#[test]
fn designated_initializers_name_members_of_the_declared_type() {
    let fixture = "//- src/filters.c\ntypedef struct { int id; int (*init)(void); } decoder;\ntypedef struct { int id; } other;\nstatic int start(void) { return 0; }\nstatic const decoder decoders[] = {\n\t{\n\t\t.id = 1,\n\t\t.init = &start,\n\t},\n};\nint run(void) {\n\tdecoder one = { .id = 2, .init = start };\n\treturn one.id;\n}\n";
    assert_eq!(
        resolutions_named(fixture, "init", &[], |r| format!("[{}]", r.method)),
        vec![
            "decoders -> decoder.init [receiver]",
            "run -> decoder.init [receiver]"
        ]
    );
    assert_eq!(
        resolutions_named(fixture, "id", &[], |r| format!("[{}]", r.method)),
        vec![
            "decoders -> decoder.id [receiver]",
            "run -> decoder.id [receiver]",
            "run -> decoder.id [receiver]"
        ]
    );
}

#[test]
fn elements_of_a_pointer_or_array_member_have_its_type() {
    let fixture = "//- src/mt.c\ntypedef struct worker_s worker;\nstruct worker_s { int cond; };\ntypedef struct { worker *threads; worker fixed[4]; } coder_t;\nstatic void stop(coder_t *coder, coder_t local, int i) {\n\tsignal(&coder->threads[i].cond);\n\tsignal(&local.threads[i].cond);\n\tsignal(&coder->fixed[i].cond);\n}\n";
    assert_eq!(
        resolutions_named(fixture, "cond", &[], |r| format!("[{}]", r.method)),
        vec![
            "stop -> worker_s.cond [receiver]",
            "stop -> worker_s.cond [receiver]",
            "stop -> worker_s.cond [receiver]"
        ]
    );
}

#[test]
fn an_extern_prototype_joins_no_static_definition_of_its_own_header() {
    // File ids follow the fixture's order: check.h 1, sha256.c 2, check.c 3.
    let fixture = "//- src/check.h\n#ifdef OWN_SHA256\nextern void sha256_update(const char *buf);\n#else\nstatic inline void sha256_update(const char *buf) { (void)buf; }\n#endif\n//- src/sha256.c\n#include \"check.h\"\nextern void sha256_update(const char *buf) { (void)buf; }\n//- src/check.c\n#include \"check.h\"\nvoid check_update(const char *buf) { sha256_update(buf); }\n";
    let in_file = |name: &str| {
        resolutions_named(fixture, name, &[], |r| {
            format!(
                "in file {} symbol {}",
                r.symbol_id >> 32,
                r.symbol_id & 0xffff
            )
        })
    };
    assert_eq!(
        in_file("sha256_update"),
        vec![
            "check_update -> sha256_update in file 1 symbol 1",
            "check_update -> sha256_update in file 1 symbol 2",
            "check_update -> sha256_update in file 2 symbol 1"
        ]
    );
}

#[test]
fn a_macro_of_a_functions_name_shadows_the_function() {
    let fixture = "//- lib/huf.h\nunsigned huf_is_error(unsigned code);\n//- lib/internal.h\n#define huf_is_error err_is_error\nunsigned err_is_error(unsigned code);\n//- lib/huf.c\n#include \"huf.h\"\nunsigned huf_is_error(unsigned code) { return code > 1; }\n//- lib/compress.c\n#include \"huf.h\"\n#include \"internal.h\"\nunsigned compress(unsigned c) { return huf_is_error(c); }\n//- lib/plain.c\n#include \"huf.h\"\nunsigned plain(unsigned c) { return huf_is_error(c); }\n";
    // File ids follow the fixture's order: huf.h 1, internal.h 2, huf.c 3.
    assert_eq!(
        resolutions_named(fixture, "huf_is_error", &[], |r| {
            format!("in file {}", r.symbol_id >> 32)
        }),
        vec![
            "compress -> huf_is_error in file 2",
            "plain -> huf_is_error in file 1",
            "plain -> huf_is_error in file 3"
        ]
    );
}

#[test]
fn a_macro_and_a_function_of_one_header_are_alternatives() {
    // File ids follow the fixture's order: xxhash.h 1, main.c 2.
    let fixture = "//- lib/xxhash.h\n#if defined(HAS_BUILTIN)\n#  define xxh_swap32 __builtin_bswap32\n#else\nstatic unsigned xxh_swap32(unsigned x) { return x; }\n#endif\n//- lib/main.c\n#include \"xxhash.h\"\nunsigned run(unsigned x) { return xxh_swap32(x); }\n";
    assert_eq!(
        resolutions_named(fixture, "xxh_swap32", &[], |r| {
            format!(
                "in file {} symbol {}",
                r.symbol_id >> 32,
                r.symbol_id & 0xffff
            )
        }),
        vec![
            "run -> xxh_swap32 in file 1 symbol 1",
            "run -> xxh_swap32 in file 1 symbol 2"
        ]
    );
}

#[test]
fn a_headers_extern_variable_joins_its_definition() {
    // File ids follow the fixture's order: fastpos.h 1, fastpos_table.c 2.
    let fixture = "//- lzma/fastpos.h\nextern const unsigned char lzma_fastpos[256];\nstatic inline unsigned get_pos(unsigned dist) { return lzma_fastpos[dist]; }\n//- lzma/fastpos_table.c\n#include \"fastpos.h\"\nconst unsigned char lzma_fastpos[256] = { 0, 1 };\n";
    assert_eq!(
        resolutions_named(fixture, "lzma_fastpos", &[], |r| {
            format!("in file {}", r.symbol_id >> 32)
        }),
        vec![
            "get_pos -> lzma_fastpos in file 1",
            "get_pos -> lzma_fastpos in file 2"
        ]
    );
}

#[test]
fn a_typedef_of_a_struct_it_defines_reaches_the_structs_fields() {
    let fixture = "//- src/stream.c\ntypedef struct stream_s { int avail; } stream;\nint three(stream *s) { return s->avail; }\n";
    assert_eq!(
        resolutions_named(fixture, "avail", &[], |r| format!("[{}]", r.method)),
        vec!["three -> stream.stream_s.avail [receiver]"]
    );
}

#[test]
fn a_pointer_typedef_reaches_the_fields_of_what_it_points_to() {
    let fixture = "//- src/stream.c\ntypedef struct { int avail; } stream;\ntypedef stream *streamp;\nint one(streamp s) { return s->avail; }\n";
    assert_eq!(
        resolutions_named(fixture, "avail", &[], |r| format!("[{}]", r.method)),
        vec!["one -> stream.avail [receiver]"]
    );
}
