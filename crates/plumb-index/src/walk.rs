//! The bounded walk: which files of the tree are candidates for indexing,
//! and which were set aside and why. `.gitignore`, `.ignore` and
//! `.plumbignore` are honoured (ripgrep's semantics, via `ignore`); hidden
//! files and directories are skipped as ripgrep skips them. Symbolic links
//! are never followed: each one met is recorded as skipped with what it
//! points to, so nothing is indexed twice and nothing outside the root is
//! read.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, UNIX_EPOCH};

use plumb_lang::Language;
use plumb_store::model::FileStatus;

/// Bounds on one indexing run. Every bound that trips is reported per file.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Most files indexed; later ones are skipped as `skipped_limit`.
    pub max_files: usize,
    /// Largest file indexed, in bytes.
    pub max_file_bytes: u64,
    /// Most bytes indexed in total.
    pub max_total_bytes: u64,
    /// Deepest directory descended into (the root is depth 0).
    pub max_depth: usize,
    /// Longest a single file may take to parse.
    pub parse_timeout: Duration,
}

/// Chosen: several times the Linux kernel's ~75 000 source files, so only a
/// runaway tree (a vendored monorepo, a mounted home directory) trips it.
pub const DEFAULT_MAX_FILES: usize = 500_000;
/// Chosen: 2 MiB holds every hand-written source file we have met; larger
/// files are generated (amalgamations, bundles, lockfiles) and add noise.
pub const DEFAULT_MAX_FILE_BYTES: u64 = 2 * 1024 * 1024;
/// Chosen: 8 GiB, several times the Linux kernel tree (~1.4 GB of source).
pub const DEFAULT_MAX_TOTAL_BYTES: u64 = 8 * 1024 * 1024 * 1024;
/// Chosen: deeper than any real source layout; bounds pathological nesting.
pub const DEFAULT_MAX_DEPTH: usize = 64;
/// Chosen: tree-sitter parses ~1–10 MB/s in a debug build, so a 2 MiB file
/// parses well inside 10 s; a file that takes longer is pathological.
pub const DEFAULT_PARSE_TIMEOUT: Duration = Duration::from_secs(10);

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_files: DEFAULT_MAX_FILES,
            max_file_bytes: DEFAULT_MAX_FILE_BYTES,
            max_total_bytes: DEFAULT_MAX_TOTAL_BYTES,
            max_depth: DEFAULT_MAX_DEPTH,
            parse_timeout: DEFAULT_PARSE_TIMEOUT,
        }
    }
}

/// Name of plumb's own ignore file, read like `.gitignore`.
pub const IGNORE_FILE: &str = ".plumbignore";

/// A file to read, parse and extract.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// Path relative to the root, `/`-separated.
    pub rel: String,
    /// Absolute path.
    pub abs: PathBuf,
    /// Language by extension (`.h` by [`plumb_lang::header_language`]).
    pub language: Language,
    /// Size in bytes.
    pub size: u64,
    /// Modification time, nanoseconds since the epoch.
    pub mtime_ns: Option<i64>,
}

/// A path set aside, with why.
#[derive(Clone, Debug)]
pub struct Skipped {
    /// Path relative to the root, `/`-separated.
    pub rel: String,
    /// Language by extension, if known.
    pub language: Option<Language>,
    /// Size in bytes, when known.
    pub size: u64,
    /// Which bound or failure.
    pub status: FileStatus,
    /// The reason in words.
    pub reason: String,
}

/// What the walk found.
#[derive(Debug, Default)]
pub struct WalkOutcome {
    /// Files to index, sorted by path.
    pub candidates: Vec<Candidate>,
    /// Paths set aside, sorted by path.
    pub skipped: Vec<Skipped>,
}

/// Path of `path` relative to `root`, `/`-separated; bytes of a name that
/// are not UTF-8 are written `\xNN` ([`escaped`]), never replaced.
pub fn relative(root: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(root).unwrap_or(path);
    let parts: Vec<String> = rel.components().map(|c| escaped(c.as_os_str())).collect();
    parts.join("/")
}

/// `name` as text, each byte that is not part of valid UTF-8 written
/// `\xNN`: a name that is not UTF-8 is shown by its real bytes rather
/// than stored lossily under another name.
fn escaped(name: &std::ffi::OsStr) -> String {
    let mut out = String::new();
    for chunk in name.as_encoded_bytes().utf8_chunks() {
        out.push_str(chunk.valid());
        for byte in chunk.invalid() {
            out.push_str(&format!("\\x{byte:02x}"));
        }
    }
    out
}

/// Modification time of `meta` in nanoseconds since the epoch.
pub fn mtime_ns(meta: &std::fs::Metadata) -> Option<i64> {
    let since = meta.modified().ok()?.duration_since(UNIX_EPOCH).ok()?;
    i64::try_from(since.as_nanos()).ok()
}

