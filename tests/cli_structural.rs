//! `plumb grep`, `rewrite`, `apply`, `discard` and `staged` on the
//! `structural` fixture (one small file per language): a pattern that must
//! match and the near misses beside it, per language; repeated
//! metavariables, strings and comments, multi-line matches, the context
//! ladder; staged rewrites that touch no file, apply, apply refused after a
//! hand edit, and an apply killed midway recovered by the next run.

#![allow(
    clippy::unwrap_used,
    reason = "test helpers: a failure here is a failed test"
)]

mod common;

use std::path::Path;
use std::process::Command;

use common::*;
use serde_json::Value;

const FX: &str = "structural";

/// `plumb grep --lang LANG PATTERN --json`: the exit code and the answer.
fn grep(repo: &Repo, lang: &str, pattern: &str) -> (i32, Value) {
    repo.query(&["grep", "--lang", lang, pattern])
}

/// Each result as `file:line-end_line text [NAME=text …]`.
fn hits(answer: &Value) -> Vec<String> {
    answer["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|hit| {
            let captures: Vec<String> = hit["captures"]
                .as_object()
                .unwrap()
                .iter()
                .map(|(name, text)| format!("{name}={}", text.as_str().unwrap()))
                .collect();
            format!(
                "{}:{}-{} {} [{}]",
                hit["file"].as_str().unwrap(),
                hit["line"],
                hit["end_line"],
                hit["text"].as_str().unwrap(),
                captures.join(" ")
            )
        })
        .collect()
}

/// Per language: the pattern and its only match in the fixture; the file
/// holds near misses beside it (another callee, another arity, another
/// receiver, the same text in a string or a comment).
const LANGUAGES: &[(&str, &str, &str)] = &[
    ("c", "dispose($X)", "main.c:7-7 dispose(a) [X=a]"),
    (
        "cpp",
        "if ($P != nullptr) $P->close();",
        "main.cpp:6-6 if (ptr != nullptr) ptr->close(); [P=ptr]",
    ),
    (
        "csharp",
        "log.Info($MSG)",
        "Main.cs:5-5 log.Info(name) [MSG=name]",
    ),
    (
        "go",
        "if err != nil { return $E }",
        "main.go:5-7 if err != nil {\n\t\treturn err\n\t} [E=err]",
    ),
    (
        "java",
        "if ($X != null) $X.dispose();",
        "Main.java:3-3 if (a != null) a.dispose(); [X=a]",
    ),
    (
        "javascript",
        "console.log($$$ARGS)",
        "app.js:2-2 console.log(\"hello\", user) [ARGS=\"hello\", user]",
    ),
    (
        "kotlin",
        "println($X)",
        "Main.kt:3-3 println(name) [X=name]",
    ),
    ("php", "$X->save()", "index.php:3-3 $cart->save() [X=$cart]"),
    ("python", "print($A)", "app.py:2-2 print(name) [A=name]"),
    (
        "ruby",
        "File.open($P)",
        "app.rb:2-2 File.open(path) [P=path]",
    ),
    (
        "rust",
        "$X.unwrap()",
        "main.rs:2-2 parse().unwrap() [X=parse()]",
    ),
    ("swift", "print($X)", "main.swift:2-2 print(name) [X=name]"),
    (
        "tsx",
        "<Button label={$L} />",
        "App.tsx:4-4 <Button label={\"ok\"} /> [L=\"ok\"]",
    ),
    (
        "typescript",
        "$X as any",
        "app.ts:1-1 value as any [X=value]",
    ),
];

#[test]
fn every_language_matches_its_pattern_and_not_the_near_misses() {
    let repo = Repo::copy_of(FX);
    for (lang, pattern, expected) in LANGUAGES {
        let (code, answer) = grep(&repo, lang, pattern);
        assert_eq!(code, 0, "{lang}: {answer:#}");
        assert_eq!(hits(&answer), [*expected], "{lang} `{pattern}`");
        assert_eq!(answer["completeness"], "exact", "{lang}");
        assert_eq!(answer["query"]["pattern"], *pattern);
    }
}

