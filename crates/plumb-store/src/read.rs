//! Typed reads for the query layer. Every function here answers from the
//! index alone; none touches the file system.

use rusqlite::{Row, params};

use crate::model::{FileStatus, OccurrenceKind, Resolution, SymbolKind};
use crate::records::{CachedFacts, ImplBlock};
use crate::span::{LineRange, Span};
use crate::{Error, Result, Store, tokens};

/// Whether some file was not indexed: read from the partial index
/// `files_unindexed` (see [`crate::schema::INDEXES`]), never a scan.
const HAS_UNINDEXED_FILES: &str =
    "SELECT EXISTS (SELECT 1 FROM files WHERE status NOT IN ('indexed', 'alias'))";

/// A symbol as read back, with its file's path.
#[derive(Clone, Debug, PartialEq)]
pub struct SymbolRow {
    /// Row id.
    pub id: i64,
    /// Path of its file, relative to the root.
    pub file: String,
    /// Name as written.
    pub name: String,
    /// Qualified name in the language's form.
    pub qualname: String,
    /// Kind.
    pub kind: SymbolKind,
    /// Its extent, attributes included.
    pub span: Span,
    /// Line of the name.
    pub name_line: u32,
    /// Column of the name (1-based).
    pub name_col: u32,
    /// Declaration text up to the body.
    pub signature: Option<String>,
    /// Doc comment.
    pub doc: Option<String>,
    /// Enclosing symbol.
    pub parent_id: Option<i64>,
    /// Visible outside its module.
    pub exported: bool,
    /// The `impl` block it is written in, if any (see [`ImplBlock`]).
    pub impl_block: Option<ImplBlock>,
}

/// One resolved reference: an occurrence joined with one of its targets.
#[derive(Clone, Debug, PartialEq)]
pub struct ReferenceRow {
    /// Occurrence row id.
    pub occurrence_id: i64,
    /// Path of the file containing the site.
    pub file: String,
    /// Line of the site (1-based).
    pub line: u32,
    /// Column of the site (1-based).
    pub col: u32,
    /// Kind of reference.
    pub kind: OccurrenceKind,
    /// Name as written.
    pub name: String,
    /// Receiver or qualifier text.
    pub receiver: Option<String>,
    /// Innermost symbol containing the site.
    pub enclosing_id: Option<i64>,
    /// The target symbol.
    pub target_id: i64,
    /// How the target was decided.
    pub method: Resolution,
    /// How sure.
    pub confidence: f64,
}

/// A file row as read back.
#[derive(Clone, Debug, PartialEq)]
pub struct FileRow {
    /// Path relative to the root.
    pub path: String,
    /// Language name.
    pub language: Option<String>,
    /// Content hash.
    pub hash: Option<String>,
    /// Size in bytes.
    pub size: u64,
    /// Modification time, nanoseconds since the epoch.
    pub mtime_ns: Option<i64>,
    /// What happened to it.
    pub status: FileStatus,
    /// Why, in words.
    pub reason: Option<String>,
    /// Syntax-error nodes recovered from.
    pub syntax_errors: u32,
}

/// What the index holds for one language.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LanguageStats {
    /// The language's name.
    pub language: String,
    /// Indexed files.
    pub files: u64,
    /// Symbols defined.
    pub symbols: u64,
    /// Reference sites.
    pub occurrences: u64,
    /// Call and instantiation sites.
    pub calls: u64,
    /// Call and instantiation sites with a target decided beyond the name
    /// alone (scope, import, receiver or inheritance).
    pub calls_resolved: u64,
}

/// Totals over the whole index.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Totals {
    /// Symbols.
    pub symbols: u64,
    /// Occurrences.
    pub occurrences: u64,
    /// Occurrences with at least one target.
    pub resolved_occurrences: u64,
    /// Resolution candidates, by method.
    pub by_method: Vec<(Resolution, u64)>,
}

const SYMBOL_COLUMNS: &str = "s.id, f.path, s.name, s.qualname, s.kind, s.start_line, s.end_line,
    s.start_byte, s.end_byte, s.name_line, s.name_col, s.signature, s.doc, s.parent_id, s.exported,
    s.impl_header, s.impl_start, s.impl_end";

const REFERENCE_COLUMNS: &str = "o.id, f.path, o.line, o.col, o.kind, o.name, o.receiver,
    o.enclosing_id, r.symbol_id, r.method, r.confidence";

