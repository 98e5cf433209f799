//! End-to-end tests of `plumb` on tests/fixtures/typescript.
//!
//! Fixture landmarks (file:line):
//!   src/types.ts:3       interface Priced; :4 Priced.total; :7 type Price
//!   src/pricing.ts:4     free function total
//!   src/models.ts:1      `import { total as sumPrices } from './pricing'`
//!   src/models.ts:4      class Cart implements Priced; :5 field items; :16 Cart.total
//!                        (this.linePrices() + sumPrices at :17); :20-21 empty(): Cart / new Cart()
//!   src/models.ts:25     class Order implements Priced; :28 Order.total
//!   src/models.ts:33     class DiscountCart extends Cart; :38 DiscountCart.total (super.total() :39)
//!   src/models.ts:44     class VipCart extends DiscountCart
//!   src/index.ts:2       `export { Cart, Order } from './models'`; :3 `export * from './pricing'`
//!   src/checkout.ts:1    `import { Cart as Basket }`; :4 checkoutNew (new Basket(); c.total() :7)
//!   src/checkout.ts:10   ship(o: Order); :14 summarize -> total() via the barrel
//!   src/app.ts:1         `import { Cart } from './index'`; :5 charge(c: Cart); :9 vipTotal(c: VipCart)
//!   src/app.ts:13        guess(x: any); :17 main (new Cart() :18, cart.total() :20)

mod common;

use common::*;

const FX: &str = "typescript";

const CART_TOTAL: &str = "src/models.Cart.total";
const ORDER_TOTAL: &str = "src/models.Order.total";
const DISCOUNT_TOTAL: &str = "src/models.DiscountCart.total";
const FREE_TOTAL: &str = "src/pricing.total";
const PRICED_TOTAL: &str = "src/types.Priced.total";

// --- symbol -----------------------------------------------------------------

#[test]
fn symbol_bare_ambiguous_name_returns_every_match() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "total"]);
    assert_set_eq(
        "symbol total",
        &qualnames(&json["targets"]),
        &[
            CART_TOTAL,
            ORDER_TOTAL,
            DISCOUNT_TOTAL,
            FREE_TOTAL,
            PRICED_TOTAL,
        ],
    );
    assert!(
        notes_mention(&json, "ambiguous"),
        "notes: {}",
        json["notes"]
    );
}

#[test]
fn symbol_class_dot_method_returns_exactly_that_method() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "Cart.total"]);
    assert_def(
        single_target(&json),
        CART_TOTAL,
        "method",
        "src/models.ts",
        16,
    );
}

#[test]
fn symbol_fully_qualified_name_returns_exactly_one() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "src/pricing.total"]);
    assert_def(
        single_target(&json),
        FREE_TOTAL,
        "function",
        "src/pricing.ts",
        4,
    );
}

#[test]
fn symbol_interface_method_and_type_alias_kinds() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "Priced"]);
    assert_def(
        single_target(&json),
        "src/types.Priced",
        "interface",
        "src/types.ts",
        3,
    );
    let json = repo.ok(&["symbol", "Priced.total"]);
    assert_def(
        single_target(&json),
        PRICED_TOTAL,
        "method",
        "src/types.ts",
        4,
    );
    let json = repo.ok(&["symbol", "Price"]);
    assert_def(
        single_target(&json),
        "src/types.Price",
        "type_alias",
        "src/types.ts",
        7,
    );
}

#[test]
fn symbol_reexported_class_has_one_definition() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "Cart"]);
    assert_def(
        single_target(&json),
        "src/models.Cart",
        "class",
        "src/models.ts",
        4,
    );
}

#[test]
fn symbol_path_line_returns_innermost_method() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "src/models.ts:17"]);
    assert_def(
        single_target(&json),
        CART_TOTAL,
        "method",
        "src/models.ts",
        16,
    );
}

#[test]
fn symbol_path_line_on_class_field_returns_field() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "src/models.ts:5"]);
    assert_def(
        single_target(&json),
        "src/models.Cart.items",
        "field",
        "src/models.ts",
        5,
    );
}

// --- refs -------------------------------------------------------------------

