//! Rows: the results of the navigation listings (`refs`, `callers`,
//! `callees`, `impls`, `impact`, `outline`) as compact tuples that the
//! output schema describes position by position, instead of objects that
//! repeat their keys in every result.
//!
//! - Results are grouped by file: a group is `[file, row, row, …]`, the file
//!   named once, then its rows in the answer's order; groups come in the
//!   order their files first appear. An outline's rows are all in the
//!   queried file, so they are not grouped.
//! - An outline row's kind is an index into the answer's `kinds`, each
//!   kind named once.
//! - A symbol is four cells: `line, end_line, kind, qualname`; its name is
//!   the qualname's last segment (when it is not, the cell is
//!   `[qualname, name]`).
//! - Trailing cells that are `null` are left out.
//! - `usual` says once the `confidence` and `resolution` (refs, callers,
//!   callees) or the `relation` (impact) that most rows share, when that
//!   takes fewer bytes; those rows leave the cells `null` (so, being last
//!   but for `target`, out).
//! - `targets` are `[file, line, end_line, kind, qualname]`; a row's
//!   `target` is an index into them, given only when NAME matched several.
//! - A call site is its line, in its row's file for `callers` and in the
//!   target's file for `callees`; `"file:line"` when elsewhere.
//! - A reference's enclosing qualname is given once per file: a later
//!   row with the same `enclosing_line` leaves it `null`.
//! - Columns are left out (of references and call sites): no question
//!   needs them, and the name is on the line.
//! - Cell types: `line`, `end_line`, `enclosing_line`, `depth` and
//!   `target` are integers, `confidence` a number, `direct` a boolean,
//!   `sites` a list of lines and `"file:line"` strings, `children` a list
//!   of outline rows, the rest strings.
//!
//! [`text`] renders the same rows for the text content: `path` lines, each
//! followed by its rows, so both surfaces say the same thing once.

use std::fmt::Write as _;

use serde_json::{Map, Value, json};

use crate::lean::{ends_with_segment, joins, number_targets, shared_scope};

/// Confidence at or above which the text leaves a row's resolution and
/// confidence out (the structured content always has them). Chosen from
/// the pairs seen in the economy benchmark's 300 answers (scope 0.95,
/// import 0.9, receiver 0.85, inheritance 0.8, and 0.6 for a few scope
/// and receiver ones): the two direct resolutions go unsaid, the rest are
/// shown.
const SURE: f64 = 0.9;

/// The listings whose results are rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `refs`: references.
    Refs,
    /// `callers`: calling symbols with their call sites.
    Callers,
    /// `callees`: called symbols with their call sites.
    Callees,
    /// `impls`: implementations and subtypes.
    Impls,
    /// `impact`: dependents up to a depth.
    Impact,
    /// `outline`: a file's definitions as a tree.
    Outline,
}

impl Shape {
    /// The shape of the answers to a query `kind`.
    pub fn of_query(kind: &str) -> Option<Shape> {
        Some(match kind {
            "refs" => Shape::Refs,
            "callers" => Shape::Callers,
            "callees" => Shape::Callees,
            "impls" => Shape::Impls,
            "impact" => Shape::Impact,
            "outline" => Shape::Outline,
            _ => return None,
        })
    }

    /// The shape of the results whose item type schemars names `def`.
    pub fn of_item(def: &str) -> Option<Shape> {
        Some(match def {
            "Reference" => Shape::Refs,
            "Caller" => Shape::Callers,
            "Callee" => Shape::Callees,
            "Implementation" => Shape::Impls,
            "Dependent" => Shape::Impact,
            "OutlineNode" => Shape::Outline,
            _ => return None,
        })
    }

