//! Module systems: what module each file is, what its qualified-name prefix
//! is, and which file or namespace an import's module text names. One
//! section per [`ModuleSystem`]; the resolver proper stays language-neutral.

use foldhash::HashMap;

use plumb_lang::{ModuleSystem, PackageKeys};

use super::SourceFile;

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

/// Where a Rust file sits in its crate's module tree.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RustModulePath {
    /// Identifies the crate: its directory, or the file for a lone root
    /// (`src/bin/x.rs`, `tests/x.rs`, `build.rs`).
    pub krate: String,
    /// Module path below the crate root.
    pub segments: Vec<String>,
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

/// A package (namespace) of a package-based module system: a name and the
/// files that belong to it. Its ancestors (`com`, `com.shop` for
/// `com.shop.model`; `example.com` for `example.com/shop`) are packages
/// too, with files or without.
#[derive(Clone, Debug)]
pub struct Package {
    /// Dotted name or import path; `""` is the default package.
    pub name: String,
    /// How the name was given, which decides its separator.
    pub keys: PackageKeys,
    /// Files that belong to this package.
    pub files: Vec<usize>,
}

/// The separator between the elements of a package name.
fn package_separator(keys: PackageKeys) -> char {
    match keys {
        PackageKeys::Declared => '.',
        PackageKeys::Directories => '/',
    }
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

impl Modules {
    /// Computes module names for `files`, given the manifests found.
    pub fn new(files: &[SourceFile], manifests: &Manifests) -> Modules {
        let crates = &manifests.rust_crates;
        let mut modules = Modules {
            python_name: vec![None; files.len()],
            python_package: vec![false; files.len()],
            rust_path: vec![None; files.len()],
            package_of: vec![None; files.len()],
            ..Modules::default()
        };
        let package_dirs: std::collections::HashSet<&str> = files
            .iter()
            .filter(|f| f.language.spec().module_system == ModuleSystem::PythonPackages)
            .filter_map(|f| f.rel.strip_suffix("/__init__.py"))
            .collect();
        for krate in crates {
            if let Some(name) = &krate.name {
                modules.rust_crates.insert(name.clone(), krate.dir.clone());
            }
        }
        let mut include_dirs_seen: std::collections::HashSet<&str> = Default::default();
        for (i, file) in files.iter().enumerate() {
            match file.language.spec().module_system {
                ModuleSystem::PythonPackages => {
                    let (name, is_package) = python_module(&file.rel, &package_dirs);
                    modules.python_files.entry(name.clone()).or_insert(i);
                    modules.python_name[i] = Some(name);
                    modules.python_package[i] = is_package;
                }
                ModuleSystem::EcmaFiles => {
                    modules.ecma_files.insert(file.rel.clone(), i);
                }
                ModuleSystem::RustCrates => {
                    let path = rust_module(&file.rel, crates);
                    modules.rust_files.entry(path.clone()).or_insert(i);
                    modules.rust_path[i] = Some(path);
                }
                ModuleSystem::CIncludes => {
                    modules.c_files.insert(file.rel.clone(), i);
                    let file_name = file.rel.rsplit('/').next().unwrap_or(&file.rel);
                    modules
                        .c_by_file_name
                        .entry(file_name.to_owned())
                        .or_default()
                        .push(i);
                    let mut dir = file.rel.as_str();
                    while let Some((parent, name)) = dir.rsplit_once('/') {
                        if name == "include" && include_dirs_seen.insert(dir) {
                            modules.c_include_dirs.push(dir.to_owned());
                        }
                        dir = parent;
                    }
                    if dir == "include" && include_dirs_seen.insert(dir) {
                        modules.c_include_dirs.push("include".to_owned());
                    }
                }
                ModuleSystem::Packages(keys) => {
                    let name = match keys {
                        PackageKeys::Declared => file.facts.package.clone().unwrap_or_default(),
                        PackageKeys::Directories => directory_package(
                            &file.rel,
                            file.facts.package.as_deref(),
                            &manifests.go_modules,
                        ),
                    };
                    let id = modules.package_id(&name, keys);
                    modules.packages[id].files.push(i);
                    modules.package_of[i] = Some(id);
                }
            }
        }
        modules
            .c_include_dirs
            .sort_by_key(|d| std::cmp::Reverse(d.len()));
        modules.c_include_dirs.push(String::new());
        modules.c_below_include_dirs =
            below_include_dirs(&modules.c_files, &modules.c_include_dirs);
        modules
    }

    /// C: the file an `#include` names. `"x.h"` is looked up next to the
    /// including file, then in the include directories; `<x.h>` only in the
    /// include directories. A file name found nowhere on those paths but
    /// unique in the repository is taken (projects pass `-I` flags plumb
    /// cannot see); otherwise a `<…>` header is a system header.
    pub fn c_include(&self, files: &[SourceFile], from: usize, written: &str) -> ModuleLookup {
        let (path, system) = match written.strip_prefix('<').and_then(|w| w.strip_suffix('>')) {
            Some(inner) => (inner, true),
            None => (written, false),
        };
        let dir = files[from].rel.rsplit_once('/').map_or("", |(dir, _)| dir);
        if !system && let Some(&file) = self.c_files.get(&normalize(&format!("{dir}/{path}"))) {
            return ModuleLookup::Found(file);
        }
        let searched = if path.split('/').any(|part| part == "..") {
            // `..` can climb out of an include directory: try each in turn.
            self.c_include_dirs
                .iter()
                .find_map(|d| self.c_files.get(&normalize(&format!("{d}/{path}"))))
                .copied()
        } else {
            self.c_below_include_dirs.get(&normalize(path)).copied()
        };
        if let Some(file) = searched {
            return ModuleLookup::Found(file);
        }
        let file_name = path.rsplit('/').next().unwrap_or(path);
        match self.c_by_file_name.get(file_name).map(Vec::as_slice) {
            Some([only]) if files[*only].rel.ends_with(path) => ModuleLookup::Found(*only),
            _ if system => ModuleLookup::External,
            _ => ModuleLookup::Missing,
        }
    }

    /// Packages: the id of package `name`, registering it and its ancestors.
    fn package_id(&mut self, name: &str, keys: PackageKeys) -> usize {
        if let Some(&id) = self.package_ids.get(name) {
            return id;
        }
        if let Some((parent, _)) = name.rsplit_once(package_separator(keys)) {
            self.package_id(parent, keys);
        }
        let id = self.packages.len();
        self.packages.push(Package {
            name: name.to_owned(),
            keys,
            files: Vec::new(),
        });
        self.package_ids.insert(name.to_owned(), id);
        id
    }

    /// Packages: the package `name.member` (`name/member`), if there is one.
    pub fn subpackage(&self, package: usize, member: &str) -> Option<usize> {
        let parent = &self.packages[package];
        let name = if parent.name.is_empty() {
            member.to_owned()
        } else {
            format!("{}{}{member}", parent.name, package_separator(parent.keys))
        };
        self.package_ids.get(&name).copied()
    }

    /// Packages: the package enclosing package `package` (`a` for `a.b`,
    /// the unnamed root package for `a`, when files declare none).
    pub fn enclosing_package(&self, package: usize) -> Option<usize> {
        let name = &self.packages[package].name;
        if name.is_empty() {
            return None;
        }
        let parent = name.rsplit_once('.').map_or("", |(parent, _)| parent);
        self.package_ids.get(parent).copied()
    }

    /// Packages: the longest package that is a prefix of the `written`
    /// name (dotted, or a `/` path for [`PackageKeys::Directories`]) and
    /// has files of its own in the repository, with the rest of the name
    /// (`com.shop.Prices.round` → `com.shop`, `["Prices", "round"]`);
    /// failing that, the whole name when it is a package that only holds
    /// packages (PHP's `use App\Util;` naming the namespace `App.Util`
    /// through `App`). `None` when the name starts outside the repository (`java.util.List`,
    /// `fmt`).
    pub fn package_prefix<'w>(
        &self,
        written: &'w str,
        keys: PackageKeys,
    ) -> Option<(usize, Vec<&'w str>)> {
        let separator = package_separator(keys);
        let segments: Vec<&str> = written.split(separator).filter(|s| !s.is_empty()).collect();
        let shortest = usize::from(!segments.is_empty());
        (shortest..=segments.len())
            .rev()
            .find_map(|n| {
                let name = segments[..n].join(&separator.to_string());
                let id = *self.package_ids.get(&name)?;
                let package = &self.packages[id];
                (package.keys == keys && !package.files.is_empty())
                    .then(|| (id, segments[n..].to_vec()))
            })
            .or_else(|| {
                let id = *self
                    .package_ids
                    .get(&segments.join(&separator.to_string()))?;
                (!segments.is_empty() && self.packages[id].keys == keys).then(|| (id, Vec::new()))
            })
    }

    /// The qualified-name prefix of definitions in file `i`.
    pub fn qualified_prefix(&self, files: &[SourceFile], i: usize) -> String {
        match files[i].language.spec().module_system {
            ModuleSystem::PythonPackages => self.python_name[i].clone().unwrap_or_default(),
            ModuleSystem::EcmaFiles => strip_extension(&files[i].rel).to_owned(),
            // C has one global namespace: a definition's name is its qualified name.
            ModuleSystem::CIncludes => String::new(),
            ModuleSystem::Packages(_) => self.package_of[i]
                .map(|p| self.packages[p].name.clone())
                .unwrap_or_default(),
            ModuleSystem::RustCrates => {
                let segments = self.rust_path[i]
                    .as_ref()
                    .map(|p| p.segments.as_slice())
                    .unwrap_or_default();
                std::iter::once("crate")
                    .chain(segments.iter().map(String::as_str))
                    .collect::<Vec<_>>()
                    .join("::")
            }
        }
    }

    /// Python: the file of the module `module` (leading dots relative to
    /// file `from`).
    pub fn python_import(&self, from: usize, module: &str) -> ModuleLookup {
        let level = module.chars().take_while(|&c| c == '.').count();
        let rest = &module[level..];
        let absolute = if level == 0 {
            rest.to_owned()
        } else {
            let own = self.python_name[from].clone().unwrap_or_default();
            let mut base: Vec<&str> = own.split('.').filter(|s| !s.is_empty()).collect();
            if !self.python_package[from] {
                base.pop();
            }
            for _ in 1..level {
                base.pop();
            }
            base.extend(rest.split('.').filter(|s| !s.is_empty()));
            base.join(".")
        };
        if let Some(&file) = self.python_files.get(&absolute) {
            return ModuleLookup::Found(file);
        }
        let head = absolute.split('.').next().unwrap_or_default();
        let known = level > 0
            || self
                .python_files
                .keys()
                .any(|m| m == head || m.starts_with(&format!("{head}.")));
        if known {
            ModuleLookup::Missing
        } else {
            ModuleLookup::External
        }
    }

    /// Python: the submodule `name` of package file `package`.
    pub fn python_submodule(&self, package: usize, name: &str) -> Option<usize> {
        if !self.python_package[package] {
            return None;
        }
        let own = self.python_name[package].as_deref()?;
        self.python_files.get(&format!("{own}.{name}")).copied()
    }

    /// ECMAScript: the file a specifier names; a bare specifier is a
    /// package outside the repository.
    pub fn ecma_import(&self, files: &[SourceFile], from: usize, specifier: &str) -> ModuleLookup {
        if !specifier.starts_with('.') {
            return ModuleLookup::External;
        }
        let dir = files[from].rel.rsplit_once('/').map_or("", |(dir, _)| dir);
        let joined = normalize(&format!("{dir}/{specifier}"));
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

    /// Rust: the file of module `segments` in the crate of file `from`.
    pub fn rust_module_file(&self, from: usize, segments: &[String]) -> Option<usize> {
        let krate = self.rust_path[from].as_ref()?.krate.clone();
        self.rust_files
            .get(&RustModulePath {
                krate,
                segments: segments.to_vec(),
            })
            .copied()
    }

    /// Rust: the root file of the workspace crate called `name`.
    pub fn rust_crate_root(&self, name: &str) -> Option<usize> {
        let krate = self.rust_crates.get(name)?.clone();
        self.rust_files
            .get(&RustModulePath {
                krate,
                segments: Vec::new(),
            })
            .copied()
    }
}

/// Every C file under each of `include_dirs` (in search order, the root
/// `""` last), by its path below the directory, kept for the directory
/// searched first: see [`Modules::c_below_include_dirs`].
fn below_include_dirs(
    c_files: &HashMap<String, usize>,
    include_dirs: &[String],
) -> HashMap<String, usize> {
    let place: HashMap<&str, usize> = include_dirs
        .iter()
        .enumerate()
        .map(|(place, dir)| (dir.as_str(), place))
        .collect();
    let mut within: Vec<(usize, &str, usize)> = c_files
        .iter()
        .flat_map(|(rel, &file)| {
            let ancestors = rel.match_indices('/').map(|(slash, _)| slash);
            ancestors
                .filter_map(|slash| Some((*place.get(&rel[..slash])?, &rel[slash + 1..])))
                .chain(place.get("").map(|&root| (root, rel.as_str())))
                .map(move |(dir_place, path)| (dir_place, path, file))
        })
        .collect();
    // One directory holds one file at a path: in search order, the first
    // directory's file is kept.
    within.sort_unstable_by_key(|&(dir_place, _, _)| dir_place);
    let mut below: HashMap<String, usize> = HashMap::default();
    for (_, path, file) in within {
        below.entry(path.to_owned()).or_insert(file);
    }
    below
}

/// `a/b/../c/./d` → `a/c/d`.
fn normalize(path: &str) -> String {
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

/// The package of a file of a [`PackageKeys::Directories`] language: the
/// import path of its directory (the nearest enclosing module's path joined
/// with the directory below the module), or the directory itself outside
/// any module. A file of an external test package (`package model_test` in
/// `model_test.go`) is a package of its own, `<path>_test`, as the go tool
/// builds it.
fn directory_package(rel: &str, declared: Option<&str>, modules: &[GoModule]) -> String {
    let dir = rel.rsplit_once('/').map_or("", |(dir, _)| dir);
    let module = modules
        .iter()
        .filter(|m| m.dir.is_empty() || dir == m.dir || dir.starts_with(&format!("{}/", m.dir)))
        .max_by_key(|m| m.dir.len());
    let mut path = match module {
        Some(m) => {
            let below = dir[m.dir.len()..].trim_start_matches('/');
            match (m.path.is_empty(), below.is_empty()) {
                (_, true) => m.path.clone(),
                (true, false) => below.to_owned(),
                (false, false) => format!("{}/{below}", m.path),
            }
        }
        None => dir.to_owned(),
    };
    let external_test = rel.ends_with("_test.go") && declared.is_some_and(|d| d.ends_with("_test"));
    if external_test {
        path.push_str("_test");
    }
    path
}

/// The dotted module of a Python file: its path from the outermost
/// enclosing package directory. Returns whether it is a package itself.
fn python_module(rel: &str, package_dirs: &std::collections::HashSet<&str>) -> (String, bool) {
    let stem = strip_extension(rel);
    let (dir, file_stem) = stem.rsplit_once('/').map_or(("", stem), |(d, s)| (d, s));
    let is_package = file_stem == "__init__";
    let mut parts: Vec<&str> = if is_package {
        Vec::new()
    } else {
        vec![file_stem]
    };
    let mut current = dir;
    while !current.is_empty() && package_dirs.contains(current) {
        let (parent, name) = current
            .rsplit_once('/')
            .map_or(("", current), |(p, n)| (p, n));
        parts.push(name);
        current = parent;
    }
    parts.reverse();
    (parts.join("."), is_package)
}

/// The crate and module path of a Rust file, from the nearest crate
/// directory and the file's place under its `src/`.
fn rust_module(rel: &str, crates: &[RustCrate]) -> RustModulePath {
    let krate = crates
        .iter()
        .filter(|c| c.dir.is_empty() || rel.starts_with(&format!("{}/", c.dir)))
        .max_by_key(|c| c.dir.len());
    let (crate_dir, inner) = match krate {
        Some(c) if c.dir.is_empty() => (String::new(), rel),
        Some(c) => (c.dir.clone(), &rel[c.dir.len() + 1..]),
        None => match rel.rfind("src/") {
            Some(at) if at == 0 || rel[..at].ends_with('/') => {
                (rel[..at].trim_end_matches('/').to_owned(), &rel[at..])
            }
            _ => (rel.to_owned(), ""),
        },
    };
    let lone_root = |key: String| RustModulePath {
        krate: key,
        segments: Vec::new(),
    };
    let Some(under_src) = inner.strip_prefix("src/") else {
        return lone_root(rel.to_owned());
    };
    if under_src.starts_with("bin/") {
        return lone_root(rel.to_owned());
    }
    let stem = strip_extension(under_src);
    let mut segments: Vec<String> = stem.split('/').map(str::to_owned).collect();
    if segments.len() == 1 && (segments[0] == "lib" || segments[0] == "main") {
        segments.clear();
    } else if segments.last().is_some_and(|s| s == "mod") {
        segments.pop();
    }
    RustModulePath {
        krate: crate_dir,
        segments,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_include_is_found_where_searching_the_include_dirs_in_order_finds_it() {
        let paths = [
            "include/linux/list.h",
            "include/asm/io.h",
            "arch/x86/include/asm/io.h",
            "tools/include/linux/list.h",
            "tools/include/linux/only_tools.h",
            "lib/list.h",
            "lib/include/util.h",
        ];
        let c_files: HashMap<String, usize> = paths
            .iter()
            .enumerate()
            .map(|(file, path)| (path.to_string(), file))
            .collect();
        // Most specific first, the root last, as `Modules::new` orders them.
        let dirs: Vec<String> = [
            "arch/x86/include",
            "tools/include",
            "lib/include",
            "include",
            "",
        ]
        .map(String::from)
        .to_vec();
        let below = below_include_dirs(&c_files, &dirs);
        let searched = |written: &str| {
            dirs.iter()
                .find_map(|dir| c_files.get(&normalize(&format!("{dir}/{written}"))))
                .copied()
        };
        for written in [
            "linux/list.h",
            "asm/io.h",
            "linux/only_tools.h",
            "./linux/list.h",
            "linux//list.h",
            "util.h",
            "lib/list.h",
            "include/linux/list.h",
            "list.h",
            "missing.h",
        ] {
            let found = below.get(&normalize(written)).copied();
            assert_eq!(found, searched(written), "{written}");
        }
        assert_eq!(below["asm/io.h"], 2, "the arch's own header comes first");
        assert_eq!(
            below["linux/list.h"], 3,
            "tools/include sorts before include"
        );
    }

    #[test]
    fn python_modules_follow_packages() {
        let dirs: std::collections::HashSet<&str> = ["shop", "shop/sub"].into_iter().collect();
        assert_eq!(
            python_module("shop/__init__.py", &dirs),
            ("shop".into(), true)
        );
        assert_eq!(
            python_module("shop/sub/models.py", &dirs),
            ("shop.sub.models".into(), false)
        );
        assert_eq!(
            python_module("scripts/run.py", &dirs),
            ("run".into(), false)
        );
        assert_eq!(
            python_module("src/shop/__init__.py", &["src/shop"].into_iter().collect()),
            ("shop".into(), true)
        );
    }

    #[test]
    fn rust_modules_follow_the_src_tree() {
        let crates = vec![RustCrate {
            dir: String::new(),
            name: Some("demo".into()),
            default_features: Vec::new(),
        }];
        let check = |rel: &str, krate: &str, segments: &[&str]| {
            let path = rust_module(rel, &crates);
            assert_eq!(
                (
                    path.krate.as_str(),
                    path.segments.iter().map(String::as_str).collect::<Vec<_>>()
                ),
                (krate, segments.to_vec()),
                "{rel}"
            );
        };
        check("src/lib.rs", "", &[]);
        check("src/shapes.rs", "", &["shapes"]);
        check("src/shapes/mod.rs", "", &["shapes"]);
        check("src/shapes/circle.rs", "", &["shapes", "circle"]);
        check("src/bin/tool.rs", "src/bin/tool.rs", &[]);
        check("tests/it.rs", "tests/it.rs", &[]);
    }

    #[test]
    fn directory_packages_are_import_paths() {
        let modules = vec![
            GoModule {
                dir: String::new(),
                path: "example.com/shop".into(),
            },
            GoModule {
                dir: "tools".into(),
                path: "example.com/tools".into(),
            },
        ];
        let check = |rel: &str, declared: Option<&str>, expected: &str| {
            assert_eq!(
                directory_package(rel, declared, &modules),
                expected,
                "{rel}"
            );
        };
        check("main.go", Some("main"), "example.com/shop");
        check("model/circle.go", Some("model"), "example.com/shop/model");
        check(
            "model/circle_test.go",
            Some("model"),
            "example.com/shop/model",
        );
        check(
            "model/api_test.go",
            Some("model_test"),
            "example.com/shop/model_test",
        );
        check("tools/gen/gen.go", Some("main"), "example.com/tools/gen");
        check("toolsx/a.go", Some("a"), "example.com/shop/toolsx");
        assert_eq!(directory_package("x/y/z.go", None, &[]), "x/y");
    }

    #[test]
    fn paths_normalize() {
        assert_eq!(normalize("src/a/../b/./c"), "src/b/c");
        assert_eq!(strip_extension("src/types.d.ts"), "src/types");
    }
}
