//! Rust's module system: each file's place in its crate's module tree
//! (the tree its crate root's `mod` declarations reach, `#[path]`
//! attributes followed; else from the nearest crate directory and the
//! file's path under `src/`), and the workspace crates by package name.

use foldhash::HashMap;
use plumb_lang::ModuleSystem;
use plumb_store::model::SymbolKind;

use super::{Manifests, Modules, RustCrate, normalize, strip_extension};
use crate::facts::{Container, FileFacts};
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
            modules.rust_path[i] = Some(rust_module(&file.rel, crates));
        }
    }
    walk_module_trees(modules, files);
    for (i, path) in modules.rust_path.iter().enumerate() {
        if let Some(path) = path {
            modules.rust_files.entry(path.clone()).or_insert(i);
        }
    }
}

/// Places every file a crate root reaches through `mod x;` declarations
/// where those declarations put it, a `#[path = "…"]` attribute followed,
/// and records the file each declaration names. The first root to reach a
/// file places it: the roots of a crate's directory (`src/lib.rs`) come
/// before the roots that are files of their own (tests, binaries), so a
/// test crate's `#[path = "../src/x.rs"] mod x;` leaves `x.rs` in the
/// library it belongs to. A file no root reaches keeps the place its path
/// gives it.
fn walk_module_trees(modules: &mut Modules, files: &[SourceFile]) {
    let by_rel: HashMap<&str, usize> = files
        .iter()
        .enumerate()
        .filter(|&(i, _)| modules.rust_path[i].is_some())
        .map(|(i, file)| (file.rel.as_str(), i))
        .collect();
    let mut roots: Vec<usize> = (0..files.len())
        .filter(|&i| {
            modules.rust_path[i]
                .as_ref()
                .is_some_and(|path| path.segments.is_empty())
        })
        .collect();
    roots.sort_by_key(|&i| {
        (
            modules.rust_path[i].as_ref().map(|p| &p.krate) == Some(&files[i].rel),
            i,
        )
    });
    let mut placed = vec![false; files.len()];
    let mut owns_directory = vec![false; files.len()];
    for root in roots {
        if placed[root] {
            continue;
        }
        placed[root] = true;
        owns_directory[root] = true;
        let mut queue = vec![root];
        while let Some(f) = queue.pop() {
            let Some(parent) = modules.rust_path[f].clone() else {
                continue;
            };
            let base = module_directory(&files[f].rel, owns_directory[f]);
            for (segments, path) in declarations(&files[f].facts) {
                let Some(&t) = declared_files(&files[f].rel, &base, &segments, path)
                    .iter()
                    .find_map(|rel| by_rel.get(rel.as_str()))
                else {
                    continue;
                };
                let mut below = parent.segments.clone();
                below.extend(segments.iter().cloned());
                modules.rust_declared.entry((f, segments)).or_insert(t);
                if placed[t] {
                    continue;
                }
                placed[t] = true;
                owns_directory[t] =
                    path.is_some() || files[t].rel == "mod.rs" || files[t].rel.ends_with("/mod.rs");
                modules.rust_path[t] = Some(RustModulePath {
                    krate: parent.krate.clone(),
                    segments: below,
                });
                queue.push(t);
            }
        }
    }
}

/// The directory the `mod x;` declarations of the file at `rel` look in:
/// its own for a file that owns it (a crate root, a `mod.rs`, a file a
/// `#[path]` names), else the one named after its stem beside it.
fn module_directory(rel: &str, owns_directory: bool) -> String {
    let (dir, _) = rel.rsplit_once('/').unwrap_or(("", rel));
    if owns_directory {
        return dir.to_owned();
    }
    let stem = strip_extension(rel);
    stem.to_owned()
}

/// The files a declaration with module `segments` (inline modules, then
/// the declared name) and `path` attribute, written in the file at `rel`
/// whose declarations look in `base`, may name, in the order rustc tries
/// them (the Rust reference, "Modules"): the path, relative to the file's
/// directory (to `base` and the inline modules inside an inline module);
/// else `x.rs`, then `x/mod.rs`.
fn declared_files(rel: &str, base: &str, segments: &[String], path: Option<&str>) -> Vec<String> {
    let join = |parts: &[&str]| {
        normalize(
            &parts
                .iter()
                .filter(|part| !part.is_empty())
                .copied()
                .collect::<Vec<_>>()
                .join("/"),
        )
    };
    let (within, name) = segments.split_at(segments.len().saturating_sub(1));
    let within = within.join("/");
    match path {
        Some(path) if within.is_empty() => {
            let dir = rel.rsplit_once('/').map_or("", |(dir, _)| dir);
            vec![join(&[dir, path])]
        }
        Some(path) => vec![join(&[base, &within, path])],
        None => {
            let name = name.first().map_or("", String::as_str);
            vec![
                join(&[base, &within, &format!("{name}.rs")]),
                join(&[base, &within, name, "mod.rs"]),
            ]
        }
    }
}

/// The `mod x;` declarations of a file (the ones with no body, outside
/// functions): each one's module path below the file (inline modules, then
/// its name) and its `#[path]` attribute, if any.
fn declarations(facts: &FileFacts) -> Vec<(Vec<String>, Option<&str>)> {
    facts
        .defs
        .iter()
        .enumerate()
        .filter(|(_, def)| def.kind == SymbolKind::Module && !def.has_body)
        .filter_map(|(d, _)| {
            let segments = declared_segments(facts, d)?;
            let (name, within) = segments.split_last()?;
            let path = facts
                .module_paths
                .iter()
                .find(|p| &p.name == name && p.within == within)
                .map(|p| p.path.as_str());
            Some((segments, path))
        })
        .collect()
}

/// The module path below its file of definition `d`, a module: the inline
/// modules it sits in, then its name. None inside anything else (a
/// function, an impl block).
pub(crate) fn declared_segments(facts: &FileFacts, d: usize) -> Option<Vec<String>> {
    let mut segments = vec![facts.defs[d].name.to_string()];
    let mut container = facts.defs[d].container;
    // Containers nest strictly; the bound guards against a malformed cycle.
    for _ in 0..=facts.defs.len() {
        match container {
            Container::File => {
                segments.reverse();
                return Some(segments);
            }
            Container::Def(outer) if facts.defs[outer].kind == SymbolKind::Module => {
                segments.push(facts.defs[outer].name.to_string());
                container = facts.defs[outer].container;
            }
            Container::Def(_) | Container::Impl(_) => return None,
        }
    }
    None
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
    /// Rust: the file the `mod x;` declaration of file `from` with module
    /// path `segments` below it names, as its crate's module tree reached it.
    pub fn rust_declared_file(&self, from: usize, segments: Vec<String>) -> Option<usize> {
        self.rust_declared.get(&(from, segments)).copied()
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
