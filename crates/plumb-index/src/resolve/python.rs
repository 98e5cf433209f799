//! Python's packages in resolution: an import names a module file by its
//! dotted name (leading dots relative to the importing file), and a
//! package's submodules are its members.

use plumb_lang::ImportDecl;

use super::FileId;
use super::imports::ModuleTarget;
use super::modules;
use super::state::Resolver;
use super::systems::{DEFAULT, Rules};

/// Python's rules ([`super::systems`]).
pub(super) const RULES: Rules = Rules {
    index_modules: modules::python::index,
    qualified_prefix: modules::python::qualified_prefix,
    submodule: |resolver, g, name| {
        let file = resolver.modules.python_submodule(g.index(), name)?;
        Some(FileId(file))
    },
    import_module,
    class_body_scope: true,
    inherited_parameter_types: true,
    rebound_names: true,
    instance_attributes: true,
    ..DEFAULT
};

/// The module file import `decl` of file `f` names.
fn import_module(resolver: &Resolver<'_>, f: FileId, decl: &ImportDecl) -> ModuleTarget {
    // `import a.b.c` binds `a`; `import a.b.c as x` binds `a.b.c`.
    let module = match (&decl.name, &decl.local) {
        (None, Some(local))
            if !decl.glob && decl.module.split('.').next() == Some(local.as_str()) =>
        {
            local.as_str()
        }
        _ => decl.module.as_str(),
    };
    ModuleTarget::of_file(resolver.modules.python_import(f.index(), module))
}
