//! Turning a [`Locator`] into the stored symbols it denotes.

use std::collections::{HashMap, HashSet, VecDeque};

use plumb_store::Store;
use plumb_store::model::{OccurrenceKind, Resolution};
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
    let mut symbols: Vec<SymbolRow> = store
        .symbols_named(last)?
        .into_iter()
        .filter(|s| segments(&s.qualname).ends_with(&wanted))
        .collect();
    drop_constructors_of_matched_types(&mut symbols);
    let mut notes = Vec::new();
    if symbols.is_empty()
        && let Some((member, owner)) = wanted.split_last()
        && !owner.is_empty()
    {
        for (found, owner_qualname) in inherited(store, owner, member)? {
            notes.push(format!(
                "{name:?} is inherited by {owner_qualname}: answering for {}",
                found.qualname
            ));
            symbols.push(found);
        }
    }
    if symbols.is_empty()
        && let Some((member, owner)) = wanted.split_last()
        && !owner.is_empty()
    {
        for (found, importer) in reexported(store, owner, member)? {
            notes.push(format!(
                "{name:?} is imported by {importer}: answering for {}",
                found.qualname
            ));
            symbols.push(found);
        }
    }
    if symbols.is_empty()
        && let Some((member, owner)) = wanted.split_last()
        && !owner.is_empty()
    {
        for (found, importer) in reexported_as(store, owner, member)? {
            notes.push(format!(
                "{name:?} is imported by {importer} under that name: answering for {}",
                found.qualname
            ));
            symbols.push(found);
        }
    }
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

/// Leaves out the members named after their own type (C++'s, Java's and
/// C#'s constructors: `Box::Box`) when that type matches too: `Box` names
/// the type, whose constructors are its members, not three symbols of that
/// name.
fn drop_constructors_of_matched_types(symbols: &mut Vec<SymbolRow>) {
    let types: Vec<String> = symbols
        .iter()
        .filter(|s| s.kind.is_type())
        .map(|s| s.qualname.clone())
        .collect();
    if types.is_empty() {
        return;
    }
    symbols.retain(|s| {
        let parts = segments(&s.qualname);
        let Some((name, owner)) = parts.split_last() else {
            return true;
        };
        let constructor = s.kind.is_callable()
            && *name == s.name
            && owner.last() == Some(name)
            && types.iter().any(|t| segments(t) == owner);
        !constructor
    });
}

/// The most bases followed up from one type. Chosen: far deeper than real
/// hierarchies, and a bound on a cycle the index might hold.
const MAX_BASES: usize = 64;

/// The members named `member` that the types named `owner` inherit: for
/// each such type, the nearest bases (breadth first, through resolved
/// inheritance edges) that define it, with the type's qualified name.
fn inherited(store: &Store, owner: &[&str], member: &str) -> Result<Vec<(SymbolRow, String)>> {
    let Some(owner_name) = owner.last() else {
        return Ok(Vec::new());
    };
    let mut found = Vec::new();
    let owners = store
        .symbols_named(owner_name)?
        .into_iter()
        .filter(|s| s.kind.is_type() && segments(&s.qualname).ends_with(owner));
    for start in owners {
        let mut queue = VecDeque::from([start.id]);
        let mut seen = HashSet::from([start.id]);
        while let Some(ty) = queue.pop_front() {
            let mut defined = Vec::new();
            for base in bases(store, ty)? {
                if seen.len() >= MAX_BASES || !seen.insert(base) {
                    continue;
                }
                defined.extend(
                    store
                        .children(base)?
                        .into_iter()
                        .filter(|child| child.name == member),
                );
                queue.push_back(base);
            }
            if !defined.is_empty() {
                found.extend(defined.into_iter().map(|d| (d, start.qualname.clone())));
                break;
            }
        }
    }
    Ok(found)
}

/// The definitions named `member` that the module named `owner` imports
/// under their own name, and so re-exports (`from .helpers import abort`
/// in `flask/__init__.py` makes `flask.abort`; `pub use cart::Cart` in a
/// crate's `lib.rs` makes `crate::Cart`), each with the importing file.
/// Import edges that are guesses are not followed.
fn reexported(store: &Store, owner: &[&str], member: &str) -> Result<Vec<(SymbolRow, String)>> {
    let mut found = Vec::new();
    let mut modules = Modules::new(owner);
    for candidate in store.symbols_named(member)? {
        let mut importer = None;
        for r in store.references_to(candidate.id)? {
            if r.kind != OccurrenceKind::Import
                || r.method == Resolution::NameOnly
                || r.name != member
            {
                continue;
            }
            if modules.is_owner(store, &r.file)? {
                importer = Some(r.file);
                break;
            }
        }
        if let Some(importer) = importer {
            found.push((candidate, importer));
        }
    }
    Ok(found)
}

