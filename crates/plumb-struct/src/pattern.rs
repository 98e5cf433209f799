//! Compiling a structural pattern for one language: the context ladder
//! ([`crate::ladder`]) finds the wrapping in which the pattern parses with
//! no error, and the node that spans exactly the pattern's text there
//! becomes ast-grep-core's [`Pattern`].

use std::time::Duration;

use ast_grep_core::matcher::PatternNode;
use ast_grep_core::meta_var::MetaVariable;
use ast_grep_core::tree_sitter::StrDoc;
use ast_grep_core::{AstGrep as Root, Language as AstLanguage, Pattern};
use plumb_lang::Language;

use crate::error::StructError;
use crate::grammar::{Grammar, expand_metavariables};
use crate::ladder::ladder;

/// The longest a pattern's parse may take in one context. Chosen: patterns
/// are a line or a few; a parse this long means a pathological input.
const PATTERN_PARSE_TIMEOUT: Duration = Duration::from_secs(1);

/// A pattern compiled for one language.
#[derive(Clone)]
pub struct StructPattern {
    grammar: Grammar,
    pattern: Pattern,
    role: &'static str,
    literals: Vec<String>,
    variables: Vec<String>,
}

impl std::fmt::Debug for StructPattern {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StructPattern")
            .field("language", &self.grammar.language())
            .field("role", &self.role)
            .field("literals", &self.literals)
            .field("variables", &self.variables)
            .finish()
    }
}

impl StructPattern {
    /// Compiles `text` for `language`, going up the context ladder. Refuses
    /// an empty pattern, a pattern of one metavariable alone, and a pattern
    /// no context parses without error.
    pub fn compile(text: &str, language: Language) -> Result<StructPattern, StructError> {
        let grammar = Grammar(language);
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(StructError::EmptyPattern);
        }
        let expanded = expand_metavariables(trimmed, grammar.expando());
        if grammar.extract_meta_var(&expanded).is_some() {
            return Err(StructError::OnlyMetavariable(trimmed.to_owned()));
        }
        for context in ladder(language) {
            let (source, range) = context.wrap(&expanded);
            let Ok(tree) = plumb_lang::parse_timed(language, &source, PATTERN_PARSE_TIMEOUT) else {
                continue;
            };
            if tree.root_node().has_error() {
                continue;
            }
            let root = Root::doc(StrDoc {
                src: source.clone(),
                lang: grammar,
                tree,
            });
            let Some(node) = pattern_node(root.root().get_inner_node(), &range) else {
                continue;
            };
            let pattern = Pattern::from(root.adopt(node));
            if matches!(pattern.node, PatternNode::MetaVar { .. }) {
                return Err(StructError::OnlyMetavariable(trimmed.to_owned()));
            }
            let mut variables = Vec::new();
            collect_variables(&pattern.node, &mut variables);
            let mut literals = Vec::new();
            collect_named_terminals(&pattern.node, &mut literals);
            return Ok(StructPattern {
                grammar,
                pattern,
                role: context.role,
                literals,
                variables,
            });
        }
        Err(StructError::Unparsable {
            language: language.name().to_owned(),
            pattern: trimmed.to_owned(),
        })
    }

    /// The language.
    pub fn language(&self) -> Language {
        self.grammar.language()
    }

    /// The grammar seen by ast-grep-core.
    pub fn grammar(&self) -> Grammar {
        self.grammar
    }

    /// ast-grep-core's compiled pattern.
    pub fn pattern(&self) -> &Pattern {
        &self.pattern
    }

    /// The rung of the ladder that parsed it (`statement`, `expression`,
    /// `member`, `top level`).
    pub fn role(&self) -> &'static str {
        self.role
    }

    /// The texts every match contains verbatim, longest first, each once:
    /// the pattern's named leaves, such as identifiers (ast-grep-core
    /// compares a named leaf's text exactly). A file without one of them
    /// cannot match, so it is not parsed ([`crate::Prefilter`]).
    pub fn literals(&self) -> &[String] {
        &self.literals
    }

    /// The names of the captured metavariables (`X` for `$X`, `ARGS` for
    /// `$$$ARGS`), each once, in pattern order.
    pub fn variables(&self) -> &[String] {
        &self.variables
    }
}

/// The node of `root`'s tree that spans exactly `range` (the outermost such
/// node, then down through single-child wrappers, as ast-grep reads a
/// bare pattern), if one does.
fn pattern_node<'t>(
    root: tree_sitter::Node<'t>,
    range: &std::ops::Range<usize>,
) -> Option<tree_sitter::Node<'t>> {
    let mut node = root.descendant_for_byte_range(range.start, range.end)?;
    if node.byte_range() != *range {
        return None;
    }
    while let Some(parent) = node.parent().filter(|p| p.byte_range() == *range) {
        node = parent;
    }
    while node.child_count() == 1 {
        node = node.child(0)?;
    }
    Some(node)
}

fn collect_variables(node: &PatternNode, out: &mut Vec<String>) {
    match node {
        PatternNode::MetaVar { meta_var } => {
            let name = match meta_var {
                MetaVariable::Capture(name, _) | MetaVariable::MultiCapture(name) => name,
                MetaVariable::Dropped(_) | MetaVariable::Multiple => return,
            };
            if !out.contains(name) {
                out.push(name.clone());
            }
        }
        PatternNode::Terminal { .. } => {}
        PatternNode::Internal { children, .. } => {
            for child in children {
                collect_variables(child, out);
            }
        }
    }
}

/// The texts of `node`'s named leaves into `out`, longest first, each once.
fn collect_named_terminals(node: &PatternNode, out: &mut Vec<String>) {
    fn walk(node: &PatternNode, out: &mut Vec<String>) {
        match node {
            PatternNode::MetaVar { .. } => {}
            PatternNode::Terminal { text, is_named, .. } => {
                if *is_named && !text.trim().is_empty() && !out.contains(text) {
                    out.push(text.clone());
                }
            }
            PatternNode::Internal { children, .. } => {
                for child in children {
                    walk(child, out);
                }
            }
        }
    }
    walk(node, out);
    out.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
}

#[cfg(test)]
mod fuzz;
