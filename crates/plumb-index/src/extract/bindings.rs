//! The bindings phase: names that get a type from an annotation, an
//! initializer, a collection's elements or a pattern, each placed in its
//! scope (a member of a type in the type); untyped parameters of callbacks,
//! typed from the callee; and the locals of functions.

use plumb_lang::Ancestry;
use plumb_lang::tree_sitter::Node;
use plumb_store::model::SymbolKind;

use super::Source;
use super::captures::{RawBinding, RawRef};
use super::containers::{Containers, enclosing_type};
use super::text::{compact, dotted, member_path, text};
use crate::facts::{BindingFact, Container, FileFacts, LocalFact, argument_binding_name};
use crate::typetext::{element_type, iterator_element_type, normalize_type};

/// Appends the bindings to `facts`: an annotation beats the initializer of
/// the same declaration, and a collection's annotation also types its
/// elements, bound as `name[]`.
pub(super) fn push_bindings(
    source: &Source<'_>,
    bindings: &mut Vec<RawBinding<'_>>,
    containers: &Containers,
    facts: &mut FileFacts,
) {
    let Source {
        language,
        spec,
        bytes,
        ancestry,
        ..
    } = *source;
    // An annotation beats the initializer of the same declaration. A
    // name that is both a parameter and a field (TypeScript's
    // `constructor(public options: Options)`) keeps both bindings.
    bindings.sort_by_key(|b| {
        (
            b.node.start_byte(),
            b.name.start_byte(),
            b.is_field,
            b.from_value,
        )
    });
    bindings.dedup_by_key(|b| (b.node.start_byte(), b.name.start_byte(), b.is_field));
    let binding_containers =
        containers.innermost(bindings.iter().map(|b| b.node.start_byte() as u32));
    let self_name = spec.self_names.first().copied().unwrap_or("self");
    for (raw, mut container) in bindings.iter().zip(binding_containers) {
        // A binding that is itself a definition (`X = Cart()` at module or
        // class level) belongs to the scope around that definition.
        if let Container::Def(d) = container
            && facts.defs[d].span.start_byte() == raw.node.start_byte() as u32
        {
            container = facts.defs[d].container;
        }
        // A C++ iterator (`std::vector<Contour>::const_iterator it`) is
        // typed by the element it reaches (`it->edges`).
        let type_text = if raw.from_value {
            member_path(raw.type_node, spec, bytes)
        } else {
            iterator_element_type(text(raw.type_node, bytes)).or_else(|| {
                normalize_type(&dotted(text(raw.type_node, bytes), spec.member_operators))
            })
        };
        // A collection's annotation also types its elements, bound as
        // `name[]` (`transitions: Vec<Transition>` → `transitions[]`).
        // A pointer's or an array's, by the type it points to or holds
        // (`Region *rs`, `Point2 p[2]` → `rs[]`, `p[]`).
        let element_type = if raw.from_value || raw.pattern {
            None
        } else if raw.indexed {
            type_text.clone()
        } else {
            element_type(text(raw.type_node, bytes))
        };
        if type_text.is_none() && element_type.is_none() {
            continue;
        }
        let name = if raw.position {
            field_position(raw.name, ancestry).map(|p| p.to_string())
        } else {
            member_path(raw.name, spec, bytes)
        };
        let Some(mut name) = name else {
            continue;
        };
        let field = if raw.pattern {
            match language.pattern_field(raw.name, bytes, ancestry) {
                Some(field) => Some(field),
                None => continue,
            }
        } else {
            None
        };
        let unpack = if raw.unpack {
            match target_position(raw.name, ancestry) {
                Some(position) => Some(position),
                None => continue,
            }
        } else {
            None
        };
        let is_attribute = raw.is_field
            || spec
                .self_names
                .iter()
                .any(|s| name.strip_prefix(s).is_some_and(|r| r.starts_with('.')));
        if raw.is_field {
            name = format!("{self_name}.{name}");
        }
        if raw.returns {
            name = format!("{name}()");
        }
        let scope = match container {
            // A variant's fields are its own (`Value::Number(n)` reads them),
            // and so are those of an alias of an object type
            // (`type Match = { observer: Observer }`), the owner of its members.
            Container::Def(d)
                if raw.is_field
                    && matches!(
                        facts.defs[d].kind,
                        SymbolKind::Variant | SymbolKind::TypeAlias
                    ) =>
            {
                container
            }
            _ if is_attribute => enclosing_type(facts, container),
            _ => container,
        };
        if let Some(element_type) = element_type {
            facts.bindings.push(BindingFact {
                name: format!("{name}[]"),
                type_text: element_type,
                scope,
                from_value: false,
                element: false,
                callback: None,
                argument: None,
                field: None,
                unpack: None,
            });
        }
        // An attribute set from a parameter or local of the function that
        // sets it (`self.store = store`) takes that name's type: the
        // attribute outlives the function, whose scope the name needs.
        let (type_text, from_value) = match type_text {
            Some(text) if is_attribute && raw.from_value => {
                // and its elements' (`self.commands = commands` with
                // `commands: list[Command]` binds `self.commands[]`).
                if let Some(elements) =
                    local_binding(&facts.bindings, container, &format!("{text}[]"))
                {
                    let elements = BindingFact {
                        name: format!("{name}[]"),
                        scope,
                        ..elements.clone()
                    };
                    facts.bindings.push(elements);
                }
                match local_binding(&facts.bindings, container, &text) {
                    Some(local) => {
                        let value = rebound_value(&facts.bindings, container, &text, local);
                        (Some(value), local.from_value)
                    }
                    None => (Some(text), true),
                }
            }
            other => (other, raw.from_value),
        };
        if let Some(type_text) = type_text {
            // A name bound to a member holding a collection, or to a call
            // returning one, takes its elements too, bound as `name[]`
            // (`const list = this.items`, `const all = this.getAll()`).
            if from_value
                && field.is_none()
                && !raw.element
                && !is_attribute
                && (is_member_path(&type_text) || is_call(&type_text) || is_spread(&type_text))
            {
                facts.bindings.push(BindingFact {
                    name: format!("{name}[]"),
                    type_text: type_text.clone(),
                    scope,
                    from_value: true,
                    element: true,
                    callback: None,
                    argument: None,
                    field: None,
                    unpack: None,
                });
            }
            facts.bindings.push(BindingFact {
                name,
                type_text,
                scope,
                from_value,
                element: raw.element,
                callback: None,
                argument: None,
                field,
                unpack,
            });
        }
    }
}