    /// The key of the symbol object each result holds (none for refs and
    /// outline nodes).
    fn symbol_key(self) -> Option<&'static str> {
        match self {
            Shape::Callers => Some("caller"),
            Shape::Callees => Some("callee"),
            Shape::Impls | Shape::Impact => Some("symbol"),
            Shape::Refs | Shape::Outline => None,
        }
    }

    /// The titles of the cells after a symbol's four (or, for refs, of all
    /// of them), in order.
    fn cells(self) -> &'static [&'static str] {
        match self {
            Shape::Refs => &[
                "line",
                "kind",
                "enclosing_line",
                "enclosing_qualname",
                "confidence",
                "resolution",
                "target",
            ],
            Shape::Callers | Shape::Callees => &["sites", "confidence", "resolution", "target"],
            Shape::Impls => &["direct"],
            Shape::Impact => &["depth", "relation", "target"],
            Shape::Outline => &["children", "qualname"],
        }
    }

    /// The output schema of `results` and the `$defs` it refers to. A
    /// row's `title` names its cells in order, comma-separated; an outline
    /// row's `prefixItems` give its cells' types down to its children (the
    /// recursion). The types of a grouped row's cells are in the module's
    /// documentation and README, not in the schema: with them the core
    /// `tools/list` passes 8 KB (8,343 bytes measured with the four cells
    /// every row has typed, 8,693 with every cell).
    pub fn schema(self) -> (Value, Map<String, Value>) {
        let mut defs = Map::new();
        if self == Shape::Outline {
            let cells = vec![
                json!({"type": "integer"}),
                json!({"type": "integer"}),
                json!({"type": "integer"}),
                json!({"type": "string"}),
                json!({"type": "array", "items": {"$ref": "#/$defs/node"}}),
            ];
            let title = "line,end_line,kind,name,children,qualname";
            defs.insert("node".into(), row_schema(title, cells));
            let results = json!({"type": "array", "items": {"$ref": "#/$defs/node"}});
            return (results, defs);
        }
        let mut titles = if self == Shape::Refs {
            Vec::new()
        } else {
            vec!["line", "end_line", "kind", "qualname"]
        };
        titles.extend(self.cells());
        let row = json!({"type": "array", "title": titles.join(",")});
        let group = json!({"type": "array", "prefixItems": [{"type": "string"}], "items": row});
        (json!({"type": "array", "items": group}), defs)
    }
}

/// A row's schema: its cells' names (`title`) and types (`cells`).
fn row_schema(title: &str, cells: Vec<Value>) -> Value {
    json!({"type": "array", "title": title, "prefixItems": cells})
}

/// Turns `answer`'s results and targets into rows, when it answers one of
/// the row-shaped queries; returns its shape.
pub fn tabulate(answer: &mut Value) -> Option<Shape> {
    let fields = answer.as_object_mut()?;
    let kind = fields.get("query")?.get("kind")?.as_str()?;
    let shape = Shape::of_query(kind)?;
    number_targets(fields);
    let target_files: Vec<Option<String>> = fields
        .get("targets")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|target| text_of(target.get("file")))
        .collect();
    if let Some(Value::Array(targets)) = fields.get_mut("targets") {
        for target in targets.iter_mut() {
            let file = target.get("file").cloned().unwrap_or(Value::Null);
            let mut row = vec![file];
            row.extend(symbol_cells(target));
            *target = Value::Array(row);
        }
    }
    let results = fields.remove("results").unwrap_or_default();
    let items = match results {
        Value::Array(items) => items,
        _ => Vec::new(),
    };
    let rows = if shape == Shape::Outline {
        let scope = shared_scope(&items);
        if let Some(scope) = &scope {
            fields.insert("scope".into(), Value::String(scope.clone()));
        }
        let mut kinds = Vec::new();
        let rows = items
            .iter()
            .map(|node| outline_row(node, scope.as_deref(), &mut kinds))
            .collect();
        fields.insert("kinds".into(), Value::Array(kinds));
        rows
    } else {
        let usual = usual(shape, &items);
        if let Some(usual) = &usual {
            fields.insert("usual".into(), Value::Object(usual.clone()));
        }
        group(shape, &items, &target_files, usual.as_ref())
    };
    fields.insert("results".into(), Value::Array(rows));
    Some(shape)
}

/// The cells said once for the whole answer when most rows share them:
/// a reference's or call's `confidence` and `resolution` together, a
/// dependent's `relation`.
fn usual_cells(shape: Shape) -> &'static [&'static str] {
    match shape {
        Shape::Refs | Shape::Callers | Shape::Callees => &["confidence", "resolution"],
        Shape::Impact => &["relation"],
        Shape::Impls | Shape::Outline => &[],
    }
}

