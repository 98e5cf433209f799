//! Creating and opening what lives under the index directory (`.plumb/`)
//! without following a symbolic link. A repository can ship `.plumb`, or
//! any file plumb keeps in it, as a link to anywhere (`~/.bashrc`, another
//! program's database): plumb refuses, naming the link, rather than write
//! or read through it. Every path is checked with `symlink_metadata` just
//! before its use; files are opened with `O_NOFOLLOW`, and SQLite with
//! `SQLITE_OPEN_NOFOLLOW`, so a link that appears in between makes the
//! open fail instead of being followed.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use rusqlite::OpenFlags;

use crate::fresh::{BUILDING_SUFFIX, with_suffix};
use crate::{DATABASE_FILE, Error, Result, WRITE_LOCK_FILE};

/// The file that keeps the index directory out of version control.
const GITIGNORE_FILE: &str = ".gitignore";

/// What `.gitignore` holds: everything in the directory is ignored.
const GITIGNORE_TEXT: &[u8] = b"*\n";

/// The files SQLite keeps beside a database, by suffix: the write-ahead
/// log and its shared-memory index (WAL mode), and the rollback journal
/// (any other mode). SQLite opens them by name, following links, so each
/// is checked before the database is opened.
pub(crate) const DATABASE_COMPANIONS: [&str; 3] = ["-wal", "-shm", "-journal"];

/// What plumb was about to do through a link it refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Read the index (a query, `status`, the MCP server).
    Read,
    /// Create or write something under the index directory (`index`,
    /// `watch`).
    Write,
}

impl std::fmt::Display for Access {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Access::Read => "read",
            Access::Write => "write",
        })
    }
}

/// Fails with [`Error::SymbolicLink`] if `path` is a symbolic link. A
/// path that does not exist, or cannot be looked at, passes: the
/// operation that follows reports that itself.
pub(crate) fn refuse_link(path: &Path, access: Access) -> Result<()> {
    match std::fs::symlink_metadata(path) {
        Ok(metadata) if metadata.file_type().is_symlink() => Err(Error::SymbolicLink {
            link: path.to_owned(),
            target: std::fs::read_link(path).unwrap_or_default(),
            access,
        }),
        _ => Ok(()),
    }
}

/// Creates the index directory of `root` if needed, with a `.gitignore`
/// that keeps it out of version control without touching the user's, and
/// returns its path. Fails with [`Error::SymbolicLink`], having written
/// nothing, if the directory or any file a writer creates, opens or
/// removes in it is a symbolic link.
pub fn create_index_dir(root: &Path) -> Result<PathBuf> {
    let index_dir = crate::index_dir(root);
    if root.starts_with(&index_dir) {
        return Err(Error::Placement {
            dir: index_dir,
            root: root.to_owned(),
        });
    }
    let cannot_create = |source| Error::IndexDir {
        path: index_dir.clone(),
        source,
    };
    refuse_link(&index_dir, Access::Write)?;
    std::fs::create_dir_all(&index_dir).map_err(|source| not_writable(root, &index_dir, source))?;
    refuse_link(&index_dir, Access::Write)?;
    for file in written_files(&index_dir) {
        refuse_link(&file, Access::Write)?;
    }
    let gitignore = index_dir.join(GITIGNORE_FILE);
    let mut options = OpenOptions::new();
    options.write(true).create(true).truncate(true);
    open(&gitignore, &options, Access::Write, cannot_create)?
        .write_all(GITIGNORE_TEXT)
        .map_err(cannot_create)?;
    Ok(index_dir)
}

