//! Malformed input: `plumb index` must finish (exit 0), index what it can,
//! and account for every file it did not index in `plumb status`.
//!
//! tests/fixtures/malformed holds only the well-formed text files
//! (good.py, and broken.py with a syntax error at :8 between good_before :4
//! and good_after :12). Everything binary, undecodable, oversized, looping
//! or unreadable is created here at run time, never committed:
//!   blob.py          NUL bytes                      -> skipped_binary
//!   bad.py           Latin-1, not UTF-8             -> indexed (read as Windows-1252)
//!   big.py           5000 bytes, --max-file-bytes 1000 -> skipped_size
//!   loop -> .        directory symlink loop          -> alias
//!   locked/          chmod 000 directory             -> unreadable
//!
//! Root reads a chmod-000 directory anyway, so when the tests run as root
//! (as CI does) the index runs as the unprivileged user `nobody` through
//! util-linux's `setpriv`: the `unreadable` status is exercised on every run.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "test code: a failure here is a failed test"
)]

mod common;

use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;

use common::*;

const MAX_BYTES: &str = "1000";

/// A malformed tree in a temp dir. Restores the locked directory's
/// permissions on drop so the temp dir can be removed.
struct Tree {
    repo: Repo,
    locked: PathBuf,
    /// Whether this process can read `locked/` despite chmod 000 (it runs
    /// as root): then indexing must drop privileges to see it unreadable.
    privileged: bool,
}

impl Drop for Tree {
    fn drop(&mut self) {
        let _ = std::fs::set_permissions(&self.locked, std::fs::Permissions::from_mode(0o755));
    }
}

fn big_python_source() -> Vec<u8> {
    let mut s = String::from("def big():\n    return 1\n");
    while s.len() < 5000 {
        s.push_str("# padding to push this file over the size bound\n");
    }
    assert!(s.len() >= 5000);
    s.into_bytes()
}

fn tree() -> Tree {
    let repo = Repo::copy_of("malformed");
    let w = |rel: &str, bytes: &[u8]| std::fs::write(repo.path(rel), bytes).unwrap();
    w(
        "blob.py",
        b"def blob_fn():\n    return 1\n\x00\x01\x02\x00\xff binary tail\x00",
    );
    w(
        "bad.py",
        b"def bad_encoding():\n    return 'caf\xe9 \xff\xfe'\n",
    );
    w("big.py", &big_python_source());
    std::os::unix::fs::symlink(".", repo.path("loop")).unwrap();
    let locked = repo.path("locked");
    std::fs::create_dir(&locked).unwrap();
    std::fs::write(locked.join("hidden.py"), "def hidden():\n    return 1\n").unwrap();
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    let privileged = std::fs::read_dir(&locked).is_ok();
    Tree {
        repo,
        locked,
        privileged,
    }
}

