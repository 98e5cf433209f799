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

/// The references of one column whose rows did not exist yet when they
/// were written: a bitmap like the written rows', so that millions of
/// references ahead (a driver's calls into headers later in the walk) cost
/// a bit each, not a list entry.
struct Pending {
    column: &'static str,
    parent: Parent,
    ids: Ids,
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

    /// The least id of these that `written` lacks, if any.
    fn first_missing_from(&self, written: &Ids) -> Option<i64> {
        self.pages
            .iter()
            .filter_map(|(&page, words)| {
                let held = written.pages.get(&page);
                words.iter().enumerate().find_map(|(w, &word)| {
                    let missing = word & !held.map_or(0, |h| h[w]);
                    (missing != 0).then(|| {
                        page * PAGE_IDS + (w * 64) as i64 + i64::from(missing.trailing_zeros())
                    })
                })
            })
            .min()
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
        let Some(id) = id else { return };
        if self.ids(parent).contains(id) {
            return;
        }
        // A handful of columns: a list beats a map.
        let at = match self.pending.iter().position(|p| p.column == column) {
            Some(at) => at,
            None => {
                self.pending.push(Pending {
                    column,
                    parent,
                    ids: Ids::default(),
                });
                self.pending.len() - 1
            }
        };
        self.pending[at].ids.insert(id);
    }

    /// A reference that names no row written, if any: of the first column
    /// found with one (in the order columns first waited), its least id.
    pub fn check(&self) -> Option<Dangling> {
        self.pending.iter().find_map(|p| {
            p.ids
                .first_missing_from(self.ids(p.parent))
                .map(|id| Dangling {
                    column: p.column,
                    table: p.parent.table(),
                    id,
                })
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

    #[test]
    fn the_dangling_reference_named_is_the_least_of_the_first_column_waiting() {
        let mut refs = References::default();
        for id in [(9 << 32) + 5, (3 << 32) + 7, (3 << 32) + 4, -3] {
            refs.refers("resolutions.symbol_id", Parent::Symbols, Some(id));
        }
        refs.refers("occurrences.enclosing_id", Parent::Symbols, Some(1));
        refs.written(Parent::Symbols, -3);
        let dangling = refs.check().unwrap();
        assert_eq!(
            (dangling.column, dangling.id),
            ("resolutions.symbol_id", (3 << 32) + 4)
        );
        for id in [(9 << 32) + 5, (3 << 32) + 7, (3 << 32) + 4] {
            refs.written(Parent::Symbols, id);
        }
        assert_eq!(refs.check().unwrap().column, "occurrences.enclosing_id");
        refs.written(Parent::Symbols, 1);
        assert_eq!(refs.check(), None);
    }
}
