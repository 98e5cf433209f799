//! Tables by name that hold no text of their own: a name is keyed by a
//! 64-bit hash of it. A table remembers which keys two different names
//! share, so a lookup compares its name with one entry's name (all of a
//! key's entries share it), or, under a shared key, with every entry's:
//! never a wrong answer, and one comparison in practice. Holding no text
//! is what lets the linked tables outlive the facts they were built from
//! (see [`super::Linked::detach`]). A table's values lie in one list,
//! grouped by key, and each key holds its range of it ([`ByKey`]): a list
//! per key would cost an allocation per name, and the Linux kernel
//! defines millions.

use std::collections::hash_map::Entry;
use std::hash::BuildHasher;
use std::ops::Range;

use foldhash::fast::FixedState;
use foldhash::{HashMap, HashMapExt, HashSet};

/// The key of `name` in a [`ByName`] table.
pub(super) fn name_key(name: &str) -> u64 {
    FixedState::default().hash_one(name)
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

    /// The keys in the table.
    pub(super) fn keys(&self) -> impl Iterator<Item = u64> + '_ {
        self.ranges.keys().copied()
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

    /// The keys of the names in the table.
    pub(super) fn keys(&self) -> impl Iterator<Item = u64> + '_ {
        self.by_key.keys()
    }

    /// The values named `name`, in order; `name_of` gives a value's name.
    pub(super) fn named<'t, 'n>(
        &'t self,
        name: &'t str,
        name_of: impl Fn(&V) -> &'n str + 't,
    ) -> impl Iterator<Item = &'t V> + 't {
        let key = name_key(name);
        let list = self.by_key.get(key);
        let shared = self.shared.contains(&key);
        let any = shared || list.first().is_some_and(|first| name_of(first) == name);
        list.iter()
            .filter(move |value| any && (!shared || name_of(value) == name))
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
        let mut keys: Vec<u64> = table.keys().collect();
        keys.sort_unstable();
        assert_eq!(keys, [3, 7]);
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
}
