//! Shared helpers for the end-to-end tests that drive the real `plumb`
//! binary against the hand-written fixture repositories in
//! `tests/fixtures/<lang>/`.
//!
//! Every test works on a fresh copy of its fixture inside a
//! [`tempfile::TempDir`]: nothing is ever indexed inside the repository's
//! own `tests/fixtures`. Queries pass `--root` and run from a directory
//! that holds no index, so they also check that `--root` is honoured.

#![allow(dead_code, missing_docs)]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "test helpers: a failure here is a failed test"
)]

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;
use tempfile::TempDir;

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_plumb");

/// Resolutions a result may carry.
pub const RESOLUTIONS: &[&str] = &["scope", "import", "receiver", "inheritance", "name_only"];
/// Occurrence kinds a `refs` result may carry.
pub const REF_KINDS: &[&str] = &[
    "call",
    "import",
    "inherit",
    "implement",
    "type",
    "instantiate",
    "read",
    "write",
];
/// Symbol kinds.
pub const SYMBOL_KINDS: &[&str] = &[
    "function",
    "method",
    "class",
    "struct",
    "enum",
    "variant",
    "trait",
    "interface",
    "type_alias",
    "constant",
    "variable",
    "field",
    "module",
    "macro",
];

/// `tests/fixtures/<name>` in the source tree.
pub fn fixture_src(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("fixtures")
        .join(name)
}

/// Recursively copy `src` into `dst` (regular files and directories only).
pub fn copy_dir(src: &Path, dst: &Path) {
    std::fs::create_dir_all(dst).unwrap();
    for entry in std::fs::read_dir(src).unwrap_or_else(|e| panic!("read {}: {e}", src.display())) {
        let entry = entry.unwrap();
        let ty = entry.file_type().unwrap();
        let to = dst.join(entry.file_name());
        if ty.is_dir() {
            if entry.file_name() == ".plumb" {
                continue; // never carry a stale index along
            }
            copy_dir(&entry.path(), &to);
        } else if ty.is_file() {
            std::fs::copy(entry.path(), &to).unwrap();
        }
    }
}

/// Output of one `plumb` run, with stdout/stderr decoded.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    pub fn from(args: &[String], out: Output) -> Run {
        let code = out
            .status
            .code()
            .unwrap_or_else(|| panic!("plumb {args:?} was killed by a signal: {:?}", out.status));
        Run {
            code,
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    /// Parse stdout as exactly one JSON object (whitespace around it is
    /// allowed, anything else is not).
    pub fn json(&self) -> Value {
        parse_single_object(&self.stdout).unwrap_or_else(|e| {
            panic!(
                "{e}\n--- stdout ---\n{}\n--- stderr ---\n{}",
                self.stdout, self.stderr
            )
        })
    }
}

/// Exactly one JSON object in `text`, or a description of what is wrong.
pub fn parse_single_object(text: &str) -> Result<Value, String> {
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<Value>();
    let first = match stream.next() {
        None => return Err("stdout holds no JSON value".into()),
        Some(Err(e)) => return Err(format!("stdout is not JSON: {e}")),
        Some(Ok(v)) => v,
    };
    match stream.next() {
        None => {}
        Some(Ok(_)) => return Err("stdout holds more than one JSON value".into()),
        Some(Err(e)) => return Err(format!("trailing garbage after the JSON object: {e}")),
    }
    if !first.is_object() {
        return Err(format!("stdout's JSON value is not an object: {first}"));
    }
    Ok(first)
}

/// A fixture copied into a temp dir (and usually indexed).
pub struct Repo {
    dir: TempDir,
}

impl Repo {
    /// Copy `tests/fixtures/<name>` into a fresh temp dir and index it;
    /// panics unless `plumb index` exits 0.
    pub fn indexed(name: &str) -> Repo {
        let repo = Repo::copy_of(name);
        let run = repo.index(&[]);
        assert_eq!(
            run.code, 0,
            "plumb index of fixture {name} failed\n--- stdout ---\n{}\n--- stderr ---\n{}",
            run.stdout, run.stderr
        );
        repo
    }

