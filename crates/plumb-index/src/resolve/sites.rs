//! Reference sites: every candidate target of one site — bare, qualified
//! (`self.f`, `super.f`, a path, a typed receiver), narrowed by the kind of
//! use and the argument count — and name-only guesses where nothing
//! decides.

use foldhash::{HashSet, HashSetExt};

use plumb_store::model::{OccurrenceKind, Resolution, SymbolKind};

use super::signatures::{comparable_type, declared_parameter_types};
use super::state::Resolver;
use super::{
    AMBIGUOUS_MEMBER_CONFIDENCE, Candidates, FileId, IMPORT_CONFIDENCE, INHERITANCE_CONFIDENCE,
    Lookup, MAX_NAME_ONLY_CANDIDATES, NAME_ONLY_AMBIGUOUS_CONFIDENCE, NAME_ONLY_UNIQUE_CONFIDENCE,
    RECEIVER_CONFIDENCE, SCOPE_CONFIDENCE, SymbolId, Target, weaker,
};
use crate::facts::{Container, DefFact, RefFact};
use crate::typetext::normalize_type;

/// The name of a C++ member access operator a class overloads to act as a
/// pointer (`EdgeSegment *operator->()`).
const ARROW_OPERATOR: &str = "operator->";

impl Resolver<'_> {
    /// Every candidate target of one reference site.
    pub(super) fn resolve_ref(&self, f: FileId, site: &RefFact) -> Candidates {
        let spec = self.spec(f);
        let qualifier = site.path.as_deref().or(site.receiver.as_deref());
        let decided = match qualifier {
            None => match self.lookup_bare(f, self.scope_of(f, site), &site.name) {
                Some(lookup) if lookup.external || lookup.local => return Vec::new(),
                Some(lookup) => Some(lookup),
                None if spec.builtins.binary_search(&site.name.as_str()).is_ok() => {
                    return Vec::new();
                }
                None => None,
            },
            Some(q) => match self.resolve_qualified(f, site, q) {
                Qualified::Found(lookup) => Some(lookup),
                Qualified::Dead => return Vec::new(),
                Qualified::Unknown => None,
            },
        };
        if let Some(lookup) = decided {
            let confidence = confidence(lookup.method);
            let targets = self.prefer_fitting_kind(site.kind, lookup.targets);
            let targets = self.writable_through_base(site.kind, lookup.method, targets);
            let targets = self.prefer_fitting_arity(f, site, targets);
            let targets = self.prefer_matching_argument_types(site, targets);
            let mut out: Vec<(SymbolId, Resolution, f64)> =
                (self.rules(f).linked_definitions)(self, f, targets)
                    .into_iter()
                    .filter_map(|t| match t {
                        Target::Sym(s) => Some((s, lookup.method, confidence)),
                        Target::File(_) | Target::Package(_) => None,
                    })
                    .collect();
            out.dedup_by_key(|(s, _, _)| *s);
            if self.in_several_impl_blocks(&out) {
                for candidate in &mut out {
                    candidate.2 = candidate.2.min(AMBIGUOUS_MEMBER_CONFIDENCE);
                }
            }
            return out;
        }
        self.name_only(site, qualifier.is_some())
    }

    /// The container a bare name of `site` is looked up in: its own, or
    /// the one around it for a name evaluated there (a decorator).
    fn scope_of(&self, f: FileId, site: &RefFact) -> Container {
        if site.outer_scope {
            self.container_of(f, site.container)
        } else {
            site.container
        }
    }

    /// Whether the candidates are several members of impl blocks, no two in
    /// one block (`impl Deserializer for Map` and `… for &Map`).
    fn in_several_impl_blocks(&self, candidates: &Candidates) -> bool {
        let mut blocks = HashSet::new();
        candidates.len() > 1
            && candidates.iter().all(|&(s, _, _)| {
                let (f, d) = self.locate(s);
                match self.file(f).facts.defs[d].container {
                    Container::Impl(i) => blocks.insert((f, i)),
                    Container::File | Container::Def(_) => false,
                }
            })
    }

    fn resolve_qualified(&self, f: FileId, site: &RefFact, qualifier: &str) -> Qualified {
        let spec = self.spec(f);
        // `p->next->f()`: a member reached through a pointer as through a
        // value (C, C++).
        let dereferenced;
        let qualifier = match self.rules(f).pointer_member_operator {
            Some(operator) if qualifier.contains(operator) => {
                dereferenced = qualifier.replace(operator, ".");
                dereferenced.as_str()
            }
            _ => qualifier,
        };
        // A self name outside a type: in an impl of a type from outside the
        // repository, that type's members; elsewhere (`def wrapper(self:
        // Scaffold)` nested in a module-level decorator, `function (this:
        // Subscriber<R>)`) it is typed like any other name, below, where a
        // parameter declares it.
        if spec.self_names.contains(&qualifier) {
            if let Some(ty) = self.enclosing_type(f, site.container) {
                return self.member_of_type(ty, &site.name, Resolution::Scope);
            }
            if let Some(ty) = self.enclosing_outside_impl(f, site.container) {
                return self.outside_type_members(&ty, &site.name);
            }
        }
        if spec.super_names.contains(&qualifier) {
            let Some(ty) = self.enclosing_type(f, site.container) else {
                return Qualified::Unknown;
            };
            // A bare `super` (Ruby) calls the enclosing method on the bases.
            let name = match site.container {
                Container::Def(d) if site.name == qualifier => &*self.file(f).facts.defs[d].name,
                _ => site.name.as_str(),
            };
            let bases: Vec<SymbolId> = self
                .with_parts(ty)
                .filter_map(|part| self.bases.get(&part))
                .flatten()
                .copied()
                .collect();
            for base in bases {
                if let Qualified::Found(found) =
                    self.member_of_type(base, name, Resolution::Inheritance)
                {
                    return Qualified::Found(Lookup {
                        method: Resolution::Inheritance,
                        ..found
                    });
                }
            }
            return Qualified::Dead;
        }
        let is_path = qualifier
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '$' | '.' | ':'));
        if !is_path {
            // A call or construction: `make().total()`, `new Cart().total()`.
            return match self.receiver_type(f, site.container, qualifier, 0) {
                Some(ty) => self.member_of_type(ty, &site.name, Resolution::Receiver),
                None => Qualified::Unknown,
            };
        }
        let segments: Vec<&str> = qualifier.split(spec.separator).collect();
        if let [written] = segments[..] {
            let ty = if spec.self_names.contains(&written) || written == "Self" {
                self.enclosing_outside_impl(f, site.container)
            } else {
                Some(written.to_owned())
            };
            if let Some(found @ Qualified::Found(_)) =
                ty.map(|ty| self.outside_type_members(&ty, &site.name))
            {
                return found;
            }
        }
        if let Some(lookup) = self.resolve_path(f, site.container, &segments) {
            if lookup.external {
                return self
                    .first_argument_method(f, site)
                    .unwrap_or(Qualified::Dead);
            }
            let namespaces: Vec<Target> = lookup
                .targets
                .iter()
                .copied()
                .filter(|&t| match t {
                    Target::File(_) | Target::Package(_) => true,
                    Target::Sym(s) => {
                        let kind = self.def(s).kind;
                        kind.is_type() || matches!(kind, SymbolKind::Module | SymbolKind::Variant)
                    }
                })
                .collect();
            if !namespaces.is_empty() {
                let mut found = Vec::new();
                let mut method = lookup.method;
                for target in namespaces {
                    if let Some(members) = self.members(target, &site.name, 0) {
                        method = weaker(method, members.method);
                        found.extend(members.targets);
                    }
                }
                return match Lookup::found(found, method) {
                    Some(lookup) => Qualified::Found(lookup),
                    None => Qualified::Dead,
                };
            }
        }
        match self.receiver_type(f, site.container, qualifier, 0) {
            Some(ty) => self.member_of_type(ty, &site.name, Resolution::Receiver),
            None => self
                .first_argument_method(f, site)
                .unwrap_or(Qualified::Unknown),
        }
    }

    /// The methods named like the site, taking `self`, of the type of the
    /// site's first argument, where the module system dispatches a call
    /// through a path it cannot follow on it (`Display::fmt(&self.code,
    /// f)`: the `fmt` of the code's type). None when the argument's type is
    /// unknown or has no such method.
    fn first_argument_method(&self, f: FileId, site: &RefFact) -> Option<Qualified> {
        if !self.rules(f).first_argument_dispatch {
            return None;
        }
        let argument = site.first_argument.as_deref()?;
        let ty = self.expression_type(f, site.container, argument, 0)?;
        let (found, via_base) = self.type_members(ty, &site.name);
        let found: Vec<Target> = found
            .into_iter()
            .filter(|&s| takes_self(self.def(s).signature.as_deref()))
            .map(Target::Sym)
            .collect();
        let method = if via_base {
            Resolution::Inheritance
        } else {
            Resolution::Receiver
        };
        Lookup::found(found, method).map(Qualified::Found)
    }

    /// The self type written on the impl block around `c`, when the
    /// repository does not define that type (`f64` of `impl Float for
    /// f64`); None in a type or an impl block of one it defines.
    fn enclosing_outside_impl(&self, f: FileId, mut c: Container) -> Option<String> {
        loop {
            match c {
                Container::File => return None,
                Container::Impl(i) if self.impl_owner[f.index()][i].is_none() => {
                    return normalize_type(&self.file(f).facts.impls[i].self_type);
                }
                Container::Impl(_) => return None,
                Container::Def(d) if self.file(f).facts.defs[d].kind.is_type() => return None,
                Container::Def(_) => c = self.container_of(f, c),
            }
        }
    }

    /// The methods named `name` of the impl blocks for the type written
    /// `ty` that the repository does not define, found by the type as
    /// written: `u64::error_scale()`, and `self.pow10()` or
    /// `Self::pow10()` inside `impl Float for f64`. Unknown when there are
    /// none (the method may be the trait's, or the type's own).
    fn outside_type_members(&self, ty: &str, name: &str) -> Qualified {
        let found: Vec<Target> = self
            .named(&self.by_name, name)
            .filter(|&s| {
                let (g, d) = self.locate(s);
                let file = self.file(g);
                match file.facts.defs[d].container {
                    Container::Impl(i) => {
                        self.impl_owner[g.index()][i].is_none()
                            && normalize_type(&file.facts.impls[i].self_type).as_deref() == Some(ty)
                    }
                    Container::File | Container::Def(_) => false,
                }
            })
            .map(Target::Sym)
            .collect();
        match Lookup::found(found, Resolution::Receiver) {
            Some(lookup) => Qualified::Found(lookup),
            None => Qualified::Unknown,
        }
    }

    /// A member of a known type: found directly (`direct`), on a base
    /// (inheritance), on what the type's `operator->` returns where it has
    /// no such member (a C++ holder or smart pointer: `holder->point()`),
    /// or known to be missing (dead: no guessing).
    fn member_of_type(&self, ty: SymbolId, name: &str, direct: Resolution) -> Qualified {
        let (mut found, mut via_base) = self.type_members(ty, name);
        if found.is_empty()
            && let Some(pointee) = self
                .type_members(ty, ARROW_OPERATOR)
                .0
                .into_iter()
                .find_map(|arrow| self.return_type(arrow))
            && pointee != ty
        {
            (found, via_base) = self.type_members(pointee, name);
        }
        let method = if via_base {
            weaker(direct, Resolution::Inheritance)
        } else {
            direct
        };
        match Lookup::found(found.into_iter().map(Target::Sym).collect(), method) {
            Some(lookup) => Qualified::Found(lookup),
            None => Qualified::Dead,
        }
    }

    /// Where several overloads fit a call by name, those whose parameter
    /// count matches its argument count; all of them when none or every
    /// one does, or when a count is unknown. A definition fits where a
    /// declaration of it fits: C++ writes default arguments on the
    /// declaration only (`normalize(bool allowZero = false) const;` in the
    /// class, `Vector2::normalize(bool allowZero) const {…}` out of line).
    fn prefer_fitting_arity(&self, f: FileId, site: &RefFact, targets: Vec<Target>) -> Vec<Target> {
        let Some(arguments) = site.arguments else {
            return targets;
        };
        if !self.spec(f).overloads_by_arity || targets.len() < 2 {
            return targets;
        }
        let fits = |t: &Target| match *t {
            Target::Sym(s) => self.def(s).parameters.is_none_or(|p| p == arguments),
            Target::File(_) | Target::Package(_) => true,
        };
        let fitting_declarations: Vec<SymbolId> = targets
            .iter()
            .filter(|t| fits(t))
            .filter_map(|&t| match t {
                Target::Sym(s) if !self.def(s).has_body => Some(s),
                _ => None,
            })
            .collect();
        let declared_fits = |t: &Target| match *t {
            Target::Sym(s) => fitting_declarations.iter().any(|&d| self.declares(d, s)),
            Target::File(_) | Target::Package(_) => false,
        };
        let fitting: Vec<Target> = targets
            .iter()
            .copied()
            .filter(|t| fits(t) || declared_fits(t))
            .collect();
        if fitting.is_empty() { targets } else { fitting }
    }

    /// Whether `declaration` (without a body) declares `definition`: the
    /// same name in the same type or scope, with the same parameter types.
    fn declares(&self, declaration: SymbolId, definition: SymbolId) -> bool {
        let (declared, defined) = (self.def(declaration), self.def(definition));
        let types = |def: &DefFact| {
            declared_parameter_types(def.signature.as_deref()?, &def.name)
                .map(|types| types.iter().map(|t| comparable_type(t)).collect::<Vec<_>>())
        };
        defined.has_body
            && declared.name == defined.name
            && self.parent(declaration) == self.parent(definition)
            && types(declared).is_some_and(|t| Some(t) == types(defined))
    }

    /// Where several overloads fit a call, those whose parameter types
    /// match the most of the argument types the call site knows
    /// ([`RefFact::argument_types`]: `scale(1.5)` calls `scale(double)`,
    /// not `scale(int)`); all of them when none matches any. A match is
    /// the same type as written, references, qualifiers and namespaces
    /// left out.
    fn prefer_matching_argument_types(&self, site: &RefFact, targets: Vec<Target>) -> Vec<Target> {
        if site.argument_types.is_empty() || targets.len() < 2 {
            return targets;
        }
        let arguments: Vec<Option<String>> = site
            .argument_types
            .iter()
            .map(|a| a.as_deref().map(comparable_type))
            .collect();
        let matches = |t: &Target| match *t {
            Target::Sym(s) => {
                let def = self.def(s);
                let Some(parameters) = def
                    .signature
                    .as_deref()
                    .and_then(|sig| declared_parameter_types(sig, &def.name))
                else {
                    return 0;
                };
                arguments
                    .iter()
                    .zip(&parameters)
                    .filter(|(a, p)| a.as_deref() == Some(comparable_type(p).as_str()))
                    .count()
            }
            Target::File(_) | Target::Package(_) => 0,
        };
        let scores: Vec<usize> = targets.iter().map(matches).collect();
        let best = scores.iter().copied().max().unwrap_or(0);
        if best == 0 {
            return targets;
        }
        targets
            .into_iter()
            .zip(scores)
            .filter(|&(_, score)| score == best)
            .map(|(t, _)| t)
            .collect()
    }

    /// Where a name denotes both a callable and a value (a Rust builder's
    /// field `shrink` and method `shrink()`), a call means the callable and
    /// any other use the value; a set with only one sort is kept whole.
    fn prefer_fitting_kind(&self, kind: OccurrenceKind, targets: Vec<Target>) -> Vec<Target> {
        // An interface is no value: merged with a namespace of its name
        // (TypeScript), a read such as an export list names both.
        let callable = |t: &Target| match *t {
            Target::Sym(s) => {
                let def_kind = self.def(s).kind;
                def_kind.is_callable() || (def_kind.is_type() && def_kind != SymbolKind::Interface)
            }
            Target::File(_) | Target::Package(_) => false,
        };
        // A type names every declaration merged under the name that can
        // be one (an interface and a namespace of its name).
        if kind == OccurrenceKind::Type {
            let types: Vec<Target> = targets
                .iter()
                .copied()
                .filter(|t| match *t {
                    Target::Sym(s) => {
                        let def_kind = self.def(s).kind;
                        def_kind.is_type()
                            || matches!(def_kind, SymbolKind::TypeAlias | SymbolKind::Module)
                    }
                    Target::File(_) | Target::Package(_) => false,
                })
                .collect();
            return if types.is_empty() { targets } else { types };
        }
        let wants_callable = matches!(kind, OccurrenceKind::Call | OccurrenceKind::Instantiate);
        let fitting: Vec<Target> = targets
            .iter()
            .copied()
            .filter(|t| callable(t) == wants_callable)
            .collect();
        if fitting.is_empty() || kind == OccurrenceKind::Import {
            targets
        } else {
            fitting
        }
    }

    /// Of the members a write reaches through a base, the callables (a
    /// property's setter): assigning an attribute that a base declares
    /// gives the subclass's instance its own (as Python's checkers read
    /// `self.name = …` in a subclass), no reference to the base's.
    fn writable_through_base(
        &self,
        kind: OccurrenceKind,
        method: Resolution,
        targets: Vec<Target>,
    ) -> Vec<Target> {
        if kind != OccurrenceKind::Write || method != Resolution::Inheritance {
            return targets;
        }
        targets
            .into_iter()
            .filter(|t| match *t {
                Target::Sym(s) => self.def(s).kind.is_callable(),
                Target::File(_) | Target::Package(_) => false,
            })
            .collect()
    }

    /// Every plausible definition named like the site, at low confidence.
    pub(super) fn name_only(&self, site: &RefFact, qualified: bool) -> Candidates {
        // Names are read everywhere: a read is recorded only when resolved,
        // so no definition is a guess for one (and a common name, `len` in
        // C, has thousands of same-named definitions to look through); so
        // is a write, most of which set attributes no type declares.
        if site.kind.is_read_or_write() {
            return Vec::new();
        }
        // One past the most kept is enough to tell there are too many.
        let candidates: Vec<SymbolId> = self
            .named(&self.by_name, &site.name)
            .filter(|&s| self.plausible(site.kind, qualified, s))
            .take(MAX_NAME_ONLY_CANDIDATES + 1)
            .collect();
        if candidates.is_empty() || candidates.len() > MAX_NAME_ONLY_CANDIDATES {
            return Vec::new();
        }
        let confidence = if candidates.len() == 1 {
            NAME_ONLY_UNIQUE_CONFIDENCE
        } else {
            NAME_ONLY_AMBIGUOUS_CONFIDENCE
        };
        candidates
            .into_iter()
            .map(|s| (s, Resolution::NameOnly, confidence))
            .collect()
    }

    /// Whether a definition could be what a site of `kind` refers to.
    pub(super) fn plausible(&self, kind: OccurrenceKind, qualified: bool, s: SymbolId) -> bool {
        let def_kind = self.def(s).kind;
        // Asked only of callables and types, where it matters.
        let is_member = || {
            let (f, _) = self.locate(s);
            // An extension of a type outside the repository, or a method
            // of an impl block for one (`impl Float for f64`), has no
            // parent, but is called as a member all the same.
            self.parent(s).is_some_and(|p| self.def(p).kind.is_type())
                || self.file(f).facts.is_extension(self.def(s))
                || matches!(self.def(s).container, Container::Impl(_))
        };
        match kind {
            OccurrenceKind::Call if qualified => def_kind.is_callable() && is_member(),
            OccurrenceKind::Call => (def_kind.is_callable() || def_kind.is_type()) && !is_member(),
            OccurrenceKind::Instantiate => def_kind.is_type(),
            OccurrenceKind::Inherit | OccurrenceKind::Implement => def_kind.is_type(),
            OccurrenceKind::Type => def_kind.is_type() || def_kind == SymbolKind::TypeAlias,
            OccurrenceKind::Import => true,
            // See `name_only`.
            OccurrenceKind::Read | OccurrenceKind::Write => false,
        }
    }
}

