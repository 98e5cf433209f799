//! C++ on top of the C include model: what a namespace and a `using` add
//! to the language-neutral steps (an implicit `this`, return types written
//! before the name and overloads come from the `Spec` switches
//! `members_in_scope`, `return_type_field` and `overloads_by_arity`). Each function answers
//! `None` (or does nothing) for every other language.
//!
//! - Namespaces are open: every `namespace geo { … }` block, in any file,
//!   adds to the one namespace `geo`, so each block's members are the
//!   members of all blocks with the same path.
//! - A plain `enum`'s enumerators are also members of the namespace or
//!   class around it.
//! - `using ns::f;`, `using namespace ns;` and `namespace g = ns;` import
//!   from the namespace their module text names, once no header of that
//!   name is found; a namespace the repository does not define (`std`) is
//!   external.

use foldhash::{HashMap, HashMapExt};

use plumb_lang::Language;
use plumb_store::model::SymbolKind;

use super::c::is_unscoped_enum;
use super::imports::ModuleTarget;
use super::state::Resolver;
use super::{FileId, SymbolId, Target};
use crate::facts::Container;

impl Resolver<'_> {
    fn is_cpp(&self, f: FileId) -> bool {
        self.file(f).language == Language::Cpp
    }

    /// The path of namespace names from the global namespace to `s`
    /// (`geo::detail`), or `None` when `s` is no C++ namespace or sits
    /// inside something else.
    fn namespace_path(&self, s: SymbolId) -> Option<String> {
        let (f, _) = self.locate(s);
        let def = self.def(s);
        if !self.is_cpp(f) || def.kind != SymbolKind::Module {
            return None;
        }
        match self.parent(s) {
            None if def.container == Container::File => Some(def.name.to_string()),
            None => None,
            Some(p) => Some(format!("{}::{}", self.namespace_path(p)?, def.name)),
        }
    }

    /// Makes the enumerators of a plain `enum` (not `enum class`) inside a
    /// namespace or a class members of that namespace or class too, as C++
    /// puts them in the scope around the enum (`geo::RED`, `Box::NONE`, a
    /// bare `NONE` in `Box`'s methods); they stay the enum's members
    /// (`Color::RED`). A file-level enum's are in the file's scope
    /// (`c.rs`).
    pub(super) fn lift_unscoped_enumerators(&mut self) {
        let mut lifted: Vec<(SymbolId, SymbolId)> = Vec::new();
        for s in self.all_syms() {
            let (f, _) = self.locate(s);
            if !self.is_cpp(f) || !is_unscoped_enum(self.file(f), self.def(s)) {
                continue;
            }
            if let Some(scope) = self.parent(s) {
                let enumerators = self.children.get(&s).into_iter().flatten();
                lifted.extend(enumerators.map(|&e| (scope, e)));
            }
        }
        for (scope, enumerator) in lifted {
            self.children.entry(scope).or_default().push(enumerator);
        }
    }

    /// Gives every block of a namespace the members of all its blocks.
    pub(super) fn merge_cpp_namespaces(&mut self) {
        let mut blocks: HashMap<String, Vec<SymbolId>> = HashMap::new();
        for s in self.all_syms() {
            if let Some(path) = self.namespace_path(s) {
                blocks.entry(path).or_default().push(s);
            }
        }
        for group in blocks.into_values().filter(|g| g.len() > 1) {
            let mut members: Vec<SymbolId> = group
                .iter()
                .flat_map(|s| self.children.get(s).into_iter().flatten().copied())
                .collect();
            members.sort_unstable();
            members.dedup();
            for s in group {
                self.children.insert(s, members.clone());
            }
        }
    }

    /// The namespace a `using` names, for a module text no header matched:
    /// found in the repository, or external; `None` for a text that is no
    /// namespace path or a file that is not C++.
    pub(super) fn using_namespace(&self, f: FileId, module: &str) -> Option<ModuleTarget> {
        let is_path = !module.is_empty()
            && module
                .chars()
                .all(|ch| ch.is_alphanumeric() || ch == '_' || ch == ':');
        if !self.is_cpp(f) || !is_path {
            return None;
        }
        let segments: Vec<&str> = module.split("::").collect();
        let namespace = self
            .resolve_path(f, Container::File, &segments)
            .and_then(|lookup| {
                lookup.targets.into_iter().find(|&t| match t {
                    Target::Sym(s) => self.def(s).kind == SymbolKind::Module,
                    Target::File(_) | Target::Package(_) => false,
                })
            });
        Some(namespace.map_or(ModuleTarget::External, ModuleTarget::Found))
    }
}
