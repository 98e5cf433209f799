//! Rust-specific resolution tests: one per mechanism, each on a small
//! multi-file fixture, with the exact call edges expected.

use super::modules::RustCrate;
use super::tests::{calls_named, calls_named_in, confidences_of};

#[test]
fn calls_inside_macro_arguments_are_resolved() {
    let got = calls_named(
        "//- src/lib.rs\nmacro_rules! tri { ($e:expr) => { $e }; }\npub struct Writer;\nimpl Writer { pub fn begin(&self) -> u8 { 0 } }\npub struct Other;\nimpl Other { pub fn begin(&self) -> u8 { 1 } }\npub struct Ser { formatter: Writer }\nimpl Ser {\n    pub fn run(&self) -> u8 {\n        let n = tri!(self\n            .formatter\n            .begin());\n        assert_eq!(format!(\"{}\", self.formatter.begin()), \"0\");\n        n\n    }\n}\n",
        "begin",
    );
    assert_eq!(
        got,
        vec![
            "crate::Ser::run -> crate::Writer::begin [receiver]",
            "crate::Ser::run -> crate::Writer::begin [receiver]"
        ]
    );
}

#[test]
fn statements_a_default_build_disables_are_not_read() {
    let crates = [RustCrate {
        dir: String::new(),
        name: Some("demo".into()),
        default_features: vec!["default".into(), "std".into()],
        targets: Vec::new(),
    }];
    let got = calls_named_in(
        "//- src/lib.rs\npub fn make() -> u8 { 0 }\npub fn run() -> u8 {\n    #[cfg(feature = \"std\")]\n    make();\n    #[cfg(feature = \"extra\")]\n    make();\n    #[cfg(test)]\n    make();\n    make()\n}\n",
        "make",
        &crates,
    );
    assert_eq!(got, vec!["crate::run -> crate::make [scope]"; 3]);
}

#[test]
fn a_method_of_the_type_wins_over_the_std_meaning_of_its_name() {
    let got = calls_named(
        "//- src/lib.rs\npub struct LazyRef;\nimpl LazyRef { pub fn quit_id(&self) -> u8 { 0 } }\npub struct Lazy;\nimpl Lazy {\n    fn as_ref(&self) -> LazyRef { LazyRef }\n    pub fn quit_id(&self) -> u8 { 1 }\n}\npub fn run(l: &Lazy) -> u8 { l.as_ref().quit_id() + l.clone().quit_id() }\n",
        "quit_id",
    );
    assert_eq!(
        got,
        vec![
            "crate::run -> crate::LazyRef::quit_id [receiver]",
            "crate::run -> crate::Lazy::quit_id [receiver]"
        ]
    );
}

#[test]
fn some_and_ok_patterns_take_the_type_of_what_they_match() {
    let got = calls_named(
        "//- src/lib.rs\npub struct Engine;\nimpl Engine { pub fn search(&self) -> u8 { 0 } }\npub struct Other;\nimpl Other { pub fn search(&self) -> u8 { 1 } }\npub struct Wrapper { engine: Option<Engine> }\nimpl Wrapper {\n    fn get(&self) -> Option<&Engine> { self.engine.as_ref() }\n    pub fn run(&self) -> u8 {\n        if let Some(e) = self.get() { e.search(); }\n        match self.get() { Some(m) => m.search(), None => 0 }\n    }\n}\n",
        "search",
    );
    assert_eq!(
        got,
        vec!["crate::Wrapper::run -> crate::Engine::search [receiver]"; 2]
    );
}

#[test]
fn elements_of_annotated_collections_are_typed() {
    let got = calls_named(
        "//- src/lib.rs\npub struct State;\nimpl State { pub fn is_leaf(&self) -> bool { true } }\npub struct Other;\nimpl Other { pub fn is_leaf(&self) -> bool { false } }\npub struct Trie { states: Vec<State> }\nimpl Trie {\n    pub fn run(&self, extra: &[State]) -> bool {\n        for s in self.states.iter() { s.is_leaf(); }\n        for e in extra { e.is_leaf(); }\n        self.states[0].is_leaf()\n    }\n}\n",
        "is_leaf",
    );
    assert_eq!(
        got,
        vec!["crate::Trie::run -> crate::State::is_leaf [receiver]"; 3]
    );
}

