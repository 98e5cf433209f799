//! One indexing run, phase by phase: the walk (and the project
//! manifests), the up-to-date check against the previous index, the parse
//! (facts reused from the cache or parsed again), the collect (file rows
//! and sources), the open (store opened, file rows and new cached facts
//! written), the link and resolve+write, and the commit. Each phase has
//! its function in a module of this one; [`run`] calls them in order and
//! times them ([`Phases`]). What a live index shares with a run (the
//! resolver's stack, writing one file's rows, the write stamp) is here
//! too, for [`crate::live`].

mod batches;
mod collect;
mod commit;
mod phases;
mod previous;
mod reuse;
mod search;
mod write;

use std::path::{Path, PathBuf};
use std::time::Instant;

use plumb_store::records::FileRecord;
use plumb_store::{WriteLock, create_index_dir};

use crate::aside::SetAside;
use crate::manifest::read_manifests;
use crate::resolve::modules::Manifests;
use crate::resolve::{LinkState, SourceFile};
use crate::walk::{self, Limits};
use crate::{IndexError, Progress, Summary, cache};

pub(crate) use batches::RESOLVER_STACK_BYTES;
pub(crate) use collect::{files_by_status, syntax_error_reason};
pub use commit::git_head;
pub(crate) use commit::stamp_write;
pub(crate) use phases::Phases;
pub(crate) use search::{file_entries, write_entries};
pub(crate) use write::write_rows;

/// What a run may skip, and what it keeps.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Nothing is written when the index already matches the tree, and
    /// files unchanged since the last run keep their cached facts.
    Incremental,
    /// Every file is parsed again: neither the up-to-date check nor the
    /// facts cache is used.
    Full,
    /// As [`Mode::Incremental`], but the index is written even when it
    /// matched the tree, and the run's state is kept ([`Kept`]).
    Live,
}

/// What a run keeps for a [`crate::live::LiveIndex`]: every indexed
/// file's facts (less what was set apart of them), the linked tables over
/// them, and the rows of the files table as written.
pub(crate) struct Kept {
    /// The root indexed, canonical.
    pub(crate) root: PathBuf,
    /// The project manifests read.
    pub(crate) manifests: Manifests,
    /// The files table as written, by id (from 1).
    pub(crate) records: Vec<FileRecord>,
    /// Every indexed file.
    pub(crate) sources: Vec<SourceFile>,
    /// The linked tables over `sources`.
    pub(crate) link: LinkState,
    /// The `write_id` the index was written with.
    pub(crate) write_id: String,
}

/// Everything besides the files that decides what a run writes, as
/// recorded in the index's meta.
struct Settings {
    /// The bounds and the project manifests, as text: an index written
    /// under other settings is resolved again whole.
    key: String,
    /// The build of plumb ([`cache::build_key`]): an index written by
    /// another build is parsed again whole.
    build: String,
}

/// Ends the run, before anything is committed, when its caller asked.
fn stop_if_cancelled(progress: &dyn Progress) -> Result<(), IndexError> {
    if progress.cancelled() {
        return Err(IndexError::Cancelled);
    }
    Ok(())
}

