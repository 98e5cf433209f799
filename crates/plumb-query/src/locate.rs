//! Turning a [`Locator`] into the stored symbols it denotes.

use plumb_store::Store;
use plumb_store::read::SymbolRow;

use crate::locator::{Locator, segments};
use crate::{Error, Result};

/// The symbols a NAME denotes, and what was understood.
#[derive(Clone, Debug)]
pub struct Located {
    /// The symbols, by file and line.
    pub symbols: Vec<SymbolRow>,
    /// Remarks (ambiguity, nothing found).
    pub notes: Vec<String>,
}

/// Resolves `locator` against the index.
pub(crate) fn locate(store: &Store, locator: &Locator) -> Result<Located> {
    let name = match locator {
        Locator::Location { path, line } => return locate_line(store, path, *line),
        Locator::Name(name) | Locator::Qualified(name) => name,
    };
    let wanted = segments(name);
    let Some(last) = wanted.last() else {
        return Err(Error::Input(format!(
            "cannot read a symbol name in {name:?}"
        )));
    };
    let symbols: Vec<SymbolRow> = store
        .symbols_named(last)?
        .into_iter()
        .filter(|s| segments(&s.qualname).ends_with(&wanted))
        .collect();
    let mut notes = Vec::new();
    if symbols.is_empty() {
        notes.push(format!(
            "no symbol matches {name:?}; search {last:?} to find names like it"
        ));
    } else if symbols.len() > 1 {
        notes.push(format!(
            "{name:?} is ambiguous: {} symbols match; answering for all (narrow with a qualified name or path:LINE)",
            symbols.len()
        ));
    }
    Ok(Located { symbols, notes })
}

fn locate_line(store: &Store, path: &str, line: u32) -> Result<Located> {
    let path = path.trim_start_matches("./");
    if store.file(path)?.is_none() {
        return Err(Error::Input(format!(
            "{path} is not in the index (paths are relative to the indexed root)"
        )));
    }
    let containing = store.symbols_containing_line(path, line)?;
    let innermost = containing
        .into_iter()
        .max_by_key(|s| (s.span.start_byte(), std::cmp::Reverse(s.span.end_byte())));
    let mut notes = Vec::new();
    if innermost.is_none() {
        notes.push(format!("no definition spans {path}:{line}"));
    }
    Ok(Located {
        symbols: innermost.into_iter().collect(),
        notes,
    })
}