#[test]
fn refs_of_class_cover_reexport_alias_annotation_instantiation_and_inheritance() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["refs", "src/models.Cart"]);
    assert_refs_well_formed("refs Cart", &json, "src/models.Cart");
    let edges = ref_edges(&json);
    let expected = [
        ("src/models.ts:20", "type"),
        ("src/models.ts:21", "instantiate"),
        ("src/models.ts:33", "inherit"),
        ("src/index.ts:2", "import"),
        ("src/checkout.ts:1", "import"),
        ("src/checkout.ts:5", "instantiate"),
        ("src/app.ts:1", "import"),
        ("src/app.ts:5", "type"),
        ("src/app.ts:18", "instantiate"),
    ];
    let keys: Vec<&str> = expected.iter().map(|(k, _)| *k).collect();
    assert_edges("refs src/models.Cart", &edges, &keys, &[]);
    for (at, kind) in expected {
        assert_ref_kind("refs src/models.Cart", &edges, at, kind);
    }
    assert_resolution(
        "refs Cart via Basket",
        &edges,
        "src/checkout.ts:5",
        &["import"],
    );
}

#[test]
fn refs_of_interface_are_implements_clauses_and_reexport() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["refs", "src/types.Priced"]);
    let edges = ref_edges(&json);
    assert_edges(
        "refs Priced",
        &edges,
        &[
            "src/models.ts:2",
            "src/models.ts:4",
            "src/models.ts:25",
            "src/index.ts:4",
        ],
        &[],
    );
    assert_ref_kind("refs Priced", &edges, "src/models.ts:4", "implement");
    assert_ref_kind("refs Priced", &edges, "src/models.ts:25", "implement");
}

// --- callers ----------------------------------------------------------------

#[test]
fn callers_of_method_include_constructor_local_annotated_param_and_super() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", CART_TOTAL]);
    assert_edges(
        "callers Cart.total",
        &caller_edges(&json),
        &[
            "src/checkout.checkoutNew",
            "src/app.charge",
            "src/app.main",
            DISCOUNT_TOTAL,
        ],
        &[],
    );
}

#[test]
fn callers_of_method_exclude_same_named_method_on_other_class() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", CART_TOTAL]);
    assert_absent(
        "callers Cart.total",
        &caller_edges(&json),
        "src/checkout.ship",
    );
    let json = repo.ok(&["callers", ORDER_TOTAL]);
    let edges = caller_edges(&json);
    assert_edges("callers Order.total", &edges, &["src/checkout.ship"], &[]);
    for q in ["src/checkout.checkoutNew", "src/app.charge", "src/app.main"] {
        assert_absent("callers Order.total", &edges, q);
    }
}

#[test]
fn callers_of_base_method_exclude_calls_dispatched_to_an_override() {
    let repo = Repo::indexed(FX);
    let base = repo.ok(&["callers", CART_TOTAL]);
    assert_not_confident(
        "callers Cart.total",
        &caller_edges(&base),
        "src/app.vipTotal",
    );
    let over = repo.ok(&["callers", DISCOUNT_TOTAL]);
    // charge(c: Cart) may be handed a DiscountCart: a possible dynamic dispatch.
    assert_edges(
        "callers DiscountCart.total",
        &caller_edges(&over),
        &["src/app.vipTotal"],
        &["src/app.charge"],
    );
}

#[test]
fn callers_of_any_typed_receiver_are_only_low_confidence_guesses() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", CART_TOTAL]);
    assert_not_confident("callers Cart.total", &caller_edges(&json), "src/app.guess");
}

#[test]
fn callers_of_free_function_follow_alias_and_star_reexport() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", FREE_TOTAL]);
    let edges = caller_edges(&json);
    assert_edges(
        "callers src/pricing.total",
        &edges,
        &[CART_TOTAL, "src/checkout.summarize"],
        &[],
    );
    assert_resolution("callers src/pricing.total", &edges, CART_TOTAL, &["import"]);
    assert_resolution(
        "callers src/pricing.total",
        &edges,
        "src/checkout.summarize",
        &["import"],
    );
}

// --- callees ----------------------------------------------------------------

#[test]
fn callees_of_method_calling_this_helper_and_imported_alias() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callees", CART_TOTAL]);
    let edges = callee_edges(&json);
    assert_set_eq(
        "callees Cart.total",
        &callee_qualnames(&json),
        &["src/models.Cart.linePrices", FREE_TOTAL],
    );
    assert_resolution(
        "callees Cart.total",
        &edges,
        "src/models.Cart.linePrices",
        &["scope", "receiver"],
    );
    assert_resolution("callees Cart.total", &edges, FREE_TOTAL, &["import"]);
}

