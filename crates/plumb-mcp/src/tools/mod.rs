//! The tool registry: every tool's name, the profile it first appears in,
//! its four-part description (what it does / **Use when** / **Not for** /
//! **Returns**), its input and output schemas, and the function that runs
//! it. Counts and listings are derived from [`TOOLS`], never written by hand.

mod analytics;
mod debug;
mod graph;
mod index;
mod lsp;
mod patch;
mod status;
mod structural;
mod write;

use std::sync::Arc;

use rmcp::model::{JsonObject, Tool, ToolAnnotations};
use schemars::JsonSchema;
use serde::de::DeserializeOwned;

use plumb_query::analytics::capabilities::{Changes, Cochange, Communities, Entrypoints, Sql};
use plumb_query::capability::{
    Callees, Callers, Capability, Description, Impact, Impls, Outline, Refs, Search, SymbolInfo,
    Tier,
};

use crate::budget::Reply;
use crate::call::Call;
use crate::input::NoArgs;
use crate::output::{Envelope, Item, ToolError};
use crate::profile::Profile;
use crate::schema::{input, lean_output, output};
use crate::source::SymbolSource;

/// Runs a tool on parsed-later arguments.
pub(crate) type Run = fn(&Call, JsonObject) -> Result<Box<dyn Reply>, ToolError>;

/// One tool.
pub struct ToolDef {
    /// Its name: short and unprefixed (clients namespace tools themselves).
    pub name: &'static str,
    /// The smallest profile offering it.
    pub tier: Tier,
    /// What it does / Use when / Not for / Returns.
    pub description: Description,
    /// What it does to its environment, as `tools/list` annotates it.
    pub annotations: Hints,
    input_schema: fn() -> Arc<JsonObject>,
    output_schema: fn() -> Arc<JsonObject>,
    pub(crate) run: Run,
}

impl ToolDef {
    /// The tool of registry capability `C`: its row's name, tier and
    /// description, its argument and answer types' schemas, and its run.
    const fn query<C: Capability>() -> ToolDef
    where
        C::Args: DeserializeOwned + JsonSchema,
        C::Item: Item + JsonSchema,
    {
        ToolDef {
            name: C::NAME,
            tier: C::TIER,
            description: C::DESCRIPTION,
            annotations: Hints::Reads,
            input_schema: input::<C::Args>,
            output_schema: lean_output::<Envelope<Vec<C::Item>>>,
            run: graph::query::<C>,
        }
    }

    /// The tool as `tools/list` shows it.
    pub fn listing(&self) -> Tool {
        Tool::new(self.name, self.description.text(), (self.input_schema)())
            .with_title(title(self.name))
            .with_raw_output_schema((self.output_schema)())
            .with_annotations(self.annotations.annotations())
    }
}

/// A tool's behaviour hints (MCP's tool annotations). plumb's tools act
/// on this repository and this machine only, so every tool is closed-world.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hints {
    /// Reads only: the index, the files, a language server, a debuggee's state.
    Reads,
    /// Writes, but only what the same call again would write the same way
    /// (the index; a breakpoint set; a session ended).
    Repeatable,
    /// Writes plumb's own state anew on each call (a staged change gets a
    /// new id), never the user's files.
    Adds,
    /// May overwrite or lose what was there (source files, a killed
    /// process), and a second call does more (edits again, runs on).
    Destroys,
    /// May overwrite what was there, but a second call does nothing more.
    Replaces,
}

impl Hints {
    /// The annotations `tools/list` carries.
    pub fn annotations(self) -> ToolAnnotations {
        let hints = ToolAnnotations::new().open_world(false);
        match self {
            Hints::Reads => hints.read_only(true),
            Hints::Repeatable => hints.read_only(false).destructive(false).idempotent(true),
            Hints::Adds => hints.read_only(false).destructive(false).idempotent(false),
            Hints::Destroys => hints.read_only(false).destructive(true).idempotent(false),
            Hints::Replaces => hints.read_only(false).destructive(true).idempotent(true),
        }
    }
}

