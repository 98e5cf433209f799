//! The byte test a file passes before it is parsed: every named leaf of
//! the pattern (its literals) must occur in the file, and a literal that
//! is a plain word (`kfree`, `NULL`) must occur as a whole word. A file
//! that fails cannot match, so it is neither decoded nor parsed.
//!
//! Why a whole word is enough: ast-grep-core compares a named leaf's text
//! exactly, so a match holds each literal as one token; an identifier or
//! keyword token in every grammar here runs to the longest stretch of
//! letters, digits and `_`, so the byte before a word-like token is not a
//! letter or `_` and the byte after it is not a letter, digit or `_`. Only
//! ASCII neighbours are judged: a non-ASCII byte next to an occurrence is
//! taken as a boundary (never wrongly excluding a file).

use memchr::memmem::Finder;

use crate::pattern::StructPattern;

/// The literals of one compiled pattern, ready to search for.
pub struct Prefilter {
    literals: Vec<Literal>,
}

struct Literal {
    finder: Finder<'static>,
    whole_word: bool,
}

impl Prefilter {
    /// The prefilter of `pattern`: all its literals, longest (most
    /// selective) first.
    pub fn new(pattern: &StructPattern) -> Prefilter {
        let literals = pattern
            .literals()
            .iter()
            .map(|text| Literal {
                finder: Finder::new(text.as_bytes()).into_owned(),
                whole_word: is_word(text),
            })
            .collect();
        Prefilter { literals }
    }

    /// Whether the pattern has a literal to test (a pattern of keywords
    /// and metavariables alone has none: every file passes).
    pub fn is_empty(&self) -> bool {
        self.literals.is_empty()
    }

    /// Whether `bytes` holds every literal (each word-like one as a whole
    /// word): `false` means the file cannot match.
    pub fn admits(&self, bytes: &[u8]) -> bool {
        self.literals.iter().all(|literal| literal.occurs_in(bytes))
    }
}

impl Literal {
    fn occurs_in(&self, bytes: &[u8]) -> bool {
        let len = self.finder.needle().len();
        let mut hits = self.finder.find_iter(bytes);
        if !self.whole_word {
            return hits.next().is_some();
        }
        hits.any(|at| {
            let before = at.checked_sub(1).and_then(|i| bytes.get(i));
            let after = bytes.get(at + len);
            !before.is_some_and(|&b| b.is_ascii_alphabetic() || b == b'_')
                && !after.is_some_and(|&b| b.is_ascii_alphanumeric() || b == b'_')
        })
    }
}

/// Whether `text` is an ASCII word: a letter or `_`, then letters, digits
/// and `_`.
fn is_word(text: &str) -> bool {
    let mut bytes = text.bytes();
    bytes
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

#[cfg(test)]
mod tests {
    use plumb_lang::Language;

    use super::*;

    fn admits(pattern: &str, language: Language, source: &str) -> bool {
        let compiled = StructPattern::compile(pattern, language).unwrap();
        Prefilter::new(&compiled).admits(source.as_bytes())
    }

    #[test]
    fn every_literal_must_occur() {
        let pattern = "if ($X == NULL) return -ENOMEM;";
        assert!(admits(
            pattern,
            Language::C,
            "if (p == NULL) return -ENOMEM;"
        ));
        assert!(!admits(
            pattern,
            Language::C,
            "if (p == NULL) return -EINVAL;"
        ));
    }

    #[test]
    fn a_word_must_occur_as_a_whole_word() {
        assert!(!admits(
            "kfree($X);",
            Language::C,
            "kfree_skb(x); xkfree(y);"
        ));
        assert!(!admits("kfree($X);", Language::C, "kfree2(x);"));
        assert!(admits("kfree($X);", Language::C, "kfree_skb(x); kfree(y);"));
        assert!(admits("kfree($X);", Language::C, "(kfree)(y);"));
        assert!(admits("kfree($X);", Language::C, "kfree"));
        assert!(admits("$A.dispose()", Language::TypeScript, "é.dispose()"));
    }

    #[test]
    fn a_literal_that_is_not_a_word_is_searched_as_bytes() {
        assert!(admits("f(\"a b\")", Language::Python, "f(\"xa by\")"));
        assert!(!admits("f(\"a b\")", Language::Python, "f(\"ab\")"));
    }

    #[test]
    fn a_pattern_without_literals_admits_everything() {
        let compiled = StructPattern::compile("$A = $B;", Language::C).unwrap();
        let prefilter = Prefilter::new(&compiled);
        assert!(prefilter.is_empty());
        assert!(prefilter.admits(b""));
    }
}