#[test]
fn callees_through_super_resolve_to_base_method() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callees", DISCOUNT_TOTAL]);
    assert_set_eq(
        "callees DiscountCart.total",
        &callee_qualnames(&json),
        &[CART_TOTAL],
    );
}

// --- impls ------------------------------------------------------------------

#[test]
fn impls_direct_lists_only_immediate_subclasses() {
    let repo = Repo::indexed(FX);
    let got = impls_map(&repo.ok(&["impls", "src/models.Cart"]));
    assert_set_eq(
        "impls Cart",
        &got.keys().cloned().collect(),
        &["src/models.DiscountCart"],
    );
    assert!(got["src/models.DiscountCart"]);
}

#[test]
fn impls_transitive_includes_grandchildren_marked_indirect() {
    let repo = Repo::indexed(FX);
    let got = impls_map(&repo.ok(&["impls", "src/models.Cart", "--transitive"]));
    assert_set_eq(
        "impls --transitive Cart",
        &got.keys().cloned().collect(),
        &["src/models.DiscountCart", "src/models.VipCart"],
    );
    assert!(got["src/models.DiscountCart"]);
    assert!(!got["src/models.VipCart"]);
}

#[test]
fn impls_of_interface_direct_are_implementing_classes() {
    let repo = Repo::indexed(FX);
    let got = impls_map(&repo.ok(&["impls", "Priced"]));
    assert_set_eq(
        "impls Priced",
        &got.keys().cloned().collect(),
        &["src/models.Cart", "src/models.Order"],
    );
    assert!(
        got.values().all(|d| *d),
        "both implement Priced directly: {got:?}"
    );
}

#[test]
fn impls_of_interface_transitive_adds_subclasses_of_implementors() {
    let repo = Repo::indexed(FX);
    let got = impls_map(&repo.ok(&["impls", "Priced", "--transitive"]));
    assert_set_eq(
        "impls --transitive Priced",
        &got.keys().cloned().collect(),
        &[
            "src/models.Cart",
            "src/models.Order",
            "src/models.DiscountCart",
            "src/models.VipCart",
        ],
    );
    assert!(got["src/models.Cart"] && got["src/models.Order"]);
    assert!(!got["src/models.DiscountCart"] && !got["src/models.VipCart"]);
}

// --- outline ----------------------------------------------------------------

#[test]
fn outline_lists_top_level_classes_with_kinds() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["outline", "src/models.ts"]);
    assert_pairs_eq(
        "outline src/models.ts",
        &outline_top(&json),
        &[
            ("src/models.Cart", "class"),
            ("src/models.Order", "class"),
            ("src/models.DiscountCart", "class"),
            ("src/models.VipCart", "class"),
        ],
    );
}

#[test]
fn outline_children_of_class_are_field_and_methods() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["outline", "src/models.ts"]);
    assert_pairs_eq(
        "children of Cart",
        &outline_children(&json, "src/models.Cart"),
        &[
            ("src/models.Cart.items", "field"),
            ("src/models.Cart.add", "method"),
            ("src/models.Cart.linePrices", "method"),
            ("src/models.Cart.total", "method"),
            ("src/models.Cart.empty", "method"),
        ],
    );
}

#[test]
fn outline_of_interface_and_type_alias() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["outline", "src/types.ts"]);
    assert_pairs_eq(
        "outline src/types.ts",
        &outline_top(&json),
        &[
            ("src/types.Priced", "interface"),
            ("src/types.Price", "type_alias"),
        ],
    );
    assert_pairs_eq(
        "children of Priced",
        &outline_children(&json, "src/types.Priced"),
        &[(PRICED_TOTAL, "method")],
    );
}

// --- impact -----------------------------------------------------------------

#[test]
fn impact_depth_2_of_free_function_follows_alias_and_reexport() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["impact", FREE_TOTAL, "--depth", "2"]);
    assert_impact(
        "impact src/pricing.total --depth 2",
        &json,
        2,
        &[
            (CART_TOTAL, 1),
            ("src/checkout.summarize", 1),
            ("src/checkout.checkoutNew", 2),
            ("src/app.charge", 2),
            ("src/app.main", 2),
            (DISCOUNT_TOTAL, 2),
        ],
        &["src/app.guess"],
    );
}

// --- status -----------------------------------------------------------------

#[test]
fn status_counts_every_ts_file_as_indexed() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["status"]);
    assert_eq!(
        json["results"]["files"]["indexed"], 6,
        "{:#}",
        json["results"]
    );
}

