//! End-to-end tests of `plumb` on tests/fixtures/rust (a standalone crate
//! `geo`; it compiles with `rustc --crate-type lib src/lib.rs`).
//!
//! Fixture landmarks (file:line):
//!   src/lib.rs:8         `pub use cart::{Cart, Order};`  :9 `pub use shapes::Circle;`
//!   src/lib.rs:12        inline `pub mod util`; :13 util::clamp; :22-23 #[macro_export] macro square
//!   src/pricing.rs:4     free fn total; :12 apply_tax (calls crate::util::clamp :13)
//!   src/cart.rs:3        `use crate::pricing::total as sum_prices;`
//!   src/cart.rs:5-6      #[derive] struct Cart; :10 impl Cart; :11 new (Cart {..} :12)
//!   src/cart.rs:20       line_prices; :24 Cart::total (sum_prices(&self.line_prices()) :25)
//!   src/cart.rs:29       struct Order; :38 Order::total
//!   src/shapes.rs:3      const UNIT; :5 trait Shape (:6 area, :8 describe default, self.area() :9)
//!   src/shapes.rs:14     trait Solid: Shape (supertrait); :15 volume
//!   src/shapes.rs:18     struct Circle; :23 Circle::new; :28 impl Shape for Circle; :29 Circle::area
//!   src/shapes.rs:34     struct Square; :38 impl Shape for Square; :39 area; :44 describe (override)
//!   src/shapes.rs:49     struct Cube; :53 impl Shape for Cube; :54 area; :59 impl Solid for Cube
//!   src/shapes.rs:60     Cube::volume (self.area() :61 -> Cube::area)
//!   src/app.rs:3         `use crate::pricing::total;`  :4 `use crate::shapes::Circle as Round;`
//!   src/app.rs:5         `use crate::shapes::{Shape, Square};`  :6 `use crate::{Cart, Order};`
//!   src/app.rs:8         checkout_new (let c = Cart::new() :9; c.total() :11); :14 charge(c: &Cart)
//!   src/app.rs:18        ship(o: &Order); :22 summarize; :26 round_area (Round::new :27, r.area() :28)
//!   src/app.rs:31        print_area(s: &dyn Shape) (s.describe() :32); :35 main
//!   src/units.rs:4       struct Meters; :7 trait Measure; :11 impl Measure for f64; :17 for &M
//!   src/convert.rs:5     impl Measure for Meters; :11 impl Meters (:12 feet); :17 double (m.feet())
//!   src/checks.rs:5      macro_rules! check (defines `fn $name`); :15 discounted;
//!                        :19 check!(half_of_two_is_one, …), :23 check!(two_discounts_make_a_quarter, …)

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "test code: a failure here is a failed test"
)]

mod common;

use common::*;

const FX: &str = "rust";

const CART_TOTAL: &str = "crate::cart::Cart::total";
const ORDER_TOTAL: &str = "crate::cart::Order::total";
const FREE_TOTAL: &str = "crate::pricing::total";

// --- symbol -----------------------------------------------------------------

#[test]
fn symbol_bare_ambiguous_name_returns_every_match() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "total"]);
    assert_set_eq(
        "symbol total",
        &qualnames(&json["targets"]),
        &[CART_TOTAL, ORDER_TOTAL, FREE_TOTAL],
    );
    assert!(
        notes_mention(&json, "ambiguous"),
        "notes: {}",
        json["notes"]
    );
}

#[test]
fn symbol_type_path_method_returns_exactly_that_method() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "Cart::total"]);
    assert_def(
        single_target(&json),
        CART_TOTAL,
        "method",
        "src/cart.rs",
        24,
    );
}

#[test]
fn symbol_dotted_form_is_accepted_for_rust() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "Cart.total"]);
    assert_def(
        single_target(&json),
        CART_TOTAL,
        "method",
        "src/cart.rs",
        24,
    );
}

#[test]
fn symbol_crate_path_returns_exactly_one() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "crate::pricing::total"]);
    assert_def(
        single_target(&json),
        FREE_TOTAL,
        "function",
        "src/pricing.rs",
        4,
    );
}

#[test]
fn symbol_trait_method_is_distinct_from_impl_methods() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "area"]);
    assert_set_eq(
        "symbol area",
        &qualnames(&json["targets"]),
        &[
            "crate::shapes::Shape::area",
            "crate::shapes::Circle::area",
            "crate::shapes::Square::area",
            "crate::shapes::Cube::area",
        ],
    );
    let json = repo.ok(&["symbol", "Shape::area"]);
    assert_def(
        single_target(&json),
        "crate::shapes::Shape::area",
        "method",
        "src/shapes.rs",
        6,
    );
    let json = repo.ok(&["symbol", "crate::shapes::Circle::area"]);
    assert_def(
        single_target(&json),
        "crate::shapes::Circle::area",
        "method",
        "src/shapes.rs",
        29,
    );
}

