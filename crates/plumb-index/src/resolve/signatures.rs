//! Reading signatures and expressions as text: return annotations,
//! parameter types, and matching brackets.

/// Index of the `[` matching a `]` just past the end of `text`
/// (`states[i` → 6).
pub(super) fn matching_open_bracket(text: &str) -> Option<usize> {
    matching_opener(text, '[', ']', 1)
}

/// Index of the `(` matching the `)` that ends `text`.
pub(super) fn matching_open(text: &str) -> Option<usize> {
    matching_opener(text, '(', ')', 0)
}

/// Scanning `text` backwards from an initial nesting `depth`, the index of
/// the `open` that brings it back to zero.
fn matching_opener(text: &str, open: char, close: char, mut depth: i32) -> Option<usize> {
    for (i, c) in text.char_indices().rev() {
        if c == close {
            depth += 1;
        } else if c == open {
            depth -= 1;
            if depth == 0 {
                return Some(i);
            }
        }
    }
    None
}
/// The return annotation of a signature: what follows `->` (Python, Rust)
/// or `:` (TypeScript) after the parameter list.
pub(super) fn return_annotation(signature: &str) -> Option<&str> {
    // The parameter list is the first `(` after `fn` (past `pub(crate)`)
    // outside generic brackets (`fn f<F: Fn(u8)>(…)`).
    let from = signature.find("fn ").map_or(0, |at| at + 3);
    let mut angle = 0i32;
    let mut previous = ' ';
    let open = signature[from..].char_indices().find_map(|(i, c)| {
        match c {
            '<' => angle += 1,
            '>' if previous != '-' => angle -= 1,
            '(' if angle == 0 => return Some(from + i),
            _ => {}
        }
        previous = c;
        None
    })?;
    let mut depth = 0i32;
    let mut close = None;
    for (i, c) in signature[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    close = Some(open + i);
                    break;
                }
            }
            _ => {}
        }
    }
    let rest = signature[close? + 1..].trim_start();
    let rest = rest.strip_prefix("->").or_else(|| rest.strip_prefix(':'))?;
    let rest = rest.split(" where ").next()?.trim();
    let rest = rest.trim_end_matches("=>").trim_end();
    (!rest.is_empty()).then_some(rest)
}

/// Marks TypeScript's `this` pseudo-parameter in [`parameter_types`]: it
/// takes no argument position. From the TypeScript handbook ("this parameters").
pub(super) const THIS_PARAMETER: &str = "\u{0}this";

/// The annotated types of the parameters of the first parameter list in
/// `signature` (`None` for an unannotated one); a `this:` parameter is
/// returned as [`THIS_PARAMETER`].
pub(super) fn parameter_types(signature: &str) -> Option<Vec<Option<String>>> {
    let types = parameters(signature)?
        .into_iter()
        .map(|p| {
            let (name, ty) = match split_top_level_colon(p) {
                Some((name, ty)) => (name.trim(), Some(ty.trim())),
                None => (p, None),
            };
            if name == "this" {
                return Some(THIS_PARAMETER.to_owned());
            }
            ty.map(|t| t.split(" = ").next().unwrap_or(t).trim().to_owned())
        })
        .collect();
    Some(types)
}

/// The names of the parameters of the first parameter list in `signature`,
/// without annotations, defaults or Python's `*` and `**`.
pub(super) fn parameter_names(signature: &str) -> Option<Vec<&str>> {
    let names = parameters(signature)?
        .into_iter()
        .map(|p| {
            let name = split_top_level_colon(p).map_or(p, |(name, _)| name);
            let name = name.split('=').next().unwrap_or(name);
            name.trim().trim_start_matches('*')
        })
        .collect();
    Some(names)
}

/// The parameters of the first parameter list in `signature`, each as
/// written, trimmed.
fn parameters(signature: &str) -> Option<Vec<&str>> {
    let open = signature.find('(')?;
    let mut depth = 0i32;
    let mut previous = ' ';
    let mut start = open + 1;
    let mut parts = Vec::new();
    for (i, c) in signature[open..].char_indices() {
        let at = open + i;
        match c {
            '(' | '[' | '{' | '<' => depth += 1,
            '>' if previous == '=' || previous == '-' => {}
            ')' | ']' | '}' | '>' => {
                depth -= 1;
                if depth == 0 {
                    parts.push(&signature[start..at]);
                    break;
                }
            }
            ',' if depth == 1 => {
                parts.push(&signature[start..at]);
                start = at + 1;
            }
            _ => {}
        }
        previous = c;
    }
    Some(
        parts
            .into_iter()
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect(),
    )
}

/// Splits `name?: Type` at its first colon outside brackets.
fn split_top_level_colon(parameter: &str) -> Option<(&str, &str)> {
    let mut depth = 0i32;
    for (i, c) in parameter.char_indices() {
        match c {
            '(' | '[' | '{' | '<' => depth += 1,
            ')' | ']' | '}' | '>' => depth -= 1,
            ':' if depth == 0 => {
                return Some((parameter[..i].trim_end_matches('?'), &parameter[i + 1..]));
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn return_annotations_are_read_from_signatures() {
        assert_eq!(
            return_annotation("def make(a, b=(1, 2)) -> Cart"),
            Some("Cart")
        );
        assert_eq!(
            return_annotation("pub fn new(r: f64) -> Self"),
            Some("Self")
        );
        assert_eq!(
            return_annotation("fn get<T>(&self) -> Option<&T> where T: Clone"),
            Some("Option<&T>")
        );
        assert_eq!(
            return_annotation("function make(a: number): Cart"),
            Some("Cart")
        );
        assert_eq!(return_annotation("make = (): Cart =>"), Some("Cart"));
        assert_eq!(return_annotation("def f(self)"), None);
        assert_eq!(return_annotation("class Cart(Base)"), None);
    }

    #[test]
    fn parameter_types_are_read_from_signatures() {
        let got = parameter_types(
            "export function operate<T, R>(init: (liftedSource: Observable<T>, subscriber: Subscriber<R>) => (() => void) | void, n = 3)",
        )
        .unwrap();
        assert_eq!(
            got,
            vec![Some("(liftedSource: Observable<T>, subscriber: Subscriber<R>) => (() => void) | void".to_owned()), None]
        );
        let callback = parameter_types(got[0].as_deref().unwrap()).unwrap();
        assert_eq!(
            callback,
            vec![
                Some("Observable<T>".to_owned()),
                Some("Subscriber<R>".to_owned())
            ]
        );
    }

    #[test]
    fn parameter_names_drop_annotations_defaults_and_stars() {
        let names = parameter_names("def f(self, ctx: Context, n: int = 1, *args, **kw) -> None");
        assert_eq!(names.unwrap(), ["self", "ctx", "n", "args", "kw"]);
    }

    #[test]
    fn the_last_call_is_split_off() {
        assert_eq!(matching_open("a.b(c(d)).e(f)"), Some(11));
        assert_eq!(matching_open("make()"), Some(4));
        assert_eq!(matching_open("x"), None);
    }
}
