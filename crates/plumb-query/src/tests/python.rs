//! Python constructs real projects use (issue 26): namespace packages,
//! classes constructed through `cls()` in nested functions, names typed by
//! `TYPE_CHECKING` imports and string annotations, chained calls.

use expect_test::expect;

use super::check;

#[test]
fn namespace_packages_keep_their_package_prefix() {
    check(
        r#"
//- /app/__init__.py
//- /app/base.py
class Base:
    pass
//- /app/core/m.py
from ..base import Base


class Widget$0(Base):
    pass
//- /app/ext/m.py
from app.core.m import Widget


class Gadget(Widget):
    pass
"#,
        |engine, cursor| engine.impls(&cursor.unwrap(), false),
        expect![[r#"
            impls app/core/m.py:4: 1 results (exact)
            class app.ext.m.Gadget  (app/ext/m.py:4)  direct
        "#]],
    );
}

#[test]
fn cls_called_in_a_nested_function_constructs_the_class() {
    check(
        r#"
//- /views.py
class View:
    def dispatch$0(self):
        return 1

    @classmethod
    def as_view(cls):
        def view():
            return cls().dispatch()

        return view
"#,
        |engine, cursor| engine.callers(&cursor.unwrap()),
        expect![[r#"
            callers views.py:2: 1 results (exact)
            function views.View.as_view.view  (views.py:7)  [receiver 0.85]  at views.py:8
        "#]],
    );
}

#[test]
fn type_checking_imports_and_string_annotations_type_their_names() {
    check(
        r#"
//- /app/__init__.py
//- /app/store.py
class Store:
    def get$0(self):
        return 0
//- /app/views.py
from __future__ import annotations

import typing as t

if t.TYPE_CHECKING:
    from .store import Store


def fetch(store: "Store"):
    def inner():
        return store.get()

    return inner


def count(store: Store) -> int:
    return store.get()
"#,
        |engine, cursor| engine.callers(&cursor.unwrap()),
        expect![[r#"
            callers app/store.py:2: 2 results (exact)
            function app.views.count  (app/views.py:16)  [receiver 0.85]  at app/views.py:17
            function app.views.fetch.inner  (app/views.py:10)  [receiver 0.85]  at app/views.py:11
        "#]],
    );
}

#[test]
fn chained_calls_are_typed_by_return_annotations() {
    check(
        r#"
//- /build.py
class Query:
    def run$0(self):
        return []


class Builder:
    def where(self, clause) -> "Builder":
        return self

    def build(self) -> Query:
        return Query()


def make() -> Builder:
    return Builder()


def main():
    return make().where("x").build().run()
"#,
        |engine, cursor| engine.callers(&cursor.unwrap()),
        expect![[r#"
            callers build.py:2: 1 results (exact)
            function build.main  (build.py:18)  [receiver 0.85]  at build.py:19
        "#]],
    );
}

#[test]
fn a_package_re_exports_what_its_init_imports() {
    check(
        r#"
//- /flask/__init__.py
from .helpers import abort as abort
//- /flask/helpers.py
def abort(code):
    raise RuntimeError(code)
"#,
        |engine, _| engine.symbol_info(&"flask.abort".parse().unwrap()),
        expect![[r#"
            symbol flask.abort: 1 results (exact)
            function flask.helpers.abort  flask/helpers.py:1-2
                def abort(code)
            note: "flask.abort" is imported by flask/__init__.py: answering for flask.helpers.abort
        "#]],
    );
}
