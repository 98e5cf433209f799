//! Processes: the bounded call tree from each entry point, breadth-first
//! along call edges (name-only guesses excluded: a process lists what is
//! known to run).

use std::collections::HashSet;

use plumb_store::model::Resolution;

use super::Graph;
use super::answers::{EntryKind, EntryPoint, Process, Step};
use super::graph::is_call;

/// Deepest call followed from an entry point. Chosen: a handler, the
/// services it calls and theirs; deeper steps are mostly shared utilities.
pub const PROCESS_DEPTH: u32 = 4;

/// Most steps listed per process. Chosen: a screenful; a larger process is
/// cut, and says so.
pub const PROCESS_STEPS: usize = 60;

/// The process starting at `entry`: from its definition's calls, or, for
/// a script block or a test block (no definition of their own), from the
/// calls written in its lines.
pub fn trace(graph: &Graph, entry: EntryPoint) -> Process {
    let mut seen: HashSet<usize> = HashSet::new();
    let definition = graph
        .symbols_at(&entry.symbol.file, entry.symbol.line)
        .find(|&at| graph.symbols[at].qualname == entry.symbol.qualname);
    let mut process = Process {
        entry,
        steps: Vec::new(),
        cut: false,
    };
    if let Some(at) = definition {
        seen.insert(at);
        expand(graph, vec![at], 1, &mut seen, &mut process);
        return process;
    }
    let symbol = &process.entry.symbol;
    let last = if process.entry.kind == EntryKind::ScriptBlock {
        u32::MAX
    } else {
        symbol.end_line.max(symbol.line)
    };
    let mut first = Vec::new();
    for edge in &graph.edges {
        if edge.file == symbol.file
            && (symbol.line..=last).contains(&edge.line)
            && is_call(edge)
            && edge.method != Resolution::NameOnly
            && let Some(target) = graph.at(edge.target)
            && seen.insert(target)
        {
            first.push(target);
        }
    }
    let via = symbol.qualname.clone();
    for &target in first.iter().take(PROCESS_STEPS) {
        process.steps.push(Step {
            symbol: graph.symbol(target),
            depth: 1,
            via: via.clone(),
        });
    }
    process.cut = first.len() > PROCESS_STEPS;
    expand(graph, first, 2, &mut seen, &mut process);
    process
}

fn expand(
    graph: &Graph,
    mut frontier: Vec<usize>,
    mut depth: u32,
    seen: &mut HashSet<usize>,
    process: &mut Process,
) {
    while !frontier.is_empty() && !process.cut {
        if depth > PROCESS_DEPTH {
            process.cut = true;
            return;
        }
        let mut next = Vec::new();
        for &at in &frontier {
            for &edge in graph.outgoing(at) {
                let edge = &graph.edges[edge];
                if !is_call(edge) || edge.method == Resolution::NameOnly {
                    continue;
                }
                let Some(target) = graph.at(edge.target) else {
                    continue;
                };
                if !seen.insert(target) {
                    continue;
                }
                if process.steps.len() == PROCESS_STEPS {
                    process.cut = true;
                    return;
                }
                process.steps.push(Step {
                    symbol: graph.symbol(target),
                    depth,
                    via: graph.symbols[at].qualname.clone(),
                });
                next.push(target);
            }
        }
        frontier = next;
        depth += 1;
    }
}
