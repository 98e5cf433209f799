//! The question set: what `derive` writes and `score` reads. One file per project.

use serde::{Deserialize, Serialize};

/// Answers are compared as strings: `file:LINE` (1-based line of the symbol's name),
/// `file:<module>` for a file's top level, or a bare name (outline).
pub type Key = String;

#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct QuestionSet {
    pub project: String,
    pub version: String,
    pub lang: String,
    /// `dev` or `heldout` (bench/corpora.txt).
    pub role: String,
    /// The corpus directory, relative to the plumb repository root.
    pub corpus: String,
    /// The indexer that produced the truth, with its version.
    pub indexer: String,
    /// Files the indexer read. An answer pointing into any other file cannot be judged
    /// (the indexer never saw it) and is counted as `unjudged`, neither right nor wrong.
    pub files: Vec<String>,
    /// Lines holding only local definitions (nested functions, locals, closures): an answer
    /// pointing at one is unjudged unless the truth names it.
    pub local_def_keys: Vec<Key>,
    /// Per file, lines (`a-b` ranges, 1-based) the indexer did not analyse: code lines with no
    /// occurrence at all (platform- or cfg-unreachable blocks), and Python `def`/`class`
    /// lines whose name the indexer did not record as a definition. An answer pointing at
    /// one is unjudged.
    /// Overloads: a symbol the indexer defines at several places (TypeScript overload
    /// signatures, Python redefinitions) is one symbol; each of its definition lines maps to
    /// the first, which is the one the truth names. Applied to plumb's answers before scoring.
    #[serde(default)]
    pub aliases: std::collections::BTreeMap<Key, Key>,
    #[serde(default)]
    pub unjudged_lines: std::collections::BTreeMap<String, String>,
    pub questions: Vec<Question>,
}

#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct Question {
    pub id: String,
    /// definition | callers | callees | references | implementations | outline | impact
    pub kind: String,
    /// NAME (or FILE for outline) exactly as passed to plumb.
    pub query: String,
    /// For `path:LINE` queries: the symbol the question is about. plumb must target it
    /// (same file, line and name); otherwise the question counts as a locate failure.
    pub expect: Option<Expect>,
    /// Why the question was chosen: `random`, or the hard-case reasons
    /// (`same_name`, `override`, `via_self`, `trait_method`, `reexport`, ...).
    pub tags: Vec<String>,
    /// The indexer's symbol, for reading failures.
    pub symbol: String,
    pub truth: Vec<Key>,
}

#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct Expect {
    pub file: String,
    pub line: u32,
    pub name: String,
}
