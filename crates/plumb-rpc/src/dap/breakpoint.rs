//! Breakpoints as the user writes them: `file:line` or `file:line if
//! COND`; and what the adapter made of them (placed where, verified or
//! not, and why not). Which files may hold a breakpoint (inside the root)
//! is the caller's to check: plumb-rpc knows no repository.

use std::path::PathBuf;

/// A breakpoint as written, its file not yet resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BreakpointText {
    /// The file as written.
    pub file: String,
    /// The line (1-based).
    pub line: u32,
    /// The condition, if any.
    pub condition: Option<String>,
}

impl BreakpointText {
    /// The breakpoint at `file`, the resolved path of [`BreakpointText::file`].
    pub fn at(self, file: PathBuf) -> BreakpointSpec {
        BreakpointSpec {
            file,
            line: self.line,
            condition: self.condition,
        }
    }
}

/// A breakpoint asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BreakpointSpec {
    /// The file, absolute.
    pub file: PathBuf,
    /// The line asked for (1-based).
    pub line: u32,
    /// The condition, if any.
    pub condition: Option<String>,
}

/// Parses `text`: `file:line` or `file:line if COND`.
pub fn parse(text: &str) -> Result<BreakpointText, String> {
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
    let file = file.trim();
    if file.is_empty() {
        return Err(format!("{text:?}: the breakpoint names no file"));
    }
    Ok(BreakpointText {
        file: file.to_owned(),
        line,
        condition,
    })
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
        let spec = parse("src/a.py:12").unwrap();
        assert_eq!(
            (spec.file.as_str(), spec.line, spec.condition),
            ("src/a.py", 12, None)
        );
        let spec = parse(" src/a.py:3 if n > 2 and m ").unwrap();
        assert_eq!(spec.condition.as_deref(), Some("n > 2 and m"));
        assert_eq!(parse("/abs/a.py:1").unwrap().file, "/abs/a.py");
    }

    #[test]
    fn bad_breakpoints_say_what_is_wrong() {
        let err = |text: &str| parse(text).unwrap_err();
        assert!(err("a.py").contains("FILE:LINE"));
        assert!(err("a.py:zero").contains("number"));
        assert!(err("a.py:0").contains("number"));
        assert!(err("a.py:1 if ").contains("condition"));
        assert!(err(":4").contains("no file"));
    }
}
