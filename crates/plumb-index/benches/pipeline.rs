//! Criterion benchmarks of the indexing pipeline, in process, on the test
//! fixtures (`tests/fixtures/<language>`), one group per stage:
//! - `parse`: each fixture parsed only (the parser's own limit) and parsed
//!   and extracted, so the two read side by side per language;
//! - `resolve`: each fixture linked and every file's rows made;
//! - `interface`: the interface hash of every file of a fixture (what an
//!   incremental run computes for each edited file).
//!
//! Whole-process figures on real corpora are `bench/speed.sh`'s.
//! Run: `cargo bench -p plumb-index --bench pipeline`.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use plumb_index::facts::{Apart, decode_apart};
use plumb_index::interface::interface_hash;
use plumb_index::parse::{FileOutcome, check_and_extract, parse_only};
use plumb_index::read_manifests;
use plumb_index::resolve::modules::Manifests;
use plumb_index::resolve::{SourceFile, link};
use plumb_index::walk::{Limits, walk};
use plumb_lang::Language;

/// The fixtures benchmarked: one per language.
const FIXTURES: &[&str] = &[
    "c",
    "cpp",
    "csharp",
    "go",
    "java",
    "javascript",
    "kotlin",
    "php",
    "python",
    "ruby",
    "rust",
    "swift",
    "tsx",
    "typescript",
];

/// One fixture: its files as the indexer walks them, with their text, and
/// the manifests an index run reads there.
struct Fixture {
    files: Vec<(String, Language, String)>,
    manifests: Manifests,
}

fn fixture(name: &str) -> Fixture {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures")
        .join(name);
    let walked = walk(&root, &Limits::default());
    let files = walked
        .candidates
        .iter()
        .filter_map(|c| {
            let text = std::fs::read_to_string(&c.abs).ok()?;
            Some((c.rel.clone(), c.language, text))
        })
        .collect();
    Fixture {
        manifests: read_manifests(&root, &walked.candidates),
        files,
    }
}

/// The fixture's files extracted, as resolution takes them, and what was
/// set apart of each one's facts.
fn sources(fixture: &Fixture) -> (Vec<SourceFile>, Vec<Apart>) {
    let timeout = Limits::default().parse_timeout;
    fixture
        .files
        .iter()
        .enumerate()
        .filter_map(|(i, (rel, language, text))| {
            match check_and_extract(*language, text.as_bytes(), timeout) {
                FileOutcome::Indexed(facts) => {
                    let (file, apart) =
                        SourceFile::new(i as i64 + 1, rel.clone(), *language, *facts);
                    Some((file, decode_apart(&apart)))
                }
                FileOutcome::Skipped(..) => None,
            }
        })
        .unzip()
}

fn parse(c: &mut Criterion) {
    let timeout = Limits::default().parse_timeout;
    let mut group = c.benchmark_group("parse");
    for &name in FIXTURES {
        let fixture = fixture(name);
        group.bench_function(format!("{name}/parse-only"), |b| {
            b.iter(|| {
                for (_, language, text) in &fixture.files {
                    black_box(parse_only(*language, text, timeout));
                }
            })
        });
        group.bench_function(format!("{name}/parse+extract"), |b| {
            b.iter(|| {
                for (_, language, text) in &fixture.files {
                    black_box(check_and_extract(*language, text.as_bytes(), timeout));
                }
            })
        });
    }
    group.finish();
}

fn resolve(c: &mut Criterion) {
    let mut group = c.benchmark_group("resolve");
    for &name in FIXTURES {
        let fixture = fixture(name);
        let (sources, aparts) = sources(&fixture);
        group.bench_function(name, |b| {
            b.iter(|| {
                let linked = link(&sources, &fixture.manifests);
                for (f, apart) in aparts.iter().enumerate() {
                    black_box(linked.file_rows(f, apart.clone()));
                }
            })
        });
    }
    group.finish();
}

fn interface(c: &mut Criterion) {
    let mut group = c.benchmark_group("interface");
    for &name in FIXTURES {
        let (sources, _) = sources(&fixture(name));
        group.bench_function(name, |b| {
            b.iter(|| {
                for source in &sources {
                    black_box(interface_hash(&source.facts));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, parse, resolve, interface);
criterion_main!(benches);
