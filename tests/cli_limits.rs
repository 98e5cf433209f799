//! End-to-end tests of the bounds an index records: a file indexed under a
//! raised `--max-file-bytes` is neither reported as changed by `status`
//! nor dropped by a later run without flags; an explicit flag overrides
//! the recorded bound.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "test code: a failure here is a failed test"
)]

mod common;

use std::path::Path;

use common::*;

/// Above the default per-file cap (2 MiB), below [`RAISED_CAP`].
const BIG_FILE_BYTES: usize = 2_200_000;
/// The raised `--max-file-bytes`.
const RAISED_CAP: &str = "3000000";

/// A repository with one small file and one above the default cap (a
/// function and one long string, quick to parse), indexed with the cap
/// raised.
fn indexed_with_raised_cap() -> Repo {
    let repo = Repo::empty();
    std::fs::write(repo.path("small.py"), "def small():\n    return 1\n").unwrap();
    let padding = "x".repeat(BIG_FILE_BYTES);
    let big = format!("def big():\n    return 2\n\n\nPADDING = \"{padding}\"\n");
    std::fs::write(repo.path("big.py"), big).unwrap();
    for file in ["small.py", "big.py"] {
        age(&repo.path(file));
    }
    let run = repo.index(&["--max-file-bytes", RAISED_CAP, "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.json()["files"]["indexed"], 2, "{}", run.stdout);
    repo
}

/// Sets a file's modification time well in the past, as if it had been
/// written long before the next run (the up-to-date check trusts only
/// such times).
fn age(path: &Path) {
    let past = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    std::fs::File::options()
        .write(true)
        .open(path)
        .unwrap()
        .set_modified(past)
        .unwrap();
}

/// Whether `big` is defined in the index.
fn big_is_indexed(repo: &Repo) -> bool {
    let (_, json) = repo.query(&["symbol", "big"]);
    !json["targets"].as_array().unwrap().is_empty()
}

#[test]
fn status_walks_with_the_recorded_cap() {
    let repo = indexed_with_raised_cap();
    let freshness = &repo.ok(&["status"])["results"]["freshness"];
    assert_eq!(freshness["state"], "fresh", "{freshness}");
    assert_eq!(freshness["changed_files"], 0, "{freshness}");
}

#[test]
fn a_run_without_flags_keeps_the_recorded_cap() {
    let repo = indexed_with_raised_cap();
    let run = repo.index(&["--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let summary = run.json();
    assert_eq!(summary["up_to_date"], true, "{summary}");
    assert_eq!(summary["files"]["indexed"], 2, "{summary}");
    assert!(big_is_indexed(&repo));

    let run = repo.index(&["--full", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.json()["files"]["indexed"], 2, "{}", run.stdout);
    assert!(big_is_indexed(&repo));
}

#[test]
fn an_explicit_smaller_cap_drops_the_file_and_is_recorded() {
    let repo = indexed_with_raised_cap();
    let run = repo.index(&["--max-file-bytes", "1000000", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let summary = run.json();
    assert_eq!(summary["files"]["indexed"], 1, "{summary}");
    assert_eq!(summary["files"]["skipped_size"], 1, "{summary}");
    assert!(!big_is_indexed(&repo));

    let freshness = &repo.ok(&["status"])["results"]["freshness"];
    assert_eq!(freshness["state"], "fresh", "{freshness}");
    let run = repo.index(&["--json"]);
    assert_eq!(run.json()["up_to_date"], true, "{}", run.stdout);
}
