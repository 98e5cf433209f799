//! C and C++ includes: what a file sees is its own definitions and those
//! of every header it includes, transitively. The closure is computed once
//! per file, breadth-first, so a header included along many paths (every
//! header of a library including every other) is read once per lookup.
//! Where every header of the closure is C (no `using` imports to search),
//! a name is looked up from the few files that define it at their top
//! level rather than by asking each header of the closure in turn: a Linux
//! file includes hundreds of headers.

use std::collections::VecDeque;

use foldhash::HashSet;
use std::sync::Arc;

use super::names::name_key;
use super::state::Resolver;
use super::{FileId, Lookup, Target, c};
use plumb_store::model::{Resolution, SymbolKind};

/// The files one file includes, directly or through other headers.
pub(super) struct IncludeClosure {
    /// Nearest first; the including file itself excluded.
    nearest_first: Vec<FileId>,
    /// Each file with its place in `nearest_first`, sorted by file.
    places: Vec<(FileId, usize)>,
    /// Whether every file of the closure is C.
    all_c: bool,
}

impl IncludeClosure {
    /// The place of `g` in the closure, nearest being 0.
    fn place(&self, g: FileId) -> Option<usize> {
        let at = self
            .places
            .binary_search_by_key(&g, |&(file, _)| file)
            .ok()?;
        Some(self.places[at].1)
    }
}

impl Resolver<'_> {
    /// The include closure of `f`.
    fn include_closure(&self, f: FileId) -> Arc<IncludeClosure> {
        if let Some(done) = self.memo().include_closures.borrow().get(&f) {
            return Arc::clone(done);
        }
        let mut seen = HashSet::from_iter([f]);
        let mut queue = VecDeque::from([f]);
        let mut closure = Vec::new();
        while let Some(g) = queue.pop_front() {
            for &h in &self.includes[g.index()] {
                if seen.insert(h) {
                    closure.push(h);
                    queue.push_back(h);
                }
            }
        }
        let mut places: Vec<(FileId, usize)> =
            closure.iter().enumerate().map(|(at, &g)| (g, at)).collect();
        places.sort_unstable();
        let closure = Arc::new(IncludeClosure {
            all_c: closure.iter().all(|&g| !c::has_using_imports(self.file(g))),
            nearest_first: closure,
            places,
        });
        self.memo()
            .include_closures
            .borrow_mut()
            .insert(f, Arc::clone(&closure));
        closure
    }

    /// Forgets the include closure of `f`, once `f` is resolved. Other
    /// files seldom read it again, and kept, every C file's closure (often
    /// hundreds of headers) would stay for the rest of the run; a closure
    /// asked for again is computed again, to the same value.
    pub(super) fn forget_include_closure(&self, f: FileId) {
        self.memo().include_closures.borrow_mut().remove(&f);
    }

    /// What `name` means in C or C++ file `f` beyond its own top level:
    /// its own `using` imports, then the top level and the `using` imports
    /// of each header in its include closure, nearest first.
    pub(super) fn included(&self, f: FileId, name: &str, depth: usize) -> Option<Lookup> {
        if let Some(found) = self.using_imports(f, name, depth) {
            return Some(found);
        }
        let closure = self.include_closure(f);
        if closure.all_c {
            let mut places: Vec<usize> = self
                .top_level_files
                .get(name_key(name))
                .iter()
                .filter_map(|&g| closure.place(g))
                .filter(|&place| self.defines_at_top_level(closure.nearest_first[place], name))
                .collect();
            places.sort_unstable();
            // A macro of the name, in any included file, replaces it before
            // the compiler reads a declaration (zstd's `#define HUF_isError
            // ERR_isError` beside `huf.h`'s prototype of `HUF_isError`). Not
            // where the macro's file declares the name otherwise too: there
            // the two are alternatives under `#if`s (xxhash's `#define
            // XXH_swap32 __builtin_bswap32`, else a function of its own).
            let is_macro =
                |t: &Target| matches!(*t, Target::Sym(s) if self.def(s).kind == SymbolKind::Macro);
            let macros = places.iter().find_map(|&place| {
                let found = self.top_level_named(closure.nearest_first[place], name)?;
                found.targets.iter().all(is_macro).then_some(found)
            });
            if let Some(found) = macros {
                return Some(Lookup {
                    method: Resolution::Import,
                    ..found
                });
            }
            let nearest = *places.first()?;
            return self
                .top_level_named(closure.nearest_first[nearest], name)
                .map(|found| Lookup {
                    method: Resolution::Import,
                    ..found
                });
        }
        for &g in &closure.nearest_first {
            let found = self
                .top_level_named(g, name)
                .or_else(|| self.using_imports(g, name, depth));
            if let Some(found) = found {
                return Some(Lookup {
                    method: Resolution::Import,
                    ..found
                });
            }
        }
        None
    }

    /// What `name` means through the `using` imports of file `f`. A C file
    /// has none: its imports are `#include`s, which the include closure
    /// already covers, so it is not searched (on the Linux kernel, searching
    /// every header's includes for every unresolved name took most of the
    /// run).
    fn using_imports(&self, f: FileId, name: &str, depth: usize) -> Option<Lookup> {
        if !c::has_using_imports(self.file(f)) {
            return None;
        }
        self.own_imports(f, name, false, depth)
    }
}
