//! End-to-end tests of `plumb` on tests/fixtures/python.
//!
//! Fixture landmarks (file:line):
//!   shop/__init__.py:3   re-exports Cart, Order, DiscountCart; :4 re-exports total
//!   shop/models.py:3     `from .pricing import total as sum_prices`
//!   shop/models.py:6     class Cart; :19 Cart.total (self._line_prices() + sum_prices)
//!   shop/models.py:22-23 @staticmethod Cart.empty; :24 `Cart()`
//!   shop/models.py:27    class Order; :33 Order.total
//!   shop/models.py:37    class DiscountCart(Cart); :44 DiscountCart.total (super().total() at :45)
//!   shop/models.py:49    class VipCart(DiscountCart)
//!   shop/pricing.py:4    free function total
//!   shop/checkout.py:3   `from .models import Cart as Basket`; :8 checkout_new (c = Basket(); c.total())
//!   shop/checkout.py:14  ship(o: Order); :18 summarize -> total()
//!   app.py:3             `from shop import Cart` (through the re-export)
//!   app.py:8 charge(c: Cart); :12 vip_total(c: VipCart); :16 guess(x) (untyped); :20 main
//!   shop/parcels.py:4    class Tag; :7 Tag.describe
//!   shop/parcels.py:17-28 property Parcel.weight (name :18), `@weight.setter` :22-23, `@weight.deleter` :26-27
//!   shop/parcels.py:30-31 property Parcel.tag -> Tag; :35 `self.weight = self.weight + grams`
//!   shop/parcels.py:38   class Crate(Parcel); :42 `self.weight` (inherited)
//!   shop/parcels.py:45   class Label; :48 plain class attribute `weight`
//!   shop/parcels.py:51   weigh(parcel: Parcel, label: Label): :52 write, :53 `label.weight`, :54 read
//!   shop/parcels.py:57   pack(): `crate = Crate(5)`, `box = Parcel(3)`, reads at :60
//!   shop/parcels.py:63   describe_tag(parcel: Parcel): `parcel.tag.describe()` at :64
//!   shop/parcels.py:67   relabel(label: Label): `label.weight = …` at :68
//!   shop/parcels.py:71   class Sticker(Label): `self.weight = …` at :75, its own attribute

mod common;

use common::*;

const FX: &str = "python";

const CART_TOTAL: &str = "shop.models.Cart.total";
const ORDER_TOTAL: &str = "shop.models.Order.total";
const DISCOUNT_TOTAL: &str = "shop.models.DiscountCart.total";
const FREE_TOTAL: &str = "shop.pricing.total";

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
        "notes should say the name is ambiguous: {}",
        json["notes"]
    );
}

#[test]
fn symbol_class_dot_method_returns_exactly_that_method() {
    // `Cart.total` must not match `DiscountCart.total` (segment, not string, suffix).
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "Cart.total"]);
    assert_def(
        single_target(&json),
        CART_TOTAL,
        "method",
        "shop/models.py",
        19,
    );
}

#[test]
fn symbol_fully_qualified_name_returns_exactly_one() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "shop.models.Order.total"]);
    assert_def(
        single_target(&json),
        ORDER_TOTAL,
        "method",
        "shop/models.py",
        33,
    );
}

#[test]
fn symbol_free_function_is_a_function_not_a_method() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "shop.pricing.total"]);
    assert_def(
        single_target(&json),
        FREE_TOTAL,
        "function",
        "shop/pricing.py",
        4,
    );
}

#[test]
fn symbol_reexported_class_has_one_definition() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "Cart"]);
    assert_def(
        single_target(&json),
        "shop.models.Cart",
        "class",
        "shop/models.py",
        6,
    );
}

#[test]
fn symbol_top_level_module_uses_file_stem() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "charge"]);
    assert_def(single_target(&json), "app.charge", "function", "app.py", 8);
}

#[test]
fn symbol_path_line_returns_innermost_method() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "shop/models.py:20"]);
    assert_def(
        single_target(&json),
        CART_TOTAL,
        "method",
        "shop/models.py",
        19,
    );
}

#[test]
fn symbol_path_line_on_decorator_returns_decorated_method() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "shop/models.py:22"]);
    let t = single_target(&json);
    assert_eq!(t["qualname"], "shop.models.Cart.empty");
    assert_eq!(t["kind"], "method");
}

#[test]
fn symbol_path_line_in_class_docstring_returns_class() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "shop/models.py:7"]);
    assert_def(
        single_target(&json),
        "shop.models.Cart",
        "class",
        "shop/models.py",
        6,
    );
}

