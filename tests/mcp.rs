//! End-to-end tests of `plumb serve` with a real MCP client: each test runs
//! one scenario of `tests/mcp/` under Python with the official MCP SDK
//! (`pip install mcp`, pinned in `.ci/run`) against a fixture copied to a
//! temp directory and indexed. The scenarios assert; this file only
//! prepares the repository and reports their output.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "test code: a failure here is a failed test"
)]

mod common;

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

use common::{Repo, bin};

/// Callers of `lib.target` in the generated repository (budget.py knows):
/// enough that their answer passes the default cap (with 400, measured:
/// 44,590 bytes, uncut).
const GENERATED_CALLERS: usize = 1000;

/// Runs `tests/mcp/<scenario>.py` on `root`; panics with its output unless
/// it exits 0.
fn scenario(name: &str, root: &Path) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("mcp")
        .join(format!("{name}.py"));
    let out = Command::new("python3")
        .arg(&script)
        .arg(root)
        .env("PLUMB_BIN", bin())
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env_remove("PLUMB_PROFILE")
        .env_remove("PLUMB_MAX_BYTES")
        .env_remove("PLUMB_LOG")
        .output()
        .unwrap_or_else(|e| panic!("cannot run python3 (needed for the MCP tests): {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "scenario {name} failed ({}); it needs the MCP SDK: pip install mcp (see .ci/run)\n--- stdout ---\n{stdout}\n--- stderr ---\n{stderr}",
        out.status
    );
    println!("{stdout}");
}

#[test]
fn every_tool_answers_with_structured_results() {
    let repo = Repo::indexed("python");
    scenario("tools", repo.root());
}

#[test]
fn a_hidden_tool_answers_like_an_unknown_one() {
    let repo = Repo::indexed("python");
    scenario("profiles", repo.root());
}

#[test]
fn serve_watch_sees_a_save_on_the_next_call() {
    let repo = Repo::indexed("python");
    scenario("watch", repo.root());
}

#[test]
fn protocol_errors_are_answered_and_serving_goes_on() {
    let repo = Repo::indexed("python");
    scenario("protocol", repo.root());
}

#[test]
fn an_index_dir_outside_the_tree_is_built_and_served() {
    let repo = Repo::copy_of("python");
    scenario("index_dir", repo.root());
}

#[test]
fn input_echoed_in_errors_is_cut_and_closing_stdin_ends_the_server() {
    let repo = Repo::indexed("python");
    scenario("bounds", repo.root());
}

#[test]
fn a_debug_session_is_driven_bounded_and_leaves_no_process() {
    let repo = Repo::copy_of("debug/python");
    scenario("debug", repo.root());
}

#[test]
fn answers_over_the_budget_are_cut_to_whole_items() {
    let repo = Repo::empty();
    std::fs::write(
        repo.path("lib.py"),
        "def target():\n    \"\"\"Called from everywhere.\"\"\"\n    return 1\n",
    )
    .unwrap();
    // Multi-byte names, so that a cut in the middle of a character would show.
    let mut callers = String::from("from lib import target\n");
    for i in 0..GENERATED_CALLERS {
        let _ = write!(
            callers,
            "\n\ndef caller_é_{i}(x):\n    \"\"\"Calls target — number {i}.\"\"\"\n    return target() + x\n"
        );
    }
    std::fs::write(repo.path("callers.py"), callers).unwrap();
    let run = repo.index(&[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    scenario("budget", repo.root());
}

#[test]
fn the_index_tool_keeps_the_bounds_the_index_recorded() {
    let repo = Repo::empty();
    std::fs::write(repo.path("small.py"), "def small():\n    return 1\n").unwrap();
    // Above the default per-file cap (2 MiB), below the raised one; one
    // long string, quick to parse.
    let padding = "x".repeat(2_200_000);
    let big = format!("def big():\n    return 2\n\n\nPADDING = \"{padding}\"\n");
    std::fs::write(repo.path("big.py"), big).unwrap();
    let run = repo.index(&["--max-file-bytes", "3000000"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    scenario("limits", repo.root());
}

#[test]
fn index_reports_progress_and_a_cancel_stops_it() {
    let repo = Repo::empty();
    let write_modules = |from: usize, to: usize| {
        for n in from..to {
            let body = format!(
                "from m{prev} import f{prev}\n\n\ndef f{n}(x):\n    return f{prev}(x) + {n}\n\n\nclass C{n}:\n    def run(self):\n        return f{n}(1)\n",
                prev = n.saturating_sub(1)
            );
            std::fs::write(repo.path(&format!("m{n}.py")), body).unwrap();
        }
    };
    write_modules(0, 800);
    let run = repo.index(&[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    write_modules(800, 1600);
    scenario("signals", repo.root());
}

#[test]
fn write_tools_report_only_new_diagnostics_from_a_real_server() {
    let repo = Repo::indexed("lsp/python");
    scenario("edit", repo.root());
}

#[test]
fn the_analytics_tools_answer_on_a_history() {
    let repo = Repo::indexed("analytics");
    scenario("analytics", repo.root());
}

#[test]
fn structural_tools_search_stage_and_resolve() {
    let repo = Repo::indexed("structural");
    scenario("structural", repo.root());
}

#[test]
fn notes_name_tool_calls_never_cli_commands_or_flags() {
    let repo = Repo::indexed("python");
    scenario("notes", repo.root());
}
