//! TypeScript and JavaScript resolution tests, each on a small multi-file
//! fixture, with the exact call edges expected.

use super::tests::calls_named;

#[test]
fn imported_variables_and_aliases_carry_their_types() {
    let got = calls_named(
        "//- src/state.ts\nexport class Globals { reset(): void {} }\nexport class Other { reset(): void {} }\nexport type State = Globals | Other;\nexport const globalState: Globals = new Globals();\n//- src/use.ts\nimport { globalState, State } from './state';\nexport function run(s: State) { globalState.reset(); s.reset(); }\n",
        "reset",
    );
    assert_eq!(
        got,
        vec![
            "src/use.run -> src/state.Globals.reset [receiver]",
            "src/use.run -> src/state.Globals.reset [receiver]"
        ]
    );
}

#[test]
fn module_level_bindings_are_visible_in_functions() {
    let got = calls_named(
        "//- src/app.ts\nclass Cart { total(): number { return 0; } }\nclass Order { total(): number { return 1; } }\nconst cart = new Cart();\nexport function run() { return cart.total(); }\n",
        "total",
    );
    assert_eq!(got, vec!["src/app.run -> src/app.Cart.total [receiver]"]);
}

#[test]
fn callback_parameters_take_their_type_from_the_callee() {
    let got = calls_named(
        "//- src/a.ts\nclass Subscriber { next(): void {} }\nclass Other { next(): void {} }\nclass Observable {\n  constructor(subscribe?: (this: Observable, subscriber: Subscriber) => void) {}\n}\nexport function operate(init: (source: Observable, subscriber: Subscriber) => void): void {}\nexport function run() {\n  new Observable((destination) => { destination.next(); });\n  operate((source, subscriber) => subscriber.next());\n}\n",
        "next",
    );
    assert_eq!(
        got,
        vec![
            "src/a.run -> src/a.Subscriber.next [receiver]",
            "src/a.run -> src/a.Subscriber.next [receiver]"
        ]
    );
}

#[test]
fn callbacks_of_collection_methods_take_the_element_type() {
    let got = calls_named(
        "//- src/a.ts\nclass Cart { total(): number { return 0; } }\nclass Other { total(): number { return 1; } }\nclass Carts { forEach(each: (other: Other) => void): void {} }\nexport class Shop {\n  items: Array<Cart> = [];\n  #byId: Map<string, Cart> = new Map();\n  carts: Carts = new Carts();\n  all(): Cart[] { return this.items; }\n  run() {\n    this.items.forEach((item) => item.total());\n    this.#byId.forEach((cart) => cart.total());\n    this.all().some((cart) => cart.total() > 0);\n    const found = this.all();\n    found.map(function (cart) { return cart.total(); });\n    this.items.reduce((sum, cart) => sum + cart.total(), 0);\n    this.carts.forEach((other) => other.total());\n  }\n}\n",
        "total",
    );
    assert_eq!(
        got,
        vec![
            "src/a.Shop.run -> src/a.Cart.total [receiver]",
            "src/a.Shop.run -> src/a.Cart.total [receiver]",
            "src/a.Shop.run -> src/a.Cart.total [receiver]",
            "src/a.Shop.run -> src/a.Cart.total [receiver]",
            "src/a.Shop.run -> src/a.Cart.total [receiver]",
            "src/a.Shop.run -> src/a.Other.total [receiver]"
        ]
    );
}

#[test]
fn fields_of_an_object_type_alias_are_typed() {
    let got = calls_named(
        "//- src/a.ts\nclass Observer { track(): number { return 1; } }\nclass Other { track(): number { return 2; } }\ntype Match = {\n  observer: Observer\n};\nexport function run(match: Match) {\n  return match.observer.track();\n}\n",
        "track",
    );
    assert_eq!(got, vec!["src/a.run -> src/a.Observer.track [receiver]"]);
}

#[test]
fn a_parameter_pattern_takes_the_fields_of_its_declared_type() {
    let graph = "//- src/a.ts\nclass Page { size(): number { return 1; } }\nclass Other { size(): number { return 2; } }\ninterface Data<T> {\n  pages: Page\n  params: T[]\n}\nexport function last({ pages, params: p }: Data<unknown>) {\n  return pages.size() + p.length;\n}\n";
    assert_eq!(
        calls_named(graph, "size"),
        vec!["src/a.last -> src/a.Page.size [receiver]"]
    );
    assert_eq!(
        super::tests::resolutions_named(graph, "params", &[], |r| format!("[{}]", r.method)),
        vec!["src/a.last -> src/a.Data.params [scope]"]
    );
}