// --- refs -------------------------------------------------------------------

#[test]
fn refs_of_class_cover_reexport_alias_annotation_instantiation_and_inheritance() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["refs", "shop.models.Cart"]);
    assert_refs_well_formed("refs Cart", &json, "shop.models.Cart");
    let edges = ref_edges(&json);
    let expected = [
        ("shop/__init__.py:3", "import"),
        ("shop/models.py:24", "instantiate"),
        ("shop/models.py:37", "inherit"),
        ("shop/checkout.py:3", "import"),
        ("shop/checkout.py:9", "instantiate"),
        ("app.py:3", "import"),
        ("app.py:8", "type"),
        ("app.py:21", "instantiate"),
    ];
    let keys: Vec<&str> = expected.iter().map(|(k, _)| *k).collect();
    assert_edges("refs shop.models.Cart", &edges, &keys, &[]);
    for (at, kind) in expected {
        assert_ref_kind("refs shop.models.Cart", &edges, at, kind);
    }
}

#[test]
fn refs_enclosing_symbol_is_the_innermost_definition() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["refs", "shop.models.Cart"]);
    let edges = ref_edges(&json);
    let enclosing = |at: &str| {
        edges
            .iter()
            .find(|e| e.key == at)
            .unwrap_or_else(|| panic!("no ref at {at}"))
            .raw["enclosing"]["qualname"]
            .clone()
    };
    assert_eq!(
        enclosing("shop/checkout.py:9"),
        "shop.checkout.checkout_new"
    );
    assert_eq!(enclosing("app.py:21"), "app.main");
    assert_eq!(enclosing("shop/models.py:24"), "shop.models.Cart.empty");
}

#[test]
fn refs_through_imported_alias_resolve_by_import() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["refs", "shop.models.Cart"]);
    assert_resolution(
        "refs Cart via Basket",
        &ref_edges(&json),
        "shop/checkout.py:9",
        &["import"],
    );
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
            "shop.checkout.checkout_new",
            "app.charge",
            "app.main",
            DISCOUNT_TOTAL,
        ],
        &[],
    );
}

#[test]
fn callers_sites_point_at_the_call() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", CART_TOTAL]);
    let r = json["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["caller"]["qualname"] == "shop.checkout.checkout_new")
        .expect("checkout_new calls Cart.total");
    let sites: Vec<(String, u64)> = r["sites"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["file"].as_str().unwrap().to_string(),
                s["line"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(sites, vec![("shop/checkout.py".to_string(), 11)]);
}

#[test]
fn callers_of_method_exclude_same_named_method_on_other_class() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", CART_TOTAL]);
    // ship(o: Order) calls Order.total: it must not show up at all.
    assert_absent(
        "callers Cart.total",
        &caller_edges(&json),
        "shop.checkout.ship",
    );
}

#[test]
fn callers_of_other_class_method_are_only_its_own() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", ORDER_TOTAL]);
    let edges = caller_edges(&json);
    assert_edges("callers Order.total", &edges, &["shop.checkout.ship"], &[]);
    for q in ["shop.checkout.checkout_new", "app.charge", "app.main"] {
        assert_absent("callers Order.total", &edges, q);
    }
}

#[test]
fn callers_of_base_method_exclude_calls_dispatched_to_an_override() {
    // vip_total(c: VipCart) calls DiscountCart.total (inherited override).
    let repo = Repo::indexed(FX);
    let base = repo.ok(&["callers", CART_TOTAL]);
    assert_not_confident("callers Cart.total", &caller_edges(&base), "app.vip_total");
    let over = repo.ok(&["callers", DISCOUNT_TOTAL]);
    // charge(c: Cart) may be handed a DiscountCart: a possible dynamic dispatch.
    assert_edges(
        "callers DiscountCart.total",
        &caller_edges(&over),
        &["app.vip_total"],
        &["app.charge"],
    );
}

#[test]
fn callers_of_untyped_receiver_are_only_low_confidence_guesses() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", CART_TOTAL]);
    assert_not_confident("callers Cart.total", &caller_edges(&json), "app.guess");
}

