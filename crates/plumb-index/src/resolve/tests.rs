//! Resolution tests over multi-file fixtures, and the helpers every
//! language's tests share.

use std::time::Duration;

use plumb_lang::Language;

use super::modules::Manifests;
use crate::facts::{Apart, decode_apart};
use plumb_store::records::{OccurrenceRecord, ResolutionRecord, SymbolRecord};

use super::{SourceFile, link};
use crate::parse::{FileOutcome, check_and_extract};

/// Resolves a multi-file fixture (`//- path` headers) and returns, for
/// every call site named `name`, `enclosing -> target [method]`.
pub(super) fn calls_named(fixture: &str, name: &str) -> Vec<String> {
    calls_named_in(fixture, name, &[])
}

/// The rows of every file of a graph.
#[derive(Default)]
struct Graph {
    symbols: Vec<SymbolRecord>,
    occurrences: Vec<OccurrenceRecord>,
    resolutions: Vec<ResolutionRecord>,
}

impl Graph {
    fn qualname(&self, id: i64) -> String {
        let symbol = self.symbols.iter().find(|s| s.id == id);
        symbol.expect("a resolution's target").qualname.clone()
    }
}

/// The graph of a multi-file fixture (`//- path` headers), with the Rust
/// crates given.
fn resolve_fixture(fixture: &str, crates: &[super::modules::RustCrate]) -> Graph {
    let (files, aparts) = files_of(fixture);
    let manifests = Manifests {
        rust_crates: crates.to_vec(),
        go_modules: Vec::new(),
    };
    let linked = link(&files, &manifests);
    let mut graph = Graph::default();
    for (f, apart) in aparts.into_iter().enumerate() {
        let rows = linked.file_rows(f, apart);
        graph.symbols.extend(rows.symbols);
        graph.occurrences.extend(rows.occurrences);
        graph.resolutions.extend(rows.resolutions);
    }
    graph
}

/// The files of a multi-file fixture (`//- path` headers), extracted,
/// and what was set apart of each one's facts.
fn files_of(fixture: &str) -> (Vec<SourceFile>, Vec<Apart>) {
    let mut files = Vec::new();
    let mut aparts = Vec::new();
    for chunk in fixture.split("//- ").filter(|c| !c.trim().is_empty()) {
        let (path, code) = chunk.split_once('\n').unwrap();
        let language = Language::from_path(std::path::Path::new(path.trim())).unwrap();
        let FileOutcome::Indexed(facts) =
            check_and_extract(language, code.as_bytes(), Duration::from_secs(5))
        else {
            panic!("{path} did not extract");
        };
        let (file, encoded) = SourceFile::new(
            files.len() as i64 + 1,
            path.trim().to_owned(),
            language,
            facts,
        );
        files.push(file);
        aparts.push(decode_apart(&encoded));
    }
    (files, aparts)
}

/// The rows of the first `files` files, as text, given what was set
/// apart of every file's facts.
fn rows_text(linked: &super::Linked<'_>, aparts: &[Apart], files: usize) -> Vec<String> {
    (0..files)
        .map(|f| format!("{:?}", linked.file_rows(f, aparts[f].clone())))
        .collect()
}

