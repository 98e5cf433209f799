//! End-to-end tests of re-indexing: the up-to-date check, the facts cache
//! (an incremental run must write exactly what a full run writes, checked
//! on random edit sequences over the fixtures), and the one-writer lock.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "test code: a failure here is a failed test"
)]

mod common;

use std::fs;
use std::path::Path;

use common::*;

/// Every row of the index that describes the tree, as sorted text: files,
/// symbols, occurrences, resolutions, imports, cached facts, the hashes of
/// each file's rows, every term the full-text index holds for each symbol,
/// and the meta entries that do not record when or how long.
fn dump(root: &Path) -> Vec<String> {
    let conn = rusqlite::Connection::open(root.join(".plumb/index.db")).unwrap();
    conn.execute_batch(
        "CREATE VIRTUAL TABLE temp.symbol_terms USING fts5vocab(main, symbol_text, 'instance')",
    )
    .unwrap();
    let mut out = Vec::new();
    for (table, order) in [
        ("file_rows", "file_id"),
        ("symbol_terms", "doc, term"),
        ("files", "id"),
        ("symbols", "id"),
        ("occurrences", "id"),
        ("resolutions", "occurrence_id, symbol_id"),
        ("imports", "id"),
        ("file_facts", "path"),
        ("meta", "key"),
    ] {
        let mut stmt = conn
            .prepare(&format!("SELECT * FROM {table} ORDER BY {order}"))
            .unwrap();
        let columns = stmt.column_count();
        let rows = stmt
            .query_map([], |row| {
                let cells: Vec<String> = (0..columns)
                    .map(|i| match row.get_ref(i).unwrap() {
                        rusqlite::types::ValueRef::Text(text) => {
                            format!("{:?}", String::from_utf8_lossy(text))
                        }
                        other => format!("{other:?}"),
                    })
                    .collect();
                Ok(format!("{table}: {}", cells.join(" | ")))
            })
            .unwrap();
        for row in rows {
            let row = row.unwrap();
            let timing = ["indexed_at", "duration_ms", "walked_at_ns", "write_id"]
                .iter()
                .any(|key| row.starts_with(&format!("meta: {key:?} ")));
            if !timing {
                out.push(row);
            }
        }
    }
    out
}

fn index_json(repo: &Repo, extra: &[&str]) -> serde_json::Value {
    let mut args = vec!["--json"];
    args.extend_from_slice(extra);
    let run = repo.index(&args);
    assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
    run.json()
}

/// Sets a file's modification time well in the past, as if it had been
/// written long before the next run (the cache trusts only such times).
fn age(path: &Path) {
    let past = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    fs::File::options()
        .write(true)
        .open(path)
        .unwrap()
        .set_modified(past)
        .unwrap();
}

fn age_tree(root: &Path) {
    for entry in walk_files(root) {
        age(&entry);
    }
}

