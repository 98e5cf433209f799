//! Search entries: what `search` ranks a symbol by besides its name. A
//! symbol has at most one full-text entry, over three columns — `names`
//! (its name and qualified name split into words), `head` (the words of
//! its signature and doc comment) and `body` (words of its body) — and at
//! most one embedding, stored as bytes. The indexer writes a file's
//! entries together and records a hash of them (`search_files`), so that a
//! later run rewrites them only when they changed. This module stores and
//! reads them; it neither splits text nor embeds it.

use std::collections::HashMap;

use rusqlite::params;

use crate::model::SymbolKind;
use crate::update::file_row_ids;
use crate::{GraphWriter, Result, Store};

/// BM25 weight of each column (names, head, body). Chosen: a word in the
/// name says more about a symbol than one in its doc or signature, which
/// says more than one used in its body.
const COLUMN_WEIGHTS: [f64; 3] = [4.0, 2.0, 1.0];

/// One symbol's search entry, as the indexer writes it.
#[derive(Clone, Copy, Debug)]
pub struct SearchEntry<'a> {
    /// The symbol's row id.
    pub id: i64,
    /// Its name and qualified name, as space-separated words.
    pub names: &'a str,
    /// Its signature and doc comment, as space-separated words.
    pub head: &'a str,
    /// Words of its body, space-separated.
    pub body: &'a str,
    /// Its embedding, if its text had one.
    pub vector: Option<&'a [u8]>,
}

/// Which symbols a search considers.
#[derive(Clone, Copy, Debug, Default)]
pub struct SearchFilter<'a> {
    /// Only symbols of this kind.
    pub kind: Option<SymbolKind>,
    /// Only symbols in files of this language (as the files table names it).
    pub language: Option<&'a str>,
}

impl SearchFilter<'_> {
    /// The SQL condition over `symbols s` and `files f`, with its
    /// parameters numbered from `first`.
    fn condition(&self, first: usize) -> (String, Vec<String>) {
        let mut condition = String::new();
        let mut values = Vec::new();
        if let Some(kind) = self.kind {
            values.push(kind.as_str().to_owned());
            condition.push_str(&format!(" AND s.kind = ?{}", first + values.len() - 1));
        }
        if let Some(language) = self.language {
            values.push(language.to_owned());
            condition.push_str(&format!(" AND f.language = ?{}", first + values.len() - 1));
        }
        (condition, values)
    }
}

impl GraphWriter<'_> {
    /// The hash of each file's search entries as last written, by file id.
    pub fn search_hashes(&self) -> Result<HashMap<i64, Vec<u8>>> {
        let mut stmt = self
            .tx
            .prepare("SELECT file_id, hash FROM search_files")
            .map_err(|e| self.err(e))?;
        let rows = stmt
            .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
            .map_err(|e| self.err(e))?;
        rows.collect::<rusqlite::Result<_>>()
            .map_err(|e| self.err(e))
    }

    /// The hash of file `file_id`'s search entries as last written, if any.
    pub fn search_hash(&self, file_id: i64) -> Result<Option<Vec<u8>>> {
        use rusqlite::OptionalExtension;
        self.tx
            .prepare_cached("SELECT hash FROM search_files WHERE file_id = ?1")
            .and_then(|mut stmt| stmt.query_row([file_id], |row| row.get(0)).optional())
            .map_err(|e| self.err(e))
    }

    /// Makes `entries` (with hash `hash`) the search entries of file
    /// `file_id`, replacing any it had.
    pub fn replace_search_entries(
        &self,
        file_id: i64,
        hash: &[u8],
        entries: &[SearchEntry<'_>],
    ) -> Result<()> {
        self.remove_search_entries(file_id)?;
        let run = |sql: &str,
                   values: &dyn Fn(
            &mut rusqlite::CachedStatement<'_>,
        ) -> rusqlite::Result<usize>| {
            self.tx
                .prepare_cached(sql)
                .and_then(|mut stmt| values(&mut stmt))
                .map(drop)
                .map_err(|e| self.err(e))
        };
        for entry in entries {
            run(
                "INSERT INTO symbol_search (rowid, names, head, body) VALUES (?1, ?2, ?3, ?4)",
                &|stmt| stmt.execute(params![entry.id, entry.names, entry.head, entry.body]),
            )?;
            if let Some(vector) = entry.vector {
                run(
                    "INSERT INTO symbol_vectors (symbol_id, vector) VALUES (?1, ?2)",
                    &|stmt| stmt.execute(params![entry.id, vector]),
                )?;
            }
        }
        run(
            "INSERT OR REPLACE INTO search_files (file_id, hash) VALUES (?1, ?2)",
            &|stmt| stmt.execute(params![file_id, hash]),
        )
    }

    /// Removes the search entries of file `file_id` and their hash.
    pub(crate) fn remove_search_entries(&self, file_id: i64) -> Result<()> {
        let ids = file_row_ids(file_id);
        for statement in [
            "DELETE FROM symbol_search WHERE rowid BETWEEN ?1 AND ?2",
            "DELETE FROM symbol_vectors WHERE symbol_id BETWEEN ?1 AND ?2",
        ] {
            self.tx
                .prepare_cached(statement)
                .and_then(|mut stmt| stmt.execute([*ids.start(), *ids.end()]))
                .map_err(|e| self.err(e))?;
        }
        self.tx
            .prepare_cached("DELETE FROM search_files WHERE file_id = ?1")
            .and_then(|mut stmt| stmt.execute([file_id]))
            .map(drop)
            .map_err(|e| self.err(e))
    }
}