#[test]
fn names_bound_by_variant_tuple_and_struct_patterns_take_the_field_type() {
    let got = calls_named(
        "//- src/lib.rs\npub struct Number;\nimpl Number { pub fn is_f64(&self) -> bool { true } }\npub struct Other;\nimpl Other { pub fn is_f64(&self) -> bool { false } }\npub enum Value { Null, Number(Number), Other(Other) }\npub struct Meters(pub Number);\npub struct Iter { other: Other, number: Number }\nimpl Value {\n    pub fn is_f64(&self) -> bool {\n        match self { Value::Number(n) => n.is_f64(), Value::Other(o) => o.is_f64(), _ => false }\n    }\n}\npub fn run(m: Meters, it: Iter) -> bool {\n    let Meters(x) = m;\n    let Iter { ref number, other: _ } = it;\n    let Iter { number: y, .. } = it;\n    x.is_f64() && number.is_f64() && y.is_f64()\n}\n",
        "is_f64",
    );
    assert_eq!(
        got,
        vec![
            "crate::Value::is_f64 -> crate::Number::is_f64 [receiver]",
            "crate::Value::is_f64 -> crate::Other::is_f64 [receiver]",
            "crate::run -> crate::Number::is_f64 [receiver]",
            "crate::run -> crate::Number::is_f64 [receiver]",
            "crate::run -> crate::Number::is_f64 [receiver]",
        ]
    );
}

#[test]
fn a_method_implemented_for_a_type_and_its_reference_is_not_a_fact() {
    let got = confidences_of(
        "//- src/lib.rs\npub trait Walk { fn walk(self) -> u8; }\npub struct Map;\nimpl Walk for Map { fn walk(self) -> u8 { 0 } }\nimpl<'a> Walk for &'a Map { fn walk(self) -> u8 { 1 } }\npub struct Tree;\nimpl Tree { pub fn walk(&self) -> u8 { 2 } }\npub fn run(m: &Map, t: Tree) -> u8 { m.walk() + t.walk() }\n",
        "walk",
    );
    assert_eq!(
        got,
        vec![
            "crate::run -> crate::Map::walk 0.6",
            "crate::run -> crate::Map::walk 0.6",
            "crate::run -> crate::Tree::walk 0.85",
        ]
    );
}

#[test]
fn modules_that_glob_each_other_are_searched_once_per_lookup() {
    // The shape of a crate that re-exports every module from its root
    // while each module imports from the root (meshopt): a name no module
    // defines used to be searched along every path of the cycle, 12^16 of
    // them, and never came back.
    const MODULES: usize = 12;
    let mut fixture = String::from("//- src/lib.rs\n");
    for m in 0..MODULES {
        fixture.push_str(&format!("pub mod m{m};\n"));
    }
    let globs: Vec<String> = (0..MODULES).map(|m| format!("m{m}::*")).collect();
    fixture.push_str(&format!("pub use crate::{{{}}};\n", globs.join(", ")));
    for m in 0..MODULES {
        fixture.push_str(&format!(
            "//- src/m{m}.rs\nuse crate::*;\npub fn own_{m}() -> u8 {{ 0 }}\npub fn call_{m}() -> u8 {{ own_{}() + missing() }}\n",
            (m + 1) % MODULES
        ));
    }
    let got = calls_named(&fixture, "own_0");
    assert_eq!(
        got,
        vec![format!(
            "crate::m{}::call_{} -> crate::m0::own_0 [import]",
            MODULES - 1,
            MODULES - 1
        )]
    );
    assert!(calls_named(&fixture, "missing").is_empty());
}

#[test]
fn rust_self_returning_constructors_type_locals() {
    let got = calls_named(
        "//- src/lib.rs\npub struct Cart;\nimpl Cart {\n    pub fn new() -> Self { Cart }\n    pub fn total(&self) -> u32 { 0 }\n}\npub struct Order;\nimpl Order { pub fn total(&self) -> u32 { 1 } }\npub fn run() -> u32 {\n    let c = Cart::new();\n    let o = Order {};\n    c.total() + o.total()\n}\n",
        "total",
    );
    assert_eq!(
        got,
        vec![
            "crate::run -> crate::Cart::total [receiver]",
            "crate::run -> crate::Order::total [receiver]"
        ]
    );
}

#[test]
fn rust_method_chains_follow_return_types() {
    let got = calls_named(
        "//- src/lib.rs\npub struct Config;\nimpl Config { pub fn kind(&self) -> u8 { 0 } }\npub struct Info { config: Config }\nimpl Info { pub(crate) fn config(&self) -> &Config { &self.config } }\npub fn run(info: &Info) -> u8 { info.config().kind() }\n",
        "kind",
    );
    assert_eq!(got, vec!["crate::run -> crate::Config::kind [receiver]"]);
}

