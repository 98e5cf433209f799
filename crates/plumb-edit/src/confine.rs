//! Confining a path to the repository root before anything is written:
//! no `..`, no absolute path elsewhere, no symbolic link that leads out,
//! nothing inside `.git/`, `.plumb/` or a chosen index directory.

use std::io;
use std::path::{Component, Path, PathBuf};

use crate::EditError;

/// Directories an edit never writes into, at any depth.
const RESERVED_DIRS: [&str; 2] = [".git", plumb_store::INDEX_DIR];

/// A file path known to lie inside the root, with every symbolic link on
/// the way resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Confined {
    absolute: PathBuf,
    relative: String,
}

impl Confined {
    /// The path on disk.
    pub fn absolute(&self) -> &Path {
        &self.absolute
    }

    /// The path relative to the root, `/`-separated, as the index names
    /// files.
    pub fn relative(&self) -> &str {
        &self.relative
    }
}

/// `path` (relative to `root`, or absolute inside it) as a [`Confined`]
/// path: refused if it has a `..` component, lies outside `root` (after
/// resolving the links of the part that exists), is inside `.git/` or
/// `.plumb/`, or names a directory. The file itself need not exist; a
/// link to a file inside the root is resolved to that file.
pub fn confine(root: &Path, path: &Path) -> Result<Confined, EditError> {
    let outside = || EditError::Outside {
        path: path.to_owned(),
    };
    if path.components().any(|c| c == Component::ParentDir) {
        return Err(outside());
    }
    let root = root
        .canonicalize()
        .map_err(|err| EditError::io(root, err))?;
    let joined = if path.is_absolute() {
        path.to_owned()
    } else {
        root.join(path)
    };
    let (existing, missing) = split_existing(&joined)?;
    let resolved = match existing.canonicalize() {
        Ok(resolved) => resolved,
        // A link whose target does not exist: writing would replace it.
        Err(err) if err.kind() == io::ErrorKind::NotFound => return Err(outside()),
        Err(err) => return Err(EditError::io(&existing, err)),
    };
    let absolute = missing.iter().fold(resolved, |path, name| path.join(name));
    let relative = absolute.strip_prefix(&root).map_err(|_| outside())?;
    if relative.as_os_str().is_empty() || absolute.is_dir() {
        return Err(EditError::Directory {
            path: path.to_owned(),
        });
    }
    if let Some(dir) = relative
        .components()
        .find_map(|c| RESERVED_DIRS.into_iter().find(|dir| c.as_os_str() == *dir))
    {
        return Err(EditError::Reserved {
            path: path.to_owned(),
            dir,
        });
    }
    if inside_chosen_index_dir(&absolute) {
        return Err(EditError::Reserved {
            path: path.to_owned(),
            dir: "the index directory",
        });
    }
    let relative = relative
        .to_str()
        .ok_or_else(|| EditError::NotUtf8 {
            path: path.to_owned(),
        })?
        .replace(std::path::MAIN_SEPARATOR, "/");
    Ok(Confined { absolute, relative })
}

/// Whether `absolute` lies in an index directory chosen inside the tree
/// (`--index-dir`, `PLUMB_INDEX_DIR`), which edits never touch either.
fn inside_chosen_index_dir(absolute: &Path) -> bool {
    plumb_store::location::chosen_index_dir().is_some_and(|chosen| {
        let chosen = chosen.canonicalize().unwrap_or_else(|_| chosen.to_owned());
        absolute.starts_with(chosen)
    })
}

/// The longest prefix of `path` that exists (a dangling link counts as
/// existing), and the names after it, in order.
fn split_existing(path: &Path) -> Result<(PathBuf, Vec<std::ffi::OsString>), EditError> {
    let mut existing = path.to_owned();
    let mut missing = Vec::new();
    loop {
        match std::fs::symlink_metadata(&existing) {
            Ok(_) => break,
            Err(err) if err.kind() == io::ErrorKind::NotFound => {
                let Some(name) = existing.file_name().map(|n| n.to_owned()) else {
                    return Err(EditError::io(path, err));
                };
                missing.push(name);
                existing.pop();
            }
            Err(err) => return Err(EditError::io(path, err)),
        }
    }
    missing.reverse();
    Ok((existing, missing))
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::*;

    fn tree() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir_all(dir.path().join("src")).unwrap();
        fs::write(dir.path().join("src/a.py"), "x = 1\n").unwrap();
        dir
    }

    #[test]
    fn a_relative_path_inside_is_confined() {
        let dir = tree();
        let confined = confine(dir.path(), Path::new("src/a.py")).unwrap();
        assert_eq!(confined.relative(), "src/a.py");
        assert_eq!(
            confined.absolute(),
            dir.path().canonicalize().unwrap().join("src/a.py")
        );
    }

    #[test]
    fn a_new_file_in_a_new_directory_is_confined() {
        let dir = tree();
        let confined = confine(dir.path(), Path::new("src/new/b.py")).unwrap();
        assert_eq!(confined.relative(), "src/new/b.py");
    }

    #[test]
    fn an_absolute_path_inside_is_confined_and_outside_refused() {
        let dir = tree();
        let inside = dir.path().join("src/a.py");
        assert_eq!(confine(dir.path(), &inside).unwrap().relative(), "src/a.py");
        let err = confine(dir.path(), Path::new("/etc/passwd")).unwrap_err();
        assert!(matches!(err, EditError::Outside { .. }), "{err}");
    }

    #[test]
    fn parent_components_are_refused_even_when_they_come_back() {
        let dir = tree();
        for path in ["../x.py", "src/../../x.py", "src/../src/a.py"] {
            let err = confine(dir.path(), Path::new(path)).unwrap_err();
            assert!(matches!(err, EditError::Outside { .. }), "{path}: {err}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn links_that_lead_out_are_refused_and_links_inside_resolved() {
        let dir = tree();
        let elsewhere = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(elsewhere.path(), dir.path().join("out")).unwrap();
        std::os::unix::fs::symlink("a.py", dir.path().join("src/alias.py")).unwrap();
        std::os::unix::fs::symlink("missing.py", dir.path().join("src/dangling.py")).unwrap();
        let err = confine(dir.path(), Path::new("out/x.py")).unwrap_err();
        assert!(matches!(err, EditError::Outside { .. }), "{err}");
        let alias = confine(dir.path(), Path::new("src/alias.py")).unwrap();
        assert_eq!(alias.relative(), "src/a.py");
        let err = confine(dir.path(), Path::new("src/dangling.py")).unwrap_err();
        assert!(matches!(err, EditError::Outside { .. }), "{err}");
    }

    #[test]
    fn reserved_directories_and_directories_are_refused() {
        let dir = tree();
        for path in [".git/config", ".plumb/index.db", "sub/.git/HEAD"] {
            let err = confine(dir.path(), Path::new(path)).unwrap_err();
            assert!(matches!(err, EditError::Reserved { .. }), "{path}: {err}");
        }
        for path in ["src", ".", ""] {
            let err = confine(dir.path(), Path::new(path)).unwrap_err();
            assert!(matches!(err, EditError::Directory { .. }), "{path}: {err}");
        }
    }
}
