//! The search entries of a resolved file's symbols (see plumb-store's
//! `search`): each symbol's words in three parts — its name and qualified
//! name split into words, the words of its signature and doc comment, and
//! the distinct identifier and comment or string words of its body (read
//! from the file again, by the symbol's byte span) — and the embedding of
//! the first two by plumb-embed's static model (see [`EMBEDDED_PARTS`]). They are made on the resolving
//! threads, next to the file's rows, and only when their hash differs from
//! the one stored for the file, so that an unchanged file is never
//! embedded again.

use std::path::Path;

use plumb_embed::{MODEL_NAME, ModelError, StaticModel, Vector};
use plumb_store::records::SymbolRecord;
use plumb_store::search::SearchEntry;
use plumb_store::{GraphWriter, split_identifier};

use crate::IndexError;

/// Most distinct words kept of one symbol's body. Chosen: enough for the
/// vocabulary of a long function; a type or module spanning thousands of
/// lines would otherwise carry every word of its members, which have
/// entries of their own.
const MAX_BODY_WORDS: usize = 100;

/// What a symbol's vector embeds: its names and head, not its body words.
/// Measured (bench/semantic, dev corpora click, rxjs and regex-automata,
/// 600 queries): semantic-only recall@10 0.38 for names and head against
/// 0.30 with the body words too, whose mean drowns the few words that say
/// what the symbol is for. Part of the entries' hash, so that an index
/// embedded otherwise is embedded again.
const EMBEDDED_PARTS: &str = "names head";

/// The search entries of one file, with their hash.
pub(crate) struct FileEntries {
    hash: Vec<u8>,
    entries: Vec<Entry>,
}

/// One symbol's search entry, owned.
struct Entry {
    id: i64,
    names: String,
    head: String,
    body: String,
    vector: Option<Vec<u8>>,
}

/// The search entries of the `symbols` of the file at `root`/`rel`, unless
/// their hash is `stored` (then `None`: nothing to write). A file that
/// cannot be read again gets entries without body words.
pub(crate) fn file_entries(
    root: &Path,
    rel: &str,
    symbols: &[SymbolRecord],
    stored: Option<&[u8]>,
) -> Result<Option<FileEntries>, ModelError> {
    let source = std::fs::read(root.join(rel)).unwrap_or_default();
    let mut hasher = blake3::Hasher::new();
    hasher.update(MODEL_NAME.as_bytes());
    hasher.update(EMBEDDED_PARTS.as_bytes());
    let mut entries: Vec<Entry> = symbols
        .iter()
        .map(|symbol| {
            let entry = entry(symbol, &source);
            for part in [&entry.names, &entry.head, &entry.body] {
                hasher.update(part.as_bytes());
                hasher.update(&[0]);
            }
            hasher.update(&entry.id.to_le_bytes());
            entry
        })
        .collect();
    let hash = hasher.finalize().as_bytes().to_vec();
    if stored == Some(hash.as_slice()) {
        return Ok(None);
    }
    let model = StaticModel::embedded()?;
    let mut text = String::new();
    for entry in &mut entries {
        text.clear();
        for part in [&entry.names, &entry.head] {
            text.push_str(part);
            text.push(' ');
        }
        entry.vector = model
            .embed(&text)
            .map(|unit| Vector::quantize(&unit).to_bytes());
    }
    Ok(Some(FileEntries { hash, entries }))
}

/// Writes `entries` as file `file_id`'s search entries.
pub(crate) fn write_entries(
    writer: &GraphWriter<'_>,
    file_id: i64,
    entries: &FileEntries,
) -> Result<(), IndexError> {
    let rows: Vec<SearchEntry<'_>> = entries
        .entries
        .iter()
        .map(|e| SearchEntry {
            id: e.id,
            names: &e.names,
            head: &e.head,
            body: &e.body,
            vector: e.vector.as_deref(),
        })
        .collect();
    writer.replace_search_entries(file_id, &entries.hash, &rows)?;
    Ok(())
}