#[test]
fn unwrapping_keeps_the_success_type() {
    let got = calls_named(
        "//- src/lib.rs\npub struct Dfa;\nimpl Dfa { pub fn new() -> Result<Dfa, ()> { Ok(Dfa) } pub fn find(&self) -> u8 { 0 } }\npub struct Other;\nimpl Other { pub fn find(&self) -> u8 { 1 } }\npub fn run() -> Result<u8, ()> {\n    let a = Dfa::new()?;\n    let b = Dfa::new().unwrap();\n    Ok(a.find() + b.clone().find())\n}\n",
        "find",
    );
    assert_eq!(
        got,
        vec![
            "crate::run -> crate::Dfa::find [receiver]",
            "crate::run -> crate::Dfa::find [receiver]"
        ]
    );
}

#[test]
fn rust_generic_parameters_reach_their_trait_bound() {
    let got = calls_named(
        "//- src/lib.rs\npub trait Automaton { fn next_state(&self) -> u32; }\npub struct Dfa;\nimpl Automaton for Dfa { fn next_state(&self) -> u32 { 1 } }\npub fn run<A: Automaton>(a: &A) -> u32 { a.next_state() }\npub fn walk<B>(b: B) -> u32 where B: Automaton { b.next_state() }\n",
        "next_state",
    );
    assert_eq!(
        got,
        vec![
            "crate::run -> crate::Automaton::next_state [receiver]",
            "crate::walk -> crate::Automaton::next_state [receiver]"
        ]
    );
}

#[test]
fn a_binary_root_declared_in_the_manifest_roots_its_module_tree() {
    let crates = [RustCrate {
        dir: String::new(),
        name: Some("rg".into()),
        default_features: Vec::new(),
        targets: vec!["crates/core/main.rs".into()],
    }];
    let fixture = "//- crates/core/main.rs\nmod flags;\nmod search;\nfn main() { let s = crate::search::Searcher; crate::search::run(&s); }\n//- crates/core/flags/mod.rs\npub trait Sink { fn matched(&self) -> u8; }\n//- crates/core/search.rs\nuse crate::flags::Sink;\npub struct Searcher;\nimpl Sink for Searcher { fn matched(&self) -> u8 { 1 } }\npub fn run(sink: &dyn Sink) -> u8 { sink.matched() }\n";
    assert_eq!(
        calls_named_in(fixture, "run", &crates),
        vec!["crate::main -> crate::search::run [scope]"]
    );
    assert_eq!(
        calls_named_in(fixture, "matched", &crates),
        vec!["crate::search::run -> crate::flags::Sink::matched [receiver]"]
    );
}

#[test]
fn elements_of_typed_constants_and_statics_are_typed_in_other_files_too() {
    let got = calls_named(
        "//- src/lib.rs\npub mod defs;\npub mod complete;\npub trait Flag { fn name_long(&self) -> &'static str; }\npub struct Other;\nimpl Other { pub fn name_long(&self) -> &'static str { \"\" } }\n//- src/defs.rs\nuse crate::Flag;\npub struct Regexp;\nimpl Flag for Regexp { fn name_long(&self) -> &'static str { \"regexp\" } }\npub const FLAGS: &[&dyn Flag] = &[&Regexp];\npub static MORE: [&dyn Flag; 1] = [&Regexp];\npub fn longs() { for flag in FLAGS.iter() { flag.name_long(); } }\n//- src/complete.rs\nuse crate::defs::{FLAGS, MORE};\npub fn generate() { for flag in FLAGS.iter() { flag.name_long(); } for flag in MORE.iter() { flag.name_long(); } }\n",
        "name_long",
    );
    assert_eq!(
        got,
        vec![
            "crate::defs::longs -> crate::Flag::name_long [receiver]",
            "crate::complete::generate -> crate::Flag::name_long [receiver]",
            "crate::complete::generate -> crate::Flag::name_long [receiver]",
        ]
    );
}

