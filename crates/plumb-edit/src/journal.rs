//! The journal that makes a multi-file write all or nothing. One writer
//! at a time holds `.plumb/journal/lock`. A transaction is a directory
//! `.plumb/journal/<id>/` with a `manifest.json` whose state moves
//! `prepared` (backups and temporary files being written, no target
//! touched) → `committing` (targets being replaced by renames) →
//! `committed` (every rename done). Each state is written by a rename, so
//! a crash leaves one of them; the next writer (or [`recover`]) finishes a
//! `committed` transaction and undoes any other from the backups.

use std::fs::{self, File, OpenOptions, Permissions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::apply::Applied;
use crate::{Confined, EditError};

/// The journal's directory inside `.plumb/`.
const JOURNAL_DIR: &str = "journal";
/// The lock file one writer holds, inside the journal directory.
const LOCK_FILE: &str = "lock";
/// A transaction's manifest, inside its directory.
const MANIFEST_FILE: &str = "manifest.json";

/// The environment variable that makes an apply abort the process after
/// that many renames: the test hook for "killed mid-apply". Unset in
/// normal use.
pub const CRASH_AFTER_ENV: &str = "PLUMB_EDIT_CRASH_AFTER";

/// What recovery did with transactions a crash interrupted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recovered {
    /// Files restored to their content before the interrupted apply.
    pub rolled_back: Vec<String>,
    /// Files of a transaction that had finished its renames and whose
    /// journal only needed removing.
    pub completed: Vec<String>,
}

impl Recovered {
    /// Whether there was nothing to recover.
    pub fn is_empty(&self) -> bool {
        self.rolled_back.is_empty() && self.completed.is_empty()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum State {
    Prepared,
    Committing,
    Committed,
}

#[derive(Debug, Serialize, Deserialize)]
struct Manifest {
    state: State,
    entries: Vec<Entry>,
}

/// One file of a transaction, paths relative to the root.
#[derive(Debug, Serialize, Deserialize)]
struct Entry {
    target: String,
    temp: String,
    /// The backup's file name in the transaction directory; `None` when
    /// the target did not exist before.
    backup: Option<String>,
}

/// One file to write: where, what it held when checked, what it gets.
pub(crate) struct Planned<'a> {
    pub(crate) target: &'a Confined,
    pub(crate) original: Option<Vec<u8>>,
    pub(crate) content: &'a [u8],
}

/// The journal of one root, locked for one writer.
pub(crate) struct Journal {
    root: PathBuf,
    dir: PathBuf,
    _lock: File,
}

/// Finishes or undoes every apply a crash interrupted under `root`. Call
/// it at the start of every command that writes source files; it writes
/// nothing when there is no journal.
pub fn recover(root: &Path) -> Result<Recovered, EditError> {
    let root = root
        .canonicalize()
        .map_err(|err| EditError::io(root, err))?;
    let dir = plumb_store::index_dir(&root).join(JOURNAL_DIR);
    if fs::symlink_metadata(&dir).is_err() {
        return Ok(Recovered::default());
    }
    Journal::open(&root).map(|(_, recovered)| recovered)
}

impl Journal {
    /// Creates and locks the journal of `root` (waiting for another writer
    /// to finish), then recovers what a crash left.
    pub(crate) fn open(root: &Path) -> Result<(Journal, Recovered), EditError> {
        let root = root
            .canonicalize()
            .map_err(|err| EditError::io(root, err))?;
        let index_dir = plumb_store::create_index_dir(&root).map_err(|err| match err {
            plumb_store::Error::SymbolicLink { link, .. } => {
                EditError::JournalDirectory { path: link }
            }
            other => EditError::io(
                plumb_store::index_dir(&root),
                io::Error::other(other.to_string()),
            ),
        })?;
        let dir = index_dir.join(JOURNAL_DIR);
        refuse_link(&dir)?;
        fs::create_dir_all(&dir).map_err(|err| EditError::io(&dir, err))?;
        refuse_link(&dir)?;
        let lock_path = dir.join(LOCK_FILE);
        refuse_link(&lock_path)?;
        let lock = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .map_err(|err| EditError::io(&lock_path, err))?;
        lock.lock().map_err(|err| EditError::io(&lock_path, err))?;
        let journal = Journal {
            root,
            dir,
            _lock: lock,
        };
        let recovered = journal.recover_all()?;
        Ok((journal, recovered))
    }

