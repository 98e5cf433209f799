//! The project manifests that no source file states but resolution reads:
//! `Cargo.toml`s (a Rust crate's name and default features) and `go.mod`s
//! (a Go module's path), each found on the way up from the source files
//! it owns.

use std::collections::HashMap;
use std::path::Path;

use crate::resolve::modules::{GoModule, Manifests, RustCrate};
use crate::walk::Candidate;

/// The project manifests the `candidates` of the tree at `root` belong to:
/// the Rust crates and Go modules that own them.
pub fn read_manifests(root: &Path, candidates: &[Candidate]) -> Manifests {
    Manifests {
        rust_crates: rust_crates(root, candidates),
        go_modules: go_modules(root, candidates),
    }
}

/// The Rust crates that own the candidate `.rs` files: every directory
/// with a `Cargo.toml` on the way up from one, below `root`.
fn rust_crates(root: &Path, candidates: &[Candidate]) -> Vec<RustCrate> {
    let mut crates = nearest_manifests(root, candidates, ".rs", "Cargo.toml", |dir, manifest| {
        Some(RustCrate {
            dir: dir.to_owned(),
            name: package_name(manifest),
            default_features: default_features(manifest),
        })
    });
    crates.sort_by(|a, b| a.dir.cmp(&b.dir));
    crates
}

/// The Go modules that own the candidate `.go` files: every directory with
/// a `go.mod` declaring a module path on the way up from one, below `root`.
fn go_modules(root: &Path, candidates: &[Candidate]) -> Vec<GoModule> {
    let mut modules = nearest_manifests(root, candidates, ".go", "go.mod", |dir, manifest| {
        Some(GoModule {
            dir: dir.to_owned(),
            path: go_module_path(manifest)?,
        })
    });
    modules.sort_by(|a, b| a.dir.cmp(&b.dir));
    modules
}

/// For every candidate ending in `extension`, the nearest directory on the
/// way up (below `root`) holding a file `manifest` that `read` accepts;
/// `read` gets the directory, relative to the root, and the file's text.
fn nearest_manifests<T>(
    root: &Path,
    candidates: &[Candidate],
    extension: &str,
    manifest: &str,
    read: impl Fn(&str, &str) -> Option<T>,
) -> Vec<T> {
    let mut seen: HashMap<String, Option<T>> = HashMap::new();
    for candidate in candidates.iter().filter(|c| c.rel.ends_with(extension)) {
        let mut dir = candidate.rel.rsplit_once('/').map_or("", |(d, _)| d);
        loop {
            let entry = seen.entry(dir.to_owned()).or_insert_with(|| {
                let text = std::fs::read_to_string(root.join(dir).join(manifest)).ok()?;
                read(dir, &text)
            });
            if entry.is_some() || dir.is_empty() {
                break;
            }
            dir = dir.rsplit_once('/').map_or("", |(d, _)| d);
        }
    }
    seen.into_values().flatten().collect()
}

/// The module path of a `go.mod`: its `module` directive, quoted or not,
/// a trailing `//` comment dropped (the Go modules reference, "go.mod files").
fn go_module_path(manifest: &str) -> Option<String> {
    manifest.lines().find_map(|line| {
        let line = line.split("//").next().unwrap_or_default().trim();
        let path = line.strip_prefix("module")?;
        if !path.starts_with([' ', '\t', '"']) {
            return None;
        }
        let path = path.trim().trim_matches(|c| c == '"' || c == '`');
        (!path.is_empty()).then(|| path.to_owned())
    })
}

/// The `[package] name` of a manifest, as `use` paths spell it.
fn package_name(manifest: &str) -> Option<String> {
    let mut in_package = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_package = line == "[package]";
        } else if in_package && let Some(value) = line.strip_prefix("name") {
            let value = value
                .trim_start()
                .strip_prefix('=')?
                .trim()
                .trim_matches('"');
            return Some(value.replace('-', "_"));
        }
    }
    None
}

/// The features a default build of the package whose `Cargo.toml` is
/// `manifest` enables: `default`, then every feature of the package's own
/// `[features]` table reached from it (`dep/feature` and `dep:` entries
/// name dependencies and are left out). Sorted.
pub fn default_features(manifest: &str) -> Vec<String> {
    let table = features_table(manifest);
    let mut enabled = vec!["default".to_owned()];
    let mut next = 0;
    while next < enabled.len() {
        let feature = enabled[next].clone();
        next += 1;
        for (name, implied) in &table {
            if *name != feature {
                continue;
            }
            for entry in implied {
                if !entry.contains('/') && !entry.starts_with("dep:") && !enabled.contains(entry) {
                    enabled.push(entry.clone());
                }
            }
        }
    }
    enabled.sort();
    enabled
}

/// The `[features]` table: each feature with the entries of its array
/// (arrays may span lines).
fn features_table(manifest: &str) -> Vec<(String, Vec<String>)> {
    let mut table = Vec::new();
    let mut in_features = false;
    let mut pending: Option<(String, String)> = None;
    for line in manifest.lines() {
        let line = line.split('#').next().unwrap_or_default().trim();
        if let Some((name, mut array)) = pending.take() {
            array.push_str(line);
            if line.contains(']') {
                table.push((name, array_entries(&array)));
            } else {
                pending = Some((name, array));
            }
            continue;
        }
        if line.starts_with('[') {
            in_features = line == "[features]";
            continue;
        }
        if !in_features {
            continue;
        }
        let Some((name, value)) = line.split_once('=') else {
            continue;
        };
        let (name, value) = (name.trim().trim_matches('"').to_owned(), value.trim());
        if value.contains(']') {
            table.push((name, array_entries(value)));
        } else if value.starts_with('[') {
            pending = Some((name, value.to_owned()));
        }
    }
    table
}

/// The quoted strings of a TOML array of strings.
fn array_entries(array: &str) -> Vec<String> {
    array
        .split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{default_features, go_module_path, package_name};

    #[test]
    fn default_features_follow_the_features_table() {
        let manifest = "[package]\nname = \"x\"\n\n[features]\ndefault = [\"std\"]\nstd = [\n  \"alloc\", # comment\n  \"serde/std\",\n  \"dep:memchr\",\n]\nalloc = []\nextra = [\"alloc\"]\n\n[dependencies]\nstd = \"1\"\n";
        assert_eq!(default_features(manifest), vec!["alloc", "default", "std"]);
        assert_eq!(
            default_features("[package]\nname = \"y\"\n"),
            vec!["default"]
        );
    }

    #[test]
    fn package_names_use_underscores() {
        assert_eq!(
            package_name("[package]\nname = \"regex-automata\"\n").as_deref(),
            Some("regex_automata")
        );
        assert_eq!(package_name("[workspace]\nname = \"x\"\n"), None);
    }

    #[test]
    fn go_module_paths_come_from_the_module_directive() {
        assert_eq!(
            go_module_path("// shop\nmodule example.com/shop // main\n\ngo 1.22\n").as_deref(),
            Some("example.com/shop")
        );
        assert_eq!(
            go_module_path("module \"example.com/q\"\n").as_deref(),
            Some("example.com/q")
        );
        assert_eq!(go_module_path("modules x\ngo 1.21\n"), None);
    }
}
