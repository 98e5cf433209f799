//! The structured content of the listing tools, each fact said once: the
//! answer's JSON (the CLI's `--json` object plus freshness) with what a
//! reader can rebuild left out.
//!
//! - A value at its default is left out: `null`, `false`, `""`, `[]`,
//!   `{}`, `completeness: "exact"`, `confidence: 1`, `changed_files: 0`,
//!   and an `end_line` or `start_line` equal to its `line`.
//! - A `file` equal to the one before it is left out: in a list, an item
//!   without `file` is in the previous item's file (the first in its
//!   parent's, or in an outline in the queried file); a nested object
//!   (a caller's symbol, a site) without `file` is in its item's file.
//! - A `parent` that `qualname` starts with (then a separator and `name`)
//!   is left out.
//! - A `name` that ends its `qualname` is left out, and in an outline a
//!   `qualname` that is its parent's `qualname` and its `name` is left out.
//! - A result's `target` (when NAME matched several) is the index of its
//!   target in `targets`, not the target's name again; `symbol`, whose
//!   results are its targets, has no `targets`.
//! - When every result's `qualname` is one scope joined with its `name`
//!   (an outline's module), the answer's `scope` names it once and the
//!   results' `qualname`s are left out.
//! - Signatures are in `symbol` answers only, as in the text content.
//! - Scores keep four significant digits.
//! - The envelope says only what the caller does not know: no `query` (the
//!   caller sent it; `targets` say what a location or name resolved to),
//!   and `freshness` only when the index is not fresh.
//!
//! The listings whose results are rows (`refs`, `callers`, `callees`,
//! `impls`, `impact`, `outline`: [`crate::rows`]) are tabulated first;
//! for them only the envelope's defaults are left here.
//!
//! The tests' `expand` undoes all but the defaults, as a reader would.

use serde_json::{Map, Value};

/// The separators between a qualified name's segments, in plumb's
/// languages (Python and TypeScript `.`, Rust and C++ `::`, a file path's
/// `/`, a private TypeScript member's `#`).
pub(crate) const SEPARATORS: &[&str] = &["::", ".", "/", "#"];

/// Significant digits kept in a score. Chosen: ranks by fused score differ
/// in the third digit at the most (1/61 against 1/62), so four keep the
/// order a reader sees.
const SCORE_DIGITS: i32 = 4;

/// The field that keeps its default: the results, which every answer has.
const KEPT: &[&str] = &["results"];

/// The queries whose answers are leaned: the navigation tools' (the
/// analytics tools keep their `--json` shape).
const LEANED: &[&str] = &[
    "search", "symbol", "outline", "refs", "callers", "callees", "impls", "impact",
];

/// Leaves out of `answer` (an envelope's JSON) what a reader can rebuild,
/// when it answers one of the [`LEANED`] queries.
pub fn lean(answer: &mut Value) {
    let Value::Object(fields) = answer else {
        return;
    };
    let query = fields.get("query");
    let kind = query
        .and_then(|query| query.get("kind"))
        .and_then(Value::as_str)
        .map(str::to_owned);
    if !kind.as_deref().is_some_and(|kind| LEANED.contains(&kind)) {
        return;
    }
    let home = query
        .and_then(|query| query.get("file"))
        .and_then(Value::as_str)
        .map(str::to_owned);
    let detail = kind.as_deref() == Some("symbol");
    if detail {
        fields.remove("targets");
    } else {
        strip_signatures(fields);
        number_targets(fields);
    }
    let scope = fields
        .get("results")
        .and_then(Value::as_array)
        .and_then(|results| shared_scope(results));
    if let Some(scope) = &scope {
        fields.insert("scope".into(), Value::String(scope.clone()));
    }
    for (key, value) in fields.iter_mut() {
        match key.as_str() {
            "results" => lean_list(value, home.as_deref(), scope.as_deref()),
            "targets" => lean_list(value, None, None),
            _ => lean_value(value),
        }
    }
    fields.remove("query");
    if fields
        .get("freshness")
        .is_some_and(|freshness| freshness == &serde_json::json!({"state": "fresh"}))
    {
        fields.remove("freshness");
    }
    fields.retain(|key, value| KEPT.contains(&key.as_str()) || !is_default(key, value));
}