impl Store {
    /// Symbols whose search entry holds any of `words`, best BM25 first
    /// (columns weighted by [`COLUMN_WEIGHTS`]), at most `limit`, each with
    /// its BM25 score (higher is better).
    pub fn lexical_matches(
        &self,
        words: &[String],
        filter: SearchFilter<'_>,
        limit: usize,
    ) -> Result<Vec<(i64, f64)>> {
        if words.is_empty() {
            return Ok(Vec::new());
        }
        let expression = words
            .iter()
            .map(|w| format!("\"{}\"", w.replace('"', "")))
            .collect::<Vec<_>>()
            .join(" OR ");
        let (condition, values) = filter.condition(3);
        let [names, head, body] = COLUMN_WEIGHTS;
        let sql = format!(
            "SELECT t.rowid, bm25(symbol_search, {names}, {head}, {body}) AS rank
             FROM symbol_search t JOIN symbols s ON s.id = t.rowid JOIN files f ON f.id = s.file_id
             WHERE symbol_search MATCH ?1{condition} ORDER BY rank LIMIT ?2"
        );
        let mut stmt = self.conn.prepare_cached(&sql).map_err(|e| self.err(e))?;
        let limit = limit as i64;
        let mut bound: Vec<&dyn rusqlite::ToSql> = vec![&expression, &limit];
        bound.extend(values.iter().map(|v| v as &dyn rusqlite::ToSql));
        let rows = stmt
            .query_map(bound.as_slice(), |row| {
                Ok((row.get(0)?, -row.get::<_, f64>(1)?))
            })
            .map_err(|e| self.err(e))?;
        rows.collect::<rusqlite::Result<_>>()
            .map_err(|e| self.err(e))
    }

    /// Whether symbol `id` is one the filter admits.
    pub fn admits(&self, id: i64, filter: SearchFilter<'_>) -> Result<bool> {
        let (condition, values) = filter.condition(2);
        if condition.is_empty() {
            return Ok(true);
        }
        let sql = format!(
            "SELECT count(*) FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.id = ?1{condition}"
        );
        let mut bound: Vec<&dyn rusqlite::ToSql> = vec![&id];
        bound.extend(values.iter().map(|v| v as &dyn rusqlite::ToSql));
        self.conn
            .prepare_cached(&sql)
            .and_then(|mut stmt| stmt.query_row(bound.as_slice(), |row| row.get::<_, i64>(0)))
            .map(|count| count > 0)
            .map_err(|e| self.err(e))
    }

    /// The languages of the indexed files, sorted.
    pub fn languages(&self) -> Result<Vec<String>> {
        self.collected(
            "SELECT DISTINCT language FROM files WHERE language IS NOT NULL ORDER BY language",
            |row| row.get(0),
        )
    }

