//! What a diff changes, what it impacts, and which tests to run.
//!
//! 1. The diff: the working tree (or, with `staged`, the staging index)
//!    against `HEAD` (or a base commit), file by file for the indexed
//!    files, as line hunks (`similar`'s Myers diff).
//! 2. The changed symbols: for each changed line, the innermost definition
//!    holding it (a deletion counts for the lines on both sides of it).
//! 3. Impact and tests, in one best-first walk up the graph from the
//!    changed symbols: along every edge into a reached symbol (calls,
//!    references, inheritance), the symbol holding the site is reached
//!    with the product of the confidences so far; a site inside a test
//!    (a test function, or a test block such as `it("…")`) reaches that
//!    test. Name-only guesses are followed only when asked (`--guesses`).
//!    Each test keeps its surest path to a change.
//! 4. A risk score, a heuristic ([`risk`]).

use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashMap, HashSet};

use plumb_store::Store;
use plumb_store::graph::GraphEdge;
use plumb_store::model::{FileStatus, OccurrenceKind, Resolution};
use similar::{DiffOp, TextDiff};

use super::Graph;
use super::answers::{ChangeReport, Changed, Hunk, Impacted, Risk, TestToRun};
use super::git::Repo;
use super::tests::Tests;
use crate::answer::Relation;
use crate::construction::is_constructor;
use crate::hint::{Hint, Surface};
use crate::{Error, Result};

/// Deepest walk from a change to a test. Chosen: a unit test calls the
/// code under test directly or through a helper or two; an integration
/// test through a handful of layers. Beyond, the path says little.
pub const TEST_DEPTH: u32 = 8;

/// Default depth of the impact listed. Chosen: as `impact`'s default plus
/// one, since a diff usually touches leaves.
pub const DEFAULT_CHANGES_DEPTH: u32 = 3;

/// Most dependents listed. Chosen: a reviewer's screenful; the count of
/// the rest is noted.
pub const IMPACT_LIMIT: usize = 200;

/// What to compare.
#[derive(Clone, Debug)]
pub struct Comparison {
    /// The base commit (`HEAD` by default).
    pub base: String,
    /// Compare the staging index instead of the working tree.
    pub staged: bool,
    /// Depth of the impact listed.
    pub depth: u32,
    /// Follow name-only guesses too.
    pub guesses: bool,
}

