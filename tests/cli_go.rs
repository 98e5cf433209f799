//! End-to-end tests of `plumb` on tests/fixtures/go (module `example.com/shop`).
//!
//! Fixture landmarks (file:line):
//!   model/shape.go:4    interface Shape (Area :5); :9 PricedShape embeds Shape (Price :11);
//!                       :15 Named (Label :16); :20 free function Area calls s.Area()
//!   model/circle.go:4   struct Circle (Radius :5); :9 NewCircle; :13 (c *Circle) Area calls
//!                       c.scale() :17; :22 ParseCircle returns (*Circle, error)
//!   model/price.go:4    (c *Circle) Price, in another file, calls c.Area()
//!   model/square.go:4   struct Base (Label :8); :13 Square embeds Base; :18 (s Square) Area
//!   util/totals.go:6    Total(shapes ...model.Shape) calls model.Area
//!   app/cart.go:9       Cart (items :10, featured :11); Add :14, Total :18 calls util.Total,
//!                       FeaturedArea :22 calls c.featured.Area()
//!   app/main.go:9       main: imports model as `m`; locals typed by `var`, `:=` and results

mod common;

use common::*;

const FX: &str = "go";

#[test]
fn same_named_methods_on_two_types_keep_their_own_callers() {
    let repo = Repo::indexed(FX);
    let circle = repo.ok(&["callers", "model/circle.go:13"]);
    assert_eq!(
        located(&circle, "caller"),
        set([
            "example.com/shop/app.Cart.FeaturedArea@app/cart.go:22",
            "example.com/shop/model.Circle.Price@model/price.go:4",
        ])
    );
    assert_resolution(
        "callers Circle.Area through a field's type",
        &caller_edges(&circle),
        "example.com/shop/app.Cart.FeaturedArea",
        &["receiver"],
    );
    let square = repo.ok(&["callers", "model/square.go:18"]);
    assert_eq!(
        located(&square, "caller"),
        set(["example.com/shop/app.main@app/main.go:9"])
    );
}

#[test]
fn a_call_through_the_interface_reaches_the_interface_method() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", "model/shape.go:5"]);
    assert_eq!(
        located(&json, "caller"),
        set([
            "example.com/shop/app.main@app/main.go:9",
            "example.com/shop/model.Area@model/shape.go:20",
        ])
    );
    assert_resolution(
        "s.Area() on a parameter typed Shape",
        &caller_edges(&json),
        "example.com/shop/model.Area",
        &["receiver"],
    );
}

#[test]
fn a_free_function_and_same_named_methods_stay_apart() {
    let repo = Repo::indexed(FX);
    let free = repo.ok(&["refs", "model/shape.go:20"]);
    let sites: std::collections::BTreeSet<String> =
        ref_edges(&free).into_iter().map(|e| e.key).collect();
    assert_eq!(sites, set(["util/totals.go:9"]));
    let util_total = repo.ok(&["callers", "util/totals.go:6"]);
    assert_eq!(
        located(&util_total, "caller"),
        set(["example.com/shop/app.Cart.Total@app/cart.go:18"])
    );
    let cart_total = repo.ok(&["callers", "app/cart.go:18"]);
    assert_eq!(
        located(&cart_total, "caller"),
        set(["example.com/shop/app.main@app/main.go:9"])
    );
}

#[test]
fn callees_resolve_aliased_imports_receivers_results_and_promoted_methods() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callees", "app/main.go:9"]);
    assert_eq!(
        located(&json, "callee"),
        set([
            "example.com/shop/app.Cart@app/cart.go:9",
            "example.com/shop/app.Cart.Add@app/cart.go:14",
            "example.com/shop/app.Cart.Total@app/cart.go:18",
            "example.com/shop/app.Cart.FeaturedArea@app/cart.go:22",
            "example.com/shop/model.NewCircle@model/circle.go:9",
            "example.com/shop/model.ParseCircle@model/circle.go:22",
            "example.com/shop/model.Base.Label@model/square.go:8",
            "example.com/shop/model.Square.Area@model/square.go:18",
            "example.com/shop/model.Circle.Price@model/price.go:4",
            "example.com/shop/model.Shape.Area@model/shape.go:5",
        ])
    );
    assert_resolution(
        "sq.Label() is promoted from the embedded Base",
        &callee_edges(&json),
        "example.com/shop/model.Base.Label",
        &["inheritance"],
    );
    assert_resolution(
        "m.NewCircle through the aliased import",
        &callee_edges(&json),
        "example.com/shop/model.NewCircle",
        &["import"],
    );
    assert_eq!(
        json["completeness"], "lower_bound",
        "fmt.Println is outside the repository: {json:#}"
    );
    let circle = repo.ok(&["callees", "model/circle.go:13"]);
    assert_eq!(
        located(&circle, "callee"),
        set(["example.com/shop/model.Circle.scale@model/circle.go:17"])
    );
}

#[test]
fn impls_follow_embedding_and_implicit_method_sets() {
    let repo = Repo::indexed(FX);
    let shape = repo.ok(&["impls", "Shape"]);
    assert_eq!(
        impls_map(&shape),
        [
            ("example.com/shop/model.Circle", true),
            ("example.com/shop/model.PricedShape", true),
            ("example.com/shop/model.Square", true),
        ]
        .into_iter()
        .map(|(q, d)| (q.to_owned(), d))
        .collect()
    );
    let priced = repo.ok(&["impls", "PricedShape"]);
    assert_eq!(
        impls_map(&priced).into_keys().collect::<Vec<_>>(),
        vec!["example.com/shop/model.Circle"],
        "Price in price.go and Area in circle.go make up PricedShape's method set"
    );
    let named = repo.ok(&["impls", "Named"]);
    assert_eq!(
        impls_map(&named).into_keys().collect::<Vec<_>>(),
        vec![
            "example.com/shop/model.Base",
            "example.com/shop/model.Square"
        ],
        "Square holds Label through the embedded Base"
    );
}

#[test]
fn outline_nests_fields_and_methods_under_their_type() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["outline", "model/circle.go"]);
    assert_pairs_eq(
        "outline circle.go",
        &outline_top(&json),
        &[
            ("example.com/shop/model.Circle", "struct"),
            ("example.com/shop/model.NewCircle", "function"),
            ("example.com/shop/model.ParseCircle", "function"),
        ],
    );
    assert_pairs_eq(
        "Circle's members",
        &outline_children(&json, "example.com/shop/model.Circle"),
        &[
            ("example.com/shop/model.Circle.Radius", "field"),
            ("example.com/shop/model.Circle.Area", "method"),
            ("example.com/shop/model.Circle.scale", "method"),
        ],
    );
    let shape = repo.ok(&["outline", "model/shape.go"]);
    assert_pairs_eq(
        "Shape's members",
        &outline_children(&shape, "example.com/shop/model.Shape"),
        &[("example.com/shop/model.Shape.Area", "method")],
    );
}

#[test]
fn symbols_are_qualified_by_import_path() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "model.Circle.Price"]);
    assert_def(
        single_target(&json),
        "example.com/shop/model.Circle.Price",
        "method",
        "model/price.go",
        4,
    );
    let shape = repo.ok(&["symbol", "example.com/shop/model.Shape"]);
    assert_def(
        single_target(&shape),
        "example.com/shop/model.Shape",
        "interface",
        "model/shape.go",
        4,
    );
    let status = repo.ok(&["status"]);
    assert_eq!(
        status["results"]["languages"]["go"], 7,
        "{:#}",
        status["results"]
    );
}
