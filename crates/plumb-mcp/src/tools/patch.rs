//! Unified diffs for `apply_patch`, parsed by `diffy` (its `PatchSet`
//! reads plain and git-style diffs over several files): each file's new
//! content, computed in memory from its current content. Creating and
//! modifying files is supported; deleting, renaming, copying and binary
//! patches are refused with a message.

use diffy::patch_set::{FileOperation, ParseOptions, PatchKind, PatchSet};

/// One file a patch changes.
pub(crate) struct FilePatch<'a> {
    /// The path, with git's `a/` and `b/` prefixes stripped.
    pub path: String,
    /// Whether the patch creates the file (`--- /dev/null`).
    pub creates: bool,
    patch: diffy::Patch<'a, str>,
}

impl FilePatch<'_> {
    /// The file's content after the patch, from `current` (LF line breaks).
    pub fn apply(&self, current: &str) -> Result<String, String> {
        diffy::apply(current, &self.patch)
            .map_err(|err| format!("the patch does not apply to {}: {err}", self.path))
    }
}

/// The files of `text` (LF line breaks: see [`lf`]), in order; an error
/// says what cannot be applied.
pub(crate) fn parse(text: &str) -> Result<Vec<FilePatch<'_>>, String> {
    let mut files = Vec::new();
    // diffy reads `git diff` output only as such, and plain diffs only as
    // plain ones.
    let git = text.starts_with("diff --git ") || text.contains("\ndiff --git ");
    let options = if git {
        ParseOptions::gitdiff()
    } else {
        ParseOptions::unidiff()
    };
    for parsed in PatchSet::parse(text, options) {
        let parsed = parsed.map_err(|err| format!("not a unified diff: {err}"))?;
        let (path, creates) = match parsed.operation() {
            FileOperation::Create(path) => (strip(path, "b/"), true),
            FileOperation::Modify { original, modified } => {
                let (from, to) = (strip(original, "a/"), strip(modified, "b/"));
                if from != to {
                    return Err(format!(
                        "{from} → {to}: renaming is not supported; patch the file in place and create the new one"
                    ));
                }
                (to, false)
            }
            FileOperation::Delete(path) => {
                return Err(format!(
                    "{}: deleting files is not supported by apply_patch",
                    strip(path, "a/")
                ));
            }
            FileOperation::Rename { from, .. } | FileOperation::Copy { from, .. } => {
                return Err(format!(
                    "{from}: renames and copies are not supported by apply_patch"
                ));
            }
        };
        let PatchKind::Text(patch) = parsed.into_patch() else {
            return Err(format!("{path}: binary patches are not supported"));
        };
        files.push(FilePatch {
            path,
            creates,
            patch,
        });
    }
    if files.is_empty() {
        return Err(
            "no file in the patch: expected `--- a/PATH`, `+++ b/PATH` and `@@` hunks".into(),
        );
    }
    Ok(files)
}

/// `path` without git's `prefix` (`a/` or `b/`) when it has it.
fn strip(path: &str, prefix: &str) -> String {
    path.strip_prefix(prefix).unwrap_or(path).to_owned()
}

/// `text` with LF line breaks, as [`parse`] reads it.
pub(crate) fn lf(text: &str) -> String {
    text.replace("\r\n", "\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_git_diff_over_two_files_is_read_file_by_file() {
        let text = "diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1,2 +1,2 @@\n x = 1\n-y = 2\n+y = 3\ndiff --git a/new.py b/new.py\nnew file mode 100644\n--- /dev/null\n+++ b/new.py\n@@ -0,0 +1 @@\n+z = 4\n";
        let files = parse(text).unwrap();
        let paths: Vec<(&str, bool)> = files.iter().map(|f| (f.path.as_str(), f.creates)).collect();
        assert_eq!(paths, vec![("a.py", false), ("new.py", true)]);
        assert_eq!(files[0].apply("x = 1\ny = 2\n").unwrap(), "x = 1\ny = 3\n");
        assert_eq!(files[1].apply("").unwrap(), "z = 4\n");
        assert!(files[0].apply("x = 1\ny = 9\n").is_err());
    }

    #[test]
    fn deletions_and_non_diffs_are_refused() {
        let delete = "--- a/a.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n";
        let err = parse(delete).err().unwrap();
        assert!(err.contains("deleting"), "{err}");
        let plain = "--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-x\n+y\n";
        assert_eq!(parse(plain).unwrap()[0].apply("x\n").unwrap(), "y\n");
        let err = parse("hello\n").err().unwrap();
        assert!(err.contains("unified diff"), "{err}");
    }
}
