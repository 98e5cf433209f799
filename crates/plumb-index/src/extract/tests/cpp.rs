//! Extraction tests on C++ code.

use plumb_lang::Language;

use super::{defs, facts};

#[test]
fn cpp_out_of_line_members_and_scoped_calls() {
    let f = facts(
        Language::Cpp,
        "namespace geo {\nclass Circle : public Shape { double area() const; };\ndouble Circle::area() const { return a::b::f(this->r); }\n}\ngeo::Circle::Circle() {}\n",
    );
    assert_eq!(
        defs(&f),
        vec![
            "module geo 1-4 in -",
            "class Circle 2-2 in geo",
            "method area 2-2 in Circle",
            "method area 3-3 in impl Circle",
            "method Circle 5-5 in impl geo::Circle",
        ]
    );
    let refs: Vec<_> = f
        .refs
        .iter()
        .map(|r| format!("{} {} {:?} {:?}", r.kind, r.name, r.receiver, r.path))
        .collect();
    assert_eq!(
        refs,
        vec![
            "inherit Shape None None",
            "type Circle None None",
            "type a None None",
            "type b None Some(\"a\")",
            "call f None Some(\"a::b\")",
            "read r Some(\"this\") None",
            "type geo None None",
            "type Circle None Some(\"geo\")",
        ]
    );
}