#[test]
fn a_refreshed_file_resolves_as_in_a_fresh_link() {
    // The edited file (the first) keeps its interface: its functions'
    // bodies change (locals, bindings, calls), its lines move, and a
    // `cfg` block appears; the impl block binding into another file's
    // type stays.
    let cases = [
        (
            "//- src/lib.rs\nmod shapes;\nuse shapes::Cart;\nimpl Cart {\n    pub fn fill(&self) -> u32 { let n = self.total(); n }\n}\npub fn run() -> u32 { let c = Cart::new(); c.fill() }\n",
            "//- src/lib.rs\n// moved\nmod shapes;\nuse shapes::Cart;\nimpl Cart {\n    pub fn fill(&self) -> u32 { let other = Cart::new(); let n = other.total(); #[cfg(feature = \"off\")] { n.count(); } n }\n}\npub fn run() -> u32 { let d = Cart::new(); let c = d; c.fill() + c.total() }\n",
            "//- src/shapes.rs\npub struct Cart;\nimpl Cart {\n    pub fn new() -> Cart { Cart }\n    pub fn total(&self) -> u32 { 0 }\n}\n",
        ),
        (
            "//- shop/run.py\nfrom shop.models import Cart\n\nclass Till:\n    def __init__(self):\n        self.cart = Cart()\n\n    def ring(self):\n        return self.cart.total()\n",
            "//- shop/run.py\nfrom shop.models import Cart\n\n\nclass Till:\n    def __init__(self):\n        self.cart = Cart()\n\n    def ring(self):\n        other = Cart()\n        for item in other.items():\n            item.price()\n        return self.cart.total() + other.total()\n",
            "//- shop/models.py\nclass Cart:\n    def total(self):\n        return 0\n\n    def items(self):\n        return []\n",
        ),
    ];
    for (before, after, other) in cases {
        let manifests = Manifests {
            rust_crates: vec![super::modules::RustCrate {
                dir: String::new(),
                name: Some("shop".into()),
                default_features: Vec::new(),
            }],
            go_modules: Vec::new(),
        };
        let (mut files, aparts_before) = files_of(&format!("{before}{other}"));
        let (edited, aparts) = files_of(&format!("{after}{other}"));
        assert_eq!(
            crate::interface::interface_hash(&files[0].facts),
            crate::interface::interface_hash(&edited[0].facts),
            "the edit must keep the interface"
        );
        let fresh = rows_text(&link(&edited, &manifests), &aparts, edited.len());
        let state = link(&files, &manifests).detach();
        let before_rows = rows_text(&link(&files, &manifests), &aparts_before, 1);
        files = edited;
        let mut refreshed = state.attach(&files);
        refreshed.refresh_file(0, &manifests);
        assert_eq!(
            rows_text(&refreshed, &aparts, files.len()),
            fresh,
            "{after}"
        );
        assert_ne!(
            before_rows,
            fresh[..1],
            "the edit must change the edited file's rows"
        );
    }
}

/// Confidences of the resolutions of sites named `name`, as
/// `enclosing -> target confidence`.
pub(super) fn confidences_of(fixture: &str, name: &str) -> Vec<String> {
    resolutions_named(fixture, name, &[], |r| r.confidence.to_string())
}

/// [`calls_named`] with the Rust crates of the fixture given.
pub(super) fn calls_named_in(
    fixture: &str,
    name: &str,
    crates: &[super::modules::RustCrate],
) -> Vec<String> {
    resolutions_named(fixture, name, crates, |r| format!("[{}]", r.method))
}

/// Every resolution of the sites named `name`, as `enclosing -> target
/// detail`, the detail told by `detail`.
fn resolutions_named(
    fixture: &str,
    name: &str,
    crates: &[super::modules::RustCrate],
    detail: impl Fn(&ResolutionRecord) -> String,
) -> Vec<String> {
    let graph = resolve_fixture(fixture, crates);
    let mut out = Vec::new();
    for occurrence in graph.occurrences.iter().filter(|o| o.name == name) {
        for resolution in graph
            .resolutions
            .iter()
            .filter(|r| r.occurrence_id == occurrence.id)
        {
            let within = occurrence
                .enclosing_id
                .map_or("-".to_owned(), |id| graph.qualname(id));
            out.push(format!(
                "{within} -> {} {}",
                graph.qualname(resolution.symbol_id),
                detail(resolution)
            ));
        }
    }
    out
}

