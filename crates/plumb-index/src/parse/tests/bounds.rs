//! The parse's tests on the bounds of extraction: nesting depth and the
//! time limit, which covers extraction as well as the parse.

use std::time::Duration;

use plumb_lang::Language;
use plumb_store::model::FileStatus;

use super::indexed;
use crate::extract::{Deadline, Exceeded, ExtractError, MAX_DEFINITION_DEPTH, extract_with_hooks};
use crate::parse::{FileOutcome, check_and_extract};

/// `depth` JavaScript functions, each declared in the one before.
fn nested_functions(depth: usize) -> String {
    let open: String = (0..depth)
        .map(|i| format!("function f{i}() {{\n"))
        .collect();
    open + &"}\n".repeat(depth)
}

#[test]
fn definitions_at_the_depth_bound_are_indexed() {
    let source = nested_functions(MAX_DEFINITION_DEPTH);
    let facts = indexed(Language::JavaScript, &source);
    assert_eq!(facts.defs.len(), MAX_DEFINITION_DEPTH);
}

#[test]
fn deeper_definitions_are_set_aside_with_the_depth_and_quickly() {
    // Thousands deep: with parents found by walking down from the root at
    // every step this took minutes in a debug build; linear, well under
    // the limit.
    let source = nested_functions(3_000);
    let outcome = check_and_extract(
        Language::JavaScript,
        source.as_bytes(),
        Duration::from_secs(60),
    );
    let FileOutcome::Skipped(status, reason) = outcome else {
        panic!("indexed");
    };
    assert_eq!(status, FileStatus::SkippedLimit);
    assert_eq!(
        reason,
        format!("definitions nested 3000 deep, beyond the bound of {MAX_DEFINITION_DEPTH}")
    );
    let rust: String = "mod m {\n".repeat(500) + &"}\n".repeat(500);
    let outcome = check_and_extract(Language::Rust, rust.as_bytes(), Duration::from_secs(60));
    assert!(
        matches!(&outcome, FileOutcome::Skipped(FileStatus::SkippedLimit, reason) if reason.contains("500 deep")),
        "{outcome:?}"
    );
}

#[test]
fn a_passed_deadline_stops_extraction() {
    let source = "function f() { return g(1); }\n".repeat(1000);
    let tree =
        plumb_lang::parse_timed(Language::JavaScript, &source, Duration::from_secs(60)).unwrap();
    let deadline = Deadline::after(Duration::ZERO);
    std::thread::sleep(Duration::from_millis(2));
    let hooks = Language::JavaScript.file_hooks(tree.root_node(), source.as_bytes());
    let result = extract_with_hooks(Language::JavaScript, &tree, &[], &source, hooks, deadline);
    assert!(
        matches!(result, Err(ExtractError::Exceeded(Exceeded::Time(_)))),
        "{result:?}"
    );
}