    /// Copy a fixture without indexing it.
    pub fn copy_of(name: &str) -> Repo {
        let repo = Repo::empty();
        copy_dir(&fixture_src(name), repo.root());
        repo
    }

    /// An empty temp dir.
    pub fn empty() -> Repo {
        Repo {
            dir: tempfile::Builder::new()
                .prefix("plumb-e2e-")
                .tempdir()
                .unwrap(),
        }
    }

    pub fn root(&self) -> &Path {
        self.dir.path()
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.root().join(rel)
    }

    /// `plumb index <root> <extra...>`
    pub fn index(&self, extra: &[&str]) -> Run {
        let mut args: Vec<String> = vec!["index".into()];
        args.extend(extra.iter().map(|s| s.to_string()));
        args.push(self.root().to_string_lossy().into_owned());
        plumb_in(&std::env::temp_dir(), &args)
    }

    /// `plumb --root <root> <args...>` run from a directory without an index.
    pub fn run(&self, args: &[&str]) -> Run {
        let mut all: Vec<String> =
            vec!["--root".into(), self.root().to_string_lossy().into_owned()];
        all.extend(args.iter().map(|s| s.to_string()));
        plumb_in(&std::env::temp_dir(), &all)
    }

    /// `plumb --root <root> <args...> --json`: exit code and the single JSON
    /// object on stdout.
    pub fn query(&self, args: &[&str]) -> (i32, Value) {
        let mut all: Vec<&str> = args.to_vec();
        all.push("--json");
        let run = self.run(&all);
        let json = run.json();
        (run.code, json)
    }

    /// Like [`Repo::query`] but the query must exit 0; the envelope is
    /// checked against the contract before it is returned.
    pub fn ok(&self, args: &[&str]) -> Value {
        let mut all: Vec<&str> = args.to_vec();
        all.push("--json");
        let run = self.run(&all);
        assert_eq!(
            run.code,
            0,
            "`plumb {}` should exit 0\n--- stdout ---\n{}\n--- stderr ---\n{}",
            all.join(" "),
            run.stdout,
            run.stderr
        );
        let json = run.json();
        check_envelope(&json, &all.join(" "));
        json
    }
}

/// The binary to run: `PLUMB_TEST_BIN` if set (e.g. to try another
/// build), else the one Cargo built for these tests.
pub fn bin() -> String {
    std::env::var("PLUMB_TEST_BIN").unwrap_or_else(|_| BIN.to_string())
}

/// Run the binary with `args` from `cwd`.
pub fn plumb_in(cwd: &Path, args: &[String]) -> Run {
    let bin = bin();
    let out = Command::new(&bin)
        .args(args)
        .current_dir(cwd)
        .env_remove("RUST_LOG")
        .output()
        .unwrap_or_else(|e| panic!("could not start {bin}: {e}"));
    Run::from(args, out)
}

// ---------------------------------------------------------------------------
// Contract checks shared by every query

/// The envelope every `--json` answer has, plus per-result sanity:
/// resolution/confidence consistency and well-formed symbols.
pub fn check_envelope(json: &Value, ctx: &str) {
    for key in ["query", "targets", "results", "completeness", "notes"] {
        assert!(
            json.get(key).is_some(),
            "{ctx}: JSON lacks `{key}`: {json:#}"
        );
    }
    assert!(json["targets"].is_array(), "{ctx}: targets is not an array");
    assert!(json["notes"].is_array(), "{ctx}: notes is not an array");
    let completeness = json["completeness"].as_str().unwrap_or("");
    assert!(
        completeness == "exact" || completeness == "lower_bound",
        "{ctx}: completeness is {:?}",
        json["completeness"]
    );
    for t in json["targets"].as_array().unwrap() {
        check_symbol(t, ctx);
    }
    if let Some(results) = json["results"].as_array() {
        for r in results {
            check_confidence(r, ctx);
        }
    }
}

