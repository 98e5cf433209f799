//! End-to-end tests of `plumb` on tests/fixtures/swift (one module: every
//! Swift file of the repository).
//!
//! Fixture landmarks (file:line), all under Sources/Shop/:
//!   Shape.swift:4    protocol Priced (price :5)
//!   Shape.swift:9    class Shape: Priced (area :10, price :14 calls bare area())
//!   Circle.swift:1   Circle: Shape (radius :2, init :4, override area :8)
//!   Circle.swift:13  Square: Shape (side :14, init :16, override area :20)
//!   Cart.swift:2     protocol Labeled (label :3); :6 extension Circle: Labeled (label :7
//!                    calls self.area())
//!   Cart.swift:12    struct Cart (items :13, featured :14; add(_:) :16, add(_:count:) :20
//!                    calls add(item); total :26; featuredArea :30 calls self.featured.area())
//!   Cart.swift:35    func sumPrices; :43 func total(of:), named like Cart.total
//!   main.swift:1     run: constructions, overloads by argument count, a typed local

mod common;

use common::*;

const FX: &str = "swift";
const SRC: &str = "Sources/Shop";

#[test]
fn same_named_overrides_keep_their_own_callers() {
    let repo = Repo::indexed(FX);
    let circle = repo.ok(&["callers", &format!("{SRC}/Circle.swift:8")]);
    assert_eq!(
        located(&circle, "caller"),
        set([
            "Cart.featuredArea@Sources/Shop/Cart.swift:30",
            "Circle.label@Sources/Shop/Cart.swift:7",
        ])
    );
    assert_resolution(
        "self.featured.area() through the property's type",
        &caller_edges(&circle),
        "Cart.featuredArea",
        &["receiver"],
    );
    assert_resolution(
        "self.area() inside an extension of Circle",
        &caller_edges(&circle),
        "Circle.label",
        &["scope"],
    );
    let square = repo.ok(&["callers", &format!("{SRC}/Circle.swift:20")]);
    assert_eq!(
        located(&square, "caller"),
        set(["run@Sources/Shop/main.swift:1"])
    );
}

#[test]
fn a_call_through_the_base_type_and_a_bare_call_in_the_class_reach_the_base_method() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", &format!("{SRC}/Shape.swift:10")]);
    assert_eq!(
        located(&json, "caller"),
        set([
            "run@Sources/Shop/main.swift:1",
            "Shape.price@Sources/Shop/Shape.swift:14",
        ])
    );
    assert_resolution(
        "bare area() inside Shape",
        &caller_edges(&json),
        "Shape.price",
        &["scope"],
    );
}

#[test]
fn overloads_are_told_apart_by_argument_count() {
    let repo = Repo::indexed(FX);
    let one = repo.ok(&["callers", &format!("{SRC}/Cart.swift:16")]);
    assert_eq!(
        located(&one, "caller"),
        set([
            "run@Sources/Shop/main.swift:1",
            "Cart.add@Sources/Shop/Cart.swift:20",
        ])
    );
    let two = repo.ok(&["callers", &format!("{SRC}/Cart.swift:20")]);
    assert_eq!(
        located(&two, "caller"),
        set(["run@Sources/Shop/main.swift:1"])
    );
    let sites = two["results"][0]["sites"].as_array().unwrap();
    assert_eq!(
        sites.len(),
        1,
        "only `cart.add(…, count: 2)` passes two: {two:#}"
    );
}

#[test]
fn a_free_function_and_a_same_named_method_stay_apart() {
    let repo = Repo::indexed(FX);
    let free = repo.ok(&["refs", &format!("{SRC}/Cart.swift:43")]);
    let sites: std::collections::BTreeSet<String> =
        ref_edges(&free).into_iter().map(|e| e.key).collect();
    assert_eq!(sites, set(["Sources/Shop/main.swift:8"]));
    let method = repo.ok(&["refs", &format!("{SRC}/Cart.swift:26")]);
    let sites: std::collections::BTreeSet<String> =
        ref_edges(&method).into_iter().map(|e| e.key).collect();
    assert_eq!(sites, set(["Sources/Shop/main.swift:7"]));
}

