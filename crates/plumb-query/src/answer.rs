//! The answer types: the one JSON shape shared by `--json` and MCP.
//! Every field is documented here; README.md documents the same contract.
//! With the `schema` feature each type also derives `schemars::JsonSchema`,
//! from which the MCP server declares its output schemas.

use std::cmp::Ordering;
use std::fmt;

use serde::{Serialize, Serializer};

use plumb_store::model::{OccurrenceKind, Resolution, SymbolKind};
use plumb_store::read::SymbolRow;
use plumb_store::records::ImplBlock;

use crate::locator::Form;

/// A symbol's kind in answers: a stored kind, or the `impl` pseudo kind of
/// an `impl` block in `outline` (a file's top level is a `module`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A kind of definition, as stored.
    Defined(SymbolKind),
    /// An `impl` block (Swift: `extension`) holding members of a type
    /// defined elsewhere.
    Impl,
}

impl Kind {
    /// The kind of the pseudo-symbol standing for a file's top level.
    pub const TOP_LEVEL: Kind = Kind::Defined(SymbolKind::Module);

    /// The kind's text in answers (`function`, `impl`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Defined(kind) => kind.as_str(),
            Kind::Impl => "impl",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// Ordered by text, as answers sort symbols.
impl Ord for Kind {
    fn cmp(&self, other: &Kind) -> Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl PartialOrd for Kind {
    fn partial_cmp(&self, other: &Kind) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Serialize for Kind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// The kinds as a string enum.
#[cfg(feature = "schema")]
impl schemars::JsonSchema for Kind {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Kind".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let kinds: Vec<&str> = SymbolKind::ALL
            .iter()
            .map(|kind| kind.as_str())
            .chain([Kind::Impl.as_str()])
            .collect();
        schemars::json_schema!({"type": "string", "enum": kinds})
    }
}

// How a site refers to its target; also the `kind` filter of `refs`,
// whose input schema shows the doc line below.
/// An occurrence kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)] // Variant docs would bloat the input schema.
pub enum RefKind {
    Call,
    Import,
    Inherit,
    Implement,
    Type,
    Instantiate,
    Read,
    Write,
}

impl From<OccurrenceKind> for RefKind {
    fn from(kind: OccurrenceKind) -> RefKind {
        match kind {
            OccurrenceKind::Call => RefKind::Call,
            OccurrenceKind::Import => RefKind::Import,
            OccurrenceKind::Inherit => RefKind::Inherit,
            OccurrenceKind::Implement => RefKind::Implement,
            OccurrenceKind::Type => RefKind::Type,
            OccurrenceKind::Instantiate => RefKind::Instantiate,
            OccurrenceKind::Read => RefKind::Read,
            OccurrenceKind::Write => RefKind::Write,
        }
    }
}

impl fmt::Display for RefKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl RefKind {
    /// The kind's name in answers.
    pub fn as_str(self) -> &'static str {
        match self {
            RefKind::Call => "call",
            RefKind::Import => "import",
            RefKind::Inherit => "inherit",
            RefKind::Implement => "implement",
            RefKind::Type => "type",
            RefKind::Instantiate => "instantiate",
            RefKind::Read => "read",
            RefKind::Write => "write",
        }
    }
}

/// How an edge was resolved, strongest first: `scope`, `import`,
/// `receiver`, `inheritance` or `name_only`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Method(pub Resolution);

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.0.as_str())
    }
}

impl Serialize for Method {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.0.as_str())
    }
}

/// The methods as a string enum.
#[cfg(feature = "schema")]
impl schemars::JsonSchema for Method {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Method".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let methods: Vec<&str> = Resolution::ALL.iter().map(|m| m.as_str()).collect();
        schemars::json_schema!({"type": "string", "enum": methods})
    }
}

/// How a dependent depends on the target (`impact`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Relation {
    /// It calls the target.
    Caller,
    /// It refers to the target otherwise.
    Referencer,
    /// It derives from the target, or overrides it.
    Subtype,
}

