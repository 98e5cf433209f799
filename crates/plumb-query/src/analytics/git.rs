//! The git repository around an indexed root, read through `gix` (no `git`
//! process): the blobs of a commit's tree or of the staging index, by
//! root-relative path, and the files and lines each commit of the history
//! changed.
//! A root below the repository's top is handled by a path prefix.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use gix::ObjectId;
use plumb_store::history::{ChangedLines, CommitRecord};

use crate::{Error, Result};

/// Most files a commit may change and still count for co-change. Chosen:
/// larger commits are mostly mechanical (renames, formatting, vendoring,
/// license headers) and would tie every file to every other.
pub const BULK_COMMIT_FILES: usize = 30;

/// Most commits read from the history in one run. Chosen: bounds the first
/// run on a long history (about a second per few thousand commits);
/// later runs read only commits not read before.
pub const MAX_COMMITS_READ: usize = 20_000;

/// Largest file (either side) whose changed lines are read. Chosen:
/// larger files are mostly generated or vendored, and a line diff of them
/// would cost more than the rest of the commit.
pub const MAX_DIFF_BYTES: usize = 1024 * 1024;

/// A file a commit changed: its root-relative path and its blob before
/// and after (absent when added or removed).
struct ChangedFile {
    path: String,
    old: Option<ObjectId>,
    new: Option<ObjectId>,
}

/// A git failure, as a query error.
fn git_error(what: &str, err: impl std::fmt::Display) -> Error {
    Error::Input(format!("git: {what}: {err}"))
}

/// The repository holding an indexed root.
pub struct Repo {
    repo: gix::Repository,
    /// The root's path below the repository's top, `/`-terminated (empty
    /// when the root is the top).
    prefix: String,
}

/// The blob ids of a set of files, by root-relative path.
pub type Blobs = HashMap<String, ObjectId>;

impl Repo {
    /// The repository holding `root`; an input error when there is none.
    pub fn open(root: &Path) -> Result<Repo> {
        let repo = gix::discover(root).map_err(|e| {
            Error::Input(format!(
                "{} is not inside a git repository ({e})",
                root.display()
            ))
        })?;
        let top = repo
            .workdir()
            .ok_or_else(|| Error::Input("the git repository has no work tree".into()))?;
        let top = top.canonicalize().unwrap_or_else(|_| top.to_owned());
        let root = root.canonicalize().unwrap_or_else(|_| root.to_owned());
        let prefix = match root.strip_prefix(&top) {
            Ok(below) if below.as_os_str().is_empty() => String::new(),
            Ok(below) => format!("{}/", below.to_string_lossy()),
            Err(_) => String::new(),
        };
        Ok(Repo { repo, prefix })
    }

