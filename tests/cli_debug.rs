//! End-to-end tests of `plumb debug -- COMMAND…` on real debug adapters
//! (installed by `.ci/run`): debugpy on a failing pytest test, lldb-dap on a
//! C program built with `-g` here, Delve on a Go program built here. Each
//! run stops at its breakpoint, prints the stack and locals, and leaves no
//! process behind (checked in `/proc`). Bad input exits 2 with a clear
//! message; a program that never stops exits 1 with its exit code.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "test code: a failure here is a failed test"
)]

mod common;

use std::path::Path;
use std::process::Command;

use serde_json::Value;

use common::{Repo, Run};

/// `plumb --root ROOT --json debug ARGS…`, and its one JSON object.
fn debug(repo: &Repo, args: &[&str]) -> (Run, Value) {
    let mut all = vec!["--json", "debug"];
    all.extend(args);
    let run = repo.run(&all);
    let json = run.json();
    (run, json)
}

/// The processes whose working directory is inside `root` (the program
/// debugged runs there), zombies included.
fn processes_in(root: &Path) -> Vec<String> {
    let root = root.canonicalize().unwrap();
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.parse::<u32>().is_err() {
            continue;
        }
        if let Ok(cwd) = std::fs::read_link(entry.path().join("cwd"))
            && cwd.starts_with(&root)
        {
            let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
            found.push(stat);
        }
    }
    found
}

/// Asserts that the adapter and the program of a finished run are gone.
fn assert_nothing_left(repo: &Repo, json: &Value) {
    let session = &json["session"];
    for key in ["adapter_pid", "debuggee_pid"] {
        if let Some(pid) = session[key].as_u64() {
            let stat = Path::new("/proc").join(pid.to_string()).join("stat");
            assert!(
                !stat.exists(),
                "{key} {pid} is still in the process table: {:?}",
                std::fs::read_to_string(&stat)
            );
        }
    }
    let left = processes_in(repo.root());
    assert!(
        left.is_empty(),
        "processes left running in the repository: {left:?}"
    );
}

fn variable<'a>(json: &'a Value, name: &str) -> &'a Value {
    json["scopes"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|scope| scope["variables"].as_array().unwrap())
        .find(|v| v["name"] == name)
        .unwrap_or_else(|| panic!("no variable {name} in {json:#}"))
}

/// Builds the fixture's program with `compiler ARGS` in the copy's root.
fn build(repo: &Repo, compiler: &str, args: &[&str]) {
    let built = Command::new(compiler)
        .args(args)
        .current_dir(repo.root())
        .status()
        .unwrap_or_else(|e| panic!("{compiler} is needed to build the fixture: {e}"));
    assert!(built.success(), "{compiler} {args:?} failed");
}

/// Runs `plumb debug ARGS` and checks that the session stopped.
fn stopped(repo: &Repo, args: &[&str]) -> Value {
    let (run, json) = debug(repo, args);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(json["state"], "stopped", "{json:#}");
    json
}

#[test]
fn a_failing_pytest_test_stops_inside_the_function_under_test() {
    let repo = Repo::copy_of("debug/python");
    let json = stopped(
        &repo,
        &[
            "--break",
            "stats.py:11",
            "--",
            "python3",
            "-m",
            "pytest",
            "-q",
            "tests/test_stats.py",
        ],
    );
    assert_eq!(json["stopped"]["reason"], "breakpoint");
    assert_eq!(json["stopped"]["file"], "stats.py");
    assert_eq!(json["stopped"]["line"], 11);
    assert_eq!(json["stopped"]["function"], "mean");
    assert!(
        json["session"]["adapter"]
            .as_str()
            .unwrap()
            .contains("debugpy.adapter")
    );
    assert_eq!(json["frames"][1]["function"], "test_mean_of_three");
    assert_eq!(json["frames"][1]["file"], "tests/test_stats.py");
    assert_eq!(variable(&json, "total")["value"], "12");
    assert_eq!(variable(&json, "count")["value"], "2");
    assert_eq!(variable(&json, "values")["value"], "[2, 4, 6]");
    assert_eq!(json["breakpoints"][0]["verified"], true);
    assert_nothing_left(&repo, &json);
}

