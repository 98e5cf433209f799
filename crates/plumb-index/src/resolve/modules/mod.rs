//! Module systems: what module each file is, what its qualified-name prefix
//! is, and which file or namespace an import's module text names. The
//! manifests and the tables live here; each module system fills and reads
//! its own in a file of its own ([`plumb_lang::ModuleSystem`]'s rules,
//! `resolve/systems.rs`, say which), so this file names none.

pub(super) mod c;
pub(super) mod ecma;
pub(super) mod packages;
pub(super) mod python;
pub(super) mod rust;

use foldhash::HashMap;

pub use packages::Package;
pub use rust::RustModulePath;

use super::{SourceFile, systems};

/// A Rust crate found by its `Cargo.toml`.
#[derive(Clone, Debug)]
pub struct RustCrate {
    /// Directory of the `Cargo.toml`, relative to the root (`""` for the root).
    pub dir: String,
    /// The package name with `-` replaced by `_`, as `use` paths spell it.
    pub name: Option<String>,
    /// The features a default build enables: `default` and what it
    /// enables in turn, among the package's own features.
    pub default_features: Vec<String>,
    /// The root files of the targets its manifest declares (`[lib]`,
    /// `[[bin]]`, `[[test]]`, `[[bench]]`, `[[example]]` paths), relative
    /// to [`RustCrate::dir`] and normalised; targets cargo finds by
    /// convention (`src/lib.rs`, `tests/x.rs`) need no entry.
    pub targets: Vec<String>,
}

/// A Go module found by its `go.mod`.
#[derive(Clone, Debug)]
pub struct GoModule {
    /// Directory of the `go.mod`, relative to the root (`""` for the root).
    pub dir: String,
    /// The module path its `module` directive declares (`example.com/shop`).
    pub path: String,
}

/// What the indexer read from the project's manifests: the facts about
/// module roots that no source file states.
#[derive(Clone, Debug, Default)]
pub struct Manifests {
    /// Rust crates, from `Cargo.toml`s.
    pub rust_crates: Vec<RustCrate>,
    /// Go modules, from `go.mod`s.
    pub go_modules: Vec<GoModule>,
}

/// Module facts for every file of every module system.
#[derive(Debug, Default)]
pub struct Modules {
    /// Python: dotted module name of each file (None for other languages).
    pub python_name: Vec<Option<String>>,
    /// Python: whether each file is a package's `__init__.py`.
    pub python_package: Vec<bool>,
    /// Python: file of each dotted module name.
    pub python_files: HashMap<String, usize>,
    /// ECMAScript: file of each relative path.
    pub ecma_files: HashMap<String, usize>,
    /// Rust: module path of each file.
    pub rust_path: Vec<Option<RustModulePath>>,
    /// Rust: file of each module path.
    pub rust_files: HashMap<RustModulePath, usize>,
    /// Rust: the file each `mod x;` declaration names, by declaring file
    /// and module path below it (inline modules, then the name).
    pub rust_declared: HashMap<(usize, Vec<String>), usize>,
    /// Rust: crate key of each package name.
    pub rust_crates: HashMap<String, String>,
    /// C: file of each path.
    pub c_files: HashMap<String, usize>,
    /// C: files by file name (`list.h`), for includes no search path finds.
    pub c_by_file_name: HashMap<String, Vec<usize>>,
    /// C: include directories, most specific first: every directory named
    /// `include`, then the root.
    pub c_include_dirs: Vec<String>,
    /// C: what a search of [`Modules::c_include_dirs`], in order, finds
    /// first for each path written below them (`linux/list.h` →
    /// `include/linux/list.h`): every file under each include directory,
    /// by its path below it, under the first directory in that order.
    /// Looking an include up here costs one hash lookup, not one per
    /// include directory (of which the Linux kernel has hundreds).
    pub c_below_include_dirs: HashMap<String, usize>,
    /// Packages: every package, by id.
    pub packages: Vec<Package>,
    /// Packages: the id of each package name.
    pub package_ids: HashMap<String, usize>,
    /// Packages: the package of each file (None for other module systems).
    pub package_of: Vec<Option<usize>>,
}

/// Where an import's module text leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModuleLookup {
    /// To this file of the repository.
    Found(usize),
    /// Into the repository, but to no file indexed.
    Missing,
    /// Outside the repository (a package, the standard library).
    External,
}

impl Modules {
    /// Computes module names for `files`, given the manifests found.
    pub fn new(files: &[SourceFile], manifests: &Manifests) -> Modules {
        let mut modules = Modules {
            python_name: vec![None; files.len()],
            python_package: vec![false; files.len()],
            rust_path: vec![None; files.len()],
            package_of: vec![None; files.len()],
            ..Modules::default()
        };
        for rules in systems::ALL {
            (rules.index_modules)(&mut modules, files, manifests);
        }
        modules
    }

    /// The qualified-name prefix of definitions in file `i`.
    pub fn qualified_prefix(&self, files: &[SourceFile], i: usize) -> String {
        let system = files[i].language.spec().module_system;
        (systems::rules(system).qualified_prefix)(self, files, i)
    }
}

/// `a/b/../c/./d` → `a/c/d`.
pub(crate) fn normalize(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            other => parts.push(other),
        }
    }
    parts.join("/")
}

fn strip_extension(rel: &str) -> &str {
    for ext in [
        ".d.ts", ".tsx", ".ts", ".mts", ".cts", ".jsx", ".js", ".mjs", ".cjs", ".pyi", ".py", ".rs",
    ] {
        if let Some(stem) = rel.strip_suffix(ext) {
            return stem;
        }
    }
    rel
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_normalize() {
        assert_eq!(normalize("src/a/../b/./c"), "src/b/c");
        assert_eq!(strip_extension("src/types.d.ts"), "src/types");
    }
}
