//! Notes on the CLI name its commands and flags (the MCP side is
//! `tests/mcp/notes.py`): the guesses a listing leaves out point at
//! `--guesses`, and `--guesses` lists them.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "test code: a failure here is a failed test"
)]

mod common;

use common::*;

#[test]
fn a_note_on_left_out_guesses_names_the_flag_that_lists_them() {
    let repo = Repo::indexed("python");
    let answer = repo.ok(&["refs", "total"]);
    let notes: Vec<&str> = answer["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    let note = notes
        .iter()
        .find(|n| n.contains("name-only guesses left out"))
        .unwrap_or_else(|| panic!("no note on guesses in {notes:?}"));
    assert!(note.ends_with("(`--guesses` lists them)"), "{note}");
    let shown = repo.ok(&["--guesses", "refs", "total"]);
    let guesses = shown["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["resolution"] == "name_only")
        .count();
    assert!(guesses > 0, "{shown}");
    assert!(
        note.starts_with(&format!("{guesses} ")),
        "{note}: {guesses} guesses listed"
    );
}
