//! The tool registry: every tool's name, the profile it first appears in,
//! its four-part description (what it does / **Use when** / **Not for** /
//! **Returns**), its input and output schemas, and the function that runs
//! it. Counts and listings are derived from [`TOOLS`], never written by hand.

mod graph;
mod index;
mod status;

use std::sync::Arc;

use rmcp::model::{JsonObject, Tool, ToolAnnotations};

use crate::budget::Reply;
use crate::call::Call;
use crate::input::{ImpactArgs, ImplsArgs, NoArgs, OutlineArgs, RefsArgs, SearchArgs, SymbolArgs};
use crate::output::{Envelope, ToolError};
use crate::profile::Profile;
use crate::schema::{input, output};
use crate::source::SymbolSource;

use plumb_query::answer::{
    Callee, Caller, Dependent, Implementation, OutlineNode, Reference, Symbol,
};

/// Runs a tool on parsed-later arguments.
pub(crate) type Run = fn(&Call, JsonObject) -> Result<Box<dyn Reply>, ToolError>;

/// One tool.
pub struct ToolDef {
    /// Its name: short and unprefixed (clients namespace tools themselves).
    pub name: &'static str,
    /// The smallest profile offering it.
    pub tier: Profile,
    /// What it does / Use when / Not for / Returns.
    pub description: &'static str,
    /// Whether it only reads.
    pub read_only: bool,
    input_schema: fn() -> Arc<JsonObject>,
    output_schema: fn() -> Arc<JsonObject>,
    pub(crate) run: Run,
}

impl ToolDef {
    /// The tool as `tools/list` shows it.
    pub fn listing(&self) -> Tool {
        let annotations = if self.read_only {
            ToolAnnotations::new().read_only(true)
        } else {
            ToolAnnotations::new()
                .read_only(false)
                .destructive(false)
                .idempotent(true)
        };
        Tool::new(self.name, self.description, (self.input_schema)())
            .with_raw_output_schema((self.output_schema)())
            .with_annotations(annotations)
    }
}

/// The tools offered under `profile`, in registry order.
pub fn offered(profile: Profile) -> impl Iterator<Item = &'static ToolDef> {
    TOOLS.iter().filter(move |tool| profile.includes(tool.tier))
}

/// Every tool plumb has.
pub static TOOLS: &[ToolDef] = &[
    ToolDef {
        name: "search",
        tier: Profile::Core,
        description: "Find definitions by name: exact, then prefix, then camelCase/snake_case words. \
Use when: \"where is X defined\", \"find the class that…\", you know part of a name. \
Not for: uses of a symbol (refs, callers); its code (symbol). \
Returns: symbols (qualname, kind, file, line, signature), best first, at most 50.",
        read_only: true,
        input_schema: input::<SearchArgs>,
        output_schema: output::<Envelope<Vec<Symbol>>>,
        run: graph::search,
    },
    ToolDef {
        name: "symbol",
        tier: Profile::Core,
        description: "A definition with its signature, doc comment and source text (bounded). \
Use when: \"show me X\", \"what does X look like\", before editing X. \
Not for: names you only half know (search); a whole file (outline). \
Returns: each matching definition with file, lines, signature, doc, parent and source.",
        read_only: true,
        input_schema: input::<SymbolArgs>,
        output_schema: output::<Envelope<Vec<SymbolSource>>>,
        run: graph::symbol,
    },
    ToolDef {
        name: "outline",
        tier: Profile::Core,
        description: "The definitions of one file, nested (classes, their methods, …). \
Use when: \"what is in this file\", skimming a file before reading it. \
Not for: one definition's code (symbol); finding a file (search). \
Returns: a tree of symbols with children.",
        read_only: true,
        input_schema: input::<OutlineArgs>,
        output_schema: output::<Envelope<Vec<OutlineNode>>>,
        run: graph::outline,
    },
    ToolDef {
        name: "refs",
        tier: Profile::Core,
        description: "Every resolved reference to a symbol: calls, imports, type uses, inheritance, reads. \
Use when: \"where is X used\", \"is it safe to rename X\", \"who imports X\". \
Not for: callers grouped by function (callers); transitive effects (impact). \
Returns: sites (file, line, col, kind, enclosing symbol) with resolution and confidence.",
        read_only: true,
        input_schema: input::<RefsArgs>,
        output_schema: output::<Envelope<Vec<Reference>>>,
        run: graph::refs,
    },
    ToolDef {
        name: "callers",
        tier: Profile::Core,
        description: "The functions that call a symbol, with their call sites. \
Use when: \"who calls X\", \"how is X used\", before changing X's signature. \
Not for: non-call uses such as imports and types (refs); indirect callers (impact). \
Returns: callers with sites, resolution and confidence.",
        read_only: true,
        input_schema: input::<SymbolArgs>,
        output_schema: output::<Envelope<Vec<Caller>>>,
        run: graph::callers,
    },
    ToolDef {
        name: "callees",
        tier: Profile::Core,
        description: "What a function calls, with the call sites. \
Use when: \"what does X call\", \"what does X depend on\", tracing a flow downwards. \
Not for: who calls X (callers). \
Returns: callees with sites, resolution and confidence; unresolved calls are counted in notes.",
        read_only: true,
        input_schema: input::<SymbolArgs>,
        output_schema: output::<Envelope<Vec<Callee>>>,
        run: graph::callees,
    },
    ToolDef {
        name: "impact",
        tier: Profile::Core,
        description: "Everything that depends on a symbol, transitively up to `depth` hops: callers, referencers, subtypes. \
Use when: \"what breaks if I change X\", \"blast radius of X\", planning a refactor. \
Not for: direct call sites (callers); subtypes only (impls). \
Returns: dependents with depth and relation.",
        read_only: true,
        input_schema: input::<ImpactArgs>,
        output_schema: output::<Envelope<Vec<Dependent>>>,
        run: graph::impact,
    },
    ToolDef {
        name: "status",
        tier: Profile::Core,
        description: "Index health: files by status and language, skipped files and why, totals, freshness, and this server's profile and tools. \
Use when: answers look incomplete, \"is the index up to date\". \
Not for: questions about code (the other tools). \
Returns: the status report.",
        read_only: true,
        input_schema: input::<NoArgs>,
        output_schema: output::<status::StatusOutput>,
        run: status::run,
    },
    ToolDef {
        name: "impls",
        tier: Profile::Full,
        description: "Subtypes and implementors of a type; for a method, the methods overriding it. \
Use when: \"what implements trait X\", \"subclasses of X\", \"who overrides X.m\". \
Not for: everything that depends on X (impact). \
Returns: symbols, each marked direct or not.",
        read_only: true,
        input_schema: input::<ImplsArgs>,
        output_schema: output::<Envelope<Vec<Implementation>>>,
        run: graph::impls,
    },
    ToolDef {
        name: "index",
        tier: Profile::Full,
        description: "Rebuild this repository's index (writes only its .plumb/ directory). \
Use when: freshness is stale, or there is no index yet. \
Not for: answering questions (the other tools read the index). \
Returns: files by status, symbols, occurrences, time taken.",
        read_only: false,
        input_schema: input::<NoArgs>,
        output_schema: output::<index::IndexOutput>,
        run: index::run,
    },
];

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
        }
    }

    #[test]
    fn every_description_has_the_four_parts() {
        for tool in TOOLS {
            let d = tool.description;
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
        let core = offered(Profile::Core).count();
        let full = offered(Profile::Full).count();
        assert!(core < full && full == TOOLS.len());
    }
}
