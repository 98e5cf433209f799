//! Command-line arguments (clap derive); each query subcommand takes its
//! capability's argument struct from `plumb_query::args`.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};

use plumb_index::limits::LimitOverrides;
use plumb_index::walk::{
    DEFAULT_MAX_DEPTH, DEFAULT_MAX_FILE_BYTES, DEFAULT_MAX_FILES, DEFAULT_MAX_TOTAL_BYTES,
    DEFAULT_PARSE_TIMEOUT,
};
use plumb_query::args::{ImpactArgs, ImplsArgs, OutlineArgs, RefsArgs, SearchArgs, SymbolArgs};

use crate::structural::{ChangeArgs, GrepArgs, RewriteArgs};

/// plumb: a resolved code graph of a repository, for coding agents and the
/// people who drive them.
#[derive(Parser, Debug)]
#[command(name = "plumb", version, about, propagate_version = true)]
pub struct Cli {
    /// The indexed root (default: the nearest directory upwards with an index).
    #[arg(long, global = true, value_name = "DIR")]
    pub root: Option<PathBuf>,
    /// Print exactly one JSON object on stdout.
    #[arg(long, global = true)]
    pub json: bool,
    /// Also list name-only guesses (low confidence) in refs, callers and callees.
    #[arg(long, global = true)]
    pub guesses: bool,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Index a repository into PATH/.plumb/ (replacing any previous index).
    Index(IndexArgs),
    /// Index PATH, then re-index it incrementally after every change until
    /// interrupted, printing one line per run.
    Watch(IndexArgs),
    /// What is indexed: coverage by reason, totals, and whether files changed since.
    Status,
    /// Where NAME is defined (NAME: bare, qualified, or path:LINE).
    Symbol(SymbolArgs),
    /// The definitions of FILE, nested.
    Outline(OutlineArgs),
    /// Every reference to NAME.
    Refs(RefsArgs),
    /// Who calls NAME.
    Callers(SymbolArgs),
    /// What NAME calls.
    Callees(SymbolArgs),
    /// Subtypes and implementors of NAME (for a method: its overrides).
    Impls(ImplsArgs),
    /// What depends on NAME, transitively: callers, referencers, subtypes.
    Impact(ImpactArgs),
    /// Find symbols by name: exact, prefix, or camelCase/snake_case words.
    Search(SearchArgs),
    /// Serve the graph to coding agents: an MCP server on stdin/stdout.
    Serve(ServeArgs),
    /// Configure MCP clients (Claude Code, Cursor, VS Code, …) to run `plumb
    /// serve` for this repository, merged into their existing files.
    Ide(IdeArgs),
    /// Structural search: code matching PATTERN, written as code with
    /// metavariables ($X, $$$ARGS, $_). Needs no index.
    Grep(GrepArgs),
    /// Stage a structural rewrite of PATTERN into TEMPLATE; writes no source file.
    Rewrite(RewriteArgs),
    /// Write a staged change, all or nothing, then update the index for it.
    Apply(ChangeArgs),
    /// Drop a staged change.
    Discard(ChangeArgs),
    /// List the staged changes.
    Staged,
}

/// Options of `plumb ide`.
#[derive(Args, Debug)]
pub struct IdeArgs {
    /// The client(s) to configure, comma-separated: claude-code, claude-desktop,
    /// cursor, vscode, windsurf, zed, codex, gemini, opencode, kiro. Without
    /// it, on a terminal: choose among the clients found.
    #[arg(long, value_name = "NAME")]
    pub client: Option<String>,
    /// Print the changes as a diff and write nothing.
    #[arg(long)]
    pub dry_run: bool,
}

/// Options of `plumb serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Tools offered: a comma-separated list of the sets core, full, edit,
    /// debug and all (default: $PLUMB_PROFILE, else core).
    #[arg(long, value_name = "NAME")]
    pub profile: Option<String>,
    /// Most bytes one response may take on the wire (default: $PLUMB_MAX_BYTES, else 65536).
    #[arg(long, value_name = "N")]
    pub max_bytes: Option<u64>,
    /// Also append the log to FILE (it always goes to stderr).
    #[arg(long, value_name = "FILE")]
    pub log_file: Option<PathBuf>,
    /// Keep the index fresh: re-index incrementally after every change to
    /// the tree, while serving.
    #[arg(long)]
    pub watch: bool,
}

/// Bounds of `plumb index` and `plumb watch`. A bound not given is the one
/// the existing index was built with, else the default.
#[derive(Args, Debug)]
pub struct IndexArgs {
    /// The repository to index (default: --root, else the current directory).
    pub path: Option<PathBuf>,
    /// Most files indexed, if given.
    #[arg(long, value_name = "N", help = bound_help("Most files indexed", DEFAULT_MAX_FILES))]
    pub max_files: Option<usize>,
    /// Largest file indexed, in bytes, if given.
    #[arg(long, value_name = "BYTES", help = bound_help("Largest file indexed, in bytes", DEFAULT_MAX_FILE_BYTES))]
    pub max_file_bytes: Option<u64>,
    /// Most bytes indexed in total, if given.
    #[arg(long, value_name = "BYTES", help = bound_help("Most bytes indexed in total", DEFAULT_MAX_TOTAL_BYTES))]
    pub max_total_bytes: Option<u64>,
    /// Deepest directory descended into, if given.
    #[arg(long, value_name = "N", help = bound_help("Deepest directory descended into", DEFAULT_MAX_DEPTH))]
    pub max_depth: Option<usize>,
    /// Longest one file may take to parse, in milliseconds, if given.
    #[arg(long, value_name = "MS", help = bound_help(
        "Longest one file may take to parse, in milliseconds",
        DEFAULT_PARSE_TIMEOUT.as_millis(),
    ))]
    pub parse_timeout_ms: Option<u64>,
    /// Parse every file again, ignoring the facts cached by earlier runs.
    #[arg(long)]
    pub full: bool,
}

/// The help of one bound: what it bounds, and where its value comes from
/// when it is not given.
fn bound_help(what: &str, default: impl std::fmt::Display) -> String {
    format!("{what} (default: as the existing index was built, else {default})")
}

impl IndexArgs {
    /// The bounds given on the command line; the others are the existing
    /// index's (see [`LimitOverrides::for_root`]).
    pub fn limit_overrides(&self) -> LimitOverrides {
        LimitOverrides {
            max_files: self.max_files,
            max_file_bytes: self.max_file_bytes,
            max_total_bytes: self.max_total_bytes,
            max_depth: self.max_depth,
            parse_timeout: self.parse_timeout_ms.map(Duration::from_millis),
        }
    }
}
