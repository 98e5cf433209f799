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
//! Language knowledge comes from [`plumb_lang::Spec`] and [`modules`]; the
//! steps themselves are language-neutral.

mod apart;
pub mod cfg;
mod cpp;
mod go;
mod includes;
mod memo;
pub mod modules;
mod names;

use std::collections::VecDeque;

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

use plumb_lang::{Language, ModuleSystem, PackageKeys, Spec};
use plumb_store::model::{OccurrenceKind, Resolution, SymbolKind};
use plumb_store::records::{
    ImplBlock, ImportRecord, OccurrenceRecord, ResolutionRecord, SymbolRecord,
};

use crate::facts::{Apart, BindingFact, Container, DefFact, FileFacts, RefFact};
use crate::typetext::normalize_type;
use apart::{FileApart, LocalsIndex};
use memo::Memo;
use modules::{Manifests, ModuleLookup, Modules};
use names::{ByKey, ByName, NameTable, SortedByName};
use rayon::prelude::*;
use std::sync::Arc;
use thread_local::ThreadLocal;

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

type SymId = usize;

/// Candidate targets of one site: symbol, method, confidence.
type Candidates = Vec<(SymId, Resolution, f64)>;

/// What a name denotes while resolving: a definition, a module file, or a
/// package of a package-based module system.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Target {
    Sym(SymId),
    File(usize),
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Scope {
    File(usize),
    Sym(SymId),
}

/// A binding, by file and index among the file's bindings.
#[derive(Clone, Copy, Debug)]
struct BindingRef {
    file: usize,
    index: usize,
}

