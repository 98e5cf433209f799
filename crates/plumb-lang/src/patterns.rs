//! The extraction specs' patterns, matched by walking the tree once.
//!
//! The specs are written in tree-sitter's query language
//! (`queries/<lang>/*.scm`), but compiled and matched here, not by
//! tree-sitter's `Query` and query cursor: tree-sitter's compilation (an
//! analysis of every pattern) took 49 ms for the Python spec, 68 ms for C's
//! and 229 ms for C#'s, this one 1–2 ms, in every process that extracts a
//! file; and its cursor was the largest part of extraction. The specs
//! use a small part of the query language (node kinds and supertypes,
//! fields, negated fields, alternations, anchors, wildcards, anonymous
//! nodes, optional children, grouping with text predicates; not `*` or
//! `+`), so one walk of the tree copies each node's kind, field and
//! siblings into a list, and each node is then tried against only the
//! patterns rooted at its kind, by following indices. Over 3,000 of the
//! Linux subset's C files this took 2.7 s against the cursor's 6.3 s: the
//! cursor computes every node's field and sibling status while it advances
//! a state per pattern in progress.
//!
//! The matches are those tree-sitter's cursor gives (a test compares both
//! on every fixture, in every language): every way a pattern's children
//! can be matched by distinct children of the node, in order, is one match;
//! an optional child that can be matched is matched.

use std::fmt;
use std::num::NonZeroU16;

use regex::bytes::Regex;
use tree_sitter::{Language as Grammar, Node};

/// The kind of the nodes a parser makes where it recovers from an error,
/// which no grammar lists among its kinds.
const ERROR_KIND: &str = "ERROR";
/// The id of [`ERROR_KIND`] in every grammar (tree-sitter's
/// `ts_builtin_sym_error`, `(TSSymbol)-1`).
const ERROR_KIND_ID: u16 = u16::MAX;

/// One captured node of a match.
#[derive(Clone, Copy, Debug)]
pub struct Capture<'t> {
    /// The capture's index among [`Patterns::capture_names`].
    pub index: u32,
    /// The captured node.
    pub node: Node<'t>,
}

/// Why a spec could not be compiled into patterns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternError {
    /// Byte offset in the spec where reading stopped.
    pub offset: usize,
    /// What was wrong there.
    pub message: String,
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}: {}", self.offset, self.message)
    }
}

impl std::error::Error for PatternError {}

/// The node kinds a node pattern admits.
#[derive(Debug)]
enum Kinds {
    /// `_`: any node.
    Any,
    /// `(_)`: any named node.
    AnyNamed,
    /// These kind ids (a name's every id, a supertype's subtypes).
    Ids(Box<[u16]>),
}

/// A node and what must hold of it and its children.
#[derive(Debug)]
struct NodePattern {
    kinds: Kinds,
    captures: Vec<u32>,
    /// Fields the node must not have (`!name`).
    absent_fields: Vec<NonZeroU16>,
    /// Child patterns, matched by distinct children in this order.
    children: Vec<ChildPattern>,
    /// `.` before the closing parenthesis: the last child pattern matches
    /// the last named child.
    anchored_last: bool,
}

/// One child pattern: its field, its anchor and its alternatives.
#[derive(Debug)]
struct ChildPattern {
    field: Option<NonZeroU16>,
    /// `.` before it: no named child between it and what comes before
    /// (the parent's start, or the previous child pattern's node).
    immediate: bool,
    /// `?`: where no child matches, the pattern matches without it. As in
    /// tree-sitter, a match that could take the child is only made with it.
    optional: bool,
    alternatives: Vec<NodePattern>,
}

/// A text predicate on a match's captures.
#[derive(Debug)]
enum Predicate {
    /// `#eq?` / `#not-eq?` with a string.
    EqText(u32, Box<[u8]>, bool),
    /// `#eq?` / `#not-eq?` with another capture.
    EqCapture(u32, u32, bool),
    /// `#match?` / `#not-match?`.
    Matches(u32, Regex, bool),
    /// `#any-of?` / `#not-any-of?`.
    AnyOf(u32, Vec<Box<[u8]>>, bool),
}

