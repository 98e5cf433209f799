//! `plumb search` by meaning: the hybrid ranking (name, lexical, semantic
//! fused), its modes and filters, their errors, and search entries kept up
//! to date by an incremental index. Uses the `search` fixture: small
//! functions with no doc comments, found by what their code says.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test helpers: a failure here is a failed test"
)]

mod common;

use common::*;
use serde_json::Value;

const FX: &str = "search";

fn results(json: &Value) -> &Vec<Value> {
    json["results"].as_array().expect("results are an array")
}

fn qualnames_in_order(json: &Value) -> Vec<&str> {
    results(json)
        .iter()
        .map(|r| r["qualname"].as_str().unwrap())
        .collect()
}

fn rankers(result: &Value) -> Vec<&str> {
    result["rankers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect()
}

#[test]
fn a_question_in_words_finds_code_that_never_names_it() {
    let repo = Repo::indexed(FX);
    for (question, expected) in [
        (
            "where do we retry failed requests",
            "client.send_with_backoff",
        ),
        ("what registers teardown callbacks", "hooks.on_shutdown"),
        ("normalise the url path segments", "urls.clean_path"),
    ] {
        let json = repo.ok(&["search", question]);
        let top: Vec<&str> = qualnames_in_order(&json).into_iter().take(3).collect();
        assert!(top.contains(&expected), "{question}: {top:?}");
        for result in results(&json) {
            check_symbol(result, question);
            assert!(result["score"].as_f64().unwrap() > 0.0, "{result}");
            assert!(!rankers(result).is_empty(), "{result}");
        }
    }
}

#[test]
fn an_exact_name_still_comes_first() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["search", "clean_path"]);
    let first = &results(&json)[0];
    assert_eq!(first["qualname"], "urls.clean_path");
    assert!(rankers(first).contains(&"name"), "{first}");
}

#[test]
fn each_mode_uses_its_one_ranker() {
    let repo = Repo::indexed(FX);
    for mode in ["name", "lexical", "semantic"] {
        let json = repo.ok(&["search", "parse headers", "--mode", mode, "--limit", "3"]);
        assert!(results(&json).len() <= 3, "{mode}: {json}");
        assert_eq!(
            qualnames_in_order(&json).first(),
            Some(&"client.parse_headers"),
            "{mode}: {json}"
        );
        for result in results(&json) {
            assert_eq!(rankers(result), [mode], "{mode}: {result}");
        }
    }
}

#[test]
fn kind_and_language_narrow_the_results() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&[
        "search",
        "colour from hex",
        "--lang",
        "rust",
        "--kind",
        "method",
    ]);
    let names = qualnames_in_order(&json);
    assert_eq!(
        names.first(),
        Some(&"crate::Palette::from_hex"),
        "{names:?}"
    );
    for result in results(&json) {
        assert_eq!(result["kind"], "method", "{result}");
        assert!(
            result["file"].as_str().unwrap().ends_with(".rs"),
            "{result}"
        );
    }
}

#[test]
fn bad_filters_and_modes_are_usage_errors() {
    let repo = Repo::indexed(FX);
    for args in [
        &["search", "x", "--kind", "gadget"][..],
        &["search", "x", "--lang", "cobol"],
        &["search", "x", "--mode", "psychic"],
        &["search", "x", "--limit", "0"],
    ] {
        let run = repo.run(args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(!run.stderr.is_empty(), "{args:?}");
    }
    let run = repo.run(&["search", "x", "--lang", "cobol"]);
    assert!(
        run.stderr.contains("indexed: python, rust"),
        "{}",
        run.stderr
    );
}

#[test]
fn an_edited_body_is_searched_after_an_incremental_index() {
    let repo = Repo::indexed(FX);
    let lexical = |repo: &Repo| {
        let (_, json) = repo.query(&["search", "zeppelin", "--mode", "lexical"]);
        qualnames_in_order(&json)
            .into_iter()
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    assert!(lexical(&repo).is_empty());
    assert_eq!(
        repo.run(&["search", "zeppelin", "--mode", "lexical"]).code,
        1
    );
    let path = repo.path("net/urls.py");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(
        &path,
        text.replace("segments = []", "segments = []  # zeppelin"),
    )
    .unwrap();
    assert_eq!(repo.index(&[]).code, 0);
    assert_eq!(lexical(&repo), ["urls.clean_path"]);
}

#[test]
fn status_names_the_offline_model() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["status"]);
    let model = &json["results"]["search_model"];
    let name = model["name"].as_str().unwrap();
    assert!(name.starts_with("plumb-static-"), "{model}");
    assert_eq!(model["indexed_with"], name, "{model}");
    assert!(model["dimensions"].as_u64().unwrap() > 0, "{model}");
}
