//! Resolution: ties every reference site to the definitions it can mean, in
//! the order DESIGN.md gives, recording how each was decided:
//!
//! 1. lexical scope — enclosing functions and modules, the file's top
//!    level, and members reached through `self`/`this`/`Self`;
//! 2. imports and module paths, following re-exports and globs;
//! 3. receiver types — a local or attribute typed by an annotation or a
//!    constructor call, walking up base classes and supertraits;
//! 4. name only — every plausible definition of the name, at low
//!    confidence, never one picked at random.
//!
//! The steps are language-neutral: [`link`] makes the whole-graph passes
//! (`linking.rs`) over the resolver's tables (`state.rs`), and
//! [`Linked::file_rows`] resolves one file's sites (`sites.rs`) through
//! its scopes (`scopes.rs`), imports and paths (`imports.rs`), members
//! (`members.rs`) and types (`types.rs`), and gives its rows (`emit.rs`).
//! Language knowledge comes from [`plumb_lang::Spec`] and from each module
//! system's rules, reached through one table (`systems.rs`) whose
//! functions live in files named after their module system or language
//! (`python.rs`, `ecma.rs`, `rust.rs`, `c.rs`, `cpp.rs`, `packages.rs`,
//! `go.rs`, `kotlin.rs`; module naming in [`modules`]).

mod apart;
mod c;
pub mod cfg;
mod cpp;
mod ecma;
mod emit;
mod go;
mod imports;
mod includes;
mod kotlin;
mod linking;
mod members;
mod memo;
pub mod modules;
mod names;
mod packages;
mod python;
mod rust;
mod scopes;
mod signatures;
mod sites;
mod state;
mod systems;
mod types;

use std::sync::Arc;

use foldhash::{HashMap, HashMapExt};

use plumb_lang::Language;
use plumb_store::model::{OccurrenceKind, Resolution};
use plumb_store::records::{ImportRecord, OccurrenceRecord, ResolutionRecord, SymbolRecord};

use crate::facts::{Apart, FileFacts};
use apart::FileApart;
use modules::Manifests;
use state::Resolver;

/// Confidence of a scope resolution. Chosen: lexical binding is what the
/// compiler does; only dynamic rebinding (monkey-patching) defeats it.
pub const SCOPE_CONFIDENCE: f64 = 0.95;
/// Confidence of a resolution through imports. Chosen: exact unless a
/// module resolves to another file than the runtime's (path tricks).
pub const IMPORT_CONFIDENCE: f64 = 0.9;
/// Confidence of a member of the receiver's annotated or constructed type.
/// Chosen: a reassignment of the local to another type defeats it.
pub const RECEIVER_CONFIDENCE: f64 = 0.85;
/// Confidence of a member found on a base type. Chosen: a subclass
/// override the receiver's static type does not show defeats it.
pub const INHERITANCE_CONFIDENCE: f64 = 0.8;
/// Confidence of each of a type's same-named members written in different
/// impl blocks (a trait implemented for `Map` and for `&Map`): the call
/// reaches one, which plumb cannot tell. Chosen: below the 0.8 that reads as
/// a fact, above the name-only guesses.
pub const AMBIGUOUS_MEMBER_CONFIDENCE: f64 = 0.6;
/// Confidence of the only definition with the name. Chosen: below every
/// resolved method, so a guess never passes for a fact.
pub const NAME_ONLY_UNIQUE_CONFIDENCE: f64 = 0.4;
/// Confidence of each of several definitions with the name. Chosen.
pub const NAME_ONLY_AMBIGUOUS_CONFIDENCE: f64 = 0.2;
/// More name-only candidates than this and the site stays unresolved: a
/// name defined that often (`new`, `get`) tells nothing. Chosen.
pub const MAX_NAME_ONLY_CANDIDATES: usize = 16;
/// Deepest chain of re-exports, globs or base types followed. Chosen:
/// real chains are a few links long; this bounds cycles and pathologies.
const MAX_CHAIN: usize = 16;

/// One indexed file, as the resolver receives it.
#[derive(Debug)]
pub struct SourceFile {
    /// Its row id in the store.
    pub file_id: i64,
    /// Path relative to the root.
    pub rel: String,
    /// Language.
    pub language: Language,
    /// What extraction found, less what only the file's own resolution
    /// reads ([`FileFacts::set_apart`]): that is held apart until the file
    /// is resolved ([`Linked::file_rows`]).
    pub facts: FileFacts,
}