/// Whether `text` is a member reached through a dotted path
/// (`this.items`, `state.pending`): no call, index or operator.
fn is_member_path(text: &str) -> bool {
    text.contains('.')
        && text.starts_with(|c: char| !c.is_ascii_digit())
        && text
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '$' | '.' | '#'))
}

/// Whether `text` is a call of a named function or method (`getAll()`,
/// `this.#find(queries)`): a path, then one argument list closing it.
fn is_call(text: &str) -> bool {
    text.split_once('(').is_some_and(|(callee, _)| {
        text.ends_with(')')
            && !callee.is_empty()
            && !callee.starts_with(|c: char| c.is_ascii_digit())
            && callee
                .chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '_' | '$' | '.' | '#'))
    })
}

/// Whether `text` is an array literal of one spread (`[...this.items]`).
fn is_spread(text: &str) -> bool {
    text.strip_prefix("[...")
        .and_then(|rest| rest.strip_suffix(']'))
        .is_some_and(|inner| !inner.is_empty() && !inner.contains(','))
}

/// The value of `local`, the last binding of `name` in `scope`, written
/// without `name`: a rebinding from the name itself (`url = url.copy_with()`)
/// reads the value bound before it (`URL(url).copy_with()`), so that the
/// text keeps its meaning outside the function (an attribute set from it).
fn rebound_value(
    bindings: &[BindingFact],
    scope: Container,
    name: &str,
    local: &BindingFact,
) -> String {
    let mut value = local.type_text.clone();
    let mut before = bindings
        .iter()
        .rposition(|b| std::ptr::eq(b, local))
        .unwrap_or(bindings.len());
    while let Some(rest) = value
        .strip_prefix(name)
        .filter(|rest| rest.starts_with('.'))
    {
        let earlier = bindings[..before].iter().rposition(|b| {
            b.scope == scope
                && b.name == name
                && b.from_value
                && !b.element
                && b.callback.is_none()
                && b.field.is_none()
                && b.unpack.is_none()
        });
        let Some(at) = earlier else { break };
        value = format!("{}{rest}", bindings[at].type_text);
        before = at;
    }
    value
}

/// The plain binding of `name` in `scope` (a parameter or a local typed by
/// annotation or initializer), the last one bound before.
fn local_binding<'b>(
    bindings: &'b [BindingFact],
    scope: Container,
    name: &str,
) -> Option<&'b BindingFact> {
    bindings.iter().rev().find(|b| {
        b.scope == scope
            && b.name == name
            && !b.element
            && b.callback.is_none()
            && b.field.is_none()
    })
}

