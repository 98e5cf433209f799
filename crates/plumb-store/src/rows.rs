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
        integer(symbol.span.start_line()),
        integer(symbol.span.end_line()),
        integer(symbol.span.start_byte()),
        integer(symbol.span.end_byte()),
        integer(symbol.name_line),
        integer(symbol.name_col),
        optional_text(symbol.signature.as_deref()),
        optional_text(symbol.doc.as_deref()),
        optional_integer(symbol.parent_id),
        integer(symbol.exported),
        optional_text(block.map(|b| b.header.as_str())),
        optional_integer(block.map(|b| b.lines.start())),
        optional_integer(block.map(|b| b.lines.end())),
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
pub(crate) fn resolution_row(resolution: &ResolutionRecord) -> [ValueRef<'_>; 4] {
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

/// A digest of everything one file's rows write, to tell without reading
/// them back whether a file's rows changed: each table's row count, then
/// each row's values in column order, each tagged with its type and text
/// prefixed by its length, so no two different row sets encode alike.
pub fn rows_digest(
    symbols: &[SymbolRecord],
    occurrences: &[OccurrenceRecord],
    resolutions: &[ResolutionRecord],
    imports: &[ImportRecord],
) -> Vec<u8> {
    let mut digest = Digest::default();
    digest.table(symbols, symbol_row);
    digest.table(occurrences, occurrence_row);
    digest.table(resolutions, resolution_row);
    digest.table(imports, import_row);
    digest.finish()
}

/// How many encoded bytes wait before they are hashed. Chosen: large
/// enough for blake3 to hash many 1 KiB chunks at once (fed a value at a
/// time, it took about 3 % of the samples of a full index of the Linux
/// kernel under `perf record`), small enough to stay in the cache.
const DIGEST_BUFFER: usize = 64 * 1024;

/// Rows encoded into a buffer and hashed a buffer at a time: the same
/// digest as hashing each value as it comes, for a fraction of the calls.
#[derive(Default)]
struct Digest {
    hasher: blake3::Hasher,
    pending: Vec<u8>,
}

impl Digest {
    fn table<'a, T, const N: usize>(
        &mut self,
        records: &'a [T],
        row: impl Fn(&'a T) -> [ValueRef<'a>; N],
    ) {
        self.pending
            .extend_from_slice(&(records.len() as u64).to_le_bytes());
        for record in records {
            for value in row(record) {
                self.value(value);
            }
            if self.pending.len() >= DIGEST_BUFFER {
                self.hasher.update(&self.pending);
                self.pending.clear();
            }
        }
    }

    fn value(&mut self, value: ValueRef<'_>) {
        let pending = &mut self.pending;
        match value {
            ValueRef::Null => pending.push(0),
            ValueRef::Integer(i) => {
                pending.push(1);
                pending.extend_from_slice(&i.to_le_bytes());
            }
            ValueRef::Real(r) => {
                pending.push(2);
                pending.extend_from_slice(&r.to_bits().to_le_bytes());
            }
            ValueRef::Text(text) => self.sized(3, text),
            ValueRef::Blob(blob) => self.sized(4, blob),
        }
    }

    /// Encodes a text or blob value: its tag, its length, its bytes.
    fn sized(&mut self, tag: u8, bytes: &[u8]) {
        self.pending.push(tag);
        self.pending
            .extend_from_slice(&(bytes.len() as u64).to_le_bytes());
        self.pending.extend_from_slice(bytes);
    }

    fn finish(mut self) -> Vec<u8> {
        self.hasher.update(&self.pending);
        self.hasher.finalize().as_bytes().to_vec()
    }
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

    fn occurrence(name: &str, receiver: Option<&str>) -> OccurrenceRecord {
        OccurrenceRecord {
            id: 1,
            file_id: 1,
            line: 1,
            col: 1,
            kind: crate::model::OccurrenceKind::ALL[0],
            name: name.into(),
            receiver: receiver.map(Into::into),
            enclosing_id: None,
        }
    }

    fn digest_of(occurrences: &[OccurrenceRecord]) -> Vec<u8> {
        rows_digest(&[], occurrences, &[], &[])
    }

    #[test]
    fn digests_differ_where_any_value_differs() {
        let ab = occurrence("ab", None);
        let single = std::slice::from_ref(&ab);
        assert_eq!(digest_of(single), digest_of(single));
        let split = [
            digest_of(single),
            digest_of(&[occurrence("a", Some("b"))]),
            digest_of(&[occurrence("ab", Some(""))]),
            digest_of(&[ab.clone(), ab.clone()]),
            digest_of(&[]),
            rows_digest(&[], &[], &[], &[]),
        ];
        let distinct: std::collections::HashSet<_> = split[..5].iter().collect();
        assert_eq!(distinct.len(), 5);
        assert_eq!(split[4], split[5]);
        let mut moved = ab;
        moved.line = 2;
        assert_ne!(digest_of(&[moved]), split[0]);
    }

    #[test]
    fn a_digest_is_blake3_of_the_whole_encoding_however_it_is_buffered() {
        // Rows enough to fill several buffers.
        let long = "x".repeat(1000);
        let many: Vec<_> = (0..3 * DIGEST_BUFFER / 1000)
            .map(|_| occurrence(&long, None))
            .collect();
        // The encoding in one piece: each table's row count, then the
        // values of its rows.
        let mut rows = Digest::default();
        for record in &many {
            for value in occurrence_row(record) {
                rows.value(value);
            }
        }
        let mut whole = Vec::new();
        whole.extend_from_slice(&0u64.to_le_bytes());
        whole.extend_from_slice(&(many.len() as u64).to_le_bytes());
        whole.extend_from_slice(&rows.pending);
        whole.extend_from_slice(&0u64.to_le_bytes());
        whole.extend_from_slice(&0u64.to_le_bytes());
        assert!(whole.len() > 2 * DIGEST_BUFFER);
        assert_eq!(digest_of(&many), blake3::hash(&whole).as_bytes().to_vec());
        let mut changed = many.clone();
        changed.last_mut().unwrap().col = 2;
        assert_ne!(digest_of(&many), digest_of(&changed));
    }
}
