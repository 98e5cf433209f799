//! End-to-end tests of `plumb` on tests/fixtures/java.
//!
//! Fixture landmarks (file:line), all under src/com/shop/:
//!   model/Priced.java:4   interface Priced (price :5)
//!   model/Shape.java:4    abstract class Shape implements Priced (area :5, price :7 calls area)
//!   model/Circle.java:3   Circle extends Shape (ctor :7, area :11)
//!   model/Square.java:3   Square extends Shape (ctor :7, area :11)
//!   util/Totals.java:6    Totals (static total :9, calls item.price() through Priced)
//!   app/Cart.java:8       Cart (fields items :9, featured :10; add(item) :12, add(item, count) :16,
//!                         total :22 calls Totals.total, featuredArea :26, squareArea :31,
//!                         featuredPrice :36 calls price() through the bare field `featured`)
//!   app/App.java:9        App.main :10 (static import of Totals.total; `var`, overloads)

mod common;

use common::*;

const FX: &str = "java";
const MODEL: &str = "src/com/shop/model";

#[test]
fn same_named_methods_on_two_classes_keep_their_own_callers() {
    let repo = Repo::indexed(FX);
    let circle = repo.ok(&["callers", &format!("{MODEL}/Circle.java:11")]);
    assert_eq!(
        located(&circle, "caller"),
        set(["com.shop.app.Cart.featuredArea@src/com/shop/app/Cart.java:26"])
    );
    assert_resolution(
        "callers Circle.area",
        &caller_edges(&circle),
        "com.shop.app.Cart.featuredArea",
        &["receiver"],
    );
    let square = repo.ok(&["callers", &format!("{MODEL}/Square.java:11")]);
    assert_eq!(
        located(&square, "caller"),
        set(["com.shop.app.Cart.squareArea@src/com/shop/app/Cart.java:31"])
    );
}

#[test]
fn a_call_through_the_base_type_and_a_bare_call_in_the_class_reach_the_base_method() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", &format!("{MODEL}/Shape.java:5")]);
    assert_eq!(
        located(&json, "caller"),
        set([
            "com.shop.app.App.main@src/com/shop/app/App.java:10",
            "com.shop.model.Shape.price@src/com/shop/model/Shape.java:7",
        ])
    );
    assert_resolution(
        "bare area() inside Shape",
        &caller_edges(&json),
        "com.shop.model.Shape.price",
        &["scope"],
    );
}

#[test]
fn a_bare_field_receiver_takes_the_field_type_and_its_bases() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", &format!("{MODEL}/Shape.java:7")]);
    assert_eq!(
        located(&json, "caller"),
        set(["com.shop.app.Cart.featuredPrice@src/com/shop/app/Cart.java:36"])
    );
    assert_resolution(
        "featured.price() reaches Shape.price from Circle",
        &caller_edges(&json),
        "com.shop.app.Cart.featuredPrice",
        &["inheritance"],
    );
}

#[test]
fn overloads_are_told_apart_by_argument_count() {
    let repo = Repo::indexed(FX);
    let one = repo.ok(&["callers", "src/com/shop/app/Cart.java:12"]);
    assert_eq!(
        located(&one, "caller"),
        set([
            "com.shop.app.App.main@src/com/shop/app/App.java:10",
            "com.shop.app.Cart.add@src/com/shop/app/Cart.java:16",
        ])
    );
    let two = repo.ok(&["callers", "src/com/shop/app/Cart.java:16"]);
    assert_eq!(
        located(&two, "caller"),
        set(["com.shop.app.App.main@src/com/shop/app/App.java:10"])
    );
    let sites: Vec<&serde_json::Value> = two["results"][0]["sites"]
        .as_array()
        .unwrap()
        .iter()
        .collect();
    assert_eq!(sites.len(), 1, "only `cart.add(…, 2)` passes two: {two:#}");
}

#[test]
fn a_static_method_and_a_same_named_instance_method_stay_apart() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["refs", "src/com/shop/util/Totals.java:9"]);
    let sites: std::collections::BTreeSet<String> =
        ref_edges(&json).into_iter().map(|e| e.key).collect();
    assert_eq!(
        sites,
        set([
            "src/com/shop/app/App.java:3",
            "src/com/shop/app/App.java:16",
            "src/com/shop/app/Cart.java:23",
        ])
    );
    let cart_total = repo.ok(&["callers", "src/com/shop/app/Cart.java:22"]);
    assert_eq!(
        located(&cart_total, "caller"),
        set(["com.shop.app.App.main@src/com/shop/app/App.java:10"])
    );
}

#[test]
fn callees_resolve_imports_packages_and_constructors() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callees", "src/com/shop/app/App.java:10"]);
    assert_eq!(
        located(&json, "callee"),
        set([
            "com.shop.app.Cart@src/com/shop/app/Cart.java:8",
            "com.shop.model.Square@src/com/shop/model/Square.java:3",
            "com.shop.app.Cart.add@src/com/shop/app/Cart.java:12",
            "com.shop.app.Cart.add@src/com/shop/app/Cart.java:16",
            "com.shop.app.Cart.total@src/com/shop/app/Cart.java:22",
            "com.shop.util.Totals.total@src/com/shop/util/Totals.java:9",
            "com.shop.model.Shape.area@src/com/shop/model/Shape.java:5",
        ])
    );
    assert_eq!(
        json["completeness"], "lower_bound",
        "println and List.of are outside the repository: {json:#}"
    );
    let callees = repo.ok(&["callees", "src/com/shop/util/Totals.java:9"]);
    assert_eq!(
        located(&callees, "callee"),
        set(["com.shop.model.Priced.price@src/com/shop/model/Priced.java:5"])
    );
}

#[test]
fn impls_follow_extends_and_implements() {
    let repo = Repo::indexed(FX);
    let shape = repo.ok(&["impls", "Shape"]);
    assert_eq!(
        impls_map(&shape)
            .into_keys()
            .collect::<std::collections::BTreeSet<_>>(),
        set(["com.shop.model.Circle", "com.shop.model.Square"])
    );
    let priced = repo.ok(&["impls", "Priced"]);
    assert!(
        impls_map(&priced).get("com.shop.model.Shape") == Some(&true),
        "{priced:#}"
    );
}

#[test]
fn outline_nests_members_and_keeps_both_overloads() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["outline", "src/com/shop/app/Cart.java"]);
    assert_pairs_eq(
        "outline Cart.java",
        &outline_top(&json),
        &[("com.shop.app.Cart", "class")],
    );
    let members = outline_find(&json, "com.shop.app.Cart").unwrap()["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| format!("{} {}", m["kind"].as_str().unwrap(), m["line"]))
        .collect::<std::collections::BTreeSet<_>>();
    assert_eq!(
        members,
        set([
            "field 9",
            "field 10",
            "method 12",
            "method 16",
            "method 22",
            "method 26",
            "method 31",
            "method 36",
        ])
    );
}

#[test]
fn symbols_are_qualified_by_package() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "com.shop.model.Circle"]);
    assert_def(
        single_target(&json),
        "com.shop.model.Circle",
        "class",
        "src/com/shop/model/Circle.java",
        3,
    );
    let status = repo.ok(&["status"]);
    assert_eq!(
        status["results"]["languages"]["java"], 7,
        "{:#}",
        status["results"]
    );
}
