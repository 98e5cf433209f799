//! Co-change: the files changed in the same commits as a file, from the
//! git history. The history is read incrementally into `.plumb/history.db`
//! (only commits never read before), bulk commits skipped
//! ([`BULK_COMMIT_FILES`](super::git::BULK_COMMIT_FILES)), each commit
//! weighted by its age.

use std::collections::HashMap;
use std::path::Path;

use plumb_store::history::History;

use super::answers::CoChange;
use super::git::Repo;
use crate::Result;

/// Half-life of a commit's weight, in seconds. Chosen: 180 days, so that
/// last year's habits count half as much as this season's.
pub const HALF_LIFE_SECONDS: f64 = 180.0 * 24.0 * 3600.0;

/// Most files listed. Chosen: the ones worth looking at.
pub const COCHANGE_LIMIT: usize = 30;

/// What reading the history did.
pub struct Refresh {
    /// Commits read this time.
    pub read: usize,
    /// Commits known in all.
    pub known: usize,
    /// Whether the read stopped at its bound.
    pub bounded: bool,
}

/// Reads the commits of the repository around `root` not read before.
pub fn refresh(root: &Path) -> Result<(History, Refresh)> {
    let repo = Repo::open(root)?;
    let mut history = History::open(root)?;
    let known = history.known()?;
    let (records, bounded) = repo.new_commits(&known)?;
    history.add(&records)?;
    Ok((
        history,
        Refresh {
            read: records.len(),
            known: known.len() + records.len(),
            bounded,
        },
    ))
}

/// The files changed with `file`, strongest first, and how many commits
/// changed `file`. `now` is the time ages are counted from (the newest
/// commit that changed `file`, so that an old repository is not all
/// weightless).
pub fn partners(history: &History, file: &str) -> Result<(Vec<CoChange>, usize)> {
    let touches = history.touches(file)?;
    let now = touches.iter().map(|t| t.time).max().unwrap_or(0);
    let mut by_file: HashMap<&str, CoChange> = HashMap::new();
    for touch in &touches {
        let age = (now - touch.time).max(0) as f64;
        let weight = 0.5f64.powf(age / HALF_LIFE_SECONDS);
        for other in &touch.others {
            let entry = by_file.entry(other).or_insert_with(|| CoChange {
                file: other.clone(),
                support: 0,
                confidence: 0.0,
                weighted: 0.0,
                last: touch.time,
            });
            entry.support += 1;
            entry.weighted += weight;
            entry.last = entry.last.max(touch.time);
        }
    }
    let total = touches.len().max(1) as f64;
    let mut list: Vec<CoChange> = by_file
        .into_values()
        .map(|mut c| {
            c.confidence = (c.support as f64 / total * 1000.0).round() / 1000.0;
            c.weighted = (c.weighted * 1000.0).round() / 1000.0;
            c
        })
        .collect();
    list.sort_by(|a, b| {
        b.weighted
            .total_cmp(&a.weighted)
            .then_with(|| b.support.cmp(&a.support))
            .then_with(|| a.file.cmp(&b.file))
    });
    list.truncate(COCHANGE_LIMIT);
    Ok((list, touches.len()))
}
