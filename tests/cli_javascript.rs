//! End-to-end tests of `plumb` on tests/fixtures/javascript (.js ES
//! modules, an .mjs module, two CommonJS .cjs modules and a .jsx file).
//!
//! JavaScript has no type annotations: the "annotated parameter" case is a
//! JSDoc `@param {Cart} c`. A tool may use it (then `charge` is a correct
//! caller of Cart.total) or not (then it may only guess, below 0.5).
//!
//! Fixture landmarks (file:line):
//!   src/pricing.mjs:3    free function total; :11 applyTax
//!   src/models.js:1      `import { total as sumPrices } from './pricing.mjs'`
//!   src/models.js:3      class Cart; :13 linePrices; :17 Cart.total (this.linePrices() + sumPrices :18)
//!   src/models.js:22     class Order; :27 Order.total
//!   src/models.js:32     class DiscountCart extends Cart; :38 DiscountCart.total (super.total() :39)
//!   src/models.js:44     class VipCart extends DiscountCart
//!   src/index.js:2       `export { Cart, Order } from './models.js'`; :3 `export * from './pricing.mjs'`
//!   src/tax.cjs:4        roundCents; :8 withTax (calls roundCents :9); :12 module.exports
//!   src/receipt.cjs:3    `const { withTax } = require('./tax.cjs')`; :4 `const tax = require(...)`
//!   src/receipt.cjs:6    receiptLine (withTax() :7, tax.roundCents() :8)
//!   src/app.jsx:1        `import { Cart, Order, total } from './index.js'`
//!   src/app.jsx:2        `import { Cart as Basket, VipCart } from './models.js'`
//!   src/app.jsx:4        checkoutNew (new Basket() :5, c.total() :7)
//!   src/app.jsx:10-11    JSDoc {Cart} charge(c); :15-16 JSDoc {Order} ship(o); :20 summarize
//!   src/app.jsx:24       vipTotal (new VipCart() :25, v.total() :26)
//!   src/app.jsx:29       component CartView (new Cart() :30, cart.total() :34)

mod common;

use common::*;

const FX: &str = "javascript";

const CART_TOTAL: &str = "src/models.Cart.total";
const ORDER_TOTAL: &str = "src/models.Order.total";
const DISCOUNT_TOTAL: &str = "src/models.DiscountCart.total";
const FREE_TOTAL: &str = "src/pricing.total";

// --- symbol -----------------------------------------------------------------

#[test]
fn symbol_bare_ambiguous_name_returns_every_match() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "total"]);
    assert_set_eq(
        "symbol total",
        &qualnames(&json["targets"]),
        &[CART_TOTAL, ORDER_TOTAL, DISCOUNT_TOTAL, FREE_TOTAL],
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
        "src/models.js",
        17,
    );
}

#[test]
fn symbol_in_mjs_file_drops_the_extension_from_its_qualname() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "src/pricing.total"]);
    assert_def(
        single_target(&json),
        FREE_TOTAL,
        "function",
        "src/pricing.mjs",
        3,
    );
}

#[test]
fn symbol_in_cjs_file() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "withTax"]);
    assert_def(
        single_target(&json),
        "src/tax.withTax",
        "function",
        "src/tax.cjs",
        8,
    );
}

#[test]
fn symbol_component_in_jsx_file() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "CartView"]);
    assert_def(
        single_target(&json),
        "src/app.CartView",
        "function",
        "src/app.jsx",
        29,
    );
}

#[test]
fn symbol_path_line_inside_jsx_returns_enclosing_component() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "src/app.jsx:34"]);
    assert_def(
        single_target(&json),
        "src/app.CartView",
        "function",
        "src/app.jsx",
        29,
    );
}

#[test]
fn symbol_path_line_returns_innermost_method() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "src/models.js:39"]);
    assert_def(
        single_target(&json),
        DISCOUNT_TOTAL,
        "method",
        "src/models.js",
        38,
    );
}

// --- refs -------------------------------------------------------------------

#[test]
fn refs_of_class_cover_reexport_alias_instantiation_and_inheritance() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["refs", "src/models.Cart"]);
    assert_refs_well_formed("refs Cart", &json, "src/models.Cart");
    let edges = ref_edges(&json);
    let expected = [
        ("src/models.js:32", "inherit"),
        ("src/index.js:2", "import"),
        ("src/app.jsx:1", "import"),
        ("src/app.jsx:2", "import"),
        ("src/app.jsx:5", "instantiate"),
        ("src/app.jsx:30", "instantiate"),
    ];
    let keys: Vec<&str> = expected.iter().map(|(k, _)| *k).collect();
    // The JSDoc `{Cart}` at src/app.jsx:10 is a correct type ref if a tool reads JSDoc.
    assert_edges("refs src/models.Cart", &edges, &keys, &["src/app.jsx:10"]);
    for (at, kind) in expected {
        assert_ref_kind("refs src/models.Cart", &edges, at, kind);
    }
    assert_resolution("refs Cart via Basket", &edges, "src/app.jsx:5", &["import"]);
}

