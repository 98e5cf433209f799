//! C questions by location: `path:LINE` names the definition whose name is
//! on the line, even where another definition spans it.

use expect_test::expect;

use super::check;

#[test]
fn a_typedefs_line_names_the_typedef_not_the_struct_it_closes() {
    check(
        r#"
//- /src/buffer.c
typedef struct buffer_s {
    void *start;
} Buffer;$0

static Buffer empty(void) { Buffer b = { 0 }; return b; }
"#,
        |engine, cursor| engine.symbol_info(&cursor.unwrap()),
        expect![[r#"
            symbol src/buffer.c:3: 1 results (exact)
            type_alias Buffer  src/buffer.c:1-3
                typedef struct buffer_s { void *start; } Buffer;
        "#]],
    );
}
