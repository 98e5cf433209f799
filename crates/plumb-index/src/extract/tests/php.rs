//! Extraction tests on PHP code.

use crate::extract::text::dotted;
use plumb_lang::Language;
use plumb_store::model::OccurrenceKind;

use super::{defs, facts};

#[test]
fn member_operators_are_read_as_dots() {
    let php = ["?->", "->", "::", "\\"];
    assert_eq!(dotted("$this->cart?->items", &php), "$this.cart.items");
    assert_eq!(dotted("new \\App\\Cart()", &php), "new App.Cart()");
    assert_eq!(dotted("Cart::make()->total", &php), "Cart.make().total");
    assert_eq!(dotted("a::b", &[]), "a::b");
}

#[test]
fn php_receivers_bindings_and_types_use_dots() {
    let f = facts(
        Language::Php,
        "<?php\nnamespace App;\nclass Cart {\n  private ?Item $item;\n  public function run(\\App\\Order $o): static {\n    $this->item->price();\n    $c = new \\App\\Cart();\n    return parent::run($o);\n  }\n}\n",
    );
    assert_eq!(
        defs(&f),
        vec![
            "class Cart 3-10 in -",
            "field item 4-4 in Cart",
            "method run 5-9 in Cart"
        ]
    );
    assert_eq!(f.defs[2].return_type.as_deref(), Some("static"));
    let calls: Vec<_> = f
        .refs
        .iter()
        .filter(|r| r.kind == OccurrenceKind::Call)
        .map(|r| format!("{} {:?}", r.name, r.receiver))
        .collect();
    assert_eq!(
        calls,
        vec!["price Some(\"$this.item\")", "run Some(\"parent\")"]
    );
    let bindings: Vec<_> = f
        .bindings
        .iter()
        .map(|b| (b.name.as_str(), b.type_text.as_str()))
        .collect();
    assert_eq!(
        bindings,
        vec![
            ("$this.item", "Item"),
            ("$o", "App.Order"),
            ("$c", "new App.Cart()")
        ]
    );
    assert_eq!(f.package.as_deref(), Some("App"));
}