#[test]
fn refs_of_commonjs_function_cover_require_and_member_access() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["refs", "src/tax.roundCents"]);
    let edges = ref_edges(&json);
    assert_edges(
        "refs roundCents",
        &edges,
        &["src/tax.cjs:9", "src/receipt.cjs:8"],
        // `module.exports = { roundCents, ... }` names it too.
        &["src/tax.cjs:12"],
    );
    assert_ref_kind("refs roundCents", &edges, "src/tax.cjs:9", "call");
    assert_ref_kind("refs roundCents", &edges, "src/receipt.cjs:8", "call");
}

// --- callers ----------------------------------------------------------------

#[test]
fn callers_of_method_include_constructor_locals_and_super() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", CART_TOTAL]);
    assert_edges(
        "callers Cart.total",
        &caller_edges(&json),
        &["src/app.checkoutNew", "src/app.CartView", DISCOUNT_TOTAL],
        // JSDoc-typed parameter: correct if the tool reads JSDoc.
        &["src/app.charge"],
    );
}

#[test]
fn callers_of_method_exclude_same_named_method_on_other_class() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", CART_TOTAL]);
    // ship's parameter is documented as an Order: never a confident caller.
    assert_not_confident("callers Cart.total", &caller_edges(&json), "src/app.ship");
    // Without JSDoc, Order.total may have no caller at all (exit 1).
    let (code, json) = repo.query(&["callers", ORDER_TOTAL]);
    assert!(code == 0 || code == 1, "callers Order.total exited {code}");
    check_envelope(&json, "callers Order.total");
    let edges = caller_edges(&json);
    for q in ["src/app.checkoutNew", "src/app.CartView", DISCOUNT_TOTAL] {
        assert_absent("callers Order.total", &edges, q);
    }
    assert_edges("callers Order.total", &edges, &[], &["src/app.ship"]);
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
    // charge (JSDoc Cart) may be handed a DiscountCart: a possible dynamic dispatch.
    assert_edges(
        "callers DiscountCart.total",
        &caller_edges(&over),
        &["src/app.vipTotal"],
        &["src/app.charge"],
    );
}

#[test]
fn callers_of_free_function_follow_alias_and_star_reexport() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", FREE_TOTAL]);
    let edges = caller_edges(&json);
    assert_edges(
        "callers src/pricing.total",
        &edges,
        &[CART_TOTAL, "src/app.summarize"],
        &[],
    );
    assert_resolution("callers src/pricing.total", &edges, CART_TOTAL, &["import"]);
    assert_resolution(
        "callers src/pricing.total",
        &edges,
        "src/app.summarize",
        &["import"],
    );
}

#[test]
fn callers_of_commonjs_function_across_require() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", "src/tax.withTax"]);
    let edges = caller_edges(&json);
    assert_edges("callers withTax", &edges, &["src/receipt.receiptLine"], &[]);
    assert_resolution(
        "callers withTax",
        &edges,
        "src/receipt.receiptLine",
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
fn callees_through_destructured_require_and_module_object() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callees", "src/receipt.receiptLine"]);
    let edges = callee_edges(&json);
    assert_set_eq(
        "callees receiptLine",
        &callee_qualnames(&json),
        &["src/tax.withTax", "src/tax.roundCents"],
    );
    assert_resolution(
        "callees receiptLine",
        &edges,
        "src/tax.withTax",
        &["import"],
    );
}

#[test]
fn callees_of_same_file_helper_resolve_by_scope() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callees", "src/tax.withTax"]);
    let edges = callee_edges(&json);
    assert_set_eq(
        "callees withTax",
        &callee_qualnames(&json),
        &["src/tax.roundCents"],
    );
    assert_resolution("callees withTax", &edges, "src/tax.roundCents", &["scope"]);
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

// --- outline ----------------------------------------------------------------

#[test]
fn outline_lists_top_level_classes_with_kinds() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["outline", "src/models.js"]);
    assert_pairs_eq(
        "outline src/models.js",
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
fn outline_children_of_class_are_its_methods() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["outline", "src/models.js"]);
    let children = outline_children(&json, "src/models.Cart");
    let methods: std::collections::BTreeSet<(String, String)> = children
        .iter()
        .filter(|(_, k)| k == "method")
        .cloned()
        .collect();
    assert_pairs_eq(
        "methods of Cart",
        &methods,
        &[
            ("src/models.Cart.constructor", "method"),
            ("src/models.Cart.add", "method"),
            ("src/models.Cart.linePrices", "method"),
            ("src/models.Cart.total", "method"),
        ],
    );
    // `this.items = []` may be listed, but only as a field.
    for (q, k) in children.iter().filter(|(_, k)| k != "method") {
        assert_eq!((q.as_str(), k.as_str()), ("src/models.Cart.items", "field"));
    }
}

#[test]
fn outline_of_commonjs_module() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["outline", "src/tax.cjs"]);
    assert_pairs_eq(
        "outline src/tax.cjs",
        &outline_top(&json),
        &[
            ("src/tax.roundCents", "function"),
            ("src/tax.withTax", "function"),
        ],
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
            ("src/app.summarize", 1),
            ("src/app.checkoutNew", 2),
            ("src/app.CartView", 2),
            (DISCOUNT_TOTAL, 2),
        ],
        // charge: JSDoc-typed caller of Cart.total. ship: only if the tool
        // follows name-only guesses (its JSDoc says Order).
        &["src/app.charge", "src/app.ship"],
    );
}
