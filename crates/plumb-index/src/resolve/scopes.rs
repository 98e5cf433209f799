//! Scopes: what a bare name means where it is written — enclosing
//! functions' definitions and locals, members in scope in a type's body,
//! the file's top level, its imports, and the scopes beyond (crates,
//! packages, the linker's namespace).

use std::sync::Arc;

use super::apart::FileApart;
use super::state::Resolver;
use super::{FileId, Lookup, Target};
use crate::facts::Container;

impl Resolver<'_> {
    /// What a bare `name` means inside container `c` of file `f`.
    pub(super) fn lookup_bare(&self, f: FileId, c: Container, name: &str) -> Option<Lookup> {
        let members_in_scope = self.spec(f).members_in_scope;
        // Code written in a class body, not in a function or class inside
        // it, sees the names the body defines (Python).
        let mut in_class_body = self.rules(f).class_body_scope;
        let mut current = c;
        while current != Container::File {
            if let Container::Def(d) = current {
                let def = &self.file(f).facts.defs[d];
                let s = self.sym_of(f, d);
                if !def.kind.is_type() {
                    if let Some(lookup) = self.named_child(s, name) {
                        return Some(lookup);
                    }
                    if self.declares_local(f, d, name) {
                        return Some(Lookup::local());
                    }
                    in_class_body &= !def.kind.is_callable();
                } else if in_class_body {
                    in_class_body = false;
                    if let Some(lookup) = self.named_child(s, name) {
                        return Some(lookup);
                    }
                }
            }
            if members_in_scope && let Some(lookup) = self.implicit_member(f, current, name) {
                return Some(lookup);
            }
            current = self.container_of(f, current);
        }
        if let Some(lookup) = self.top_level_named(f, name) {
            return Some(lookup);
        }
        if let Some(lookup) = self.imported(f, name, false, 1) {
            return Some(lookup);
        }
        (self.rules(f).outer_scope)(self, f, name)
    }

    /// Where members are in scope: `name` as a member of the type that
    /// container `c` is (a class body, or an impl or out-of-line block of
    /// it) or of its bases. The type's own name stays the type (a
    /// construction), not its constructor.
    fn implicit_member(&self, f: FileId, c: Container, name: &str) -> Option<Lookup> {
        let ty = match c {
            Container::Impl(_) => self.container_sym(f, c)?,
            Container::Def(d) if self.file(f).facts.defs[d].kind.is_type() => self.sym_of(f, d),
            Container::Def(_) | Container::File => return None,
        };
        if &*self.def(ty).name == name {
            return None;
        }
        self.members(Target::Sym(ty), name, 0)
    }

    /// Whether function `d` of file `f` declares a local `name`.
    pub(super) fn declares_local(&self, f: FileId, d: usize, name: &str) -> bool {
        if let Some(apart) = self.apart_holding(f) {
            return apart.declares_local(d, name);
        }
        self.debug_assert_scope_kept(f, d);
        self.locals[f.index()].declares(&self.file(f).facts.locals, d, name)
    }

    /// The set-apart parts of file `f` when this thread is resolving `f`
    /// and they hold its functions' scopes.
    pub(super) fn apart_holding(&self, f: FileId) -> Option<Arc<FileApart>> {
        let apart = self.memo().apart.borrow().clone()?;
        (apart.file == f && apart.holds_scopes).then_some(apart)
    }

    /// Checks, in debug builds, that the scope of definition `d` of file
    /// `f` is read from the facts only if it stayed there: a function's
    /// scope set apart is read only while its own file is resolved (see
    /// `apart.rs`).
    pub(super) fn debug_assert_scope_kept(&self, f: FileId, d: usize) {
        let facts = &self.file(f).facts;
        debug_assert!(
            !facts.is_function(Container::Def(d)) || facts.function_scopes_visible(),
            "the scope of {} in {}, set apart, was read while another file was resolved",
            facts.defs[d].name,
            self.file(f).rel
        );
    }

    /// Whether `name` is declared local to a function around container `c`.
    pub(super) fn is_local(&self, f: FileId, mut c: Container, name: &str) -> bool {
        while let Container::Def(d) = c {
            if self.declares_local(f, d, name) {
                return true;
            }
            c = self.container_of(f, c);
        }
        false
    }
}