    /// Calls `each` with every stored embedding the filter admits (symbol
    /// id, vector bytes).
    pub fn for_each_vector(
        &self,
        filter: SearchFilter<'_>,
        mut each: impl FnMut(i64, &[u8]),
    ) -> Result<()> {
        let (condition, values) = filter.condition(1);
        let sql = if condition.is_empty() {
            "SELECT symbol_id, vector FROM symbol_vectors".to_owned()
        } else {
            format!(
                "SELECT v.symbol_id, v.vector FROM symbol_vectors v
                 JOIN symbols s ON s.id = v.symbol_id JOIN files f ON f.id = s.file_id
                 WHERE 1{condition}"
            )
        };
        let mut stmt = self.conn.prepare_cached(&sql).map_err(|e| self.err(e))?;
        let mut rows = stmt
            .query(rusqlite::params_from_iter(values.iter()))
            .map_err(|e| self.err(e))?;
        while let Some(row) = rows.next().map_err(|e| self.err(e))? {
            let id: i64 = row.get(0).map_err(|e| self.err(e))?;
            let bytes = row.get_ref(1).map_err(|e| self.err(e))?;
            if let Ok(bytes) = bytes.as_blob() {
                each(id, bytes);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::SymbolKind;
    use crate::records::{FileRecord, SymbolRecord};
    use crate::row_id;
    use crate::span::Span;

    fn symbol(file_id: i64, ordinal: usize, name: &str, kind: SymbolKind) -> SymbolRecord {
        SymbolRecord {
            id: row_id(file_id, ordinal),
            file_id,
            name: name.to_owned(),
            qualname: name.to_owned(),
            kind,
            span: Span::new(1..=2, 0..1).unwrap(),
            name_line: 1,
            name_col: 1,
            signature: None,
            doc: None,
            parent_id: None,
            exported: true,
            impl_block: None,
        }
    }

    fn entry<'a>(id: i64, names: &'a str, body: &'a str, vector: &'a [u8]) -> SearchEntry<'a> {
        SearchEntry {
            id,
            names,
            head: "",
            body,
            vector: Some(vector),
        }
    }

    fn vectors(store: &Store, filter: SearchFilter<'_>) -> Vec<(i64, Vec<u8>)> {
        let mut out = Vec::new();
        store
            .for_each_vector(filter, |id, bytes| out.push((id, bytes.to_vec())))
            .unwrap();
        out
    }

    #[test]
    fn entries_are_ranked_filtered_and_replaced_per_file() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open_for_write(&dir.path().join("index.db")).unwrap();
        let (a, b, c) = (row_id(1, 0), row_id(1, 1), row_id(2, 0));
        let writer = store.replace_all().unwrap();
        writer.file(&FileRecord::indexed(1, "a.rs")).unwrap();
        writer.file(&FileRecord::indexed(2, "b.rs")).unwrap();
        writer
            .symbol(&symbol(1, 0, "retry", SymbolKind::Function))
            .unwrap();
        writer
            .symbol(&symbol(1, 1, "Client", SymbolKind::Struct))
            .unwrap();
        writer
            .symbol(&symbol(2, 0, "send", SymbolKind::Function))
            .unwrap();
        writer
            .replace_search_entries(
                1,
                b"h1",
                &[
                    entry(a, "retry", "request failed again", &[1, 2]),
                    entry(b, "client", "request", &[3, 4]),
                ],
            )
            .unwrap();
        writer
            .replace_search_entries(2, b"h2", &[entry(c, "send", "socket write", &[5, 6])])
            .unwrap();
        assert_eq!(writer.search_hash(2).unwrap(), Some(b"h2".to_vec()));
        assert_eq!(
            writer.search_hashes().unwrap(),
            HashMap::from([(1, b"h1".to_vec()), (2, b"h2".to_vec())])
        );
        writer.commit().unwrap();

        let words = |w: &[&str]| w.iter().map(|w| w.to_string()).collect::<Vec<_>>();
        let ids = |found: Vec<(i64, f64)>| found.into_iter().map(|(id, _)| id).collect::<Vec<_>>();
        let all = SearchFilter::default();
        // A name word outweighs a body word; stemming matches "retries".
        assert_eq!(
            ids(store
                .lexical_matches(&words(&["retries", "request"]), all, 10)
                .unwrap()),
            [a, b]
        );
        let functions = SearchFilter {
            kind: Some(SymbolKind::Function),
            language: None,
        };
        assert_eq!(
            ids(store
                .lexical_matches(&words(&["request"]), functions, 10)
                .unwrap()),
            [a]
        );
        let python = SearchFilter {
            kind: None,
            language: Some("python"),
        };
        assert!(
            store
                .lexical_matches(&words(&["request"]), python, 10)
                .unwrap()
                .is_empty()
        );
        assert!(store.lexical_matches(&[], all, 10).unwrap().is_empty());
        assert_eq!(vectors(&store, all).len(), 3);
        assert!(store.admits(b, all).unwrap() && !store.admits(b, functions).unwrap());
        assert_eq!(store.languages().unwrap(), ["rust"]);
        assert_eq!(
            vectors(&store, functions),
            [(a, vec![1, 2]), (c, vec![5, 6])]
        );

        let writer = store.update().unwrap();
        writer
            .replace_search_entries(1, b"h3", &[entry(a, "retry", "backoff", &[7, 8])])
            .unwrap();
        writer.remove_file_rows(2).unwrap();
        writer.commit().unwrap();
        assert!(
            store
                .lexical_matches(&words(&["request", "socket"]), all, 10)
                .unwrap()
                .is_empty()
        );
        assert_eq!(
            ids(store
                .lexical_matches(&words(&["backoff"]), all, 10)
                .unwrap()),
            [a]
        );
        assert_eq!(vectors(&store, all), [(a, vec![7, 8])]);
    }
}