struct Resolver<'a> {
    files: &'a [SourceFile],
    modules: Modules,
    /// Each file's first symbol, and one past the last file's last:
    /// symbols are numbered file by file, a file's in definition order.
    first_sym: Vec<SymId>,
    /// (file, definition index) of each symbol, in 32 bits each: the
    /// Linux kernel has millions of symbols ([`Self::locate`]).
    syms: Vec<(u32, u32)>,
    top_level: Vec<SortedByName<SymId>>,
    /// C and C++: the files each file's `#include`s name.
    includes: Vec<Vec<usize>>,
    /// The files defining each name at their top level (C's include
    /// lookups start here).
    top_level_files: ByKey<usize>,
    /// Extensions of each file: definitions held by an impl block of their
    /// own span (`fun Cart.total()`), members of their receiver type and
    /// also of the file's package.
    extensions: Vec<SortedByName<SymId>>,
    children: HashMap<SymId, Vec<SymId>>,
    by_name: ByName<SymId>,
    impl_owner: Vec<Vec<Option<SymId>>>,
    bases: HashMap<SymId, Vec<SymId>>,
    /// The other definitions of a type defined more than once under one
    /// qualified name in a package-based module system (Ruby's reopened
    /// classes): parts of one type for member lookup.
    parts: HashMap<SymId, Vec<SymId>>,
    bindings: HashMap<Scope, Vec<BindingRef>>,
    /// Names local to each function, by file, where they stayed in the
    /// facts (see [`FileFacts::set_apart`]).
    locals: Vec<LocalsIndex>,
    /// Each thread's memo tables.
    memo: ThreadLocal<Memo>,
    /// Rust: per file, the extents of code a default build leaves out.
    disabled: Vec<Vec<cfg::Extent>>,
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
    inheritance: HashMap<(usize, usize), Candidates>,
    /// Implementations no site states (Go's implicit interfaces), by the
    /// implementing type's file: (type, interface).
    structural: HashMap<usize, Vec<(SymId, SymId)>>,
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
    let mut structural: HashMap<usize, Vec<(SymId, SymId)>> = HashMap::new();
    for (ty, interface) in resolver.structural_impls() {
        structural
            .entry(resolver.locate(ty).0)
            .or_default()
            .push((ty, interface));
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
    inheritance: HashMap<(usize, usize), Candidates>,
    structural: HashMap<usize, Vec<(SymId, SymId)>>,
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
        self.resolver.refresh_file(f, manifests);
    }

    /// The rows of file `f`, given what [`FileFacts::set_apart`] set
    /// apart of its facts.
    pub fn file_rows(&self, f: usize, apart: Apart) -> FileRows {
        let holds_scopes = !self.resolver.files[f].facts.function_scopes_visible();
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

impl<'a> Resolver<'a> {
    fn new(files: &'a [SourceFile], manifests: &Manifests) -> Self {
        let modules = Modules::new(files, manifests);
        let includes = includes::include_targets(files, &modules);
        // Symbols are numbered file by file: each file's first id.
        let firsts: Vec<SymId> = files
            .iter()
            .scan(0, |next, file| {
                let first = *next;
                *next += file.facts.defs.len();
                Some(first)
            })
            .collect();
        // Each file's own name tables, built in parallel.
        let (top_level, extensions): (Vec<_>, Vec<_>) = files
            .par_iter()
            .zip(&firsts)
            .map(|(file, &first)| {
                let defs = || file.facts.defs.iter().enumerate();
                let top = SortedByName::build(
                    defs()
                        .filter(|(_, def)| {
                            def.container == Container::File || is_c_enumerator(file, def)
                        })
                        .map(|(d, def)| (&*def.name, first + d)),
                );
                // Kotlin's extension functions are members of their
                // package too (`import a.b.total`); Go's methods, held
                // the same way, are reached only through their type.
                let extended = SortedByName::build(
                    defs()
                        .filter(|(_, def)| {
                            file.language == Language::Kotlin && file.facts.is_extension(def)
                        })
                        .map(|(d, def)| (&*def.name, first + d)),
                );
                (top, extended)
            })
            .unzip();
        // The whole graph's tables, in file order.
        let symbols = files.iter().map(|file| file.facts.defs.len()).sum();
        let mut syms = Vec::with_capacity(symbols);
        for (f, file) in files.iter().enumerate() {
            syms.extend((0..file.facts.defs.len()).map(|d| (f as u32, d as u32)));
        }
        let first_sym = firsts.iter().copied().chain([symbols]).collect();
        let top_level_files = ByKey::build(
            top_level
                .iter()
                .enumerate()
                .flat_map(|(f, table)| table.keys().map(move |key| (key, f))),
        );
        let by_name = ByName::build(files.iter().zip(&firsts).flat_map(|(file, &first)| {
            file.facts
                .defs
                .iter()
                .enumerate()
                .map(move |(d, def)| (&*def.name, first + d))
        }));
        let locals = files
            .par_iter()
            .map(|file| LocalsIndex::of(&file.facts.locals))
            .collect();
        let impl_owner = files
            .iter()
            .map(|f| vec![None; f.facts.impls.len()])
            .collect();
        Resolver {
            files,
            modules,
            first_sym,
            syms,
            top_level,
            includes,
            top_level_files,
            extensions,
            children: HashMap::new(),
            by_name,
            impl_owner,
            bases: HashMap::new(),
            parts: HashMap::new(),
            bindings: HashMap::new(),
            locals,
            memo: ThreadLocal::new(),
            disabled: files
                .iter()
                .map(|file| cfg::disabled_code(file, &manifests.rust_crates))
                .collect(),
        }
    }

    /// The same tables over `files`, which must have the interfaces (see
    /// [`crate::interface`]) of the files they were built from; memo
    /// tables start empty.
    fn rebind<'b>(self, files: &'b [SourceFile]) -> Resolver<'b> {
        Resolver {
            files,
            modules: self.modules,
            first_sym: self.first_sym,
            syms: self.syms,
            top_level: self.top_level,
            includes: self.includes,
            top_level_files: self.top_level_files,
            extensions: self.extensions,
            children: self.children,
            by_name: self.by_name,
            impl_owner: self.impl_owner,
            bases: self.bases,
            parts: self.parts,
            bindings: self.bindings,
            locals: self.locals,
            memo: ThreadLocal::new(),
            disabled: self.disabled,
        }
    }

    // ---- small accessors

    /// The store id of symbol `s`: its ordinal in its file's range.
    fn store_id(&self, s: SymId) -> i64 {
        let (f, d) = self.locate(s);
        plumb_store::row_id(self.files[f].file_id, d)
    }

    /// This thread's memo tables.
    fn memo(&self) -> &Memo {
        self.memo.get_or_default()
    }

    /// The file of symbol `s` and its index among the file's definitions.
    fn locate(&self, s: SymId) -> (usize, usize) {
        let (f, d) = self.syms[s];
        (f as usize, d as usize)
    }

    /// What holds symbol `s`: the definition it is written in, or the
    /// type its impl block is linked to ([`Self::link_impls`]).
    fn parent(&self, s: SymId) -> Option<SymId> {
        let (f, d) = self.locate(s);
        match self.files[f].facts.defs[d].container {
            Container::Def(p) => Some(self.first_sym[f] + p),
            Container::Impl(i) => self.impl_owner[f][i],
            Container::File => None,
        }
    }

    fn def(&self, s: SymId) -> &'a DefFact {
        let (f, d) = self.locate(s);
        &self.files[f].facts.defs[d]
    }

    fn spec(&self, f: usize) -> &'static Spec {
        self.files[f].language.spec()
    }

    fn system(&self, f: usize) -> ModuleSystem {
        self.spec(f).module_system
    }

    fn container_of(&self, f: usize, c: Container) -> Container {
        match c {
            Container::File => Container::File,
            Container::Def(d) => self.files[f].facts.defs[d].container,
            Container::Impl(i) => self.files[f].facts.impls[i].container,
        }
    }

    /// The symbol of definition `d` of file `f`.
    fn sym_of(&self, f: usize, d: usize) -> SymId {
        self.first_sym[f] + d
    }

    /// The symbols of file `f`'s definitions.
    fn file_syms(&self, f: usize) -> std::ops::Range<SymId> {
        self.first_sym[f]..self.first_sym[f + 1]
    }

    /// The symbol standing for a container: a definition, or an impl
    /// block's owner type.
    fn container_sym(&self, f: usize, c: Container) -> Option<SymId> {
        match c {
            Container::File => None,
            Container::Def(d) => Some(self.sym_of(f, d)),
            Container::Impl(i) => self.impl_owner[f][i],
        }
    }

    /// The innermost type around `c`: a type definition or an impl's owner.
    fn enclosing_type(&self, f: usize, mut c: Container) -> Option<SymId> {
        loop {
            match c {
                Container::File => return None,
                Container::Impl(i) => return self.impl_owner[f][i],
                Container::Def(d) if self.files[f].facts.defs[d].kind.is_type() => {
                    return Some(self.sym_of(f, d));
                }
                Container::Def(_) => c = self.container_of(f, c),
            }
        }
    }

    // ---- phases

    /// Gives each impl block its owner type, so its members become the
    /// type's members.
    fn link_impls(&mut self) {
        for f in 0..self.files.len() {
            for (i, imp) in self.files[f].facts.impls.iter().enumerate() {
                let segments: Vec<&str> = imp.self_type.split(self.spec(f).separator).collect();
                let owner = self
                    .resolve_path(f, imp.container, &segments)
                    .and_then(|lookup| {
                        lookup.targets.into_iter().find_map(|t| match t {
                            Target::Sym(s) if self.def(s).kind.is_type() => Some(s),
                            _ => None,
                        })
                    });
                self.impl_owner[f][i] = owner;
            }
        }
    }

    fn index_members(&mut self) {
        let mut children: HashMap<SymId, Vec<SymId>> = HashMap::new();
        for s in 0..self.syms.len() {
            if let Some(p) = self.parent(s) {
                children.entry(p).or_default().push(s);
            }
        }
        self.children = children;
        self.merge_cpp_namespaces();
    }

    /// Groups the definitions of each type (or module) defined more than
    /// once under one qualified name, in package-based module systems,
    /// where such a type is reopened rather than redeclared.
    fn link_parts(&mut self) {
        let mut groups: HashMap<String, Vec<SymId>> = HashMap::new();
        let mut memo = HashMap::new();
        for s in 0..self.syms.len() {
            let (f, _) = self.locate(s);
            let kind = self.def(s).kind;
            if matches!(self.system(f), ModuleSystem::Packages(_))
                && (kind.is_type() || kind == SymbolKind::Module)
            {
                let qualname = self.qualname(s, &mut memo, 0);
                groups.entry(qualname).or_default().push(s);
            }
        }
        for group in groups.into_values().filter(|g| g.len() > 1) {
            for &s in &group {
                let others = group.iter().copied().filter(|&o| o != s).collect();
                self.parts.insert(s, others);
            }
        }
    }

    /// A type and its other parts (see `parts`).
    fn with_parts(&self, ty: SymId) -> impl Iterator<Item = SymId> + '_ {
        std::iter::once(ty).chain(self.parts.get(&ty).into_iter().flatten().copied())
    }

    /// Resolves inheritance and implementation sites first: receiver and
    /// `self` resolution walk the bases they produce.
    fn link_bases(&mut self) -> HashMap<(usize, usize), Candidates> {
        let mut resolved = HashMap::new();
        let mut bases: HashMap<SymId, Vec<SymId>> = HashMap::new();
        for f in 0..self.files.len() {
            for (r, site) in self.files[f].facts.refs.iter().enumerate() {
                let targets = self.resolve_ref(f, site);
                if let Some(subject) = self.container_sym(f, site.container) {
                    for &(t, method, _) in &targets {
                        let kind = self.def(t).kind;
                        if method != Resolution::NameOnly
                            && (kind.is_type() || kind == SymbolKind::Module)
                            && t != subject
                        {
                            bases.entry(subject).or_default().push(t);
                        }
                    }
                }
                resolved.insert((f, r), targets);
            }
        }
        self.bases = bases;
        resolved
    }

    fn index_bindings(&mut self) {
        let mut bindings: HashMap<Scope, Vec<BindingRef>> = HashMap::new();
        for f in 0..self.files.len() {
            for (scope, binding) in self.bindings_of(f) {
                bindings.entry(scope).or_default().push(binding);
            }
        }
        self.bindings = bindings;
    }

    /// The bindings of file `f` with the scope each is visible in, in
    /// order. Every scope is file `f` itself or one of its definitions.
    fn bindings_of(&self, f: usize) -> Vec<(Scope, BindingRef)> {
        self.files[f]
            .facts
            .bindings
            .iter()
            .enumerate()
            .filter_map(|(index, binding)| {
                let scope = match binding.scope {
                    Container::File => Scope::File(f),
                    other => Scope::Sym(self.container_sym(f, other)?),
                };
                Some((scope, BindingRef { file: f, index }))
            })
            .collect()
    }

    /// Takes the one table that reads a part of file `f` outside its
    /// interface, its conditional code, from `f`'s facts as they are now.
    /// Its functions' locals and bindings need nothing: they are part of
    /// the interface or set apart with its sites ([`FileFacts::set_apart`]).
    fn refresh_file(&mut self, f: usize, manifests: &Manifests) {
        self.disabled[f] = cfg::disabled_code(&self.files[f], &manifests.rust_crates);
    }

    // ---- lookups

    /// Members of a type, walking up its bases breadth-first. Returns the
    /// members and whether they were found on a base.
    fn type_members(&self, ty: SymId, name: &str) -> (Vec<SymId>, bool) {
        let mut queue = VecDeque::from([(ty, 0usize)]);
        let mut seen: HashSet<SymId> = self.with_parts(ty).collect();
        while let Some((current, depth)) = queue.pop_front() {
            let found: Vec<SymId> = self
                .with_parts(current)
                .filter_map(|part| self.children.get(&part))
                .flatten()
                .copied()
                .filter(|&m| &*self.def(m).name == name)
                .collect();
            if !found.is_empty() {
                return (found, depth > 0);
            }
            if depth < MAX_CHAIN {
                let bases: Vec<SymId> = self
                    .with_parts(current)
                    .filter_map(|part| self.bases.get(&part))
                    .flatten()
                    .copied()
                    .collect();
                for base in bases {
                    if seen.insert(base) {
                        for part in self.with_parts(base) {
                            seen.insert(part);
                        }
                        queue.push_back((base, depth + 1));
                    }
                }
            }
        }
        (Vec::new(), false)
    }

    /// A Rust `mod x;` declaration stands for the module file it declares.
    fn module_file_of(&self, s: SymId) -> Option<usize> {
        let (f, _) = self.locate(s);
        let def = self.def(s);
        if def.kind != SymbolKind::Module
            || def.has_body
            || self.system(f) != ModuleSystem::RustCrates
        {
            return None;
        }
        let mut segments = self.modules.rust_path[f].as_ref()?.segments.clone();
        segments.push(def.name.to_string());
        self.modules.rust_module_file(f, &segments)
    }

    fn sym_target(&self, s: SymId) -> Target {
        self.module_file_of(s).map_or(Target::Sym(s), Target::File)
    }

    /// What `name` means as a member of `target`.
    fn members(&self, target: Target, name: &str, depth: usize) -> Option<Lookup> {
        if depth > MAX_CHAIN {
            // What was computed above depends on where the chain began.
            self.memo().cut();
            return None;
        }
        match target {
            Target::Sym(s) if self.def(s).kind.is_type() => {
                let (found, via_base) = self.type_members(s, name);
                let method = if via_base {
                    Resolution::Inheritance
                } else {
                    Resolution::Scope
                };
                Lookup::found(found.into_iter().map(Target::Sym).collect(), method)
            }
            Target::Sym(s) => self.named_child(s, name),
            Target::File(g) => self.file_members(g, name, depth),
            Target::Package(p) => self.package_members(p, name),
        }
    }

    /// What `name` means as a member of package `p`: one of its
    /// definitions ([`Resolver::package_definitions`]), else its subpackage
    /// (where code can name one through its parent:
    /// [`PackageKeys::Declared`]).
    fn package_members(&self, p: usize, name: &str) -> Option<Lookup> {
        self.package_definitions(p, name).or_else(|| {
            if self.modules.packages[p].keys != PackageKeys::Declared {
                return None;
            }
            let sub = self.modules.subpackage(p, name)?;
            Lookup::found(vec![Target::Package(sub)], Resolution::Import)
        })
    }

    /// The top-level definitions and extensions named `name` of the files
    /// of package `p`: what a glob import of the package brings into scope
    /// (`import a.b.*`, `using A.B;` bring no subpackage).
    fn package_definitions(&self, p: usize, name: &str) -> Option<Lookup> {
        let files = &self.modules.packages[p].files;
        let found: Vec<Target> = files
            .iter()
            .filter_map(|&g| self.top_level_named(g, name))
            .flat_map(|lookup| lookup.targets)
            .chain(
                files
                    .iter()
                    .flat_map(|&g| self.named(&self.extensions[g], name))
                    .map(Target::Sym),
            )
            .collect();
        Lookup::found(found, Resolution::Scope)
    }

    /// What `name` means as a member of module file `g`, computed once: a
    /// module reached again through its own globs (`pub use crate::a::*`
    /// in the root, `use super::*` in `a`) is cut there, so a name no
    /// module defines costs one visit of each, not one per path.
    fn file_members(&self, g: usize, name: &str, depth: usize) -> Option<Lookup> {
        let memo = self.memo();
        memo.once(&memo.file_members, (g, name.to_owned()), None, || {
            self.file_members_uncached(g, name, depth)
        })
    }

    fn file_members_uncached(&self, g: usize, name: &str, depth: usize) -> Option<Lookup> {
        if let Some(lookup) = self.top_level_named(g, name) {
            return Some(lookup);
        }
        let system = self.system(g);
        let submodule = match system {
            ModuleSystem::PythonPackages => self.modules.python_submodule(g, name),
            ModuleSystem::RustCrates => self.modules.rust_path[g].as_ref().and_then(|p| {
                let mut segments = p.segments.clone();
                segments.push(name.to_owned());
                self.modules.rust_module_file(g, &segments)
            }),
            ModuleSystem::EcmaFiles | ModuleSystem::CIncludes | ModuleSystem::Packages(_) => None,
        };
        if let Some(file) = submodule {
            return Lookup::found(vec![Target::File(file)], Resolution::Import);
        }
        // From outside, an ECMAScript module shows only what it re-exports;
        // any import of a Python, Rust or C module is visible through it.
        self.imported(g, name, system == ModuleSystem::EcmaFiles, depth + 1)
    }

    /// The definitions directly inside `s` (or another part of it) named `name`.
    fn named_child(&self, s: SymId, name: &str) -> Option<Lookup> {
        let found = self
            .with_parts(s)
            .filter_map(|part| self.children.get(&part))
            .flatten()
            .filter(|&&m| &*self.def(m).name == name)
            .map(|&m| self.sym_target(m))
            .collect();
        Lookup::found(found, Resolution::Scope)
    }

    /// The definitions named `name` at the top level of file `f`.
    fn top_level_named(&self, f: usize, name: &str) -> Option<Lookup> {
        Lookup::found(
            self.named(&self.top_level[f], name)
                .map(|s| self.sym_target(s))
                .collect(),
            Resolution::Scope,
        )
    }

    /// Whether file `f` defines `name` at its top level.
    fn defines_at_top_level(&self, f: usize, name: &str) -> bool {
        self.named(&self.top_level[f], name).next().is_some()
    }

    /// The symbols of `table` named `name`.
    fn named<'s>(
        &'s self,
        table: &'s impl NameTable<SymId>,
        name: &'s str,
    ) -> impl Iterator<Item = SymId> + 's {
        table.named(name, |&s| &*self.def(s).name).copied()
    }

    /// What `name` means through the imports of file `f`: a binding of that
    /// name first, then glob imports (searched `depth` links deep). With
    /// `reexports_only`, imports that importers of `f` cannot see are skipped.
    fn imported(&self, f: usize, name: &str, reexports_only: bool, depth: usize) -> Option<Lookup> {
        if self.system(f) == ModuleSystem::CIncludes {
            return self.included(f, name, depth);
        }
        self.own_imports(f, name, reexports_only, depth)
    }

    /// What `name` means through the import statements of file `f` itself
    /// (see [`Resolver::imported`]). A glob of a C or C++ file is skipped:
    /// [`Resolver::included`] walks the include closure once instead.
    fn own_imports(
        &self,
        f: usize,
        name: &str,
        reexports_only: bool,
        depth: usize,
    ) -> Option<Lookup> {
        let imports = &self.files[f].facts.imports;
        let usable = |reexport: bool| reexport || !reexports_only;
        for (i, decl) in imports.iter().enumerate() {
            if decl.local.as_deref() == Some(name) && usable(decl.reexport) {
                let lookup = self.resolve_import(f, i);
                if !lookup.targets.is_empty() || lookup.external {
                    return Some(Lookup {
                        method: Resolution::Import,
                        ..lookup
                    });
                }
            }
        }
        for (i, decl) in imports.iter().enumerate() {
            if decl.glob
                && usable(decl.reexport)
                && let Some(module) = self.import_module(f, i).target()
                && !(matches!(module, Target::File(_)) && self.system(f) == ModuleSystem::CIncludes)
                && let Some(found) = match module {
                    Target::Package(p) => self.package_definitions(p, name),
                    other => self.members(other, name, depth),
                }
            {
                return Some(Lookup {
                    method: Resolution::Import,
                    ..found
                });
            }
        }
        None
    }

    /// The module an import's module text names, computed once; a cycle of
    /// imports (`use super::*` both ways) resolves to nothing.
    fn import_module(&self, f: usize, i: usize) -> ModuleTarget {
        let memo = self.memo();
        memo.once(&memo.modules, (f, i), ModuleTarget::Missing, || {
            self.import_module_uncached(f, i)
        })
    }

    fn import_module_uncached(&self, f: usize, i: usize) -> ModuleTarget {
        let decl = &self.files[f].facts.imports[i];
        let from_file = |lookup: ModuleLookup| match lookup {
            ModuleLookup::Found(file) => ModuleTarget::Found(Target::File(file)),
            ModuleLookup::Missing => ModuleTarget::Missing,
            ModuleLookup::External => ModuleTarget::External,
        };
        match self.system(f) {
            ModuleSystem::PythonPackages => {
                // `import a.b.c` binds `a`; `import a.b.c as x` binds `a.b.c`.
                let module = match (&decl.name, &decl.local) {
                    (None, Some(local))
                        if !decl.glob && decl.module.split('.').next() == Some(local.as_str()) =>
                    {
                        local.as_str()
                    }
                    _ => decl.module.as_str(),
                };
                from_file(self.modules.python_import(f, module))
            }
            ModuleSystem::EcmaFiles => {
                from_file(self.modules.ecma_import(self.files, f, &decl.module))
            }
            ModuleSystem::CIncludes => match self.modules.c_include(self.files, f, &decl.module) {
                ModuleLookup::Found(file) => ModuleTarget::Found(Target::File(file)),
                missing => self
                    .using_namespace(f, &decl.module)
                    .unwrap_or_else(|| from_file(missing)),
            },
            ModuleSystem::Packages(keys) => {
                let Some((package, rest)) = self.modules.package_prefix(&decl.module, keys) else {
                    return ModuleTarget::External;
                };
                if keys == PackageKeys::Directories && !rest.is_empty() {
                    // An import path names a directory, never a member.
                    return ModuleTarget::Missing;
                }
                let mut target = Target::Package(package);
                for segment in rest {
                    let Some(next) = self
                        .members(target, segment, 0)
                        .and_then(|lookup| lookup.targets.first().copied())
                    else {
                        return ModuleTarget::Missing;
                    };
                    target = next;
                }
                ModuleTarget::Found(target)
            }
            ModuleSystem::RustCrates => {
                if decl.module.is_empty() {
                    return ModuleTarget::Missing;
                }
                let segments: Vec<&str> = decl.module.split("::").collect();
                match self.resolve_path(f, Container::File, &segments) {
                    Some(lookup) if lookup.external => ModuleTarget::External,
                    Some(lookup) => lookup
                        .targets
                        .first()
                        .map_or(ModuleTarget::Missing, |&t| ModuleTarget::Found(t)),
                    None => ModuleTarget::Missing,
                }
            }
        }
    }

    /// What import binding `i` of file `f` denotes.
    fn resolve_import(&self, f: usize, i: usize) -> Lookup {
        let memo = self.memo();
        memo.once(&memo.imports, (f, i), Lookup::unresolved(), || {
            self.resolve_import_uncached(f, i)
        })
    }

    fn resolve_import_uncached(&self, f: usize, i: usize) -> Lookup {
        let decl = &self.files[f].facts.imports[i];
        let empty = Lookup::unresolved();
        let module = match self.import_module(f, i) {
            ModuleTarget::External => return Lookup::external(),
            ModuleTarget::Found(module) => Some(module),
            ModuleTarget::Missing => None,
        };
        let Some(name) = decl.name.as_deref() else {
            return match module {
                Some(module) => Lookup {
                    targets: vec![module],
                    ..empty
                },
                None => empty,
            };
        };
        let Some(module) = module else {
            // `use foo;` names a workspace crate, or an external one.
            if self.system(f) == ModuleSystem::RustCrates && decl.module.is_empty() {
                return match self.modules.rust_crate_root(name) {
                    Some(root) => Lookup {
                        targets: vec![Target::File(root)],
                        ..empty
                    },
                    None => Lookup::external(),
                };
            }
            return empty;
        };
        let found = self.members(module, name, 0).or_else(|| {
            // A default import names the module's default export; without
            // tracking `export default`, try the local name.
            (name == "default")
                .then_some(decl.local.as_deref())
                .flatten()
                .and_then(|local| self.members(module, local, 0))
        });
        match found {
            Some(found) => Lookup {
                method: Resolution::Import,
                ..found
            },
            None => empty,
        }
    }

    /// What a bare `name` means inside container `c` of file `f`.
    fn lookup_bare(&self, f: usize, c: Container, name: &str) -> Option<Lookup> {
        let members_in_scope = self.spec(f).members_in_scope;
        let mut current = c;
        while current != Container::File {
            if let Container::Def(d) = current {
                let def = &self.files[f].facts.defs[d];
                let s = self.sym_of(f, d);
                if !def.kind.is_type() {
                    if let Some(lookup) = self.named_child(s, name) {
                        return Some(lookup);
                    }
                    if self.declares_local(f, d, name) {
                        return Some(Lookup::local());
                    }
                }
            }
            if members_in_scope && let Some(lookup) = self.implicit_member(f, current, name) {
                return Some(lookup);
            }
            current = self.container_of(f, current);
        }
        if let Some(lookup) = self.top_level_named(f, name) {
            return Some(lookup);
        }
        if let Some(lookup) = self.imported(f, name, false, 1) {
            return Some(lookup);
        }
        if self.system(f) == ModuleSystem::RustCrates
            && let Some(root) = self.modules.rust_crate_root(name)
        {
            return Lookup::found(vec![Target::File(root)], Resolution::Import);
        }
        if let Some(package) = self.modules.package_of[f] {
            // The file's own package (and, where the language says so, the
            // packages enclosing it), then the root of the package tree (a
            // fully qualified `com.shop.Cart` starts at `com`).
            let mut current = Some(package);
            while let Some(p) = current {
                if let Some(lookup) = self.package_members(p, name) {
                    return Some(lookup);
                }
                current = self
                    .spec(f)
                    .enclosing_packages_in_scope
                    .then(|| self.modules.enclosing_package(p))
                    .flatten();
            }
            if self.modules.packages[package].keys == PackageKeys::Declared
                && let Some(&top) = self.modules.package_ids.get(name)
            {
                return Lookup::found(vec![Target::Package(top)], Resolution::Import);
            }
        }
        if self.system(f) == ModuleSystem::CIncludes {
            // The linker's view: the one definition with external linkage.
            let external: Vec<Target> =
                self.c_external_definitions(name).map(Target::Sym).collect();
            if external.len() == 1 {
                return Lookup::found(external, Resolution::Import);
            }
        }
        None
    }

    /// Where members are in scope: `name` as a member of the type that
    /// container `c` is (a class body, or an impl or out-of-line block of
    /// it) or of its bases. The type's own name stays the type (a
    /// construction), not its constructor.
    fn implicit_member(&self, f: usize, c: Container, name: &str) -> Option<Lookup> {
        let ty = match c {
            Container::Impl(_) => self.container_sym(f, c)?,
            Container::Def(d) if self.files[f].facts.defs[d].kind.is_type() => self.sym_of(f, d),
            Container::Def(_) | Container::File => return None,
        };
        if &*self.def(ty).name == name {
            return None;
        }
        self.members(Target::Sym(ty), name, 0)
    }

    /// C definitions (with a body, or file-level variables) of `name` with
    /// external linkage, in any C file.
    fn c_external_definitions<'s>(&'s self, name: &'s str) -> impl Iterator<Item = SymId> + 's {
        self.named(&self.by_name, name).filter(move |&s| {
            let (f, _) = self.locate(s);
            let def = self.def(s);
            self.system(f) == ModuleSystem::CIncludes
                && def.container == Container::File
                && def.exported
                && (def.has_body || def.kind == SymbolKind::Variable)
        })
    }

    /// In C, a call resolved to a prototype also reaches the definition the
    /// linker joins it to.
    fn with_c_definitions(&self, f: usize, targets: Vec<Target>) -> Vec<Target> {
        if self.system(f) != ModuleSystem::CIncludes {
            return targets;
        }
        let mut out = targets.clone();
        for target in targets {
            if let Target::Sym(s) = target {
                let def = self.def(s);
                if def.kind == SymbolKind::Function && !def.has_body {
                    for definition in self.c_external_definitions(&def.name) {
                        if !out.contains(&Target::Sym(definition)) {
                            out.push(Target::Sym(definition));
                        }
                    }
                }
            }
        }
        out
    }

    /// The module a Rust path starting with `crate`/`self`/`super` begins at.
    fn rust_anchor(&self, f: usize, c: Container, head: &str) -> Option<Lookup> {
        let own = self.modules.rust_path[f].as_ref()?.segments.clone();
        let segments = match head {
            "crate" => Vec::new(),
            "self" => own,
            "super" => {
                let mut parent = own;
                parent.pop()?;
                parent
            }
            "Self" => {
                let ty = self.enclosing_type(f, c)?;
                return Lookup::found(vec![Target::Sym(ty)], Resolution::Scope);
            }
            _ => return None,
        };
        let file = self.modules.rust_module_file(f, &segments)?;
        Lookup::found(vec![Target::File(file)], Resolution::Scope)
    }

    /// What a path (`a.b.C`, `crate::a::C`) means inside container `c`.
    fn resolve_path(&self, f: usize, c: Container, segments: &[&str]) -> Option<Lookup> {
        let (head, rest) = segments.split_first()?;
        let mut lookup = match self.system(f) {
            ModuleSystem::RustCrates if matches!(*head, "crate" | "self" | "super" | "Self") => {
                self.rust_anchor(f, c, head)?
            }
            _ => self.lookup_bare(f, c, head)?,
        };
        for segment in rest {
            if lookup.external || lookup.local {
                return Some(lookup);
            }
            if *segment == "super" && self.system(f) == ModuleSystem::RustCrates {
                continue;
            }
            let mut next = Vec::new();
            let mut method = lookup.method;
            for &target in &lookup.targets {
                if let Some(found) = self.members(target, segment, 0) {
                    if found.external {
                        return Some(Lookup::external());
                    }
                    method = weaker(method, found.method);
                    next.extend(found.targets);
                }
            }
            lookup = Lookup::found(next, method)?;
        }
        Some(lookup)
    }

    /// The type a receiver expression has, from bindings in scope, field
    /// types of the types on the way (`self.cart.items`), and bases.
    fn receiver_type(&self, f: usize, c: Container, receiver: &str, depth: usize) -> Option<SymId> {
        if depth > MAX_CHAIN {
            return None;
        }
        if receiver.ends_with(')') || receiver.starts_with("new ") {
            return self.expression_type(f, c, receiver, depth + 1);
        }
        // `states[i]`: an element of `states` (`states[]` itself is the
        // binding of the elements, looked up below).
        if !receiver.ends_with("[]")
            && let Some(collection) = receiver
                .strip_suffix(']')
                .and_then(|r| matching_open_bracket(r).map(|open| &r[..open]))
        {
            return self.element_type_of(f, c, collection, depth + 1);
        }
        let mut current = c;
        loop {
            let scope = match current {
                Container::File => Scope::File(f),
                other => match self.container_sym(f, other) {
                    Some(s) => Scope::Sym(s),
                    None => {
                        current = self.container_of(f, current);
                        continue;
                    }
                },
            };
            if let Some(ty) = self.binding_type(scope, receiver) {
                return Some(ty);
            }
            if current == Container::File {
                break;
            }
            current = self.container_of(f, current);
        }
        // A module-level variable of another file, reached by import.
        if let Some(ty) = self.imported_variable_type(f, c, receiver) {
            return Some(ty);
        }
        // A bare field of the enclosing type, where members are in scope
        // (`bridge.f()` for `this.bridge.f()` in Java), unless a local hides it.
        if self.spec(f).members_in_scope
            && is_identifier(receiver)
            && !self.is_local(f, c, receiver)
            && let Some(owner) = self.enclosing_type(f, c)
            && let Some(ty) = self.field_type(f, owner, receiver)
        {
            return Some(ty);
        }
        // `head.field`: the field's declared type on head's type.
        let (head, field) = receiver.rsplit_once('.')?;
        let owner = if self.spec(f).self_names.contains(&head) {
            self.enclosing_type(f, c)?
        } else {
            self.receiver_type(f, c, head, depth + 1)?
        };
        self.field_type(f, owner, field)
    }

    /// The declared type of field `field` of type `owner` or of its bases.
    fn field_type(&self, f: usize, owner: SymId, field: &str) -> Option<SymId> {
        let self_name = self.spec(f).self_names.first().copied().unwrap_or("self");
        let attribute = format!("{self_name}.{field}");
        let mut queue: VecDeque<SymId> = self.with_parts(owner).collect();
        let mut seen: HashSet<SymId> = queue.iter().copied().collect();
        while let Some(ty) = queue.pop_front() {
            if let Some(found) = self.binding_type(Scope::Sym(ty), &attribute) {
                return Some(found);
            }
            for &base in self.bases.get(&ty).into_iter().flatten() {
                if seen.len() < MAX_CHAIN && seen.insert(base) {
                    queue.push_back(base);
                }
            }
        }
        None
    }

    /// Whether function `d` of file `f` declares a local `name`.
    fn declares_local(&self, f: usize, d: usize, name: &str) -> bool {
        if let Some(apart) = self.apart_holding(f) {
            return apart.declares_local(d, name);
        }
        self.debug_assert_scope_kept(f, d);
        self.locals[f].declares(&self.files[f].facts.locals, d, name)
    }

    /// The set-apart parts of file `f` when this thread is resolving `f`
    /// and they hold its functions' scopes.
    fn apart_holding(&self, f: usize) -> Option<Arc<FileApart>> {
        let apart = self.memo().apart.borrow().clone()?;
        (apart.file == f && apart.holds_scopes).then_some(apart)
    }

    /// Checks, in debug builds, that the scope of definition `d` of file
    /// `f` is read from the facts only if it stayed there: a function's
    /// scope set apart is read only while its own file is resolved (see
    /// `apart.rs`).
    fn debug_assert_scope_kept(&self, f: usize, d: usize) {
        let facts = &self.files[f].facts;
        debug_assert!(
            !facts.is_function(Container::Def(d)) || facts.function_scopes_visible(),
            "the scope of {} in {}, set apart, was read while another file was resolved",
            facts.defs[d].name,
            self.files[f].rel
        );
    }

    /// Whether `name` is declared local to a function around container `c`.
    fn is_local(&self, f: usize, mut c: Container, name: &str) -> bool {
        while let Container::Def(d) = c {
            if self.declares_local(f, d, name) {
                return true;
            }
            c = self.container_of(f, c);
        }
        false
    }

    /// The type of a variable defined at the top level of another file and
    /// named here through an import (`globalState`, `console`).
    fn imported_variable_type(&self, f: usize, c: Container, name: &str) -> Option<SymId> {
        if !is_identifier(name) {
            return None;
        }
        let lookup = self.lookup_bare(f, c, name)?;
        lookup.targets.into_iter().find_map(|t| match t {
            Target::Sym(s)
                if matches!(
                    self.def(s).kind,
                    SymbolKind::Variable | SymbolKind::Constant
                ) =>
            {
                let (g, _) = self.locate(s);
                (g != f && self.def(s).container == Container::File)
                    .then(|| self.binding_type(Scope::File(g), &self.def(s).name))
                    .flatten()
            }
            _ => None,
        })
    }

    /// The type of the binding `name` in `scope`, computed once; a binding
    /// whose type depends on itself (`x = x.next()`) has none.
    fn binding_type(&self, scope: Scope, name: &str) -> Option<SymId> {
        // The scope's bindings: set apart for the functions of the file
        // being resolved, in the linked table otherwise.
        let apart = match scope {
            Scope::Sym(s) => {
                let (g, d) = self.locate(s);
                let held = self.apart_holding(g);
                if held.is_none() {
                    self.debug_assert_scope_kept(g, d);
                }
                held.filter(|_| self.files[g].facts.is_function(Container::Def(d)))
                    .map(|apart| (apart, d))
            }
            Scope::File(_) => None,
        };
        let (f, binding) = match &apart {
            Some((apart, d)) => pick_binding(apart.bindings_of(*d).map(|b| (apart.file, b)), name)?,
            None => {
                let in_scope = self.bindings.get(&scope)?;
                let facts = |b: &BindingRef| (b.file, &self.files[b.file].facts.bindings[b.index]);
                pick_binding(in_scope.iter().map(facts), name)?
            }
        };
        let (container, text) = (binding.scope, binding.type_text.as_str());
        let memo = self.memo();
        // A scope set apart is asked about while its file is resolved only.
        let table = match apart {
            Some(_) => &memo.apart_bindings,
            None => &memo.bindings,
        };
        memo.once(table, (scope, name.to_owned()), None, || {
            if let Some((argument, parameter)) = binding.callback {
                self.callback_parameter_type(f, container, text, argument, parameter)
            } else if let Some(field) = &binding.field {
                self.pattern_field_type(f, container, text, field)
            } else if binding.element {
                self.element_type_of(f, container, text, 0)
            } else if binding.from_value {
                self.expression_type(f, container, text, 0)
            } else {
                self.type_from_text(f, container, text)
            }
        })
    }

    /// The type of field `field` (a name, or a position: `0`) of the struct
    /// or enum variant a pattern names (`Value::Number`, `Self`), read from
    /// the field's declaration.
    fn pattern_field_type(
        &self,
        f: usize,
        c: Container,
        pattern: &str,
        field: &str,
    ) -> Option<SymId> {
        let owner = if pattern == "Self" {
            self.enclosing_type(f, c)?
        } else {
            let segments: Vec<&str> = pattern.split(self.spec(f).separator).collect();
            self.resolve_path(f, c, &segments)?
                .targets
                .into_iter()
                .find_map(|t| match t {
                    Target::Sym(s) if self.def(s).kind == SymbolKind::Variant => Some(s),
                    Target::Sym(s) if self.def(s).kind.is_type() => Some(s),
                    Target::Sym(s) if self.def(s).kind == SymbolKind::TypeAlias => {
                        self.aliased_type(s)
                    }
                    _ => None,
                })?
        };
        let self_name = self.spec(f).self_names.first().copied().unwrap_or("self");
        self.binding_type(Scope::Sym(owner), &format!("{self_name}.{field}"))
    }

    /// The type a written type path names in container `c` of file `f`.
    fn type_from_text(&self, f: usize, c: Container, text: &str) -> Option<SymId> {
        let path = normalize_type(text)?;
        // `Self` (Rust), and a self name written as a type (PHP's `static`).
        if path == "Self" || self.spec(f).self_names.contains(&path.as_str()) {
            return self.enclosing_type(f, c);
        }
        let segments: Vec<&str> = path.split(self.spec(f).separator).collect();
        let named = self.resolve_path(f, c, &segments).and_then(|lookup| {
            lookup.targets.into_iter().find_map(|t| match t {
                Target::Sym(s) if self.def(s).kind.is_type() => Some(s),
                Target::Sym(s) if self.def(s).kind == SymbolKind::TypeAlias => self.aliased_type(s),
                _ => None,
            })
        });
        // A generic parameter stands for its bound: `A: Automaton`.
        named.or_else(|| {
            (segments.len() == 1)
                .then(|| self.receiver_type(f, c, &path, 0))
                .flatten()
        })
    }

    /// The type an expression evaluates to, where plumb can tell: a
    /// constructor call or struct literal, a call of a function or method
    /// with a return annotation, or a typed name or attribute.
    fn expression_type(&self, f: usize, c: Container, text: &str, depth: usize) -> Option<SymId> {
        if depth > MAX_CHAIN {
            return None;
        }
        let text = text.trim();
        let text = text.strip_prefix("await ").unwrap_or(text);
        // Unwrapping keeps the success type, which the wrapper already is
        // to plumb (`Result`/`Option` are transparent): `make()?`,
        // `make().unwrap()`, `make().expect("…")`, `x.clone()`.
        if let Some(inner) = text.strip_suffix('?').or_else(|| text.strip_suffix('!')) {
            return self.expression_type(f, c, inner, depth + 1);
        }
        if text.ends_with(')')
            && let Some(open) = matching_open(text)
            && let Some((inner, method)) = text[..open].rsplit_once('.')
            && TYPE_PRESERVING_METHODS.contains(&method)
        {
            // A method of the receiver's own type with that name says what
            // it returns (`fn as_ref(&self) -> LazyRef`).
            return self
                .call_result_type(f, c, &text[..open])
                .or_else(|| self.expression_type(f, c, inner, depth + 1));
        }
        if let Some(constructed) = text.strip_prefix("new ") {
            // `new Cart(1)`, `new Cart { … }` (an object initializer).
            let callee = constructed.split(['(', '{']).next().unwrap_or(constructed);
            return self.type_from_text(f, c, callee);
        }
        if text.ends_with('}')
            && let Some(open) = text.find('{')
            && self.system(f) == ModuleSystem::RustCrates
        {
            return self.type_from_text(f, c, &text[..open]);
        }
        if text.ends_with(')') {
            let open = matching_open(text)?;
            return self.call_result_type(f, c, &text[..open]);
        }
        self.receiver_type(f, c, text, depth + 1)
    }

    /// The type a call of `callee` evaluates to: the type constructed, or
    /// the return annotation of the function or method called (guesses
    /// excluded).
    fn call_result_type(&self, f: usize, c: Container, callee: &str) -> Option<SymId> {
        let callee = callee.trim_end();
        let callee = callee.strip_suffix('>').map_or(callee, |generic| {
            // `f::<T>()`: drop the turbofish.
            generic.rfind("::<").map_or(generic, |at| &generic[..at])
        });
        self.callee_candidates(f, c, callee)
            .into_iter()
            .find_map(|(s, method, _)| {
                if method == Resolution::NameOnly {
                    None
                } else if self.def(s).kind.is_type() {
                    Some(s)
                } else {
                    self.return_type(s)
                }
            })
    }

    /// The type of the elements of `collection`, an expression (`xs`,
    /// `&self.states`, `self.transitions.iter()`): the `[]` binding of the
    /// collection's name, which a collection's annotation gives
    /// (`states: Vec<State>` binds `states[]` to `State`).
    fn element_type_of(
        &self,
        f: usize,
        c: Container,
        collection: &str,
        depth: usize,
    ) -> Option<SymId> {
        let mut collection = collection.trim();
        loop {
            let before = collection;
            collection = collection
                .strip_prefix("&mut ")
                .or_else(|| collection.strip_prefix('&'))
                .unwrap_or(collection)
                .trim_start();
            for adapter in ELEMENT_ITERATORS {
                collection = collection.strip_suffix(adapter).unwrap_or(collection);
            }
            if collection == before {
                break;
            }
        }
        let is_path = collection
            .chars()
            .all(|ch| ch.is_alphanumeric() || matches!(ch, '_' | '.'));
        if collection.is_empty() || !is_path {
            return None;
        }
        self.receiver_type(f, c, &format!("{collection}[]"), depth + 1)
    }

    /// The type a type alias stands for (`type State = ProxyState | …` →
    /// `ProxyState`, `type Map = HashMap<K, V>` → `HashMap`), read from its
    /// declaration; an alias of an alias is followed a few steps.
    fn aliased_type(&self, alias: SymId) -> Option<SymId> {
        let (g, d) = self.locate(alias);
        let def = &self.files[g].facts.defs[d];
        let declared = def.signature.as_deref()?;
        let aliased = match declared.split_once('=') {
            Some((_, aliased)) => aliased,
            // C's `typedef struct shape shape_t;`: the type before the name.
            None => declared
                .strip_prefix("typedef ")?
                .trim_end_matches(';')
                .trim_end()
                .strip_suffix(&*def.name)?,
        };
        let aliased = aliased.trim().trim_end_matches(';');
        let path = normalize_type(aliased)?;
        if *path == *def.name {
            return None;
        }
        let segments: Vec<&str> = path.split(self.spec(g).separator).collect();
        self.resolve_path(g, def.container, &segments)?
            .targets
            .into_iter()
            .find_map(|t| match t {
                Target::Sym(s) if self.def(s).kind.is_type() => Some(s),
                _ => None,
            })
    }

    /// The type of parameter `parameter` of the callback passed as argument
    /// `argument` to `callee`, read from the callee's signature
    /// (`operate(init: (source: Observable<T>, subscriber: Subscriber<R>) => …)`).
    fn callback_parameter_type(
        &self,
        f: usize,
        c: Container,
        callee: &str,
        argument: u32,
        parameter: u32,
    ) -> Option<SymId> {
        let target = match callee.strip_prefix("new ") {
            Some(class) => {
                let ty = self.type_from_text(f, c, class)?;
                *self.type_members(ty, "constructor").0.first()?
            }
            None => self.called_symbol(f, c, callee)?,
        };
        let (g, d) = self.locate(target);
        let def = &self.files[g].facts.defs[d];
        let parameters = parameter_types(def.signature.as_deref()?)?;
        let function_type = parameters.get(argument as usize)?.as_deref()?;
        let function_type = function_type
            .strip_prefix('(')
            .filter(|t| t.starts_with('('))
            .unwrap_or(function_type);
        let callback_parameters: Vec<Option<String>> = parameter_types(function_type)?
            .into_iter()
            .filter(|p| p.as_deref() != Some(THIS_PARAMETER))
            .collect();
        let ty = callback_parameters.get(parameter as usize)?.as_deref()?;
        self.type_from_text(g, def.container, ty)
    }

    /// The function or method a callee expression (`operate`, `a.b.f`)
    /// resolves to, guesses excluded.
    fn called_symbol(&self, f: usize, c: Container, callee: &str) -> Option<SymId> {
        self.callee_candidates(f, c, callee)
            .into_iter()
            .find(|&(s, method, _)| {
                method != Resolution::NameOnly && self.def(s).kind.is_callable()
            })
            .map(|(s, _, _)| s)
    }

    /// What a callee expression written at container `c` can call, resolved
    /// as a call site of its last segment.
    fn callee_candidates(&self, f: usize, c: Container, callee: &str) -> Candidates {
        // A method call splits at its last `.`, a path at its last
        // separator (`::` in Rust): whichever comes later.
        let separator = self.spec(f).separator;
        let split = [
            (callee.rfind('.'), 1),
            (callee.rfind(separator), separator.len()),
        ]
        .into_iter()
        .filter_map(|(at, len)| at.map(|at| (at, len)))
        .max();
        let (qualifier, name) = match split {
            Some((at, len)) => (Some(&callee[..at]), &callee[at + len..]),
            None => (None, callee),
        };
        let site = RefFact {
            name: name.to_owned(),
            kind: OccurrenceKind::Call,
            line: 0,
            col: 0,
            receiver: qualifier.map(str::to_owned),
            path: None,
            container: c,
            arguments: None,
        };
        self.resolve_ref(f, &site)
    }

    /// The type a function's return annotation names, read from its signature.
    fn return_type(&self, s: SymId) -> Option<SymId> {
        let (f, d) = self.locate(s);
        let def = &self.files[f].facts.defs[d];
        if !def.kind.is_callable() {
            return None;
        }
        let text = match &def.return_type {
            Some(declared) => &**declared,
            None => return_annotation(def.signature.as_deref()?)?,
        };
        self.type_from_text(f, def.container, text)
    }

    // ---- sites

    /// Every candidate target of one reference site.
    fn resolve_ref(&self, f: usize, site: &RefFact) -> Candidates {
        let spec = self.spec(f);
        let qualifier = site.path.as_deref().or(site.receiver.as_deref());
        let decided = match qualifier {
            None => match self.lookup_bare(f, site.container, &site.name) {
                Some(lookup) if lookup.external || lookup.local => return Vec::new(),
                Some(lookup) => Some(lookup),
                None if spec.builtins.binary_search(&site.name.as_str()).is_ok() => {
                    return Vec::new();
                }
                None => None,
            },
            Some(q) => match self.resolve_qualified(f, site, q) {
                Qualified::Found(lookup) => Some(lookup),
                Qualified::Dead => return Vec::new(),
                Qualified::Unknown => None,
            },
        };
        if let Some(lookup) = decided {
            let confidence = confidence(lookup.method);
            let targets = self.prefer_fitting_kind(site.kind, lookup.targets);
            let targets = self.prefer_fitting_arity(f, site, targets);
            let mut out: Vec<(SymId, Resolution, f64)> = self
                .with_c_definitions(f, targets)
                .into_iter()
                .filter_map(|t| match t {
                    Target::Sym(s) => Some((s, lookup.method, confidence)),
                    Target::File(_) | Target::Package(_) => None,
                })
                .collect();
            out.dedup_by_key(|(s, _, _)| *s);
            if self.in_several_impl_blocks(&out) {
                for candidate in &mut out {
                    candidate.2 = candidate.2.min(AMBIGUOUS_MEMBER_CONFIDENCE);
                }
            }
            return out;
        }
        self.name_only(site, qualifier.is_some())
    }

    /// Whether the candidates are several members of impl blocks, no two in
    /// one block (`impl Deserializer for Map` and `… for &Map`).
    fn in_several_impl_blocks(&self, candidates: &Candidates) -> bool {
        let mut blocks = HashSet::new();
        candidates.len() > 1
            && candidates.iter().all(|&(s, _, _)| {
                let (f, d) = self.locate(s);
                match self.files[f].facts.defs[d].container {
                    Container::Impl(i) => blocks.insert((f, i)),
                    Container::File | Container::Def(_) => false,
                }
            })
    }

    fn resolve_qualified(&self, f: usize, site: &RefFact, qualifier: &str) -> Qualified {
        let spec = self.spec(f);
        // `p->next->f()`: C and C++ reach a member through a pointer as
        // through a value.
        let arrowless;
        let qualifier = if self.system(f) == ModuleSystem::CIncludes && qualifier.contains("->") {
            arrowless = qualifier.replace("->", ".");
            arrowless.as_str()
        } else {
            qualifier
        };
        if spec.self_names.contains(&qualifier) {
            return match self.enclosing_type(f, site.container) {
                Some(ty) => self.member_of_type(ty, &site.name, Resolution::Scope),
                None => Qualified::Unknown,
            };
        }
        if spec.super_names.contains(&qualifier) {
            let Some(ty) = self.enclosing_type(f, site.container) else {
                return Qualified::Unknown;
            };
            // A bare `super` (Ruby) calls the enclosing method on the bases.
            let name = match site.container {
                Container::Def(d) if site.name == qualifier => &*self.files[f].facts.defs[d].name,
                _ => site.name.as_str(),
            };
            let bases: Vec<SymId> = self
                .with_parts(ty)
                .filter_map(|part| self.bases.get(&part))
                .flatten()
                .copied()
                .collect();
            for base in bases {
                if let Qualified::Found(found) =
                    self.member_of_type(base, name, Resolution::Inheritance)
                {
                    return Qualified::Found(Lookup {
                        method: Resolution::Inheritance,
                        ..found
                    });
                }
            }
            return Qualified::Dead;
        }
        let is_path = qualifier
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '$' | '.' | ':'));
        if !is_path {
            // A call or construction: `make().total()`, `new Cart().total()`.
            return match self.receiver_type(f, site.container, qualifier, 0) {
                Some(ty) => self.member_of_type(ty, &site.name, Resolution::Receiver),
                None => Qualified::Unknown,
            };
        }
        let segments: Vec<&str> = qualifier.split(spec.separator).collect();
        if let Some(lookup) = self.resolve_path(f, site.container, &segments) {
            if lookup.external {
                return Qualified::Dead;
            }
            let namespaces: Vec<Target> = lookup
                .targets
                .iter()
                .copied()
                .filter(|&t| match t {
                    Target::File(_) | Target::Package(_) => true,
                    Target::Sym(s) => {
                        let kind = self.def(s).kind;
                        kind.is_type() || matches!(kind, SymbolKind::Module | SymbolKind::Variant)
                    }
                })
                .collect();
            if !namespaces.is_empty() {
                let mut found = Vec::new();
                let mut method = lookup.method;
                for target in namespaces {
                    if let Some(members) = self.members(target, &site.name, 0) {
                        method = weaker(method, members.method);
                        found.extend(members.targets);
                    }
                }
                return match Lookup::found(found, method) {
                    Some(lookup) => Qualified::Found(lookup),
                    None => Qualified::Dead,
                };
            }
        }
        match self.receiver_type(f, site.container, qualifier, 0) {
            Some(ty) => self.member_of_type(ty, &site.name, Resolution::Receiver),
            None => Qualified::Unknown,
        }
    }

    /// A member of a known type: found directly (`direct`), on a base
    /// (inheritance), or known to be missing (dead: no guessing).
    fn member_of_type(&self, ty: SymId, name: &str, direct: Resolution) -> Qualified {
        let (found, via_base) = self.type_members(ty, name);
        let method = if via_base {
            weaker(direct, Resolution::Inheritance)
        } else {
            direct
        };
        match Lookup::found(found.into_iter().map(Target::Sym).collect(), method) {
            Some(lookup) => Qualified::Found(lookup),
            None => Qualified::Dead,
        }
    }

    /// Where several overloads fit a call by name, those whose parameter
    /// count matches its argument count; all of them when none or every
    /// one does, or when a count is unknown.
    fn prefer_fitting_arity(&self, f: usize, site: &RefFact, targets: Vec<Target>) -> Vec<Target> {
        let Some(arguments) = site.arguments else {
            return targets;
        };
        if !self.spec(f).overloads_by_arity || targets.len() < 2 {
            return targets;
        }
        let fits = |t: &Target| match *t {
            Target::Sym(s) => self.def(s).parameters.is_none_or(|p| p == arguments),
            Target::File(_) | Target::Package(_) => true,
        };
        let fitting: Vec<Target> = targets.iter().copied().filter(fits).collect();
        if fitting.is_empty() { targets } else { fitting }
    }

    /// Where a name denotes both a callable and a value (a Rust builder's
    /// field `shrink` and method `shrink()`), a call means the callable and
    /// any other use the value; a set with only one sort is kept whole.
    fn prefer_fitting_kind(&self, kind: OccurrenceKind, targets: Vec<Target>) -> Vec<Target> {
        let callable = |t: &Target| match *t {
            Target::Sym(s) => self.def(s).kind.is_callable() || self.def(s).kind.is_type(),
            Target::File(_) | Target::Package(_) => false,
        };
        let wants_callable = matches!(kind, OccurrenceKind::Call | OccurrenceKind::Instantiate);
        let fitting: Vec<Target> = targets
            .iter()
            .copied()
            .filter(|t| callable(t) == wants_callable)
            .collect();
        if fitting.is_empty() || kind == OccurrenceKind::Import {
            targets
        } else {
            fitting
        }
    }

    /// Every plausible definition named like the site, at low confidence.
    fn name_only(&self, site: &RefFact, qualified: bool) -> Candidates {
        // Names are read everywhere: a read is recorded only when resolved,
        // so no definition is a guess for one (and a common name, `len` in
        // C, has thousands of same-named definitions to look through).
        if site.kind == OccurrenceKind::Read {
            return Vec::new();
        }
        // One past the most kept is enough to tell there are too many.
        let candidates: Vec<SymId> = self
            .named(&self.by_name, &site.name)
            .filter(|&s| self.plausible(site.kind, qualified, s))
            .take(MAX_NAME_ONLY_CANDIDATES + 1)
            .collect();
        if candidates.is_empty() || candidates.len() > MAX_NAME_ONLY_CANDIDATES {
            return Vec::new();
        }
        let confidence = if candidates.len() == 1 {
            NAME_ONLY_UNIQUE_CONFIDENCE
        } else {
            NAME_ONLY_AMBIGUOUS_CONFIDENCE
        };
        candidates
            .into_iter()
            .map(|s| (s, Resolution::NameOnly, confidence))
            .collect()
    }

    /// Whether a definition could be what a site of `kind` refers to.
    fn plausible(&self, kind: OccurrenceKind, qualified: bool, s: SymId) -> bool {
        let def_kind = self.def(s).kind;
        // Asked only of callables and types, where it matters.
        let is_member = || {
            let (f, _) = self.locate(s);
            // An extension of a type outside the repository has no parent,
            // but is called as a member all the same.
            self.parent(s).is_some_and(|p| self.def(p).kind.is_type())
                || self.files[f].facts.is_extension(self.def(s))
        };
        match kind {
            OccurrenceKind::Call if qualified => def_kind.is_callable() && is_member(),
            OccurrenceKind::Call => (def_kind.is_callable() || def_kind.is_type()) && !is_member(),
            OccurrenceKind::Instantiate => def_kind.is_type(),
            OccurrenceKind::Inherit | OccurrenceKind::Implement => def_kind.is_type(),
            OccurrenceKind::Type => def_kind.is_type() || def_kind == SymbolKind::TypeAlias,
            OccurrenceKind::Import => true,
            // See `name_only`.
            OccurrenceKind::Read => false,
        }
    }

    // ---- output

    /// The qualified name of `s`, its containers' names first; `memo`
    /// keeps the names computed so far.
    fn qualname(&self, s: SymId, memo: &mut HashMap<SymId, String>, depth: usize) -> String {
        if let Some(done) = memo.get(&s) {
            return done.clone();
        }
        if depth > MAX_CHAIN {
            // Only a type defined inside its own impl's method can loop here.
            return self.def(s).name.to_string();
        }
        let (f, d) = self.locate(s);
        let def = &self.files[f].facts.defs[d];
        let separator = self.spec(f).separator;
        let prefix = match def.container {
            Container::Def(p) => self.qualname(self.sym_of(f, p), memo, depth + 1),
            Container::Impl(i) => match self.impl_owner[f][i] {
                Some(owner) if owner != s => self.qualname(owner, memo, depth + 1),
                _ => {
                    let module = self.modules.qualified_prefix(self.files, f);
                    let ty = self.files[f].facts.impls[i]
                        .self_type
                        .rsplit(separator)
                        .next()
                        .unwrap_or_default();
                    if module.is_empty() {
                        ty.to_owned()
                    } else {
                        format!("{module}{separator}{ty}")
                    }
                }
            },
            Container::File => self.modules.qualified_prefix(self.files, f),
        };
        let qualname = if prefix.is_empty() {
            def.name.to_string()
        } else {
            format!("{prefix}{separator}{}", def.name)
        };
        memo.insert(s, qualname.clone());
        qualname
    }

    /// The block a member is written in, unless the block is the member's
    /// own span (Go's receiver, C++'s out-of-line `A::f`).
    fn impl_block(&self, f: usize, def: &DefFact) -> Option<ImplBlock> {
        let facts = &self.files[f].facts;
        let Container::Impl(i) = def.container else {
            return None;
        };
        if facts.is_extension(def) {
            return None;
        }
        let block = &facts.impls[i];
        Some(ImplBlock {
            header: block.header.clone()?,
            start_line: block.start_line,
            end_line: block.end_line,
        })
    }

    /// The rows of file `f`'s definitions, with the texts `apart` holds.
    fn emit_symbols(&self, f: usize, apart: &Apart, rows: &mut FileRows) {
        let mut qualnames = HashMap::new();
        for s in self.file_syms(f) {
            let def = self.def(s);
            let d = self.locate(s).1;
            rows.symbols.push(SymbolRecord {
                id: self.store_id(s),
                file_id: self.files[f].file_id,
                name: def.name.to_string(),
                qualname: self.qualname(s, &mut qualnames, 0),
                kind: def.kind,
                start_line: def.start_line,
                end_line: def.end_line,
                start_byte: def.start_byte,
                end_byte: def.end_byte,
                name_line: def.name_line,
                name_col: def.name_col,
                signature: def
                    .signature
                    .as_deref()
                    .or_else(|| apart.signatures.get(d))
                    .map(String::from),
                doc: apart.docs.get(d).map(String::from),
                parent_id: self.parent(s).map(|p| self.store_id(p)),
                exported: def.exported,
                impl_block: self.impl_block(f, def),
            });
        }
    }

    fn emit_references(
        &self,
        f: usize,
        sites: &[RefFact],
        inheritance: &HashMap<(usize, usize), Candidates>,
        rows: &mut FileRows,
    ) {
        let mut inheritance_sites = 0;
        for site in sites {
            let linked = site.is_inheritance().then(|| {
                inheritance_sites += 1;
                inheritance.get(&(f, inheritance_sites - 1))
            });
            let at = (site.line, site.col);
            if self.disabled[f]
                .iter()
                .any(|&(start, end)| start <= at && at < end)
            {
                continue;
            }
            let targets = match linked.flatten() {
                Some(targets) => targets.clone(),
                None => self.resolve_ref(f, site),
            };
            if site.kind == OccurrenceKind::Read && targets.is_empty() {
                continue;
            }
            let all_types =
                !targets.is_empty() && targets.iter().all(|&(s, _, _)| self.def(s).kind.is_type());
            let kind = if site.kind == OccurrenceKind::Call && all_types {
                OccurrenceKind::Instantiate
            } else {
                site.kind
            };
            let receiver = site.path.clone().or_else(|| site.receiver.clone());
            let enclosing = self.container_sym(f, site.container);
            self.push_occurrence(
                rows,
                f,
                (site.line, site.col),
                kind,
                &site.name,
                receiver,
                enclosing,
                &targets,
            );
        }
    }

    fn emit_imports(&self, f: usize, rows: &mut FileRows) {
        let file = &self.files[f];
        for (i, decl) in file.facts.imports.iter().enumerate() {
            let lookup = self.resolve_import(f, i);
            let resolved_file = match self.import_module(f, i) {
                ModuleTarget::Found(Target::File(g)) => Some(self.files[g].file_id),
                _ => None,
            };
            rows.imports.push(ImportRecord {
                id: plumb_store::row_id(file.file_id, i),
                file_id: file.file_id,
                line: decl.line,
                module: decl.module.clone(),
                name: decl.name.clone(),
                alias: decl
                    .local
                    .clone()
                    .filter(|local| Some(local) != decl.name.as_ref()),
                resolved_file_id: resolved_file,
            });
            // A module import names a file, not a symbol: the imports
            // table records it; an occurrence would only look unresolved.
            let names_module = !lookup.targets.is_empty()
                && lookup
                    .targets
                    .iter()
                    .all(|t| matches!(t, Target::File(_) | Target::Package(_)));
            let Some(name) = decl.name.as_deref() else {
                continue;
            };
            if names_module {
                continue;
            }
            let targets: Vec<(SymId, Resolution, f64)> = lookup
                .targets
                .iter()
                .filter_map(|&t| match t {
                    Target::Sym(s) => Some((s, Resolution::Import, IMPORT_CONFIDENCE)),
                    Target::File(_) | Target::Package(_) => None,
                })
                .collect();
            let module = Some(decl.module.clone()).filter(|m| !m.is_empty());
            self.push_occurrence(
                rows,
                f,
                (decl.line, decl.col),
                OccurrenceKind::Import,
                name,
                module,
                None,
                &targets,
            );
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn push_occurrence(
        &self,
        rows: &mut FileRows,
        f: usize,
        (line, col): (u32, u32),
        kind: OccurrenceKind,
        name: &str,
        receiver: Option<String>,
        enclosing: Option<SymId>,
        targets: &[(SymId, Resolution, f64)],
    ) {
        let id = plumb_store::row_id(self.files[f].file_id, rows.occurrences.len());
        rows.occurrences.push(OccurrenceRecord {
            id,
            file_id: self.files[f].file_id,
            line,
            col,
            kind,
            name: name.to_owned(),
            receiver,
            enclosing_id: enclosing.map(|s| self.store_id(s)),
        });
        for &(s, method, confidence) in targets {
            rows.resolutions.push(ResolutionRecord {
                occurrence_id: id,
                symbol_id: self.store_id(s),
                method,
                confidence,
            });
        }
    }
}

/// The module an import names, as the resolver sees it.
#[derive(Clone, Copy, Debug)]
enum ModuleTarget {
    Found(Target),
    Missing,
    External,
}

impl ModuleTarget {
    fn target(self) -> Option<Target> {
        match self {
            ModuleTarget::Found(target) => Some(target),
            ModuleTarget::Missing | ModuleTarget::External => None,
        }
    }
}

/// The outcome of resolving a qualified site.
enum Qualified {
    /// Decided.
    Found(Lookup),
    /// The qualifier is known and has no such member, or is external:
    /// guessing by name would only add wrong edges.
    Dead,
    /// The qualifier could not be typed: fall back to the name.
    Unknown,
}

/// Methods whose result has the receiver's (unwrapped) type, from the
/// Rust standard library's `Option`, `Result` and `Clone`. Chosen: the
/// common ones; others are left untyped.
const TYPE_PRESERVING_METHODS: &[&str] = &[
    "as_mut",
    "as_ref",
    "borrow",
    "borrow_mut",
    "clone",
    "expect",
    "lock",
    "to_owned",
    "unwrap",
    "unwrap_or_default",
    "unwrap_unchecked",
];

/// Rust methods that iterate over a collection's elements as they are
/// (`xs.iter()` yields what `xs[i]` is, by reference). From the std slice,
/// `Vec` and set APIs.
const ELEMENT_ITERATORS: &[&str] = &[".into_iter()", ".iter()", ".iter_mut()"];

/// Index of the `[` matching a `]` just past the end of `text`
/// (`states[i` → 6).
fn matching_open_bracket(text: &str) -> Option<usize> {
    matching_opener(text, '[', ']', 1)
}

/// Index of the `(` matching the `)` that ends `text`.
fn matching_open(text: &str) -> Option<usize> {
    matching_opener(text, '(', ')', 0)
}

/// Scanning `text` backwards from an initial nesting `depth`, the index of
/// the `open` that brings it back to zero.
fn matching_opener(text: &str, open: char, close: char, mut depth: i32) -> Option<usize> {
    for (i, c) in text.char_indices().rev() {
        if c == close {
            depth += 1;
        } else if c == open {
            depth -= 1;
            if depth == 0 {
                return Some(i);
            }
        }
    }
    None
}

/// Of a scope's bindings (file, binding), in order, the one `name` takes:
/// a declared type wins over an inferred one (`atom_: IAtom` over a
/// constructor's `this.atom_ = new Atom()`); among inferred ones, the last.
fn pick_binding<'b>(
    in_scope: impl DoubleEndedIterator<Item = (usize, &'b BindingFact)> + Clone,
    name: &str,
) -> Option<(usize, &'b BindingFact)> {
    in_scope
        .clone()
        .find(|(_, b)| b.name == name && !b.from_value)
        .or_else(|| in_scope.rev().find(|(_, b)| b.name == name))
}

/// Whether `def` is an enumerator of a file-level C enum: C puts those in
/// the file's scope, beside the enum (`case RED:`, not `color.RED`).
fn is_c_enumerator(file: &SourceFile, def: &DefFact) -> bool {
    file.language == Language::C
        && def.kind == SymbolKind::Variant
        && matches!(def.container, Container::Def(e)
            if file.facts.defs[e].container == Container::File
                && file.facts.defs[e].kind == SymbolKind::Enum)
}

/// Whether `text` is one plain identifier (no path, call or member access;
/// PHP's `$x` and Ruby's `@x` included).
fn is_identifier(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|ch| ch.is_alphanumeric() || matches!(ch, '_' | '$' | '@'))
}

