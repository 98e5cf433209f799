//! [`GraphWriter`]: writes the graph inside one transaction, replacing it
//! whole ([`crate::Store::replace_all`]) or file by file
//! ([`crate::Store::update`], with the methods in `update.rs`). Each insert
//! is prepared once. A whole replacement checks foreign keys in memory and
//! drops the secondary indexes while the rows go in, creating them again
//! before the commit: sorting each index once costs less than keeping it up
//! to date row by row. All of it is one transaction, so a reader sees the
//! previous graph, indexes included, until the commit. An update keeps the
//! indexes and SQLite's own foreign-key check, since most rows stay.

use std::cell::RefCell;
use std::path::Path;

use rusqlite::types::{ToSqlOutput, ValueRef};
use rusqlite::{
    Connection, Params, Statement, Transaction, TransactionBehavior, params, params_from_iter,
};

use crate::integrity::{Parent, References};
use crate::records::{FileRecord, ImportRecord, OccurrenceRecord, ResolutionRecord, SymbolRecord};
use crate::rows::{
    IMPORTS, OCCURRENCES, RESOLUTIONS, SYMBOLS, import_row, occurrence_row, resolution_row,
    symbol_row,
};
use crate::{Error, Result, classify, schema, tokens};

/// Empties every table but the facts cache, which [`GraphWriter::retain_facts`]
/// prunes. With foreign keys off, each `DELETE` without a `WHERE` truncates
/// its table at once instead of deleting row by row.
const CLEAR: &str = "DELETE FROM resolutions; DELETE FROM occurrences; DELETE FROM imports;
     DELETE FROM symbols; DELETE FROM files; DELETE FROM meta; DELETE FROM file_rows;
     INSERT INTO symbol_text(symbol_text) VALUES('delete-all');
     DELETE FROM symbol_vectors; DELETE FROM search_files;
     INSERT INTO symbol_search(symbol_search) VALUES('delete-all');";

/// Writes a file row. A file already in the index (an update keeps every
/// file's id and path) has its row updated, not deleted and inserted:
/// deleting a file row makes SQLite look for the rows referencing it, and
/// occurrences are not indexed by file.
const INSERT_FILE: &str = "INSERT INTO files (id, path, language, hash, size, mtime_ns, status,
       reason, syntax_errors)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
     ON CONFLICT (id) DO UPDATE SET language = excluded.language, hash = excluded.hash,
       size = excluded.size, mtime_ns = excluded.mtime_ns, status = excluded.status,
       reason = excluded.reason, syntax_errors = excluded.syntax_errors";

/// Inserts a symbol's full-text entry: its name split into words.
const INSERT_SYMBOL_TEXT: &str = "INSERT INTO symbol_text (rowid, tokens) VALUES (?1, ?2)";

/// Writes a complete graph. Every row goes into one transaction begun by
/// [`crate::Store::replace_all`]; [`GraphWriter::commit`] checks that every
/// reference names a row written (SQLite's own foreign-key check is off on
/// this connection; see the `integrity` module) and publishes it.
pub struct GraphWriter<'conn> {
    statements: Statements<'conn>,
    /// A whole replacement's references, checked at the commit; `None` in
    /// an update, where SQLite checks them.
    references: Option<RefCell<References>>,
    // Declared after the statements: dropping the writer finalizes them
    // before the transaction rolls back.
    pub(crate) tx: Transaction<'conn>,
    path: &'conn Path,
}

/// The insert of each kind of row, prepared once per graph.
struct Statements<'conn> {
    file: RefCell<Statement<'conn>>,
    symbol: RefCell<Statement<'conn>>,
    symbol_text: RefCell<Statement<'conn>>,
    occurrence: RefCell<Statement<'conn>>,
    resolution: RefCell<Statement<'conn>>,
    import: RefCell<Statement<'conn>>,
}

impl<'conn> Statements<'conn> {
    fn prepare(conn: &'conn Connection) -> rusqlite::Result<Self> {
        let prepare = |sql: &str| conn.prepare(sql).map(RefCell::new);
        Ok(Statements {
            file: prepare(INSERT_FILE)?,
            symbol: prepare(&SYMBOLS.insert_sql())?,
            symbol_text: prepare(INSERT_SYMBOL_TEXT)?,
            occurrence: prepare(&OCCURRENCES.insert_sql())?,
            resolution: prepare(&RESOLUTIONS.insert_sql())?,
            import: prepare(&IMPORTS.insert_sql())?,
        })
    }
}

