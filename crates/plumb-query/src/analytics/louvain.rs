//! Louvain modularity clustering, followed by a repair pass that splits
//! every community that is not connected.
//!
//! Louvain: V. D. Blondel, J.-L. Guillaume, R. Lambiotte, E. Lefebvre,
//! "Fast unfolding of communities in large networks", J. Stat. Mech.
//! (2008) P10008 — local moving of nodes to the neighbouring community of
//! largest modularity gain, then aggregation of communities into nodes,
//! repeated while anything moves. Louvain can leave a community whose
//! members are not connected within it (V. A. Traag, L. Waltman, N. J. van
//! Eck, "From Louvain to Leiden: guaranteeing well-connected communities",
//! Sci. Rep. 9 (2019) 5233); [`split_disconnected`] splits each into its
//! connected parts, which is the guarantee Leiden's refinement gives first.
//! petgraph, the graph crate on the project's list, has no community
//! detection; rather than add another graph library for one algorithm,
//! it is kept here, in one module.
//!
//! Deterministic: nodes are visited in an order shuffled by a fixed seed,
//! and ties keep the current community or take the lowest one.

use std::collections::HashMap;

/// Seed of the visiting order. Chosen: any fixed value; fixed so that one
/// index always gives the same communities.
pub const SEED: u64 = 0x5eed_c0de_2008_0010;

/// Most local-moving passes per level. Chosen: passes converge within a
/// few dozen on every corpus tried; a bound keeps a pathological graph
/// from looping.
const MAX_PASSES: usize = 64;

/// A symmetric weighted graph: `adjacency[i]` lists `(j, weight)` once per
/// neighbour (both directions present for `i != j`; a self loop once).
pub type Adjacency = Vec<Vec<(usize, f64)>>;

/// The community of each node, numbered from 0 by first member.
pub fn louvain(adjacency: &Adjacency, resolution: f64) -> Vec<usize> {
    let mut membership: Vec<usize> = (0..adjacency.len()).collect();
    let mut graph = adjacency.clone();
    let mut rng = SEED;
    loop {
        let (level, moved) = local_moving(&graph, resolution, &mut rng);
        if !moved {
            break;
        }
        let (renumbered, count) = renumber(&level);
        for community in membership.iter_mut() {
            *community = renumbered[*community];
        }
        graph = aggregate(&graph, &renumbered, count);
    }
    renumber(&membership).0
}

/// One level of local moving: the community of each node, and whether any
/// node moved.
fn local_moving(graph: &Adjacency, resolution: f64, rng: &mut u64) -> (Vec<usize>, bool) {
    let n = graph.len();
    let degree: Vec<f64> = graph
        .iter()
        .map(|edges| edges.iter().map(|(_, w)| w).sum())
        .collect();
    let total: f64 = degree.iter().sum();
    let mut community: Vec<usize> = (0..n).collect();
    if total <= 0.0 {
        return (community, false);
    }
    let mut tot = degree.clone();
    let mut order: Vec<usize> = (0..n).collect();
    shuffle(&mut order, rng);
    let mut moved_any = false;
    let mut links: HashMap<usize, f64> = HashMap::new();
    for _ in 0..MAX_PASSES {
        let mut moved = false;
        for &node in &order {
            let current = community[node];
            links.clear();
            for &(other, w) in &graph[node] {
                if other != node {
                    *links.entry(community[other]).or_default() += w;
                }
            }
            tot[current] -= degree[node];
            let gain = |c: usize, k_in: f64| k_in - resolution * tot[c] * degree[node] / total;
            let mut best = current;
            let mut best_gain = gain(current, links.get(&current).copied().unwrap_or(0.0));
            let mut candidates: Vec<(&usize, &f64)> = links.iter().collect();
            candidates.sort_by_key(|(c, _)| **c);
            for (&c, &k_in) in candidates {
                let g = gain(c, k_in);
                if g > best_gain + 1e-12 {
                    best = c;
                    best_gain = g;
                }
            }
            tot[best] += degree[node];
            if best != current {
                community[node] = best;
                moved = true;
                moved_any = true;
            }
        }
        if !moved {
            break;
        }
    }
    (community, moved_any)
}

/// Communities numbered 0.. in order of first member, and their count.
fn renumber(community: &[usize]) -> (Vec<usize>, usize) {
    let mut numbers: HashMap<usize, usize> = HashMap::new();
    let renumbered = community
        .iter()
        .map(|c| {
            let next = numbers.len();
            *numbers.entry(*c).or_insert(next)
        })
        .collect();
    (renumbered, numbers.len())
}

/// The graph whose nodes are the communities of `graph`.
fn aggregate(graph: &Adjacency, community: &[usize], count: usize) -> Adjacency {
    let mut merged: Vec<HashMap<usize, f64>> = vec![HashMap::new(); count];
    for (node, edges) in graph.iter().enumerate() {
        for &(other, w) in edges {
            *merged[community[node]].entry(community[other]).or_default() += w;
        }
    }
    merged
        .into_iter()
        .map(|edges| {
            let mut edges: Vec<(usize, f64)> = edges.into_iter().collect();
            edges.sort_by_key(|(c, _)| *c);
            edges
        })
        .collect()
}

/// Splits each community into its connected parts (within the community),
/// numbering the parts from 0 in order of first member.
pub fn split_disconnected(adjacency: &Adjacency, community: &[usize]) -> Vec<usize> {
    let mut part = vec![usize::MAX; community.len()];
    let mut next = 0;
    for start in 0..community.len() {
        if part[start] != usize::MAX {
            continue;
        }
        part[start] = next;
        let mut stack = vec![start];
        while let Some(node) = stack.pop() {
            for &(other, w) in &adjacency[node] {
                if w > 0.0 && part[other] == usize::MAX && community[other] == community[node] {
                    part[other] = next;
                    stack.push(other);
                }
            }
        }
        next += 1;
    }
    part
}

/// Fisher–Yates with xorshift64*.
fn shuffle(items: &mut [usize], state: &mut u64) {
    for i in (1..items.len()).rev() {
        *state ^= *state >> 12;
        *state ^= *state << 25;
        *state ^= *state >> 27;
        let random = state.wrapping_mul(0x2545_f491_4f6c_dd1d);
        items.swap(i, (random % (i as u64 + 1)) as usize);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: usize, edges: &[(usize, usize)]) -> Adjacency {
        let mut adjacency = vec![Vec::new(); n];
        for &(a, b) in edges {
            adjacency[a].push((b, 1.0));
            adjacency[b].push((a, 1.0));
        }
        adjacency
    }

    #[test]
    fn two_cliques_joined_by_one_edge_are_two_communities() {
        let mut edges = Vec::new();
        for group in [0, 4] {
            for a in group..group + 4 {
                for b in a + 1..group + 4 {
                    edges.push((a, b));
                }
            }
        }
        edges.push((3, 4));
        let communities = louvain(&graph(8, &edges), 1.0);
        assert_eq!(communities, [0, 0, 0, 0, 1, 1, 1, 1]);
        assert_eq!(louvain(&graph(8, &edges), 1.0), communities);
    }

    #[test]
    fn a_disconnected_community_is_split() {
        let adjacency = graph(4, &[(0, 1), (2, 3)]);
        assert_eq!(split_disconnected(&adjacency, &[0, 0, 0, 0]), [0, 0, 1, 1]);
    }
}