/// Whether `path` (under the canonical `root`) is in the index directory
/// of `root` ([`plumb_store::index_dir`]), which is never indexed as
/// source, wherever it was chosen.
pub fn is_index_dir(root: &Path, path: &Path) -> bool {
    let index_dir = plumb_store::index_dir(root);
    let index_dir = index_dir.canonicalize().unwrap_or(index_dir);
    path.starts_with(index_dir)
}

/// Walks `root` (canonical) within `limits`.
pub fn walk(root: &Path, limits: &Limits) -> WalkOutcome {
    let skipped_dirs: Arc<Mutex<Vec<Skipped>>> = Arc::default();
    let mut builder = ignore::WalkBuilder::new(root);
    builder
        .follow_links(false)
        .hidden(true)
        .require_git(false)
        .add_custom_ignore_filename(IGNORE_FILE);
    {
        let skipped_dirs = Arc::clone(&skipped_dirs);
        let root = root.to_owned();
        let max_depth = limits.max_depth;
        builder.filter_entry(move |entry| {
            let is_dir = entry.file_type().is_some_and(|t| t.is_dir());
            if is_dir && is_index_dir(&root, entry.path()) {
                return false;
            }
            if is_dir && entry.depth() > max_depth {
                if let Ok(mut skipped) = skipped_dirs.lock() {
                    skipped.push(Skipped {
                        rel: relative(&root, entry.path()),
                        language: None,
                        size: 0,
                        status: FileStatus::SkippedLimit,
                        reason: format!("directory deeper than the depth bound ({max_depth})"),
                    });
                }
                return false;
            }
            true
        });
    }

    let mut outcome = WalkOutcome::default();
    let mut total_bytes = 0u64;
    for result in builder.build() {
        let entry = match result {
            Ok(entry) => entry,
            Err(err) => {
                outcome.skipped.push(walk_error(root, &err));
                continue;
            }
        };
        if entry.depth() == 0 {
            continue;
        }
        let path = entry.path();
        let rel = relative(root, path);
        let language = Language::from_path(path);
        if entry.path_is_symlink() {
            if let Some(skipped) = symlink(root, path, rel, language) {
                outcome.skipped.push(skipped);
            }
            continue;
        }
        if !entry.file_type().is_some_and(|t| t.is_file()) {
            continue;
        }
        let Some(language) = language else {
            continue;
        };
        if path
            .strip_prefix(root)
            .map_or(true, |r| r.to_str().is_none())
        {
            outcome.skipped.push(Skipped {
                rel,
                language: Some(language),
                size: 0,
                status: FileStatus::SkippedEncoding,
                reason: "file name is not valid UTF-8 (its bytes shown as \\xNN)".to_owned(),
            });
            continue;
        }
        let meta = match entry.metadata() {
            Ok(meta) => meta,
            Err(err) => {
                outcome.skipped.push(Skipped {
                    rel,
                    language: Some(language),
                    size: 0,
                    status: FileStatus::Unreadable,
                    reason: err.to_string(),
                });
                continue;
            }
        };
        let size = meta.len();
        let mut skip = |status, reason: String| {
            outcome.skipped.push(Skipped {
                rel: rel.clone(),
                language: Some(language),
                size,
                status,
                reason,
            });
        };
        if size > limits.max_file_bytes {
            skip(
                FileStatus::SkippedSize,
                format!(
                    "{size} bytes, over the per-file bound of {} bytes",
                    limits.max_file_bytes
                ),
            );
        } else if outcome.candidates.len() >= limits.max_files {
            skip(
                FileStatus::SkippedLimit,
                format!("over the file-count bound ({})", limits.max_files),
            );
        } else if total_bytes + size > limits.max_total_bytes {
            skip(
                FileStatus::SkippedLimit,
                format!(
                    "over the total-bytes bound ({} bytes)",
                    limits.max_total_bytes
                ),
            );
        } else {
            total_bytes += size;
            outcome.candidates.push(Candidate {
                rel,
                abs: path.to_owned(),
                language,
                size,
                mtime_ns: mtime_ns(&meta),
            });
        }
    }
    if let Ok(mut dirs) = skipped_dirs.lock() {
        outcome.skipped.append(&mut dirs);
    }
    let headers = plumb_lang::header_language(
        outcome
            .candidates
            .iter()
            .map(|c| Path::new(&c.rel))
            .chain(outcome.skipped.iter().map(|s| Path::new(&s.rel))),
    );
    let is_header = |rel: &str| Path::new(rel).extension().is_some_and(|e| e == "h");
    for candidate in &mut outcome.candidates {
        if is_header(&candidate.rel) {
            candidate.language = headers;
        }
    }
    for skipped in &mut outcome.skipped {
        if skipped.language.is_some() && is_header(&skipped.rel) {
            skipped.language = Some(headers);
        }
    }
    outcome.candidates.sort_by(|a, b| a.rel.cmp(&b.rel));
    outcome.skipped.sort_by(|a, b| a.rel.cmp(&b.rel));
    outcome
}

