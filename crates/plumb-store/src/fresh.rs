//! A first index, built where no index exists yet: written beside its final
//! name with no journal and no syncing, then synced once and renamed into
//! place ([`Store::create_new`], [`Store::publish`]). Until the rename no
//! reader can open it, so it needs neither the write-ahead log (which a
//! whole replacement writes twice, once into the log and once when the log
//! is copied back) nor a journal to roll back: a build that fails is
//! deleted. An index that exists is always replaced in place, in one WAL
//! transaction, since its readers hold its log open.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags};

use crate::nofollow::{self, Access};
use crate::{PAGE_SIZE, Result, Store, classify, sqlite};

/// What is appended to the database's file name while it is built.
pub(crate) const BUILDING_SUFFIX: &str = ".building";

/// The files SQLite keeps beside a database in WAL mode, by suffix.
const WAL_COMPANIONS: [&str; 2] = ["-wal", "-shm"];

/// `path` with `suffix` appended to its file name.
pub(crate) fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Removes the file at `path` if there is one.
fn remove_if_present(path: &Path) -> std::io::Result<()> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// A database being built aside, to be renamed to `target`: its file is
/// deleted when this is dropped, so a build that fails leaves nothing. Once
/// [`Store::publish`] has renamed it, nothing is left at `file` to delete.
pub(crate) struct Building {
    /// The file being built.
    file: PathBuf,
    /// The path it is published at.
    target: PathBuf,
}

impl Drop for Building {
    fn drop(&mut self) {
        // Best effort: a file left behind is replaced by the next build.
        let _ = std::fs::remove_file(&self.file);
    }
}

impl Store {
    /// Opens a new, empty database to be published at `path`, where none
    /// exists: built at `path` + `.building` (replacing what a build that
    /// did not finish left there), invisible to readers until
    /// [`Store::publish`]. Dropped unpublished, the file is deleted. The
    /// caller holds the write lock, so no other process builds it. Fails
    /// with [`crate::Error::SymbolicLink`] if either database, their
    /// directory or a file SQLite keeps beside them is a link.
    pub fn create_new(path: &Path) -> Result<Store> {
        // The rename would replace a link at `path`: refuse it now, with
        // the links beside it, before anything is built.
        nofollow::database(path, Access::Write, OpenFlags::default())?;
        let file = with_suffix(path, BUILDING_SUFFIX);
        let (sqlite_file, flags) = nofollow::database(&file, Access::Write, OpenFlags::default())?;
        for stale in std::iter::once(file.clone())
            .chain(WAL_COMPANIONS.map(|suffix| with_suffix(&file, suffix)))
        {
            remove_if_present(&stale).map_err(|e| io_error(&stale, e))?;
        }
        let conn = Connection::open_with_flags(sqlite_file, flags)
            .map_err(|source| sqlite(&file, source))?;
        let store = Store {
            conn,
            path: file.clone(),
            building: Some(Building {
                file,
                target: path.to_owned(),
            }),
        };
        for (pragma, value) in [
            ("page_size", PAGE_SIZE.to_string()),
            ("journal_mode", "OFF".into()),
            ("synchronous", "OFF".into()),
        ] {
            store
                .conn
                .pragma_update(None, pragma, value)
                .map_err(|e| store.err(e))?;
        }
        store.allow_sorter_threads()?;
        store.recreate()?;
        Ok(store)
    }

    /// Makes what was committed visible to readers. For a database built by
    /// [`Store::create_new`]: switches it to WAL mode, closes it, syncs it
    /// to disk and renames it to its final path (removing a write-ahead log
    /// left there without its database, which SQLite would otherwise read
    /// as the new one's). For any other store the commit already did it.
    pub fn publish(self) -> Result<()> {
        let Store {
            conn,
            path,
            building,
        } = self;
        let Some(building) = building else {
            return Ok(());
        };
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(|e| classify(&path, e))?;
        conn.close().map_err(|(_, source)| sqlite(&path, source))?;
        std::fs::File::open(&path)
            .and_then(|file| file.sync_all())
            .map_err(|e| io_error(&path, e))?;
        let target = &building.target;
        if !target.exists() {
            for companion in WAL_COMPANIONS.map(|suffix| with_suffix(target, suffix)) {
                remove_if_present(&companion).map_err(|e| io_error(&companion, e))?;
            }
        }
        std::fs::rename(&path, target).map_err(|e| io_error(target, e))?;
        if let Some(dir) = target.parent() {
            std::fs::File::open(dir)
                .and_then(|dir| dir.sync_all())
                .map_err(|e| io_error(dir, e))?;
        }
        Ok(())
    }
}

/// An I/O failure on one of the index's files.
fn io_error(path: &Path, source: std::io::Error) -> crate::Error {
    crate::Error::Io {
        path: path.to_owned(),
        source,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::FileRecord;

    fn journal_mode(path: &Path) -> String {
        Connection::open(path)
            .unwrap()
            .pragma_query_value(None, "journal_mode", |row| row.get(0))
            .unwrap()
    }

    #[test]
    fn a_first_index_is_invisible_until_published_then_in_wal_mode() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("index.db");
        let mut store = Store::create_new(&path).unwrap();
        let writer = store.replace_all().unwrap();
        writer.file(&FileRecord::indexed(1, "a.rs")).unwrap();
        writer.commit().unwrap();
        assert!(matches!(
            Store::open_read_only(&path),
            Err(crate::Error::Missing(_))
        ));
        store.publish().unwrap();
        let reader = Store::open_read_only(&path).unwrap();
        assert_eq!(reader.files().unwrap().len(), 1);
        assert_eq!(journal_mode(&path), "wal");
        let left: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .filter(|name| name.contains(BUILDING_SUFFIX))
            .collect();
        assert!(left.is_empty(), "left behind: {left:?}");
    }

    #[test]
    fn a_build_dropped_unpublished_leaves_nothing_and_a_stale_one_is_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("index.db");
        let building = with_suffix(&path, BUILDING_SUFFIX);
        std::fs::write(&building, b"what a killed build left").unwrap();
        let store = Store::create_new(&path).unwrap();
        assert!(building.is_file());
        drop(store);
        assert!(!building.exists());
        assert!(!path.exists());
    }

    /// Publishes a first index at `path` holding `files` file rows.
    fn publish_files(path: &Path, files: i64) {
        let mut store = Store::create_new(path).unwrap();
        let writer = store.replace_all().unwrap();
        for id in 1..=files {
            writer
                .file(&FileRecord::indexed(id, &format!("f{id}.rs")))
                .unwrap();
        }
        writer.commit().unwrap();
        store.publish().unwrap();
    }

    #[test]
    fn a_log_left_without_its_database_is_not_read_as_the_new_ones() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("index.db");
        // A real log of another database, with a committed write the
        // database never took in, left behind when the database went.
        publish_files(&path, 3);
        let other = Connection::open(&path).unwrap();
        other
            .execute_batch(
                "PRAGMA wal_autocheckpoint = 0; \
                 INSERT INTO files (id, path, size, status) VALUES (4, 'f4.rs', 0, 'indexed');",
            )
            .unwrap();
        let log = with_suffix(&path, "-wal");
        let kept_log = std::fs::read(&log).unwrap();
        assert!(!kept_log.is_empty());
        drop(other);
        for file in [path.clone(), log.clone(), with_suffix(&path, "-shm")] {
            remove_if_present(&file).unwrap();
        }
        std::fs::write(&log, &kept_log).unwrap();

        publish_files(&path, 1);
        assert_eq!(
            Store::open_read_only(&path).unwrap().files().unwrap().len(),
            1
        );
    }
}