#[test]
fn symbol_reexported_struct_has_one_definition() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "Circle"]);
    assert_def(
        single_target(&json),
        "crate::shapes::Circle",
        "struct",
        "src/shapes.rs",
        18,
    );
}

#[test]
fn a_path_through_a_pub_use_answers_for_the_definition_it_reexports() {
    // `pub use cart::{Cart, Order}` in src/lib.rs makes `crate::Cart`: the
    // importing file's module comes from its definitions, not its path.
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "crate::Cart"]);
    assert_def(
        single_target(&json),
        "crate::cart::Cart",
        "struct",
        "src/cart.rs",
        6,
    );
    let notes = json["notes"].to_string();
    assert!(notes.contains("imported by src/lib.rs"), "{notes}");
}

#[test]
fn symbol_kinds_of_trait_const_macro_and_inline_module_items() {
    let repo = Repo::indexed(FX);
    let t = repo.ok(&["symbol", "Solid"]);
    assert_def(
        single_target(&t),
        "crate::shapes::Solid",
        "trait",
        "src/shapes.rs",
        14,
    );
    let t = repo.ok(&["symbol", "UNIT"]);
    assert_def(
        single_target(&t),
        "crate::shapes::UNIT",
        "constant",
        "src/shapes.rs",
        3,
    );
    let t = repo.ok(&["symbol", "clamp"]);
    assert_def(
        single_target(&t),
        "crate::util::clamp",
        "function",
        "src/lib.rs",
        13,
    );
    let t = repo.ok(&["symbol", "util"]);
    assert_def(single_target(&t), "crate::util", "module", "src/lib.rs", 12);
    let t = repo.ok(&["symbol", "square"]);
    let m = single_target(&t);
    assert_eq!(
        (m["qualname"].as_str(), m["kind"].as_str()),
        (Some("crate::square"), Some("macro"))
    );
    assert_eq!(m["file"], "src/lib.rs");
}

#[test]
fn symbol_path_line_returns_innermost_method() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "src/cart.rs:25"]);
    assert_def(
        single_target(&json),
        CART_TOTAL,
        "method",
        "src/cart.rs",
        24,
    );
}

#[test]
fn symbol_path_line_on_attribute_returns_attributed_struct() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "src/cart.rs:5"]);
    let t = single_target(&json);
    assert_eq!(t["qualname"], "crate::cart::Cart");
    assert_eq!(t["kind"], "struct");
}

#[test]
fn symbol_path_line_inside_inline_module_function() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "src/lib.rs:14"]);
    assert_def(
        single_target(&json),
        "crate::util::clamp",
        "function",
        "src/lib.rs",
        13,
    );
}

// --- refs -------------------------------------------------------------------

#[test]
fn refs_of_trait_cover_supertrait_impls_import_and_dyn_type() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["refs", "crate::shapes::Shape"]);
    assert_refs_well_formed("refs Shape", &json, "crate::shapes::Shape");
    let edges = ref_edges(&json);
    let expected = [
        ("src/shapes.rs:14", "inherit"),
        ("src/shapes.rs:28", "implement"),
        ("src/shapes.rs:38", "implement"),
        ("src/shapes.rs:53", "implement"),
        ("src/app.rs:5", "import"),
        ("src/app.rs:31", "type"),
    ];
    let keys: Vec<&str> = expected.iter().map(|(k, _)| *k).collect();
    assert_edges("refs Shape", &edges, &keys, &[]);
    for (at, kind) in expected {
        assert_ref_kind("refs Shape", &edges, at, kind);
    }
}

#[test]
fn refs_of_struct_cover_reexport_import_type_and_literal() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["refs", "crate::cart::Cart"]);
    assert_refs_well_formed("refs Cart", &json, "crate::cart::Cart");
    let edges = ref_edges(&json);
    assert_edges(
        "refs Cart",
        &edges,
        &[
            "src/lib.rs:8",   // pub use cart::{Cart, Order}
            "src/cart.rs:10", // impl Cart
            "src/cart.rs:12", // Cart { items: .. }
            "src/app.rs:6",   // use crate::{Cart, Order} (through the re-export)
            "src/app.rs:9",   // Cart::new()
            "src/app.rs:14",  // c: &Cart
        ],
        // `Self` inside `impl Cart` denotes Cart.
        &["src/cart.rs:11", "src/cart.rs:15"],
    );
    assert_ref_kind("refs Cart", &edges, "src/lib.rs:8", "import");
    assert_ref_kind("refs Cart", &edges, "src/app.rs:6", "import");
    assert_ref_kind("refs Cart", &edges, "src/cart.rs:12", "instantiate");
    assert_ref_kind("refs Cart", &edges, "src/app.rs:14", "type");
}

