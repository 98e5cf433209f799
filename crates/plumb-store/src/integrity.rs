//! The foreign keys of a graph being written, checked in memory. SQLite's
//! own deferred check costs a B-tree lookup per reference and, once any
//! reference points ahead, a search of the child table for every parent row
//! written; [`crate::GraphWriter`] turns it off and asks this instead.
//! The answer is the same: every non-null reference names a row written in
//! the same graph, checked when the graph is committed.

use std::collections::HashSet;

/// Ids at or above this bound are kept in a hash set instead of the bitmap,
/// so that a sparse id cannot allocate a huge bitmap. Chosen: 2^28 ids
/// (a 32 MiB bitmap), far above the 3.4 M occurrences of the largest
/// corpus measured (a Linux kernel subset).
const BITMAP_IDS: i64 = 1 << 28;

/// A table other rows reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Parent {
    /// `files(id)`.
    Files,
    /// `symbols(id)`.
    Symbols,
    /// `occurrences(id)`.
    Occurrences,
}

impl Parent {
    /// The table's name.
    fn table(self) -> &'static str {
        match self {
            Parent::Files => "files",
            Parent::Symbols => "symbols",
            Parent::Occurrences => "occurrences",
        }
    }
}

/// A reference whose row did not exist yet when it was written.
struct Pending {
    column: &'static str,
    parent: Parent,
    id: i64,
}

/// A reference that names no row, found by [`References::check`].
#[derive(Debug, PartialEq)]
pub(crate) struct Dangling {
    /// The referencing column, as `table.column`.
    pub column: &'static str,
    /// The table it references.
    pub table: &'static str,
    /// The id it holds.
    pub id: i64,
}

/// The ids written to one table.
#[derive(Default)]
struct Ids {
    bitmap: Vec<u64>,
    sparse: HashSet<i64>,
}

impl Ids {
    fn insert(&mut self, id: i64) {
        match bitmap_slot(id) {
            Some((word, bit)) => {
                if word >= self.bitmap.len() {
                    self.bitmap.resize(word + 1, 0);
                }
                self.bitmap[word] |= bit;
            }
            None => {
                self.sparse.insert(id);
            }
        }
    }

    fn contains(&self, id: i64) -> bool {
        match bitmap_slot(id) {
            Some((word, bit)) => self.bitmap.get(word).is_some_and(|w| w & bit != 0),
            None => self.sparse.contains(&id),
        }
    }
}

/// The word and bit of `id` in a bitmap, if it belongs there.
fn bitmap_slot(id: i64) -> Option<(usize, u64)> {
    (0..BITMAP_IDS)
        .contains(&id)
        .then(|| ((id / 64) as usize, 1 << (id % 64)))
}

/// The rows written so far and the references still waiting for theirs.
#[derive(Default)]
pub(crate) struct References {
    files: Ids,
    symbols: Ids,
    occurrences: Ids,
    pending: Vec<Pending>,
}

impl References {
    fn ids(&self, parent: Parent) -> &Ids {
        match parent {
            Parent::Files => &self.files,
            Parent::Symbols => &self.symbols,
            Parent::Occurrences => &self.occurrences,
        }
    }

    /// Notes that the row `id` of `parent` was written.
    pub fn written(&mut self, parent: Parent, id: i64) {
        match parent {
            Parent::Files => self.files.insert(id),
            Parent::Symbols => self.symbols.insert(id),
            Parent::Occurrences => self.occurrences.insert(id),
        }
    }

    /// Notes that `column` (`table.column`) holds `id`, a reference to
    /// `parent`; a null reference names nothing and always holds.
    pub fn refers(&mut self, column: &'static str, parent: Parent, id: Option<i64>) {
        if let Some(id) = id
            && !self.ids(parent).contains(id)
        {
            self.pending.push(Pending { column, parent, id });
        }
    }

    /// The first reference that names no row written, if any.
    pub fn check(&self) -> Option<Dangling> {
        self.pending
            .iter()
            .find(|p| !self.ids(p.parent).contains(p.id))
            .map(|p| Dangling {
                column: p.column,
                table: p.parent.table(),
                id: p.id,
            })
    }
}

#[cfg(test)]
mod tests {
    use super::{BITMAP_IDS, Parent, References};

    #[test]
    fn a_reference_holds_once_its_row_is_written_in_any_order() {
        let mut refs = References::default();
        refs.refers("symbols.parent_id", Parent::Symbols, Some(2));
        refs.written(Parent::Symbols, 1);
        refs.refers("symbols.parent_id", Parent::Symbols, Some(1));
        refs.refers("symbols.parent_id", Parent::Symbols, None);
        let dangling = refs.check().unwrap();
        assert_eq!(
            (dangling.column, dangling.table, dangling.id),
            ("symbols.parent_id", "symbols", 2)
        );
        refs.written(Parent::Symbols, 2);
        assert_eq!(refs.check(), None);
    }

    #[test]
    fn ids_outside_the_bitmap_are_kept_too() {
        let mut refs = References::default();
        for id in [-5, 0, 63, 64, BITMAP_IDS, i64::MAX] {
            refs.refers("occurrences.file_id", Parent::Files, Some(id));
            refs.written(Parent::Files, id);
        }
        assert_eq!(refs.check(), None);
        refs.refers("occurrences.enclosing_id", Parent::Symbols, Some(i64::MIN));
        assert_eq!(refs.check().unwrap().table, "symbols");
    }
}