#[test]
fn unit_structs_taken_by_reference_are_referenced() {
    let got = calls_named(
        "//- src/lib.rs\npub trait Flag {}\npub struct Regexp;\nimpl Flag for Regexp {}\npub const FLAGS: &[&dyn Flag] = &[&Regexp];\npub fn first(local: u8) -> &'static dyn Flag { let _ = &local; &Regexp }\n",
        "Regexp",
    );
    assert_eq!(
        got,
        vec![
            // `impl Flag for Regexp`: named from the file's top level
            "- -> crate::Regexp [scope]",
            "crate::FLAGS -> crate::Regexp [scope]",
            "crate::first -> crate::Regexp [scope]",
        ]
    );
}

#[test]
fn path_attributes_place_module_files_in_the_declaring_crate() {
    let crates = [RustCrate {
        dir: String::new(),
        name: Some("json".into()),
        default_features: Vec::new(),
        targets: vec![
            "src/lib.rs".into(),
            "tests/lexical.rs".into(),
            "tests/test.rs".into(),
        ],
    }];
    let fixture = "//- src/lib.rs\npub mod io;\nmod lexical;\npub fn run(e: &io::Error) -> u8 { e.kind() }\n//- src/io/mod.rs\n#[cfg(not(feature = \"std\"))]\n#[path = \"core.rs\"]\nmod imp;\npub use self::imp::Error;\n//- src/io/core.rs\npub struct Error;\nimpl Error { pub fn kind(&self) -> u8 { 0 } }\n//- src/lexical/mod.rs\npub mod algorithm;\n//- src/lexical/algorithm.rs\npub fn fast_path() -> u8 { 0 }\n//- tests/lexical.rs\n#[path = \"../src/lexical/mod.rs\"]\nmod lexical;\n#[path = \"lexical/algorithm.rs\"]\nmod algorithm;\n//- tests/lexical/algorithm.rs\nuse crate::lexical::algorithm::*;\npub struct Other;\nimpl Other { pub fn kind(&self) -> u8 { 1 } }\npub fn check() -> u8 { fast_path() }\n//- tests/test.rs\npub fn fast_path() -> u8 { 1 }\n";
    assert_eq!(
        calls_named_in(fixture, "fast_path", &crates),
        vec!["crate::algorithm::check -> crate::lexical::algorithm::fast_path [import]"]
    );
    assert_eq!(
        calls_named_in(fixture, "kind", &crates),
        vec!["crate::run -> crate::io::imp::Error::kind [receiver]"]
    );
}

#[test]
fn a_leading_sized_or_lifetime_bound_keeps_the_trait_bound() {
    let got = calls_named(
        "//- src/lib.rs\npub trait Read { fn next(&mut self) -> u8; }\npub struct Other;\nimpl Other { pub fn next(&mut self) -> u8 { 1 } }\npub fn a<R: ?Sized + Read>(r: &mut R) -> u8 { r.next() }\npub fn b<'de, R: 'de + Read>(r: &mut R) -> u8 { r.next() }\npub fn c<R>(r: &mut R) -> u8 where R: ?Sized + Read { r.next() }\n",
        "next",
    );
    assert_eq!(
        got,
        vec![
            "crate::a -> crate::Read::next [receiver]",
            "crate::b -> crate::Read::next [receiver]",
            "crate::c -> crate::Read::next [receiver]",
        ]
    );
}

#[test]
fn borrows_and_dereferences_keep_the_type() {
    let got = calls_named(
        "//- src/lib.rs\npub struct Slice;\nimpl Slice { pub fn next(&self) -> u8 { 0 } }\npub struct Other;\nimpl Other { pub fn next(&self) -> u8 { 1 } }\npub fn a(s: Slice) -> u8 { let x = &s; x.next() }\npub fn b(s: Slice) -> u8 { let x = &s; let y = &mut *x; y.next() }\npub fn c(s: Slice) -> u8 { (&s).next() }\npub fn d(s: &Slice) -> u8 { (*s).next() }\n",
        "next",
    );
    assert_eq!(
        got,
        vec![
            "crate::a -> crate::Slice::next [receiver]",
            "crate::b -> crate::Slice::next [receiver]",
            "crate::c -> crate::Slice::next [receiver]",
            "crate::d -> crate::Slice::next [receiver]",
        ]
    );
}