/// The [`usual_cells`] values most results share, when saying them once
/// in the answer's `usual` takes fewer bytes than repeating them in each
/// of those results' rows.
fn usual(shape: Shape, items: &[Value]) -> Option<Map<String, Value>> {
    let keys = usual_cells(shape);
    if keys.is_empty() {
        return None;
    }
    let mut counts: Vec<(Map<String, Value>, usize)> = Vec::new();
    for item in items {
        let cells: Map<String, Value> = keys
            .iter()
            .map(|key| {
                (
                    (*key).to_owned(),
                    item.get(*key).cloned().unwrap_or(Value::Null),
                )
            })
            .collect();
        match counts.iter_mut().find(|(seen, _)| *seen == cells) {
            Some((_, count)) => *count += 1,
            None => counts.push((cells, 1)),
        }
    }
    let (cells, count) = counts.into_iter().max_by_key(|(_, count)| *count)?;
    // Each row spends its cells' values and their commas; the answer
    // spends the object and its key.
    let per_row: usize = cells
        .values()
        .map(|value| value.to_string().len() + 1)
        .sum();
    let once = Value::Object(cells.clone()).to_string().len() + r#","usual":"#.len();
    (per_row * count > once).then_some(cells)
}

/// Results grouped by file, each a row.
fn group(
    shape: Shape,
    items: &[Value],
    target_files: &[Option<String>],
    usual: Option<&Map<String, Value>>,
) -> Vec<Value> {
    let mut groups: Vec<(Option<String>, Vec<Value>)> = Vec::new();
    for item in items {
        let symbol = shape.symbol_key().and_then(|key| item.get(key));
        let file = text_of(symbol.unwrap_or(item).get("file"));
        let site_file = match shape {
            Shape::Callees => {
                let target = item.get("target").and_then(Value::as_u64).unwrap_or(0);
                usize::try_from(target)
                    .ok()
                    .and_then(|index| target_files.get(index).cloned().flatten())
            }
            _ => file.clone(),
        };
        let mut row = symbol.map(symbol_cells).unwrap_or_default();
        let is_usual = usual.is_some_and(|usual| {
            usual
                .iter()
                .all(|(key, value)| item.get(key).unwrap_or(&Value::Null) == value)
        });
        for title in shape.cells() {
            if is_usual && usual_cells(shape).contains(title) {
                row.push(Value::Null);
                continue;
            }
            let cell = match *title {
                "enclosing_line" => item.get("enclosing").and_then(|e| e.get("line")).cloned(),
                "enclosing_qualname" => item
                    .get("enclosing")
                    .and_then(|e| e.get("qualname"))
                    .cloned(),
                "sites" => Some(sites(item.get("sites"), site_file.as_deref())),
                key => item.get(key).cloned(),
            };
            row.push(cell.unwrap_or(Value::Null));
        }
        let at = match groups.iter().position(|(seen, _)| *seen == file) {
            Some(at) => at,
            None => {
                groups.push((file, Vec::new()));
                groups.len() - 1
            }
        };
        let rows = &mut groups[at].1;
        if shape == Shape::Refs {
            name_enclosing_once(&mut row, rows);
        }
        trim(&mut row);
        rows.push(Value::Array(row));
    }
    groups
        .into_iter()
        .map(|(file, rows)| {
            let mut group = vec![file.map_or(Value::Null, Value::String)];
            group.extend(rows);
            Value::Array(group)
        })
        .collect()
}

/// Leaves out a reference's enclosing qualname when an earlier row of its
/// file named the symbol enclosing at that line.
fn name_enclosing_once(row: &mut [Value], earlier: &[Value]) {
    let (line, qualname) = (2, 3);
    let Some(enclosing) = row.get(line).filter(|line| !line.is_null()) else {
        return;
    };
    let named = earlier.iter().filter_map(Value::as_array).any(|before| {
        before.get(line) == Some(enclosing)
            && before.get(qualname).is_some_and(|name| !name.is_null())
    });
    if named && let Some(cell) = row.get_mut(qualname) {
        *cell = Value::Null;
    }
}

/// A symbol's four cells.
fn symbol_cells(symbol: &Value) -> Vec<Value> {
    let cell = |key: &str| symbol.get(key).cloned().unwrap_or(Value::Null);
    let qualname = cell("qualname");
    let name = cell("name");
    let named = match (qualname.as_str(), name.as_str()) {
        (Some(qualname), Some(name)) if !ends_with_segment(qualname, name) => {
            json!([qualname, name])
        }
        _ => qualname,
    };
    vec![cell("line"), cell("end_line"), cell("kind"), named]
}