#[test]
fn a_near_miss_alone_finds_nothing_and_exits_1() {
    let repo = Repo::copy_of(FX);
    for (lang, pattern) in [
        ("c", "dispose($X, $Y, $Z)"),
        ("python", "print($A, $B, $C)"),
        ("rust", "$X.unwrap_or_default()"),
        ("kotlin", "println()"),
    ] {
        let (code, answer) = grep(&repo, lang, pattern);
        assert_eq!(code, 1, "{lang}: {answer:#}");
        assert_eq!(answer["results"], serde_json::json!([]));
    }
}

#[test]
fn a_repeated_metavariable_must_capture_the_same_text() {
    let repo = Repo::copy_of(FX);
    let (_, answer) = grep(&repo, "java", "if ($X != null) $Y.dispose();");
    assert_eq!(hits(&answer).len(), 2, "both checks match distinct names");
    let (_, answer) = grep(&repo, "java", "if ($X != null) $X.dispose();");
    assert_eq!(
        hits(&answer),
        ["Main.java:3-3 if (a != null) a.dispose(); [X=a]"]
    );
}

#[test]
fn strings_and_comments_are_not_matched() {
    let repo = Repo::copy_of(FX);
    let (_, answer) = grep(&repo, "javascript", "console.log($A)");
    assert_eq!(hits(&answer), Vec::<String>::new(), "{answer:#}");
    let (_, answer) = grep(&repo, "c", "dispose(c)");
    assert_eq!(
        answer["results"],
        serde_json::json!([]),
        "only in a comment"
    );
    let (_, answer) = grep(&repo, "c", "dispose(d)");
    assert_eq!(answer["results"], serde_json::json!([]), "only in a string");
}

#[test]
fn the_ladder_reads_a_c_call_that_bare_parsing_misreads() {
    // Bare, tree-sitter-c reads `dispose(x)` as a macro's type in an error;
    // the ladder finds the expression rung, so the call matches.
    let repo = Repo::copy_of(FX);
    let (code, answer) = grep(&repo, "c", "dispose($X)");
    assert_eq!(code, 0);
    assert_eq!(hits(&answer), ["main.c:7-7 dispose(a) [X=a]"]);
}

#[test]
fn without_lang_each_file_is_read_in_its_own_language() {
    let repo = Repo::copy_of(FX);
    let (code, answer) = repo.query(&["grep", "print($X)"]);
    assert_eq!(code, 0);
    let files: Vec<&str> = answer["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["file"].as_str().unwrap())
        .collect();
    assert_eq!(files, ["Main.kt", "app.py", "main.swift"], "{answer:#}");
    let notes = answer["notes"].to_string();
    assert!(notes.contains("do not contain `print`"), "{notes}");
}

#[test]
fn bad_input_exits_2_with_a_clear_error() {
    let repo = Repo::copy_of(FX);
    for (args, says) in [
        (&["grep", ""][..], "empty"),
        (&["grep", "$X"][..], "only a metavariable"),
        (&["grep", "--lang", "cobol", "f()"][..], "unknown language"),
        (&["grep", "--lang", "rust", "fn (((("][..], "rust"),
        (&["grep", "f($X)", "/etc"][..], "outside"),
        (
            &[
                "rewrite",
                "--lang",
                "rust",
                "$X.unwrap()",
                "--to",
                "$Y.expect(\"\")",
            ][..],
            "$Y",
        ),
        (&["apply", "0123456789ab"][..], "no staged change"),
        (&["discard", "../../etc"][..], "no staged change"),
    ] {
        let run = repo.run(args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(says), "{args:?}: {}", run.stderr);
    }
    assert!(!repo.path(".plumb/staged").exists() || staged_ids(&repo).is_empty());
}

#[test]
fn a_binary_or_oversized_file_named_explicitly_is_refused() {
    let repo = Repo::copy_of(FX);
    std::fs::write(repo.path("blob.py"), b"print(1)\0\0").unwrap();
    let run = repo.run(&["grep", "print($X)", &repo.path("blob.py").to_string_lossy()]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("binary"), "{}", run.stderr);
    let big = "print(1)\n".repeat(300_000);
    std::fs::write(repo.path("big.py"), big).unwrap();
    let run = repo.run(&["grep", "print($X)", &repo.path("big.py").to_string_lossy()]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("bound"), "{}", run.stderr);
    // Walked over, they are skipped and said so.
    let (code, answer) = repo.query(&["grep", "--lang", "python", "print($X)"]);
    assert_eq!(code, 0);
    assert_eq!(answer["completeness"], "lower_bound", "{answer:#}");
}

fn staged_ids(repo: &Repo) -> Vec<String> {
    let (_, answer) = repo.query(&["staged"]);
    answer["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["change_id"].as_str().unwrap().to_owned())
        .collect()
}

/// Every file's bytes and modification time.
fn snapshot(root: &Path) -> Vec<(String, Vec<u8>, std::time::SystemTime)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(root).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_file() {
            let meta = entry.metadata().unwrap();
            out.push((
                entry.file_name().to_string_lossy().into_owned(),
                std::fs::read(entry.path()).unwrap(),
                meta.modified().unwrap(),
            ));
        }
    }
    out.sort();
    out
}

