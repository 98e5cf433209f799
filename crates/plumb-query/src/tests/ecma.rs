//! TypeScript on the constructs issue 26 names: overloads, chained calls on
//! returned types, object-literal methods passed as arguments, private `#`
//! members and constructors; and constructors in Java, C#, Kotlin and PHP.

use expect_test::expect;

use super::{check, name};

/// A builder with private `#` members, a static factory written as an
/// arrow function field, a method returning `this`, an overloaded method
/// and an overloaded function; a test file passing an object literal's
/// method to a runner.
const BUILDER: &str = r#"
//- /src/builder.ts
export class Builder {
  #parts: string[] = [];

  static create = (name: string): Builder => {
    const b = new Builder();
    b.#parts.push(name);
    return b;
  };

  constructor() {
    this.#reset();
  }

  #reset(): void {
    this.#parts = [];
  }

  name(): this {
    return this;
  }

  add(part: string): Builder;
  add(part: string, times: number): Builder;
  add(part: string, times?: number): Builder {
    this.#parts.push(part.repeat(times ?? 1));
    return this;
  }

  build(): Product {
    return new Product(this.#parts);
  }
}

export class Product {
  constructor(readonly parts: string[]) {}
  describe(): string {
    return this.parts.join(',');
  }
}

export function make(): Product {
  return Builder.create('x').name().add('y').build();
}

export function parse(text: string): number;
export function parse(text: string, radix: number): number;
export function parse(text: string, radix = 10): number {
  return parseInt(text, radix);
}
//- /src/suite.test.ts
import { Builder, make, parse } from './builder';

function run(suite: object): void {}

export function main(): string {
  run({
    async test() {
      make().describe();
      parse('1');
    },
  });
  return new Builder().build().describe();
}
"#;

