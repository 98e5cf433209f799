//! plumb-embed's WordPiece gives exactly the ids of the reference
//! tokenizer (Hugging Face `tokenizers` with the model's tokenizer.json),
//! recorded by `tools/wordpiece_reference.py` in `data/wordpiece.tsv`.

// A test helper: a malformed reference file should fail the test loudly.
#![allow(clippy::unwrap_used, clippy::panic)]

use plumb_embed::StaticModel;

/// Reads Python's `unicode_escape` encoding back.
fn unescape(escaped: &str) -> String {
    let mut out = String::new();
    let mut chars = escaped.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let digits = match chars.next().unwrap() {
            't' => {
                out.push('\t');
                continue;
            }
            'n' => {
                out.push('\n');
                continue;
            }
            'r' => {
                out.push('\r');
                continue;
            }
            '\\' => {
                out.push('\\');
                continue;
            }
            'x' => 2,
            'u' => 4,
            'U' => 8,
            other => panic!("unexpected escape \\{other}"),
        };
        let hex: String = chars.by_ref().take(digits).collect();
        out.push(char::from_u32(u32::from_str_radix(&hex, 16).unwrap()).unwrap());
    }
    out
}

#[test]
fn token_ids_match_the_reference_tokenizer() {
    let model = StaticModel::embedded().unwrap();
    let data = include_str!("data/wordpiece.tsv");
    let mut checked = 0;
    for line in data.lines() {
        let (text, ids) = line.split_once('\t').unwrap();
        let text = unescape(text);
        let expected: Vec<u32> = ids
            .split_whitespace()
            .map(|id| id.parse().unwrap())
            .collect();
        assert_eq!(model.tokens(&text), expected, "tokenizing {text:?}");
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} reference texts");
}