/// A Symbol object has every field, root-relative `/` paths and sane lines.
pub fn check_symbol(s: &Value, ctx: &str) {
    for key in [
        "name",
        "qualname",
        "kind",
        "file",
        "line",
        "end_line",
        "signature",
    ] {
        assert!(s.get(key).is_some(), "{ctx}: symbol lacks `{key}`: {s}");
    }
    let kind = s["kind"].as_str().unwrap_or("");
    assert!(
        SYMBOL_KINDS.contains(&kind),
        "{ctx}: unknown symbol kind {kind:?} in {s}"
    );
    let file = s["file"]
        .as_str()
        .unwrap_or_else(|| panic!("{ctx}: file not a string: {s}"));
    assert!(
        !file.starts_with('/') && !file.contains('\\') && !file.starts_with("./"),
        "{ctx}: file must be root-relative and /-separated: {file:?}"
    );
    let line = s["line"].as_u64().unwrap_or(0);
    let end = s["end_line"].as_u64().unwrap_or(0);
    assert!(
        line >= 1 && end >= line,
        "{ctx}: bad line span {line}..{end} in {s}"
    );
}

/// Results with a resolution: confidence in 0..=1, name-only guesses below
/// 0.5, scope/import/receiver at 0.8 or more.
pub fn check_confidence(r: &Value, ctx: &str) {
    let Some(res) = r.get("resolution") else {
        return;
    };
    let res = res
        .as_str()
        .unwrap_or_else(|| panic!("{ctx}: resolution not a string: {r}"));
    assert!(
        RESOLUTIONS.contains(&res),
        "{ctx}: unknown resolution {res:?} in {r}"
    );
    let c = r["confidence"]
        .as_f64()
        .unwrap_or_else(|| panic!("{ctx}: confidence not a number: {r}"));
    assert!(
        (0.0..=1.0).contains(&c),
        "{ctx}: confidence {c} out of range in {r}"
    );
    match res {
        "name_only" => assert!(c < 0.5, "{ctx}: name-only guess with confidence {c}: {r}"),
        "scope" | "import" | "receiver" => {
            assert!(
                c >= 0.8,
                "{ctx}: {res} resolution with confidence {c} < 0.8: {r}"
            )
        }
        _ => {}
    }
}

// ---------------------------------------------------------------------------
// Extractors

pub fn set<I: IntoIterator<Item = S>, S: Into<String>>(items: I) -> BTreeSet<String> {
    items.into_iter().map(Into::into).collect()
}

/// qualnames of an array of Symbols.
pub fn qualnames(symbols: &Value) -> BTreeSet<String> {
    symbols
        .as_array()
        .unwrap_or_else(|| panic!("not an array: {symbols}"))
        .iter()
        .map(|s| {
            s["qualname"]
                .as_str()
                .unwrap_or_else(|| panic!("no qualname: {s}"))
                .to_string()
        })
        .collect()
}

/// The qualname of the one target, panicking unless there is exactly one.
pub fn single_target(json: &Value) -> &Value {
    let t = json["targets"].as_array().unwrap();
    assert_eq!(
        t.len(),
        1,
        "expected exactly one target, got {}",
        qualnames(&json["targets"])
            .into_iter()
            .collect::<Vec<_>>()
            .join(", ")
    );
    &t[0]
}

fn results(json: &Value) -> &Vec<Value> {
    json["results"]
        .as_array()
        .unwrap_or_else(|| panic!("results is not an array: {json:#}"))
}

/// One edge of a callers/callees/refs answer, flattened for checking.
#[derive(Debug, Clone)]
pub struct Edge {
    /// The qualname (callers/callees) or `file:line` (refs) it is keyed by.
    pub key: String,
    pub resolution: String,
    pub confidence: f64,
    pub raw: Value,
}

fn edges_by(json: &Value, key: impl Fn(&Value) -> String) -> Vec<Edge> {
    results(json)
        .iter()
        .map(|r| Edge {
            key: key(r),
            resolution: r["resolution"].as_str().unwrap_or("").to_string(),
            confidence: r["confidence"].as_f64().unwrap_or(-1.0),
            raw: r.clone(),
        })
        .collect()
}