fn walk_files(root: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_owned()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.file_name().is_some_and(|n| n == ".plumb") {
                continue;
            }
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn an_unchanged_tree_is_up_to_date_and_an_edit_is_seen() {
    let repo = Repo::copy_of("python");
    age_tree(repo.root());
    let first = index_json(&repo, &[]);
    assert_eq!(first["up_to_date"], false);
    let again = index_json(&repo, &[]);
    assert_eq!(again["up_to_date"], true, "{again}");
    assert_eq!(again["symbols"], first["symbols"]);

    let file = repo.path("shop/models.py");
    let mut text = fs::read_to_string(&file).unwrap();
    text.push_str("\n\ndef added_after_indexing():\n    return 1\n");
    fs::write(&file, text).unwrap();
    age(&file);
    let edited = index_json(&repo, &[]);
    assert_eq!(edited["up_to_date"], false);
    let indexed = edited["files"]["indexed"].as_u64().unwrap();
    assert_eq!(
        edited["reused_files"].as_u64(),
        Some(indexed - 1),
        "{edited}"
    );
    assert_eq!(
        edited["resolved_files"].as_u64(),
        Some(indexed),
        "a new definition may bind names anywhere: {edited}"
    );
    let found = repo.ok(&["symbol", "added_after_indexing"]);
    assert_def(
        single_target(&found),
        "shop.models.added_after_indexing",
        "function",
        "shop/models.py",
        text_lines(&file) - 1,
    );
}

fn text_lines(path: &Path) -> u64 {
    fs::read_to_string(path).unwrap().lines().count() as u64
}

#[test]
fn a_second_writer_is_refused_with_a_clear_message() {
    let repo = Repo::indexed("c");
    let lock = fs::File::options()
        .write(true)
        .open(repo.path(".plumb/write.lock"))
        .unwrap();
    lock.lock().unwrap();
    let run = repo.index(&["--full"]);
    assert_eq!(run.code, 2, "{}\n{}", run.stdout, run.stderr);
    assert!(
        run.stderr
            .contains("another plumb process is writing the index"),
        "{}",
        run.stderr
    );
    lock.unlock().unwrap();
    assert_eq!(repo.index(&["--full"]).code, 0);
}

/// Inserts `line` before line `at` (0-based) of `path`.
fn insert_line(path: &Path, at: usize, line: &str) {
    let text = fs::read_to_string(path).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines.insert(at.min(lines.len()), line);
    fs::write(path, lines.join("\n") + "\n").unwrap();
}

/// The first rows (up to ten) of `a` not in `b`, and of `b` not in `a`:
/// what a failure shows of two dumps that differ.
fn differences<'d>(a: &'d [String], b: &'d [String]) -> (Vec<&'d String>, Vec<&'d String>) {
    let only = |x: &'d [String], y: &[String]| -> Vec<&'d String> {
        x.iter().filter(|r| !y.contains(r)).take(10).collect()
    };
    (only(a, b), only(b, a))
}

/// Asserts that the index of `repo` holds what a full run writes.
fn assert_same_as_full(repo: &Repo, context: &str) {
    let incremental = dump(repo.root());
    index_json(repo, &["--full"]);
    let full = dump(repo.root());
    let (only_incremental, only_full) = differences(&incremental, &full);
    assert!(
        only_incremental.is_empty() && only_full.is_empty(),
        "{context}: incremental and full runs differ\n\
         only incremental: {only_incremental:#?}\nonly full: {only_full:#?}"
    );
}

#[test]
fn an_edit_that_keeps_every_interface_resolves_only_the_edited_file() {
    for (fixture, edited, comment) in [
        ("python", "shop/models.py", "# edited"),
        ("typescript", "src/models.ts", "// edited"),
        ("rust", "src/shapes.rs", "// edited"),
        ("java", "src/com/shop/model/Circle.java", "// edited"),
        ("c", "include/shapes.h", "/* edited */"),
    ] {
        let repo = Repo::copy_of(fixture);
        age_tree(repo.root());
        index_json(&repo, &[]);
        let path = repo.path(edited);
        let middle = text_lines(&path) as usize / 2;
        // Every definition below moves, in the first edit all of them.
        for at in [0, middle] {
            insert_line(&path, at, comment);
            age(&path);
            let run = index_json(&repo, &[]);
            let context = format!("{fixture}: a comment at line {at} of {edited}");
            assert_eq!(run["resolved_files"], 1, "{context}: {run}");
            assert_eq!(run["rewritten_files"], 1, "{context}: {run}");
            assert_same_as_full(&repo, &context);
        }
    }
}

