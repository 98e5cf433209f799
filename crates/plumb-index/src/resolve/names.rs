//! Tables by name that hold no text of their own: a name is keyed by a
//! 64-bit hash of it. A table remembers which keys two different names
//! share, so a lookup compares its name with one entry's name (all of a
//! key's entries share it), or, under a shared key, with every entry's:
//! never a wrong answer, and one comparison in practice. Holding no text
//! is what lets the linked tables outlive the facts they were built from
//! (see [`super::Linked::detach`]). A table's values lie in one list,
//! grouped by key, and each key holds its range of it ([`ByKey`]): a list
//! per key would cost an allocation per name, and the Linux kernel
//! defines millions. A file's own tables ([`SortedByName`]) hold their
//! entries sorted by key instead, searched by halves: a hash table for
//! each of tens of thousands of files costs several times its entries.

use std::collections::hash_map::Entry;
use std::hash::BuildHasher;
use std::ops::Range;

use foldhash::fast::FixedState;
use foldhash::{HashMap, HashMapExt, HashSet};

/// The key of `name` in a [`ByName`] table.
pub(super) fn name_key(name: &str) -> u64 {
    FixedState::default().hash_one(name)
}

/// A table of values by name.
pub(super) trait NameTable<V> {
    /// The values named `name`, in order; `name_of` gives a value's name.
    fn named<'t, 'n>(
        &'t self,
        name: &'t str,
        name_of: impl Fn(&V) -> &'n str + 't,
    ) -> impl Iterator<Item = &'t V> + 't
    where
        V: 't;
}

/// Values grouped by a 64-bit key: every value in one list, each key
/// holding its range of it.
#[derive(Debug)]
pub(super) struct ByKey<V> {
    /// Every value, grouped by key, in entry order within a key.
    values: Vec<V>,
    /// Each key's range of `values`.
    ranges: HashMap<u64, Range<usize>>,
}

impl<V> Default for ByKey<V> {
    fn default() -> Self {
        ByKey {
            values: Vec::new(),
            ranges: HashMap::new(),
        }
    }
}

impl<V> ByKey<V> {
    /// The table of `entries` (key, value), in their order within a key.
    pub(super) fn build(entries: impl IntoIterator<Item = (u64, V)>) -> Self {
        let mut keyed: Vec<(u64, V)> = entries.into_iter().collect();
        // Stable: a key's values keep their entry order.
        keyed.sort_by_key(|&(key, _)| key);
        let mut ranges = HashMap::new();
        let mut start = 0;
        for (at, (key, _)) in keyed.iter().enumerate() {
            if keyed.get(at + 1).is_none_or(|(next, _)| next != key) {
                ranges.insert(*key, start..at + 1);
                start = at + 1;
            }
        }
        ByKey {
            values: keyed.into_iter().map(|(_, value)| value).collect(),
            ranges,
        }
    }

    /// The values of `key`, in entry order.
    pub(super) fn get(&self, key: u64) -> &[V] {
        self.ranges
            .get(&key)
            .map_or(&[][..], |range| &self.values[range.clone()])
    }
}

/// Values by their name.
#[derive(Debug)]
pub(super) struct ByName<V> {
    /// The values by their name's key.
    by_key: ByKey<V>,
    /// Keys that two different names share.
    shared: HashSet<u64>,
}

impl<V> Default for ByName<V> {
    fn default() -> Self {
        ByName {
            by_key: ByKey::default(),
            shared: HashSet::default(),
        }
    }
}

impl<V> ByName<V> {
    /// The table of `entries` (name, value), in their order.
    pub(super) fn build<'n>(entries: impl IntoIterator<Item = (&'n str, V)>) -> Self {
        let mut shared = HashSet::default();
        let mut first_names: HashMap<u64, &str> = HashMap::new();
        let keyed: Vec<(u64, V)> = entries
            .into_iter()
            .map(|(name, value)| {
                let key = name_key(name);
                match first_names.entry(key) {
                    Entry::Vacant(entry) => {
                        entry.insert(name);
                    }
                    Entry::Occupied(entry) => {
                        if *entry.get() != name {
                            shared.insert(key);
                        }
                    }
                }
                (key, value)
            })
            .collect();
        drop(first_names);
        ByName {
            by_key: ByKey::build(keyed),
            shared,
        }
    }
}

impl<V> NameTable<V> for ByName<V> {
    fn named<'t, 'n>(
        &'t self,
        name: &'t str,
        name_of: impl Fn(&V) -> &'n str + 't,
    ) -> impl Iterator<Item = &'t V> + 't
    where
        V: 't,
    {
        let key = name_key(name);
        let list = self.by_key.get(key);
        let shared = self.shared.contains(&key);
        let any = shared || list.first().is_some_and(|first| name_of(first) == name);
        list.iter()
            .filter(move |value| any && (!shared || name_of(value) == name))
    }
}

/// Values by their name, sorted by key: the table of one file's names.
/// It holds a sixth of what a [`ByName`] of the same entries does (the
/// Linux kernel's per-file tables of top-level names took 253 MB as
/// hash tables, measured with a counting allocator), and a lookup
/// searches a file's few hundred keys by halves.
#[derive(Debug)]
pub(super) struct SortedByName<V> {
    /// (key, value), sorted by key, in entry order within a key.
    entries: Box<[(u64, V)]>,
    /// Keys that two different names share.
    shared: HashSet<u64>,
}

