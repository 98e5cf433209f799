//! Types: the type a receiver, a binding, an expression or a call result
//! has, from annotations, constructor calls, return types, field types,
//! pattern fields, callback parameters and type aliases.

use std::collections::VecDeque;

use foldhash::HashSet;

use plumb_store::model::{OccurrenceKind, Resolution, SymbolKind};

use super::signatures::{
    THIS_PARAMETER, matching_open, matching_open_bracket, parameter_names, parameter_types,
    return_annotation,
};
use super::state::{BindingRef, Resolver, Scope};
use super::{Candidates, FileId, MAX_CHAIN, SymbolId, Target};
use crate::facts::{BindingFact, Container, DefFact, RefFact};
use crate::typetext::{element_type, normalize_type, tuple_member};

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
        // `(*it)`: what the iterator or pointer reaches, typed as it is.
        if let Some(inner) = receiver
            .strip_prefix("(*")
            .and_then(|r| r.strip_suffix(')'))
            && let Some(ty) = self.receiver_type(f, c, inner, depth + 1)
        {
            return Some(ty);
        }
        // `(a - b)`: what the left operand's type's `operator-` returns
        // (C++'s `Vector2 operator-(const Vector2 &) const`).
        if let Some((left, operator)) = receiver
            .strip_prefix('(')
            .and_then(|r| r.strip_suffix(')'))
            .and_then(split_arithmetic)
            && let Some(ty) = self.receiver_type(f, c, left, depth + 1)
            && let Some(result) = self
                .type_members(ty, &format!("operator{operator}"))
                .0
                .into_iter()
                .find_map(|method| self.return_type(method))
        {
            return Some(result);
        }
        if receiver.ends_with([')', '!']) || receiver.starts_with("new ") {
            return self.expression_type(f, c, receiver, depth + 1);
        }
        // `states[i]`: an element of `states` (`states[]` itself is the
        // binding of the elements, looked up below).
        if !receiver.ends_with("[]")
            && let Some(open) = receiver.strip_suffix(']').and_then(matching_open_bracket)
        {
            let (collection, index) = (&receiver[..open], &receiver[open..]);
            // `x[$key]`: a member declared under a computed name
            // (`[$key]: Admin`) of x's type, else an element of x.
            let keyed = is_identifier(&index[1..index.len() - 1])
                .then(|| self.receiver_type(f, c, collection, depth + 1))
                .flatten()
                .and_then(|owner| self.field_type(f, owner, index));
            return keyed
                .or_else(|| self.element_type_of(f, c, collection, depth + 1))
                .or_else(|| {
                    (self.rules(f).subscript_keeps_type)(self, f)
                        .then(|| self.receiver_type(f, c, collection, depth + 1))
                        .flatten()
                });
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
        if let Some(ty) = self.inherited_parameter_type(f, c, receiver) {
            return Some(ty);
        }
        // A bare field of the enclosing type, where members are in scope
        // (`bridge.f()` for `this.bridge.f()` in Java), or its elements
        // (`rows[]` of C++'s `rows[0].get()`), unless a local hides it.
        let field = receiver.strip_suffix("[]").unwrap_or(receiver);
        if self.spec(f).members_in_scope
            && is_identifier(field)
            && !self.is_local(f, c, field)
            && let Some(owner) = self.enclosing_type(f, c)
            && let Some(ty) = self.field_type(f, owner, receiver)
        {
            return Some(ty);
        }
        // `head.field`: the field's declared type on head's type.
        let (head, field) = receiver.rsplit_once('.')?;
        // `Cart.prototype`: what a `Cart` instance has.
        if field == PROTOTYPE {
            return self.type_from_text(f, c, head);
        }
        let enclosing = match self.spec(f).self_names.contains(&head) {
            true => self.enclosing_type(f, c),
            false => None,
        };
        let owner = if let Some(owner) = enclosing {
            owner
        } else {
            match self.receiver_type(f, c, head, depth + 1) {
                Some(owner) => owner,
                // `module.variable`: a module-level variable of the module
                // head names.
                None => return self.module_variable_type(f, c, head, field),
            }
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

    /// The type of parameter `name` of the method around `c`, unannotated
    /// there, from the annotation of the same parameter (by position) of
    /// the method it overrides: `def parse_args(self, ctx, args)` in a
    /// subclass of a class declaring `parse_args(self, ctx: Context, …)`.
    fn inherited_parameter_type(&self, f: FileId, c: Container, name: &str) -> Option<SymbolId> {
        if !self.rules(f).inherited_parameter_types || !is_identifier(name) {
            return None;
        }
        let Container::Def(d) = c else {
            return None;
        };
        let method = &self.file(f).facts.defs[d];
        if method.kind != SymbolKind::Method {
            return None;
        }
        let position = parameter_names(method.signature.as_deref()?)?
            .iter()
            .position(|&p| p == name)?;
        let owner = self.enclosing_type(f, method.container)?;
        let bases: Vec<SymbolId> = self
            .bases
            .get(&owner)
            .into_iter()
            .flatten()
            .copied()
            .collect();
        let overridden = bases
            .into_iter()
            .find_map(|base| self.type_members(base, &method.name).0.first().copied())?;
        let (g, e) = self.locate(overridden);
        let base_method = &self.file(g).facts.defs[e];
        let declared = parameter_types(base_method.signature.as_deref()?)?;
        let text = declared.get(position)?.as_deref()?;
        self.type_from_text(g, base_method.container, text)
    }

    /// The type of `variable` (or of its elements, `variable[]`), bound at
    /// the top level of the module file that the path `module` names
    /// (`store.current` after `from . import store`), or imported there.
    fn module_variable_type(
        &self,
        f: FileId,
        c: Container,
        module: &str,
        variable: &str,
    ) -> Option<SymbolId> {
        let segments: Vec<&str> = module.split('.').collect();
        if !segments.iter().all(|s| is_identifier(s)) || self.spec(f).self_names.contains(&module) {
            return None;
        }
        let lookup = self.resolve_path(f, c, &segments)?;
        lookup.targets.into_iter().find_map(|t| match t {
            // Bound there, or imported there from its own module
            // (`requests.codes` of `from .status_codes import codes`).
            Target::File(g) => self
                .binding_type(Scope::File(g), variable)
                .or_else(|| self.imported_variable_type(g, Container::File, variable)),
            _ => None,
        })
    }

    /// The type of the binding `name` in `scope`, computed once; a binding
    /// whose type depends on itself (`x = x.next()`) has none, except where
    /// names are rebound ([`super::systems::Rules::rebound_names`]).
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
        match &apart {
            Some((apart, d)) => {
                let in_scope = apart.bindings_of(*d).map(|b| (apart.file, b));
                self.ranked_binding_type(scope, true, name, ranked_bindings(in_scope, name))
            }
            None => {
                let in_scope = self.bindings.get(&scope)?;
                let facts = |b: &BindingRef| (b.file, &self.file(b.file).facts.bindings[b.index]);
                let in_scope = in_scope.iter().map(facts);
                self.ranked_binding_type(scope, false, name, ranked_bindings(in_scope, name))
            }
        }
    }

    /// [`Self::binding_type`] of `name` in `scope`, whose bindings are
    /// `ranked` ([`ranked_bindings`]), `apart` when the scope is set apart:
    /// the first binding's type, computed once; where names are rebound,
    /// the first declared type, else the inferred ones'
    /// ([`Self::rebound_type`]).
    fn ranked_binding_type<'b>(
        &self,
        scope: Scope,
        apart: bool,
        name: &str,
        ranked: impl Iterator<Item = (FileId, &'b BindingFact)> + Clone,
    ) -> Option<SymbolId> {
        let (f, first) = ranked.clone().next()?;
        let memo = self.memo();
        // A scope set apart is asked about while its file is resolved only.
        let table = if apart {
            &memo.apart_bindings
        } else {
            &memo.bindings
        };
        memo.once(table, (scope, name.to_owned()), None, || {
            if !self.rules(f).rebound_names {
                return self.bound_type(f, first);
            }
            let ranked: Vec<_> = ranked.collect();
            let inferred = ranked.iter().position(|(_, b)| b.from_value);
            let (declared, inferred) = ranked.split_at(inferred.unwrap_or(ranked.len()));
            declared
                .iter()
                .find_map(|&(f, binding)| self.bound_type(f, binding))
                .or_else(|| self.rebound_type(name, inferred))
        })
    }

    /// The type of `name` by its inferred bindings `inferred`, the last
    /// first. An attribute (`self.parsed`) has the type of any of them, as
    /// pyright types it by the union of its assignments. A local has the
    /// last one's type, or, for `name = name.method(…)`, which reads the
    /// name itself, what `method` returns on the type the earlier bindings
    /// give (`url = url.copy_with()`).
    fn rebound_type(&self, name: &str, inferred: &[(FileId, &BindingFact)]) -> Option<SymbolId> {
        if name.contains('.') {
            return inferred
                .iter()
                .find_map(|&(f, binding)| self.bound_type(f, binding));
        }
        let (&(f, last), earlier) = inferred.split_first()?;
        self.bound_type(f, last).or_else(|| {
            let plain = last.field.is_none() && last.unpack.is_none() && last.callback.is_none();
            let call = last.type_text.strip_prefix(name)?.strip_prefix('.')?;
            let open = call.find('(')?;
            let method = &call[..open];
            if !plain || last.element || !is_identifier(method) || matching_open(call) != Some(open)
            {
                return None;
            }
            let ty = self.rebound_type(name, earlier)?;
            self.type_members(ty, method)
                .0
                .into_iter()
                .find_map(|member| self.return_type(member))
        })
    }

    /// The type binding `binding` of file `f` gives its name.
    fn bound_type(&self, f: FileId, binding: &BindingFact) -> Option<SymbolId> {
        let (container, text) = (binding.scope, binding.type_text.as_str());
        if let Some((argument, parameter)) = binding.callback {
            self.callback_parameter_type(f, container, text, argument, parameter)
        } else if let Some(argument) = binding.argument {
            self.argument_type(f, container, text, argument)
        } else if let Some(field) = &binding.field {
            self.pattern_field_type(f, container, text, field)
        } else if let Some(position) = binding.unpack {
            self.unpacked_type(f, container, text, position)
        } else if binding.element {
            self.element_type_of(f, container, text, 0)
        } else if binding.from_value {
            self.expression_type(f, container, text, 0)
        } else {
            self.type_from_text(f, container, text)
        }
    }

    /// The type of member `position` of the tuple that `value`, a call,
    /// returns, read from the callee's declared return type
    /// (`cmd_name, cmd, args = self.resolve_command(ctx, args)`).
    fn unpacked_type(
        &self,
        f: FileId,
        c: Container,
        value: &str,
        position: u32,
    ) -> Option<SymbolId> {
        let value = value.trim();
        let value = value.strip_prefix("await ").unwrap_or(value);
        if !value.ends_with(')') {
            return None;
        }
        let open = matching_open(value)?;
        let called = self.called_symbol(f, c, &value[..open])?;
        let (g, d) = self.locate(called);
        let def = &self.file(g).facts.defs[d];
        let declared = match &def.return_type {
            Some(declared) => &**declared,
            None => return_annotation(def.signature.as_deref()?)?,
        };
        let member = tuple_member(declared, position as usize)?;
        self.type_from_text(g, def.container, &member)
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
        // `a if c else b` (Python): the value of a branch that has a type.
        if let Some((value, alternative)) = conditional_values(text) {
            return self
                .expression_type(f, c, value, depth + 1)
                .or_else(|| self.expression_type(f, c, alternative, depth + 1));
        }
        if let Some(inner) = borrowed(text) {
            return self.expression_type(f, c, inner, depth + 1);
        }
        // Unwrapping keeps the success type, which the wrapper already is
        // to plumb (`Result`/`Option` are transparent): `make()?`,
        // `make().unwrap()`, `make().expect("…")`, `x.clone()`.
        if let Some(inner) = text.strip_suffix('?').or_else(|| text.strip_suffix('!')) {
            return self.expression_type(f, c, inner, depth + 1);
        }
        // `(x)` has x's type; a cast (`x as Cart`) the type it names.
        if text.starts_with('(') && matching_open(text) == Some(0) {
            return self.expression_type(f, c, &text[1..text.len() - 1], depth + 1);
        }
        if let Some(cast) = cast_type(text) {
            return self.type_from_text(f, c, cast);
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
            // A collection's accessor yields one of its elements
            // (`windows.shift()`, `this.byKey.get(k)`), unless the
            // receiver's own type says what the method returns.
            return self.call_result_type(f, c, &text[..open]).or_else(|| {
                let (collection, method) = text[..open].rsplit_once('.')?;
                ELEMENT_ACCESSORS
                    .contains(&method)
                    .then(|| self.element_type_of(f, c, collection, depth + 1))
                    .flatten()
            });
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
        if depth > MAX_CHAIN {
            return None;
        }
        // `[...xs]`: an array of xs's elements.
        if let Some(spread) = collection
            .strip_prefix("[...")
            .and_then(|rest| rest.strip_suffix(']'))
            .filter(|inner| !inner.contains(','))
        {
            return self.element_type_of(f, c, spread, depth + 1);
        }
        if collection.ends_with(')') {
            return self.call_element_type(f, c, collection, depth + 1);
        }
        let is_path = collection
            .chars()
            .all(|ch| ch.is_alphanumeric() || matches!(ch, '_' | '.' | '#'));
        if collection.is_empty() || !is_path {
            return None;
        }
        self.receiver_type(f, c, &format!("{collection}[]"), depth + 1)
    }

    /// The type a type alias stands for (`type State = ProxyState | …` →
    /// `ProxyState`, `type Map = HashMap<K, V>` → `HashMap`), read from its
    /// declaration; an alias of an alias is followed a few steps. An alias
    /// of an object type (`type Annotation = { make_(…): … }`) is itself
    /// the type whose members it declares.
    fn aliased_type(&self, alias: SymbolId) -> Option<SymbolId> {
        self.aliased_type_at(alias, 0)
    }

    /// [`Self::aliased_type`], `depth` aliases into a chain (C's
    /// `typedef ZSTD_DCtx ZSTD_DStream;` of `typedef struct ZSTD_DCtx_s ZSTD_DCtx;`).
    fn aliased_type_at(&self, alias: SymbolId, depth: usize) -> Option<SymbolId> {
        if depth > MAX_CHAIN {
            return None;
        }
        let (g, d) = self.locate(alias);
        let defs = &self.file(g).facts.defs;
        let def = &defs[d];
        // C's `typedef struct stream_s { … } stream;`: the alias stands for
        // the type it defines, the one definition nested in it.
        if let Some(defined) = type_defined_in(defs, d) {
            return Some(self.sym_of(g, defined));
        }
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
        // A pointer typedef (`typedef z_stream *z_streamp;`) reaches the
        // members of what it points to, as `p->member` does.
        let aliased = aliased.trim_end_matches(|c: char| c == '*' || c.is_whitespace());
        if aliased.starts_with('{') {
            return Some(alias);
        }
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
                Target::Sym(s) if self.def(s).kind == SymbolKind::TypeAlias => {
                    self.aliased_type_at(s, depth + 1)
                }
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
            Some(class) => self.constructor_of(f, c, class)?,
            None => match self.called_symbol(f, c, callee) {
                Some(target) => target,
                // A collection's own method (`items.forEach((item) => …)`)
                // hands its callback the collection's elements.
                None => return self.element_callback_type(f, c, callee, argument, parameter),
            },
        };
        let (g, container, declared) = self.declared_parameter(target, argument)?;
        let function_type = declared
            .strip_prefix('(')
            .filter(|t| t.starts_with('('))
            .unwrap_or(&declared);
        let callback_parameters: Vec<Option<String>> = parameter_types(function_type)?
            .into_iter()
            .filter(|p| p.as_deref() != Some(THIS_PARAMETER))
            .collect();
        let ty = callback_parameters.get(parameter as usize)?.as_deref()?;
        self.type_from_text(g, container, ty)
    }

    /// The declared type of argument `argument` of `callee`, read from the
    /// callee's signature (`new Query(config: QueryConfig)`), or, for a
    /// collection's own method taking elements ([`ELEMENT_ARGUMENTS`]:
    /// `items.push(…)`, `map.set(k, …)`), the collection's element type.
    fn argument_type(
        &self,
        f: FileId,
        c: Container,
        callee: &str,
        argument: u32,
    ) -> Option<SymbolId> {
        let target = match callee.strip_prefix("new ") {
            Some(class) => self.constructor_of(f, c, class)?,
            None => match self.called_symbol(f, c, callee) {
                Some(target) => target,
                None => {
                    let (collection, method) = callee.rsplit_once('.')?;
                    let takes_element = ELEMENT_ARGUMENTS.iter().any(|&(name, position)| {
                        name == method && position.is_none_or(|p| p == argument)
                    });
                    return takes_element
                        .then(|| self.element_type_of(f, c, collection, 0))
                        .flatten();
                }
            },
        };
        let (g, container, ty) = self.declared_parameter(target, argument)?;
        let ty = ty.trim();
        // Only one nominal type gives the literal its members: a union or
        // a mapped type (`Partial<Observer<T>> | Callback`) makes keys of
        // its own, which name no declared member.
        let written = ty.split('<').next().unwrap_or(ty).trim_end();
        if normalize_type(ty).as_deref() != Some(written) {
            return None;
        }
        self.type_from_text(g, container, ty)
    }

    /// The constructor of the class `class` names in container `c` of
    /// file `f` (`new Query(…)`).
    fn constructor_of(&self, f: FileId, c: Container, class: &str) -> Option<SymbolId> {
        let ty = self.type_from_text(f, c, class)?;
        self.type_members(ty, "constructor").0.first().copied()
    }

    /// The type parameter `argument` of function `target` declares, as
    /// written, with the file and the container it is written in.
    fn declared_parameter(
        &self,
        target: SymbolId,
        argument: u32,
    ) -> Option<(FileId, Container, String)> {
        let (g, d) = self.locate(target);
        let def = &self.file(g).facts.defs[d];
        let mut parameters = parameter_types(def.signature.as_deref()?)?;
        let declared = parameters.get_mut(argument as usize)?.take()?;
        Some((g, def.container, declared))
    }

    /// The type of parameter `parameter` of the callback passed as argument
    /// `argument` to `callee`, a method of a collection that calls it with
    /// one of its elements there ([`ELEMENT_CALLBACKS`]): the collection's
    /// element type.
    fn element_callback_type(
        &self,
        f: FileId,
        c: Container,
        callee: &str,
        argument: u32,
        parameter: u32,
    ) -> Option<SymbolId> {
        let (collection, method) = callee.rsplit_once('.')?;
        let collection = collection.strip_suffix('?').unwrap_or(collection);
        let passes_element = ELEMENT_CALLBACKS
            .iter()
            .any(|&(name, elements)| name == method && elements.contains(&parameter));
        (argument == 0 && passes_element)
            .then(|| self.element_type_of(f, c, collection, 0))
            .flatten()
    }

    /// The type of the elements of the collection a call returns
    /// (`this.getAll()` declared `getAll(): Array<Query>`), read from the
    /// return annotation of the function or method called; a collection's
    /// own method that returns its elements again
    /// ([`ELEMENT_PRESERVING_METHODS`]: `xs.filter(…)`, `set.values()`)
    /// and `Array.from(xs)` have xs's elements.
    fn call_element_type(
        &self,
        f: FileId,
        c: Container,
        call: &str,
        depth: usize,
    ) -> Option<SymbolId> {
        let open = matching_open(call)?;
        let callee = &call[..open];
        let Some(called) = self.called_symbol(f, c, callee) else {
            if callee == ARRAY_FROM {
                let arguments = &call[open + 1..call.len() - 1];
                let first = arguments.split(',').next()?;
                return self.element_type_of(f, c, first, depth + 1);
            }
            let (collection, method) = callee.rsplit_once('.')?;
            let collection = collection.strip_suffix('?').unwrap_or(collection);
            if method == MAP {
                // `xs.map((x) => x.owner)`: what the callback returns, typed
                // where its parameter is bound.
                let arguments = &call[open + 1..call.len() - 1];
                let (_, body) = arguments.split_once("=>")?;
                let body = body.trim();
                return (!body.starts_with('{'))
                    .then(|| self.expression_type(f, c, body, depth + 1))
                    .flatten();
            }
            return ELEMENT_PRESERVING_METHODS
                .contains(&method)
                .then(|| self.element_type_of(f, c, collection, depth + 1))
                .flatten();
        };
        let (g, d) = self.locate(called);
        let def = &self.file(g).facts.defs[d];
        let declared = match &def.return_type {
            Some(declared) => Some(&**declared),
            None => def.signature.as_deref().and_then(return_annotation),
        }?;
        self.type_from_text(g, def.container, &element_type(declared)?)
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
            argument_types: Vec::new(),
            first_argument: None,
            outer_scope: false,
        };
        self.resolve_ref(f, &site)
    }

    /// The type a function's return annotation names, read from its
    /// signature; a field initialised with an arrow function
    /// (`static create = (name: string): Builder => …`) is such a function.
    pub(super) fn return_type(&self, s: SymbolId) -> Option<SymbolId> {
        let (f, d) = self.locate(s);
        let def = &self.file(f).facts.defs[d];
        if !def.kind.is_callable() && !def.is_arrow_field() {
            return None;
        }
        let declared = match &def.return_type {
            Some(declared) => Some(&**declared),
            None => def.signature.as_deref().and_then(return_annotation),
        };
        match declared {
            Some(text) => self.type_from_text(f, def.container, text),
            None => self.inferred_return_type(f, d),
        }
    }

    /// The type of what definition `d` of file `f`, a function without a
    /// return annotation, returns, from the call in its body's `return`
    /// (the `name()` binding in the scope around it).
    fn inferred_return_type(&self, f: FileId, d: usize) -> Option<SymbolId> {
        let def = &self.file(f).facts.defs[d];
        let scope = match def.container {
            Container::File => Scope::File(f),
            Container::Def(c) if self.file(f).facts.defs[c].kind.is_type() => {
                Scope::Sym(self.sym_of(f, c))
            }
            // A function's own scope may be set apart while another file
            // is resolved: nested functions are left untyped.
            Container::Def(_) | Container::Impl(_) => return None,
        };
        self.binding_type(scope, &format!("{}()", def.name))
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

/// The member of an ECMAScript class that holds what its instances share
/// (`Cart.prototype.total`).
const PROTOTYPE: &str = "prototype";

/// Methods of a collection that return one of its elements (or an
/// optional one, which plumb reads as the element). From TypeScript's
/// `Array` and `Map` (`lib.es5.d.ts`, `lib.es2015.collection.d.ts`),
/// Rust's slices and `Vec`, and the C++ standard library's sequence
/// containers (`front`, `back`).
const ELEMENT_ACCESSORS: &[&str] = &[
    "at", "back", "find", "findLast", "first", "front", "get", "last", "pop", "shift",
];

/// Methods of a collection that call the function they are given (their
/// first argument) with an element, and the positions of the callback's
/// parameters that receive one. From TypeScript's `Array`, `Set` and `Map`
/// (`lib.es5.d.ts`, `lib.es2015.collection.d.ts`, `lib.es2019.array.d.ts`,
/// `lib.es2023.array.d.ts`): `forEach(value, index, array)`,
/// `reduce(previous, current, …)`, `sort(a, b)`; a `Map`'s
/// `forEach(value, key, map)` passes a value, which plumb reads as a map's
/// element.
const ELEMENT_CALLBACKS: &[(&str, &[u32])] = &[
    ("every", &[0]),
    ("filter", &[0]),
    ("find", &[0]),
    ("findIndex", &[0]),
    ("findLast", &[0]),
    ("findLastIndex", &[0]),
    ("flatMap", &[0]),
    ("forEach", &[0]),
    ("map", &[0]),
    ("reduce", &[1]),
    ("reduceRight", &[1]),
    ("some", &[0]),
    ("sort", &[0, 1]),
];

/// Methods of a collection that take elements as arguments, and the
/// position of the one they take (`None`: every argument). From
/// TypeScript's `Array`, `Set` and `Map` (`lib.es5.d.ts`,
/// `lib.es2015.collection.d.ts`): `push(...items)`, `unshift(...items)`,
/// a set's `add(value)`, a map's `set(key, value)`, whose value plumb
/// reads as a map's element.
const ELEMENT_ARGUMENTS: &[(&str, Option<u32>)] = &[
    ("add", Some(0)),
    ("push", None),
    ("set", Some(1)),
    ("unshift", None),
];

/// Methods of a collection that return a collection (or an iterator) of
/// its own elements. From TypeScript's `Array`, `Set` and `Map`
/// (`lib.es5.d.ts`, `lib.es2015.iterable.d.ts`, `lib.es2023.array.d.ts`);
/// a `Map`'s `values()` yields its values, which plumb reads as a map's
/// elements.
const ELEMENT_PRESERVING_METHODS: &[&str] = &[
    "concat",
    "filter",
    "reverse",
    "slice",
    "sort",
    "splice",
    "toReversed",
    "toSorted",
    "toSpliced",
    "values",
];

/// A collection's method whose result holds what its callback returns for
/// each element (`lib.es5.d.ts`: `map<U>(callbackfn: (value: T, …) => U): U[]`).
const MAP: &str = "map";

/// ECMAScript's `Array.from(xs)`, an array of the elements xs iterates
/// (`lib.es2015.core.d.ts`).
const ARRAY_FROM: &str = "Array.from";

/// The binary arithmetic operators a C++ class may overload, whose result
/// types a receiver `(a - b)` takes.
const ARITHMETIC_OPERATORS: &[char] = &['+', '-', '*', '/'];

/// `a - b` split at its first binary arithmetic operator outside brackets:
/// the left operand and the operator; `None` for no such operator (a
/// unary minus, `->`, a name alone).
fn split_arithmetic(expression: &str) -> Option<(&str, char)> {
    let mut depth = 0i32;
    let mut previous = None;
    for (i, c) in expression.char_indices() {
        match c {
            '(' | '[' | '<' => depth += 1,
            ')' | ']' | '>' if previous != Some('-') => depth -= 1,
            _ if depth == 0
                && i > 0
                && ARITHMETIC_OPERATORS.contains(&c)
                && !expression[i + 1..].starts_with('>')
                && previous
                    .is_some_and(|p: char| p.is_alphanumeric() || matches!(p, '_' | ')' | ']')) =>
            {
                return Some((&expression[..i], c));
            }
            _ => {}
        }
        previous = Some(c);
    }
    None
}

/// A conditional expression's two values: `a` and `b` of Python's
/// `a if c else b` (compacted: `Proxy(url)if c else proxy`), split at its
/// `if` and `else` outside brackets and strings.
fn conditional_values(expression: &str) -> Option<(&str, &str)> {
    let condition = keyword_outside(expression, "if", 1)?;
    let alternative = keyword_outside(expression, "else", condition)?;
    Some((
        expression[..condition].trim_end(),
        expression[alternative + "else".len()..].trim_start(),
    ))
}

/// Where `keyword` stands as a word in `expression` at or after `from`,
/// outside brackets and string literals.
fn keyword_outside(expression: &str, keyword: &str, from: usize) -> Option<usize> {
    let is_word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    let mut depth = 0i32;
    let mut quote = None;
    let mut previous = None;
    for (i, c) in expression.char_indices() {
        match (quote, c) {
            (Some(q), _) if c == q && previous != Some('\\') => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '(' | '[' | '{') => depth += 1,
            (None, ')' | ']' | '}') => depth -= 1,
            _ if depth == 0
                && i >= from
                && expression[i..].starts_with(keyword)
                && !is_word(previous)
                && !is_word(expression[i + keyword.len()..].chars().next()) =>
            {
                return Some(i);
            }
            _ => {}
        }
        previous = Some(c);
    }
    None
}

