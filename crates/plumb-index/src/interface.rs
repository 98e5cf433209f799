//! A file's interface: the part of its extracted facts that resolving any
//! *other* file can read. When an edit leaves every changed file's
//! interface as it was, no other file's rows can change, so only the
//! changed files need resolving again (the early cutoff of an incremental
//! run).
//!
//! What the resolver reads of a file `g` while resolving another file:
//! - its definitions (names, kinds, containers, visibility, bodies,
//!   signatures, return types, parameter counts) and their order, since a
//!   symbol's id is its ordinal in `g`;
//! - its impl blocks (self type, container) and which definitions are
//!   extensions ([`FileFacts::is_extension`]);
//! - its inheritance sites (they give types their bases);
//! - its imports (re-exports, and the names a type annotation in `g` is
//!   resolved through) and its declared package;
//! - bindings scoped to `g`'s top level or to a type (module variables,
//!   fields, attributes);
//! - through annotations read in `g`'s scopes (return types, aliases,
//!   fields), the locals and bindings of a function, but only when
//!   something other files read sits inside a function (a nested
//!   definition or impl block): annotations are read at the container of
//!   what they annotate.
//!
//! Never read from elsewhere: positions (other files' rows name `g`'s
//! symbols by ordinal), doc comments and impl headers (only `g`'s own
//! symbol rows show them), reference sites other than inheritance, a
//! function's own bindings and locals, conditional code (it only hides
//! `g`'s own references), the syntax error count.

use plumb_lang::ImportDecl;
use plumb_store::model::{OccurrenceKind, SymbolKind};
use serde::Serialize;

use crate::facts::{BindingFact, Container, FileFacts, LocalFact};

/// A hash of the interface of a file with `facts`: equal hashes mean no
/// other file's resolution can tell the two apart.
pub fn interface_hash(facts: &FileFacts) -> [u8; 32] {
    let encoded = postcard::to_stdvec(&Interface::of(facts)).unwrap_or_default();
    *blake3::hash(&encoded).as_bytes()
}

#[derive(Serialize)]
struct Interface<'a> {
    package: Option<&'a str>,
    defs: Vec<DefView<'a>>,
    impls: Vec<ImplView<'a>>,
    inheritance: Vec<InheritanceView<'a>>,
    imports: Vec<ImportView<'a>>,
    bindings: Vec<&'a BindingFact>,
    locals: Vec<&'a LocalFact>,
}

#[derive(Serialize)]
struct DefView<'a> {
    name: &'a str,
    kind: SymbolKind,
    container: Container,
    exported: bool,
    has_body: bool,
    signature: Option<&'a str>,
    return_type: Option<&'a str>,
    parameters: Option<u32>,
    extension: bool,
}

#[derive(Serialize)]
struct ImplView<'a> {
    self_type: &'a str,
    container: Container,
}

#[derive(Serialize)]
struct InheritanceView<'a> {
    name: &'a str,
    kind: OccurrenceKind,
    receiver: Option<&'a str>,
    path: Option<&'a str>,
    container: Container,
    arguments: Option<u32>,
}

#[derive(Serialize)]
struct ImportView<'a> {
    module: &'a str,
    name: Option<&'a str>,
    local: Option<&'a str>,
    glob: bool,
    reexport: bool,
}

impl<'a> Interface<'a> {
    fn of(facts: &'a FileFacts) -> Self {
        let function_scopes_visible = facts.function_scopes_visible();
        Interface {
            package: facts.package.as_deref(),
            defs: facts
                .defs
                .iter()
                .map(|d| DefView {
                    name: &d.name,
                    kind: d.kind,
                    container: d.container,
                    exported: d.exported,
                    has_body: d.has_body,
                    signature: d.signature.as_deref(),
                    return_type: d.return_type.as_deref(),
                    parameters: d.parameters,
                    extension: facts.is_extension(d),
                })
                .collect(),
            impls: facts
                .impls
                .iter()
                .map(|i| ImplView {
                    self_type: &i.self_type,
                    container: i.container,
                })
                .collect(),
            inheritance: facts
                .refs
                .iter()
                .filter(|r| r.is_inheritance())
                .map(|r| InheritanceView {
                    name: &r.name,
                    kind: r.kind,
                    receiver: r.receiver.as_deref(),
                    path: r.path.as_deref(),
                    container: r.container,
                    arguments: r.arguments,
                })
                .collect(),
            imports: facts.imports.iter().map(ImportView::of).collect(),
            bindings: facts
                .bindings
                .iter()
                .filter(|b| function_scopes_visible || !facts.is_function(b.scope))
                .collect(),
            locals: if function_scopes_visible {
                facts.locals.iter().collect()
            } else {
                Vec::new()
            },
        }
    }
}

impl<'a> ImportView<'a> {
    fn of(decl: &'a ImportDecl) -> Self {
        ImportView {
            module: &decl.module,
            name: decl.name.as_deref(),
            local: decl.local.as_deref(),
            glob: decl.glob,
            reexport: decl.reexport,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::extract;
    use plumb_lang::Language;
    use plumb_lang::tree_sitter::Parser;

    fn interface_of(language: Language, source: &str) -> [u8; 32] {
        let mut parser = Parser::new();
        parser.set_language(&language.grammar()).unwrap();
        let tree = parser.parse(source, None).unwrap();
        let facts = extract(language, &tree, &[], source).unwrap();
        interface_hash(&facts)
    }

    const CART: &str = "from m import Base\n\nclass Cart(Base):\n    def total(self) -> int:\n        count = helper(self.items)\n        return count\n";

    #[test]
    fn comments_moves_and_body_edits_keep_the_interface() {
        let python = |source: &str| interface_of(Language::Python, source);
        let before = python(CART);
        assert_eq!(python(&format!("# a comment\n\n{CART}")), before);
        assert_eq!(
            python(&CART.replace(
                "count = helper(self.items)",
                "n = other(2)\n        count = n"
            )),
            before
        );
    }

    #[test]
    fn definitions_signatures_imports_and_bases_change_the_interface() {
        let python = |source: &str| interface_of(Language::Python, source);
        let before = python(CART);
        for changed in [
            CART.replace("-> int", "-> str"),
            CART.replace("def total", "def grand_total"),
            CART.replace("import Base", "import Base as Root"),
            CART.replace("Cart(Base)", "Cart(object)"),
            format!("{CART}\ndef added():\n    pass\n"),
            CART.replace(
                "        return count\n",
                "        def inner():\n            pass\n        return count\n",
            ),
        ] {
            assert_ne!(python(&changed), before, "{changed}");
        }
    }

    #[test]
    fn a_functions_locals_count_only_when_something_is_defined_inside_it() {
        let rust = |source: &str| interface_of(Language::Rust, source);
        let plain = "fn make() -> Cart {\n    Cart::new()\n}\n";
        let with_local = "fn make() -> Cart {\n    let Cart = 1;\n    Cart::new()\n}\n";
        assert_eq!(rust(plain), rust(with_local));
        let nested =
            "fn make() -> Cart {\n    struct Cart;\n    fn inner() -> Cart { Cart }\n    Cart\n}\n";
        let nested_with_local = "fn make() -> Cart {\n    let x = 1;\n    struct Cart;\n    fn inner() -> Cart { Cart }\n    Cart\n}\n";
        assert_ne!(rust(nested), rust(nested_with_local));
    }
}