/// A result's call sites as lines, `"file:line"` when the file is not
/// `home`.
fn sites(sites: Option<&Value>, home: Option<&str>) -> Value {
    let rows = sites
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|site| {
            let line = site.get("line").cloned().unwrap_or(Value::Null);
            match site.get("file").and_then(Value::as_str) {
                Some(file) if Some(file) != home => Value::String(format!("{file}:{line}")),
                _ => line,
            }
        })
        .collect();
    Value::Array(rows)
}

/// An outline node's row; `parent` is the qualified name its own is
/// `parent`, a separator and its name when that can be left out.
fn outline_row(node: &Value, parent: Option<&str>, kinds: &mut Vec<Value>) -> Value {
    let qualname = node.get("qualname").and_then(Value::as_str);
    let name = node.get("name").and_then(Value::as_str).unwrap_or_default();
    let kind = kind_index(node.get("kind").cloned().unwrap_or(Value::Null), kinds);
    let children: Vec<Value> = node
        .get("children")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|child| outline_row(child, qualname, kinds))
        .collect();
    let derivable = matches!((parent, qualname), (Some(parent), Some(qualname)) if joins(qualname, parent, name));
    let mut row = vec![
        node.get("line").cloned().unwrap_or(Value::Null),
        node.get("end_line").cloned().unwrap_or(Value::Null),
        kind,
        Value::String(name.to_owned()),
        if children.is_empty() {
            Value::Null
        } else {
            Value::Array(children)
        },
        match qualname {
            Some(qualname) if !derivable => Value::String(qualname.to_owned()),
            _ => Value::Null,
        },
    ];
    trim(&mut row);
    Value::Array(row)
}

/// The index of `kind` in `kinds`, which it joins when new.
fn kind_index(kind: Value, kinds: &mut Vec<Value>) -> Value {
    let index = kinds
        .iter()
        .position(|seen| *seen == kind)
        .unwrap_or_else(|| {
            kinds.push(kind);
            kinds.len() - 1
        });
    Value::from(index)
}

/// Leaves out a row's trailing `null` cells.
fn trim(row: &mut Vec<Value>) {
    while row.last().is_some_and(Value::is_null) {
        row.pop();
    }
}

/// A string value, owned.
fn text_of(value: Option<&Value>) -> Option<String> {
    value.and_then(Value::as_str).map(str::to_owned)
}

/// The text content of a tabulated answer: a header only when something
/// is not the default (a lower bound, an index that is not fresh, a cut),
/// the targets when NAME matched several, then each file and its rows,
/// then the notes.
pub fn text(shape: Shape, answer: &Value, count: usize, freshness: &str, out: &mut String) {
    let lower = answer.get("completeness").and_then(Value::as_str) == Some("lower_bound");
    crate::text::count_line(count, lower, freshness, out);
    let targets = answer.get("targets").and_then(Value::as_array);
    if let Some(targets) = targets.filter(|targets| targets.len() > 1) {
        for (index, target) in targets.iter().enumerate() {
            let cell = |i: usize| target.get(i).map(plain).unwrap_or_default();
            let _ = writeln!(
                out,
                "target {index}: {} {} {}:{}",
                cell(3),
                qualname_of(target.get(4)),
                cell(0),
                cell(1)
            );
        }
    }
    let no_usual = Map::new();
    let usual = answer
        .get("usual")
        .and_then(Value::as_object)
        .unwrap_or(&no_usual);
    let results = answer.get("results").and_then(Value::as_array);
    let rows = results.map(Vec::as_slice).unwrap_or_default();
    if shape == Shape::Outline {
        let kinds = answer.get("kinds").and_then(Value::as_array);
        outline_text(rows, kinds.map(Vec::as_slice).unwrap_or_default(), 0, out);
    } else {
        groups_text(shape, rows, usual, out);
    }
    for note in answer
        .get("notes")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let _ = writeln!(out, "note: {}", plain(note));
    }
}

/// Row groups' text: each file, then its rows indented.
fn groups_text(shape: Shape, groups: &[Value], usual: &Map<String, Value>, out: &mut String) {
    for group in groups.iter().filter_map(Value::as_array) {
        if let Some(file) = group.first() {
            let _ = writeln!(out, "{}", plain(file));
        }
        for row in group.iter().skip(1).filter_map(Value::as_array) {
            out.push_str("  ");
            row_text(shape, row, usual, out);
            out.push('\n');
        }
    }
}

