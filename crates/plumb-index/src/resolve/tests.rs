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
            *facts,
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
    // type stays. (What a Python function without a return annotation
    // returns is its interface: the edit keeps its `return`.)
    let cases = [
        (
            "//- src/lib.rs\nmod shapes;\nuse shapes::Cart;\nimpl Cart {\n    pub fn fill(&self) -> u32 { let n = self.total(); n }\n}\npub fn run() -> u32 { let c = Cart::new(); c.fill() }\n",
            "//- src/lib.rs\n// moved\nmod shapes;\nuse shapes::Cart;\nimpl Cart {\n    pub fn fill(&self) -> u32 { let other = Cart::new(); let n = other.total(); #[cfg(feature = \"off\")] { n.count(); } n }\n}\npub fn run() -> u32 { let d = Cart::new(); let c = d; c.fill() + c.total() }\n",
            "//- src/shapes.rs\npub struct Cart;\nimpl Cart {\n    pub fn new() -> Cart { Cart }\n    pub fn total(&self) -> u32 { 0 }\n}\n",
        ),
        (
            "//- shop/run.py\nfrom shop.models import Cart\n\nclass Till:\n    def __init__(self):\n        self.cart = Cart()\n\n    def ring(self):\n        return self.cart.total()\n",
            "//- shop/run.py\nfrom shop.models import Cart\n\n\nclass Till:\n    def __init__(self):\n        self.cart = Cart()\n\n    def ring(self):\n        other = Cart()\n        for item in other.items():\n            item.price()\n        n = other.total()\n        return self.cart.total()\n",
            "//- shop/models.py\nclass Cart:\n    def total(self):\n        return 0\n\n    def items(self):\n        return []\n",
        ),
    ];
    for (before, after, other) in cases {
        let manifests = Manifests {
            rust_crates: vec![super::modules::RustCrate {
                dir: String::new(),
                name: Some("shop".into()),
                default_features: Vec::new(),
                targets: Vec::new(),
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
pub(super) fn resolutions_named(
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