/// One top-level pattern: its alternatives and its predicates.
#[derive(Debug)]
struct Pattern {
    alternatives: Vec<NodePattern>,
    predicates: Vec<Predicate>,
}

/// A spec compiled for matching.
#[derive(Debug)]
pub struct Patterns {
    patterns: Vec<Pattern>,
    /// Every capture name, numbered in order of first appearance (as
    /// tree-sitter numbers them).
    capture_names: Vec<String>,
    /// For each node kind id, the patterns that may be rooted at a node of
    /// that kind, in pattern order.
    rooted_at: Vec<Box<[u32]>>,
    /// The patterns rooted at a wildcard: those of a kind outside the
    /// grammar's table (an `ERROR` node).
    rooted_anywhere: Box<[u32]>,
}

impl Patterns {
    /// Compiles `source` for `grammar`: every node kind and field it names
    /// must be the grammar's.
    pub fn new(grammar: &Grammar, source: &str) -> Result<Patterns, PatternError> {
        let mut reader = Reader {
            grammar,
            source,
            at: 0,
            capture_names: Vec::new(),
        };
        let patterns = reader.patterns()?;
        let capture_names = reader.capture_names;
        let mut rooted_at: Vec<Vec<u32>> = vec![Vec::new(); grammar.node_kind_count()];
        let mut rooted_anywhere = Vec::new();
        let add = |list: &mut Vec<u32>, index: u32| {
            if list.last() != Some(&index) {
                list.push(index);
            }
        };
        for (index, pattern) in patterns.iter().enumerate() {
            let index = index as u32;
            for alternative in &pattern.alternatives {
                match &alternative.kinds {
                    Kinds::Any | Kinds::AnyNamed => {
                        rooted_at.iter_mut().for_each(|list| add(list, index));
                        add(&mut rooted_anywhere, index);
                    }
                    Kinds::Ids(ids) => {
                        for &id in ids {
                            add(&mut rooted_at[usize::from(id)], index);
                        }
                    }
                }
            }
        }
        Ok(Patterns {
            patterns,
            capture_names,
            rooted_at: rooted_at.into_iter().map(Vec::into_boxed_slice).collect(),
            rooted_anywhere: rooted_anywhere.into_boxed_slice(),
        })
    }

    /// Every capture name; a [`Capture`]'s index is its place here.
    pub fn capture_names(&self) -> &[String] {
        &self.capture_names
    }

    /// Calls `found` with the pattern index and the captures of every match
    /// in `tree` (a tree under its root, inclusive), whose text is `text`: in
    /// pre-order of the nodes the matches are rooted at, then in pattern
    /// order (tree-sitter's cursor gives the same matches in another order).
    pub fn for_each_match<'t>(
        &self,
        tree: &FlatTree<'t>,
        text: &[u8],
        mut found: impl FnMut(usize, &[Capture<'t>]),
    ) {
        let mut captures: Vec<Capture<'t>> = Vec::new();
        for (at, entry) in tree.nodes.iter().enumerate() {
            let rooted = self
                .rooted_at
                .get(usize::from(entry.kind))
                .unwrap_or(&self.rooted_anywhere);
            for &index in rooted {
                let pattern = &self.patterns[index as usize];
                for alternative in &pattern.alternatives {
                    tree.match_node(alternative, at as u32, &mut captures, &mut |captures| {
                        if pattern.predicates.iter().all(|p| p.holds(captures, text)) {
                            found(index as usize, captures);
                        }
                    });
                }
            }
        }
    }
}

/// Bytes of source per tree node, to size a [`FlatTree`] before the walk.
/// Measured: the Linux 6.1 subset of the benchmarks (`drivers/net`,
/// `include`, `net`) parses into 42.4 M nodes from 197.6 MB, 4.7 bytes a
/// node (`examples/parse_only`); rounded down, so that most files need no
/// second allocation, and few get far more than they use.
const SOURCE_BYTES_PER_NODE: usize = 4;

/// No node: the end of a sibling list.
const NONE: u32 = u32::MAX;

/// One node of a [`FlatTree`].
struct FlatNode<'t> {
    node: Node<'t>,
    /// The index of its parent; [`NONE`] for the root.
    parent: u32,
    kind: u16,
    named: bool,
    /// The field it sits in, in its parent.
    field: Option<NonZeroU16>,
    /// Its first child is the next node in the list.
    has_children: bool,
    next_sibling: u32,
}

