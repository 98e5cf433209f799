//! Derives questions and their answers from a SCIP index (scip-python, scip-typescript,
//! rust-analyzer, and libclang's index through `clang.rs`). See README.md ("Accuracy") for
//! the rules; the short form:
//!
//! * A definition is an occurrence with the Definition role. Its span is the indexer's
//!   `enclosing_range`; where the indexer gives none for a function or type, the span is
//!   computed from the source (Python: indentation; TypeScript and Rust: braces).
//! * The enclosing symbol of a site is the innermost definition whose span contains it
//!   (parameters and the file's own module excluded), else the file's top level.
//! * A call is an occurrence followed by `(` (after generic arguments), or preceded by
//!   `new` (TypeScript), or the last name of a Python decorator (`@deco`, `@group.command`).
//! * Direct supertypes come from the declaration header (`class A(B)`, `extends`/`implements`,
//!   `trait A: B`, `impl B for A`, C++ `class A : public B {`): the indexer's occurrences
//!   inside it. C has none.
//! * C prototypes (ForwardDefinition occurrences) are neither definitions nor references: their
//!   lines map to the definition (`aliases`), and the signature they span belongs to it.

use crate::model::{Expect, Key, Question, QuestionSet};
use anyhow::{bail, Context, Result};
use protobuf::Message;
use scip::types::descriptor::Suffix;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::Path;

/// How many `from .mod import *` steps a package re-export is followed through (chosen: httpx's
/// `httpx/__init__.py` → `_transports/__init__.py` → `asgi.py` is two; a cycle must end).
const STAR_IMPORT_DEPTH: usize = 4;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Lang {
    Python,
    TypeScript,
    Rust,
    C,
    Cpp,
}

impl Lang {
    pub fn parse(s: &str) -> Result<Lang> {
        Ok(match s {
            "python" => Lang::Python,
            "typescript" => Lang::TypeScript,
            "rust" => Lang::Rust,
            "c" => Lang::C,
            "cpp" => Lang::Cpp,
            _ => bail!("unknown language {s}"),
        })
    }
    fn name(self) -> &'static str {
        match self {
            Lang::Python => "python",
            Lang::TypeScript => "typescript",
            Lang::Rust => "rust",
            Lang::C => "c",
            Lang::Cpp => "cpp",
        }
    }
    /// C and C++: libclang's index through `clang.rs`, prototypes, C declarations.
    fn c_family(self) -> bool {
        matches!(self, Lang::C | Lang::Cpp)
    }
}

/// Position as (line, column), both 0-based, as SCIP gives them.
type Pos = (u32, u32);

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Sort {
    Type,
    Function,
    Value,
    Module,
    Macro,
    Other,
}

#[derive(Debug, Clone)]
struct Def {
    sym: String,
    doc: usize,
    name_start: Pos,
    name_end: Pos,
    /// Span of the whole definition, if known.
    span: Option<(Pos, Pos)>,
    /// Whether the indexer gave the span (as opposed to computing it from the source).
    local: bool,
    sort: Sort,
    name: String,
    /// Descriptors (name, suffix), for qualified names and parents.
    descs: Vec<(String, Suffix)>,
    /// The file's own module definition (Rust's `mod/` at 0:0, TypeScript's file namespace).
    file_module: bool,
}

impl Def {
    fn key(&self, docs: &[Doc]) -> Key {
        format!("{}:{}", docs[self.doc].path, self.name_start.0 + 1)
    }
}

#[derive(Debug, Clone)]
struct Occ {
    start: Pos,
    end: Pos,
    sym: String,
    def: bool,
    /// A declaration that is not the definition (a C prototype): not a reference.
    forward: bool,
}

/// A C prototype (or `extern` declaration): its symbol and the span of the declaration.
struct Forward {
    doc: usize,
    name_start: Pos,
    span: (Pos, Pos),
    sym: String,
}

struct Doc {
    path: String,
    lines: Vec<Vec<char>>,
    occs: Vec<Occ>,
    /// Lines (0-based) holding Generated occurrences: declarations a macro wrote (C), whose
    /// names the source does not hold. Not judged.
    generated: BTreeSet<u32>,
    /// Indices into `defs` of definitions in this document that can enclose sites, sorted
    /// by span start.
    scopes: Vec<usize>,
}

struct Impl {
    doc: usize,
    body: (Pos, Pos),
    trait_sym: Option<String>,
    self_sym: Option<String>,
}

pub struct Derived {
    lang: Lang,
    docs: Vec<Doc>,
    defs: Vec<Def>,
    /// Global symbol -> index of its (first) definition.
    by_sym: HashMap<String, usize>,
    def_count: HashMap<String, usize>,
    /// Global symbol -> its non-definition occurrences (doc, occurrence index).
    refs: HashMap<String, Vec<(usize, usize)>>,
    /// Supertype symbol -> direct subtype symbols (header-derived).
    subtypes: BTreeMap<String, BTreeSet<String>>,
    supertypes: HashMap<String, BTreeSet<String>>,
    /// Type symbol -> its direct in-repo supertypes in the order written (Python's MRO).
    bases: HashMap<String, Vec<String>>,
    /// Python: `__init__` symbol -> the construction sites (`X(…)` calls of a class) whose
    /// class finds that `__init__` first in its method resolution order.
    constructions: HashMap<String, Vec<(usize, usize)>>,
    impls: Vec<Impl>,
    /// Method symbol -> parent type symbol (Rust: the impl's self type).
    parent: HashMap<String, String>,
    /// Method symbol -> the trait of the impl it is in (Rust).
    impl_trait: HashMap<String, String>,
    /// C prototypes, per document in order of position.
    forwards: Vec<Forward>,
    /// Python: the setters and deleters of properties (`@x.setter` then `def x`), each with
    /// the property's symbol and the span from its first decorator to the end of its body.
    accessors: Vec<Forward>,
    pub stats: BTreeMap<String, usize>,
}

fn suffix_of(d: &scip::types::Descriptor) -> Suffix {
    d.suffix.enum_value_or(Suffix::UnspecifiedSuffix)
}

fn range_of(r: &[i32]) -> Option<(Pos, Pos)> {
    match r.len() {
        3 => Some(((r[0] as u32, r[1] as u32), (r[0] as u32, r[2] as u32))),
        4 => Some(((r[0] as u32, r[1] as u32), (r[2] as u32, r[3] as u32))),
        _ => None,
    }
}

fn clean_name(n: &str) -> String {
    let n = n.trim_matches('`');
    if n == "<constructor>" {
        return "constructor".into();
    }
    for p in ["<get>", "<set>"] {
        if let Some(rest) = n.strip_prefix(p) {
            return rest.to_string();
        }
    }
    n.to_string()
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '$'
}

impl Doc {
    fn char_at(&self, p: Pos) -> Option<char> {
        self.lines.get(p.0 as usize).and_then(|l| l.get(p.1 as usize)).copied()
    }
    fn next_pos(&self, p: Pos) -> Option<Pos> {
        let line = self.lines.get(p.0 as usize)?;
        if (p.1 as usize) + 1 < line.len() {
            Some((p.0, p.1 + 1))
        } else {
            let mut l = p.0 + 1;
            while (l as usize) < self.lines.len() {
                if !self.lines[l as usize].is_empty() {
                    return Some((l, 0));
                }
                l += 1;
            }
            None
        }
    }
    /// First non-whitespace position at or after `p`.
    fn skip_ws(&self, mut p: Pos) -> Option<Pos> {
        loop {
            match self.char_at(p) {
                Some(c) if !c.is_whitespace() => return Some(p),
                Some(_) => p = self.next_pos(p)?,
                None => p = self.next_pos((p.0, p.1.saturating_sub(1).max(p.1)))
                    .filter(|q| *q != p)
                    .or_else(|| {
                        let l = p.0 + 1;
                        ((l as usize) < self.lines.len()).then_some((l, 0))
                    })?,
            }
        }
    }
    fn text_before(&self, p: Pos) -> String {
        self.lines
            .get(p.0 as usize)
            .map(|l| l[..(p.1 as usize).min(l.len())].iter().collect())
            .unwrap_or_default()
    }
    fn line_text(&self, l: u32) -> String {
        self.lines.get(l as usize).map(|l| l.iter().collect()).unwrap_or_default()
    }

    /// Python: whether `p` is the name of a `def` (or `async def`) statement.
    fn is_def_name(&self, p: Pos) -> bool {
        let before = self.text_before(p);
        let before = before.trim_end();
        before.strip_suffix("def").is_some_and(|b| b.trim_start().is_empty() || b.trim_start() == "async ")
    }

    /// Python: whether `from <this module> import *` binds `name`: it is listed in the module's
    /// `__all__ = [...]` (the string literals up to the closing `]`), or, when the module has
    /// none, does not start with `_`.
    fn exports(&self, name: &str) -> bool {
        let Some(start) = (0..self.lines.len()).find(|&l| self.line_text(l as u32).starts_with("__all__ = [")) else {
            return !name.starts_with('_');
        };
        let mut listed = String::new();
        for l in start..self.lines.len() {
            let text = self.line_text(l as u32);
            listed.push_str(&text);
            if text.contains(']') {
                break;
            }
        }
        listed.split(['"', '\'']).skip(1).step_by(2).any(|x| x == name)
    }

    /// Matches braces from `open` (a `{`), skipping strings and comments. Returns the
    /// position of the matching `}`.
    fn match_brace(&self, open: Pos, lang: Lang) -> Option<Pos> {
        let mut depth = 0i32;
        let mut l = open.0 as usize;
        let mut c = open.1 as usize;
        let mut in_block_comment = false;
        while l < self.lines.len() {
            let line = &self.lines[l];
            while c < line.len() {
                let ch = line[c];
                let next = line.get(c + 1).copied();
                if in_block_comment {
                    if ch == '*' && next == Some('/') {
                        in_block_comment = false;
                        c += 1;
                    }
                    c += 1;
                    continue;
                }
                match ch {
                    '/' if next == Some('/') => break,
                    '/' if next == Some('*') => {
                        in_block_comment = true;
                        c += 1;
                    }
                    '"' | '`' => {
                        // Skip to the closing quote on this line (template literals spanning
                        // lines are rare in declarations; good enough for span fallback).
                        let q = ch;
                        c += 1;
                        while c < line.len() && line[c] != q {
                            if line[c] == '\\' {
                                c += 1;
                            }
                            c += 1;
                        }
                    }
                    '\'' => {
                        if lang == Lang::Rust {
                            // char literal ('x', '\n', '{') or lifetime ('a)
                            if line.get(c + 2) == Some(&'\'') {
                                c += 2;
                            } else if next == Some('\\') {
                                while c + 1 < line.len() && line[c + 1] != '\'' {
                                    c += 1;
                                }
                                c += 1;
                            }
                        } else {
                            c += 1;
                            while c < line.len() && line[c] != '\'' {
                                if line[c] == '\\' {
                                    c += 1;
                                }
                                c += 1;
                            }
                        }
                    }
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some((l as u32, c as u32));
                        }
                    }
                    _ => {}
                }
                c += 1;
            }
            l += 1;
            c = 0;
        }
        None
    }

    /// From `from`, the first `{` or `;` at paren/bracket depth 0 (and angle depth 0 for
    /// `<`/`>` not part of `=>`/`->`). Returns (position, char).
    fn find_body_start(&self, from: Pos, stop_at_where: bool) -> Option<(Pos, char)> {
        let mut depth = 0i32;
        let mut l = from.0 as usize;
        let mut c = from.1 as usize;
        let limit = (from.0 as usize + 60).min(self.lines.len());
        while l < limit {
            let line = &self.lines[l];
            while c < line.len() {
                let ch = line[c];
                let prev = if c > 0 { Some(line[c - 1]) } else { None };
                match ch {
                    '/' if line.get(c + 1) == Some(&'/') => break,
                    '(' | '[' | '<' => depth += 1,
                    ')' | ']' => depth -= 1,
                    '>' if prev != Some('=') && prev != Some('-') => depth -= 1,
                    // The end of an enclosing block or type literal: this definition has no body.
                    '}' if depth <= 0 => return None,
                    '{' | ';' | '=' if depth <= 0 => {
                        if ch == '=' && line.get(c + 1) == Some(&'>') {
                        } else if ch == '=' {
                            // `type X = ...;`, `const X: T = ...;`: the body is the rest.
                        } else {
                            return Some(((l as u32, c as u32), ch));
                        }
                    }
                    'w' if stop_at_where && depth <= 0 => {
                        let word: String = line[c..].iter().take(6).collect();
                        if word.starts_with("where") && (prev.is_none_or(|p| !is_ident(p))) && !word[5..].starts_with(|x: char| is_ident(x)) {
                            return Some(((l as u32, c as u32), 'w'));
                        }
                    }
                    _ => {}
                }
                c += 1;
            }
            l += 1;
            c = 0;
        }
        None
    }

    /// C: the first line of the declaration whose name is on line `l`: the lines right above
    /// it that hold its leading specifiers (`static const T *` over `f(…)`, `extern
    /// LZMA_API(lzma_ret)` over `lzma_code(…)`). It stops at a blank line, a comment, a
    /// preprocessor line or the continuation of one, and a line that ends a statement, a
    /// block, a list item or a label (`;`, `}`, `{`, `,`, `:`).
    fn c_declaration_start(&self, l: u32) -> u32 {
        let ends_directive = |l: u32| self.line_text(l).trim_end().ends_with('\\');
        let mut start = l;
        while start > 0 {
            let text = self.line_text(start - 1);
            let t = text.trim();
            let specifiers = !t.is_empty()
                && !t.starts_with('#')
                && !t.starts_with("//")
                && !t.starts_with("/*")
                && !t.starts_with('*')
                && !t.ends_with("*/")
                && !t.ends_with([';', '}', '{', ',', ':'])
                && !(start >= 2 && ends_directive(start - 2));
            if !specifiers {
                break;
            }
            start -= 1;
        }
        start
    }

    /// C: from `from`, the first `{` or `;` at parenthesis/bracket depth 0, skipping comments,
    /// strings and character literals (C has no angle brackets to count; comments hold `<`,
    /// `{`, `;`). None at a `}` closing an enclosing block first. Returns (position, char).
    fn c_body_start(&self, from: Pos) -> Option<(Pos, char)> {
        let mut depth = 0i32;
        let mut in_comment = false;
        let (mut l, mut c) = (from.0 as usize, from.1 as usize);
        let limit = (from.0 as usize + 200).min(self.lines.len());
        while l < limit {
            let line = &self.lines[l];
            while c < line.len() {
                let (ch, next) = (line[c], line.get(c + 1).copied());
                if in_comment {
                    if ch == '*' && next == Some('/') {
                        in_comment = false;
                        c += 1;
                    }
                } else {
                    match ch {
                        '/' if next == Some('/') => break,
                        '/' if next == Some('*') => {
                            in_comment = true;
                            c += 1;
                        }
                        '"' | '\'' => {
                            c += 1;
                            while c < line.len() && line[c] != ch {
                                c += if line[c] == '\\' { 2 } else { 1 };
                            }
                        }
                        '(' | '[' => depth += 1,
                        ')' | ']' => depth -= 1,
                        '}' if depth <= 0 => return None,
                        '{' | ';' if depth <= 0 => return Some(((l as u32, c as u32), ch)),
                        _ => {}
                    }
                }
                c += 1;
            }
            l += 1;
            c = 0;
        }
        None
    }

    /// Python: the span of a block opened on `line`: up to the last line indented deeper.
    fn python_block_end(&self, line: u32) -> Pos {
        let indent = |l: &Vec<char>| l.iter().take_while(|c| c.is_whitespace()).count();
        let base = indent(&self.lines[line as usize]);
        let mut last = line;
        let mut l = line as usize + 1;
        let mut open_parens = 0i32;
        // Lines continuing the header (open parentheses) belong to it.
        for ch in self.lines[line as usize].iter() {
            match ch {
                '(' | '[' => open_parens += 1,
                ')' | ']' => open_parens -= 1,
                _ => {}
            }
        }
        while l < self.lines.len() {
            let text = &self.lines[l];
            let blank = text.iter().all(|c| c.is_whitespace());
            if !blank {
                if open_parens <= 0 && indent(text) <= base {
                    break;
                }
                for ch in text.iter() {
                    match ch {
                        '(' | '[' => open_parens += 1,
                        ')' | ']' => open_parens -= 1,
                        _ => {}
                    }
                }
                last = l as u32;
            }
            l += 1;
        }
        (last, self.lines[last as usize].len() as u32)
    }
}

