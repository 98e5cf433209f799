//! The references phase: each reference with its position, its receiver
//! and path in the one member syntax, its container, its argument count,
//! a path call's first argument and, where overloads are told apart, what
//! its arguments are known to be.

use plumb_lang::ListKind;
use plumb_store::model::OccurrenceKind;

use super::Source;
use super::arity::arity;
use super::bounds::{Deadline, Exceeded};
use super::captures::{RawBinding, RawRef};
use super::containers::Containers;
use super::text::{dotted, member_path, position, qualifier, text};
use crate::facts::{Container, FileFacts, RefFact, argument_binding_name};
use plumb_lang::tree_sitter::Node;
use std::collections::HashMap;

/// Appends the references (settled, in source order) to `facts`, a call's
/// arguments typed through `bindings`; an error once `deadline` passes.
pub(super) fn push_references(
    source: &Source<'_>,
    refs: &[RawRef<'_>],
    bindings: &[RawBinding<'_>],
    containers: &Containers,
    facts: &mut FileFacts,
    deadline: Deadline,
) -> Result<(), Exceeded> {
    let Source {
        spec,
        bytes,
        shapes,
        ancestry,
        ..
    } = *source;
    let ref_containers = containers.innermost(refs.iter().map(|r| r.name.start_byte() as u32));
    let declared = if spec.overloads_by_arity {
        DeclaredTypes::of(bindings, containers, source)
    } else {
        DeclaredTypes::default()
    };
    for (i, (raw, container)) in refs.iter().zip(ref_containers).enumerate() {
        deadline.check_every(i)?;
        let Some(kind) = raw.kind else {
            continue;
        };
        let (line, col) = position(raw.name);
        facts.refs.push(RefFact {
            name: text(raw.name, bytes).to_owned(),
            kind,
            line,
            col,
            receiver: raw.receiver.and_then(|n| {
                if source.language.argument_site(n, ancestry).is_some() {
                    Some(argument_binding_name(n.start_byte()))
                } else {
                    narrowed(n, source)
                }
            }),
            path: raw
                .path
                .and_then(|n| qualifier(n, raw.name, spec, bytes))
                .map(|q| dotted(&q, spec.member_operators)),
            container,
            arguments: raw
                .site
                .and_then(|site| arity(site, ListKind::Arguments, shapes, ancestry)),
            argument_types: match raw.site {
                Some(site) if spec.overloads_by_arity && kind == OccurrenceKind::Call => {
                    argument_types(site, container, &declared, bytes)
                }
                _ => Vec::new(),
            },
            first_argument: raw
                .site
                .filter(|_| raw.path.is_some() && kind == OccurrenceKind::Call)
                .and_then(|site| site.child_by_field_name("arguments"))
                .and_then(|arguments| {
                    let mut cursor = arguments.walk();
                    arguments
                        .named_children(&mut cursor)
                        .find(|argument| !argument.kind().contains("comment"))
                })
                .and_then(|argument| member_path(argument, spec, bytes)),
            outer_scope: raw.outer_scope,
        });
    }
    Ok(())
}

/// A receiver in the one member syntax; where a type test narrows it
/// ([`plumb_lang::Language::narrowed_receiver`]), its tested head written
/// as a cast to the type tested (`(self.type as types.Range).min` for
/// `self.type.min` under `isinstance(self.type, types.Range)`), which the
/// resolver reads as it reads a cast.
fn narrowed<'a>(receiver: Node<'a>, source: &Source<'a>) -> Option<String> {
    let path = member_path(receiver, source.spec, source.bytes)?;
    let Some(narrowed) = source
        .language
        .narrowed_receiver(receiver, source.bytes, source.ancestry)
    else {
        return Some(path);
    };
    let rest = path.strip_prefix(narrowed.subject.as_str())?;
    Some(format!(
        "({} as {}){rest}",
        narrowed.subject, narrowed.type_text
    ))
}

/// The declared types of the names bound in each container, in source
/// order: a parameter's or local's type as written, `*` added for a
/// pointer declarator.
#[derive(Default)]
struct DeclaredTypes<'s> {
    by_name: HashMap<(Container, &'s str), Vec<(usize, String)>>,
}

impl<'s> DeclaredTypes<'s> {
    /// The declared (not inferred) types of `bindings`.
    fn of(bindings: &[RawBinding<'_>], containers: &Containers, source: &Source<'s>) -> Self {
        let bytes = source.bytes;
        let mut sorted: Vec<&RawBinding<'_>> = bindings.iter().filter(|b| !b.from_value).collect();
        sorted.sort_by_key(|b| b.name.start_byte());
        let places = containers.innermost(sorted.iter().map(|b| b.name.start_byte() as u32));
        let mut by_name: HashMap<(Container, &'s str), Vec<(usize, String)>> = HashMap::new();
        for (binding, container) in sorted.into_iter().zip(places) {
            let pointer = source
                .ancestry
                .parent(binding.name)
                .is_some_and(|p| p.kind() == "pointer_declarator");
            let mut declared = text(binding.type_node, bytes).to_owned();
            if pointer {
                declared.push('*');
            }
            let name = std::str::from_utf8(&bytes[binding.name.byte_range()]).unwrap_or_default();
            by_name
                .entry((container, name))
                .or_default()
                .push((binding.name.start_byte(), declared));
        }
        DeclaredTypes { by_name }
    }

    /// The type `name`, read at byte `at` in `container`, was last declared with.
    fn at(&self, container: Container, name: &str, at: usize) -> Option<String> {
        self.by_name
            .get(&(container, name))?
            .iter()
            .rev()
            .find(|(start, _)| *start < at)
            .map(|(_, declared)| declared.clone())
    }
}

/// What each argument of the call `site` is known to be (see
/// [`RefFact::argument_types`]); empty when nothing is.
fn argument_types(
    site: Node<'_>,
    container: Container,
    declared: &DeclaredTypes<'_>,
    bytes: &[u8],
) -> Vec<Option<String>> {
    let Some(list) = site.child_by_field_name("arguments") else {
        return Vec::new();
    };
    let mut cursor = list.walk();
    let types: Vec<Option<String>> = list
        .named_children(&mut cursor)
        .filter(|argument| !argument.kind().contains("comment"))
        .map(|argument| argument_type(argument, container, declared, bytes))
        .collect();
    if types.iter().all(Option::is_none) {
        return Vec::new();
    }
    types
}

/// What one argument is known to be: a literal's type, a bound name's
/// declared type, or the callee of a call.
fn argument_type(
    argument: Node<'_>,
    container: Container,
    declared: &DeclaredTypes<'_>,
    bytes: &[u8],
) -> Option<String> {
    let written = text(argument, bytes);
    match argument.kind() {
        "number_literal" => number_type(written).map(str::to_owned),
        "true" | "false" => Some("bool".to_owned()),
        "string_literal" => Some("char*".to_owned()),
        "char_literal" => Some("char".to_owned()),
        "identifier" => declared.at(container, written, argument.start_byte()),
        "call_expression" => argument
            .child_by_field_name("function")
            .filter(|f| matches!(f.kind(), "identifier" | "qualified_identifier"))
            .map(|f| text(f, bytes).to_owned()),
        _ => None,
    }
}

/// The type of a C or C++ number literal: `double` with a point or an
/// exponent, `float` with an `f` suffix too, `int` for plain digits;
/// `None` for other suffixes and bases, whose type this does not work out.
fn number_type(literal: &str) -> Option<&'static str> {
    let digits = literal.replace('\'', "");
    if digits.bytes().all(|b| b.is_ascii_digit()) {
        return Some("int");
    }
    if digits.starts_with("0x") || digits.starts_with("0X") {
        return None;
    }
    let floating = digits.contains('.') || digits.contains('e') || digits.contains('E');
    match digits.as_bytes().last() {
        Some(b'f' | b'F') if floating => Some("float"),
        Some(&b) if floating && (b.is_ascii_digit() || b == b'.') => Some("double"),
        _ => None,
    }
}
