//! The definitions phase: locals dropped, each definition's span
//! (attributes and wrappers included), its container, doc comment,
//! signature, return type and parameter count; functions in types made
//! methods; and the impl blocks with the type their members belong to.

use plumb_lang::ListKind;
use plumb_lang::tree_sitter::Node;
use plumb_lang::{Ancestry, Spec};
use plumb_store::model::SymbolKind;

use super::Source;
use super::arity::arity;
use super::bounds::{Deadline, Exceeded};
use super::captures::{RawDef, RawImpl};
use super::containers::Containers;
use super::doc::doc;
use super::siblings::{ChildLists, Siblings};
use super::signature::{body, return_type, signature};
use super::text::{position, qualifier, span, text};
use crate::facts::{Container, DefFact, FileFacts, ImplFact};
use crate::typetext::normalize_type;

/// Where each definition sits in the tree: its parent, and the first node
/// and the outer node of its span.
pub(super) struct Spans<'t> {
    /// Each definition's parent node.
    pub(super) parents: Vec<Option<Node<'t>>>,
    /// Each definition's first node (attributes included) and the node
    /// whose end ends it.
    pub(super) spans: Vec<(Node<'t>, Node<'t>)>,
}

impl<'t> Spans<'t> {
    /// The spans of `defs`, reading parents in `ancestry` and siblings
    /// through `lists`.
    pub(super) fn of(
        defs: &[RawDef<'t>],
        spec: &Spec,
        ancestry: &Ancestry<'t>,
        lists: &mut ChildLists<'t>,
    ) -> Self {
        let parents: Vec<Option<Node>> = defs.iter().map(|d| ancestry.parent(d.node)).collect();
        let spans = defs
            .iter()
            .zip(&parents)
            .map(|(d, &parent)| {
                let (first, outer) = definition_span(d.node, parent, spec, ancestry, lists);
                // An overload group's span starts at its first signature,
                // a property's ends with its last accessor.
                let first = d.lead.map_or(first, |lead| {
                    definition_span(lead, ancestry.parent(lead), spec, ancestry, lists).0
                });
                let outer = d.tail.map_or(outer, |tail| {
                    definition_span(tail, ancestry.parent(tail), spec, ancestry, lists).1
                });
                (first, outer)
            })
            .collect();
        Spans { parents, spans }
    }
}

/// Appends the definitions to `facts`, each with its container, doc,
/// signature, return type and parameter count. `export_list` holds the
/// names the file exports without marking them. An error once `deadline`
/// passes.
#[allow(clippy::too_many_arguments)]
pub(super) fn push_definitions<'t>(
    source: &Source<'t>,
    defs: &[RawDef<'t>],
    spans: &Spans<'t>,
    containers: &Containers,
    export_list: &[String],
    lists: &mut ChildLists<'t>,
    facts: &mut FileFacts,
    deadline: Deadline,
) -> Result<(), Exceeded> {
    let Source {
        language,
        spec,
        bytes,
        shapes,
        ancestry,
    } = *source;
    for (i, raw) in defs.iter().enumerate() {
        deadline.check_every(i)?;
        let (first, outer) = spans.spans[i];
        let name = text(raw.name, bytes).to_owned();
        let container = containers.parent(Container::Def(i));
        let (name_line, name_col) = position(raw.name);
        let exported = language.is_exported(raw.node, &name, bytes, ancestry)
            || (container == Container::File && export_list.contains(&name));
        let node = (raw.node, spans.parents[i]);
        if let Some(doc) = doc(language, node, bytes, ancestry, lists) {
            facts.docs.push(facts.defs.len(), doc.into());
        }
        facts.defs.push(DefFact {
            kind: raw.kind,
            span: span(first, outer),
            name_line,
            name_col,
            signature: signature(raw.node, spec, bytes).map(Box::from),
            container,
            exported,
            // A field's value is its body (`spare: Square = new Square(1)`).
            has_body: body(raw.node, spec).is_some()
                || (raw.kind == SymbolKind::Field
                    && raw.node.child_by_field_name("value").is_some()),
            return_type: return_type(raw.node, raw.kind, spec, bytes).map(Box::from),
            parameters: raw
                .kind
                .is_callable()
                .then(|| arity(raw.node, ListKind::Parameters, shapes, ancestry))
                .flatten(),
            name: name.into(),
        });
    }
    Ok(())
}

/// Makes a function directly inside a type or impl a method.
pub(super) fn mark_methods(facts: &mut FileFacts) {
    for i in 0..facts.defs.len() {
        if facts.defs[i].kind == SymbolKind::Function {
            let in_type = match facts.defs[i].container {
                Container::Impl(_) => true,
                Container::Def(p) => facts.defs[p].kind.is_type(),
                Container::File => false,
            };
            if in_type {
                facts.defs[i].kind = SymbolKind::Method;
            }
        }
    }
}

/// Appends the impl blocks to `facts`, each with the type its members
/// belong to, as written (qualified by its `@path`) and normalised.
pub(super) fn push_impls(
    source: &Source<'_>,
    impls: &[RawImpl<'_>],
    containers: &Containers,
    facts: &mut FileFacts,
) {
    let Source { spec, bytes, .. } = *source;
    for (i, raw) in impls.iter().enumerate() {
        let written = match raw.path {
            Some(path) => qualifier(path, raw.name, spec, bytes).unwrap_or_default(),
            None => text(raw.name, bytes).to_owned(),
        };
        let written = written.as_str();
        let self_type = normalize_type(written).unwrap_or_else(|| written.to_owned());
        let node = raw.node;
        facts.impls.push(ImplFact {
            self_type,
            header: signature(node, spec, bytes),
            span: span(node, node),
            container: containers.parent(Container::Impl(i)),
        });
    }
}

/// Drops variables and constants declared inside a function, and functions
/// bound to a local variable there (`const step = () => …`, a definition
/// of one of [`Spec::declarator_kinds`]): they are
/// locals, not symbols, and their code belongs to the enclosing function
/// (queries may match declarations at any depth).
pub(super) fn drop_locals(defs: &mut Vec<RawDef<'_>>, spec: &Spec) {
    let is_function = |kind: SymbolKind| matches!(kind, SymbolKind::Function | SymbolKind::Method);
    let mut functions: Vec<(usize, usize)> = defs
        .iter()
        .filter(|d| is_function(d.kind))
        .map(|d| (d.node.start_byte(), d.node.end_byte()))
        .collect();
    if functions.is_empty() {
        return;
    }
    functions.sort_unstable();
    let candidate = |d: &RawDef<'_>| {
        matches!(d.kind, SymbolKind::Variable | SymbolKind::Constant)
            || spec.declarator_kinds.contains(&d.node.kind())
    };
    let mut starts: Vec<(usize, usize)> = defs
        .iter()
        .enumerate()
        .filter(|(_, d)| candidate(d))
        .map(|(i, d)| (d.node.start_byte(), i))
        .collect();
    starts.sort_unstable();
    // One sweep: function ranges nest or are disjoint (they are tree
    // nodes), so the open ones form a stack, and a start lies inside a
    // function when the innermost open one ends after it.
    let mut local = vec![false; defs.len()];
    let mut open: Vec<usize> = Vec::new();
    let mut next = 0;
    for (at, i) in starts {
        while let Some(&(start, end)) = functions.get(next).filter(|&&(start, _)| start < at) {
            while open.last().is_some_and(|&top_end| top_end <= start) {
                open.pop();
            }
            open.push(end);
            next += 1;
        }
        while open.last().is_some_and(|&top_end| top_end <= at) {
            open.pop();
        }
        local[i] = !open.is_empty();
    }
    let mut index = 0;
    defs.retain(|_| {
        index += 1;
        !local[index - 1]
    });
}

/// Drops the definitions local to the enclosing one (`@local.definition`:
/// an object literal's method passed as an argument), once
/// [`drop_locals`] has read them as functions holding their own locals.
pub(super) fn drop_local_definitions(defs: &mut Vec<RawDef<'_>>) {
    defs.retain(|d| !d.local);
}

/// Joins each group of overload signatures (`@overload`) with the
/// same-named definition of the same kind right after them in the same
/// scope (TypeScript's `f(a): T; f(a, b): T; f(a, b?) { … }`): one
/// definition, the last of the group, named at the first signature and
/// spanning the whole group. `defs` are in source order.
pub(super) fn join_overloads<'t>(
    defs: &mut Vec<RawDef<'t>>,
    spec: &Spec,
    ancestry: &Ancestry<'t>,
    bytes: &[u8],
) {
    if !defs.iter().any(|d| d.overload) {
        return;
    }
    let mut joined = vec![false; defs.len()];
    for i in 0..defs.len() {
        if !defs[i].overload {
            continue;
        }
        // The next definition not nested in this signature.
        let end = defs[i].node.end_byte();
        let Some(j) = (i + 1..defs.len()).find(|&j| defs[j].node.start_byte() >= end) else {
            continue;
        };
        let (signature, next) = (&defs[i], &defs[j]);
        if next.kind == signature.kind
            && text(next.name, bytes) == text(signature.name, bytes)
            && scope(next.node, spec, ancestry) == scope(signature.node, spec, ancestry)
        {
            // Earlier signatures of the group already gave theirs the
            // first one's name and node.
            let (lead, name, at) = (
                signature.lead.unwrap_or(signature.node),
                signature.name,
                signature.at,
            );
            joined[i] = true;
            let next = &mut defs[j];
            next.lead = Some(lead);
            next.name = name;
            next.at = at;
        }
    }
    drop_joined(defs, &joined);
}