fn contains(span: (Pos, Pos), p: Pos) -> bool {
    span.0 <= p && p <= span.1
}

impl Derived {
    /// A derivation with no documents yet.
    fn empty(lang: Lang) -> Derived {
        Derived {
            lang,
            docs: vec![],
            defs: vec![],
            by_sym: HashMap::new(),
            def_count: HashMap::new(),
            refs: HashMap::new(),
            subtypes: BTreeMap::new(),
            supertypes: HashMap::new(),
            bases: HashMap::new(),
            constructions: HashMap::new(),
            impls: vec![],
            parent: HashMap::new(),
            impl_trait: HashMap::new(),
            forwards: vec![],
            accessors: vec![],
            stats: BTreeMap::new(),
        }
    }

    pub fn load(lang: Lang, scip_path: &Path, root: &Path) -> Result<Derived> {
        let bytes = std::fs::read(scip_path).with_context(|| format!("reading {}", scip_path.display()))?;
        let index = scip::types::Index::parse_from_bytes(&bytes).context("decoding SCIP")?;
        let mut d = Derived::empty(lang);
        let mut documents: Vec<_> = index.documents.iter().collect();
        documents.sort_by(|a, b| a.relative_path.cmp(&b.relative_path));
        for (di, document) in documents.iter().enumerate() {
            let path = document.relative_path.clone();
            let text = std::fs::read_to_string(root.join(&path)).unwrap_or_default();
            let lines: Vec<Vec<char>> = text.split('\n').map(|l| l.trim_end_matches('\r').chars().collect()).collect();
            let mut occs = Vec::new();
            let mut generated = BTreeSet::new();
            let mut seen: HashSet<(Pos, String)> = HashSet::new();
            for o in &document.occurrences {
                let Some((start, end)) = range_of(&o.range) else { continue };
                if lang.c_family() && o.symbol_roles & scip::types::SymbolRole::Generated as i32 != 0 {
                    generated.insert(start.0);
                    continue;
                }
                if o.symbol.is_empty() || !seen.insert((start, o.symbol.clone())) {
                    continue;
                }
                let is_def = o.symbol_roles & 1 != 0;
                let local = o.symbol.starts_with("local ");
                if is_def {
                    let (sort, name, descs) = if local {
                        (Sort::Other, String::new(), vec![])
                    } else {
                        match scip::symbol::parse_symbol(&o.symbol) {
                            Ok(s) => {
                                let descs: Vec<(String, Suffix)> =
                                    s.descriptors.iter().map(|x| (x.name.clone(), suffix_of(x))).collect();
                                let last = descs.last().map(|x| x.1).unwrap_or(Suffix::UnspecifiedSuffix);
                                let sort = match last {
                                    Suffix::Type => Sort::Type,
                                    Suffix::Method => Sort::Function,
                                    Suffix::Term => Sort::Value,
                                    Suffix::Namespace => Sort::Module,
                                    Suffix::Macro => Sort::Macro,
                                    _ => Sort::Other,
                                };
                                let name = clean_name(&descs.last().map(|x| x.0.clone()).unwrap_or_default());
                                (sort, name, descs)
                            }
                            Err(_) => (Sort::Other, String::new(), vec![]),
                        }
                    };
                    let given = range_of(&o.enclosing_range);
                    // The file's own module: at 0:0, empty (TypeScript) or spanning the file (rust-analyzer).
                    let file_module = sort == Sort::Module && start == (0, 0) && (start == end || end.0 > start.0);
                    let sym = if local { format!("{}@{}", o.symbol, di) } else { o.symbol.clone() };
                    d.defs.push(Def {
                        sym: sym.clone(),
                        doc: di,
                        name_start: start,
                        name_end: end,
                        span: given,
                        local,
                        sort,
                        name,
                        descs,
                        file_module,
                    });
                    *d.stats.entry(format!("defs_{}", if given.is_some() { "with_span" } else { "without_span" })).or_default() += 1;
                }
                let forward = !is_def && o.symbol_roles & scip::types::SymbolRole::ForwardDefinition as i32 != 0;
                occs.push(Occ { start, end, sym: o.symbol.clone(), def: is_def, forward });
            }
            occs.sort_by_key(|o| o.start);
            d.docs.push(Doc { path, lines, occs, generated, scopes: vec![] });
        }
        // Definitions: indices, counts, fallback spans.
        for i in 0..d.defs.len() {
            let def = &d.defs[i];
            if !def.local {
                *d.def_count.entry(def.sym.clone()).or_default() += 1;
                d.by_sym.entry(def.sym.clone()).or_insert(i);
            }
            let ts_local_method = lang == Lang::TypeScript && def.local && {
                let doc = &d.docs[def.doc];
                doc.skip_ws(def.name_end).and_then(|p| doc.char_at(p)) == Some('(')
            };
            // C++ and TypeScript namespaces enclose their members (one span per `namespace x {`
            // block; scip-typescript gives a namespace no enclosing range).
            let namespace = matches!(lang, Lang::Cpp | Lang::TypeScript) && def.sort == Sort::Module;
            if def.span.is_none() && ((matches!(def.sort, Sort::Type | Sort::Function) && !def.local) || ts_local_method || namespace) {
                let doc = &d.docs[def.doc];
                let span = match lang {
                    Lang::Python => {
                        let t = doc.line_text(def.name_start.0);
                        let tt = t.trim_start();
                        if tt.starts_with("def ") || tt.starts_with("async def ") || tt.starts_with("class ") {
                            Some(((def.name_start.0, 0), doc.python_block_end(def.name_start.0)))
                        } else {
                            None
                        }
                    }
                    // A C function starts at its leading specifiers, on the lines above its name
                    // where it is written so (`static const T *` over `f(…)`): they are part of
                    // its definition, as its return type on the name's own line is.
                    Lang::C => match doc.c_body_start(def.name_end) {
                        Some((p, '{')) => {
                            let start = if def.sort == Sort::Function {
                                doc.c_declaration_start(def.name_start.0)
                            } else {
                                def.name_start.0
                            };
                            doc.match_brace(p, lang).map(|e| ((start, 0), e))
                        }
                        _ => None,
                    },
                    // C++: a method declared and defined nowhere else (pure virtual, promoted by
                    // clang.rs) spans its declaration, up to its `;`.
                    Lang::Cpp => match doc.c_body_start(def.name_end) {
                        Some((p, '{')) => doc.match_brace(p, lang).map(|e| ((def.name_start.0, 0), e)),
                        Some((p, ';')) if def.sort == Sort::Function => Some(((def.name_start.0, 0), p)),
                        _ => None,
                    },
                    _ => match doc.find_body_start(def.name_end, lang == Lang::Rust) {
                        Some((p, '{')) => doc.match_brace(p, lang).map(|e| ((def.name_start.0, 0), e)),
                        _ => None,
                    },
                };
                if span.is_some() {
                    *d.stats.entry("defs_span_computed".into()).or_default() += 1;
                }
                d.defs[i].span = span;
            }
        }
        // Variables at module or class level enclose their initialiser (`x = f()`,
        // `const x = f()`, `field = f()`, C `static const T x[] = {…};`): the definition
        // contains those sites. The indexers give variables no span; the statement's extent is
        // computed from the source. C: every declaration encloses what it names up to its `;`
        // (a field's or a typedef's type).
        if lang != Lang::Rust {
            let function_spans: Vec<(usize, (Pos, Pos))> = d
                .defs
                .iter()
                .filter(|x| x.sort == Sort::Function && x.span.is_some())
                .map(|x| (x.doc, x.span.unwrap()))
                .collect();
            for i in 0..d.defs.len() {
                let def = &d.defs[i];
                let c_type = lang.c_family() && def.sort == Sort::Type;
                if !(def.sort == Sort::Value || c_type) || def.local || def.span.is_some() {
                    continue;
                }
                if function_spans.iter().any(|(doc, sp)| *doc == def.doc && contains(*sp, def.name_start)) {
                    continue;
                }
                let doc = &d.docs[def.doc];
                // C fields and enumerators: no initialiser statement of their own (`A = 1,`).
                let c_member = lang.c_family() && def.descs.iter().filter(|(_, s)| *s != Suffix::Namespace).count() > 1;
                let end = if c_type || c_member { None } else { doc.assignment_end(lang, def.name_start, def.name_end) };
                let end = end.or_else(|| lang.c_family().then(|| doc.c_body_start(def.name_end)).flatten().and_then(|(p, c)| (c == ';').then_some(p)));
                if let Some(end) = end {
                    d.defs[i].span = Some(((def.name_start.0, 0), end));
                    *d.stats.entry("defs_span_statement".into()).or_default() += 1;
                }
            }
        }
        // Scopes: definitions that enclose sites.
        for (i, def) in d.defs.iter().enumerate() {
            let Some(span) = def.span else { continue };
            if def.file_module || span.0 == span.1 {
                continue;
            }
            let last_suffix = def.descs.last().map(|x| x.1);
            if matches!(last_suffix, Some(Suffix::Parameter) | Some(Suffix::TypeParameter) | Some(Suffix::Meta)) {
                continue;
            }
            d.docs[def.doc].scopes.push(i);
        }
        for doc in d.docs.iter_mut() {
            let defs = &d.defs;
            doc.scopes.sort_by_key(|&i| defs[i].span.unwrap().0);
        }
        // C prototypes: the declaration, up to its `;`, is the signature of the function.
        for (di, doc) in d.docs.iter().enumerate() {
            for o in doc.occs.iter().filter(|o| o.forward) {
                if let Some((end, ';')) = doc.c_body_start(o.end) {
                    d.forwards.push(Forward { doc: di, name_start: o.start, span: ((o.start.0, 0), end), sym: o.sym.clone() });
                }
            }
        }
        if lang == Lang::Python {
            d.read_reexports();
            d.find_accessors();
        }
        // References.
        for (di, doc) in d.docs.iter().enumerate() {
            for (oi, o) in doc.occs.iter().enumerate() {
                if !o.def && !o.forward && !o.sym.starts_with("local ") {
                    d.refs.entry(o.sym.clone()).or_default().push((di, oi));
                }
            }
        }
        // TypeScript: `new X()` refers to X's constructor; it is a reference to (and an
        // instantiation of) the class X as well.
        if lang == Lang::TypeScript {
            let ctor_refs: Vec<(String, Vec<(usize, usize)>)> = d
                .refs
                .iter()
                .filter_map(|(sym, v)| sym.strip_suffix("`<constructor>`().").map(|class| (class.to_string(), v.clone())))
                .collect();
            for (class, v) in ctor_refs {
                if d.by_sym.contains_key(&class) {
                    d.refs.entry(class).or_default().extend(v);
                }
            }
        }
        d.find_bases();
        if lang == Lang::Python {
            d.read_self_members();
            d.find_constructions();
        }
        Ok(d)
    }

