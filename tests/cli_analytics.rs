//! End-to-end tests of the analytics on tests/fixtures/analytics, whose git
//! history each test builds in its temporary copy (the `git` program is a
//! test tool here; plumb itself reads the repository through gix).
//!
//! Fixture landmarks (file:line):
//!   shop/pricing.py:4   tax; :8 discount; :12 with_tax calls tax
//!   shop/cart.py:4      Cart (add :8, subtotal :11, total :14 calls with_tax, total_after :17,
//!                       tax_due :20 calls tax)
//!   shop/users.py:4     hash_password; :8 User (check :13); :17 login; :21 register
//!   app.py:11           @app.route cart_view; :18 @app.route login_view; :24 @click.command
//!                       seed; :28 main; :32 if __name__ == "__main__"; :41 whoami, whose
//!                       decorator's argument line holds `.get(` (no route)
//!   tests/test_cart.py  test_total (Cart.total), test_add (Cart.add, subtotal)
//!   tests/test_users.py test_login (register, login)
//!   gotool/             main.go (Double, main), main_test.go (TestDouble)
//!   rustapp/            src/lib.rs square, src/main.rs main, tests/square.rs #[test] squares
//!   web/                math.js (add, mul), math.test.js it("adds"), it("multiplies")

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "test code: a failure here is a failed test"
)]

mod common;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use common::*;
use serde_json::Value;

