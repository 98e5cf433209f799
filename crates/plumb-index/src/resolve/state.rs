//! The resolver's state: the tables linking builds over all files (symbols
//! by file, names, members, impl owners, bases, parts, bindings), their
//! construction, and the small accessors every step reads them through.

use foldhash::{HashMap, HashMapExt};
use rayon::prelude::*;
use thread_local::ThreadLocal;

use plumb_lang::{ModuleSystem, Spec};

use super::apart::LocalsIndex;
use super::memo::Memo;
use super::modules::{Manifests, Modules};
use super::names::{ByKey, ByName, SortedByName};
use super::systems::{self, Rules};
use super::{FileId, SourceFile, SymbolId, c, cfg};
use crate::facts::{Container, DefFact};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Scope {
    File(FileId),
    Sym(SymbolId),
}

/// A binding, by file and index among the file's bindings.
#[derive(Clone, Copy, Debug)]
pub(super) struct BindingRef {
    pub(super) file: FileId,
    pub(super) index: usize,
}

pub(super) struct Resolver<'a> {
    pub(super) files: &'a [SourceFile],
    pub(super) modules: Modules,
    /// The index of each file's first symbol, and one past the last
    /// file's last: symbols are numbered file by file, a file's in
    /// definition order.
    pub(super) first_sym: Vec<usize>,
    /// (file, definition index) of each symbol, in 32 bits each: the
    /// Linux kernel has millions of symbols ([`Self::locate`]).
    pub(super) syms: Vec<(u32, u32)>,
    pub(super) top_level: Vec<SortedByName<SymbolId>>,
    /// C and C++: the files each file's `#include`s name.
    pub(super) includes: Vec<Vec<FileId>>,
    /// The files defining each name at their top level (C's include
    /// lookups start here).
    pub(super) top_level_files: ByKey<FileId>,
    /// Extensions of each file: definitions held by an impl block of their
    /// own span (`fun Cart.total()`), members of their receiver type and
    /// also of the file's package.
    pub(super) extensions: Vec<SortedByName<SymbolId>>,
    pub(super) children: HashMap<SymbolId, Vec<SymbolId>>,
    pub(super) by_name: ByName<SymbolId>,
    pub(super) impl_owner: Vec<Vec<Option<SymbolId>>>,
    pub(super) bases: HashMap<SymbolId, Vec<SymbolId>>,
    /// The other definitions of a type defined more than once under one
    /// qualified name in a package-based module system (Ruby's reopened
    /// classes): parts of one type for member lookup.
    pub(super) parts: HashMap<SymbolId, Vec<SymbolId>>,
    pub(super) bindings: HashMap<Scope, Vec<BindingRef>>,
    /// Names local to each function, by file, where they stayed in the
    /// facts (see [`crate::facts::FileFacts::set_apart`]).
    pub(super) locals: Vec<LocalsIndex>,
    /// Each thread's memo tables.
    pub(super) memo: ThreadLocal<Memo>,
    /// Rust: per file, the extents of code a default build leaves out.
    pub(super) disabled: Vec<Vec<cfg::Extent>>,
}