#[test]
fn overload_signatures_and_implementation_are_one_symbol_at_the_first() {
    check(
        BUILDER,
        |engine, _| engine.symbol_info(&name("parse")),
        expect![[r#"
            symbol parse: 1 results (exact)
            function src/builder.parse  src/builder.ts:45-49
                function parse(text: string, radix = 10): number
        "#]],
    );
    check(
        BUILDER,
        |engine, _| engine.callers(&"src/builder.ts:45".parse().unwrap()),
        expect![[r#"
            callers src/builder.ts:45: 1 results (exact)
            function src/suite.test.main  (src/suite.test.ts:5)  [import 0.90]  at src/suite.test.ts:9
        "#]],
    );
}

#[test]
fn chained_calls_take_the_declared_return_type() {
    check(
        BUILDER,
        |engine, _| engine.callees(&name("make")),
        expect![[r#"
            callees make: 4 results (exact)
            method src/builder.Builder.add  (src/builder.ts:22)  [receiver 0.85]  at src/builder.ts:42
            method src/builder.Builder.build  (src/builder.ts:29)  [receiver 0.85]  at src/builder.ts:42
            field src/builder.Builder.create  (src/builder.ts:4)  [scope 0.95]  at src/builder.ts:42
            method src/builder.Builder.name  (src/builder.ts:18)  [receiver 0.85]  at src/builder.ts:42
        "#]],
    );
}

#[test]
fn object_literal_methods_passed_as_arguments_are_local() {
    check(
        BUILDER,
        |engine, _| engine.outline("src/suite.test.ts"),
        expect![[r#"
            outline src/suite.test.ts: 2 results (exact)
                3  function run
                5  function main
        "#]],
    );
    check(
        BUILDER,
        |engine, _| engine.callees(&name("main")),
        expect![[r#"
            callees main: 6 results (lower bound)
            class src/builder.Builder  (src/builder.ts:1)  [import 0.90]  at src/suite.test.ts:12
            method src/builder.Builder.build  (src/builder.ts:29)  [receiver 0.85]  at src/suite.test.ts:12
            method src/builder.Product.describe  (src/builder.ts:36)  [receiver 0.85]  at src/suite.test.ts:8
            function src/builder.make  (src/builder.ts:41)  [import 0.90]  at src/suite.test.ts:8
            function src/builder.parse  (src/builder.ts:45)  [import 0.90]  at src/suite.test.ts:9
            function src/suite.test.run  (src/suite.test.ts:3)  [scope 0.95]  at src/suite.test.ts:6
            note: 1 calls could not be resolved (external, built-in or dynamic)
        "#]],
    );
}

#[test]
fn private_members_are_referenced() {
    check(
        BUILDER,
        |engine, _| engine.refs(&name("Builder.#parts")),
        expect![[r#"
            refs Builder.#parts: 4 results (exact)
            src/builder.ts:6:7  read  in src/builder.Builder.create  [receiver 0.85]
            src/builder.ts:15:10  read  in src/builder.Builder.#reset  [scope 0.95]
            src/builder.ts:25:10  read  in src/builder.Builder.add  [scope 0.95]
            src/builder.ts:30:29  read  in src/builder.Builder.build  [scope 0.95]
        "#]],
    );
}

#[test]
fn callers_of_a_constructor_are_its_construction_sites() {
    check(
        BUILDER,
        |engine, _| engine.callers(&"src/builder.ts:11".parse().unwrap()),
        expect![[r#"
            callers src/builder.ts:11: 2 results (exact)
            field src/builder.Builder.create  (src/builder.ts:4)  [scope 0.95]  at src/builder.ts:5
            function src/suite.test.main  (src/suite.test.ts:5)  [import 0.90]  at src/suite.test.ts:12
        "#]],
    );
}

#[test]
fn constructors_are_called_where_their_class_is_constructed_in_every_language() {
    check(
        r#"
//- /src/shop/Cart.java
package shop;

public class Cart {
    public Cart(int n) {$0
    }

    public static Cart empty() {
        return new Cart(0);
    }
}
"#,
        |engine, cursor| engine.callers(&cursor.unwrap()),
        expect![[r#"
            callers src/shop/Cart.java:4: 1 results (exact)
            method shop.Cart.empty  (src/shop/Cart.java:7)  [scope 0.95]  at src/shop/Cart.java:8
        "#]],
    );
    check(
        r#"
//- /src/Cart.cs
namespace Shop
{
    public class Cart
    {
        public Cart(int n)$0
        {
        }

        public static Cart Make()
        {
            return new Cart(1);
        }
    }
}
"#,
        |engine, cursor| engine.callers(&cursor.unwrap()),
        expect![[r#"
            callers src/Cart.cs:5: 1 results (exact)
            method Shop.Cart.Make  (src/Cart.cs:9)  [scope 0.95]  at src/Cart.cs:11
        "#]],
    );
    check(
        r#"
//- /src/Cart.kt
package shop

class Cart(val n: Int) {
    constructor() : this(0)$0
}

fun make(): Cart = Cart(2)
"#,
        |engine, cursor| engine.callers(&cursor.unwrap()),
        expect![[r#"
            callers src/Cart.kt:4: 1 results (exact)
            function shop.make  (src/Cart.kt:7)  [scope 0.95]  at src/Cart.kt:7
        "#]],
    );
    check(
        r#"
//- /src/Cart.php
<?php
namespace Shop;

class Cart
{
    public function __construct(int $n)$0
    {
    }
}

function make(): Cart
{
    return new Cart(1);
}
"#,
        |engine, cursor| engine.callers(&cursor.unwrap()),
        expect![[r#"
            callers src/Cart.php:6: 1 results (exact)
            function Shop.make  (src/Cart.php:11)  [scope 0.95]  at src/Cart.php:13
        "#]],
    );
}

#[test]
fn callers_of_a_constructor_are_a_lower_bound_when_constructions_stay_unresolved() {
    check(
        r#"
//- /src/a.ts
export class Cart {
  constructor() {}$0
}
//- /src/use.ts
import { Cart } from 'shop-lib';
export function make() {
  return new Cart();
}
"#,
        |engine, cursor| engine.callers(&cursor.unwrap()),
        expect![[r#"
            callers src/a.ts:2: 0 results (lower bound)
            note: 1 unresolved constructions of "Cart" may also call the constructor
        "#]],
    );
}

#[test]
fn names_destructured_from_a_value_take_its_fields_types() {
    check(
        r#"
//- /src/obs.ts
interface Operator {
  call(x: number): number;
}
export class Obs {
  operator: Operator | undefined;
  state: State = new State();
  subscribe(): number {
    const { operator } = this;
    const { state: st } = this;
    st.reset();
    return operator ? operator.call(1) : 0;
  }
}
class State {
  reset(): void {}
}
"#,
        |engine, _| engine.callees(&name("Obs.subscribe")),
        expect![[r#"
            callees Obs.subscribe: 2 results (exact)
            method src/obs.Operator.call  (src/obs.ts:2)  [receiver 0.85]  at src/obs.ts:11
            method src/obs.State.reset  (src/obs.ts:15)  [receiver 0.85]  at src/obs.ts:10
        "#]],
    );
}
