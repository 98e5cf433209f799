//! C-specific resolution tests (includes, the linker's namespace), each on
//! a small multi-file fixture, with the exact call edges expected.

use super::tests::calls_named;

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
