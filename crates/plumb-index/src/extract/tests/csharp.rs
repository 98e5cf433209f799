//! Extraction tests on C# code.

use plumb_lang::Language;

use super::{defs, facts, parameters};

#[test]
fn csharp_namespaces_hold_types_and_properties_are_fields() {
    let f = facts(
        Language::CSharp,
        "using Shop.Model;\nnamespace Shop.App\n{\n    /// <summary>A cart.</summary>\n    public partial class Cart : Base, IPriced\n    {\n        private Circle featured = new Circle();\n        public Shape Main { get; set; }\n        public Cart(int x) { }\n        public Cart Add(Shape item) { return this; }\n    }\n    public record Receipt(string Owner);\n}\n",
    );
    assert_eq!(
        defs(&f),
        vec![
            "class Cart 5-11 in -",
            "field featured 7-7 in Cart",
            "field Main 8-8 in Cart",
            "method Cart 9-9 in Cart",
            "method Add 10-10 in Cart",
            "class Receipt 12-12 in -",
            "field Owner 12-12 in Receipt",
        ]
    );
    assert_eq!(f.docs.get(0), Some("<summary>A cart.</summary>"));
    assert_eq!(f.defs[4].return_type.as_deref(), Some("Cart"));
    assert!(f.defs[0].exported && !f.defs[1].exported && f.defs[2].exported);
    let refs: Vec<_> = f
        .refs
        .iter()
        .map(|r| format!("{} {} {:?}", r.kind, r.name, r.path))
        .collect();
    assert!(refs.contains(&"inherit Base None".to_owned()), "{refs:?}");
    assert!(
        refs.contains(&"implement IPriced None".to_owned()),
        "{refs:?}"
    );
    assert!(
        !refs
            .iter()
            .any(|r| r.contains("Model") || r.contains("App")),
        "names in usings and namespaces are no references: {refs:?}"
    );
    assert_eq!(f.package.as_deref(), Some("Shop.App"));
    assert_eq!(f.imports.len(), 1);
}

#[test]
fn csharp_defaults_and_variadics_leave_the_arity_open() {
    assert_eq!(
        parameters(
            Language::CSharp,
            "class A {\n  void A1(int x, string y) {}\n  void B(int x, int y = 1) {}\n  void C(params int[] x) {}\n}\n"
        ),
        vec![None, Some(2), None, None]
    );
}