/// One row's text: `line kind qualname`, then what the shape adds; a
/// cell left out because it is the answer's `usual` reads as that.
fn row_text(shape: Shape, row: &[Value], usual: &Map<String, Value>, out: &mut String) {
    let cell = |i: usize| row.get(i).map(plain).unwrap_or_default();
    let said = |at: usize, key: &str| {
        row.get(at)
            .filter(|value| !value.is_null())
            .or_else(|| usual.get(key))
    };
    if shape == Shape::Refs {
        let _ = write!(out, "{} {}", cell(0), cell(1));
        match (row.get(2), row.get(3)) {
            (_, Some(name)) if !name.is_null() => {
                let _ = write!(out, " in {} ({})", cell(3), cell(2));
            }
            (Some(line), _) if !line.is_null() => {
                let _ = write!(out, " in ({})", cell(2));
            }
            _ => {}
        }
        confidence_text(said(4, "confidence"), said(5, "resolution"), out);
        target_text(row, 6, out);
        return;
    }
    let _ = write!(out, "{} {} {}", cell(0), cell(2), qualname_of(row.get(3)));
    match shape {
        Shape::Callers | Shape::Callees => {
            let at: Vec<String> = row
                .get(4)
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .map(plain)
                .collect();
            if !at.is_empty() {
                let _ = write!(out, " at {}", at.join(","));
            }
            confidence_text(said(5, "confidence"), said(6, "resolution"), out);
            target_text(row, 7, out);
        }
        Shape::Impls => {
            if row.get(4) == Some(&Value::Bool(false)) {
                out.push_str(" indirect");
            }
        }
        Shape::Impact => {
            let relation = said(5, "relation").map(plain).unwrap_or_default();
            let _ = write!(out, " {relation} {}", cell(4));
            target_text(row, 6, out);
        }
        Shape::Refs | Shape::Outline => {}
    }
}

/// ` [resolution confidence]` when the confidence is below [`SURE`].
fn confidence_text(confidence: Option<&Value>, resolution: Option<&Value>, out: &mut String) {
    let confidence = confidence.and_then(Value::as_f64).unwrap_or(1.0);
    if confidence < SURE {
        let resolution = resolution.map(plain).unwrap_or_default();
        let _ = write!(out, " [{resolution} {confidence}]");
    }
}

/// ` →N` when the row names its target (at `at`).
fn target_text(row: &[Value], at: usize, out: &mut String) {
    if let Some(target) = row.get(at) {
        let _ = write!(out, " →{}", plain(target));
    }
}

/// Outline rows and their children, indented by depth; a run of
/// childless siblings of one kind shares a line, the kind said once
/// (`27 field a, 28 b`).
fn outline_text(rows: &[Value], kinds: &[Value], depth: usize, out: &mut String) {
    let kind_of = |row: &[Value]| -> String {
        row.get(2)
            .and_then(Value::as_u64)
            .and_then(|index| kinds.get(usize::try_from(index).ok()?))
            .map(plain)
            .unwrap_or_default()
    };
    let mut run: Option<String> = None;
    for row in rows.iter().filter_map(Value::as_array) {
        let cell = |i: usize| row.get(i).map(plain).unwrap_or_default();
        let children = row.get(4).and_then(Value::as_array);
        let kind = kind_of(row);
        if children.is_none() && run.as_deref() == Some(kind.as_str()) {
            let _ = write!(out, ", {} {}", cell(0), cell(3));
            continue;
        }
        if run.take().is_some() {
            out.push('\n');
        }
        for _ in 0..depth {
            out.push(' ');
        }
        let _ = write!(out, "{} {kind} {}", cell(0), cell(3));
        match children {
            Some(children) => {
                out.push('\n');
                outline_text(children, kinds, depth + 1, out);
            }
            None => run = Some(kind),
        }
    }
    if run.is_some() {
        out.push('\n');
    }
}

/// A qualname cell's qualified name.
fn qualname_of(cell: Option<&Value>) -> String {
    match cell {
        Some(Value::Array(pair)) => pair.first().map(plain).unwrap_or_default(),
        Some(value) => plain(value),
        None => String::new(),
    }
}

