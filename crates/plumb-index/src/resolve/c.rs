//! C's include model in resolution (C++ shares it; `cpp.rs` adds what
//! C++ adds on top): a file sees the headers it includes (`includes.rs`),
//! the linker joins a prototype to the one definition with external
//! linkage in any file, a file-level enum's enumerators are in the file's
//! scope (C++: unless it is an `enum class`), and `p->f` reaches a member as `p.f` does.

use plumb_lang::{ImportDecl, Language, ModuleSystem};
use plumb_store::model::{Resolution, SymbolKind};

use super::imports::ModuleTarget;
use super::modules::{self, ModuleLookup, Modules};
use super::signatures::declared_parameter_types;
use super::state::Resolver;
use super::systems::{DEFAULT, Rules};
use super::{FileId, Lookup, SourceFile, SymbolId, Target};
use crate::facts::{Container, DefFact};

/// The rules of C and C++ ([`super::systems`]).
pub(super) const RULES: Rules = Rules {
    index_modules: modules::c::index,
    in_file_scope: is_enumerator,
    merge_members: |resolver| {
        resolver.lift_unscoped_enumerators();
        resolver.merge_cpp_namespaces();
    },
    imported: |resolver, f, name, _, depth| resolver.included(f, name, depth),
    skips_file_globs: true,
    import_module,
    outer_scope: |resolver, _, name| linker_definition(resolver, name),
    linked_definitions,
    pointer_member_operator: Some("->"),
    subscript_keeps_type: |resolver, f| resolver.file(f).language == Language::C,
    ..DEFAULT
};

/// Whether `def` is an enumerator of an enum whose enumerators are in the
/// scope around it (C's, C++'s without `class`), declared at file level
/// or, in C, in a struct or union that is (in the field the enum types,
/// which encloses it): those are in the file's scope, beside the enum
/// (`case RED:`, not `color.RED`), since a C struct's body opens no scope
/// (liblzma's `enum sequence { SEQ_CONTROL, … } sequence;` inside a
/// coder's struct).
fn is_enumerator(file: &SourceFile, def: &DefFact) -> bool {
    if def.kind != SymbolKind::Variant {
        return false;
    }
    let Container::Def(e) = def.container else {
        return false;
    };
    let defs = &file.facts.defs;
    if !is_unscoped_enum(file, &defs[e]) {
        return false;
    }
    let mut container = defs[e].container;
    while let Container::Def(outer) = container {
        if file.language != Language::C
            || !matches!(defs[outer].kind, SymbolKind::Struct | SymbolKind::Field)
        {
            return false;
        }
        container = defs[outer].container;
    }
    container == Container::File
}

/// Whether `def` is an enum that puts its enumerators in the scope around
/// it: any C enum, a C++ enum not declared `enum class` or `enum struct`.
pub(super) fn is_unscoped_enum(file: &SourceFile, def: &DefFact) -> bool {
    def.kind == SymbolKind::Enum
        && (file.language == Language::C
            || !def.signature.as_deref().is_some_and(|signature| {
                let mut words = signature.split_whitespace().skip_while(|&w| w != "enum");
                words.next();
                matches!(words.next(), Some("class" | "struct"))
            }))
}

/// Whether `file` may hold `using` imports to search: a C file has none,
/// its imports are `#include`s, which the include closure covers.
pub(super) fn has_using_imports(file: &SourceFile) -> bool {
    file.language != Language::C
}

/// The header `#include` `decl` of file `f` names, else the namespace a
/// C++ `using` names.
fn import_module(resolver: &Resolver<'_>, f: FileId, decl: &ImportDecl) -> ModuleTarget {
    match resolver
        .modules
        .c_include(resolver.files, f.index(), &decl.module)
    {
        ModuleLookup::Found(file) => ModuleTarget::Found(Target::File(FileId(file))),
        missing => resolver
            .using_namespace(f, &decl.module)
            .unwrap_or_else(|| ModuleTarget::of_file(missing)),
    }
}

/// The linker's view of a bare name: the one definition with external
/// linkage.
fn linker_definition(resolver: &Resolver<'_>, name: &str) -> Option<Lookup> {
    let external: Vec<Target> = external_definitions(resolver, name)
        .map(Target::Sym)
        .collect();
    if external.len() == 1 {
        return Lookup::found(external, Resolution::Import);
    }
    None
}

/// C definitions (with a body, or file-level variables) of `name` with
/// external linkage, in any C file.
fn external_definitions<'s>(
    resolver: &'s Resolver<'_>,
    name: &'s str,
) -> impl Iterator<Item = SymbolId> + 's {
    resolver.named(&resolver.by_name, name).filter(move |&s| {
        let (f, _) = resolver.locate(s);
        let def = resolver.def(s);
        resolver.system(f) == ModuleSystem::CIncludes
            && def.container == Container::File
            && def.exported
            && (def.has_body || def.kind == SymbolKind::Variable)
    })
}

/// In C and C++, a call resolved to a prototype also reaches the definition the
/// linker joins it to: the one in the prototype's own file (a header's
/// `static inline` function declared above its body, or a `static`
/// prototype; a prototype with external linkage joins no `static` one),
/// else every definition with external linkage. Same-named functions of other files (zstd's
/// legacy decoders each define their own `static HUF_isError`) are not
/// joined to a prototype that has its own. Then a `static` function of
/// another source file is dropped where anything else is left: it is
/// visible only in its own translation unit (msdfgen's `save-bmp.cpp` and
/// `save-tiff.cpp` each define a `static writeValue` in one namespace).
fn linked_definitions(resolver: &Resolver<'_>, f: FileId, targets: Vec<Target>) -> Vec<Target> {
    let out = joined_prototypes(resolver, targets);
    let visible: Vec<Target> = out
        .iter()
        .copied()
        .filter(|&t| !matches!(t, Target::Sym(s) if internal_to_another_unit(resolver, f, s)))
        .collect();
    if visible.is_empty() { out } else { visible }
}