/// Upper bound on full-text matches read per search. Chosen: far above any
/// answer a person or agent reads, low enough to keep a search instant.
const SEARCH_CANDIDATES: i64 = 2000;

impl Store {
    fn corrupt(&self, what: String) -> Error {
        Error::Corrupt {
            path: self.path.clone(),
            what,
        }
    }

    fn symbol_from(
        &self,
        row: &Row<'_>,
    ) -> rusqlite::Result<std::result::Result<SymbolRow, String>> {
        let kind: String = row.get(4)?;
        let Some(kind) = SymbolKind::parse(&kind) else {
            return Ok(Err(format!("unknown symbol kind {kind:?}")));
        };
        let span = match Span::new(row.get(5)?..=row.get(6)?, row.get(7)?..row.get(8)?) {
            Ok(span) => span,
            Err(invalid) => return Ok(Err(invalid.to_string())),
        };
        let impl_block = match (row.get(15)?, row.get(16)?, row.get(17)?) {
            (Some(header), Some(start_line), Some(end_line)) => {
                match LineRange::new(start_line..=end_line) {
                    Ok(lines) => Some(ImplBlock { header, lines }),
                    Err(invalid) => return Ok(Err(format!("impl block: {invalid}"))),
                }
            }
            _ => None,
        };
        Ok(Ok(SymbolRow {
            id: row.get(0)?,
            file: row.get(1)?,
            name: row.get(2)?,
            qualname: row.get(3)?,
            kind,
            span,
            name_line: row.get(9)?,
            name_col: row.get(10)?,
            signature: row.get(11)?,
            doc: row.get(12)?,
            parent_id: row.get(13)?,
            exported: row.get(14)?,
            impl_block,
        }))
    }

    fn reference_from(
        &self,
        row: &Row<'_>,
    ) -> rusqlite::Result<std::result::Result<ReferenceRow, String>> {
        let kind: String = row.get(4)?;
        let method: String = row.get(9)?;
        let (Some(kind), Some(method)) = (OccurrenceKind::parse(&kind), Resolution::parse(&method))
        else {
            return Ok(Err(format!(
                "unknown occurrence kind {kind:?} or method {method:?}"
            )));
        };
        Ok(Ok(ReferenceRow {
            occurrence_id: row.get(0)?,
            file: row.get(1)?,
            line: row.get(2)?,
            col: row.get(3)?,
            kind,
            name: row.get(5)?,
            receiver: row.get(6)?,
            enclosing_id: row.get(7)?,
            target_id: row.get(8)?,
            method,
            confidence: row.get(10)?,
        }))
    }

