//! Kotlin-specific resolution tests, each on a small multi-file fixture,
//! with the exact call edges expected.

use super::tests::calls_named;

#[test]
fn kotlin_extensions_and_companions_are_members_of_their_class() {
    let fixture = "//- src/shop/Cart.kt\npackage shop\n\nclass Cart {\n    val items = Box()\n    fun total(): Int = items.size()\n    companion object {\n        fun empty(): Cart = Cart()\n    }\n}\nclass Box {\n    fun size(): Int = 0\n}\nclass Other {\n    fun size(): Int = 1\n}\n//- src/shop/ext/Summary.kt\npackage shop.ext\n\nimport shop.Cart\n\nfun Cart.summary(): Int = total() + this.items.size()\nfun run() = Cart.empty().summary()\nfun String.shout(): String = this\n//- src/shop/Use.kt\npackage shop\n\nimport shop.ext.shout\n\nfun use(name: String) = name.shout()\n";
    assert_eq!(
        calls_named(fixture, "size"),
        vec![
            "shop.Cart.total -> shop.Box.size [receiver]",
            "shop.Cart.summary -> shop.Box.size [receiver]"
        ]
    );
    assert_eq!(
        calls_named(fixture, "total"),
        vec!["shop.Cart.summary -> shop.Cart.total [scope]"]
    );
    assert_eq!(
        calls_named(fixture, "summary"),
        vec!["shop.ext.run -> shop.Cart.summary [receiver]"]
    );
    // An extension of a type from outside: imported by name, its calls
    // guessed by name (the receiver's type has no members plumb knows).
    assert_eq!(
        calls_named(fixture, "shout"),
        vec![
            "shop.use -> shop.ext.String.shout [name_only]",
            "- -> shop.ext.String.shout [import]"
        ]
    );
}
