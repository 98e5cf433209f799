//! Structural search over a tree of files: the parallel walk (the
//! indexer's ignore rules: `.gitignore`, `.ignore`, `.plumbignore`, hidden
//! files skipped, links not followed; the files sorted after it, so that
//! the output order does not depend on the threads), the literal prefilter
//! (`prefilter.rs`, before any parse), and the parallel parse and match,
//! with optional rewriting of each file that matches.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use ast_grep_core::replacer::TemplateFix;
use plumb_lang::Language;
use rayon::prelude::*;

use crate::error::StructError;
use crate::matching::{Match, describe, matches_in, parse};
use crate::pattern::StructPattern;
use crate::prefilter::Prefilter;

/// Files larger than this are not searched. The indexer's default bound
/// (`plumb_index::walk::DEFAULT_MAX_FILE_BYTES`, 2 MiB), so that grep reads
/// the files the index reads.
pub const MAX_FILE_BYTES: u64 = 2 * 1024 * 1024;

/// How long one file's parse may take. The indexer's default parse timeout.
pub const PARSE_TIMEOUT: Duration = Duration::from_secs(10);

/// The `.plumbignore` file the indexer reads too.
const IGNORE_FILE: &str = ".plumbignore";

/// What to search.
#[derive(Clone, Debug, Default)]
pub struct Scope {
    /// Only files of this language, and the pattern read as it (`--lang`).
    pub language: Option<Language>,
    /// Files and directories to search, absolute and inside the root;
    /// empty: the whole root.
    pub paths: Vec<PathBuf>,
}

/// The matches of one file.
#[derive(Clone, Debug)]
pub struct FileMatches {
    /// Path relative to the root, `/`-separated.
    pub file: String,
    /// The file's language.
    pub language: Language,
    /// Its matches, in document order.
    pub matches: Vec<Match>,
    /// The file's text after the rewrite (only when rewriting).
    pub rewritten: Option<String>,
    /// The file's text as it was read.
    pub original: String,
}

/// A search's outcome.
#[derive(Clone, Debug, Default)]
pub struct Found {
    /// Files with at least one match, sorted by path.
    pub files: Vec<FileMatches>,
    /// Whether every candidate file was read (none skipped as binary,
    /// oversized, not UTF-8 or too slow to parse, no language's pattern
    /// refused).
    pub complete: bool,
    /// What was searched and skipped, in words.
    pub notes: Vec<String>,
}

impl Found {
    /// The number of matches.
    pub fn match_count(&self) -> usize {
        self.files.iter().map(|f| f.matches.len()).sum()
    }
}

/// `paths` (relative to `cwd`, or absolute) as absolute paths inside the
/// canonical `root`; refuses one that does not exist or lies outside.
pub fn confine_paths(
    root: &Path,
    cwd: &Path,
    paths: &[PathBuf],
) -> Result<Vec<PathBuf>, StructError> {
    paths
        .iter()
        .map(|path| {
            let joined = cwd.join(path);
            let canonical = joined
                .canonicalize()
                .map_err(|_| StructError::NoSuchPath(path.clone()))?;
            if canonical.starts_with(root) {
                Ok(canonical)
            } else {
                Err(StructError::OutsideRoot(path.clone()))
            }
        })
        .collect()
}