// --- typescript_flow: receivers through collections, patterns, literals ------
//
// Fixture landmarks (tests/fixtures/typescript_flow, file:line):
//   src/shapes.ts:1     interface Shape; :2 label; :3 area
//   src/shapes.ts:6     class Square; :7 label; :8 side; :12 area; :15 grow
//   src/shapes.ts:20    `let current`, assigned at :23; :22 install, exported by list at :26
//   src/shapes.ts:28    type alias Named; :30 `interface Badge extends Named`
//   src/registry.ts:3   class Registry: items (Square[]), byLabel (Map), first (:9
//                       `this.items.shift()!`), named (:13 `this.byLabel.get(k)!`), growAll
//                       (:18 for-of, :21 `list[0]`)
//   src/registry.ts:27  describe: `const { label, side: width } = s` at :28
//   src/registry.ts:32  `const unit: Shape = { label: …, area() {…} }` (:33)
//   src/registry.ts:43  runEither: `new Runner(fast ? (s) => s.grow() : (t) => t.grow())`
//                       (callbacks chosen by a condition, :46 and :47); :40 Runner.constructor
//   src/registry.ts:51  startRunner: `new Runner(…)`
//   src/registry.ts:55  withEach: `function (this: Square) { this.grow() }` (:57)
//   src/registry.ts:61  poke: casts (:62, :63 `(x as unknown as Holder)[$admin]`) and an
//                       interface's field (:64 `h.main`); src/shapes.ts:36 interface Holder
//   src/shapes.ts:41    const LIMIT, read as operands in clamp (:44 twice, :45 twice)
//   src/shapes.ts:48    interface Merged and :52 namespace Merged; :56 a type, :58 an export list
//   src/shapes.ts:60    `type Plugin = { apply(…) }`; :64 runPlugin calls `p.apply(s)`
//   src/shapes.ts:69    `grow: typeof Square.prototype.grow` (a reference to Square.grow)
//   src/shapes.ts:72    interface Layout: :73 `cells: Square[]`, :75 `corner: Square` in a nested type
//   src/shapes.ts:79    class Gallery: :80 `#main: Square` (no value), :81 `spare: Square = new Square(1)`
//   src/registry.ts:67  `const handlers: Partial<Shape> = { area() { describe(…) } }` (:69)
//   src/sized.ts:1      `import * as types from "./emitted.js"` (emitted.js and emitted.d.ts
//                       both exist); :3 `types.Emitted`, declared in src/emitted.d.ts:1

const FLOW: &str = "typescript_flow";

#[test]
fn calls_through_array_and_map_elements_resolve() {
    let repo = Repo::indexed(FLOW);
    let json = repo.ok(&["callers", "src/shapes.Square.area"]);
    assert_edges(
        "callers Square.area",
        &caller_edges(&json),
        &["src/registry.Registry.first", "src/registry.Registry.named"],
        &[],
    );
    let json = repo.ok(&["refs", "src/shapes.Square.grow"]);
    assert_edges(
        "refs Square.grow",
        &ref_edges(&json),
        &[
            "src/registry.ts:18",
            "src/registry.ts:21",
            "src/registry.ts:46",
            "src/registry.ts:47",
            "src/registry.ts:57",
            "src/registry.ts:62",
            "src/registry.ts:63",
            "src/registry.ts:64",
            "src/shapes.ts:69",
        ],
        &[],
    );
}

#[test]
fn export_lists_and_assignments_are_references() {
    let repo = Repo::indexed(FLOW);
    let json = repo.ok(&["refs", "src/shapes.install"]);
    assert_edges(
        "refs install",
        &ref_edges(&json),
        &["src/shapes.ts:26"],
        &[],
    );
    let json = repo.ok(&["refs", "src/shapes.current"]);
    assert_edges(
        "refs current",
        &ref_edges(&json),
        &["src/shapes.ts:23"],
        &[],
    );
}