#[test]
fn return_annotations_type_call_results() {
    let got = calls_named(
        "//- shop.py\nclass Cart:\n    def total(self): pass\n\nclass Order:\n    def total(self): pass\n\ndef make() -> Cart:\n    return Cart()\n\ndef use():\n    c = make()\n    c.total()\n    make().total()\n",
        "total",
    );
    assert_eq!(
        got,
        vec![
            "shop.use -> shop.Cart.total [receiver]",
            "shop.use -> shop.Cart.total [receiver]"
        ]
    );
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
fn c_calls_reach_prototypes_definitions_and_their_own_statics() {
    let fixture = "//- include/cart.h\nstruct cart { int (*total)(struct cart *c); };\nint cart_total(struct cart *c);\n//- src/cart.c\n#include \"cart.h\"\nstatic int helper(void) { return 1; }\nint cart_total(struct cart *c) { return helper(); }\n//- src/order.c\nstatic int helper(void) { return 2; }\nint order_total(void) { return helper(); }\n//- src/main.c\n#include <cart.h>\nint run(struct cart *c) { return cart_total(c) + c->total(c) + order_total(); }\n";
    assert_eq!(
        calls_named(fixture, "cart_total"),
        vec!["run -> cart_total [import]", "run -> cart_total [import]"]
    );
    assert_eq!(
        calls_named(fixture, "helper"),
        vec![
            "cart_total -> helper [scope]",
            "order_total -> helper [scope]"
        ]
    );
    assert_eq!(
        calls_named(fixture, "total"),
        vec!["run -> cart.total [receiver]"]
    );
    assert_eq!(
        calls_named(fixture, "order_total"),
        vec!["run -> order_total [import]"]
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
fn kotlin_extensions_and_companions_are_members_of_their_class() {
    let fixture = "//- src/shop/Cart.kt\npackage shop\n\nclass Cart {\n    val items = Box()\n    fun total(): Int = items.size()\n    companion object {\n        fun empty(): Cart = Cart()\n    }\n}\nclass Box {\n    fun size(): Int = 0\n}\nclass Other {\n    fun size(): Int = 1\n}\n//- src/shop/ext/Summary.kt\npackage shop.ext\n\nimport shop.Cart\n\nfun Cart.summary(): Int = total() + this.items.size()\nfun run() = Cart.empty().summary()\nfun String.shout(): String = this\n//- src/shop/Use.kt\npackage shop\n\nimport shop.ext.shout\n\nfun use(name: String) = name.shout()\n";
    assert_eq!(
        calls_named(fixture, "size"),
        vec![
            "shop.Cart.total -> shop.Box.size [receiver]",
            "shop.Cart.summary -> shop.Box.size [receiver]"
        ]
    );
    assert_eq!(
        calls_named(fixture, "total"),
        vec!["shop.Cart.summary -> shop.Cart.total [scope]"]
    );
    assert_eq!(
        calls_named(fixture, "summary"),
        vec!["shop.ext.run -> shop.Cart.summary [receiver]"]
    );
    // An extension of a type from outside: imported by name, its calls
    // guessed by name (the receiver's type has no members plumb knows).
    assert_eq!(
        calls_named(fixture, "shout"),
        vec![
            "shop.use -> shop.ext.String.shout [name_only]",
            "- -> shop.ext.String.shout [import]"
        ]
    );
}

#[test]
fn csharp_partial_classes_and_enclosing_namespaces() {
    let fixture = "//- Shop/Model/Shape.cs\nnamespace Shop.Model { public class Shape { public double Area() => 0; } }\n//- Global.cs\npublic class Log { public static void Write() {} }\n//- Shop/App/Cart.cs\nnamespace Shop.App { public partial class Cart : Model.Shape { public void Run() { Log.Write(); Helper(); } } }\n//- Shop/App/Cart.Helper.cs\nnamespace Shop.App;\npublic partial class Cart { void Helper() { Area(); } }\n";
    assert_eq!(
        calls_named(fixture, "Area"),
        vec!["Shop.App.Cart.Helper -> Shop.Model.Shape.Area [inheritance]"]
    );
    assert_eq!(
        calls_named(fixture, "Write"),
        vec!["Shop.App.Cart.Run -> Log.Write [scope]"]
    );
    assert_eq!(
        calls_named(fixture, "Helper"),
        vec!["Shop.App.Cart.Run -> Shop.App.Cart.Helper [scope]"]
    );
}