/// The return annotation of a signature: what follows `->` (Python, Rust)
/// or `:` (TypeScript) after the parameter list.
fn return_annotation(signature: &str) -> Option<&str> {
    // The parameter list is the first `(` after `fn` (past `pub(crate)`)
    // outside generic brackets (`fn f<F: Fn(u8)>(…)`).
    let from = signature.find("fn ").map_or(0, |at| at + 3);
    let mut angle = 0i32;
    let mut previous = ' ';
    let open = signature[from..].char_indices().find_map(|(i, c)| {
        match c {
            '<' => angle += 1,
            '>' if previous != '-' => angle -= 1,
            '(' if angle == 0 => return Some(from + i),
            _ => {}
        }
        previous = c;
        None
    })?;
    let mut depth = 0i32;
    let mut close = None;
    for (i, c) in signature[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    close = Some(open + i);
                    break;
                }
            }
            _ => {}
        }
    }
    let rest = signature[close? + 1..].trim_start();
    let rest = rest.strip_prefix("->").or_else(|| rest.strip_prefix(':'))?;
    let rest = rest.split(" where ").next()?.trim();
    let rest = rest.trim_end_matches("=>").trim_end();
    (!rest.is_empty()).then_some(rest)
}

/// Marks TypeScript's `this` pseudo-parameter in [`parameter_types`]: it
/// takes no argument position. From the TypeScript handbook ("this parameters").
const THIS_PARAMETER: &str = "\u{0}this";

