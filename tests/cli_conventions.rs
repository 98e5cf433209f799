//! The CLI's conventions (ripgrep's, fd's): `--json` errors as one object,
//! `--color` and `NO_COLOR`, `-q`, the listing filters (`--limit`,
//! `--kind`, `--path`, `--lang`), rows naming their target when NAME is
//! ambiguous, examples in every `--help`, completions and the man page.
//! Uses the python fixture.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "test code: a failure here is a failed test"
)]

mod common;

use std::process::Command;

use common::*;
use serde_json::Value;

const FX: &str = "python";

/// `plumb --root <repo> <args>` with `NO_COLOR` set to `no_color`.
fn run_env(repo: &Repo, args: &[&str], no_color: Option<&str>) -> Run {
    let mut all: Vec<String> = vec!["--root".into(), repo.root().to_string_lossy().into()];
    all.extend(args.iter().map(|s| s.to_string()));
    let mut command = Command::new(bin());
    command.args(&all).env_remove("NO_COLOR");
    if let Some(value) = no_color {
        command.env("NO_COLOR", value);
    }
    Run::from(&all, command.output().unwrap())
}

fn error_of(run: &Run) -> (String, String) {
    let json = run.json();
    let error = &json["error"];
    assert_eq!(json.as_object().unwrap().len(), 1, "{json}");
    (
        error["code"].as_str().unwrap().to_owned(),
        error["message"].as_str().unwrap().to_owned(),
    )
}

// --- --json errors ------------------------------------------------------------

#[test]
fn json_failures_are_one_error_object_with_the_same_exit_code() {
    let empty = Repo::empty();
    let run = plumb_in(
        empty.root(),
        &["--json".into(), "symbol".into(), "x".into()],
    );
    assert_eq!(run.code, 2, "{run:?}");
    let (code, message) = error_of(&run);
    assert_eq!(code, "input");
    assert!(message.contains("no index found"), "{message}");
    assert_eq!(message.matches("plumb index").count(), 1, "{message}");

    let repo = Repo::indexed(FX);
    let run = repo.run(&["--json", "frobnicate"]);
    assert_eq!(run.code, 2);
    let (code, message) = error_of(&run);
    assert_eq!(code, "usage");
    assert!(message.contains("frobnicate"), "{message}");

    let run = repo.run(&["--json", "callers", "total", "--lang", "cobol"]);
    assert_eq!(run.code, 2);
    let (_, message) = error_of(&run);
    assert!(message.contains("possible values"), "{message}");

    let run = repo.run(&["--json", "refs", "total", "--path", "src/["]);
    assert_eq!(run.code, 2);
    assert_eq!(error_of(&run).0, "usage");

    let run = repo.run(&["--json", "outline", "no/such/file.py"]);
    assert_eq!(run.code, 2, "{run:?}");
    assert_eq!(error_of(&run).0, "input");
}

#[test]
fn a_signed_line_is_an_input_error_not_a_search_hint() {
    let repo = Repo::indexed(FX);
    let run = repo.run(&["--json", "symbol", "app.py:-5"]);
    assert_eq!(run.code, 2, "{run:?}");
    let (code, message) = error_of(&run);
    assert_eq!(code, "usage");
    assert!(message.contains("positive"), "{message}");
    assert!(!message.contains("search"), "{message}");
}

#[test]
fn help_and_version_still_print_as_text() {
    let repo = Repo::indexed(FX);
    let run = repo.run(&["--json", "--version"]);
    assert_eq!(run.code, 0);
    assert!(run.stdout.starts_with("plumb "), "{run:?}");
}

// --- colour and quiet -----------------------------------------------------------

#[test]
fn colour_follows_color_and_no_color() {
    let repo = Repo::indexed(FX);
    const ESC: char = '\u{1b}';
    let always = run_env(
        &repo,
        &["--color", "always", "callers", "shop.models.Cart.total"],
        Some("1"),
    );
    assert_eq!(always.code, 0);
    assert!(always.stdout.contains(ESC), "{always:?}");
    assert!(
        always.stdout.contains("\u{1b}[35mapp.py"),
        "paths magenta: {always:?}"
    );
    for (args, no_color) in [
        (
            &["--color", "never", "callers", "shop.models.Cart.total"][..],
            None,
        ),
        (&["callers", "shop.models.Cart.total"][..], None),
        (&["callers", "shop.models.Cart.total"][..], Some("1")),
        (
            &[
                "--color",
                "always",
                "--json",
                "callers",
                "shop.models.Cart.total",
            ][..],
            None,
        ),
    ] {
        let run = run_env(&repo, args, no_color);
        assert_eq!(run.code, 0, "{args:?}");
        assert!(!run.stdout.contains(ESC), "{args:?}: {run:?}");
    }
}

