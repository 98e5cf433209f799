//! ECMAScript's module system: a file is its own module, named by its
//! path, and an import's relative specifier names a file, probed with the
//! extensions and `index` files TypeScript's resolution tries.

use plumb_lang::ModuleSystem;

use super::{Manifests, ModuleLookup, Modules, normalize, strip_extension};
use crate::resolve::SourceFile;

/// File extensions tried, in order, for an ECMAScript specifier without one.
/// From TypeScript's module resolution (`moduleResolution: node`).
const ECMA_PROBES: &[&str] = &[
    "",
    ".ts",
    ".tsx",
    ".d.ts",
    ".js",
    ".jsx",
    ".mjs",
    ".cjs",
    ".mts",
    ".cts",
    "/index.ts",
    "/index.tsx",
    "/index.d.ts",
    "/index.js",
    "/index.jsx",
    "/index.mjs",
];

/// The source and declaration extensions an emitted file's extension
/// stands for, in the order TypeScript tries them (its handbook's
/// "Module Resolution": `.js` → `.ts`, `.tsx`, `.d.ts`).
const EMITTED_SOURCES: &[(&str, &[&str])] = &[
    (".js", &[".ts", ".tsx", ".d.ts"]),
    (".jsx", &[".tsx", ".d.ts"]),
    (".mjs", &[".mts", ".d.mts"]),
    (".cjs", &[".cts", ".d.cts"]),
];

/// Records the path of each ECMAScript file of `files`.
pub(crate) fn index(modules: &mut Modules, files: &[SourceFile], _: &Manifests) {
    for (i, file) in files.iter().enumerate() {
        if file.language.spec().module_system == ModuleSystem::EcmaFiles {
            modules.ecma_files.insert(file.rel.clone(), i);
        }
    }
}

/// The qualified-name prefix of the definitions of file `i`: its path
/// without extension.
pub(crate) fn qualified_prefix(_: &Modules, files: &[SourceFile], i: usize) -> String {
    strip_extension(&files[i].rel).to_owned()
}

impl Modules {
    /// ECMAScript: the file a specifier names; a bare specifier is a
    /// package outside the repository.
    pub fn ecma_import(&self, files: &[SourceFile], from: usize, specifier: &str) -> ModuleLookup {
        if !specifier.starts_with('.') {
            return ModuleLookup::External;
        }
        let dir = files[from].rel.rsplit_once('/').map_or("", |(dir, _)| dir);
        let joined = normalize(&format!("{dir}/{specifier}"));
        // An emitted file's specifier names its source or declarations
        // first (`./types.js` → `types.ts`, `types.d.ts`), as TypeScript
        // resolves it.
        for (emitted, sources) in EMITTED_SOURCES {
            if let Some(stem) = joined.strip_suffix(emitted) {
                for source in *sources {
                    if let Some(&file) = self.ecma_files.get(&format!("{stem}{source}")) {
                        return ModuleLookup::Found(file);
                    }
                }
            }
        }
        let mut stems = vec![joined.clone()];
        for js in [".js", ".jsx", ".mjs", ".cjs"] {
            if let Some(stem) = joined.strip_suffix(js) {
                stems.push(stem.to_owned());
            }
        }
        for stem in &stems {
            for probe in ECMA_PROBES {
                if let Some(&file) = self.ecma_files.get(&format!("{stem}{probe}")) {
                    return ModuleLookup::Found(file);
                }
            }
        }
        ModuleLookup::Missing
    }
}