pub fn caller_edges(json: &Value) -> Vec<Edge> {
    edges_by(json, |r| {
        r["caller"]["qualname"].as_str().unwrap_or("?").to_string()
    })
}

pub fn callee_edges(json: &Value) -> Vec<Edge> {
    edges_by(json, |r| {
        r["callee"]["qualname"].as_str().unwrap_or("?").to_string()
    })
}

/// refs keyed by `file:line`.
pub fn ref_edges(json: &Value) -> Vec<Edge> {
    edges_by(json, |r| {
        format!("{}:{}", r["file"].as_str().unwrap_or("?"), r["line"])
    })
}

pub fn caller_qualnames(json: &Value) -> BTreeSet<String> {
    caller_edges(json).into_iter().map(|e| e.key).collect()
}

pub fn callee_qualnames(json: &Value) -> BTreeSet<String> {
    callee_edges(json).into_iter().map(|e| e.key).collect()
}

/// `qualname@file:line` of the `role` symbol (`caller`, `callee`,
/// `symbol`) of each result: answers told apart by where they are defined.
pub fn located(json: &Value, role: &str) -> BTreeSet<String> {
    results(json)
        .iter()
        .map(|r| {
            let s = &r[role];
            format!(
                "{}@{}:{}",
                s["qualname"].as_str().unwrap_or("?"),
                s["file"].as_str().unwrap_or("?"),
                s["line"]
            )
        })
        .collect()
}

/// impls results as qualname -> direct.
pub fn impls_map(json: &Value) -> BTreeMap<String, bool> {
    results(json)
        .iter()
        .map(|r| {
            (
                r["symbol"]["qualname"].as_str().unwrap_or("?").to_string(),
                r["direct"]
                    .as_bool()
                    .unwrap_or_else(|| panic!("impls result without bool `direct`: {r}")),
            )
        })
        .collect()
}

/// impact results as qualname -> (kind, depth, relation).
pub fn impact_map(json: &Value) -> BTreeMap<String, (String, u64, String)> {
    let mut out = BTreeMap::new();
    for r in results(json) {
        let q = r["symbol"]["qualname"].as_str().unwrap_or("?").to_string();
        let kind = r["symbol"]["kind"].as_str().unwrap_or("?").to_string();
        let depth = r["depth"]
            .as_u64()
            .unwrap_or_else(|| panic!("impact result without depth: {r}"));
        let rel = r["relation"].as_str().unwrap_or("?").to_string();
        assert!(
            ["caller", "referencer", "subtype"].contains(&rel.as_str()),
            "impact relation {rel:?} in {r}"
        );
        // Keep the smallest depth if a symbol is reported twice.
        let e = out.entry(q).or_insert((kind, depth, rel));
        if depth < e.1 {
            e.1 = depth;
        }
    }
    out
}

// ---------------------------------------------------------------------------
// Assertions with readable failure messages

/// Exact set equality, reporting what is missing and what is unexpected.
pub fn assert_set_eq(ctx: &str, actual: &BTreeSet<String>, expected: &[&str]) {
    let expected: BTreeSet<String> = set(expected.iter().copied());
    if *actual != expected {
        let missing: Vec<_> = expected.difference(actual).collect();
        let extra: Vec<_> = actual.difference(&expected).collect();
        panic!(
            "{ctx}\n  missing:    {missing:?}\n  unexpected: {extra:?}\n  actual:     {actual:?}"
        );
    }
}