/// A tool's title, as clients show it to people: its question in words
/// (a tool not listed here shows its name).
fn title(name: &'static str) -> &'static str {
    match name {
        "search" => "Find definitions by meaning or name",
        "symbol" => "Show a definition",
        "outline" => "Outline a file",
        "refs" => "Find references",
        "callers" => "Find callers",
        "callees" => "Find callees",
        "impact" => "What depends on a symbol",
        "impls" => "Find implementations",
        "status" => "Index status",
        "index" => "Rebuild the index",
        "lsp" => "Ask the language server",
        "write" => "Write a file",
        "edit" => "Edit a file",
        "apply_patch" => "Apply a patch",
        "ast_grep" => "Search by code shape",
        "ast_edit" => "Stage a structural rewrite",
        "resolve" => "Apply or discard a staged change",
        "communities" => "Find communities",
        "entrypoints" => "Find entry points",
        "cochange" => "Files that change together",
        "changes" => "What a diff impacts",
        "query" => "Read-only SQL over the graph",
        "debug_launch" => "Launch under a debugger",
        "debug_attach" => "Attach a debugger",
        "debug_breakpoints" => "Set breakpoints",
        "debug_continue" => "Continue",
        "debug_step" => "Step",
        "debug_pause" => "Pause",
        "debug_stack" => "Show the stack",
        "debug_vars" => "Show variables",
        "debug_eval" => "Evaluate an expression",
        "debug_output" => "Show program output",
        "debug_stop" => "End the debug session",
        other => other,
    }
}

/// The tools offered under `profile`, in registry order.
pub fn offered(profile: Profile) -> impl Iterator<Item = &'static ToolDef> {
    TOOLS.iter().filter(move |tool| profile.includes(tool.tier))
}