    /// A repository-relative path as root-relative, if it is under the root.
    fn below_root<'a>(&self, path: &'a str) -> Option<&'a str> {
        path.strip_prefix(self.prefix.as_str())
    }

    /// The commit `rev` names (`HEAD`, a branch, a tag, an abbreviated id).
    fn commit(&self, rev: &str) -> Result<gix::Commit<'_>> {
        self.repo
            .rev_parse_single(rev)
            .map_err(|e| Error::Argument {
                argument: "base",
                message: format!("{rev:?} names no commit ({e})"),
            })?
            .object()
            .map_err(|e| git_error(rev, e))?
            .peel_to_commit()
            .map_err(|e| Error::Argument {
                argument: "base",
                message: format!("{rev:?} is not a commit ({e})"),
            })
    }

    /// Every file of the tree of the commit `rev` under the root.
    pub fn tree_blobs(&self, rev: &str) -> Result<Blobs> {
        let tree = self.commit(rev)?.tree_id().map_err(|e| git_error(rev, e))?;
        let mut blobs = Blobs::new();
        self.walk_tree(tree.detach(), "", &mut blobs)?;
        Ok(blobs)
    }

    fn walk_tree(&self, tree: ObjectId, dir: &str, out: &mut Blobs) -> Result<()> {
        let tree = self
            .repo
            .find_tree(tree)
            .map_err(|e| git_error("reading a tree", e))?;
        let decoded = tree.decode().map_err(|e| git_error("decoding a tree", e))?;
        for entry in &decoded.entries {
            let path = format!("{dir}{}", entry.filename);
            if entry.mode.is_tree() {
                // Only directories on the way to, or below, the root.
                let with_slash = format!("{path}/");
                if self.prefix.starts_with(&with_slash) || with_slash.starts_with(&self.prefix) {
                    self.walk_tree(entry.oid.to_owned(), &with_slash, out)?;
                }
            } else if entry.mode.is_blob()
                && let Some(relative) = self.below_root(&path)
            {
                out.insert(relative.to_owned(), entry.oid.to_owned());
            }
        }
        Ok(())
    }

    /// Every file of the staging index under the root.
    pub fn staged_blobs(&self) -> Result<Blobs> {
        let index = self
            .repo
            .index_or_empty()
            .map_err(|e| git_error("reading the staging index", e))?;
        let mut blobs = Blobs::new();
        for entry in index.entries() {
            let path = entry.path(&index).to_string();
            if let Some(relative) = self.below_root(&path) {
                blobs.insert(relative.to_owned(), entry.id);
            }
        }
        Ok(blobs)
    }

    /// The text of blob `id` (lossy UTF-8).
    pub fn blob_text(&self, id: ObjectId) -> Result<String> {
        let object = self
            .repo
            .find_object(id)
            .map_err(|e| git_error("reading a blob", e))?;
        Ok(String::from_utf8_lossy(&object.data).into_owned())
    }

    /// The blob id `data` would have.
    pub fn blob_id(&self, data: &[u8]) -> Result<ObjectId> {
        gix::objs::compute_hash(self.repo.object_hash(), gix::object::Kind::Blob, data)
            .map_err(|e| git_error("hashing a file", e))
    }

    /// The commits reachable from `HEAD` not in `known` (their ids in hex),
    /// newest first by walk order, at most [`MAX_COMMITS_READ`]; each with
    /// the files under the root it changed against its first parent (a
    /// merge's changes are its parents', so merges record none). Returns
    /// them and whether the walk stopped at the bound.
    pub fn new_commits(&self, known: &HashSet<String>) -> Result<(Vec<CommitRecord>, bool)> {
        let Ok(head) = self.repo.head_id() else {
            return Ok((Vec::new(), false));
        };
        let mut queue = std::collections::VecDeque::from([head.detach()]);
        let mut seen: HashSet<ObjectId> = HashSet::new();
        let mut records = Vec::new();
        while let Some(id) = queue.pop_front() {
            if !seen.insert(id) || known.contains(&id.to_string()) {
                continue;
            }
            if records.len() == MAX_COMMITS_READ {
                return Ok((records, true));
            }
            let commit = self
                .repo
                .find_commit(id)
                .map_err(|e| git_error("reading a commit", e))?;
            let parents: Vec<ObjectId> = commit.parent_ids().map(|p| p.detach()).collect();
            let time = commit.time().map_or(0, |t| t.seconds);
            let tree = commit
                .tree_id()
                .map_err(|e| git_error("reading a commit", e))?
                .detach();
            let mut files = Vec::new();
            if parents.len() <= 1 {
                let old = match parents.first() {
                    Some(parent) => Some(
                        self.repo
                            .find_commit(*parent)
                            .and_then(|c| Ok(c.tree_id()?.detach()))
                            .map_err(|e| git_error("reading a commit", e))?,
                    ),
                    None => None,
                };
                self.changed_files(old, Some(tree), "", &mut files)?;
            }
            let bulk = files.len() > BULK_COMMIT_FILES;
            let changed = files.len();
            if bulk {
                files.clear();
            }
            let mut lines = Vec::new();
            for file in &files {
                lines.extend(self.changed_lines(file)?);
            }
            records.push(CommitRecord {
                oid: id.to_string(),
                time,
                files: files.into_iter().map(|file| file.path).collect(),
                changed,
                bulk,
                lines,
            });
            queue.extend(parents);
        }
        Ok((records, false))
    }

    /// The runs of lines `file` changed, numbered in its new text; none
    /// when it was removed, or when either side is over [`MAX_DIFF_BYTES`].
    fn changed_lines(&self, file: &ChangedFile) -> Result<Vec<ChangedLines>> {
        let Some(new) = file.new else {
            return Ok(Vec::new());
        };
        let text = |id: Option<ObjectId>| -> Result<Option<String>> {
            let Some(id) = id else {
                return Ok(Some(String::new()));
            };
            let object = self
                .repo
                .find_object(id)
                .map_err(|e| git_error("reading a blob", e))?;
            Ok((object.data.len() <= MAX_DIFF_BYTES)
                .then(|| String::from_utf8_lossy(&object.data).into_owned()))
        };
        let (Some(old), Some(new)) = (text(file.old)?, text(Some(new))?) else {
            return Ok(Vec::new());
        };
        Ok(super::changes::diff_hunks(&file.path, &old, &new)
            .into_iter()
            .map(|hunk| ChangedLines {
                path: hunk.file,
                start: hunk.start,
                end: hunk.end,
            })
            .collect())
    }

    /// The files under the root that differ between two trees (either may
    /// be absent), appended to `out` with their blobs. Subtrees with
    /// equal ids are skipped whole; the walk stops early once a commit is
    /// bulk.
    fn changed_files(
        &self,
        old: Option<ObjectId>,
        new: Option<ObjectId>,
        dir: &str,
        out: &mut Vec<ChangedFile>,
    ) -> Result<()> {
        if old == new || out.len() > BULK_COMMIT_FILES {
            return Ok(());
        }
        let entries = |id: Option<ObjectId>| -> Result<HashMap<String, (bool, ObjectId)>> {
            let Some(id) = id else {
                return Ok(HashMap::new());
            };
            let tree = self
                .repo
                .find_tree(id)
                .map_err(|e| git_error("reading a tree", e))?;
            let decoded = tree.decode().map_err(|e| git_error("decoding a tree", e))?;
            Ok(decoded
                .entries
                .iter()
                .filter(|e| e.mode.is_tree() || e.mode.is_blob())
                .map(|e| (e.filename.to_string(), (e.mode.is_tree(), e.oid.to_owned())))
                .collect())
        };
        let before = entries(old)?;
        let after = entries(new)?;
        let mut names: Vec<&String> = before.keys().chain(after.keys()).collect();
        names.sort();
        names.dedup();
        for name in names {
            let (was, is) = (before.get(name), after.get(name));
            if was == is {
                continue;
            }
            let path = format!("{dir}{name}");
            let subtree = |side: Option<&(bool, ObjectId)>| side.filter(|(t, _)| *t).map(|e| e.1);
            let blob = |side: Option<&(bool, ObjectId)>| side.filter(|(t, _)| !*t).map(|e| e.1);
            let with_slash = format!("{path}/");
            if (subtree(was).is_some() || subtree(is).is_some())
                && (self.prefix.starts_with(&with_slash) || with_slash.starts_with(&self.prefix))
            {
                self.changed_files(subtree(was), subtree(is), &with_slash, out)?;
            }
            if (blob(was).is_some() || blob(is).is_some())
                && let Some(relative) = self.below_root(&path)
            {
                out.push(ChangedFile {
                    path: relative.to_owned(),
                    old: blob(was),
                    new: blob(is),
                });
            }
        }
        Ok(())
    }
}