#[test]
fn callers_of_free_function_exclude_same_named_methods() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", FREE_TOTAL]);
    let edges = caller_edges(&json);
    assert_edges(
        "callers shop.pricing.total",
        &edges,
        &[CART_TOTAL, "shop.checkout.summarize"],
        &[],
    );
    // Cart.total calls it through the alias `sum_prices`.
    assert_resolution(
        "callers shop.pricing.total",
        &edges,
        CART_TOTAL,
        &["import"],
    );
    assert_resolution(
        "callers shop.pricing.total",
        &edges,
        "shop.checkout.summarize",
        &["import"],
    );
}

// --- callees ----------------------------------------------------------------

#[test]
fn callees_of_method_calling_self_helper_and_imported_alias() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callees", CART_TOTAL]);
    let edges = callee_edges(&json);
    assert_set_eq(
        "callees Cart.total",
        &callee_qualnames(&json),
        &["shop.models.Cart._line_prices", FREE_TOTAL],
    );
    assert_resolution(
        "callees Cart.total",
        &edges,
        "shop.models.Cart._line_prices",
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
    let json = repo.ok(&["impls", "shop.models.Cart"]);
    let got = impls_map(&json);
    assert_set_eq(
        "impls Cart",
        &got.keys().cloned().collect(),
        &["shop.models.DiscountCart"],
    );
    assert!(
        got["shop.models.DiscountCart"],
        "DiscountCart is a direct subclass"
    );
}

#[test]
fn impls_transitive_includes_grandchildren_marked_indirect() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["impls", "shop.models.Cart", "--transitive"]);
    let got = impls_map(&json);
    assert_set_eq(
        "impls --transitive Cart",
        &got.keys().cloned().collect(),
        &["shop.models.DiscountCart", "shop.models.VipCart"],
    );
    assert!(got["shop.models.DiscountCart"]);
    assert!(
        !got["shop.models.VipCart"],
        "VipCart subclasses Cart only through DiscountCart"
    );
}

// --- outline ----------------------------------------------------------------

#[test]
fn outline_lists_top_level_classes_with_kinds() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["outline", "shop/models.py"]);
    assert_pairs_eq(
        "outline shop/models.py",
        &outline_top(&json),
        &[
            ("shop.models.Cart", "class"),
            ("shop.models.Order", "class"),
            ("shop.models.DiscountCart", "class"),
            ("shop.models.VipCart", "class"),
        ],
    );
}

#[test]
fn outline_children_of_class_are_its_methods() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["outline", "shop/models.py"]);
    let children = outline_children(&json, "shop.models.Cart");
    let methods: std::collections::BTreeSet<(String, String)> = children
        .iter()
        .filter(|(_, k)| k == "method")
        .cloned()
        .collect();
    assert_pairs_eq(
        "methods of Cart",
        &methods,
        &[
            ("shop.models.Cart.__init__", "method"),
            ("shop.models.Cart.add", "method"),
            ("shop.models.Cart._line_prices", "method"),
            ("shop.models.Cart.total", "method"),
            ("shop.models.Cart.empty", "method"),
        ],
    );
    // Instance attributes may be listed, but only as fields.
    for (q, k) in children.iter().filter(|(_, k)| k != "method") {
        assert_eq!(
            (q.as_str(), k.as_str()),
            ("shop.models.Cart.items", "field")
        );
    }
}

#[test]
fn outline_of_top_level_module() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["outline", "app.py"]);
    assert_pairs_eq(
        "outline app.py",
        &outline_top(&json),
        &[
            ("app.charge", "function"),
            ("app.vip_total", "function"),
            ("app.guess", "function"),
            ("app.main", "function"),
        ],
    );
}

// --- impact -----------------------------------------------------------------

#[test]
fn impact_depth_2_of_free_function_follows_alias_and_reexport() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["impact", FREE_TOTAL, "--depth", "2"]);
    assert_impact(
        "impact shop.pricing.total --depth 2",
        &json,
        2,
        &[
            (CART_TOTAL, 1),
            ("shop.checkout.summarize", 1),
            ("shop.checkout.checkout_new", 2),
            ("app.charge", 2),
            ("app.main", 2),
            (DISCOUNT_TOTAL, 2),
        ],
        // app.guess calls `.total()` on an untyped value: a guess, if followed at all.
        &["app.guess"],
    );
}

#[test]
fn impact_depth_1_stops_at_direct_callers() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["impact", FREE_TOTAL, "--depth", "1"]);
    assert_impact(
        "impact shop.pricing.total --depth 1",
        &json,
        1,
        &[(CART_TOTAL, 1), ("shop.checkout.summarize", 1)],
        &[],
    );
}

// --- properties -------------------------------------------------------------

const WEIGHT: &str = "shop.parcels.Parcel.weight";

