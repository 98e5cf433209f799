//! Command-line arguments (clap derive); each query subcommand takes its
//! capability's argument struct from `plumb_query::args`.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};

use plumb_index::limits::LimitOverrides;
use plumb_index::walk::{
    DEFAULT_MAX_DEPTH, DEFAULT_MAX_FILE_BYTES, DEFAULT_MAX_FILES, DEFAULT_MAX_TOTAL_BYTES,
    DEFAULT_PARSE_TIMEOUT,
};
use plumb_query::analytics::args::{
    ChangesArgs, CochangeArgs, CommunitiesArgs, EntrypointsArgs, ProcessesArgs, SqlArgs,
};
use plumb_query::args::{ImpactArgs, ImplsArgs, OutlineArgs, RefsArgs, SearchArgs, SymbolArgs};

use crate::filter::{Filters, Listing, SymbolFilters};
use crate::structural::{ChangeArgs, GrepArgs, RewriteArgs};

/// plumb: a resolved code graph of a repository, for coding agents and the
/// people who drive them.
#[derive(Parser, Debug)]
#[command(name = "plumb", version, about, propagate_version = true)]
pub struct Cli {
    /// The indexed root (default: the nearest directory upwards with an index).
    #[arg(long, global = true, value_name = "DIR")]
    pub root: Option<PathBuf>,
    /// Keep the index in DIR instead of ROOT/.plumb (a read-only tree);
    /// also PLUMB_INDEX_DIR. Every command then reads and writes it there.
    #[arg(long, global = true, value_name = "DIR")]
    pub index_dir: Option<PathBuf>,
    /// Print exactly one JSON object on stdout.
    #[arg(long, global = true)]
    pub json: bool,
    /// Also list name-only guesses (low confidence) in refs, callers and callees.
    #[arg(long, global = true)]
    pub guesses: bool,
    /// Colour names, paths and line numbers: on a terminal (auto, unless
    /// NO_COLOR is set), always or never.
    #[arg(long, global = true, value_name = "WHEN", default_value = "auto")]
    pub color: ColorChoice,
    /// Print nothing but errors: the exit code says whether there are results.
    #[arg(short, long, global = true)]
    pub quiet: bool,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// When to colour the output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// When stdout is a terminal and NO_COLOR is unset or empty.
    Auto,
    /// Always (even with NO_COLOR).
    Always,
    /// Never.
    Never,
}

impl ColorChoice {
    /// Whether to colour output on stdout.
    pub fn enabled(self) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty())
                    && std::io::IsTerminal::is_terminal(&std::io::stdout())
            }
        }
    }
}

