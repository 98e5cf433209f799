//! The one text rendering of answers, shared by the CLI's human output and
//! the MCP server's text content: one line per result (an outline node's
//! children indented under it), paths as `file:line`, resolution and
//! confidence in brackets. Each surface frames it its own way (the CLI
//! prints notes on stderr; the MCP server adds a header and freshness).

use std::fmt::Write as _;

use crate::answer::{
    Answer, Callee, Caller, Completeness, Dependent, Implementation, Kind, OutlineNode, Reference,
    Site, Symbol, SymbolDetail,
};

/// An answer item's text.
pub trait Render {
    /// Whether each item is one of the answer's targets (so they are not
    /// listed apart).
    const IS_TARGET: bool = false;

    /// Appends its lines, indented `depth` levels.
    fn render(&self, out: &mut String, depth: usize);
}

/// The body of an answer: its targets, when there are several, then one
/// rendering per result.
pub fn body<T: Render>(answer: &Answer<Vec<T>>, out: &mut String) {
    if !T::IS_TARGET && answer.targets.len() > 1 {
        for target in &answer.targets {
            let _ = writeln!(
                out,
                "# target: {} {} ({})",
                target.kind,
                target.qualname,
                at(target)
            );
        }
    }
    for item in &answer.results {
        item.render(out, 0);
    }
}

/// `callers shop.models.Cart.total: 3 results (exact)`, with no line end.
pub fn header<R>(answer: &Answer<R>, count: usize, out: &mut String) {
    let _ = write!(
        out,
        "{} {}: {count} results ({})",
        answer.query.kind(),
        answer.query.subject(),
        completeness(answer.completeness)
    );
}

/// `exact` or `lower bound`.
pub fn completeness(completeness: Completeness) -> &'static str {
    match completeness {
        Completeness::Exact => "exact",
        Completeness::LowerBound => "lower bound",
    }
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

fn at(symbol: &Symbol) -> String {
    format!("{}:{}", symbol.file, symbol.line)
}

fn sites(sites: &[Site]) -> String {
    sites
        .iter()
        .map(|s| format!("{}:{}", s.file, s.line))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `search`: `kind qualname  (file:line)`.
impl Render for Symbol {
    fn render(&self, out: &mut String, depth: usize) {
        indent(out, depth);
        let _ = writeln!(out, "{} {}  ({})", self.kind, self.qualname, at(self));
    }
}

/// `search`: as a symbol.
impl Render for crate::answer::SearchHit {
    fn render(&self, out: &mut String, depth: usize) {
        self.symbol.render(out, depth);
    }
}

/// `symbol`: `kind qualname  file:start-end`, then the signature and the
/// doc comment's first line, indented.
impl Render for SymbolDetail {
    const IS_TARGET: bool = true;

    fn render(&self, out: &mut String, depth: usize) {
        let s = &self.symbol;
        indent(out, depth);
        let _ = writeln!(
            out,
            "{} {}  {}:{}-{}",
            s.kind, s.qualname, s.file, self.start_line, s.end_line
        );
        if let Some(signature) = &s.signature {
            indent(out, depth);
            let _ = writeln!(out, "    {signature}");
        }
        if let Some(doc) = self.doc.as_deref().and_then(|d| d.lines().next()) {
            indent(out, depth);
            let _ = writeln!(out, "    {doc}");
        }
    }
}

/// `outline`: `line  kind name`, children indented below.
impl Render for OutlineNode {
    fn render(&self, out: &mut String, depth: usize) {
        let s = &self.symbol;
        indent(out, depth);
        // A block's name is its header, which starts with its keyword.
        if s.kind == Kind::Impl {
            let _ = writeln!(out, "{:>5}  {}", s.line, s.name);
        } else {
            let _ = writeln!(out, "{:>5}  {} {}", s.line, s.kind, s.name);
        }
        for child in &self.children {
            child.render(out, depth + 1);
        }
    }
}

/// `refs`: `file:line:col  kind  in enclosing  [resolution confidence]`.
impl Render for Reference {
    fn render(&self, out: &mut String, depth: usize) {
        indent(out, depth);
        let within = self
            .enclosing
            .as_ref()
            .map_or("top level", |e| e.qualname.as_str());
        let _ = writeln!(
            out,
            "{}:{}:{}  {}  in {within}  [{} {:.2}]",
            self.file, self.line, self.col, self.kind, self.resolution, self.confidence
        );
    }
}

/// `callers`: `kind qualname  (file:line)  [resolution confidence]  at sites`.
impl Render for Caller {
    fn render(&self, out: &mut String, depth: usize) {
        indent(out, depth);
        let _ = writeln!(
            out,
            "{} {}  ({})  [{} {:.2}]  at {}",
            self.caller.kind,
            self.caller.qualname,
            at(&self.caller),
            self.resolution,
            self.confidence,
            sites(&self.sites)
        );
    }
}

/// `callees`: as `callers`, for the callee.
impl Render for Callee {
    fn render(&self, out: &mut String, depth: usize) {
        indent(out, depth);
        let _ = writeln!(
            out,
            "{} {}  ({})  [{} {:.2}]  at {}",
            self.callee.kind,
            self.callee.qualname,
            at(&self.callee),
            self.resolution,
            self.confidence,
            sites(&self.sites)
        );
    }
}

/// `impls`: `kind qualname  (file:line)  direct|indirect`.
impl Render for Implementation {
    fn render(&self, out: &mut String, depth: usize) {
        indent(out, depth);
        let how = if self.direct { "direct" } else { "indirect" };
        let _ = writeln!(
            out,
            "{} {}  ({})  {how}",
            self.symbol.kind,
            self.symbol.qualname,
            at(&self.symbol)
        );
    }
}

/// `impact`: `depth  relation  kind qualname  (file:line)`.
impl Render for Dependent {
    fn render(&self, out: &mut String, depth: usize) {
        indent(out, depth);
        let _ = writeln!(
            out,
            "{}  {:10}  {} {}  ({})",
            self.depth,
            self.relation,
            self.symbol.kind,
            self.symbol.qualname,
            at(&self.symbol)
        );
    }
}