/// Every tool plumb has: the registry's capabilities (`symbol` adds the
/// source text to its answer), then `status` and `index`, which are about
/// the index rather than the code.
pub static TOOLS: &[ToolDef] = &[
    ToolDef::query::<Search>(),
    ToolDef {
        output_schema: lean_output::<Envelope<Vec<SymbolSource>>>,
        run: graph::symbol,
        ..ToolDef::query::<SymbolInfo>()
    },
    ToolDef::query::<Outline>(),
    ToolDef::query::<Refs>(),
    ToolDef::query::<Callers>(),
    ToolDef::query::<Callees>(),
    ToolDef::query::<Impact>(),
    ToolDef {
        name: "status",
        tier: Tier::Core,
        description: Description {
            what: "Index health: files by status and language, skipped files and why, freshness, this server's profile and tools.",
            use_when: "answers look incomplete, \"is the index up to date\".",
            not_for: "questions about code (the other tools).",
            returns: "the status report.",
        },
        annotations: Hints::Reads,
        input_schema: input::<NoArgs>,
        output_schema: output::<status::StatusOutput>,
        run: status::run,
    },
    ToolDef::query::<Impls>(),
    ToolDef {
        name: "index",
        tier: Tier::Full,
        description: Description {
            what: "Rebuild this repository's index (writes only its .plumb/ directory).",
            use_when: "freshness is stale, or there is no index yet.",
            not_for: "answering questions (the other tools read the index).",
            returns: "files by status, symbols, occurrences, time taken.",
        },
        annotations: Hints::Repeatable,
        input_schema: input::<NoArgs>,
        output_schema: output::<index::IndexOutput>,
        run: index::run,
    },
    ToolDef {
        name: "lsp",
        tier: Tier::Full,
        description: Description {
            what: "Ask the file's language server (pyright, typescript-language-server, clangd, gopls, rust-analyzer): hover, definition, references or type_definition, at a `symbol` or at `path`+`line`+`column`.",
            use_when: "types, overloads, dynamic dispatch, or edges the graph marks `name_only`.",
            not_for: "navigation the graph answers at once (symbol, refs, callers): a server's first answer takes seconds.",
            returns: "`hover` text, or `locations` (file, line, column), with the server's name.",
        },
        annotations: Hints::Reads,
        input_schema: input::<lsp::LspArgs>,
        output_schema: output::<lsp::LspOutput>,
        run: lsp::run,
    },
    ToolDef {
        name: "write",
        tier: Tier::Edit,
        description: Description {
            what: "Write a whole file (created if missing), update the index, and report the diagnostics the write introduced from the language server.",
            use_when: "creating a file, or rewriting most of one.",
            not_for: "changing a few lines (edit); several files at once (apply_patch).",
            returns: WRITE_RETURNS,
        },
        annotations: Hints::Destroys,
        input_schema: input::<write::WriteArgs>,
        output_schema: output::<write::WriteOutput>,
        run: write::write,
    },
    ToolDef {
        name: "edit",
        tier: Tier::Edit,
        description: Description {
            what: "Replace exact text in a file (one occurrence, or all with replace_all), update the index, and report the diagnostics the edit introduced. Absent or ambiguous text writes nothing.",
            use_when: "changing a few lines of a file.",
            not_for: "new files (write); changes over several files (apply_patch).",
            returns: WRITE_RETURNS,
        },
        annotations: Hints::Destroys,
        input_schema: input::<write::EditArgs>,
        output_schema: output::<write::WriteOutput>,
        run: write::edit,
    },
    ToolDef {
        name: "apply_patch",
        tier: Tier::Edit,
        description: Description {
            what: "Apply a unified diff over one or several files, all or nothing, update the index, and report the diagnostics it introduced.",
            use_when: "a change that spans files, or you have a diff.",
            not_for: "one small change (edit); deleting or renaming files.",
            returns: WRITE_RETURNS,
        },
        annotations: Hints::Destroys,
        input_schema: input::<write::PatchArgs>,
        output_schema: output::<write::WriteOutput>,
        run: write::apply_patch,
    },
    ToolDef {
        name: "debug_launch",
        tier: Tier::Debug,
        description: Description {
            what: "Start a program (a script, a binary built with debug info, a test command such as `python -m pytest tests/test_x.py::test_y`) under a real debug adapter (debugpy, lldb-dap, Delve) with breakpoints, and run it to the first stop. One session per connection, ended after ttl_s.",
            use_when: "a test fails or a program misbehaves and you want the locals, the callers and expressions at one moment, instead of adding prints and rerunning.",
            not_for: "reading code (symbol, refs); a second program while a session is live (debug_stop first).",
            returns: "the state (running|stopped|exited|terminated), where it stopped, the top frames, the breakpoints as placed, the adapter used, the TTL left.",
        },
        annotations: Hints::Destroys,
        input_schema: input::<debug::LaunchArgs>,
        output_schema: output::<debug::DebugOutput>,
        run: debug::launch,
    },
    ToolDef {
        name: "debug_attach",
        tier: Tier::Debug,
        description: Description {
            what: "Attach the debug adapter to a running process (a hung one) by pid; it is detached, not killed, when the session ends.",
            use_when: "a process hangs or misbehaves and must be inspected where it is.",
            not_for: "starting a program (debug_launch).",
            returns: "the session state and, once paused (debug_pause), where.",
        },
        annotations: Hints::Adds,
        input_schema: input::<debug::AttachArgs>,
        output_schema: output::<debug::DebugOutput>,
        run: debug::attach,
    },
    ToolDef {
        name: "debug_breakpoints",
        tier: Tier::Debug,
        description: Description {
            what: "Set and clear breakpoints in the live session: `file:line` or `file:line if COND`.",
            use_when: "you want the program to stop somewhere else.",
            not_for: "starting a session (give breakpoints to debug_launch).",
            returns: "each breakpoint of the files touched as the adapter placed it (line, verified, message), and the state.",
        },
        annotations: Hints::Repeatable,
        input_schema: input::<debug::BreakpointsArgs>,
        output_schema: output::<debug::DebugOutput>,
        run: debug::set_breakpoints,
    },
    ToolDef {
        name: "debug_continue",
        tier: Tier::Debug,
        description: Description {
            what: "Resume the stopped program until the next stop or its end (waits at most 30 s).",
            use_when: "the program is stopped and you want the next breakpoint, or its end.",
            not_for: "one line at a time (debug_step).",
            returns: "the state, the stop's reason and location and the top frames, or the exit code and last output.",
        },
        annotations: Hints::Destroys,
        input_schema: input::<NoArgs>,
        output_schema: output::<debug::DebugOutput>,
        run: debug::continue_,
    },
    ToolDef {
        name: "debug_step",
        tier: Tier::Debug,
        description: Description {
            what: "Step the stopped program: `over` the line, `in` to the call, or `out` of the function.",
            use_when: "following the program line by line from a stop.",
            not_for: "running to a breakpoint (debug_continue).",
            returns: "the state, the new location and the top frames.",
        },
        annotations: Hints::Destroys,
        input_schema: input::<debug::StepArgs>,
        output_schema: output::<debug::DebugOutput>,
        run: debug::step,
    },
    ToolDef {
        name: "debug_pause",
        tier: Tier::Debug,
        description: Description {
            what: "Pause the running program (waits at most 30 s for it to stop).",
            use_when: "the program runs too long or hangs and you want to see where it is.",
            not_for: "a program already stopped.",
            returns: "the state, where it stopped and the top frames.",
        },
        annotations: Hints::Repeatable,
        input_schema: input::<NoArgs>,
        output_schema: output::<debug::DebugOutput>,
        run: debug::pause,
    },
    ToolDef {
        name: "debug_stack",
        tier: Tier::Debug,
        description: Description {
            what: "The stopped thread's stack: frames with function, file and line (innermost first, at most 20).",
            use_when: "how did the program get here, which frame to read.",
            not_for: "locals (debug_vars).",
            returns: "frames with index, function, file, line; the total frame count.",
        },
        annotations: Hints::Reads,
        input_schema: input::<NoArgs>,
        output_schema: output::<debug::DebugOutput>,
        run: debug::stack,
    },
    ToolDef {
        name: "debug_vars",
        tier: Tier::Debug,
        description: Description {
            what: "Locals and arguments of a frame of the stopped program, nested values expanded to `depth` (bounded: 100 variables, 20 children each, values cut to 200 characters).",
            use_when: "what are the values at this stop.",
            not_for: "one computed value (debug_eval).",
            returns: "variables by scope: name, value, type, children.",
        },
        annotations: Hints::Reads,
        input_schema: input::<debug::VarsArgs>,
        output_schema: output::<debug::DebugOutput>,
        run: debug::vars,
    },
    ToolDef {
        name: "debug_eval",
        tier: Tier::Debug,
        description: Description {
            what: "Evaluate an expression in a frame's scope of the stopped program.",
            use_when: "a value that is not a plain variable: a call, an attribute, a comparison.",
            not_for: "listing every local (debug_vars).",
            returns: "the value and type, or the error the expression raised (a value, not a tool failure).",
        },
        annotations: Hints::Destroys,
        input_schema: input::<debug::EvalArgs>,
        output_schema: output::<debug::DebugOutput>,
        run: debug::eval,
    },
    ToolDef {
        name: "debug_output",
        tier: Tier::Debug,
        description: Description {
            what: "The program's stdout and stderr since the last call (bounded to the last 64 KiB).",
            use_when: "what the program printed so far.",
            not_for: "the program's state (every debug result has it).",
            returns: "the text, and the bytes dropped to respect the bound.",
        },
        annotations: Hints::Reads,
        input_schema: input::<NoArgs>,
        output_schema: output::<debug::DebugOutput>,
        run: debug::output,
    },
    ToolDef {
        name: "debug_stop",
        tier: Tier::Debug,
        description: Description {
            what: "End the debug session: the program, the adapter and every process they started are killed.",
            use_when: "you are done debugging, or want to launch another program.",
            not_for: "pausing (debug_pause).",
            returns: "the final state, the last output, how many processes were killed.",
        },
        annotations: Hints::Replaces,
        input_schema: input::<NoArgs>,
        output_schema: output::<debug::DebugOutput>,
        run: debug::stop,
    },
    ToolDef::query::<Communities>(),
    ToolDef::query::<Entrypoints>(),
    ToolDef::query::<Cochange>(),
    ToolDef::query::<Changes>(),
    ToolDef::query::<Sql>(),
    ToolDef {
        name: "ast_grep",
        tier: Tier::Full,
        description: Description {
            what: "Structural search: code matching a pattern written as code in the target language, with metavariables $X (one node), $$$ARGS (zero or more), $_ (any, not captured); reads the files, not the index.",
            use_when: "you need a shape of code, not a name: \"every `if ($X != null) $X.dispose()`\", \"calls of log.info with any arguments\".",
            not_for: "finding a symbol or its references by name (search, refs); plain text (grep).",
            returns: "matches: file, line, end_line, column, text and captures by name; notes say how many files the literal prefilter skipped.",
        },
        annotations: Hints::Reads,
        input_schema: input::<structural::GrepArgs>,
        output_schema: output::<structural::GrepOutput>,
        run: structural::grep,
    },
    ToolDef {
        name: "ast_edit",
        tier: Tier::Edit,
        description: Description {
            what: "Stage a structural rewrite: every match of a pattern (as in ast_grep) becomes a template using its metavariables. Writes no source file.",
            use_when: "the same change is needed at many sites (\"log.info($$$A)\" to \"log.debug($$$A)\"), to review it as a diff before writing.",
            not_for: "a one-site edit; text that is not code.",
            returns: "change_id, sites, files, and the unified diff (cut to the budget); resolve applies or discards it.",
        },
        annotations: Hints::Adds,
        input_schema: input::<structural::EditArgs>,
        output_schema: output::<structural::EditOutput>,
        run: structural::edit,
    },
    ToolDef {
        name: "resolve",
        tier: Tier::Edit,
        description: Description {
            what: "Apply or discard a change ast_edit staged. Apply writes all its files or none: if any changed since staging, nothing is written; the index is then updated for the written files.",
            use_when: "the staged diff is right (apply) or not wanted (discard).",
            not_for: "changes not staged by ast_edit.",
            returns: "the change id, the action, the files with their sites, and notes on the index update.",
        },
        annotations: Hints::Replaces,
        input_schema: input::<structural::ResolveArgs>,
        output_schema: output::<structural::ResolveOutput>,
        run: structural::resolve,
    },
];

