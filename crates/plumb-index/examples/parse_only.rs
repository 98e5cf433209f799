//! The parse-only baseline of the indexing benchmarks: the same bounded walk
//! and the same parse path (`plumb_index::parse::parse_only`) on the same
//! rayon threads as `plumb index`, but no extraction, resolution or store.
//! The ratio of a full index to this is how close plumb runs to the
//! parser's own limit.
//!
//! Usage: `cargo run --release -p plumb-index --example parse_only -- ROOT`

use std::time::Instant;

use plumb_index::parse::parse_only;
use plumb_index::walk::{Limits, walk};
use rayon::prelude::*;

fn main() {
    let Some(root) = std::env::args().nth(1) else {
        eprintln!("usage: parse_only ROOT");
        std::process::exit(2);
    };
    let started = Instant::now();
    let root = match std::fs::canonicalize(&root) {
        Ok(root) => root,
        Err(err) => {
            eprintln!("parse_only: {root}: {err}");
            std::process::exit(2);
        }
    };
    let limits = Limits::default();
    let walked = walk(&root, &limits);
    let (files, bytes, nodes) = walked
        .candidates
        .par_iter()
        .filter_map(|candidate| {
            let source = String::from_utf8(std::fs::read(&candidate.abs).ok()?).ok()?;
            let tree = parse_only(candidate.language, &source, limits.parse_timeout)?;
            Some((1usize, source.len(), tree.root_node().descendant_count()))
        })
        .reduce(|| (0, 0, 0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2));
    println!(
        "parsed {files} files, {bytes} bytes, {nodes} nodes in {:.3}s",
        started.elapsed().as_secs_f64()
    );
}