impl SourceFile {
    /// A file with the facts extraction gave, and what was set apart of
    /// them, encoded ([`FileFacts::set_apart`]).
    pub fn new(
        file_id: i64,
        rel: String,
        language: Language,
        mut facts: FileFacts,
    ) -> (Self, Vec<u8>) {
        let apart = facts.set_apart();
        let file = SourceFile {
            file_id,
            rel,
            language,
            facts,
        };
        (file, apart)
    }
}

/// A symbol: its place among the definitions of every file, numbered file
/// by file, a file's in definition order ([`Resolver::sym_of`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct SymbolId(usize);

impl SymbolId {
    /// Its index in the resolver's tables of symbols.
    fn index(self) -> usize {
        self.0
    }
}

/// A file: its place among the resolver's files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct FileId(usize);

impl FileId {
    /// Its index in the resolver's tables of files.
    fn index(self) -> usize {
        self.0
    }
}

/// Candidate targets of one site: symbol, method, confidence.
type Candidates = Vec<(SymbolId, Resolution, f64)>;

/// What a name denotes while resolving: a definition, a module file, or a
/// package of a package-based module system.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Target {
    Sym(SymbolId),
    File(FileId),
    Package(usize),
}

/// The result of one lookup step.
#[derive(Clone, Debug)]
struct Lookup {
    targets: Vec<Target>,
    method: Resolution,
    /// The name is bound to something outside the repository.
    external: bool,
    /// The name is a local of an enclosing function (a parameter, an
    /// assignment target): no definition, but its type may be known.
    local: bool,
}

impl Lookup {
    fn found(targets: Vec<Target>, method: Resolution) -> Option<Lookup> {
        (!targets.is_empty()).then_some(Lookup {
            targets,
            method,
            external: false,
            local: false,
        })
    }

    fn external() -> Lookup {
        Lookup {
            targets: Vec::new(),
            method: Resolution::Import,
            external: true,
            local: false,
        }
    }

    /// An import that leads nowhere known (a cycle, a missing module).
    fn unresolved() -> Lookup {
        Lookup {
            targets: Vec::new(),
            method: Resolution::Import,
            external: false,
            local: false,
        }
    }

    fn local() -> Lookup {
        Lookup {
            targets: Vec::new(),
            method: Resolution::Scope,
            external: false,
            local: true,
        }
    }
}

/// The rows of one file: its symbols, its occurrences, their candidate
/// targets, and its import bindings. Symbol and occurrence ids are in the
/// file's own range ([`plumb_store::row_id`]), so one file's rows can be
/// written again without renumbering any other's.
#[derive(Debug, Default)]
pub struct FileRows {
    /// The file's definitions.
    pub symbols: Vec<SymbolRecord>,
    /// The file's reference sites (imports included).
    pub occurrences: Vec<OccurrenceRecord>,
    /// Every candidate target of the file's sites.
    pub resolutions: Vec<ResolutionRecord>,
    /// The file's import bindings.
    pub imports: Vec<ImportRecord>,
}

impl FileRows {
    /// A digest of everything these rows write ([`plumb_store::rows_digest`]).
    pub fn digest(&self) -> Vec<u8> {
        plumb_store::rows_digest(
            &self.symbols,
            &self.occurrences,
            &self.resolutions,
            &self.imports,
        )
    }
}

/// Files whose cross-file structure is linked (members, impl owners,
/// parts of reopened types, bases, bindings): what each file's references mean can
/// now be asked of [`Linked::file_rows`], for any file, in any order, on
/// any thread, with the same answer.
pub struct Linked<'a> {
    resolver: Resolver<'a>,
    /// Resolved inheritance sites, by file and order among the file's
    /// inheritance sites.
    inheritance: HashMap<(FileId, usize), Candidates>,
    /// Implementations no site states (Go's implicit interfaces), by the
    /// implementing type's file: (type, interface).
    structural: HashMap<FileId, Vec<(SymbolId, SymbolId)>>,
}

