//! Extraction tests on Rust code.

use plumb_lang::Language;
use plumb_store::model::OccurrenceKind;

use super::{defs, facts};

#[test]
fn rust_pattern_names_take_the_field_they_match() {
    let f = facts(
        Language::Rust,
        "enum Value { Null, Number(Number), Pair(u8, Caps) }\nstruct Meters(pub f64);\nstruct It { re: u8 }\nfn f(v: Value, it: It, m: Meters) {\n    match v { Value::Number(n) => n.g(), Value::Pair(_, c) => c.g(), Some(s) => s.g(), _ => {} }\n    let It { ref mut re } = it;\n    let It { re: r } = it;\n    let Meters(x) = m;\n    if let Value::Pair(a, ..) = v {}\n}\n",
    );
    let bindings: Vec<_> = f
        .bindings
        .iter()
        .filter(|b| b.field.is_some() || b.name.starts_with("self."))
        .map(|b| format!("{} {} {:?} {:?}", b.name, b.type_text, b.field, b.scope))
        .collect();
    assert_eq!(
        bindings,
        vec![
            "self.0 Number None Def(2)",
            "self.0 u8 None Def(3)",
            "self.1 Caps None Def(3)",
            "self.0 f64 None Def(4)",
            "self.re u8 None Def(5)",
            "n Value::Number Some(\"0\") Def(7)",
            "c Value::Pair Some(\"1\") Def(7)",
            "re It Some(\"re\") Def(7)",
            "r It Some(\"re\") Def(7)",
            "x Meters Some(\"0\") Def(7)",
            "a Value::Pair Some(\"0\") Def(7)",
        ]
    );
}

#[test]
fn rust_impl_members_belong_to_the_impl() {
    let f = facts(
        Language::Rust,
        "/// A shape.\npub trait Shape: Named { fn area(&self) -> f64; }\n#[derive(Debug)]\npub struct Circle { r: f64 }\nimpl Shape for Circle {\n    fn area(&self) -> f64 { helper(self.r) }\n}\nfn helper(x: f64) -> f64 { let c = Circle::new(); x }\n",
    );
    assert_eq!(
        defs(&f),
        vec![
            "trait Shape 2-2 in -",
            "method area 2-2 in Shape",
            "struct Circle 3-4 in -",
            "field r 4-4 in Circle",
            "method area 6-6 in impl Circle",
            "function helper 8-8 in -",
        ]
    );
    assert_eq!(f.docs.get(0), Some("A shape."));
    assert!(f.defs[0].exported && f.defs[4].exported && !f.defs[5].exported);
    let refs: Vec<_> = f
        .refs
        .iter()
        .map(|r| format!("{} {} {:?}", r.kind, r.name, r.path))
        .collect();
    assert!(refs.contains(&"inherit Named None".to_owned()), "{refs:?}");
    assert!(
        refs.contains(&"implement Shape None".to_owned()),
        "{refs:?}"
    );
    assert!(
        refs.contains(&"call new Some(\"Circle\")".to_owned()),
        "{refs:?}"
    );
    let bindings: Vec<_> = f
        .bindings
        .iter()
        .map(|b| (b.name.as_str(), b.type_text.as_str()))
        .collect();
    assert_eq!(
        bindings,
        vec![("self.r", "f64"), ("x", "f64"), ("c", "Circle::new()")]
    );
}

#[test]
fn calls_inside_rust_macro_arguments_are_found() {
    let f = facts(
        Language::Rust,
        "fn d(&self) -> String { format!(\"{}\", self.area()) }\nfn main() { println!(\"{} {}\", print_area(&sq), round_area()); assert!(matches!(x, Foo(1))); let v = vec![Circle::new(1.0), a.b(2)]; }\n",
    );
    let calls: Vec<_> = f
        .refs
        .iter()
        .filter(|r| r.kind == OccurrenceKind::Call)
        .map(|r| format!("{} {:?} {:?}", r.name, r.receiver, r.path))
        .collect();
    assert_eq!(
        calls,
        vec![
            "format None None",
            "area Some(\"self\") None",
            "println None None",
            "print_area None None",
            "round_area None None",
            "assert None None",
            "matches None None",
            "Foo None None",
            "vec None None",
            "new None Some(\"Circle\")",
            "b Some(\"a\") None",
        ]
    );
}

#[test]
fn macro_rules_bodies_hold_no_references() {
    let f = facts(
        Language::Rust,
        "macro_rules! make { ($t:ty) => { impl From<$t> for Number { fn from(n: $t) -> Self { helper(n) } } }; }\nfn helper(x: u8) -> u8 { x }\nfn run() { helper(1); }\n",
    );
    let named: Vec<_> = f
        .refs
        .iter()
        .filter(|r| r.name == "helper" || r.name == "Number")
        .map(|r| r.line)
        .collect();
    assert_eq!(named, vec![3]);
}

#[test]
fn item_level_macro_invocations_define_the_function_they_name() {
    let f = facts(
        Language::Rust,
        "macro_rules! t { ($n:ident, $f:expr) => { fn $n() { $f(1) } }; }\nt!(first, |x: u8| {\n    h(x);\n});\nmod m { t!(second, |y| { h(y) }); }\nfn g() { t!(inner, |z| { h(z) }); }\nimpl_from!(u8, u16);\nlazy_static! { static ref X: u8 = { h(1) }; }\nnote!(plain, 1);\n",
    );
    assert_eq!(
        defs(&f),
        vec![
            "macro t 1-1 in -",
            "function first 2-4 in -",
            "module m 5-5 in -",
            "function second 5-5 in m",
            "function g 6-6 in -",
        ]
    );
}