    fn doc_index(&self, doc: &Doc) -> usize {
        self.docs.iter().position(|d| std::ptr::eq(d, doc)).unwrap_or(0)
    }

    fn def_of(&self, sym: &str) -> Option<&Def> {
        self.by_sym.get(sym).map(|&i| &self.defs[i])
    }
    fn sort_of(&self, sym: &str) -> Option<Sort> {
        self.def_of(sym).map(|d| d.sort)
    }
    fn in_repo_type(&self, sym: &str) -> bool {
        self.sort_of(sym) == Some(Sort::Type)
    }

    /// Innermost scope of `doc` containing `p`, excluding the definition `except`.
    /// Definitions declared in one statement (C `int a, b;`) share its span: they do not enclose
    /// each other.
    fn enclosing(&self, doc: usize, p: Pos, except: Option<&str>) -> Option<usize> {
        let mut best: Option<usize> = None;
        let own_span = except.and_then(|s| self.def_of(s)).and_then(|d| d.span);
        for &i in &self.docs[doc].scopes {
            let def = &self.defs[i];
            let span = def.span.unwrap();
            if span.0 > p {
                break;
            }
            if contains(span, p) && Some(def.sym.as_str()) != except && Some(span) != own_span {
                match best {
                    Some(b) if self.defs[b].span.unwrap().0 > span.0 => {}
                    Some(b) if self.defs[b].span.unwrap().0 == span.0 && self.defs[b].span.unwrap().1 <= span.1 => {}
                    _ => best = Some(i),
                }
            }
        }
        best
    }

    /// The key of the innermost definition containing `p` (and its index), else the file's
    /// top level. At the top level, a C prototype's signature belongs to its function (to the
    /// prototype itself when the function has no definition).
    fn enclosing_key(&self, doc: usize, p: Pos) -> (Key, Option<usize>) {
        let inner = self.enclosing(doc, p, None);
        // C++: a method declared in its class body, or a prototype in a namespace, encloses its
        // own signature, as a C prototype does at the top level.
        let in_class = |f: &&Forward| self.lang == Lang::Cpp && inner.is_some_and(|i| matches!(self.defs[i].sort, Sort::Type | Sort::Module) && self.defs[i].span.is_some_and(|s| s.0 < f.span.0));
        if let Some(f) = self.forwards.iter().find(|f| f.doc == doc && contains(f.span, p) && in_class(f)) {
            return match self.by_sym.get(&f.sym) {
                Some(&i) => (self.defs[i].key(&self.docs), Some(i)),
                None => (format!("{}:{}", self.docs[doc].path, f.name_start.0 + 1), None),
            };
        }
        // Python: a property's setter or deleter is the property's, unless a definition inside
        // it is nearer.
        let accessor = self.accessors.iter().find(|a| a.doc == doc && contains(a.span, p) && inner.is_none_or(|i| self.defs[i].span.is_some_and(|s| s.0 < a.span.0)));
        if let Some(a) = accessor {
            if let Some(&i) = self.by_sym.get(&a.sym) {
                return (self.defs[i].key(&self.docs), Some(i));
            }
        }
        if let Some(i) = inner {
            return (self.defs[i].key(&self.docs), Some(i));
        }
        if let Some(f) = self.forwards.iter().find(|f| f.doc == doc && contains(f.span, p)) {
            return match self.by_sym.get(&f.sym) {
                Some(&i) => (self.defs[i].key(&self.docs), Some(i)),
                None => (format!("{}:{}", self.docs[doc].path, f.name_start.0 + 1), None),
            };
        }
        (format!("{}:<module>", self.docs[doc].path), None)
    }

