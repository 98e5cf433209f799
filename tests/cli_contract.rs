//! The CLI contract, independent of any one language: exit codes, the
//! single-JSON-object envelope, `--root` handling, and index lifecycle.
//! Uses the python fixture as a small indexed repository.

mod common;

use common::*;

const FX: &str = "python";

/// One invocation of every query command that has a result on the fixture.
const QUERIES: &[&[&str]] = &[
    &["symbol", "total"],
    &["outline", "shop/models.py"],
    &["refs", "shop.models.Cart"],
    &["callers", "shop.models.Cart.total"],
    &["callees", "shop.models.Cart.total"],
    &["impls", "shop.models.Cart"],
    &["impls", "shop.models.Cart", "--transitive"],
    &["impact", "shop.pricing.total", "--depth", "2"],
    &["search", "Cart"],
    &["status"],
];

// --- exit codes ---------------------------------------------------------------

#[test]
fn unknown_name_exits_1_with_empty_targets() {
    let repo = Repo::indexed(FX);
    const MISSING: &str = "no_such_symbol_anywhere";
    for args in [
        &["symbol", MISSING][..],
        &["refs", MISSING][..],
        &["callers", MISSING][..],
        &["callees", MISSING][..],
        &["impls", MISSING][..],
        &["impact", MISSING, "--depth", "1"][..],
    ] {
        let (code, json) = repo.query(args);
        assert_eq!(code, 1, "`plumb {}` should exit 1", args.join(" "));
        assert_eq!(json["targets"], serde_json::json!([]), "{args:?}: {json:#}");
        assert!(json.get("completeness").is_some(), "{args:?}: {json:#}");
    }
}

#[test]
fn unknown_name_without_json_exits_1() {
    let repo = Repo::indexed(FX);
    let run = repo.run(&["symbol", "no_such_symbol_anywhere"]);
    assert_eq!(run.code, 1, "stderr: {}", run.stderr);
}

#[test]
fn unknown_flag_exits_2_with_message_on_stderr() {
    let repo = Repo::indexed(FX);
    let run = repo.run(&["symbol", "total", "--no-such-flag"]);
    assert_eq!(
        run.code, 2,
        "stdout: {}\nstderr: {}",
        run.stdout, run.stderr
    );
    assert!(
        !run.stderr.trim().is_empty(),
        "usage errors are explained on stderr"
    );
}

#[test]
fn unknown_subcommand_exits_2() {
    let repo = Repo::indexed(FX);
    let run = repo.run(&["frobnicate"]);
    assert_eq!(run.code, 2, "stderr: {}", run.stderr);
}

#[test]
fn missing_name_argument_exits_2() {
    let repo = Repo::indexed(FX);
    let run = repo.run(&["callers"]);
    assert_eq!(run.code, 2, "stderr: {}", run.stderr);
}

#[test]
fn non_numeric_depth_exits_2() {
    let repo = Repo::indexed(FX);
    let run = repo.run(&["impact", "shop.pricing.total", "--depth", "deep"]);
    assert_eq!(run.code, 2, "stderr: {}", run.stderr);
}

#[test]
fn query_without_index_exits_2_and_mentions_plumb_index() {
    let repo = Repo::copy_of(FX); // copied, never indexed
    for args in [
        &["symbol", "total"][..],
        &["status"][..],
        &["callers", "total"][..],
    ] {
        let run = repo.run(args);
        assert_eq!(
            run.code,
            2,
            "`plumb {}` without an index; stderr: {}",
            args.join(" "),
            run.stderr
        );
        assert!(
            run.stderr.contains("plumb index"),
            "stderr should tell the user to run `plumb index`: {}",
            run.stderr
        );
    }
}

#[test]
fn query_with_json_without_index_still_exits_2() {
    let repo = Repo::empty();
    let run = repo.run(&["symbol", "total", "--json"]);
    assert_eq!(run.code, 2, "stderr: {}", run.stderr);
    assert!(run.stderr.contains("plumb index"), "stderr: {}", run.stderr);
}

#[test]
fn root_that_does_not_exist_exits_2() {
    let repo = Repo::empty();
    let missing = repo.path("nope");
    let run = plumb_in(
        repo.root(),
        &[
            "--root".into(),
            missing.to_string_lossy().into_owned(),
            "symbol".into(),
            "x".into(),
        ],
    );
    assert_eq!(run.code, 2, "stderr: {}", run.stderr);
}

#[test]
fn index_of_missing_directory_exits_2() {
    let repo = Repo::empty();
    let missing = repo.path("nope");
    let run = plumb_in(
        repo.root(),
        &["index".into(), missing.to_string_lossy().into_owned()],
    );
    assert_eq!(run.code, 2, "stderr: {}", run.stderr);
}

// --- the JSON envelope ------------------------------------------------------------

