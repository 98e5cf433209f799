//! BERT's uncased WordPiece tokenizer, as all-MiniLM-L6-v2's
//! `tokenizer.json` configures it (`BertNormalizer` with `clean_text`,
//! `handle_chinese_chars` and `lowercase`, accents stripped since
//! `strip_accents` is unset; `BertPreTokenizer`; `WordPiece` with `##`
//! continuations and at most 100 characters a word). The ids it gives are
//! checked against the reference implementation's (Hugging Face
//! `tokenizers`) in `tests/wordpiece.rs`.

use std::collections::HashMap;

use unicode_general_category::get_general_category;
use unicode_normalization::UnicodeNormalization;

/// Longest word tokenized; a longer one is `[UNK]`. From the model's
/// `tokenizer.json` (`max_input_chars_per_word`).
const MAX_WORD_CHARS: usize = 100;

/// The prefix of a token continuing a word. From `tokenizer.json`
/// (`continuing_subword_prefix`).
const CONTINUATION: &str = "##";

/// The unknown token. From `tokenizer.json` (`unk_token`).
const UNKNOWN: &str = "[UNK]";

/// A WordPiece vocabulary and the tokenizer over it.
pub struct WordPiece {
    ids: HashMap<&'static str, u32>,
    unknown: u32,
}

impl WordPiece {
    /// The tokenizer over `vocab`, one token a line, ids from 0; `None`
    /// when it has no `[UNK]` token.
    pub fn new(vocab: &'static str) -> Option<WordPiece> {
        let ids: HashMap<&'static str, u32> = vocab
            .lines()
            .enumerate()
            .map(|(id, token)| (token, id as u32))
            .collect();
        let unknown = *ids.get(UNKNOWN)?;
        Some(WordPiece { ids, unknown })
    }

    /// The id of `[UNK]`.
    pub fn unknown(&self) -> u32 {
        self.unknown
    }

    /// The token ids of `text`, without `[CLS]` and `[SEP]`, appended to `out`.
    pub fn tokenize(&self, text: &str, out: &mut Vec<u32>) {
        let normalized = normalize(text);
        let mut word = String::new();
        for c in normalized.chars() {
            if c.is_whitespace() {
                self.word(&word, out);
                word.clear();
            } else if is_punctuation(c) {
                self.word(&word, out);
                word.clear();
                let mut buffer = [0; 4];
                self.word(c.encode_utf8(&mut buffer), out);
            } else {
                word.push(c);
            }
        }
        self.word(&word, out);
    }

    /// The pieces of one pre-tokenized word: longest match first.
    fn word(&self, word: &str, out: &mut Vec<u32>) {
        if word.is_empty() {
            return;
        }
        if word.chars().count() > MAX_WORD_CHARS {
            out.push(self.unknown);
            return;
        }
        let first = out.len();
        let mut start = 0;
        let mut piece = String::new();
        while start < word.len() {
            let mut end = word.len();
            let mut found = None;
            while end > start {
                piece.clear();
                if start > 0 {
                    piece.push_str(CONTINUATION);
                }
                piece.push_str(&word[start..end]);
                if let Some(&id) = self.ids.get(piece.as_str()) {
                    found = Some(id);
                    break;
                }
                end = word[..end]
                    .char_indices()
                    .next_back()
                    .map_or(start, |(i, _)| i);
            }
            let Some(id) = found else {
                out.truncate(first);
                out.push(self.unknown);
                return;
            };
            out.push(id);
            start = end;
        }
    }
}

/// `BertNormalizer`: control characters dropped, whitespace made a space,
/// CJK ideographs spaced apart, accents stripped (NFD, nonspacing marks
/// dropped), lowercase.
fn normalize(text: &str) -> String {
    let mut cleaned = String::with_capacity(text.len());
    for c in text.chars() {
        if c == '\0' || c == '\u{fffd}' || is_control(c) {
            continue;
        }
        if is_whitespace(c) {
            cleaned.push(' ');
        } else if is_chinese(c) {
            cleaned.push(' ');
            cleaned.push(c);
            cleaned.push(' ');
        } else {
            cleaned.push(c);
        }
    }
    if cleaned.is_ascii() {
        return cleaned.to_ascii_lowercase();
    }
    cleaned
        .nfd()
        .filter(|&c| abbreviation(c) != "Mn")
        .flat_map(char::to_lowercase)
        .collect()
}

/// The character's Unicode general category, abbreviated (`Lu`, `Po`).
fn abbreviation(c: char) -> &'static str {
    get_general_category(c).abbreviation()
}

/// Whitespace as BERT reads it: the ASCII blanks and category `Zs`.
fn is_whitespace(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r') || abbreviation(c) == "Zs"
}

/// A control character as BERT reads it: category `C*`, less tab and newlines.
fn is_control(c: char) -> bool {
    !matches!(c, '\t' | '\n' | '\r') && abbreviation(c).starts_with('C')
}

/// Punctuation as BERT reads it: ASCII punctuation or category `P*`.
fn is_punctuation(c: char) -> bool {
    c.is_ascii_punctuation() || abbreviation(c).starts_with('P')
}

/// A CJK ideograph, by BERT's block list.
fn is_chinese(c: char) -> bool {
    matches!(c as u32,
        0x4E00..=0x9FFF
        | 0x3400..=0x4DBF
        | 0x20000..=0x2A6DF
        | 0x2A700..=0x2B73F
        | 0x2B740..=0x2B81F
        | 0x2B920..=0x2CEAF
        | 0xF900..=0xFAFF
        | 0x2F800..=0x2FA1F)
}

#[cfg(test)]
mod tests {
    use super::*;

    const VOCAB: &str = "[PAD]\n[UNK]\nun\n##aff\n##able\nrun\n##ning\n,\na\n";

    fn ids(text: &str) -> Vec<u32> {
        let mut out = Vec::new();
        WordPiece::new(VOCAB).unwrap().tokenize(text, &mut out);
        out
    }

    #[test]
    fn longest_pieces_first_and_unknown_words_whole() {
        assert_eq!(ids("unaffable"), [2, 3, 4]);
        assert_eq!(ids("Running, a"), [5, 6, 7, 8]);
        assert_eq!(ids("unx run"), [1, 5]);
        assert_eq!(ids(&"a".repeat(101)), [1]);
        assert!(ids(" \t ").is_empty());
    }

    #[test]
    fn normalizes_as_bert_does() {
        assert_eq!(normalize("Café\u{0}\tNAÏVE"), "cafe naive");
        assert_eq!(normalize("中文"), " 中  文 ");
    }
}