/// Indexes the tree at `root` into `root/.plumb/` (see [`crate::index`]),
/// as `mode` says; with [`Mode::Live`], the run's state is returned too.
pub(crate) fn run(
    root: &Path,
    limits: &Limits,
    mode: Mode,
    progress: &dyn Progress,
) -> Result<(Summary, Option<Kept>), IndexError> {
    let started = Instant::now();
    let root = canonical_root(root)?;
    let index_dir = create_index_dir(&root)?;
    let _lock = WriteLock::acquire(&root)?;

    progress.phase("walking");
    let mut phases = Phases::start();
    let walked_at_ns = cache::now_ns();
    let walked = walk::walk(&root, limits);
    // Everything besides the files that resolution reads: the bounds, and
    // the project manifests: Rust crates (names, default features) from
    // `Cargo.toml`s, Go module paths from `go.mod`s.
    let manifests = read_manifests(&root, &walked.candidates);
    let settings = Settings {
        key: format!("{limits:?} {manifests:?}"),
        build: cache::build_key(),
    };
    let previous = previous::open_previous(&root)?;
    if mode == Mode::Incremental
        && let Some(store) = &previous
        && let Some(mut summary) = previous::unchanged_index(store, &walked, &settings, started)?
    {
        phases.end("walk");
        summary.phases = phases.finish();
        return Ok((summary, None));
    }
    phases.end("walk");
    let reused_index = previous.as_ref().filter(|_| mode != Mode::Full);
    let (cache, written) = previous::reusable(reused_index, &settings)?;
    progress.walked(walked.candidates.len());
    let aside = SetAside::create(&index_dir).map_err(IndexError::SetAside)?;
    let parsed = reuse::parse_or_reuse(
        &walked.candidates,
        &cache,
        &aside,
        limits.parse_timeout,
        progress,
    )?;
    phases.end("parse");
    stop_if_cancelled(progress)?;

    progress.phase("storing");
    let collect::Collected {
        records,
        mut sources,
        mut aside_at,
        syntax_error_files,
        reused_files,
        new_facts,
        cached_paths,
        edited,
    } = collect::collect(walked, parsed, &cache);
    drop(cache);
    phases.end("collect");

    // Rows of unchanged files stay when every file keeps its id (the same
    // paths in the same order): only files whose rows differ are written.
    let written = written.filter(|written| written.keeps_ids(&records));
    let mut store = write::open_store(&root)?;
    let writer = write::begin(&mut store, written.is_some())?;
    let files = files_by_status(records.iter().map(|r| r.status));
    write::files_and_facts(
        &writer,
        &records,
        &cached_paths,
        new_facts,
        &sources,
        &aside,
        &aside_at,
    )?;
    phases.end("open");
    // An edit that keeps every changed file's interface changes no other
    // file's rows: only the edited files are resolved again (their rows
    // in place, the others' kept), given the same settings as before.
    let edited = edited.filter(|_| {
        written
            .as_ref()
            .is_some_and(|written| written.written_under(&settings))
    });
    if edited.is_none()
        && let Some(previous) = &previous
    {
        // Every file is resolved: the reused ones need their set-apart
        // parts from the cache.
        reuse::set_aside_cached_parts(previous, &sources, &cached_paths, &aside, &mut aside_at)?;
    }
    drop(previous);
    let search_hashes = writer.search_hashes()?;
    let to_resolve = batches::Sources {
        files: &sources,
        aside: &aside,
        aside_at: &aside_at,
        root: &root,
        search_hashes: &search_hashes,
    };
    let (totals, link) = batches::resolve_into(
        &to_resolve,
        &manifests,
        &writer,
        written,
        edited,
        mode == Mode::Live,
        batches::Told {
            phases: &mut phases,
            progress,
        },
    )?;
    stop_if_cancelled(progress)?;
    // Freed before the commit builds the indexes, unless kept.
    drop(aside);
    if link.is_none() {
        drop(std::mem::take(&mut sources));
    }
    progress.phase("committing");
    let write_id = commit::write_meta(&writer, &root, &settings, limits, walked_at_ns, started)?;
    writer.commit()?;
    store.publish()?;
    phases.end("commit");

    let kept = link.map(|link| Kept {
        root,
        manifests,
        records,
        sources,
        link,
        write_id,
    });
    let summary = Summary {
        files,
        files_with_syntax_errors: syntax_error_files,
        symbols: totals.rows.symbols as usize,
        occurrences: totals.rows.occurrences as usize,
        resolved_occurrences: totals.rows.resolved_occurrences as usize,
        reused_files,
        resolved_files: totals.resolved_files,
        rewritten_files: totals.rewritten_files,
        elapsed: started.elapsed(),
        phases: phases.finish(),
        up_to_date: false,
    };
    Ok((summary, kept))
}

/// `root`, canonical, if it is a directory.
fn canonical_root(root: &Path) -> Result<PathBuf, IndexError> {
    let canonical = std::fs::canonicalize(root).map_err(|e| IndexError::BadRoot {
        path: root.to_owned(),
        reason: e.to_string(),
    })?;
    if !canonical.is_dir() {
        return Err(IndexError::BadRoot {
            path: canonical,
            reason: "not a directory".into(),
        });
    }
    Ok(canonical)
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;

    /// Every progress call, in order.
    #[derive(Default)]
    struct Recorded(Mutex<Vec<String>>);

    impl Recorded {
        fn push(&self, event: String) {
            self.0.lock().unwrap().push(event);
        }
    }

    impl Progress for Recorded {
        fn walked(&self, files: usize) {
            self.push(format!("parsing {files}"));
        }
        fn parsed_one(&self) {
            self.push("parsed".into());
        }
        fn phase(&self, name: &'static str) {
            self.push(name.into());
        }
        fn resolving(&self, files: usize) {
            self.push(format!("resolving {files}"));
        }
        fn resolved_one(&self) {
            self.push("resolved".into());
        }
    }

    #[test]
    fn a_run_reports_every_phase_in_order_and_counts_each_file() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["a.py", "b.py"] {
            std::fs::write(dir.path().join(name), "def f():\n    return 1\n").unwrap();
        }
        let progress = Recorded::default();
        crate::index(dir.path(), &Limits::default(), &progress).unwrap();
        let mut events = progress.0.into_inner().unwrap();
        events.dedup();
        assert_eq!(
            events,
            [
                "walking",
                "parsing 2",
                "parsed",
                "storing",
                "linking",
                "resolving 2",
                "resolved",
                "committing"
            ]
        );
    }
}