/// Stages `pattern` → `template` in `lang`, checks the answer's shape, and
/// returns it.
fn rewrite(repo: &Repo, lang: &str, pattern: &str, template: &str) -> Value {
    let (code, answer) = repo.query(&["rewrite", "--lang", lang, pattern, "--to", template]);
    assert_eq!(code, 0, "{answer:#}");
    for key in ["change_id", "sites", "files", "diff"] {
        assert!(answer.get(key).is_some(), "{key}: {answer:#}");
    }
    answer
}

#[test]
fn rewrite_stages_without_touching_a_file_and_apply_writes_it() {
    let repo = Repo::copy_of(FX);
    let before = snapshot(repo.root());
    let answer = rewrite(&repo, "python", "print($A)", "log.debug($A)");
    assert_eq!(snapshot(repo.root()), before, "rewrite wrote a source file");
    assert_eq!(answer["sites"], 1);
    assert_eq!(
        answer["files"],
        serde_json::json!([{"file": "app.py", "sites": 1}])
    );
    let diff = answer["diff"].as_str().unwrap();
    assert!(
        diff.contains("-    print(name)\n+    log.debug(name)\n"),
        "{diff}"
    );
    let id = answer["change_id"].as_str().unwrap().to_owned();
    assert_eq!(staged_ids(&repo), vec![id.clone()]);

    let (code, applied) = repo.query(&["apply", &id]);
    assert_eq!(code, 0, "{applied:#}");
    assert_eq!(applied["action"], "apply");
    let text = std::fs::read_to_string(repo.path("app.py")).unwrap();
    assert_eq!(
        text,
        "def main(name):\n    log.debug(name)\n    print(name, end=\"\")\n    log(name)\n    s = \"print(x)\"\n"
    );
    assert!(staged_ids(&repo).is_empty(), "an applied change is dropped");
}

#[test]
fn a_multi_line_template_keeps_the_sites_indentation() {
    let repo = Repo::copy_of(FX);
    let answer = rewrite(
        &repo,
        "go",
        "if err != nil { return $E }",
        "if err != nil {\n\treturn fmt.Errorf(\"run: %w\", $E)\n}",
    );
    let id = answer["change_id"].as_str().unwrap();
    assert_eq!(repo.query(&["apply", id]).0, 0);
    let text = std::fs::read_to_string(repo.path("main.go")).unwrap();
    assert!(
        text.contains("\tif err != nil {\n\t\treturn fmt.Errorf(\"run: %w\", err)\n\t}\n"),
        "{text}"
    );
}

