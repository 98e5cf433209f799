//! The facts cache on Python files: what is encoded, and what is set apart.

use plumb_lang::Language;

use super::*;
use crate::extract::tests::facts;
use crate::facts::TextsByDef;

fn python_facts(source: &str) -> FileFacts {
    facts(Language::Python, source)
}

#[test]
fn facts_and_what_is_set_apart_survive_encoding() {
    let facts = python_facts(
        r#"from m import x as y
class Cart(Base):
    def total(self) -> int:
        self.n = 0
        c: Cart = make()
        return helper(self.items, c)
"#,
    );
    let mut split = facts.clone();
    let apart = crate::facts::decode_apart(&split.set_apart());
    let mut decoded: FileFacts = postcard::from_bytes(&encode(&split)).unwrap();
    assert_eq!(
        decoded.refs.len(),
        1,
        "the inheritance site stays: {decoded:?}"
    );
    assert_eq!(format!("{:?}", apart.refs), format!("{:?}", facts.refs));
    // The function's binding and locals go apart; the type's stays.
    let (in_function, kept): (Vec<_>, Vec<_>) = facts
        .bindings
        .iter()
        .partition(|b| facts.is_function(b.scope));
    assert!(!in_function.is_empty() && !kept.is_empty(), "{facts:?}");
    assert_eq!(format!("{:?}", apart.bindings), format!("{in_function:?}"));
    assert_eq!(format!("{:?}", decoded.bindings), format!("{kept:?}"));
    assert!(!facts.locals.is_empty() && decoded.locals.is_empty());
    assert_eq!(format!("{:?}", apart.locals), format!("{:?}", facts.locals));
    decoded.refs = apart.refs;
    decoded.bindings = facts.bindings.clone();
    decoded.locals = apart.locals;
    decoded.docs = apart.docs;
    for (d, def) in decoded.defs.iter_mut().enumerate() {
        if let Some(signature) = apart.signatures.get(d) {
            def.signature = Some(signature.into());
        }
    }
    assert_eq!(format!("{decoded:?}"), format!("{facts:?}"));
}

#[test]
fn docs_and_the_signatures_resolution_never_reads_are_set_apart() {
    let facts = python_facts(
        r#"class Cart:
    """A cart."""
    def total(self) -> int:
        """The sum."""
        return 0
"#,
    );
    assert_eq!(
        (facts.docs.get(0), facts.docs.get(1)),
        (Some("A cart."), Some("The sum."))
    );
    let mut split = facts.clone();
    let apart = crate::facts::decode_apart(&split.set_apart());
    assert_eq!(apart.docs, facts.docs);
    assert_eq!(split.docs, TextsByDef::default());
    // The class's signature only goes to the store; the method's return
    // annotation types calls of it.
    assert_eq!(apart.signatures.get(0), Some("class Cart"));
    assert_eq!(split.defs[0].signature, None);
    assert_eq!(apart.signatures.get(1), None);
    assert_eq!(
        split.defs[1].signature.as_deref(),
        Some("def total(self) -> int")
    );
}

#[test]
fn function_scopes_stay_when_something_is_defined_in_a_function() {
    let facts = python_facts(
        r#"def make():
    c: Cart = Cart()
    class Local:
        pass
    return c
"#,
    );
    assert!(facts.function_scopes_visible());
    let mut split = facts.clone();
    let apart = crate::facts::decode_apart(&split.set_apart());
    assert!(apart.bindings.is_empty() && apart.locals.is_empty());
    assert_eq!(
        format!("{:?}", split.bindings),
        format!("{:?}", facts.bindings)
    );
    assert_eq!(format!("{:?}", split.locals), format!("{:?}", facts.locals));
}
