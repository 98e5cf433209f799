//! The project manifests that no source file states but resolution reads:
//! `Cargo.toml`s (a Rust crate's name and default features) and `go.mod`s
//! (a Go module's path), each found on the way up from the source files
//! it owns.

use std::collections::HashMap;
use std::path::Path;

use toml_edit::{Document, Item, Table, Value};

use crate::resolve::modules::{GoModule, Manifests, RustCrate, normalize};
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
        let manifest = cargo_manifest(manifest);
        Some(RustCrate {
            dir: dir.to_owned(),
            name: package_name(&manifest),
            default_features: default_features(&manifest),
            targets: declared_targets(&manifest),
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

/// A `Cargo.toml`'s top-level table, parsed as TOML; a malformed one
/// reads as empty (no name, no features), so that it never fails a run.
fn cargo_manifest(text: &str) -> Table {
    Document::parse(text)
        .map(Document::into_table)
        .unwrap_or_default()
}

/// The `[package] name` of a manifest, as `use` paths spell it.
fn package_name(manifest: &Table) -> Option<String> {
    let name = manifest
        .get("package")?
        .as_table_like()?
        .get("name")?
        .as_str()?;
    Some(name.replace('-', "_"))
}

/// The manifest's target tables that name a crate root by `path`: the
/// library, and the arrays of binaries, tests, benchmarks and examples
/// (the Cargo reference, "Cargo Targets").
const TARGET_TABLES: [&str; 5] = ["lib", "bin", "test", "bench", "example"];

/// The root files the manifest's targets declare by `path`, relative to its
/// directory and normalised, sorted; a path that leaves the directory is
/// left out (its files are not the package's).
fn declared_targets(manifest: &Table) -> Vec<String> {
    let mut roots: Vec<String> = TARGET_TABLES
        .iter()
        .filter_map(|key| manifest.get(key))
        .flat_map(|item| match item {
            Item::ArrayOfTables(array) => array.iter().filter_map(|t| target_path(t)).collect(),
            Item::Value(Value::Array(array)) => array
                .iter()
                .filter_map(Value::as_inline_table)
                .filter_map(|t| target_path(t))
                .collect(),
            other => other
                .as_table_like()
                .and_then(target_path)
                .into_iter()
                .collect::<Vec<_>>(),
        })
        .filter(|path| !path.starts_with('/') && !path.starts_with("../"))
        .map(|path| normalize(&path))
        .filter(|path| !path.is_empty() && !path.starts_with(".."))
        .collect();
    roots.sort();
    roots.dedup();
    roots
}

/// The `path` of one target table.
fn target_path(target: &dyn toml_edit::TableLike) -> Option<String> {
    Some(target.get("path")?.as_str()?.to_owned())
}

/// The features a default build of the package whose `Cargo.toml` is
/// `manifest` enables: `default`, then every feature of the package's own
/// `[features]` table reached from it (`dep/feature` and `dep:` entries
/// name dependencies and are left out). Sorted.
fn default_features(manifest: &Table) -> Vec<String> {
    let features = manifest.get("features").and_then(Item::as_table_like);
    let mut enabled = vec!["default".to_owned()];
    let mut next = 0;
    while next < enabled.len() {
        let implied = features
            .and_then(|table| table.get(&enabled[next]))
            .and_then(Item::as_array);
        next += 1;
        for entry in implied.into_iter().flatten().filter_map(Value::as_str) {
            if !entry.contains('/')
                && !entry.starts_with("dep:")
                && !enabled.iter().any(|feature| feature == entry)
            {
                enabled.push(entry.to_owned());
            }
        }
    }
    enabled.sort();
    enabled
}

#[cfg(test)]
mod tests {
    use super::{cargo_manifest, go_module_path};

    #[test]
    fn declared_targets_are_read_from_every_target_table() {
        let manifest = "[package]\nname = \"rg\"\n\n[lib]\npath = \"lib/root.rs\"\n\n[[bin]]\nname = \"rg\"\npath = \"crates/core/./main.rs\"\n\n[[bin]]\nname = \"no-path\"\n\n[[test]]\nname = \"integration\"\npath = \"tests/tests.rs\"\n\n[[bench]]\nname = \"b\"\npath = \"benches/b.rs\"\n\n[[example]]\nname = \"e\"\npath = \"../outside/e.rs\"\n";
        assert_eq!(
            super::declared_targets(&cargo_manifest(manifest)),
            vec![
                "benches/b.rs",
                "crates/core/main.rs",
                "lib/root.rs",
                "tests/tests.rs"
            ]
        );
        let inline = "lib = { path = \"src/x.rs\" }\nbin = [{ name = \"a\", path = \"a.rs\" }]\n";
        assert_eq!(
            super::declared_targets(&cargo_manifest(inline)),
            vec!["a.rs", "src/x.rs"]
        );
        assert!(super::declared_targets(&cargo_manifest("[package]\nname = \"n\"\n")).is_empty());
    }

    /// The default features of the `Cargo.toml` whose text is `text`.
    fn default_features(text: &str) -> Vec<String> {
        super::default_features(&cargo_manifest(text))
    }

    /// The package name of the `Cargo.toml` whose text is `text`.
    fn package_name(text: &str) -> Option<String> {
        super::package_name(&cargo_manifest(text))
    }

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
    fn features_are_read_through_multi_line_arrays_comments_and_quoted_keys() {
        let manifest = r#"
# [features] in a comment opens no table
[package]
name = "z" # the crate
description = "a ] and a [features] in a string"

[features]
# default = ["commented-out"]
default = [
    "std", # the usual
    # "unused",
    "fast",
]
"std" = ["alloc", "serde?/std", "dep:libc"]
fast = ["simd/fast", "dep:simd"]
alloc = [] # nothing more
unused = ["never"]
"#;
        assert_eq!(
            default_features(manifest),
            vec!["alloc", "default", "fast", "std"]
        );
        assert_eq!(package_name(manifest).as_deref(), Some("z"));
    }

    #[test]
    fn inline_and_dotted_tables_are_read_like_headed_ones() {
        let inline = "package = { name = \"in-line\", version = \"1.0.0\" }\nfeatures = { default = [\"a\"], a = [\"b\"], b = [] }\n";
        assert_eq!(package_name(inline).as_deref(), Some("in_line"));
        assert_eq!(default_features(inline), vec!["a", "b", "default"]);
        let dotted = "package.name = \"dotted\"\nfeatures.default = [\"c\"]\n";
        assert_eq!(package_name(dotted).as_deref(), Some("dotted"));
        assert_eq!(default_features(dotted), vec!["c", "default"]);
    }

    #[test]
    fn a_malformed_manifest_has_no_name_and_no_features() {
        let manifest = "[package]\nname = \"broken\"\n\n[features]\ndefault = [\"std\"\nstd = []\n";
        assert_eq!(package_name(manifest), None);
        assert_eq!(default_features(manifest), vec!["default"]);
        assert_eq!(package_name("[package]\nname.workspace = true\n"), None);
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
