//! Packages that span files in resolution (Java's and Kotlin's `package`,
//! C#'s and PHP's namespaces, Ruby's constants, Go's directories, Swift's
//! module): a bare name falls back to the file's own package (and, where
//! the language says so, the packages enclosing it), then to the root of
//! the package tree; an import names a package or a member path in one;
//! a type defined twice under one qualified name is one type reopened.

use plumb_lang::{ImportDecl, ModuleSystem, PackageKeys};
use plumb_store::model::Resolution;

use super::imports::ModuleTarget;
use super::modules;
use super::state::Resolver;
use super::systems::{DEFAULT, Rules};
use super::{FileId, Lookup, Target, kotlin};

/// The rules of package-based module systems ([`super::systems`]).
pub(super) const RULES: Rules = Rules {
    index_modules: modules::packages::index,
    qualified_prefix: modules::packages::qualified_prefix,
    package_extension: kotlin::is_package_extension,
    reopens_types: true,
    implied_implementations: |resolver| resolver.structural_impls(),
    import_module,
    outer_scope: package_scope,
    ..DEFAULT
};

/// The package, or the member path in one, import `decl` of file `f` names.
fn import_module(resolver: &Resolver<'_>, f: FileId, decl: &ImportDecl) -> ModuleTarget {
    let ModuleSystem::Packages(keys) = resolver.system(f) else {
        return ModuleTarget::Missing;
    };
    let Some((package, rest)) = resolver.modules.package_prefix(&decl.module, keys) else {
        return ModuleTarget::External;
    };
    if keys == PackageKeys::Directories && !rest.is_empty() {
        // An import path names a directory, never a member.
        return ModuleTarget::Missing;
    }
    let mut target = Target::Package(package);
    for segment in rest {
        let Some(next) = resolver
            .members(target, segment, 0)
            .and_then(|lookup| lookup.targets.first().copied())
        else {
            return ModuleTarget::Missing;
        };
        target = next;
    }
    ModuleTarget::Found(target)
}

/// What a bare `name` means in file `f` through packages: the file's own
/// package (and, where the language says so, the packages enclosing it),
/// then the root of the package tree (a fully qualified `com.shop.Cart`
/// starts at `com`).
fn package_scope(resolver: &Resolver<'_>, f: FileId, name: &str) -> Option<Lookup> {
    let package = resolver.modules.package_of[f.index()]?;
    let mut current = Some(package);
    while let Some(p) = current {
        if let Some(lookup) = resolver.package_members(p, name) {
            return Some(lookup);
        }
        current = resolver
            .spec(f)
            .enclosing_packages_in_scope
            .then(|| resolver.modules.enclosing_package(p))
            .flatten();
    }
    if resolver.modules.packages[package].keys == PackageKeys::Declared
        && let Some(&top) = resolver.modules.package_ids.get(name)
    {
        return Lookup::found(vec![Target::Package(top)], Resolution::Import);
    }
    None
}