#[test]
fn a_long_signature_keeps_its_return_type() {
    let got = calls_named(
        "//- src/a.ts\nexport class Query { isStale(): boolean { return false; } }\nclass Other { isStale(): boolean { return true; } }\nexport class Cache {\n  build<\n    TQueryFnData = unknown,\n    TError = DefaultError,\n    TData = TQueryFnData,\n    TQueryKey extends QueryKey = QueryKey,\n  >(\n    client: QueryClient,\n    options: WithRequired<QueryOptions<TQueryFnData, TError, TData, TQueryKey>, 'queryKey'>,\n    state?: QueryState<TData, TError>,\n  ): Query<TQueryFnData, TError, TData, TQueryKey> {\n    return new Query();\n  }\n}\nexport function run(cache: Cache) {\n  const query = cache.build(client, options);\n  return query.isStale();\n}\n",
        "isStale",
    );
    assert_eq!(got, vec!["src/a.run -> src/a.Query.isStale [receiver]"]);
}

#[test]
fn an_indexed_access_type_names_a_member_for_the_class() {
    let got = super::tests::resolutions_named(
        "//- src/a.ts\nexport class Subscribable<L> {\n  subscribe(listener: L): void {}\n}\nclass Other { subscribe(): void {} }\nexport class Observer extends Subscribable<number> {\n  subscribe!: Subscribable<string>['subscribe'];\n}\n",
        "subscribe",
        &[],
        |r| format!("[{}]", r.method),
    );
    assert_eq!(
        got,
        vec!["src/a.Observer -> src/a.Subscribable.subscribe [scope]"]
    );
}

#[test]
fn filtered_copied_and_spread_collections_keep_their_elements() {
    let got = calls_named(
        "//- src/a.ts\nclass Query { fetch(): void {} }\nclass Other { fetch(): void {} }\ninterface Store {\n  values(): IterableIterator<Query>\n}\nexport class Cache {\n  #queries: Store = new Map();\n  #set: Set<Query> = new Set();\n  getAll(): Array<Query> {\n    return [...this.#queries.values()];\n  }\n  run() {\n    this.getAll().filter((q) => q !== null).map((q) => q.fetch());\n    Array.from(this.#set.values()).forEach((q) => q.fetch());\n    const all = [...this.#set];\n    all.forEach((q) => q.fetch());\n    for (const q of [...this.#queries.values()]) {\n      q.fetch();\n    }\n  }\n}\n",
        "fetch",
    );
    assert_eq!(
        got,
        vec![
            "src/a.Cache.run -> src/a.Query.fetch [receiver]",
            "src/a.Cache.run -> src/a.Query.fetch [receiver]",
            "src/a.Cache.run -> src/a.Query.fetch [receiver]",
            "src/a.Cache.run -> src/a.Query.fetch [receiver]"
        ]
    );
}

#[test]
fn a_parameter_property_is_a_typed_field() {
    let got = calls_named(
        "//- src/a.ts\nclass Options { notify(): number { return 1; } }\nclass Other { notify(): number { return 2; } }\nexport class Observer {\n  constructor(public options: Options) {\n    options.notify();\n  }\n  run() {\n    return this.options.notify();\n  }\n}\n",
        "notify",
    );
    assert_eq!(
        got,
        vec![
            "src/a.Observer.constructor -> src/a.Options.notify [receiver]",
            "src/a.Observer.run -> src/a.Options.notify [receiver]"
        ]
    );
}

#[test]
fn keys_of_an_object_passed_as_an_argument_name_the_parameter_type_members() {
    let graph = "//- src/a.ts\ninterface Config {\n  cache: number\n  name: string\n}\ninterface Message {\n  frame: number\n}\ninterface Other {\n  cache: number\n  frame: number\n}\nexport class Query {\n  constructor(config: Config) {}\n}\nexport function make(config: Config): void {}\nexport function loose(config: Partial<Config> | null): void {}\nexport function run(messages: Message[], byName: Map<string, Message>) {\n  const cache = 1;\n  new Query({ cache, name: 'q' });\n  make({ cache: 2, name: 'm' });\n  loose({ name: 'l' });\n  messages.push({ frame: 1 });\n  byName.set('a', { frame: 2 });\n}\n";
    let reads =
        |name| super::tests::resolutions_named(graph, name, &[], |r| format!("[{}]", r.method));
    assert_eq!(
        reads("name"),
        vec![
            "src/a.run -> src/a.Config.name [receiver]",
            "src/a.run -> src/a.Config.name [receiver]"
        ]
    );
    assert_eq!(
        reads("frame"),
        vec![
            "src/a.run -> src/a.Message.frame [receiver]",
            "src/a.run -> src/a.Message.frame [receiver]"
        ]
    );
    assert_eq!(
        reads("cache"),
        vec!["src/a.run -> src/a.Config.cache [receiver]"]
    );
}

#[test]
fn a_mapped_collection_holds_what_its_callback_returns() {
    let got = calls_named(
        "//- src/a.ts\nclass Observer { current(): number { return 1; } }\nclass Other { current(): number { return 2; } }\ninterface Match {\n  observer: Observer\n}\nexport function run(matches: Array<Match>) {\n  const observers = matches.map((match) => match.observer);\n  return observers.map((observer) => observer.current());\n}\n",
        "current",
    );
    assert_eq!(got, vec!["src/a.run -> src/a.Observer.current [receiver]"]);
}