/// The annotated types of the parameters of the first parameter list in
/// `signature` (`None` for an unannotated one); a `this:` parameter is
/// returned as [`THIS_PARAMETER`].
fn parameter_types(signature: &str) -> Option<Vec<Option<String>>> {
    let open = signature.find('(')?;
    let mut depth = 0i32;
    let mut previous = ' ';
    let mut start = open + 1;
    let mut parts = Vec::new();
    for (i, c) in signature[open..].char_indices() {
        let at = open + i;
        match c {
            '(' | '[' | '{' | '<' => depth += 1,
            '>' if previous == '=' || previous == '-' => {}
            ')' | ']' | '}' | '>' => {
                depth -= 1;
                if depth == 0 {
                    parts.push(&signature[start..at]);
                    break;
                }
            }
            ',' if depth == 1 => {
                parts.push(&signature[start..at]);
                start = at + 1;
            }
            _ => {}
        }
        previous = c;
    }
    let types = parts
        .into_iter()
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (name, ty) = match split_top_level_colon(p) {
                Some((name, ty)) => (name.trim(), Some(ty.trim())),
                None => (p, None),
            };
            if name == "this" {
                return Some(THIS_PARAMETER.to_owned());
            }
            ty.map(|t| t.split(" = ").next().unwrap_or(t).trim().to_owned())
        })
        .collect();
    Some(types)
}