/// Searches `root` (canonical) for `pattern` within `scope`; with a
/// `template`, also rewrites each matching file (matches nested in an
/// earlier match are left as they are).
pub fn search(
    root: &Path,
    pattern: &str,
    template: Option<&str>,
    scope: &Scope,
) -> Result<Found, StructError> {
    let (candidates, explicit) = candidates(root, scope)?;
    let mut by_language: BTreeMap<Language, Vec<&PathBuf>> = BTreeMap::new();
    for (path, language) in &candidates {
        by_language.entry(*language).or_default().push(path);
    }
    let mut compiled: BTreeMap<Language, Compiled> = BTreeMap::new();
    let mut refused = Vec::new();
    let mut notes = Vec::new();
    let languages: Vec<Language> = match scope.language {
        Some(language) => vec![language],
        None => by_language.keys().copied().collect(),
    };
    for language in languages {
        match compile(pattern, template, language) {
            Ok((pattern, fix)) => {
                let prefilter = Prefilter::new(&pattern);
                compiled.insert(
                    language,
                    Compiled {
                        pattern,
                        fix,
                        prefilter,
                    },
                );
            }
            Err(StructError::Unparsable { .. }) if scope.language.is_none() => {
                refused.push(language)
            }
            Err(err) => return Err(err),
        }
    }
    if compiled.is_empty() && !refused.is_empty() {
        let names: Vec<&str> = refused.iter().map(|l| l.name()).collect();
        return Err(StructError::Unparsable {
            language: names.join(", "),
            pattern: pattern.trim().to_owned(),
        });
    }
    let mut complete = true;
    for language in &refused {
        let skipped = by_language.get(language).map_or(0, Vec::len);
        complete = false;
        notes.push(format!(
            "the pattern does not parse as {}: its {skipped} file(s) were not searched (name one language to search only its files)",
            language.name()
        ));
    }

    let outcomes: Vec<Outcome> = candidates
        .par_iter()
        .filter_map(|(path, language)| {
            let compiled = compiled.get(language)?;
            Some(search_file(root, path, compiled, explicit.contains(path)))
        })
        .collect::<Result<Vec<_>, _>>()?;

    let mut files = Vec::new();
    let (mut read, mut filtered, mut skipped) = (0usize, 0usize, Vec::new());
    for outcome in outcomes {
        match outcome {
            Outcome::Filtered => filtered += 1,
            Outcome::Skipped(why) => skipped.push(why),
            Outcome::Searched(found) => {
                read += 1;
                if let Some(found) = found {
                    files.push(found);
                }
            }
        }
    }
    files.sort_by(|a, b| a.file.cmp(&b.file));
    let mut literals: Vec<String> = compiled
        .values()
        .filter(|c| !c.prefilter.is_empty())
        .map(|c| {
            let each: Vec<String> = c
                .pattern
                .literals()
                .iter()
                .map(|l| format!("`{l}`"))
                .collect();
            each.join(" and ")
        })
        .collect();
    literals.sort();
    literals.dedup();
    if literals.is_empty() {
        notes.push(format!(
            "parsed {read} file(s): the pattern has no literal name to prefilter by"
        ));
    } else {
        literals_note(&mut notes, read, filtered, &literals);
    }
    if !skipped.is_empty() {
        complete = false;
        let shown: Vec<&str> = skipped.iter().take(5).map(String::as_str).collect();
        notes.push(format!(
            "{} file(s) not searched: {}{}",
            skipped.len(),
            shown.join("; "),
            if skipped.len() > shown.len() {
                "; …"
            } else {
                ""
            }
        ));
    }
    Ok(Found {
        files,
        complete,
        notes,
    })
}

fn literals_note(notes: &mut Vec<String>, read: usize, filtered: usize, literals: &[String]) {
    notes.push(format!(
        "parsed {read} of {} candidate file(s): the others do not contain {} (a byte search before parsing, words as whole words)",
        read + filtered,
        literals.join(" / ")
    ));
}

/// The pattern and the template compiled for `language`.
pub fn compile(
    pattern: &str,
    template: Option<&str>,
    language: Language,
) -> Result<(StructPattern, Option<TemplateFix>), StructError> {
    let compiled = StructPattern::compile(pattern, language)?;
    let fix = match template {
        None => None,
        Some(template) => {
            let fix = TemplateFix::try_new(template, &compiled.grammar()).map_err(|e| {
                StructError::Unparsable {
                    language: language.name().to_owned(),
                    pattern: e.to_string(),
                }
            })?;
            let mut used: Vec<&str> = fix.used_vars().into_iter().collect();
            used.sort_unstable();
            if let Some(undefined) = used
                .into_iter()
                .find(|v| !compiled.variables().iter().any(|d| d == v))
            {
                return Err(StructError::UndefinedVariable(undefined.to_owned()));
            }
            Some(fix)
        }
    };
    Ok((compiled, fix))
}

/// What one language's files are searched with.
struct Compiled {
    pattern: StructPattern,
    fix: Option<TemplateFix>,
    prefilter: Prefilter,
}

enum Outcome {
    /// The literal is not in the file: not parsed.
    Filtered,
    /// Not searched, and why.
    Skipped(String),
    /// Parsed; its matches if any.
    Searched(Option<FileMatches>),
}

