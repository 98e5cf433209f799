//! Go's implicit interfaces: a Go type implements every interface whose
//! methods its method set holds, without saying so. No source site states
//! the relation, so the resolver derives it here and records one
//! implementation edge per pair at the type's name.
//!
//! Method sets are compared by method name: parameter and result types are
//! not checked, and pointer and value receivers count alike. A method set
//! includes the methods promoted from embedded types (the type's bases).

use std::collections::VecDeque;

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

use plumb_lang::Language;
use plumb_store::model::SymbolKind;

use super::state::Resolver;
use super::{MAX_CHAIN, SymbolId};

impl Resolver<'_> {
    /// Every Go (concrete type, interface) pair where the type's method set
    /// holds all of the interface's methods and no embedding already links
    /// them; interfaces without methods (`any`) are left out, as every type
    /// would implement them.
    pub(super) fn structural_impls(&self) -> Vec<(SymbolId, SymbolId)> {
        let mut interfaces = Vec::new();
        let mut concrete: Vec<(SymbolId, HashSet<&str>)> = Vec::new();
        let mut by_method: HashMap<&str, Vec<usize>> = HashMap::new();
        for s in self.all_syms() {
            let (f, _) = self.locate(s);
            let kind = self.def(s).kind;
            if self.file(f).language != Language::Go || !kind.is_type() {
                continue;
            }
            let methods = self.method_set(s);
            if methods.is_empty() {
                continue;
            }
            if kind == SymbolKind::Interface {
                interfaces.push((s, methods));
            } else {
                for &name in &methods {
                    by_method.entry(name).or_default().push(concrete.len());
                }
                concrete.push((s, methods));
            }
        }
        let mut out = Vec::new();
        for (interface, methods) in &interfaces {
            let Some(rarest) = methods
                .iter()
                .map(|name| by_method.get(name).map_or(&[][..], Vec::as_slice))
                .min_by_key(|types| types.len())
            else {
                continue;
            };
            for &c in rarest {
                let (ty, held) = &concrete[c];
                let linked = self
                    .bases
                    .get(ty)
                    .is_some_and(|bases| bases.contains(interface));
                if !linked && methods.is_subset(held) {
                    out.push((*ty, *interface));
                }
            }
        }
        out
    }

    /// The names of the methods of type `ty` and of the types it embeds.
    fn method_set(&self, ty: SymbolId) -> HashSet<&str> {
        let mut names = HashSet::new();
        let mut queue = VecDeque::from([(ty, 0usize)]);
        let mut seen = HashSet::from_iter([ty]);
        while let Some((current, depth)) = queue.pop_front() {
            for &member in self.children.get(&current).into_iter().flatten() {
                let def = self.def(member);
                if def.kind == SymbolKind::Method {
                    names.insert(&*def.name);
                }
            }
            if depth < MAX_CHAIN {
                for &base in self.bases.get(&current).into_iter().flatten() {
                    if seen.insert(base) {
                        queue.push_back((base, depth + 1));
                    }
                }
            }
        }
        names
    }
}