/// Splits `name?: Type` at its first colon outside brackets.
fn split_top_level_colon(parameter: &str) -> Option<(&str, &str)> {
    let mut depth = 0i32;
    for (i, c) in parameter.char_indices() {
        match c {
            '(' | '[' | '{' | '<' => depth += 1,
            ')' | ']' | '}' | '>' => depth -= 1,
            ':' if depth == 0 => {
                return Some((parameter[..i].trim_end_matches('?'), &parameter[i + 1..]));
            }
            _ => {}
        }
    }
    None
}

/// The weaker of two methods (a chain is as sure as its weakest link).
fn weaker(a: Resolution, b: Resolution) -> Resolution {
    a.max(b)
}

/// The confidence recorded for a method.
fn confidence(method: Resolution) -> f64 {
    match method {
        Resolution::Scope => SCOPE_CONFIDENCE,
        Resolution::Import => IMPORT_CONFIDENCE,
        Resolution::Receiver => RECEIVER_CONFIDENCE,
        Resolution::Inheritance => INHERITANCE_CONFIDENCE,
        Resolution::NameOnly => NAME_ONLY_UNIQUE_CONFIDENCE,
    }
}

#[cfg(test)]
mod rust_tests;
#[cfg(test)]
mod tests {
    use std::time::Duration;