#[test]
fn apply_keeps_line_endings_and_permissions_and_updates_the_index() {
    use std::os::unix::fs::PermissionsExt;
    let repo = Repo::copy_of(FX);
    std::fs::write(
        repo.path("crlf.rb"),
        "def run(path)\r\n  File.open(path)\r\nend\r\n",
    )
    .unwrap();
    std::fs::set_permissions(repo.path("crlf.rb"), std::fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(repo.index(&[]).code, 0);
    let answer = rewrite(&repo, "ruby", "File.open($P)", "File.open(\n  $P\n)");
    let id = answer["change_id"].as_str().unwrap();
    let (code, applied) = repo.query(&["apply", id]);
    assert_eq!(code, 0);
    let text = std::fs::read_to_string(repo.path("crlf.rb")).unwrap();
    assert_eq!(
        text,
        "def run(path)\r\n  File.open(\r\n    path\r\n  )\r\nend\r\n"
    );
    let mode = std::fs::metadata(repo.path("crlf.rb"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o755);
    let notes = applied["notes"].to_string();
    assert!(notes.contains("index updated"), "{notes}");
    let status = repo.ok(&["status"]);
    assert_eq!(
        status["results"]["freshness"]["state"], "fresh",
        "{status:#}"
    );
}

#[test]
fn apply_is_refused_after_a_hand_edit_and_writes_nothing() {
    let repo = Repo::copy_of(FX);
    let answer = rewrite(&repo, "c", "dispose($X)", "release($X)");
    let answer_py = rewrite(&repo, "python", "print($A)", "log($A)");
    let id = answer["change_id"].as_str().unwrap();
    let id_py = answer_py["change_id"].as_str().unwrap();
    assert_ne!(id, id_py);
    std::fs::write(repo.path("main.c"), "/* edited by hand */\n").unwrap();
    let before = snapshot(repo.root());
    let run = repo.run(&["apply", id]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("main.c"), "{}", run.stderr);
    assert_eq!(
        snapshot(repo.root()),
        before,
        "a refused apply wrote a file"
    );
    assert_eq!(
        staged_ids(&repo).len(),
        2,
        "the refused change stays staged"
    );
    let run = repo.run(&["discard", id]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(staged_ids(&repo), [id_py.to_owned()]);
}

#[test]
fn an_apply_killed_midway_is_rolled_back_by_the_next_run() {
    let repo = Repo::copy_of(FX);
    // Two files: a C and a C++ call rewritten together.
    std::fs::write(repo.path("two.c"), "void g(void *a) { dispose(a); }\n").unwrap();
    let answer = rewrite(&repo, "c", "dispose($X)", "release($X)");
    assert_eq!(answer["files"].as_array().unwrap().len(), 2, "{answer:#}");
    let id = answer["change_id"].as_str().unwrap();
    let originals = snapshot(repo.root());
    let killed = Command::new(bin())
        .args(["--root", &repo.root().to_string_lossy(), "apply", id])
        .env("PLUMB_EDIT_CRASH_AFTER", "1")
        .output()
        .unwrap();
    assert!(!killed.status.success(), "the crash hook did not fire");
    let main_c = std::fs::read_to_string(repo.path("main.c")).unwrap();
    let two_c = std::fs::read_to_string(repo.path("two.c")).unwrap();
    assert!(
        main_c.contains("release(a)") != two_c.contains("release(a)"),
        "the crash left one file written: main.c {main_c:?} two.c {two_c:?}"
    );
    // The next run recovers (rolls back), then applies the whole change.
    let (code, applied) = repo.query(&["apply", id]);
    assert_eq!(code, 0, "{applied:#}");
    assert!(
        applied["notes"].to_string().contains("recovered"),
        "{applied:#}"
    );
    assert!(
        std::fs::read_to_string(repo.path("main.c"))
            .unwrap()
            .contains("    release(a);\n")
    );
    assert!(
        std::fs::read_to_string(repo.path("two.c"))
            .unwrap()
            .contains("release(a)")
    );
    assert_ne!(snapshot(repo.root()), originals);
}
