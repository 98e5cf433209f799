//! Co-change: the files changed in the same commits as a file, or the
//! definitions changed in the same commits as a definition, from the git
//! history. The history is read incrementally into `.plumb/history.db`
//! (only commits never read before), with the lines each commit changed;
//! bulk commits are skipped
//! ([`BULK_COMMIT_FILES`](super::git::BULK_COMMIT_FILES)), each commit
//! weighted by its age.
//!
//! Per definition, the lines a commit changed (numbered in the file as
//! that commit left it) are matched against the definitions' spans in the
//! index, that is at the indexed revision: an approximation, exact for
//! recent commits and drifting for old ones where code has moved since.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use plumb_store::Store;
use plumb_store::history::{ChangedLines, History};
use plumb_store::read::SymbolRow;

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
            by_file
                .entry(other)
                .or_insert_with(|| CoChange::partner(other.clone(), None, None, touch.time))
                .count(weight, touch.time);
        }
    }
    Ok((ranked(by_file.into_values(), touches.len()), touches.len()))
}

/// The definitions (or a file's top level, `symbol` empty) changed in the
/// same commits as the lines `start..=end` of `file` (a definition's
/// span), strongest first, and how many commits changed those lines.
pub fn symbol_partners(
    history: &History,
    store: &Store,
    file: &str,
    start: u32,
    end: u32,
) -> Result<(Vec<CoChange>, usize)> {
    let touches = history.lines_touches(file, start, end)?;
    let now = touches.iter().map(|t| t.time).max().unwrap_or(0);
    let mut spans: HashMap<String, Vec<SymbolRow>> = HashMap::new();
    let mut by_partner: HashMap<(String, Option<String>), CoChange> = HashMap::new();
    for touch in &touches {
        let age = (now - touch.time).max(0) as f64;
        let weight = 0.5f64.powf(age / HALF_LIFE_SECONDS);
        let mut partners: BTreeSet<(String, Option<(String, u32)>)> = BTreeSet::new();
        for run in &touch.runs {
            if !spans.contains_key(&run.path) {
                spans.insert(run.path.clone(), store.symbols_in_file(&run.path)?);
            }
            let symbols = innermost_overlapping(&spans[&run.path], run);
            if symbols.is_empty() {
                partners.insert((run.path.clone(), None));
            }
            for symbol in symbols {
                let inside = symbol.file == file
                    && symbol.span.start_line() <= end
                    && symbol.span.end_line() >= start;
                if !inside {
                    partners.insert((
                        run.path.clone(),
                        Some((symbol.qualname.clone(), symbol.name_line)),
                    ));
                }
            }
        }
        for (path, symbol) in partners {
            let line = symbol.as_ref().map(|(_, line)| *line);
            let qualname = symbol.map(|(qualname, _)| qualname);
            by_partner
                .entry((path.clone(), qualname.clone()))
                .or_insert_with(|| CoChange::partner(path, qualname, line, touch.time))
                .count(weight, touch.time);
        }
    }
    Ok((
        ranked(by_partner.into_values(), touches.len()),
        touches.len(),
    ))
}

/// The definitions of `symbols` (one file's, in source order) whose span
/// overlaps `run` and holds no other such definition: the innermost ones
/// a change of those lines is in.
fn innermost_overlapping<'a>(symbols: &'a [SymbolRow], run: &ChangedLines) -> Vec<&'a SymbolRow> {
    let overlapping: Vec<&SymbolRow> = symbols
        .iter()
        .filter(|s| s.span.start_line() <= run.end && s.span.end_line() >= run.start)
        .collect();
    overlapping
        .iter()
        .copied()
        .filter(|outer| {
            !overlapping.iter().any(|inner| {
                inner.id != outer.id
                    && outer.span.start_byte() <= inner.span.start_byte()
                    && inner.span.end_byte() <= outer.span.end_byte()
            })
        })
        .collect()
}

/// `partners` with their confidence (support over `commits`), strongest
/// first, at most [`COCHANGE_LIMIT`].
fn ranked(partners: impl Iterator<Item = CoChange>, commits: usize) -> Vec<CoChange> {
    let total = commits.max(1) as f64;
    let mut list: Vec<CoChange> = partners
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
            .then_with(|| a.line.cmp(&b.line))
            .then_with(|| a.symbol.cmp(&b.symbol))
    });
    list.truncate(COCHANGE_LIMIT);
    list
}

impl CoChange {
    /// A partner not yet counted, first seen in a commit of `time`.
    fn partner(file: String, symbol: Option<String>, line: Option<u32>, time: i64) -> CoChange {
        CoChange {
            file,
            symbol,
            line,
            support: 0,
            confidence: 0.0,
            weighted: 0.0,
            last: time,
        }
    }

    /// Counts one more commit of `time`, weighted `weight` by its age.
    fn count(&mut self, weight: f64, time: i64) {
        self.support += 1;
        self.weighted += weight;
        self.last = self.last.max(time);
    }
}