impl<'a> Resolver<'a> {
    pub(super) fn new(files: &'a [SourceFile], manifests: &Manifests) -> Self {
        let modules = Modules::new(files, manifests);
        let includes = c::include_targets(files, &modules);
        // Symbols are numbered file by file: each file's first id.
        let firsts: Vec<usize> = files
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
                let rules = systems::rules(file.language.spec().module_system);
                let defs = || file.facts.defs.iter().enumerate();
                let top = SortedByName::build(
                    defs()
                        .filter(|(_, def)| {
                            def.container == Container::File || (rules.in_file_scope)(file, def)
                        })
                        .map(|(d, def)| (&*def.name, SymbolId(first + d))),
                );
                let extended = SortedByName::build(
                    defs()
                        .filter(|(_, def)| (rules.package_extension)(file, def))
                        .map(|(d, def)| (&*def.name, SymbolId(first + d))),
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
                .flat_map(|(f, table)| table.keys().map(move |key| (key, FileId(f)))),
        );
        let by_name = ByName::build(files.iter().zip(&firsts).flat_map(|(file, &first)| {
            file.facts
                .defs
                .iter()
                .enumerate()
                .map(move |(d, def)| (&*def.name, SymbolId(first + d)))
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
    pub(super) fn rebind<'b>(self, files: &'b [SourceFile]) -> Resolver<'b> {
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

    /// The store id of symbol `s`: its ordinal in its file's range.
    pub(super) fn store_id(&self, s: SymbolId) -> i64 {
        let (f, d) = self.locate(s);
        plumb_store::row_id(self.file(f).file_id, d)
    }

    /// This thread's memo tables.
    pub(super) fn memo(&self) -> &Memo {
        self.memo.get_or_default()
    }

    /// The file of symbol `s` and its index among the file's definitions.
    pub(super) fn locate(&self, s: SymbolId) -> (FileId, usize) {
        let (f, d) = self.syms[s.index()];
        (FileId(f as usize), d as usize)
    }

    /// What holds symbol `s`: the definition it is written in, or the
    /// type its impl block is linked to ([`Self::link_impls`]).
    pub(super) fn parent(&self, s: SymbolId) -> Option<SymbolId> {
        let (f, d) = self.locate(s);
        match self.file(f).facts.defs[d].container {
            Container::Def(p) => Some(self.sym_of(f, p)),
            Container::Impl(i) => self.impl_owner[f.index()][i],
            Container::File => None,
        }
    }

    pub(super) fn def(&self, s: SymbolId) -> &'a DefFact {
        let (f, d) = self.locate(s);
        &self.file(f).facts.defs[d]
    }

    /// File `f`.
    pub(super) fn file(&self, f: FileId) -> &'a SourceFile {
        &self.files[f.index()]
    }

    pub(super) fn spec(&self, f: FileId) -> &'static Spec {
        self.file(f).language.spec()
    }

    pub(super) fn system(&self, f: FileId) -> ModuleSystem {
        self.spec(f).module_system
    }

    /// The rules of file `f`'s module system.
    pub(super) fn rules(&self, f: FileId) -> &'static Rules {
        systems::rules(self.system(f))
    }

    pub(super) fn container_of(&self, f: FileId, c: Container) -> Container {
        match c {
            Container::File => Container::File,
            Container::Def(d) => self.file(f).facts.defs[d].container,
            Container::Impl(i) => self.file(f).facts.impls[i].container,
        }
    }

    /// The symbol of definition `d` of file `f`.
    pub(super) fn sym_of(&self, f: FileId, d: usize) -> SymbolId {
        SymbolId(self.first_sym[f.index()] + d)
    }

    /// The symbols of file `f`'s definitions.
    pub(super) fn file_syms(&self, f: FileId) -> impl Iterator<Item = SymbolId> + use<> {
        (self.first_sym[f.index()]..self.first_sym[f.index() + 1]).map(SymbolId)
    }

    /// Every file, in order.
    pub(super) fn all_files(&self) -> impl Iterator<Item = FileId> + use<> {
        (0..self.files.len()).map(FileId)
    }

    /// Every symbol, in order.
    pub(super) fn all_syms(&self) -> impl Iterator<Item = SymbolId> + use<> {
        (0..self.syms.len()).map(SymbolId)
    }

    /// The symbol standing for a container: a definition, or an impl
    /// block's owner type.
    pub(super) fn container_sym(&self, f: FileId, c: Container) -> Option<SymbolId> {
        match c {
            Container::File => None,
            Container::Def(d) => Some(self.sym_of(f, d)),
            Container::Impl(i) => self.impl_owner[f.index()][i],
        }
    }

    /// The innermost type around `c`: a type definition or an impl's owner.
    pub(super) fn enclosing_type(&self, f: FileId, mut c: Container) -> Option<SymbolId> {
        loop {
            match c {
                Container::File => return None,
                Container::Impl(i) => return self.impl_owner[f.index()][i],
                Container::Def(d) if self.file(f).facts.defs[d].kind.is_type() => {
                    return Some(self.sym_of(f, d));
                }
                Container::Def(_) => c = self.container_of(f, c),
            }
        }
    }

    /// Takes the one table that reads a part of file `f` outside its
    /// interface, its conditional code, from `f`'s facts as they are now.
    /// Its functions' locals and bindings need nothing: they are part of
    /// the interface or set apart with its sites ([`crate::facts::FileFacts::set_apart`]).
    pub(super) fn refresh_file(&mut self, f: FileId, manifests: &Manifests) {
        self.disabled[f.index()] = cfg::disabled_code(self.file(f), &manifests.rust_crates);
    }
}
