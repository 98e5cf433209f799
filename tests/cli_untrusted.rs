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

/// A tree nobody may write into, and a writable place outside it for the
/// index. As root (for whom permissions do not hold), plumb runs as the
/// unprivileged user `nobody` through util-linux's `setpriv`, from a copy
/// of the binary that user can run.
struct ReadOnlyTree {
    repo: Repo,
    elsewhere: TempDir,
    runner: Vec<String>,
    _bin_dir: TempDir,
}

impl ReadOnlyTree {
    fn new() -> ReadOnlyTree {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let repo = Repo::copy_of("python");
        let elsewhere = tempfile::Builder::new()
            .prefix("plumb-elsewhere-")
            .tempdir()
            .unwrap();
        std::fs::set_permissions(elsewhere.path(), PermissionsExt::from_mode(0o777)).unwrap();
        let bin_dir = tempfile::Builder::new()
            .prefix("plumb-bin-")
            .tempdir()
            .unwrap();
        std::fs::set_permissions(bin_dir.path(), PermissionsExt::from_mode(0o755)).unwrap();
        let binary = bin_dir.path().join("plumb");
        std::fs::copy(bin(), &binary).unwrap();
        let binary = binary.to_string_lossy().into_owned();
        let root_user = std::fs::metadata("/proc/self").unwrap().uid() == 0;
        let runner = if root_user {
            [
                "setpriv",
                "--reuid=65534",
                "--regid=65534",
                "--clear-groups",
                "--",
            ]
            .map(String::from)
            .into_iter()
            .chain([binary])
            .collect()
        } else {
            vec![binary]
        };
        for dir in [repo.root(), &repo.path("shop")] {
            std::fs::set_permissions(dir, PermissionsExt::from_mode(0o555)).unwrap();
        }
        ReadOnlyTree {
            repo,
            elsewhere,
            runner,
            _bin_dir: bin_dir,
        }
    }

    /// A directory for the index, not yet created, outside the tree.
    fn index_dir(&self, name: &str) -> String {
        self.elsewhere
            .path()
            .join(name)
            .to_string_lossy()
            .into_owned()
    }

    /// Runs plumb with `args` (and `env`) from a directory without an index.
    fn run(&self, args: &[&str], env: &[(&str, &str)]) -> Run {
        let out = Command::new(&self.runner[0])
            .args(&self.runner[1..])
            .args(args)
            .envs(env.iter().copied())
            .env_remove("RUST_LOG")
            .current_dir(std::env::temp_dir())
            .output()
            .unwrap_or_else(|e| panic!("running as root, the test needs setpriv: {e}"));
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        Run::from(&args, out)
    }

    fn root(&self) -> &str {
        self.repo.root().to_str().unwrap()
    }
}

impl Drop for ReadOnlyTree {
    fn drop(&mut self) {
        use std::os::unix::fs::PermissionsExt;
        for dir in [self.repo.root(), &self.repo.path("shop")] {
            let _ = std::fs::set_permissions(dir, PermissionsExt::from_mode(0o755));
        }
    }
}

/// `run` exited 0 with `symbol charge` answered from app.py.
fn assert_charge_found(run: &Run) {
    assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
    let answer = run.json();
    assert_eq!(answer["results"][0]["file"], json!("app.py"), "{answer:#}");
}

#[test]
fn a_read_only_tree_says_where_the_index_could_go() {
    let tree = ReadOnlyTree::new();
    let run = tree.run(&["index", tree.root()], &[]);
    assert_eq!(run.code, 2, "{}\n{}", run.stdout, run.stderr);
    for said in ["--index-dir DIR", "PLUMB_INDEX_DIR", ".plumb"] {
        assert!(run.stderr.contains(said), "`{said}` not in: {}", run.stderr);
    }
}

#[test]
fn a_read_only_tree_is_indexed_and_queried_with_index_dir() {
    let tree = ReadOnlyTree::new();
    let dir = tree.index_dir("by-flag");
    let run = tree.run(&["--index-dir", &dir, "index", tree.root()], &[]);
    assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
    assert!(Path::new(&dir).join("index.db").is_file());
    assert!(!tree.repo.path(".plumb").exists());
    // No `--root`: the index records its root.
    let run = tree.run(&["--index-dir", &dir, "symbol", "charge", "--json"], &[]);
    assert_charge_found(&run);
    let run = tree.run(&["--index-dir", &dir, "status", "--json"], &[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.json()["results"]["freshness"]["state"], json!("fresh"));
    let run = tree.run(&["--index-dir", &dir, "--json", "doctor"], &[]);
    let report = run.json();
    assert_eq!(report["index"]["readable"], json!(true), "{report:#}");
    assert_eq!(report["index"]["root"], json!(tree.root()), "{report:#}");
}

#[test]
fn a_read_only_tree_is_indexed_and_queried_with_the_variable() {
    let tree = ReadOnlyTree::new();
    let dir = tree.index_dir("by-variable");
    let env = [("PLUMB_INDEX_DIR", dir.as_str())];
    let run = tree.run(&["index", tree.root()], &env);
    assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
    assert!(Path::new(&dir).join("index.db").is_file());
    assert!(!tree.repo.path(".plumb").exists());
    let run = tree.run(&["--root", tree.root(), "symbol", "charge", "--json"], &env);
    assert_charge_found(&run);
    // Structural staging keeps its changes there too.
    let run = tree.run(
        &[
            "--root",
            tree.root(),
            "--json",
            "rewrite",
            "--lang",
            "python",
        ]
        .into_iter()
        .chain(["cart.add($A)", "--to", "cart.add($A + 0)"])
        .collect::<Vec<_>>(),
        &env,
    );
    assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
    let id = run.json()["change_id"].as_str().unwrap().to_owned();
    assert!(
        Path::new(&dir)
            .join("staged")
            .join(format!("{id}.json"))
            .is_file()
    );
}

#[test]
fn an_index_dir_inside_the_tree_is_never_indexed_and_the_root_itself_is_refused() {
    let repo = Repo::copy_of("python");
    let inside = repo.path("idx");
    std::fs::create_dir(&inside).unwrap();
    std::fs::write(inside.join("stray.py"), "def stray():\n    return 1\n").unwrap();
    let dir = inside.to_string_lossy().into_owned();
    let run = repo.index(&["--index-dir", &dir]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run = repo.run(&["--index-dir", &dir, "symbol", "charge"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run = repo.run(&["--index-dir", &dir, "symbol", "stray"]);
    assert_eq!(
        run.code, 1,
        "the index directory was indexed: {}",
        run.stdout
    );

    let gitignore = repo.path(".gitignore");
    std::fs::write(&gitignore, "target/\n").unwrap();
    let root = repo.root().to_string_lossy().into_owned();
    let run = repo.index(&["--index-dir", &root]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("would hold the indexed root"),
        "{}",
        run.stderr
    );
    assert_eq!(std::fs::read_to_string(&gitignore).unwrap(), "target/\n");
}
