//! plumb's embedded store: one SQLite file in WAL mode holding the code
//! graph (the files table with coverage, symbols, occurrences and their
//! resolutions, imports, and a full-text index over split symbol names),
//! the search entries of symbols (a weighted full-text index over their
//! words and one embedding each, [`search`]) and what the indexer keeps between runs to skip work: each file's
//! extracted facts, encoded (`file_facts`), a hash and the counts of each
//! file's rows (`file_rows`), and the run's settings and times (`meta`).
//!
//! This is the only crate that contains SQL. It knows nothing of
//! tree-sitter, languages or the file system walk: the indexer hands it
//! finished rows ([`records`]) and facts it encoded itself, and reads back
//! the facts, file ids and rows hashes of the previous run; the query
//! layer reads typed rows back ([`read`]). Every write is one transaction,
//! a whole replacement ([`Store::replace_all`]; a first index is built
//! aside and renamed into place, [`Store::create_new`]) or an update in
//! place ([`Store::update`]), so a reader (or a crash) always sees either
//! the previous index or the new one, never a mix. One process at a time
//! writes ([`WriteLock`]). Nothing in the index directory is created,
//! opened or removed through a symbolic link, nor the directory itself
//! ([`create_index_dir`], [`Error::SymbolicLink`]): a repository cannot
//! make plumb write or read outside it.

mod fresh;
pub mod graph;
pub mod history;
mod integrity;
pub mod location;
pub mod model;
mod nofollow;
pub mod read;
pub mod readonly;
pub mod records;
mod rewrite;
mod rows;
pub(crate) mod schema;
pub mod search;
pub mod span;
pub(crate) mod tokens;
mod update;
mod write;

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, OptionalExtension};

pub use location::index_dir;
pub use nofollow::{Access, create_index_dir};
pub use rows::rows_digest;
pub use tokens::split_identifier;
pub use update::{RowCounts, row_id};
pub use write::GraphWriter;

/// Name of the index directory created at the indexed root, unless one
/// was chosen elsewhere ([`index_dir`]).
pub const INDEX_DIR: &str = ".plumb";
/// Name of the database file inside [`INDEX_DIR`].
pub const DATABASE_FILE: &str = "index.db";
/// Name of the lock file inside [`INDEX_DIR`] that one writer at a time holds.
pub const WRITE_LOCK_FILE: &str = "write.lock";

/// How long a writer waits for another process's write lock before giving
/// up. Chosen: long enough to ride out a query's read, short enough that a
/// second `plumb index` says clearly that another one is running.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// The page size of a new database, in bytes. Measured on the Linux
/// `drivers/net` + `include` + `net` subset (12,747 files, release build,
/// runs of each): against SQLite's default 4,096, 16,384 cut the full
/// index's commit (the index builds) from 5.9 to 4.7 s and its row writes
/// from 7.5–7.9 to 6.8–7.6 s, with warm query p99 within noise (refs 0.72
/// → 0.77 ms); 65,536 saved another 0.6 s but slowed refs p99 to 0.92 ms
/// and impact p99 from 6.5 to 8.6 ms.
const PAGE_SIZE: i64 = 16_384;

