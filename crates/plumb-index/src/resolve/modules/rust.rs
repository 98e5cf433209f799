//! Rust's module system: each file's place in its crate's module tree
//! (from the nearest crate directory and the file's path under `src/`),
//! and the workspace crates by package name.

use plumb_lang::ModuleSystem;

use super::{Manifests, Modules, RustCrate, strip_extension};
use crate::resolve::SourceFile;

/// Where a Rust file sits in its crate's module tree.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RustModulePath {
    /// Identifies the crate: its directory, or the file for a lone root
    /// (`src/bin/x.rs`, `tests/x.rs`, `build.rs`).
    pub krate: String,
    /// Module path below the crate root.
    pub segments: Vec<String>,
}

/// Records the workspace crates, and the module path of each Rust file of
/// `files`.
pub(crate) fn index(modules: &mut Modules, files: &[SourceFile], manifests: &Manifests) {
    let crates = &manifests.rust_crates;
    for krate in crates {
        if let Some(name) = &krate.name {
            modules.rust_crates.insert(name.clone(), krate.dir.clone());
        }
    }
    for (i, file) in files.iter().enumerate() {
        if file.language.spec().module_system == ModuleSystem::RustCrates {
            let path = rust_module(&file.rel, crates);
            modules.rust_files.entry(path.clone()).or_insert(i);
            modules.rust_path[i] = Some(path);
        }
    }
}

/// The qualified-name prefix of the definitions of file `i`: `crate` and
/// its module path.
pub(crate) fn qualified_prefix(modules: &Modules, _: &[SourceFile], i: usize) -> String {
    let segments = modules.rust_path[i]
        .as_ref()
        .map(|p| p.segments.as_slice())
        .unwrap_or_default();
    std::iter::once("crate")
        .chain(segments.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join("::")
}

impl Modules {
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
    if let Some(declared) = krate.and_then(|c| declared_module(c, inner)) {
        return declared;
    }
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
    let mut segments = module_segments(under_src);
    if segments.len() == 1 && (segments[0] == "lib" || segments[0] == "main") {
        segments.clear();
    }
    RustModulePath {
        krate: crate_dir,
        segments,
    }
}

/// The module path of a file below a crate root's directory, from its path
/// there: `flags/parse.rs` → `flags::parse`, `flags/mod.rs` → `flags`.
fn module_segments(below_root: &str) -> Vec<String> {
    let mut segments: Vec<String> = strip_extension(below_root)
        .split('/')
        .map(str::to_owned)
        .collect();
    if segments.last().is_some_and(|s| s == "mod") {
        segments.pop();
    }
    segments
}

/// The place of the file at `inner` (relative to `krate`'s directory) in
/// the tree of a target root `krate`'s manifest declares: the root itself,
/// else a module below the directory of the nearest root above it (a crate
/// root's `mod x;` is `x.rs` or `x/mod.rs` beside it). A root in `src/`
/// shares the crate's key, as `src/lib.rs` and `src/main.rs` do; another
/// is keyed by its own path, as a lone root is. None when no declared root
/// is above the file, and for the roots cargo finds by convention that the
/// manifest does not list (`src/bin/x.rs`, `build.rs`).
fn declared_module(krate: &RustCrate, inner: &str) -> Option<RustModulePath> {
    let parent = |path: &str| path.rsplit_once('/').map_or("", |(dir, _)| dir).to_owned();
    let declared = krate.targets.iter().find(|root| root.as_str() == inner);
    if declared.is_none() && (inner.starts_with("src/bin/") || inner == "build.rs") {
        return None;
    }
    let root = declared.or_else(|| {
        krate
            .targets
            .iter()
            .filter(|root| {
                let dir = parent(root);
                dir.is_empty() || inner.starts_with(&format!("{dir}/"))
            })
            .max_by_key(|root| parent(root).len())
    })?;
    let dir = parent(root);
    let krate_key = if dir == "src" {
        krate.dir.clone()
    } else if krate.dir.is_empty() {
        root.clone()
    } else {
        format!("{}/{root}", krate.dir)
    };
    let segments = if root == inner {
        Vec::new()
    } else {
        module_segments(if dir.is_empty() {
            inner
        } else {
            &inner[dir.len() + 1..]
        })
    };
    Some(RustModulePath {
        krate: krate_key,
        segments,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Asserts that `rel` lies in crate `krate` at module path `segments`.
    fn assert_module(crates: &[RustCrate], rel: &str, krate: &str, segments: &[&str]) {
        let path = rust_module(rel, crates);
        assert_eq!(
            (
                path.krate.as_str(),
                path.segments.iter().map(String::as_str).collect::<Vec<_>>()
            ),
            (krate, segments.to_vec()),
            "{rel}"
        );
    }

    #[test]
    fn rust_modules_follow_the_src_tree() {
        let crates = vec![RustCrate {
            dir: String::new(),
            name: Some("demo".into()),
            default_features: Vec::new(),
            targets: Vec::new(),
        }];
        let check = |rel: &str, krate: &str, segments: &[&str]| {
            assert_module(&crates, rel, krate, segments)
        };
        check("src/lib.rs", "", &[]);
        check("src/shapes.rs", "", &["shapes"]);
        check("src/shapes/mod.rs", "", &["shapes"]);
        check("src/shapes/circle.rs", "", &["shapes", "circle"]);
        check("src/bin/tool.rs", "src/bin/tool.rs", &[]);
        check("tests/it.rs", "tests/it.rs", &[]);
    }

    #[test]
    fn declared_roots_root_their_directory_trees() {
        let crates = vec![
            RustCrate {
                dir: String::new(),
                name: Some("rg".into()),
                default_features: Vec::new(),
                targets: vec![
                    "crates/core/main.rs".into(),
                    "src/lib.rs".into(),
                    "tests/tests.rs".into(),
                ],
            },
            RustCrate {
                dir: "crates/grep".into(),
                name: Some("grep".into()),
                default_features: Vec::new(),
                targets: vec!["lib/root.rs".into()],
            },
        ];
        let check = |rel: &str, krate: &str, segments: &[&str]| {
            assert_module(&crates, rel, krate, segments)
        };
        check("crates/core/main.rs", "crates/core/main.rs", &[]);
        check(
            "crates/core/flags/mod.rs",
            "crates/core/main.rs",
            &["flags"],
        );
        check(
            "crates/core/flags/doc/help.rs",
            "crates/core/main.rs",
            &["flags", "doc", "help"],
        );
        check("tests/tests.rs", "tests/tests.rs", &[]);
        check("tests/util.rs", "tests/tests.rs", &["util"]);
        check("src/lib.rs", "", &[]);
        check("src/walk.rs", "", &["walk"]);
        check("src/bin/tool.rs", "src/bin/tool.rs", &[]);
        check("build.rs", "build.rs", &[]);
        check("crates/grep/lib/root.rs", "crates/grep/lib/root.rs", &[]);
        check(
            "crates/grep/lib/search.rs",
            "crates/grep/lib/root.rs",
            &["search"],
        );
        check("crates/grep/src/other.rs", "crates/grep", &["other"]);
    }
}
