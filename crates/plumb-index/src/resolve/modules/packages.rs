//! Packages that span files: each file's package, declared (Java's
//! `package a.b;`) or its directory's import path (Go), every package's
//! ancestors, and the package an import's written name starts with.

use plumb_lang::{ModuleSystem, PackageKeys};

use super::{GoModule, Manifests, Modules};
use crate::resolve::SourceFile;

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

/// Records the package of each file of `files` in a package-based module
/// system, registering the packages in file order.
pub(crate) fn index(modules: &mut Modules, files: &[SourceFile], manifests: &Manifests) {
    for (i, file) in files.iter().enumerate() {
        let ModuleSystem::Packages(keys) = file.language.spec().module_system else {
            continue;
        };
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

/// The qualified-name prefix of the definitions of file `i`: its package.
pub(crate) fn qualified_prefix(modules: &Modules, _: &[SourceFile], i: usize) -> String {
    modules.package_of[i]
        .map(|p| modules.packages[p].name.clone())
        .unwrap_or_default()
}

impl Modules {
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