/// The outcome of resolving a qualified site.
enum Qualified {
    /// Decided.
    Found(Lookup),
    /// The qualifier is known and has no such member, or is external:
    /// guessing by name would only add wrong edges.
    Dead,
    /// The qualifier could not be typed: fall back to the name.
    Unknown,
}

/// Whether a Rust signature's first parameter is `self` (`&self`,
/// `&'a mut self`, `mut self`, `self: Box<Self>`).
fn takes_self(signature: Option<&str>) -> bool {
    let Some((_, parameters)) = signature.and_then(|s| s.split_once('(')) else {
        return false;
    };
    let mut first = parameters.trim_start();
    if let Some(rest) = first.strip_prefix('&') {
        first = rest.trim_start();
        if first.starts_with('\'') {
            first = first
                .split_once(char::is_whitespace)
                .map_or("", |(_, rest)| rest.trim_start());
        }
    }
    if let Some(rest) = first.strip_prefix("mut ") {
        first = rest.trim_start();
    }
    first
        .strip_prefix("self")
        .is_some_and(|rest| !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_'))
}

/// The confidence recorded for a method.
fn confidence(method: Resolution) -> f64 {
    match method {
        Resolution::Scope => SCOPE_CONFIDENCE,
        Resolution::Import => IMPORT_CONFIDENCE,
        Resolution::Receiver => RECEIVER_CONFIDENCE,
        Resolution::Inheritance => INHERITANCE_CONFIDENCE,
        Resolution::NameOnly => NAME_ONLY_UNIQUE_CONFIDENCE,
    }
}