/// One symbol's words, not yet embedded.
fn entry(symbol: &SymbolRecord, source: &[u8]) -> Entry {
    let mut names = split_identifier(&symbol.name);
    for word in split_identifier(&symbol.qualname) {
        if !names.contains(&word) {
            names.push(word);
        }
    }
    let mut head = Vec::new();
    for text in [&symbol.doc, &symbol.signature].into_iter().flatten() {
        head.extend(words(text.as_bytes(), usize::MAX));
    }
    let (start, end) = (
        symbol.span.start_byte() as usize,
        symbol.span.end_byte() as usize,
    );
    let body = source
        .get(start..end.min(source.len()))
        .map(|body| words(body, MAX_BODY_WORDS))
        .unwrap_or_default();
    Entry {
        id: symbol.id,
        names: names.join(" "),
        head: head.join(" "),
        body: body.join(" "),
        vector: None,
    }
}

/// The words of `text`: each run of letters, digits and underscores split
/// as an identifier ([`split_identifier`]), words of one character and
/// numbers left out; with `limit`, only the first `limit` distinct ones.
fn words(text: &[u8], limit: usize) -> Vec<String> {
    let text = String::from_utf8_lossy(text);
    let mut out: Vec<String> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for run in text.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
        for word in split_identifier(run) {
            if word.chars().count() < 2 || word.chars().all(|c| c.is_ascii_digit()) {
                continue;
            }
            if limit == usize::MAX || seen.insert(word.clone()) {
                out.push(word);
                if out.len() == limit {
                    return out;
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use plumb_store::model::SymbolKind;
    use plumb_store::span::Span;

    fn symbol(source: &str, name: &str, doc: Option<&str>) -> SymbolRecord {
        SymbolRecord {
            id: 7,
            file_id: 1,
            name: name.to_owned(),
            qualname: format!("net.http.{name}"),
            kind: SymbolKind::Function,
            span: Span::new(1..=3, 0..source.len() as u32).unwrap(),
            name_line: 1,
            name_col: 5,
            signature: Some(format!("def {name}(request, attempts=3):")),
            doc: doc.map(str::to_owned),
            parent_id: None,
            exported: true,
            impl_block: None,
        }
    }

    #[test]
    fn a_symbol_reads_as_its_names_head_and_distinct_body_words() {
        let source = "def retryRequest(request, attempts=3):\n    # back off, then send again\n    return send_again(request, 'timeout 5s')\n";
        let entry = entry(
            &symbol(source, "retryRequest", Some("Retry a request.")),
            source.as_bytes(),
        );
        assert_eq!(entry.names, "retry request net http");
        assert_eq!(
            entry.head,
            "retry request def retry request request attempts"
        );
        assert_eq!(
            entry.body,
            "def retry request attempts back off then send again return timeout"
        );
    }

    #[test]
    fn body_words_stop_at_the_limit_and_skip_numbers_and_letters() {
        assert_eq!(words(b"a b2 x_y 42 zz zz yy", 2), ["zz", "yy"]);
    }

    #[test]
    fn entries_are_embedded_only_when_their_hash_changed() {
        let dir = tempfile::tempdir().unwrap();
        let source = "def fetch(url):\n    return download(url)\n";
        std::fs::write(dir.path().join("a.py"), source).unwrap();
        let symbols = [symbol(source, "fetch", None)];
        let first = file_entries(dir.path(), "a.py", &symbols, None)
            .unwrap()
            .unwrap();
        assert_eq!(first.entries.len(), 1);
        assert_eq!(
            first.entries[0].vector.as_ref().map(Vec::len),
            Some(plumb_embed::DIMENSIONS)
        );
        let again = file_entries(dir.path(), "a.py", &symbols, Some(&first.hash)).unwrap();
        assert!(again.is_none());
        std::fs::write(
            dir.path().join("a.py"),
            "def fetch(url):\n    return cached(url)\n",
        )
        .unwrap();
        let changed = file_entries(dir.path(), "a.py", &symbols, Some(&first.hash)).unwrap();
        assert!(changed.is_some_and(|c| c.hash != first.hash));
    }
}
