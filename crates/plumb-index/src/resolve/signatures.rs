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
    Some(
        parameter_list(signature, open)
            .into_iter()
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect(),
    )
}

/// The comma-separated parts of the bracketed list that opens at `open`
/// in `signature`, as written: commas inside nested brackets (and an
/// arrow's `>`) do not split it.
fn parameter_list(signature: &str, open: usize) -> Vec<&str> {
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
    parts
}

/// Words a C or C++ parameter declaration may hold that change nothing
/// in which overload it is: qualifiers and elaborated-type keywords.
const IGNORED_PARAMETER_WORDS: [&str; 7] = [
    "class", "const", "enum", "register", "struct", "typename", "volatile",
];

/// Words that end a C or C++ type rather than name a parameter
/// (`unsigned int` declares no parameter called `int`).
const TYPE_WORDS: [&str; 10] = [
    "auto", "bool", "char", "double", "float", "int", "long", "short", "signed", "unsigned",
];

/// The parameter types of a C or C++ declaration `signature` of `name`
/// (`void f(const Shape &s, int n = 0)` gives `["Shape&", "int"]`): each
/// parameter without its name, default, qualifiers and spaces, so that a
/// prototype and its definition give the same list; `None` when no list
/// follows the name.
pub(super) fn declared_parameter_types(signature: &str, name: &str) -> Option<Vec<String>> {
    let open = signature.match_indices(name).find_map(|(at, _)| {
        let rest = &signature[at + name.len()..];
        rest.trim_start()
            .starts_with('(')
            .then(|| at + name.len() + rest.find('(').unwrap_or(0))
    })?;
    let parts = parameter_list(signature, open);
    let types: Vec<String> = parts
        .into_iter()
        .map(declared_parameter_type)
        .filter(|t| !t.is_empty())
        .collect();
    Some(if types == ["void"] { Vec::new() } else { types })
}

/// A C or C++ type as overloads compare it: as [`declared_parameter_types`]
/// reads a parameter, without `&` and without the namespaces or classes
/// qualifying its name (`const geo::Vector2 &` gives `Vector2`).
pub(super) fn comparable_type(written: &str) -> String {
    let declared = declared_parameter_type(written).replace('&', "");
    let name_end = declared.find('<').unwrap_or(declared.len());
    match declared[..name_end].rfind("::") {
        Some(at) => declared[at + 2..].to_owned(),
        None => declared,
    }
}

/// One C or C++ parameter declaration's type: its words and punctuation
/// without the parameter's name, its default, and the words of
/// [`IGNORED_PARAMETER_WORDS`].
fn declared_parameter_type(parameter: &str) -> String {
    let declared = parameter.split('=').next().unwrap_or(parameter);
    let mut tokens: Vec<&str> = Vec::new();
    let mut word_start = None;
    for (i, c) in declared.char_indices() {
        let in_word = c.is_alphanumeric() || c == '_' || c == ':';
        match (in_word, word_start) {
            (true, None) => word_start = Some(i),
            (false, Some(from)) => {
                tokens.push(&declared[from..i]);
                word_start = None;
            }
            _ => {}
        }
        if !in_word && !c.is_whitespace() {
            tokens.push(&declared[i..i + c.len_utf8()]);
        }
    }
    if let Some(from) = word_start {
        tokens.push(&declared[from..]);
    }
    tokens.retain(|t| !IGNORED_PARAMETER_WORDS.contains(t));
    let is_word = |t: &str| {
        t.chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_')
    };
    let name_at = tokens
        .iter()
        .position(|&t| t == "[")
        .map_or(tokens.len(), |bracket| bracket)
        .checked_sub(1);
    if let Some(at) = name_at {
        let names_a_parameter = is_word(tokens[at])
            && !TYPE_WORDS.contains(&tokens[at])
            && tokens[..at].iter().any(|t| is_word(t));
        if names_a_parameter {
            tokens.remove(at);
        }
    }
    let mut out = String::new();
    for t in tokens {
        if is_word(t)
            && out
                .chars()
                .last()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
        {
            out.push(' ');
        }
        out.push_str(t);
    }
    out
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
    fn declared_parameter_types_leave_out_names_defaults_and_qualifiers() {
        let prototype = declared_parameter_types(
            "void scan(Line &line, const Ref<float, 1> &sdf, double y, bool invert = false)",
            "scan",
        );
        let definition = declared_parameter_types(
            "void scan(Line &, const Ref<float, 1> &sdf, double, bool invert)",
            "scan",
        );
        assert_eq!(
            prototype,
            Some(vec![
                "Line&".to_owned(),
                "Ref<float,1>&".to_owned(),
                "double".to_owned(),
                "bool".to_owned()
            ])
        );
        assert_eq!(prototype, definition);
        assert_eq!(
            declared_parameter_types("int f(unsigned int, char *names[])", "f"),
            Some(vec!["unsigned int".to_owned(), "char*[]".to_owned()])
        );
        assert_eq!(
            declared_parameter_types("int f(void)", "f"),
            Some(Vec::new())
        );
        assert_eq!(declared_parameter_types("int g(int x)", "f"), None);
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
