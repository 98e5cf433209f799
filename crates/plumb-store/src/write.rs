//! [`GraphWriter`]: writes the graph inside one transaction, replacing it
//! whole ([`crate::Store::replace_all`]) or file by file
//! ([`crate::Store::update`], with the methods in `update.rs`).

use std::path::Path;

use rusqlite::{Connection, Transaction, TransactionBehavior, params};

use crate::records::{FileRecord, ImportRecord, OccurrenceRecord, ResolutionRecord, SymbolRecord};
use crate::{Result, classify, tokens};

/// Writes a complete graph. Every row goes into one transaction begun by
/// [`crate::Store::replace_all`]; [`GraphWriter::commit`] publishes it.
pub struct GraphWriter<'conn> {
    pub(crate) tx: Transaction<'conn>,
    path: &'conn Path,
}

impl<'conn> GraphWriter<'conn> {
    pub(crate) fn begin(conn: &'conn mut Connection, path: &'conn Path) -> Result<Self> {
        let writer = Self::begin_keeping(conn, path)?;
        writer
            .tx
            .execute_batch(
                "DELETE FROM resolutions; DELETE FROM occurrences; DELETE FROM imports;
                 DELETE FROM symbols; DELETE FROM files; DELETE FROM meta; DELETE FROM file_rows;
                 INSERT INTO symbol_text(symbol_text) VALUES('delete-all');",
            )
            .map_err(|e| writer.err(e))?;
        Ok(writer)
    }

    /// Begins a transaction that keeps every row written before.
    pub(crate) fn begin_keeping(conn: &'conn mut Connection, path: &'conn Path) -> Result<Self> {
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| classify(path, e))?;
        Ok(GraphWriter { tx, path })
    }

    pub(crate) fn err(&self, source: rusqlite::Error) -> crate::Error {
        classify(self.path, source)
    }

    /// Writes one file row.
    pub fn file(&self, file: &FileRecord) -> Result<()> {
        let mut stmt = self
            .tx
            .prepare_cached(
                "INSERT INTO files (id, path, language, hash, size, mtime_ns, status, reason, syntax_errors)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            )
            .map_err(|e| self.err(e))?;
        stmt.execute(params![
            file.id,
            file.path,
            file.language,
            file.hash,
            file.size as i64,
            file.mtime_ns,
            file.status.as_str(),
            file.reason,
            file.syntax_errors,
        ])
        .map_err(|e| self.err(e))?;
        Ok(())
    }

    /// Writes one symbol row and its full-text entry.
    pub fn symbol(&self, symbol: &SymbolRecord) -> Result<()> {
        let mut stmt = self
            .tx
            .prepare_cached(
                "INSERT INTO symbols (id, file_id, name, qualname, kind, start_line, end_line,
                   start_byte, end_byte, name_line, name_col, signature, doc, parent_id, exported,
                   impl_header, impl_start, impl_end)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16,
                   ?17, ?18)",
            )
            .map_err(|e| self.err(e))?;
        stmt.execute(params![
            symbol.id,
            symbol.file_id,
            symbol.name,
            symbol.qualname,
            symbol.kind.as_str(),
            symbol.start_line,
            symbol.end_line,
            symbol.start_byte,
            symbol.end_byte,
            symbol.name_line,
            symbol.name_col,
            symbol.signature,
            symbol.doc,
            symbol.parent_id,
            symbol.exported,
            symbol.impl_block.as_ref().map(|b| &b.header),
            symbol.impl_block.as_ref().map(|b| b.start_line),
            symbol.impl_block.as_ref().map(|b| b.end_line),
        ])
        .map_err(|e| self.err(e))?;
        let mut text = self
            .tx
            .prepare_cached("INSERT INTO symbol_text (rowid, tokens) VALUES (?1, ?2)")
            .map_err(|e| self.err(e))?;
        text.execute(params![
            symbol.id,
            tokens::split_identifier(&symbol.name).join(" ")
        ])
        .map_err(|e| self.err(e))?;
        Ok(())
    }

    /// Writes one occurrence row.
    pub fn occurrence(&self, occurrence: &OccurrenceRecord) -> Result<()> {
        let mut stmt = self
            .tx
            .prepare_cached(
                "INSERT INTO occurrences (id, file_id, line, col, kind, name, receiver, enclosing_id)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            )
            .map_err(|e| self.err(e))?;
        stmt.execute(params![
            occurrence.id,
            occurrence.file_id,
            occurrence.line,
            occurrence.col,
            occurrence.kind.as_str(),
            occurrence.name,
            occurrence.receiver,
            occurrence.enclosing_id,
        ])
        .map_err(|e| self.err(e))?;
        Ok(())
    }

    /// Writes one resolution candidate.
    pub fn resolution(&self, resolution: &ResolutionRecord) -> Result<()> {
        let mut stmt = self
            .tx
            .prepare_cached(
                "INSERT OR IGNORE INTO resolutions (occurrence_id, symbol_id, method, confidence)
                 VALUES (?1, ?2, ?3, ?4)",
            )
            .map_err(|e| self.err(e))?;
        stmt.execute(params![
            resolution.occurrence_id,
            resolution.symbol_id,
            resolution.method.as_str(),
            resolution.confidence,
        ])
        .map_err(|e| self.err(e))?;
        Ok(())
    }

    /// Writes one import row.
    pub fn import(&self, import: &ImportRecord) -> Result<()> {
        let mut stmt = self
            .tx
            .prepare_cached(
                "INSERT INTO imports (id, file_id, line, module, name, alias, resolved_file_id)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            )
            .map_err(|e| self.err(e))?;
        stmt.execute(params![
            import.id,
            import.file_id,
            import.line,
            import.module,
            import.name,
            import.alias,
            import.resolved_file_id,
        ])
        .map_err(|e| self.err(e))?;
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

    /// Caches the extracted facts of one file (an opaque blob the indexer
    /// encodes), keyed by path and content hash.
    pub fn facts(&self, path: &str, hash: &str, blob: &[u8]) -> Result<()> {
        let mut stmt = self
            .tx
            .prepare_cached(
                "INSERT OR REPLACE INTO file_facts (path, hash, facts) VALUES (?1, ?2, ?3)",
            )
            .map_err(|e| self.err(e))?;
        stmt.execute(params![path, hash, blob])
            .map_err(|e| self.err(e))?;
        Ok(())
    }

    /// Publishes everything written.
    pub fn commit(self) -> Result<()> {
        let path = self.path;
        self.tx.commit().map_err(|e| classify(path, e))
    }
}