/// The definitions that the module named `owner` imports under the other
/// name `alias`, and so re-exports under it (`pub(crate) use
/// complete::bash::generate as generate_complete_bash;` in
/// `flags/mod.rs` makes `crate::flags::generate_complete_bash`), each with
/// the importing file. Import edges that are guesses are not followed.
fn reexported_as(store: &Store, owner: &[&str], alias: &str) -> Result<Vec<(SymbolRow, String)>> {
    let mut found: Vec<(SymbolRow, String)> = Vec::new();
    let mut modules = Modules::new(owner);
    for r in store.aliased_imports(alias)? {
        if r.method == Resolution::NameOnly
            || found.iter().any(|(symbol, _)| symbol.id == r.target_id)
            || !modules.is_owner(store, &r.file)?
        {
            continue;
        }
        if let Some(symbol) = store.symbol(r.target_id)? {
            found.push((symbol, r.file));
        }
    }
    Ok(found)
}

/// Which files are the module named by some segments, remembered by file.
struct Modules<'o> {
    /// The segments, as asked (`flags` of `crate::flags::x`).
    owner: &'o [&'o str],
    /// The same, owned.
    owner_segments: Vec<String>,
    /// The module of each file asked about ([`file_module`]).
    of_file: HashMap<String, Vec<String>>,
}

impl<'o> Modules<'o> {
    fn new(owner: &'o [&'o str]) -> Self {
        Modules {
            owner,
            owner_segments: owned(owner),
            of_file: HashMap::new(),
        }
    }

    /// Whether the file at `path` is the module: its path names it, or the
    /// qualified names of its definitions do.
    fn is_owner(&mut self, store: &Store, path: &str) -> Result<bool> {
        if module_segments(path).ends_with(self.owner) {
            return Ok(true);
        }
        if !self.of_file.contains_key(path) {
            self.of_file
                .insert(path.to_owned(), file_module(store, path)?);
        }
        Ok(self
            .of_file
            .get(path)
            .is_some_and(|module| module.ends_with(&self.owner_segments)))
    }
}

/// The segments of the module a file's definitions live in, read from the
/// qualified name of its outermost definition (`crate::flags::parse` in
/// `crates/core/flags/mod.rs` → `crate`, `flags`): a Rust file's module
/// path comes from its crate root, not from its path.
fn file_module(store: &Store, path: &str) -> Result<Vec<String>> {
    let outermost = store
        .symbols_in_file(path)?
        .into_iter()
        .filter(|s| s.parent_id.is_none())
        .min_by_key(|s| segments(&s.qualname).len());
    let mut module = outermost.map_or_else(Vec::new, |s| owned(&segments(&s.qualname)));
    module.pop();
    Ok(module)
}

/// Segments, owned.
fn owned(segments: &[&str]) -> Vec<String> {
    segments.iter().map(|s| (*s).to_owned()).collect()
}

/// The module a file's path names: its directories and its name without
/// the extension, a package's `__init__` file standing for its directory
/// (`src/flask/__init__.py` → `src`, `flask`).
fn module_segments(path: &str) -> Vec<&str> {
    let mut parts: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    if let Some(last) = parts.pop() {
        let stem = last.rsplit_once('.').map_or(last, |(stem, _)| stem);
        if stem != "__init__" {
            parts.push(stem);
        }
    }
    parts
}

/// The types `ty` inherits from or implements, through resolved edges.
fn bases(store: &Store, ty: i64) -> Result<Vec<i64>> {
    Ok(store
        .references_from(ty)?
        .into_iter()
        .filter(|r| {
            matches!(r.kind, OccurrenceKind::Inherit | OccurrenceKind::Implement)
                && r.method != Resolution::NameOnly
        })
        .map(|r| r.target_id)
        .collect())
}

fn locate_line(store: &Store, path: &str, line: u32) -> Result<Located> {
    let path = path.trim_start_matches("./");
    if store.file(path)?.is_none() {
        return Err(Error::Input(format!(
            "{path} is not in the index (paths are relative to the indexed root)"
        )));
    }
    // The definition whose name is on the line, else the innermost one
    // spanning it: `} Buffer;` closes `typedef struct buffer_s { … } Buffer;`,
    // whose struct is inside the typedef and spans the line too.
    let containing = store.symbols_containing_line(path, line)?;
    let innermost = containing.into_iter().max_by_key(|s| {
        (
            s.name_line == line,
            s.span.start_byte(),
            std::cmp::Reverse(s.span.end_byte()),
        )
    });
    let mut notes = Vec::new();
    if innermost.is_none() {
        notes.push(format!("no definition spans {path}:{line}"));
    }
    Ok(Located {
        symbols: innermost.into_iter().collect(),
        notes,
    })
}