    use plumb_lang::Language;

    use super::modules::Manifests;
    use crate::facts::{Apart, decode_apart};
    use plumb_store::records::{OccurrenceRecord, ResolutionRecord, SymbolRecord};

    use super::{SourceFile, link, matching_open, parameter_types, return_annotation};
    use crate::parse::{FileOutcome, check_and_extract};

    /// Resolves a multi-file fixture (`//- path` headers) and returns, for
    /// every call site named `name`, `enclosing -> target [method]`.
    pub(super) fn calls_named(fixture: &str, name: &str) -> Vec<String> {
        calls_named_in(fixture, name, &[])
    }

    /// The rows of every file of a graph.
    #[derive(Default)]
    struct Graph {
        symbols: Vec<SymbolRecord>,
        occurrences: Vec<OccurrenceRecord>,
        resolutions: Vec<ResolutionRecord>,
    }

    impl Graph {
        fn qualname(&self, id: i64) -> String {
            let symbol = self.symbols.iter().find(|s| s.id == id);
            symbol.expect("a resolution's target").qualname.clone()
        }
    }

    /// The graph of a multi-file fixture (`//- path` headers), with the Rust
    /// crates given.
    fn resolve_fixture(fixture: &str, crates: &[super::modules::RustCrate]) -> Graph {
        let (files, aparts) = files_of(fixture);
        let manifests = Manifests {
            rust_crates: crates.to_vec(),
            go_modules: Vec::new(),
        };
        let linked = link(&files, &manifests);
        let mut graph = Graph::default();
        for (f, apart) in aparts.into_iter().enumerate() {
            let rows = linked.file_rows(f, apart);
            graph.symbols.extend(rows.symbols);
            graph.occurrences.extend(rows.occurrences);
            graph.resolutions.extend(rows.resolutions);
        }
        graph
    }

