//! End-to-end tests of `plumb` on tests/fixtures/csharp.
//!
//! Fixture landmarks (file:line), all under src/Shop/:
//!   Model/IPriced.cs:4   interface IPriced, file-scoped namespace (Price :6)
//!   Model/Shape.cs:4     abstract class Shape : IPriced (Area :6, Price :8 calls Area)
//!   Model/Circle.cs:3    Circle : Shape (field radius :5, ctor :7, Area :12)
//!   Model/Square.cs:3    Square : Shape (Area :12, Price :14 calls base.Price);
//!                        struct Point :17, record Receipt :23, enum Finish :25
//!   Util/Totals.cs:6     static class Totals (Total :8 calls item.Price() through IPriced)
//!   App/Cart.cs:8        partial class Cart, part one (items :10, Featured :12, Add(item) :14,
//!                        Add(item, count) :19, Sum :27 calls Total through `using static`)
//!   App/Cart.Areas.cs:5  partial class Cart, part two, file-scoped namespace
//!                        (FeaturedArea :7, SquareArea :12 calls Sum, static Empty :18)
//!   App/Program.cs:8     Program.Main (alias `ShapeAlias`, `Model.Square` and
//!                        `Util.Totals` through the enclosing namespace `Shop`, not through
//!                        `using System;` to the namespace `System.Util` of Compat/IsExternalInit.cs)

mod common;

use common::*;

const FX: &str = "csharp";
const MODEL: &str = "src/Shop/Model";
const APP: &str = "src/Shop/App";

#[test]
fn same_named_methods_on_two_classes_keep_their_own_callers() {
    let repo = Repo::indexed(FX);
    let circle = repo.ok(&["callers", &format!("{MODEL}/Circle.cs:12")]);
    assert_eq!(
        located(&circle, "caller"),
        set([format!("Shop.App.Cart.FeaturedArea@{APP}/Cart.Areas.cs:7")])
    );
    assert_resolution(
        "a property read bare inside its class types its receiver",
        &caller_edges(&circle),
        "Shop.App.Cart.FeaturedArea",
        &["receiver"],
    );
    let square = repo.ok(&["callers", &format!("{MODEL}/Square.cs:12")]);
    assert_eq!(
        located(&square, "caller"),
        set([format!("Shop.App.Cart.SquareArea@{APP}/Cart.Areas.cs:12")])
    );
}

#[test]
fn a_bare_call_base_calls_and_calls_through_the_base_type_reach_the_base_methods() {
    let repo = Repo::indexed(FX);
    let area = repo.ok(&["callers", &format!("{MODEL}/Shape.cs:6")]);
    assert_eq!(
        located(&area, "caller"),
        set([
            format!("Shop.App.Program.Main@{APP}/Program.cs:8"),
            format!("Shop.Model.Shape.Price@{MODEL}/Shape.cs:8"),
        ])
    );
    assert_resolution(
        "bare Area() inside Shape",
        &caller_edges(&area),
        "Shop.Model.Shape.Price",
        &["scope"],
    );
    let price = repo.ok(&["callers", &format!("{MODEL}/Shape.cs:8")]);
    assert_eq!(
        located(&price, "caller"),
        set([format!("Shop.Model.Square.Price@{MODEL}/Square.cs:14")])
    );
    assert_resolution(
        "base.Price() inside Square",
        &caller_edges(&price),
        "Shop.Model.Square.Price",
        &["inheritance"],
    );
}

#[test]
fn overloads_are_told_apart_by_argument_count() {
    let repo = Repo::indexed(FX);
    let one = repo.ok(&["callers", &format!("{APP}/Cart.cs:14")]);
    assert_eq!(
        located(&one, "caller"),
        set([
            format!("Shop.App.Program.Main@{APP}/Program.cs:8"),
            format!("Shop.App.Cart.Add@{APP}/Cart.cs:19"),
        ])
    );
    let two = repo.ok(&["callers", &format!("{APP}/Cart.cs:19")]);
    assert_eq!(
        located(&two, "caller"),
        set([format!("Shop.App.Program.Main@{APP}/Program.cs:8")])
    );
    let sites = two["results"][0]["sites"].as_array().unwrap();
    assert_eq!(sites.len(), 1, "only `cart.Add(…, 2)` passes two: {two:#}");
}

#[test]
fn the_parts_of_a_partial_class_share_their_members() {
    let repo = Repo::indexed(FX);
    let sum = repo.ok(&["callers", &format!("{APP}/Cart.cs:27")]);
    assert_eq!(
        located(&sum, "caller"),
        set([format!("Shop.App.Cart.SquareArea@{APP}/Cart.Areas.cs:12")]),
        "a bare call in one part reaches a method of the other: {sum:#}"
    );
    assert_resolution(
        "Sum() from Cart.Areas.cs",
        &caller_edges(&sum),
        "Shop.App.Cart.SquareArea",
        &["scope"],
    );
    let callees = repo.ok(&["callees", "Shop.App.Program.Main"]);
    assert_eq!(
        located(&callees, "callee"),
        set([
            format!("Shop.App.Cart@{APP}/Cart.cs:8"),
            format!("Shop.App.Cart@{APP}/Cart.Areas.cs:5"),
            format!("Shop.App.Cart.Empty@{APP}/Cart.Areas.cs:18"),
            format!("Shop.App.Cart.Add@{APP}/Cart.cs:14"),
            format!("Shop.App.Cart.Add@{APP}/Cart.cs:19"),
            format!("Shop.App.Cart.SquareArea@{APP}/Cart.Areas.cs:12"),
            format!("Shop.Model.Square@{MODEL}/Square.cs:3"),
            format!("Shop.Model.Circle@{MODEL}/Circle.cs:3"),
            format!("Shop.Model.Shape.Area@{MODEL}/Shape.cs:6"),
            "Shop.Util.Totals.Total@src/Shop/Util/Totals.cs:8".to_owned(),
        ]),
        "`Cart.Empty()` in one part types `cart` for the methods of both: {callees:#}"
    );
}

