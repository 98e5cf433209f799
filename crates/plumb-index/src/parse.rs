//! Reading, checking and parsing one file: binary and encoding checks, the
//! per-file parse timeout, and the panic quarantine around extraction.
//! Each worker thread keeps one parser per language.

use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::ControlFlow;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use plumb_lang::tree_sitter::{ParseOptions, Parser, Tree};
use plumb_lang::{Language, MacroArguments};
use plumb_store::model::FileStatus;

use crate::extract::extract_with_hooks;
use crate::facts::FileFacts;
use crate::walk::Candidate;

/// What became of one candidate file.
#[derive(Debug)]
pub enum FileOutcome {
    /// Extracted.
    Indexed(FileFacts),
    /// Set aside, with the status and reason.
    Skipped(FileStatus, String),
}

/// One candidate after reading and parsing.
#[derive(Debug)]
pub struct ParsedFile {
    /// blake3 of the content, when it could be read.
    pub hash: Option<String>,
    /// The outcome.
    pub outcome: FileOutcome,
}

struct Worker {
    parsers: HashMap<Language, Parser>,
}

thread_local! {
    static WORKER: RefCell<Worker> = RefCell::new(Worker { parsers: HashMap::new() });
}

/// Reads, checks, parses and extracts one file.
pub fn process(candidate: &Candidate, timeout: Duration) -> ParsedFile {
    let bytes = match std::fs::read(&candidate.abs) {
        Ok(bytes) => bytes,
        Err(err) => {
            return ParsedFile {
                hash: None,
                outcome: FileOutcome::Skipped(FileStatus::Unreadable, err.to_string()),
            };
        }
    };
    let hash = Some(blake3::hash(&bytes).to_hex().to_string());
    let outcome = check_and_extract(candidate.language, &bytes, timeout);
    ParsedFile { hash, outcome }
}

/// The extraction of `bytes` as `language`, or why it was set aside.
pub fn check_and_extract(language: Language, bytes: &[u8], timeout: Duration) -> FileOutcome {
    if let Some(offset) = bytes.iter().position(|&b| b == 0) {
        return FileOutcome::Skipped(
            FileStatus::SkippedBinary,
            format!("binary content (NUL byte at offset {offset})"),
        );
    }
    let source = match std::str::from_utf8(bytes) {
        Ok(source) => source,
        Err(err) => {
            return FileOutcome::Skipped(
                FileStatus::SkippedEncoding,
                format!("not valid UTF-8: {err}"),
            );
        }
    };
    let result = catch_unwind(AssertUnwindSafe(|| {
        WORKER.with(|worker| {
            let mut worker = worker.borrow_mut();
            let worker = &mut *worker;
            parse_and_extract(worker, language, source, timeout)
        })
    }));
    match result {
        Ok(outcome) => outcome,
        Err(panic) => {
            // The worker's parser may be mid-parse: start this thread afresh.
            WORKER.with(|worker| {
                if let Ok(mut worker) = worker.try_borrow_mut() {
                    worker.parsers.clear();
                }
            });
            let message = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_owned());
            FileOutcome::Skipped(
                FileStatus::Quarantined,
                format!("extraction panicked: {message}"),
            )
        }
    }
}

/// Parses `source` with the worker's parser for `language`, giving up after
/// `timeout`.
fn parse_tree(
    worker: &mut Worker,
    language: Language,
    source: &str,
    timeout: Duration,
) -> Result<Tree, (FileStatus, String)> {
    parse_with_timeout(parser_for(worker, language)?, source, timeout)
}

/// The worker's parser for `language`, made on first use.
fn parser_for(
    worker: &mut Worker,
    language: Language,
) -> Result<&mut Parser, (FileStatus, String)> {
    match worker.parsers.entry(language) {
        std::collections::hash_map::Entry::Occupied(entry) => Ok(entry.into_mut()),
        std::collections::hash_map::Entry::Vacant(entry) => {
            let mut parser = Parser::new();
            if let Err(err) = parser.set_language(&language.grammar()) {
                return Err((FileStatus::Quarantined, format!("grammar rejected: {err}")));
            }
            Ok(entry.insert(parser))
        }
    }
}