#[test]
fn symbol_property_with_setter_and_deleter_is_one_method() {
    // The getter, `@weight.setter` and `@weight.deleter` are one symbol,
    // named at the getter and spanning all three.
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "Parcel.weight"]);
    let target = single_target(&json);
    assert_def(target, WEIGHT, "method", "shop/parcels.py", 18);
    assert_eq!(target["end_line"], 28, "{target}");
}

#[test]
fn refs_of_property_are_reads_writes_and_accessor_decorators() {
    // Through `self`, an inherited `self`, an annotated parameter and
    // constructor-typed locals, the accessor decorators and the accessors'
    // own names (:23, :27); `label.weight` (:53) is `Label`'s.
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["refs", "Parcel.weight"]);
    assert_refs_well_formed("refs Parcel.weight", &json, WEIGHT);
    let edges = ref_edges(&json);
    let expected = [
        ("shop/parcels.py:22", "read"),
        ("shop/parcels.py:23", "write"),
        ("shop/parcels.py:26", "read"),
        ("shop/parcels.py:27", "write"),
        ("shop/parcels.py:35", "read"),
        ("shop/parcels.py:35", "write"),
        ("shop/parcels.py:42", "read"),
        ("shop/parcels.py:52", "write"),
        ("shop/parcels.py:54", "read"),
        ("shop/parcels.py:60", "read"),
    ];
    let keys: Vec<&str> = expected.iter().map(|(k, _)| *k).collect();
    assert_edges("refs Parcel.weight", &edges, &keys, &[]);
    for (at, kind) in expected {
        assert_ref_kind("refs Parcel.weight", &edges, at, kind);
    }
    assert_eq!(
        edges.len(),
        11,
        "two reads at :60 and a read and a write at :35: {edges:#?}"
    );
}

#[test]
fn refs_of_class_attribute_are_its_reads_and_writes_not_the_property() {
    // A subclass assigning the attribute (:75) gives its instances their own.
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["refs", "Label.weight"]);
    let edges = ref_edges(&json);
    assert_edges(
        "refs Label.weight",
        &edges,
        &["shop/parcels.py:53", "shop/parcels.py:68"],
        &[],
    );
    assert_ref_kind("refs Label.weight", &edges, "shop/parcels.py:68", "write");
}

#[test]
fn property_return_type_types_the_next_call() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", "shop.parcels.Tag.describe"]);
    assert_edges(
        "callers Tag.describe",
        &caller_edges(&json),
        &["shop.parcels.describe_tag"],
        &[],
    );
}

// --- tests/fixtures/python-flow: types through collections, class-level
// annotations, `with`, module paths, decorators and inherited constructors.
//   flow/store.py:1   class Store: :2 get, :5 close, :8 __enter__
//   flow/store.py:15  class Command: :16 __init__, :19 invoke; :23 class Alias(Command)
//   flow/store.py:28  `current: Store = Store()`
//   flow/runner.py:5  register; :9 class Runner (`store: Store` at :10)
//   flow/runner.py:12 __init__(commands: list[Command]); :15 run_all (`for c in
//                     self.commands: c.invoke()`); :19 first (`self.commands[0].invoke()`);
//                     :22 lookup (`self.store.get`)
//   flow/runner.py:26 `@register` on main (:27): `Alias("x")`, `with Store() as s:
//                     s.close()`, `store.current.get("y")`
//   flow/runner.py:34 class Group: :35 command; :39 `group = Group()`; :42 `@group.command`
//                     on sub (:43)
//   flow/store.py:31  `_missing = object()`; :34 fetch(key, default=_missing), `is _missing` :35
//   flow/store.py:40  class Slot(list): :41 __init__; flow/runner.py:47 make_slot: `Slot[int]()`
//   flow/__init__.py  `from .store import current`; flow/runner.py:54 close_current:
//                     `flow.current.close()`
//   flow/store.py:53  split(line) -> "tuple[str, Command]"; flow/runner.py:58 run_line:
//                     `name, cmd = split(line)`, `cmd.invoke()` at :60
//   flow/store.py:57  class Handler: handle(self, store: Store, key); flow/runner.py:63
//                     class QuietHandler(Handler): handle(self, store, key), `store.close()`
//   flow/store.py:62  make_alias(): `return Alias("x")`, no annotation; flow/runner.py:68
//                     retarget: `store.make_alias().target()`
//   flow/store.py:45  checked(f): nested wrapper(self: Store) (:46) calls `self.close()` at :47

