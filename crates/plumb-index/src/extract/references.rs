//! The references phase: each reference with its position, its receiver
//! and path in the one member syntax, its container, its argument
//! count and a path call's first argument.

use plumb_lang::ListKind;
use plumb_store::model::OccurrenceKind;

use super::Source;
use super::arity::arity;
use super::bounds::{Deadline, Exceeded};
use super::captures::RawRef;
use super::containers::Containers;
use super::text::{dotted, member_path, position, qualifier, text};
use crate::facts::{FileFacts, RefFact};

/// Appends the references (settled, in source order) to `facts`; an
/// error once `deadline` passes.
pub(super) fn push_references(
    source: &Source<'_>,
    refs: &[RawRef<'_>],
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
            receiver: raw.receiver.and_then(|n| member_path(n, spec, bytes)),
            path: raw
                .path
                .and_then(|n| qualifier(n, raw.name, spec, bytes))
                .map(|q| dotted(&q, spec.member_operators)),
            container,
            arguments: raw
                .site
                .and_then(|site| arity(site, ListKind::Arguments, shapes, ancestry)),
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
