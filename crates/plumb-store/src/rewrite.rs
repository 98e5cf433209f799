//! Rewriting one file's rows in an update: [`GraphWriter::rewrite_file_rows`]
//! reads the rows the file has, compares them with the new ones by primary
//! key, and writes only the difference: a row inserted, deleted, or
//! updated in just the columns that changed. An edit inside a file mostly
//! moves rows (new lines and columns) and leaves their resolutions and
//! names alone, so most of what a delete-and-insert would redo (the
//! resolutions, the full-text entries, the secondary indexes, the
//! foreign-key checks) is never touched.

use std::collections::HashMap;

use rusqlite::types::{Value, ValueRef};
use rusqlite::{params_from_iter, types::ToSqlOutput};

use crate::records::{ImportRecord, OccurrenceRecord, ResolutionRecord, SymbolRecord};
use crate::rows::{
    IMPORTS, OCCURRENCES, RESOLUTIONS, SYMBOL_NAME_COLUMN, SYMBOLS, Table, import_row,
    occurrence_row, resolution_row, symbol_row,
};
use crate::update::file_row_ids;
use crate::{GraphWriter, Result};

/// A row's primary key: one or two integers (the second 0 for one).
type Key = (i64, i64);

/// What [`GraphWriter::rewrite_table`] changed, for the full-text entries
/// of symbols.
#[derive(Default)]
struct Changed {
    /// Rows deleted, as they were.
    removed: Vec<Vec<Value>>,
    /// New rows inserted, by index among the new rows.
    added: Vec<usize>,
    /// Rows updated: as they were, and the index of the new row.
    updated: Vec<(Vec<Value>, usize)>,
}

impl GraphWriter<'_> {
    /// Makes the rows of file `file_id` these, writing only what differs
    /// from what the file has (see the module documentation). The same
    /// rows as [`GraphWriter::remove_file_rows`] followed by writing each
    /// row, for less work when most rows stay.
    pub fn rewrite_file_rows(
        &self,
        file_id: i64,
        symbols: &[SymbolRecord],
        occurrences: &[OccurrenceRecord],
        resolutions: &[ResolutionRecord],
        imports: &[ImportRecord],
    ) -> Result<()> {
        let ids = file_row_ids(file_id);
        let range = [*ids.start(), *ids.end()];
        let by_id = "id BETWEEN ?1 AND ?2";
        let new_symbols: Vec<_> = symbols.iter().map(symbol_row).collect();
        let changed = self.rewrite_table(&SYMBOLS, by_id, &range, &new_symbols)?;
        let name = |row: &[Value]| match &row[SYMBOL_NAME_COLUMN] {
            Value::Text(name) => name.clone(),
            _ => String::new(),
        };
        for old in &changed.removed {
            self.forget_name(key_of_values(old, 1).0, &name(old))?;
        }
        for &i in &changed.added {
            self.index_name(symbols[i].id, &symbols[i].name)?;
        }
        for (old, i) in &changed.updated {
            let (old_name, symbol) = (name(old), &symbols[*i]);
            if old_name != symbol.name {
                self.forget_name(symbol.id, &old_name)?;
                self.index_name(symbol.id, &symbol.name)?;
            }
        }
        let new_occurrences: Vec<_> = occurrences.iter().map(occurrence_row).collect();
        self.rewrite_table(&OCCURRENCES, by_id, &range, &new_occurrences)?;
        let new_resolutions: Vec<_> = resolutions.iter().map(resolution_row).collect();
        let by_occurrence = "occurrence_id BETWEEN ?1 AND ?2";
        self.rewrite_table(&RESOLUTIONS, by_occurrence, &range, &new_resolutions)?;
        let new_imports: Vec<_> = imports.iter().map(import_row).collect();
        self.rewrite_table(&IMPORTS, "file_id = ?1", &[file_id], &new_imports)?;
        Ok(())
    }

    /// Makes the rows of `table` that `filter` (with `params`) selects the
    /// `new` ones. A key repeated among the new rows keeps its first row,
    /// as [`Table::ignore_repeats`] inserts do.
    fn rewrite_table<const N: usize>(
        &self,
        table: &Table,
        filter: &str,
        params: &[i64],
        new: &[[ValueRef<'_>; N]],
    ) -> Result<Changed> {
        let mut old: HashMap<Key, Vec<Value>> = HashMap::new();
        {
            let sql = format!(
                "SELECT {} FROM {} WHERE {filter}",
                table.columns.join(", "),
                table.name
            );
            let mut stmt = self.tx.prepare_cached(&sql).map_err(|e| self.err(e))?;
            let mut rows = stmt
                .query(params_from_iter(params))
                .map_err(|e| self.err(e))?;
            while let Some(row) = rows.next().map_err(|e| self.err(e))? {
                let values = (0..N)
                    .map(|i| row.get::<_, Value>(i))
                    .collect::<rusqlite::Result<Vec<Value>>>()
                    .map_err(|e| self.err(e))?;
                old.insert(key_of_values(&values, table.key_len), values);
            }
        }
        let insert = table.insert_sql();
        let mut changed = Changed::default();
        let mut seen = std::collections::HashSet::new();
        for (i, row) in new.iter().enumerate() {
            let key = key_of(row, table.key_len);
            if !seen.insert(key) {
                continue;
            }
            let Some(was) = old.remove(&key) else {
                self.execute(&insert, row.iter().copied())?;
                changed.added.push(i);
                continue;
            };
            let differing: Vec<usize> = (table.key_len..N)
                .filter(|&c| ValueRef::from(&was[c]) != row[c])
                .collect();
            if differing.is_empty() {
                continue;
            }
            let sets: Vec<String> = differing
                .iter()
                .enumerate()
                .map(|(p, &c)| format!("{} = ?{}", table.columns[c], p + 1))
                .collect();
            let sql = format!(
                "UPDATE {} SET {} WHERE {}",
                table.name,
                sets.join(", "),
                key_filter(table, differing.len())
            );
            let values = differing.iter().map(|&c| row[c]);
            self.execute(&sql, values.chain(row[..table.key_len].iter().copied()))?;
            changed.updated.push((was, i));
        }
        let delete = format!("DELETE FROM {} WHERE {}", table.name, key_filter(table, 0));
        for (_, was) in old {
            self.execute(&delete, was[..table.key_len].iter().map(ValueRef::from))?;
            changed.removed.push(was);
        }
        Ok(changed)
    }

    /// Runs `sql` (prepared once per writer) with `values`.
    fn execute<'v>(&self, sql: &str, values: impl Iterator<Item = ValueRef<'v>>) -> Result<()> {
        self.tx
            .prepare_cached(sql)
            .and_then(|mut stmt| stmt.execute(params_from_iter(values.map(ToSqlOutput::Borrowed))))
            .map(drop)
            .map_err(|e| self.err(e))
    }
}