/// One random edit of the tree: the kinds of change an incremental run must
/// get right — a definition renamed (an identifier replaced everywhere in a
/// file, imports included), lines moved from one file to another (a class
/// or function moving), a file renamed, copied or removed, a comment
/// inserted or a line repeated (most often a body edit, which keeps every
/// interface).
fn random_edit(root: &Path, rng: &mut fastrand::Rng) -> String {
    let files: Vec<_> = walk_files(root)
        .into_iter()
        .filter(|p| fs::read_to_string(p).is_ok())
        .collect();
    let pick = |rng: &mut fastrand::Rng| files[rng.usize(..files.len())].clone();
    let rel = |p: &Path| p.strip_prefix(root).unwrap().display().to_string();
    match rng.u8(..7) {
        0 => {
            let file = pick(rng);
            let text = fs::read_to_string(&file).unwrap();
            let words: Vec<&str> = text
                .split(|c: char| !c.is_alphanumeric() && c != '_')
                .filter(|w| w.len() > 3 && w.chars().next().is_some_and(char::is_alphabetic))
                .collect();
            if words.is_empty() {
                return format!("nothing to rename in {}", rel(&file));
            }
            let word = words[rng.usize(..words.len())];
            let renamed = format!("{word}_{}", rng.u16(..));
            fs::write(&file, text.replace(word, &renamed)).unwrap();
            format!("rename {word} in {}", rel(&file))
        }
        1 => {
            let (from, to) = (pick(rng), pick(rng));
            let text = fs::read_to_string(&from).unwrap();
            let lines: Vec<&str> = text.lines().collect();
            if lines.len() < 2 || from == to {
                return format!("nothing to move from {}", rel(&from));
            }
            let start = rng.usize(..lines.len() - 1);
            let end = (start + 1 + rng.usize(..6)).min(lines.len());
            let moved = lines[start..end].join("\n");
            let rest = [&lines[..start], &lines[end..]].concat().join("\n");
            fs::write(&from, rest + "\n").unwrap();
            let mut target = fs::read_to_string(&to).unwrap();
            target.push_str(&format!("\n{moved}\n"));
            fs::write(&to, target).unwrap();
            format!(
                "move lines {start}..{end} of {} to {}",
                rel(&from),
                rel(&to)
            )
        }
        2 => {
            let file = pick(rng);
            let renamed = file.with_file_name(format!(
                "moved_{}_{}",
                rng.u16(..),
                file.file_name().unwrap().to_string_lossy()
            ));
            fs::rename(&file, &renamed).unwrap();
            format!("rename {} to {}", rel(&file), rel(&renamed))
        }
        3 => {
            let file = pick(rng);
            let copy = file.with_file_name(format!(
                "copy_{}_{}",
                rng.u16(..),
                file.file_name().unwrap().to_string_lossy()
            ));
            fs::copy(&file, &copy).unwrap();
            format!("copy {} to {}", rel(&file), rel(&copy))
        }
        5 => comment_edit(root, rng),
        6 => repeat_line_edit(root, rng),
        _ if files.len() > 2 => {
            let file = pick(rng);
            fs::remove_file(&file).unwrap();
            format!("remove {}", rel(&file))
        }
        _ => "nothing removed".to_owned(),
    }
}

/// A random edit of the kind that most often keeps every interface: a
/// comment inserted, or a line repeated (in a body, a statement or a
/// local declared again).
fn body_edit(root: &Path, rng: &mut fastrand::Rng) -> String {
    if rng.bool() {
        comment_edit(root, rng)
    } else {
        repeat_line_edit(root, rng)
    }
}

/// The text files of the tree at `root`, and one picked at random.
fn pick_text_file(root: &Path, rng: &mut fastrand::Rng) -> std::path::PathBuf {
    let files: Vec<_> = walk_files(root)
        .into_iter()
        .filter(|p| fs::read_to_string(p).is_ok())
        .collect();
    files[rng.usize(..files.len())].clone()
}

/// A comment line inserted at a random line of a random file.
fn comment_edit(root: &Path, rng: &mut fastrand::Rng) -> String {
    let file = pick_text_file(root, rng);
    let at = rng.usize(..=text_lines(&file) as usize);
    let hash_comments = file.extension().is_some_and(|e| e == "py" || e == "rb");
    insert_line(&file, at, if hash_comments { "# edit" } else { "// edit" });
    format!(
        "comment at line {at} of {}",
        file.strip_prefix(root).unwrap().display()
    )
}

/// A random line of a random file written twice.
fn repeat_line_edit(root: &Path, rng: &mut fastrand::Rng) -> String {
    let file = pick_text_file(root, rng);
    let rel = file.strip_prefix(root).unwrap().display();
    let text = fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    if lines.is_empty() {
        return format!("no line to repeat in {rel}");
    }
    let at = rng.usize(..lines.len());
    insert_line(&file, at, lines[at]);
    format!("repeat line {at} of {rel}")
}

