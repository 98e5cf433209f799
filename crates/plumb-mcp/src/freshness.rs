//! The freshness block every answer carries: whether the index still
//! matches the working tree, and how many files differ.

use schemars::JsonSchema;
use serde::Serialize;

use plumb_index::freshness::Drift;

use crate::output::REINDEX;

/// Whether the graph matches the files on disk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FreshnessState {
    /// No file was added, removed or changed since indexing.
    Fresh,
    /// Some files differ: answers about them may be out of date.
    Stale,
    /// The index could not be read, so nothing could be compared.
    Unknown,
}

/// Whether the index still matches the working tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Freshness {
    /// `fresh`, `stale` or `unknown`.
    pub state: FreshnessState,
    /// Files added, removed or changed since indexing (null when unknown).
    pub changed_files: Option<usize>,
}

impl Freshness {
    /// Nothing could be compared.
    pub const UNKNOWN: Freshness = Freshness {
        state: FreshnessState::Unknown,
        changed_files: None,
    };

    /// The block for a computed drift.
    pub fn of(drift: &Drift) -> Freshness {
        Freshness {
            state: if drift.is_empty() {
                FreshnessState::Fresh
            } else {
                FreshnessState::Stale
            },
            changed_files: Some(drift.len()),
        }
    }

    /// One line for text renderings: `index fresh`, `index stale (3 files
    /// changed since indexing; re-index …)`, `index freshness unknown`.
    pub fn describe(&self) -> String {
        match (self.state, self.changed_files) {
            (FreshnessState::Fresh, _) => "index fresh".into(),
            (FreshnessState::Stale, Some(n)) => {
                format!("index stale: {n} files changed since indexing; {REINDEX}")
            }
            _ => "index freshness unknown".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drift_decides_the_state_and_count() {
        let clean = Drift::default();
        assert_eq!(Freshness::of(&clean).state, FreshnessState::Fresh);
        let drift = Drift {
            added: vec!["a.py".into()],
            removed: vec![],
            changed: vec!["b.py".into(), "c.py".into()],
        };
        let block = Freshness::of(&drift);
        assert_eq!(block.state, FreshnessState::Stale);
        assert_eq!(block.changed_files, Some(3));
        assert!(block.describe().contains("3 files"), "{}", block.describe());
    }

    #[test]
    fn unknown_serializes_with_a_null_count() {
        let json = serde_json::to_value(Freshness::UNKNOWN).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"state": "unknown", "changed_files": null})
        );
    }
}
