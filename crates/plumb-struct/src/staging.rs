//! Staged changes: a rewrite's result kept under `.plumb/staged/<id>.json`
//! until it is applied or discarded, with each file's content hash as it
//! was read, so that an apply can refuse a file that changed since. A
//! change expires after [`EXPIRY`] and is bounded by [`MAX_STAGED_BYTES`].
//! Applying writes the files through plumb-edit, all or nothing.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::error::StructError;
use crate::search::Found;

/// How long a staged change is kept. Chosen: the "say a day"; a
/// change older than this was made against a tree that has likely moved.
pub const EXPIRY: Duration = Duration::from_secs(24 * 60 * 60);

/// The largest staged change, counting every file's new content and the
/// diff. Chosen: far above a rewrite an agent reviews (the MCP response
/// budget shows a few KB of it), small enough that `.plumb/` stays small.
pub const MAX_STAGED_BYTES: usize = 64 * 1024 * 1024;

/// The directory of staged changes inside it.
const STAGED_DIR: &str = "staged";

/// One file of a staged change.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StagedFile {
    /// Path relative to the root, `/`-separated.
    pub file: String,
    /// Sites rewritten in it.
    pub sites: usize,
    /// Its content hash when it was read (plumb-edit's `content_hash`).
    pub expected: String,
    /// Its new content.
    pub content: String,
}

/// A staged change.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Staged {
    /// The change id.
    pub id: String,
    /// When it was staged (seconds since the Unix epoch).
    pub created: u64,
    /// The pattern.
    pub pattern: String,
    /// The template.
    pub template: String,
    /// The files it changes.
    pub files: Vec<StagedFile>,
    /// The unified diff of the whole change.
    pub diff: String,
}

impl Staged {
    /// The number of sites rewritten.
    pub fn sites(&self) -> usize {
        self.files.iter().map(|f| f.sites).sum()
    }

    /// Whether it is older than [`EXPIRY`] at `now` (seconds since the epoch).
    pub fn expired(&self, now: u64) -> bool {
        now.saturating_sub(self.created) > EXPIRY.as_secs()
    }
}

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> StructError + '_ {
    move |source| StructError::Io {
        path: path.to_owned(),
        source,
    }
}

/// Fails if `path` is a symbolic link (a repository can ship `.plumb` as
/// one, pointing anywhere).
fn refuse_link(path: &Path) -> Result<(), StructError> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => Err(StructError::Io {
            path: path.to_owned(),
            source: std::io::Error::other("is a symbolic link; plumb does not write through one"),
        }),
        _ => Ok(()),
    }
}

/// `staged/` in the index directory of `root` ([`plumb_store::index_dir`]),
/// created, with the index directory, if needed.
fn staged_dir(root: &Path, create: bool) -> Result<PathBuf, StructError> {
    let index_dir = plumb_store::index_dir(root);
    let dir = index_dir.join(STAGED_DIR);
    refuse_link(&index_dir)?;
    refuse_link(&dir)?;
    if create && !dir.is_dir() {
        plumb_store::create_index_dir(root).map_err(|err| StructError::Io {
            path: index_dir.clone(),
            source: std::io::Error::other(err.to_string()),
        })?;
        std::fs::create_dir_all(&dir).map_err(io(&dir))?;
    }
    Ok(dir)
}

/// A change id: hex of a hash of the change and the time, 12 digits.
fn change_id(pattern: &str, template: &str, created: u64) -> String {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let seed = format!(
        "{pattern}\0{template}\0{created}\0{nanos}\0{}",
        std::process::id()
    );
    plumb_edit::content_hash(seed.as_bytes())[..12].to_owned()
}

/// An id as given by a user: 12 lowercase hex digits, or refused (it
/// becomes a file name).
fn checked_id(id: &str) -> Result<&str, StructError> {
    if id.len() == 12
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    {
        Ok(id)
    } else {
        Err(StructError::UnknownChange(id.to_owned()))
    }
}