/// The **Returns** of the write tools.
const WRITE_RETURNS: &str = "`files` written; `diagnostics` {status ok|unavailable|timeout, server, reason, new: [{severity, code, message, file, line, column, source}] (only ones not reported before), resolved}; the `index` update.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_every_schema_builds() {
        let mut names: Vec<&str> = TOOLS.iter().map(|t| t.name).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), TOOLS.len());
        for tool in TOOLS {
            let listed = tool.listing();
            assert_eq!(listed.input_schema["type"], "object", "{}", tool.name);
            let output = listed.output_schema.expect("output schema");
            assert_eq!(output["type"], "object", "{}", tool.name);
            assert_ne!(
                listed.title.as_deref(),
                Some(tool.name),
                "{} has no title",
                tool.name
            );
            let hints = listed.annotations.expect("annotations");
            assert_eq!(hints.open_world_hint, Some(false), "{}", tool.name);
        }
    }

    #[test]
    fn tools_that_change_files_or_run_the_program_are_not_idempotent() {
        let hints = |name: &str| {
            let tool = TOOLS.iter().find(|t| t.name == name).expect(name);
            tool.listing().annotations.expect("annotations")
        };
        for name in [
            "write",
            "edit",
            "apply_patch",
            "debug_continue",
            "debug_step",
        ] {
            let hints = hints(name);
            assert_eq!(hints.read_only_hint, Some(false), "{name}");
            assert_eq!(hints.destructive_hint, Some(true), "{name}");
            assert_eq!(hints.idempotent_hint, Some(false), "{name}");
        }
        for name in ["refs", "status", "debug_stack"] {
            assert_eq!(hints(name).read_only_hint, Some(true), "{name}");
        }
        assert_eq!(hints("index").destructive_hint, Some(false));
        assert_eq!(hints("index").idempotent_hint, Some(true));
    }

    #[test]
    fn every_description_has_the_four_parts() {
        for tool in TOOLS {
            let d = tool.description.text();
            let use_when = d
                .find("Use when:")
                .unwrap_or_else(|| panic!("{}", tool.name));
            let not_for = d
                .find("Not for:")
                .unwrap_or_else(|| panic!("{}", tool.name));
            let returns = d
                .find("Returns:")
                .unwrap_or_else(|| panic!("{}", tool.name));
            assert!(
                0 < use_when && use_when < not_for && not_for < returns,
                "{}",
                tool.name
            );
        }
    }

    #[test]
    fn the_full_profile_offers_more_than_core() {
        let core = offered(Profile::CORE).count();
        let full = offered(Profile::FULL).count();
        assert!(core < full && full < offered(Profile::ALL).count());
        assert_eq!(offered(Profile::ALL).count(), TOOLS.len());
    }
}
