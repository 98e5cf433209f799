//! Applying a set of new file contents all or nothing: every file is
//! checked against the hash its editor read before any is written.

use std::collections::HashSet;
use std::io;
use std::path::Path;

use crate::journal::{Journal, Planned};
use crate::{Confined, EditError, Recovered, content_hash};

pub use crate::journal::CRASH_AFTER_ENV;

/// One file's new content, valid only while the file still has the
/// content an editor read.
#[derive(Clone, Debug)]
pub struct FileChange {
    /// The file.
    pub path: Confined,
    /// The [`content_hash`] of the content read; `None` when the file must
    /// not exist yet.
    pub expected: Option<String>,
    /// What the file gets.
    pub content: Vec<u8>,
}

/// What an apply wrote.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Applied {
    /// Files written (created ones included), relative to the root, in the
    /// order given.
    pub files: Vec<String>,
    /// Of those, files that did not exist before.
    pub created: Vec<String>,
    /// Files whose new content equalled their content, left untouched.
    pub unchanged: Vec<String>,
    /// What recovery did first with applies a crash had interrupted.
    pub recovered: Recovered,
}

/// Checks every file of `changes` first, refusing the whole change with
/// [`EditError::Changed`] (nothing written) if any differs from what its
/// editor read, then writes them all through the journal: each through a
/// temporary file and a rename, keeping its permissions. A file whose
/// content would not change is left untouched.
pub fn apply(root: &Path, changes: &[FileChange]) -> Result<Applied, EditError> {
    let mut seen = HashSet::new();
    for change in changes {
        if !seen.insert(change.path.relative()) {
            return Err(EditError::Duplicate {
                file: change.path.relative().to_owned(),
            });
        }
    }
    let (journal, recovered) = Journal::open(root)?;
    let mut stale = Vec::new();
    let mut planned = Vec::new();
    let mut unchanged = Vec::new();
    for change in changes {
        let current = read_current(&change.path)?;
        let matches = match (&change.expected, &current) {
            (None, None) => true,
            (Some(expected), Some(bytes)) => content_hash(bytes) == *expected,
            _ => false,
        };
        if !matches {
            stale.push(change.path.relative().to_owned());
        } else if current.as_deref() == Some(change.content.as_slice()) {
            unchanged.push(change.path.relative().to_owned());
        } else {
            planned.push(Planned {
                target: &change.path,
                original: current,
                content: &change.content,
            });
        }
    }
    if !stale.is_empty() {
        return Err(EditError::Changed { files: stale });
    }
    let mut applied = if planned.is_empty() {
        Applied::default()
    } else {
        journal.write(&planned)?
    };
    applied.unchanged = unchanged;
    applied.recovered = recovered;
    Ok(applied)
}

/// The file's content, or `None` if it does not exist.
fn read_current(path: &Confined) -> Result<Option<Vec<u8>>, EditError> {
    match std::fs::read(path.absolute()) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(err) if err.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(err) if err.kind() == io::ErrorKind::IsADirectory => Err(EditError::Directory {
            path: path.absolute().to_owned(),
        }),
        Err(err) => Err(EditError::io(path.absolute(), err)),
    }
}

#[cfg(test)]
mod tests {
    use std::fs;
    use std::path::PathBuf;

    use super::*;
    use crate::{confine, recover};