impl Relation {
    /// The relation's name in answers.
    pub fn as_str(self) -> &'static str {
        match self {
            Relation::Caller => "caller",
            Relation::Referencer => "referencer",
            Relation::Subtype => "subtype",
        }
    }
}

impl fmt::Display for Relation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// What was asked, as understood: serialised as an object whose `kind`
/// names the query, with the query's own arguments beside it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Query {
    /// `symbol NAME`.
    Symbol {
        /// The NAME, as written (a path made root-relative).
        name: String,
        /// How NAME was read.
        form: Form,
    },
    /// `outline FILE`.
    Outline {
        /// The file, root-relative.
        file: String,
        /// The deepest level listed, when limited.
        #[serde(skip_serializing_if = "Option::is_none")]
        depth: Option<u32>,
    },
    /// `refs NAME`.
    Refs {
        /// The NAME.
        name: String,
        /// How NAME was read.
        form: Form,
        /// The one reference kind listed, when filtered.
        #[serde(skip_serializing_if = "Option::is_none")]
        ref_kind: Option<RefKind>,
    },
    /// `callers NAME`.
    Callers {
        /// The NAME.
        name: String,
        /// How NAME was read.
        form: Form,
    },
    /// `callees NAME`.
    Callees {
        /// The NAME.
        name: String,
        /// How NAME was read.
        form: Form,
    },
    /// `impls NAME`.
    Impls {
        /// The NAME.
        name: String,
        /// How NAME was read.
        form: Form,
        /// Whether indirect subtypes are listed too.
        transitive: bool,
    },
    /// `impact NAME`.
    Impact {
        /// The NAME.
        name: String,
        /// How NAME was read.
        form: Form,
        /// Hops followed.
        depth: u32,
    },
    /// `search TEXT`.
    Search {
        /// The text, trimmed.
        text: String,
    },
    /// `status`.
    Status,
    /// `communities`.
    Communities,
    /// `entrypoints`.
    Entrypoints {
        /// The one kind listed, when filtered.
        #[serde(skip_serializing_if = "Option::is_none")]
        entry_kind: Option<crate::analytics::answers::EntryKind>,
    },
    /// `processes [NAME]`.
    Processes {
        /// The entry point's name, when one was asked.
        #[serde(skip_serializing_if = "Option::is_none")]
        name: Option<String>,
    },
    /// `cochange FILE|NAME`.
    Cochange {
        /// The FILE or NAME, as asked (a path made root-relative).
        target: String,
        /// The file whose history was read.
        file: String,
        /// The definition asked about, when NAME named one.
        #[serde(skip_serializing_if = "Option::is_none")]
        symbol: Option<String>,
        /// Commits that changed the file, or the definition's lines (bulk
        /// commits excluded).
        commits: u32,
    },
    /// `changes`.
    Changes {
        /// The commit compared against.
        base: String,
        /// Whether the staging index was compared instead of the working tree.
        staged: bool,
        /// Hops of dependents listed.
        depth: u32,
    },
    /// `sql QUERY`.
    Sql {
        /// The statement, as given.
        sql: String,
        /// The result's column names, in order.
        columns: Vec<String>,
    },
}

impl Query {
    /// The query's name (`callers`), as its `kind` tag.
    pub fn kind(&self) -> &'static str {
        match self {
            Query::Symbol { .. } => "symbol",
            Query::Outline { .. } => "outline",
            Query::Refs { .. } => "refs",
            Query::Callers { .. } => "callers",
            Query::Callees { .. } => "callees",
            Query::Impls { .. } => "impls",
            Query::Impact { .. } => "impact",
            Query::Search { .. } => "search",
            Query::Status => "status",
            Query::Communities => "communities",
            Query::Entrypoints { .. } => "entrypoints",
            Query::Processes { .. } => "processes",
            Query::Cochange { .. } => "cochange",
            Query::Changes { .. } => "changes",
            Query::Sql { .. } => "sql",
        }
    }

    /// What the query is about: the NAME, file or text (empty for `status`).
    pub fn subject(&self) -> &str {
        match self {
            Query::Symbol { name, .. }
            | Query::Refs { name, .. }
            | Query::Callers { name, .. }
            | Query::Callees { name, .. }
            | Query::Impls { name, .. }
            | Query::Impact { name, .. } => name,
            Query::Outline { file, .. } => file,
            Query::Search { text } => text,
            Query::Status | Query::Communities => "",
            Query::Entrypoints { entry_kind } => entry_kind.map_or("", |k| k.as_str()),
            Query::Processes { name } => name.as_deref().unwrap_or(""),
            Query::Cochange { file, .. } => file,
            Query::Changes { base, .. } => base,
            Query::Sql { sql, .. } => sql,
        }
    }
}

