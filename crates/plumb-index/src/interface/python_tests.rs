//! Interfaces of Python files: what edits keep a file's interface and what
//! edits change it.

use plumb_lang::Language;

use super::interface_hash;
use crate::extract::tests::facts;

fn python(source: &str) -> [u8; 32] {
    interface_hash(&facts(Language::Python, source))
}

const CART: &str = r#"from m import Base

class Cart(Base):
    def total(self) -> int:
        count = helper(self.items)
        return count
"#;

#[test]
fn comments_moves_and_body_edits_keep_the_interface() {
    let before = python(CART);
    assert_eq!(python(&format!("# a comment\n\n{CART}")), before);
    assert_eq!(
        python(&CART.replace(
            "count = helper(self.items)",
            "n = other(2)\n        count = n"
        )),
        before
    );
}

#[test]
fn definitions_signatures_imports_and_bases_change_the_interface() {
    let before = python(CART);
    for changed in [
        CART.replace("-> int", "-> str"),
        CART.replace("def total", "def grand_total"),
        CART.replace("import Base", "import Base as Root"),
        CART.replace("Cart(Base)", "Cart(object)"),
        format!("{CART}\ndef added():\n    pass\n"),
        CART.replace(
            "        return count\n",
            "        def inner():\n            pass\n        return count\n",
        ),
    ] {
        assert_ne!(python(&changed), before, "{changed}");
    }
}