/// The qualified name that every result's is, joined with its name (an
/// outline's module, `click.termui`), when there are several results.
pub(crate) fn shared_scope(results: &[Value]) -> Option<String> {
    let scope_of = |result: &Value| -> Option<String> {
        let name = result.get("name")?.as_str()?;
        let qualname = result.get("qualname")?.as_str()?;
        let rest = qualname.strip_suffix(name)?;
        let sep = SEPARATORS.iter().find(|sep| rest.ends_with(*sep))?;
        Some(rest.strip_suffix(sep)?.to_owned())
    };
    let scope = scope_of(results.first()?)?;
    let shared = results.len() > 1
        && results.iter().all(|result| {
            result
                .get("qualname")
                .and_then(Value::as_str)
                .zip(result.get("name").and_then(Value::as_str))
                .is_some_and(|(qualname, name)| joins(qualname, &scope, name))
        });
    shared.then_some(scope)
}

/// Drops every `signature` in `fields`, however deep.
fn strip_signatures(fields: &mut Map<String, Value>) {
    fields.remove("signature");
    for value in fields.values_mut() {
        match value {
            Value::Object(child) => strip_signatures(child),
            Value::Array(items) => items
                .iter_mut()
                .filter_map(Value::as_object_mut)
                .for_each(strip_signatures),
            _ => {}
        }
    }
}

/// Replaces each result's `target` (a target's qualified name, with
/// `(file:line)` when two share it) by that target's index in `targets`.
pub(crate) fn number_targets(fields: &mut Map<String, Value>) {
    let names: Vec<(String, String)> = fields
        .get("targets")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|target| {
            let text = |key: &str| {
                target
                    .get(key)
                    .map(|v| v.to_string().trim_matches('"').to_owned())
            };
            let qualname = text("qualname").unwrap_or_default();
            let place = format!(
                "{qualname} ({}:{})",
                text("file").unwrap_or_default(),
                text("line").unwrap_or_default()
            );
            (qualname, place)
        })
        .collect();
    let Some(Value::Array(results)) = fields.get_mut("results") else {
        return;
    };
    for result in results.iter_mut().filter_map(Value::as_object_mut) {
        let Some(Value::String(target)) = result.get("target") else {
            continue;
        };
        let index = names
            .iter()
            .position(|(_, place)| place == target)
            .or_else(|| names.iter().position(|(qualname, _)| qualname == target));
        if let Some(index) = index {
            result.insert("target".into(), Value::from(index));
        }
    }
}

/// A list of items: each item's file is dropped when it equals the one
/// before (`previous`, for the first); outline children know their
/// parent's qualified name.
fn lean_list(list: &mut Value, previous: Option<&str>, parent: Option<&str>) {
    let Value::Array(items) = list else {
        lean_value(list);
        return;
    };
    let mut previous = previous.map(str::to_owned);
    for item in items {
        let Value::Object(fields) = item else {
            lean_value(item);
            continue;
        };
        let file = file_of(fields);
        lean_item(fields, previous.as_deref(), file.as_deref(), parent);
        if file.is_some() {
            previous = file;
        }
    }
}

/// The file an item is in: its own `file`, else its symbol's (a caller's
/// `caller`, a callee's `callee`, an implementation's `symbol`).
fn file_of(fields: &Map<String, Value>) -> Option<String> {
    fields
        .get("file")
        .or_else(|| {
            fields
                .values()
                .filter_map(Value::as_object)
                .find_map(|child| child.get("file"))
        })
        .and_then(Value::as_str)
        .map(str::to_owned)
}

/// One item: fields leaned, its file dropped when it equals `previous`,
/// its nested objects' files dropped when they equal its own `file`.
fn lean_item(
    fields: &mut Map<String, Value>,
    previous: Option<&str>,
    file: Option<&str>,
    parent: Option<&str>,
) {
    let qualname = fields
        .get("qualname")
        .and_then(Value::as_str)
        .map(str::to_owned);
    for (key, value) in fields.iter_mut() {
        match (key.as_str(), value) {
            ("children", value) => lean_list(value, file, qualname.as_deref()),
            ("sites", value) => lean_list(value, file, None),
            (_, Value::Object(child)) if child.contains_key("file") => {
                lean_item(child, previous, file, None);
            }
            (_, value) => lean_value(value),
        }
    }
    say_names_once(fields, parent);
    if previous.is_some() && fields.get("file").and_then(Value::as_str) == previous {
        fields.remove("file");
    }
    drop_defaults(fields);
}

/// Any other value: defaults dropped in every object within.
fn lean_value(value: &mut Value) {
    match value {
        Value::Object(fields) => {
            for child in fields.values_mut() {
                lean_value(child);
            }
            drop_defaults(fields);
        }
        Value::Array(items) => items.iter_mut().for_each(lean_value),
        _ => {}
    }
}