/// Joins each property accessor (`@accessor`: Python's `@x.setter def x`,
/// `@x.deleter def x`) with the definition right before it in the same
/// scope when that has the same name and kind (the getter, with the
/// accessors already joined to it): one definition, the first, whose span
/// runs on to the accessor's end. An accessor that another definition of
/// its scope separates from the property stays a definition of its own,
/// so that no span holds a definition it does not own. `defs` are in
/// source order. Returns the name nodes of the accessors joined.
pub(super) fn join_accessors<'t>(
    defs: &mut Vec<RawDef<'t>>,
    spec: &Spec,
    ancestry: &Ancestry<'t>,
    bytes: &[u8],
) -> Vec<Node<'t>> {
    if !defs.iter().any(|d| d.accessor) {
        return Vec::new();
    }
    let mut names = Vec::new();
    let mut joined = vec![false; defs.len()];
    for i in 0..defs.len() {
        if !defs[i].accessor {
            continue;
        }
        let own_scope = scope(defs[i].node, spec, ancestry);
        let Some(j) = (0..i)
            .rev()
            .find(|&j| !joined[j] && scope(defs[j].node, spec, ancestry) == own_scope)
        else {
            continue;
        };
        let (accessor, property) = (&defs[i], &defs[j]);
        if property.kind == accessor.kind
            && text(property.name, bytes) == text(accessor.name, bytes)
        {
            joined[i] = true;
            defs[j].tail = Some(defs[i].node);
            names.push(defs[i].name);
        }
    }
    drop_joined(defs, &joined);
    names
}

