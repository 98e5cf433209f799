//! Python's module system: a file's dotted module name, from the
//! outermost package directory above it (a directory with `__init__.py`,
//! or one without inside such a package: a PEP 420 namespace package),
//! and the file an import names, relative (leading dots) or absolute.

use std::collections::HashSet;

use plumb_lang::ModuleSystem;

use super::{Manifests, ModuleLookup, Modules, strip_extension};
use crate::resolve::SourceFile;

/// Records the dotted module name of each Python file of `files`.
pub(crate) fn index(modules: &mut Modules, files: &[SourceFile], _: &Manifests) {
    let is_python =
        |file: &SourceFile| file.language.spec().module_system == ModuleSystem::PythonPackages;
    let package_dirs: HashSet<&str> = files
        .iter()
        .filter(|f| is_python(f))
        .filter_map(|f| f.rel.strip_suffix("/__init__.py"))
        .collect();
    for (i, file) in files.iter().enumerate().filter(|(_, f)| is_python(f)) {
        let (name, is_package) = python_module(&file.rel, &package_dirs);
        modules.python_files.entry(name.clone()).or_insert(i);
        modules.python_name[i] = Some(name);
        modules.python_package[i] = is_package;
    }
}

/// The qualified-name prefix of the definitions of file `i`: its module.
pub(crate) fn qualified_prefix(modules: &Modules, _: &[SourceFile], i: usize) -> String {
    modules.python_name[i].clone().unwrap_or_default()
}

impl Modules {
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
}

/// The dotted module of a Python file: its path from the outermost
/// enclosing package directory. Returns whether it is a package itself.
/// A directory without `__init__.py` inside a package is a namespace
/// package (PEP 420, `flask/sansio/`) and keeps the package's prefix; one
/// outside any package (`scripts/`, `tests/`) starts no package, as a
/// script's directory is not one.
fn python_module(rel: &str, package_dirs: &HashSet<&str>) -> (String, bool) {
    let stem = strip_extension(rel);
    let (dir, file_stem) = stem.rsplit_once('/').map_or(("", stem), |(d, s)| (d, s));
    let is_package = file_stem == "__init__";
    let mut parts: Vec<&str> = if is_package {
        Vec::new()
    } else {
        vec![file_stem]
    };
    let mut current = dir;
    while !current.is_empty() && in_package(current, package_dirs) {
        let (parent, name) = current
            .rsplit_once('/')
            .map_or(("", current), |(p, n)| (p, n));
        parts.push(name);
        current = parent;
    }
    parts.reverse();
    (parts.join("."), is_package)
}

/// Whether directory `dir` is a package: it holds an `__init__.py`, or
/// some directory above it does (a namespace package inside a package).
fn in_package(dir: &str, package_dirs: &HashSet<&str>) -> bool {
    let mut current = dir;
    loop {
        if package_dirs.contains(current) {
            return true;
        }
        match current.rsplit_once('/') {
            Some((parent, _)) => current = parent,
            None => return false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn namespace_packages_inside_a_package_keep_its_prefix() {
        let dirs: HashSet<&str> = ["src/flask"].into_iter().collect();
        assert_eq!(
            python_module("src/flask/sansio/app.py", &dirs),
            ("flask.sansio.app".into(), false)
        );
        assert_eq!(
            python_module("src/flask/sansio/deep/x.py", &dirs),
            ("flask.sansio.deep.x".into(), false)
        );
        assert_eq!(python_module("src/tool.py", &dirs), ("tool".into(), false));
        assert_eq!(
            python_module("tests/unit/test_x.py", &dirs),
            ("test_x".into(), false)
        );
    }
}