/// `required` all present; `optional` may be present; every other edge must
/// be a name-only guess (confidence < 0.5). Required edges must not be
/// name-only guesses themselves: the fixture makes each of them resolvable.
pub fn assert_edges(ctx: &str, edges: &[Edge], required: &[&str], optional: &[&str]) {
    let mut report = String::new();
    let keys: BTreeSet<&str> = edges.iter().map(|e| e.key.as_str()).collect();
    for r in required {
        if !keys.contains(r) {
            let _ = writeln!(report, "  missing: {r}");
        }
    }
    for e in edges {
        let k = e.key.as_str();
        if required.contains(&k) {
            if e.resolution == "name_only" {
                let _ = writeln!(
                    report,
                    "  resolvable but reported as a name-only guess: {k} ({})",
                    e.raw
                );
            }
        } else if !optional.contains(&k) && (e.resolution != "name_only" || e.confidence >= 0.5) {
            let _ = writeln!(
                report,
                "  wrong result presented as resolved: {k} (resolution {}, confidence {})",
                e.resolution, e.confidence
            );
        }
    }
    if !report.is_empty() {
        let all: Vec<String> = edges
            .iter()
            .map(|e| format!("{} [{} {}]", e.key, e.resolution, e.confidence))
            .collect();
        panic!("{ctx}\n{report}  all results: {all:#?}");
    }
}

/// No edge at all for `key` (not even a low-confidence guess).
pub fn assert_absent(ctx: &str, edges: &[Edge], key: &str) {
    if let Some(e) = edges.iter().find(|e| e.key == key) {
        panic!("{ctx}: {key} must not be reported at all, got {}", e.raw);
    }
}

/// `key` is either absent or only a name-only guess below 0.5.
pub fn assert_not_confident(ctx: &str, edges: &[Edge], key: &str) {
    for e in edges.iter().filter(|e| e.key == key) {
        assert!(
            e.resolution == "name_only" && e.confidence < 0.5,
            "{ctx}: {key} may at most be a name-only guess, got {}",
            e.raw
        );
    }
}

/// The resolution reported for `key` is one of `allowed`.
pub fn assert_resolution(ctx: &str, edges: &[Edge], key: &str, allowed: &[&str]) {
    let found: Vec<&Edge> = edges.iter().filter(|e| e.key == key).collect();
    assert!(!found.is_empty(), "{ctx}: no result for {key}");
    for e in found {
        assert!(
            allowed.contains(&e.resolution.as_str()),
            "{ctx}: {key} resolved by {:?}, expected one of {allowed:?}",
            e.resolution
        );
    }
}

/// The ref at `file:line` exists and has occurrence kind `kind`.
pub fn assert_ref_kind(ctx: &str, edges: &[Edge], at: &str, kind: &str) {
    let found: Vec<&Edge> = edges.iter().filter(|e| e.key == at).collect();
    assert!(!found.is_empty(), "{ctx}: no ref at {at}");
    assert!(
        found.iter().any(|e| e.raw["kind"] == kind),
        "{ctx}: ref at {at} should have kind {kind:?}, got {:?}",
        found
            .iter()
            .map(|e| e.raw["kind"].clone())
            .collect::<Vec<_>>()
    );
}

/// Every ref is a well-formed occurrence of the expected target.
pub fn assert_refs_well_formed(ctx: &str, json: &Value, target_qualname: &str) {
    for r in results(json) {
        let kind = r["kind"].as_str().unwrap_or("");
        assert!(
            REF_KINDS.contains(&kind),
            "{ctx}: unknown ref kind {kind:?} in {r}"
        );
        assert!(r["col"].as_u64().is_some(), "{ctx}: ref without col: {r}");
        if !r["enclosing"].is_null() {
            let enclosing = &r["enclosing"];
            assert!(
                enclosing["qualname"].is_string() && enclosing["line"].as_u64() >= Some(1),
                "{ctx}: enclosing is not {{qualname, line}}: {r}"
            );
        }
        if r["resolution"] != "name_only" {
            // One target is named once, in `targets`; with several, each
            // row names its own.
            let target = match r.get("target") {
                Some(target) => target.clone(),
                None => single_target(json)["qualname"].clone(),
            };
            assert_eq!(
                target, target_qualname,
                "{ctx}: resolved ref points at another target: {r}"
            );
        }
    }
}