// --- callers ----------------------------------------------------------------

#[test]
fn callers_of_method_include_constructor_local_and_annotated_param() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", CART_TOTAL]);
    assert_edges(
        "callers Cart::total",
        &caller_edges(&json),
        &["crate::app::checkout_new", "crate::app::charge"],
        &[],
    );
}

#[test]
fn callers_of_method_exclude_same_named_method_on_other_type() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", CART_TOTAL]);
    assert_absent(
        "callers Cart::total",
        &caller_edges(&json),
        "crate::app::ship",
    );
    let json = repo.ok(&["callers", ORDER_TOTAL]);
    let edges = caller_edges(&json);
    assert_edges("callers Order::total", &edges, &["crate::app::ship"], &[]);
    for q in ["crate::app::checkout_new", "crate::app::charge"] {
        assert_absent("callers Order::total", &edges, q);
    }
}

#[test]
fn callers_of_free_function_exclude_same_named_methods() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", FREE_TOTAL]);
    let edges = caller_edges(&json);
    assert_edges(
        "callers crate::pricing::total",
        &edges,
        &[CART_TOTAL, "crate::app::summarize"],
        &[],
    );
    // Cart::total calls it through `use ... as sum_prices`.
    assert_resolution(
        "callers crate::pricing::total",
        &edges,
        CART_TOTAL,
        &["import"],
    );
    assert_resolution(
        "callers crate::pricing::total",
        &edges,
        "crate::app::summarize",
        &["import"],
    );
}

#[test]
fn callers_of_impl_method_through_aliased_constructor_local() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", "crate::shapes::Circle::area"]);
    // Shape::describe's default body calls self.area(), which is Circle::area
    // when Self = Circle: a tool may report it.
    assert_edges(
        "callers Circle::area",
        &caller_edges(&json),
        &["crate::app::round_area"],
        &["crate::shapes::Shape::describe"],
    );
}

#[test]
fn callers_of_method_via_self_in_another_impl_block() {
    // Cube::volume (impl Solid for Cube) calls self.area(): Cube's own area.
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", "crate::shapes::Cube::area"]);
    let edges = caller_edges(&json);
    assert_edges(
        "callers Cube::area",
        &edges,
        &["crate::shapes::Cube::volume"],
        &["crate::shapes::Shape::describe"],
    );
    assert_resolution(
        "callers Cube::area",
        &edges,
        "crate::shapes::Cube::volume",
        &["scope", "receiver"],
    );
}

#[test]
fn callers_of_trait_method_include_default_method_and_dyn_call() {
    let repo = Repo::indexed(FX);
    let area = repo.ok(&["callers", "crate::shapes::Shape::area"]);
    assert_edges(
        "callers Shape::area",
        &caller_edges(&area),
        &["crate::shapes::Shape::describe"],
        &[],
    );
    let describe = repo.ok(&["callers", "crate::shapes::Shape::describe"]);
    assert_edges(
        "callers Shape::describe",
        &caller_edges(&describe),
        &["crate::app::print_area"],
        &[],
    );
}

#[test]
fn callers_inside_a_function_defining_macro_are_the_functions_it_defines() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", "crate::checks::discounted"]);
    assert_edges(
        "callers discounted",
        &caller_edges(&json),
        &[
            "crate::checks::half_of_two_is_one",
            "crate::checks::two_discounts_make_a_quarter",
        ],
        &[],
    );
    let json = repo.ok(&["symbol", "crate::checks::half_of_two_is_one"]);
    assert_def(
        single_target(&json),
        "crate::checks::half_of_two_is_one",
        "function",
        "src/checks.rs",
        19,
    );
}

// --- callees ----------------------------------------------------------------