#[test]
fn callees_resolve_constructions_receivers_and_extension_members() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callees", &format!("{SRC}/main.swift:1")]);
    assert_eq!(
        located(&json, "callee"),
        set([
            "Cart@Sources/Shop/Cart.swift:12",
            "Circle@Sources/Shop/Circle.swift:1",
            "Square@Sources/Shop/Circle.swift:13",
            "Cart.add@Sources/Shop/Cart.swift:16",
            "Cart.add@Sources/Shop/Cart.swift:20",
            "Cart.total@Sources/Shop/Cart.swift:26",
            "total@Sources/Shop/Cart.swift:43",
            "Shape.area@Sources/Shop/Shape.swift:10",
            "Square.area@Sources/Shop/Circle.swift:20",
            "Circle.label@Sources/Shop/Cart.swift:7",
        ])
    );
    assert_eq!(
        json["completeness"], "lower_bound",
        "print is the standard library's: {json:#}"
    );
}

#[test]
fn impls_follow_inheritance_and_extension_conformances() {
    let repo = Repo::indexed(FX);
    let shape = repo.ok(&["impls", "Shape"]);
    assert_eq!(
        impls_map(&shape)
            .into_keys()
            .collect::<std::collections::BTreeSet<_>>(),
        set(["Circle", "Square"])
    );
    let priced = repo.ok(&["impls", "Priced"]);
    assert_eq!(
        impls_map(&priced).into_keys().collect::<Vec<_>>(),
        vec!["Shape"]
    );
    let labeled = repo.ok(&["impls", "Labeled"]);
    assert_eq!(
        impls_map(&labeled).into_keys().collect::<Vec<_>>(),
        vec!["Circle"],
        "`extension Circle: Labeled` makes Circle conform"
    );
}

#[test]
fn outline_nests_members_and_keeps_both_overloads() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["outline", &format!("{SRC}/Cart.swift")]);
    assert_pairs_eq(
        "outline Cart.swift",
        &outline_top(&json),
        &[
            ("Labeled", "interface"),
            // Circle is defined in another file: its extension holds the member.
            ("extension Circle: Labeled", "impl"),
            ("Cart", "struct"),
            ("sumPrices", "function"),
            ("total", "function"),
        ],
    );
    assert_pairs_eq(
        "children of extension Circle: Labeled",
        &outline_children(&json, "extension Circle: Labeled"),
        &[("Circle.label", "method")],
    );
    let members = outline_find(&json, "Cart").unwrap()["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| format!("{} {}", m["kind"].as_str().unwrap(), m["line"]))
        .collect::<std::collections::BTreeSet<_>>();
    assert_eq!(
        members,
        set([
            "field 13",
            "field 14",
            "method 16",
            "method 20",
            "method 26",
            "method 30"
        ])
    );
    let circle = repo.ok(&["outline", &format!("{SRC}/Circle.swift")]);
    assert_pairs_eq(
        "Circle's members",
        &outline_children(&circle, "Circle"),
        &[
            ("Circle.radius", "field"),
            ("Circle.init", "method"),
            ("Circle.area", "method"),
        ],
    );
}

#[test]
fn symbols_carry_docs_and_every_file_is_one_module() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "Priced"]);
    assert_def(
        single_target(&json),
        "Priced",
        "interface",
        "Sources/Shop/Shape.swift",
        4,
    );
    assert_eq!(
        json["results"][0]["doc"], "Anything with a price.",
        "{json:#}"
    );
    let status = repo.ok(&["status"]);
    assert_eq!(
        status["results"]["languages"]["swift"], 4,
        "{:#}",
        status["results"]
    );
}