    /// The files of a multi-file fixture (`//- path` headers), extracted,
    /// and what was set apart of each one's facts.
    fn files_of(fixture: &str) -> (Vec<SourceFile>, Vec<Apart>) {
        let mut files = Vec::new();
        let mut aparts = Vec::new();
        for chunk in fixture.split("//- ").filter(|c| !c.trim().is_empty()) {
            let (path, code) = chunk.split_once('\n').unwrap();
            let language = Language::from_path(std::path::Path::new(path.trim())).unwrap();
            let FileOutcome::Indexed(facts) =
                check_and_extract(language, code.as_bytes(), Duration::from_secs(5))
            else {
                panic!("{path} did not extract");
            };
            let (file, encoded) = SourceFile::new(
                files.len() as i64 + 1,
                path.trim().to_owned(),
                language,
                facts,
            );
            files.push(file);
            aparts.push(decode_apart(&encoded));
        }
        (files, aparts)
    }

    /// The rows of the first `files` files, as text, given what was set
    /// apart of every file's facts.
    fn rows_text(linked: &super::Linked<'_>, aparts: &[Apart], files: usize) -> Vec<String> {
        (0..files)
            .map(|f| format!("{:?}", linked.file_rows(f, aparts[f].clone())))
            .collect()
    }

    #[test]
    fn a_refreshed_file_resolves_as_in_a_fresh_link() {
        // The edited file (the first) keeps its interface: its functions'
        // bodies change (locals, bindings, calls), its lines move, and a
        // `cfg` block appears; the impl block binding into another file's
        // type stays.
        let cases = [
            (
                "//- src/lib.rs\nmod shapes;\nuse shapes::Cart;\nimpl Cart {\n    pub fn fill(&self) -> u32 { let n = self.total(); n }\n}\npub fn run() -> u32 { let c = Cart::new(); c.fill() }\n",
                "//- src/lib.rs\n// moved\nmod shapes;\nuse shapes::Cart;\nimpl Cart {\n    pub fn fill(&self) -> u32 { let other = Cart::new(); let n = other.total(); #[cfg(feature = \"off\")] { n.count(); } n }\n}\npub fn run() -> u32 { let d = Cart::new(); let c = d; c.fill() + c.total() }\n",
                "//- src/shapes.rs\npub struct Cart;\nimpl Cart {\n    pub fn new() -> Cart { Cart }\n    pub fn total(&self) -> u32 { 0 }\n}\n",
            ),
            (
                "//- shop/run.py\nfrom shop.models import Cart\n\nclass Till:\n    def __init__(self):\n        self.cart = Cart()\n\n    def ring(self):\n        return self.cart.total()\n",
                "//- shop/run.py\nfrom shop.models import Cart\n\n\nclass Till:\n    def __init__(self):\n        self.cart = Cart()\n\n    def ring(self):\n        other = Cart()\n        for item in other.items():\n            item.price()\n        return self.cart.total() + other.total()\n",
                "//- shop/models.py\nclass Cart:\n    def total(self):\n        return 0\n\n    def items(self):\n        return []\n",
            ),
        ];
        for (before, after, other) in cases {
            let manifests = Manifests {
                rust_crates: vec![super::modules::RustCrate {
                    dir: String::new(),
                    name: Some("shop".into()),
                    default_features: Vec::new(),
                }],
                go_modules: Vec::new(),
            };
            let (mut files, aparts_before) = files_of(&format!("{before}{other}"));
            let (edited, aparts) = files_of(&format!("{after}{other}"));
            assert_eq!(
                crate::interface::interface_hash(&files[0].facts),
                crate::interface::interface_hash(&edited[0].facts),
                "the edit must keep the interface"
            );
            let fresh = rows_text(&link(&edited, &manifests), &aparts, edited.len());
            let state = link(&files, &manifests).detach();
            let before_rows = rows_text(&link(&files, &manifests), &aparts_before, 1);
            files = edited;
            let mut refreshed = state.attach(&files);
            refreshed.refresh_file(0, &manifests);
            assert_eq!(
                rows_text(&refreshed, &aparts, files.len()),
                fresh,
                "{after}"
            );
            assert_ne!(
                before_rows,
                fresh[..1],
                "the edit must change the edited file's rows"
            );
        }
    }

    /// Confidences of the resolutions of sites named `name`, as
    /// `enclosing -> target confidence`.
    pub(super) fn confidences_of(fixture: &str, name: &str) -> Vec<String> {
        resolutions_named(fixture, name, &[], |r| r.confidence.to_string())
    }