#[test]
fn callees_of_method_calling_self_helper_and_imported_alias() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callees", CART_TOTAL]);
    let edges = callee_edges(&json);
    assert_set_eq(
        "callees Cart::total",
        &callee_qualnames(&json),
        &["crate::cart::Cart::line_prices", FREE_TOTAL],
    );
    assert_resolution(
        "callees Cart::total",
        &edges,
        "crate::cart::Cart::line_prices",
        &["scope", "receiver"],
    );
    assert_resolution("callees Cart::total", &edges, FREE_TOTAL, &["import"]);
}

#[test]
fn callees_through_crate_path_into_inline_module() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callees", "crate::pricing::apply_tax"]);
    assert_set_eq(
        "callees apply_tax",
        &callee_qualnames(&json),
        &["crate::util::clamp"],
    );
}

#[test]
fn callees_of_constructor_local_via_alias() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callees", "crate::app::round_area"]);
    let edges = callee_edges(&json);
    assert_set_eq(
        "callees round_area",
        &callee_qualnames(&json),
        &["crate::shapes::Circle::new", "crate::shapes::Circle::area"],
    );
    assert_resolution(
        "callees round_area",
        &edges,
        "crate::shapes::Circle::new",
        &["import"],
    );
}

// --- impls ------------------------------------------------------------------

#[test]
fn impls_of_trait_lists_implementors_and_subtrait() {
    // Circle, Square and Cube implement Shape; Solid is a subtrait of Shape.
    let repo = Repo::indexed(FX);
    let got = impls_map(&repo.ok(&["impls", "crate::shapes::Shape"]));
    assert_set_eq(
        "impls Shape",
        &got.keys().cloned().collect(),
        &[
            "crate::shapes::Circle",
            "crate::shapes::Square",
            "crate::shapes::Cube",
            "crate::shapes::Solid",
        ],
    );
    assert!(got.values().all(|d| *d), "all are direct: {got:?}");
}

#[test]
fn impls_transitive_of_trait_keeps_direct_implementors_direct() {
    // Cube implements Solid (a subtrait) but also Shape itself: still direct.
    let repo = Repo::indexed(FX);
    let got = impls_map(&repo.ok(&["impls", "crate::shapes::Shape", "--transitive"]));
    assert_set_eq(
        "impls --transitive Shape",
        &got.keys().cloned().collect(),
        &[
            "crate::shapes::Circle",
            "crate::shapes::Square",
            "crate::shapes::Cube",
            "crate::shapes::Solid",
        ],
    );
    assert!(got.values().all(|d| *d), "all are direct: {got:?}");
}

#[test]
fn impls_of_subtrait_is_its_only_implementor() {
    let repo = Repo::indexed(FX);
    let got = impls_map(&repo.ok(&["impls", "Solid"]));
    assert_set_eq(
        "impls Solid",
        &got.keys().cloned().collect(),
        &["crate::shapes::Cube"],
    );
    assert!(got["crate::shapes::Cube"]);
}

// --- outline ----------------------------------------------------------------

fn all_methods(json: &serde_json::Value) -> std::collections::BTreeSet<String> {
    fn walk(nodes: &serde_json::Value, out: &mut std::collections::BTreeSet<String>) {
        for n in nodes.as_array().into_iter().flatten() {
            if n["kind"] == "method" {
                assert!(
                    out.insert(n["qualname"].as_str().unwrap().to_string()),
                    "method listed twice in outline: {}",
                    n["qualname"]
                );
            }
            walk(&n["children"], out);
        }
    }
    let mut out = std::collections::BTreeSet::new();
    walk(&json["results"], &mut out);
    out
}

#[test]
fn outline_lists_top_level_items_with_kinds() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["outline", "src/shapes.rs"]);
    // Where impl-block methods are placed is up to the tool; the items are not.
    let top: std::collections::BTreeSet<(String, String)> = outline_top(&json)
        .into_iter()
        .filter(|(_, k)| k != "method")
        .collect();
    assert_pairs_eq(
        "outline src/shapes.rs",
        &top,
        &[
            ("crate::shapes::UNIT", "constant"),
            ("crate::shapes::Shape", "trait"),
            ("crate::shapes::Solid", "trait"),
            ("crate::shapes::Circle", "struct"),
            ("crate::shapes::Square", "struct"),
            ("crate::shapes::Cube", "struct"),
        ],
    );
}

#[test]
fn outline_children_of_trait_are_its_methods() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["outline", "src/shapes.rs"]);
    assert_pairs_eq(
        "children of Shape",
        &outline_children(&json, "crate::shapes::Shape"),
        &[
            ("crate::shapes::Shape::area", "method"),
            ("crate::shapes::Shape::describe", "method"),
        ],
    );
    let fields: std::collections::BTreeSet<(String, String)> =
        outline_children(&json, "crate::shapes::Circle")
            .into_iter()
            .filter(|(_, k)| k != "method")
            .collect();
    assert_pairs_eq(
        "fields of Circle",
        &fields,
        &[("crate::shapes::Circle::radius", "field")],
    );
}