/// Failures of the store, each naming the database it concerns.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// No index exists at the path.
    #[error("no index at {0} (run `plumb index` first)")]
    Missing(PathBuf),
    /// The index was written by another schema version.
    #[error(
        "the index at {path} has schema version {found}, this plumb reads {expected} (run `plumb index` to rebuild it)"
    )]
    SchemaMismatch {
        /// The database file.
        path: PathBuf,
        /// The version found in the file.
        found: i64,
        /// The version this build reads.
        expected: i64,
    },
    /// Another process holds the write lock.
    #[error("another plumb process is writing the index at {0}; try again when it finishes")]
    Locked(PathBuf),
    /// The index directory, or its `.gitignore`, could not be created.
    #[error("cannot create {path}: {source}")]
    IndexDir {
        /// The directory.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The index directory cannot be created because its parent is not
    /// writable (a read-only tree): the index can be kept elsewhere.
    #[error(
        "cannot create the index directory {path}: {source} (keep the index outside the tree with `--index-dir DIR` or `PLUMB_INDEX_DIR=DIR`, for example {suggested})"
    )]
    NotWritable {
        /// The directory.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
        /// A directory the index could go to instead.
        suggested: String,
    },
    /// The chosen index directory is the indexed root or holds it: the
    /// index would write over the tree's own files.
    #[error(
        "the index directory {dir} would hold the indexed root {root}; choose a directory outside the tree, or a new one inside it"
    )]
    Placement {
        /// The chosen index directory.
        dir: PathBuf,
        /// The indexed root.
        root: PathBuf,
    },
    /// The index directory, or a file plumb keeps in it, is a symbolic
    /// link: plumb neither writes nor reads through one, since a
    /// repository could point it anywhere.
    #[error(
        "refusing to {access} through a symbolic link: {} -> {} (remove the link, then run `plumb index`)",
        .link.display(),
        .target.display()
    )]
    SymbolicLink {
        /// The link.
        link: PathBuf,
        /// What it points at, as written in the link.
        target: PathBuf,
        /// What plumb was about to do through it.
        access: Access,
    },
    /// The write lock file could not be opened or locked.
    #[error("cannot lock {path}: {source}")]
    LockFile {
        /// The lock file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A row written references a row the same graph never wrote (what a
    /// foreign key forbids); the graph was not published.
    #[error(
        "index database {path}: {column} = {id} names no row of {table} (FOREIGN KEY constraint failed)"
    )]
    DanglingReference {
        /// The database file.
        path: PathBuf,
        /// The referencing column, as `table.column`.
        column: &'static str,
        /// The table referenced.
        table: &'static str,
        /// The id that names no row.
        id: i64,
    },
    /// A file of the index could not be removed, synced or renamed.
    #[error("index file {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// Any other SQLite failure.
    #[error("index database {path}: {source}")]
    Sqlite {
        /// The database file.
        path: PathBuf,
        /// The underlying error.
        source: rusqlite::Error,
    },
    /// A value in the database that this build cannot interpret.
    #[error("index database {path}: {what}")]
    Corrupt {
        /// The database file.
        path: PathBuf,
        /// What was wrong.
        what: String,
    },
}

/// Result of store operations.
pub type Result<T> = std::result::Result<T, Error>;

/// An open index database.
pub struct Store {
    conn: Connection,
    /// The database file this connection has open.
    path: PathBuf,
    /// For a first index built aside ([`Store::create_new`]), where
    /// [`Store::publish`] renames it to; `None` for every other store.
    building: Option<fresh::Building>,
}

/// The right to write the index at a root, held by one process at a time
/// (an advisory lock on [`WRITE_LOCK_FILE`]); released when dropped or when
/// the process ends, however it ends. Readers never take it.
#[derive(Debug)]
pub struct WriteLock {
    _file: std::fs::File,
}

impl WriteLock {
    /// Takes the write lock of the index at `root`, whose index directory
    /// must exist; fails at once with [`Error::Locked`] if another process
    /// holds it, and with [`Error::SymbolicLink`] if the lock file is a
    /// link.
    pub fn acquire(root: &Path) -> Result<WriteLock> {
        let path = index_dir(root).join(WRITE_LOCK_FILE);
        let mut options = std::fs::OpenOptions::new();
        options.create(true).truncate(false).write(true);
        let file = nofollow::open(&path, &options, Access::Write, |source| Error::LockFile {
            path: path.clone(),
            source,
        })?;
        match file.try_lock() {
            Ok(()) => Ok(WriteLock { _file: file }),
            Err(std::fs::TryLockError::WouldBlock) => Err(Error::Locked(index_dir(root))),
            Err(std::fs::TryLockError::Error(source)) => Err(Error::LockFile { path, source }),
        }
    }
}

impl Store {
    /// The database path for an index rooted at `root`.
    pub fn database_path(root: &Path) -> PathBuf {
        index_dir(root).join(DATABASE_FILE)
    }

    /// Opens (creating if needed) the database for writing. The directory
    /// must exist. An index of another schema version is dropped and
    /// recreated, since the next write replaces everything anyway. Fails
    /// with [`Error::SymbolicLink`] if the database, its directory or a
    /// file SQLite keeps beside it is a link.
    pub fn open_for_write(path: &Path) -> Result<Store> {
        let (sqlite_path, flags) = nofollow::database(path, Access::Write, OpenFlags::default())?;
        let conn = Connection::open_with_flags(sqlite_path, flags)
            .map_err(|source| sqlite(path, source))?;
        let store = Store {
            conn,
            path: path.to_owned(),
            building: None,
        };
        // Takes effect only in a database not yet written.
        store
            .conn
            .pragma_update(None, "page_size", PAGE_SIZE)
            .map_err(|e| store.err(e))?;
        store.configure()?;
        let version: i64 = store
            .conn
            .pragma_query_value(None, "user_version", |row| row.get(0))
            .map_err(|e| store.err(e))?;
        if version != schema::SCHEMA_VERSION {
            store.recreate()?;
        }
        Ok(store)
    }