    /// Whether occurrence `o` of `doc` is a call (see the module doc).
    fn is_call(&self, doc: &Doc, o: &Occ) -> bool {
        let before = doc.text_before(o.start);
        let before = before.trim_end();
        match self.lang {
            // A decorator calls the expression written after `@`: its last name
            // (`@deco`, `@group.command`), not the receiver before a `.`.
            Lang::Python if before.trim_end_matches(|c: char| is_ident(c) || c == '.').trim_end().ends_with('@') && (before.ends_with('@') || before.ends_with('.')) => {
                return doc.skip_ws(o.end).is_none_or(|p| doc.char_at(p) != Some('.'));
            }
            // `def x(`: an accessor's own name (`find_accessors`), not a call.
            Lang::Python if doc.is_def_name(o.start) => return false,
            Lang::TypeScript if before.ends_with("new") && !before.ends_with(".new") => return true,
            // C++ `new T` / `new ns::T` (the occurrence is the class's).
            Lang::Cpp if self.in_repo_type(&o.sym) && {
                let b = before.trim_end_matches(|c: char| is_ident(c) || c == ':').trim_end();
                b.strip_suffix("new").is_some_and(|x| !x.ends_with(is_ident))
            } => return true,
            _ => {}
        }
        let Some(mut p) = doc.skip_ws(o.end) else { return false };
        // Rust turbofish `::<...>` and TypeScript type arguments `<...>`.
        if self.lang == Lang::Rust && doc.char_at(p) == Some(':') && doc.char_at((p.0, p.1 + 1)) == Some(':') && doc.char_at((p.0, p.1 + 2)) == Some('<') {
            p = (p.0, p.1 + 2);
        }
        if matches!(self.lang, Lang::TypeScript | Lang::Rust | Lang::Cpp) && doc.char_at(p) == Some('<') {
            let mut depth = 0;
            let line = &doc.lines[p.0 as usize];
            let mut c = p.1 as usize;
            while c < line.len() {
                match line[c] {
                    '<' => depth += 1,
                    '>' if c > 0 && line[c - 1] != '=' && line[c - 1] != '-' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                c += 1;
            }
            if depth != 0 {
                return false;
            }
            match doc.skip_ws((p.0, c as u32 + 1)) {
                Some(q) => p = q,
                None => return false,
            }
        }
        if self.lang == Lang::TypeScript && doc.char_at(p) == Some('?') && doc.char_at((p.0, p.1 + 1)) == Some('.') {
            p = (p.0, p.1 + 2);
        }
        // C++ constructions: `T(…)`, `T{…}`, and `T x(…)`/`T x{…}` declaring a variable inside a
        // function (outside, `T f(…)` declares a function).
        if self.lang == Lang::Cpp && self.in_repo_type(&o.sym) {
            if doc.char_at(p) == Some('{') {
                return true;
            }
            let line = &doc.lines[p.0 as usize];
            let ident = line[p.1 as usize..].iter().take_while(|c| is_ident(**c)).count();
            if ident > 0 && !doc.occs.iter().any(|x| x.def && x.start == p) {
                let q = (p.0, p.1 + ident as u32);
                let inside_function = self.enclosing(self.doc_index(doc), o.start, None).is_some_and(|i| self.defs[i].sort == Sort::Function);
                if inside_function && matches!(doc.char_at(q), Some('(') | Some('{')) {
                    return true;
                }
            }
        }
        doc.char_at(p) == Some('(')
    }

    /// Occurrences of `doc` between `from` and `to` with their bracket depth (parens,
    /// brackets, angles) relative to `from`.
    fn occs_in(&self, doc: usize, from: Pos, to: Pos) -> Vec<(usize, i32, i32)> {
        let d = &self.docs[doc];
        let mut out = vec![];
        for (oi, o) in d.occs.iter().enumerate() {
            if o.start < from || o.start >= to {
                continue;
            }
            // depth: scan text from `from` to o.start
            let (mut paren, mut angle) = (0i32, 0i32);
            let mut p = from;
            while p < o.start {
                if let Some(ch) = d.char_at(p) {
                    let prev = if p.1 > 0 { d.char_at((p.0, p.1 - 1)) } else { None };
                    match ch {
                        '(' | '[' => paren += 1,
                        ')' | ']' => paren -= 1,
                        '<' if self.lang != Lang::Python => angle += 1,
                        '>' if self.lang != Lang::Python && prev != Some('=') && prev != Some('-') => angle -= 1,
                        _ => {}
                    }
                }
                match d.next_pos(p) {
                    Some(q) if q > p => p = q,
                    _ => break,
                }
            }
            out.push((oi, paren, angle));
        }
        out
    }

    fn add_base(&mut self, base: &str, sub: &str) {
        if base == sub {
            return;
        }
        self.subtypes.entry(base.to_string()).or_default().insert(sub.to_string());
        if self.supertypes.entry(sub.to_string()).or_default().insert(base.to_string()) {
            self.bases.entry(sub.to_string()).or_default().push(base.to_string());
        }
    }

    /// The C3 linearisation of `class` over its in-repo bases (Python's method resolution
    /// order); where the bases admit none, their depth-first order.
    fn mro(&self, class: &str) -> Vec<String> {
        fn c3(d: &Derived, class: &str, depth: usize) -> Option<Vec<String>> {
            if depth > 64 {
                return None;
            }
            let bases = d.bases.get(class).cloned().unwrap_or_default();
            let mut seqs: Vec<Vec<String>> = vec![];
            for b in &bases {
                seqs.push(c3(d, b, depth + 1)?);
            }
            seqs.push(bases);
            let mut out = vec![class.to_string()];
            loop {
                seqs.retain(|s| !s.is_empty());
                if seqs.is_empty() {
                    return Some(out);
                }
                let head = seqs.iter().map(|s| &s[0]).find(|h| !seqs.iter().any(|s| s[1..].contains(h)))?.clone();
                for s in seqs.iter_mut() {
                    if s[0] == head {
                        s.remove(0);
                    }
                }
                out.push(head);
            }
        }
        c3(self, class, 0).unwrap_or_else(|| {
            let mut out: Vec<String> = vec![];
            let mut stack = vec![class.to_string()];
            while let Some(c) = stack.pop() {
                if out.contains(&c) || out.len() > 64 {
                    continue;
                }
                stack.extend(self.bases.get(&c).into_iter().flatten().rev().cloned());
                out.push(c);
            }
            out
        })
    }

    /// Python: a construction `X(…)` of an in-repo class is a call of the `__init__` that `X`
    /// finds first in its method resolution order (its own or a base's), as plumb's callers of
    /// a constructor report it.
    fn find_constructions(&mut self) {
        let mut found: HashMap<String, Vec<(usize, usize)>> = HashMap::new();
        let mut init_of: HashMap<String, Option<String>> = HashMap::new();
        for (sym, sites) in &self.refs {
            if !self.in_repo_type(sym) {
                continue;
            }
            let init = init_of
                .entry(sym.clone())
                .or_insert_with(|| self.mro(sym).iter().find_map(|c| self.method_of(c, "__init__", "")))
                .clone();
            let Some(init) = init else { continue };
            for &(di, oi) in sites {
                if self.is_call(&self.docs[di], &self.docs[di].occs[oi]) {
                    found.entry(init.clone()).or_default().push((di, oi));
                }
            }
        }
        self.constructions = found;
    }

    fn find_bases(&mut self) {
        let type_defs: Vec<usize> = (0..self.defs.len())
            .filter(|&i| self.defs[i].sort == Sort::Type && !self.defs[i].local)
            .collect();
        let mut edges: Vec<(String, String)> = vec![];
        for &i in &type_defs {
            let def = &self.defs[i];
            let doc = &self.docs[def.doc];
            let header_text = doc.line_text(def.name_start.0);
            match self.lang {
                Lang::Python => {
                    if !header_text.trim_start().starts_with("class ") {
                        continue;
                    }
                    let Some(p) = doc.skip_ws(def.name_end) else { continue };
                    if doc.char_at(p) != Some('(') {
                        continue;
                    }
                    // header ends at the first ':' after a ')' at depth 0
                    let end = match doc.find_colon(p) {
                        Some(e) => e,
                        None => continue,
                    };
                    for (oi, paren, _) in self.occs_in(def.doc, p, end) {
                        let o = &doc.occs[oi];
                        if paren != 1 || o.def {
                            continue;
                        }
                        // keyword arguments (metaclass=...) are not bases
                        let before = doc.text_before(o.start);
                        let seg = before.rsplit([',', '(']).next().unwrap_or("");
                        if seg.contains('=') {
                            continue;
                        }
                        if self.in_repo_type(&o.sym) {
                            edges.push((o.sym.clone(), def.sym.clone()));
                        }
                    }
                }
                Lang::TypeScript => {
                    let t = header_text.trim_start();
                    let is_decl = ["class ", "interface ", "export ", "abstract ", "declare ", "default "]
                        .iter()
                        .any(|k| t.starts_with(k));
                    if !is_decl || !(t.contains("class ") || t.contains("interface ")) {
                        continue;
                    }
                    let Some((body, ch)) = doc.find_body_start(def.name_end, false) else { continue };
                    if ch != '{' {
                        continue;
                    }
                    for (oi, paren, angle) in self.occs_in(def.doc, def.name_end, body) {
                        let o = &doc.occs[oi];
                        if paren != 0 || angle != 0 || o.def {
                            continue;
                        }
                        if self.in_repo_type(&o.sym) {
                            edges.push((o.sym.clone(), def.sym.clone()));
                        }
                    }
                }
                Lang::C => {}
                // `class A : public B, private ns::C<T> {`: in-repo types at depth 0 after the
                // name, before the body.
                Lang::Cpp => {
                    let Some((body, '{')) = doc.c_body_start(def.name_end) else { continue };
                    let Some(colon) = doc.skip_ws(def.name_end) else { continue };
                    for (oi, paren, angle) in self.occs_in(def.doc, colon, body) {
                        let o = &doc.occs[oi];
                        if paren != 0 || angle != 0 || o.def {
                            continue;
                        }
                        if self.in_repo_type(&o.sym) {
                            edges.push((o.sym.clone(), def.sym.clone()));
                        }
                    }
                }
                Lang::Rust => {
                    // supertraits: `trait A: B + C {`
                    let t = header_text.trim_start();
                    if !(t.starts_with("trait ") || t.contains(" trait ")) {
                        continue;
                    }
                    let Some(colon) = doc.skip_ws(def.name_end) else { continue };
                    // skip own generics
                    let Some((body, _)) = doc.find_body_start(def.name_end, true) else { continue };
                    for (oi, paren, angle) in self.occs_in(def.doc, colon, body) {
                        let o = &doc.occs[oi];
                        if paren != 0 || angle != 0 || o.def {
                            continue;
                        }
                        if self.in_repo_type(&o.sym) {
                            edges.push((o.sym.clone(), def.sym.clone()));
                        }
                    }
                }
            }
        }
        if self.lang == Lang::Rust {
            self.find_impls();
            for im in &self.impls {
                if let (Some(t), Some(s)) = (&im.trait_sym, &im.self_sym) {
                    edges.push((t.clone(), s.clone()));
                }
            }
            // Methods inside impl blocks: parent type and trait.
            let mut parents = vec![];
            for def in &self.defs {
                if def.sort != Sort::Function || def.local {
                    continue;
                }
                let best = self
                    .impls
                    .iter()
                    .filter(|im| im.doc == def.doc && contains(im.body, def.name_start))
                    .max_by_key(|im| im.body.0);
                if let Some(im) = best {
                    parents.push((def.sym.clone(), im.self_sym.clone(), im.trait_sym.clone()));
                }
            }
            for (m, s, t) in parents {
                if let Some(s) = s {
                    self.parent.insert(m.clone(), s);
                }
                if let Some(t) = t {
                    self.impl_trait.insert(m, t);
                }
            }
        }
        for (b, s) in edges {
            self.add_base(&b, &s);
        }
        *self.stats.entry("subtype_edges".into()).or_default() += self.subtypes.values().map(|s| s.len()).sum::<usize>();
    }

    fn find_impls(&mut self) {
        for di in 0..self.docs.len() {
            let doc = &self.docs[di];
            for l in 0..doc.lines.len() {
                let line = &doc.lines[l];
                let text: String = line.iter().collect();
                let t = text.trim_start();
                let indent = text.len() - t.len();
                let rest = if let Some(r) = t.strip_prefix("unsafe impl") {
                    (r, indent + 11)
                } else if let Some(r) = t.strip_prefix("impl") {
                    (r, indent + 4)
                } else {
                    continue;
                };
                if !(rest.0.starts_with('<') || rest.0.starts_with(' ')) {
                    continue;
                }
                let start: Pos = (l as u32, rest.1 as u32);
                // skip the impl's own generics
                let mut p = match doc.skip_ws(start) {
                    Some(p) => p,
                    None => continue,
                };
                if doc.char_at(p) == Some('<') {
                    let mut depth = 0;
                    loop {
                        match doc.char_at(p) {
                            Some('<') => depth += 1,
                            Some('>') => {
                                depth -= 1;
                                if depth == 0 {
                                    break;
                                }
                            }
                            _ => {}
                        }
                        match doc.next_pos(p) {
                            Some(q) => p = q,
                            None => break,
                        }
                    }
                    p = doc.next_pos(p).unwrap_or(p);
                }
                let Some((body_open, ch)) = doc.find_body_start(p, true) else { continue };
                let body_open = if ch == 'w' {
                    match doc.find_body_start((body_open.0, body_open.1 + 5), false) {
                        Some((b, '{')) => b,
                        _ => continue,
                    }
                } else if ch == '{' {
                    body_open
                } else {
                    continue;
                };
                let header_end = if ch == 'w' { doc.find_body_start(p, true).unwrap().0 } else { body_open };
                // find ` for ` at depth 0 between p and header_end
                let mut for_pos: Option<Pos> = None;
                {
                    let mut q = p;
                    let mut depth = 0i32;
                    while q < header_end {
                        let c = doc.char_at(q).unwrap_or(' ');
                        let prev = if q.1 > 0 { doc.char_at((q.0, q.1 - 1)) } else { Some(' ') };
                        match c {
                            '<' | '(' | '[' => depth += 1,
                            '>' if prev != Some('-') && prev != Some('=') => depth -= 1,
                            ')' | ']' => depth -= 1,
                            'f' if depth == 0 && prev.is_none_or(|x| !is_ident(x)) => {
                                let w: String = doc.lines[q.0 as usize][q.1 as usize..].iter().take(4).collect();
                                if w == "for " || w == "for\t" {
                                    for_pos = Some(q);
                                    break;
                                }
                            }
                            _ => {}
                        }
                        match doc.next_pos(q) {
                            Some(n) => q = n,
                            None => break,
                        }
                    }
                }
                let Some(close) = doc.match_brace(body_open, Lang::Rust) else { continue };
                let type_occ = |from: Pos, to: Pos, last: bool| -> Option<String> {
                    let cands: Vec<String> = self
                        .occs_in(di, from, to)
                        .into_iter()
                        .filter(|&(oi, paren, angle)| paren == 0 && angle == 0 && !doc.occs[oi].def && self.sort_of(&doc.occs[oi].sym) == Some(Sort::Type))
                        .map(|(oi, _, _)| doc.occs[oi].sym.clone())
                        .collect();
                    if last { cands.last().cloned() } else { cands.first().cloned() }
                };
                let (trait_sym, self_sym) = match for_pos {
                    Some(f) => (type_occ(p, f, true), type_occ((f.0, f.1 + 3), header_end, false)),
                    None => (None, type_occ(p, header_end, false)),
                };
                self.impls.push(Impl { doc: di, body: (body_open, close), trait_sym, self_sym });
            }
        }
        // Impl blocks are scopes for outline purposes only; recorded in `impls`.
        *self.stats.entry("impl_blocks".into()).or_default() += self.impls.len();
    }

    // ---------------------------------------------------------------- naming

    /// The qualified name in plumb's documented form (README: "Qualified names").
    fn qualname(&self, def: &Def) -> Option<String> {
        let path = &self.docs[def.doc].path;
        match self.lang {
            Lang::Python => {
                let (first, rest) = def.descs.split_first()?;
                if first.1 != Suffix::Namespace {
                    return None;
                }
                let mut module = first.0.trim_matches('`').to_string();
                if path.starts_with("src/") {
                    module = module.strip_prefix("src.").unwrap_or(&module).to_string();
                }
                let mut parts = vec![module];
                for (n, s) in rest {
                    if matches!(s, Suffix::Parameter | Suffix::TypeParameter | Suffix::Local | Suffix::Meta) {
                        return None;
                    }
                    parts.push(clean_name(n));
                }
                Some(parts.join("."))
            }
            Lang::TypeScript => {
                let mut file = String::new();
                let mut parts = vec![];
                for (n, s) in &def.descs {
                    match s {
                        Suffix::Namespace if parts.is_empty() => {
                            file.push_str(n.trim_matches('`'));
                            file.push('/');
                        }
                        Suffix::Type | Suffix::Term | Suffix::Method | Suffix::Namespace => parts.push(clean_name(n)),
                        _ => return None,
                    }
                }
                let file = file.trim_end_matches('/');
                // `types.d.ts` is module `types`, as plumb names it.
                let stem = file
                    .strip_suffix(".d.ts")
                    .or_else(|| file.rsplit_once('.').map(|(a, _)| a))
                    .unwrap_or(file);
                if parts.is_empty() {
                    return None;
                }
                Some(format!("{stem}.{}", parts.join(".")))
            }
            Lang::Rust => {
                if let Some(ptype) = self.parent.get(&def.sym) {
                    let pdef = self.def_of(ptype)?;
                    return Some(format!("{}::{}", self.qualname(pdef)?, def.name));
                }
                let mut parts = vec!["crate".to_string()];
                for (n, s) in &def.descs {
                    match s {
                        Suffix::Namespace | Suffix::Type | Suffix::Term | Suffix::Method | Suffix::Macro => {
                            if n == "impl" {
                                return None;
                            }
                            parts.push(n.trim_matches('`').to_string())
                        }
                        _ => return None,
                    }
                }
                Some(parts.join("::"))
            }
            // C: `name`, `struct.field`, `enum.ENUMERATOR` (a static's file is not part of it).
            Lang::C => {
                let parts: Option<Vec<&str>> = def
                    .descs
                    .iter()
                    .filter(|(_, s)| *s != Suffix::Namespace)
                    .map(|(n, s)| matches!(s, Suffix::Type | Suffix::Term | Suffix::Method).then_some(n.as_str()))
                    .collect();
                Some(parts?.join("."))
            }
            // C++: `ns::Class::method`, as plumb prints it. The file clang qualifies internal
            // linkage with (a namespace whose name has a `.`) is not part of it; anonymous
            // namespaces are not in the symbol.
            Lang::Cpp => {
                let parts: Option<Vec<String>> = def
                    .descs
                    .iter()
                    .filter(|(n, s)| !(*s == Suffix::Namespace && n.contains('.')))
                    .map(|(n, s)| matches!(s, Suffix::Namespace | Suffix::Type | Suffix::Term | Suffix::Method).then(|| clean_name(n)))
                    .collect();
                Some(parts?.join("::"))
            }
        }
    }

    /// The module qualified name of a document (Python package for `__init__.py`, Rust module
    /// path), for re-export questions.
    fn module_name_of(&self, doc: usize) -> Option<String> {
        let path = &self.docs[doc].path;
        match self.lang {
            Lang::Python => {
                let p = path.strip_prefix("src/").unwrap_or(path);
                let p = p.strip_suffix("/__init__.py")?;
                Some(p.replace('/', "."))
            }
            Lang::Rust => {
                let m = self.defs.iter().find(|d| d.doc == doc && d.file_module)?;
                let mut parts = vec!["crate".to_string()];
                // rust-analyzer names a crate root's module `crate/`: it is the `crate` already there.
                for (n, _) in m.descs.iter().skip_while(|(n, _)| n == "crate") {
                    parts.push(n.clone());
                }
                Some(parts.join("::"))
            }
            Lang::TypeScript | Lang::C | Lang::Cpp => None,
        }
    }

    /// Python: `self.NAME` (or `cls.NAME`) in a method of class `C`, which scip-python names by
    /// a builtin of that name when `C` defines `NAME` below the use (httpx: `self.set(…)` in
    /// `Cookies.__init__` as `builtins/set#`; click: `self.type` as `builtins/type#`). An
    /// attribute is never a builtin global: the read takes the member `NAME` that `C` finds
    /// first in its method resolution order, when there is one in the repository.
    fn read_self_members(&mut self) {
        let mut fixed = vec![];
        for (di, doc) in self.docs.iter().enumerate() {
            for (oi, o) in doc.occs.iter().enumerate() {
                let Some(builtin) = o.sym.rsplit(' ').next().and_then(|d| d.strip_prefix("builtins/")) else { continue };
                let global = builtin.strip_suffix("().").or_else(|| builtin.strip_suffix('#')).or_else(|| builtin.strip_suffix('.'));
                if o.def || !global.is_some_and(|g| !g.is_empty() && g.chars().all(is_ident)) {
                    continue;
                }
                let before = doc.text_before(o.start);
                let Some(head) = before.strip_suffix('.') else { continue };
                let receiver = head.rsplit(|c: char| !is_ident(c)).next().unwrap_or("");
                if !matches!(receiver, "self" | "cls") || head[..head.len() - receiver.len()].ends_with('.') {
                    continue;
                }
                let name: String = doc.lines[o.start.0 as usize][o.start.1 as usize..(o.end.1 as usize).min(doc.lines[o.start.0 as usize].len())].iter().collect();
                let Some(method) = self.enclosing(di, o.start, None).filter(|&i| self.defs[i].sort == Sort::Function) else { continue };
                let Some(class) = self.parent_type(&self.defs[method].sym) else { continue };
                let member = self.mro(&class).iter().find_map(|c| {
                    [format!("{c}{name}()."), format!("{c}{name}.")].into_iter().find(|m| self.by_sym.contains_key(m))
                });
                if let Some(member) = member {
                    fixed.push((di, oi, member));
                }
            }
        }
        for (di, oi, member) in fixed {
            let old = std::mem::replace(&mut self.docs[di].occs[oi].sym, member.clone());
            if let Some(sites) = self.refs.get_mut(&old) {
                sites.retain(|&site| site != (di, oi));
            }
            self.refs.entry(member).or_default().push((di, oi));
        }
    }

    /// Python: a property's setter or deleter (`@x.setter` over `def x(self, value)`).
    /// scip-python gives it the getter's symbol and records its name as a reference, not a
    /// definition, so the getter's span alone would leave the accessor's decorator and body to
    /// the class. The accessor is the property's own code: its span, from its first decorator
    /// to the end of its body, encloses its sites as the property (`enclosing_key`).
    fn find_accessors(&mut self) {
        for (di, doc) in self.docs.iter().enumerate() {
            for o in doc.occs.iter().filter(|o| !o.def && doc.is_def_name(o.start)) {
                if self.sort_of(&o.sym) != Some(Sort::Function) {
                    continue;
                }
                let mut first = o.start.0;
                while first > 0 && doc.line_text(first - 1).trim_start().starts_with('@') {
                    first -= 1;
                }
                let span = ((first, 0), doc.python_block_end(o.start.0));
                self.accessors.push(Forward { doc: di, name_start: o.start, span, sym: o.sym.clone() });
            }
        }
    }

    /// Python: `pkg.NAME`, where `pkg/__init__.py` re-exports `NAME`, reads the re-exported
    /// definition. scip-python names some such reads by a symbol no file defines
    /// (`flask.g` as `` `flask.ctx`/g# ``, `flask.current_app` as `` `flask.app`/current_app# ``,
    /// for module variables annotated with a class), and reads of names the package re-exports
    /// with `from .mod import *` by another definition of `mod` (httpx: `httpx.Response` as
    /// `` `httpx._models`/Request# ``, `httpx.Client` as `AsyncClient#`); those take the
    /// re-exported definition's symbol. Reads whose symbol is a definition of that name are
    /// left as they are.
    fn read_reexports(&mut self) {
        let reexports: HashMap<String, String> = self.reexports().into_iter().collect();
        for di in 0..self.docs.len() {
            let mut fixed = vec![];
            let doc = &self.docs[di];
            for (oi, o) in doc.occs.iter().enumerate() {
                if o.def || o.sym.starts_with("local ") {
                    continue;
                }
                let named = self.def_of(&o.sym).map(|d| (d.name.clone(), d.sort));
                if matches!(named, Some((_, sort)) if !matches!(sort, Sort::Type | Sort::Function | Sort::Value)) {
                    continue;
                }
                let Some(module) = doc.occs[..oi].iter().rev().find(|m| m.end.0 == o.start.0 && m.end.1 + 1 == o.start.1) else { continue };
                if doc.char_at(module.end) != Some('.') {
                    continue;
                }
                let Some(package) = module.sym.rsplit(' ').next().and_then(|x| x.strip_suffix("/__init__:")) else { continue };
                let line = &doc.lines[o.start.0 as usize];
                let name: String = line[o.start.1 as usize..(o.end.1 as usize).min(line.len())].iter().collect();
                if named.as_ref().is_some_and(|(n, _)| *n == name) {
                    continue;
                }
                let package = package.trim_matches('`');
                let sym = reexports.get(&format!("{package}.{name}")).cloned().or_else(|| self.star_exported(package, &name));
                if let Some(sym) = sym {
                    fixed.push((oi, sym));
                }
            }
            for (oi, sym) in fixed {
                self.docs[di].occs[oi].sym = sym;
            }
        }
    }

    /// Python: the definition the package `package` (its `__init__.py`) offers as `name`
    /// through `from .mod import *`: a top-level definition of `mod` named `name`, or one `mod`
    /// itself star-imports, when `mod` exports it (it is in `mod`'s `__all__`, or, without an
    /// `__all__`, does not start with `_`).
    fn star_exported(&self, package: &str, name: &str) -> Option<String> {
        let init_path = format!("{}/__init__.py", package.replace('.', "/"));
        let init = self.docs.iter().position(|d| d.path.strip_prefix("src/").unwrap_or(&d.path) == init_path)?;
        self.star_lookup(init, name, STAR_IMPORT_DEPTH)
    }

    /// `name` among what the star imports of document `doc` bring in, following at most
    /// `depth` star imports.
    fn star_lookup(&self, doc: usize, name: &str, depth: usize) -> Option<String> {
        if depth == 0 {
            return None;
        }
        let d = &self.docs[doc];
        let dir = d.path.rsplit_once('/').map_or("", |(dir, _)| dir);
        for l in 0..d.lines.len() {
            let text = d.line_text(l as u32);
            let Some(module) = text.strip_prefix("from .").and_then(|r| r.strip_suffix(" import *")) else { continue };
            if module.is_empty() || !module.chars().all(|c| is_ident(c) || c == '.') {
                continue;
            }
            let base = format!("{dir}/{}", module.replace('.', "/"));
            let Some(target) = self.docs.iter().position(|x| x.path == format!("{base}.py") || x.path == format!("{base}/__init__.py")) else { continue };
            if !self.docs[target].exports(name) {
                continue;
            }
            let top_level = |x: &&Def| x.doc == target && x.name == name && !x.local && x.descs.iter().filter(|(_, s)| *s != Suffix::Namespace).count() == 1;
            if let Some(def) = self.defs.iter().find(top_level) {
                return Some(def.sym.clone());
            }
            if let Some(sym) = self.star_lookup(target, name, depth - 1) {
                return Some(sym);
            }
        }
        None
    }

    // ---------------------------------------------------------------- truths

    fn eligible_target(&self, def: &Def) -> bool {
        if def.local || self.def_count.get(&def.sym).copied().unwrap_or(0) != 1 || def.name.is_empty() {
            return false;
        }
        if !matches!(def.sort, Sort::Type | Sort::Function | Sort::Value) {
            return false;
        }
        // Values defined inside functions (`self.x = ...`) cannot be named by path:LINE.
        if def.sort == Sort::Value {
            if let Some(i) = self.enclosing(def.doc, def.name_start, Some(&def.sym)) {
                if self.defs[i].sort == Sort::Function || self.defs[i].local {
                    return false;
                }
            }
        }
        // path:LINE must be unambiguous: no other such definition on the same line.
        let line = def.name_start.0;
        let others = self
            .defs
            .iter()
            .filter(|o| o.doc == def.doc && o.name_start.0 == line && o.sym != def.sym && !o.local && matches!(o.sort, Sort::Type | Sort::Function | Sort::Value))
            .count();
        others == 0
    }

    /// C++ constructors and destructors: not targets (a construction's sites are the class's;
    /// destructors are not called by name).
    fn cpp_structor(&self, def: &Def) -> bool {
        self.lang == Lang::Cpp
            && def.sort == Sort::Function
            && def.descs.len() >= 2
            && def.descs[def.descs.len() - 2].1 == Suffix::Type
            && (def.name == def.descs[def.descs.len() - 2].0 || def.name.starts_with('~'))
    }

    /// Whether a definition lies inside a function body (closures, nested helpers, items
    /// declared in a function).
    fn nested_in_function(&self, def: &Def) -> bool {
        let mut at = def.name_start;
        let mut except = def.sym.clone();
        for _ in 0..64 {
            match self.enclosing(def.doc, at, Some(&except)) {
                Some(i) if self.defs[i].sort == Sort::Function || self.defs[i].local => return true,
                Some(i) => {
                    at = self.defs[i].name_start;
                    except = self.defs[i].sym.clone();
                }
                None => return false,
            }
        }
        false
    }

    fn call_sites(&self, sym: &str) -> Vec<(usize, usize)> {
        let mut v: Vec<(usize, usize)> = self.constructions.get(sym).cloned().unwrap_or_default();
        if let Some(rs) = self.refs.get(sym) {
            for &(di, oi) in rs {
                if self.is_call(&self.docs[di], &self.docs[di].occs[oi]) {
                    v.push((di, oi));
                }
            }
        }
        v
    }

    fn callers_truth(&self, sym: &str) -> BTreeSet<Key> {
        self.call_sites(sym)
            .into_iter()
            .map(|(di, oi)| self.enclosing_key(di, self.docs[di].occs[oi].start).0)
            .collect()
    }

    /// What a call occurrence calls, as a definition key, if it counts (see callee_counts).
    fn callee_key(&self, o: &Occ) -> Option<Key> {
        let mut def = self.def_of(&o.sym)?;
        if def.name == "constructor" && self.lang == Lang::TypeScript {
            // `new X()` may point at X's constructor: the callee is the class.
            let parent: Vec<_> = def.descs[..def.descs.len() - 1].to_vec();
            if let Some(p) = self.defs.iter().find(|d| !d.local && d.sort == Sort::Type && d.descs == parent) {
                def = p;
            }
        }
        let counts = match (self.lang, def.sort) {
            (_, Sort::Function) => true,
            (Lang::Python | Lang::TypeScript, Sort::Type) => true,
            // A module-level variable called (`const f = () => ...`).
            (Lang::Python | Lang::TypeScript, Sort::Value) => self.enclosing(def.doc, def.name_start, Some(&def.sym)).is_none(),
            // C: a function pointer called, in a field (`s->ops->area(s)`) or a variable.
            (Lang::C | Lang::Cpp, Sort::Value) => true,
            // C++: a construction (`T(…)`, `new T`, `T x(…)`) calls the class.
            (Lang::Cpp, Sort::Type) => true,
            _ => false,
        };
        counts.then(|| def.key(&self.docs))
    }

    fn callees_truth(&self, fidx: usize) -> BTreeSet<Key> {
        let f = &self.defs[fidx];
        let Some(span) = f.span else { return BTreeSet::new() };
        let doc = &self.docs[f.doc];
        let mut out = BTreeSet::new();
        for o in &doc.occs {
            if o.def || o.sym.starts_with("local ") {
                continue;
            }
            let own = contains(span, o.start) && self.enclosing(f.doc, o.start, None) == Some(fidx);
            // Python: the sites of the property's setter and deleter are the property's.
            let in_accessor = || {
                self.accessors.iter().any(|a| a.doc == f.doc && a.sym == f.sym && contains(a.span, o.start)) && self.enclosing_key(f.doc, o.start).1 == Some(fidx)
            };
            if !own && !in_accessor() {
                continue;
            }
            if !self.is_call(doc, o) {
                continue;
            }
            if let Some(k) = self.callee_key(o) {
                out.insert(k);
            }
        }
        out
    }

    fn refs_truth(&self, sym: &str) -> BTreeSet<Key> {
        self.refs
            .get(sym)
            .map(|v| v.iter().map(|&(di, oi)| format!("{}:{}", self.docs[di].path, self.docs[di].occs[oi].start.0 + 1)).collect())
            .unwrap_or_default()
    }

    /// Methods overriding `sym` (nearest definition down each subtype path).
    fn overriders(&self, sym: &str) -> Vec<String> {
        let Some(def) = self.def_of(sym) else { return vec![] };
        if def.sort != Sort::Function {
            return vec![];
        }
        // A Rust impl method is overridden by nothing: the methods of the trait's other impls
        // are its siblings, not its dependents (only the trait's own method has overriders).
        if self.lang == Lang::Rust && self.parent.contains_key(sym) {
            return vec![];
        }
        let Some(parent) = self.parent_type(sym) else { return vec![] };
        let mut out = vec![];
        let mut stack: Vec<String> = self.subtypes.get(&parent).map(|s| s.iter().cloned().collect()).unwrap_or_default();
        let mut seen = HashSet::new();
        while let Some(t) = stack.pop() {
            if !seen.insert(t.clone()) {
                continue;
            }
            if let Some(m) = self.method_of(&t, &def.name, &parent) {
                out.push(m);
            } else if let Some(s) = self.subtypes.get(&t) {
                stack.extend(s.iter().cloned());
            }
        }
        out
    }

    fn parent_type(&self, sym: &str) -> Option<String> {
        if self.parent.contains_key(sym) {
            // Rust impl method: overridable only through its trait (none for inherent impls).
            return self.impl_trait.get(sym).cloned();
        }
        let def = self.def_of(sym)?;
        let parent: Vec<_> = def.descs[..def.descs.len().saturating_sub(1)].to_vec();
        let p = self.defs.iter().find(|d| !d.local && d.sort == Sort::Type && d.descs == parent)?;
        Some(p.sym.clone())
    }

    /// The method named `name` of type `t` (Rust: in an impl of `via_trait` for `t`).
    fn method_of(&self, t: &str, name: &str, via_trait: &str) -> Option<String> {
        if self.lang == Lang::Rust {
            return self
                .defs
                .iter()
                .find(|d| d.sort == Sort::Function && d.name == name && self.parent.get(&d.sym).map(String::as_str) == Some(t) && self.impl_trait.get(&d.sym).map(String::as_str) == Some(via_trait))
                .map(|d| d.sym.clone());
        }
        let tdef = self.def_of(t)?;
        self.defs
            .iter()
            .find(|d| !d.local && d.sort == Sort::Function && d.name == name && d.descs.len() == tdef.descs.len() + 1 && d.descs[..tdef.descs.len()] == tdef.descs[..])
            .map(|d| d.sym.clone())
    }

    /// Dependents of a symbol: enclosing definitions of its references, its direct subtypes
    /// and the methods overriding it. Returns (key, symbol to expand further).
    fn dependents(&self, sym: &str) -> Vec<(Key, Option<String>)> {
        let mut out = vec![];
        // Python: the constructions that run an `__init__` depend on it, as they are its
        // callers (`call_sites`).
        let constructions = self.constructions.get(sym).into_iter().flatten();
        for &(di, oi) in self.refs.get(sym).into_iter().flatten().chain(constructions) {
            let (k, i) = self.enclosing_key(di, self.docs[di].occs[oi].start);
            out.push((k, i.map(|i| self.defs[i].sym.clone())));
        }
        for s in self.subtypes.get(sym).into_iter().flatten() {
            if let Some(d) = self.def_of(s) {
                out.push((d.key(&self.docs), Some(s.clone())));
            }
        }
        for m in self.overriders(sym) {
            if let Some(d) = self.def_of(&m) {
                out.push((d.key(&self.docs), Some(m.clone())));
            }
        }
        out
    }

    fn impact_truth(&self, sym: &str, depth: usize) -> BTreeSet<Key> {
        let own = self.def_of(sym).map(|d| d.key(&self.docs));
        let mut out = BTreeSet::new();
        let mut frontier = vec![sym.to_string()];
        let mut seen: HashSet<String> = HashSet::from([sym.to_string()]);
        for _ in 0..depth {
            let mut next = vec![];
            for s in &frontier {
                // Local scopes (closures) are expanded by their per-document symbol
                // (`local N@DOC`); a global symbol may hold `@` (`npm @scope/pkg`).
                let deps = if s.starts_with("local ") { self.local_dependents(s) } else { self.dependents(s) };
                for (k, ns) in deps {
                    if Some(&k) != own.as_ref() {
                        out.insert(k);
                    }
                    if let Some(ns) = ns {
                        if seen.insert(ns.clone()) {
                            next.push(ns);
                        }
                    }
                }
            }
            frontier = next;
        }
        out
    }

    fn local_dependents(&self, s: &str) -> Vec<(Key, Option<String>)> {
        let Some((local, doc)) = s.split_once('@') else { return vec![] };
        let Ok(di) = doc.parse::<usize>() else { return vec![] };
        self.docs[di]
            .occs
            .iter()
            .filter(|o| !o.def && o.sym == local)
            .map(|o| {
                let (k, i) = self.enclosing_key(di, o.start);
                (k, i.map(|i| self.defs[i].sym.clone()))
            })
            .collect()
    }

    fn outline_truth(&self, doc: usize) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        for def in &self.defs {
            if def.doc != doc || def.local || def.name.is_empty() || def.file_module {
                continue;
            }
            if !matches!(def.sort, Sort::Type | Sort::Function | Sort::Value | Sort::Module | Sort::Macro) {
                continue;
            }
            if self.enclosing(doc, def.name_start, Some(&def.sym)).is_some() {
                continue;
            }
            // C: fields and enumerators (of anonymous structs and enums too) are members.
            if self.lang == Lang::C && def.descs.iter().filter(|(_, s)| *s != Suffix::Namespace).count() != 1 {
                continue;
            }
            if self.lang == Lang::Rust && self.impls.iter().any(|im| im.doc == doc && contains(im.body, def.name_start)) {
                continue;
            }
            out.insert(def.name.clone());
        }
        if self.lang == Lang::Rust {
            // `mod foo;` declares a module item here; rust-analyzer defines it in foo.rs.
            let d = &self.docs[doc];
            for o in &d.occs {
                if o.def || self.sort_of(&o.sym) != Some(Sort::Module) {
                    continue;
                }
                let before = d.text_before(o.start);
                let b = before.trim_end();
                let after: String = d.lines[o.end.0 as usize][(o.end.1 as usize).min(d.lines[o.end.0 as usize].len())..].iter().collect();
                if (b.ends_with(" mod") || b == "mod") && after.trim_start().starts_with(';') && self.enclosing(doc, o.start, None).is_none() {
                    if let Some(def) = self.def_of(&o.sym) {
                        out.insert(def.name.clone());
                    }
                }
            }
        }
        // C: a prototype at the top level declares its function here (a header's outline).
        for f in self.forwards.iter().filter(|f| f.doc == doc) {
            if self.enclosing(doc, f.name_start, None).is_none() {
                if let Some(name) = scip::symbol::parse_symbol(&f.sym).ok().and_then(|s| s.descriptors.last().map(|d| d.name.clone())) {
                    out.insert(name);
                }
            }
        }
        out
    }

