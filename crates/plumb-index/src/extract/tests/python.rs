//! Extraction tests on Python code.

use crate::facts::Container;
use plumb_lang::Language;

use super::{defs, facts};

#[test]
fn subscripted_bases_are_bases() {
    let f = facts(
        Language::Python,
        "class B(Base[int], typing.Generic[T], Mixin[App], App):\n    pass\n",
    );
    let inherits: Vec<_> = f
        .refs
        .iter()
        .filter(|r| r.kind.to_string() == "inherit")
        .map(|r| format!("{} {:?}", r.name, r.receiver))
        .collect();
    assert_eq!(
        inherits,
        vec![
            "Base None",
            "Generic Some(\"typing\")",
            "Mixin None",
            "App None"
        ]
    );
}

#[test]
fn python_definitions_nest_and_keep_decorators() {
    let f = facts(
        Language::Python,
        "import os\n\nclass Cart(Base):\n    \"\"\"A cart.\"\"\"\n    size = 3\n\n    @property\n    def total(self) -> int:\n        return self.helper()\n\ndef total():\n    c = Cart()\n    return c.total\n",
    );
    assert_eq!(
        defs(&f),
        vec![
            "class Cart 3-9 in -",
            "field size 5-5 in Cart",
            "method total 7-9 in Cart",
            "function total 11-13 in -",
        ]
    );
    assert_eq!(f.docs.get(0), Some("A cart."));
    assert_eq!(f.defs[0].signature.as_deref(), Some("class Cart(Base)"));
    assert_eq!(
        f.defs[2].signature.as_deref(),
        Some("def total(self) -> int")
    );
    let refs: Vec<_> = f
        .refs
        .iter()
        .map(|r| format!("{} {} {:?} {:?}", r.kind, r.name, r.receiver, r.container))
        .collect();
    assert_eq!(
        refs,
        vec![
            "inherit Base None Def(0)",
            "call property None Def(2)",
            "type int None Def(2)",
            "read self None Def(2)",
            "call helper Some(\"self\") Def(2)",
            "call Cart None Def(3)",
            "read c None Def(3)",
            "read total Some(\"c\") Def(3)",
        ]
    );
    let bindings: Vec<_> = f
        .bindings
        .iter()
        .map(|b| (b.name.as_str(), b.type_text.as_str(), b.from_value, b.scope))
        .collect();
    assert_eq!(
        bindings,
        vec![
            ("size", "3", true, Container::Def(0)),
            ("self.total", "int", false, Container::Def(0)),
            ("c[]", "Cart()", true, Container::Def(3)),
            ("c", "Cart()", true, Container::Def(3))
        ]
    );
}

#[test]
fn syntax_errors_are_counted_and_good_code_still_extracted() {
    let f = facts(
        Language::Python,
        "def good():\n    pass\n\ndef bad(:\n    pass\n",
    );
    assert!(f.syntax_errors > 0);
    assert!(f.defs.iter().any(|d| &*d.name == "good"));
}

#[test]
fn attributes_set_from_parameters_take_their_types() {
    let f = facts(
        Language::Python,
        "class Service:\n    def __init__(self, store: Store, other=Store(), plain=None):\n        self.store = store\n        self.other = other\n        self.plain = plain\n        self.made = make()\n",
    );
    let bindings: Vec<_> = f
        .bindings
        .iter()
        .map(|b| format!("{} {} {} {:?}", b.name, b.type_text, b.from_value, b.scope))
        .collect();
    assert_eq!(
        bindings,
        vec![
            "store Store false Def(1)",
            "other[] Store() true Def(1)",
            "other Store() true Def(1)",
            "plain None true Def(1)",
            "self.store Store false Def(0)",
            "self.other Store() true Def(0)",
            "self.plain None true Def(0)",
            "self.made make() true Def(0)",
        ]
    );
}

#[test]
fn property_accessors_join_the_property_before_them() {
    let f = facts(
        Language::Python,
        "class Parcel:\n    @property\n    def weight(self) -> int:\n        return 1\n\n    @weight.setter\n    def weight(self, grams: int) -> None:\n        pass\n\n    @weight.deleter\n    def weight(self) -> None:\n        pass\n\nclass Box:\n    @functools.cached_property\n    def size(self) -> Tag:\n        return Tag()\n\n    def between(self):\n        pass\n\n    @size.setter\n    def size(self, value):\n        pass\n",
    );
    // `Box.size`'s setter is not joined: `between` separates it from the
    // property, and a span holding `between` would make it a member of
    // `size`.
    assert_eq!(
        defs(&f),
        vec![
            "class Parcel 1-12 in -",
            "method weight 2-12 in Parcel",
            "class Box 14-24 in -",
            "method size 15-17 in Box",
            "method between 19-20 in Box",
            "method size 22-24 in Box",
        ]
    );
    // A property's return annotation types the attribute.
    let attributes: Vec<_> = f
        .bindings
        .iter()
        .filter(|b| b.name.starts_with("self."))
        .map(|b| format!("{} {} {:?}", b.name, b.type_text, b.scope))
        .collect();
    assert_eq!(
        attributes,
        vec!["self.weight int Def(0)", "self.size Tag Def(2)"]
    );
    // Decorators are read in the class body, around what they decorate
    // (`@weight.setter` around the property it is part of), where a joined
    // accessor's name writes the property again.
    let in_class_body: Vec<_> = f
        .refs
        .iter()
        .filter(|r| r.outer_scope)
        .map(|r| format!("{} {} {} {:?}", r.line, r.kind, r.name, r.container))
        .collect();
    assert_eq!(
        in_class_body,
        vec![
            "2 call property Def(1)",
            "6 read weight Def(1)",
            "7 write weight Def(1)",
            "10 read weight Def(1)",
            "11 write weight Def(1)",
            "15 read functools Def(3)",
            "22 read size Def(5)",
        ]
    );
}
