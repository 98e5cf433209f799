//! The bounded source text `symbol` returns with a definition, read from
//! the working tree only when the file still has the content that was
//! indexed (otherwise the byte range would point at other code).

use std::path::Path;

use schemars::JsonSchema;
use serde::Serialize;

use plumb_query::answer::SymbolDetail;
use plumb_store::read::SymbolRow;

use crate::output::REINDEX;

/// Most bytes of source returned per definition. Chosen: about 400 lines of
/// typical code; longer definitions are cut at a line end.
pub const MAX_SOURCE_BYTES: usize = 16 * 1024;

/// Share of the response budget one definition's source may take. Chosen:
/// the text rendering repeats the source, so two copies take half.
const BUDGET_SHARE: usize = 4;

/// The source bound under a response cap of `max_bytes`.
pub fn limit(max_bytes: usize) -> usize {
    MAX_SOURCE_BYTES.min(max_bytes / BUDGET_SHARE)
}

/// A definition with its source text (`symbol`).
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct SymbolSource {
    /// The definition, as `--json` gives it.
    #[serde(flatten)]
    pub detail: SymbolDetail,
    /// Its text from the first line of its span (attributes and decorators
    /// included); null when the file changed since indexing or is unreadable.
    pub source: Option<String>,
    /// Whether `source` stops before the definition's last line.
    pub source_truncated: bool,
}

impl SymbolSource {
    /// `detail` with its source text: its signature and the first line of
    /// its doc, when the source shows them, are not said again.
    pub fn new(mut detail: SymbolDetail, source: Option<String>, truncated: bool) -> SymbolSource {
        if let Some(source) = &source {
            let shown = |text: &str| source.contains(text.trim());
            if detail.symbol.signature.as_deref().is_some_and(shown) {
                detail.symbol.signature = None;
            }
            if detail
                .doc
                .as_deref()
                .and_then(|doc| doc.lines().find(|line| !line.trim().is_empty()))
                .is_some_and(shown)
            {
                detail.doc = None;
            }
        }
        SymbolSource {
            detail,
            source,
            source_truncated: truncated,
        }
    }
}

/// Reads the source of `row` from `root`, if the file's hash still is
/// `indexed_hash`; a note says why when it is not returned whole.
pub fn read(
    root: &Path,
    row: &SymbolRow,
    indexed_hash: Option<&str>,
    limit: usize,
) -> (Option<String>, bool, Option<String>) {
    let Ok(bytes) = std::fs::read(root.join(&row.file)) else {
        return (None, false, Some(format!("{}: cannot be read", row.file)));
    };
    let hash = blake3::hash(&bytes).to_hex();
    if indexed_hash != Some(hash.as_str()) {
        return (
            None,
            false,
            Some(format!(
                "{} changed since indexing: source not shown ({REINDEX})",
                row.file
            )),
        );
    }
    let (start, end) = (row.span.start_byte() as usize, row.span.end_byte() as usize);
    if end > bytes.len() {
        return (
            None,
            false,
            Some(format!("{}: span out of range", row.file)),
        );
    }
    // From the start of the line, so that the first line keeps its indent.
    let start = bytes[..start]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |newline| newline + 1);
    let Ok(text) = std::str::from_utf8(&bytes[start..end]) else {
        return (None, false, Some(format!("{}: not UTF-8", row.file)));
    };
    let (text, cut) = bounded(text, limit);
    let note = cut.then(|| {
        let shown = row.span.start_line() + text.lines().count() as u32 - 1;
        format!(
            "source of {} cut at line {shown} of {}..{}; read the file for the rest",
            row.qualname,
            row.span.start_line(),
            row.span.end_line()
        )
    });
    (Some(text.to_owned()), cut, note)
}

/// `text` cut at the last line end within `limit` bytes (or at a character
/// boundary when a single line is longer), and whether it was cut.
fn bounded(text: &str, limit: usize) -> (&str, bool) {
    if text.len() <= limit {
        return (text, false);
    }
    let mut end = limit;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let end = text[..end].rfind('\n').map_or(end, |newline| newline + 1);
    (&text[..end], true)
}

#[cfg(test)]
mod tests {
    use super::{SymbolSource, bounded};
    use plumb_query::answer::{Symbol, SymbolDetail};
    use plumb_store::model::SymbolKind;

    fn detail(signature: &str, doc: &str) -> SymbolDetail {
        SymbolDetail {
            symbol: Symbol {
                name: "f".into(),
                qualname: "m.f".into(),
                kind: plumb_query::answer::Kind::Defined(SymbolKind::Function),
                file: "m.py".into(),
                line: 1,
                end_line: 3,
                signature: Some(signature.into()),
            },
            start_line: 1,
            doc: Some(doc.into()),
            exported: true,
            parent: None,
        }
    }

    #[test]
    fn a_signature_and_doc_the_source_shows_are_not_said_again() {
        let source = "def f(x):\n    \"\"\"Adds one.\"\"\"\n    return x + 1\n";
        let shown = SymbolSource::new(detail("def f(x)", "Adds one."), Some(source.into()), false);
        assert_eq!(shown.detail.symbol.signature, None);
        assert_eq!(shown.detail.doc, None);
        let unread = SymbolSource::new(detail("def f(x)", "Adds one."), None, false);
        assert_eq!(unread.detail.symbol.signature.as_deref(), Some("def f(x)"));
        assert_eq!(unread.detail.doc.as_deref(), Some("Adds one."));
        let elsewhere =
            SymbolSource::new(detail("def f(x)", "Outside."), Some(source.into()), false);
        assert_eq!(elsewhere.detail.doc.as_deref(), Some("Outside."));
    }

    #[test]
    fn cuts_at_a_line_end() {
        assert_eq!(bounded("ab\ncd\nef", 7), ("ab\ncd\n", true));
        assert_eq!(bounded("ab\ncd", 99), ("ab\ncd", false));
    }

    #[test]
    fn never_splits_a_character() {
        let (text, cut) = bounded("ééé", 3);
        assert!(cut);
        assert_eq!(text, "é");
    }
}
