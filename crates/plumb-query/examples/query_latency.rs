//! Warm query latency of an index: opens the store once, then asks
//! `symbol`, `refs`, `callers` and `impact` (depth 3) about a fixed sample
//! of callables (every k-th function or method, by file and line, so runs
//! are repeatable) and prints p50 and p99 per kind, measured inside the
//! process. A first pass over another sample warms SQLite's and the OS's
//! page caches; the engine is new for the timed pass, so no answer is
//! served from its own cache.
//!
//! Usage: `cargo run --release -p plumb-query --example query_latency -- ROOT [SAMPLES]`

use std::time::{Duration, Instant};

use plumb_query::{Engine, Locator};
use plumb_store::Store;
use plumb_store::model::SymbolKind;

/// Questions per kind when SAMPLES is not given. Chosen: enough for a
/// stable p99 (the 99th of 200 is the second slowest), quick on any index.
const DEFAULT_SAMPLES: usize = 200;
/// Depth of the impact questions, as the benchmark bar states it.
const IMPACT_DEPTH: u32 = 3;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(root) = args.next() else {
        eprintln!("usage: query_latency ROOT [SAMPLES]");
        std::process::exit(2);
    };
    let samples: usize = args
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(DEFAULT_SAMPLES);
    let database = Store::database_path(std::path::Path::new(&root));
    let open = || match Store::open_read_only(&database) {
        Ok(store) => store,
        Err(err) => {
            eprintln!("query_latency: {err}");
            std::process::exit(2);
        }
    };
    let targets = sample_callables(&open(), samples * 2);
    if targets.is_empty() {
        eprintln!("query_latency: no functions or methods in the index");
        std::process::exit(1);
    }
    let (warmup, timed): (Vec<_>, Vec<_>) = targets
        .into_iter()
        .enumerate()
        .partition(|(i, _)| i % 2 == 1);
    let warm = Engine::new(open());
    for (_, target) in &warmup {
        ask_all(&warm, target);
    }
    let engine = Engine::new(open());
    let mut times: [Vec<Duration>; 4] = Default::default();
    for (_, target) in &timed {
        for (kind, elapsed) in ask_all(&engine, target).into_iter().enumerate() {
            times[kind].push(elapsed);
        }
    }
    println!("| query | questions | p50 ms | p99 ms | max ms |");
    println!("|---|---|---|---|---|");
    for (name, mut kind) in ["symbol", "refs", "callers", "impact (depth 3)"]
        .into_iter()
        .zip(times)
    {
        kind.sort();
        let at = |q: f64| kind[((kind.len() - 1) as f64 * q).round() as usize];
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        println!(
            "| {name} | {} | {:.2} | {:.2} | {:.2} |",
            kind.len(),
            ms(at(0.5)),
            ms(at(0.99)),
            ms(at(1.0))
        );
    }
}

/// Every k-th function or method of the index as `path:LINE`, about `n`.
fn sample_callables(store: &Store, n: usize) -> Vec<String> {
    let files = store.files().unwrap_or_default();
    let mut callables = Vec::new();
    for file in &files {
        for symbol in store.symbols_in_file(&file.path).unwrap_or_default() {
            if matches!(symbol.kind, SymbolKind::Function | SymbolKind::Method) {
                callables.push(format!("{}:{}", symbol.file, symbol.name_line));
            }
        }
    }
    let step = (callables.len() / n.max(1)).max(1);
    callables.into_iter().step_by(step).take(n).collect()
}

/// Times the four questions about `target`; a failed question counts too.
fn ask_all(engine: &Engine, target: &str) -> [Duration; 4] {
    let Ok(target) = target.parse::<Locator>() else {
        return [Duration::ZERO; 4];
    };
    let target = &target;
    let time = |ask: &dyn Fn() -> bool| {
        let started = Instant::now();
        let _answered = ask();
        started.elapsed()
    };
    [
        time(&|| engine.symbol_info(target).is_ok()),
        time(&|| engine.refs(target).is_ok()),
        time(&|| engine.callers(target).is_ok()),
        time(&|| engine.impact(target, IMPACT_DEPTH).is_ok()),
    ]
}
