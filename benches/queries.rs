//! Criterion benchmarks of warm queries, in process: `symbol`, `refs`,
//! `callers` and `impact` (depth 3) about the first functions and methods
//! of each fixture's index (`tests/fixtures/<language>`, indexed once into
//! a temporary copy), one engine per fixture, as a long-running server
//! answers them.
//!
//! Latency percentiles on large real indexes are `bench/speed.sh`'s
//! (`crates/plumb-query/examples/query_latency.rs`).
//! Run: `cargo bench -p plumb --bench queries`.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "a benchmark or example: a failed setup stops it"
)]

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use plumb_index::walk::Limits;
use plumb_query::{Engine, Locator};
use plumb_store::Store;
use plumb_store::model::SymbolKind;

/// The fixtures benchmarked.
const FIXTURES: &[&str] = &["c", "go", "java", "python", "rust", "typescript"];

/// Questions per fixture and kind. Chosen: every callable of the smaller
/// fixtures, a handful of the larger ones.
const TARGETS: usize = 8;

/// Depth of the impact questions, as the benchmark bar of issue 5 states it.
const IMPACT_DEPTH: u32 = 3;

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create the copy");
    for entry in std::fs::read_dir(from).expect("read the fixture") {
        let entry = entry.expect("read the fixture");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("file type").is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy a fixture file");
        }
    }
}

/// An engine over a fresh index of fixture `name`, and `path:LINE` of its
/// first callables; the directory lives as long as the engine is used.
fn indexed(name: &str) -> (tempfile::TempDir, Engine, Vec<String>) {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    let dir = tempfile::tempdir().expect("temporary directory");
    copy_tree(&fixture, dir.path());
    plumb_index::index(dir.path(), &Limits::default(), &plumb_index::Silent)
        .expect("index the fixture");
    let open = || Store::open_read_only(&Store::database_path(dir.path())).expect("open");
    let store = open();
    let mut targets = Vec::new();
    for file in store.files().expect("files") {
        for symbol in store.symbols_in_file(&file.path).expect("symbols") {
            if matches!(symbol.kind, SymbolKind::Function | SymbolKind::Method) {
                targets.push(format!("{}:{}", symbol.file, symbol.name_line));
            }
        }
    }
    targets.truncate(TARGETS);
    let engine = Engine::new(open());
    (dir, engine, targets)
}

/// One kind of question, asked about a `path:LINE` target.
type Ask<'a> = &'a dyn Fn(&Locator);

fn queries(c: &mut Criterion) {
    let mut group = c.benchmark_group("query");
    for &name in FIXTURES {
        let (_dir, engine, targets) = indexed(name);
        let targets: Vec<Locator> = targets.iter().filter_map(|t| t.parse().ok()).collect();
        let asks: [(&str, Ask); 4] = [
            ("symbol", &|t| drop(black_box(engine.symbol_info(t)))),
            ("refs", &|t| drop(black_box(engine.refs(t)))),
            ("callers", &|t| drop(black_box(engine.callers(t)))),
            ("impact", &|t| {
                drop(black_box(engine.impact(t, IMPACT_DEPTH)))
            }),
        ];
        for (kind, ask) in asks {
            group.bench_function(format!("{name}/{kind}"), |b| {
                b.iter(|| {
                    for target in &targets {
                        ask(target);
                    }
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, queries);
criterion_main!(benches);