/// The error of an index directory that could not be created: for a
/// directory that is not writable, one that says where the index could go.
fn not_writable(root: &Path, index_dir: &Path, source: std::io::Error) -> Error {
    use std::io::ErrorKind::{PermissionDenied, ReadOnlyFilesystem};
    if !matches!(source.kind(), PermissionDenied | ReadOnlyFilesystem) {
        return Error::IndexDir {
            path: index_dir.to_owned(),
            source,
        };
    }
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .filter(|dir| !dir.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    let name = root.file_name().unwrap_or(root.as_os_str());
    Error::NotWritable {
        path: index_dir.to_owned(),
        source,
        suggested: cache.join("plumb").join(name).display().to_string(),
    }
}

/// Every file a writer creates, opens or removes in `index_dir`.
fn written_files(index_dir: &Path) -> impl Iterator<Item = PathBuf> {
    let database = index_dir.join(DATABASE_FILE);
    let building = with_suffix(&database, BUILDING_SUFFIX);
    [GITIGNORE_FILE, WRITE_LOCK_FILE]
        .map(|name| index_dir.join(name))
        .into_iter()
        .chain(with_companions(&database))
        .chain(with_companions(&building))
        .chain(with_companions(
            &index_dir.join(crate::history::HISTORY_FILE),
        ))
}

/// `database` and its [`DATABASE_COMPANIONS`].
fn with_companions(database: &Path) -> impl Iterator<Item = PathBuf> + use<> {
    std::iter::once(database.to_owned())
        .chain(DATABASE_COMPANIONS.map(|suffix| with_suffix(database, suffix)))
}

/// Opens `path` with `options` and `O_NOFOLLOW`, after checking that it
/// is no symbolic link; `failed` makes the error of an open that fails
/// for another reason.
pub(crate) fn open(
    path: &Path,
    options: &OpenOptions,
    access: Access,
    failed: impl FnOnce(std::io::Error) -> Error,
) -> Result<File> {
    refuse_link(path, access)?;
    let mut options = options.clone();
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NOFOLLOW);
    options.open(path).map_err(|source| {
        // `O_NOFOLLOW` refused a link made since the check: name it.
        match refuse_link(path, access) {
            Err(link) => link,
            Ok(()) => failed(source),
        }
    })
}

/// Checks the database at `path` for `access`: neither it, nor its
/// directory, nor any of its [`DATABASE_COMPANIONS`] may be a symbolic
/// link. Returns the flags to open it with (`base` and
/// `SQLITE_OPEN_NOFOLLOW`) and the path to give SQLite: its directory's
/// canonical path joined with its name, since SQLite with that flag
/// refuses a link anywhere in the path, and the directories above the
/// index directory (a home directory on another disk) may well be links.
pub(crate) fn database(
    path: &Path,
    access: Access,
    base: OpenFlags,
) -> Result<(PathBuf, OpenFlags)> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    refuse_link(dir, access)?;
    for file in with_companions(path) {
        refuse_link(&file, access)?;
    }
    let canonical = match (dir.canonicalize(), path.file_name()) {
        (Ok(dir), Some(name)) => dir.join(name),
        _ => path.to_owned(),
    };
    Ok((canonical, base | OpenFlags::SQLITE_OPEN_NOFOLLOW))
}

#[cfg(test)]
#[cfg(unix)]
mod tests {
    use crate::INDEX_DIR;
    use std::os::unix::fs::symlink;

    use super::*;

    /// A root, and a directory outside it holding `victim`, a file a
    /// link under the root points at.
    struct Scene {
        _dir: tempfile::TempDir,
        root: PathBuf,
        outside: PathBuf,
        victim: PathBuf,
    }

    const VICTIM_TEXT: &[u8] = b"export PATH=/usr/bin\n";

    fn scene() -> Scene {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("root");
        let outside = dir.path().join("outside");
        std::fs::create_dir_all(&root).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        let victim = outside.join("victim");
        std::fs::write(&victim, VICTIM_TEXT).unwrap();
        Scene {
            _dir: dir,
            root,
            outside,
            victim,
        }
    }

    fn assert_refused(result: Result<impl std::fmt::Debug>, link: &Path, access: Access) {
        match result {
            Err(Error::SymbolicLink {
                link: refused,
                access: refused_access,
                ..
            }) => {
                assert_eq!(refused, link);
                assert_eq!(refused_access, access);
            }
            other => panic!(
                "expected the link {} refused, got {other:?}",
                link.display()
            ),
        }
    }

    #[test]
    fn a_new_index_directory_is_created_with_its_gitignore() {
        let scene = scene();
        let dir = create_index_dir(&scene.root).unwrap();
        assert_eq!(dir, scene.root.join(INDEX_DIR));
        assert_eq!(std::fs::read(dir.join(GITIGNORE_FILE)).unwrap(), b"*\n");
        // Again, over what the first call made.
        create_index_dir(&scene.root).unwrap();
    }

