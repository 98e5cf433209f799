//! Bounded quoting: an error message that echoes what the client sent (a
//! path, a symbol, an argument or tool or method name) quotes at most a
//! prefix of each long word and is cut as a whole past a cap, each cut
//! marked with how much was left out, so an error always fits the smallest
//! response budget whatever the input.

/// Longest word (a run of characters without whitespace) quoted whole.
/// Chosen: longer than any real path or qualified name an agent sends, and
/// short enough that a few quoted words stay well under the budget.
pub const MAX_QUOTED_CHARS: usize = 200;

/// Longest message kept whole. Chosen: 500 characters are at most 3,000
/// bytes in JSON (a control character is escaped in 6), which with the
/// freshness line and the envelope stays under the smallest budget,
/// `MIN_MAX_BYTES` (4 KiB).
pub const MAX_MESSAGE_CHARS: usize = 500;

/// `message` with every word longer than [`MAX_QUOTED_CHARS`] (not
/// counting the punctuation around it) cut to its prefix, then the whole cut to [`MAX_MESSAGE_CHARS`]; each cut ends in
/// `…(N more characters)`.
pub fn bounded(message: &str) -> String {
    let mut words = String::with_capacity(message.len().min(4 * MAX_MESSAGE_CHARS));
    let mut rest = message;
    while !rest.is_empty() {
        let word_end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let word = &rest[..word_end];
        // Quotes and punctuation around a word stay whole: `"abc…(N more
        // characters)",` still reads as a quotation.
        let core = word.trim_matches(|c: char| c.is_ascii_punctuation());
        let lead = word.len()
            - word
                .trim_start_matches(|c: char| c.is_ascii_punctuation())
                .len();
        words.push_str(&word[..lead]);
        words.push_str(&prefix(core, MAX_QUOTED_CHARS));
        words.push_str(&word[lead + core.len()..]);
        let space_end = rest[word_end..]
            .find(|c: char| !c.is_whitespace())
            .map_or(rest.len(), |len| word_end + len);
        words.push_str(&rest[word_end..space_end]);
        rest = &rest[space_end..];
    }
    prefix(&words, MAX_MESSAGE_CHARS)
}

/// The first `max_chars` characters of `text`, with a marker saying how
/// many more there were; `text` itself when it is no longer.
fn prefix(text: &str, max_chars: usize) -> String {
    match text.char_indices().nth(max_chars) {
        None => text.to_owned(),
        Some((cut, _)) => {
            let more = text[cut..].chars().count();
            format!("{}…({} more characters)", &text[..cut], thousands(more))
        }
    }
}

/// `n` with commas between groups of three digits (`199,800`).
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_messages_are_kept_whole() {
        let message = "invalid argument `file`: src/a.py is not in the index";
        assert_eq!(bounded(message), message);
    }

    #[test]
    fn a_long_word_keeps_a_marked_prefix_and_the_words_around_it() {
        let long = "é".repeat(200_000);
        let message = bounded(&format!(
            "invalid argument `file`: {long} is not in the index"
        ));
        let kept = "é".repeat(MAX_QUOTED_CHARS);
        assert_eq!(
            message,
            format!(
                "invalid argument `file`: {kept}…(199,800 more characters) is not in the index"
            )
        );
    }

    #[test]
    fn quotes_around_a_long_word_are_kept() {
        let long = "x".repeat(1_000);
        let message = bounded(&format!("invalid type: string \"{long}\", expected u32"));
        let kept = "x".repeat(MAX_QUOTED_CHARS);
        assert_eq!(
            message,
            format!("invalid type: string \"{kept}…(800 more characters)\", expected u32")
        );
    }

    #[test]
    fn many_short_words_are_cut_as_a_whole() {
        let message = bounded(&"ab ".repeat(10_000));
        let marker = "…(29,500 more characters)";
        assert!(message.ends_with(marker), "{message}");
        assert_eq!(
            message.chars().count(),
            MAX_MESSAGE_CHARS + marker.chars().count()
        );
    }

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(thousands(7), "7");
        assert_eq!(thousands(1_000), "1,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }
}
