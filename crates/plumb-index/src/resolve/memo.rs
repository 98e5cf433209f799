//! The resolver's memo tables: values computed once per thread (what an
//! import denotes, a module an import names, a binding's type, a C file's
//! include closure).
//!
//! A lookup that meets itself again (an import cycle, `x = x.next()`) is
//! cut there and answers nothing. A value computed while a cut happened
//! depends on where the cycle was entered, so it is kept only until the
//! outermost lookup that entered it returns (a *root*): within one root
//! each key is computed once, which keeps a large cycle (re-exports across
//! hundreds of files) linear instead of exponential, and the root's answer
//! is the same whenever it is asked. A value read from there counts as a
//! cut for whatever reads it. Values computed with no cut are kept for
//! good. So every answer is the same whatever order files are resolved in,
//! on whichever thread: that is what lets files be resolved in parallel,
//! and a few files alone, with the answers of one sequential run over all
//! of them.

use foldhash::{HashMap, HashMapExt, HashSet};
use std::cell::{Cell, RefCell};
use std::hash::Hash;
use std::sync::Arc;

use super::apart::FileApart;
use super::imports::ModuleTarget;
use super::includes::IncludeClosure;
use super::state::Scope;
use super::{FileId, Lookup, SymbolId};

/// One thread's memo tables.
#[derive(Default)]
pub(super) struct Memo {
    /// What import binding (file, index) denotes.
    pub(super) imports: Table<(FileId, usize), Lookup>,
    /// The module import (file, index) names.
    pub(super) modules: Table<(FileId, usize), ModuleTarget>,
    /// The type of a binding, by scope and name.
    pub(super) bindings: Table<(Scope, String), Option<SymbolId>>,
    /// The same for the scopes set apart of the file being resolved
    /// (`apart.rs`): emptied once the file is resolved, since no other
    /// file asks about them.
    pub(super) apart_bindings: Table<(Scope, String), Option<SymbolId>>,
    /// What a name means as a member of a module file.
    pub(super) file_members: Table<(FileId, String), Option<Lookup>>,
    /// C and C++: the files each file includes, transitively (no cycle can
    /// cut it: the closure is a breadth-first walk).
    pub(super) include_closures: RefCell<HashMap<FileId, Arc<IncludeClosure>>>,
    /// What was set apart of the file this thread is resolving.
    pub(super) apart: RefCell<Option<Arc<FileApart>>>,
    /// Cycles cut so far on this thread, and reads of values computed
    /// under a cut.
    cuts: Cell<usize>,
    /// Lookups being computed on this thread, all tables together.
    depth: Cell<usize>,
    /// Counts roots: which root values computed under a cut belong to.
    root: Cell<u64>,
}

/// Values by key, and the keys being computed (to cut cycles).
pub(super) struct Table<K, V> {
    /// Values computed with no cut: kept for good.
    done: RefCell<HashMap<K, V>>,
    /// Values computed under a cut, and the root they belong to.
    under_cut: RefCell<(u64, HashMap<K, V>)>,
    running: RefCell<HashSet<K>>,
}

impl<K, V> Default for Table<K, V> {
    fn default() -> Self {
        Table {
            done: RefCell::default(),
            under_cut: RefCell::new((0, HashMap::new())),
            running: RefCell::default(),
        }
    }
}

impl<K, V> Table<K, V> {
    /// Forgets every value. Only between lookups: a value is a cache of
    /// what computing it again gives.
    pub(super) fn clear(&self) {
        debug_assert!(self.running.borrow().is_empty());
        *self.done.borrow_mut() = HashMap::new();
        *self.under_cut.borrow_mut() = (0, HashMap::new());
    }
}

impl Memo {
    /// Records that a lookup was cut short (a bound reached) as a cycle
    /// is: what is being computed depends on where the lookup began.
    pub(super) fn cut(&self) {
        self.cuts.set(self.cuts.get() + 1);
    }

