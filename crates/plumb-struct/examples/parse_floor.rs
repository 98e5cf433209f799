//! The floor under `plumb grep`: the time to walk a tree, read every file
//! of one language, keep those that pass the pattern's prefilter, and parse
//! them with tree-sitter on all cores, with no matching and no output. A
//! structural search cannot take less than this (it does all of it, then
//! matches), so the ratio of another tool's time to this one bounds the
//! speed-up any matcher could show. Used by `bench/structural.sh`.
//!
//! Usage: parse_floor LANG DIR PATTERN
//! Prints `FILES_READ FILES_PARSED SECONDS`.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use plumb_lang::Language;
use plumb_struct::{Prefilter, StructPattern};
use rayon::prelude::*;

/// The parse bound `plumb grep` uses.
const PARSE_TIMEOUT: Duration = plumb_struct::PARSE_TIMEOUT;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [lang, dir, pattern] = args.as_slice() else {
        return Err("usage: parse_floor LANG DIR PATTERN".into());
    };
    let language = Language::from_name(lang).ok_or(format!("unknown language {lang}"))?;
    let compiled = StructPattern::compile(pattern, language)?;
    let prefilter = Prefilter::new(&compiled);

    let started = Instant::now();
    let mut files: Vec<PathBuf> = ignore::WalkBuilder::new(dir)
        .hidden(true)
        .require_git(false)
        .build()
        .flatten()
        .filter(|e| e.file_type().is_some_and(|t| t.is_file()))
        .map(ignore::DirEntry::into_path)
        .filter(|p| Language::from_path(p) == Some(language))
        .collect();
    files.sort();
    let parsed: usize = files
        .par_iter()
        .map(|path| {
            let Ok(bytes) = std::fs::read(path) else {
                return 0;
            };
            if !prefilter.admits(&bytes) {
                return 0;
            }
            let Ok(source) = String::from_utf8(bytes) else {
                return 0;
            };
            usize::from(plumb_lang::parse_timed(language, &source, PARSE_TIMEOUT).is_ok())
        })
        .sum();
    println!(
        "{} {parsed} {:.3}",
        files.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
