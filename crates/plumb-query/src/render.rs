//! The one text rendering of answers, shared by the CLI's human output and
//! the MCP server's text content: one line per result (an outline node's
//! children indented under it), paths as `file:line`, resolution and
//! confidence in brackets. Each surface frames it its own way (the CLI
//! prints notes on stderr; the MCP server adds a header and freshness).
//! Colour (names, paths, line numbers) is off unless a surface turns it on
//! with [`set_color`]: the CLI on a terminal, never the MCP server.

use std::borrow::Cow;
use std::fmt::{Display, Write as _};
use std::sync::atomic::{AtomicBool, Ordering};

use anstyle::{AnsiColor, Style};

use crate::answer::{
    Answer, Callee, Caller, Completeness, Dependent, Implementation, Kind, OutlineNode, Reference,
    Site, Symbol, SymbolDetail,
};

/// Whether renderings carry ANSI colour; off until [`set_color`].
static COLOR: AtomicBool = AtomicBool::new(false);

/// Paths, as ripgrep colours them: magenta.
const PATH: Style = AnsiColor::Magenta.on_default();
/// Line and column numbers, as ripgrep colours them: green.
const LINE: Style = AnsiColor::Green.on_default();
/// Qualified names: bold.
const NAME: Style = Style::new().bold();

/// Turns colour on or off for every later rendering in this process.
pub fn set_color(on: bool) {
    COLOR.store(on, Ordering::Relaxed);
}

/// `text` in `style` when colour is on, else as is.
fn paint(style: Style, text: impl Display) -> String {
    if COLOR.load(Ordering::Relaxed) {
        format!("{style}{text}{style:#}")
    } else {
        text.to_string()
    }
}

/// `text` with each control character (a newline in a file name, an
/// escape sequence in a symbol's name) written as its Rust escape (`\n`,
/// `\u{1b}`), so that a name can neither break a result's line nor drive
/// the terminal. Text output only: JSON carries names as they are.
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A qualified name, printable, bold when colour is on.
fn name(qualname: &str) -> String {
    paint(NAME, printable(qualname))
}

/// `file:line`, the file printable, coloured when colour is on.
fn place(file: &str, line: u32) -> String {
    format!("{}:{}", paint(PATH, printable(file)), paint(LINE, line))
}

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
                name(&target.qualname),
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

/// A line number right-aligned in five columns, coloured when colour is on.
fn line_column(line: u32) -> String {
    paint(LINE, format!("{line:>5}"))
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("  ");
    }
}

fn at(symbol: &Symbol) -> String {
    place(&symbol.file, symbol.line)
}

fn sites(sites: &[Site]) -> String {
    sites
        .iter()
        .map(|s| place(&s.file, s.line))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `search`: `kind qualname  (file:line)`.
impl Render for Symbol {
    fn render(&self, out: &mut String, depth: usize) {
        indent(out, depth);
        let _ = writeln!(
            out,
            "{} {}  ({})",
            self.kind,
            name(&self.qualname),
            at(self)
        );
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
            "{} {}  {}-{}",
            s.kind,
            name(&s.qualname),
            place(&s.file, self.start_line),
            paint(LINE, s.end_line)
        );
        if let Some(signature) = &s.signature {
            indent(out, depth);
            let _ = writeln!(out, "    {}", printable(signature));
        }
        if let Some(doc) = self.doc.as_deref().and_then(|d| d.lines().next()) {
            indent(out, depth);
            let _ = writeln!(out, "    {}", printable(doc));
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
            let _ = writeln!(out, "{}  {}", line_column(s.line), printable(&s.name));
        } else {
            let _ = writeln!(out, "{}  {} {}", line_column(s.line), s.kind, name(&s.name));
        }
        for child in &self.children {
            child.render(out, depth + 1);
        }
    }
}

/// `refs`: `file:line:col  kind  in enclosing  [resolution confidence]`,
/// then `for target` when NAME matched several.
impl Render for Reference {
    fn render(&self, out: &mut String, depth: usize) {
        indent(out, depth);
        let within = self
            .enclosing
            .as_ref()
            .map_or("top level".to_owned(), |e| name(&e.qualname));
        let _ = writeln!(
            out,
            "{}:{}  {}  in {within}  [{} {:.2}]{}",
            place(&self.file, self.line),
            paint(LINE, self.col),
            self.kind,
            self.resolution,
            self.confidence,
            for_target(self.target.as_ref())
        );
    }
}

/// `  for target` after a caller or callee row, when NAME matched several.
fn for_target(target: Option<&String>) -> String {
    target.map_or_else(String::new, |t| format!("  for {}", name(t)))
}

/// `callers`: `kind qualname  (file:line)  [resolution confidence]  at
/// sites`, then `for target` when NAME matched several.
impl Render for Caller {
    fn render(&self, out: &mut String, depth: usize) {
        indent(out, depth);
        let _ = writeln!(
            out,
            "{} {}  ({})  [{} {:.2}]  at {}{}",
            self.caller.kind,
            name(&self.caller.qualname),
            at(&self.caller),
            self.resolution,
            self.confidence,
            sites(&self.sites),
            for_target(self.target.as_ref())
        );
    }
}

/// `callees`: as `callers`, for the callee.
impl Render for Callee {
    fn render(&self, out: &mut String, depth: usize) {
        indent(out, depth);
        let _ = writeln!(
            out,
            "{} {}  ({})  [{} {:.2}]  at {}{}",
            self.callee.kind,
            name(&self.callee.qualname),
            at(&self.callee),
            self.resolution,
            self.confidence,
            sites(&self.sites),
            for_target(self.target.as_ref())
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
            name(&self.symbol.qualname),
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
            name(&self.symbol.qualname),
            at(&self.symbol)
        );
    }
}