/// Runs `git` in `dir` with a fixed identity and dates.
fn git(dir: &Path, args: &[&str], when: &str) {
    let out = Command::new("git")
        .args(["-c", "user.name=Test", "-c", "user.email=test@example.com"])
        .args([
            "-c",
            "commit.gpgsign=false",
            "-c",
            "init.defaultBranch=main",
        ])
        .args(args)
        .current_dir(dir)
        .env("GIT_AUTHOR_DATE", when)
        .env("GIT_COMMITTER_DATE", when)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .expect("git runs");
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn append(repo: &Repo, file: &str, text: &str) {
    let path = repo.path(file);
    let mut content = std::fs::read_to_string(&path).unwrap();
    content.push_str(text);
    std::fs::write(path, content).unwrap();
}

fn replace(repo: &Repo, file: &str, from: &str, to: &str) {
    let path = repo.path(file);
    let content = std::fs::read_to_string(&path).unwrap();
    assert!(content.contains(from), "{file} holds {from:?}");
    std::fs::write(path, content.replacen(from, to, 1)).unwrap();
}

/// The fixture with four commits: everything; cart and pricing; cart,
/// pricing and the cart tests; users alone. Indexed.
fn with_history() -> Repo {
    let repo = Repo::copy_of("analytics");
    let root = repo.root();
    git(root, &["init", "-q"], "2026-01-01T00:00:00Z");
    git(root, &["add", "-A"], "2026-01-01T00:00:00Z");
    git(root, &["commit", "-qm", "one"], "2026-01-01T00:00:00Z");
    append(&repo, "shop/cart.py", "# two\n");
    append(&repo, "shop/pricing.py", "# two\n");
    git(root, &["commit", "-qam", "two"], "2026-02-01T00:00:00Z");
    append(&repo, "shop/cart.py", "# three\n");
    append(&repo, "shop/pricing.py", "# three\n");
    append(&repo, "tests/test_cart.py", "# three\n");
    git(root, &["commit", "-qam", "three"], "2026-03-01T00:00:00Z");
    append(&repo, "shop/users.py", "# four\n");
    git(root, &["commit", "-qam", "four"], "2026-04-01T00:00:00Z");
    let run = repo.index(&[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    repo
}

/// The qualified names of `list[i].symbol`.
fn symbol_names(list: &Value) -> BTreeSet<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|item| item["symbol"]["qualname"].as_str().unwrap().to_owned())
        .collect()
}

fn strings(values: &Value, key: &str) -> BTreeSet<String> {
    values
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v[key].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn communities_separate_the_cart_from_the_users() {
    let repo = with_history();
    let json = repo.ok(&["communities"]);
    let results = json["results"].as_array().unwrap();
    let with_file = |file: &str| {
        results
            .iter()
            .filter(|c| c["files"].as_array().unwrap().iter().any(|f| f == file))
            .collect::<Vec<_>>()
    };
    // The largest community holding the cart holds the pricing too.
    let cart = with_file("shop/cart.py");
    let cart_files: BTreeSet<&str> = cart[0]["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap())
        .collect();
    assert!(cart_files.contains("shop/pricing.py"), "{cart_files:?}");
    // The users are one community, apart from the cart and the pricing.
    let users = with_file("shop/users.py");
    assert_eq!(users.len(), 1, "{json}");
    for file in ["shop/cart.py", "shop/pricing.py"] {
        assert!(
            !users[0]["files"]
                .as_array()
                .unwrap()
                .iter()
                .any(|f| f == file),
            "{json}"
        );
    }
    for community in results {
        let cohesion = community["cohesion"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&cohesion));
        assert!(community["size"].as_u64().unwrap() >= 3);
        assert!(!community["label"].as_str().unwrap().is_empty());
    }
    // Deterministic.
    assert_eq!(repo.ok(&["communities"])["results"], json["results"]);
}

#[test]
fn entry_points_follow_each_languages_rules() {
    let repo = with_history();
    let json = repo.ok(&["entrypoints"]);
    let found: BTreeSet<(String, String)> = json["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["kind"].as_str().unwrap().to_owned(),
                e["symbol"]["qualname"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let expected: BTreeSet<(String, String)> = [
        ("main", "crate::main"),
        ("main", "example.com/gotool.main"),
        ("main", "app.main"),
        ("script_block", "app.py"),
        ("cli_command", "app.seed"),
        ("route", "app.cart_view"),
        ("route", "app.login_view"),
        ("test", "test_cart.test_total"),
        ("test", "test_cart.test_add"),
        ("test", "test_users.test_login"),
        ("test", "example.com/gotool.TestDouble"),
        ("test", "crate::squares"),
        ("test", "adds"),
        ("test", "multiplies"),
        ("package_root", "shop.make_cart"),
        ("package_root", "crate::square"),
    ]
    .iter()
    .map(|(k, q)| (k.to_string(), q.to_string()))
    .collect();
    assert_eq!(found, expected);
    let confidence = |qualname: &str| {
        json["results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["symbol"]["qualname"] == qualname)
            .unwrap()["confidence"]
            .as_f64()
            .unwrap()
    };
    assert_eq!(confidence("crate::main"), 1.0);
    assert!(confidence("example.com/gotool.main") < 1.0);
    let routes = repo.ok(&["entrypoints", "--kind", "route"]);
    assert_eq!(routes["results"].as_array().unwrap().len(), 2);
}

#[test]
fn a_process_is_the_call_tree_from_its_entry_point() {
    let repo = with_history();
    let json = repo.ok(&["processes", "cart_view"]);
    let process = &json["results"][0];
    let steps: BTreeSet<(String, u64)> = process["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["symbol"]["qualname"].as_str().unwrap().to_owned(),
                s["depth"].as_u64().unwrap(),
            )
        })
        .collect();
    assert!(
        steps.contains(&("shop.cart.Cart.total".into(), 1)),
        "{steps:?}"
    );
    assert!(
        steps.contains(&("shop.pricing.with_tax".into(), 2)),
        "{steps:?}"
    );
    assert!(steps.contains(&("shop.pricing.tax".into(), 3)), "{steps:?}");
    assert!(!steps.iter().any(|(q, _)| q.starts_with("shop.users")));
    let script = repo.ok(&["processes", "app.py"]);
    let first: BTreeSet<String> = script["results"][0]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["symbol"]["qualname"].as_str().unwrap().to_owned())
        .collect();
    assert!(first.contains("app.main"), "{first:?}");
    let (code, _) = repo.query(&["processes", "no_such_entry"]);
    assert_eq!(code, 1);
}

#[test]
fn cochange_counts_commits_and_reads_only_new_ones() {
    let repo = with_history();
    let json = repo.ok(&["cochange", "shop/cart.py"]);
    assert_eq!(json["query"]["commits"], 3);
    let first = &json["results"][0];
    assert_eq!(first["file"], "shop/pricing.py");
    assert_eq!(first["support"], 3);
    assert_eq!(first["confidence"], 1.0);
    let tests = json["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["file"] == "tests/test_cart.py")
        .unwrap();
    assert_eq!(tests["support"], 2);
    assert!(notes_mention(&json, "4 read now"), "{json}");
    // A symbol's name: only the commits that changed its lines (the first).
    let by_name = repo.ok(&["cochange", "shop.pricing.tax"]);
    assert_eq!(by_name["query"]["file"], "shop/pricing.py");
    assert_eq!(by_name["query"]["symbol"], "shop.pricing.tax");
    assert_eq!(by_name["query"]["commits"], 1);
    // Only the new commit is read next time.
    append(&repo, "shop/users.py", "# five\n");
    append(&repo, "shop/cart.py", "# five\n");
    git(
        repo.root(),
        &["commit", "-qam", "five"],
        "2026-05-01T00:00:00Z",
    );
    let again = repo.ok(&["cochange", "shop/users.py"]);
    assert!(notes_mention(&again, "1 read now"), "{again}");
    assert!(notes_mention(&again, "5 commits known"), "{again}");
    let cart = again["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["file"] == "shop/cart.py")
        .unwrap();
    assert_eq!(cart["support"], 2);
}

#[test]
fn cochange_of_a_definition_counts_the_commits_that_changed_its_lines() {
    let repo = with_history();
    let root = repo.root();
    let tax = ("return amount * RATE", "return round(amount * RATE, 2)");
    let tax_due = (
        "return tax(self.subtotal())",
        "return tax(self.subtotal()) or 0",
    );
    replace(&repo, "shop/pricing.py", tax.0, tax.1);
    replace(&repo, "shop/cart.py", tax_due.0, tax_due.1);
    git(root, &["commit", "-qam", "five"], "2026-05-01T00:00:00Z");
    replace(
        &repo,
        "shop/pricing.py",
        tax.1,
        "return round(amount * RATE, 3)",
    );
    replace(
        &repo,
        "shop/cart.py",
        tax_due.1,
        "return tax(self.subtotal()) or 0.0",
    );
    replace(
        &repo,
        "shop/pricing.py",
        "return amount - amount * percent / 100",
        "return amount * (1 - percent / 100)",
    );
    git(root, &["commit", "-qam", "six"], "2026-06-01T00:00:00Z");
    assert_eq!(repo.index(&[]).code, 0);

    let json = repo.ok(&["cochange", "shop.pricing.tax"]);
    assert_eq!(json["query"]["symbol"], "shop.pricing.tax");
    // The first commit added every line; five and six changed tax's.
    assert_eq!(json["query"]["commits"], 3);
    let support = |symbol: &str| {
        json["results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["symbol"] == symbol)
            .map(|c| c["support"].clone())
    };
    let first = &json["results"][0];
    assert_eq!(first["symbol"], "shop.cart.Cart.tax_due", "{json:#}");
    assert_eq!(first["file"], "shop/cart.py");
    assert_eq!(first["support"], 3);
    assert_eq!(support("shop.pricing.discount"), Some(2.into()));
    assert_eq!(support("shop.pricing.with_tax"), Some(1.into()));
    assert_eq!(support("shop.pricing.tax"), None, "listed with itself");
    assert!(notes_mention(&json, "approximately"), "{json}");

    let text = repo.run(&["cochange", "shop.pricing.tax"]);
    assert_eq!(text.code, 0, "{}", text.stderr);
    assert!(
        text.stdout
            .starts_with("shop.cart.Cart.tax_due  (shop/cart.py:20)  support 3"),
        "{}",
        text.stdout
    );
}

/// The `changes` report (one) and its tests' names.
fn changes(repo: &Repo, args: &[&str]) -> (Value, BTreeSet<String>) {
    let mut all = vec!["changes"];
    all.extend(args);
    let json = repo.ok(&all);
    let report = json["results"][0].clone();
    let tests = strings(&report["tests"], "name");
    (report, tests)
}

#[test]
fn an_edit_maps_to_its_symbol_and_the_tests_reaching_it_only() {
    let repo = with_history();
    replace(
        &repo,
        "shop/pricing.py",
        "return amount * RATE",
        "return round(amount * RATE, 2)",
    );
    repo.index(&[]);
    let (report, tests) = changes(&repo, &[]);
    assert_eq!(symbol_names(&report["changed"]), set(["shop.pricing.tax"]));
    assert_eq!(tests, set(["test_cart.test_total"]));
    let test = &report["tests"][0];
    assert_eq!(test["file"], "tests/test_cart.py");
    assert_eq!(test["framework"], "pytest");
    let path: Vec<&str> = test["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    assert_eq!(
        path,
        [
            "test_cart.test_total",
            "shop.cart.Cart.total",
            "shop.pricing.with_tax",
            "shop.pricing.tax"
        ]
    );
    let confidence = test["confidence"].as_f64().unwrap();
    assert!(0.0 < confidence && confidence <= 1.0);
    let impacted = symbol_names(&report["impacted"]);
    assert!(
        impacted.contains("shop.pricing.with_tax") && impacted.contains("app.cart_view"),
        "{impacted:?}"
    );
    assert!(
        !impacted.iter().any(|q| q.starts_with("shop.users")),
        "{impacted:?}"
    );
    let hunk = &report["hunks"][0];
    assert_eq!(
        (
            hunk["file"].as_str(),
            hunk["start"].as_u64(),
            hunk["added"].as_u64()
        ),
        (Some("shop/pricing.py"), Some(5), Some(1))
    );
    let score = report["risk"]["score"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&score));
    assert_eq!(report["risk"]["factors"].as_array().unwrap().len(), 4);
}

#[test]
fn tests_to_run_in_each_language() {
    let repo = with_history();
    replace(&repo, "shop/users.py", "hexdigest()", "hexdigest().lower()");
    replace(&repo, "gotool/main.go", "n * 2", "n + n");
    replace(&repo, "rustapp/src/lib.rs", "n * n", "n.pow(2)");
    replace(&repo, "web/math.js", "a + b", "b + a");
    repo.index(&[]);
    let (_, tests) = changes(&repo, &[]);
    assert_eq!(
        tests,
        set([
            "test_users.test_login",
            "example.com/gotool.TestDouble",
            "crate::squares",
            "adds"
        ])
    );
}

#[test]
fn a_changed_test_is_itself_to_run() {
    let repo = with_history();
    replace(&repo, "tests/test_cart.py", "cart.add(1)", "cart.add(2)");
    replace(
        &repo,
        "tests/test_cart.py",
        "subtotal() == 1",
        "subtotal() == 2",
    );
    repo.index(&[]);
    let (report, tests) = changes(&repo, &[]);
    assert_eq!(tests, set(["test_cart.test_add"]));
    assert_eq!(report["tests"][0]["confidence"], 1.0);
}

#[test]
fn staged_and_base_comparisons() {
    let repo = with_history();
    replace(
        &repo,
        "shop/users.py",
        "return user.check(password)",
        "return bool(user.check(password))",
    );
    git(
        repo.root(),
        &["add", "shop/users.py"],
        "2026-05-01T00:00:00Z",
    );
    replace(&repo, "web/math.js", "a * b", "b * a");
    repo.index(&[]);
    let (staged, staged_tests) = changes(&repo, &["--staged"]);
    assert_eq!(staged["compared"], "the staging index against HEAD");
    assert_eq!(staged_tests, set(["test_users.test_login"]));
    let (_, worktree_tests) = changes(&repo, &[]);
    assert_eq!(worktree_tests, set(["test_users.test_login", "multiplies"]));
    // Against the first commit, the cart and pricing edits of later commits count too.
    let (base, _) = changes(&repo, &["--base", "HEAD~3"]);
    let files = strings(&base["hunks"], "file");
    assert!(
        files.contains("shop/cart.py") && files.contains("shop/pricing.py"),
        "{files:?}"
    );
    let run = repo.run(&["changes", "--base", "no-such-ref"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("base:"), "{}", run.stderr);
}

#[test]
fn no_diff_is_no_result_and_no_repository_is_an_input_error() {
    let repo = with_history();
    let (code, json) = repo.query(&["changes"]);
    assert_eq!(code, 1);
    assert!(json["results"].as_array().unwrap().is_empty());
    let plain = Repo::indexed("analytics");
    let run = plain.run(&["changes"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("git"), "{}", run.stderr);
}

#[test]
fn sql_reads_the_views_and_refuses_everything_else() {
    let repo = with_history();
    let json = repo.ok(&["sql", "SELECT name, kind FROM symbols WHERE file = 'shop/pricing.py' ORDER BY line -- DROP TABLE symbols"]);
    assert_eq!(
        json["query"]["columns"],
        serde_json::json!(["name", "kind"])
    );
    assert_eq!(json["results"][0], serde_json::json!(["RATE", "variable"]));
    let edges = repo.ok(&[
        "sql",
        "SELECT source, kind FROM edges WHERE target = 'shop.pricing.tax' ORDER BY source",
    ]);
    assert_eq!(
        edges["results"],
        serde_json::json!([
            ["shop.cart.Cart.tax_due", "call"],
            ["shop.pricing.with_tax", "call"],
            ["shop/cart.py", "import"]
        ])
    );
    let database = repo.path(".plumb/index.db");
    let before = std::fs::read(&database).unwrap();
    for sql in [
        "ATTACH DATABASE 'x.db' AS x",
        "CREATE TABLE t(x)",
        "INSERT INTO files(path) VALUES ('x')",
        "DELETE FROM symbols",
        "PRAGMA writable_schema = ON",
        "SELECT load_extension('x')",
        "SELECT * FROM main.symbols",
        "VACUUM INTO 'copy.db'",
    ] {
        let run = repo.run(&["sql", sql]);
        assert_eq!(run.code, 2, "{sql}: {}", run.stderr);
        assert!(run.stderr.contains("query:"), "{sql}: {}", run.stderr);
    }
    let endless = repo.run(&[
        "sql",
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n",
    ]);
    assert_eq!(endless.code, 2);
    assert!(endless.stderr.contains("longer than"), "{}", endless.stderr);
    assert_eq!(std::fs::read(&database).unwrap(), before);
    assert!(!repo.path("x.db").exists() && !repo.path("copy.db").exists());
    let count = repo.ok(&["sql", "SELECT count(*) FROM symbols"]);
    assert!(count["results"][0][0].as_u64().unwrap() > 20);
}