/// The commands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Index a repository into PATH/.plumb/ (replacing any previous index).
    #[command(
        after_help = "Examples:\n  plumb index                      # the current directory\n  plumb index ~/src/flask --full    # parse every file again\n  plumb --json index . | jq .phases_ms\n"
    )]
    Index(IndexArgs),
    /// Index PATH, then re-index it incrementally after every change until
    /// interrupted, printing one line per run.
    #[command(after_help = "Examples:\n  plumb watch\n  plumb --json watch ~/src/flask\n")]
    Watch(IndexArgs),
    /// What is indexed: coverage by reason, totals, and whether files changed since.
    #[command(after_help = "Examples:\n  plumb status\n  plumb status --json | jq .freshness\n")]
    Status,
    /// Where NAME is defined (NAME: bare, qualified, or path:LINE).
    #[command(
        after_help = "Examples:\n  plumb symbol total\n  plumb symbol shop.models.Cart.total\n  plumb symbol shop/models.py:20\n"
    )]
    Symbol(SymbolArgs),
    /// The definitions of FILE, nested.
    #[command(
        after_help = "Examples:\n  plumb outline shop/models.py\n  plumb outline shop/models.py --depth 1\n"
    )]
    Outline(OutlineArgs),
    /// Every reference to NAME.
    #[command(
        after_help = "Examples:\n  plumb refs shop.models.Cart\n  plumb refs Cart --kind instantiate --path 'shop/**'\n  plumb refs total --lang python --limit 20\n"
    )]
    Refs(Listing<RefsArgs, Filters>),
    /// Who calls NAME.
    #[command(
        after_help = "Examples:\n  plumb callers shop.models.Cart.total\n  plumb callers total --kind method --limit 10\n  plumb callers total --path '*_test.py'\n"
    )]
    Callers(Listing<SymbolArgs, SymbolFilters>),
    /// What NAME calls.
    #[command(
        after_help = "Examples:\n  plumb callees shop.models.Cart.total\n  plumb callees main --lang rust --kind function\n"
    )]
    Callees(Listing<SymbolArgs, SymbolFilters>),
    /// Subtypes and implementors of NAME (for a method: its overrides).
    #[command(
        after_help = "Examples:\n  plumb impls shop.models.Cart\n  plumb impls Shape --transitive --path 'src/**'\n"
    )]
    Impls(Listing<ImplsArgs, SymbolFilters>),
    /// What depends on NAME, transitively: callers, referencers, subtypes.
    #[command(
        after_help = "Examples:\n  plumb impact shop.pricing.total\n  plumb impact total --depth 3 --kind function --limit 50\n"
    )]
    Impact(Listing<ImpactArgs, SymbolFilters>),
    /// Find symbols by name: exact, prefix, or camelCase/snake_case words.
    #[command(
        after_help = "Examples:\n  plumb search Cart\n  plumb search parse_args\n  plumb search HttpReq\n"
    )]
    Search(SearchArgs),
    /// Communities of the symbol graph: the parts that belong together.
    #[command(after_help = "Examples:\n  plumb communities\n  plumb communities --json\n")]
    Communities(CommunitiesArgs),
    /// Entry points: mains, script blocks, CLI commands, routes, tests, package roots.
    #[command(after_help = "Examples:\n  plumb entrypoints\n  plumb entrypoints --json\n")]
    Entrypoints(EntrypointsArgs),
    /// The bounded call tree from each entry point (or the one named).
    #[command(after_help = "Examples:\n  plumb processes\n  plumb processes main\n")]
    Processes(ProcessesArgs),
    /// Files changed in the same commits as FILE (or NAME's file), from git history.
    #[command(
        after_help = "Examples:\n  plumb cochange src/cart.py\n  plumb cochange Cart.total --json\n"
    )]
    Cochange(CochangeArgs),
    /// What the diff changes and impacts, and which tests to run, with a risk score.
    #[command(
        after_help = "Examples:\n  plumb changes\n  plumb changes --staged\n  plumb changes --base main --json\n"
    )]
    Changes(ChangesArgs),
    /// One read-only SQL SELECT over the views symbols, edges and files.
    #[command(
        after_help = "Examples:\n  plumb sql 'SELECT kind, count(*) FROM symbols GROUP BY kind'\n  plumb sql 'SELECT file, count(*) AS n FROM edges GROUP BY file ORDER BY n DESC LIMIT 5'\n"
    )]
    Sql(SqlArgs),
    /// Serve the graph to coding agents: an MCP server on stdin/stdout.
    #[command(after_help = "Examples:\n  plumb serve\n  plumb serve --profile full --watch\n")]
    Serve(ServeArgs),
    /// Configure MCP clients (Claude Code, Cursor, VS Code, …) to run `plumb
    /// serve` for this repository, merged into their existing files.
    #[command(
        after_help = "Examples:\n  plumb ide\n  plumb ide --client claude-code,cursor\n  plumb ide --client vscode --dry-run\n"
    )]
    Ide(IdeArgs),
    /// What is installed and found: the index (age, bounds), the MCP clients
    /// configured, language servers and debug adapters, each gap with its fix.
    #[command(
        after_help = "Examples:\n  plumb doctor\n  plumb doctor --json | jq '.tools[] | select(.found == null)'\n"
    )]
    Doctor,
    /// Write the graph as a SCIP index, for Sourcegraph and other SCIP consumers.
    #[command(
        after_help = "Examples:\n  plumb export --format scip\n  plumb export --format scip --output /tmp/shop.scip\n"
    )]
    Export(ExportArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    #[command(
        after_help = "Examples:\n  plumb completions bash > ~/.local/share/bash-completion/completions/plumb\n  plumb completions zsh > ~/.zfunc/_plumb\n  plumb completions fish > ~/.config/fish/completions/plumb.fish\n"
    )]
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print plumb's man page (roff), or one command's.
    #[command(
        after_help = "Examples:\n  plumb man > ~/.local/share/man/man1/plumb.1\n  plumb man refs | man -l -\n"
    )]
    Man {
        /// The command whose page to print (`plumb-COMMAND.1`).
        command: Option<String>,
    },
    /// The current diagnostics of FILE... from their language servers (exit 1 on any error).
    #[command(
        after_help = "Examples:\n  plumb check src/app.py\n  plumb check src/a.ts src/b.ts --json\n"
    )]
    Check(crate::check::CheckArgs),
    /// Run COMMAND under its debug adapter to the first --break, print the
    /// stack and locals, then kill it: `plumb debug --break f.py:12 -- python f.py`.
    #[command(
        after_help = "Examples:\n  plumb debug --break tests/test_cart.py:12 -- python -m pytest tests/test_cart.py\n  plumb debug --break main.c:7 -- ./a.out\n"
    )]
    Debug(crate::debug::DebugArgs),
    /// Structural search: code matching PATTERN, written as code with
    /// metavariables ($X, $$$ARGS, $_). Needs no index.
    #[command(
        after_help = "Examples:\n  plumb grep 'log.info($MSG)'\n  plumb grep 'if ($X != null) $X.dispose()' src/ --lang typescript --json\n"
    )]
    Grep(GrepArgs),
    /// Stage a structural rewrite of PATTERN into TEMPLATE; writes no source file.
    #[command(
        after_help = "Examples:\n  plumb rewrite 'log.info($MSG)' --to 'log.debug($MSG)'\n  plumb rewrite 'assertEquals($A, $B)' --to 'assertEqual($A, $B)' tests/ --json\n"
    )]
    Rewrite(RewriteArgs),
    /// Write a staged change, all or nothing, then update the index for it.
    #[command(after_help = "Examples:\n  plumb apply 3f2a9c1e\n")]
    Apply(ChangeArgs),
    /// Drop a staged change.
    #[command(after_help = "Examples:\n  plumb discard 3f2a9c1e\n")]
    Discard(ChangeArgs),
    /// List the staged changes.
    #[command(after_help = "Examples:\n  plumb staged\n  plumb staged --json\n")]
    Staged,
}

/// Options of `plumb export`.
#[derive(Args, Debug)]
pub struct ExportArgs {
    /// The format (only `scip` so far).
    #[arg(long, value_name = "FORMAT", value_parser = ["scip"])]
    pub format: String,
    /// Where to write it.
    #[arg(long, value_name = "FILE", default_value = "index.scip")]
    pub output: PathBuf,
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
