//! The answer items of the analytics, part of the one JSON shape of every
//! surface (README documents them field by field).

use serde::Serialize;

use crate::answer::{Relation, Symbol};

/// A community of symbols (`communities`).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Community {
    /// Its number, largest community first (0-based).
    pub id: usize,
    /// A label: the dominant directory and the most central names.
    pub label: String,
    /// The directory most of its symbols are in.
    pub directory: String,
    /// Its number of symbols.
    pub size: usize,
    /// Internal edge weight over all edge weight touching it (0–1).
    pub cohesion: f64,
    /// Its most central symbols (by internal weighted degree), at most five.
    pub central: Vec<Symbol>,
    /// The files its symbols are in, most symbols first, at most ten.
    pub files: Vec<String>,
}

/// How an entry point was recognised (`main`, `script_block`, `cli_command`, `route`, `test`, `package_root`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "snake_case")]
pub enum EntryKind {
    /// A program's `main`.
    Main,
    /// Python's `if __name__ == "__main__":` block.
    ScriptBlock,
    /// A command-line command (a CLI framework's decorator).
    CliCommand,
    /// A web route handler (a framework's route decorator or annotation).
    Route,
    /// A test function.
    Test,
    /// An exported definition at a package's root (`__init__.py`, `index.ts`, `lib.rs`).
    PackageRoot,
}

/// An entry point (`entrypoints`).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct EntryPoint {
    /// The definition (a script block: the file's top level).
    pub symbol: Symbol,
    /// How it was recognised.
    pub kind: EntryKind,
    /// How sure that it is run from outside (0–1), by rule.
    pub confidence: f64,
    /// The rule that matched, in words.
    pub reason: String,
}

/// One step of a process: a function reached from the entry point.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Step {
    /// The function reached.
    pub symbol: Symbol,
    /// Calls from the entry point (1 = called by it directly).
    pub depth: u32,
    /// The qualified name of the caller it was first reached from.
    pub via: String,
}

/// A process: the bounded call tree from an entry point (`processes`).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Process {
    /// Where it starts.
    pub entry: EntryPoint,
    /// The functions it reaches, breadth-first.
    pub steps: Vec<Step>,
    /// Whether the depth or step bound cut it.
    pub cut: bool,
}

/// A file changed together with the asked file (`cochange`).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct CoChange {
    /// The file, root-relative.
    pub file: String,
    /// The definition's qualified name, when asked about a definition
    /// (absent: the file's lines outside any definition, or a file asked).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub symbol: Option<String>,
    /// The line of the definition's name, at the indexed revision.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    /// Commits that changed both.
    pub support: u32,
    /// `support` over the commits that changed the asked file (0–1).
    pub confidence: f64,
    /// `support` with each commit weighted by its age (half-life 180 days).
    pub weighted: f64,
    /// When they last changed together (seconds since the epoch).
    pub last: i64,
}

/// The changed lines of one file (`changes`).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Hunk {
    /// The file, root-relative.
    pub file: String,
    /// First changed line in the new text (1-based).
    pub start: u32,
    /// Last changed line in the new text (a deletion: the line it follows).
    pub end: u32,
    /// Lines added.
    pub added: u32,
    /// Lines removed.
    pub removed: u32,
}

/// A symbol whose lines the diff touches.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Changed {
    /// The symbol (the innermost definition holding the changed lines).
    pub symbol: Symbol,
    /// Changed lines within it.
    pub lines: u32,
}

/// A symbol depending on a changed one.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Impacted {
    /// The dependent.
    pub symbol: Symbol,
    /// Hops from the change.
    pub depth: u32,
    /// How it depends on the next symbol towards the change.
    pub relation: Relation,
    /// The changed symbol it was reached from (qualified name).
    pub changed: String,
    /// Product of the edge confidences along the way (0–1).
    pub confidence: f64,
}

/// A test to run.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct TestToRun {
    /// The test's name (its qualified name, or the block's title).
    pub name: String,
    /// Its file, root-relative.
    pub file: String,
    /// Its first line.
    pub line: u32,
    /// The framework convention it was recognised by (`pytest`, `rust`, `go`, `junit`, `jest`, …).
    pub framework: String,
    /// From the test to the changed symbol: the qualified names on the way.
    pub path: Vec<String>,
    /// Product of the edge confidences along the path (1 when the test itself changed).
    pub confidence: f64,
}

/// The change-risk score, a heuristic (README gives the formula).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Risk {
    /// The score (0–1).
    pub score: f64,
    /// `low` (< 0.33), `medium` (< 0.66) or `high`.
    pub level: String,
    /// Each term of the formula with its value, in words.
    pub factors: Vec<String>,
}

/// What a diff changes and impacts, and the tests to run (`changes`).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ChangeReport {
    /// What was compared (`working tree against HEAD`, …).
    pub compared: String,
    /// The changed hunks.
    pub hunks: Vec<Hunk>,
    /// The changed symbols.
    pub changed: Vec<Changed>,
    /// Their dependents, transitively, nearest and surest first.
    pub impacted: Vec<Impacted>,
    /// The tests reaching a changed symbol, surest first.
    pub tests: Vec<TestToRun>,
    /// The risk score.
    pub risk: Risk,
}

/// One row of an ad-hoc query (`sql`): its values in column order (the
/// columns are in the answer's `query`).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(transparent)]
pub struct SqlRow(pub Vec<serde_json::Value>);

impl EntryKind {
    /// The kind's name in answers.
    pub fn as_str(self) -> &'static str {
        match self {
            EntryKind::Main => "main",
            EntryKind::ScriptBlock => "script_block",
            EntryKind::CliCommand => "cli_command",
            EntryKind::Route => "route",
            EntryKind::Test => "test",
            EntryKind::PackageRoot => "package_root",
        }
    }
}
