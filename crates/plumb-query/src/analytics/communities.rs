//! Communities of the symbol graph: the definitions (functions, methods,
//! types, macros) as nodes, the edges between them (calls, references,
//! inheritance; a member's edges count for the definition holding it, and
//! a nested definition is tied to its container)
//! weighted by resolution confidence with name-only guesses discounted,
//! clustered by [`louvain`] and split into connected parts. Each community
//! gets a label (its dominant directory and most central names), its size,
//! its cohesion and its most central symbols.

use std::collections::HashMap;

use plumb_store::model::{OccurrenceKind, SymbolKind};

use super::Graph;
use super::answers::Community;
use super::graph::weight;
use super::louvain::{self, Adjacency};

/// Louvain's resolution. Chosen: the standard modularity (1.0).
pub const RESOLUTION: f64 = 1.0;

/// Weight of the tie between a member and the definition holding it (a
/// method and its class). Chosen: as strong as one sure edge, so that a
/// type's members stay with it unless their uses pull them elsewhere.
pub const CONTAINMENT_WEIGHT: f64 = 1.0;

/// Fewest symbols a community must have to be listed. Chosen: a single
/// definition, or a pair, is not a part of the architecture.
pub const MIN_SIZE: usize = 3;

/// Central symbols listed per community. Chosen: enough to name it.
const CENTRAL: usize = 5;

/// Files listed per community. Chosen: a glance.
const FILES: usize = 10;

/// Whether a symbol of this kind is a node (others count for their parent).
fn is_node(kind: SymbolKind) -> bool {
    kind.is_callable() || kind.is_type() || matches!(kind, SymbolKind::Macro)
}

/// The communities of `graph` with at least [`MIN_SIZE`] symbols, largest
/// first, and how many symbols with edges were left in smaller ones.
pub fn communities(graph: &Graph) -> (Vec<Community>, usize) {
    // Each symbol's node: itself, or its nearest ancestor that is one.
    let mut node_of: Vec<Option<usize>> = vec![None; graph.symbols.len()];
    let mut nodes: Vec<usize> = Vec::new();
    for (at, symbol) in graph.symbols.iter().enumerate() {
        if is_node(symbol.kind) {
            node_of[at] = Some(nodes.len());
            nodes.push(at);
        }
    }
    for at in 0..graph.symbols.len() {
        let mut current = graph.symbols[at].parent_id.and_then(|id| graph.at(id));
        // Bounded: a parent chain is a definition's nesting.
        for _ in 0..64 {
            if node_of[at].is_some() {
                break;
            }
            let Some(c) = current else { break };
            node_of[at] = node_of[c];
            current = graph.symbols[c].parent_id.and_then(|id| graph.at(id));
        }
    }
    let mut weights: Vec<HashMap<usize, f64>> = vec![HashMap::new(); nodes.len()];
    for edge in &graph.edges {
        if edge.kind == OccurrenceKind::Import {
            continue;
        }
        let (Some(source), Some(target)) = (
            edge.source
                .and_then(|id| graph.at(id))
                .and_then(|at| node_of[at]),
            graph.at(edge.target).and_then(|at| node_of[at]),
        ) else {
            continue;
        };
        if source == target {
            continue;
        }
        let w = weight(edge);
        *weights[source].entry(target).or_default() += w;
        *weights[target].entry(source).or_default() += w;
    }
    for (at, symbol) in graph.symbols.iter().enumerate() {
        let (Some(node), Some(parent)) = (
            node_of[at],
            symbol
                .parent_id
                .and_then(|id| graph.at(id))
                .and_then(|parent| node_of[parent]),
        ) else {
            continue;
        };
        if node != parent && nodes[node] == at {
            *weights[node].entry(parent).or_default() += CONTAINMENT_WEIGHT;
            *weights[parent].entry(node).or_default() += CONTAINMENT_WEIGHT;
        }
    }
    let adjacency: Adjacency = weights
        .into_iter()
        .map(|edges| {
            let mut edges: Vec<(usize, f64)> = edges.into_iter().collect();
            edges.sort_by_key(|(n, _)| *n);
            edges
        })
        .collect();
    let clustered = louvain::louvain(&adjacency, RESOLUTION);
    let parts = louvain::split_disconnected(&adjacency, &clustered);
    let mut members: Vec<Vec<usize>> = Vec::new();
    for (node, &part) in parts.iter().enumerate() {
        if adjacency[node].is_empty() {
            continue;
        }
        if members.len() <= part {
            members.resize(part + 1, Vec::new());
        }
        members[part].push(node);
    }
    let mut small = 0;
    let mut listed: Vec<Community> = Vec::new();
    for group in members.into_iter().filter(|g| !g.is_empty()) {
        if group.len() < MIN_SIZE {
            small += group.len();
            continue;
        }
        listed.push(describe(graph, &nodes, &adjacency, &parts, &group));
    }
    listed.sort_by(|a, b| {
        b.size
            .cmp(&a.size)
            .then_with(|| a.directory.cmp(&b.directory))
            .then_with(|| a.label.cmp(&b.label))
    });
    for (id, community) in listed.iter_mut().enumerate() {
        community.id = id;
    }
    (listed, small)
}

fn directory(file: &str) -> &str {
    file.rsplit_once('/').map_or(".", |(dir, _)| dir)
}

/// A community's label, cohesion, central symbols and files.
fn describe(
    graph: &Graph,
    nodes: &[usize],
    adjacency: &Adjacency,
    parts: &[usize],
    group: &[usize],
) -> Community {
    let part = parts[group[0]];
    let mut internal = 0.0;
    let mut total = 0.0;
    let mut degree: Vec<(f64, usize)> = Vec::with_capacity(group.len());
    for &node in group {
        let mut inside = 0.0;
        for &(other, w) in &adjacency[node] {
            total += w;
            if parts[other] == part {
                inside += w;
            }
        }
        internal += inside;
        degree.push((inside, node));
    }
    // Internal edges were counted from both ends, cut edges from one.
    let cut = total - internal;
    let cohesion = if internal + cut > 0.0 {
        (internal / 2.0) / (internal / 2.0 + cut)
    } else {
        0.0
    };
    degree.sort_by(|a, b| {
        b.0.total_cmp(&a.0).then_with(|| {
            graph.symbols[nodes[a.1]]
                .qualname
                .cmp(&graph.symbols[nodes[b.1]].qualname)
        })
    });
    let central: Vec<_> = degree
        .iter()
        .take(CENTRAL)
        .map(|&(_, node)| graph.symbol(nodes[node]))
        .collect();
    let mut files: HashMap<&str, usize> = HashMap::new();
    let mut directories: HashMap<&str, usize> = HashMap::new();
    for &node in group {
        let file = graph.symbols[nodes[node]].file.as_str();
        *files.entry(file).or_default() += 1;
        *directories.entry(directory(file)).or_default() += 1;
    }
    let by_count = |map: HashMap<&str, usize>| {
        let mut list: Vec<(&str, usize)> = map.into_iter().collect();
        list.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(b.0)));
        list.into_iter()
            .map(|(name, _)| name.to_owned())
            .collect::<Vec<_>>()
    };
    let directory = by_count(directories).into_iter().next().unwrap_or_default();
    let mut files = by_count(files);
    files.truncate(FILES);
    let names: Vec<&str> = central.iter().take(3).map(|s| s.name.as_str()).collect();
    Community {
        id: 0,
        label: format!("{directory}: {}", names.join(", ")),
        directory,
        size: group.len(),
        cohesion: (cohesion * 1000.0).round() / 1000.0,
        central,
        files,
    }
}