#[test]
fn a_c_program_built_with_debug_info_stops_under_lldb() {
    let repo = Repo::copy_of("debug/c");
    build(&repo, "cc", &["-g", "-O0", "-o", "main", "main.c"]);
    let json = stopped(&repo, &["--break", "main.c:10", "--", "./main"]);
    assert!(
        json["session"]["adapter"]
            .as_str()
            .unwrap()
            .contains("lldb")
    );
    assert_eq!(json["session"]["language"], "c");
    assert_eq!(json["stopped"]["function"], "manhattan");
    assert_eq!(json["frames"][1]["function"], "main");
    assert_eq!(variable(&json, "distance")["value"], "7");
    let point = variable(&json, "p");
    let fields: Vec<(&str, &str)> = point["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["name"].as_str().unwrap(), c["value"].as_str().unwrap()))
        .collect();
    assert_eq!(fields, [("x", "3"), ("y", "4")]);
    assert_nothing_left(&repo, &json);
}

#[test]
fn a_rust_program_built_with_debug_info_stops_under_lldb() {
    let repo = Repo::copy_of("debug/rust");
    build(
        &repo,
        "rustc",
        &["-g", "-C", "opt-level=0", "-o", "order", "main.rs"],
    );
    let json = stopped(
        &repo,
        &[
            "--language",
            "rust",
            "--break",
            "main.rs:8",
            "--",
            "./order",
        ],
    );
    assert_eq!(json["session"]["language"], "rust");
    assert!(
        json["stopped"]["function"]
            .as_str()
            .unwrap()
            .starts_with("main::total"),
        "{json:#}"
    );
    assert_eq!(variable(&json, "sum")["value"], "21");
    let order = variable(&json, "order");
    assert!(
        order["children"].to_string().contains("discount"),
        "{order:#}"
    );
    assert_nothing_left(&repo, &json);
}

#[test]
fn a_crashing_adapter_is_a_clean_error_and_leaves_nothing() {
    // An adapter that starts a child in its group (not holding its pipes),
    // then dies without a word.
    crashing_adapter_fails_cleanly(
        "#!/bin/sh
sleep 600 < /dev/null > /dev/null 2>&1 &
exit 1
",
    );
}

#[test]
fn an_adapter_that_closes_its_input_is_a_failure_not_a_closed_stdout() {
    // It answers `initialize`, then closes its input, so sending `launch`
    // breaks the pipe: that is the adapter's failure (exit 3), not
    // `plumb debug … | head` (exit 0).
    crashing_adapter_fails_cleanly(
        r#"#!/bin/sh
sleep 600 < /dev/null > /dev/null 2>&1 &
read -r header
read -r blank
head -c "$(echo "$header" | tr -dc 0-9)" > /dev/null
exec 0<&-
body='{"seq":1,"type":"response","request_seq":1,"success":true,"command":"initialize","body":{}}'
printf 'Content-Length: %d\r\n\r\n%s' "${#body}" "$body"
sleep 1
exit 1
"#,
    );
}

/// Runs `plumb debug` with `script` as lldb-dap: it must exit 3 naming the
/// debug adapter and leave no `sleep` the script started.
fn crashing_adapter_fails_cleanly(script: &str) {
    let repo = Repo::copy_of("debug/c");
    let bin_dir = repo.path("fake-bin");
    std::fs::create_dir(&bin_dir).unwrap();
    let fake = bin_dir.join("lldb-dap");
    std::fs::write(&fake, script).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::write(repo.path("main"), "").unwrap();
    let path = format!("{}:{}", bin_dir.display(), std::env::var("PATH").unwrap());
    let out = Command::new(common::bin())
        .args([
            "--root",
            repo.root().to_str().unwrap(),
            "debug",
            "--language",
            "c",
        ])
        .args(["--break", "main.c:10", "--", "./main"])
        .current_dir(repo.root())
        .env("PATH", path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("debug adapter"), "{stderr}");
    let left: Vec<String> = processes_in(repo.root())
        .into_iter()
        .filter(|stat| stat.contains("(sleep)"))
        .collect();
    assert!(
        left.is_empty(),
        "the adapter's child was left running: {left:?}"
    );
}

#[test]
fn a_go_program_stops_under_delve() {
    let repo = Repo::copy_of("debug/go");
    build(
        &repo,
        "go",
        &["build", "-gcflags=-N -l", "-o", "scale", "."],
    );
    let json = stopped(&repo, &["--break", "main.go:8", "--", "./scale"]);
    assert_eq!(json["session"]["language"], "go");
    assert_eq!(json["stopped"]["function"], "main.scale");
    assert_eq!(variable(&json, "factor")["value"], "10");
    assert_eq!(variable(&json, "v")["value"], "1");
    assert_nothing_left(&repo, &json);
}

#[test]
fn a_program_that_exits_before_any_breakpoint_says_so_with_its_exit_code() {
    let repo = Repo::copy_of("debug/python");
    std::fs::write(
        repo.path("quick.py"),
        "import sys\nprint('bye')\nsys.exit(3)\n\n\ndef never():\n    return 1\n",
    )
    .unwrap();
    let (run, json) = debug(
        &repo,
        &["--break", "quick.py:7", "--", "python3", "quick.py"],
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(json["state"], "exited", "{json:#}");
    assert_eq!(json["exit_code"], 3);
    assert!(
        json["output"]["text"].as_str().unwrap().contains("bye"),
        "{json:#}"
    );
    assert!(
        json["notes"]
            .to_string()
            .contains("did not stop at any breakpoint"),
        "{json:#}"
    );
    assert_nothing_left(&repo, &json);
}

#[test]
fn bad_input_exits_2_with_a_clear_message() {
    let repo = Repo::copy_of("debug/python");
    let run = repo.run(&[
        "debug",
        "--break",
        "../outside.py:1",
        "--",
        "python3",
        "stats.py",
    ]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("no such file") || run.stderr.contains("outside the repository root"),
        "{}",
        run.stderr
    );
    let run = repo.run(&[
        "debug",
        "--break",
        "/etc/hostname:1",
        "--",
        "python3",
        "stats.py",
    ]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("outside the repository root"),
        "{}",
        run.stderr
    );
    let run = repo.run(&[
        "debug",
        "--break",
        "stats.py:x",
        "--",
        "python3",
        "stats.py",
    ]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    let run = repo.run(&["debug", "--break", "stats.py:5", "--", "./no-such-program"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("not found"), "{}", run.stderr);
}

#[test]
fn a_missing_adapter_names_what_to_install() {
    let repo = Repo::copy_of("debug/c");
    std::fs::write(repo.path("main"), "not a binary").unwrap();
    let out = Command::new(common::bin())
        .args([
            "--root",
            repo.root().to_str().unwrap(),
            "debug",
            "--language",
            "c",
        ])
        .args(["--break", "main.c:10", "--", "./main"])
        .env("PATH", repo.root())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("apt-get install lldb"), "{stderr}");
}
