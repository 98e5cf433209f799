//! Writing a run's rows: the store opened for writing, the files table and
//! the facts cache (the open phase), and each resolved file's rows, over
//! what the index held only where they differ.

use std::collections::HashSet;
use std::path::Path;

use plumb_store::records::FileRecord;
use plumb_store::{GraphWriter, RowCounts, Store};

use crate::IndexError;
use crate::aside::{AsideAt, SetAside};
use crate::cache;
use crate::resolve::{FileRows, SourceFile};

/// The index at `root`, open for writing. A first index is built aside and
/// renamed into place (see `Store::create_new`); an existing one is
/// replaced in place.
pub(super) fn open_store(root: &Path) -> Result<Store, IndexError> {
    let database = Store::database_path(root);
    Ok(if database.exists() {
        Store::open_for_write(&database)?
    } else {
        Store::create_new(&database)?
    })
}

/// A writer over `store`: one that updates its rows in place (`update`),
/// with no meta yet, or one that replaces the whole graph.
pub(super) fn begin(store: &mut Store, update: bool) -> Result<GraphWriter<'_>, IndexError> {
    if !update {
        return Ok(store.replace_all()?);
    }
    let writer = store.update()?;
    writer.clear_meta()?;
    Ok(writer)
}

/// Writes the files table, `records`, and the facts cache: the facts of
/// the reused files (at `cached_paths`) stay, the `new_facts` (index in
/// `sources`, content hash) go in with their set-apart parts, read from
/// `aside` at `aside_at`. They go in before resolution, so that their
/// blobs are not held while it runs.
pub(super) fn files_and_facts(
    writer: &GraphWriter<'_>,
    records: &[FileRecord],
    cached_paths: &HashSet<String>,
    new_facts: Vec<(usize, String)>,
    sources: &[SourceFile],
    aside: &SetAside,
    aside_at: &[AsideAt],
) -> Result<(), IndexError> {
    for record in records {
        writer.file(record)?;
    }
    writer.retain_facts(&|path| cached_paths.contains(path))?;
    for (i, hash) in new_facts {
        let source = &sources[i];
        let encoded_apart = aside.get(aside_at[i]).map_err(IndexError::SetAside)?;
        writer.facts(
            &source.rel,
            &hash,
            &cache::encode(&source.facts),
            &encoded_apart,
        )?;
    }
    Ok(())
}

/// Writes `rows`, the rows of file `file_id` with digest `hash`
/// ([`FileRows::digest`]), unless the digest of the rows written before,
/// `old`, is the same; over rows written before, only where they differ.
/// Whether anything was written.
pub(crate) fn write_rows(
    writer: &GraphWriter<'_>,
    file_id: i64,
    rows: &FileRows,
    hash: &[u8],
    old: Option<Vec<u8>>,
) -> Result<bool, IndexError> {
    match old {
        Some(old) if old == hash => return Ok(false),
        Some(_) => writer.rewrite_file_rows(
            file_id,
            &rows.symbols,
            &rows.occurrences,
            &rows.resolutions,
            &rows.imports,
        )?,
        None => write_new_rows(writer, rows)?,
    }
    writer.file_rows(file_id, hash, row_counts(rows))?;
    Ok(true)
}

/// Writes the rows of a file that had none.
fn write_new_rows(writer: &GraphWriter<'_>, rows: &FileRows) -> Result<(), IndexError> {
    for symbol in &rows.symbols {
        writer.symbol(symbol)?;
    }
    for occurrence in &rows.occurrences {
        writer.occurrence(occurrence)?;
    }
    for resolution in &rows.resolutions {
        writer.resolution(resolution)?;
    }
    for import in &rows.imports {
        writer.import(import)?;
    }
    Ok(())
}

/// How many rows of each kind one file has.
fn row_counts(rows: &FileRows) -> RowCounts {
    let mut resolved: Vec<i64> = rows.resolutions.iter().map(|r| r.occurrence_id).collect();
    resolved.dedup();
    RowCounts {
        symbols: rows.symbols.len() as i64,
        occurrences: rows.occurrences.len() as i64,
        resolved_occurrences: resolved.len() as i64,
    }
}
