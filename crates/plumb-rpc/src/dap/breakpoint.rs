//! Breakpoints as the user writes them: `file:line` or `file:line if
//! COND`, with the file confined to the session's root; and what the
//! adapter made of them (placed where, verified or not, and why not).

use std::path::{Path, PathBuf};

/// A breakpoint asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BreakpointSpec {
    /// The file, absolute and canonical (inside the root).
    pub file: PathBuf,
    /// The line asked for (1-based).
    pub line: u32,
    /// The condition, if any.
    pub condition: Option<String>,
}

/// Parses `text` (`file:line` or `file:line if COND`), with a relative
/// file taken from `root`; the file must exist inside `root`.
pub fn parse(text: &str, root: &Path) -> Result<BreakpointSpec, String> {
    let text = text.trim();
    let (location, condition) = match text.split_once(" if ") {
        Some((location, condition)) if !condition.trim().is_empty() => {
            (location.trim(), Some(condition.trim().to_owned()))
        }
        Some(_) => return Err(format!("{text:?}: `if` needs a condition after it")),
        None if text.ends_with(" if") => {
            return Err(format!("{text:?}: `if` needs a condition after it"));
        }
        None => (text, None),
    };
    let (file, line) = location
        .rsplit_once(':')
        .ok_or_else(|| format!("{text:?}: expected FILE:LINE or FILE:LINE if CONDITION"))?;
    let line: u32 = line
        .trim()
        .parse()
        .ok()
        .filter(|&line| line > 0)
        .ok_or_else(|| format!("{text:?}: the line must be a number from 1"))?;
    let file = confine(root, file.trim())?;
    Ok(BreakpointSpec {
        file,
        line,
        condition,
    })
}

/// `file` (relative to `root`, or absolute) as a canonical path inside
/// `root`; refused when it does not exist or lies outside.
pub fn confine(root: &Path, file: &str) -> Result<PathBuf, String> {
    if file.is_empty() {
        return Err("the breakpoint names no file".into());
    }
    let root = root
        .canonicalize()
        .map_err(|err| format!("the root {} cannot be read: {err}", root.display()))?;
    let joined = root.join(file);
    let canonical = joined.canonicalize().map_err(|_| {
        format!(
            "no such file: {file} (relative paths are read from {})",
            root.display()
        )
    })?;
    if !canonical.starts_with(&root) {
        return Err(format!(
            "{file} is outside the root {}: breakpoints go in the repository's files",
            root.display()
        ));
    }
    if !canonical.is_file() {
        return Err(format!("{file} is not a file"));
    }
    Ok(canonical)
}

/// A breakpoint as the adapter placed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The file.
    pub file: PathBuf,
    /// The line asked for.
    pub requested_line: u32,
    /// The line the adapter placed it on, when it says.
    pub line: Option<u32>,
    /// Whether the adapter could bind it to code.
    pub verified: bool,
    /// The adapter's explanation, when it gave one (why it is not verified).
    pub message: Option<String>,
    /// The condition.
    pub condition: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_and_conditions_parse() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("src")).unwrap();
        std::fs::write(dir.path().join("src/a.py"), "x = 1\n").unwrap();
        let root = dir.path().canonicalize().unwrap();
        let spec = parse("src/a.py:12", &root).unwrap();
        assert_eq!(
            (spec.file, spec.line, spec.condition),
            (root.join("src/a.py"), 12, None)
        );
        let spec = parse(" src/a.py:3 if n > 2 and m ", &root).unwrap();
        assert_eq!(spec.condition.as_deref(), Some("n > 2 and m"));
        let absolute = format!("{}:1", root.join("src/a.py").display());
        assert_eq!(parse(&absolute, &root).unwrap().line, 1);
    }

    #[test]
    fn bad_breakpoints_say_what_is_wrong() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.py"), "x = 1\n").unwrap();
        let root = dir.path();
        let err = |text: &str| parse(text, root).unwrap_err();
        assert!(err("a.py").contains("FILE:LINE"));
        assert!(err("a.py:zero").contains("number"));
        assert!(err("a.py:0").contains("number"));
        assert!(err("a.py:1 if ").contains("condition"));
        assert!(err("b.py:1").contains("no such file"));
        assert!(err("../../../../etc/passwd:1").contains("outside the root"));
        assert!(err("/etc/passwd:1").contains("outside the root"));
    }
}
