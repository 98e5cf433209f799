//! The compact text rendering that accompanies every structured answer:
//! one header line, one line per result (a definition's source follows its
//! line), then the notes. It is built from the same (possibly trimmed)
//! value as the structured content, so the two always agree.

use std::fmt::Write as _;

use plumb_query::answer::{
    Answer, Callee, Caller, Completeness, Dependent, Implementation, OutlineNode, Reference, Site,
    Symbol,
};

use crate::output::{Envelope, Item, keep_items, units_of};
use crate::source::SymbolSource;

/// The whole rendering of an envelope.
pub fn envelope<T: Item>(envelope: &Envelope<Vec<T>>, out: &mut String) {
    header(&envelope.answer, envelope.answer.results.len(), out);
    let _ = writeln!(out, "; {}", envelope.freshness.describe());
    for item in &envelope.answer.results {
        item.render(out, 0);
    }
    notes(&envelope.answer.notes, out);
}

/// `callers of shop.models.Cart.total: 3 results (exact)`
fn header<R: serde::Serialize>(answer: &Answer<R>, count: usize, out: &mut String) {
    let query = &answer.query;
    let kind = query["kind"].as_str().unwrap_or("answer");
    let subject = ["name", "file", "text"]
        .iter()
        .find_map(|key| query[key].as_str())
        .unwrap_or("");
    let completeness = match answer.completeness {
        Completeness::Exact => "exact",
        Completeness::LowerBound => "lower bound",
    };
    let _ = write!(out, "{kind} {subject}: {count} results ({completeness})");
}

/// The notes, one per line.
pub fn notes(notes: &[String], out: &mut String) {
    for note in notes {
        let _ = writeln!(out, "note: {note}");
    }
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("  ");
    }
}

fn symbol_line(symbol: &Symbol, out: &mut String) {
    let _ = write!(
        out,
        "{} {} {}:{}",
        symbol.kind, symbol.qualname, symbol.file, symbol.line
    );
}

fn sites(sites: &[Site], out: &mut String) {
    let list: Vec<String> = sites
        .iter()
        .map(|s| format!("{}:{}:{}", s.file, s.line, s.col))
        .collect();
    let _ = write!(out, " at {}", list.join(", "));
}

fn resolution(resolution: &str, confidence: f64, out: &mut String) {
    let _ = writeln!(out, " [{resolution} {confidence}]");
}

impl Item for Symbol {
    fn render(&self, out: &mut String, depth: usize) {
        indent(out, depth);
        symbol_line(self, out);
        out.push('\n');
    }
}

impl Item for SymbolSource {
    fn render(&self, out: &mut String, depth: usize) {
        indent(out, depth);
        symbol_line(&self.detail.symbol, out);
        let _ = writeln!(
            out,
            " (lines {}-{})",
            self.detail.start_line, self.detail.symbol.end_line
        );
        if let Some(doc) = &self.detail.doc {
            let _ = writeln!(out, "doc: {doc}");
        }
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

impl Item for OutlineNode {
    fn units(&self) -> usize {
        1 + units_of(&self.children)
    }

    fn shrink(&mut self, units: usize) {
        keep_items(&mut self.children, units.saturating_sub(1));
    }

    fn render(&self, out: &mut String, depth: usize) {
        indent(out, depth);
        let _ = writeln!(
            out,
            "{} {} {}-{}",
            self.symbol.kind, self.symbol.name, self.symbol.line, self.symbol.end_line
        );
        for child in &self.children {
            child.render(out, depth + 1);
        }
    }
}

impl Item for Reference {
    fn render(&self, out: &mut String, depth: usize) {
        indent(out, depth);
        let enclosing = self
            .enclosing
            .as_ref()
            .map_or("<top level>", |s| s.qualname.as_str());
        let _ = write!(
            out,
            "{}:{}:{} {} in {enclosing} -> {}",
            self.file, self.line, self.col, self.kind, self.target.qualname
        );
        resolution(&self.resolution, self.confidence, out);
    }
}

impl Item for Caller {
    fn render(&self, out: &mut String, depth: usize) {
        indent(out, depth);
        symbol_line(&self.caller, out);
        sites(&self.sites, out);
        resolution(&self.resolution, self.confidence, out);
    }
}

impl Item for Callee {
    fn render(&self, out: &mut String, depth: usize) {
        indent(out, depth);
        symbol_line(&self.callee, out);
        sites(&self.sites, out);
        resolution(&self.resolution, self.confidence, out);
    }
}

impl Item for Implementation {
    fn render(&self, out: &mut String, depth: usize) {
        indent(out, depth);
        symbol_line(&self.symbol, out);
        out.push_str(if self.direct {
            " direct\n"
        } else {
            " indirect\n"
        });
    }
}

impl Item for Dependent {
    fn render(&self, out: &mut String, depth: usize) {
        indent(out, depth);
        let _ = write!(out, "depth {} {} ", self.depth, self.relation);
        symbol_line(&self.symbol, out);
        out.push('\n');
    }
}