/// Drops `name` when `qualname` ends with it, or `qualname` when it is
/// `parent`'s qualified name and `name` joined; and the item's own
/// `parent` when `qualname` is it and `name` joined.
fn say_names_once(fields: &mut Map<String, Value>, parent: Option<&str>) {
    let (Some(Value::String(name)), Some(Value::String(qualname))) =
        (fields.get("name"), fields.get("qualname"))
    else {
        return;
    };
    let own_parent_derivable = fields
        .get("parent")
        .and_then(Value::as_str)
        .is_some_and(|own| joins(qualname, own, name));
    let derivable = if parent.is_some_and(|parent| joins(qualname, parent, name)) {
        Some("qualname")
    } else if ends_with_segment(qualname, name) {
        Some("name")
    } else {
        None
    };
    if own_parent_derivable {
        fields.remove("parent");
    }
    if let Some(key) = derivable {
        fields.remove(key);
    }
}

/// Whether `qualname` is `parent`, a separator, then `name`.
pub(crate) fn joins(qualname: &str, parent: &str, name: &str) -> bool {
    qualname
        .strip_prefix(parent)
        .and_then(|rest| rest.strip_suffix(name))
        .is_some_and(|sep| SEPARATORS.contains(&sep))
}

/// Whether `name` is `qualname` or its last segment.
pub(crate) fn ends_with_segment(qualname: &str, name: &str) -> bool {
    qualname == name
        || qualname
            .strip_suffix(name)
            .is_some_and(|rest| SEPARATORS.iter().any(|sep| rest.ends_with(sep)))
}

/// Drops the fields at their default and rounds scores.
fn drop_defaults(fields: &mut Map<String, Value>) {
    if let Some(Value::Number(score)) = fields.get_mut("score")
        && let Some(value) = score.as_f64()
        && let Some(rounded) = serde_json::Number::from_f64(significant(value))
    {
        *score = rounded;
    }
    let line = fields.get("line").and_then(Value::as_u64);
    for key in ["end_line", "start_line"] {
        if line.is_some() && fields.get(key).and_then(Value::as_u64) == line {
            fields.remove(key);
        }
    }
    fields.retain(|key, value| !is_default(key, value));
}

/// Whether `value` is `key`'s default, which a reader assumes when absent.
fn is_default(key: &str, value: &Value) -> bool {
    match value {
        Value::Null | Value::Bool(false) => true,
        Value::String(text) => text.is_empty() || (key == "completeness" && text == "exact"),
        Value::Array(items) => items.is_empty(),
        Value::Object(fields) => fields.is_empty(),
        Value::Number(number) => match key {
            "confidence" => number.as_f64() == Some(1.0),
            "changed_files" => number.as_u64() == Some(0),
            _ => false,
        },
        Value::Bool(true) => false,
    }
}