    /// Opens an existing database read-only. Fails with
    /// [`Error::SymbolicLink`] if the database, its directory or a file
    /// SQLite keeps beside it is a link.
    pub fn open_read_only(path: &Path) -> Result<Store> {
        let (sqlite_path, flags) = nofollow::database(
            path,
            Access::Read,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        if !path.is_file() {
            return Err(Error::Missing(path.to_owned()));
        }
        let conn = Connection::open_with_flags(sqlite_path, flags)
            .map_err(|source| sqlite(path, source))?;
        let store = Store {
            conn,
            path: path.to_owned(),
            building: None,
        };
        store
            .conn
            .busy_timeout(BUSY_TIMEOUT)
            .map_err(|e| store.err(e))?;
        let version: i64 = store
            .conn
            .pragma_query_value(None, "user_version", |row| row.get(0))
            .map_err(|e| store.err(e))?;
        if version != schema::SCHEMA_VERSION {
            return Err(Error::SchemaMismatch {
                path: path.to_owned(),
                found: version,
                expected: schema::SCHEMA_VERSION,
            });
        }
        Ok(store)
    }

    /// Starts replacing the whole graph. Nothing is visible to readers until
    /// [`GraphWriter::commit`]; dropping the writer rolls everything back.
    pub fn replace_all(&mut self) -> Result<GraphWriter<'_>> {
        GraphWriter::begin(&mut self.conn, &self.path)
    }

    fn configure(&self) -> Result<()> {
        self.conn
            .busy_timeout(BUSY_TIMEOUT)
            .map_err(|e| self.err(e))?;
        self.conn
            .pragma_update(None, "journal_mode", "WAL")
            .map_err(|e| self.err(e))?;
        self.conn
            .pragma_update(None, "synchronous", "NORMAL")
            .map_err(|e| self.err(e))?;
        self.allow_sorter_threads()
    }

    /// Lets SQLite's sorter, which builds each index at the end of a whole
    /// replacement, use a helper thread per core besides the writer.
    /// Measured on the Linux `drivers/net` + `include` + `net` subset
    /// (12,746 files, release build, one run each on a noisy machine): the
    /// commit phase of a first index went from 8.7 s to 5.5 s.
    fn allow_sorter_threads(&self) -> Result<()> {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        self.conn
            .pragma_update(None, "threads", cores as i64)
            .map_err(|e| self.err(e))
    }

    fn recreate(&self) -> Result<()> {
        let mut script = String::from("BEGIN;\n");
        for table in schema::TABLES {
            script.push_str(&format!("DROP TABLE IF EXISTS {table};\n"));
        }
        script.push_str(schema::CREATE);
        for index in schema::INDEXES {
            script.push_str(&format!("{};\n", index.create));
        }
        script.push_str(&format!(
            "PRAGMA user_version = {};\nCOMMIT;\n",
            schema::SCHEMA_VERSION
        ));
        self.conn.execute_batch(&script).map_err(|e| self.err(e))
    }

    fn err(&self, source: rusqlite::Error) -> Error {
        classify(&self.path, source)
    }

    /// Reads one `meta` value.
    pub fn meta(&self, key: &str) -> Result<Option<String>> {
        self.conn
            .query_row("SELECT value FROM meta WHERE key = ?1", [key], |row| {
                row.get(0)
            })
            .optional()
            .map_err(|e| self.err(e))
    }
}

fn sqlite(path: &Path, source: rusqlite::Error) -> Error {
    Error::Sqlite {
        path: path.to_owned(),
        source,
    }
}

/// Maps SQLite's busy/locked codes to [`Error::Locked`], anything else to
/// [`Error::Sqlite`].
fn classify(path: &Path, source: rusqlite::Error) -> Error {
    match source.sqlite_error_code() {
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) => {
            Error::Locked(path.to_owned())
        }
        _ => sqlite(path, source),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page_size(store: &Store) -> i64 {
        store
            .conn
            .pragma_query_value(None, "page_size", |row| row.get(0))
            .unwrap()
    }

    #[test]
    fn a_new_database_takes_the_chosen_page_size_and_an_old_one_keeps_its_own() {
        let dir = tempfile::tempdir().unwrap();
        let new = Store::open_for_write(&dir.path().join("new.db")).unwrap();
        assert_eq!(page_size(&new), PAGE_SIZE);

        let path = dir.path().join("old.db");
        Connection::open(&path)
            .unwrap()
            .execute_batch("PRAGMA page_size = 4096; CREATE TABLE t(x);")
            .unwrap();
        let mut old = Store::open_for_write(&path).unwrap();
        assert_eq!(page_size(&old), 4096);
        let writer = old.replace_all().unwrap();
        writer
            .file(&records::FileRecord::indexed(1, "a.rs"))
            .unwrap();
        writer.commit().unwrap();
    }
}