/// Applies random edits to each fixture (seeded by `seed`), indexing
/// after each, and checks every incremental run against a full one.
fn random_edits_write_what_full_runs_write(fixtures: &[(u64, &str)]) {
    const EDITS_PER_FIXTURE: usize = 8;
    for &(seed, fixture) in fixtures {
        let mut rng = fastrand::Rng::with_seed(seed);
        let repo = Repo::copy_of(fixture);
        age_tree(repo.root());
        index_json(&repo, &[]);
        let mut history = Vec::new();
        let mut updated_in_place = false;
        let mut cut_off = false;
        for _ in 0..EDITS_PER_FIXTURE {
            history.push(random_edit(repo.root(), &mut rng));
            let incremental = index_json(&repo, &[]);
            assert!(
                incremental["reused_files"].as_u64().unwrap() > 0,
                "{fixture}: nothing reused after {history:?}: {incremental}"
            );
            updated_in_place |=
                incremental["rewritten_files"].as_u64() < incremental["files"]["indexed"].as_u64();
            cut_off |=
                incremental["resolved_files"].as_u64() < incremental["files"]["indexed"].as_u64();
            assert_same_as_full(&repo, &format!("{fixture} after {history:?}"));
        }
        assert!(
            updated_in_place,
            "{fixture}: no run updated the index in place after {history:?}"
        );
        assert!(
            cut_off,
            "{fixture}: every run resolved every file after {history:?}"
        );
    }
}

#[test]
fn incremental_runs_write_what_full_runs_write() {
    random_edits_write_what_full_runs_write(&[
        (7, "python"),
        (8, "typescript"),
        (9, "rust"),
        (10, "java"),
        (11, "c"),
    ]);
}

#[test]
fn incremental_runs_write_what_full_runs_write_in_cpp_csharp_go_kotlin() {
    random_edits_write_what_full_runs_write(&[
        (12, "cpp"),
        (13, "csharp"),
        (14, "go"),
        (15, "kotlin"),
    ]);
}

#[test]
fn incremental_runs_write_what_full_runs_write_in_javascript_php_ruby_swift_tsx() {
    random_edits_write_what_full_runs_write(&[
        (16, "javascript"),
        (17, "php"),
        (18, "ruby"),
        (19, "swift"),
        (20, "tsx"),
    ]);
}

/// A `plumb watch --json` process over a root, killed when a test ends,
/// however it ends; each run's summary arrives on `runs`.
struct Watcher {
    child: std::process::Child,
    runs: std::sync::mpsc::Receiver<serde_json::Value>,
}

impl Watcher {
    fn start(root: &Path) -> Watcher {
        use std::io::BufRead;
        let mut child = std::process::Command::new(bin())
            .args(["watch", "--json"])
            .arg(root)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (lines, runs) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stdout).lines() {
                let run = serde_json::from_str(&line.unwrap()).unwrap();
                if lines.send(run).is_err() {
                    break;
                }
            }
        });
        Watcher { child, runs }
    }
}

