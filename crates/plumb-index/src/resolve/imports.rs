//! Imports and module paths: what an import's module text names, what an
//! import binding denotes (following re-exports and globs), and what a
//! written path (`a.b.C`, `crate::a::C`) means.

use plumb_store::model::Resolution;

use super::modules::ModuleLookup;
use super::state::Resolver;
use super::{FileId, Lookup, Target, weaker};
use crate::facts::Container;

impl Resolver<'_> {
    /// What `name` means through the imports of file `f`: a binding of that
    /// name first, then glob imports (searched `depth` links deep). With
    /// `reexports_only`, imports that importers of `f` cannot see are skipped.
    pub(super) fn imported(
        &self,
        f: FileId,
        name: &str,
        reexports_only: bool,
        depth: usize,
    ) -> Option<Lookup> {
        (self.rules(f).imported)(self, f, name, reexports_only, depth)
    }

    /// What `name` means through the import statements of file `f` itself
    /// (see [`Resolver::imported`]). A glob of a module file is skipped
    /// where the module system reaches those files another way
    /// ([`super::systems::Rules::skips_file_globs`]: C's include closure).
    pub(super) fn own_imports(
        &self,
        f: FileId,
        name: &str,
        reexports_only: bool,
        depth: usize,
    ) -> Option<Lookup> {
        let imports = &self.file(f).facts.imports;
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
                && !(matches!(module, Target::File(_)) && self.rules(f).skips_file_globs)
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
    pub(super) fn import_module(&self, f: FileId, i: usize) -> ModuleTarget {
        let memo = self.memo();
        memo.once(&memo.modules, (f, i), ModuleTarget::Missing, || {
            self.import_module_uncached(f, i)
        })
    }

    fn import_module_uncached(&self, f: FileId, i: usize) -> ModuleTarget {
        (self.rules(f).import_module)(self, f, &self.file(f).facts.imports[i])
    }

    /// What import binding `i` of file `f` denotes.
    pub(super) fn resolve_import(&self, f: FileId, i: usize) -> Lookup {
        let memo = self.memo();
        memo.once(&memo.imports, (f, i), Lookup::unresolved(), || {
            self.resolve_import_uncached(f, i)
        })
    }

    fn resolve_import_uncached(&self, f: FileId, i: usize) -> Lookup {
        let decl = &self.file(f).facts.imports[i];
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
            return (self.rules(f).missing_module_import)(self, decl, name);
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

    /// What a path (`a.b.C`, `crate::a::C`) means inside container `c`.
    pub(super) fn resolve_path(
        &self,
        f: FileId,
        c: Container,
        segments: &[&str],
    ) -> Option<Lookup> {
        let (head, rest) = segments.split_first()?;
        let rules = self.rules(f);
        let mut lookup = (rules.path_head)(self, f, c, head)?;
        for segment in rest {
            if lookup.external || lookup.local {
                return Some(lookup);
            }
            if rules.skipped_path_segment == Some(*segment) {
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
}

/// The module an import names, as the resolver sees it.
#[derive(Clone, Copy, Debug)]
pub(super) enum ModuleTarget {
    /// A module file, a package or a definition of the repository.
    Found(Target),
    /// Into the repository, but to nothing found.
    Missing,
    /// Outside the repository.
    External,
}

impl ModuleTarget {
    /// The module file a module lookup found, if any.
    pub(super) fn of_file(lookup: ModuleLookup) -> ModuleTarget {
        match lookup {
            ModuleLookup::Found(file) => ModuleTarget::Found(Target::File(FileId(file))),
            ModuleLookup::Missing => ModuleTarget::Missing,
            ModuleLookup::External => ModuleTarget::External,
        }
    }

    /// The target found, if any.
    pub(super) fn target(self) -> Option<Target> {
        match self {
            ModuleTarget::Found(target) => Some(target),
            ModuleTarget::Missing | ModuleTarget::External => None,
        }
    }
}
