//! Constructors: which symbols are a class's constructor, so that a
//! construction site (`new X(…)`, Kotlin's and Python's `X(…)`) counts as
//! a call of it.

use plumb_store::model::SymbolKind;

/// Names a constructor has: Python's, JavaScript's and TypeScript's (and
/// Kotlin's secondary constructors), Ruby's, Swift's, PHP's; elsewhere
/// (Java, C#, C++) the class's own name. From each language's reference.
const CONSTRUCTORS: &[&str] = &[
    "__init__",
    "__new__",
    "constructor",
    "initialize",
    "init",
    "__construct",
];

/// Whether a symbol named `name` inside a symbol named `parent` of kind
/// `parent_kind` is that type's constructor.
pub(crate) fn is_constructor(name: &str, parent: &str, parent_kind: SymbolKind) -> bool {
    parent_kind.is_type() && (CONSTRUCTORS.contains(&name) || name == parent)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constructors_are_told_by_name_and_owner() {
        assert!(is_constructor("constructor", "Cart", SymbolKind::Class));
        assert!(is_constructor("Cart", "Cart", SymbolKind::Class));
        assert!(is_constructor("__construct", "Cart", SymbolKind::Class));
        assert!(!is_constructor("total", "Cart", SymbolKind::Class));
        assert!(!is_constructor("constructor", "make", SymbolKind::Function));
    }
}
