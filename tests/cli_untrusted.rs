//! Untrusted trees: a repository can ship `.plumb`, or a file plumb keeps
//! in it, as a symbolic link to anywhere. plumb never writes or reads
//! through one: `plumb index`, the readers (`status`, queries) and the MCP
//! `index` tool refuse with an error naming the link (exit 2 on the
//! command line), and the link's target is left byte for byte as it was,
//! with no file added beside it.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "test code: a failure here is a failed test"
)]

mod common;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::*;
use serde_json::{Value, json};
use tempfile::TempDir;

/// What a victim file outside the tree holds.
const VICTIM_TEXT: &[u8] = b"# the user's shell settings\nexport PATH=/usr/bin\n";

/// A fixture copy, and a directory outside it that links point into.
struct Untrusted {
    repo: Repo,
    outside: TempDir,
}

impl Untrusted {
    fn new() -> Untrusted {
        Untrusted {
            repo: Repo::copy_of("python"),
            outside: tempfile::Builder::new()
                .prefix("plumb-outside-")
                .tempdir()
                .unwrap(),
        }
    }

    /// A file outside the tree holding [`VICTIM_TEXT`].
    fn victim(&self) -> PathBuf {
        let victim = self.outside.path().join("victim");
        std::fs::write(&victim, VICTIM_TEXT).unwrap();
        victim
    }

    /// A SQLite database outside the tree, with one table and row.
    fn other_database(&self) -> PathBuf {
        let path = self.outside.path().join("other.sqlite");
        rusqlite::Connection::open(&path)
            .unwrap()
            .execute_batch("CREATE TABLE notes(text); INSERT INTO notes VALUES ('mine');")
            .unwrap();
        path
    }

    /// `rel` under the tree made a link to `target` (its directory
    /// created first).
    fn link(&self, rel: &str, target: &Path) -> PathBuf {
        let link = self.repo.path(rel);
        std::fs::create_dir_all(link.parent().unwrap()).unwrap();
        symlink(target, &link).unwrap();
        link
    }

    /// Every file outside the tree, with its bytes.
    fn outside_files(&self) -> BTreeMap<String, Vec<u8>> {
        std::fs::read_dir(self.outside.path())
            .unwrap()
            .map(|entry| {
                let entry = entry.unwrap();
                let name = entry.file_name().into_string().unwrap();
                (name, std::fs::read(entry.path()).unwrap())
            })
            .collect()
    }

    /// Runs `plumb index` and checks that it refused to write through
    /// `link`, pointing at `target`, and left what is outside the tree as
    /// it was.
    fn index_refuses(&self, link: &Path, target: &Path) {
        let before = self.outside_files();
        let run = self.repo.index(&[]);
        assert_refused(&run, "write", link, target);
        assert_eq!(
            self.outside_files(),
            before,
            "files outside the tree changed"
        );
    }
}

/// `run` exited 2 with the error naming `link` and its `target`, refused
/// for `access`.
fn assert_refused(run: &Run, access: &str, link: &Path, target: &Path) {
    let expected = format!(
        "refusing to {access} through a symbolic link: {} -> {}",
        link.display(),
        target.display()
    );
    assert_eq!(
        run.code, 2,
        "expected exit 2\n--- stdout ---\n{}\n--- stderr ---\n{}",
        run.stdout, run.stderr
    );
    assert!(
        run.stderr.contains(&expected),
        "stderr should say `{expected}`:\n{}",
        run.stderr
    );
}

#[test]
fn a_linked_index_directory_is_refused() {
    let tree = Untrusted::new();
    tree.victim();
    let link = tree.link(".plumb", tree.outside.path());
    tree.index_refuses(&link, tree.outside.path());
}

#[test]
fn a_linked_gitignore_is_refused() {
    let tree = Untrusted::new();
    let victim = tree.victim();
    let link = tree.link(".plumb/.gitignore", &victim);
    tree.index_refuses(&link, &victim);
}

#[test]
fn a_linked_gitignore_to_no_file_creates_none() {
    let tree = Untrusted::new();
    let missing = tree.outside.path().join("created");
    let link = tree.link(".plumb/.gitignore", &missing);
    tree.index_refuses(&link, &missing);
}

#[test]
fn a_linked_database_is_refused_by_the_indexer_and_the_readers() {
    let tree = Untrusted::new();
    let other = tree.other_database();
    let link = tree.link(".plumb/index.db", &other);
    tree.index_refuses(&link, &other);
    let before = tree.outside_files();
    assert_refused(&tree.repo.run(&["status"]), "read", &link, &other);
    assert_refused(
        &tree.repo.run(&["outline", "app.py"]),
        "read",
        &link,
        &other,
    );
    assert_eq!(
        tree.outside_files(),
        before,
        "a reader changed files outside the tree"
    );
}