/// A tree's nodes in one list, in pre-order, each with what matching reads
/// and its parent: one walk of tree-sitter's cursor, then every pattern is
/// matched by following indices, and a parent is found without
/// tree-sitter's `Node::parent`, which walks down from the root (O(depth)
/// a call, quadratic over a deeply nested file).
pub struct FlatTree<'t> {
    nodes: Vec<FlatNode<'t>>,
}

impl<'t> FlatTree<'t> {
    /// The nodes under `root`, whose text is `text_len` bytes long.
    pub fn of(root: Node<'t>, text_len: usize) -> FlatTree<'t> {
        let mut nodes = Vec::with_capacity(text_len / SOURCE_BYTES_PER_NODE + 1);
        let mut cursor = root.walk();
        let entry = |node: Node<'t>, field, parent: Option<&usize>| FlatNode {
            node,
            parent: parent.map_or(NONE, |&p| p as u32),
            kind: node.kind_id(),
            named: node.is_named(),
            field,
            has_children: false,
            next_sibling: NONE,
        };
        nodes.push(entry(root, None, None));
        // The indices of the nodes from the root to the cursor's.
        let mut path = vec![0usize];
        'walk: loop {
            if cursor.goto_first_child() {
                let parent = path[path.len() - 1];
                nodes[parent].has_children = true;
                path.push(nodes.len());
                nodes.push(entry(cursor.node(), cursor.field_id(), Some(&parent)));
                continue;
            }
            loop {
                let Some(current) = path.pop() else {
                    break 'walk;
                };
                if cursor.goto_next_sibling() {
                    nodes[current].next_sibling = nodes.len() as u32;
                    let parent = path.last();
                    let next = entry(cursor.node(), cursor.field_id(), parent);
                    path.push(nodes.len());
                    nodes.push(next);
                    break;
                }
                if !cursor.goto_parent() {
                    break 'walk;
                }
            }
        }
        FlatTree { nodes }
    }

    /// The parent of `node`, if `node` is in this tree (`None` when it is
    /// not, or is the root): found by binary search over the pre-order,
    /// in which starts never decrease and, among nodes starting at one
    /// byte, ends never increase (zero-width nodes aside: a node those
    /// hide is not found).
    pub fn parent(&self, node: Node<'t>) -> Option<Node<'t>> {
        let (start, end) = (node.start_byte(), node.end_byte());
        let from = self.nodes.partition_point(|entry| {
            let (s, e) = (entry.node.start_byte(), entry.node.end_byte());
            s < start || (s == start && e > end)
        });
        let entry = self.nodes[from..]
            .iter()
            .take_while(|entry| entry.node.byte_range() == (start..end))
            .find(|entry| entry.node.id() == node.id())?;
        let parent = self.nodes.get(entry.parent as usize)?;
        Some(parent.node)
    }

    fn first_child(&self, at: u32) -> u32 {
        if self.nodes[at as usize].has_children {
            at + 1
        } else {
            NONE
        }
    }

    fn children(&self, at: u32) -> impl Iterator<Item = u32> + '_ {
        self.siblings(self.first_child(at))
    }

    /// `from` and the siblings after it.
    fn siblings(&self, from: u32) -> impl Iterator<Item = u32> + Clone + '_ {
        let some = |at: u32| (at != NONE).then_some(at);
        std::iter::successors(some(from), move |&at| {
            some(self.nodes[at as usize].next_sibling)
        })
    }

    /// Matches `pattern` at node `at`, calling `then` once per way it
    /// matches with the captures so far (the pattern's own appended).
    fn match_node(
        &self,
        pattern: &NodePattern,
        at: u32,
        captures: &mut Vec<Capture<'t>>,
        then: &mut dyn FnMut(&mut Vec<Capture<'t>>),
    ) {
        let entry = &self.nodes[at as usize];
        let admitted = match &pattern.kinds {
            Kinds::Any => true,
            Kinds::AnyNamed => entry.named,
            Kinds::Ids(ids) => ids.contains(&entry.kind),
        };
        if !admitted
            || pattern.absent_fields.iter().any(|&field| {
                self.children(at)
                    .any(|child| self.nodes[child as usize].field == Some(field))
            })
        {
            return;
        }
        let mark = captures.len();
        let node = entry.node;
        captures.extend(
            pattern
                .captures
                .iter()
                .map(|&index| Capture { index, node }),
        );
        self.match_children(pattern, 0, self.first_child(at), captures, then);
        captures.truncate(mark);
    }

    /// Matches `pattern`'s child patterns from `step` on against the
    /// children from `from` on (`NONE`: past the last).
    fn match_children(
        &self,
        pattern: &NodePattern,
        step: usize,
        from: u32,
        captures: &mut Vec<Capture<'t>>,
        then: &mut dyn FnMut(&mut Vec<Capture<'t>>),
    ) {
        let siblings = self.siblings(from);
        let Some(child_pattern) = pattern.children.get(step) else {
            let named_after = || siblings.clone().any(|c| self.nodes[c as usize].named);
            if !(pattern.anchored_last && named_after()) {
                then(captures);
            }
            return;
        };
        let mut matched = false;
        for child in siblings {
            let entry = &self.nodes[child as usize];
            if child_pattern
                .field
                .is_none_or(|field| entry.field == Some(field))
            {
                for alternative in &child_pattern.alternatives {
                    self.match_node(alternative, child, captures, &mut |captures| {
                        self.match_children(
                            pattern,
                            step + 1,
                            entry.next_sibling,
                            captures,
                            &mut |captures| {
                                matched = true;
                                then(captures);
                            },
                        );
                    });
                }
            }
            if child_pattern.immediate && entry.named {
                break;
            }
        }
        if child_pattern.optional && !matched {
            self.match_children(pattern, step + 1, from, captures, then);
        }
    }
}

impl Predicate {
    fn holds(&self, captures: &[Capture<'_>], text: &[u8]) -> bool {
        let text_of = |index: u32| {
            captures
                .iter()
                .find(|c| c.index == index)
                .map(|c| &text[c.node.byte_range()])
        };
        // As tree-sitter's: a predicate on a capture the match lacks holds.
        match self {
            Predicate::EqText(index, value, positive) => {
                text_of(*index).is_none_or(|t| (t == &value[..]) == *positive)
            }
            Predicate::EqCapture(a, b, positive) => match (text_of(*a), text_of(*b)) {
                (Some(a), Some(b)) => (a == b) == *positive,
                (None, None) => true,
                _ => false,
            },
            Predicate::Matches(index, regex, positive) => {
                text_of(*index).is_none_or(|t| regex.is_match(t) == *positive)
            }
            Predicate::AnyOf(index, values, positive) => {
                text_of(*index).is_none_or(|t| values.iter().any(|v| &v[..] == t) == *positive)
            }
        }
    }
}

/// Reads a spec's text into patterns.
struct Reader<'a> {
    grammar: &'a Grammar,
    source: &'a str,
    at: usize,
    capture_names: Vec<String>,
}

/// A pattern as read: its alternatives (one unless it is `[…]`), and
/// whether it was marked optional.
struct Alternatives {
    nodes: Vec<NodePattern>,
    optional: bool,
}

/// A predicate argument.
enum Argument {
    Capture(u32),
    Text(String),
}

impl Reader<'_> {
    fn error<T>(&self, message: impl Into<String>) -> Result<T, PatternError> {
        Err(PatternError {
            offset: self.at,
            message: message.into(),
        })
    }

    fn rest(&self) -> &str {
        &self.source[self.at..]
    }

    /// Skips blanks and `;` comments; the next character, if any.
    fn peek(&mut self) -> Option<char> {
        loop {
            let rest = self.rest();
            let trimmed = rest.trim_start();
            let blanks = rest.len() - trimmed.len();
            let comment = trimmed
                .starts_with(';')
                .then(|| trimmed.find('\n').unwrap_or(trimmed.len()));
            let next = trimmed.chars().next();
            self.at += blanks;
            match comment {
                Some(len) => self.at += len,
                None => return next,
            }
        }
    }

    /// Whether the `(` at the cursor is followed, past blanks, by one of
    /// `next`: a group or a predicate rather than a node.
    fn opens_with(&self, next: &[char]) -> bool {
        self.rest()[1..].trim_start().starts_with(next)
    }

    fn expect(&mut self, wanted: char) -> Result<(), PatternError> {
        if self.peek() == Some(wanted) {
            self.at += wanted.len_utf8();
            Ok(())
        } else {
            self.error(format!("expected `{wanted}`"))
        }
    }

    /// A run of identifier characters (`-`, `.` and `?` included, for
    /// predicate and capture names).
    fn word(&mut self) -> &str {
        let start = self.at;
        let len = self
            .rest()
            .find(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '?')))
            .unwrap_or(self.rest().len());
        self.at += len;
        &self.source[start..self.at]
    }

    fn patterns(&mut self) -> Result<Vec<Pattern>, PatternError> {
        let mut patterns = Vec::new();
        while self.peek().is_some() {
            let mut predicates = Vec::new();
            let alternatives = self.required(&mut predicates)?;
            patterns.push(Pattern {
                alternatives,
                predicates,
            });
        }
        Ok(patterns)
    }

    /// One pattern, its quantifier and the captures after it. Predicates
    /// met inside go to `predicates`.
    fn pattern(&mut self, predicates: &mut Vec<Predicate>) -> Result<Alternatives, PatternError> {
        let mut alternatives = match self.peek() {
            Some('(') if self.opens_with(&['(', '[', '"']) => self.group(predicates)?,
            Some('(') => vec![self.node(predicates)?],
            Some('[') => {
                self.at += 1;
                let mut alternatives = Vec::new();
                while self.peek() != Some(']') {
                    if self.peek().is_none() {
                        return self.error("unclosed `[`");
                    }
                    alternatives.extend(self.required(predicates)?);
                }
                self.at += 1;
                alternatives
            }
            Some('"') => {
                let kind = self.string()?;
                vec![self.leaf(self.kinds(&kind, false)?)]
            }
            Some('_') => {
                self.at += 1;
                vec![self.leaf(Kinds::Any)]
            }
            _ => return self.error("expected a pattern"),
        };
        let optional = match self.peek() {
            Some('?') => {
                self.at += 1;
                true
            }
            Some('*' | '+') => return self.error("the quantifiers `*` and `+` are not supported"),
            _ => false,
        };
        let captures = self.captures()?;
        for alternative in &mut alternatives {
            alternative.captures.extend(&captures);
        }
        Ok(Alternatives {
            nodes: alternatives,
            optional,
        })
    }

    /// A pattern that cannot be optional: a top-level one, or one of `[…]`.
    fn required(
        &mut self,
        predicates: &mut Vec<Predicate>,
    ) -> Result<Vec<NodePattern>, PatternError> {
        let alternatives = self.pattern(predicates)?;
        if alternatives.optional {
            return self.error("only a child pattern can be optional");
        }
        Ok(alternatives.nodes)
    }

    /// `((pattern) (#predicate? …)…)`: one pattern grouped with predicates.
    fn group(&mut self, predicates: &mut Vec<Predicate>) -> Result<Vec<NodePattern>, PatternError> {
        self.expect('(')?;
        let grouped = self.required(predicates)?;
        loop {
            match self.peek() {
                Some(')') => {
                    self.at += 1;
                    return Ok(grouped);
                }
                Some('(') if self.opens_with(&['#']) => {
                    predicates.push(self.predicate()?);
                }
                Some(_) => return self.error("sequences of sibling patterns are not supported"),
                None => return self.error("unclosed `(`"),
            }
        }
    }

    fn leaf(&self, kinds: Kinds) -> NodePattern {
        NodePattern {
            kinds,
            captures: Vec::new(),
            absent_fields: Vec::new(),
            children: Vec::new(),
            anchored_last: false,
        }
    }

    /// `(kind …)`, after which come its captures.
    fn node(&mut self, predicates: &mut Vec<Predicate>) -> Result<NodePattern, PatternError> {
        self.expect('(')?;
        let name = self.word().to_owned();
        let kinds = match name.as_str() {
            "_" => Kinds::AnyNamed,
            "" => return self.error("expected a node kind"),
            kind => self.kinds(kind, true)?,
        };
        let mut node = self.leaf(kinds);
        let mut immediate = false;
        loop {
            match self.peek() {
                Some(')') => {
                    self.at += 1;
                    node.anchored_last = immediate;
                    return Ok(node);
                }
                Some('.') => {
                    self.at += 1;
                    immediate = true;
                }
                Some('!') => {
                    self.at += 1;
                    let field = self.word().to_owned();
                    node.absent_fields.push(self.field(&field)?);
                }
                Some('(') if self.opens_with(&['#']) => {
                    predicates.push(self.predicate()?);
                }
                Some(next) => {
                    let field = if next.is_alphabetic() {
                        let name = self.word().to_owned();
                        self.expect(':')?;
                        Some(self.field(&name)?)
                    } else {
                        None
                    };
                    let child = self.pattern(predicates)?;
                    node.children.push(ChildPattern {
                        field,
                        immediate,
                        optional: child.optional,
                        alternatives: child.nodes,
                    });
                    immediate = false;
                }
                None => return self.error("unclosed `(`"),
            }
        }
    }

    /// `@name` captures.
    fn captures(&mut self) -> Result<Vec<u32>, PatternError> {
        let mut captures = Vec::new();
        while self.peek() == Some('@') {
            self.at += 1;
            let name = self.word().to_owned();
            if name.is_empty() {
                return self.error("expected a capture name");
            }
            let index = match self.capture_names.iter().position(|n| *n == name) {
                Some(index) => index,
                None => {
                    self.capture_names.push(name);
                    self.capture_names.len() - 1
                }
            };
            captures.push(index as u32);
        }
        Ok(captures)
    }

    /// The index of a capture named before, for a predicate.
    fn capture(&self, name: &str) -> Result<u32, PatternError> {
        match self.capture_names.iter().position(|n| n == name) {
            Some(index) => Ok(index as u32),
            None => self.error(format!("unknown capture @{name}")),
        }
    }

    fn field(&self, name: &str) -> Result<NonZeroU16, PatternError> {
        match self.grammar.field_id_for_name(name) {
            Some(field) => Ok(field),
            None => self.error(format!("unknown field `{name}`")),
        }
    }

    /// Every id of the kind `name` (named or anonymous); a supertype stands
    /// for its subtypes.
    fn kinds(&self, name: &str, named: bool) -> Result<Kinds, PatternError> {
        if named && name == ERROR_KIND {
            return Ok(Kinds::Ids(Box::new([ERROR_KIND_ID])));
        }
        let grammar = self.grammar;
        let mut ids = Vec::new();
        for id in 0..grammar.node_kind_count() as u16 {
            if grammar.node_kind_for_id(id) != Some(name) {
                continue;
            }
            if grammar.node_kind_is_supertype(id) {
                // A supertype is hidden: its subtypes' nodes stand in its place.
                if named {
                    ids.extend(grammar.subtypes_for_supertype(id));
                }
            } else if grammar.node_kind_is_named(id) == named {
                ids.push(id);
            }
        }
        if ids.is_empty() {
            return self.error(format!("unknown node kind `{name}`"));
        }
        ids.sort_unstable();
        ids.dedup();
        Ok(Kinds::Ids(ids.into_boxed_slice()))
    }

    /// A double-quoted string, escapes read.
    fn string(&mut self) -> Result<String, PatternError> {
        self.expect('"')?;
        let mut value = String::new();
        let mut chars = self.rest().char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    self.at += i + 1;
                    return Ok(value);
                }
                '\\' => match chars.next() {
                    Some((_, 'n')) => value.push('\n'),
                    Some((_, 't')) => value.push('\t'),
                    Some((_, 'r')) => value.push('\r'),
                    Some((_, '0')) => value.push('\0'),
                    Some((_, escaped)) => value.push(escaped),
                    None => break,
                },
                c => value.push(c),
            }
        }
        self.error("unclosed string")
    }

    /// `(#name? args…)`.
    fn predicate(&mut self) -> Result<Predicate, PatternError> {
        self.expect('(')?;
        self.expect('#')?;
        let name = self.word().to_owned();
        let mut arguments = Vec::new();
        loop {
            match self.peek() {
                Some(')') => {
                    self.at += 1;
                    break;
                }
                Some('@') => {
                    self.at += 1;
                    let capture = self.word().to_owned();
                    arguments.push(Argument::Capture(self.capture(&capture)?));
                }
                Some('"') => arguments.push(Argument::Text(self.string()?)),
                _ => return self.error("expected a capture or a string"),
            }
        }
        let (base, positive) = match name.strip_prefix("not-") {
            Some(base) => (base, false),
            None => (name.as_str(), true),
        };
        match (base, arguments.as_slice()) {
            ("eq?", [Argument::Capture(a), Argument::Capture(b)]) => {
                Ok(Predicate::EqCapture(*a, *b, positive))
            }
            ("eq?", [Argument::Capture(a), Argument::Text(text)]) => {
                Ok(Predicate::EqText(*a, text.as_bytes().into(), positive))
            }
            ("match?", [Argument::Capture(a), Argument::Text(pattern)]) => {
                match Regex::new(pattern) {
                    Ok(regex) => Ok(Predicate::Matches(*a, regex, positive)),
                    Err(err) => self.error(format!("bad regular expression: {err}")),
                }
            }
            ("any-of?", [Argument::Capture(a), values @ ..]) => {
                let mut texts = Vec::new();
                for value in values {
                    match value {
                        Argument::Text(text) => texts.push(text.as_bytes().into()),
                        Argument::Capture(_) => return self.error("#any-of? takes strings"),
                    }
                }
                Ok(Predicate::AnyOf(*a, texts, positive))
            }
            _ => self.error(format!("unsupported predicate #{name}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use tree_sitter::{Parser, Query, QueryCursor, StreamingIterator};

    use super::*;
    use crate::Language;

    /// A match as data: its pattern and each capture's index, start and end
    /// byte and node kind, in capture order.
    type Found = (usize, Vec<(u32, usize, usize, u16)>);

    fn parse(grammar: &Grammar, text: &str) -> tree_sitter::Tree {
        let mut parser = Parser::new();
        parser.set_language(grammar).unwrap();
        parser.parse(text, None).unwrap()
    }

    /// Both matchers' matches over `text`, each sorted: tree-sitter's cursor
    /// running `query`, and `patterns`, compiled from the same source.
    fn both(
        grammar: &Grammar,
        query: &Query,
        patterns: &Patterns,
        text: &str,
    ) -> (Vec<Found>, Vec<Found>) {
        assert_eq!(patterns.patterns.len(), query.pattern_count());
        assert_eq!(patterns.capture_names(), query.capture_names());
        let tree = parse(grammar, text);
        let found = |index: u32, node: Node<'_>| {
            (index, node.start_byte(), node.end_byte(), node.kind_id())
        };
        let mut theirs = Vec::new();
        let mut cursor = QueryCursor::new();
        let mut matches = cursor.matches(query, tree.root_node(), text.as_bytes());
        while let Some(m) = matches.next() {
            let captures = m.captures().iter().map(|c| found(c.index, c.node));
            theirs.push((m.pattern_index, captures.collect()));
        }
        let mut ours = Vec::new();
        let flat = FlatTree::of(tree.root_node(), text.len());
        patterns.for_each_match(&flat, text.as_bytes(), |pattern, captures| {
            ours.push((
                pattern,
                captures.iter().map(|c| found(c.index, c.node)).collect(),
            ));
        });
        theirs.sort();
        ours.sort();
        (theirs, ours)
    }

    fn python() -> Grammar {
        Language::Python.grammar()
    }

    const PYTHON: &str = "\
import os
def f(a, b=1, *c):
    \"\"\"Doc.\"\"\"
    # a comment
    x = g(a, b, h(c))
    y: int = x.total(1)
    return [x, y] if a else None

class Cart(Base, Other):
    def total(self):
        return self.n
";

    fn agree(source: &str) -> usize {
        let grammar = python();
        let query = Query::new(&grammar, source).unwrap();
        let patterns = Patterns::new(&grammar, source).unwrap();
        let (theirs, ours) = both(&grammar, &query, &patterns, PYTHON);
        assert_eq!(ours, theirs, "{source}");
        ours.len()
    }

    #[test]
    fn every_combination_of_children_is_a_match() {
        // Two identifiers among g's three arguments, in order: three pairs.
        // Pairs of g's three arguments, in order: three; h's one: none.
        assert_eq!(agree("(call arguments: (argument_list (_) @a (_) @b))"), 3);
        assert_eq!(
            agree("(call function: (identifier) @f (argument_list (_) @x))"),
            4
        );
    }

    #[test]
    fn anchors_need_adjacent_named_children() {
        // Named children first and last: g(a, b, h(c)), h(c), (Base, Other).
        assert_eq!(agree("(argument_list . (identifier) @first)"), 3);
        assert_eq!(agree("(argument_list (identifier) @last .)"), 2);
        assert_eq!(
            agree("(argument_list (identifier) @a . (identifier) @b)"),
            2
        );
        // A comment is a named node: the docstring and `x = …` are not
        // adjacent (the comment is between), `x = …` and `y: … = …` are.
        assert_eq!(
            agree("(block (comment) . (expression_statement) @after)"),
            1
        );
        assert_eq!(
            agree("(block (expression_statement) . (expression_statement))"),
            1
        );
    }

    #[test]
    fn fields_negated_fields_and_alternatives() {
        assert!(agree("(class_definition name: (identifier) @name superclasses: (_) @bases)") == 1);
        assert!(agree("(assignment !type left: (identifier) @untyped)") == 1);
        assert!(agree("(assignment left: (identifier) @typed type: (_))") == 1);
        assert!(agree("[(return_statement) (import_statement)] @either") == 3);
        assert_eq!(
            agree("(call function: [(identifier) (attribute attribute: (identifier))] @callee)"),
            3
        );
        assert!(agree("(default_parameter \"=\" @token) (list_splat_pattern _ @any)") >= 2);
    }

    #[test]
    fn text_predicates_filter_matches() {
        let calls = |predicate: &str| agree(&format!("(call function: (_) @x {predicate})"));
        assert_eq!(calls("(#eq? @x \"g\")"), 1);
        assert_eq!(agree("((identifier) @x (#eq? @x \"self\"))"), 2);
        assert_eq!(calls("(#not-eq? @x \"g\")"), 2);
        assert_eq!(calls("(#match? @x \"^[gh]$\")"), 2);
        assert_eq!(calls("(#not-match? @x \"^[gh]$\")"), 1);
        assert_eq!(calls("(#any-of? @x \"h\" \"x.total\")"), 2);
        assert_eq!(calls("(#not-any-of? @x \"h\" \"x.total\")"), 1);
        assert_eq!(
            agree("(assignment left: (_) @l right: (_) @r (#eq? @l @r))"),
            0,
            "no assignment copies a name to itself"
        );
    }

    #[test]
    fn unsupported_syntax_is_an_error() {
        let grammar = python();
        for source in [
            "(call (identifier)* @many)",
            "(call (identifier)+ @many)",
            "(identifier)? @x",
            "((identifier) @x (#set! @x \"k\"))",
            "(call",
            "((identifier) (identifier))",
            "(no_such_kind)",
            "(call no_such_field: (_))",
            "(call (identifier) @)",
            "(call (identifier) @x (#eq? @y \"f\"))",
        ] {
            assert!(Patterns::new(&grammar, source).is_err(), "{source}");
        }
    }

    fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                files_under(&path, out);
            } else {
                out.push(path);
            }
        }
    }

    #[test]
    fn every_spec_matches_as_tree_sitter_does_on_the_fixtures() {
        let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures");
        let mut paths = Vec::new();
        files_under(&fixtures, &mut paths);
        let mut checked = std::collections::BTreeSet::new();
        // tree-sitter's compilation of each spec, once per language.
        let mut queries = std::collections::HashMap::new();
        for path in paths {
            let Some(language) = Language::from_path(&path) else {
                continue;
            };
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let grammar = language.grammar();
            let query = queries
                .entry(language)
                .or_insert_with(|| Query::new(&grammar, language.spec().query_source).unwrap());
            let patterns = language.patterns().unwrap();
            let (theirs, ours) = both(&grammar, query, patterns, &text);
            assert!(ours == theirs, "{} differs", path.display());
            if !ours.is_empty() {
                checked.insert(language);
            }
        }
        assert_eq!(checked.len(), Language::COUNT, "{checked:?}");
    }
}
