//! symbol, refs, callers, callees and impls on the hard case of one name
//! defined by several types: each question about one of them must answer
//! for that one only.

use expect_test::expect;

use super::{check, name};

/// Two classes with a `total` each, a subclass overriding one, a free
/// function of the same name, and callers typed by annotation.
const SHOP: &str = r#"
//- /shop/__init__.py
//- /shop/models.py
class Cart:
    def total(self):
        return sum(self.prices())

    def prices(self):
        return []


class Order:
    def total(self):$0
        return 2


class BigOrder(Order):
    def total(self):
        return 3
//- /shop/app.py
from shop.models import Cart, Order


def total():
    return 0


def charge(c: Cart, o: Order):
    return c.total() + o.total()


def ship(o: Order):
    return o.total()
"#;

#[test]
fn symbol_at_the_cursor_is_the_one_method() {
    check(
        SHOP,
        |engine, cursor| engine.symbol_info(&cursor.unwrap()),
        expect![[r#"
            symbol shop/models.py:10: 1 results (exact)
            method shop.models.Order.total  shop/models.py:10-11
                def total(self)
        "#]],
    );
}

#[test]
fn a_bare_name_answers_for_every_definition() {
    check(
        SHOP,
        |engine, _| engine.symbol_info(&name("total")),
        expect![[r#"
            symbol total: 4 results (exact)
            function shop.app.total  shop/app.py:4-5
                def total()
            method shop.models.Cart.total  shop/models.py:2-3
                def total(self)
            method shop.models.Order.total  shop/models.py:10-11
                def total(self)
            method shop.models.BigOrder.total  shop/models.py:15-16
                def total(self)
            note: "total" is ambiguous: 4 symbols match; answering for all (narrow with a qualified name or path:LINE)
        "#]],
    );
}

#[test]
fn callers_of_one_method_leave_the_other_class_out() {
    check(
        SHOP,
        |engine, cursor| engine.callers(&cursor.unwrap()),
        expect![[r#"
            callers shop/models.py:10: 2 results (exact)
            function shop.app.charge  (shop/app.py:8)  [receiver 0.85]  at shop/app.py:9
            function shop.app.ship  (shop/app.py:12)  [receiver 0.85]  at shop/app.py:13
        "#]],
    );
    check(
        SHOP,
        |engine, _| engine.callers(&name("Cart.total")),
        expect![[r#"
            callers Cart.total: 1 results (exact)
            function shop.app.charge  (shop/app.py:8)  [receiver 0.85]  at shop/app.py:9
        "#]],
    );
}

#[test]
fn refs_of_a_class_list_imports_annotations_and_bases() {
    check(
        SHOP,
        |engine, _| engine.refs(&name("shop.models.Order")),
        expect![[r#"
            refs shop.models.Order: 4 results (exact)
            shop/app.py:1:31  import  in top level  [import 0.90]
            shop/app.py:8:24  type  in shop.app.charge  [import 0.90]
            shop/app.py:12:13  type  in shop.app.ship  [import 0.90]
            shop/models.py:14:16  inherit  in shop.models.BigOrder  [scope 0.95]
        "#]],
    );
}

#[test]
fn callees_of_a_method_reach_its_own_class() {
    check(
        SHOP,
        |engine, _| engine.callees(&name("shop.models.Cart.total")),
        expect![[r#"
            callees shop.models.Cart.total: 1 results (lower bound)
            method shop.models.Cart.prices  (shop/models.py:5)  [scope 0.95]  at shop/models.py:3
            note: 1 calls could not be resolved (external, built-in or dynamic)
        "#]],
    );
}

#[test]
fn impls_of_a_method_are_its_overrides() {
    check(
        SHOP,
        |engine, cursor| engine.impls(&cursor.unwrap(), false),
        expect![[r#"
            impls shop/models.py:10: 1 results (exact)
            method shop.models.BigOrder.total  (shop/models.py:15)  direct
        "#]],
    );
}

/// Two same-named methods whose callers interleave in the file: `impact`
/// must list the first definition's dependents, then the second's, on
/// every run (it once took them in a hash set's order).
const TWO_TOTALS: &str = r#"
//- /shop.py
class Cart:
    def total(self):
        return 1


class Order:
    def total(self):
        return 2


def charge(c: Cart, o: Order):
    return c.total() + o.total()


def ship(o: Order):
    return o.total()


def pay(c: Cart):
    return c.total()
"#;

/// A watch that records every step and stops the query at `stop_at`.
struct StopAt {
    stop_at: u32,
    steps: std::rc::Rc<std::cell::RefCell<Vec<(u32, u32, usize)>>>,
}

impl crate::Watch for StopAt {
    fn step(&self, done: u32, total: u32, found: usize) -> bool {
        self.steps.borrow_mut().push((done, total, found));
        done < self.stop_at
    }
}

#[test]
fn a_watch_follows_impact_level_by_level_and_can_stop_it() {
    let fixture = super::fixture::Fixture::parse(TWO_TOTALS);
    let steps = std::rc::Rc::default();
    let (_dir, engine) = super::indexed(&fixture);
    let engine = engine.watched(Box::new(StopAt {
        stop_at: 9,
        steps: std::rc::Rc::clone(&steps),
    }));
    assert_eq!(engine.impact(&name("total"), 3).unwrap().results.len(), 3);
    assert_eq!(*steps.borrow(), [(0, 3, 0), (1, 3, 3), (2, 3, 3)]);

    let (_dir, engine) = super::indexed(&fixture);
    let stopped = engine.watched(Box::new(StopAt {
        stop_at: 1,
        steps: std::rc::Rc::default(),
    }));
    let err = stopped.impact(&name("total"), 3).unwrap_err();
    assert!(matches!(err, crate::Error::Cancelled), "{err}");
}

#[test]
fn impact_of_several_definitions_follows_them_in_order() {
    check(
        TWO_TOTALS,
        |engine, _| engine.impact(&name("total"), 1),
        expect![[r#"
            impact total: 3 results (exact)
            # target: method shop.Cart.total (shop.py:2)
            # target: method shop.Order.total (shop.py:7)
            1  caller      function shop.charge  (shop.py:11)
            1  caller      function shop.pay  (shop.py:19)
            1  caller      function shop.ship  (shop.py:15)
            note: "total" is ambiguous: 2 symbols match; answering for all (narrow with a qualified name or path:LINE)
        "#]],
    );
}
