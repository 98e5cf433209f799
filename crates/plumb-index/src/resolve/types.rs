//! Types: the type a receiver, a binding, an expression or a call result
//! has, from annotations, constructor calls, return types, field types,
//! pattern fields, callback parameters and type aliases.

use std::collections::VecDeque;

use foldhash::HashSet;

use plumb_store::model::{OccurrenceKind, Resolution, SymbolKind};

use super::signatures::{
    THIS_PARAMETER, matching_open, matching_open_bracket, parameter_types, return_annotation,
};
use super::state::{BindingRef, Resolver, Scope};
use super::{Candidates, FileId, MAX_CHAIN, SymbolId, Target};
use crate::facts::{BindingFact, Container, RefFact};
use crate::typetext::normalize_type;

impl Resolver<'_> {
    /// The type a receiver expression has, from bindings in scope, field
    /// types of the types on the way (`self.cart.items`), and bases.
    pub(super) fn receiver_type(
        &self,
        f: FileId,
        c: Container,
        receiver: &str,
        depth: usize,
    ) -> Option<SymbolId> {
        if depth > MAX_CHAIN {
            return None;
        }
        if receiver.ends_with(')') || receiver.starts_with("new ") {
            return self.expression_type(f, c, receiver, depth + 1);
        }
        // `states[i]`: an element of `states` (`states[]` itself is the
        // binding of the elements, looked up below).
        if !receiver.ends_with("[]")
            && let Some(collection) = receiver
                .strip_suffix(']')
                .and_then(|r| matching_open_bracket(r).map(|open| &r[..open]))
        {
            return self.element_type_of(f, c, collection, depth + 1);
        }
        let mut current = c;
        loop {
            let scope = match current {
                Container::File => Scope::File(f),
                other => match self.container_sym(f, other) {
                    Some(s) => Scope::Sym(s),
                    None => {
                        current = self.container_of(f, current);
                        continue;
                    }
                },
            };
            if let Some(ty) = self.binding_type(scope, receiver) {
                return Some(ty);
            }
            if current == Container::File {
                break;
            }
            current = self.container_of(f, current);
        }
        // A module-level variable of another file, reached by import.
        if let Some(ty) = self.imported_variable_type(f, c, receiver) {
            return Some(ty);
        }
        // A bare field of the enclosing type, where members are in scope
        // (`bridge.f()` for `this.bridge.f()` in Java), unless a local hides it.
        if self.spec(f).members_in_scope
            && is_identifier(receiver)
            && !self.is_local(f, c, receiver)
            && let Some(owner) = self.enclosing_type(f, c)
            && let Some(ty) = self.field_type(f, owner, receiver)
        {
            return Some(ty);
        }
        // `head.field`: the field's declared type on head's type.
        let (head, field) = receiver.rsplit_once('.')?;
        let owner = if self.spec(f).self_names.contains(&head) {
            self.enclosing_type(f, c)?
        } else {
            self.receiver_type(f, c, head, depth + 1)?
        };
        self.field_type(f, owner, field)
    }

    /// The declared type of field `field` of type `owner` or of its bases.
    fn field_type(&self, f: FileId, owner: SymbolId, field: &str) -> Option<SymbolId> {
        let self_name = self.spec(f).self_names.first().copied().unwrap_or("self");
        let attribute = format!("{self_name}.{field}");
        let mut queue: VecDeque<SymbolId> = self.with_parts(owner).collect();
        let mut seen: HashSet<SymbolId> = queue.iter().copied().collect();
        while let Some(ty) = queue.pop_front() {
            if let Some(found) = self.binding_type(Scope::Sym(ty), &attribute) {
                return Some(found);
            }
            for &base in self.bases.get(&ty).into_iter().flatten() {
                if seen.len() < MAX_CHAIN && seen.insert(base) {
                    queue.push_back(base);
                }
            }
        }
        None
    }

    /// The type of a variable defined at the top level of another file and
    /// named here through an import (`globalState`, `console`), or of its
    /// elements (`FLAGS[]`, what `FLAGS.iter()` yields).
    fn imported_variable_type(&self, f: FileId, c: Container, name: &str) -> Option<SymbolId> {
        let (variable, elements) = match name.strip_suffix("[]") {
            Some(variable) => (variable, "[]"),
            None => (name, ""),
        };
        if !is_identifier(variable) {
            return None;
        }
        let lookup = self.lookup_bare(f, c, variable)?;
        lookup.targets.into_iter().find_map(|t| match t {
            Target::Sym(s)
                if matches!(
                    self.def(s).kind,
                    SymbolKind::Variable | SymbolKind::Constant
                ) =>
            {
                let (g, _) = self.locate(s);
                (g != f && self.def(s).container == Container::File)
                    .then(|| {
                        let bound = format!("{}{elements}", self.def(s).name);
                        self.binding_type(Scope::File(g), &bound)
                    })
                    .flatten()
            }
            _ => None,
        })
    }

    /// The type of the binding `name` in `scope`, computed once; a binding
    /// whose type depends on itself (`x = x.next()`) has none.
    fn binding_type(&self, scope: Scope, name: &str) -> Option<SymbolId> {
        // The scope's bindings: set apart for the functions of the file
        // being resolved, in the linked table otherwise.
        let apart = match scope {
            Scope::Sym(s) => {
                let (g, d) = self.locate(s);
                let held = self.apart_holding(g);
                if held.is_none() {
                    self.debug_assert_scope_kept(g, d);
                }
                held.filter(|_| self.file(g).facts.is_function(Container::Def(d)))
                    .map(|apart| (apart, d))
            }
            Scope::File(_) => None,
        };
        let (f, binding) = match &apart {
            Some((apart, d)) => pick_binding(apart.bindings_of(*d).map(|b| (apart.file, b)), name)?,
            None => {
                let in_scope = self.bindings.get(&scope)?;
                let facts = |b: &BindingRef| (b.file, &self.file(b.file).facts.bindings[b.index]);
                pick_binding(in_scope.iter().map(facts), name)?
            }
        };
        let (container, text) = (binding.scope, binding.type_text.as_str());
        let memo = self.memo();
        // A scope set apart is asked about while its file is resolved only.
        let table = match apart {
            Some(_) => &memo.apart_bindings,
            None => &memo.bindings,
        };
        memo.once(table, (scope, name.to_owned()), None, || {
            if let Some((argument, parameter)) = binding.callback {
                self.callback_parameter_type(f, container, text, argument, parameter)
            } else if let Some(field) = &binding.field {
                self.pattern_field_type(f, container, text, field)
            } else if binding.element {
                self.element_type_of(f, container, text, 0)
            } else if binding.from_value {
                self.expression_type(f, container, text, 0)
            } else {
                self.type_from_text(f, container, text)
            }
        })
    }

    /// The type of field `field` (a name, or a position: `0`) of the struct
    /// or enum variant a pattern names (`Value::Number`, `Self`), or of the
    /// type of the value an object pattern destructures (`this`, `state`),
    /// read from the field's declaration.
    fn pattern_field_type(
        &self,
        f: FileId,
        c: Container,
        pattern: &str,
        field: &str,
    ) -> Option<SymbolId> {
        let owner = if pattern == "Self" || self.spec(f).self_names.contains(&pattern) {
            self.enclosing_type(f, c)?
        } else {
            let segments: Vec<&str> = pattern.split(self.spec(f).separator).collect();
            let named = self.resolve_path(f, c, &segments).and_then(|lookup| {
                lookup.targets.into_iter().find_map(|t| match t {
                    Target::Sym(s) if self.def(s).kind == SymbolKind::Variant => Some(s),
                    Target::Sym(s) if self.def(s).kind.is_type() => Some(s),
                    Target::Sym(s) if self.def(s).kind == SymbolKind::TypeAlias => {
                        self.aliased_type(s)
                    }
                    _ => None,
                })
            });
            // A destructured value (`const { operator } = this.source`):
            // the fields of its type.
            named.or_else(|| self.receiver_type(f, c, pattern, 0))?
        };
        let self_name = self.spec(f).self_names.first().copied().unwrap_or("self");
        self.binding_type(Scope::Sym(owner), &format!("{self_name}.{field}"))
    }

    /// The type a written type path names in container `c` of file `f`.
    fn type_from_text(&self, f: FileId, c: Container, text: &str) -> Option<SymbolId> {
        let path = normalize_type(text)?;
        // `Self` (Rust), and a self name written as a type (PHP's `static`).
        if path == "Self" || self.spec(f).self_names.contains(&path.as_str()) {
            return self.enclosing_type(f, c);
        }
        let segments: Vec<&str> = path.split(self.spec(f).separator).collect();
        let named = self.resolve_path(f, c, &segments).and_then(|lookup| {
            lookup.targets.into_iter().find_map(|t| match t {
                Target::Sym(s) if self.def(s).kind.is_type() => Some(s),
                Target::Sym(s) if self.def(s).kind == SymbolKind::TypeAlias => self.aliased_type(s),
                _ => None,
            })
        });
        // A generic parameter stands for its bound: `A: Automaton`.
        named.or_else(|| {
            (segments.len() == 1)
                .then(|| self.receiver_type(f, c, &path, 0))
                .flatten()
        })
    }

    /// The type an expression evaluates to, where plumb can tell: a
    /// constructor call or struct literal, a call of a function or method
    /// with a return annotation, or a typed name or attribute.
    pub(super) fn expression_type(
        &self,
        f: FileId,
        c: Container,
        text: &str,
        depth: usize,
    ) -> Option<SymbolId> {
        if depth > MAX_CHAIN {
            return None;
        }
        let text = text.trim();
        let text = text.strip_prefix("await ").unwrap_or(text);
        if let Some(inner) = borrowed(text) {
            return self.expression_type(f, c, inner, depth + 1);
        }
        // Unwrapping keeps the success type, which the wrapper already is
        // to plumb (`Result`/`Option` are transparent): `make()?`,
        // `make().unwrap()`, `make().expect("…")`, `x.clone()`.
        if let Some(inner) = text.strip_suffix('?').or_else(|| text.strip_suffix('!')) {
            return self.expression_type(f, c, inner, depth + 1);
        }
        if text.ends_with(')')
            && let Some(open) = matching_open(text)
            && let Some((inner, method)) = text[..open].rsplit_once('.')
            && TYPE_PRESERVING_METHODS.contains(&method)
        {
            // A method of the receiver's own type with that name says what
            // it returns (`fn as_ref(&self) -> LazyRef`).
            return self
                .call_result_type(f, c, &text[..open])
                .or_else(|| self.expression_type(f, c, inner, depth + 1));
        }
        if let Some(constructed) = text.strip_prefix("new ") {
            // `new Cart(1)`, `new Cart { … }` (an object initializer).
            let callee = constructed.split(['(', '{']).next().unwrap_or(constructed);
            return self.type_from_text(f, c, callee);
        }
        if text.ends_with('}')
            && let Some(open) = text.find('{')
            && self.rules(f).struct_literals
        {
            return self.type_from_text(f, c, &text[..open]);
        }
        if text.ends_with(')') {
            let open = matching_open(text)?;
            return self.call_result_type(f, c, &text[..open]);
        }
        self.receiver_type(f, c, text, depth + 1)
    }

    /// The type a call of `callee` evaluates to: the type constructed, or
    /// the return annotation of the function or method called (guesses
    /// excluded).
    fn call_result_type(&self, f: FileId, c: Container, callee: &str) -> Option<SymbolId> {
        let callee = callee.trim_end();
        let callee = callee.strip_suffix('>').map_or(callee, |generic| {
            // `f::<T>()`: drop the turbofish.
            generic.rfind("::<").map_or(generic, |at| &generic[..at])
        });
        // A self name called constructs the enclosing type: Python's
        // `cls()` in a classmethod (or in a function nested in one).
        if self.spec(f).self_names.contains(&callee) {
            return self.enclosing_type(f, c);
        }
        self.callee_candidates(f, c, callee)
            .into_iter()
            .find_map(|(s, method, _)| {
                if method == Resolution::NameOnly {
                    None
                } else if self.def(s).kind.is_type() {
                    Some(s)
                } else {
                    self.return_type(s)
                }
            })
    }

    /// The type of the elements of `collection`, an expression (`xs`,
    /// `&self.states`, `self.transitions.iter()`): the `[]` binding of the
    /// collection's name, which a collection's annotation gives
    /// (`states: Vec<State>` binds `states[]` to `State`).
    fn element_type_of(
        &self,
        f: FileId,
        c: Container,
        collection: &str,
        depth: usize,
    ) -> Option<SymbolId> {
        let mut collection = collection.trim();
        loop {
            let before = collection;
            collection = collection
                .strip_prefix("&mut ")
                .or_else(|| collection.strip_prefix('&'))
                .unwrap_or(collection)
                .trim_start();
            for adapter in ELEMENT_ITERATORS {
                collection = collection.strip_suffix(adapter).unwrap_or(collection);
            }
            if collection == before {
                break;
            }
        }
        let is_path = collection
            .chars()
            .all(|ch| ch.is_alphanumeric() || matches!(ch, '_' | '.'));
        if collection.is_empty() || !is_path {
            return None;
        }
        self.receiver_type(f, c, &format!("{collection}[]"), depth + 1)
    }

    /// The type a type alias stands for (`type State = ProxyState | …` →
    /// `ProxyState`, `type Map = HashMap<K, V>` → `HashMap`), read from its
    /// declaration; an alias of an alias is followed a few steps.
    fn aliased_type(&self, alias: SymbolId) -> Option<SymbolId> {
        let (g, d) = self.locate(alias);
        let def = &self.file(g).facts.defs[d];
        let declared = def.signature.as_deref()?;
        let aliased = match declared.split_once('=') {
            Some((_, aliased)) => aliased,
            // C's `typedef struct shape shape_t;`: the type before the name.
            None => declared
                .strip_prefix("typedef ")?
                .trim_end_matches(';')
                .trim_end()
                .strip_suffix(&*def.name)?,
        };
        let aliased = aliased.trim().trim_end_matches(';');
        let path = normalize_type(aliased)?;
        if *path == *def.name {
            return None;
        }
        let segments: Vec<&str> = path.split(self.spec(g).separator).collect();
        self.resolve_path(g, def.container, &segments)?
            .targets
            .into_iter()
            .find_map(|t| match t {
                Target::Sym(s) if self.def(s).kind.is_type() => Some(s),
                _ => None,
            })
    }

    /// The type of parameter `parameter` of the callback passed as argument
    /// `argument` to `callee`, read from the callee's signature
    /// (`operate(init: (source: Observable<T>, subscriber: Subscriber<R>) => …)`).
    fn callback_parameter_type(
        &self,
        f: FileId,
        c: Container,
        callee: &str,
        argument: u32,
        parameter: u32,
    ) -> Option<SymbolId> {
        let target = match callee.strip_prefix("new ") {
            Some(class) => {
                let ty = self.type_from_text(f, c, class)?;
                *self.type_members(ty, "constructor").0.first()?
            }
            None => self.called_symbol(f, c, callee)?,
        };
        let (g, d) = self.locate(target);
        let def = &self.file(g).facts.defs[d];
        let parameters = parameter_types(def.signature.as_deref()?)?;
        let function_type = parameters.get(argument as usize)?.as_deref()?;
        let function_type = function_type
            .strip_prefix('(')
            .filter(|t| t.starts_with('('))
            .unwrap_or(function_type);
        let callback_parameters: Vec<Option<String>> = parameter_types(function_type)?
            .into_iter()
            .filter(|p| p.as_deref() != Some(THIS_PARAMETER))
            .collect();
        let ty = callback_parameters.get(parameter as usize)?.as_deref()?;
        self.type_from_text(g, def.container, ty)
    }

    /// The function or method a callee expression (`operate`, `a.b.f`)
    /// resolves to, guesses excluded.
    fn called_symbol(&self, f: FileId, c: Container, callee: &str) -> Option<SymbolId> {
        self.callee_candidates(f, c, callee)
            .into_iter()
            .find(|&(s, method, _)| {
                method != Resolution::NameOnly && self.def(s).kind.is_callable()
            })
            .map(|(s, _, _)| s)
    }

    /// What a callee expression written at container `c` can call, resolved
    /// as a call site of its last segment.
    fn callee_candidates(&self, f: FileId, c: Container, callee: &str) -> Candidates {
        // A method call splits at its last `.`, a path at its last
        // separator (`::` in Rust): whichever comes later.
        let separator = self.spec(f).separator;
        let split = [
            (callee.rfind('.'), 1),
            (callee.rfind(separator), separator.len()),
        ]
        .into_iter()
        .filter_map(|(at, len)| at.map(|at| (at, len)))
        .max();
        let (qualifier, name) = match split {
            Some((at, len)) => (Some(&callee[..at]), &callee[at + len..]),
            None => (None, callee),
        };
        let site = RefFact {
            name: name.to_owned(),
            kind: OccurrenceKind::Call,
            line: 0,
            col: 0,
            receiver: qualifier.map(str::to_owned),
            path: None,
            container: c,
            arguments: None,
            first_argument: None,
            outer_scope: false,
        };
        self.resolve_ref(f, &site)
    }

    /// The type a function's return annotation names, read from its
    /// signature; a field initialised with an arrow function
    /// (`static create = (name: string): Builder => …`) is such a function.
    fn return_type(&self, s: SymbolId) -> Option<SymbolId> {
        let (f, d) = self.locate(s);
        let def = &self.file(f).facts.defs[d];
        if !def.kind.is_callable() && !def.is_arrow_field() {
            return None;
        }
        let text = match &def.return_type {
            Some(declared) => &**declared,
            None => return_annotation(def.signature.as_deref()?)?,
        };
        self.type_from_text(f, def.container, text)
    }
}

