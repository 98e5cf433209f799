//! Interfaces of Rust files: a function's locals.

use plumb_lang::Language;

use super::interface_hash;
use crate::extract::tests::facts;

fn rust(source: &str) -> [u8; 32] {
    interface_hash(&facts(Language::Rust, source))
}

#[test]
fn a_functions_locals_count_only_when_something_is_defined_inside_it() {
    let plain = r#"fn make() -> Cart {
    Cart::new()
}
"#;
    let with_local = r#"fn make() -> Cart {
    let Cart = 1;
    Cart::new()
}
"#;
    assert_eq!(rust(plain), rust(with_local));
    let nested = r#"fn make() -> Cart {
    struct Cart;
    fn inner() -> Cart { Cart }
    Cart
}
"#;
    let nested_with_local = r#"fn make() -> Cart {
    let x = 1;
    struct Cart;
    fn inner() -> Cart { Cart }
    Cart
}
"#;
    assert_ne!(rust(nested), rust(nested_with_local));
}
