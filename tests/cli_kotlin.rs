//! End-to-end tests of `plumb` on tests/fixtures/kotlin.
//!
//! Fixture landmarks (file:line), Kotlin under src/main/kotlin/com/shop/:
//!   model/Priced.kt:4   interface Priced (price :5)
//!   model/Shape.kt:4    abstract class Shape(val label) : Priced (area :5, price :7 calls area)
//!   model/Circle.kt:3   Circle : Shape("circle") (area :4)
//!   model/Square.kt:3   data class Square : Shape("square") (area :4, price :6 calls super.price);
//!                       enum class Finish :9
//!   util/Totals.kt:6    top-level fun total; object Labels (describe(item) :15,
//!                       describe(item, times) :17)
//!   app/Cart.kt:6       Cart(val owner) (items :7, featured :8, add(item) :10,
//!                       add(item, count) :14, total :18 calls total imported `as sumPrices`,
//!                       featuredArea :20, squareArea :22, companion's empty :28)
//!   app/Summary.kt:4    extension fun Cart.summary() calls total()
//!   app/App.kt:8        top-level fun main (Cart.empty(), overloads, Cart("spare"), the Java Ledger)
//! and Java under src/main/java/com/shop/legacy/Ledger.java:4 (record :5).

mod common;

use common::*;

const FX: &str = "kotlin";
const MODEL: &str = "src/main/kotlin/com/shop/model";
const APP: &str = "src/main/kotlin/com/shop/app";

#[test]
fn same_named_methods_on_two_classes_keep_their_own_callers() {
    let repo = Repo::indexed(FX);
    let circle = repo.ok(&["callers", &format!("{MODEL}/Circle.kt:4")]);
    assert_eq!(
        located(&circle, "caller"),
        set([format!("com.shop.app.Cart.featuredArea@{APP}/Cart.kt:20")])
    );
    assert_resolution(
        "a property read bare inside its class types its receiver",
        &caller_edges(&circle),
        "com.shop.app.Cart.featuredArea",
        &["receiver"],
    );
    let square = repo.ok(&["callers", &format!("{MODEL}/Square.kt:4")]);
    assert_eq!(
        located(&square, "caller"),
        set([format!("com.shop.app.Cart.squareArea@{APP}/Cart.kt:22")])
    );
}

#[test]
fn a_bare_call_in_the_class_and_a_call_through_the_base_type_reach_the_base_method() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", &format!("{MODEL}/Shape.kt:5")]);
    assert_eq!(
        located(&json, "caller"),
        set([
            format!("com.shop.app.main@{APP}/App.kt:8"),
            format!("com.shop.model.Shape.price@{MODEL}/Shape.kt:7"),
        ])
    );
    assert_resolution(
        "bare area() inside Shape",
        &caller_edges(&json),
        "com.shop.model.Shape.price",
        &["scope"],
    );
    let price = repo.ok(&["callers", &format!("{MODEL}/Shape.kt:7")]);
    assert_resolution(
        "super.price() inside Square",
        &caller_edges(&price),
        "com.shop.model.Square.price",
        &["inheritance"],
    );
}

#[test]
fn overloads_are_told_apart_by_argument_count() {
    let repo = Repo::indexed(FX);
    let one = repo.ok(&["callers", &format!("{APP}/Cart.kt:10")]);
    assert_eq!(
        located(&one, "caller"),
        set([
            format!("com.shop.app.main@{APP}/App.kt:8"),
            format!("com.shop.app.Cart.add@{APP}/Cart.kt:14"),
        ]),
        "spare.add(…) and the bare add(item) in a trailing lambda: {one:#}"
    );
    let two = repo.ok(&["callers", &format!("{APP}/Cart.kt:14")]);
    assert_eq!(
        located(&two, "caller"),
        set([format!("com.shop.app.main@{APP}/App.kt:8")])
    );
    let sites = two["results"][0]["sites"].as_array().unwrap();
    assert_eq!(sites.len(), 1, "only `cart.add(…, 2)` passes two: {two:#}");
    let describe = repo.ok(&["callers", "src/main/kotlin/com/shop/util/Totals.kt:15"]);
    assert_eq!(
        located(&describe, "caller"),
        set([format!("com.shop.app.main@{APP}/App.kt:8")])
    );
    let (_, describe_times) =
        repo.query(&["callers", "src/main/kotlin/com/shop/util/Totals.kt:17"]);
    assert_eq!(
        describe_times["results"],
        serde_json::json!([]),
        "no call passes two arguments to describe: {describe_times:#}"
    );
}

#[test]
fn an_aliased_import_of_a_top_level_function_resolves() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["refs", "com.shop.util.total"]);
    let sites: std::collections::BTreeSet<String> =
        ref_edges(&json).into_iter().map(|e| e.key).collect();
    assert_eq!(
        sites,
        set([format!("{APP}/Cart.kt:4"), format!("{APP}/Cart.kt:18")])
    );
    assert_ref_kind(
        "sumPrices(items)",
        &ref_edges(&json),
        &format!("{APP}/Cart.kt:18"),
        "call",
    );
}