#[test]
fn outline_lists_every_method_exactly_once() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["outline", "src/shapes.rs"]);
    assert_set_eq(
        "methods in src/shapes.rs",
        &all_methods(&json),
        &[
            "crate::shapes::Shape::area",
            "crate::shapes::Shape::describe",
            "crate::shapes::Solid::volume",
            "crate::shapes::Circle::new",
            "crate::shapes::Circle::area",
            "crate::shapes::Square::area",
            "crate::shapes::Square::describe",
            "crate::shapes::Cube::area",
            "crate::shapes::Cube::volume",
        ],
    );
}

#[test]
fn outline_of_crate_root_nests_inline_module() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["outline", "src/lib.rs"]);
    let top = outline_top(&json);
    // `pub mod app;` declarations may be listed as modules.
    let optional = pairs(&[
        ("crate::app", "module"),
        ("crate::cart", "module"),
        ("crate::convert", "module"),
        ("crate::pricing", "module"),
        ("crate::shapes", "module"),
        ("crate::units", "module"),
        ("crate::checks", "module"),
    ]);
    let required = pairs(&[("crate::util", "module"), ("crate::square", "macro")]);
    let missing: Vec<_> = required.difference(&top).collect();
    let extra: Vec<_> = top
        .iter()
        .filter(|p| !required.contains(*p) && !optional.contains(*p))
        .collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "outline src/lib.rs\n  missing: {missing:?}\n  unexpected: {extra:?}"
    );
    assert_pairs_eq(
        "children of util",
        &outline_children(&json, "crate::util"),
        &[("crate::util::clamp", "function")],
    );
}

#[test]
fn outline_nests_members_of_primitive_and_reference_types_under_their_impl() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["outline", "src/units.rs"]);
    assert_pairs_eq(
        "outline src/units.rs",
        &outline_top(&json),
        &[
            ("crate::units::Meters", "struct"),
            ("crate::units::Measure", "trait"),
            ("impl Measure for f64", "impl"),
            ("impl<M: Measure + ?Sized> Measure for &M", "impl"),
        ],
    );
    assert_pairs_eq(
        "children of impl Measure for f64",
        &outline_children(&json, "impl Measure for f64"),
        &[("crate::units::f64::amount", "method")],
    );
}

#[test]
fn outline_nests_members_of_a_type_from_another_file_under_their_impl() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["outline", "src/convert.rs"]);
    assert_pairs_eq(
        "outline src/convert.rs",
        &outline_top(&json),
        &[
            ("impl Measure for Meters", "impl"),
            ("impl Meters", "impl"),
            ("crate::convert::double", "function"),
        ],
    );
    assert_pairs_eq(
        "children of impl Meters",
        &outline_children(&json, "impl Meters"),
        &[("crate::units::Meters::feet", "method")],
    );
    // Still the type's member: found by its path, called through the type.
    let json = repo.ok(&["callers", "crate::units::Meters::feet"]);
    assert_edges(
        "callers Meters::feet",
        &caller_edges(&json),
        &["crate::convert::double"],
        &[],
    );
}

// --- impact -----------------------------------------------------------------

#[test]
fn impact_depth_2_of_free_function_follows_alias_and_reexport() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["impact", FREE_TOTAL, "--depth", "2"]);
    assert_impact(
        "impact crate::pricing::total --depth 2",
        &json,
        2,
        &[
            (CART_TOTAL, 1),
            ("crate::app::summarize", 1),
            ("crate::app::checkout_new", 2),
            ("crate::app::charge", 2),
            ("crate::app::main", 2),
        ],
        &[],
    );
}

#[test]
fn impact_of_trait_includes_implementors_as_subtypes() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["impact", "crate::shapes::Shape", "--depth", "1"]);
    assert_impact(
        "impact Shape --depth 1",
        &json,
        1,
        &[
            ("crate::shapes::Circle", 1),
            ("crate::shapes::Square", 1),
            ("crate::shapes::Cube", 1),
            ("crate::shapes::Solid", 1),
            ("crate::app::print_area", 1),
        ],
        &[],
    );
    let got = impact_map(&json);
    assert_eq!(got["crate::shapes::Circle"].2, "subtype");
    assert_eq!(got["crate::app::print_area"].2, "referencer");
}