/// `key = ?n` for each key column of `table`, numbered after `before`
/// other parameters.
fn key_filter(table: &Table, before: usize) -> String {
    let keys: Vec<String> = table.columns[..table.key_len]
        .iter()
        .enumerate()
        .map(|(i, column)| format!("{column} = ?{}", before + i + 1))
        .collect();
    keys.join(" AND ")
}

fn integer_of(value: ValueRef<'_>) -> i64 {
    match value {
        ValueRef::Integer(i) => i,
        _ => 0,
    }
}

/// The key of `row`, whose first `key_len` columns form it.
fn key_of(row: &[ValueRef<'_>], key_len: usize) -> Key {
    let second = if key_len > 1 { integer_of(row[1]) } else { 0 };
    (integer_of(row[0]), second)
}

fn key_of_values(row: &[Value], key_len: usize) -> Key {
    let refs: Vec<ValueRef<'_>> = row.iter().take(2).map(ValueRef::from).collect();
    key_of(&refs, key_len)
}

#[cfg(test)]
mod tests {
    use crate::Store;
    use crate::model::{OccurrenceKind, Resolution, SymbolKind};
    use crate::records::{
        FileRecord, ImportRecord, OccurrenceRecord, ResolutionRecord, SymbolRecord,
    };
    use crate::row_id;
    use crate::span::Span;

    fn symbol(file_id: i64, ordinal: usize, name: &str, line: u32) -> SymbolRecord {
        SymbolRecord {
            id: row_id(file_id, ordinal),
            file_id,
            name: name.into(),
            qualname: format!("m::{name}"),
            kind: SymbolKind::Function,
            span: Span::new(line..=line + 2, line * 10..line * 10 + 20).unwrap(),
            name_line: line,
            name_col: 4,
            signature: Some(format!("fn {name}()")),
            doc: None,
            parent_id: None,
            exported: true,
            impl_block: None,
        }
    }

    fn occurrence(ordinal: usize, name: &str, line: u32) -> OccurrenceRecord {
        OccurrenceRecord {
            id: row_id(1, ordinal),
            file_id: 1,
            line,
            col: 8,
            kind: OccurrenceKind::Call,
            name: name.into(),
            receiver: None,
            enclosing_id: Some(row_id(1, 0)),
        }
    }

    fn resolution(occurrence: usize, symbol_id: i64, confidence: f64) -> ResolutionRecord {
        ResolutionRecord {
            occurrence_id: row_id(1, occurrence),
            symbol_id,
            method: Resolution::Scope,
            confidence,
        }
    }

    fn import(ordinal: usize, alias: Option<&str>) -> ImportRecord {
        ImportRecord {
            id: row_id(1, ordinal),
            file_id: 1,
            line: 1,
            module: "other".into(),
            name: Some("helper".into()),
            alias: alias.map(str::to_owned),
            resolved_file_id: Some(2),
        }
    }

    /// File 1's rows before and after an edit: moved, renamed, removed and
    /// added symbols; moved, removed and added occurrences; a candidate
    /// whose confidence changes, one dropped, one repeated; an import
    /// aliased and one added.
    #[allow(clippy::type_complexity)]
    fn versions() -> [(
        Vec<SymbolRecord>,
        Vec<OccurrenceRecord>,
        Vec<ResolutionRecord>,
        Vec<ImportRecord>,
    ); 2] {
        let helper = row_id(2, 0);
        [
            (
                vec![
                    symbol(1, 0, "run", 3),
                    symbol(1, 1, "old_name", 10),
                    symbol(1, 2, "gone", 20),
                ],
                vec![occurrence(0, "helper", 4), occurrence(1, "old_name", 5)],
                vec![
                    resolution(0, helper, 0.9),
                    resolution(1, row_id(1, 1), 0.95),
                ],
                vec![import(0, None)],
            ),
            (
                vec![
                    symbol(1, 0, "run", 4),
                    symbol(1, 1, "new_name", 11),
                    symbol(1, 3, "added", 30),
                ],
                vec![occurrence(0, "helper", 5), occurrence(2, "added", 6)],
                vec![
                    resolution(0, helper, 0.6),
                    resolution(2, row_id(1, 3), 0.95),
                    resolution(2, row_id(1, 3), 0.5),
                ],
                vec![import(0, Some("h")), import(1, None)],
            ),
        ]
    }

    /// Every row of the graph tables and every full-text term, as text.
    fn dump(store: &Store) -> Vec<String> {
        store
            .conn
            .execute_batch(
                "CREATE VIRTUAL TABLE IF NOT EXISTS temp.terms \
                 USING fts5vocab(main, symbol_text, 'instance')",
            )
            .unwrap();
        let mut out = Vec::new();
        for (table, order) in [
            ("symbols", "id"),
            ("occurrences", "id"),
            ("resolutions", "occurrence_id, symbol_id"),
            ("imports", "id"),
            ("terms", "doc, term"),
        ] {
            let mut stmt = store
                .conn
                .prepare(&format!("SELECT * FROM {table} ORDER BY {order}"))
                .unwrap();
            let columns = stmt.column_count();
            let rows = stmt
                .query_map([], |row| {
                    let cells: Vec<String> = (0..columns)
                        .map(|i| format!("{:?}", row.get_ref(i).unwrap()))
                        .collect();
                    Ok(format!("{table}: {}", cells.join(" | ")))
                })
                .unwrap();
            out.extend(rows.map(Result::unwrap));
        }
        out
    }

    /// A store holding file 2's one symbol and file 1's rows `version`.
    fn written(dir: &std::path::Path, version: usize) -> Store {
        let mut store = Store::open_for_write(&dir.join("index.db")).unwrap();
        let writer = store.replace_all().unwrap();
        writer.file(&FileRecord::indexed(1, "a.rs")).unwrap();
        writer.file(&FileRecord::indexed(2, "b.rs")).unwrap();
        writer.symbol(&symbol(2, 0, "helper", 1)).unwrap();
        let (symbols, occurrences, resolutions, imports) = &versions()[version];
        symbols.iter().for_each(|s| writer.symbol(s).unwrap());
        occurrences
            .iter()
            .for_each(|o| writer.occurrence(o).unwrap());
        resolutions
            .iter()
            .for_each(|r| writer.resolution(r).unwrap());
        imports.iter().for_each(|i| writer.import(i).unwrap());
        writer.commit().unwrap();
        store
    }

    #[test]
    fn a_rewrite_leaves_what_writing_the_new_rows_afresh_leaves() {
        let (before, after) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let mut rewritten = written(before.path(), 0);
        let fresh = written(after.path(), 1);
        assert_ne!(dump(&rewritten), dump(&fresh));
        let [_, (symbols, occurrences, resolutions, imports)] = versions();
        let writer = rewritten.update().unwrap();
        writer
            .rewrite_file_rows(1, &symbols, &occurrences, &resolutions, &imports)
            .unwrap();
        writer.commit().unwrap();
        assert_eq!(dump(&rewritten), dump(&fresh));
    }
}
