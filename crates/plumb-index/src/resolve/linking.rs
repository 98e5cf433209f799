//! Linking: the whole-graph passes made before any single site is
//! resolved — members of each definition, impl blocks' owner types, parts
//! of reopened types, bases from inheritance sites, and bindings by scope.

use foldhash::{HashMap, HashMapExt};

use plumb_store::model::{Resolution, SymbolKind};

use super::state::{BindingRef, Resolver, Scope};
use super::systems;
use super::{Candidates, FileId, SymbolId, Target};
use crate::facts::Container;

impl Resolver<'_> {
    /// Gives each impl block its owner type, so its members become the
    /// type's members.
    pub(super) fn link_impls(&mut self) {
        for f in self.all_files() {
            for (i, imp) in self.file(f).facts.impls.iter().enumerate() {
                let segments: Vec<&str> = imp.self_type.split(self.spec(f).separator).collect();
                let owner = self
                    .resolve_path(f, imp.container, &segments)
                    .and_then(|lookup| {
                        lookup.targets.into_iter().find_map(|t| match t {
                            Target::Sym(s) if self.def(s).kind.is_type() => Some(s),
                            _ => None,
                        })
                    });
                self.impl_owner[f.index()][i] = owner;
            }
        }
    }

    pub(super) fn index_members(&mut self) {
        let mut children: HashMap<SymbolId, Vec<SymbolId>> = HashMap::new();
        for s in self.all_syms() {
            if let Some(p) = self.parent(s) {
                children.entry(p).or_default().push(s);
            }
        }
        self.children = children;
        for rules in systems::ALL {
            (rules.merge_members)(self);
        }
    }

    /// Groups the definitions of each type (or module) defined more than
    /// once under one qualified name, in package-based module systems,
    /// where such a type is reopened rather than redeclared.
    pub(super) fn link_parts(&mut self) {
        let mut groups: HashMap<String, Vec<SymbolId>> = HashMap::new();
        let mut memo = HashMap::new();
        for s in self.all_syms() {
            let (f, _) = self.locate(s);
            let kind = self.def(s).kind;
            if self.rules(f).reopens_types && (kind.is_type() || kind == SymbolKind::Module) {
                let qualname = self.qualname(s, &mut memo, 0);
                groups.entry(qualname).or_default().push(s);
            }
        }
        for group in groups.into_values().filter(|g| g.len() > 1) {
            for &s in &group {
                let others = group.iter().copied().filter(|&o| o != s).collect();
                self.parts.insert(s, others);
            }
        }
    }

    /// A type and its other parts (see `parts`).
    pub(super) fn with_parts(&self, ty: SymbolId) -> impl Iterator<Item = SymbolId> + '_ {
        std::iter::once(ty).chain(self.parts.get(&ty).into_iter().flatten().copied())
    }

    /// Resolves inheritance and implementation sites first: receiver and
    /// `self` resolution walk the bases they produce.
    pub(super) fn link_bases(&mut self) -> HashMap<(FileId, usize), Candidates> {
        let mut resolved = HashMap::new();
        let mut bases: HashMap<SymbolId, Vec<SymbolId>> = HashMap::new();
        for f in self.all_files() {
            for (r, site) in self.file(f).facts.refs.iter().enumerate() {
                let targets = self.resolve_ref(f, site);
                if let Some(subject) = self.container_sym(f, site.container) {
                    for &(t, method, _) in &targets {
                        let kind = self.def(t).kind;
                        if method != Resolution::NameOnly
                            && (kind.is_type() || kind == SymbolKind::Module)
                            && t != subject
                        {
                            bases.entry(subject).or_default().push(t);
                        }
                    }
                }
                resolved.insert((f, r), targets);
            }
        }
        self.bases = bases;
        resolved
    }

    pub(super) fn index_bindings(&mut self) {
        let mut bindings: HashMap<Scope, Vec<BindingRef>> = HashMap::new();
        for f in self.all_files() {
            for (scope, binding) in self.bindings_of(f) {
                bindings.entry(scope).or_default().push(binding);
            }
        }
        self.bindings = bindings;
    }

    /// The bindings of file `f` with the scope each is visible in, in
    /// order. Every scope is file `f` itself or one of its definitions.
    pub(super) fn bindings_of(&self, f: FileId) -> Vec<(Scope, BindingRef)> {
        self.file(f)
            .facts
            .bindings
            .iter()
            .enumerate()
            .filter_map(|(index, binding)| {
                let scope = match binding.scope {
                    Container::File => Scope::File(f),
                    other => Scope::Sym(self.container_sym(f, other)?),
                };
                Some((scope, BindingRef { file: f, index }))
            })
            .collect()
    }
}
