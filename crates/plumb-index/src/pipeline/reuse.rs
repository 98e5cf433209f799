//! The parse phase: each candidate's facts, taken from the facts cache
//! when the file is unchanged, or parsed and extracted again; and where
//! what only the file's own resolution reads waits meanwhile
//! ([`SetAside`]).

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use plumb_store::Store;
use rayon::prelude::*;

use crate::aside::{AsideAt, SetAside};
use crate::cache::FactsCache;
use crate::parse::{self, FileOutcome, ParsedFile};
use crate::resolve::SourceFile;
use crate::walk::Candidate;
use crate::{IndexError, Progress};

/// One candidate's facts, as the parse phase leaves them.
pub(super) struct Parsed {
    /// The file parsed, or rebuilt from the cache.
    pub(super) file: ParsedFile,
    /// Where its set-apart parts are: nowhere yet for a reused file, whose
    /// parts are set aside later, only if the file is resolved.
    pub(super) aside_at: AsideAt,
    /// Whether its facts came from the cache.
    pub(super) reused: bool,
}

/// Each of `candidates`, in order, parsed (with what only its own
/// resolution reads set aside encoded in `aside`: `FileFacts::set_apart`,
/// its reference sites and its functions' scopes), or taken from the
/// `cache`, in parallel. Parsing stops a file after `timeout`.
pub(super) fn parse_or_reuse(
    candidates: &[Candidate],
    cache: &FactsCache,
    aside: &SetAside,
    timeout: Duration,
    progress: &dyn Progress,
) -> Result<Vec<Parsed>, IndexError> {
    candidates
        .par_iter()
        .map(|candidate| {
            if progress.cancelled() {
                return Err(IndexError::Cancelled);
            }
            let parsed = match cache.reuse(candidate) {
                Some((hash, facts)) => Parsed {
                    file: ParsedFile {
                        hash: Some(hash),
                        outcome: FileOutcome::Indexed(Box::new(facts)),
                    },
                    aside_at: AsideAt::default(),
                    reused: true,
                },
                None => {
                    let mut file = parse::process(candidate, timeout);
                    let aside_at = match &mut file.outcome {
                        FileOutcome::Indexed(facts) => aside
                            .put(&facts.set_apart())
                            .map_err(IndexError::SetAside)?,
                        FileOutcome::Skipped(..) => AsideAt::default(),
                    };
                    Parsed {
                        file,
                        aside_at,
                        reused: false,
                    }
                }
            };
            progress.parsed_one();
            Ok(parsed)
        })
        .collect()
}

/// Sets aside what the `previous` index cached as set apart of every
/// reused source (those at `cached_paths`), for a run that resolves every
/// file, and records where in `aside_at` (by index in `sources`).
pub(super) fn set_aside_cached_parts(
    previous: &Store,
    sources: &[SourceFile],
    cached_paths: &HashSet<String>,
    aside: &SetAside,
    aside_at: &mut [AsideAt],
) -> Result<(), IndexError> {
    let reused: HashMap<&str, usize> = sources
        .iter()
        .enumerate()
        .filter(|(_, source)| cached_paths.contains(&source.rel))
        .map(|(i, source)| (source.rel.as_str(), i))
        .collect();
    previous.each_cached_refs(|path, encoded| {
        if let Some(&i) = reused.get(path) {
            aside_at[i] = aside.put(encoded).map_err(IndexError::SetAside)?;
        }
        Ok::<_, IndexError>(())
    })
}