#[test]
fn an_extension_function_is_a_member_of_its_receiver_type() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "com.shop.app.Cart.summary"]);
    assert_def(
        single_target(&json),
        "com.shop.app.Cart.summary",
        "method",
        &format!("{APP}/Summary.kt"),
        4,
    );
    let callers = repo.ok(&["callers", "com.shop.app.Cart.summary"]);
    assert_resolution(
        "cart.summary() on a Cart from the companion's empty()",
        &caller_edges(&callers),
        "com.shop.app.main",
        &["receiver"],
    );
    let callees = repo.ok(&["callees", "com.shop.app.Cart.summary"]);
    assert_eq!(
        located(&callees, "callee"),
        set([format!("com.shop.app.Cart.total@{APP}/Cart.kt:18")]),
        "the bare total() inside the extension is the receiver's: {callees:#}"
    );
}

#[test]
fn callees_resolve_companions_constructors_imports_and_java() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callees", "com.shop.app.main"]);
    assert_eq!(
        located(&json, "callee"),
        set([
            format!("com.shop.app.Cart@{APP}/Cart.kt:6"),
            format!("com.shop.app.Cart.empty@{APP}/Cart.kt:28"),
            format!("com.shop.app.Cart.add@{APP}/Cart.kt:10"),
            format!("com.shop.app.Cart.add@{APP}/Cart.kt:14"),
            format!("com.shop.app.Cart.total@{APP}/Cart.kt:18"),
            format!("com.shop.app.Cart.summary@{APP}/Summary.kt:4"),
            format!("com.shop.model.Square@{MODEL}/Square.kt:3"),
            format!("com.shop.model.Shape.area@{MODEL}/Shape.kt:5"),
            "com.shop.util.Labels.describe@src/main/kotlin/com/shop/util/Totals.kt:15".to_owned(),
            "com.shop.legacy.Ledger@src/main/java/com/shop/legacy/Ledger.java:4".to_owned(),
            "com.shop.legacy.Ledger.record@src/main/java/com/shop/legacy/Ledger.java:5".to_owned(),
        ])
    );
    let refs = repo.ok(&["refs", "com.shop.app.Cart"]);
    assert_ref_kind(
        "Cart(\"spare\") without `new`",
        &ref_edges(&refs),
        &format!("{APP}/App.kt:11"),
        "instantiate",
    );
}

#[test]
fn impls_follow_supertypes_with_and_without_constructor_calls() {
    let repo = Repo::indexed(FX);
    let shape = repo.ok(&["impls", "Shape"]);
    assert_eq!(
        impls_map(&shape)
            .into_keys()
            .collect::<std::collections::BTreeSet<_>>(),
        set(["com.shop.model.Circle", "com.shop.model.Square"])
    );
    let priced = repo.ok(&["impls", "Priced"]);
    assert_eq!(
        impls_map(&priced),
        std::collections::BTreeMap::from([("com.shop.model.Shape".to_owned(), true)]),
        "{priced:#}"
    );
}

#[test]
fn outline_holds_constructor_properties_members_and_the_companion_s() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["outline", &format!("{APP}/Cart.kt")]);
    assert_pairs_eq(
        "outline Cart.kt",
        &outline_top(&json),
        &[("com.shop.app.Cart", "class")],
    );
    let members = outline_find(&json, "com.shop.app.Cart").unwrap()["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            format!(
                "{} {} {}",
                m["kind"].as_str().unwrap(),
                m["name"].as_str().unwrap(),
                m["line"]
            )
        })
        .collect::<std::collections::BTreeSet<_>>();
    assert_eq!(
        members,
        set([
            "field owner 6",
            "field items 7",
            "field featured 8",
            "method add 10",
            "method add 14",
            "method total 18",
            "method featuredArea 20",
            "method squareArea 22",
            "method empty 28",
        ])
    );
    let square = repo.ok(&["outline", &format!("{MODEL}/Square.kt")]);
    assert_pairs_eq(
        "outline Square.kt",
        &outline_top(&square),
        &[
            ("com.shop.model.Square", "class"),
            ("com.shop.model.Finish", "enum"),
        ],
    );
    assert_pairs_eq(
        "enum entries",
        &outline_children(&square, "com.shop.model.Finish"),
        &[
            ("com.shop.model.Finish.MATTE", "variant"),
            ("com.shop.model.Finish.GLOSS", "variant"),
        ],
    );
}

#[test]
fn symbols_are_qualified_by_package_and_counted_per_language() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "com.shop.util.total"]);
    let total = single_target(&json);
    assert_def(
        total,
        "com.shop.util.total",
        "function",
        "src/main/kotlin/com/shop/util/Totals.kt",
        6,
    );
    assert_eq!(total["signature"], "fun total(items: List<Priced>): Double");
    let status = repo.ok(&["status"]);
    assert_eq!(
        status["results"]["languages"]["kotlin"], 8,
        "{:#}",
        status["results"]
    );
    assert_eq!(
        status["results"]["languages"]["java"], 1,
        "{:#}",
        status["results"]
    );
}
