//! Reducing a written type to the path of the type that has the members:
//! `&mut Cart` → `Cart`, `Option<Box<Cart>>` → `Cart`, `Optional["Cart"]` →
//! `Cart`, `Cart | null` → `Cart`, `Cart?` → `Cart`, `Vec<Cart>` → `Vec`.

/// Wrappers whose first argument is the type whose members are reached.
/// Chosen: the smart pointers, cells and optionals of Rust's std, Python's
/// `typing` and TypeScript's utility types that forward member access, and
/// `Result`: what a method chain reaches through `?` or `.unwrap()` is its
/// success type.
const TRANSPARENT_WRAPPERS: &[&str] = &[
    "Annotated",
    "Arc",
    "Box",
    "Cell",
    "ClassVar",
    "Final",
    "Mutex",
    "Option",
    "Optional",
    "Partial",
    "Pin",
    "Rc",
    "Readonly",
    "Ref",
    "RefCell",
    "RefMut",
    "Result",
    "RwLock",
];

/// Longest type text considered. Chosen: real annotations are far shorter;
/// anything longer is an expression, not a type.
const MAX_TYPE_TEXT: usize = 200;

/// Words and sigils before a type that do not change which nominal type it
/// names (references, pointers, qualifiers, C's tag keywords).
const NOMINAL_PREFIXES: &[&str] = &[
    "&",
    "mut ",
    "dyn ",
    "impl ",
    "const ",
    "*",
    "?",
    "struct ",
    "union ",
    "enum ",
    "volatile ",
];

/// The path of the type `text` names, or `None` when it names no single
/// nominal type (a tuple, a function type, a literal).
pub fn normalize_type(text: &str) -> Option<String> {
    if text.len() > MAX_TYPE_TEXT {
        return None;
    }
    let text = strip_prefixes(text, NOMINAL_PREFIXES);
    let text = text.trim_matches(|c| c == '"' || c == '\'').trim();
    // A nullable type (`Cart?` in Kotlin and C#) has the members of its type.
    let text = first_alternative(text).trim_end_matches('?').trim_end();
    let (base, args) = match text.find(['<', '[']) {
        Some(open) => (&text[..open], Some(&text[open + 1..])),
        None => (text, None),
    };
    let base = base.trim();
    let last = base.rsplit(['.', ':']).next().unwrap_or(base);
    if let Some(args) = args
        && TRANSPARENT_WRAPPERS.contains(&last)
    {
        let close = args.rfind(['>', ']']).unwrap_or(args.len());
        return normalize_type(first_argument(&args[..close]));
    }
    let is_path = !base.is_empty()
        && base
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '$' | '.' | ':'));
    is_path.then(|| base.to_owned())
}

/// Collections whose first type argument is the type of their elements
/// (what `for x in &c`, `c.iter()` and `c[i]` yield, and `for (T &x : c)`
/// and `c[i]` in C++). Chosen: Rust's std sequences and sets, and the C++
/// standard library's sequence and set containers.
const ELEMENT_COLLECTIONS: &[&str] = &[
    "BTreeSet",
    "BinaryHeap",
    "HashSet",
    "Vec",
    "VecDeque",
    "array",
    "deque",
    "forward_list",
    "list",
    "multiset",
    "set",
    "span",
    "unordered_multiset",
    "unordered_set",
    "vector",
];

/// The member types naming a C++ container's iterators, whose `*it` and
/// `it->` reach an element (the standard library's container requirements).
const ITERATOR_MEMBERS: &[&str] = &[
    "::const_iterator",
    "::const_reverse_iterator",
    "::iterator",
    "::reverse_iterator",
];

/// The path of the element type a C++ container's iterator type `text`
/// points at (`std::vector<Contour>::const_iterator` gives `Contour`), or
/// `None` when `text` is no such iterator.
pub fn iterator_element_type(text: &str) -> Option<String> {
    let text = strip_prefixes(text.trim(), &["const "]);
    ITERATOR_MEMBERS
        .iter()
        .find_map(|member| text.strip_suffix(member))
        .and_then(element_type)
}

/// Owning pointers looked through to the collection they hold
/// (`Box<[T]>`, `Arc<Vec<T>>`). Chosen: Rust's std smart pointers.
const COLLECTION_POINTERS: &[&str] = &["Arc", "Box", "Rc"];