/// A ranker of `search`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Ranker {
    /// The name: exact, prefix, or the words of a split name.
    Name,
    /// Words (BM25 over names, signature, doc comment and body words).
    Lexical,
    /// Meaning (embeddings' cosine similarity).
    Semantic,
}

/// A `search` result: a symbol, its fused score and the rankers that found it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SearchHit {
    /// The symbol.
    #[serde(flatten)]
    pub symbol: Symbol,
    /// Reciprocal-rank fusion score: the sum over the rankers that listed it
    /// of its ranker's weight / (60 + its rank there). Results are ordered by it, after exact
    /// and prefix name matches in `auto` mode.
    pub score: f64,
    /// The rankers that listed it (`name`, `lexical`, `semantic`).
    pub rankers: Vec<Ranker>,
}

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
    pub kind: Kind,
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
            kind: Kind::Defined(row.kind),
            file: row.file.clone(),
            line: row.name_line,
            end_line: row.span.end_line(),
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
            kind: Kind::Impl,
            file: file.to_owned(),
            line: block.lines.start(),
            end_line: block.lines.end(),
            signature: None,
        }
    }

    /// The pseudo-symbol standing for the top level of `file`, used where a
    /// site sits in no definition.
    pub fn top_level(file: &str) -> Symbol {
        Symbol {
            name: file.rsplit('/').next().unwrap_or(file).to_owned(),
            qualname: file.to_owned(),
            kind: Kind::TOP_LEVEL,
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
pub struct Answer<R> {
    /// What was asked, as understood.
    pub query: Query,
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
    /// `call`, `import`, `inherit`, `implement`, `type`, `instantiate`, `read`, `write`.
    pub kind: RefKind,
    /// Innermost symbol containing the site; null at a file's top level.
    pub enclosing: Option<Enclosing>,
    /// The target referred to, when NAME matched several: its qualified
    /// name (with `file:line` where two targets share it). With one target,
    /// the answer's `targets` names it once.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// `scope`, `import`, `receiver`, `inheritance` or `name_only`.
    pub resolution: Method,
    /// How sure, from 0 to 1.
    pub confidence: f64,
}

/// The symbol a site is written in, named compactly (`refs`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Enclosing {
    /// Its qualified name.
    pub qualname: String,
    /// The line of its name (1-based).
    pub line: u32,
}

/// One caller of a target, with every call site in it (`callers`).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Caller {
    /// The calling symbol (a `module` pseudo-symbol for top-level code).
    pub caller: Symbol,
    /// The target this row belongs to, when NAME matched several: its
    /// qualified name (with `file:line` where two targets share it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// Where it calls.
    pub sites: Vec<Site>,
    /// The strongest resolution among the sites.
    pub resolution: Method,
    /// The highest confidence among the sites.
    pub confidence: f64,
}

/// One callee of a target, with every call site (`callees`).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Callee {
    /// The called symbol.
    pub callee: Symbol,
    /// The target this row belongs to, when NAME matched several: its
    /// qualified name (with `file:line` where two targets share it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// Where it is called.
    pub sites: Vec<Site>,
    /// The strongest resolution among the sites.
    pub resolution: Method,
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
    pub relation: Relation,
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
