//! `plumb check FILE...` through the real language servers (CI installs
//! them; a missing one fails these tests, it does not skip them): a file
//! with a type error and a clean one, per server; exit 1 on an error, 0
//! without; a file outside the root is exit 2; a language without a server
//! is said and is not an error.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "test code: a failure here is a failed test"
)]

mod common;

use std::process::Command;

use common::*;

/// The wait for a server's first diagnostics in these tests: CI machines
/// run six test binaries at once, and a cold tsserver took 17 s on a
/// loaded 2-core machine (the product's default is 10 s).
const FIRST_WAIT_MS: &str = "90000";

/// `plumb --root ROOT --json check FILES...` with the long first wait.
fn check(repo: &Repo, files: &[&str]) -> Run {
    let mut args: Vec<String> = vec![
        "--root".into(),
        repo.root().to_string_lossy().into_owned(),
        "--json".into(),
        "check".into(),
    ];
    args.extend(
        files
            .iter()
            .map(|f| repo.path(f).to_string_lossy().into_owned()),
    );
    let out = Command::new(bin())
        .args(&args)
        .current_dir(std::env::temp_dir())
        .env("PLUMB_LSP_FIRST_WAIT_MS", FIRST_WAIT_MS)
        .output()
        .unwrap();
    Run::from(&args, out)
}

/// Copies `tests/fixtures/lsp/<lang>`, adds `bad` (content `text`), checks
/// it and the clean `clean`, and returns the diagnostics (as
/// `(file, line, severity, code)`) after asserting exit 1 and status ok.
fn errors_of(
    lang: &str,
    server: &str,
    clean: &str,
    bad: &str,
    text: &str,
) -> Vec<(String, u64, String, String)> {
    let repo = Repo::copy_of(&format!("lsp/{lang}"));
    std::fs::write(repo.path(bad), text).unwrap();
    let run = check(&repo, &[clean, bad]);
    assert_eq!(
        run.code, 1,
        "stdout: {}\nstderr: {}",
        run.stdout, run.stderr
    );
    let json = run.json();
    assert_eq!(json["status"], "ok", "{json:#}");
    assert_eq!(json["server"], server, "{json:#}");
    json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["severity"] == "error")
        .map(|d| {
            (
                d["file"].as_str().unwrap().to_owned(),
                d["line"].as_u64().unwrap(),
                d["severity"].as_str().unwrap().to_owned(),
                d["code"].as_str().unwrap_or("").to_owned(),
            )
        })
        .collect()
}

fn one(file: &str, line: u64, code: &str) -> Vec<(String, u64, String, String)> {
    vec![(file.to_owned(), line, "error".to_owned(), code.to_owned())]
}

#[test]
fn pyright_reports_a_type_error() {
    let errors = errors_of(
        "python",
        "pyright",
        "shop.py",
        "bad.py",
        "from shop import price\n\nn: int = price(3)\n",
    );
    assert_eq!(errors, one("bad.py", 3, "reportArgumentType"));
}

#[test]
fn typescript_language_server_reports_a_type_error() {
    let errors = errors_of(
        "typescript",
        "typescript-language-server",
        "shop.ts",
        "bad.ts",
        "import { price } from \"./shop\";\n\nexport const n: number = price(3);\n",
    );
    assert_eq!(errors, one("bad.ts", 3, "2345"));
}

#[test]
fn clangd_reports_an_undeclared_name() {
    let errors = errors_of(
        "c",
        "clangd",
        "shop.c",
        "bad.c",
        "int f(void) {\n  return missing;\n}\n",
    );
    assert_eq!(errors, one("bad.c", 2, "undeclared_var_use"));
}

#[test]
fn gopls_reports_a_type_error() {
    let errors = errors_of(
        "go",
        "gopls",
        "shop.go",
        "bad.go",
        "package shop\n\nvar n int = Price(3)\n",
    );
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!((errors[0].0.as_str(), errors[0].1), ("bad.go", 3));
}

#[test]
fn rust_analyzer_reports_a_type_error() {
    let mut errors = errors_of(
        "rust",
        "rust-analyzer",
        "src/lib.rs",
        "src/bad.rs",
        "pub fn n() -> u32 {\n    \"three\"\n}\n",
    );
    // rust-analyzer's own diagnostic and `cargo check`'s (its flycheck,
    // when it ends within the wait) may both report it.
    errors.dedup();
    assert_eq!(errors, one("src/bad.rs", 2, "E0308"));
}

#[test]
fn a_clean_file_exits_0() {
    let repo = Repo::copy_of("lsp/c");
    let run = check(&repo, &["shop.c"]);
    assert_eq!(
        run.code, 0,
        "stdout: {}\nstderr: {}",
        run.stdout, run.stderr
    );
    let json = run.json();
    assert_eq!(
        (json["status"].as_str(), json["errors"].as_u64()),
        (Some("ok"), Some(0))
    );
}

#[test]
fn a_language_without_a_server_is_said_and_not_an_error() {
    let repo = Repo::copy_of("lsp/c");
    std::fs::write(repo.path("tool.rb"), "puts 1\n").unwrap();
    let run = check(&repo, &["tool.rb"]);
    assert_eq!(
        run.code, 0,
        "stdout: {}\nstderr: {}",
        run.stdout, run.stderr
    );
    let json = run.json();
    assert_eq!(json["status"], "unavailable");
    let reason = json["reason"].as_str().unwrap();
    assert!(
        reason.contains("no language server is known for .rb files"),
        "{reason}"
    );
}

#[test]
fn a_file_outside_the_root_is_exit_2() {
    let repo = Repo::copy_of("lsp/c");
    let outside = Repo::copy_of("lsp/c");
    let run = Command::new(bin())
        .args(["--root", repo.root().to_str().unwrap(), "check"])
        .arg(outside.path("shop.c"))
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2), "{run:?}");
    assert!(String::from_utf8_lossy(&run.stderr).contains("not a file inside the root"));
}
