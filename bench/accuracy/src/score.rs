//! Runs plumb on every question and scores the answers against the truth.

use crate::model::{Key, Question, QuestionSet};
use anyhow::{bail, Context, Result};
use serde::Serialize;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Edges at or above this confidence are "high confidence" (README: scope 0.95, import 0.9,
/// receiver 0.85, inheritance 0.8; name-only 0.4 or 0.2). From issue 3's bar.
const HIGH_CONFIDENCE: f64 = 0.8;

pub const KINDS: [&str; 7] =
    ["definition", "callers", "callees", "references", "implementations", "outline", "impact"];

#[derive(Serialize, Clone, Debug)]
pub struct Edge {
    pub key: Key,
    /// Where plumb's answer points (`file:LINE`), when the key is not itself a place (outline).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resolution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confidence: Option<f64>,
}

#[derive(Serialize, Clone, Debug)]
pub struct Outcome {
    pub project: String,
    pub lang: String,
    pub role: String,
    pub id: String,
    pub kind: String,
    pub query: String,
    pub symbol: String,
    pub tags: Vec<String>,
    pub exit_code: i32,
    /// plumb did not target the symbol the question is about (see Question::expect).
    pub locate_failed: bool,
    /// What plumb targeted instead, when locate_failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub targeted: Option<String>,
    pub tp: usize,
    pub fp: usize,
    pub fn_: usize,
    pub unjudged: usize,
    pub hc_tp: usize,
    pub hc_n: usize,
    /// The same answer without plumb's name-only guesses.
    pub resolved_tp: usize,
    pub resolved_fp: usize,
    pub missing: Vec<Key>,
    pub extra: Vec<Edge>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

#[derive(Serialize, Clone, Debug, Default)]
pub struct Tally {
    pub questions: usize,
    pub tp: usize,
    pub fp: usize,
    pub fn_: usize,
    pub unjudged: usize,
    pub hc_tp: usize,
    pub hc_n: usize,
    pub resolved_tp: usize,
    pub resolved_fp: usize,
    pub locate_failed: usize,
    /// F1 when plumb's name-only guesses are left out of its answers.
    pub resolved_f1: Option<f64>,
    pub precision: Option<f64>,
    pub recall: Option<f64>,
    pub f1: Option<f64>,
    pub hc_precision: Option<f64>,
}

impl Tally {
    fn add(&mut self, o: &Outcome) {
        self.questions += 1;
        self.tp += o.tp;
        self.fp += o.fp;
        self.fn_ += o.fn_;
        self.unjudged += o.unjudged;
        self.hc_tp += o.hc_tp;
        self.hc_n += o.hc_n;
        self.resolved_tp += o.resolved_tp;
        self.resolved_fp += o.resolved_fp;
        self.locate_failed += o.locate_failed as usize;
    }
    fn finish(&mut self) {
        let ratio = |a: usize, b: usize| if b == 0 { None } else { Some(a as f64 / b as f64) };
        self.precision = ratio(self.tp, self.tp + self.fp);
        self.recall = ratio(self.tp, self.tp + self.fn_);
        self.f1 = match (self.precision, self.recall) {
            (Some(p), Some(r)) if p + r > 0.0 => Some(2.0 * p * r / (p + r)),
            (Some(_), Some(_)) => Some(0.0),
            _ => None,
        };
        self.hc_precision = ratio(self.hc_tp, self.hc_n);
        let rp = ratio(self.resolved_tp, self.resolved_tp + self.resolved_fp);
        let rr = ratio(self.resolved_tp, self.tp + self.fn_);
        self.resolved_f1 = match (rp, rr) {
            (Some(p), Some(r)) if p + r > 0.0 => Some(2.0 * p * r / (p + r)),
            (Some(_), Some(_)) => Some(0.0),
            _ => None,
        };
    }
}

pub struct Options {
    pub plumb: PathBuf,
    pub repo_root: PathBuf,
    pub jobs: usize,
}

/// The key of a symbol in an answer: `path:<module>` for a file's top level (a module named by
/// its file), else `path:LINE` — a namespace or inline module is a definition at its line.
fn symbol_key(sym: &Value) -> Option<Key> {
    let file = sym.get("file")?.as_str()?;
    let qualname = sym.get("qualname").and_then(Value::as_str);
    if sym.get("kind").and_then(Value::as_str) == Some("module") && qualname.is_none_or(|q| q == file) {
        return Some(format!("{file}:<module>"));
    }
    let line = sym.get("line")?.as_u64()?;
    Some(format!("{file}:{line}"))
}

fn edge_of(v: &Value, sym: &Value) -> Option<Edge> {
    Some(Edge {
        at: None,
        key: symbol_key(sym)?,
        resolution: v.get("resolution").and_then(Value::as_str).map(str::to_string),
        confidence: v.get("confidence").and_then(Value::as_f64),
    })
}

/// Kinds of callee that the truth can contain: what the language calls. Rust's tuple structs,
/// variants and macros are not functions and are left out of both sides. C calls functions
/// and function pointers held in fields and variables; its macros are left out.
fn callee_kind_counts(lang: &str, kind: &str) -> bool {
    match lang {
        "rust" => matches!(kind, "function" | "method"),
        "c" => matches!(kind, "function" | "field" | "variable"),
        // C++: constructions call the class (`T(…)`, `new T`, `T x(…)`).
        "cpp" => matches!(kind, "function" | "method" | "class" | "struct" | "field" | "variable"),
        _ => matches!(kind, "function" | "method" | "class" | "variable" | "constant"),
    }
}

/// Symbols the truth never holds, left out of plumb's answers too: C and C++ macros
/// (c-index-test reports neither their definitions nor their expansions), and the `impl`
/// blocks `outline` lists as containers (no indexer records a block as a definition).
fn left_out(lang: &str, sym: &Value) -> bool {
    let kind = sym.get("kind").and_then(Value::as_str);
    kind == Some("impl") || (matches!(lang, "c" | "cpp") && kind == Some("macro"))
}

fn plumb_args(q: &Question) -> Vec<String> {
    let mut a: Vec<String> = match q.kind.as_str() {
        "definition" => vec!["symbol".into()],
        "references" => vec!["refs".into()],
        "implementations" => vec!["impls".into()],
        k => vec![k.to_string()],
    };
    a.push(q.query.clone());
    if q.kind == "impact" {
        a.extend(["--depth".to_string(), "2".to_string()]);
    }
    a
}

fn run_plumb(opts: &Options, root: &Path, q: &Question) -> Result<(i32, Value)> {
    let out = Command::new(&opts.plumb)
        .arg("--root")
        .arg(root)
        .arg("--json")
        .args(plumb_args(q))
        .output()
        .with_context(|| format!("running {}", opts.plumb.display()))?;
    let code = out.status.code().unwrap_or(-1);
    let json = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    if json.is_null() && code != 1 {
        bail!(
            "plumb {:?} exited {code} without JSON: {}",
            plumb_args(q),
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    Ok((code, json))
}

fn predictions(lang: &str, q: &Question, json: &Value) -> Vec<Edge> {
    let empty = vec![];
    let results = json.get("results").and_then(Value::as_array).unwrap_or(&empty);
    let targets = json.get("targets").and_then(Value::as_array).unwrap_or(&empty);
    let mut edges: Vec<Edge> = Vec::new();
    match q.kind.as_str() {
        "definition" => edges.extend(targets.iter().filter(|t| !left_out(lang, t)).filter_map(|t| edge_of(&Value::Null, t))),
        "callers" => edges.extend(results.iter().filter_map(|r| {
            let c = r.get("caller")?;
            (!left_out(lang, c)).then(|| edge_of(r, c))?
        })),
        "callees" => edges.extend(results.iter().filter_map(|r| {
            let c = r.get("callee")?;
            callee_kind_counts(lang, c.get("kind")?.as_str()?).then(|| edge_of(r, c))?
        })),
        "references" => edges.extend(results.iter().filter_map(|r| {
            Some(Edge {
                at: None,
                key: format!("{}:{}", r.get("file")?.as_str()?, r.get("line")?.as_u64()?),
                resolution: r.get("resolution").and_then(Value::as_str).map(str::to_string),
                confidence: r.get("confidence").and_then(Value::as_f64),
            })
        })),
        "implementations" => edges.extend(results.iter().filter_map(|r| {
            (r.get("direct")?.as_bool()?).then(|| edge_of(r, r.get("symbol")?))?
        })),
        "outline" => edges.extend(results.iter().filter(|r| !left_out(lang, r)).filter_map(|r| {
            Some(Edge {
                key: r.get("name")?.as_str()?.to_string(),
                at: Some(format!("{}:{}", r.get("file")?.as_str()?, r.get("line")?.as_u64()?)),
                resolution: None,
                confidence: None,
            })
        })),
        "impact" => edges.extend(results.iter().filter_map(|r| {
            let d = r.get("depth").and_then(Value::as_u64).unwrap_or(1);
            let s = r.get("symbol")?;
            (d <= 2 && !left_out(lang, s)).then(|| edge_of(r, s))?
        })),
        _ => {}
    }
    // One edge per key, keeping the most confident.
    let mut by_key: BTreeMap<Key, Edge> = BTreeMap::new();
    for e in edges {
        match by_key.get(&e.key) {
            Some(old) if old.confidence.unwrap_or(0.0) >= e.confidence.unwrap_or(0.0) => {}
            _ => {
                by_key.insert(e.key.clone(), e);
            }
        }
    }
    by_key.into_values().collect()
}

/// What scoring a question set needs beside its questions: the files the indexer read, the
/// lines of local definitions, and the unjudged lines (`file:LINE`).
pub struct Lookups<'a> {
    files: HashSet<&'a str>,
    locals: HashSet<&'a str>,
    silent: HashSet<String>,
}

impl<'a> Lookups<'a> {
    pub fn of(s: &'a QuestionSet) -> Lookups<'a> {
        let mut silent = HashSet::new();
        for (file, ranges) in &s.unjudged_lines {
            for r in ranges.split(',') {
                let (a, b) = r.split_once('-').unwrap_or((r, r));
                if let (Ok(a), Ok(b)) = (a.parse::<u32>(), b.parse::<u32>()) {
                    for l in a..=b {
                        silent.insert(format!("{file}:{l}"));
                    }
                }
            }
        }
        Lookups {
            files: s.files.iter().map(String::as_str).collect(),
            locals: s.local_def_keys.iter().map(String::as_str).collect(),
            silent,
        }
    }
}

/// An outcome with nothing counted yet.
fn blank(set: &QuestionSet, q: &Question, code: i32) -> Outcome {
    Outcome {
        project: set.project.clone(),
        lang: set.lang.clone(),
        role: set.role.clone(),
        id: q.id.clone(),
        kind: q.kind.clone(),
        query: q.query.clone(),
        symbol: q.symbol.clone(),
        tags: q.tags.clone(),
        exit_code: code,
        locate_failed: false,
        targeted: None,
        tp: 0,
        fp: 0,
        fn_: 0,
        unjudged: 0,
        hc_tp: 0,
        hc_n: 0,
        resolved_tp: 0,
        resolved_fp: 0,
        missing: vec![],
        extra: vec![],
        notes: vec![],
    }
}

/// The truth of `q`, overloads mapped to one symbol (see QuestionSet::aliases).
fn canonical_truth(set: &QuestionSet, q: &Question) -> BTreeSet<String> {
    q.truth
        .iter()
        .map(|k| if q.kind == "outline" { k.clone() } else { set.aliases.get(k).cloned().unwrap_or_else(|| k.clone()) })
        .collect()
}

/// A question whose target the answer missed: every truth key counts as missing.
pub fn locate_failure(set: &QuestionSet, q: &Question, code: i32, targeted: String) -> Outcome {
    let mut o = blank(set, q, code);
    let truth = canonical_truth(set, q);
    o.locate_failed = true;
    o.targeted = Some(targeted);
    o.fn_ = truth.len();
    o.missing = truth.into_iter().collect();
    o
}

fn judge(set: &QuestionSet, lookups: &Lookups, q: &Question, code: i32, json: &Value) -> Outcome {
    if let Some(e) = &q.expect {
        let targets = json.get("targets").and_then(Value::as_array).cloned().unwrap_or_default();
        let hit = targets.iter().any(|t| {
            t.get("file").and_then(Value::as_str) == Some(e.file.as_str())
                && t.get("line").and_then(Value::as_u64) == Some(e.line as u64)
                && t.get("name").and_then(Value::as_str) == Some(e.name.as_str())
        });
        if !hit {
            let targeted = targets
                .iter()
                .map(|t| {
                    format!(
                        "{} {} {}:{}",
                        t.get("kind").and_then(Value::as_str).unwrap_or("?"),
                        t.get("qualname").and_then(Value::as_str).unwrap_or("?"),
                        t.get("file").and_then(Value::as_str).unwrap_or("?"),
                        t.get("line").and_then(Value::as_u64).unwrap_or(0)
                    )
                })
                .collect::<Vec<_>>()
                .join("; ");
            return locate_failure(set, q, code, targeted);
        }
    }
    let mut o = judge_edges(set, lookups, q, code, predictions(&set.lang, q, json));
    if let Some(n) = json.get("notes").and_then(Value::as_array) {
        o.notes = n.iter().filter_map(|x| x.as_str().map(str::to_string)).collect();
    }
    o
}

/// Scores an answer's edges against the question's truth.
pub fn judge_edges(set: &QuestionSet, lookups: &Lookups, q: &Question, code: i32, mut preds: Vec<Edge>) -> Outcome {
    let mut o = blank(set, q, code);
    let truth_owned = canonical_truth(set, q);
    let truth: BTreeSet<&str> = truth_owned.iter().map(String::as_str).collect();
    if q.kind != "outline" {
        // Overloads are one symbol (see QuestionSet::aliases); keep one edge per symbol.
        let mut by_key: BTreeMap<Key, Edge> = BTreeMap::new();
        for mut p in preds {
            if let Some(c) = set.aliases.get(&p.key) {
                p.key = c.clone();
            }
            match by_key.get(&p.key) {
                Some(old) if old.confidence.unwrap_or(0.0) >= p.confidence.unwrap_or(0.0) => {}
                _ => {
                    by_key.insert(p.key.clone(), p);
                }
            }
        }
        preds = by_key.into_values().collect();
    }
    let mut found: BTreeSet<&str> = BTreeSet::new();
    for p in &preds {
        let judged;
        let guess = p.resolution.as_deref() == Some("name_only");
        if let Some(t) = truth.get(p.key.as_str()) {
            o.tp += 1;
            o.resolved_tp += !guess as usize;
            found.insert(t);
            judged = true;
        } else {
            let file = p.key.rsplit_once(':').map(|(f, _)| f).unwrap_or("");
            let unknown_file = q.kind != "outline" && !lookups.files.contains(file);
            let at = p.at.as_deref().unwrap_or(p.key.as_str());
            if unknown_file || lookups.locals.contains(p.key.as_str()) || lookups.silent.contains(at) {
                o.unjudged += 1;
                judged = false;
            } else {
                o.fp += 1;
                o.resolved_fp += !guess as usize;
                o.extra.push(p.clone());
                judged = true;
            }
        }
        if judged && p.confidence.is_some_and(|c| c >= HIGH_CONFIDENCE) {
            o.hc_n += 1;
            if truth.contains(p.key.as_str()) {
                o.hc_tp += 1;
            }
        }
    }
    for t in &truth {
        if !found.contains(t) {
            o.fn_ += 1;
            o.missing.push(t.to_string());
        }
    }
    o
}

pub fn score_sets(opts: &Options, sets: &[QuestionSet]) -> Result<Vec<Outcome>> {
    let mut work: Vec<(usize, usize)> = Vec::new();
    for (si, s) in sets.iter().enumerate() {
        for qi in 0..s.questions.len() {
            work.push((si, qi));
        }
    }
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, Outcome)>> = Mutex::new(Vec::new());
    let error: Mutex<Option<anyhow::Error>> = Mutex::new(None);
    let lookups: Vec<Lookups> = sets.iter().map(Lookups::of).collect();
    std::thread::scope(|scope| {
        for _ in 0..opts.jobs.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= work.len() || error.lock().unwrap().is_some() {
                    break;
                }
                let (si, qi) = work[i];
                let set = &sets[si];
                let q = &set.questions[qi];
                let root = opts.repo_root.join(&set.corpus);
                match run_plumb(opts, &root, q) {
                    Ok((code, json)) => {
                        let o = judge(set, &lookups[si], q, code, &json);
                        results.lock().unwrap().push((i, o));
                    }
                    Err(e) => {
                        *error.lock().unwrap() = Some(e);
                        break;
                    }
                }
            });
        }
    });
    if let Some(e) = error.into_inner().unwrap() {
        return Err(e);
    }
    let mut r = results.into_inner().unwrap();
    r.sort_by_key(|(i, _)| *i);
    Ok(r.into_iter().map(|(_, o)| o).collect())
}

