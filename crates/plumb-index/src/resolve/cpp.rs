//! C++ on top of the C include model: what a namespace, an implicit `this`
//! and a `using` add to the language-neutral steps. Each function answers
//! `None` (or does nothing) for every other language.
//!
//! - Namespaces are open: every `namespace geo { … }` block, in any file,
//!   adds to the one namespace `geo`, so each block's members are the
//!   members of all blocks with the same path.
//! - Inside a member function, a bare name is first a member of the class
//!   (and its bases): `area()` means `this->area()`, `radius` means
//!   `this->radius`.
//! - `using ns::f;`, `using namespace ns;` and `namespace g = ns;` import
//!   from the namespace their module text names, once no header of that
//!   name is found; a namespace the repository does not define (`std`) is
//!   external.
//! - A function's return type is written before its name
//!   (`static Square unit()`).

use std::collections::HashMap;

use plumb_lang::Language;
use plumb_store::model::SymbolKind;

use super::{Lookup, ModuleTarget, Resolution, Resolver, SymId, Target};
use crate::facts::Container;

/// Specifiers that may precede a function's return type, from the C++20
/// grammar (decl-specifier): none of them names a type.
const DECL_SPECIFIERS: &[&str] = &[
    "consteval",
    "constexpr",
    "explicit",
    "extern",
    "friend",
    "inline",
    "static",
    "virtual",
];

impl Resolver<'_> {
    fn is_cpp(&self, f: usize) -> bool {
        self.files[f].language == Language::Cpp
    }

    /// The path of namespace names from the global namespace to `s`
    /// (`geo::detail`), or `None` when `s` is no C++ namespace or sits
    /// inside something else.
    fn namespace_path(&self, s: SymId) -> Option<String> {
        let (f, _) = self.syms[s];
        let def = self.def(s);
        if !self.is_cpp(f) || def.kind != SymbolKind::Module {
            return None;
        }
        match self.parent[s] {
            None if def.container == Container::File => Some(def.name.clone()),
            None => None,
            Some(p) => Some(format!("{}::{}", self.namespace_path(p)?, def.name)),
        }
    }

    /// Gives every block of a namespace the members of all its blocks.
    pub(super) fn merge_cpp_namespaces(&mut self) {
        let mut blocks: HashMap<String, Vec<SymId>> = HashMap::new();
        for s in 0..self.syms.len() {
            if let Some(path) = self.namespace_path(s) {
                blocks.entry(path).or_default().push(s);
            }
        }
        for group in blocks.into_values().filter(|g| g.len() > 1) {
            let mut members: Vec<SymId> = group
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

    /// A bare name inside a class body or a member function: a member of
    /// the class or of its bases. The class's own name is the class (a
    /// construction), not its constructor.
    pub(super) fn implicit_member(&self, f: usize, c: Container, name: &str) -> Option<Lookup> {
        if !self.is_cpp(f) {
            return None;
        }
        let ty = match c {
            Container::Impl(i) => self.impl_owner[f][i]?,
            Container::Def(d) if self.files[f].facts.defs[d].kind.is_type() => self.def_sym[f][d],
            Container::Def(_) | Container::File => return None,
        };
        if self.def(ty).name == name {
            return None;
        }
        let (found, via_base) = self.type_members(ty, name);
        let method = if via_base {
            Resolution::Inheritance
        } else {
            Resolution::Scope
        };
        Lookup::found(found.into_iter().map(Target::Sym).collect(), method)
    }

    /// The type of a bare receiver that is a field of the enclosing class
    /// (`focus->area()` for `this->focus->area()`).
    pub(super) fn implicit_field_type(
        &self,
        f: usize,
        c: Container,
        receiver: &str,
        depth: usize,
    ) -> Option<SymId> {
        let is_name =
            !receiver.is_empty() && receiver.chars().all(|ch| ch.is_alphanumeric() || ch == '_');
        if !self.is_cpp(f) || !is_name {
            return None;
        }
        self.enclosing_type(f, c)?;
        self.receiver_type(f, c, &format!("this.{receiver}"), depth + 1)
    }

    /// The namespace a `using` names, for a module text no header matched:
    /// found in the repository, or external; `None` for a text that is no
    /// namespace path or a file that is not C++.
    pub(super) fn using_namespace(&self, f: usize, module: &str) -> Option<ModuleTarget> {
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
                    Target::File(_) => false,
                })
            });
        Some(namespace.map_or(ModuleTarget::External, ModuleTarget::Found))
    }
}

/// The return type written before a C++ function's name in its signature
/// (`static geo::Square *unit()` → `geo::Square`), without specifiers,
/// pointers and references; `None` for other languages, constructors and
/// `auto`.
pub(super) fn leading_return_type<'s>(
    language: Language,
    signature: &'s str,
    name: &str,
) -> Option<&'s str> {
    if language != Language::Cpp {
        return None;
    }
    let open = signature.find('(')?;
    let head = signature[..open].trim_end();
    let head = head.strip_suffix(name)?;
    // Drop the qualifier of an out-of-line definition (`Circle::`).
    let head = match head.trim_end().strip_suffix("::") {
        Some(scoped) => {
            scoped.trim_end_matches(|c: char| c.is_alphanumeric() || c == '_' || c == ':')
        }
        None => head,
    };
    let mut ty = head.trim().trim_end_matches(['*', '&', ' ']);
    loop {
        let (word, rest) = ty.split_once(' ').unwrap_or((ty, ""));
        if !DECL_SPECIFIERS.contains(&word) {
            break;
        }
        ty = rest.trim_start();
    }
    (!ty.is_empty() && ty != "auto" && ty != "void").then_some(ty)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn return_types_are_read_before_the_name() {
        let check = |signature: &str, name: &str, expected: Option<&str>| {
            assert_eq!(
                leading_return_type(Language::Cpp, signature, name),
                expected,
                "{signature}"
            );
        };
        check("static Square unit()", "unit", Some("Square"));
        check("geo::Circle *make(double r)", "make", Some("geo::Circle"));
        check(
            "const Shape &Canvas::first() const",
            "first",
            Some("const Shape"),
        );
        check("virtual inline Box<int> get()", "get", Some("Box<int>"));
        check("explicit Circle(double r);", "Circle", None);
        check("Circle::Circle(double r)", "Circle", None);
        check("void run()", "run", None);
        check("auto make() -> Circle", "make", None);
        assert_eq!(
            leading_return_type(Language::C, "struct shape *make(void)", "make"),
            None
        );
    }
}