/// The unified diff of one file's change, with `a/` and `b/` headers.
pub fn file_diff(file: &str, old: &str, new: &str) -> String {
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{file}"), &format!("b/{file}"))
        .to_string()
}

/// Stages the rewrite `found` (every file with its rewritten text) of
/// `pattern` into `template` under `root`'s `.plumb/staged/`, after
/// dropping expired changes. Writes no source file.
pub fn stage(
    root: &Path,
    pattern: &str,
    template: &str,
    found: &Found,
) -> Result<Staged, StructError> {
    let created = now();
    let mut files = Vec::new();
    let mut diff = String::new();
    for file in &found.files {
        let Some(new) = &file.rewritten else { continue };
        if *new == file.original {
            continue;
        }
        diff.push_str(&file_diff(&file.file, &file.original, new));
        files.push(StagedFile {
            file: file.file.clone(),
            sites: file.matches.len(),
            expected: plumb_edit::content_hash(file.original.as_bytes()),
            content: new.clone(),
        });
    }
    let bytes = diff.len() + files.iter().map(|f| f.content.len()).sum::<usize>();
    if bytes > MAX_STAGED_BYTES {
        return Err(StructError::TooLarge {
            bytes,
            limit: MAX_STAGED_BYTES,
        });
    }
    let staged = Staged {
        id: change_id(pattern, template, created),
        created,
        pattern: pattern.to_owned(),
        template: template.to_owned(),
        files,
        diff,
    };
    let dir = staged_dir(root, true)?;
    prune(&dir)?;
    let path = dir.join(format!("{}.json", staged.id));
    let temporary = dir.join(format!(".{}.json.tmp", staged.id));
    let json = serde_json::to_vec(&staged).map_err(|e| StructError::Corrupt {
        path: path.clone(),
        reason: e.to_string(),
    })?;
    refuse_link(&temporary)?;
    std::fs::write(&temporary, json).map_err(io(&temporary))?;
    std::fs::rename(&temporary, &path).map_err(io(&path))?;
    Ok(staged)
}

/// Removes the expired changes in `dir`.
fn prune(dir: &Path) -> Result<(), StructError> {
    let now = now();
    for staged in read_all(dir)? {
        if staged.expired(now) {
            let path = dir.join(format!("{}.json", staged.id));
            std::fs::remove_file(&path).map_err(io(&path))?;
        }
    }
    Ok(())
}

fn read_record(path: &Path) -> Result<Staged, StructError> {
    refuse_link(path)?;
    let bytes = std::fs::read(path).map_err(io(path))?;
    serde_json::from_slice(&bytes).map_err(|e| StructError::Corrupt {
        path: path.to_owned(),
        reason: e.to_string(),
    })
}

fn read_all(dir: &Path) -> Result<Vec<Staged>, StructError> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(err) => return Err(io(dir)(err)),
    };
    let mut out = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        let is_record = path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.ends_with(".json") && !n.starts_with('.'));
        if is_record {
            out.push(read_record(&path)?);
        }
    }
    out.sort_by(|a, b| a.created.cmp(&b.created).then_with(|| a.id.cmp(&b.id)));
    Ok(out)
}

/// The pending (unexpired) changes of `root`, oldest first.
pub fn list(root: &Path) -> Result<Vec<Staged>, StructError> {
    let dir = staged_dir(root, false)?;
    let now = now();
    Ok(read_all(&dir)?
        .into_iter()
        .filter(|s| !s.expired(now))
        .collect())
}

/// The pending change `id` of `root`.
pub fn load(root: &Path, id: &str) -> Result<Staged, StructError> {
    let id = checked_id(id)?;
    let path = staged_dir(root, false)?.join(format!("{id}.json"));
    if !path.exists() {
        return Err(StructError::UnknownChange(id.to_owned()));
    }
    let staged = read_record(&path)?;
    if staged.expired(now()) {
        std::fs::remove_file(&path).map_err(io(&path))?;
        return Err(StructError::UnknownChange(id.to_owned()));
    }
    Ok(staged)
}