#[test]
fn every_query_prints_exactly_one_json_object_with_completeness() {
    let repo = Repo::indexed(FX);
    for q in QUERIES {
        // `ok` asserts exit 0, exactly one JSON object, and the envelope fields.
        let json = repo.ok(q);
        let c = json["completeness"].as_str().unwrap();
        assert!(
            c == "exact" || c == "lower_bound",
            "{q:?}: completeness {c}"
        );
    }
}

#[test]
fn json_envelope_echoes_the_query() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", "shop.models.Cart.total"]);
    assert!(
        json["query"].is_object(),
        "query should be an object: {}",
        json["query"]
    );
    assert!(
        json["query"].to_string().contains("shop.models.Cart.total"),
        "query should carry the name asked for: {}",
        json["query"]
    );
}

#[test]
fn results_carry_valid_resolutions_and_confidences() {
    let repo = Repo::indexed(FX);
    for q in [
        &["refs", "shop.models.Cart"][..],
        &["callers", "shop.models.Cart.total"][..],
        &["callees", "shop.models.Cart.total"][..],
    ] {
        let json = repo.ok(q);
        let results = json["results"].as_array().expect("results array");
        assert!(!results.is_empty(), "{q:?} has results on this fixture");
        for r in results {
            assert!(
                r.get("resolution").is_some(),
                "{q:?}: result without resolution: {r}"
            );
            check_confidence(r, &format!("{q:?}"));
        }
    }
}

#[test]
fn search_results_are_symbols() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["search", "Cart"]);
    let results = json["results"]
        .as_array()
        .expect("search results are an array");
    for s in results {
        check_symbol(s, "search Cart");
    }
    let names = qualnames(&json["results"]);
    assert!(names.contains("shop.models.Cart"), "search Cart: {names:?}");
}

#[test]
fn search_matches_parts_of_split_names() {
    // `_line_prices` is found by one of its words.
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["search", "prices"]);
    let names = qualnames(&json["results"]);
    assert!(
        names.contains("shop.models.Cart._line_prices"),
        "search prices: {names:?}"
    );
}

#[test]
fn outline_results_nest_children() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["outline", "shop/models.py"]);
    for s in json["results"].as_array().unwrap() {
        check_symbol(s, "outline");
        assert!(
            s["children"].is_array(),
            "outline nodes carry children: {s}"
        );
        for c in s["children"].as_array().unwrap() {
            check_symbol(c, "outline child");
        }
    }
}

#[test]
fn status_reports_counts_for_every_file_status() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["status"]);
    let files = &json["results"]["files"];
    for key in [
        "indexed",
        "skipped_size",
        "skipped_binary",
        "skipped_encoding",
        "skipped_link",
        "unreadable",
        "quarantined",
        "timed_out",
    ] {
        assert!(
            files[key].is_u64(),
            "status files.{key} should be a count: {files}"
        );
    }
    assert!(
        json["results"]["skipped"].is_array(),
        "{:#}",
        json["results"]
    );
}

// --- --root and the index lifecycle ---------------------------------------------

#[test]
fn queries_default_to_the_current_directory() {
    let repo = Repo::indexed(FX);
    let run = plumb_in(
        repo.root(),
        &["symbol".into(), "Cart".into(), "--json".into()],
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let json = run.json();
    assert_set_eq(
        "symbol Cart from the root",
        &qualnames(&json["targets"]),
        &["shop.models.Cart"],
    );
}

#[test]
fn index_writes_database_under_dot_plumb() {
    let repo = Repo::indexed(FX);
    assert!(
        repo.path(".plumb/index.db").is_file(),
        "index should be at .plumb/index.db"
    );
}

#[test]
fn reindexing_is_idempotent() {
    let repo = Repo::indexed(FX);
    let before = repo.ok(&["status"]);
    let run = repo.index(&[]);
    assert_eq!(run.code, 0, "second index: {}", run.stderr);
    let after = repo.ok(&["status"]);
    assert_eq!(before["results"]["files"], after["results"]["files"]);
    let json = repo.ok(&["symbol", "total"]);
    assert_eq!(
        json["targets"].as_array().unwrap().len(),
        4,
        "no duplicate symbols after re-index"
    );
}

#[test]
fn reindex_picks_up_an_edited_file() {
    let repo = Repo::indexed(FX);
    std::fs::write(
        repo.path("shop/pricing.py"),
        "def total(prices):\n    return sum(prices)\n\n\ndef rebate(amount):\n    return amount\n",
    )
    .unwrap();
    let run = repo.index(&[]);
    assert_eq!(run.code, 0, "re-index: {}", run.stderr);
    let json = repo.ok(&["symbol", "rebate"]);
    assert_def(
        single_target(&json),
        "shop.pricing.rebate",
        "function",
        "shop/pricing.py",
        5,
    );
    let (code, _) = repo.query(&["symbol", "apply_tax"]);
    assert_eq!(code, 1, "apply_tax was removed from the file");
}

#[test]
fn index_does_not_touch_files_outside_dot_plumb() {
    let repo = Repo::indexed(FX);
    let mut names: Vec<String> = std::fs::read_dir(repo.root())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, vec![".plumb", "app.py", "shop"]);
}
