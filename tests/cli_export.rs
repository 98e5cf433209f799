//! `plumb export --format scip`: the graph read back with the `scip`
//! crate — a document per file, each definition's name a `Definition`
//! occurrence at its 0-based range, and references occurrences of the
//! same symbol. Uses the python fixture.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "test code: a failure here is a failed test"
)]

mod common;

use protobuf::Message;
use scip::types::{Index, SymbolRole};

use common::*;

#[test]
fn the_scip_export_holds_definitions_and_resolved_references() {
    let repo = Repo::indexed("python");
    let output = repo.path("out.scip");
    let run = repo.run(&[
        "--json",
        "export",
        "--format",
        "scip",
        "--output",
        output.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{run:?}");
    let json = run.json();
    let index = Index::parse_from_bytes(&std::fs::read(&output).unwrap()).unwrap();
    assert_eq!(json["documents"], index.documents.len());
    assert_eq!(index.metadata.tool_info.name, "plumb");

    let models = index
        .documents
        .iter()
        .find(|d| d.relative_path == "shop/models.py")
        .unwrap();
    assert_eq!(models.language, "python");
    // `class Cart:` is on line 6, the name at column 7 (1-based).
    let cart = models
        .occurrences
        .iter()
        .find(|o| o.symbol_roles & SymbolRole::Definition as i32 != 0 && o.range == [5, 6, 10])
        .unwrap_or_else(|| panic!("no definition of Cart at 6:7 in {:#?}", models.occurrences));
    assert!(cart.symbol.starts_with("plumb . . . "), "{}", cart.symbol);
    // Its extent, `class Cart:` to the end of `return Cart()` (line 24, column 22).
    assert_eq!(cart.enclosing_range, [5, 0, 23, 21]);
    assert!(cart.symbol.ends_with("Cart#"), "{}", cart.symbol);
    assert!(
        models
            .symbols
            .iter()
            .any(|s| s.symbol == cart.symbol && s.display_name == "Cart")
    );

    let refs = repo.ok(&["refs", "shop.models.Cart"]);
    let sites = refs["results"].as_array().unwrap();
    assert!(!sites.is_empty());
    for site in sites {
        let file = site["file"].as_str().unwrap();
        let line = site["line"].as_i64().unwrap() as i32 - 1;
        let col = site["col"].as_i64().unwrap() as i32 - 1;
        let document = index
            .documents
            .iter()
            .find(|d| d.relative_path == file)
            .unwrap();
        assert!(
            document.occurrences.iter().any(|o| o.symbol == cart.symbol
                && o.range[0] == line
                && o.range[1] == col
                && o.symbol_roles == 0),
            "{file}:{} is not an occurrence of {}",
            line + 1,
            cart.symbol
        );
    }
}
