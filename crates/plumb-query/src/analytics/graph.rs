//! The whole graph in memory for the analytics: every symbol and resolved
//! edge, indexed both ways, with the edge weights the analyses share.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use plumb_store::Store;
use plumb_store::graph::{GraphEdge, GraphSymbol};
use plumb_store::model::{FileStatus, OccurrenceKind, Resolution};

use crate::Result;
use crate::answer::Symbol;

/// Weight of a name-only edge relative to a resolved one of the same
/// confidence. Chosen: a name-only guess is one of several candidates
/// (the resolver's confidence already says so), and is discounted again
/// so that guesses never outweigh resolved structure.
pub const NAME_ONLY_WEIGHT: f64 = 0.25;

/// The graph read from one index.
pub struct Graph {
    /// Every symbol, by file then line.
    pub symbols: Vec<GraphSymbol>,
    /// Every resolved edge.
    pub edges: Vec<GraphEdge>,
    /// Every indexed file with its language, by path.
    pub files: Vec<(String, String)>,
    /// Position in `symbols` of each symbol id.
    position: HashMap<i64, usize>,
    /// For each symbol, the edges whose target it is.
    incoming: Vec<Vec<usize>>,
    /// For each symbol, the edges whose site it contains.
    outgoing: Vec<Vec<usize>>,
    /// The indexed root, for reading attribute lines.
    root: Option<PathBuf>,
}

impl Graph {
    /// Reads the whole graph of `store`.
    pub fn load(store: &Store) -> Result<Graph> {
        let symbols = store.graph_symbols()?;
        let edges = store.graph_edges()?;
        let mut files: Vec<(String, String)> = store
            .files()?
            .into_iter()
            .filter(|file| file.status == FileStatus::Indexed)
            .filter_map(|file| Some((file.path, file.language?)))
            .collect();
        files.sort();
        let position: HashMap<i64, usize> = symbols
            .iter()
            .enumerate()
            .map(|(at, symbol)| (symbol.id, at))
            .collect();
        let mut incoming = vec![Vec::new(); symbols.len()];
        let mut outgoing = vec![Vec::new(); symbols.len()];
        for (at, edge) in edges.iter().enumerate() {
            if let Some(&target) = position.get(&edge.target) {
                incoming[target].push(at);
            }
            if let Some(&source) = edge.source.and_then(|id| position.get(&id)) {
                outgoing[source].push(at);
            }
        }
        Ok(Graph {
            symbols,
            edges,
            files,
            position,
            incoming,
            outgoing,
            root: store.root().map(Path::to_owned),
        })
    }

    /// The position of symbol `id`.
    pub fn at(&self, id: i64) -> Option<usize> {
        self.position.get(&id).copied()
    }

    /// The symbols of `file` whose name is on `line` (symbols are sorted by
    /// file, so this is a binary search and a short scan).
    pub fn symbols_at<'a>(&'a self, file: &'a str, line: u32) -> impl Iterator<Item = usize> + 'a {
        let start = self.symbols.partition_point(|s| s.file.as_str() < file);
        self.symbols[start..]
            .iter()
            .take_while(move |s| s.file == file)
            .enumerate()
            .filter(move |(_, s)| s.name_line == line)
            .map(move |(offset, _)| start + offset)
    }

    /// The edges into the symbol at `at`.
    pub fn incoming(&self, at: usize) -> &[usize] {
        &self.incoming[at]
    }

    /// The edges out of the symbol at `at`.
    pub fn outgoing(&self, at: usize) -> &[usize] {
        &self.outgoing[at]
    }

    /// The answer form of the symbol at `at`.
    pub fn symbol(&self, at: usize) -> Symbol {
        let s = &self.symbols[at];
        Symbol {
            name: s.name.clone(),
            qualname: s.qualname.clone(),
            kind: crate::answer::Kind::Defined(s.kind),
            file: s.file.clone(),
            line: s.name_line,
            end_line: s.end_line,
            signature: s.signature.clone(),
        }
    }

    /// The indexed root.
    pub fn root(&self) -> Option<&Path> {
        self.root.as_deref()
    }

    /// The lines of `file` in the working tree, empty if it cannot be read.
    pub fn file_lines(&self, file: &str) -> Vec<String> {
        self.root
            .as_ref()
            .and_then(|root| std::fs::read(root.join(file)).ok())
            .map(|bytes| {
                String::from_utf8_lossy(&bytes)
                    .lines()
                    .map(str::to_owned)
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// The weight of an edge for the analyses: its confidence, discounted by
/// [`NAME_ONLY_WEIGHT`] for a name-only guess.
pub fn weight(edge: &GraphEdge) -> f64 {
    let discount = if edge.method == Resolution::NameOnly {
        NAME_ONLY_WEIGHT
    } else {
        1.0
    };
    edge.confidence * discount
}

/// Whether an edge is a call (or instantiation).
pub fn is_call(edge: &GraphEdge) -> bool {
    matches!(
        edge.kind,
        OccurrenceKind::Call | OccurrenceKind::Instantiate
    )
}