#[test]
fn object_patterns_and_typed_literal_keys_are_member_references() {
    let repo = Repo::indexed(FLOW);
    let json = repo.ok(&["refs", "src/shapes.Square.label"]);
    assert_edges(
        "refs Square.label",
        &ref_edges(&json),
        &["src/registry.ts:28"],
        &[],
    );
    let json = repo.ok(&["refs", "src/shapes.Square.side"]);
    assert_edges(
        "refs Square.side",
        &ref_edges(&json),
        &[
            "src/shapes.ts:10",
            "src/shapes.ts:13",
            "src/shapes.ts:16",
            "src/registry.ts:28",
        ],
        &[],
    );
    let json = repo.ok(&["refs", "src/shapes.Shape.label"]);
    assert_edges(
        "refs Shape.label",
        &ref_edges(&json),
        &["src/registry.ts:33"],
        &[],
    );
}

#[test]
fn impls_of_type_alias_are_interfaces_extending_it() {
    let repo = Repo::indexed(FLOW);
    let got = impls_map(&repo.ok(&["impls", "src/shapes.Named"]));
    assert_set_eq(
        "impls Named",
        &got.keys().cloned().collect(),
        &["src/shapes.Badge"],
    );
}

#[test]
fn impact_of_constructor_follows_constructions_of_its_class() {
    let repo = Repo::indexed(FLOW);
    let json = repo.ok(&["impact", "src/registry.ts:40", "--depth", "1"]);
    assert_impact(
        "impact Runner.constructor",
        &json,
        1,
        &[
            ("src/registry.startRunner", 1),
            ("src/registry.runEither", 1),
        ],
        &[],
    );
}

#[test]
fn an_emitted_js_specifier_names_its_declarations() {
    let repo = Repo::indexed(FLOW);
    let json = repo.ok(&["refs", "src/emitted.d.ts:1"]);
    assert_edges("refs Emitted", &ref_edges(&json), &["src/sized.ts:3"], &[]);
}

#[test]
fn names_read_as_operands_are_references() {
    let repo = Repo::indexed(FLOW);
    let json = repo.ok(&["refs", "src/shapes.LIMIT"]);
    assert_edges(
        "refs LIMIT",
        &ref_edges(&json),
        &["src/shapes.ts:44", "src/shapes.ts:45"],
        &[],
    );
    let edges = ref_edges(&json);
    let count = |line: &str| edges.iter().filter(|e| e.key == line).count();
    assert_eq!(count("src/shapes.ts:44"), 2, "{edges:#?}");
    assert_eq!(count("src/shapes.ts:45"), 2, "{edges:#?}");
}

#[test]
fn a_type_names_an_interface_and_the_namespace_merged_with_it() {
    let repo = Repo::indexed(FLOW);
    for merged in ["src/shapes.ts:48", "src/shapes.ts:52"] {
        let json = repo.ok(&["refs", merged]);
        assert_edges(
            &format!("refs {merged}"),
            &ref_edges(&json),
            &["src/shapes.ts:56", "src/shapes.ts:58"],
            &[],
        );
    }
}

#[test]
fn calls_in_a_typed_object_literal_method_belong_to_its_variable() {
    let repo = Repo::indexed(FLOW);
    let json = repo.ok(&["callers", "src/registry.describe"]);
    assert_edges(
        "callers describe",
        &caller_edges(&json),
        &["src/registry.handlers"],
        &[],
    );
}

#[test]
fn members_of_an_object_type_alias_are_reached_through_it() {
    let repo = Repo::indexed(FLOW);
    let json = repo.ok(&["callers", "src/shapes.Plugin.apply"]);
    assert_edges(
        "callers Plugin.apply",
        &caller_edges(&json),
        &["src/shapes.runPlugin"],
        &[],
    );
}

#[test]
fn an_interface_depends_on_the_types_of_its_properties() {
    let repo = Repo::indexed(FLOW);
    let json = repo.ok(&["impact", "src/shapes.Square", "--depth", "1"]);
    let got = impact_map(&json);
    assert!(got.contains_key("src/shapes.Layout"), "{got:#?}");
    for field in ["src/shapes.Layout.cells", "src/shapes.Layout.frame.corner"] {
        assert!(!got.contains_key(field), "{field} in {got:#?}");
    }
}

#[test]
fn a_class_depends_on_the_types_of_its_fields_without_a_value() {
    let repo = Repo::indexed(FLOW);
    let json = repo.ok(&["impact", "src/shapes.Square", "--depth", "1"]);
    let got = impact_map(&json);
    assert!(got.contains_key("src/shapes.Gallery"), "{got:#?}");
    assert!(got.contains_key("src/shapes.Gallery.spare"), "{got:#?}");
    assert!(!got.contains_key("src/shapes.Gallery.#main"), "{got:#?}");
}
