//! Extraction tests on TypeScript code.

use crate::facts::Container;
use plumb_lang::Language;

use super::{defs, facts};

#[test]
fn typescript_members_exports_and_fields() {
    let f = facts(
        Language::TypeScript,
        "/** Round thing. */\nexport class Circle extends Shape implements Named {\n  private cache: Cache = new Cache();\n  area(): number { return this.cache.get(); }\n}\nexport const make = () => new Circle();\nconst hidden = 1;\n",
    );
    assert_eq!(
        defs(&f),
        vec![
            "class Circle 2-5 in -",
            "field cache 3-3 in Circle",
            "method area 4-4 in Circle",
            "function make 6-6 in -",
            "constant hidden 7-7 in -",
        ]
    );
    assert_eq!(f.docs.get(0), Some("Round thing."));
    assert!(f.defs[0].exported && !f.defs[1].exported && f.defs[3].exported && !f.defs[4].exported);
    let bindings: Vec<_> = f
        .bindings
        .iter()
        .map(|b| (b.name.as_str(), b.type_text.as_str(), b.scope))
        .collect();
    assert!(
        bindings.contains(&("this.cache", "Cache", Container::Def(0))),
        "{bindings:?}"
    );
}