    /// The value of `key` in `table`: kept, or computed by `compute`. A key
    /// met again while it is being computed answers `cut`.
    pub(super) fn once<K, V>(
        &self,
        table: &Table<K, V>,
        key: K,
        cut: V,
        compute: impl FnOnce() -> V,
    ) -> V
    where
        K: Hash + Eq + Clone,
        V: Clone,
    {
        if let Some(done) = table.done.borrow().get(&key) {
            return done.clone();
        }
        if self.depth.get() == 0 {
            self.root.set(self.root.get() + 1);
        }
        {
            let mut under_cut = table.under_cut.borrow_mut();
            if under_cut.0 != self.root.get() {
                *under_cut = (self.root.get(), HashMap::new());
            } else if let Some(value) = under_cut.1.get(&key) {
                self.cuts.set(self.cuts.get() + 1);
                return value.clone();
            }
        }
        if !table.running.borrow_mut().insert(key.clone()) {
            self.cuts.set(self.cuts.get() + 1);
            return cut;
        }
        let cuts_before = self.cuts.get();
        self.depth.set(self.depth.get() + 1);
        let value = compute();
        self.depth.set(self.depth.get() - 1);
        table.running.borrow_mut().remove(&key);
        if self.cuts.get() == cuts_before {
            table.done.borrow_mut().insert(key, value.clone());
        } else {
            table.under_cut.borrow_mut().1.insert(key, value.clone());
        }
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy lookup over a graph of keys: a key's value is its own number
    /// plus its successor's value, 0 where a cycle is cut.
    fn sum(memo: &Memo, table: &Table<usize, usize>, next: &[Option<usize>], k: usize) -> usize {
        memo.once(table, k, 0, || {
            k + next[k].map_or(0, |n| sum(memo, table, next, n))
        })
    }

    #[test]
    fn values_under_a_cycle_do_not_depend_on_where_it_was_entered() {
        // 0 -> 1 -> 2 -> 1 (a cycle), 3 -> nothing.
        let next = [Some(1), Some(2), Some(1), None];
        let fresh = |k| {
            let memo = Memo::default();
            sum(&memo, &Table::default(), &next, k)
        };
        let memo = Memo::default();
        let table = Table::default();
        let in_order: Vec<usize> = (0..4).map(|k| sum(&memo, &table, &next, k)).collect();
        let alone: Vec<usize> = (0..4).map(fresh).collect();
        assert_eq!(in_order, alone);
        assert_eq!(alone, vec![3, 3, 3, 3]);
        // Only the value outside the cycle was kept for good.
        assert_eq!(
            table.done.borrow().keys().copied().collect::<Vec<_>>(),
            vec![3]
        );
    }

    #[test]
    fn a_cleared_table_computes_its_values_again() {
        let memo = Memo::default();
        let table: Table<u8, u8> = Table::default();
        let computed = Cell::new(0);
        let ask = || {
            memo.once(&table, 1, 0, || {
                computed.set(computed.get() + 1);
                7
            })
        };
        assert_eq!((ask(), ask()), (7, 7));
        assert_eq!(computed.get(), 1);
        table.clear();
        assert_eq!(ask(), 7);
        assert_eq!(computed.get(), 2);
    }

    #[test]
    fn a_cycle_reached_by_many_paths_is_computed_once_per_root() {
        // Key k reads k + 1 twice, and the last key reads 0 again: without
        // keeping values under the cut, one root computes 2^KEYS keys.
        const KEYS: usize = 40;
        let computed = Cell::new(0);
        fn paths(memo: &Memo, table: &Table<usize, u64>, computed: &Cell<usize>, k: usize) -> u64 {
            memo.once(table, k, 1, || {
                computed.set(computed.get() + 1);
                let next = (k + 1) % KEYS;
                paths(memo, table, computed, next) + paths(memo, table, computed, next)
            })
        }
        let memo = Memo::default();
        let table = Table::default();
        let first = paths(&memo, &table, &computed, 0);
        assert_eq!(computed.get(), KEYS);
        assert_eq!(first, 1 << KEYS);
        // A second root computes its cycle again, and answers as a fresh
        // memo does.
        let again = paths(&memo, &table, &computed, 5);
        assert_eq!(computed.get(), 2 * KEYS);
        assert_eq!(
            again,
            paths(&Memo::default(), &Table::default(), &computed, 5)
        );
    }
}