impl<'conn> GraphWriter<'conn> {
    pub(crate) fn begin(conn: &'conn mut Connection, path: &'conn Path) -> Result<Self> {
        let conn: &'conn Connection = conn;
        // A no-op inside a transaction, so set before it begins.
        conn.pragma_update(None, "foreign_keys", false)
            .map_err(|e| classify(path, e))?;
        let tx = Transaction::new_unchecked(conn, TransactionBehavior::Immediate)
            .map_err(|e| classify(path, e))?;
        tx.execute_batch(CLEAR).map_err(|e| classify(path, e))?;
        for index in schema::INDEXES {
            tx.execute_batch(&format!("DROP INDEX IF EXISTS {}", index.name))
                .map_err(|e| classify(path, e))?;
        }
        let statements = Statements::prepare(conn).map_err(|e| classify(path, e))?;
        Ok(GraphWriter {
            statements,
            references: Some(RefCell::default()),
            tx,
            path,
        })
    }

    /// Begins a transaction that keeps every row written before.
    pub(crate) fn begin_keeping(conn: &'conn mut Connection, path: &'conn Path) -> Result<Self> {
        let conn: &'conn Connection = conn;
        // A no-op inside a transaction, so set before it begins.
        conn.pragma_update(None, "foreign_keys", true)
            .map_err(|e| classify(path, e))?;
        let tx = Transaction::new_unchecked(conn, TransactionBehavior::Immediate)
            .map_err(|e| classify(path, e))?;
        let statements = Statements::prepare(conn).map_err(|e| classify(path, e))?;
        Ok(GraphWriter {
            statements,
            references: None,
            tx,
            path,
        })
    }

    /// Records references for the commit's check, in a whole replacement.
    fn note(&self, record: impl FnOnce(&mut References)) {
        if let Some(references) = &self.references {
            record(&mut references.borrow_mut());
        }
    }

    pub(crate) fn err(&self, source: rusqlite::Error) -> crate::Error {
        classify(self.path, source)
    }

    /// Runs one of the prepared inserts.
    fn run(&self, statement: &RefCell<Statement<'conn>>, params: impl Params) -> Result<()> {
        statement
            .borrow_mut()
            .execute(params)
            .map(drop)
            .map_err(|e| self.err(e))
    }

    /// Writes one file row (see `INSERT_FILE`).
    pub fn file(&self, file: &FileRecord) -> Result<()> {
        self.run(
            &self.statements.file,
            params![
                file.id,
                file.path,
                file.language,
                file.hash,
                file.size as i64,
                file.mtime_ns,
                file.status.as_str(),
                file.reason,
                file.syntax_errors,
            ],
        )?;
        self.note(|references| references.written(Parent::Files, file.id));
        Ok(())
    }

    /// Writes one symbol row and its full-text entry.
    pub fn symbol(&self, symbol: &SymbolRecord) -> Result<()> {
        self.run(&self.statements.symbol, values(symbol_row(symbol)))?;
        self.index_name(symbol.id, &symbol.name)?;
        self.note(|references| {
            references.written(Parent::Symbols, symbol.id);
            references.refers("symbols.file_id", Parent::Files, Some(symbol.file_id));
            references.refers("symbols.parent_id", Parent::Symbols, symbol.parent_id);
        });
        Ok(())
    }

    /// Adds a symbol's full-text entry: its name split into words.
    pub(crate) fn index_name(&self, id: i64, name: &str) -> Result<()> {
        self.run(
            &self.statements.symbol_text,
            params![id, tokens::entry_text(name)],
        )
    }

    /// Writes one occurrence row.
    pub fn occurrence(&self, occurrence: &OccurrenceRecord) -> Result<()> {
        self.run(
            &self.statements.occurrence,
            values(occurrence_row(occurrence)),
        )?;
        self.note(|references| {
            references.written(Parent::Occurrences, occurrence.id);
            references.refers(
                "occurrences.file_id",
                Parent::Files,
                Some(occurrence.file_id),
            );
            references.refers(
                "occurrences.enclosing_id",
                Parent::Symbols,
                occurrence.enclosing_id,
            );
        });
        Ok(())
    }

    /// Writes one resolution candidate.
    pub fn resolution(&self, resolution: &ResolutionRecord) -> Result<()> {
        self.run(
            &self.statements.resolution,
            values(resolution_row(resolution)),
        )?;
        self.note(|references| {
            references.refers(
                "resolutions.occurrence_id",
                Parent::Occurrences,
                Some(resolution.occurrence_id),
            );
            references.refers(
                "resolutions.symbol_id",
                Parent::Symbols,
                Some(resolution.symbol_id),
            );
        });
        Ok(())
    }