#[test]
fn a_generic_bound_by_into_is_used_as_what_into_makes() {
    let got = calls_named(
        "//- src/lib.rs\npub struct Input;\nimpl Input { pub fn earliest(self, yes: bool) -> Input { self } pub fn set_anchored(&mut self) {} }\npub struct Other;\nimpl Other { pub fn earliest(self, yes: bool) -> Other { self } pub fn set_anchored(&mut self) {} }\npub fn is_match<'h, I: Into<Input>>(input: I) { let mut input = input.into().earliest(true); input.set_anchored(); }\npub fn find<I>(input: I) where I: Into<Input> { input.into().set_anchored(); }\n",
        "set_anchored",
    );
    assert_eq!(
        got,
        vec![
            "crate::is_match -> crate::Input::set_anchored [receiver]",
            "crate::find -> crate::Input::set_anchored [receiver]",
        ]
    );
}

#[test]
fn methods_of_impls_for_outside_types_are_candidates_by_name() {
    let got = calls_named(
        "//- src/lib.rs\npub trait Float { fn pow10(self, n: i32) -> Self; }\nimpl Float for f64 { fn pow10(self, n: i32) -> Self { self } }\npub trait Bytes { fn first(&self) -> u8; }\nimpl<T> Bytes for Vec<T> { fn first(&self) -> u8 { 0 } }\npub fn a(v: Vec<u8>, x: f64) -> u8 { v.first(); x.pow10(2); 0 }\n",
        "pow10",
    );
    assert_eq!(
        got,
        vec![
            "crate::a -> crate::Float::pow10 [name_only]",
            "crate::a -> crate::f64::pow10 [name_only]",
        ]
    );
}

#[test]
fn methods_of_impls_for_outside_types_are_found_by_the_written_type() {
    let got = calls_named(
        "//- src/lib.rs\npub trait Errors { fn scale() -> u32; fn half() -> u32; fn twice(&self) -> u32; }\nimpl Errors for u64 {\n    fn scale() -> u32 { 8 }\n    fn half() -> u32 { u64::scale() / 2 + Self::scale() }\n    fn twice(&self) -> u32 { self.twice() }\n}\nimpl Errors for u32 {\n    fn scale() -> u32 { 4 }\n    fn half() -> u32 { 2 }\n    fn twice(&self) -> u32 { 0 }\n}\n",
        "scale",
    );
    assert_eq!(
        got,
        vec![
            "crate::u64::half -> crate::u64::scale [receiver]",
            "crate::u64::half -> crate::u64::scale [receiver]",
        ]
    );
    let got = calls_named(
        "//- src/lib.rs\npub trait Errors { fn twice(&self) -> u32; }\nimpl Errors for u64 { fn twice(&self) -> u32 { self.twice() } }\nimpl Errors for u32 { fn twice(&self) -> u32 { 0 } }\n",
        "twice",
    );
    assert_eq!(
        got,
        vec!["crate::u64::twice -> crate::u64::twice [receiver]"]
    );
}

#[test]
fn what_an_impl_header_names_is_named_from_around_the_block() {
    let got = calls_named(
        "//- src/lib.rs\npub trait Show {}\npub struct Entry;\nimpl Entry { pub fn make() -> Entry { Entry } }\nimpl Show for Entry {}\npub mod inner { impl super::Show for u8 {} }\n",
        "Entry",
    );
    assert_eq!(
        got,
        vec![
            "- -> crate::Entry [scope]",
            "crate::Entry::make -> crate::Entry [scope]",
            "- -> crate::Entry [scope]",
        ]
    );
}

#[test]
fn a_call_through_an_outside_trait_path_calls_the_first_argument_types_method() {
    let got = calls_named(
        "//- src/lib.rs\nuse std::fmt::{self, Display};\npub struct Code;\nimpl Display for Code { fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { Ok(()) } }\npub struct Other;\nimpl Display for Other { fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { Ok(()) } }\npub struct Error { code: Code }\nimpl Display for Error {\n    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { Display::fmt(&self.code, f) }\n}\n",
        "fmt",
    );
    assert_eq!(
        got,
        vec!["crate::Error::fmt -> crate::Code::fmt [receiver]"]
    );
}

#[test]
fn a_traits_associated_types_are_its_members() {
    let got = calls_named(
        "//- src/lib.rs\npub trait Float { type Unsigned: Copy; fn to_bits(self) -> Self::Unsigned; }\npub fn bits<F: Float>(f: F) -> F::Unsigned { f.to_bits() }\n",
        "Unsigned",
    );
    assert_eq!(
        got,
        vec![
            "crate::Float::to_bits -> crate::Float::Unsigned [scope]",
            "crate::bits -> crate::Float::Unsigned [receiver]",
        ]
    );
}
