//! The git history kept for co-change: which files, and which lines of
//! them, each commit changed, in `.plumb/history.db`, beside the index (a database of its own, so that
//! reading new commits never waits for an index run, and a rebuilt index
//! keeps the history). Every commit read is recorded, bulk ones with no
//! files, so that a later run reads only commits it has never seen.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags, params};

use crate::nofollow::{self, Access};
use crate::{BUSY_TIMEOUT, Error, Result};

/// Name of the history database inside the index directory
/// ([`crate::index_dir`]).
pub const HISTORY_FILE: &str = "history.db";

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS commits (
    id    INTEGER PRIMARY KEY,
    oid   TEXT NOT NULL UNIQUE,
    time  INTEGER NOT NULL,
    files INTEGER NOT NULL,
    bulk  INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS commit_files (
    path      TEXT NOT NULL,
    commit_id INTEGER NOT NULL REFERENCES commits(id),
    PRIMARY KEY (path, commit_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS commit_files_commit ON commit_files(commit_id);
CREATE TABLE IF NOT EXISTS commit_lines (
    commit_id INTEGER NOT NULL REFERENCES commits(id),
    path      TEXT NOT NULL,
    start     INTEGER NOT NULL,
    end       INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS commit_lines_path ON commit_lines(path, commit_id);
CREATE INDEX IF NOT EXISTS commit_lines_commit ON commit_lines(commit_id);
";

/// The layout of the history database (`PRAGMA user_version`). A history
/// of another layout is dropped and read again: it is a cache of the git
/// history. 2: the changed lines of each commit (`commit_lines`).
const HISTORY_VERSION: i64 = 2;

/// The tables a history of another layout is dropped with.
const DROP: &str = "
DROP TABLE IF EXISTS commit_lines;
DROP TABLE IF EXISTS commit_files;
DROP TABLE IF EXISTS commits;
";

/// One commit as recorded.
#[derive(Clone, Debug, PartialEq)]
pub struct CommitRecord {
    /// Its object id, in hex.
    pub oid: String,
    /// Commit time, seconds since the epoch.
    pub time: i64,
    /// The paths it changed (empty for a bulk commit, whose files are not kept).
    pub files: Vec<String>,
    /// How many files it changed.
    pub changed: usize,
    /// Whether it changed too many files to say anything about co-change.
    pub bulk: bool,
    /// The lines it changed, in each file's text after it (empty for a
    /// bulk commit).
    pub lines: Vec<ChangedLines>,
}

/// A run of lines a commit changed in one file, numbered in the file as
/// the commit left it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChangedLines {
    /// The file, root-relative.
    pub path: String,
    /// First line (1-based).
    pub start: u32,
    /// Last line (inclusive).
    pub end: u32,
}

/// A commit that changed given lines, with every run of lines it changed.
#[derive(Clone, Debug, PartialEq)]
pub struct LinesTouch {
    /// Commit time, seconds since the epoch.
    pub time: i64,
    /// The runs of lines the commit changed (any file, the given lines'
    /// own runs included: a run may hold other definitions as well).
    pub runs: Vec<ChangedLines>,
}

/// A commit that changed a given file, with the other files it changed.
#[derive(Clone, Debug, PartialEq)]
pub struct Touch {
    /// Commit time, seconds since the epoch.
    pub time: i64,
    /// The other files the commit changed.
    pub others: Vec<String>,
}

/// The history database of one root.
pub struct History {
    conn: Connection,
    path: PathBuf,
}

impl History {
    /// Opens (creating if needed) the history of the index at `root`,
    /// whose index directory must exist. Refuses symbolic links as the
    /// index does.
    pub fn open(root: &Path) -> Result<History> {
        let path = crate::index_dir(root).join(HISTORY_FILE);
        let (sqlite_path, flags) = nofollow::database(&path, Access::Write, OpenFlags::default())?;
        let conn = Connection::open_with_flags(sqlite_path, flags)
            .map_err(|source| crate::sqlite(&path, source))?;
        let history = History { conn, path };
        history
            .conn
            .busy_timeout(BUSY_TIMEOUT)
            .map_err(|e| history.err(e))?;
        let version: i64 = history
            .conn
            .pragma_query_value(None, "user_version", |row| row.get(0))
            .map_err(|e| history.err(e))?;
        if version != HISTORY_VERSION {
            history
                .conn
                .execute_batch(DROP)
                .map_err(|e| history.err(e))?;
        }
        history
            .conn
            .execute_batch(SCHEMA)
            .map_err(|e| history.err(e))?;
        history
            .conn
            .pragma_update(None, "user_version", HISTORY_VERSION)
            .map_err(|e| history.err(e))?;
        Ok(history)
    }

    fn err(&self, source: rusqlite::Error) -> Error {
        crate::classify(&self.path, source)
    }

    /// The ids of every commit already read.
    pub fn known(&self) -> Result<HashSet<String>> {
        let mut stmt = self
            .conn
            .prepare("SELECT oid FROM commits")
            .map_err(|e| self.err(e))?;
        let rows = stmt
            .query_map([], |row| row.get(0))
            .map_err(|e| self.err(e))?;
        rows.collect::<rusqlite::Result<_>>()
            .map_err(|e| self.err(e))
    }

    /// Records `commits`, in one transaction.
    pub fn add(&mut self, commits: &[CommitRecord]) -> Result<()> {
        let path = self.path.clone();
        let err = |source| crate::classify(&path, source);
        let tx = self.conn.transaction().map_err(err)?;
        {
            let mut commit = tx
                .prepare(
                    "INSERT OR IGNORE INTO commits(oid, time, files, bulk) VALUES (?1, ?2, ?3, ?4)",
                )
                .map_err(err)?;
            let mut file = tx
                .prepare("INSERT OR IGNORE INTO commit_files(path, commit_id) VALUES (?1, ?2)")
                .map_err(err)?;
            let mut lines = tx
                .prepare(
                    "INSERT INTO commit_lines(commit_id, path, start, end) VALUES (?1, ?2, ?3, ?4)",
                )
                .map_err(err)?;
            for record in commits {
                if commit
                    .execute(params![
                        record.oid,
                        record.time,
                        record.changed as i64,
                        record.bulk
                    ])
                    .map_err(err)?
                    == 0
                {
                    continue;
                }
                let id = tx.last_insert_rowid();
                for path in &record.files {
                    file.execute(params![path, id]).map_err(err)?;
                }
                for run in &record.lines {
                    lines
                        .execute(params![id, run.path, run.start, run.end])
                        .map_err(err)?;
                }
            }
        }
        tx.commit().map_err(err)
    }

    /// How many commits were read, and how many of them were bulk.
    pub fn counts(&self) -> Result<(i64, i64)> {
        self.conn
            .query_row(
                "SELECT count(*), coalesce(sum(bulk), 0) FROM commits",
                [],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .map_err(|e| self.err(e))
    }

    /// The commits that changed `path` (bulk ones excluded), newest first,
    /// each with the other files it changed.
    pub fn touches(&self, path: &str) -> Result<Vec<Touch>> {
        let mut stmt = self
            .conn
            .prepare(
                "SELECT c.id, c.time, o.path FROM commit_files m
                 JOIN commits c ON c.id = m.commit_id
                 LEFT JOIN commit_files o ON o.commit_id = c.id AND o.path != m.path
                 WHERE m.path = ?1
                 ORDER BY c.time DESC, c.id, o.path",
            )
            .map_err(|e| self.err(e))?;
        let rows = stmt
            .query_map([path], |row| {
                Ok((
                    row.get::<_, i64>(0)?,
                    row.get::<_, i64>(1)?,
                    row.get::<_, Option<String>>(2)?,
                ))
            })
            .map_err(|e| self.err(e))?;
        let rows = rows
            .collect::<rusqlite::Result<Vec<_>>>()
            .map_err(|e| self.err(e))?;
        Ok(by_commit(rows)
            .into_iter()
            .map(|(time, others)| Touch { time, others })
            .collect())
    }

    /// The commits that changed a line of `path` from `start` to `end`
    /// (bulk ones excluded), newest first, each with every run of lines it
    /// changed.
    pub fn lines_touches(&self, path: &str, start: u32, end: u32) -> Result<Vec<LinesTouch>> {
        let mut stmt = self
            .conn
            .prepare(
                "SELECT c.id, c.time, o.path, o.start, o.end FROM commits c
                 JOIN commit_lines o ON o.commit_id = c.id
                 WHERE c.id IN (SELECT commit_id FROM commit_lines
                                WHERE path = ?1 AND start <= ?3 AND end >= ?2)
                 ORDER BY c.time DESC, c.id, o.path, o.start",
            )
            .map_err(|e| self.err(e))?;
        let rows = stmt
            .query_map(params![path, start, end], |row| {
                Ok((
                    row.get::<_, i64>(0)?,
                    row.get::<_, i64>(1)?,
                    Some(ChangedLines {
                        path: row.get(2)?,
                        start: row.get(3)?,
                        end: row.get(4)?,
                    }),
                ))
            })
            .map_err(|e| self.err(e))?;
        let rows = rows
            .collect::<rusqlite::Result<Vec<_>>>()
            .map_err(|e| self.err(e))?;
        Ok(by_commit(rows)
            .into_iter()
            .map(|(time, runs)| LinesTouch { time, runs })
            .collect())
    }
}

/// Rows of (commit id, commit time, item), ordered so that a commit's rows
/// are together, as one (time, items) per commit in that order; a `None`
/// item (a commit with no such item) adds none.
fn by_commit<T>(rows: Vec<(i64, i64, Option<T>)>) -> Vec<(i64, Vec<T>)> {
    let mut commits: Vec<(i64, i64, Vec<T>)> = Vec::new();
    for (id, time, item) in rows {
        if commits.last().is_none_or(|(last, _, _)| *last != id) {
            commits.push((id, time, Vec::new()));
        }
        if let (Some(item), Some((_, _, items))) = (item, commits.last_mut()) {
            items.push(item);
        }
    }
    commits
        .into_iter()
        .map(|(_, time, items)| (time, items))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::INDEX_DIR;

    fn record(oid: &str, time: i64, files: &[&str]) -> CommitRecord {
        CommitRecord {
            oid: oid.into(),
            time,
            files: files.iter().map(|f| f.to_string()).collect(),
            changed: files.len(),
            bulk: false,
            lines: Vec::new(),
        }
    }

    fn lines(path: &str, start: u32, end: u32) -> ChangedLines {
        ChangedLines {
            path: path.into(),
            start,
            end,
        }
    }

    #[test]
    fn lists_the_lines_changed_with_given_lines() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join(INDEX_DIR)).unwrap();
        let mut history = History::open(dir.path()).unwrap();
        let mut a = record("a", 10, &["x", "y"]);
        a.lines = vec![lines("x", 3, 5), lines("x", 20, 21), lines("y", 1, 1)];
        let mut b = record("b", 20, &["x"]);
        b.lines = vec![lines("x", 40, 42)];
        history.add(&[a, b]).unwrap();
        let touches = history.lines_touches("x", 4, 10).unwrap();
        assert_eq!(
            touches,
            [LinesTouch {
                time: 10,
                runs: vec![lines("x", 3, 5), lines("x", 20, 21), lines("y", 1, 1)]
            }]
        );
        assert!(history.lines_touches("y", 2, 9).unwrap().is_empty());
    }

    #[test]
    fn a_history_of_another_layout_is_read_again() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join(INDEX_DIR)).unwrap();
        let mut history = History::open(dir.path()).unwrap();
        history.add(&[record("a", 10, &["x"])]).unwrap();
        history.conn.pragma_update(None, "user_version", 1).unwrap();
        drop(history);
        assert!(
            History::open(dir.path())
                .unwrap()
                .known()
                .unwrap()
                .is_empty()
        );
    }

    #[test]
    fn records_commits_once_and_lists_the_files_changed_together() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join(INDEX_DIR)).unwrap();
        let mut history = History::open(dir.path()).unwrap();
        history
            .add(&[record("a", 10, &["x", "y"]), record("b", 20, &["x"])])
            .unwrap();
        history.add(&[record("a", 10, &["x", "y", "z"])]).unwrap();
        assert_eq!(history.counts().unwrap(), (2, 0));
        assert_eq!(history.known().unwrap().len(), 2);
        let touches = History::open(dir.path()).unwrap().touches("x").unwrap();
        assert_eq!(
            touches,
            [
                Touch {
                    time: 20,
                    others: vec![]
                },
                Touch {
                    time: 10,
                    others: vec!["y".into()]
                }
            ]
        );
    }
}