/// Source file extensions of C and C++ translation units: a `static`
/// function there is seen by no other file (headers, included anywhere,
/// are left out).
const UNIT_EXTENSIONS: [&str; 5] = [".c", ".cc", ".cpp", ".cxx", ".c++"];

/// Whether `s` is a function with internal linkage defined in a source file
/// other than `f`.
fn internal_to_another_unit(resolver: &Resolver<'_>, f: FileId, s: SymbolId) -> bool {
    let def = resolver.def(s);
    let (g, _) = resolver.locate(s);
    def.kind == SymbolKind::Function
        && !def.exported
        && g != f
        && UNIT_EXTENSIONS
            .iter()
            .any(|ext| resolver.file(g).rel.ends_with(ext))
}

/// `targets`, with each prototype's joined definitions added, and the
/// definitions of the variables a header declares.
fn joined_prototypes(resolver: &Resolver<'_>, targets: Vec<Target>) -> Vec<Target> {
    let mut out = targets.clone();
    for target in targets {
        if let Target::Sym(s) = target {
            let def = resolver.def(s);
            if def.kind == SymbolKind::Function && !def.has_body {
                let (prototype_file, _) = resolver.locate(s);
                // A prototype with external linkage is never the declaration of
                // a `static` function: where a header has both, they are
                // alternatives under `#if`s (liblzma's `check.h` declares
                // `extern void lzma_sha256_update(…);` in one branch and defines
                // a `static inline` one in the other).
                let in_file = |g: FileId| {
                    file_definitions(resolver, &def.name, g)
                        .filter(|&d| !def.exported || resolver.def(d).exported)
                        .collect::<Vec<SymbolId>>()
                };
                let mut joined = in_file(prototype_file);
                if joined.is_empty() {
                    joined = external_definitions(resolver, &def.name).collect();
                }
                for definition in same_overload(resolver, s, joined) {
                    if !out.contains(&Target::Sym(definition)) {
                        out.push(Target::Sym(definition));
                    }
                }
            } else if is_header_variable(resolver, s) {
                for definition in external_definitions(resolver, &def.name) {
                    let in_unit = !is_header_variable(resolver, definition);
                    if in_unit && !out.contains(&Target::Sym(definition)) {
                        out.push(Target::Sym(definition));
                    }
                }
            }
        }
    }
    out
}

/// Whether `s` is a file-level variable with external linkage declared in
/// a header: an `extern` declaration (`extern const uint8_t
/// lzma_fastpos[…];`), which the linker joins to the definition of its
/// name in a source file, as it joins a prototype.
fn is_header_variable(resolver: &Resolver<'_>, s: SymbolId) -> bool {
    let def = resolver.def(s);
    let (g, _) = resolver.locate(s);
    def.kind == SymbolKind::Variable
        && def.exported
        && def.container == Container::File
        && !UNIT_EXTENSIONS
            .iter()
            .any(|ext| resolver.file(g).rel.ends_with(ext))
}

/// Of the `definitions` a prototype `s` may be joined to, those of its
/// overload (the same parameter types) where `s` is C++ and any is; else
/// all of them. msdfgen declares `scanlineSDF` six times, for bitmaps of
/// one, three and four channels, and each prototype has one definition.
fn same_overload(
    resolver: &Resolver<'_>,
    s: SymbolId,
    definitions: Vec<SymbolId>,
) -> Vec<SymbolId> {
    let (f, _) = resolver.locate(s);
    if resolver.file(f).language != Language::Cpp || definitions.len() < 2 {
        return definitions;
    }
    let types = |d: SymbolId| {
        let def = resolver.def(d);
        declared_parameter_types(def.signature.as_deref()?, &def.name)
    };
    let Some(wanted) = types(s) else {
        return definitions;
    };
    let same: Vec<SymbolId> = definitions
        .iter()
        .copied()
        .filter(|&d| types(d).as_ref() == Some(&wanted))
        .collect();
    if same.is_empty() { definitions } else { same }
}

/// The file-level C functions with a body called `name` in file `g`,
/// whatever their linkage.
fn file_definitions<'s>(
    resolver: &'s Resolver<'_>,
    name: &'s str,
    g: FileId,
) -> impl Iterator<Item = SymbolId> + 's {
    resolver.named(&resolver.by_name, name).filter(move |&s| {
        let def = resolver.def(s);
        resolver.locate(s).0 == g
            && def.container == Container::File
            && def.kind == SymbolKind::Function
            && def.has_body
    })
}

/// The files each C or C++ file's `#include`s name in the index, in order
/// (empty for other files): computed once, since closures read them again
/// and again.
pub(super) fn include_targets(files: &[SourceFile], modules: &Modules) -> Vec<Vec<FileId>> {
    files
        .iter()
        .enumerate()
        .map(|(f, file)| {
            if file.language.spec().module_system != ModuleSystem::CIncludes {
                return Vec::new();
            }
            file.facts
                .imports
                .iter()
                .filter_map(|decl| match modules.c_include(files, f, &decl.module) {
                    ModuleLookup::Found(h) => Some(FileId(h)),
                    ModuleLookup::Missing | ModuleLookup::External => None,
                })
                .collect()
        })
        .collect()
}
