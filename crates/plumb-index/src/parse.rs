//! Reading, checking and parsing one file: the binary check, legacy
//! encodings decoded (`legacy`), the
//! parse (plumb-lang's per-thread parsers, with the per-file timeout),
//! C's attribute macros blanked and the file parsed again, macro arguments
//! parsed round by round, and the panic quarantine around extraction.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Duration;

use plumb_lang::tree_sitter::Tree;
use plumb_lang::{Language, MacroArguments, ParseError};
use plumb_store::model::FileStatus;

use crate::extract::{Deadline, Exceeded, ExtractError, extract_with_hooks};
use crate::facts::FileFacts;
use crate::walk::Candidate;
use legacy::Decoded;

mod legacy;

/// What became of one candidate file.
#[derive(Debug)]
pub enum FileOutcome {
    /// Extracted (boxed: the facts are most of the outcome's size).
    Indexed(Box<FileFacts>),
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

/// Reads, checks, parses and extracts one file; `timeout` bounds its
/// parse and extraction together.
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

/// The extraction of `bytes` as `language`, or why it was set aside
/// (after `timeout`, for parse and extraction together, as
/// [`FileStatus::TimedOut`]). Text that is not UTF-8 is read as
/// Windows-1252 (Latin-1), its positions kept in the file's own bytes.
pub fn check_and_extract(language: Language, bytes: &[u8], timeout: Duration) -> FileOutcome {
    if let Some(offset) = bytes.iter().position(|&b| b == 0) {
        return FileOutcome::Skipped(
            FileStatus::SkippedBinary,
            format!("binary content (NUL byte at offset {offset})"),
        );
    }
    match std::str::from_utf8(bytes) {
        Ok(source) => guarded(language, source, timeout),
        Err(_) => {
            let decoded = Decoded::of(bytes);
            let mut outcome = guarded(language, &decoded.text, timeout);
            if let FileOutcome::Indexed(facts) = &mut outcome {
                decoded.map_back(facts);
            }
            outcome
        }
    }
}

/// [`parse_and_extract`] in the panic quarantine: a panic sets the file
/// aside as [`FileStatus::Quarantined`] and the run goes on.
fn guarded(language: Language, source: &str, timeout: Duration) -> FileOutcome {
    let result = catch_unwind(AssertUnwindSafe(|| {
        parse_and_extract(language, source, timeout)
    }));
    match result {
        Ok(outcome) => outcome,
        Err(panic) => {
            // The thread's parser may be mid-parse: start this thread afresh.
            plumb_lang::discard_thread_parsers();
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

/// The status a file whose parse failed is set aside with.
fn parse_status(err: &ParseError) -> FileStatus {
    match err {
        ParseError::TimedOut(_) => FileStatus::TimedOut,
        ParseError::GrammarRejected(_) => FileStatus::Quarantined,
    }
}

/// Parses `source` exactly as indexing does (this thread's parser, the same
/// timeout) and stops there: the parse-only baseline of the benchmarks.
/// `None` when the parse timed out or the grammar was rejected.
pub fn parse_only(language: Language, source: &str, timeout: Duration) -> Option<Tree> {
    plumb_lang::parse_timed(language, source, timeout).ok()
}

/// Rounds of macro-argument parsing: a macro invoked inside another's
/// arguments (`assert_eq!(format!(…), …)`) is read in the next round.
/// Chosen: two levels cover the nesting seen in the corpora of the one
/// language with such macros; a third is a margin.
const MACRO_ROUNDS: usize = 3;

/// Parses the file's macro arguments ([`Language::macro_arguments`]), round
/// by round, with the file's own parser and timeout: `first`, those of the
/// file's own tree, then those of each round's tree. Each round parses
/// only the arguments' ranges. A round that times out ends the rounds: the
/// file is still indexed, without those arguments.
fn parse_macro_arguments(
    language: Language,
    first: Option<MacroArguments>,
    source: &str,
    timeout: Duration,
) -> Vec<Tree> {
    let mut trees: Vec<Tree> = Vec::new();
    let mut next = first;
    while let Some(arguments) = next.take() {
        match plumb_lang::parse_ranges_timed(language, &arguments.text, &arguments.ranges, timeout)
        {
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

/// Rounds of parsing again with attribute macros blanked
/// ([`Language::attribute_macros`]): a round blanks at most one macro after
/// a parameter's name per parameter list. Chosen: liblzma's
/// `index_encode` marks five parameters `lzma_attribute((__unused__))`
/// in one list, so six rounds parse it whole; two more are a margin.
const ATTRIBUTE_ROUNDS: usize = 8;

/// Parses `source`, then, while the tree shows attribute macros that broke
/// a declaration (C), parses a copy with them blanked, the same length, so
/// that the tree's positions are the source's. A round that times out
/// keeps the tree before it.
fn parse_blanking_attributes(
    language: Language,
    source: &str,
    deadline: &Deadline,
) -> Result<Tree, ParseError> {
    let mut tree = plumb_lang::parse_timed(language, source, deadline.remaining())?;
    let mut blanked: Option<String> = None;
    for _ in 0..ATTRIBUTE_ROUNDS {
        let text = blanked.as_deref().unwrap_or(source);
        let Some(next) = language.attribute_macros(tree.root_node(), text) else {
            break;
        };
        match plumb_lang::parse_timed(language, &next, deadline.remaining()) {
            Ok(parsed) => tree = parsed,
            Err(_) => break,
        }
        blanked = Some(next);
    }
    Ok(tree)
}

/// Parses and extracts `source` within `timeout` in all: the parse gets
/// the whole of it, the macro arguments and the extraction what is left.
fn parse_and_extract(language: Language, source: &str, timeout: Duration) -> FileOutcome {
    let deadline = Deadline::after(timeout);
    let tree = match parse_blanking_attributes(language, source, &deadline) {
        Ok(tree) => tree,
        Err(err) => return FileOutcome::Skipped(parse_status(&err), err.to_string()),
    };
    let mut hooks = language.file_hooks(tree.root_node(), source.as_bytes());
    let first = hooks.macro_arguments.take();
    let macro_trees = parse_macro_arguments(language, first, source, deadline.remaining());
    match extract_with_hooks(language, &tree, &macro_trees, source, hooks, deadline) {
        Ok(facts) => FileOutcome::Indexed(Box::new(facts)),
        Err(ExtractError::Exceeded(exceeded @ Exceeded::Depth(_))) => {
            FileOutcome::Skipped(FileStatus::SkippedLimit, exceeded.to_string())
        }
        Err(ExtractError::Exceeded(exceeded @ Exceeded::Time(_))) => {
            FileOutcome::Skipped(FileStatus::TimedOut, exceeded.to_string())
        }
        Err(err @ ExtractError::Spec(_)) => {
            FileOutcome::Skipped(FileStatus::Quarantined, err.to_string())
        }
    }
}

#[cfg(test)]
mod tests;
