//! Rust's crate module trees in resolution: `mod x;` stands for the module
//! file it declares, paths start at `crate`, `self`, `super` or `Self`, a
//! bare name or a `use` with no module names a workspace crate, and
//! `Type { … }` constructs a `Type`.

use plumb_lang::ImportDecl;
use plumb_store::model::{Resolution, SymbolKind};

use super::imports::ModuleTarget;
use super::modules;
use super::state::Resolver;
use super::systems::{DEFAULT, Rules};
use super::{FileId, Lookup, SymbolId, Target};
use crate::facts::Container;

/// Rust's rules ([`super::systems`]).
pub(super) const RULES: Rules = Rules {
    index_modules: modules::rust::index,
    qualified_prefix: modules::rust::qualified_prefix,
    module_file,
    submodule,
    import_module,
    missing_module_import,
    path_head,
    skipped_path_segment: Some("super"),
    outer_scope: |resolver, _, name| crate_root(resolver, name),
    struct_literals: true,
    first_argument_dispatch: true,
    ..DEFAULT
};

/// A `mod x;` declaration stands for the module file it declares: the one
/// its crate's module tree reached through it, else the one its path
/// names in the crate.
fn module_file(resolver: &Resolver<'_>, s: SymbolId) -> Option<FileId> {
    let (f, d) = resolver.locate(s);
    let def = resolver.def(s);
    if def.kind != SymbolKind::Module || def.has_body {
        return None;
    }
    let declared = modules::rust::declared_segments(&resolver.file(f).facts, d)
        .and_then(|segments| resolver.modules.rust_declared_file(f.index(), segments));
    if let Some(file) = declared {
        return Some(FileId(file));
    }
    let mut segments = resolver.modules.rust_path[f.index()]
        .as_ref()?
        .segments
        .clone();
    segments.push(def.name.to_string());
    module_file_at(resolver, f, &segments)
}

/// The module file `name` below module file `g`.
fn submodule(resolver: &Resolver<'_>, g: FileId, name: &str) -> Option<FileId> {
    let path = resolver.modules.rust_path[g.index()].as_ref()?;
    let mut segments = path.segments.clone();
    segments.push(name.to_owned());
    module_file_at(resolver, g, &segments)
}

/// What the module path of `use` declaration `decl` of file `f` names.
fn import_module(resolver: &Resolver<'_>, f: FileId, decl: &ImportDecl) -> ModuleTarget {
    if decl.module.is_empty() {
        return ModuleTarget::Missing;
    }
    let segments: Vec<&str> = decl.module.split("::").collect();
    match resolver.resolve_path(f, Container::File, &segments) {
        Some(lookup) if lookup.external => ModuleTarget::External,
        Some(lookup) => lookup
            .targets
            .first()
            .map_or(ModuleTarget::Missing, |&t| ModuleTarget::Found(t)),
        None => ModuleTarget::Missing,
    }
}

/// `use foo;` names a workspace crate, or an external one.
fn missing_module_import(resolver: &Resolver<'_>, decl: &ImportDecl, name: &str) -> Lookup {
    if !decl.module.is_empty() {
        return Lookup::unresolved();
    }
    match resolver.modules.rust_crate_root(name) {
        Some(root) => Lookup {
            targets: vec![Target::File(FileId(root))],
            ..Lookup::unresolved()
        },
        None => Lookup::external(),
    }
}

/// The root file of the workspace crate `name`, as a bare name means it.
fn crate_root(resolver: &Resolver<'_>, name: &str) -> Option<Lookup> {
    let root = resolver.modules.rust_crate_root(name)?;
    Lookup::found(vec![Target::File(FileId(root))], Resolution::Import)
}

/// What the head of a path means: the module or type an anchor
/// (`crate`, `self`, `super`, `Self`) stands for, else a bare name.
fn path_head(resolver: &Resolver<'_>, f: FileId, c: Container, head: &str) -> Option<Lookup> {
    if !matches!(head, "crate" | "self" | "super" | "Self") {
        return resolver.lookup_bare(f, c, head);
    }
    let own = resolver.modules.rust_path[f.index()]
        .as_ref()?
        .segments
        .clone();
    let segments = match head {
        "crate" => Vec::new(),
        "self" => own,
        "super" => {
            let mut parent = own;
            parent.pop()?;
            parent
        }
        _ => {
            let ty = resolver.enclosing_type(f, c)?;
            return Lookup::found(vec![Target::Sym(ty)], Resolution::Scope);
        }
    };
    let file = module_file_at(resolver, f, &segments)?;
    Lookup::found(vec![Target::File(file)], Resolution::Scope)
}

/// The file of module `segments` in the crate of file `f`.
fn module_file_at(resolver: &Resolver<'_>, f: FileId, segments: &[String]) -> Option<FileId> {
    let file = resolver.modules.rust_module_file(f.index(), segments)?;
    Some(FileId(file))
}
