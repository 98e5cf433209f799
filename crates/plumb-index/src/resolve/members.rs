//! Member lookups: what a name means as a member of a type (walking its
//! bases), of a definition, of a module file, or of a package, and the
//! tables of a file's top-level names.

use std::collections::VecDeque;

use foldhash::HashSet;

use plumb_lang::PackageKeys;
use plumb_store::model::Resolution;

use super::names::NameTable;
use super::state::{Resolver, Scope};
use super::{FileId, Lookup, MAX_CHAIN, SymbolId, Target};

impl Resolver<'_> {
    /// Members of a type, walking up its bases breadth-first. Returns the
    /// members and whether they were found on a base. Where methods'
    /// attribute assignments declare instance attributes
    /// ([`super::systems::Rules::instance_attributes`]), a type on the way
    /// that sets `self.name` has an attribute of its own, which hides a
    /// base's attribute (not a method or property) of that name.
    pub(super) fn type_members(&self, ty: SymbolId, name: &str) -> (Vec<SymbolId>, bool) {
        let mut queue = VecDeque::from([(ty, 0usize)]);
        let mut seen: HashSet<SymbolId> = self.with_parts(ty).collect();
        let instance_attributes = self.rules(self.locate(ty).0).instance_attributes;
        let mut hidden = false;
        while let Some((current, depth)) = queue.pop_front() {
            let found: Vec<SymbolId> = self
                .with_parts(current)
                .filter_map(|part| self.children.get(&part))
                .flatten()
                .copied()
                .filter(|&m| &*self.def(m).name == name)
                .filter(|&m| !hidden || self.def(m).kind.is_callable())
                .collect();
            if !found.is_empty() {
                return (found, depth > 0);
            }
            hidden = hidden || (instance_attributes && self.sets_attribute(current, name));
            if depth < MAX_CHAIN {
                let bases: Vec<SymbolId> = self
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

    /// Whether a method of type `ty` sets `self.name` (a binding of the
    /// attribute in the type's scope).
    fn sets_attribute(&self, ty: SymbolId, name: &str) -> bool {
        let Some(bindings) = self.bindings.get(&Scope::Sym(ty)) else {
            return false;
        };
        bindings.iter().any(|b| {
            let bound = &self.file(b.file).facts.bindings[b.index].name;
            bound
                .strip_prefix("self.")
                .is_some_and(|attribute| attribute == name)
        })
    }

    /// What symbol `s` denotes: itself, or the module file it stands for
    /// ([`super::systems::Rules::module_file`]: Rust's `mod x;`).
    fn sym_target(&self, s: SymbolId) -> Target {
        let (f, _) = self.locate(s);
        (self.rules(f).module_file)(self, s).map_or(Target::Sym(s), Target::File)
    }

    /// What `name` means as a member of `target`.
    pub(super) fn members(&self, target: Target, name: &str, depth: usize) -> Option<Lookup> {
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
    pub(super) fn package_members(&self, p: usize, name: &str) -> Option<Lookup> {
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
    pub(super) fn package_definitions(&self, p: usize, name: &str) -> Option<Lookup> {
        let files = &self.modules.packages[p].files;
        let found: Vec<Target> = files
            .iter()
            .filter_map(|&g| self.top_level_named(FileId(g), name))
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
    pub(super) fn file_members(&self, g: FileId, name: &str, depth: usize) -> Option<Lookup> {
        let memo = self.memo();
        memo.once(&memo.file_members, (g, name.to_owned()), None, || {
            self.file_members_uncached(g, name, depth)
        })
    }

    fn file_members_uncached(&self, g: FileId, name: &str, depth: usize) -> Option<Lookup> {
        if let Some(lookup) = self.top_level_named(g, name) {
            return Some(lookup);
        }
        let rules = self.rules(g);
        if let Some(file) = (rules.submodule)(self, g, name) {
            return Lookup::found(vec![Target::File(file)], Resolution::Import);
        }
        // From outside, a module shows what it imports, unless it shows
        // only what it re-exports (ECMAScript).
        self.imported(g, name, rules.shows_only_reexports, depth + 1)
    }

    /// The definitions directly inside `s` (or another part of it) named `name`.
    pub(super) fn named_child(&self, s: SymbolId, name: &str) -> Option<Lookup> {
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
    pub(super) fn top_level_named(&self, f: FileId, name: &str) -> Option<Lookup> {
        Lookup::found(
            self.named(&self.top_level[f.index()], name)
                .map(|s| self.sym_target(s))
                .collect(),
            Resolution::Scope,
        )
    }

    /// Whether file `f` defines `name` at its top level.
    pub(super) fn defines_at_top_level(&self, f: FileId, name: &str) -> bool {
        self.named(&self.top_level[f.index()], name)
            .next()
            .is_some()
    }

    /// The symbols of `table` named `name`.
    pub(super) fn named<'s>(
        &'s self,
        table: &'s impl NameTable<SymbolId>,
        name: &'s str,
    ) -> impl Iterator<Item = SymbolId> + 's {
        table.named(name, |&s| &*self.def(s).name).copied()
    }
}