/// `plumb index` run as `nobody`, for whom chmod 000 means unreadable. The
/// tree is opened up (except `locked/`) so that `nobody` can write `.plumb/`,
/// and the binary is copied where `nobody` can run it (the checkout may sit
/// in a directory only root can enter).
fn index_unprivileged(t: &Tree, extra: &[&str]) -> Run {
    std::fs::set_permissions(t.repo.root(), std::fs::Permissions::from_mode(0o777)).unwrap();
    let bin_dir = tempfile::Builder::new()
        .prefix("plumb-bin-")
        .tempdir()
        .unwrap();
    std::fs::set_permissions(bin_dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let binary = bin_dir.path().join("plumb");
    std::fs::copy(bin(), &binary).unwrap();
    std::fs::set_permissions(&binary, std::fs::Permissions::from_mode(0o755)).unwrap();
    let out = std::process::Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
        .arg(&binary)
        .arg("index")
        .args(extra)
        .arg(t.repo.root())
        .current_dir(std::env::temp_dir())
        .output()
        .unwrap_or_else(|e| panic!("running as root, the test needs util-linux's setpriv: {e}"));
    let args: Vec<String> = extra.iter().map(|s| s.to_string()).collect();
    Run::from(&args, out)
}

/// The tree, indexed with the small size bound; asserts exit 0.
fn indexed_tree() -> Tree {
    let t = tree();
    let args = ["--max-file-bytes", MAX_BYTES];
    let run = if t.privileged {
        index_unprivileged(&t, &args)
    } else {
        t.repo.index(&args)
    };
    assert_eq!(
        run.code, 0,
        "plumb index must succeed on malformed input\n--- stdout ---\n{}\n--- stderr ---\n{}",
        run.stdout, run.stderr
    );
    t
}

#[test]
fn index_exits_0_on_malformed_tree() {
    indexed_tree();
}

#[test]
fn status_counts_each_file_by_status() {
    let t = indexed_tree();
    let json = t.repo.ok(&["status"]);
    let files = &json["results"]["files"];
    let expected = serde_json::json!({
        "indexed": 3,
        "skipped_size": 1,
        "skipped_binary": 1,
        "skipped_encoding": 0,
        "skipped_link": 0,
        "alias": 1,
        "unreadable": 1,
        "quarantined": 0,
        "timed_out": 0,
    });
    for (key, want) in expected.as_object().unwrap() {
        assert_eq!(&files[key], want, "status files.{key}; all counts: {files}");
    }
}

#[test]
fn status_lists_each_skipped_path_with_its_status_and_reason() {
    let t = indexed_tree();
    let json = t.repo.ok(&["status"]);
    let skipped = json["results"]["skipped"].as_array().unwrap_or_else(|| {
        panic!(
            "status results.skipped is not an array: {:#}",
            json["results"]
        )
    });
    let mut got = std::collections::BTreeMap::new();
    for s in skipped {
        let path = s["path"]
            .as_str()
            .unwrap_or_else(|| panic!("skipped entry without path: {s}"));
        let status = s["status"]
            .as_str()
            .unwrap_or_else(|| panic!("skipped entry without status: {s}"));
        let reason = s["reason"].as_str().unwrap_or("");
        assert!(
            !reason.trim().is_empty(),
            "skipped entry without a reason: {s}"
        );
        assert!(
            got.insert(path.to_string(), status.to_string()).is_none(),
            "{path} listed twice"
        );
    }
    let expected: std::collections::BTreeMap<String, String> = [
        ("blob.py", "skipped_binary"),
        ("big.py", "skipped_size"),
        ("locked", "unreadable"),
        ("loop", "alias"),
    ]
    .into_iter()
    .map(|(p, s)| (p.to_string(), s.to_string()))
    .collect();
    assert_eq!(got, expected, "status results.skipped");
}

#[test]
fn syntax_error_file_is_indexed_and_its_good_defs_found() {
    let t = indexed_tree();
    let json = t.repo.ok(&["symbol", "good_before"]);
    assert_def(
        single_target(&json),
        "broken.good_before",
        "function",
        "broken.py",
        4,
    );
    let json = t.repo.ok(&["symbol", "good_after"]);
    assert_def(
        single_target(&json),
        "broken.good_after",
        "function",
        "broken.py",
        12,
    );
}

#[test]
fn skipped_files_contribute_no_symbols() {
    let t = indexed_tree();
    let (code, json) = t.repo.query(&["symbol", "bad_encoding"]);
    assert_eq!(code, 0, "bad.py is read as Windows-1252: {json:#}");
    for name in ["blob_fn", "big"] {
        let (code, json) = t.repo.query(&["symbol", name]);
        assert_eq!(code, 1, "{name} lives in a skipped file: {json:#}");
    }
    let (code, _) = t.repo.query(&["symbol", "hidden"]);
    assert_eq!(code, 1, "hidden lives in an unreadable directory");
}

#[test]
fn symlink_loop_does_not_duplicate_files() {
    let t = indexed_tree();
    let json = t.repo.ok(&["symbol", "ok"]);
    assert_def(single_target(&json), "good.ok", "function", "good.py", 4);
}

#[test]
fn default_size_bound_indexes_a_5000_byte_file() {
    let t = tree();
    let run = t.repo.index(&[]);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let json = t.repo.ok(&["symbol", "big"]);
    assert_def(single_target(&json), "big.big", "function", "big.py", 1);
    let status = t.repo.ok(&["status"]);
    assert_eq!(
        status["results"]["files"]["skipped_size"], 0,
        "{:#}",
        status["results"]
    );
}
