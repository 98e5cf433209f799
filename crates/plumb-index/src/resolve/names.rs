//! Tables by name that hold no text of their own: a name is keyed by a
//! 64-bit hash of it, and every lookup compares the names of what it finds,
//! so two names that share a hash cost a comparison, never a wrong answer.
//! Holding no text is what lets the linked tables outlive the facts they
//! were built from (see [`super::Linked::detach`]).

use std::hash::BuildHasher;

use foldhash::HashMap;
use foldhash::fast::FixedState;

/// Values by the key of their name ([`name_key`]).
pub(super) type ByName<V> = HashMap<u64, Vec<V>>;

/// The key of `name` in a [`ByName`] table.
pub(super) fn name_key(name: &str) -> u64 {
    FixedState::default().hash_one(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_names_share_a_key_and_different_ones_differ() {
        assert_eq!(name_key("total"), name_key(&String::from("total")));
        assert_ne!(name_key("total"), name_key("totals"));
    }
}
