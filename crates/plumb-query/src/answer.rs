//! The answer types: the one JSON shape shared by `--json` and MCP.
//! Every field is documented here; README.md documents the same contract.
//! With the `schema` feature each type also derives `schemars::JsonSchema`,
//! from which the MCP server declares its output schemas.

use serde::Serialize;

use plumb_store::read::SymbolRow;
use plumb_store::records::ImplBlock;

/// A symbol as answers show it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Symbol {
    /// Name as written.
    pub name: String,
    /// Qualified name in the language's form (`shop.models.Cart.total`,
    /// `crate::shapes::Circle::area`, `src/models.Cart.total`).
    pub qualname: String,
    /// Kind (`function`, `method`, `class`, …; `module` for a file's top level,
    /// `impl` for a block in `outline`).
    pub kind: String,
    /// Path relative to the indexed root, `/`-separated.
    pub file: String,
    /// Line of the name (1-based).
    pub line: u32,
    /// Last line of the definition (1-based).
    pub end_line: u32,
    /// Declaration text up to the body, if any.
    pub signature: Option<String>,
}

impl Symbol {
    /// The answer form of a stored symbol.
    pub fn from_row(row: &SymbolRow) -> Symbol {
        Symbol {
            name: row.name.clone(),
            qualname: row.qualname.clone(),
            kind: row.kind.as_str().to_owned(),
            file: row.file.clone(),
            line: row.name_line,
            end_line: row.end_line,
            signature: row.signature.clone(),
        }
    }

    /// The pseudo-symbol standing for an `impl` block in `outline`, holding
    /// the members whose owner type is not defined in the file: its name is
    /// the block's header (`impl<T: Read> Read for &mut T`), its kind `impl`.
    pub fn impl_block(file: &str, block: &ImplBlock) -> Symbol {
        Symbol {
            name: block.header.clone(),
            qualname: block.header.clone(),
            kind: "impl".to_owned(),
            file: file.to_owned(),
            line: block.start_line,
            end_line: block.end_line,
            signature: None,
        }
    }

    /// The pseudo-symbol standing for the top level of `file`, used where a
    /// site sits in no definition.
    pub fn top_level(file: &str) -> Symbol {
        Symbol {
            name: file.rsplit('/').next().unwrap_or(file).to_owned(),
            qualname: file.to_owned(),
            kind: "module".to_owned(),
            file: file.to_owned(),
            line: 1,
            end_line: 1,
            signature: None,
        }
    }
}

/// Whether an answer lists everything there is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Completeness {
    /// Every relevant site was read and resolved.
    Exact,
    /// Something relevant could not be read or resolved: there may be more.
    LowerBound,
}

/// A whole answer: `{"query", "targets", "results", "completeness", "notes"}`.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Answer<R: Serialize> {
    /// What was asked, as understood.
    pub query: serde_json::Value,
    /// The symbols the query's NAME resolved to.
    pub targets: Vec<Symbol>,
    /// The results, shaped per query.
    pub results: R,
    /// Whether `results` is complete.
    pub completeness: Completeness,
    /// Ambiguities, trimmed results, unresolved counts, in words.
    pub notes: Vec<String>,
}

/// A site: where a reference is written.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Site {
    /// Path relative to the root.
    pub file: String,
    /// Line (1-based).
    pub line: u32,
    /// Column (1-based, bytes).
    pub col: u32,
}

/// One reference to a target (`refs`).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Reference {
    /// Path of the file containing the site.
    pub file: String,
    /// Line (1-based).
    pub line: u32,
    /// Column (1-based, bytes).
    pub col: u32,
    /// `call`, `import`, `inherit`, `implement`, `type`, `instantiate`, `read`.
    pub kind: String,
    /// Innermost symbol containing the site; null at a file's top level.
    pub enclosing: Option<Symbol>,
    /// The symbol referred to.
    pub target: Symbol,
    /// `scope`, `import`, `receiver`, `inheritance` or `name_only`.
    pub resolution: String,
    /// How sure, from 0 to 1.
    pub confidence: f64,
}

/// One caller of a target, with every call site in it (`callers`).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Caller {
    /// The calling symbol (a `module` pseudo-symbol for top-level code).
    pub caller: Symbol,
    /// Where it calls.
    pub sites: Vec<Site>,
    /// The strongest resolution among the sites.
    pub resolution: String,
    /// The highest confidence among the sites.
    pub confidence: f64,
}

/// One callee of a target, with every call site (`callees`).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Callee {
    /// The called symbol.
    pub callee: Symbol,
    /// Where it is called.
    pub sites: Vec<Site>,
    /// The strongest resolution among the sites.
    pub resolution: String,
    /// The highest confidence among the sites.
    pub confidence: f64,
}

/// One subtype or overriding member (`impls`).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Implementation {
    /// The subtype, implementor or overriding method.
    pub symbol: Symbol,
    /// Whether it derives from the target directly.
    pub direct: bool,
}

/// One dependent (`impact`).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Dependent {
    /// The dependent symbol.
    pub symbol: Symbol,
    /// Hops from the target (1 = depends on it directly).
    pub depth: u32,
    /// `caller`, `referencer` or `subtype`.
    pub relation: String,
}

/// A symbol with its nested children (`outline`).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct OutlineNode {
    /// The symbol.
    #[serde(flatten)]
    pub symbol: Symbol,
    /// Symbols defined inside it.
    pub children: Vec<OutlineNode>,
}

/// A symbol's full record (`symbol`).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SymbolDetail {
    /// The symbol.
    #[serde(flatten)]
    pub symbol: Symbol,
    /// First line of the span, attributes and decorators included.
    pub start_line: u32,
    /// Doc comment or docstring.
    pub doc: Option<String>,
    /// Whether it is visible outside its module.
    pub exported: bool,
    /// Qualified name of the enclosing symbol, if any.
    pub parent: Option<String>,
}
