//! Tables by name that hold no text of their own: a name is keyed by a
//! 64-bit hash of it. A table remembers which keys two different names
//! share, so a lookup compares its name with one entry's name (all of a
//! key's entries share it), or, under a shared key, with every entry's:
//! never a wrong answer, and one comparison in practice. Holding no text
//! is what lets the linked tables outlive the facts they were built from
//! (see [`super::Linked::detach`]).

use std::collections::hash_map::Entry;
use std::hash::BuildHasher;

use foldhash::fast::FixedState;
use foldhash::{HashMap, HashMapExt, HashSet};

/// The key of `name` in a [`ByName`] table.
pub(super) fn name_key(name: &str) -> u64 {
    FixedState::default().hash_one(name)
}

/// Values by their name.
#[derive(Debug)]
pub(super) struct ByName<V> {
    lists: HashMap<u64, Vec<V>>,
    /// Keys that two different names share.
    shared: HashSet<u64>,
}

impl<V> Default for ByName<V> {
    fn default() -> Self {
        ByName {
            lists: HashMap::new(),
            shared: HashSet::default(),
        }
    }
}

impl<V> ByName<V> {
    /// The table of `entries` (name, value), in their order.
    pub(super) fn build<'n>(entries: impl IntoIterator<Item = (&'n str, V)>) -> Self {
        let mut table = ByName::default();
        let mut first_names: HashMap<u64, &str> = HashMap::new();
        for (name, value) in entries {
            let key = name_key(name);
            match first_names.entry(key) {
                Entry::Vacant(entry) => {
                    entry.insert(name);
                }
                Entry::Occupied(entry) => {
                    if *entry.get() != name {
                        table.shared.insert(key);
                    }
                }
            }
            table.lists.entry(key).or_default().push(value);
        }
        table
    }

    /// The keys of the names in the table.
    pub(super) fn keys(&self) -> impl Iterator<Item = u64> + '_ {
        self.lists.keys().copied()
    }

    /// The values named `name`, in order; `name_of` gives a value's name.
    pub(super) fn named<'t, 'n>(
        &'t self,
        name: &'t str,
        name_of: impl Fn(&V) -> &'n str + 't,
    ) -> impl Iterator<Item = &'t V> + 't {
        let key = name_key(name);
        let list = self.lists.get(&key).map_or(&[][..], Vec::as_slice);
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
        table.lists.get_mut(&name_key("total")).unwrap().push(1);
        table.shared.insert(name_key("total"));
        let named: Vec<usize> = table.named("total", |&i| names[i]).copied().collect();
        assert_eq!(named, vec![0]);
    }
}
