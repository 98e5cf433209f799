//! Turning a NAME as a user writes it into symbols: a bare name, a
//! qualified name in the language's form or dotted, or `path:LINE`.

use plumb_store::Store;
use plumb_store::read::SymbolRow;

use crate::{Error, Result};

/// The symbols a NAME denotes, and what was understood.
#[derive(Clone, Debug)]
pub struct Located {
    /// The symbols, by file and line.
    pub symbols: Vec<SymbolRow>,
    /// How the NAME was read: `name`, `qualified` or `location`.
    pub form: &'static str,
    /// Remarks (ambiguity, nothing found).
    pub notes: Vec<String>,
}

/// Splits a qualified name into its segments on `::`, `.` and `/`.
pub(crate) fn segments(qualified: &str) -> Vec<&str> {
    qualified
        .split("::")
        .flat_map(|part| part.split(['.', '/']))
        .filter(|s| !s.is_empty())
        .collect()
}

/// Resolves `name` against the index.
pub fn locate(store: &Store, name: &str) -> Result<Located> {
    let name = name.trim();
    if name.is_empty() {
        return Err(Error::Input("the symbol name is empty".into()));
    }
    if let Some((path, line)) = name.rsplit_once(':')
        && !path.ends_with(':')
        && let Ok(line) = line.parse::<u32>()
    {
        return locate_line(store, path, line);
    }
    let wanted = segments(name);
    let Some(last) = wanted.last() else {
        return Err(Error::Input(format!(
            "cannot read a symbol name in {name:?}"
        )));
    };
    let form = if wanted.len() > 1 {
        "qualified"
    } else {
        "name"
    };
    let symbols: Vec<SymbolRow> = store
        .symbols_named(last)?
        .into_iter()
        .filter(|s| segments(&s.qualname).ends_with(&wanted))
        .collect();
    let mut notes = Vec::new();
    if symbols.is_empty() {
        notes.push(format!(
            "no symbol matches {name:?}; try `plumb search {last}`"
        ));
    } else if symbols.len() > 1 {
        notes.push(format!(
            "{name:?} is ambiguous: {} symbols match; answering for all (narrow with a qualified name or path:LINE)",
            symbols.len()
        ));
    }
    Ok(Located {
        symbols,
        form,
        notes,
    })
}

fn locate_line(store: &Store, path: &str, line: u32) -> Result<Located> {
    let path = path.trim_start_matches("./");
    if store.file(path)?.is_none() {
        return Err(Error::Input(format!(
            "{path} is not in the index (paths are relative to the indexed root)"
        )));
    }
    if line == 0 {
        return Err(Error::Input("lines are 1-based".into()));
    }
    let containing = store.symbols_containing_line(path, line)?;
    let innermost = containing
        .into_iter()
        .max_by_key(|s| (s.start_byte, std::cmp::Reverse(s.end_byte)));
    let mut notes = Vec::new();
    if innermost.is_none() {
        notes.push(format!("no definition spans {path}:{line}"));
    }
    Ok(Located {
        symbols: innermost.into_iter().collect(),
        form: "location",
        notes,
    })
}

#[cfg(test)]
mod tests {
    use super::segments;

    #[test]
    fn qualified_names_split_in_every_form() {
        assert_eq!(
            segments("crate::shapes::Circle::area"),
            vec!["crate", "shapes", "Circle", "area"]
        );
        assert_eq!(
            segments("flask.app.Flask.route"),
            vec!["flask", "app", "Flask", "route"]
        );
        assert_eq!(
            segments("src/models.Cart.total"),
            vec!["src", "models", "Cart", "total"]
        );
    }
}
