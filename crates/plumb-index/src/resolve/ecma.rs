//! ECMAScript's file modules in resolution: an import names a file by a
//! relative specifier, and a module shows importers only what it exports
//! and re-exports, not what it imports for itself.

use plumb_lang::ImportDecl;

use super::FileId;
use super::imports::ModuleTarget;
use super::modules;
use super::state::Resolver;
use super::systems::{DEFAULT, Rules};

/// ECMAScript's rules ([`super::systems`]).
pub(super) const RULES: Rules = Rules {
    index_modules: modules::ecma::index,
    qualified_prefix: modules::ecma::qualified_prefix,
    shows_only_reexports: true,
    import_module,
    bare_fields_hold_no_code: true,
    ..DEFAULT
};

/// The module file import `decl` of file `f` names.
fn import_module(resolver: &Resolver<'_>, f: FileId, decl: &ImportDecl) -> ModuleTarget {
    ModuleTarget::of_file(
        resolver
            .modules
            .ecma_import(resolver.files, f.index(), &decl.module),
    )
}