fn search_file(
    root: &Path,
    path: &Path,
    compiled: &Compiled,
    explicit: bool,
) -> Result<Outcome, StructError> {
    let (pattern, fix) = (&compiled.pattern, compiled.fix.as_ref());
    let rel = relative(root, path);
    let skip = |reason: String| {
        if explicit {
            Err(StructError::Unsearchable {
                path: PathBuf::from(&rel),
                reason,
            })
        } else {
            Ok(Outcome::Skipped(format!("{rel} ({reason})")))
        }
    };
    let size = match std::fs::metadata(path) {
        Ok(meta) => meta.len(),
        Err(err) => return skip(format!("unreadable: {err}")),
    };
    if size > MAX_FILE_BYTES {
        return skip(format!(
            "{size} bytes, over the {MAX_FILE_BYTES}-byte bound"
        ));
    }
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(err) => return skip(format!("unreadable: {err}")),
    };
    if !compiled.prefilter.admits(&bytes) {
        return Ok(Outcome::Filtered);
    }
    if memchr::memchr(0, &bytes).is_some() {
        return skip("binary (contains a NUL byte)".to_owned());
    }
    let Ok(source) = String::from_utf8(bytes) else {
        return skip("not UTF-8".to_owned());
    };
    let parsed = match parse(pattern, source, PARSE_TIMEOUT) {
        Ok(parsed) => parsed,
        Err(err) => return skip(err.to_string()),
    };
    let source = parsed.get_text();
    let found = matches_in(pattern, &parsed);
    if found.is_empty() {
        return Ok(Outcome::Searched(None));
    }
    let matches: Vec<Match> = found.iter().map(|m| describe(pattern, m, source)).collect();
    let ending = plumb_edit::line_ending(source.as_bytes());
    let rewritten = fix.map(|fix| {
        let mut out = String::with_capacity(source.len());
        let mut done = 0usize;
        for one in &found {
            let edit = one.make_edit(pattern.pattern(), fix);
            if edit.position < done {
                continue;
            }
            out.push_str(source.get(done..edit.position).unwrap_or_default());
            let inserted = String::from_utf8_lossy(&edit.inserted_text);
            let inserted = with_tab_indent(&inserted, line_indent(source, edit.position));
            out.push_str(&ending.apply(&inserted));
            done = edit.position + edit.deleted_length;
        }
        out.push_str(source.get(done..).unwrap_or_default());
        out
    });
    Ok(Outcome::Searched(Some(FileMatches {
        file: rel,
        language: pattern.language(),
        matches,
        rewritten,
        original: source.to_owned(),
    })))
}

/// The blanks that start the line holding byte `at` of `source`.
fn line_indent(source: &str, at: usize) -> &str {
    let start = source
        .get(..at)
        .and_then(|before| before.rfind('\n'))
        .map_or(0, |i| i + 1);
    let line = source.get(start..at).unwrap_or_default();
    let blanks = line.len() - line.trim_start_matches([' ', '\t']).len();
    &line[..blanks]
}

/// `text` with `indent` before each line after the first, when `indent`
/// holds a tab: ast-grep-core indents a template's lines by the site's
/// leading spaces only (a tab counts as no indentation there).
fn with_tab_indent<'t>(text: &'t str, indent: &str) -> std::borrow::Cow<'t, str> {
    if !indent.contains('\t') || !text.contains('\n') {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + indent.len() * 4);
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
            if !line.is_empty() {
                out.push_str(indent);
            }
        }
        out.push_str(line);
    }
    std::borrow::Cow::Owned(out)
}

/// `path` relative to `root`, `/`-separated.
fn relative(root: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(root).unwrap_or(path);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// The files of a known language under `builder`'s roots, walked on
/// several threads (in no particular order: the caller sorts them).
fn walk_parallel(builder: &ignore::WalkBuilder) -> Vec<PathBuf> {
    let found = Mutex::new(Vec::new());
    builder.build_parallel().run(|| {
        let found = &found;
        Box::new(move |entry| {
            if let Ok(entry) = entry
                && entry.file_type().is_some_and(|t| t.is_file())
                && Language::from_path(entry.path()).is_some()
            {
                found
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push(entry.into_path());
            }
            ignore::WalkState::Continue
        })
    });
    found.into_inner().unwrap_or_else(PoisonError::into_inner)
}

/// The files to search with their languages.
type Candidates = Vec<(PathBuf, Language)>;

/// The files to search with their languages, and those named explicitly.
fn candidates(root: &Path, scope: &Scope) -> Result<(Candidates, Vec<PathBuf>), StructError> {
    let starts: Vec<PathBuf> = if scope.paths.is_empty() {
        vec![root.to_owned()]
    } else {
        scope.paths.clone()
    };
    let mut explicit = Vec::new();
    let mut files: Vec<PathBuf> = Vec::new();
    for start in &starts {
        if start.is_file() {
            explicit.push(start.clone());
            files.push(start.clone());
            continue;
        }
        let mut builder = ignore::WalkBuilder::new(start);
        builder
            .follow_links(false)
            .hidden(true)
            .require_git(false)
            .add_custom_ignore_filename(IGNORE_FILE);
        files.extend(walk_parallel(&builder));
    }
    files.sort();
    files.dedup();
    let headers = plumb_lang::header_language(files.iter().map(PathBuf::as_path));
    let mut out = Vec::with_capacity(files.len());
    for path in files {
        let language = match Language::from_path(&path) {
            Some(Language::C) if path.extension().is_some_and(|e| e == "h") => Some(headers),
            other => other,
        };
        let language = match (language, scope.language) {
            (Some(found), Some(wanted)) if found == wanted => Some(wanted),
            (_, Some(wanted)) if explicit.contains(&path) => Some(wanted),
            (_, Some(_)) => None,
            (found, None) => found,
        };
        match language {
            Some(language) => out.push((path, language)),
            None if explicit.contains(&path) => {
                return Err(StructError::Unsearchable {
                    path: PathBuf::from(relative(root, &path)),
                    reason: "no known language for its extension (pass --lang)".to_owned(),
                });
            }
            None => {}
        }
    }
    Ok((out, explicit))
}
