//! Extraction tests on Swift code.

use plumb_lang::Language;
use plumb_store::model::OccurrenceKind;

use super::{defs, facts};

#[test]
fn swift_extensions_add_members_and_calls_count_arguments() {
    let f = facts(
        Language::Swift,
        "struct Cart {\n    private var n: Int = 0\n    func add(_ x: Int, count: Int) {}\n}\nextension Cart: Priced {\n    func price() -> Cart { add(1, count: 2); return self }\n}\nfunc broken( {\n",
    );
    assert_eq!(
        defs(&f)[..4],
        [
            "struct Cart 1-4 in -",
            "field n 2-2 in Cart",
            "method add 3-3 in Cart",
            "method price 6-6 in impl Cart",
        ]
    );
    assert!(f.syntax_errors > 0);
    assert!(!f.defs[1].exported && f.defs[2].exported);
    assert_eq!(f.defs[2].parameters, Some(2));
    assert_eq!(f.defs[3].return_type.as_deref(), Some("Cart"));
    let add = f.refs.iter().find(|r| r.name == "add").unwrap();
    assert_eq!((add.kind, add.arguments), (OccurrenceKind::Call, Some(2)));
    assert!(
        f.refs
            .iter()
            .any(|r| r.kind == OccurrenceKind::Inherit && r.name == "Priced"),
        "{:?}",
        f.refs
    );
}
