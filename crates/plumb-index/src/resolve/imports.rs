//! Imports and module paths: what an import's module text names, what an
//! import binding denotes (following re-exports and globs), and what a
//! written path (`a.b.C`, `crate::a::C`) means.

use plumb_lang::{ModuleSystem, PackageKeys};
use plumb_store::model::Resolution;

use super::modules::ModuleLookup;
use super::state::Resolver;
use super::{Lookup, Target, weaker};
use crate::facts::Container;

impl Resolver<'_> {
    /// What `name` means through the imports of file `f`: a binding of that
    /// name first, then glob imports (searched `depth` links deep). With
    /// `reexports_only`, imports that importers of `f` cannot see are skipped.
    pub(super) fn imported(
        &self,
        f: usize,
        name: &str,
        reexports_only: bool,
        depth: usize,
    ) -> Option<Lookup> {
        if self.system(f) == ModuleSystem::CIncludes {
            return self.included(f, name, depth);
        }
        self.own_imports(f, name, reexports_only, depth)
    }

    /// What `name` means through the import statements of file `f` itself
    /// (see [`Resolver::imported`]). A glob of a C or C++ file is skipped:
    /// [`Resolver::included`] walks the include closure once instead.
    pub(super) fn own_imports(
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
    pub(super) fn import_module(&self, f: usize, i: usize) -> ModuleTarget {
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
    pub(super) fn resolve_import(&self, f: usize, i: usize) -> Lookup {
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
    pub(super) fn resolve_path(&self, f: usize, c: Container, segments: &[&str]) -> Option<Lookup> {
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
    /// The target found, if any.
    pub(super) fn target(self) -> Option<Target> {
        match self {
            ModuleTarget::Found(target) => Some(target),
            ModuleTarget::Missing | ModuleTarget::External => None,
        }
    }
}