/// The path of the type of the elements of the collection type `text`
/// (`Vec<Transition>`, `&[Transition]`, `[State; 4]`, `Box<[u8]>`), or
/// `None` when `text` is no such collection.
pub fn element_type(text: &str) -> Option<String> {
    if text.len() > MAX_TYPE_TEXT {
        return None;
    }
    let text = strip_prefixes(text, &["&", "mut ", "const ", "*"]);
    if let Some(inner) = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
        let element = inner.split(';').next().unwrap_or(inner);
        return normalize_type(element);
    }
    let open = text.find('<')?;
    let close = text.rfind('>')?;
    let base = text[..open].trim();
    let last = base.rsplit(':').next().unwrap_or(base);
    let argument = first_argument(text.get(open + 1..close)?);
    if ELEMENT_COLLECTIONS.contains(&last) {
        normalize_type(argument)
    } else if COLLECTION_POINTERS.contains(&last) {
        element_type(argument)
    } else {
        None
    }
}

/// The first member of a `|` union that is not `null`, `undefined` or `None`.
fn first_alternative(text: &str) -> &str {
    if !text.contains('|') {
        return text;
    }
    text.split('|')
        .map(str::trim)
        .find(|part| !matches!(*part, "null" | "undefined" | "None"))
        .unwrap_or(text)
}

/// The first top-level comma-separated argument.
fn first_argument(args: &str) -> &str {
    let mut depth = 0i32;
    for (i, c) in args.char_indices() {
        match c {
            '<' | '[' | '(' => depth += 1,
            '>' | ']' | ')' => depth -= 1,
            ',' if depth == 0 => return &args[..i],
            _ => {}
        }
    }
    args
}

/// `text` without any run of `prefixes` and Rust lifetimes (`'a `) in front,
/// whitespace trimmed.
fn strip_prefixes<'t>(text: &'t str, prefixes: &[&str]) -> &'t str {
    let mut text = text.trim();
    loop {
        let before = text;
        for prefix in prefixes {
            text = text.strip_prefix(prefix).unwrap_or(text).trim_start();
        }
        if let Some(rest) = text.strip_prefix('\'') {
            text = rest
                .split_once(' ')
                .map_or("", |(_, after)| after)
                .trim_start();
        }
        if text == before {
            return text;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{element_type, iterator_element_type, normalize_type};

    fn check(text: &str, expected: Option<&str>) {
        assert_eq!(
            normalize_type(text).as_deref(),
            expected,
            "normalizing {text:?}"
        );
    }

    #[test]
    fn reduces_types_to_their_nominal_path() {
        check("Cart", Some("Cart"));
        check("&mut Cart", Some("Cart"));
        check("&'a Cart", Some("Cart"));
        check("Option<Box<shapes::Circle>>", Some("shapes::Circle"));
        check("Vec<Cart>", Some("Vec"));
        check("Result<DFA, BuildError>", Some("DFA"));
        check("Optional[\"Cart\"]", Some("Cart"));
        check("models.Cart", Some("models.Cart"));
        check("Cart | null", Some("Cart"));
        check("Cart | None", Some("Cart"));
        check("HashMap<String, Vec<u8>>", Some("HashMap"));
        check("(i32, i32)", None);
        check("fn(i32) -> i32", None);
        check("dict[str, int]", Some("dict"));
        check("struct list_head", Some("list_head"));
        check("const struct file_operations", Some("file_operations"));
        check("Cart?", Some("Cart"));
        check("List<Cart>?", Some("List"));
    }

    #[test]
    fn collections_give_their_element_type() {
        let check = |text: &str, expected: Option<&str>| {
            assert_eq!(
                element_type(text).as_deref(),
                expected,
                "elements of {text:?}"
            );
        };
        check("Vec<Transition>", Some("Transition"));
        check("&'a [Transition]", Some("Transition"));
        check("[State; 4]", Some("State"));
        check("Box<[u8]>", Some("u8"));
        check("alloc::vec::Vec<Option<State>>", Some("State"));
        check("Arc<Vec<State>>", Some("State"));
        check("HashMap<String, State>", None);
        check("Transition", None);
        check("[A, B]", None);
        check("std::vector<Contour>", Some("Contour"));
        check("std::map<int, Contour>", None);
    }

    #[test]
    fn a_container_iterator_gives_its_element_type() {
        let check = |text: &str, expected: Option<&str>| {
            assert_eq!(
                iterator_element_type(text).as_deref(),
                expected,
                "element of {text:?}"
            );
        };
        check("std::vector<Contour>::const_iterator", Some("Contour"));
        check("const std::list<geo::Edge>::iterator", Some("geo::Edge"));
        check("std::vector<Contour>", None);
        check("Grid::iterator", None);
    }
}