    #[test]
    fn a_linked_index_directory_is_refused_and_its_target_left_empty() {
        let scene = scene();
        let link = scene.root.join(INDEX_DIR);
        symlink(&scene.outside, &link).unwrap();
        assert_refused(create_index_dir(&scene.root), &link, Access::Write);
        let entries = std::fs::read_dir(&scene.outside).unwrap().count();
        assert_eq!(entries, 1, "only the victim is outside");
    }

    #[test]
    fn any_linked_file_a_writer_touches_is_refused_before_anything_is_written() {
        let scene = scene();
        let index_dir = scene.root.join(INDEX_DIR);
        for file in written_files(&index_dir) {
            std::fs::create_dir_all(&index_dir).unwrap();
            symlink(&scene.victim, &file).unwrap();
            assert_refused(create_index_dir(&scene.root), &file, Access::Write);
            assert_eq!(std::fs::read(&scene.victim).unwrap(), VICTIM_TEXT);
            assert!(!index_dir.join(GITIGNORE_FILE).is_file() || file.ends_with(GITIGNORE_FILE));
            std::fs::remove_dir_all(&index_dir).unwrap();
        }
    }

    #[test]
    fn the_error_names_the_link_and_its_target() {
        let scene = scene();
        let link = scene.root.join("link");
        symlink(&scene.victim, &link).unwrap();
        let message = refuse_link(&link, Access::Write).unwrap_err().to_string();
        assert!(
            message.starts_with(&format!(
                "refusing to write through a symbolic link: {} -> {}",
                link.display(),
                scene.victim.display()
            )),
            "{message}"
        );
    }

    #[test]
    fn an_open_refuses_a_link_and_opens_a_file() {
        let scene = scene();
        let link = scene.root.join("lock");
        symlink(&scene.victim, &link).unwrap();
        let mut options = OpenOptions::new();
        options.write(true).create(true).truncate(true);
        let io = |source| Error::Io {
            path: PathBuf::new(),
            source,
        };
        assert_refused(
            open(&link, &options, Access::Write, io),
            &link,
            Access::Write,
        );
        assert_eq!(std::fs::read(&scene.victim).unwrap(), VICTIM_TEXT);
        let file = scene.root.join("file");
        open(&file, &options, Access::Write, io).unwrap();
        assert!(file.is_file());
    }

    #[test]
    fn a_database_is_refused_when_it_its_directory_or_a_companion_is_a_link() {
        let scene = scene();
        let dir = scene.root.join(INDEX_DIR);
        let index_db = dir.join(DATABASE_FILE);
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY;
        symlink(&scene.outside, &dir).unwrap();
        assert_refused(database(&index_db, Access::Read, flags), &dir, Access::Read);
        std::fs::remove_file(&dir).unwrap();
        std::fs::create_dir(&dir).unwrap();
        for file in with_companions(&index_db) {
            symlink(&scene.victim, &file).unwrap();
            assert_refused(
                database(&index_db, Access::Read, flags),
                &file,
                Access::Read,
            );
            std::fs::remove_file(&file).unwrap();
        }
        let (path, flags) = database(&index_db, Access::Read, flags).unwrap();
        assert_eq!(path, dir.canonicalize().unwrap().join(DATABASE_FILE));
        assert!(flags.contains(OpenFlags::SQLITE_OPEN_NOFOLLOW | OpenFlags::SQLITE_OPEN_READ_ONLY));
    }

    #[test]
    fn a_database_under_a_linked_ancestor_opens_by_its_real_path() {
        let scene = scene();
        let alias = scene.outside.join("alias");
        symlink(&scene.root, &alias).unwrap();
        std::fs::create_dir(scene.root.join(INDEX_DIR)).unwrap();
        let through_alias = alias.join(INDEX_DIR).join(DATABASE_FILE);
        let (path, flags) = database(&through_alias, Access::Write, OpenFlags::default()).unwrap();
        rusqlite::Connection::open_with_flags(&path, flags)
            .unwrap()
            .execute_batch("CREATE TABLE t(x);")
            .unwrap();
        assert!(scene.root.join(INDEX_DIR).join(DATABASE_FILE).is_file());
    }
}
