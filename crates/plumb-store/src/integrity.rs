//! The foreign keys of a graph being written, checked in memory. SQLite's
//! own deferred check costs a B-tree lookup per reference and, once any
//! reference points ahead, a search of the child table for every parent row
//! written; [`crate::GraphWriter`] turns it off and asks this instead.
//! The answer is the same: every non-null reference names a row written in
//! the same graph, checked when the graph is committed.

use foldhash::HashMap;

/// Ids per page of an [`Ids`] bitmap. Chosen: 4,096 (a 512-byte page). A
/// file's rows take ids of a range of their own (`row_id`: the file id in
/// the high bits), so a page holds the ids of one file, and a file of up to
/// 4,096 rows of a table takes one page of it.
const PAGE_IDS: i64 = 4096;

/// 64-bit words per page.
const PAGE_WORDS: usize = (PAGE_IDS / 64) as usize;

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

/// The ids written to one table: a bitmap in pages, only the pages
/// holding some id allocated, so that sparse ids cost what dense ones do.
#[derive(Default)]
struct Ids {
    pages: HashMap<i64, Box<[u64; PAGE_WORDS]>>,
}

impl Ids {
    fn insert(&mut self, id: i64) {
        let (page, word, bit) = slot(id);
        self.pages
            .entry(page)
            .or_insert_with(|| Box::new([0; PAGE_WORDS]))[word] |= bit;
    }

    fn contains(&self, id: i64) -> bool {
        let (page, word, bit) = slot(id);
        self.pages.get(&page).is_some_and(|p| p[word] & bit != 0)
    }
}

/// The page, word and bit of `id`.
fn slot(id: i64) -> (i64, usize, u64) {
    let offset = id.rem_euclid(PAGE_IDS);
    (
        id.div_euclid(PAGE_IDS),
        (offset / 64) as usize,
        1 << (offset % 64),
    )
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
    use super::{PAGE_IDS, Parent, References};

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
    fn ids_anywhere_in_the_range_are_kept() {
        let mut refs = References::default();
        for id in [
            -5,
            0,
            63,
            64,
            PAGE_IDS - 1,
            PAGE_IDS,
            (7 << 32) + 1,
            i64::MAX,
        ] {
            refs.refers("occurrences.file_id", Parent::Files, Some(id));
            refs.written(Parent::Files, id);
        }
        assert_eq!(refs.check(), None);
        refs.refers("occurrences.enclosing_id", Parent::Symbols, Some(i64::MIN));
        assert_eq!(refs.check().unwrap().table, "symbols");
        let mut refs = References::default();
        refs.written(Parent::Symbols, (7 << 32) + 1);
        refs.refers("symbols.parent_id", Parent::Symbols, Some((7 << 32) + 2));
        assert_eq!(refs.check().unwrap().id, (7 << 32) + 2);
    }
}