/// Classifies a symbolic link. Links to directories and to files of a known
/// language are recorded: as an alias when the target lies inside the root
/// (indexed at its own path, a loop back to an ancestor included), else as
/// skipped; others are not source and are not reported.
fn symlink(root: &Path, path: &Path, rel: String, language: Option<Language>) -> Option<Skipped> {
    let record = |status: FileStatus, reason: String| Skipped {
        rel: rel.clone(),
        language,
        size: 0,
        status,
        reason,
    };
    let target = match std::fs::canonicalize(path) {
        Ok(target) => target,
        Err(err) => {
            return language.map(|_| {
                record(
                    FileStatus::SkippedLink,
                    format!("symbolic link that cannot be resolved: {err}"),
                )
            });
        }
    };
    let is_dir = target.is_dir();
    if !is_dir && language.is_none() {
        return None;
    }
    if !target.starts_with(root) {
        return Some(record(
            FileStatus::SkippedLink,
            format!(
                "symbolic link to {}, outside the indexed root",
                target.display()
            ),
        ));
    }
    let parent = path.parent().and_then(|p| std::fs::canonicalize(p).ok());
    let reason = if is_dir && parent.is_some_and(|p| p.starts_with(&target)) {
        format!(
            "symbolic link loop: points to ancestor directory {}",
            display_target(root, &target)
        )
    } else {
        format!(
            "symbolic link to {}, indexed at its own path",
            display_target(root, &target)
        )
    };
    Some(record(FileStatus::Alias, reason))
}

fn display_target(root: &Path, target: &Path) -> String {
    let rel = relative(root, target);
    if rel.is_empty() { ".".to_owned() } else { rel }
}

/// A walk error as a skipped entry: loops as links, the rest as unreadable.
fn walk_error(root: &Path, err: &ignore::Error) -> Skipped {
    let mut path = None;
    let mut current = err;
    loop {
        match current {
            ignore::Error::WithPath { path: p, err } => {
                path = Some(p.clone());
                current = err;
            }
            ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
                current = err
            }
            _ => break,
        }
    }
    let rel = path.map_or_else(|| "?".to_owned(), |p| relative(root, &p));
    let (status, reason) = match current {
        ignore::Error::Loop { ancestor, .. } => (
            if ancestor.starts_with(root) {
                FileStatus::Alias
            } else {
                FileStatus::SkippedLink
            },
            format!("symbolic link loop back to {}", relative(root, ancestor)),
        ),
        other => (FileStatus::Unreadable, other.to_string()),
    };
    Skipped {
        rel,
        language: None,
        size: 0,
        status,
        reason,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn h_headers_follow_the_tree() {
        let languages = |files: &[&str]| {
            let dir = tempfile::tempdir().unwrap();
            let root = std::fs::canonicalize(dir.path()).unwrap();
            for file in files {
                std::fs::write(root.join(file), "int x;\n").unwrap();
            }
            walk(&root, &Limits::default())
                .candidates
                .into_iter()
                .map(|c| (c.rel, c.language.name()))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            languages(&["a.h", "b.cpp"]),
            vec![("a.h".to_owned(), "cpp"), ("b.cpp".to_owned(), "cpp")]
        );
        assert_eq!(
            languages(&["a.h", "b.cpp", "c.c"]),
            vec![
                ("a.h".to_owned(), "c"),
                ("b.cpp".to_owned(), "cpp"),
                ("c.c".to_owned(), "c")
            ]
        );
    }

    #[test]
    fn walk_honours_ignore_files_bounds_and_links() {
        let dir = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(dir.path()).unwrap();
        std::fs::create_dir_all(root.join("pkg/deep")).unwrap();
        std::fs::write(root.join("a.py"), "x = 1\n").unwrap();
        std::fs::write(root.join("big.py"), "x = 1\n".repeat(100)).unwrap();
        std::fs::write(root.join("notes.txt"), "not source").unwrap();
        std::fs::write(root.join("pkg/gen.py"), "x = 1\n").unwrap();
        std::fs::write(root.join("pkg/deep/too_deep.py"), "x = 1\n").unwrap();
        std::fs::write(root.join(".plumbignore"), "gen.py\n").unwrap();
        std::os::unix::fs::symlink(&root, root.join("pkg/loop")).unwrap();
        std::os::unix::fs::symlink(root.join("a.py"), root.join("alias.py")).unwrap();
        let limits = Limits {
            max_file_bytes: 100,
            max_depth: 1,
            ..Limits::default()
        };
        let outcome = walk(&root, &limits);
        let candidates: Vec<_> = outcome.candidates.iter().map(|c| c.rel.as_str()).collect();
        assert_eq!(candidates, vec!["a.py"]);
        let skipped: Vec<_> = outcome
            .skipped
            .iter()
            .map(|s| (s.rel.as_str(), s.status))
            .collect();
        assert_eq!(
            skipped,
            vec![
                ("alias.py", FileStatus::Alias),
                ("big.py", FileStatus::SkippedSize),
                ("pkg/deep", FileStatus::SkippedLimit),
                ("pkg/loop", FileStatus::Alias),
            ]
        );
        assert!(
            outcome.skipped[3].reason.contains("loop"),
            "{}",
            outcome.skipped[3].reason
        );
    }
}