/// Tallies keyed by (group, kind), group being `role/lang` or a project name.
pub fn tally<F: Fn(&Outcome) -> String>(outcomes: &[Outcome], group: F) -> BTreeMap<(String, String), Tally> {
    let mut t: BTreeMap<(String, String), Tally> = BTreeMap::new();
    for o in outcomes {
        t.entry((group(o), o.kind.clone())).or_default().add(o);
    }
    for v in t.values_mut() {
        v.finish();
    }
    t
}

fn pct(x: Option<f64>) -> String {
    x.map(|v| format!("{:.2}", v)).unwrap_or_else(|| "–".into())
}

fn kind_order(k: &str) -> usize {
    KINDS.iter().position(|x| *x == k).unwrap_or(99)
}

pub fn markdown_table(t: &BTreeMap<(String, String), Tally>, first_col: &str) -> String {
    let mut rows: Vec<(&(String, String), &Tally)> = t.iter().collect();
    rows.sort_by(|a, b| (a.0 .0.as_str(), kind_order(&a.0 .1)).cmp(&(b.0 .0.as_str(), kind_order(&b.0 .1))));
    let mut s = format!(
        "| {first_col} | kind | P | R | F1 | questions | hc-P (edges) | F1 w/o guesses | locate fails |\n|---|---|---|---|---|---|---|---|---|\n"
    );
    for ((g, k), v) in rows {
        let hc = if v.hc_n == 0 { "–".to_string() } else { format!("{} ({})", pct(v.hc_precision), v.hc_n) };
        s += &format!(
            "| {g} | {k} | {} | {} | {} | {} | {hc} | {} | {} |\n",
            pct(v.precision),
            pct(v.recall),
            pct(v.f1),
            v.questions,
            pct(v.resolved_f1),
            v.locate_failed
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::symbol_key;
    use serde_json::json;

    #[test]
    fn a_namespace_is_keyed_by_its_line_and_a_file_by_its_top_level() {
        let top = json!({"name": "index.ts", "qualname": "src/index.ts", "kind": "module", "file": "src/index.ts", "line": 1});
        assert_eq!(symbol_key(&top).as_deref(), Some("src/index.ts:<module>"));
        let namespace = json!({"name": "Anthropic", "qualname": "src/index.Anthropic", "kind": "module", "file": "src/index.ts", "line": 317});
        assert_eq!(symbol_key(&namespace).as_deref(), Some("src/index.ts:317"));
    }
}
