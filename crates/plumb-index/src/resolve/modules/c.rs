//! C's module system (C++ shares it): a file is named by its path, and an
//! `#include` is looked up next to the including file, then in the include
//! directories (every directory named `include`, most specific first, then
//! the root), by one hash lookup.

use std::collections::HashSet;

use foldhash::HashMap;
use plumb_lang::ModuleSystem;

use super::{Manifests, ModuleLookup, Modules, normalize};
use crate::resolve::SourceFile;

/// Records each C or C++ file of `files` by path and by file name, and the
/// include directories, in search order.
pub(crate) fn index(modules: &mut Modules, files: &[SourceFile], _: &Manifests) {
    let mut include_dirs_seen: HashSet<&str> = HashSet::default();
    for (i, file) in files.iter().enumerate() {
        if file.language.spec().module_system != ModuleSystem::CIncludes {
            continue;
        }
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
    modules
        .c_include_dirs
        .sort_by_key(|d| std::cmp::Reverse(d.len()));
    modules.c_include_dirs.push(String::new());
    modules.c_below_include_dirs = below_include_dirs(&modules.c_files, &modules.c_include_dirs);
}

impl Modules {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resolve::modules::normalize;

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
}
