//! Rust conditional compilation, as far as a default build decides it:
//! whether a `#[cfg(…)]` condition holds under the features a crate
//! enables by default (read from its `Cargo.toml` by the crate's
//! `manifest` module). A statement whose condition is known to fail is not
//! compiled in a default build; references inside it are not recorded
//! (the references a compiler-grade index of that build reports).

use super::SourceFile;
use super::modules::RustCrate;

/// The extent of a piece of code: start and end, each a 1-based line and
/// column.
pub(super) type Extent = ((u32, u32), (u32, u32));

/// Extents of the code `file` compiles only under a condition a default
/// build of its crate fails.
pub(super) fn disabled_code(file: &SourceFile, crates: &[RustCrate]) -> Vec<Extent> {
    if file.facts.conditional.is_empty() {
        return Vec::new();
    }
    // The innermost crate directory holding the file.
    let Some(krate) = crates
        .iter()
        .filter(|c| c.dir.is_empty() || file.rel.starts_with(&format!("{}/", c.dir)))
        .max_by_key(|c| c.dir.len())
    else {
        return Vec::new();
    };
    file.facts
        .conditional
        .iter()
        .filter(|c| holds(&c.condition, &krate.default_features) == Some(false))
        .map(|c| (c.start, c.end))
        .collect()
}

/// Whether `condition` (the inside of `cfg(…)`) holds when exactly
/// `features` are enabled: `Some(false)` only when it surely fails.
/// Conditions on anything but features (`test`, `unix`, `target_os`) are
/// unknown (`None`), and so is any combination they decide.
pub fn holds(condition: &str, features: &[String]) -> Option<bool> {
    let condition = condition.trim();
    if let Some(inner) = call_arguments(condition, "not") {
        return holds(inner, features).map(|held| !held);
    }
    if let Some(inner) = call_arguments(condition, "all") {
        let mut all = Some(true);
        for part in split_top_level(inner) {
            match holds(part, features) {
                Some(false) => return Some(false),
                None => all = None,
                Some(true) => {}
            }
        }
        return all;
    }
    if let Some(inner) = call_arguments(condition, "any") {
        let mut any = Some(false);
        for part in split_top_level(inner) {
            match holds(part, features) {
                Some(true) => return Some(true),
                None => any = None,
                Some(false) => {}
            }
        }
        return any;
    }
    let (key, value) = condition.split_once('=')?;
    (key.trim() == "feature").then(|| {
        let feature = value.trim().trim_matches('"');
        features.iter().any(|f| f == feature)
    })
}

/// `inner` of `name(inner)`.
fn call_arguments<'c>(condition: &'c str, name: &str) -> Option<&'c str> {
    condition
        .strip_prefix(name)?
        .trim_start()
        .strip_prefix('(')?
        .strip_suffix(')')
}

/// The comma-separated parts of a list, commas inside parentheses kept.
fn split_top_level(list: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (i, c) in list.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&list[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&list[start..]);
    parts.into_iter().filter(|p| !p.trim().is_empty()).collect()
}

#[cfg(test)]
mod tests {
    use super::holds;

    #[test]
    fn conditions_are_decided_only_by_features() {
        let features = vec!["default".to_owned(), "std".to_owned()];
        let check = |condition: &str| holds(condition, &features);
        assert_eq!(check("feature = \"std\""), Some(true));
        assert_eq!(check("feature = \"arbitrary_precision\""), Some(false));
        assert_eq!(check("not(feature = \"std\")"), Some(false));
        assert_eq!(
            check("all(feature = \"std\", not(feature = \"x\"))"),
            Some(true)
        );
        assert_eq!(check("any(feature = \"x\", feature = \"y\")"), Some(false));
        assert_eq!(check("all(test, feature = \"x\")"), Some(false));
        assert_eq!(check("any(test, feature = \"x\")"), None);
        assert_eq!(check("test"), None);
        assert_eq!(check("target_os = \"linux\""), None);
    }
}