    /// Re-exports: (qualified name through the re-exporting module, symbol).
    fn reexports(&self) -> Vec<(String, String)> {
        let mut out = vec![];
        for (di, doc) in self.docs.iter().enumerate() {
            let Some(module) = self.module_name_of(di) else { continue };
            // statement ranges
            let mut in_stmt = false;
            for l in 0..doc.lines.len() {
                let t = doc.line_text(l as u32);
                let tt = t.trim_start();
                let starts = match self.lang {
                    Lang::Python => tt.starts_with("from "),
                    Lang::Rust => tt.starts_with("pub use ") || tt.starts_with("pub(crate) use "),
                    Lang::TypeScript | Lang::C | Lang::Cpp => false,
                };
                if starts {
                    in_stmt = true;
                }
                if !in_stmt {
                    continue;
                }
                for o in doc.occs.iter().filter(|o| o.start.0 as usize == l && !o.def) {
                    let Some(def) = self.def_of(&o.sym) else { continue };
                    if def.doc == di || !matches!(def.sort, Sort::Type | Sort::Function | Sort::Value) || def.local {
                        continue;
                    }
                    // not aliased to another name
                    let written: String = doc.lines[l][o.start.1 as usize..(o.start.1 as usize + def.name.chars().count()).min(doc.lines[l].len())].iter().collect();
                    if written != def.name {
                        continue;
                    }
                    let rest: String = doc.lines[l][(o.start.1 as usize + def.name.chars().count()).min(doc.lines[l].len())..].iter().collect();
                    // An occurrence of the alias (`as generate_bash` for `generate`) is not the name.
                    if rest.starts_with(|c: char| c.is_alphanumeric() || c == '_') {
                        continue;
                    }
                    let rest = rest.trim_start();
                    // Rust's `pub use a::B as C;`: the module has `C`, not `B`.
                    let name = match rest.strip_prefix("as ") {
                        Some(alias) if self.lang == Lang::Rust => alias.trim_start().split(|c: char| !(c.is_alphanumeric() || c == '_')).next().unwrap_or(""),
                        Some(alias) if !alias.trim_start().starts_with(&def.name) => continue,
                        _ => def.name.as_str(),
                    };
                    if name.is_empty() || name == "_" {
                        continue;
                    }
                    let sep = if self.lang == Lang::Rust { "::" } else { "." };
                    out.push((format!("{module}{sep}{name}"), o.sym.clone()));
                }
                let ended = match self.lang {
                    Lang::Python => (t.contains(')') || tt.starts_with("from ")) && (t.contains(')') || !t.contains('(')),
                    _ => t.contains(';'),
                };
                if ended {
                    in_stmt = false;
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }
}

/// A symbol without overload disambiguators: `(+1)` -> `(`.
fn strip_overload(sym: &str) -> String {
    let mut out = String::with_capacity(sym.len());
    let mut rest = sym;
    while let Some(i) = rest.find("(+") {
        let after = &rest[i + 2..];
        let digits = after.chars().take_while(|c| c.is_ascii_digit()).count();
        if digits > 0 && after[digits..].starts_with(')') {
            out.push_str(&rest[..i + 1]);
            rest = &after[digits..];
        } else {
            out.push_str(&rest[..i + 2]);
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// The name declared on a line and its column: Python `def`/`class`, Rust items (not
/// `mod x;`, whose definition is the module's own file). None for other lines.
fn declared_name(lang: Lang, line: &str) -> Option<(String, usize)> {
    let t = line.trim_start();
    let mut rest = t;
    let keywords: &[&str] = match lang {
        Lang::Python => {
            rest = rest.strip_prefix("async ").unwrap_or(rest);
            &["def ", "class "]
        }
        Lang::Rust => {
            if rest.starts_with("pub") {
                rest = rest.strip_prefix("pub").unwrap();
                if rest.starts_with('(') {
                    rest = &rest[rest.find(')')? + 1..];
                }
                rest = rest.trim_start();
            }
            for m in ["const ", "async ", "unsafe ", "extern \"C\" "] {
                if rest.starts_with(m) && !rest[m.len()..].starts_with(|c: char| c.is_uppercase() || c == '_') {
                    rest = &rest[m.len()..];
                }
            }
            &["fn ", "struct ", "enum ", "trait ", "type ", "const ", "static ", "union ", "mod "]
        }
        Lang::TypeScript | Lang::C | Lang::Cpp => return None,
    };
    for k in keywords {
        if let Some(after) = rest.strip_prefix(k) {
            let after_trim = after.trim_start();
            let name: String = after_trim.chars().take_while(|c| is_ident(*c)).collect();
            if name.is_empty() {
                return None;
            }
            let tail = after_trim[name.len()..].trim_start();
            if *k == "mod " && tail.starts_with(';') {
                return None;
            }
            let col = line.len() - after_trim.len();
            return Some((name, line[..col].chars().count()));
        }
    }
    None
}

impl Doc {
    /// For a variable defined by an assignment statement that starts with its name (after
    /// `const`/`let`/`var`/`export`/modifiers), the end of that statement. None otherwise.
    fn assignment_end(&self, lang: Lang, start: Pos, name_end: Pos) -> Option<Pos> {
        let line = self.lines.get(start.0 as usize)?;
        let before: String = line[..start.1 as usize].iter().collect();
        let before = before.trim();
        let ok_prefix = match lang {
            Lang::Python => before.is_empty(),
            // C: the declaration's specifiers and type (`static const T *x = …`).
            Lang::C | Lang::Cpp => before.split_whitespace().all(|w| w.chars().all(|c| is_ident(c) || c == '*')),
            _ => before
                .split_whitespace()
                .all(|w| ["export", "declare", "const", "let", "var", "public", "private", "protected", "readonly", "static", "override", "default"].contains(&w)),
        };
        if !ok_prefix {
            return None;
        }
        // After the name: an optional type annotation, then `=` (not `==`, `=>`).
        let rest: String = line[(name_end.1 as usize).min(line.len())..].iter().collect();
        let eq = rest.find('=')?;
        let after_eq = &rest[eq + 1..];
        if after_eq.starts_with('=') || after_eq.starts_with('>') || rest[..eq].ends_with(['!', '<', '>', '=']) {
            return None;
        }
        if rest[..eq].contains('(') {
            return None;
        }
        let mut depth = 0i32;
        let mut l = start.0 as usize;
        let mut c = name_end.1 as usize + eq + 1;
        let mut in_triple: Option<char> = None;
        while l < self.lines.len() {
            let text = &self.lines[l];
            while c < text.len() {
                let ch = text[c];
                if let Some(q) = in_triple {
                    if ch == q && text.get(c + 1) == Some(&q) && text.get(c + 2) == Some(&q) {
                        in_triple = None;
                        c += 2;
                    }
                    c += 1;
                    continue;
                }
                match ch {
                    '#' if lang == Lang::Python => break,
                    '/' if lang != Lang::Python && text.get(c + 1) == Some(&'/') => break,
                    '"' | '\'' if lang == Lang::Python && text.get(c + 1) == Some(&ch) && text.get(c + 2) == Some(&ch) => {
                        in_triple = Some(ch);
                        c += 2;
                    }
                    '"' | '\'' | '`' => {
                        c += 1;
                        while c < text.len() && text[c] != ch {
                            if text[c] == '\\' {
                                c += 1;
                            }
                            c += 1;
                        }
                    }
                    '(' | '[' | '{' => depth += 1,
                    ')' | ']' | '}' => depth -= 1,
                    ';' if depth <= 0 && lang != Lang::Python => return Some((l as u32, c as u32)),
                    _ => {}
                }
                c += 1;
            }
            let trimmed: String = text.iter().collect::<String>().trim_end().to_string();
            let continued = in_triple.is_some()
                || depth > 0
                || trimmed.ends_with('\\')
                || (lang != Lang::Python && trimmed.ends_with(['=', ',', '(', '+', '-', '*', '/', '|', '&', '?', ':', '[', '{', '>']))
                || (lang != Lang::Python && {
                    let next = self.lines.get(l + 1).map(|n| n.iter().collect::<String>()).unwrap_or_default();
                    let n = next.trim_start();
                    n.starts_with(['.', '?', ':', '+', '-', '*', '/', '|', '&']) && !n.starts_with("//") && !n.starts_with("/*")
                });
            if !continued {
                return Some((l as u32, text.len() as u32));
            }
            if l > start.0 as usize + 2000 {
                return None;
            }
            l += 1;
            c = 0;
        }
        None
    }

    /// Python: position of the `:` ending a class header that starts at `open` (a `(`).
    fn find_colon(&self, open: Pos) -> Option<Pos> {
        let mut depth = 0i32;
        let mut p = open;
        for _ in 0..4000 {
            match self.char_at(p) {
                Some('(') | Some('[') => depth += 1,
                Some(')') | Some(']') => depth -= 1,
                Some(':') if depth == 0 => return Some(p),
                _ => {}
            }
            p = self.next_pos(p)?;
        }
        None
    }
}

// -------------------------------------------------------------------- sampling

/// splitmix64: a fixed, seedable sequence so that question sets are reproducible.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E3779B97F4A7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58476D1CE4E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D049BB133111EB);
        z ^ (z >> 31)
    }
    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = (self.next() % (i as u64 + 1)) as usize;
            v.swap(i, j);
        }
    }
}

fn seed_of(s: &str) -> u64 {
    s.bytes().fold(0xcbf29ce484222325u64, |h, b| (h ^ b as u64).wrapping_mul(0x100000001b3))
}

/// Questions to pick from: (definition index, truth), tags, whether the truth is non-empty.
type Candidates = Vec<((usize, BTreeSet<Key>), Vec<String>, bool)>;

pub struct DeriveOptions {
    pub project: String,
    pub version: String,
    pub role: String,
    pub corpus: String,
    pub cap: usize,
}

/// Picks up to `cap` items: up to half from the hard ones (tagged, with a non-empty truth),
/// then at random among those with a non-empty truth, and a sixth at random among all (so
/// that answers for symbols with no callers, references... are judged too).
/// Items are (item, tags, truth is non-empty).
fn pick<T: Clone>(rng: &mut Rng, mut all: Vec<(T, Vec<String>, bool)>, cap: usize) -> Vec<(T, Vec<String>)> {
    rng.shuffle(&mut all);
    let mut chosen: Vec<usize> = vec![];
    let hard: Vec<usize> = (0..all.len()).filter(|&i| !all[i].1.is_empty() && all[i].2).collect();
    for &i in hard.iter().take(cap / 2) {
        chosen.push(i);
    }
    let nonempty_quota = cap - cap / 6;
    for (i, item) in all.iter().enumerate() {
        if chosen.len() >= nonempty_quota {
            break;
        }
        if item.2 && !chosen.contains(&i) {
            chosen.push(i);
        }
    }
    for i in 0..all.len() {
        if chosen.len() >= cap {
            break;
        }
        if !chosen.contains(&i) {
            chosen.push(i);
        }
    }
    chosen
        .into_iter()
        .map(|i| {
            let (t, mut tags, _) = all[i].clone();
            if tags.is_empty() {
                tags.push("random".into());
            }
            (t, tags)
        })
        .collect()
}

/// A question answered from an index by the rules its truth is derived by (`score-scip`).
pub enum Answer {
    /// The answer's keys, each with where it points when the key is not itself a place
    /// (outline: a name, pointing at its definition's `file:LINE`).
    Keys(BTreeMap<Key, Option<Key>>),
    /// The index has no definition of the question's target: what was looked for.
    NotLocated(String),
}

impl Derived {
    /// Answers `q` from this index as a SCIP consumer would: the target is the definition
    /// occurrence at the question's `path:LINE` (for `definition`, at the truth's definition
    /// sites), and the answer is derived from its occurrences by the rules of `derive`.
    pub fn answer(&self, q: &Question) -> Answer {
        let keys = |defs: &mut dyn Iterator<Item = &Def>| -> BTreeSet<Key> { defs.map(|x| x.key(&self.docs)).collect() };
        // C and C++ macros are left out of both sides (see `score::left_out`).
        let macro_keys: HashSet<Key> = self
            .defs
            .iter()
            .filter(|x| self.lang.c_family() && x.sort == Sort::Macro)
            .map(|x| x.key(&self.docs))
            .collect();
        let places = |keys: BTreeSet<Key>| -> Answer {
            Answer::Keys(keys.into_iter().filter(|k| !macro_keys.contains(k)).map(|k| (k, None)).collect())
        };
        match q.kind.as_str() {
            "definition" => {
                let syms: BTreeSet<&str> = self
                    .defs
                    .iter()
                    .filter(|x| !x.local && matches!(x.sort, Sort::Type | Sort::Function | Sort::Value) && q.truth.contains(&x.key(&self.docs)))
                    .map(|x| x.sym.as_str())
                    .collect();
                if syms.is_empty() {
                    return Answer::NotLocated(format!("no definition at {}", q.truth.join(", ")));
                }
                places(keys(&mut self.defs.iter().filter(|x| syms.contains(x.sym.as_str()))))
            }
            "outline" => {
                let Some(di) = self.docs.iter().position(|d| d.path == q.query) else {
                    return Answer::NotLocated(format!("no document {}", q.query));
                };
                let defs: Vec<&Def> = self.defs.iter().filter(|x| x.doc == di && !x.local).collect();
                let names = self.outline_truth(di).into_iter().filter_map(|name| {
                    let def = defs.iter().find(|x| x.name == name);
                    if def.is_some_and(|x| self.lang.c_family() && x.sort == Sort::Macro) {
                        return None;
                    }
                    Some((name, def.map(|x| x.key(&self.docs))))
                });
                Answer::Keys(names.collect())
            }
            kind => {
                let Some(e) = &q.expect else { return Answer::NotLocated(format!("{} has no target", q.id)) };
                let found = self.defs.iter().position(|x| {
                    !x.local && self.docs[x.doc].path == e.file && x.name_start.0 + 1 == e.line && x.name == e.name
                });
                let Some(i) = found else {
                    return Answer::NotLocated(format!("no definition of {} at {}:{}", e.name, e.file, e.line));
                };
                let sym = &self.defs[i].sym;
                places(match kind {
                    "callers" => self.callers_truth(sym),
                    "callees" => self.callees_truth(i),
                    "references" => self.refs_truth(sym),
                    "implementations" => {
                        keys(&mut self.subtypes.get(sym).into_iter().flatten().filter_map(|s| self.def_of(s)))
                    }
                    "impact" => self.impact_truth(sym, 2),
                    _ => BTreeSet::new(),
                })
            }
        }
    }
}

pub fn derive(d: &Derived, o: &DeriveOptions, indexer: String) -> QuestionSet {
    // One sequence per kind, so that a change to one kind's selection leaves the others be.
    let rng_for = |kind: &str| Rng(seed_of(&format!("{}/{}", o.project, kind)));
    let mut questions: Vec<Question> = vec![];
    let docs = &d.docs;
    // Names defined more than once (among functions and types): the "same name" hard case.
    let lib_file = |def: &Def| -> bool {
        let p = &docs[def.doc].path;
        let first = p.split('/').next().unwrap_or("");
        if ["tests", "test", "testing", "examples", "example", "docs", "doc", "benches", "benchmarks", "scripts", "spec"].contains(&first) {
            return false;
        }
        match d.lang {
            Lang::Rust | Lang::TypeScript => p.starts_with("src/"),
            // The corpus is the C sources' own directory.
            Lang::C | Lang::Cpp => true,
            Lang::Python => {
                let dir = p.rsplit_once('/').map(|(a, _)| a).unwrap_or("");
                docs.iter().any(|x| x.path == format!("{dir}/__init__.py"))
            }
        }
    };
    let mut name_count: HashMap<&str, usize> = HashMap::new();
    for def in &d.defs {
        if !def.local && matches!(def.sort, Sort::Function | Sort::Type) && lib_file(def) {
            *name_count.entry(def.name.as_str()).or_default() += 1;
        }
    }
    let reexports = d.reexports();
    let reexported: HashSet<&str> = reexports.iter().map(|(_, s)| s.as_str()).collect();

    // Constructors are left out as targets: their call sites (`new X()`, `X()`) are the
    // class's references and instantiations, asked about through the class.
    let targets: Vec<usize> = (0..d.defs.len())
        .filter(|&i| d.eligible_target(&d.defs[i]) && !(d.defs[i].sort == Sort::Function && d.defs[i].name == "constructor" && d.lang == Lang::TypeScript) && !d.cpp_structor(&d.defs[i]))
        .collect();
    let via_self = |sym: &str| -> bool {
        d.refs.get(sym).is_some_and(|v| {
            v.iter().any(|&(di, oi)| {
                let before = docs[di].text_before(docs[di].occs[oi].start);
                let b = before.trim_end();
                b.ends_with("self.") || b.ends_with("this.") || b.ends_with("this->") || b.ends_with("Self::") || b.ends_with("cls.")
            })
        })
    };
    let tags_for = |i: usize| -> Vec<String> {
        let def = &d.defs[i];
        let mut t = vec![];
        if name_count.get(def.name.as_str()).copied().unwrap_or(0) > 1 && !d.nested_in_function(def) {
            t.push("same_name".to_string());
        }
        if def.sort == Sort::Function {
            let parent = d.parent_type(&def.sym);
            let overrides = match (&parent, d.lang) {
                (Some(_), Lang::Rust) => d.impl_trait.contains_key(&def.sym),
                (Some(p), _) => d.supertypes.get(p).is_some_and(|bases| {
                    let mut stack: Vec<&String> = bases.iter().collect();
                    let mut seen = HashSet::new();
                    while let Some(b) = stack.pop() {
                        if !seen.insert(b.clone()) {
                            continue;
                        }
                        if d.method_of(b, &def.name, "").is_some() {
                            return true;
                        }
                        if let Some(bb) = d.supertypes.get(b) {
                            stack.extend(bb.iter());
                        }
                    }
                    false
                }),
                _ => false,
            };
            if overrides {
                t.push("override".into());
            }
            if !d.overriders(&def.sym).is_empty() {
                t.push("overridden".into());
            }
            if d.lang == Lang::Rust && (d.impl_trait.contains_key(&def.sym) || d.def_of(&def.sym).is_some_and(|x| x.descs.len() >= 2 && x.descs[x.descs.len() - 2].1 == Suffix::Type && !d.parent.contains_key(&def.sym))) {
                t.push("trait_method".into());
            }
            if via_self(&def.sym) {
                t.push("via_self".into());
            }
        }
        if reexported.contains(def.sym.as_str()) {
            t.push("reexport".into());
        }
        t
    };
    let loc = |def: &Def| format!("{}:{}", docs[def.doc].path, def.name_start.0 + 1);
    let expect = |def: &Def| Some(Expect { file: docs[def.doc].path.clone(), line: def.name_start.0 + 1, name: def.name.clone() });
    let push = |questions: &mut Vec<Question>, kind: &str, query: String, expect: Option<Expect>, tags: Vec<String>, symbol: String, truth: BTreeSet<Key>| {
        let id = format!("{}/{}/{}", o.project, kind, questions.iter().filter(|q| q.kind == kind).count());
        questions.push(Question { id, kind: kind.into(), query, expect, tags, symbol, truth: truth.into_iter().collect() });
    };

    // definition: by qualified name, in the library's own files.
    {
        let mut items: Vec<((String, String), Vec<String>, bool)> = vec![];
        for &i in &targets {
            let def = &d.defs[i];
            if !lib_file(def) {
                continue;
            }
            // Items inside function bodies have no documented qualified name.
            if d.nested_in_function(def) {
                continue;
            }
            if let Some(q) = d.qualname(def) {
                let mut t = tags_for(i);
                t.retain(|x| x == "same_name" || x == "override" || x == "trait_method");
                items.push(((q, def.sym.clone()), t, true));
            }
        }
        for (q, s) in &reexports {
            if d.def_of(s).is_some() {
                items.push(((q.clone(), s.clone()), vec!["reexport".into()], true));
            }
        }
        // Every definition with the same qualified name answers the question (Rust: impls
        // for `T` and `&T` give two `T::method`).
        let mut by_qualname: HashMap<String, BTreeSet<Key>> = HashMap::new();
        for def in d.defs.iter().filter(|x| !x.local && matches!(x.sort, Sort::Type | Sort::Function | Sort::Value)) {
            if let Some(q) = d.qualname(def) {
                by_qualname.entry(q).or_default().insert(def.key(docs));
            }
        }
        for ((q, s), tags) in pick(&mut rng_for("definition"), items, o.cap) {
            let def = d.def_of(&s).unwrap();
            let mut truth = by_qualname.get(&q).cloned().unwrap_or_default();
            if tags.iter().any(|t| t == "reexport") || truth.is_empty() {
                truth = BTreeSet::from([def.key(docs)]);
            }
            push(&mut questions, "definition", q, None, tags, s.clone(), truth);
        }
    }
    // callers
    {
        let items: Candidates = targets
            .iter()
            .filter(|&&i| d.defs[i].sort == Sort::Function && d.defs[i].name != "constructor")
            .map(|&i| {
                let t = d.callers_truth(&d.defs[i].sym);
                let ne = !t.is_empty();
                ((i, t), tags_for(i), ne)
            })
            .collect();
        for ((i, truth), tags) in pick(&mut rng_for("callers"), items, o.cap) {
            let def = &d.defs[i];
            push(&mut questions, "callers", loc(def), expect(def), tags, def.sym.clone(), truth);
        }
    }
    // callees
    {
        let items: Candidates = targets
            .iter()
            .filter(|&&i| d.defs[i].sort == Sort::Function && d.defs[i].span.is_some_and(|s| s.0 .0 != s.1 .0))
            .map(|&i| {
                let mut t = tags_for(i);
                t.retain(|x| x != "via_self" && x != "reexport");
                // calls through self/this inside the body
                let def = &d.defs[i];
                let span = def.span.unwrap();
                let calls_self = docs[def.doc].occs.iter().any(|oc| {
                    contains(span, oc.start) && {
                        let b = docs[def.doc].text_before(oc.start);
                        let b = b.trim_end();
                        (b.ends_with("self.") || b.ends_with("this.") || b.ends_with("this->") || b.ends_with("Self::")) && d.is_call(&docs[def.doc], oc)
                    }
                });
                if calls_self {
                    t.push("calls_via_self".into());
                }
                let truth = d.callees_truth(i);
                let ne = !truth.is_empty();
                ((i, truth), t, ne)
            })
            .collect();
        for ((i, truth), tags) in pick(&mut rng_for("callees"), items, o.cap) {
            let def = &d.defs[i];
            push(&mut questions, "callees", loc(def), expect(def), tags, def.sym.clone(), truth);
        }
    }
    // references
    {
        let items: Candidates = targets
            .iter()
            .map(|&i| {
                let t = d.refs_truth(&d.defs[i].sym);
                let ne = !t.is_empty();
                ((i, t), tags_for(i), ne)
            })
            .collect();
        for ((i, truth), tags) in pick(&mut rng_for("references"), items, o.cap) {
            let def = &d.defs[i];
            push(&mut questions, "references", loc(def), expect(def), tags, def.sym.clone(), truth);
        }
    }
    // implementations: types with at least one direct in-repo subtype.
    {
        let items: Vec<(usize, Vec<String>, bool)> = targets
            .iter()
            .filter(|&&i| d.defs[i].sort == Sort::Type && d.subtypes.get(&d.defs[i].sym).is_some_and(|s| !s.is_empty()))
            .map(|&i| {
                let n = d.subtypes[&d.defs[i].sym].len();
                (i, if n > 1 { vec!["several_subtypes".to_string()] } else { vec![] }, true)
            })
            .collect();
        for (i, tags) in pick(&mut rng_for("implementations"), items, o.cap) {
            let def = &d.defs[i];
            let truth: BTreeSet<Key> = d.subtypes[&def.sym].iter().filter_map(|s| d.def_of(s)).map(|x| x.key(docs)).collect();
            push(&mut questions, "implementations", loc(def), expect(def), tags, def.sym.clone(), truth);
        }
    }
    // outline
    {
        let items: Vec<(usize, Vec<String>, bool)> = (0..docs.len())
            .filter(|&di| !docs[di].lines.iter().all(|l| l.is_empty()))
            .map(|di| (di, vec![], true))
            .collect();
        for (di, tags) in pick(&mut rng_for("outline"), items, o.cap) {
            push(&mut questions, "outline", docs[di].path.clone(), None, tags, docs[di].path.clone(), d.outline_truth(di));
        }
    }
    // impact, depth 2
    {
        let items: Candidates = targets
            .iter()
            .filter(|&&i| matches!(d.defs[i].sort, Sort::Function | Sort::Type))
            .map(|&i| {
                let t = d.impact_truth(&d.defs[i].sym, 2);
                let ne = !t.is_empty();
                ((i, t), tags_for(i), ne)
            })
            .collect();
        for ((i, truth), tags) in pick(&mut rng_for("impact"), items, o.cap) {
            let def = &d.defs[i];
            push(&mut questions, "impact", loc(def), expect(def), tags, def.sym.clone(), truth);
        }
    }

    let mut local_def_keys: BTreeSet<Key> = BTreeSet::new();
    let global_lines: HashSet<Key> = d.defs.iter().filter(|x| !x.local).map(|x| x.key(docs)).collect();
    for def in &d.defs {
        if def.local {
            let k = def.key(docs);
            if !global_lines.contains(&k) {
                local_def_keys.insert(k);
            }
        }
    }
    let mut unjudged_lines = BTreeMap::new();
    for doc in docs {
        let mut has_occ = vec![false; doc.lines.len()];
        for oc in &doc.occs {
            for l in oc.start.0..=oc.end.0 {
                if let Some(x) = has_occ.get_mut(l as usize) {
                    *x = true;
                }
            }
        }
        let mut lines: Vec<usize> = vec![];
        let mut in_define = false;
        for (l, text) in doc.lines.iter().enumerate() {
            let t: String = text.iter().collect();
            let tt = t.trim_start();
            let code = tt.chars().any(|c| c.is_alphabetic()) && !tt.starts_with('#') && !tt.starts_with("//") && !tt.starts_with('*') && !tt.starts_with("/*");
            let mut unjudged = code && !has_occ[l];
            // C macro definitions (with their `\` continuation lines): macros are left out on
            // both sides, and c-index-test reports nothing in their bodies.
            let define = d.lang.c_family() && (in_define || tt.strip_prefix('#').is_some_and(|r| r.trim_start().starts_with("define")));
            in_define = define && t.trim_end().ends_with('\\');
            unjudged |= define || doc.generated.contains(&(l as u32));
            // A declaration whose name the indexer did not record as a definition: code it
            // did not analyse (Python: platform checks; Rust: `#[cfg]`-disabled items, for
            // which rust-analyzer still emits references but no definition).
            if let Some((name, col)) = declared_name(d.lang, &t) {
                let recorded = doc.occs.iter().any(|oc| oc.def && oc.start == (l as u32, col as u32));
                if !recorded && !name.is_empty() {
                    unjudged = true;
                }
            }
            if unjudged {
                lines.push(l + 1);
            }
        }
        if !lines.is_empty() {
            let mut ranges: Vec<String> = vec![];
            let mut i = 0;
            while i < lines.len() {
                let mut j = i;
                while j + 1 < lines.len() && lines[j + 1] == lines[j] + 1 {
                    j += 1;
                }
                ranges.push(if i == j { lines[i].to_string() } else { format!("{}-{}", lines[i], lines[j]) });
                i = j + 1;
            }
            unjudged_lines.insert(doc.path.clone(), ranges.join(","));
        }
    }
    // Overloads: several definitions of one symbol, or symbols that differ only by an
    // overload disambiguator (scip-typescript's `pipe().`, `pipe(+1).`, ...).
    let mut aliases = BTreeMap::new();
    let mut first_of_group: HashMap<String, Key> = HashMap::new();
    for def in d.defs.iter().filter(|x| !x.local && matches!(x.sort, Sort::Function | Sort::Type | Sort::Value)) {
        let group = strip_overload(&def.sym);
        let k = def.key(docs);
        let canonical = first_of_group.entry(group).or_insert_with(|| k.clone()).clone();
        if k != canonical {
            aliases.insert(k, canonical);
        }
    }
    // C prototypes are the function's own declarations: their lines map to its definition.
    for f in &d.forwards {
        if let Some(def) = d.def_of(&f.sym) {
            aliases.insert(format!("{}:{}", docs[f.doc].path, f.name_start.0 + 1), def.key(docs));
        }
    }
    QuestionSet {
        aliases,
        unjudged_lines,
        project: o.project.clone(),
        version: o.version.clone(),
        lang: d.lang.name().into(),
        role: o.role.clone(),
        corpus: o.corpus.clone(),
        indexer,
        files: docs.iter().map(|x| x.path.clone()).collect(),
        local_def_keys: local_def_keys.into_iter().collect(),
        questions,
    }
}

pub fn indexer_name(scip_path: &Path) -> Result<String> {
    let bytes = std::fs::read(scip_path)?;
    let index = scip::types::Index::parse_from_bytes(&bytes)?;
    let t = &index.metadata.tool_info;
    Ok(format!("{} {}", t.name, t.version))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_mro_is_the_c3_linearisation() {
        // class A; class B(A); class C(A); class D(B, C)  ->  D B C A
        let mut d = Derived::empty(Lang::Python);
        d.add_base("A", "B");
        d.add_base("A", "C");
        d.add_base("B", "D");
        d.add_base("C", "D");
        assert_eq!(d.mro("D"), ["D", "B", "C", "A"]);
        assert_eq!(d.mro("B"), ["B", "A"]);
    }

    fn doc(path: &str, text: &str, occs: Vec<Occ>) -> Doc {
        let lines = text.split('\n').map(|l| l.chars().collect()).collect();
        Doc { path: path.into(), lines, occs, generated: BTreeSet::new(), scopes: vec![] }
    }

    fn occ(line: u32, col: u32, len: u32, sym: &str, def: bool) -> Occ {
        Occ { start: (line, col), end: (line, col + len), sym: sym.into(), def, forward: false }
    }

    /// A definition of `sym` in document 0, its name `name` at `at`.
    fn def(sym: &str, name: &str, at: Pos, span: Option<(Pos, Pos)>, sort: Sort, descs: Vec<(String, Suffix)>) -> Def {
        Def {
            sym: sym.into(),
            doc: 0,
            name_start: at,
            name_end: (at.0, at.1 + name.len() as u32),
            span,
            local: false,
            sort,
            name: name.into(),
            descs,
            file_module: false,
        }
    }

    #[test]
    fn a_c_function_starts_at_its_specifiers_on_the_lines_above_its_name() {
        let text = "#define TWICE(x) \\\n\t((x) * 2)\nstatic const T *\nfind(int id)\n{\n\treturn 0;\n}\n/* one */\nextern LZMA_API(lzma_ret)\nlzma_code(void)\n{\n}\n\nint\nlast(void) { return 1; }\n";
        let d = doc("f.c", text, vec![]);
        assert_eq!(d.c_declaration_start(3), 2);
        assert_eq!(d.c_declaration_start(9), 8);
        assert_eq!(d.c_declaration_start(14), 13);
        // Nothing above the name but the end of a directive, or a blank line.
        let d = doc("g.c", "#define N \\\n\t1\nf(void) { }\n\nint g;\n", vec![]);
        assert_eq!(d.c_declaration_start(2), 2);
        assert_eq!(d.c_declaration_start(4), 4);
    }

    #[test]
    fn a_python_package_read_of_a_reexport_reads_its_definition() {
        let g = "scip-python python app 1 `app.globals`/g.";
        let bogus = "scip-python python app 1 `app.ctx`/g#";
        let package = "scip-python python app 1 app/__init__:";
        let mut d = Derived::empty(Lang::Python);
        d.docs.push(doc("app/globals.py", "g: Globals = make()", vec![occ(0, 0, 1, g, true)]));
        d.docs.push(doc("app/__init__.py", "from .globals import g as g", vec![occ(0, 21, 1, g, false)]));
        d.docs.push(doc("use.py", "app.g.get()", vec![occ(0, 0, 3, package, false), occ(0, 4, 1, bogus, false)]));
        d.defs.push(def(g, "g", (0, 0), None, Sort::Value, vec![]));
        d.by_sym.insert(g.into(), 0);
        d.read_reexports();
        assert_eq!(d.docs[2].occs[1].sym, g);
        assert_eq!(d.docs[2].occs[0].sym, package);
    }

    #[test]
    fn a_python_package_read_of_a_star_reexport_reads_its_definition() {
        let request = "scip-python python app 1 `app._models`/Request#";
        let response = "scip-python python app 1 `app._models`/Response#";
        let hidden = "scip-python python app 1 `app._models`/Hidden#";
        let package = "scip-python python app 1 app/__init__:";
        let mut d = Derived::empty(Lang::Python);
        let models = "__all__ = [\"Request\", \"Response\"]\nclass Request: pass\nclass Response: pass\nclass Hidden: pass";
        d.docs.push(doc("app/_models.py", models, vec![occ(1, 6, 7, request, true), occ(2, 6, 8, response, true), occ(3, 6, 6, hidden, true)]));
        d.docs.push(doc("app/__init__.py", "from ._models import *", vec![]));
        // scip-python names `app.Response` and `app.Hidden` by the module's first class.
        let reads = vec![
            occ(0, 0, 3, package, false),
            occ(0, 4, 8, request, false),
            occ(1, 0, 3, package, false),
            occ(1, 4, 7, request, false),
            occ(2, 0, 3, package, false),
            occ(2, 4, 6, request, false),
        ];
        d.docs.push(doc("use.py", "app.Response()\napp.Request()\napp.Hidden()", reads));
        for (i, (sym, line, name)) in [(request, 1, "Request"), (response, 2, "Response"), (hidden, 3, "Hidden")].into_iter().enumerate() {
            let descs = vec![("app._models".into(), Suffix::Namespace), (name.into(), Suffix::Type)];
            d.defs.push(def(sym, name, (line, 6), None, Sort::Type, descs));
            d.by_sym.insert(sym.into(), i);
        }
        d.read_reexports();
        assert_eq!(d.docs[2].occs[1].sym, response);
        assert_eq!(d.docs[2].occs[3].sym, request);
        // Not in `__all__`: `from ._models import *` does not bind it; the read stays as it is.
        assert_eq!(d.docs[2].occs[5].sym, request);
    }

    #[test]
    fn a_python_property_setter_is_the_property_s_own_code() {
        let prop = "scip-python python app 1 `app`/Box#size().";
        let class = "scip-python python app 1 `app`/Box#";
        let helper = "scip-python python app 1 `app`/check().";
        let text = "class Box:\n    @property\n    def size(self):\n        return 1\n\n    @size.setter\n    def size(self, v):\n        check(v)\n\ndef check(v): pass";
        let occs = vec![
            occ(0, 6, 3, class, true),
            occ(2, 8, 4, prop, true),
            occ(5, 5, 4, prop, false),
            occ(6, 8, 4, prop, false),
            occ(7, 8, 5, helper, false),
            occ(9, 4, 5, helper, true),
        ];
        let mut d = Derived::empty(Lang::Python);
        d.docs.push(doc("app.py", text, occs));
        d.defs.push(def(class, "Box", (0, 6), Some(((0, 0), (7, 16))), Sort::Type, vec![]));
        d.defs.push(def(prop, "size", (2, 8), Some(((1, 4), (3, 16))), Sort::Function, vec![]));
        d.defs.push(def(helper, "check", (9, 4), Some(((9, 0), (9, 18))), Sort::Function, vec![]));
        for (i, sym) in [class, prop, helper].into_iter().enumerate() {
            d.by_sym.insert(sym.into(), i);
        }
        d.docs[0].scopes = vec![0, 1, 2];
        d.find_accessors();
        // The setter's decorator, name and body are the property's, not the class's.
        for line in [5, 6, 7] {
            assert_eq!(d.enclosing_key(0, (line, 8)).0, "app.py:3");
        }
        // `def size(` names the setter: not a call.
        assert!(!d.is_call(&d.docs[0], &d.docs[0].occs[3]));
        assert_eq!(d.callees_truth(1), BTreeSet::from(["app.py:10".to_string()]));
    }

    #[test]
    fn a_python_self_read_named_by_a_builtin_reads_the_class_member() {
        let class = "scip-python python app 1 `app`/Jar#";
        let init = "scip-python python app 1 `app`/Jar#__init__().";
        let set = "scip-python python app 1 `app`/Jar#set().";
        let builtin = "scip-python python python-stdlib 3.11 builtins/set#";
        let text = "class Jar:\n    def __init__(self):\n        self.set(1)\n        set()\n\n    def set(self, v): pass";
        let occs = vec![
            occ(0, 6, 3, class, true),
            occ(1, 8, 8, init, true),
            occ(2, 13, 3, builtin, false),
            occ(3, 8, 3, builtin, false),
            occ(5, 8, 3, set, true),
        ];
        let mut d = Derived::empty(Lang::Python);
        d.docs.push(doc("app.py", text, occs));
        let ns = ("app".to_string(), Suffix::Namespace);
        let jar = ("Jar".to_string(), Suffix::Type);
        d.defs.push(def(class, "Jar", (0, 6), Some(((0, 0), (5, 30))), Sort::Type, vec![ns.clone(), jar.clone()]));
        d.defs.push(def(init, "__init__", (1, 8), Some(((1, 4), (3, 13))), Sort::Function, vec![ns.clone(), jar.clone(), ("__init__".into(), Suffix::Method)]));
        d.defs.push(def(set, "set", (5, 8), Some(((5, 4), (5, 30))), Sort::Function, vec![ns, jar, ("set".into(), Suffix::Method)]));
        for (i, sym) in [class, init, set].into_iter().enumerate() {
            d.by_sym.insert(sym.into(), i);
        }
        d.docs[0].scopes = vec![0, 1, 2];
        d.refs.insert(builtin.into(), vec![(0, 2), (0, 3)]);
        d.read_self_members();
        assert_eq!(d.docs[0].occs[2].sym, set);
        assert_eq!(d.refs[set], vec![(0, 2)]);
        // A bare `set()` is the builtin.
        assert_eq!(d.docs[0].occs[3].sym, builtin);
    }
}