/// Impact: every `required` (qualname, depth) present at exactly that
/// (smallest) depth; every other function/method/class result listed in
/// `optional`; nothing deeper than `max_depth`. Module-level referencers
/// (kind `module`) are not constrained.
pub fn assert_impact(
    ctx: &str,
    json: &Value,
    max_depth: u64,
    required: &[(&str, u64)],
    optional: &[&str],
) {
    let got = impact_map(json);
    let mut report = String::new();
    for (q, (_, depth, _)) in &got {
        if *depth == 0 || *depth > max_depth {
            let _ = writeln!(report, "  {q} at depth {depth}, outside 1..={max_depth}");
        }
    }
    for (q, d) in required {
        match got.get(*q) {
            None => {
                let _ = writeln!(report, "  missing: {q} (depth {d})");
            }
            Some((_, depth, _)) if depth != d => {
                let _ = writeln!(report, "  {q} at depth {depth}, expected {d}");
            }
            _ => {}
        }
    }
    for (q, (kind, depth, rel)) in &got {
        if kind == "module"
            || required.iter().any(|(r, _)| r == q)
            || optional.contains(&q.as_str())
        {
            continue;
        }
        let _ = writeln!(report, "  unexpected: {q} ({kind}, depth {depth}, {rel})");
    }
    if !report.is_empty() {
        panic!("{ctx}\n{report}  all: {got:#?}");
    }
}

/// Symbol `s` is defined at `file:line` with `kind`.
pub fn assert_def(s: &Value, qualname: &str, kind: &str, file: &str, line: u64) {
    assert_eq!(s["qualname"], qualname, "qualname of {s}");
    assert_eq!(s["kind"], kind, "kind of {qualname}");
    assert_eq!(s["file"], file, "file of {qualname}");
    assert_eq!(s["line"], line, "line of {qualname}");
}

/// Any note mentions `word` (case-insensitive).
pub fn notes_mention(json: &Value, word: &str) -> bool {
    json["notes"]
        .as_array()
        .map(|ns| {
            ns.iter()
                .any(|n| n.to_string().to_lowercase().contains(&word.to_lowercase()))
        })
        .unwrap_or(false)
}

// ---------------------------------------------------------------------------
// Outline

/// Top-level (qualname, kind) pairs of an outline answer.
pub fn outline_top(json: &Value) -> BTreeSet<(String, String)> {
    results(json)
        .iter()
        .map(|s| {
            (
                s["qualname"].as_str().unwrap_or("?").into(),
                s["kind"].as_str().unwrap_or("?").into(),
            )
        })
        .collect()
}

/// Find a symbol anywhere in an outline tree by qualname.
pub fn outline_find<'a>(json: &'a Value, qualname: &str) -> Option<&'a Value> {
    fn walk<'a>(nodes: &'a Value, q: &str) -> Option<&'a Value> {
        for n in nodes.as_array()? {
            if n["qualname"] == q {
                return Some(n);
            }
            if let Some(found) = walk(&n["children"], q) {
                return Some(found);
            }
        }
        None
    }
    walk(&json["results"], qualname)
}

/// (qualname, kind) pairs of a node's children.
pub fn outline_children(json: &Value, qualname: &str) -> BTreeSet<(String, String)> {
    let node = outline_find(json, qualname)
        .unwrap_or_else(|| panic!("{qualname} not in outline: {json:#}"));
    node["children"]
        .as_array()
        .unwrap_or_else(|| panic!("{qualname} has no children array: {node}"))
        .iter()
        .map(|s| {
            (
                s["qualname"].as_str().unwrap_or("?").into(),
                s["kind"].as_str().unwrap_or("?").into(),
            )
        })
        .collect()
}

/// Build an expected (qualname, kind) set.
pub fn pairs(items: &[(&str, &str)]) -> BTreeSet<(String, String)> {
    items
        .iter()
        .map(|(q, k)| (q.to_string(), k.to_string()))
        .collect()
}

/// Exact equality of (qualname, kind) sets with a readable message.
pub fn assert_pairs_eq(ctx: &str, actual: &BTreeSet<(String, String)>, expected: &[(&str, &str)]) {
    let expected = pairs(expected);
    if *actual != expected {
        let missing: Vec<_> = expected.difference(actual).collect();
        let extra: Vec<_> = actual.difference(&expected).collect();
        panic!("{ctx}\n  missing:    {missing:?}\n  unexpected: {extra:?}");
    }
}
