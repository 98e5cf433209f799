//! The text content that accompanies every structured answer. A listing
//! whose results are rows ([`crate::rows`]) is rendered from those rows:
//! each file once, then its rows. Any other answer gets the count line
//! ([`count_line`]), then plumb-query's one rendering of the
//! answer ([`plumb_query::render`], the CLI's human output), then the
//! notes. Either is built from the same (possibly trimmed) value as the
//! structured content, so the two always agree.

use std::fmt::Write as _;

use plumb_query::answer::{
    Callee, Caller, Completeness, Dependent, Implementation, OutlineNode, Reference, Symbol,
    SymbolDetail,
};
use plumb_query::render::{self, Render};

use crate::output::{Envelope, Item, keep_items, units_of};
use crate::source::SymbolSource;

/// The whole rendering of an envelope.
pub(crate) fn envelope<T: Item>(envelope: &Envelope<Vec<T>>, out: &mut String) {
    let answer = &envelope.answer;
    if let Ok(mut value) = serde_json::to_value(envelope)
        && let Some(shape) = crate::rows::tabulate(&mut value)
    {
        let freshness = envelope.freshness.describe();
        crate::rows::text(shape, &value, answer.results.len(), &freshness, out);
        return;
    }
    let lower = answer.completeness == Completeness::LowerBound;
    count_line(
        answer.results.len(),
        lower,
        &envelope.freshness.describe(),
        out,
    );
    render::body(answer, out);
    render::notes(&answer.notes, out);
}

/// The first line of an answer's text: the count, then `lower bound` and
/// the index's freshness only when they are not the default (exact, fresh).
pub(crate) fn count_line(count: usize, lower: bool, freshness: &str, out: &mut String) {
    let _ = write!(out, "{count} results");
    if lower {
        out.push_str(", lower bound");
    }
    if freshness != "index fresh" {
        let _ = write!(out, "; {freshness}");
    }
    out.push('\n');
}

impl Item for Symbol {}
impl Item for plumb_query::answer::SearchHit {}
impl Item for SymbolDetail {}
impl Item for Reference {}
impl Item for Caller {}
impl Item for Callee {}
impl Item for Implementation {}
impl Item for Dependent {}
impl Item for SymbolSource {}

impl Item for OutlineNode {
    fn units(&self) -> usize {
        1 + units_of(&self.children)
    }

    fn shrink(&mut self, units: usize) {
        keep_items(&mut self.children, units.saturating_sub(1));
    }
}

/// The definition as everywhere, then its source text.
impl Render for SymbolSource {
    const IS_TARGET: bool = true;

    fn render(&self, out: &mut String, depth: usize) {
        self.detail.render(out, depth);
        if let Some(source) = &self.source {
            out.push_str(source);
            if !source.ends_with('\n') {
                out.push('\n');
            }
            if self.source_truncated {
                out.push_str("[…]\n");
            }
        }
    }
}