    /// Runs `sql` and decodes every row with `decode`, which reports a value
    /// this build cannot interpret as `Err(what)`.
    /// Every row of `sql` (no parameters), each made a `T` by `item`.
    pub(crate) fn collected<T, C: FromIterator<T>>(
        &self,
        sql: &str,
        item: impl FnMut(&Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<C> {
        let mut stmt = self.conn.prepare(sql).map_err(|e| self.err(e))?;
        let rows = stmt.query_map([], item).map_err(|e| self.err(e))?;
        rows.collect::<rusqlite::Result<_>>()
            .map_err(|e| self.err(e))
    }

    fn decoded_rows<T>(
        &self,
        sql: &str,
        args: impl rusqlite::Params,
        decode: impl Fn(&Row<'_>) -> rusqlite::Result<std::result::Result<T, String>>,
    ) -> Result<Vec<T>> {
        let mut stmt = self.conn.prepare_cached(sql).map_err(|e| self.err(e))?;
        let rows = stmt.query_map(args, decode).map_err(|e| self.err(e))?;
        let mut out = Vec::new();
        for row in rows {
            out.push(
                row.map_err(|e| self.err(e))?
                    .map_err(|what| self.corrupt(what))?,
            );
        }
        Ok(out)
    }

    fn symbols_where(
        &self,
        condition: &str,
        args: impl rusqlite::Params,
    ) -> Result<Vec<SymbolRow>> {
        let sql = format!(
            "SELECT {SYMBOL_COLUMNS} FROM symbols s JOIN files f ON f.id = s.file_id WHERE {condition}"
        );
        self.decoded_rows(&sql, args, |row| self.symbol_from(row))
    }

    fn references_where(
        &self,
        condition: &str,
        args: impl rusqlite::Params,
    ) -> Result<Vec<ReferenceRow>> {
        let sql = format!(
            "SELECT {REFERENCE_COLUMNS} FROM occurrences o
             JOIN resolutions r ON r.occurrence_id = o.id
             JOIN files f ON f.id = o.file_id WHERE {condition}
             ORDER BY f.path, o.line, o.col"
        );
        self.decoded_rows(&sql, args, |row| self.reference_from(row))
    }

    /// Symbols whose name is exactly `name`.
    pub fn symbols_named(&self, name: &str) -> Result<Vec<SymbolRow>> {
        self.symbols_where("s.name = ?1 ORDER BY f.path, s.start_line", [name])
    }

    /// Symbols whose name starts with `prefix` (case-sensitive).
    pub fn symbols_with_prefix(&self, prefix: &str, limit: usize) -> Result<Vec<SymbolRow>> {
        let upper = format!("{prefix}\u{10FFFF}");
        self.symbols_where(
            "s.name >= ?1 AND s.name < ?2 ORDER BY length(s.name), f.path, s.start_line LIMIT ?3",
            params![prefix, upper, limit as i64],
        )
    }

    /// Symbols whose split name contains every word of `query` (each as a
    /// prefix), best full-text rank first.
    pub fn symbols_matching_words(&self, query: &str) -> Result<Vec<SymbolRow>> {
        let words = tokens::split_identifier(query);
        if words.is_empty() {
            return Ok(Vec::new());
        }
        let expression = words
            .iter()
            .map(|w| format!("\"{w}\"*"))
            .collect::<Vec<_>>()
            .join(" AND ");
        self.symbols_where(
            "s.id IN (SELECT rowid FROM symbol_text WHERE symbol_text MATCH ?1 LIMIT ?2)
             ORDER BY length(s.name), f.path, s.start_line",
            params![expression, SEARCH_CANDIDATES],
        )
    }

    /// One symbol by id.
    pub fn symbol(&self, id: i64) -> Result<Option<SymbolRow>> {
        Ok(self.symbols_where("s.id = ?1", [id])?.pop())
    }

    /// Every symbol of one file, in source order.
    pub fn symbols_in_file(&self, path: &str) -> Result<Vec<SymbolRow>> {
        self.symbols_where("f.path = ?1 ORDER BY s.start_byte, s.end_byte DESC", [path])
    }

    /// Symbols of `path` whose span contains `line`, outermost first.
    pub fn symbols_containing_line(&self, path: &str, line: u32) -> Result<Vec<SymbolRow>> {
        self.symbols_where(
            "f.path = ?1 AND s.start_line <= ?2 AND s.end_line >= ?2
             ORDER BY s.start_byte, s.end_byte DESC",
            params![path, line],
        )
    }

    /// Direct children of a symbol, in source order.
    pub fn children(&self, parent_id: i64) -> Result<Vec<SymbolRow>> {
        self.symbols_where("s.parent_id = ?1 ORDER BY s.start_byte", [parent_id])
    }

    /// Every resolved reference whose target is `target_id`.
    pub fn references_to(&self, target_id: i64) -> Result<Vec<ReferenceRow>> {
        self.references_where("r.symbol_id = ?1", [target_id])
    }

    /// Every resolved import site that binds its name under the local name
    /// `alias` (`pub use a::B as alias;`), with the targets it resolved to.
    /// A site is matched to its import by line, module and name (the
    /// imports table keeps no column).
    pub fn aliased_imports(&self, alias: &str) -> Result<Vec<ReferenceRow>> {
        self.references_where(
            "o.kind = ?1 AND EXISTS (SELECT 1 FROM imports i WHERE i.file_id = o.file_id
             AND i.line = o.line AND i.module = coalesce(o.receiver, '') AND i.name = o.name
             AND i.alias = ?2)",
            params![OccurrenceKind::Import.as_str(), alias],
        )
    }

    /// Every resolved reference made from inside `enclosing_id` (directly).
    pub fn references_from(&self, enclosing_id: i64) -> Result<Vec<ReferenceRow>> {
        self.references_where("o.enclosing_id = ?1", [enclosing_id])
    }

    /// Number of occurrences named `name` of `kind` that have no target.
    pub fn unresolved_named(&self, name: &str, kind: OccurrenceKind) -> Result<u64> {
        self.conn
            .query_row(
                "SELECT count(*) FROM occurrences o WHERE o.name = ?1 AND o.kind = ?2
                 AND NOT EXISTS (SELECT 1 FROM resolutions r WHERE r.occurrence_id = o.id)",
                params![name, kind.as_str()],
                |row| row.get::<_, i64>(0),
            )
            .map(|n| n as u64)
            .map_err(|e| self.err(e))
    }

    /// Number of occurrences of `kind` made from `enclosing_id` that have no target.
    pub fn unresolved_from(&self, enclosing_id: i64, kind: OccurrenceKind) -> Result<u64> {
        self.conn
            .query_row(
                "SELECT count(*) FROM occurrences o WHERE o.enclosing_id = ?1 AND o.kind = ?2
                 AND NOT EXISTS (SELECT 1 FROM resolutions r WHERE r.occurrence_id = o.id)",
                params![enclosing_id, kind.as_str()],
                |row| row.get::<_, i64>(0),
            )
            .map(|n| n as u64)
            .map_err(|e| self.err(e))
    }

    /// One file's row, if the walk saw it.
    pub fn file(&self, path: &str) -> Result<Option<FileRow>> {
        Ok(self.files_where("path = ?1", [path])?.pop())
    }

    /// Every file row, by path.
    pub fn files(&self) -> Result<Vec<FileRow>> {
        self.files_where("1 ORDER BY path", [])
    }

    fn files_where(&self, condition: &str, args: impl rusqlite::Params) -> Result<Vec<FileRow>> {
        let sql = format!(
            "SELECT path, language, hash, size, mtime_ns, status, reason, syntax_errors
             FROM files WHERE {condition}"
        );
        self.decoded_rows(&sql, args, |row| {
            let status: String = row.get(5)?;
            let Some(status) = FileStatus::parse(&status) else {
                return Ok(Err(format!("unknown file status {status:?}")));
            };
            Ok(Ok(FileRow {
                path: row.get(0)?,
                language: row.get(1)?,
                hash: row.get(2)?,
                size: row.get::<_, i64>(3)? as u64,
                mtime_ns: row.get(4)?,
                status,
                reason: row.get(6)?,
                syntax_errors: row.get(7)?,
            }))
        })
    }

    /// Whether any file of the index was left out: any status but indexed
    /// and alias (a link whose target is indexed at its own path).
    pub fn has_unindexed_files(&self) -> Result<bool> {
        self.conn
            .query_row(HAS_UNINDEXED_FILES, [], |row| row.get(0))
            .map_err(|e| self.err(e))
    }

    /// Files, symbols, occurrences and call resolution per language of the
    /// indexed files, by language name.
    pub fn language_stats(&self) -> Result<Vec<LanguageStats>> {
        const PER_LANGUAGE: &[&str] = &[
            "SELECT language, count(*) FROM files WHERE status = 'indexed' GROUP BY language",
            "SELECT f.language, count(*) FROM symbols s JOIN files f ON f.id = s.file_id GROUP BY f.language",
            "SELECT f.language, count(*) FROM occurrences o JOIN files f ON f.id = o.file_id GROUP BY f.language",
            "SELECT f.language, count(*) FROM occurrences o JOIN files f ON f.id = o.file_id
             WHERE o.kind IN ('call', 'instantiate') GROUP BY f.language",
            "SELECT f.language, count(*) FROM occurrences o JOIN files f ON f.id = o.file_id
             WHERE o.kind IN ('call', 'instantiate') AND EXISTS (SELECT 1 FROM resolutions r
               WHERE r.occurrence_id = o.id AND r.method != 'name_only') GROUP BY f.language",
        ];
        let mut by_language: std::collections::BTreeMap<String, LanguageStats> = Default::default();
        for (column, sql) in PER_LANGUAGE.iter().enumerate() {
            let counts = self.decoded_rows(sql, [], |row| {
                Ok(Ok((
                    row.get::<_, Option<String>>(0)?.unwrap_or_default(),
                    row.get::<_, i64>(1)? as u64,
                )))
            })?;
            for (language, n) in counts {
                let stats = by_language
                    .entry(language.clone())
                    .or_insert_with(|| LanguageStats {
                        language,
                        ..LanguageStats::default()
                    });
                match column {
                    0 => stats.files = n,
                    1 => stats.symbols = n,
                    2 => stats.occurrences = n,
                    3 => stats.calls = n,
                    _ => stats.calls_resolved = n,
                }
            }
        }
        Ok(by_language.into_values().collect())
    }

    /// The cached facts, by path, reference sites aside (see
    /// [`Store::each_cached_refs`]).
    pub fn cached_facts(&self) -> Result<std::collections::HashMap<String, CachedFacts>> {
        self.collected("SELECT path, hash, facts FROM file_facts", |row| {
            Ok((
                row.get(0)?,
                CachedFacts {
                    hash: row.get(1)?,
                    facts: row.get(2)?,
                },
            ))
        })
    }

    /// Each cached file's reference sites, given to `each` with its path
    /// as they are read, never all held at once: read apart from the
    /// facts, and only by a run that resolves files whose facts it reused.
    /// Stops at the first error, the store's or `each`'s.
    pub fn each_cached_refs<E: From<Error>>(
        &self,
        mut each: impl FnMut(&str, &[u8]) -> std::result::Result<(), E>,
    ) -> std::result::Result<(), E> {
        let mut stmt = self
            .conn
            .prepare("SELECT path, refs FROM file_facts")
            .map_err(|e| self.err(e))?;
        let mut rows = stmt.query([]).map_err(|e| self.err(e))?;
        while let Some(row) = rows.next().map_err(|e| self.err(e))? {
            let path = row.get_ref(0).and_then(|v| Ok(v.as_str()?));
            let refs = row.get_ref(1).and_then(|v| Ok(v.as_blob()?));
            each(
                path.map_err(|e| self.err(e))?,
                refs.map_err(|e| self.err(e))?,
            )?;
        }
        Ok(())
    }

    /// Symbol and occurrence totals, and resolution candidates by method.
    pub fn totals(&self) -> Result<Totals> {
        let count = |sql: &str| -> Result<u64> {
            self.conn
                .query_row(sql, [], |row| row.get::<_, i64>(0))
                .map(|n| n as u64)
                .map_err(|e| self.err(e))
        };
        let mut totals = Totals {
            symbols: count("SELECT count(*) FROM symbols")?,
            occurrences: count("SELECT count(*) FROM occurrences")?,
            resolved_occurrences: count("SELECT count(DISTINCT occurrence_id) FROM resolutions")?,
            by_method: Vec::new(),
        };
        let mut stmt = self
            .conn
            .prepare_cached("SELECT method, count(*) FROM resolutions GROUP BY method")
            .map_err(|e| self.err(e))?;
        let rows = stmt
            .query_map([], |row| {
                Ok((row.get::<_, String>(0)?, row.get::<_, i64>(1)?))
            })
            .map_err(|e| self.err(e))?;
        for row in rows {
            let (method, n) = row.map_err(|e| self.err(e))?;
            let method = Resolution::parse(&method)
                .ok_or_else(|| self.corrupt(format!("unknown resolution method {method:?}")))?;
            totals.by_method.push((method, n as u64));
        }
        totals.by_method.sort();
        Ok(totals)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::{FileRecord, OccurrenceRecord, ResolutionRecord, SymbolRecord};

    fn sample_store(dir: &std::path::Path) -> Store {
        let path = dir.join("index.db");
        let mut store = Store::open_for_write(&path).unwrap();
        let writer = store.replace_all().unwrap();
        writer
            .file(&FileRecord {
                hash: Some("h".into()),
                size: 10,
                ..FileRecord::indexed(1, "src/lib.rs")
            })
            .unwrap();
        for (id, name, parent) in [(1, "SearchWorker", None), (2, "search_path", Some(1))] {
            writer
                .symbol(&SymbolRecord {
                    id,
                    file_id: 1,
                    name: name.into(),
                    qualname: format!("crate::{name}"),
                    kind: if id == 1 {
                        SymbolKind::Struct
                    } else {
                        SymbolKind::Method
                    },
                    span: Span::new(id as u32..=5, id as u32..50).unwrap(),
                    name_line: id as u32,
                    name_col: 1,
                    signature: None,
                    doc: None,
                    parent_id: parent,
                    exported: true,
                    impl_block: None,
                })
                .unwrap();
        }
        for (id, name) in [(1, "search_path"), (2, "missing")] {
            writer
                .occurrence(&OccurrenceRecord {
                    id,
                    file_id: 1,
                    line: 4,
                    col: 3,
                    kind: OccurrenceKind::Call,
                    name: name.into(),
                    receiver: Some("self".into()),
                    enclosing_id: Some(2),
                })
                .unwrap();
        }
        writer
            .resolution(&ResolutionRecord {
                occurrence_id: 1,
                symbol_id: 2,
                method: Resolution::Scope,
                confidence: 0.95,
            })
            .unwrap();
        writer.meta("root", "/x").unwrap();
        writer.commit().unwrap();
        store
    }

    #[test]
    fn written_graph_reads_back() {
        let dir = tempfile::tempdir().unwrap();
        sample_store(dir.path());
        let store = Store::open_read_only(&dir.path().join("index.db")).unwrap();
        assert_eq!(store.symbols_named("search_path").unwrap().len(), 1);
        assert_eq!(store.symbols_with_prefix("Search", 10).unwrap()[0].id, 1);
        let words = store.symbols_matching_words("worker").unwrap();
        assert_eq!(words.iter().map(|s| s.id).collect::<Vec<_>>(), vec![1]);
        let refs = store.references_to(2).unwrap();
        assert_eq!(refs.len(), 1);
        assert_eq!(refs[0].method, Resolution::Scope);
        assert_eq!(
            store
                .unresolved_named("missing", OccurrenceKind::Call)
                .unwrap(),
            1
        );
        assert_eq!(store.children(1).unwrap()[0].name, "search_path");
        let inner = store.symbols_containing_line("src/lib.rs", 3).unwrap();
        assert_eq!(inner.last().unwrap().id, 2);
        assert_eq!(store.meta("root").unwrap().as_deref(), Some("/x"));
        let totals = store.totals().unwrap();
        assert_eq!(
            (
                totals.symbols,
                totals.occurrences,
                totals.resolved_occurrences
            ),
            (2, 2, 1)
        );
        let rust = &store.language_stats().unwrap()[0];
        assert_eq!(
            (
                rust.language.as_str(),
                rust.files,
                rust.symbols,
                rust.occurrences,
                rust.calls,
                rust.calls_resolved
            ),
            ("rust", 1, 2, 2, 2, 1)
        );
    }

    #[test]
    fn an_abandoned_rebuild_leaves_the_previous_graph() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = sample_store(dir.path());
        {
            let writer = store.replace_all().unwrap();
            writer.meta("root", "/other").unwrap();
        }
        assert_eq!(store.meta("root").unwrap().as_deref(), Some("/x"));
        assert_eq!(store.symbols_named("SearchWorker").unwrap().len(), 1);
    }

    #[test]
    fn rows_may_reference_rows_written_later() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open_for_write(&dir.path().join("index.db")).unwrap();
        let writer = store.replace_all().unwrap();
        let symbol = |id, parent_id| SymbolRecord {
            id,
            file_id: 1,
            name: format!("s{id}"),
            qualname: format!("s{id}"),
            kind: SymbolKind::Function,
            span: Span::new(1..=1, 0..1).unwrap(),
            name_line: 1,
            name_col: 1,
            signature: None,
            doc: None,
            parent_id,
            exported: false,
            impl_block: None,
        };
        writer.symbol(&symbol(1, Some(2))).unwrap();
        writer.symbol(&symbol(2, None)).unwrap();
        writer.file(&FileRecord::indexed(1, "a.rs")).unwrap();
        writer.commit().unwrap();
        assert_eq!(store.symbol(1).unwrap().unwrap().parent_id, Some(2));
    }

    #[test]
    fn a_dangling_reference_fails_the_commit() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open_for_write(&dir.path().join("index.db")).unwrap();
        let writer = store.replace_all().unwrap();
        writer
            .occurrence(&OccurrenceRecord {
                id: 1,
                file_id: 9,
                line: 1,
                col: 1,
                kind: OccurrenceKind::Call,
                name: "f".into(),
                receiver: None,
                enclosing_id: None,
            })
            .unwrap();
        assert!(writer.commit().is_err());
    }

    #[test]
    fn whether_a_file_was_left_out_is_answered_from_an_index() {
        let dir = tempfile::tempdir().unwrap();
        let store = sample_store(dir.path());
        assert!(!store.has_unindexed_files().unwrap());
        let plan: Vec<String> = store
            .conn
            .prepare(&format!("EXPLAIN QUERY PLAN {HAS_UNINDEXED_FILES}"))
            .unwrap()
            .query_map([], |row| row.get(3))
            .unwrap()
            .map(|step| step.unwrap())
            .collect();
        assert!(
            plan.iter().any(|step| step.contains("files_unindexed")),
            "{plan:?}"
        );
    }

    #[test]
    fn a_missing_index_is_a_clear_error() {
        let dir = tempfile::tempdir().unwrap();
        let err = Store::open_read_only(&dir.path().join("index.db"))
            .err()
            .unwrap();
        assert!(err.to_string().contains("plumb index"), "{err}");
    }
}