    /// [`calls_named`] with the Rust crates of the fixture given.
    pub(super) fn calls_named_in(
        fixture: &str,
        name: &str,
        crates: &[super::modules::RustCrate],
    ) -> Vec<String> {
        resolutions_named(fixture, name, crates, |r| format!("[{}]", r.method))
    }

    /// Every resolution of the sites named `name`, as `enclosing -> target
    /// detail`, the detail told by `detail`.
    fn resolutions_named(
        fixture: &str,
        name: &str,
        crates: &[super::modules::RustCrate],
        detail: impl Fn(&ResolutionRecord) -> String,
    ) -> Vec<String> {
        let graph = resolve_fixture(fixture, crates);
        let mut out = Vec::new();
        for occurrence in graph.occurrences.iter().filter(|o| o.name == name) {
            for resolution in graph
                .resolutions
                .iter()
                .filter(|r| r.occurrence_id == occurrence.id)
            {
                let within = occurrence
                    .enclosing_id
                    .map_or("-".to_owned(), |id| graph.qualname(id));
                out.push(format!(
                    "{within} -> {} {}",
                    graph.qualname(resolution.symbol_id),
                    detail(resolution)
                ));
            }
        }
        out
    }

    #[test]
    fn return_annotations_type_call_results() {
        let got = calls_named(
            "//- shop.py\nclass Cart:\n    def total(self): pass\n\nclass Order:\n    def total(self): pass\n\ndef make() -> Cart:\n    return Cart()\n\ndef use():\n    c = make()\n    c.total()\n    make().total()\n",
            "total",
        );
        assert_eq!(
            got,
            vec![
                "shop.use -> shop.Cart.total [receiver]",
                "shop.use -> shop.Cart.total [receiver]"
            ]
        );
    }

    #[test]
    fn rust_self_returning_constructors_type_locals() {
        let got = calls_named(
            "//- src/lib.rs\npub struct Cart;\nimpl Cart {\n    pub fn new() -> Self { Cart }\n    pub fn total(&self) -> u32 { 0 }\n}\npub struct Order;\nimpl Order { pub fn total(&self) -> u32 { 1 } }\npub fn run() -> u32 {\n    let c = Cart::new();\n    let o = Order {};\n    c.total() + o.total()\n}\n",
            "total",
        );
        assert_eq!(
            got,
            vec![
                "crate::run -> crate::Cart::total [receiver]",
                "crate::run -> crate::Order::total [receiver]"
            ]
        );
    }

    #[test]
    fn c_calls_reach_prototypes_definitions_and_their_own_statics() {
        let fixture = "//- include/cart.h\nstruct cart { int (*total)(struct cart *c); };\nint cart_total(struct cart *c);\n//- src/cart.c\n#include \"cart.h\"\nstatic int helper(void) { return 1; }\nint cart_total(struct cart *c) { return helper(); }\n//- src/order.c\nstatic int helper(void) { return 2; }\nint order_total(void) { return helper(); }\n//- src/main.c\n#include <cart.h>\nint run(struct cart *c) { return cart_total(c) + c->total(c) + order_total(); }\n";
        assert_eq!(
            calls_named(fixture, "cart_total"),
            vec!["run -> cart_total [import]", "run -> cart_total [import]"]
        );
        assert_eq!(
            calls_named(fixture, "helper"),
            vec![
                "cart_total -> helper [scope]",
                "order_total -> helper [scope]"
            ]
        );
        assert_eq!(
            calls_named(fixture, "total"),
            vec!["run -> cart.total [receiver]"]
        );
        assert_eq!(
            calls_named(fixture, "order_total"),
            vec!["run -> order_total [import]"]
        );
    }

    #[test]
    fn rust_method_chains_follow_return_types() {
        let got = calls_named(
            "//- src/lib.rs\npub struct Config;\nimpl Config { pub fn kind(&self) -> u8 { 0 } }\npub struct Info { config: Config }\nimpl Info { pub(crate) fn config(&self) -> &Config { &self.config } }\npub fn run(info: &Info) -> u8 { info.config().kind() }\n",
            "kind",
        );
        assert_eq!(got, vec!["crate::run -> crate::Config::kind [receiver]"]);
    }

    #[test]
    fn unwrapping_keeps_the_success_type() {
        let got = calls_named(
            "//- src/lib.rs\npub struct Dfa;\nimpl Dfa { pub fn new() -> Result<Dfa, ()> { Ok(Dfa) } pub fn find(&self) -> u8 { 0 } }\npub struct Other;\nimpl Other { pub fn find(&self) -> u8 { 1 } }\npub fn run() -> Result<u8, ()> {\n    let a = Dfa::new()?;\n    let b = Dfa::new().unwrap();\n    Ok(a.find() + b.clone().find())\n}\n",
            "find",
        );
        assert_eq!(
            got,
            vec![
                "crate::run -> crate::Dfa::find [receiver]",
                "crate::run -> crate::Dfa::find [receiver]"
            ]
        );
    }

    #[test]
    fn rust_generic_parameters_reach_their_trait_bound() {
        let got = calls_named(
            "//- src/lib.rs\npub trait Automaton { fn next_state(&self) -> u32; }\npub struct Dfa;\nimpl Automaton for Dfa { fn next_state(&self) -> u32 { 1 } }\npub fn run<A: Automaton>(a: &A) -> u32 { a.next_state() }\npub fn walk<B>(b: B) -> u32 where B: Automaton { b.next_state() }\n",
            "next_state",
        );
        assert_eq!(
            got,
            vec![
                "crate::run -> crate::Automaton::next_state [receiver]",
                "crate::walk -> crate::Automaton::next_state [receiver]"
            ]
        );
    }

    #[test]
    fn imported_variables_and_aliases_carry_their_types() {
        let got = calls_named(
            "//- src/state.ts\nexport class Globals { reset(): void {} }\nexport class Other { reset(): void {} }\nexport type State = Globals | Other;\nexport const globalState: Globals = new Globals();\n//- src/use.ts\nimport { globalState, State } from './state';\nexport function run(s: State) { globalState.reset(); s.reset(); }\n",
            "reset",
        );
        assert_eq!(
            got,
            vec![
                "src/use.run -> src/state.Globals.reset [receiver]",
                "src/use.run -> src/state.Globals.reset [receiver]"
            ]
        );
    }

    #[test]
    fn module_level_bindings_are_visible_in_functions() {
        let got = calls_named(
            "//- src/app.ts\nclass Cart { total(): number { return 0; } }\nclass Order { total(): number { return 1; } }\nconst cart = new Cart();\nexport function run() { return cart.total(); }\n",
            "total",
        );
        assert_eq!(got, vec!["src/app.run -> src/app.Cart.total [receiver]"]);
    }

    #[test]
    fn return_annotations_are_read_from_signatures() {
        assert_eq!(
            return_annotation("def make(a, b=(1, 2)) -> Cart"),
            Some("Cart")
        );
        assert_eq!(
            return_annotation("pub fn new(r: f64) -> Self"),
            Some("Self")
        );
        assert_eq!(
            return_annotation("fn get<T>(&self) -> Option<&T> where T: Clone"),
            Some("Option<&T>")
        );
        assert_eq!(
            return_annotation("function make(a: number): Cart"),
            Some("Cart")
        );
        assert_eq!(return_annotation("make = (): Cart =>"), Some("Cart"));
        assert_eq!(return_annotation("def f(self)"), None);
        assert_eq!(return_annotation("class Cart(Base)"), None);
    }

    #[test]
    fn parameter_types_are_read_from_signatures() {
        let got = parameter_types(
            "export function operate<T, R>(init: (liftedSource: Observable<T>, subscriber: Subscriber<R>) => (() => void) | void, n = 3)",
        )
        .unwrap();
        assert_eq!(
            got,
            vec![Some("(liftedSource: Observable<T>, subscriber: Subscriber<R>) => (() => void) | void".to_owned()), None]
        );
        let callback = parameter_types(got[0].as_deref().unwrap()).unwrap();
        assert_eq!(
            callback,
            vec![
                Some("Observable<T>".to_owned()),
                Some("Subscriber<R>".to_owned())
            ]
        );
    }

    #[test]
    fn callback_parameters_take_their_type_from_the_callee() {
        let got = calls_named(
            "//- src/a.ts\nclass Subscriber { next(): void {} }\nclass Other { next(): void {} }\nclass Observable {\n  constructor(subscribe?: (this: Observable, subscriber: Subscriber) => void) {}\n}\nexport function operate(init: (source: Observable, subscriber: Subscriber) => void): void {}\nexport function run() {\n  new Observable((destination) => { destination.next(); });\n  operate((source, subscriber) => subscriber.next());\n}\n",
            "next",
        );
        assert_eq!(
            got,
            vec![
                "src/a.run -> src/a.Subscriber.next [receiver]",
                "src/a.run -> src/a.Subscriber.next [receiver]"
            ]
        );
    }

    #[test]
    fn kotlin_extensions_and_companions_are_members_of_their_class() {
        let fixture = "//- src/shop/Cart.kt\npackage shop\n\nclass Cart {\n    val items = Box()\n    fun total(): Int = items.size()\n    companion object {\n        fun empty(): Cart = Cart()\n    }\n}\nclass Box {\n    fun size(): Int = 0\n}\nclass Other {\n    fun size(): Int = 1\n}\n//- src/shop/ext/Summary.kt\npackage shop.ext\n\nimport shop.Cart\n\nfun Cart.summary(): Int = total() + this.items.size()\nfun run() = Cart.empty().summary()\nfun String.shout(): String = this\n//- src/shop/Use.kt\npackage shop\n\nimport shop.ext.shout\n\nfun use(name: String) = name.shout()\n";
        assert_eq!(
            calls_named(fixture, "size"),
            vec![
                "shop.Cart.total -> shop.Box.size [receiver]",
                "shop.Cart.summary -> shop.Box.size [receiver]"
            ]
        );
        assert_eq!(
            calls_named(fixture, "total"),
            vec!["shop.Cart.summary -> shop.Cart.total [scope]"]
        );
        assert_eq!(
            calls_named(fixture, "summary"),
            vec!["shop.ext.run -> shop.Cart.summary [receiver]"]
        );
        // An extension of a type from outside: imported by name, its calls
        // guessed by name (the receiver's type has no members plumb knows).
        assert_eq!(
            calls_named(fixture, "shout"),
            vec![
                "shop.use -> shop.ext.String.shout [name_only]",
                "- -> shop.ext.String.shout [import]"
            ]
        );
    }

    #[test]
    fn csharp_partial_classes_and_enclosing_namespaces() {
        let fixture = "//- Shop/Model/Shape.cs\nnamespace Shop.Model { public class Shape { public double Area() => 0; } }\n//- Global.cs\npublic class Log { public static void Write() {} }\n//- Shop/App/Cart.cs\nnamespace Shop.App { public partial class Cart : Model.Shape { public void Run() { Log.Write(); Helper(); } } }\n//- Shop/App/Cart.Helper.cs\nnamespace Shop.App;\npublic partial class Cart { void Helper() { Area(); } }\n";
        assert_eq!(
            calls_named(fixture, "Area"),
            vec!["Shop.App.Cart.Helper -> Shop.Model.Shape.Area [inheritance]"]
        );
        assert_eq!(
            calls_named(fixture, "Write"),
            vec!["Shop.App.Cart.Run -> Log.Write [scope]"]
        );
        assert_eq!(
            calls_named(fixture, "Helper"),
            vec!["Shop.App.Cart.Run -> Shop.App.Cart.Helper [scope]"]
        );
    }

    #[test]
    fn the_last_call_is_split_off() {
        assert_eq!(matching_open("a.b(c(d)).e(f)"), Some(11));
        assert_eq!(matching_open("make()"), Some(4));
        assert_eq!(matching_open("x"), None);
    }
}
