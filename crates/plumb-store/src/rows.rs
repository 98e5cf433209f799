//! The graph's row tables as columns: each table's column names and each
//! record's values in that order, shared by the inserts in `write.rs` and
//! the row-by-row comparison in `rewrite.rs`, so the two cannot disagree
//! on what a row holds.

use rusqlite::types::ValueRef;

use crate::records::{ImportRecord, OccurrenceRecord, ResolutionRecord, SymbolRecord};

/// A table of graph rows.
pub(crate) struct Table {
    /// Its name.
    pub(crate) name: &'static str,
    /// Its columns, in the order of the row arrays below.
    pub(crate) columns: &'static [&'static str],
    /// How many leading columns form its primary key.
    pub(crate) key_len: usize,
    /// Whether inserting a row of a key already present keeps the first
    /// (a repeated resolution candidate) instead of failing.
    pub(crate) ignore_repeats: bool,
}

impl Table {
    /// The statement inserting one row.
    pub(crate) fn insert_sql(&self) -> String {
        let placeholders: Vec<String> = (1..=self.columns.len()).map(|i| format!("?{i}")).collect();
        format!(
            "INSERT {}INTO {} ({}) VALUES ({})",
            if self.ignore_repeats {
                "OR IGNORE "
            } else {
                ""
            },
            self.name,
            self.columns.join(", "),
            placeholders.join(", ")
        )
    }
}

/// Symbols.
pub(crate) const SYMBOLS: Table = Table {
    name: "symbols",
    columns: &[
        "id",
        "file_id",
        "name",
        "qualname",
        "kind",
        "start_line",
        "end_line",
        "start_byte",
        "end_byte",
        "name_line",
        "name_col",
        "signature",
        "doc",
        "parent_id",
        "exported",
        "impl_header",
        "impl_start",
        "impl_end",
    ],
    key_len: 1,
    ignore_repeats: false,
};

/// Where a symbol's name is among [`SYMBOLS`]' columns.
pub(crate) const SYMBOL_NAME_COLUMN: usize = 2;

/// Occurrences.
pub(crate) const OCCURRENCES: Table = Table {
    name: "occurrences",
    columns: &[
        "id",
        "file_id",
        "line",
        "col",
        "kind",
        "name",
        "receiver",
        "enclosing_id",
    ],
    key_len: 1,
    ignore_repeats: false,
};

/// Resolution candidates.
pub(crate) const RESOLUTIONS: Table = Table {
    name: "resolutions",
    columns: &["occurrence_id", "symbol_id", "method", "confidence"],
    key_len: 2,
    ignore_repeats: true,
};

/// Import bindings.
pub(crate) const IMPORTS: Table = Table {
    name: "imports",
    columns: &[
        "id",
        "file_id",
        "line",
        "module",
        "name",
        "alias",
        "resolved_file_id",
    ],
    key_len: 1,
    ignore_repeats: false,
};

fn text(value: &str) -> ValueRef<'_> {
    ValueRef::Text(value.as_bytes())
}

fn optional_text(value: Option<&str>) -> ValueRef<'_> {
    value.map_or(ValueRef::Null, text)
}

fn integer(value: impl Into<i64>) -> ValueRef<'static> {
    ValueRef::Integer(value.into())
}

fn optional_integer(value: Option<impl Into<i64>>) -> ValueRef<'static> {
    value.map_or(ValueRef::Null, integer)
}

/// A symbol's values, in [`SYMBOLS`]' order.
pub(crate) fn symbol_row(symbol: &SymbolRecord) -> [ValueRef<'_>; 18] {
    let block = symbol.impl_block.as_ref();
    [
        integer(symbol.id),
        integer(symbol.file_id),
        text(&symbol.name),
        text(&symbol.qualname),
        text(symbol.kind.as_str()),
        integer(symbol.start_line),
        integer(symbol.end_line),
        integer(symbol.start_byte),
        integer(symbol.end_byte),
        integer(symbol.name_line),
        integer(symbol.name_col),
        optional_text(symbol.signature.as_deref()),
        optional_text(symbol.doc.as_deref()),
        optional_integer(symbol.parent_id),
        integer(symbol.exported),
        optional_text(block.map(|b| b.header.as_str())),
        optional_integer(block.map(|b| b.start_line)),
        optional_integer(block.map(|b| b.end_line)),
    ]
}

/// An occurrence's values, in [`OCCURRENCES`]' order.
pub(crate) fn occurrence_row(occurrence: &OccurrenceRecord) -> [ValueRef<'_>; 8] {
    [
        integer(occurrence.id),
        integer(occurrence.file_id),
        integer(occurrence.line),
        integer(occurrence.col),
        text(occurrence.kind.as_str()),
        text(&occurrence.name),
        optional_text(occurrence.receiver.as_deref()),
        optional_integer(occurrence.enclosing_id),
    ]
}

/// A resolution candidate's values, in [`RESOLUTIONS`]' order.
pub(crate) fn resolution_row(resolution: &ResolutionRecord) -> [ValueRef<'static>; 4] {
    [
        integer(resolution.occurrence_id),
        integer(resolution.symbol_id),
        text(resolution.method.as_str()),
        ValueRef::Real(resolution.confidence),
    ]
}

/// An import binding's values, in [`IMPORTS`]' order.
pub(crate) fn import_row(import: &ImportRecord) -> [ValueRef<'_>; 7] {
    [
        integer(import.id),
        integer(import.file_id),
        integer(import.line),
        text(&import.module),
        optional_text(import.name.as_deref()),
        optional_text(import.alias.as_deref()),
        optional_integer(import.resolved_file_id),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inserts_name_every_column_once() {
        assert_eq!(
            RESOLUTIONS.insert_sql(),
            "INSERT OR IGNORE INTO resolutions (occurrence_id, symbol_id, method, confidence) \
             VALUES (?1, ?2, ?3, ?4)"
        );
        assert_eq!(SYMBOLS.columns[SYMBOL_NAME_COLUMN], "name");
    }
}