/// Links `files`: the whole-graph passes resolution needs before any
/// single reference can be resolved.
pub fn link<'a>(files: &'a [SourceFile], manifests: &Manifests) -> Linked<'a> {
    let mut resolver = Resolver::new(files, manifests);
    // Members of definitions first, so that an impl's owner can be found
    // inside a namespace (C++) or module; then again with the impl members.
    resolver.index_members();
    resolver.link_impls();
    resolver.index_members();
    resolver.link_parts();
    let inheritance = resolver.link_bases();
    resolver.index_bindings();
    let mut structural: HashMap<FileId, Vec<(SymbolId, SymbolId)>> = HashMap::new();
    for rules in systems::ALL {
        for (ty, interface) in (rules.implied_implementations)(&resolver) {
            structural
                .entry(resolver.locate(ty).0)
                .or_default()
                .push((ty, interface));
        }
    }
    Linked {
        resolver,
        inheritance,
        structural,
    }
}

/// The tables of a [`Linked`], set apart from the files they were built
/// from (see [`Linked::detach`]), to be kept between runs.
pub struct LinkState {
    resolver: Resolver<'static>,
    inheritance: HashMap<(FileId, usize), Candidates>,
    structural: HashMap<FileId, Vec<(SymbolId, SymbolId)>>,
}

impl LinkState {
    /// The linked tables over `files`: the files they were built from, or
    /// files with the same interfaces (see [`crate::interface`]) where
    /// each file whose facts changed is then passed to
    /// [`Linked::refresh_file`].
    pub fn attach(self, files: &[SourceFile]) -> Linked<'_> {
        debug_assert_eq!(files.len() + 1, self.resolver.first_sym.len());
        Linked {
            resolver: self.resolver.rebind(files),
            inheritance: self.inheritance,
            structural: self.structural,
        }
    }
}

impl Linked<'_> {
    /// Sets the tables apart from the files, which may then change: what
    /// the resolver learnt while answering is forgotten.
    pub fn detach(self) -> LinkState {
        LinkState {
            resolver: self.resolver.rebind(&[]),
            inheritance: self.inheritance,
            structural: self.structural,
        }
    }

    /// Takes what the tables read of file `f` beyond its interface from
    /// its facts as they are now. The file's interface must be the one
    /// the tables were built from: every other table then holds what
    /// linking the files again would give, so the rows of `f` are those
    /// of a fresh link.
    pub fn refresh_file(&mut self, f: usize, manifests: &Manifests) {
        self.resolver.refresh_file(FileId(f), manifests);
    }

    /// The rows of file `f`, given what [`FileFacts::set_apart`] set
    /// apart of its facts.
    pub fn file_rows(&self, f: usize, apart: Apart) -> FileRows {
        let f = FileId(f);
        let holds_scopes = !self.resolver.file(f).facts.function_scopes_visible();
        let apart = Arc::new(FileApart::new(f, holds_scopes, apart));
        *self.resolver.memo().apart.borrow_mut() = Some(Arc::clone(&apart));
        let mut rows = FileRows::default();
        self.resolver.emit_symbols(f, &apart.apart, &mut rows);
        self.resolver
            .emit_references(f, &apart.apart.refs, &self.inheritance, &mut rows);
        self.resolver.emit_imports(f, &mut rows);
        for &(ty, interface) in self.structural.get(&f).into_iter().flatten() {
            let def = self.resolver.def(ty);
            self.resolver.push_occurrence(
                &mut rows,
                f,
                (def.name_line, def.name_col),
                OccurrenceKind::Implement,
                &self.resolver.def(interface).name,
                None,
                Some(ty),
                &[(interface, Resolution::Inheritance, INHERITANCE_CONFIDENCE)],
            );
        }
        self.resolver.forget_include_closure(f);
        let memo = self.resolver.memo();
        memo.apart.borrow_mut().take();
        memo.apart_bindings.clear();
        rows
    }
}

/// The weaker of two methods (a chain is as sure as its weakest link).
fn weaker(a: Resolution, b: Resolution) -> Resolution {
    a.max(b)
}

#[cfg(test)]
mod c_tests;
#[cfg(test)]
mod csharp_tests;
#[cfg(test)]
mod ecma_tests;
#[cfg(test)]
mod kotlin_tests;
#[cfg(test)]
mod python_tests;
#[cfg(test)]
mod rust_tests;
#[cfg(test)]
mod tests;