/// What a borrow, a dereference or parentheses hold: `x` of `&x`,
/// `&mut x`, `*x` and `(x)`, which has the type they have to plumb (a
/// reference is transparent, as a pointer is to C's `->`).
fn borrowed(text: &str) -> Option<&str> {
    // `&mut x`, and `&mut*x` as an expression's text is folded.
    if let Some(inner) = text
        .strip_prefix("&mut")
        .filter(|rest| !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_'))
    {
        return Some(inner.trim_start());
    }
    if let Some(inner) = text.strip_prefix(['&', '*']) {
        return Some(inner.trim_start());
    }
    let inner = text.strip_prefix('(')?.strip_suffix(')')?;
    (matching_open(text) == Some(0)).then_some(inner)
}

/// Methods whose result has the receiver's (unwrapped) type, from the
/// Rust standard library's `Option`, `Result` and `Clone`, and `Into`'s
/// `into`, whose result is what a generic bound by `Into<T>` is typed as
/// (a `T`). Chosen: the common ones; others are left untyped.
const TYPE_PRESERVING_METHODS: &[&str] = &[
    "as_mut",
    "as_ref",
    "borrow",
    "borrow_mut",
    "clone",
    "expect",
    "into",
    "lock",
    "to_owned",
    "unwrap",
    "unwrap_or_default",
    "unwrap_unchecked",
];

/// Rust methods that iterate over a collection's elements as they are
/// (`xs.iter()` yields what `xs[i]` is, by reference). From the std slice,
/// `Vec` and set APIs.
const ELEMENT_ITERATORS: &[&str] = &[".into_iter()", ".iter()", ".iter_mut()"];

/// Of a scope's bindings (file, binding), in order, the one `name` takes:
/// a declared type wins over an inferred one (`atom_: IAtom` over a
/// constructor's `this.atom_ = new Atom()`); among inferred ones, the last.
fn pick_binding<'b>(
    in_scope: impl DoubleEndedIterator<Item = (FileId, &'b BindingFact)> + Clone,
    name: &str,
) -> Option<(FileId, &'b BindingFact)> {
    in_scope
        .clone()
        .find(|(_, b)| b.name == name && !b.from_value)
        .or_else(|| in_scope.rev().find(|(_, b)| b.name == name))
}

/// Whether `text` is one plain identifier (no path, call or member access;
/// PHP's `$x` and Ruby's `@x` included).
fn is_identifier(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|ch| ch.is_alphanumeric() || matches!(ch, '_' | '$' | '@'))
}
