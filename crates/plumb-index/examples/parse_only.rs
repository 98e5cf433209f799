//! The parse-only baseline of the indexing benchmarks: the same bounded walk
//! and the same parse path (`plumb_index::parse::parse_only`) on the same
//! rayon threads as `plumb index`, but no extraction, resolution or store.
//! The ratio of a full index to this is how close plumb runs to the
//! parser's own limit.
//!
//! With `--walk`, each tree is also walked whole with a tree cursor, reading
//! every node's kind and field: the least that any extraction reading every
//! node does, and so a floor under plumb's own.
//!
//! Usage: `cargo run --release -p plumb-index --example parse_only -- [--walk] ROOT`

use std::time::Instant;

use plumb_index::parse::parse_only;
use plumb_index::walk::{Limits, walk};
use rayon::prelude::*;
use tree_sitter::Tree;

/// Visits every node of `tree`, named or not, in pre-order with one cursor,
/// reading its kind and field; returns a sum of them, so that no read can be
/// left out by the optimiser.
fn walk_every_node(tree: &Tree) -> u64 {
    let mut cursor = tree.walk();
    let mut sum = 0u64;
    loop {
        let field = cursor.field_id().map_or(0, |field| u64::from(field.get()));
        sum = sum.wrapping_add(field + u64::from(cursor.node().kind_id()));
        if cursor.goto_first_child() || cursor.goto_next_sibling() {
            continue;
        }
        loop {
            if !cursor.goto_parent() {
                return sum;
            }
            if cursor.goto_next_sibling() {
                break;
            }
        }
    }
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let walk_trees = args.first().is_some_and(|arg| arg == "--walk");
    if walk_trees {
        args.remove(0);
    }
    let [root] = args.as_slice() else {
        eprintln!("usage: parse_only [--walk] ROOT");
        std::process::exit(2);
    };
    let started = Instant::now();
    let root = match std::fs::canonicalize(root) {
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
            if walk_trees {
                std::hint::black_box(walk_every_node(&tree));
            }
            Some((1usize, source.len(), tree.root_node().descendant_count()))
        })
        .reduce(|| (0, 0, 0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2));
    println!(
        "parsed {files} files, {bytes} bytes, {nodes} nodes in {:.3}s",
        started.elapsed().as_secs_f64()
    );
}
