//! Whether an index still matches the working tree: files added, removed
//! or changed since it was written.

use std::collections::HashMap;
use std::path::Path;

use plumb_store::read::FileRow;

use plumb_store::model::FileStatus;

use crate::walk::{Limits, WalkOutcome, walk};

/// How the working tree differs from the index.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Drift {
    /// Source files present now but not in the index.
    pub added: Vec<String>,
    /// Indexed files no longer present.
    pub removed: Vec<String>,
    /// Indexed files whose content changed.
    pub changed: Vec<String>,
}

impl Drift {
    /// Total number of differing files.
    pub fn len(&self) -> usize {
        self.added.len() + self.removed.len() + self.changed.len()
    }

    /// Whether the index matches the tree.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Compares the indexed `files` with the tree at `root`, walked within
/// `limits` (those the index was built with: [`crate::limits::recorded`]).
/// Size and modification time decide first; content hashes settle a tie.
pub fn drift(root: &Path, files: &[FileRow], limits: &Limits) -> Drift {
    let walked = walk(root, limits);
    let indexed: HashMap<&str, &FileRow> = files.iter().map(|f| (f.path.as_str(), f)).collect();
    let mut drift = Drift::default();
    let mut present = std::collections::HashSet::new();
    for candidate in &walked.candidates {
        present.insert(candidate.rel.as_str());
        let Some(row) = indexed.get(candidate.rel.as_str()) else {
            drift.added.push(candidate.rel.clone());
            continue;
        };
        if row.size == candidate.size
            && row.mtime_ns.is_some()
            && row.mtime_ns == candidate.mtime_ns
        {
            continue;
        }
        let same = std::fs::read(&candidate.abs)
            .ok()
            .map(|bytes| blake3::hash(&bytes).to_hex().to_string())
            .is_some_and(|hash| row.hash.as_deref() == Some(hash.as_str()));
        if !same {
            drift.changed.push(candidate.rel.clone());
        }
    }
    for row in files.iter().filter(|row| row.status == FileStatus::Indexed) {
        if present.contains(row.path.as_str()) {
            continue;
        }
        if root.join(&row.path).exists() {
            drift.changed.push(row.path.clone());
        } else {
            drift.removed.push(row.path.clone());
        }
    }
    drift
}

/// Whether a fresh walk finds exactly the files an index recorded, each
/// with the size and modification time recorded (indexed or not), and the
/// same paths set aside for the same reasons: then indexing again would
/// write the same index.
/// Times are trusted only below `walked_at_ns`, when the index's walk began
/// (see `cache::unchanged_since`).
pub fn walk_matches(walked: &WalkOutcome, rows: &[FileRow], walked_at_ns: i64) -> bool {
    if rows.len() != walked.candidates.len() + walked.skipped.len() {
        return false;
    }
    let recorded: HashMap<&str, &FileRow> = rows.iter().map(|f| (f.path.as_str(), f)).collect();
    let candidates_match = walked.candidates.iter().all(|candidate| {
        recorded.get(candidate.rel.as_str()).is_some_and(|row| {
            crate::cache::unchanged_since(row, candidate.size, candidate.mtime_ns, walked_at_ns)
        })
    });
    candidates_match
        && walked.skipped.iter().all(|skipped| {
            recorded.get(skipped.rel.as_str()).is_some_and(|row| {
                row.status == skipped.status
                    && row.size == skipped.size
                    && row.reason.as_deref() == Some(skipped.reason.as_str())
            })
        })
}