impl<V> Default for SortedByName<V> {
    fn default() -> Self {
        SortedByName {
            entries: Box::default(),
            shared: HashSet::default(),
        }
    }
}

impl<V> SortedByName<V> {
    /// The table of `entries` (name, value), in their order.
    pub(super) fn build<'n>(entries: impl IntoIterator<Item = (&'n str, V)>) -> Self {
        let mut keyed: Vec<(u64, &str, V)> = entries
            .into_iter()
            .map(|(name, value)| (name_key(name), name, value))
            .collect();
        // Stable: a key's values keep their entry order.
        keyed.sort_by_key(|&(key, _, _)| key);
        let shared = keyed
            .windows(2)
            .filter(|pair| pair[0].0 == pair[1].0 && pair[0].1 != pair[1].1)
            .map(|pair| pair[0].0)
            .collect();
        SortedByName {
            entries: keyed
                .into_iter()
                .map(|(key, _, value)| (key, value))
                .collect(),
            shared,
        }
    }

    /// The keys of the names in the table, each once.
    pub(super) fn keys(&self) -> impl Iterator<Item = u64> + '_ {
        self.entries
            .iter()
            .enumerate()
            .filter(|&(at, (key, _))| at == 0 || self.entries[at - 1].0 != *key)
            .map(|(_, &(key, _))| key)
    }
}

impl<V> NameTable<V> for SortedByName<V> {
    fn named<'t, 'n>(
        &'t self,
        name: &'t str,
        name_of: impl Fn(&V) -> &'n str + 't,
    ) -> impl Iterator<Item = &'t V> + 't
    where
        V: 't,
    {
        let key = name_key(name);
        let start = self.entries.partition_point(|&(k, _)| k < key);
        let list = self.entries[start..]
            .iter()
            .take_while(move |&&(k, _)| k == key)
            .map(|(_, value)| value);
        let shared = self.shared.contains(&key);
        let any = shared
            || list
                .clone()
                .next()
                .is_some_and(|first| name_of(first) == name);
        list.filter(move |value| any && (!shared || name_of(value) == name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_names_share_a_key_and_different_ones_differ() {
        assert_eq!(name_key("total"), name_key(&String::from("total")));
        assert_ne!(name_key("total"), name_key("totals"));
    }

    #[test]
    fn a_key_gives_its_values_in_entry_order() {
        let table = ByKey::build([(7, 'a'), (3, 'b'), (7, 'c'), (3, 'd'), (7, 'e')]);
        assert_eq!(table.get(7), ['a', 'c', 'e']);
        assert_eq!(table.get(3), ['b', 'd']);
        assert!(table.get(5).is_empty());
    }

    #[test]
    fn lookups_give_the_values_of_their_name_only() {
        let names = ["total", "count", "total"];
        let table = ByName::build(names.iter().enumerate().map(|(i, n)| (*n, i)));
        let named = |name| -> Vec<usize> { table.named(name, |&i| names[i]).copied().collect() };
        assert_eq!(named("total"), vec![0, 2]);
        assert_eq!(named("count"), vec![1]);
        assert!(named("missing").is_empty());
    }

    #[test]
    fn a_key_two_names_share_is_filtered_name_by_name() {
        // A shared key cannot be found by search; force one.
        let names = ["total", "count"];
        let mut table = ByName::build([("total", 0usize)]);
        table.by_key = ByKey::build([(name_key("total"), 0), (name_key("total"), 1)]);
        table.shared.insert(name_key("total"));
        let named: Vec<usize> = table.named("total", |&i| names[i]).copied().collect();
        assert_eq!(named, vec![0]);
    }

    #[test]
    fn a_sorted_table_answers_as_a_hashed_one() {
        let names = ["total", "count", "total", "sum", "count", "total"];
        let entries = || names.iter().enumerate().map(|(i, n)| (*n, i));
        let hashed = ByName::build(entries());
        let sorted = SortedByName::build(entries());
        for name in ["total", "count", "sum", "missing"] {
            let a: Vec<usize> = hashed.named(name, |&i| names[i]).copied().collect();
            let b: Vec<usize> = sorted.named(name, |&i| names[i]).copied().collect();
            assert_eq!(a, b, "{name}");
        }
        let keys: Vec<u64> = sorted.keys().collect();
        let mut expected: Vec<u64> = ["total", "count", "sum"].map(name_key).to_vec();
        expected.sort_unstable();
        assert_eq!(keys, expected);
    }

    #[test]
    fn a_sorted_table_filters_a_shared_key_name_by_name() {
        let names = ["total", "count"];
        let table = SortedByName {
            entries: Box::new([(name_key("total"), 0), (name_key("total"), 1)]),
            shared: [name_key("total")].into_iter().collect(),
        };
        let named: Vec<usize> = table.named("total", |&i| names[i]).copied().collect();
        assert_eq!(named, vec![0]);
    }
}