impl Drop for Watcher {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Far above a debug-build run over a fixture on a loaded machine; tests
/// end waiting as soon as what they wait for is seen. Chosen.
const PATIENCE: std::time::Duration = std::time::Duration::from_secs(60);

#[test]
fn watch_reindexes_after_a_save_and_queries_see_it() {
    use std::time::{Duration, Instant};

    let repo = Repo::copy_of("python");
    age_tree(repo.root());
    let watcher = Watcher::start(repo.root());
    let first = watcher.runs.recv_timeout(PATIENCE).unwrap();
    assert_eq!(first["up_to_date"], false, "{first}");

    let file = repo.path("shop/models.py");
    let mut text = fs::read_to_string(&file).unwrap();
    text.push_str("\n\ndef saved_while_watching():\n    return 2\n");
    fs::write(&file, &text).unwrap();

    let started = Instant::now();
    loop {
        let (code, json) = repo.query(&["symbol", "saved_while_watching"]);
        if code == 0 {
            assert_eq!(single_target(&json)["file"], "shop/models.py", "{json:#}");
            break;
        }
        assert!(
            started.elapsed() < PATIENCE,
            "the watcher never indexed the save: {json:#}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    let later = watcher.runs.recv_timeout(PATIENCE).unwrap();
    assert!(later["reused_files"].as_u64().unwrap() > 0, "{later}");
}

/// Copies the tree at `from` (its index aside) to `to`, with each file's
/// modification time, so that the files table of an index of either reads
/// the same.
fn copy_tree(from: &Path, to: &Path) {
    for file in walk_files(from) {
        let target = to.join(file.strip_prefix(from).unwrap());
        fs::create_dir_all(target.parent().unwrap()).unwrap();
        fs::copy(&file, &target).unwrap();
        let modified = fs::metadata(&file).unwrap().modified().unwrap();
        fs::File::options()
            .write(true)
            .open(&target)
            .unwrap()
            .set_modified(modified)
            .unwrap();
    }
}

/// [`dump`] without the meta entries that name the root.
fn dump_anywhere(root: &Path) -> Vec<String> {
    let mut rows = dump(root);
    rows.retain(|row| !row.starts_with("meta: \"root\" "));
    rows
}

/// Applies random edits to each fixture (seeded) under `plumb watch`,
/// every other one a body edit (most often applied in memory, the
/// watcher's fast path), and waits after each until the watched index
/// holds what a full run over a copy of the tree writes.
fn watched_edits_write_what_full_runs_write(fixtures: &[(u64, &str)]) {
    const EDITS_PER_FIXTURE: usize = 8;
    for &(seed, fixture) in fixtures {
        let mut rng = fastrand::Rng::with_seed(seed);
        let repo = Repo::copy_of(fixture);
        age_tree(repo.root());
        let watcher = Watcher::start(repo.root());
        watcher.runs.recv_timeout(PATIENCE).unwrap();
        let mut history = Vec::new();
        let mut applied_in_memory = false;
        for step in 0..EDITS_PER_FIXTURE {
            history.push(if step % 2 == 0 {
                random_edit(repo.root(), &mut rng)
            } else {
                body_edit(repo.root(), &mut rng)
            });
            let copy = Repo::empty();
            copy_tree(repo.root(), copy.root());
            index_json(&copy, &["--full"]);
            let full = dump_anywhere(copy.root());
            let started = std::time::Instant::now();
            loop {
                while let Ok(run) = watcher.runs.try_recv() {
                    // A run applied in memory neither walks nor links.
                    applied_in_memory |= run["phases_ms"].get("walk").is_none();
                }
                let watched = dump_anywhere(repo.root());
                if watched == full {
                    break;
                }
                if started.elapsed() > PATIENCE {
                    let (only_watched, only_full) = differences(&watched, &full);
                    panic!(
                        "{fixture} after {history:?}: the watched index never matched a full run\n\
                         only watched: {only_watched:#?}\nonly full: {only_full:#?}"
                    );
                }
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
        }
        // The last run's line may come after its rows were seen.
        while let Ok(run) = watcher.runs.recv_timeout(std::time::Duration::from_secs(1)) {
            applied_in_memory |= run["phases_ms"].get("walk").is_none();
        }
        assert!(
            applied_in_memory,
            "{fixture}: no edit was applied in memory after {history:?}"
        );
    }
}

#[test]
fn watched_edits_write_what_full_runs_write_in_python_typescript_rust_java_c() {
    watched_edits_write_what_full_runs_write(&[
        (21, "python"),
        (22, "typescript"),
        (23, "rust"),
        (24, "java"),
        (25, "c"),
    ]);
}

#[test]
fn watched_edits_write_what_full_runs_write_in_cpp_go_kotlin_ruby() {
    watched_edits_write_what_full_runs_write(&[
        (26, "cpp"),
        (27, "go"),
        (28, "kotlin"),
        (29, "ruby"),
    ]);
}
