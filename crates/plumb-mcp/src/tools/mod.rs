//! The tool registry: every tool's name, the profile it first appears in,
//! its four-part description (what it does / **Use when** / **Not for** /
//! **Returns**), its input and output schemas, and the function that runs
//! it. Counts and listings are derived from [`TOOLS`], never written by hand.

mod graph;
mod index;
mod status;
mod structural;

use std::sync::Arc;

use rmcp::model::{JsonObject, Tool, ToolAnnotations};
use schemars::JsonSchema;
use serde::de::DeserializeOwned;

use plumb_query::capability::{
    Callees, Callers, Capability, Description, Impact, Impls, Outline, Refs, Search, SymbolInfo,
    Tier,
};

use crate::budget::Reply;
use crate::call::Call;
use crate::input::NoArgs;
use crate::output::{Envelope, Item, ToolError};
use crate::profile::Profile;
use crate::schema::{input, output};
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
    /// Whether it only reads.
    pub read_only: bool,
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
            read_only: true,
            input_schema: input::<C::Args>,
            output_schema: output::<Envelope<Vec<C::Item>>>,
            run: graph::query::<C>,
        }
    }

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
        Tool::new(self.name, self.description.text(), (self.input_schema)())
            .with_raw_output_schema((self.output_schema)())
            .with_annotations(annotations)
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
        output_schema: output::<Envelope<Vec<SymbolSource>>>,
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
            what: "Index health: files by status and language, skipped files and why, totals, freshness, and this server's profile and tools.",
            use_when: "answers look incomplete, \"is the index up to date\".",
            not_for: "questions about code (the other tools).",
            returns: "the status report.",
        },
        read_only: true,
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
        read_only: false,
        input_schema: input::<NoArgs>,
        output_schema: output::<index::IndexOutput>,
        run: index::run,
    },
    ToolDef {
        name: "ast_grep",
        tier: Tier::Full,
        description: Description {
            what: "Structural search: code matching a pattern written as code in the target language, with metavariables $X (one node), $$$ARGS (zero or more), $_ (any, not captured); reads the files, not the index.",
            use_when: "you need a shape of code, not a name: \"every `if ($X != null) $X.dispose()`\", \"calls of log.info with any arguments\".",
            not_for: "finding a symbol or its references by name (search, refs); plain text (grep).",
            returns: "matches: file, line, end_line, column, text and captures by name; notes say how many files the literal prefilter skipped.",
        },
        read_only: true,
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
        read_only: false,
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
        read_only: false,
        input_schema: input::<structural::ResolveArgs>,
        output_schema: output::<structural::ResolveOutput>,
        run: structural::resolve,
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
        assert!(core < full && full <= TOOLS.len());
        assert_eq!(offered(Profile::ALL).count(), TOOLS.len());
    }
}