const FLOW: &str = "python-flow";

fn flow_callers(name: &str) -> Vec<Edge> {
    let repo = Repo::indexed(FLOW);
    caller_edges(&repo.ok(&["callers", name]))
}

#[test]
fn for_loop_and_subscript_take_the_element_type_of_an_attribute() {
    assert_edges(
        "callers Command.invoke",
        &flow_callers("flow.store.Command.invoke"),
        &["flow.runner.Runner.run_all", "flow.runner.Runner.first"],
        &["flow.runner.run_line"],
    );
}

#[test]
fn class_level_annotation_and_module_variable_type_their_calls() {
    assert_edges(
        "callers Store.get",
        &flow_callers("flow.store.Store.get"),
        &["flow.runner.Runner.lookup", "flow.runner.main"],
        &[],
    );
}

#[test]
fn with_as_binds_the_value_entered() {
    assert_edges(
        "callers Store.close",
        &flow_callers("flow.store.Store.close"),
        &["flow.runner.main"],
        &[
            "flow.runner.close_current",
            "flow.store.checked.wrapper",
            "flow.runner.QuietHandler.handle",
        ],
    );
}

#[test]
fn bare_decorator_is_a_call_by_the_decorated_function() {
    assert_edges(
        "callers register",
        &flow_callers("flow.runner.register"),
        &["flow.runner.main"],
        &[],
    );
}

#[test]
fn attribute_decorator_is_a_call_of_its_last_name() {
    assert_edges(
        "callers Group.command",
        &flow_callers("flow.runner.Group.command"),
        &["flow.runner.sub"],
        &[],
    );
}

#[test]
fn default_values_and_comparisons_read_module_variables() {
    let repo = Repo::indexed(FLOW);
    let json = repo.ok(&["refs", "flow.store._missing"]);
    let lines: Vec<u64> = json["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [34, 35], "{json:#}");
}

#[test]
fn generic_class_called_with_type_arguments_is_constructed() {
    assert_edges(
        "callers Slot.__init__",
        &flow_callers("flow.store.Slot.__init__"),
        &["flow.runner.make_slot"],
        &[],
    );
}

#[test]
fn package_variable_imported_into_the_package_types_its_calls() {
    assert_edges(
        "callers Store.close",
        &flow_callers("flow.store.Store.close"),
        &["flow.runner.close_current"],
        &[
            "flow.runner.main",
            "flow.store.checked.wrapper",
            "flow.runner.QuietHandler.handle",
        ],
    );
}

#[test]
fn annotated_self_outside_a_class_types_its_calls() {
    assert_edges(
        "callers Store.close",
        &flow_callers("flow.store.Store.close"),
        &["flow.store.checked.wrapper"],
        &[
            "flow.runner.main",
            "flow.runner.close_current",
            "flow.runner.QuietHandler.handle",
        ],
    );
}

#[test]
fn tuple_targets_take_the_members_of_the_returned_tuple() {
    assert_edges(
        "callers Command.invoke",
        &flow_callers("flow.store.Command.invoke"),
        &["flow.runner.run_line"],
        &["flow.runner.Runner.run_all", "flow.runner.Runner.first"],
    );
}

#[test]
fn unannotated_parameter_of_an_override_takes_the_base_annotation() {
    assert_edges(
        "callers Store.close",
        &flow_callers("flow.store.Store.close"),
        &["flow.runner.QuietHandler.handle"],
        &[
            "flow.runner.main",
            "flow.runner.close_current",
            "flow.store.checked.wrapper",
        ],
    );
}

#[test]
fn unannotated_function_returns_the_type_its_return_constructs() {
    assert_edges(
        "callers Alias.target",
        &flow_callers("flow.store.Alias.target"),
        &["flow.runner.retarget"],
        &[],
    );
}

#[test]
fn callers_of_constructor_include_constructions_of_inheriting_subclasses() {
    assert_edges(
        "callers Command.__init__",
        &flow_callers("flow.store.Command.__init__"),
        &["flow.runner.main"],
        &["flow.store.split", "flow.store.make_alias"],
    );
}

// --- status -----------------------------------------------------------------

#[test]
fn status_counts_every_python_file_as_indexed() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["status"]);
    assert_eq!(
        json["results"]["files"]["indexed"], 6,
        "{:#}",
        json["results"]
    );
    assert_eq!(
        json["results"]["skipped"],
        serde_json::json!([]),
        "{:#}",
        json["results"]
    );
}
