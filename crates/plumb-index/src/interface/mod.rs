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
//!   resolved through), its declared package and the files its module
//!   declarations name by path (they place those files in module trees);
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

use plumb_lang::{ImportDecl, ModulePath};
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
    module_paths: &'a [ModulePath],
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
            module_paths: &facts.module_paths,
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
mod python_tests;
#[cfg(test)]
mod rust_tests;
