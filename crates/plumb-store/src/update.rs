//! Updating the graph file by file: [`Store::update`] begins a transaction
//! that keeps the rows written before, and [`GraphWriter::remove_file_rows`]
//! clears one file's rows before they are written again.
//!
//! A file's symbols and occurrences have ids of their own range ([`row_id`]):
//! the file's id in the high bits, the row's ordinal within the file in the
//! low ones. Replacing one file's rows therefore renumbers no other file's,
//! and every reference into an unchanged file stays valid.

use std::collections::HashMap;
use std::ops::RangeInclusive;

use rusqlite::{OptionalExtension, params};

use crate::{GraphWriter, Result, Store, tokens};

/// Bits of a row id holding the row's ordinal within its file. From a
/// spec: tree-sitter's byte offsets are `u32`, so a parsed file has fewer
/// than 2^32 bytes, and every symbol and occurrence takes at least one.
const ORDINAL_BITS: u32 = 32;

/// The id of the `ordinal`-th (from 0) symbol or occurrence of file
/// `file_id`.
pub fn row_id(file_id: i64, ordinal: usize) -> i64 {
    (file_id << ORDINAL_BITS) + ordinal as i64 + 1
}

/// Every id [`row_id`] can give the rows of file `file_id`.
pub fn file_row_ids(file_id: i64) -> RangeInclusive<i64> {
    (file_id << ORDINAL_BITS) + 1..=((file_id + 1) << ORDINAL_BITS) - 1
}

impl Store {
    /// Starts updating the graph in place: rows stay unless removed. Nothing
    /// is visible to readers until [`GraphWriter::commit`]; dropping the
    /// writer rolls everything back.
    pub fn update(&mut self) -> Result<GraphWriter<'_>> {
        GraphWriter::begin_keeping(&mut self.conn, &self.path)
    }

    /// Every file's id and path, by id.
    pub fn file_ids(&self) -> Result<Vec<(i64, String)>> {
        self.collected("SELECT id, path FROM files ORDER BY id", |row| {
            Ok((row.get(0)?, row.get(1)?))
        })
    }

    /// The rows of the whole graph: the sums of every file's row counts.
    pub fn row_totals(&self) -> Result<RowCounts> {
        row_totals(&self.conn).map_err(|e| self.err(e))
    }

    /// The hash of each file's rows as last written, by file id.
    pub fn file_row_hashes(&self) -> Result<HashMap<i64, Vec<u8>>> {
        self.collected("SELECT file_id, hash FROM file_rows", |row| {
            Ok((row.get(0)?, row.get(1)?))
        })
    }
}

impl GraphWriter<'_> {
    /// Removes the meta table's rows, to be written again whole.
    pub fn clear_meta(&self) -> Result<()> {
        self.tx
            .execute_batch("DELETE FROM meta;")
            .map_err(|e| self.err(e))
    }

    /// Removes symbol `id`'s full-text entry, made from its `name`.
    pub(crate) fn forget_name(&self, id: i64, name: &str) -> Result<()> {
        // A contentless full-text table forgets a row only when told the
        // tokens it was given.
        self.tx
            .prepare_cached(
                "INSERT INTO symbol_text (symbol_text, rowid, tokens) VALUES ('delete', ?1, ?2)",
            )
            .and_then(|mut stmt| stmt.execute(params![id, tokens::entry_text(name)]))
            .map(drop)
            .map_err(|e| self.err(e))
    }

    /// The hash of file `file_id`'s rows as last written, if it has any.
    pub fn file_row_hash(&self, file_id: i64) -> Result<Option<Vec<u8>>> {
        self.tx
            .prepare_cached("SELECT hash FROM file_rows WHERE file_id = ?1")
            .and_then(|mut stmt| stmt.query_row([file_id], |row| row.get(0)).optional())
            .map_err(|e| self.err(e))
    }

    /// Removes every row of file `file_id`: its symbols and their full-text
    /// entries and search entries, its occurrences and their resolutions,
    /// its imports, and the hash of its rows.
    pub fn remove_file_rows(&self, file_id: i64) -> Result<()> {
        self.remove_search_entries(file_id)?;
        let ids = file_row_ids(file_id);
        let (first, last) = (*ids.start(), *ids.end());
        let names: Vec<(i64, String)> = {
            let mut stmt = self
                .tx
                .prepare_cached("SELECT id, name FROM symbols WHERE id BETWEEN ?1 AND ?2")
                .map_err(|e| self.err(e))?;
            let rows = stmt
                .query_map([first, last], |row| Ok((row.get(0)?, row.get(1)?)))
                .map_err(|e| self.err(e))?;
            rows.collect::<rusqlite::Result<_>>()
                .map_err(|e| self.err(e))?
        };
        for (id, name) in &names {
            self.forget_name(*id, name)?;
        }
        for statement in [
            "DELETE FROM resolutions WHERE occurrence_id BETWEEN ?1 AND ?2",
            "DELETE FROM occurrences WHERE id BETWEEN ?1 AND ?2",
            "DELETE FROM symbols WHERE id BETWEEN ?1 AND ?2",
        ] {
            self.tx
                .prepare_cached(statement)
                .and_then(|mut stmt| stmt.execute([first, last]))
                .map_err(|e| self.err(e))?;
        }
        for statement in [
            "DELETE FROM imports WHERE file_id = ?1",
            "DELETE FROM file_rows WHERE file_id = ?1",
        ] {
            self.tx
                .prepare_cached(statement)
                .and_then(|mut stmt| stmt.execute([file_id]))
                .map_err(|e| self.err(e))?;
        }
        Ok(())
    }

    /// Records the hash and the counts of the rows just written for file
    /// `file_id`.
    pub fn file_rows(&self, file_id: i64, hash: &[u8], counts: RowCounts) -> Result<()> {
        self.tx
            .prepare_cached(
                "INSERT OR REPLACE INTO file_rows \
                 (file_id, hash, symbols, occurrences, resolved_occurrences) \
                 VALUES (?1, ?2, ?3, ?4, ?5)",
            )
            .and_then(|mut stmt| {
                stmt.execute(params![
                    file_id,
                    hash,
                    counts.symbols,
                    counts.occurrences,
                    counts.resolved_occurrences
                ])
            })
            .map_err(|e| self.err(e))?;
        Ok(())
    }

    /// The rows of every file as written so far in this transaction.
    pub fn row_totals(&self) -> Result<RowCounts> {
        row_totals(&self.tx).map_err(|e| self.err(e))
    }
}

/// The sums of every file's row counts in `file_rows`.
fn row_totals(conn: &rusqlite::Connection) -> rusqlite::Result<RowCounts> {
    conn.query_row(
        "SELECT coalesce(sum(symbols), 0), coalesce(sum(occurrences), 0), \
         coalesce(sum(resolved_occurrences), 0) FROM file_rows",
        [],
        |row| {
            Ok(RowCounts {
                symbols: row.get(0)?,
                occurrences: row.get(1)?,
                resolved_occurrences: row.get(2)?,
            })
        },
    )
}

/// How many rows one file (or the whole graph) has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RowCounts {
    /// Symbols.
    pub symbols: i64,
    /// Occurrences.
    pub occurrences: i64,
    /// Occurrences with at least one candidate target.
    pub resolved_occurrences: i64,
}
