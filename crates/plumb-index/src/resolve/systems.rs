//! The one dispatch point on the module system: each [`ModuleSystem`]'s
//! rules, a table of functions and switches with defaults, read by the
//! language-neutral steps wherever module systems differ. The functions
//! live in the files named after their module system or language
//! (`python.rs`, `ecma.rs`, `rust.rs`, `c.rs`, `cpp.rs`, `packages.rs`,
//! `go.rs`, `kotlin.rs`, and `modules/` for module naming);
//! a module system names only what it does differently ([`DEFAULT`]).

use plumb_lang::{ImportDecl, ModuleSystem};

use super::imports::ModuleTarget;
use super::modules::{Manifests, Modules};
use super::state::Resolver;
use super::{FileId, Lookup, SourceFile, SymbolId, Target, c, ecma, packages, python, rust};
use crate::facts::{Container, DefFact};

/// What a module system does differently from the others, at each step of
/// naming modules and of resolution that asks.
pub(super) struct Rules {
    /// Records, in `Modules`, the module of each of the files that belong to
    /// the module system (its names, its place in a tree), in file order.
    pub(super) index_modules: fn(&mut Modules, &[SourceFile], &Manifests),
    /// The qualified-name prefix of the definitions of file `i`.
    pub(super) qualified_prefix: fn(&Modules, &[SourceFile], usize) -> String,
    /// Whether a definition below its file's top level is in the file's
    /// scope all the same (C's enumerators of a file-level enum).
    pub(super) in_file_scope: fn(&SourceFile, &DefFact) -> bool,
    /// Whether a definition is a member of its file's package besides
    /// (Kotlin's extension functions, imported by name).
    pub(super) package_extension: fn(&SourceFile, &DefFact) -> bool,
    /// Joins, once members are indexed, the members of what the module
    /// system's files define in several blocks (C++'s open namespaces).
    pub(super) merge_members: fn(&mut Resolver<'_>),
    /// Implementations no site states, as (type, interface), once bases
    /// are linked (Go's implicit interfaces).
    pub(super) implied_implementations: fn(&Resolver<'_>) -> Vec<(SymbolId, SymbolId)>,
    /// Whether a type defined twice under one qualified name is one type
    /// reopened (its parts share members and bases), not redeclared.
    pub(super) reopens_types: bool,
    /// The module file a definition stands for (Rust's `mod x;`).
    pub(super) module_file: fn(&Resolver<'_>, SymbolId) -> Option<FileId>,
    /// The module file `name` names as a submodule of module file `g`.
    pub(super) submodule: fn(&Resolver<'_>, FileId, &str) -> Option<FileId>,
    /// Whether a module shows importers only what it re-exports
    /// (ECMAScript), rather than every name it imports.
    pub(super) shows_only_reexports: bool,
    /// What `name` means through the imports of file `f` (searched
    /// `depth` links deep; with `reexports_only`, only through the imports
    /// importers of `f` can see).
    pub(super) imported: fn(&Resolver<'_>, FileId, &str, bool, usize) -> Option<Lookup>,
    /// Whether a glob import of a module file is skipped by the import
    /// search, since [`Rules::imported`] reaches those files another way
    /// (C's include closure).
    pub(super) skips_file_globs: bool,
    /// The module the module text of import `decl` of file `f` names.
    pub(super) import_module: fn(&Resolver<'_>, FileId, &ImportDecl) -> ModuleTarget,
    /// What import `decl` of file `f`, binding `name`, denotes when its
    /// module text names no module found.
    pub(super) missing_module_import: fn(&Resolver<'_>, &ImportDecl, &str) -> Lookup,
    /// What the first segment of a path means inside container `c` of file
    /// `f`: a bare name ([`Resolver::lookup_bare`]) unless the module system
    /// anchors paths (Rust's `crate`, `self`, `super`, `Self`).
    pub(super) path_head: fn(&Resolver<'_>, FileId, Container, &str) -> Option<Lookup>,
    /// A path segment that names no step (Rust's `super` past the head).
    pub(super) skipped_path_segment: Option<&'static str>,
    /// What a bare name means in file `f` when neither its scopes, its top
    /// level nor its imports define it: a crate, a package's member, the
    /// linker's one definition.
    pub(super) outer_scope: fn(&Resolver<'_>, FileId, &str) -> Option<Lookup>,
    /// The targets a site resolved to, with what the toolchain joins them
    /// to (C: a prototype's definition, found by the linker).
    pub(super) linked_definitions: fn(&Resolver<'_>, FileId, Vec<Target>) -> Vec<Target>,
    /// An operator reaching a member through a pointer (C's `->`), read
    /// in a qualifier as `.`.
    pub(super) pointer_member_operator: Option<&'static str>,
    /// Whether an element of a name in file `f` (`p[i]`) has the name's
    /// own type: a C pointer's or array's binding is its pointee's or its
    /// element's type (`worker *threads` binds `threads` to `worker`).
    pub(super) subscript_keeps_type: fn(&Resolver<'_>, FileId) -> bool,
    /// Whether `Type { … }` is a value of `Type` (Rust's struct literals).
    pub(super) struct_literals: bool,
    /// Whether a call through a path the repository does not define calls
    /// the method of its first argument's type when that type has one
    /// (Rust's `Display::fmt(&self.code, f)` calls the `fmt` of
    /// `impl Display for` the code's type).
    pub(super) first_argument_dispatch: bool,
    /// Whether code written directly in a class body (a class attribute's
    /// value, a method's decorator) sees the names the body defines, as
    /// Python's class scope does; functions inside the body do not.
    pub(super) class_body_scope: bool,
    /// Whether an unannotated parameter of a method takes the annotation
    /// of the same parameter of the method it overrides, as pyright infers
    /// Python's.
    pub(super) inherited_parameter_types: bool,
    /// Whether a class's field declared without a value (`items: Item[]`)
    /// holds no code, so that the types written in it are dependencies of
    /// the class, as scip-typescript and the TypeScript compiler see a
    /// property declaration; a field with a value encloses its value.
    pub(super) bare_fields_hold_no_code: bool,
    /// Whether a name bound more than once in a scope is typed as Python
    /// rebinds names: by the value assigned to it when its annotation names
    /// no type (`proxy = Proxy(proxy) if … else proxy`), and through
    /// `url = url.copy_with()`, which reads `url` itself, by what the method
    /// returns on the type of `url`'s earlier bindings.
    pub(super) rebound_names: bool,
    /// Whether a method's `self.x = …` declares an instance attribute of
    /// its class, which hides a base's attribute `x` from member lookup
    /// (Python's, as pyright reads a subclass setting `self.name`).
    pub(super) instance_attributes: bool,
}

/// The rules of a module system that does nothing differently.
pub(super) const DEFAULT: Rules = Rules {
    index_modules: |_, _, _| {},
    // One global namespace (C's): a definition's name is its qualified name.
    qualified_prefix: |_, _, _| String::new(),
    in_file_scope: |_, _| false,
    package_extension: |_, _| false,
    merge_members: |_| {},
    implied_implementations: |_| Vec::new(),
    reopens_types: false,
    module_file: |_, _| None,
    submodule: |_, _, _| None,
    shows_only_reexports: false,
    imported: |resolver, f, name, reexports_only, depth| {
        resolver.own_imports(f, name, reexports_only, depth)
    },
    skips_file_globs: false,
    import_module: |_, _, _| ModuleTarget::Missing,
    missing_module_import: |_, _, _| Lookup::unresolved(),
    path_head: |resolver, f, c, head| resolver.lookup_bare(f, c, head),
    skipped_path_segment: None,
    outer_scope: |_, _, _| None,
    linked_definitions: |_, _, targets| targets,
    pointer_member_operator: None,
    subscript_keeps_type: |_, _| false,
    struct_literals: false,
    first_argument_dispatch: false,
    class_body_scope: false,
    inherited_parameter_types: false,
    bare_fields_hold_no_code: false,
    rebound_names: false,
    instance_attributes: false,
};

/// Every module system's rules.
pub(super) const ALL: [&Rules; 5] = [
    &python::RULES,
    &ecma::RULES,
    &rust::RULES,
    &c::RULES,
    &packages::RULES,
];

/// The rules of `system`.
pub(super) fn rules(system: ModuleSystem) -> &'static Rules {
    match system {
        ModuleSystem::PythonPackages => &python::RULES,
        ModuleSystem::EcmaFiles => &ecma::RULES,
        ModuleSystem::RustCrates => &rust::RULES,
        ModuleSystem::CIncludes => &c::RULES,
        ModuleSystem::Packages(_) => &packages::RULES,
    }
}