/// Drops the pending change `id` of `root`.
pub fn discard(root: &Path, id: &str) -> Result<Staged, StructError> {
    let staged = load(root, id)?;
    let path = staged_dir(root, false)?.join(format!("{}.json", staged.id));
    std::fs::remove_file(&path).map_err(io(&path))?;
    Ok(staged)
}

/// Writes the pending change `id` of `root` through plumb-edit: every file
/// is checked against the hash recorded when it was staged, and if any
/// changed since, nothing is written ([`StructError::Edit`] with
/// `EditError::Changed`, naming them) and the change stays staged. Once
/// written, the change is dropped.
pub fn apply(root: &Path, id: &str) -> Result<(Staged, plumb_edit::Applied), StructError> {
    let staged = load(root, id)?;
    let changes = staged
        .files
        .iter()
        .map(|file| {
            Ok(plumb_edit::FileChange {
                path: plumb_edit::confine(root, Path::new(&file.file))?,
                expected: Some(file.expected.clone()),
                content: file.content.clone().into_bytes(),
            })
        })
        .collect::<Result<Vec<_>, plumb_edit::EditError>>()?;
    let applied = plumb_edit::apply(root, &changes)?;
    let path = staged_dir(root, false)?.join(format!("{}.json", staged.id));
    std::fs::remove_file(&path).map_err(io(&path))?;
    Ok((staged, applied))
}

/// Finishes or undoes an apply a crash interrupted under `root`
/// (plumb-edit's recovery), so that a rewrite is never staged from a
/// half-written tree; what it did, in words, if anything.
pub fn recover(root: &Path) -> Result<Option<String>, StructError> {
    let recovered = plumb_edit::recover(root)?;
    Ok((!recovered.is_empty()).then(|| recovered_note(&recovered)))
}

/// What a recovery did, in words.
pub fn recovered_note(recovered: &plumb_edit::Recovered) -> String {
    format!(
        "an earlier apply interrupted by a crash was recovered first (rolled back: {}; completed: {})",
        recovered.rolled_back.join(", "),
        recovered.completed.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Scope, search};

    fn staged_in(root: &Path) -> Staged {
        std::fs::write(root.join("a.py"), "print(1)\n").unwrap();
        let found = search(root, "print($A)", Some("log($A)"), &Scope::default()).unwrap();
        stage(root, "print($A)", "log($A)", &found).unwrap()
    }

    #[test]
    fn a_staged_change_is_listed_until_it_expires() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        let staged = staged_in(&root);
        assert_eq!(staged.sites(), 1);
        assert_eq!(
            std::fs::read_to_string(root.join("a.py")).unwrap(),
            "print(1)\n"
        );
        assert_eq!(list(&root).unwrap().len(), 1);
        let record = root
            .join(".plumb/staged")
            .join(format!("{}.json", staged.id));
        let mut old = staged.clone();
        old.created -= EXPIRY.as_secs() + 1;
        std::fs::write(&record, serde_json::to_vec(&old).unwrap()).unwrap();
        assert!(list(&root).unwrap().is_empty());
        assert!(matches!(
            load(&root, &staged.id),
            Err(StructError::UnknownChange(_))
        ));
        assert!(!record.exists(), "an expired change is dropped when read");
    }

    #[test]
    fn an_id_that_is_not_twelve_hex_digits_names_no_change() {
        let dir = tempfile::tempdir().unwrap();
        for id in ["../../etc/passwd", "ABCDEF012345", "0123", ""] {
            assert!(
                matches!(load(dir.path(), id), Err(StructError::UnknownChange(_))),
                "{id}"
            );
        }
    }

    #[test]
    fn apply_writes_the_change_and_drops_it() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        let staged = staged_in(&root);
        let (applied, _) = apply(&root, &staged.id).unwrap();
        assert_eq!(applied.id, staged.id);
        assert_eq!(
            std::fs::read_to_string(root.join("a.py")).unwrap(),
            "log(1)\n"
        );
        assert!(list(&root).unwrap().is_empty());
    }
}
