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
    // An array (`Cart[]`) has the array's members, not its elements'.
    if text.ends_with("[]") {
        return None;
    }
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
/// (what `for x in &c`, `c.iter()`, `c[i]` and `for (const x of c)`
/// yield). Chosen: Rust's std sequences and sets, Python's built-in and
/// `typing`/`collections.abc` sequences, sets and iterables, and
/// TypeScript's arrays, sets and iterators (its standard library's
/// `lib.es5.d.ts`, `lib.es2015.collection.d.ts`, `lib.es2015.iterable.d.ts`), and the C++ standard library's sequence
/// and set containers (`for (T &x : c)` and `c[i]`).
const ELEMENT_COLLECTIONS: &[&str] = &[
    "AbstractSet",
    "Array",
    "BTreeSet",
    "BinaryHeap",
    "Collection",
    "Deque",
    "FrozenSet",
    "HashSet",
    "Iterable",
    "IterableIterator",
    "Iterator",
    "List",
    "MutableSequence",
    "MutableSet",
    "ReadonlyArray",
    "ReadonlySet",
    "Sequence",
    "Set",
    "Vec",
    "VecDeque",
    "array",
    "deque",
    "forward_list",
    "frozenset",
    "list",
    "multiset",
    "set",
    "span",
    "unordered_multiset",
    "unordered_set",
    "vector",
];

/// Keyed collections whose second type argument is the type of the values
/// a key reaches (what `m.get(k)` yields). Chosen: TypeScript's maps
/// (`lib.es2015.collection.d.ts`).
const KEYED_COLLECTIONS: &[&str] = &["Map", "ReadonlyMap", "WeakMap"];

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

/// Wrappers looked through to the collection they hold (`Box<[T]>`,
/// `Arc<Vec<T>>`, `Optional[List[T]]`). Chosen: Rust's std smart pointers
/// and Python's `typing.Optional`.
const COLLECTION_POINTERS: &[&str] = &["Arc", "Box", "Optional", "Rc"];

/// The path of the type of the elements of the collection type `text`
/// (`Vec<Transition>`, `&[Transition]`, `[State; 4]`, `Box<[u8]>`,
/// `Transition[]`, `Map<string, Transition>`), or `None` when `text` is no
/// such collection.
pub fn element_type(text: &str) -> Option<String> {
    if text.len() > MAX_TYPE_TEXT {
        return None;
    }
    let text = strip_prefixes(text, &["&", "mut ", "const ", "*", "readonly "]);
    let text = text.trim_matches(|c| c == '"' || c == '\'');
    // `(A | null)[]` is an array; `A[] | undefined`, a union with one.
    let text = if text.ends_with("[]") {
        text
    } else {
        first_alternative(text)
    };
    if let Some(element) = text.strip_suffix("[]") {
        let element = element.trim();
        let element = element
            .strip_prefix('(')
            .and_then(|e| e.strip_suffix(')'))
            .unwrap_or(element);
        return normalize_type(element);
    }
    if let Some(inner) = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
        let element = inner.split(';').next().unwrap_or(inner);
        return normalize_type(element);
    }
    // Type arguments in `<…>` (Rust) or `[…]` (Python's `list[Command]`).
    let open = text.find(['<', '['])?;
    let close = text.rfind(['>', ']'])?;
    let base = text[..open].trim();
    let last = base.rsplit([':', '.']).next().unwrap_or(base);
    let arguments = top_level_arguments(text.get(open + 1..close)?);
    if ELEMENT_COLLECTIONS.contains(&last) {
        normalize_type(arguments.first()?)
    } else if KEYED_COLLECTIONS.contains(&last) {
        normalize_type(arguments.get(1)?)
    } else if COLLECTION_POINTERS.contains(&last) {
        element_type(arguments.first()?)
    } else {
        None
    }
}

/// Tuple types whose type arguments are their members, in order. Chosen:
/// Python's built-in `tuple` and `typing.Tuple`.
const TUPLES: &[&str] = &["Tuple", "tuple"];

/// The path of the type of member `index` of the tuple type `text`
/// (`Tuple[str, Command]`, `tuple[Cart, ...]`, also in `Optional`), or
/// `None` when `text` is no such tuple.
pub fn tuple_member(text: &str, index: usize) -> Option<String> {
    if text.len() > MAX_TYPE_TEXT {
        return None;
    }
    let text = first_alternative(text.trim().trim_matches(|c| c == '"' || c == '\''));
    let open = text.find('[')?;
    let close = text.rfind(']')?;
    let base = text[..open].trim();
    let last = base.rsplit('.').next().unwrap_or(base);
    let args = text.get(open + 1..close)?;
    if last == "Optional" {
        return tuple_member(args, index);
    }
    if !TUPLES.contains(&last) {
        return None;
    }
    let members = top_level_arguments(args);
    // `tuple[Cart, ...]`: every member is a `Cart`.
    let member = match members.as_slice() {
        [only, rest] if rest.trim() == "..." => only,
        _ => members.get(index)?,
    };
    normalize_type(member)
}

/// The top-level comma-separated arguments.
fn top_level_arguments(args: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = args;
    loop {
        let first = first_argument(rest);
        out.push(first.trim());
        match rest.get(first.len() + 1..) {
            Some(after) if first.len() < rest.len() => rest = after,
            _ => return out,
        }
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
    use super::{element_type, iterator_element_type, normalize_type, tuple_member};

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
        check("Cart[]", None);
    }

    #[test]
    fn tuples_give_their_members_by_position() {
        let text = "t.Tuple[t.Optional[str], t.Optional[Command], t.List[str]]";
        assert_eq!(tuple_member(text, 1).as_deref(), Some("Command"));
        assert_eq!(tuple_member(text, 0).as_deref(), Some("str"));
        assert_eq!(tuple_member(text, 3), None);
        assert_eq!(tuple_member("tuple[Cart, ...]", 2).as_deref(), Some("Cart"));
        assert_eq!(
            tuple_member("Optional[Tuple[A, B]]", 1).as_deref(),
            Some("B")
        );
        assert_eq!(tuple_member("list[Cart]", 0), None);
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
        check("list[Command]", Some("Command"));
        check("t.Optional[t.List[\"Parameter\"]]", Some("Parameter"));
        check("Sequence[Command] | None", Some("Command"));
        check("dict[str, Command]", None);
        check("Transition", None);
        check("[A, B]", None);
        check("Subject<T>[]", Some("Subject"));
        check("readonly Observer[]", Some("Observer"));
        check("(A | null)[]", Some("A"));
        check("Array<Subject<T>>", Some("Subject"));
        check(
            "Map<string, ObservableValue<boolean>>",
            Some("ObservableValue"),
        );
        check("Set<Reaction> | undefined", Some("Reaction"));
        check("Observer[] | null", Some("Observer"));
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
