//! Whole-graph reads for the analytics (communities, entry points,
//! processes, change impact): every symbol and every resolved edge, in one
//! pass each, as compact rows.

use crate::model::{OccurrenceKind, Resolution, SymbolKind};
use crate::{Error, Result, Store};

/// A symbol, as the whole-graph analyses need it.
#[derive(Clone, Debug, PartialEq)]
pub struct GraphSymbol {
    /// Row id.
    pub id: i64,
    /// Path of its file, relative to the root.
    pub file: String,
    /// Its file's language, if known.
    pub language: Option<String>,
    /// Name as written.
    pub name: String,
    /// Qualified name.
    pub qualname: String,
    /// Kind.
    pub kind: SymbolKind,
    /// First line of its extent (attributes and decorators included).
    pub start_line: u32,
    /// Line of its name.
    pub name_line: u32,
    /// Last line of its extent.
    pub end_line: u32,
    /// Declaration text up to the body.
    pub signature: Option<String>,
    /// Enclosing symbol.
    pub parent_id: Option<i64>,
    /// Visible outside its module.
    pub exported: bool,
}

/// One resolved edge: a reference site and one of its candidate targets.
#[derive(Clone, Debug, PartialEq)]
pub struct GraphEdge {
    /// The symbol containing the site; `None` at a file's top level.
    pub source: Option<i64>,
    /// The target symbol.
    pub target: i64,
    /// Kind of reference.
    pub kind: OccurrenceKind,
    /// How the target was decided.
    pub method: Resolution,
    /// How sure.
    pub confidence: f64,
    /// File of the site.
    pub file: String,
    /// Line of the site.
    pub line: u32,
}

impl Store {
    /// Every symbol of the index, by file then line.
    pub fn graph_symbols(&self) -> Result<Vec<GraphSymbol>> {
        let rows: Vec<std::result::Result<GraphSymbol, String>> = self.collected(
            "SELECT s.id, f.path, f.language, s.name, s.qualname, s.kind, s.start_line,
                    s.name_line, s.end_line, s.signature, s.parent_id, s.exported
             FROM symbols s JOIN files f ON f.id = s.file_id
             ORDER BY f.path, s.start_line, s.id",
            |row| {
                let kind: String = row.get(5)?;
                let Some(kind) = SymbolKind::parse(&kind) else {
                    return Ok(Err(format!("unknown symbol kind {kind:?}")));
                };
                Ok(Ok(GraphSymbol {
                    id: row.get(0)?,
                    file: row.get(1)?,
                    language: row.get(2)?,
                    name: row.get(3)?,
                    qualname: row.get(4)?,
                    kind,
                    start_line: row.get(6)?,
                    name_line: row.get(7)?,
                    end_line: row.get(8)?,
                    signature: row.get(9)?,
                    parent_id: row.get(10)?,
                    exported: row.get(11)?,
                }))
            },
        )?;
        rows.into_iter()
            .map(|row| row.map_err(|what| self.corrupt_graph(what)))
            .collect()
    }

    /// Every resolved edge of the index, by file then line.
    pub fn graph_edges(&self) -> Result<Vec<GraphEdge>> {
        let rows: Vec<std::result::Result<GraphEdge, String>> = self.collected(
            "SELECT o.enclosing_id, r.symbol_id, o.kind, r.method, r.confidence, f.path, o.line
             FROM resolutions r
             JOIN occurrences o ON o.id = r.occurrence_id
             JOIN files f ON f.id = o.file_id
             ORDER BY f.path, o.line, o.id, r.symbol_id",
            |row| {
                let kind: String = row.get(2)?;
                let method: String = row.get(3)?;
                let (Some(kind), Some(method)) =
                    (OccurrenceKind::parse(&kind), Resolution::parse(&method))
                else {
                    return Ok(Err(format!(
                        "unknown occurrence kind {kind:?} or method {method:?}"
                    )));
                };
                Ok(Ok(GraphEdge {
                    source: row.get(0)?,
                    target: row.get(1)?,
                    kind,
                    method,
                    confidence: row.get(4)?,
                    file: row.get(5)?,
                    line: row.get(6)?,
                }))
            },
        )?;
        rows.into_iter()
            .map(|row| row.map_err(|what| self.corrupt_graph(what)))
            .collect()
    }

    fn corrupt_graph(&self, what: String) -> Error {
        Error::Corrupt {
            path: self.path.clone(),
            what,
        }
    }

    /// The indexed root: the directory holding the index directory.
    pub fn root(&self) -> Option<&std::path::Path> {
        self.path.parent()?.parent()
    }
}