/// A scalar as text, strings without quotes, control characters escaped.
fn plain(value: &Value) -> String {
    match value {
        Value::String(text) => plumb_query::render::printable(text).into_owned(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn symbol(qualname: &str, file: &str, line: u32) -> Value {
        let name = qualname.rsplit('.').next().unwrap_or(qualname);
        json!({"name": name, "qualname": qualname, "kind": "function", "file": file,
               "line": line, "end_line": line + 2, "signature": null})
    }

    #[test]
    fn refs_are_grouped_by_file_in_first_seen_order_with_trailing_nulls_left_out() {
        let reference = |file: &str, line: u32, enclosing: Value| {
            json!({"file": file, "line": line, "col": 3, "kind": "call", "enclosing": enclosing,
                   "resolution": "scope", "confidence": 0.95})
        };
        let mut answer = json!({
            "query": {"kind": "refs", "name": "f", "form": "name"},
            "targets": [symbol("m.f", "m.py", 1)],
            "results": [
                reference("a.py", 4, json!({"qualname": "a.g", "line": 2})),
                reference("a.py", 6, json!({"qualname": "a.g", "line": 2})),
                reference("a.py", 9, Value::Null),
                reference("b.py", 1, Value::Null),
                reference("a.py", 12, Value::Null),
            ]
        });
        assert_eq!(tabulate(&mut answer), Some(Shape::Refs));
        assert_eq!(
            answer["results"],
            json!([
                [
                    "a.py",
                    [4, "call", 2, "a.g"],
                    [6, "call", 2],
                    [9, "call"],
                    [12, "call"]
                ],
                ["b.py", [1, "call"]]
            ])
        );
        assert_eq!(
            answer["usual"],
            json!({"confidence": 0.95, "resolution": "scope"})
        );
        assert_eq!(
            answer["targets"],
            json!([["m.py", 1, 3, "function", "m.f"]])
        );
    }

    #[test]
    fn several_targets_are_numbered_and_a_name_that_does_not_end_its_qualname_is_kept() {
        let mut odd = symbol("m.f", "m.py", 1);
        odd["name"] = json!("default");
        let mut answer = json!({
            "query": {"kind": "impact", "name": "f", "form": "name"},
            "targets": [symbol("m.f", "m.py", 1), symbol("n.f", "n.py", 5)],
            "results": [{"symbol": odd, "depth": 1, "relation": "caller", "target": "n.f"}]
        });
        tabulate(&mut answer);
        assert_eq!(
            answer["results"],
            json!([[
                "m.py",
                [1, 3, "function", ["m.f", "default"], 1, "caller", 1]
            ]])
        );
    }

    #[test]
    fn call_sites_name_their_file_only_when_it_is_not_the_implied_one() {
        let site = |file: &str, line: u32| json!({"file": file, "line": line, "col": 5});
        let mut callers = json!({
            "query": {"kind": "callers", "name": "f", "form": "name"},
            "targets": [symbol("m.f", "m.py", 1)],
            "results": [{"caller": symbol("a.g", "a.py", 10),
                         "sites": [site("a.py", 11), site("gen.py", 3)],
                         "resolution": "scope", "confidence": 1.0}]
        });
        tabulate(&mut callers);
        assert_eq!(
            callers["results"],
            json!([[
                "a.py",
                [10, 12, "function", "a.g", [11, "gen.py:3"], 1.0, "scope"]
            ]])
        );
        let mut callees = json!({
            "query": {"kind": "callees", "name": "f", "form": "name"},
            "targets": [symbol("m.f", "m.py", 1)],
            "results": [{"callee": symbol("a.g", "a.py", 10), "sites": [site("m.py", 2)],
                         "resolution": "import", "confidence": 1.0}]
        });
        tabulate(&mut callees);
        assert_eq!(callees["results"][0][1][4], json!([2]));
    }

    #[test]
    fn outline_rows_name_the_scope_once_and_keep_only_underivable_qualnames() {
        let node = |qualname: &str, line: u32, children: Vec<Value>| {
            let mut node = symbol(qualname, "m.py", line);
            node["children"] = Value::Array(children);
            node
        };
        let mut odd = node("m.C.f", 4, vec![]);
        odd["qualname"] = json!("m.other.f");
        let mut answer = json!({
            "query": {"kind": "outline", "file": "m.py"},
            "results": [node("m.C", 1, vec![node("m.C.g", 2, vec![]), odd]), node("m.h", 9, vec![])]
        });
        assert_eq!(tabulate(&mut answer), Some(Shape::Outline));
        assert_eq!(answer["scope"], "m");
        assert_eq!(
            answer["results"],
            json!([
                [
                    1,
                    3,
                    0,
                    "C",
                    [[2, 4, 0, "g"], [4, 6, 0, "f", null, "m.other.f"]]
                ],
                [9, 11, 0, "h"]
            ])
        );
        assert_eq!(answer["kinds"], json!(["function"]));
        let mut out = String::new();
        text(Shape::Outline, &answer, 2, "index fresh", &mut out);
        assert_eq!(
            out,
            "2 results\n1 function C\n 2 function g, 4 f\n9 function h\n"
        );
    }

    #[test]
    fn answers_that_are_not_listings_of_rows_are_left_alone() {
        let mut answer = json!({"query": {"kind": "symbol", "name": "f"}, "results": [symbol("m.f", "m.py", 1)]});
        let before = answer.clone();
        assert_eq!(tabulate(&mut answer), None);
        assert_eq!(answer, before);
    }

    #[test]
    fn the_text_names_each_file_once_and_doubts_only_unsure_rows() {
        let mut answer = json!({
            "query": {"kind": "callers", "name": "f", "form": "name"},
            "targets": [symbol("m.f", "m.py", 1)],
            "results": [
                {"caller": symbol("a.g", "a.py", 10), "sites": [{"file": "a.py", "line": 11, "col": 5}],
                 "resolution": "scope", "confidence": 0.95},
                {"caller": symbol("a.h", "a.py", 20), "sites": [{"file": "a.py", "line": 21, "col": 5}],
                 "resolution": "name_only", "confidence": 0.5}
            ],
            "completeness": "lower_bound",
            "notes": ["one note"]
        });
        let shape = tabulate(&mut answer).unwrap();
        let mut out = String::new();
        text(shape, &answer, 2, "index fresh", &mut out);
        assert_eq!(
            out,
            "2 results, lower bound\na.py\n  10 function a.g at 11\n  20 function a.h at 21 [name_only 0.5]\nnote: one note\n"
        );
    }

    #[test]
    fn a_usual_resolution_is_said_once_and_the_text_still_doubts_each_row() {
        let caller = |line: u32, resolution: &str, confidence: f64| {
            json!({"caller": symbol("a.g", "a.py", line),
                   "sites": [{"file": "a.py", "line": line + 1, "col": 5}],
                   "resolution": resolution, "confidence": confidence})
        };
        let mut answer = json!({
            "query": {"kind": "callers", "name": "f", "form": "name"},
            "targets": [symbol("m.f", "m.py", 1)],
            "results": [caller(10, "receiver", 0.85), caller(20, "receiver", 0.85),
                        caller(30, "receiver", 0.85), caller(40, "scope", 0.95),
                        caller(50, "receiver", 0.85)]
        });
        let shape = tabulate(&mut answer).unwrap();
        assert_eq!(
            answer["usual"],
            json!({"confidence": 0.85, "resolution": "receiver"})
        );
        assert_eq!(
            answer["results"][0][1],
            json!([10, 12, "function", "a.g", [11]])
        );
        assert_eq!(
            answer["results"][0][4],
            json!([40, 42, "function", "a.g", [41], 0.95, "scope"])
        );
        let mut out = String::new();
        text(shape, &answer, 5, "index fresh", &mut out);
        assert!(
            out.contains("  10 function a.g at 11 [receiver 0.85]\n"),
            "{out}"
        );
        assert!(out.contains("  40 function a.g at 41\n"), "{out}");
    }

    #[test]
    fn every_row_has_the_cells_its_schema_names() {
        let mut answer = json!({
            "query": {"kind": "refs", "name": "f", "form": "name"},
            "results": [{"file": "a.py", "line": 1, "col": 1, "kind": "read", "enclosing": null,
                         "resolution": "scope", "confidence": 1.0}]
        });
        tabulate(&mut answer);
        let (results, _) = Shape::Refs.schema();
        let schema = &results["items"]["items"];
        let titles: Vec<&str> = schema["title"]
            .as_str()
            .unwrap_or_default()
            .split(',')
            .collect();
        assert_eq!(
            titles[..4],
            ["line", "kind", "enclosing_line", "enclosing_qualname"]
        );
        assert!(answer.get("usual").is_none(), "one row says its own");
        let row = answer["results"][0][1].as_array().map_or(0, Vec::len);
        assert!(
            (6..=titles.len()).contains(&row),
            "{row} cells of {titles:?}"
        );
    }
}