/// Appends a binding for each untyped parameter of a function passed as an
/// argument: typed by the callee and the positions of the argument and the
/// parameter, which the resolver reads in the callee's signature.
pub(super) fn push_callback_bindings(
    source: &Source<'_>,
    callback_params: Vec<Node<'_>>,
    containers: &Containers,
    facts: &mut FileFacts,
) {
    for (node, scope) in containers.place_nodes(callback_params) {
        if let Some((callee, position)) = callback_context(source, node) {
            facts.bindings.push(BindingFact {
                name: text(node, source.bytes).to_owned(),
                type_text: callee,
                scope,
                from_value: true,
                element: false,
                callback: Some(position),
                argument: None,
                field: None,
                unpack: None,
            });
        }
    }
}

/// Appends a binding for each object literal passed as an argument whose
/// keys are references (their `@receiver`): typed by the callee and the
/// argument's position, which the resolver reads in the callee's
/// signature ([`plumb_lang::Language::argument_site`]).
pub(super) fn push_argument_bindings(
    source: &Source<'_>,
    refs: &[RawRef<'_>],
    containers: &Containers,
    facts: &mut FileFacts,
) {
    let mut objects: Vec<Node<'_>> = refs
        .iter()
        .filter_map(|r| r.receiver)
        .filter(|&n| source.language.argument_site(n, source.ancestry).is_some())
        .collect();
    objects.sort_by_key(Node::start_byte);
    objects.dedup_by_key(|n| n.start_byte());
    for (node, scope) in containers.place_nodes(objects) {
        let Some(site) = source.language.argument_site(node, source.ancestry) else {
            continue;
        };
        let Some(callee) = compact(site.callee, source.bytes) else {
            continue;
        };
        let callee = if site.constructed {
            format!("new {callee}")
        } else {
            callee
        };
        facts.bindings.push(BindingFact {
            name: argument_binding_name(node.start_byte()),
            type_text: callee,
            scope,
            from_value: true,
            element: false,
            callback: None,
            argument: Some(site.argument),
            field: None,
            unpack: None,
        });
    }
}

/// Appends the names declared local to a function or method.
pub(super) fn push_locals(
    source: &Source<'_>,
    locals: Vec<Node<'_>>,
    containers: &Containers,
    facts: &mut FileFacts,
) {
    for (node, container) in containers.place_nodes(locals) {
        if let Container::Def(d) = container
            && matches!(
                facts.defs[d].kind,
                SymbolKind::Function | SymbolKind::Method
            )
        {
            facts.locals.push(LocalFact {
                name: text(node, source.bytes).to_owned(),
                scope: container,
            });
        }
    }
}

/// For a parameter of a function passed as an argument: the callee text
/// (`new Observable`, `operate`, `source.pipe`) and the positions of the
/// argument and of the parameter ([`plumb_lang::Language::callback_site`]).
fn callback_context(source: &Source<'_>, param: Node<'_>) -> Option<(String, (u32, u32))> {
    let site = source.language.callback_site(param, source.ancestry)?;
    let callee = compact(site.callee, source.bytes)?;
    let callee = if site.constructed {
        format!("new {callee}")
    } else {
        callee
    };
    Some((callee, (site.argument, site.parameter)))
}

/// The position of `name` among the targets of the tuple it is one of
/// (`b` in `a, b = …` is 1).
fn target_position<'t>(name: Node<'t>, ancestry: &Ancestry<'t>) -> Option<u32> {
    let targets = ancestry.parent(name)?;
    let mut cursor = targets.walk();
    let children: Vec<Node<'t>> = targets.named_children(&mut cursor).collect();
    // After a starred target (`a, *rest, b`) positions no longer match.
    if children.iter().any(|t| t.kind() == "list_splat_pattern") {
        return None;
    }
    let position = children.iter().position(|t| t.id() == name.id())?;
    Some(position as u32)
}

/// The position of a positional field's type among its list's fields
/// (`f64` in `Meters(pub f64)`: 0).
fn field_position<'t>(ty: Node<'t>, ancestry: &Ancestry<'t>) -> Option<u32> {
    let list = ancestry.parent(ty)?;
    let mut cursor = list.walk();
    let position = list
        .children_by_field_name("type", &mut cursor)
        .position(|t| t.id() == ty.id())?;
    Some(position as u32)
}