#[test]
fn usings_aliases_static_usings_and_enclosing_namespaces_resolve() {
    let repo = Repo::indexed(FX);
    let total = repo.ok(&["callers", "Shop.Util.Totals.Total"]);
    assert_eq!(
        located(&total, "caller"),
        set([
            format!("Shop.App.Cart.Sum@{APP}/Cart.cs:27"),
            format!("Shop.App.Program.Main@{APP}/Program.cs:8"),
        ])
    );
    for edge in caller_edges(&total) {
        assert_eq!(edge.resolution, "import", "{}", edge.raw);
    }
    let shape = repo.ok(&["refs", "Shop.Model.Shape"]);
    let edges = ref_edges(&shape);
    assert_ref_kind(
        "using ShapeAlias = Shop.Model.Shape;",
        &edges,
        &format!("{APP}/Program.cs:2"),
        "import",
    );
    assert_ref_kind(
        "ShapeAlias shape",
        &edges,
        &format!("{APP}/Program.cs:14"),
        "type",
    );
    let callees = repo.ok(&["callees", "Shop.Util.Totals.Total"]);
    assert_eq!(
        located(&callees, "callee"),
        set([format!("Shop.Model.IPriced.Price@{MODEL}/IPriced.cs:6")]),
        "the foreach variable is typed by its declaration: {callees:#}"
    );
}

#[test]
fn impls_follow_base_lists() {
    let repo = Repo::indexed(FX);
    let shape = repo.ok(&["impls", "Shape"]);
    assert_eq!(
        impls_map(&shape)
            .into_keys()
            .collect::<std::collections::BTreeSet<_>>(),
        set(["Shop.Model.Circle", "Shop.Model.Square"])
    );
    let priced = repo.ok(&["impls", "IPriced"]);
    assert_eq!(
        impls_map(&priced),
        std::collections::BTreeMap::from([("Shop.Model.Shape".to_owned(), true)]),
        "{priced:#}"
    );
    let refs = repo.ok(&["refs", "Shop.Model.IPriced"]);
    assert_ref_kind(
        "an I-prefixed base is an interface",
        &ref_edges(&refs),
        &format!("{MODEL}/Shape.cs:4"),
        "implement",
    );
}

#[test]
fn outline_holds_structs_records_enums_properties_and_constructors() {
    let repo = Repo::indexed(FX);
    let square = repo.ok(&["outline", &format!("{MODEL}/Square.cs")]);
    assert_pairs_eq(
        "outline Square.cs",
        &outline_top(&square),
        &[
            ("Shop.Model.Square", "class"),
            ("Shop.Model.Point", "struct"),
            ("Shop.Model.Receipt", "class"),
            ("Shop.Model.Finish", "enum"),
        ],
    );
    assert_pairs_eq(
        "record components",
        &outline_children(&square, "Shop.Model.Receipt"),
        &[
            ("Shop.Model.Receipt.Owner", "field"),
            ("Shop.Model.Receipt.Amount", "field"),
        ],
    );
    assert_pairs_eq(
        "Square members",
        &outline_children(&square, "Shop.Model.Square"),
        &[
            ("Shop.Model.Square.side", "field"),
            ("Shop.Model.Square.Square", "method"),
            ("Shop.Model.Square.Area", "method"),
            ("Shop.Model.Square.Price", "method"),
        ],
    );
    let cart = repo.ok(&["outline", &format!("{APP}/Cart.cs")]);
    assert_pairs_eq(
        "Cart part one",
        &outline_children(&cart, "Shop.App.Cart"),
        &[
            ("Shop.App.Cart.items", "field"),
            ("Shop.App.Cart.Featured", "field"),
            ("Shop.App.Cart.Add", "method"),
            ("Shop.App.Cart.Sum", "method"),
        ],
    );
}

#[test]
fn symbols_are_qualified_by_namespace_with_docs_and_counted() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "Shop.Model.IPriced"]);
    let priced = single_target(&json);
    assert_def(
        priced,
        "Shop.Model.IPriced",
        "interface",
        &format!("{MODEL}/IPriced.cs"),
        4,
    );
    assert_eq!(
        json["results"][0]["doc"], "<summary>Something with a price.</summary>",
        "the `///` comment before the interface: {json:#}"
    );
    let both = repo.ok(&["symbol", "Shop.App.Cart"]);
    assert_eq!(
        qualnames(&both["targets"]),
        set(["Shop.App.Cart"]),
        "{both:#}"
    );
    assert_eq!(both["targets"].as_array().unwrap().len(), 2, "{both:#}");
    let status = repo.ok(&["status"]);
    assert_eq!(
        status["results"]["languages"]["csharp"], 9,
        "{:#}",
        status["results"]
    );
}
