//! Extraction tests on Kotlin code.

use plumb_lang::Language;
use plumb_store::model::OccurrenceKind;

use super::{arguments, defs, facts, parameters};

#[test]
fn kotlin_companions_join_their_class_and_extensions_their_receiver() {
    let f = facts(
        Language::Kotlin,
        "package shop\n\n/** A cart. */\nclass Cart(val owner: String, size: Int) : Base(), Priced {\n    val items: List<Shape> = listOf()\n    fun add(item: Shape) {}\n    companion object {\n        fun empty(): Cart = Cart(\"x\")\n    }\n}\nfun Cart.summary(): String = owner\ninterface Priced\nenum class Finish { MATTE }\n",
    );
    assert_eq!(
        defs(&f),
        vec![
            "class Cart 4-10 in -",
            "field owner 4-4 in Cart",
            "field items 5-5 in Cart",
            "method add 6-6 in Cart",
            "method empty 8-8 in Cart",
            "method summary 11-11 in impl Cart",
            "interface Priced 12-12 in -",
            "enum Finish 13-13 in -",
            "variant MATTE 13-13 in Finish",
        ]
    );
    assert_eq!(f.docs.get(0), Some("A cart."));
    assert_eq!(
        f.defs[0].signature.as_deref(),
        Some("class Cart(val owner: String, size: Int) : Base(), Priced")
    );
    assert_eq!(
        f.defs[4].signature.as_deref(),
        Some("fun empty(): Cart"),
        "the signature stops before an expression body"
    );
    let bases: Vec<_> = f
        .refs
        .iter()
        .filter(|r| matches!(r.kind, OccurrenceKind::Inherit | OccurrenceKind::Implement))
        .map(|r| format!("{} {}", r.kind, r.name))
        .collect();
    assert_eq!(bases, vec!["inherit Base", "implement Priced"]);
    let bindings: Vec<_> = f
        .bindings
        .iter()
        .map(|b| (b.name.as_str(), b.type_text.as_str(), b.from_value))
        .collect();
    assert_eq!(
        bindings,
        vec![
            ("this.owner", "String", false),
            ("this.items[]", "Shape", false),
            ("this.items", "List", false),
            ("item", "Shape", false),
        ]
    );
    assert_eq!(f.package.as_deref(), Some("shop"));
}

#[test]
fn kotlin_defaults_and_variadics_leave_the_arity_open() {
    assert_eq!(
        parameters(
            Language::Kotlin,
            "fun a(x: Int, y: Int) {}\nfun b(x: Int, y: Int = 1) {}\nfun c(vararg x: Int) {}\n"
        ),
        vec![Some(2), None, None]
    );
    assert_eq!(
        arguments(
            Language::Kotlin,
            "fun main() {\n  f(1, y = 2)\n  g(1) { it }\n  h { it }\n  k(*xs)\n}\n"
        ),
        vec![
            ("f".to_owned(), Some(2)),
            ("g".to_owned(), Some(2)),
            ("h".to_owned(), Some(1)),
            ("k".to_owned(), None),
        ]
    );
}