#[test]
fn quiet_prints_nothing_and_keeps_the_exit_code() {
    let repo = Repo::indexed(FX);
    let found = repo.run(&["-q", "callers", "total"]);
    assert_eq!(
        (found.code, found.stdout.as_str(), found.stderr.as_str()),
        (0, "", "")
    );
    let none = repo.run(&["-q", "callers", "no_such_name"]);
    assert_eq!((none.code, none.stdout.as_str()), (1, ""));
    let index = repo.run(&["-q", "index"]);
    assert_eq!((index.code, index.stdout.as_str()), (0, ""), "{index:?}");
}

// --- filters ---------------------------------------------------------------------

fn files(json: &Value, role: &str) -> Vec<String> {
    json["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let file = if role.is_empty() {
                &r["file"]
            } else {
                &r[role]["file"]
            };
            file.as_str().unwrap().to_owned()
        })
        .collect()
}

#[test]
fn limit_cuts_with_a_note_and_a_lower_bound() {
    let repo = Repo::indexed(FX);
    let all = repo.ok(&["callers", "total"]);
    let n = all["results"].as_array().unwrap().len();
    assert!(n > 2, "{all}");
    let cut = repo.ok(&["callers", "total", "--limit", "2"]);
    assert_eq!(cut["results"].as_array().unwrap().len(), 2);
    assert_eq!(cut["results"][0], all["results"][0]);
    assert_eq!(cut["completeness"], "lower_bound");
    let note = format!("{} more results left out by --limit 2", n - 2);
    assert!(
        cut["notes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x == &Value::from(note.clone())),
        "{cut}"
    );
    assert_eq!(repo.run(&["callers", "total", "--limit", "0"]).code, 2);
}

#[test]
fn path_lang_and_kind_filter_listings() {
    let repo = Repo::indexed(FX);
    let all = repo.ok(&["refs", "shop.models.Cart"]);
    let in_shop = repo.ok(&["refs", "shop.models.Cart", "--path", "shop/*.py"]);
    let shop_files = files(&in_shop, "");
    assert!(!shop_files.is_empty(), "{in_shop}");
    assert!(
        shop_files.iter().all(|f| f.starts_with("shop/")),
        "{shop_files:?}"
    );
    assert!(
        files(&all, "").iter().any(|f| !f.starts_with("shop/")),
        "{all}"
    );

    let by_name = repo.ok(&["callers", "total", "--path", "app.py"]);
    assert!(
        files(&by_name, "caller").iter().all(|f| f == "app.py"),
        "{by_name}"
    );

    let (code, _) = repo.query(&["callers", "total", "--lang", "rust"]);
    assert_eq!(code, 1, "no rust file in the python fixture");
    let python = repo.ok(&["callers", "total", "--lang", "python"]);
    assert_eq!(python["results"], repo.ok(&["callers", "total"])["results"]);

    let methods = repo.ok(&["callers", "total", "--kind", "method"]);
    let kinds: Vec<&Value> = methods["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| &r["caller"]["kind"])
        .collect();
    assert!(
        !kinds.is_empty() && kinds.iter().all(|k| *k == "method"),
        "{methods}"
    );
    let dependents = repo.ok(&["impact", "shop.pricing.total", "--kind", "function"]);
    assert!(
        dependents["results"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["symbol"]["kind"] == "function"),
        "{dependents}"
    );
}

// --- ambiguous names ---------------------------------------------------------------

#[test]
fn rows_of_an_ambiguous_name_say_their_target() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", "total"]);
    let targets = qualnames(&json["targets"]);
    assert!(targets.len() > 1, "{json}");
    for row in json["results"].as_array().unwrap() {
        let target = row["target"]
            .as_str()
            .unwrap_or_else(|| panic!("no target: {row}"));
        assert!(targets.contains(target), "{target} not among {targets:?}");
    }
    let summarize = json["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["caller"]["qualname"] == "shop.checkout.summarize")
        .unwrap();
    assert_eq!(summarize["target"], "shop.pricing.total");
    let text = repo.run(&["callers", "total"]).stdout;
    assert!(
        text.contains("summarize") && text.contains("for shop.pricing.total"),
        "{text}"
    );
    let callees = repo.ok(&["callees", "total"]);
    assert!(
        callees["results"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["target"].is_string()),
        "{callees}"
    );
    let one = repo.ok(&["callers", "shop.pricing.total"]);
    assert!(one["results"][0].get("target").is_none(), "{one}");
}

#[test]
fn refs_name_the_target_once_and_enclosing_symbols_compactly() {
    let repo = Repo::indexed(FX);
    let one = repo.ok(&["refs", "shop.models.Cart"]);
    let rows = one["results"].as_array().unwrap();
    assert!(!rows.is_empty(), "{one}");
    for row in rows {
        assert!(row.get("target").is_none(), "named once, in targets: {row}");
        let enclosing = &row["enclosing"];
        if !enclosing.is_null() {
            let keys: Vec<&String> = enclosing.as_object().unwrap().keys().collect();
            assert_eq!(keys, ["line", "qualname"], "{row}");
        }
    }
    let several = repo.ok(&["refs", "total"]);
    let targets = qualnames(&several["targets"]);
    for row in several["results"].as_array().unwrap() {
        assert!(targets.contains(row["target"].as_str().unwrap()), "{row}");
    }
}

// --- help, completions, man page -----------------------------------------------------

/// The words of one example command line after `plumb`, up to a shell
/// redirection, pipe or comment; single quotes kept out.
fn example_words(line: &str) -> Vec<String> {
    let line = line.trim().trim_start_matches("plumb ");
    let line = line.split(['|', '>', '#']).next().unwrap();
    line.split_whitespace()
        .map(|w| w.trim_matches('\'').to_owned())
        .collect()
}

/// The queries whose examples are written for the python fixture.
const QUERY_COMMANDS: &[&str] = &[
    "symbol", "outline", "refs", "callers", "callees", "impls", "impact", "search",
];

#[test]
fn the_query_examples_of_help_and_readme_run_on_the_fixture() {
    let repo = Repo::indexed(FX);
    let mut examples = Vec::new();
    for command in QUERY_COMMANDS {
        let help = repo.run(&[command, "--help"]).stdout;
        let listed = help.split("Examples:\n").nth(1).unwrap_or_default();
        examples.extend(
            listed
                .lines()
                .filter(|l| l.trim().starts_with("plumb "))
                .map(str::to_owned),
        );
    }
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let mut in_sh = false;
    let mut from_readme = Vec::new();
    for line in readme.lines() {
        if line.starts_with("```") {
            in_sh = line == "```sh";
        } else if in_sh && line.starts_with("plumb ") {
            let words = example_words(line);
            if QUERY_COMMANDS.contains(&words[0].as_str()) {
                from_readme.push(line.to_owned());
            }
        }
    }
    assert!(examples.len() >= QUERY_COMMANDS.len() * 2, "{examples:?}");
    assert!(!from_readme.is_empty());
    for example in examples.iter().chain(&from_readme) {
        let words = example_words(example);
        let args: Vec<&str> = words.iter().map(String::as_str).collect();
        let run = repo.run(&args);
        assert!(run.code <= 1, "`{example}` failed on the fixture: {run:?}");
    }
    for example in &from_readme {
        let words = example_words(example);
        let args: Vec<&str> = words.iter().map(String::as_str).collect();
        assert_eq!(
            repo.run(&args).code,
            0,
            "`{example}` finds nothing on the fixture"
        );
    }
}

#[test]
fn every_subcommand_help_has_examples() {
    let repo = Repo::empty();
    let help = plumb_in(repo.root(), &["--help".into()]).stdout;
    let commands: Vec<String> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_owned))
        .filter(|c| c != "help")
        .collect();
    assert!(commands.len() >= 14, "{help}");
    for command in commands {
        let run = plumb_in(repo.root(), &[command.clone(), "--help".into()]);
        assert!(
            run.stdout.contains("Examples:\n  plumb "),
            "{command}: {}",
            run.stdout
        );
    }
}

