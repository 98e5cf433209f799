//! Python-specific resolution tests, each on a small multi-file fixture,
//! with the exact call edges expected.

use super::tests::calls_named;

#[test]
fn return_annotations_type_call_results() {
    let got = calls_named(
        "//- shop.py\nclass Cart:\n    def total(self): pass\n\nclass Order:\n    def total(self): pass\n\ndef make() -> Cart:\n    return Cart()\n\ndef use():\n    c = make()\n    c.total()\n    make().total()\n",
        "total",
    );
    assert_eq!(
        got,
        vec![
            "shop.use -> shop.Cart.total [receiver]",
            "shop.use -> shop.Cart.total [receiver]"
        ]
    );
}
