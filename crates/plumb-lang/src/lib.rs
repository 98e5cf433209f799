//! The languages plumb understands, as data: which file extensions map to
//! which language, the tree-sitter grammar for each (`language.rs`), and
//! each language's extraction spec — a tree-sitter query
//! (`queries/<lang>/*.scm`) plus a [`Spec`] row (`spec.rs`, with the
//! builtins of `builtins.rs`) naming the node kinds the extractor reads —
//! and, where neither can say it, the language's row of hooks
//! (`hooks.rs`: a table of functions with defaults, each language's row in
//! the module named after it: imports, package, export rules, macro
//! arguments, docstrings, …). It also holds the one parse engine
//! (`parser.rs`): the per-thread parser pool and the timed parse, shared
//! by every reader of these grammars.
//!
//! This crate knows no SQL, no file system and no resolution: it
//! describes and parses syntax. The extractor in `plumb-index` runs the
//! queries (with [`Patterns`], this crate's matcher for them) and reads the
//! captures by name; the names are the contract:
//!
//! | capture | on | meaning |
//! |---|---|---|
//! | `@definition.<kind>` | the whole definition | a symbol of `<kind>` (a store `SymbolKind` text form) |
//! | `@name` | an identifier | the defined or referenced name |
//! | `@scope.impl` | an `impl` block | a container whose members belong to the type captured as `@name` (or named by the qualifier of `@path`, as for a C++ out-of-line member `void Shape::area() {}`, whose impl block is the definition itself) |
//! | `@reference.<kind>` | the reference | an occurrence of `<kind>` (a store `OccurrenceKind` text form) |
//! | `@receiver` | an expression | the object a member is reached through (`self`, `cart`, `mod`); an object literal passed as an argument (`Language::argument_site`) for its keys, typed by the parameter |
//! | `@path` | a path | the qualifier of a scoped name (`crate::a` in `crate::a::f()`); on the whole scoped name around `@name` (`a::b::f`), the text before the name (`a::b`) |
//! | `@binding` | a declaration | a name that gets a type from an annotation or a constructor |
//! | `@binding.name` | a pattern | the bound local (or `self.x` / `this.x` attribute) |
//! | `@binding.field` | a field name | the bound member of the enclosing class (`this.<name>`) |
//! | `@binding.type` | a type | the annotated type |
//! | `@binding.value` | an expression | the initializer, whose type the resolver infers |
//! | `@binding.unpack` | an expression | a call returning a tuple: the bound name, one of a tuple of targets, takes the member at its position (`a, b = f()`) |
//! | `@binding.return` | a call | what a function returns, in a `return` of its body: the function's name, bound as `name()`, takes the call's type |
//! | `@binding.element` | an expression | a collection: the bound name takes the type of its elements (`for x in xs`) |
//! | `@binding.indexed` | a declarator | the bound name is a pointer or an array: its elements (`p[i]`) take the annotated type, which it points to or holds |
//! | `@binding.pattern` | a type path | a pattern's struct or variant: the bound name takes the field it matches, by name or position (`Value::Number(n)`) |
//! | `@binding.position` | a type | a positional field of the enclosing struct or variant, bound by its position (`self.0`) |
//! | `@skip` | a pattern around `@name` | the name is no reference (an assignment target): earlier than the reference patterns it silences |
//! | `@local.definition` | a definition, beside its `@definition.<kind>` | the definition is local to the enclosing one (an object literal's method passed as an argument): no symbol, its code belongs to the enclosing definition |
//! | `@overload` | a definition, beside its `@definition.<kind>` | a signature without a body: with the same-named definitions of its kind right after it in its scope, one symbol, named at the first signature (TypeScript overloads) |
//! | `@accessor` | a definition, beside its `@definition.<kind>` | a property's setter or deleter (Python's `@x.setter def x`): with the same-named definition of its kind right before it in its scope, one symbol, named at that first definition, whose span runs on to the accessor's end; the accessor's name is a write of it |
//! | `@scope.outer` | a reference's node or a node around its name | the name is looked up in the scope around its container, not in the container itself (a decorator: Python's `@x.setter` reads the class body's `x`) |
//! | `@callback.param` | an identifier | an untyped parameter of a function passed as an argument: typed from the callee's signature |
//! | `@template` | a node | its contents are a template, not code (`macro_rules!` bodies): no reference inside is recorded |
//! | `@local` | an identifier | a name declared local to the enclosing function (parameter, assignment target, pattern) |
//! | `@context`, `@value` | any node | matched only to constrain the pattern (text predicates, token anchors) |

mod ancestry;
mod builtins;
mod c;
mod c_attributes;
mod cpp;
mod csharp;
mod ecma;
mod go;
mod hooks;
mod imports;
mod java;
mod kotlin;
mod language;
mod parser;
mod patterns;
mod php;
mod python;
mod ruby;
mod rust;
mod spec;
mod swift;

pub use ancestry::Ancestry;
pub use hooks::{
    ArgumentSite, CallbackSite, FileHooks, ListKind, MacroArguments, NarrowedReceiver,
};
pub use imports::{ConditionalCode, ImportDecl, ModulePath};
pub use language::{EXTENSIONS, Language, QueryError, header_language};
pub use parser::{ParseError, discard_thread_parsers, parse_ranges_timed, parse_timed};
pub use patterns::{Capture, FlatTree, PatternError, Patterns};
pub use spec::{DocStyle, ListSyntax, ModuleSystem, PackageKeys, Spec};
pub use tree_sitter;

/// Parses `code` as `language`, for the hook modules' tests.
#[cfg(test)]
pub(crate) fn test_parse(language: Language, code: &str) -> tree_sitter::Tree {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&language.grammar())
        .expect("every grammar loads");
    parser
        .parse(code, None)
        .expect("no timeout or cancellation is set")
}

/// The first node in pre-order under `root` of `kind` whose text is `text`,
/// for the hook modules' tests.
#[cfg(test)]
pub(crate) fn test_node<'t>(
    root: tree_sitter::Node<'t>,
    source: &str,
    kind: &str,
    text: &str,
) -> tree_sitter::Node<'t> {
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        if node.kind() == kind && &source[node.byte_range()] == text {
            return node;
        }
        let mut cursor = node.walk();
        let children: Vec<_> = node.children(&mut cursor).collect();
        stack.extend(children.into_iter().rev());
    }
    panic!("no {kind} {text:?} in {source:?}");
}