    /// Writes one import row.
    pub fn import(&self, import: &ImportRecord) -> Result<()> {
        self.run(&self.statements.import, values(import_row(import)))?;
        self.note(|references| {
            references.refers("imports.file_id", Parent::Files, Some(import.file_id));
            references.refers(
                "imports.resolved_file_id",
                Parent::Files,
                import.resolved_file_id,
            );
        });
        Ok(())
    }

    /// Sets one `meta` value.
    pub fn meta(&self, key: &str, value: &str) -> Result<()> {
        self.tx
            .execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)",
                params![key, value],
            )
            .map_err(|e| self.err(e))?;
        Ok(())
    }

    /// Drops the cached facts of every path `keep` rejects (files removed or
    /// changed since they were cached).
    pub fn retain_facts(&self, keep: &dyn Fn(&str) -> bool) -> Result<()> {
        let paths: Vec<String> = {
            let mut stmt = self
                .tx
                .prepare("SELECT path FROM file_facts")
                .map_err(|e| self.err(e))?;
            let rows = stmt
                .query_map([], |row| row.get(0))
                .map_err(|e| self.err(e))?;
            rows.collect::<rusqlite::Result<_>>()
                .map_err(|e| self.err(e))?
        };
        let mut delete = self
            .tx
            .prepare_cached("DELETE FROM file_facts WHERE path = ?1")
            .map_err(|e| self.err(e))?;
        for path in paths.iter().filter(|p| !keep(p)) {
            delete.execute([path]).map_err(|e| self.err(e))?;
        }
        Ok(())
    }

    /// Caches the extracted facts of the file at `path`: the facts (see
    /// [`crate::records::CachedFacts`]) and the reference sites.
    pub fn facts(&self, path: &str, hash: &str, facts: &[u8], refs: &[u8]) -> Result<()> {
        let mut stmt = self
            .tx
            .prepare_cached(
                "INSERT OR REPLACE INTO file_facts (path, hash, facts, refs) \
                 VALUES (?1, ?2, ?3, ?4)",
            )
            .map_err(|e| self.err(e))?;
        stmt.execute(params![path, hash, facts, refs])
            .map_err(|e| self.err(e))?;
        Ok(())
    }

    /// Publishes everything written, unless a reference names a row that
    /// was never written: then nothing is published.
    pub fn commit(self) -> Result<()> {
        let GraphWriter {
            statements,
            references,
            tx,
            path,
        } = self;
        drop(statements);
        if let Some(references) = references {
            if let Some(dangling) = references.into_inner().check() {
                return Err(Error::DanglingReference {
                    path: path.to_owned(),
                    column: dangling.column,
                    table: dangling.table,
                    id: dangling.id,
                });
            }
            for index in schema::INDEXES {
                tx.execute_batch(index.create)
                    .map_err(|e| classify(path, e))?;
            }
        }
        tx.commit().map_err(|e| classify(path, e))
    }
}

/// A row's values as statement parameters.
pub(crate) fn values<'a, const N: usize>(row: [ValueRef<'a>; N]) -> impl Params + use<'a, N> {
    params_from_iter(row.map(ToSqlOutput::Borrowed))
}

#[cfg(test)]
mod tests {
    use crate::records::FileRecord;
    use crate::{Store, schema};

    fn index_names(store: &Store) -> Vec<String> {
        let mut stmt = store
            .conn
            .prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL")
            .unwrap();
        let names = stmt.query_map([], |row| row.get(0)).unwrap();
        let mut names: Vec<String> = names.map(Result::unwrap).collect();
        names.sort();
        names
    }

    #[test]
    fn a_reader_sees_the_previous_graph_and_its_indexes_until_the_commit() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("index.db");
        let mut expected: Vec<String> = schema::INDEXES.iter().map(|i| i.name.into()).collect();
        expected.sort();
        let mut store = Store::open_for_write(&path).unwrap();
        let writer = store.replace_all().unwrap();
        writer.file(&FileRecord::indexed(1, "a.rs")).unwrap();
        writer.commit().unwrap();
        assert_eq!(index_names(&store), expected);

        let rewrite = store.replace_all().unwrap();
        let reader = Store::open_read_only(&path).unwrap();
        assert_eq!(index_names(&reader), expected);
        assert_eq!(reader.files().unwrap().len(), 1);
        rewrite.commit().unwrap();
        assert!(reader.files().unwrap().is_empty());
        assert_eq!(index_names(&reader), expected);

        drop(store.replace_all().unwrap());
        assert_eq!(index_names(&store), expected);
    }
}