#[test]
fn completions_and_man_page_are_generated() {
    let repo = Repo::empty();
    for shell in ["bash", "zsh", "fish"] {
        let run = plumb_in(repo.root(), &["completions".into(), shell.into()]);
        assert_eq!(run.code, 0, "{shell}");
        assert!(
            run.stdout.contains("callers") && run.stdout.contains("limit"),
            "{shell}"
        );
    }
    let man = plumb_in(repo.root(), &["man".into()]);
    assert!(
        man.stdout.starts_with(".ie") || man.stdout.contains(".TH plumb"),
        "{man:?}"
    );
    let refs = plumb_in(repo.root(), &["man".into(), "refs".into()]);
    assert!(
        refs.stdout.contains(".TH plumb-refs") && refs.stdout.contains("limit"),
        "{refs:?}"
    );
    assert_eq!(
        plumb_in(repo.root(), &["man".into(), "nope".into()]).code,
        2
    );
}

// --- a closed stdout ----------------------------------------------------------

#[test]
fn a_reader_that_closes_stdout_early_ends_plumb_quietly_with_success() {
    // `plumb completions bash | head -0`: the reader is gone before plumb
    // writes, so the write breaks the pipe; like ripgrep, that is no error.
    let mut child = Command::new(bin())
        .args(["completions", "bash"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
