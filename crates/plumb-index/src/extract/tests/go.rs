//! Extraction tests on Go code.

use plumb_lang::Language;
use plumb_store::model::OccurrenceKind;

use super::{defs, facts};

#[test]
fn go_methods_belong_to_their_receiver_type() {
    let f = facts(
        Language::Go,
        "package model\n\n// Circle is round.\ntype Circle struct {\n\tBase\n\tradius float64\n}\n\nfunc (c *Circle) Area() float64 { return c.radius }\n\nfunc Parse(s string) (*Circle, error) { return nil, nil }\n\nfunc use() {\n\tx, err := Parse(\"1\")\n\tvar y Circle\n\tz := &Circle{}\n\tvar w = &Circle{}\n}\n",
    );
    assert_eq!(
        defs(&f),
        vec![
            "struct Circle 4-7 in -",
            "field radius 6-6 in Circle",
            "method Area 9-9 in impl Circle",
            "function Parse 11-11 in -",
            "function use 13-18 in -",
        ]
    );
    assert_eq!(f.docs.get(0), Some("Circle is round."));
    assert!(f.defs[0].exported && !f.defs[1].exported && !f.defs[4].exported);
    assert_eq!(f.defs[3].return_type.as_deref(), Some("*Circle"));
    let bindings: Vec<_> = f
        .bindings
        .iter()
        .map(|b| (b.name.as_str(), b.type_text.as_str(), b.from_value))
        .collect();
    assert_eq!(
        bindings,
        vec![
            ("self.radius", "float64", false),
            ("c", "Circle", false),
            ("s", "string", false),
            ("x[]", "Parse(\"1\")", true),
            ("x", "Parse(\"1\")", true),
            ("y", "Circle", false),
            ("z", "Circle", false),
            ("w", "Circle", false),
        ]
    );
    assert!(
        f.refs
            .iter()
            .any(|r| r.kind == OccurrenceKind::Inherit && r.name == "Base"),
        "{:?}",
        f.refs
    );
}

#[test]
fn go_with_syntax_errors_still_extracts() {
    let f = facts(
        Language::Go,
        "package x\n\nfunc good() {}\n\nfunc (c *T) bad( {\n\ntype T struct { a int\n",
    );
    assert!(f.syntax_errors > 0);
    assert!(f.defs.iter().any(|d| &*d.name == "good"));
}