    /// Writes every planned file, all or nothing.
    pub(crate) fn write(&self, planned: &[Planned<'_>]) -> Result<Applied, EditError> {
        let id = format!(
            "{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos())
                .unwrap_or_default()
        );
        let txn = self.dir.join(&id);
        fs::create_dir(&txn).map_err(|err| EditError::io(&txn, err))?;
        let entries: Vec<Entry> = planned
            .iter()
            .enumerate()
            .map(|(n, plan)| Entry {
                target: plan.target.relative().to_owned(),
                temp: temp_name(plan.target.relative(), &id),
                backup: plan.original.as_ref().map(|_| format!("{n}.orig")),
            })
            .collect();
        let mut manifest = Manifest {
            state: State::Prepared,
            entries,
        };
        write_manifest(&txn, &manifest)?;
        for (plan, entry) in planned.iter().zip(&manifest.entries) {
            let permissions = match (&plan.original, &entry.backup) {
                (Some(original), Some(backup)) => {
                    write_synced(&txn.join(backup), original, None)?;
                    let target = plan.target.absolute();
                    let metadata =
                        fs::metadata(target).map_err(|err| EditError::io(target, err))?;
                    Some(metadata.permissions())
                }
                _ => None,
            };
            let temp = self.root.join(&entry.temp);
            if let Some(parent) = temp.parent() {
                fs::create_dir_all(parent).map_err(|err| EditError::io(parent, err))?;
            }
            write_synced(&temp, plan.content, permissions)?;
        }
        manifest.state = State::Committing;
        write_manifest(&txn, &manifest)?;
        let crash_after: Option<usize> = std::env::var(CRASH_AFTER_ENV)
            .ok()
            .and_then(|n| n.parse().ok());
        for (done, entry) in manifest.entries.iter().enumerate() {
            let temp = self.root.join(&entry.temp);
            let target = self.root.join(&entry.target);
            fs::rename(&temp, &target).map_err(|err| EditError::io(&target, err))?;
            if crash_after == Some(done + 1) {
                std::process::abort();
            }
        }
        sync_parents(&self.root, &manifest.entries);
        manifest.state = State::Committed;
        write_manifest(&txn, &manifest)?;
        fs::remove_dir_all(&txn).map_err(|err| EditError::io(&txn, err))?;
        Ok(Applied {
            files: manifest.entries.iter().map(|e| e.target.clone()).collect(),
            created: manifest
                .entries
                .iter()
                .filter(|e| e.backup.is_none())
                .map(|e| e.target.clone())
                .collect(),
            unchanged: Vec::new(),
            recovered: Recovered::default(),
        })
    }

    /// Recovers every transaction directory in the journal.
    fn recover_all(&self) -> Result<Recovered, EditError> {
        let mut recovered = Recovered::default();
        let listing = fs::read_dir(&self.dir).map_err(|err| EditError::io(&self.dir, err))?;
        let mut transactions: Vec<PathBuf> = listing
            .filter_map(|entry| entry.ok())
            .filter(|entry| entry.file_type().is_ok_and(|t| t.is_dir()))
            .map(|entry| entry.path())
            .collect();
        transactions.sort();
        for txn in transactions {
            self.recover_one(&txn, &mut recovered)?;
        }
        Ok(recovered)
    }

    /// Finishes or undoes one transaction, then removes its directory.
    fn recover_one(&self, txn: &Path, recovered: &mut Recovered) -> Result<(), EditError> {
        let path = txn.join(MANIFEST_FILE);
        let manifest: Manifest = match fs::read(&path) {
            Ok(bytes) => serde_json::from_slice(&bytes).map_err(|err| EditError::Journal {
                path: path.clone(),
                reason: err.to_string(),
            })?,
            // Killed before its first manifest: nothing else was written.
            Err(err) if err.kind() == io::ErrorKind::NotFound => {
                return fs::remove_dir_all(txn).map_err(|err| EditError::io(txn, err));
            }
            Err(err) => return Err(EditError::io(&path, err)),
        };
        for entry in &manifest.entries {
            for path in [&entry.target, &entry.temp] {
                if path.split('/').any(|part| part == ".." || part.is_empty()) {
                    return Err(EditError::Journal {
                        path: txn.join(MANIFEST_FILE),
                        reason: format!("path {path:?} leaves the root"),
                    });
                }
            }
        }
        match manifest.state {
            State::Committed => recovered
                .completed
                .extend(manifest.entries.iter().map(|e| e.target.clone())),
            State::Prepared | State::Committing => {
                for entry in &manifest.entries {
                    self.undo(txn, entry, manifest.state)?;
                }
                recovered
                    .rolled_back
                    .extend(manifest.entries.iter().map(|e| e.target.clone()));
            }
        }
        fs::remove_dir_all(txn).map_err(|err| EditError::io(txn, err))
    }

    /// Puts one file back as it was before its transaction.
    fn undo(&self, txn: &Path, entry: &Entry, state: State) -> Result<(), EditError> {
        let temp = self.root.join(&entry.temp);
        remove_if_present(&temp)?;
        if state == State::Prepared {
            return Ok(());
        }
        let target = self.root.join(&entry.target);
        match &entry.backup {
            Some(backup) => {
                let backup = txn.join(backup);
                let original = fs::read(&backup).map_err(|err| EditError::io(&backup, err))?;
                let permissions = fs::metadata(&target).ok().map(|m| m.permissions());
                write_synced(&temp, &original, permissions)?;
                fs::rename(&temp, &target).map_err(|err| EditError::io(&target, err))
            }
            None => remove_if_present(&target),
        }
    }
}

/// The temporary file beside `target` that a transaction renames over it.
fn temp_name(target: &str, id: &str) -> String {
    let (dir, name) = match target.rsplit_once('/') {
        Some((dir, name)) => (format!("{dir}/"), name),
        None => (String::new(), target),
    };
    format!("{dir}.{name}.plumb-{id}.tmp")
}

fn refuse_link(path: &Path) -> Result<(), EditError> {
    match fs::symlink_metadata(path) {
        Ok(metadata) if !metadata.is_dir() && !metadata.is_file() => {
            Err(EditError::JournalDirectory {
                path: path.to_owned(),
            })
        }
        _ => Ok(()),
    }
}

/// Writes the manifest through a temporary file and a rename.
fn write_manifest(txn: &Path, manifest: &Manifest) -> Result<(), EditError> {
    let path = txn.join(MANIFEST_FILE);
    let next = txn.join("manifest.next");
    let bytes = serde_json::to_vec(manifest).map_err(|err| EditError::Journal {
        path: path.clone(),
        reason: err.to_string(),
    })?;
    remove_if_present(&next)?;
    write_synced(&next, &bytes, None)?;
    fs::rename(&next, &path).map_err(|err| EditError::io(&path, err))?;
    sync_dir(txn);
    Ok(())
}

/// Creates `path` (which must not exist), writes `bytes`, sets
/// `permissions` if given, and flushes it to disk.
fn write_synced(
    path: &Path,
    bytes: &[u8],
    permissions: Option<Permissions>,
) -> Result<(), EditError> {
    let failed = |err| EditError::io(path, err);
    let mut file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(failed)?;
    file.write_all(bytes).map_err(failed)?;
    if let Some(permissions) = permissions {
        file.set_permissions(permissions).map_err(failed)?;
    }
    file.sync_all().map_err(failed)
}

fn remove_if_present(path: &Path) -> Result<(), EditError> {
    match fs::remove_file(path) {
        Err(err) if err.kind() != io::ErrorKind::NotFound => Err(EditError::io(path, err)),
        _ => Ok(()),
    }
}

/// Flushes the directories whose entries the renames changed (best effort:
/// not every file system supports it).
fn sync_parents(root: &Path, entries: &[Entry]) {
    for entry in entries {
        if let Some(parent) = root.join(&entry.target).parent() {
            sync_dir(parent);
        }
    }
}

fn sync_dir(dir: &Path) {
    if let Ok(dir) = File::open(dir) {
        let _ = dir.sync_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temporary_files_sit_beside_their_targets() {
        assert_eq!(temp_name("src/a.py", "7-9"), "src/.a.py.plumb-7-9.tmp");
        assert_eq!(temp_name("a.py", "7-9"), ".a.py.plumb-7-9.tmp");
    }
}
