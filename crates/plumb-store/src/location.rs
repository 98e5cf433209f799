//! Where the index of a root lives: `ROOT/.plumb/` by default, or a
//! directory outside the tree chosen with `--index-dir DIR` or
//! [`INDEX_DIR_ENV`] (a read-only tree, a checkout one must not write
//! into). Every path under the index directory — the database, the write
//! lock, the history, the edit journal, staged changes — is computed from
//! [`index_dir`], so the choice holds for every command and tool.
//!
//! The choice is process-wide: the CLI sets it once from its flag
//! ([`choose_index_dir`]) before doing anything else; otherwise the
//! environment variable is read on first use.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::INDEX_DIR;

/// The environment variable that moves the index out of the tree, as
/// `--index-dir` does (the flag wins when both are given).
pub const INDEX_DIR_ENV: &str = "PLUMB_INDEX_DIR";

/// The index directory chosen for this process, if any: the flag, else
/// the environment variable, made absolute when first read.
static CHOSEN: OnceLock<Option<PathBuf>> = OnceLock::new();

/// Chooses `dir` as the index directory of this process (the CLI's
/// `--index-dir`), made absolute against the current directory. Call it
/// before any index path is computed; a later call changes nothing, and
/// says so by returning `false`.
pub fn choose_index_dir(dir: &Path) -> bool {
    CHOSEN.set(Some(absolute(dir))).is_ok()
}

/// The index directory chosen outside the default place, if any.
pub fn chosen_index_dir() -> Option<&'static Path> {
    CHOSEN
        .get_or_init(|| {
            std::env::var_os(INDEX_DIR_ENV)
                .filter(|value| !value.is_empty())
                .map(|value| absolute(Path::new(&value)))
        })
        .as_deref()
}

/// The index directory of `root`: the chosen one, else `root/.plumb`.
pub fn index_dir(root: &Path) -> PathBuf {
    chosen_index_dir().map_or_else(|| root.join(INDEX_DIR), Path::to_owned)
}

/// The indexed root a command started in `start` works on: with a chosen
/// index directory, the root its index records; otherwise the nearest
/// directory from `start` upwards whose `.plumb/` holds an index. `None`
/// when there is no index.
pub fn indexed_root(start: &Path) -> Option<PathBuf> {
    if chosen_index_dir().is_some() {
        let store = crate::Store::open_read_only(&crate::Store::database_path(start)).ok()?;
        return store.meta("root").ok().flatten().map(PathBuf::from);
    }
    start
        .ancestors()
        .find(|dir| crate::Store::database_path(dir).is_file())
        .map(Path::to_owned)
}

/// `path` made absolute against the current directory, without resolving
/// links (a link is refused later, when the directory is created).
fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relative_choice_is_made_absolute() {
        let made = absolute(Path::new("idx"));
        assert!(made.is_absolute());
        assert!(made.ends_with("idx"));
    }
}