/// `value` to [`SCORE_DIGITS`] significant digits.
fn significant(value: f64) -> f64 {
    if value == 0.0 || !value.is_finite() {
        return value;
    }
    let scale = 10f64.powi(SCORE_DIGITS - 1 - value.abs().log10().floor() as i32);
    (value * scale).round() / scale
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The answer `lean` left out, put back: every item's `file`, every
    /// symbol's `name` and `qualname` (defaults stay absent). For tests and
    /// bench/economy/economy.py does the same in Python. `home` is the
    /// queried file of an outline, which the caller knows.
    pub fn expand(answer: &mut Value, home: Option<&str>) {
        let Value::Object(fields) = answer else {
            return;
        };
        let home = home.map(str::to_owned);
        let scope = fields
            .get("scope")
            .and_then(Value::as_str)
            .map(str::to_owned);
        if let Some(results) = fields.get_mut("results") {
            expand_list(results, home.as_deref(), scope.as_deref());
        }
        if let Some(targets) = fields.get_mut("targets") {
            expand_list(targets, None, None);
        }
    }

    fn expand_list(list: &mut Value, previous: Option<&str>, parent: Option<&str>) {
        let Value::Array(items) = list else {
            return;
        };
        let mut previous = previous.map(str::to_owned);
        for item in items {
            let Value::Object(fields) = item else {
                continue;
            };
            let own = fields.contains_key("file") || !has_symbol_child(fields);
            if own
                && !fields.contains_key("file")
                && let Some(previous) = &previous
            {
                fields.insert("file".into(), Value::String(previous.clone()));
            }
            let file = file_of(fields).or_else(|| previous.clone());
            expand_item(fields, file.as_deref(), parent);
            previous = file;
        }
    }

    /// Whether the item's file is its symbol's (a caller, a callee, …).
    fn has_symbol_child(fields: &Map<String, Value>) -> bool {
        fields
            .values()
            .filter_map(Value::as_object)
            .any(|child| child.contains_key("kind") && child.contains_key("line"))
    }

    fn expand_item(fields: &mut Map<String, Value>, file: Option<&str>, parent: Option<&str>) {
        restore_names(fields, parent);
        let qualname = fields
            .get("qualname")
            .and_then(Value::as_str)
            .map(str::to_owned);
        for (key, value) in fields.iter_mut() {
            match (key.as_str(), value) {
                ("children", value) => expand_list(value, file, qualname.as_deref()),
                ("sites", value) => expand_list(value, file, None),
                (_, Value::Object(child))
                    if child.contains_key("kind") && child.contains_key("line") =>
                {
                    if let Some(file) = file {
                        child
                            .entry("file")
                            .or_insert_with(|| Value::String(file.to_owned()));
                    }
                    restore_names(child, None);
                }
                _ => {}
            }
        }
    }

    /// Puts back a dropped `name` (the last segment of `qualname`) or
    /// `qualname` (`parent`, `.`, `name`: the separator is not recorded, so
    /// `.` stands for it).
    fn restore_names(fields: &mut Map<String, Value>, parent: Option<&str>) {
        match (fields.get("name").cloned(), fields.get("qualname").cloned()) {
            (Some(Value::String(name)), None) => {
                let qualname = parent.map_or(name.clone(), |parent| format!("{parent}.{name}"));
                fields.insert("qualname".into(), Value::String(qualname));
            }
            (None, Some(Value::String(qualname))) if fields.contains_key("kind") => {
                let name = SEPARATORS
                    .iter()
                    .filter_map(|sep| qualname.rsplit_once(sep).map(|(_, last)| last))
                    .min_by_key(|last| last.len())
                    .unwrap_or(&qualname)
                    .to_owned();
                fields.insert("name".into(), Value::String(name));
            }
            _ => {}
        }
    }

    #[test]
    fn each_file_is_named_once_in_a_run_and_defaults_are_left_out() {
        let mut answer = json!({
            "query": {"kind": "refs", "name": "Cart.total", "form": "name"},
            "targets": [{"name": "total", "qualname": "shop.Cart.total", "kind": "method",
                         "file": "shop.py", "line": 3, "end_line": 9, "signature": null}],
            "results": [
                {"file": "a.py", "line": 1, "col": 2, "kind": "call", "enclosing": null,
                 "resolution": "scope", "confidence": 1.0},
                {"file": "a.py", "line": 5, "col": 2, "kind": "call",
                 "enclosing": {"qualname": "a.f", "line": 4},
                 "resolution": "name_only", "confidence": 0.5},
                {"file": "b.py", "line": 7, "col": 1, "kind": "read", "enclosing": null,
                 "resolution": "import", "confidence": 1.0}
            ],
            "completeness": "exact",
            "notes": [],
            "freshness": {"state": "fresh", "changed_files": 0},
            "truncated": null
        });
        lean(&mut answer);
        assert_eq!(
            answer,
            json!({
                "targets": [{"qualname": "shop.Cart.total", "kind": "method",
                             "file": "shop.py", "line": 3, "end_line": 9}],
                "results": [
                    {"file": "a.py", "line": 1, "col": 2, "kind": "call", "resolution": "scope"},
                    {"line": 5, "col": 2, "kind": "call", "enclosing": {"qualname": "a.f", "line": 4},
                     "resolution": "name_only", "confidence": 0.5},
                    {"file": "b.py", "line": 7, "col": 1, "kind": "read", "resolution": "import"}
                ]
            })
        );
        expand(&mut answer, None);
        assert_eq!(answer["results"][1]["file"], "a.py");
        assert_eq!(answer["targets"][0]["name"], "total");
    }

    #[test]
    fn a_derivable_parent_and_start_line_are_left_out() {
        let leaned = |parent: &str| {
            let mut symbol = json!({"query": {"kind": "symbol", "name": "m.C.f"},
                                    "results": [{"name": "f", "qualname": "m.C.f", "kind": "method",
                                                 "file": "m.py", "line": 3, "end_line": 4,
                                                 "start_line": 3, "parent": parent}]});
            lean(&mut symbol);
            symbol["results"][0].clone()
        };
        assert_eq!(
            leaned("m.C"),
            json!({"qualname": "m.C.f", "kind": "method", "file": "m.py", "line": 3, "end_line": 4})
        );
        assert_eq!(leaned("m.D")["parent"], "m.D");
    }

    #[test]
    fn freshness_is_said_only_when_the_index_is_not_fresh() {
        let stale = json!({"state": "stale", "changed_files": 2});
        let mut answer = json!({"query": {"kind": "refs", "name": "f"}, "results": [],
                                "freshness": stale});
        lean(&mut answer);
        assert_eq!(answer, json!({"results": [], "freshness": stale}));
    }

    #[test]
    fn callers_sites_and_outline_children_inherit_their_item() {
        let mut callers = json!({
            "query": {"kind": "callers", "name": "f", "form": "name"},
            "results": [
                {"caller": {"name": "g", "qualname": "m.g", "kind": "function", "file": "m.py",
                            "line": 2, "end_line": 4},
                 "sites": [{"file": "m.py", "line": 3, "col": 5}, {"file": "n.py", "line": 1, "col": 1}],
                 "resolution": "scope", "confidence": 1.0},
                {"caller": {"name": "h", "qualname": "m.h", "kind": "function", "file": "m.py",
                            "line": 6, "end_line": 6},
                 "sites": [{"file": "m.py", "line": 6, "col": 5}],
                 "resolution": "scope", "confidence": 1.0}
            ]
        });
        let whole = callers.clone();
        lean(&mut callers);
        assert_eq!(
            callers["results"],
            json!([
                {"caller": {"qualname": "m.g", "kind": "function", "file": "m.py", "line": 2, "end_line": 4},
                 "sites": [{"line": 3, "col": 5}, {"file": "n.py", "line": 1, "col": 1}],
                 "resolution": "scope"},
                {"caller": {"qualname": "m.h", "kind": "function", "line": 6},
                 "sites": [{"line": 6, "col": 5}],
                 "resolution": "scope"}
            ])
        );
        expand(&mut callers, None);
        for (i, caller) in whole["results"]
            .as_array()
            .into_iter()
            .flatten()
            .enumerate()
        {
            assert_eq!(
                callers["results"][i]["caller"]["file"],
                caller["caller"]["file"]
            );
            assert_eq!(
                callers["results"][i]["caller"]["name"],
                caller["caller"]["name"]
            );
            assert_eq!(callers["results"][i]["sites"], caller["sites"]);
        }

        let mut outline = json!({
            "query": {"kind": "outline", "file": "m.py"},
            "results": [{"name": "C", "qualname": "m.C", "kind": "class", "file": "m.py", "line": 1,
                         "end_line": 9, "signature": "class C:",
                         "children": [{"name": "f", "qualname": "m.C.f", "kind": "method",
                                       "file": "m.py", "line": 2, "end_line": 3, "children": []}]},
                        {"name": "g", "qualname": "m.g", "kind": "function", "file": "m.py", "line": 11,
                         "end_line": 11, "children": []}]
        });
        lean(&mut outline);
        assert_eq!(outline["scope"], "m");
        assert_eq!(
            outline["results"],
            json!([{"name": "C", "kind": "class", "line": 1, "end_line": 9,
                    "children": [{"name": "f", "kind": "method", "line": 2, "end_line": 3}]},
                   {"name": "g", "kind": "function", "line": 11}])
        );
        expand(&mut outline, Some("m.py"));
        assert_eq!(outline["results"][0]["children"][0]["qualname"], "m.C.f");
        assert_eq!(outline["results"][0]["children"][0]["file"], "m.py");
        assert_eq!(outline["results"][0]["name"], "C");
    }

    #[test]
    fn targets_are_named_once_and_signatures_stay_in_symbol_answers() {
        let target = |line: u32| {
            json!({"name": "f", "qualname": "m.f", "kind": "function", "file": "m.py",
                   "line": line, "end_line": line + 1, "signature": "def f():"})
        };
        let mut callers = json!({
            "query": {"kind": "callers", "name": "f", "form": "name"},
            "targets": [target(1), target(5)],
            "results": [{"caller": target(9), "target": "m.f (m.py:5)", "sites": []}]
        });
        lean(&mut callers);
        assert_eq!(callers["results"][0]["target"], 1);
        assert!(callers["targets"][0].get("signature").is_none());
        assert!(callers["results"][0]["caller"].get("signature").is_none());

        let mut symbol = json!({
            "query": {"kind": "symbol", "name": "f", "form": "name"},
            "targets": [target(1)],
            "results": [{"symbol": target(1), "start_line": 1}]
        });
        lean(&mut symbol);
        assert!(symbol.get("targets").is_none());
        assert_eq!(symbol["results"][0]["symbol"]["signature"], "def f():");
    }

    #[test]
    fn scores_keep_four_significant_digits() {
        assert_eq!(significant(1.0 / 61.0), 0.01639);
        assert_eq!(significant(0.0), 0.0);
        assert_eq!(significant(2.0 / 3.0), 0.6667);
    }
}