/// Drops the definitions `joined` marks (by position) into another.
fn drop_joined(defs: &mut Vec<RawDef<'_>>, joined: &[bool]) {
    let mut marks = joined.iter();
    defs.retain(|_| !marks.next().copied().unwrap_or(false));
}

/// The scope a definition is written in: the parent of its statement (the
/// statement is the wrapper or doc anchor around it, `export function
/// f(): T;` or a decorated definition, else the definition itself).
fn scope<'t>(node: Node<'t>, spec: &Spec, ancestry: &Ancestry<'t>) -> Option<usize> {
    let statement = match ancestry.parent(node) {
        Some(parent)
            if spec.doc_anchor_kinds.contains(&parent.kind())
                || spec.wrapper_kinds.contains(&parent.kind()) =>
        {
            parent
        }
        _ => node,
    };
    ancestry.parent(statement).map(|p| p.id())
}

/// The first node of a definition's span (attributes, decorators and a
/// wrapper of [`Spec::wrapper_kinds`] included) and the node whose end ends it.
/// `parent` is the definition's parent; others are read in `ancestry`.
fn definition_span<'t>(
    node: Node<'t>,
    parent: Option<Node<'t>>,
    spec: &Spec,
    ancestry: &Ancestry<'t>,
    lists: &mut ChildLists<'t>,
) -> (Node<'t>, Node<'t>) {
    let (outer, outer_parent) = match parent {
        Some(wrapper) if spec.wrapper_kinds.contains(&wrapper.kind()) => {
            (wrapper, ancestry.parent(wrapper))
        }
        _ => (node, parent),
    };
    let mut first = outer;
    for previous in lists.siblings_before(outer, outer_parent, Siblings::Named) {
        if spec.attribute_kinds.contains(&previous.kind()) {
            first = previous;
        } else {
            break;
        }
    }
    (first, outer)
}