    fn tree() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir_all(dir.path().join("src")).unwrap();
        fs::write(dir.path().join("src/a.py"), "a = 1\n").unwrap();
        fs::write(dir.path().join("src/b.py"), "b = 1\n").unwrap();
        dir
    }

    fn change(root: &Path, path: &str, content: &str) -> FileChange {
        let confined = confine(root, Path::new(path)).unwrap();
        let expected = fs::read(confined.absolute()).ok().map(|b| content_hash(&b));
        FileChange {
            path: confined,
            expected,
            content: content.as_bytes().to_vec(),
        }
    }

    fn read(root: &Path, path: &str) -> String {
        fs::read_to_string(root.join(path)).unwrap()
    }

    /// Every file under `root` outside `.plumb/`, to check that nothing
    /// else (no temporary file) is left behind.
    fn files(root: &Path) -> Vec<PathBuf> {
        let mut out = Vec::new();
        let mut stack = vec![root.to_owned()];
        while let Some(dir) = stack.pop() {
            for entry in fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.ends_with(".plumb") {
                    continue;
                }
                if path.is_dir() {
                    stack.push(path);
                } else {
                    out.push(path.strip_prefix(root).unwrap().to_owned());
                }
            }
        }
        out.sort();
        out
    }

    #[test]
    fn every_file_is_written_and_a_new_one_created() {
        let dir = tree();
        let root = dir.path();
        let changes = [
            change(root, "src/a.py", "a = 2\n"),
            change(root, "src/new/c.py", "c = 1\n"),
            change(root, "src/b.py", "b = 1\n"),
        ];
        let applied = apply(root, &changes).unwrap();
        assert_eq!(applied.files, ["src/a.py", "src/new/c.py"]);
        assert_eq!(applied.created, ["src/new/c.py"]);
        assert_eq!(applied.unchanged, ["src/b.py"]);
        assert_eq!(read(root, "src/a.py"), "a = 2\n");
        assert_eq!(read(root, "src/new/c.py"), "c = 1\n");
        assert_eq!(
            files(root),
            ["src/a.py", "src/b.py", "src/new/c.py"].map(PathBuf::from)
        );
        let journal = root.join(".plumb/journal");
        let left: Vec<_> = fs::read_dir(journal)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(left, ["lock"]);
    }

    #[test]
    fn one_stale_file_refuses_the_whole_change() {
        let dir = tree();
        let root = dir.path();
        let changes = [
            change(root, "src/a.py", "a = 2\n"),
            change(root, "src/b.py", "b = 2\n"),
        ];
        fs::write(root.join("src/b.py"), "b = 'edited by hand'\n").unwrap();
        let err = apply(root, &changes).unwrap_err();
        assert!(
            matches!(&err, EditError::Changed { files } if files == &["src/b.py"]),
            "{err}"
        );
        assert_eq!(read(root, "src/a.py"), "a = 1\n");
        assert_eq!(read(root, "src/b.py"), "b = 'edited by hand'\n");
    }

    #[test]
    fn a_file_expected_new_that_exists_is_stale() {
        let dir = tree();
        let root = dir.path();
        let mut new = change(root, "src/c.py", "c = 1\n");
        fs::write(root.join("src/c.py"), "someone else's\n").unwrap();
        new.expected = None;
        let err = apply(root, &[new]).unwrap_err();
        assert!(matches!(err, EditError::Changed { .. }), "{err}");
        assert_eq!(read(root, "src/c.py"), "someone else's\n");
    }

    #[test]
    fn a_file_given_twice_is_refused() {
        let dir = tree();
        let root = dir.path();
        let changes = [change(root, "src/a.py", "x"), change(root, "src/a.py", "y")];
        let err = apply(root, &changes).unwrap_err();
        assert!(matches!(err, EditError::Duplicate { .. }), "{err}");
        assert_eq!(read(root, "src/a.py"), "a = 1\n");
    }

    #[cfg(unix)]
    #[test]
    fn permissions_are_kept() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tree();
        let root = dir.path();
        let script = root.join("src/a.py");
        fs::set_permissions(&script, fs::Permissions::from_mode(0o751)).unwrap();
        apply(root, &[change(root, "src/a.py", "a = 3\n")]).unwrap();
        let mode = fs::metadata(&script).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o751);
    }

    /// A transaction interrupted after its first rename, as a crash leaves
    /// it, is rolled back by the next writer: every file as it was.
    #[test]
    fn an_interrupted_transaction_is_rolled_back() {
        let dir = tree();
        let root = dir.path();
        Journal::open(root).unwrap();
        // As a crash after the first of three renames leaves it: a.py
        // replaced, b.py's and the new c.py's temporary files written.
        let txn = root.join(".plumb/journal/crashed");
        fs::create_dir(&txn).unwrap();
        fs::write(txn.join("0.orig"), "a = 1\n").unwrap();
        fs::write(txn.join("1.orig"), "b = 1\n").unwrap();
        fs::write(root.join("src/a.py"), "a = 2\n").unwrap();
        fs::write(root.join("src/.b.py.plumb-crashed.tmp"), "b = 2\n").unwrap();
        fs::write(root.join("src/.c.py.plumb-crashed.tmp"), "c = 2\n").unwrap();
        let manifest = serde_json::json!({
            "state": "committing",
            "entries": [
                {"target": "src/a.py", "temp": "src/.a.py.plumb-crashed.tmp", "backup": "0.orig"},
                {"target": "src/b.py", "temp": "src/.b.py.plumb-crashed.tmp", "backup": "1.orig"},
                {"target": "src/c.py", "temp": "src/.c.py.plumb-crashed.tmp", "backup": null},
            ]
        });
        fs::write(txn.join("manifest.json"), manifest.to_string()).unwrap();

        let recovered = recover(root).unwrap();
        assert_eq!(recovered.rolled_back, ["src/a.py", "src/b.py", "src/c.py"]);
        assert_eq!(read(root, "src/a.py"), "a = 1\n");
        assert_eq!(read(root, "src/b.py"), "b = 1\n");
        assert_eq!(files(root), ["src/a.py", "src/b.py"].map(PathBuf::from));
        assert!(!txn.exists());
        assert!(recover(root).unwrap().is_empty());
    }

    #[test]
    fn a_committed_transaction_is_only_cleaned_up() {
        let dir = tree();
        let root = dir.path();
        fs::write(root.join("src/a.py"), "a = 2\n").unwrap();
        Journal::open(root).unwrap();
        let txn = root.join(".plumb/journal/done");
        fs::create_dir(&txn).unwrap();
        fs::write(txn.join("0.orig"), "a = 1\n").unwrap();
        let manifest = serde_json::json!({
            "state": "committed",
            "entries": [{"target": "src/a.py", "temp": "src/.a.py.t", "backup": "0.orig"}]
        });
        fs::write(txn.join("manifest.json"), manifest.to_string()).unwrap();
        let recovered = recover(root).unwrap();
        assert_eq!(recovered.completed, ["src/a.py"]);
        assert_eq!(read(root, "src/a.py"), "a = 2\n");
        assert!(!txn.exists());
    }

    #[test]
    fn a_manifest_naming_paths_outside_is_refused() {
        let dir = tree();
        let root = dir.path();
        Journal::open(root).unwrap();
        let txn = root.join(".plumb/journal/evil");
        fs::create_dir(&txn).unwrap();
        let manifest = serde_json::json!({
            "state": "committing",
            "entries": [{"target": "../x", "temp": "t", "backup": null}]
        });
        fs::write(txn.join("manifest.json"), manifest.to_string()).unwrap();
        let err = recover(root).unwrap_err();
        assert!(matches!(err, EditError::Journal { .. }), "{err}");
    }

    #[test]
    fn recovering_a_root_without_a_journal_writes_nothing() {
        let dir = tree();
        assert!(recover(dir.path()).unwrap().is_empty());
        assert!(!dir.path().join(".plumb").exists());
    }
}