#[test]
fn a_linked_write_ahead_log_is_refused() {
    let tree = Untrusted::new();
    assert_eq!(tree.repo.index(&[]).code, 0);
    let victim = tree.victim();
    let wal = tree.repo.path(".plumb/index.db-wal");
    let _ = std::fs::remove_file(&wal);
    let link = tree.link(".plumb/index.db-wal", &victim);
    tree.index_refuses(&link, &victim);
    assert_refused(&tree.repo.run(&["status"]), "read", &link, &victim);
    assert_eq!(std::fs::read(&victim).unwrap(), VICTIM_TEXT);
}

#[test]
fn a_linked_write_lock_is_refused() {
    let tree = Untrusted::new();
    let victim = tree.victim();
    let link = tree.link(".plumb/write.lock", &victim);
    tree.index_refuses(&link, &victim);
}

#[test]
fn a_reader_refuses_a_linked_index_directory_holding_an_index() {
    let tree = Untrusted::new();
    let elsewhere = Repo::copy_of("python");
    assert_eq!(elsewhere.index(&[]).code, 0);
    let target = elsewhere.path(".plumb");
    let link = tree.link(".plumb", &target);
    assert_refused(&tree.repo.run(&["status"]), "read", &link, &target);
}

#[test]
fn the_mcp_index_tool_refuses_with_a_tool_error() {
    let tree = Untrusted::new();
    let victim = tree.victim();
    let link = tree.link(".plumb/.gitignore", &victim);
    let answer = mcp_index_call(tree.repo.root());
    assert_eq!(answer["result"]["isError"], json!(true), "{answer}");
    let text = answer["result"]["content"][0]["text"].as_str().unwrap();
    let expected = format!(
        "refusing to write through a symbolic link: {} -> {}",
        link.display(),
        victim.display()
    );
    assert!(text.contains(&expected), "{text}");
    assert_eq!(std::fs::read(&victim).unwrap(), VICTIM_TEXT);
}

/// Calls the MCP `index` tool of `plumb serve` on `root` over stdio and
/// returns the JSON-RPC response.
fn mcp_index_call(root: &Path) -> Value {
    let mut server = Command::new(bin())
        .args(["--root".as_ref(), root.as_os_str()])
        .args(["serve", "--profile", "full"])
        .env_remove("RUST_LOG")
        .env_remove("PLUMB_LOG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut input = server.stdin.take().unwrap();
    for message in [
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "cli_untrusted", "version": "0"},
        }}),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
            "name": "index",
            "arguments": {},
        }}),
    ] {
        writeln!(input, "{message}").unwrap();
    }
    let output = BufReader::new(server.stdout.take().unwrap());
    let answer = output
        .lines()
        .map(|line| serde_json::from_str::<Value>(&line.unwrap()).unwrap())
        .find(|message| message["id"] == json!(2))
        .expect("no answer to the index call");
    drop(input);
    server.wait().unwrap();
    answer
}

/// A link whose target is inside the tree leaves nothing out (the target is
/// indexed at its own path): it is an `alias`, and answers stay `exact`. A
/// link out of the tree leaves its target unindexed: answers become
/// `lower_bound`, saying so.
#[test]
fn only_links_out_of_the_tree_make_answers_a_lower_bound() {
    let repo = Repo::empty();
    std::fs::write(repo.path("lib.py"), "def total():\n    return 1\n").unwrap();
    std::fs::write(
        repo.path("app.py"),
        "from lib import total\n\n\ndef main():\n    return total()\n",
    )
    .unwrap();
    std::fs::create_dir(repo.path("pkg")).unwrap();
    symlink(repo.path("lib.py"), repo.path("pkg/alias.py")).unwrap();
    symlink(repo.root(), repo.path("pkg/loop")).unwrap();
    let run = repo.index(&[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let files = &repo.ok(&["status"])["results"]["files"];
    assert_eq!(
        (&files["alias"], &files["skipped_link"]),
        (&json!(2), &json!(0)),
        "{files}"
    );
    let callers = repo.ok(&["callers", "total"]);
    assert_eq!(callers["completeness"], "exact", "{callers}");

    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("more.py"), "def more():\n    pass\n").unwrap();
    symlink(outside.path().join("more.py"), repo.path("more.py")).unwrap();
    let run = repo.index(&[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let callers = repo.ok(&["callers", "total"]);
    assert_eq!(callers["completeness"], "lower_bound", "{callers}");
    let notes = callers["notes"].to_string();
    assert!(notes.contains("not indexed"), "{notes}");
}
