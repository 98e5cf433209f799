//! Splitting identifiers into the lowercase words a person searches by:
//! `parseHTTPRequest` → `parse http request`, `search_path` → `search path`.

/// The text of symbol `name`'s full-text entry: its words, space-separated.
/// Writing an entry and deleting it from the contentless table must give
/// the same text, so both take it from here.
pub(crate) fn entry_text(name: &str) -> String {
    split_identifier(name).join(" ")
}

/// Splits `name` into lowercase words on `_`, `-`, `.`, `:`, `/`, digits
/// boundaries and camelCase humps (an acronym stays one word).
pub fn split_identifier(name: &str) -> Vec<String> {
    let chars: Vec<char> = name.chars().collect();
    let mut words = Vec::new();
    let mut current = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if !c.is_alphanumeric() {
            flush(&mut current, &mut words);
            continue;
        }
        if !current.is_empty() {
            let prev = chars[i - 1];
            let next_is_lower = chars.get(i + 1).is_some_and(|n| n.is_lowercase());
            let hump = c.is_uppercase() && (prev.is_lowercase() || prev.is_ascii_digit());
            let acronym_end = c.is_uppercase() && prev.is_uppercase() && next_is_lower;
            let digit_edge = c.is_ascii_digit() != prev.is_ascii_digit();
            if hump || acronym_end || digit_edge {
                flush(&mut current, &mut words);
            }
        }
        current.extend(c.to_lowercase());
    }
    flush(&mut current, &mut words);
    words
}

fn flush(current: &mut String, words: &mut Vec<String>) {
    if !current.is_empty() {
        words.push(std::mem::take(current));
    }
}

#[cfg(test)]
mod tests {
    use super::split_identifier;

    fn check(name: &str, expected: &[&str]) {
        assert_eq!(split_identifier(name), expected, "splitting {name:?}");
    }

    #[test]
    fn splits_every_naming_style() {
        check("search_path", &["search", "path"]);
        check("SearchWorker", &["search", "worker"]);
        check("parseHTTPRequest", &["parse", "http", "request"]);
        check(
            "crate::search::SearchWorker",
            &["crate", "search", "search", "worker"],
        );
        check("utf8Len", &["utf", "8", "len"]);
        check("__init__", &["init"]);
        check("", &[]);
    }
}
