//! Hostile trees: the corpus under `tests/fixtures/hostile/` (its README
//! says what each file is and what plumb must do), completed by the parts
//! git cannot hold — symbolic links everywhere, deep directories, deeply
//! nested definitions, a huge line and a file above the size cap — which
//! the test creates. One `plumb index` must exit 0, index what it can, and
//! record every other file with the status and reason expected of it.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "test code: a failure here is a failed test"
)]

mod common;

use std::collections::BTreeMap;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::symlink;
use std::time::{Duration, Instant};

use common::*;
use serde_json::Value;

/// Nested functions in `deep.js`: far past the definition-depth bound.
const DEEP_FUNCTIONS: usize = 2_000;
/// Nested directories: past the walk's default depth bound (64).
const DEEP_DIRECTORIES: usize = 70;
/// Bytes on the one line of `long_line.js`.
const LONG_LINE_BYTES: usize = 1_000_000;
/// Bytes of `too_big.py`: above the default 2 MiB cap.
const TOO_BIG_BYTES: usize = 2_200_000;
/// Longest the whole run may take. Chosen: the run takes about a second
/// in a debug build; before extraction was linear, `deep.js` alone took
/// a minute.
const RUN_LIMIT: Duration = Duration::from_secs(60);

/// The fixture copied, with the parts git cannot hold added, and a
/// directory outside it that links point into.
fn hostile_tree() -> (Repo, tempfile::TempDir) {
    let repo = Repo::copy_of("hostile");
    let outside = tempfile::Builder::new()
        .prefix("plumb-outside-")
        .tempdir()
        .unwrap();
    std::fs::write(
        outside.path().join("secret.py"),
        "def secret():\n    return 1\n",
    )
    .unwrap();

    let mut line = String::from("function long_line_ok() { return 1; } var s = \"");
    line.push_str(&"x".repeat(LONG_LINE_BYTES));
    line.push_str("\";\n");
    std::fs::write(repo.path("long_line.js"), line).unwrap();

    let deep: String = (0..DEEP_FUNCTIONS)
        .map(|i| format!("function f{i}() {{\n"))
        .collect::<String>()
        + &"}\n".repeat(DEEP_FUNCTIONS);
    std::fs::write(repo.path("deep.js"), deep).unwrap();

    let big = format!(
        "def big():\n    return 2\n\nPAD = \"{}\"\n",
        "y".repeat(TOO_BIG_BYTES)
    );
    std::fs::write(repo.path("too_big.py"), big).unwrap();

    symlink(outside.path().join("secret.py"), repo.path("escape.py")).unwrap();
    symlink(outside.path(), repo.path("escape_dir")).unwrap();
    symlink(repo.path("loop_b.py"), repo.path("loop_a.py")).unwrap();
    symlink(repo.path("loop_a.py"), repo.path("loop_b.py")).unwrap();
    symlink(repo.path("nowhere.py"), repo.path("dangling.py")).unwrap();
    symlink("ok.py", repo.path("inside.py")).unwrap();

    let bad_name = std::ffi::OsStr::from_bytes(b"bad\xff.py");
    std::fs::write(
        repo.root().join(bad_name),
        "def bad_name():\n    return 4\n",
    )
    .unwrap();
    std::fs::write(repo.path("new\nline.py"), "def odd_name():\n    return 5\n").unwrap();

    let deep_dir = repo.path(&vec!["d"; DEEP_DIRECTORIES].join("/"));
    std::fs::create_dir_all(&deep_dir).unwrap();
    std::fs::write(deep_dir.join("x.py"), "def buried():\n    return 3\n").unwrap();
    (repo, outside)
}

/// Each skipped path's status and reason, from `status --json`.
fn skipped(repo: &Repo) -> BTreeMap<String, (String, String)> {
    let (code, status) = repo.query(&["status"]);
    assert_eq!(code, 0, "{status}");
    status["results"]["skipped"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let text = |key: &str| s[key].as_str().unwrap_or_default().to_owned();
            (text("path"), (text("status"), text("reason")))
        })
        .collect()
}

/// The places `symbol NAME` finds, as `path:line`; exit 1 gives none.
fn found(repo: &Repo, name: &str) -> Vec<String> {
    let (code, json) = repo.query(&["symbol", name]);
    assert!(code == 0 || code == 1, "symbol {name}: exit {code}: {json}");
    json["results"]
        .as_array()
        .map(|symbols| {
            symbols
                .iter()
                .map(|s| format!("{}:{}", text_of(&s["file"]), s["line"]))
                .collect()
        })
        .unwrap_or_default()
}

fn text_of(value: &Value) -> &str {
    value.as_str().unwrap_or_default()
}

#[test]
fn every_hostile_case_gets_what_it_must() {
    let (repo, _outside) = hostile_tree();
    let started = Instant::now();
    let run = repo.index(&["--json"]);
    let took = started.elapsed();
    assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
    assert!(took < RUN_LIMIT, "indexing took {took:?}");

    let skipped = skipped(&repo);
    let expect = |path: &str, status: &str, reason_part: &str| {
        let Some((got, reason)) = skipped.get(path) else {
            panic!("{path} not recorded as skipped: {skipped:?}");
        };
        assert_eq!(got, status, "{path}: {reason}");
        assert!(reason.contains(reason_part), "{path}: {reason}");
    };
    expect("binary.c", "skipped_binary", "NUL byte at offset 29");
    expect(
        "deep.js",
        "skipped_limit",
        &format!("definitions nested {DEEP_FUNCTIONS} deep"),
    );
    expect("too_big.py", "skipped_size", "");
    for link in [
        "escape.py",
        "escape_dir",
        "loop_a.py",
        "loop_b.py",
        "dangling.py",
    ] {
        expect(link, "skipped_link", "");
    }
    expect("inside.py", "alias", "indexed at its own path");
    expect(
        "bad\\xff.py",
        "skipped_encoding",
        "file name is not valid UTF-8",
    );
    let deep_dir = vec!["d"; 65].join("/");
    expect(&deep_dir, "skipped_limit", "depth bound (64)");

    assert_eq!(found(&repo, "ok"), vec!["ok.py:1"]);
    assert_eq!(found(&repo, "café_count"), vec!["latin1.c:2"]);
    assert_eq!(found(&repo, "odd_name"), vec!["new\nline.py:1"]);
    // Text output escapes the newline, so the name cannot break the line.
    for args in [&["symbol", "odd_name"][..], &["outline", "new\nline.py"]] {
        let run = repo.run(args);
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        assert!(
            !run.stdout.contains("new\nline"),
            "{args:?}: {}",
            run.stdout
        );
    }
    let run = repo.run(&["symbol", "odd_name"]);
    assert!(run.stdout.contains("new\\nline.py:1"), "{}", run.stdout);
    assert!(
        found(&repo, "bad_name").is_empty(),
        "indexed under another name"
    );
    assert_eq!(found(&repo, "long_line_ok"), vec!["long_line.js:1"]);
    assert!(found(&repo, "secret").is_empty(), "read through a link");
    assert!(
        found(&repo, "buried").is_empty(),
        "descended past the bound"
    );
    assert!(found(&repo, "big").is_empty(), "indexed above the cap");
    assert!(
        found(&repo, "f0").is_empty(),
        "indexed past the depth bound"
    );
}