/// Parses `source` with `parser` (within its included ranges), giving up
/// after `timeout`.
fn parse_with_timeout(
    parser: &mut Parser,
    source: &str,
    timeout: Duration,
) -> Result<Tree, (FileStatus, String)> {
    let started = Instant::now();
    let mut over_time = |_: &_| {
        if started.elapsed() > timeout {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let bytes = source.as_bytes();
    let tree = parser.parse_with_options(
        &mut |offset, _| &bytes[offset.min(bytes.len())..],
        None,
        Some(ParseOptions::new().progress_callback(&mut over_time)),
    );
    tree.ok_or_else(|| {
        parser.reset();
        (
            FileStatus::TimedOut,
            format!("parsing took longer than {} ms", timeout.as_millis()),
        )
    })
}

/// Parses one round of macro arguments: only their ranges, which gives the
/// tree of the whole blanked text without reading the blanks. The parser
/// reads whole documents again afterwards.
fn parse_arguments(
    worker: &mut Worker,
    language: Language,
    arguments: &MacroArguments,
    timeout: Duration,
) -> Result<Tree, (FileStatus, String)> {
    let parser = parser_for(worker, language)?;
    // Ranges the parser refuses are read as the whole text, blanks included.
    let _ = parser.set_included_ranges(&arguments.ranges);
    let parsed = parse_with_timeout(parser, &arguments.text, timeout);
    let _ = parser.set_included_ranges(&[]);
    parsed
}

/// Parses `source` exactly as indexing does (this thread's parser, the same
/// timeout) and stops there: the parse-only baseline of the benchmarks.
/// `None` when the parse timed out or the grammar was rejected.
pub fn parse_only(language: Language, source: &str, timeout: Duration) -> Option<Tree> {
    WORKER.with(|worker| parse_tree(&mut worker.borrow_mut(), language, source, timeout).ok())
}

/// Rounds of macro-argument parsing: a macro invoked inside another's
/// arguments (`assert_eq!(format!(…), …)`) is read in the next round.
/// Chosen: two levels cover the nesting seen in the Rust corpora; a third
/// is a margin.
const MACRO_ROUNDS: usize = 3;

/// Parses the file's macro arguments ([`Language::macro_arguments`]), round
/// by round, with the file's own parser and timeout: `first`, those of the
/// file's own tree, then those of each round's tree. A round that times out
/// ends the rounds: the file is still indexed, without those arguments.
fn parse_macro_arguments(
    worker: &mut Worker,
    language: Language,
    first: Option<MacroArguments>,
    source: &str,
    timeout: Duration,
) -> Vec<Tree> {
    let mut trees: Vec<Tree> = Vec::new();
    let mut next = first;
    while let Some(arguments) = next.take() {
        match parse_arguments(worker, language, &arguments, timeout) {
            Ok(parsed) => trees.push(parsed),
            Err(_) => break,
        }
        if let Some(last) = trees.last()
            && trees.len() < MACRO_ROUNDS
        {
            next = language.macro_arguments(last.root_node(), source.as_bytes());
        }
    }
    trees
}

fn parse_and_extract(
    worker: &mut Worker,
    language: Language,
    source: &str,
    timeout: Duration,
) -> FileOutcome {
    let tree = match parse_tree(worker, language, source, timeout) {
        Ok(tree) => tree,
        Err((status, reason)) => return FileOutcome::Skipped(status, reason),
    };
    let mut hooks = language.file_hooks(tree.root_node(), source.as_bytes());
    let first = hooks.macro_arguments.take();
    let macro_trees = parse_macro_arguments(worker, language, first, source, timeout);
    match extract_with_hooks(language, &tree, &macro_trees, source, hooks) {
        Ok(facts) => FileOutcome::Indexed(facts),
        Err(err) => FileOutcome::Skipped(FileStatus::Quarantined, err.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status(outcome: &FileOutcome) -> Option<FileStatus> {
        match outcome {
            FileOutcome::Indexed(_) => None,
            FileOutcome::Skipped(status, _) => Some(*status),
        }
    }

    #[test]
    fn bad_content_is_set_aside_with_a_reason() {
        let timeout = Duration::from_secs(5);
        assert_eq!(
            status(&check_and_extract(Language::Python, b"x = 1\0", timeout)),
            Some(FileStatus::SkippedBinary)
        );
        assert_eq!(
            status(&check_and_extract(Language::Python, b"x = '\xff'", timeout)),
            Some(FileStatus::SkippedEncoding)
        );
        assert_eq!(
            status(&check_and_extract(Language::Python, b"def f(:\n", timeout)),
            None
        );
    }

    #[test]
    fn a_zero_timeout_times_out() {
        let source = "def f():\n    return 1\n".repeat(20_000);
        let outcome = check_and_extract(Language::Python, source.as_bytes(), Duration::ZERO);
        assert_eq!(status(&outcome), Some(FileStatus::TimedOut));
        // The worker's parser is usable again afterwards.
        let outcome = check_and_extract(
            Language::Python,
            b"def g():\n    pass\n",
            Duration::from_secs(5),
        );
        assert_eq!(status(&outcome), None);
    }
}
