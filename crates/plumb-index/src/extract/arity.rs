//! How many items a call's argument list or a definition's parameter list
//! holds: the list in its field, or the list child of a grammar without
//! such fields, or what the language's `unlisted_arity` hook counts; the
//! grammar's node kinds come from the [`ListSyntax`] of the `Spec` row.

use std::num::NonZeroU16;

use plumb_lang::tree_sitter::{Node, Tree};
use plumb_lang::{Ancestry, Language, ListKind, ListSyntax, Spec};

/// The shapes of argument and parameter lists a grammar has, looked up
/// once per file for [`arity`]: a list kind the grammar lacks needs no
/// search, and a field is read by id rather than by name.
#[derive(Clone, Copy)]
pub(super) struct ListShapes {
    /// The language, whose `unlisted_arity` hook counts lists in no field.
    language: Language,
    /// The grammar's list syntax.
    lists: &'static ListSyntax,
    /// The `arguments` field.
    arguments: Option<NonZeroU16>,
    /// The `parameters` field.
    parameters: Option<NonZeroU16>,
    /// The `declarator` field: where a C or C++ definition keeps its
    /// parameter list (`int *f(int a)` is a pointer declarator around a
    /// function declarator).
    declarator: Option<NonZeroU16>,
    /// A kind of [`ListSyntax::trailing_argument_kinds`]: without one no
    /// call has trailing arguments, and counting them need not climb the
    /// tree.
    trailing: bool,
    /// A kind of [`ListSyntax::list_kinds`].
    list_children: bool,
}

impl ListShapes {
    /// The shapes of the grammar of `tree`, whose spec row is `spec`.
    pub(super) fn of(tree: &Tree, spec: &'static Spec) -> Self {
        let grammar = tree.language();
        let has_any = |kinds: &[&str]| {
            kinds
                .iter()
                .any(|kind| grammar.id_for_node_kind(kind, true) != 0)
        };
        ListShapes {
            language: spec.language,
            lists: &spec.lists,
            arguments: grammar.field_id_for_name("arguments"),
            parameters: grammar.field_id_for_name("parameters"),
            declarator: grammar.field_id_for_name("declarator"),
            trailing: has_any(spec.lists.trailing_argument_kinds),
            list_children: has_any(spec.lists.list_kinds),
        }
    }
}

/// How many items a call's argument list or a definition's parameter list
/// holds, comments left out: the list in its field, or the list child of a
/// grammar without such fields, a trailing lambda counted as an argument,
/// or else the language's count of a list kept in neither
/// ([`Language::unlisted_arity`]). `None` when there is no list, or when a
/// variadic item or a parameter's default value makes the count open.
/// `shapes` says which of these the grammar has; parents are read in
/// `ancestry`.
pub(super) fn arity<'t>(
    node: Node<'t>,
    of: ListKind,
    shapes: ListShapes,
    ancestry: &Ancestry<'t>,
) -> Option<u32> {
    let lists = shapes.lists;
    let field = match of {
        ListKind::Arguments => shapes.arguments,
        ListKind::Parameters => shapes.parameters,
    };
    let count = match of {
        ListKind::Arguments if shapes.trailing => trailing_arguments(node, lists, ancestry),
        ListKind::Arguments | ListKind::Parameters => 0,
    };
    let list = field
        .and_then(|field| node.child_by_field_id(field.get()))
        .or_else(|| match (of, field, shapes.declarator) {
            (ListKind::Parameters, Some(parameters), Some(declarator)) => {
                declared_parameters(node, parameters, declarator)
            }
            _ => None,
        })
        .or_else(|| {
            if !shapes.list_children {
                return None;
            }
            let mut cursor = node.walk();
            node.named_children(&mut cursor)
                .find(|child| lists.list_kinds.contains(&child.kind()))
        });
    let Some(list) = list else {
        if let Some(unlisted) = shapes.language.unlisted_arity(node, of) {
            return unlisted;
        }
        return (count > 0).then_some(count);
    };
    // A default value is written `= value` inside the parameter, or after
    // it in the list.
    let is_default = |n: Node<'_>| of == ListKind::Parameters && !n.is_named() && n.kind() == "=";
    let mut count = count;
    let mut cursor = list.walk();
    let mut inner = list.walk();
    for item in list.children(&mut cursor) {
        let kind = item.kind();
        if is_default(item) || (!item.is_named() && lists.variadic_tokens.contains(&kind)) {
            return None;
        }
        if !item.is_named() || kind.contains("comment") {
            continue;
        }
        if lists.modifier_kinds.contains(&kind) {
            if has_token(item, lists.variadic_tokens) {
                return None;
            }
            continue;
        }
        if lists.variadic_kinds.contains(&kind)
            || (item.child_count() > 0
                && item
                    .children(&mut inner)
                    .any(|c| lists.variadic_kinds.contains(&c.kind()) || is_default(c)))
        {
            return None;
        }
        count += 1;
    }
    Some(count)
}

/// The parameter list a C or C++ definition's declarator holds, reached
/// through the declarators wrapped around it (pointer, reference and
/// function declarators).
fn declared_parameters(
    node: Node<'_>,
    parameters: NonZeroU16,
    declarator: NonZeroU16,
) -> Option<Node<'_>> {
    let mut current = node.child_by_field_id(declarator.get());
    while let Some(inner) = current {
        if let Some(list) = inner.child_by_field_id(parameters.get()) {
            return Some(list);
        }
        current = inner.child_by_field_id(declarator.get()).or_else(|| {
            (inner.kind() == "reference_declarator")
                .then(|| inner.named_child(0))
                .flatten()
        });
    }
    None
}

/// How many trailing lambdas follow a call's argument list: children of
/// the call, or of the calls wrapping it (`g(1) { … }` may parse as the
/// lambda applied to `g(1)`).
fn trailing_arguments<'t>(call: Node<'t>, lists: &ListSyntax, ancestry: &Ancestry<'t>) -> u32 {
    let mut count = 0;
    let mut current = Some(call);
    while let Some(node) = current {
        let mut cursor = node.walk();
        count += node
            .named_children(&mut cursor)
            .filter(|child| lists.trailing_argument_kinds.contains(&child.kind()))
            .count() as u32;
        current = ancestry.parent(node).filter(|parent| {
            parent.kind() == node.kind()
                && parent.named_child(0) == Some(node)
                && parent.child_by_field_name("arguments").is_none()
                && !{
                    let mut cursor = parent.walk();
                    parent
                        .named_children(&mut cursor)
                        .any(|child| lists.list_kinds.contains(&child.kind()))
                }
        });
    }
    count
}

/// Whether `node` or a node below it is one of the anonymous `tokens`.
fn has_token(node: Node<'_>, tokens: &[&str]) -> bool {
    let mut cursor = node.walk();
    let mut stack = vec![node];
    while let Some(current) = stack.pop() {
        if !current.is_named() && tokens.contains(&current.kind()) {
            return true;
        }
        stack.extend(current.children(&mut cursor));
    }
    false
}