/// The report, and notes about what could not be read.
pub fn changes(
    store: &Store,
    comparison: &Comparison,
    surface: Surface,
) -> Result<(Option<ChangeReport>, Vec<String>)> {
    let root = store
        .root()
        .ok_or_else(|| Error::Input("the index is not inside a root directory".into()))?
        .to_owned();
    let repo = Repo::open(&root)?;
    let old = repo.tree_blobs(&comparison.base)?;
    let mut notes = Vec::new();
    let compared = if comparison.staged {
        format!("the staging index against {}", comparison.base)
    } else {
        format!("the working tree against {}", comparison.base)
    };
    let staged = if comparison.staged {
        Some(repo.staged_blobs()?)
    } else {
        None
    };
    let files = store.files()?;
    let mut texts: Vec<(String, String, String)> = Vec::new();
    let mut stale = Vec::new();
    for file in files.iter().filter(|f| f.status == FileStatus::Indexed) {
        let old_id = old.get(&file.path);
        let (new_text, new_id) = match &staged {
            Some(blobs) => match blobs.get(&file.path) {
                Some(id) => (repo.blob_text(*id)?, *id),
                None => continue,
            },
            None => {
                let Ok(bytes) = std::fs::read(root.join(&file.path)) else {
                    continue;
                };
                let hash = blake3::hash(&bytes).to_hex().to_string();
                if file.hash.as_deref() != Some(hash.as_str()) {
                    stale.push(file.path.clone());
                }
                let id = repo.blob_id(&bytes)?;
                (String::from_utf8_lossy(&bytes).into_owned(), id)
            }
        };
        if old_id == Some(&new_id) {
            continue;
        }
        let old_text = match old_id {
            Some(id) => repo.blob_text(*id)?,
            None => String::new(),
        };
        texts.push((file.path.clone(), old_text, new_text));
    }
    if !stale.is_empty() {
        let stale_note = format!(
            "{} changed file(s) differ from the index, so their symbols are approximate",
            stale.len()
        );
        notes.push(format!(
            "{}: {}",
            Hint::Reindex.after(&stale_note, surface),
            stale.iter().take(5).cloned().collect::<Vec<_>>().join(", ")
        ));
    }
    let indexed: HashSet<&str> = files.iter().map(|f| f.path.as_str()).collect();
    let mut deleted: Vec<&String> = old
        .keys()
        .filter(|path| indexed.contains(path.as_str()) && !root.join(path).exists())
        .collect();
    deleted.sort();
    if !deleted.is_empty() {
        notes.push(format!(
            "{} indexed file(s) deleted; their symbols are not in the index to map: {}",
            deleted.len(),
            deleted
                .iter()
                .take(5)
                .map(|p| p.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    if texts.is_empty() {
        return Ok((None, notes));
    }
    texts.sort();
    let graph = Graph::load(store)?;
    let tests = Tests::find(&graph);
    let mut hunks = Vec::new();
    for (path, old_text, new_text) in &texts {
        hunks.extend(diff_hunks(path, old_text, new_text));
    }
    let changed = changed_symbols(&graph, &hunks);
    let walk = walk(&graph, &tests, &changed, &hunks, comparison);
    let changed_lines: u32 = hunks.iter().map(|h| h.added.max(h.removed)).sum();
    let risk = risk(&graph, &tests, &changed, &walk, changed_lines);
    let mut impacted: Vec<Impacted> = walk.impacted(&graph, comparison.depth);
    if impacted.len() > IMPACT_LIMIT {
        notes.push(format!(
            "{} more dependents not listed (the {IMPACT_LIMIT} nearest and surest are)",
            impacted.len() - IMPACT_LIMIT
        ));
        impacted.truncate(IMPACT_LIMIT);
    }
    let report = ChangeReport {
        compared,
        changed: changed
            .iter()
            .map(|(at, lines)| Changed {
                symbol: graph.symbol(*at),
                lines: *lines,
            })
            .collect(),
        hunks,
        impacted,
        tests: walk.tests(&graph, &tests),
        risk,
    };
    Ok((Some(report), notes))
}

/// The hunks between two texts of `path`.
pub fn diff_hunks(path: &str, old: &str, new: &str) -> Vec<Hunk> {
    let diff = TextDiff::from_lines(old, new);
    let mut hunks = Vec::new();
    for group in diff.grouped_ops(0) {
        let mut start = u32::MAX;
        let mut end = 0;
        let mut added = 0;
        let mut removed = 0;
        for op in group {
            let (new_start, new_len, old_len) = match op {
                DiffOp::Equal { .. } => continue,
                DiffOp::Insert {
                    new_index, new_len, ..
                } => (new_index, new_len, 0),
                DiffOp::Delete {
                    new_index, old_len, ..
                } => (new_index, 0, old_len),
                DiffOp::Replace {
                    new_index,
                    new_len,
                    old_len,
                    ..
                } => (new_index, new_len, old_len),
            };
            // 1-based; a pure deletion spans the line before it (or line 1).
            let first = if new_len == 0 {
                new_start.max(1)
            } else {
                new_start + 1
            };
            let last = if new_len == 0 {
                first
            } else {
                new_start + new_len
            };
            start = start.min(first as u32);
            end = end.max(last as u32);
            added += new_len as u32;
            removed += old_len as u32;
        }
        if start != u32::MAX {
            hunks.push(Hunk {
                file: path.to_owned(),
                start,
                end,
                added,
                removed,
            });
        }
    }
    hunks
}

/// The innermost definition holding each changed line, with its count of
/// changed lines, in file and line order.
fn changed_symbols(graph: &Graph, hunks: &[Hunk]) -> Vec<(usize, u32)> {
    let mut by_file: HashMap<&str, Vec<usize>> = HashMap::new();
    for (at, symbol) in graph.symbols.iter().enumerate() {
        by_file.entry(symbol.file.as_str()).or_default().push(at);
    }
    let mut counts: HashMap<usize, u32> = HashMap::new();
    for hunk in hunks {
        let Some(symbols) = by_file.get(hunk.file.as_str()) else {
            continue;
        };
        let lines: Vec<u32> = if hunk.added == 0 {
            // A deletion touches the lines on both sides of it.
            vec![hunk.start, hunk.start + 1]
        } else {
            (hunk.start..=hunk.end).collect()
        };
        let mut seen_line = HashSet::new();
        for line in lines {
            let innermost = symbols
                .iter()
                .copied()
                .filter(|&at| {
                    let s = &graph.symbols[at];
                    s.start_line <= line && line <= s.end_line
                })
                .min_by_key(|&at| {
                    let s = &graph.symbols[at];
                    (s.end_line - s.start_line, std::cmp::Reverse(s.start_line))
                });
            if let Some(at) = innermost
                && seen_line.insert((at, line))
            {
                *counts.entry(at).or_default() += 1;
            }
        }
    }
    let mut changed: Vec<(usize, u32)> = counts.into_iter().collect();
    changed.sort();
    changed
}

/// A reached symbol: how surely, how far, how, and from where.
#[derive(Clone, Copy)]
struct Reach {
    confidence: f64,
    depth: u32,
    relation: Relation,
    /// The symbol one step nearer the change (`None` for a changed one).
    towards: Option<usize>,
    /// The changed symbol the walk started from.
    origin: usize,
}

/// A test reached, with its surest path.
struct TestReach {
    confidence: f64,
    /// The symbol the site inside the test refers to (`None`: the test changed).
    first: Option<usize>,
}

/// The walk's result.
struct Walk {
    reached: HashMap<usize, Reach>,
    tests: HashMap<usize, TestReach>,
    /// Changed symbols some test reaches.
    tested: HashSet<usize>,
}

/// Heap entry: surest first, then nearest, then by position.
#[derive(PartialEq)]
struct Entry(f64, u32, usize);

impl Eq for Entry {}

impl Ord for Entry {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0
            .total_cmp(&other.0)
            .then_with(|| other.1.cmp(&self.1))
            .then_with(|| other.2.cmp(&self.2))
    }
}

impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

fn relation(kind: OccurrenceKind) -> Relation {
    match kind {
        OccurrenceKind::Call | OccurrenceKind::Instantiate => Relation::Caller,
        OccurrenceKind::Inherit | OccurrenceKind::Implement => Relation::Subtype,
        _ => Relation::Referencer,
    }
}

fn walk(
    graph: &Graph,
    tests: &Tests,
    changed: &[(usize, u32)],
    hunks: &[Hunk],
    comparison: &Comparison,
) -> Walk {
    let mut result = Walk {
        reached: HashMap::new(),
        tests: HashMap::new(),
        tested: HashSet::new(),
    };
    // A test whose own lines changed is to run, surely.
    for hunk in hunks {
        for line in hunk.start..=hunk.end {
            for test in tests.at(&hunk.file, line) {
                result.tests.insert(
                    test,
                    TestReach {
                        confidence: 1.0,
                        first: None,
                    },
                );
            }
        }
    }
    let mut heap = BinaryHeap::new();
    for &(at, _) in changed {
        result.reached.insert(
            at,
            Reach {
                confidence: 1.0,
                depth: 0,
                relation: Relation::Referencer,
                towards: None,
                origin: at,
            },
        );
        heap.push(Entry(1.0, 0, at));
    }
    while let Some(Entry(confidence, depth, at)) = heap.pop() {
        let Some(reach) = result.reached.get(&at).copied() else {
            continue;
        };
        if confidence < reach.confidence || depth >= TEST_DEPTH {
            continue;
        }
        for edge in incoming_with_construction(graph, at) {
            if edge.method == Resolution::NameOnly && !comparison.guesses {
                continue;
            }
            if edge.kind == OccurrenceKind::Import {
                continue;
            }
            let surety = confidence * edge.confidence;
            for test in tests.at(&edge.file, edge.line) {
                result.tested.insert(reach.origin);
                let better = result
                    .tests
                    .get(&test)
                    .is_none_or(|t| t.confidence < surety);
                if better {
                    result.tests.insert(
                        test,
                        TestReach {
                            confidence: surety,
                            first: Some(at),
                        },
                    );
                }
            }
            let Some(source) = edge.source.and_then(|id| graph.at(id)) else {
                continue;
            };
            let better = result
                .reached
                .get(&source)
                .is_none_or(|r| r.confidence < surety);
            if better {
                result.reached.insert(
                    source,
                    Reach {
                        confidence: surety,
                        depth: depth + 1,
                        relation: relation(edge.kind),
                        towards: Some(at),
                        origin: reach.origin,
                    },
                );
                heap.push(Entry(surety, depth + 1, source));
            }
        }
    }
    result
}

/// The edges into the symbol at `at`; for a constructor, also the
/// instantiations of its class (a site `User(…)` runs `User.__init__`).
fn incoming_with_construction(graph: &Graph, at: usize) -> impl Iterator<Item = &GraphEdge> {
    let symbol = &graph.symbols[at];
    let class = symbol
        .parent_id
        .and_then(|id| graph.at(id))
        .filter(|&parent| {
            let parent = &graph.symbols[parent];
            is_constructor(&symbol.name, &parent.name, parent.kind)
        });
    let instantiations = class
        .into_iter()
        .flat_map(|class| graph.incoming(class))
        .map(|&edge| &graph.edges[edge])
        .filter(|edge| edge.kind == OccurrenceKind::Instantiate);
    graph
        .incoming(at)
        .iter()
        .map(|&edge| &graph.edges[edge])
        .chain(instantiations)
}

impl Walk {
    /// The qualified names from `at` to the change it was reached from.
    fn chain(&self, graph: &Graph, at: usize) -> Vec<String> {
        let mut names = vec![graph.symbols[at].qualname.clone()];
        let mut current = at;
        while let Some(next) = self.reached.get(&current).and_then(|r| r.towards) {
            if names.len() > TEST_DEPTH as usize + 1 {
                break;
            }
            names.push(graph.symbols[next].qualname.clone());
            current = next;
        }
        names
    }

    fn impacted(&self, graph: &Graph, depth: u32) -> Vec<Impacted> {
        let mut list: Vec<Impacted> = self
            .reached
            .iter()
            .filter(|(_, r)| (1..=depth).contains(&r.depth))
            .map(|(&at, r)| Impacted {
                symbol: graph.symbol(at),
                depth: r.depth,
                relation: r.relation,
                changed: graph.symbols[r.origin].qualname.clone(),
                confidence: round(r.confidence),
            })
            .collect();
        list.sort_by(|a, b| {
            a.depth
                .cmp(&b.depth)
                .then_with(|| b.confidence.total_cmp(&a.confidence))
                .then_with(|| a.symbol.cmp(&b.symbol))
        });
        list
    }

    fn tests(&self, graph: &Graph, tests: &Tests) -> Vec<TestToRun> {
        let graph_names = |reach: &TestReach, test: &super::tests::Test| -> Vec<String> {
            let mut path = vec![test.name.clone()];
            if let Some(first) = reach.first {
                path.extend(self.chain(graph, first));
            }
            path
        };
        let mut list: Vec<TestToRun> = self
            .tests
            .iter()
            .map(|(&at, reach)| {
                let test = &tests.tests[at];
                TestToRun {
                    name: test.name.clone(),
                    file: test.file.clone(),
                    line: test.line,
                    framework: test.framework.to_owned(),
                    path: graph_names(reach, test),
                    confidence: round(reach.confidence),
                }
            })
            .collect();
        list.sort_by(|a, b| {
            b.confidence
                .total_cmp(&a.confidence)
                .then_with(|| a.file.cmp(&b.file))
                .then_with(|| a.line.cmp(&b.line))
        });
        list
    }
}

fn round(value: f64) -> f64 {
    (value * 1000.0).round() / 1000.0
}

/// Weights of the risk terms. Chosen, not fitted: breadth and missing
/// tests matter most, exposure and size less.
const RISK_WEIGHTS: [f64; 4] = [0.35, 0.35, 0.15, 0.15];
/// Dependents at which breadth reaches 1 - 1/e. Chosen.
const BREADTH_SCALE: f64 = 25.0;
/// Changed lines at which size reaches 1. Chosen: a large review.
const SIZE_SCALE: f64 = 300.0;

/// The change-risk score, a heuristic:
/// `0.35·breadth + 0.35·untested + 0.15·exposure + 0.15·size`, where
/// breadth = 1 − e^(−dependents/25) (dependents within the walk),
/// untested = the share of changed symbols no test reaches,
/// exposure = the share of changed symbols visible outside their module,
/// size = min(1, changed lines/300). A changed test counts as tested.
fn risk(graph: &Graph, tests: &Tests, changed: &[(usize, u32)], walk: &Walk, lines: u32) -> Risk {
    let dependents = walk.reached.values().filter(|r| r.depth > 0).count();
    let breadth = 1.0 - (-(dependents as f64) / BREADTH_SCALE).exp();
    let count = changed.len().max(1) as f64;
    let untested = if changed.is_empty() {
        0.0
    } else {
        changed
            .iter()
            .filter(|(at, _)| !walk.tested.contains(at) && !tests.is_test_symbol(graph, *at))
            .count() as f64
            / count
    };
    let exposure = changed
        .iter()
        .filter(|(at, _)| graph.symbols[*at].exported)
        .count() as f64
        / count;
    let size = (lines as f64 / SIZE_SCALE).min(1.0);
    let terms = [breadth, untested, exposure, size];
    let score: f64 = terms.iter().zip(RISK_WEIGHTS).map(|(t, w)| t * w).sum();
    let level = if score < 0.33 {
        "low"
    } else if score < 0.66 {
        "medium"
    } else {
        "high"
    };
    Risk {
        score: round(score),
        level: level.to_owned(),
        factors: vec![
            format!(
                "breadth {:.2} ({dependents} dependents within {TEST_DEPTH} hops)",
                breadth
            ),
            format!("untested {:.2} (changed symbols no test reaches)", untested),
            format!("exposure {:.2} (changed symbols exported)", exposure),
            format!("size {:.2} ({lines} changed lines)", size),
        ],
    }
}
