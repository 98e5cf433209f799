//! Rows as the indexer writes them. Identifiers are chosen by the indexer
//! (files from 1; a file's symbols and occurrences in its own range,
//! [`crate::row_id`]) so that rows can be written without reading ids
//! back.

use crate::model::{FileStatus, OccurrenceKind, Resolution, SymbolKind};
use crate::span::{LineRange, Span};

/// One file found by the walk, indexed or not.
#[derive(Clone, Debug)]
pub struct FileRecord {
    /// Row id, unique per index.
    pub id: i64,
    /// Path relative to the indexed root, `/`-separated.
    pub path: String,
    /// Language name, when the extension is known.
    pub language: Option<&'static str>,
    /// blake3 of the content, when it was read.
    pub hash: Option<String>,
    /// Size in bytes as the file system reported it.
    pub size: u64,
    /// Modification time in nanoseconds since the epoch, when known.
    pub mtime_ns: Option<i64>,
    /// What happened to the file.
    pub status: FileStatus,
    /// Why it was not indexed (or what went wrong), in words.
    pub reason: Option<String>,
    /// Number of syntax-error nodes tree-sitter recovered from.
    pub syntax_errors: u32,
}

#[cfg(test)]
impl FileRecord {
    /// An indexed Rust file of one byte, nothing else known: the file row
    /// the store's tests hang their rows on.
    pub(crate) fn indexed(id: i64, path: &str) -> Self {
        FileRecord {
            id,
            path: path.to_owned(),
            language: Some("rust"),
            hash: None,
            size: 1,
            mtime_ns: None,
            status: FileStatus::Indexed,
            reason: None,
            syntax_errors: 0,
        }
    }
}

/// One definition.
#[derive(Clone, Debug)]
pub struct SymbolRecord {
    /// Row id, unique per index.
    pub id: i64,
    /// The file it is defined in.
    pub file_id: i64,
    /// Its name as written.
    pub name: String,
    /// Its qualified name in the language's own form.
    pub qualname: String,
    /// What it is.
    pub kind: SymbolKind,
    /// Its extent, decorators and attributes included.
    pub span: Span,
    /// Line of the name (1-based).
    pub name_line: u32,
    /// Column of the name (1-based, in bytes).
    pub name_col: u32,
    /// The declaration line(s) up to the body, whitespace folded.
    pub signature: Option<String>,
    /// The doc comment or docstring, markers stripped.
    pub doc: Option<String>,
    /// The enclosing symbol, if any.
    pub parent_id: Option<i64>,
    /// Whether it is visible outside its module (exported, `pub`, public name).
    pub exported: bool,
    /// The block it is a member of, when it is written in one that is not
    /// its own span (a Rust `impl`, a Swift `extension`).
    pub impl_block: Option<ImplBlock>,
}

/// An `impl` block (or `extension`) as written, the container a member is
/// written in: `impl<'a, R: Read<'a>> Read<'a> for &mut R`. Its members' owner
/// type may live in another file, or nowhere in the index (`impl Foo for u64`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ImplBlock {
    /// The header up to the body, whitespace folded.
    pub header: String,
    /// The block's lines. Only lines: the store keeps no bytes of a
    /// block, since answers show it by line and nothing cuts its text.
    pub lines: LineRange,
}

/// One reference site.
#[derive(Clone, Debug)]
pub struct OccurrenceRecord {
    /// Row id, unique per index.
    pub id: i64,
    /// The file the reference is in.
    pub file_id: i64,
    /// Line of the referenced name (1-based).
    pub line: u32,
    /// Column of the referenced name (1-based, in bytes).
    pub col: u32,
    /// What kind of reference it is.
    pub kind: OccurrenceKind,
    /// The name as written at the site.
    pub name: String,
    /// The receiver or qualifier text (`self`, `cart`, `crate::a`), if any.
    pub receiver: Option<String>,
    /// The innermost symbol containing the site, if any.
    pub enclosing_id: Option<i64>,
}

/// One candidate target of an occurrence. An occurrence with none is
/// unresolved; one with several is ambiguous.
#[derive(Clone, Copy, Debug)]
pub struct ResolutionRecord {
    /// The occurrence resolved.
    pub occurrence_id: i64,
    /// The symbol it refers to.
    pub symbol_id: i64,
    /// How it was decided.
    pub method: Resolution,
    /// How sure, from 0 to 1.
    pub confidence: f64,
}

/// One import as written, with the file it resolved to.
#[derive(Clone, Debug)]
pub struct ImportRecord {
    /// Row id, in the file's own range ([`crate::row_id`]).
    pub id: i64,
    /// The importing file.
    pub file_id: i64,
    /// Line of the import (1-based).
    pub line: u32,
    /// The module as written (`..models`, `./shapes`, `crate::a`).
    pub module: String,
    /// The imported name, when a name rather than a module is imported.
    pub name: Option<String>,
    /// The local alias, when it differs from the name.
    pub alias: Option<String>,
    /// The file the module resolved to, if it is in the index.
    pub resolved_file_id: Option<i64>,
}

/// One file's extracted facts as the facts cache keeps them, reference
/// sites aside: an opaque blob the indexer encodes, and the content hash
/// it was extracted from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CachedFacts {
    /// The content hash of the file they came from.
    pub hash: String,
    /// The facts.
    pub facts: Vec<u8>,
}