/// Of a scope's bindings (file, binding), in order, those of `name` in the
/// order it takes them: declared types first (`atom_: IAtom` over a
/// constructor's `this.atom_ = new Atom()`), in order; then inferred ones,
/// the last first.
fn ranked_bindings<'b>(
    in_scope: impl DoubleEndedIterator<Item = (FileId, &'b BindingFact)> + Clone,
    name: &str,
) -> impl Iterator<Item = (FileId, &'b BindingFact)> + Clone {
    let named = in_scope.filter(move |(_, b)| b.name == name);
    let declared = named.clone().filter(|(_, b)| !b.from_value);
    let inferred = named.rev().filter(|(_, b)| b.from_value);
    declared.chain(inferred)
}

/// The type a cast at the end of `text` names (`x as Cart` → `Cart`,
/// `x as any as Admin<T>` → `Admin<T>`), outside any brackets.
fn cast_type(text: &str) -> Option<&str> {
    let at = text.rfind(" as ")?;
    let mut depth = 0i32;
    for c in text[..at].chars() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            _ => {}
        }
    }
    let cast = text[at + 4..].trim();
    (depth == 0 && !cast.contains(['(', '[', '{', ' '])).then_some(cast)
}

/// Whether `text` is one plain identifier (no path, call or member access;
/// PHP's `$x` and Ruby's `@x` included).
fn is_identifier(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|ch| ch.is_alphanumeric() || matches!(ch, '_' | '$' | '@'))
}

/// The type definition nested directly in definition `d` (the struct of
/// `typedef struct stream_s { … } stream;`). Definitions are in the order
/// of their names, so those nested in `d` come right before it: the walk
/// back stops at the first that is not.
fn type_defined_in(defs: &[DefFact], d: usize) -> Option<usize> {
    let nested = |mut container: Container| loop {
        match container {
            Container::Def(e) if e == d => return true,
            Container::Def(e) => container = defs[e].container,
            Container::File | Container::Impl(_) => return false,
        }
    };
    (0..d)
        .rev()
        .take_while(|&i| nested(defs[i].container))
        .find(|&i| defs[i].container == Container::Def(d) && defs[i].kind.is_type())
}
