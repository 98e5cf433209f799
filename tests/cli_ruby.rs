//! End-to-end tests of `plumb` on tests/fixtures/ruby.
//!
//! Fixture landmarks (file:line), all under lib/:
//!   shop/base.rb:3       Shop::Base (price :4 calls self.total, total :8)
//!   shop/describes.rb:2  module Shop::Describes (describe :3)
//!   shop/cart.rb:4       Shop::Cart < Base, `include Describes` (build :7 `def self.build`,
//!                        initialize :11, add :15, total :19 calls super and helper(1), helper :23)
//!   shop/cart_ext.rb:3   Shop::Cart reopened (summary :4 calls `helper 2` and bare `count`, count :9)
//!   shop/order.rb:2      Shop::Order < Base (total :3, checkout :7 through `@cart = Cart.new`)
//!   app.rb:3             top-level `def total`; main :7 (`cart = Shop::Cart.new`, Shop::Cart.build)

mod common;

use common::*;

const FX: &str = "ruby";

#[test]
fn same_named_methods_keep_their_own_callers() {
    let repo = Repo::indexed(FX);
    let cart_total = repo.ok(&["callers", "lib/shop/cart.rb:19"]);
    assert_eq!(
        located(&cart_total, "caller"),
        set(["Shop::Order::checkout@lib/shop/order.rb:7"])
    );
    assert_resolution(
        "@cart.total through the instance variable",
        &caller_edges(&cart_total),
        "Shop::Order::checkout",
        &["receiver"],
    );
    let function = repo.ok(&["callers", "lib/app.rb:3"]);
    assert_eq!(located(&function, "caller"), set(["main@lib/app.rb:7"]));
    let (code, order_total) = repo.query(&["callers", "lib/shop/order.rb:3"]);
    assert_eq!(code, 1, "nothing calls Order#total: {order_total:#}");
}

#[test]
fn super_and_self_reach_the_base_methods() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", "lib/shop/base.rb:8"]);
    assert_eq!(
        located(&json, "caller"),
        set([
            "Shop::Base::price@lib/shop/base.rb:4",
            "Shop::Cart::total@lib/shop/cart.rb:19",
        ])
    );
    assert_resolution(
        "bare super in Cart#total",
        &caller_edges(&json),
        "Shop::Cart::total",
        &["inheritance"],
    );
}

#[test]
fn a_reopened_class_shares_its_members() {
    let repo = Repo::indexed(FX);
    let helper = repo.ok(&["callers", "lib/shop/cart.rb:23"]);
    assert_eq!(
        located(&helper, "caller"),
        set([
            "Shop::Cart::total@lib/shop/cart.rb:19",
            "Shop::Cart::summary@lib/shop/cart_ext.rb:4",
        ])
    );
    let callees = repo.ok(&["callees", "lib/shop/cart_ext.rb:4"]);
    assert_eq!(
        located(&callees, "callee"),
        set([
            "Shop::Cart::helper@lib/shop/cart.rb:23",
            "Shop::Cart::count@lib/shop/cart_ext.rb:9",
        ])
    );
    let symbol = repo.ok(&["symbol", "Shop::Cart"]);
    let files: std::collections::BTreeSet<String> = symbol["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| format!("{}:{}", s["file"].as_str().unwrap(), s["line"]))
        .collect();
    assert_eq!(files, set(["lib/shop/cart.rb:4", "lib/shop/cart_ext.rb:3"]));
}

#[test]
fn callees_follow_constructors_mixins_and_class_methods() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callees", "lib/app.rb:7"]);
    assert_eq!(
        located(&json, "callee"),
        set([
            "Shop::Cart@lib/shop/cart.rb:4",
            "Shop::Cart@lib/shop/cart_ext.rb:3",
            "Shop::Cart::add@lib/shop/cart.rb:15",
            "Shop::Cart::summary@lib/shop/cart_ext.rb:4",
            "Shop::Describes::describe@lib/shop/describes.rb:3",
            "Shop::Order@lib/shop/order.rb:2",
            "Shop::Order::checkout@lib/shop/order.rb:7",
            "Shop::Cart::build@lib/shop/cart.rb:7",
            "total@lib/app.rb:3",
        ])
    );
    assert_resolution(
        "describe comes from the included module",
        &callee_edges(&json),
        "Shop::Describes::describe",
        &["inheritance"],
    );
    let add = repo.ok(&["callers", "lib/shop/cart.rb:15"]);
    assert_eq!(
        located(&add, "caller"),
        set([
            "main@lib/app.rb:7",
            "Shop::Order::checkout@lib/shop/order.rb:7",
        ])
    );
}

#[test]
fn impls_follow_superclasses_and_includes() {
    let repo = Repo::indexed(FX);
    let base = repo.ok(&["impls", "Shop::Base"]);
    assert_eq!(
        impls_map(&base),
        [
            ("Shop::Cart".to_owned(), true),
            ("Shop::Order".to_owned(), true)
        ]
        .into()
    );
    let describes = repo.ok(&["impls", "Shop::Describes"]);
    assert_eq!(
        impls_map(&describes),
        [("Shop::Cart".to_owned(), true)].into()
    );
}

#[test]
fn outline_nests_modules_classes_and_methods() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["outline", "lib/shop/cart.rb"]);
    assert_pairs_eq(
        "outline cart.rb",
        &outline_top(&json),
        &[("Shop", "module")],
    );
    assert_pairs_eq(
        "Shop in cart.rb",
        &outline_children(&json, "Shop"),
        &[("Shop::Cart", "class")],
    );
    assert_pairs_eq(
        "Cart members",
        &outline_children(&json, "Shop::Cart"),
        &[
            ("Shop::Cart::build", "method"),
            ("Shop::Cart::initialize", "method"),
            ("Shop::Cart::add", "method"),
            ("Shop::Cart::total", "method"),
            ("Shop::Cart::helper", "method"),
        ],
    );
    let app = repo.ok(&["outline", "lib/app.rb"]);
    assert_pairs_eq(
        "outline app.rb",
        &outline_top(&app),
        &[("total", "function"), ("main", "function")],
    );
    let status = repo.ok(&["status"]);
    assert_eq!(
        status["results"]["languages"]["ruby"], 6,
        "{:#}",
        status["results"]
    );
}
