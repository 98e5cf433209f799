//! The parse-only baseline of the indexing benchmarks: the same bounded walk
//! and the same tree-sitter parsers on the same rayon threads as `plumb
//! index`, but no extraction, resolution or store. The ratio of a full index
//! to this is how close plumb runs to the parser's own limit.
//!
//! Usage: `cargo run --release -p plumb-index --example parse_only -- ROOT`

use std::cell::RefCell;
use std::collections::HashMap;
use std::time::Instant;

use plumb_index::walk::{Limits, walk};
use plumb_lang::Language;
use plumb_lang::tree_sitter::Parser;
use rayon::prelude::*;

thread_local! {
    static PARSERS: RefCell<HashMap<Language, Parser>> = RefCell::new(HashMap::new());
}

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
    let walked = walk(&root, &Limits::default());
    let (files, bytes, nodes) = walked
        .candidates
        .par_iter()
        .map(|candidate| {
            let Ok(source) = std::fs::read(&candidate.abs) else {
                return (0, 0, 0);
            };
            PARSERS.with(|parsers| {
                let mut parsers = parsers.borrow_mut();
                let parser = parsers.entry(candidate.language).or_insert_with(|| {
                    let mut parser = Parser::new();
                    parser
                        .set_language(&candidate.language.grammar())
                        .expect("every grammar links against the tree-sitter in use");
                    parser
                });
                let nodes = parser
                    .parse(&source, None)
                    .map_or(0, |tree| tree.root_node().descendant_count());
                (1usize, source.len(), nodes)
            })
        })
        .reduce(|| (0, 0, 0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2));
    println!(
        "parsed {files} files, {bytes} bytes, {nodes} nodes in {:.3}s",
        started.elapsed().as_secs_f64()
    );
}
