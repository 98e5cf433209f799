//! The capability registry: every query plumb answers, listed once with its
//! name, description, tier, argument type, answer item type and how the
//! [`Engine`] runs it. The CLI dispatches its subcommands through it and the
//! MCP server builds its tool table from it.
//!
//! Adding a capability costs one argument struct (`args.rs`, with its
//! [`Rebase`](crate::args::Rebase)), one answer
//! item type with its [`Render`] (`answer.rs`, `render.rs`; the query itself
//! is an [`Engine`] method) and one [`Capability`] implementation here;
//! then one line in each surface: `ToolDef::query::<C>()` in plumb-mcp's
//! tool table (and `impl Item for C::Item {}` there, for the response
//! budget), and a clap subcommand taking the argument struct with its
//! dispatch arm in the `plumb` binary.

use serde::Serialize;

use crate::answer::{
    Answer, Callee, Caller, Dependent, Implementation, OutlineNode, Query, Reference, SearchHit,
    SymbolDetail,
};
use crate::args::{ImpactArgs, ImplsArgs, OutlineArgs, Rebase, RefsArgs, SearchArgs, SymbolArgs};
use crate::render::Render;
use crate::{Engine, Error, MAX_IMPACT_DEPTH, Result};

/// The smallest tool set offering a capability.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tier {
    /// Read-only navigation, offered by default (the `core` set).
    Core,
    /// The other read-only tools and `index` (the `full` set).
    Full,
    /// Tools that change source files (the `edit` set).
    Edit,
    /// The debugger session's tools (the `debug` set).
    Debug,
}

/// A four-part description: what it does, **Use when**, **Not for**,
/// **Returns**.
#[derive(Clone, Copy, Debug)]
pub struct Description {
    /// What it does, in one sentence (also the CLI's one-line help).
    pub what: &'static str,
    /// The questions it answers.
    pub use_when: &'static str,
    /// What to ask instead, and where.
    pub not_for: &'static str,
    /// The shape of the answer.
    pub returns: &'static str,
}

impl Description {
    /// The description in one paragraph, as MCP's `tools/list` shows it.
    pub fn text(&self) -> String {
        format!(
            "{} Use when: {} Not for: {} Returns: {}",
            self.what, self.use_when, self.not_for, self.returns
        )
    }
}

/// The suggestion when one name stands for several definitions or many sites.
pub const NAME_ONE: &str = "name one definition: a qualified name or `path:LINE`";

/// A query capability: its registry row.
pub trait Capability: 'static {
    /// Its name (the CLI subcommand, the MCP tool).
    const NAME: &'static str;
    /// What it is for.
    const DESCRIPTION: Description;
    /// The smallest tool set offering it.
    const TIER: Tier = Tier::Core;
    /// The argument blamed for an input error (`symbol`, `file`, `text`).
    const SUBJECT: &'static str = "symbol";
    /// Its arguments.
    type Args: Rebase;
    /// One result of its answer.
    type Item: Serialize + Render + Clone + Send + 'static;

    /// Answers `args`.
    fn run(engine: &Engine, args: &Self::Args) -> Result<Answer<Vec<Self::Item>>>;

    /// The narrower call that gets what an answer too large to send left out.
    fn narrower(_args: &Self::Args) -> String {
        NAME_ONE.to_owned()
    }
}

/// A blank text argument is an error naming it.
fn non_empty(argument: &'static str, value: &str) -> Result<()> {
    if value.trim().is_empty() {
        return Err(Error::Argument {
            argument,
            message: "must not be empty".into(),
        });
    }
    Ok(())
}

/// `search`.
pub struct Search;

impl Capability for Search {
    const NAME: &'static str = "search";
    const DESCRIPTION: Description = Description {
        what: "Find definitions by meaning or name: the first tool for a question in words.",
        use_when: "\"where do we retry failed requests?\", part of a name.",
        not_for: "a known name (symbol, refs).",
        returns: "symbols, name matches first, each with `score` and `rankers`.",
    };
    const SUBJECT: &'static str = "text";
    type Args = SearchArgs;
    type Item = SearchHit;

    fn run(engine: &Engine, args: &SearchArgs) -> Result<Answer<Vec<SearchHit>>> {
        non_empty("text", &args.text)?;
        crate::search::search(engine.store(), args, engine.surface())
    }

    fn narrower(_: &SearchArgs) -> String {
        "narrow `text` (the exact name or a longer prefix), add `kind` or `lang`, or lower `limit`"
            .into()
    }
}

/// `symbol`.
pub struct SymbolInfo;

impl Capability for SymbolInfo {
    const NAME: &'static str = "symbol";
    const DESCRIPTION: Description = Description {
        what: "A definition with its signature, doc comment and source text (bounded).",
        use_when: "\"show me X\", before editing X.",
        not_for: "names you only half know (search); a whole file (outline).",
        returns: "each match with file, lines, signature, doc and source.",
    };
    type Args = SymbolArgs;
    type Item = SymbolDetail;

    fn run(engine: &Engine, args: &SymbolArgs) -> Result<Answer<Vec<SymbolDetail>>> {
        engine.symbol_info(&args.symbol)
    }
}

/// `outline`.
pub struct Outline;

/// Drops the nodes nested deeper than `depth` levels.
fn cut_depth(nodes: &mut [OutlineNode], depth: u32) {
    for node in nodes {
        if depth <= 1 {
            node.children.clear();
        } else {
            cut_depth(&mut node.children, depth - 1);
        }
    }
}

impl Capability for Outline {
    const NAME: &'static str = "outline";
    const DESCRIPTION: Description = Description {
        what: "The definitions of one file, nested.",
        use_when: "\"what is in this file\".",
        not_for: "one definition's code (symbol); finding a file (search).",
        returns: "a tree of symbols with children.",
    };
    const SUBJECT: &'static str = "file";
    type Args = OutlineArgs;
    type Item = OutlineNode;

    fn run(engine: &Engine, args: &OutlineArgs) -> Result<Answer<Vec<OutlineNode>>> {
        non_empty("file", &args.file)?;
        if args.depth == Some(0) {
            return Err(Error::Argument {
                argument: "depth",
                message: "must be at least 1 (1 = top-level definitions only)".into(),
            });
        }
        let mut answer = engine.outline(&args.file)?;
        if let Some(depth) = args.depth {
            cut_depth(&mut answer.results, depth);
            if let Query::Outline { depth: asked, .. } = &mut answer.query {
                *asked = Some(depth);
            }
        }
        Ok(answer)
    }

    fn narrower(args: &OutlineArgs) -> String {
        match args.depth {
            Some(_) => "call `symbol` with `path:LINE` for one definition".into(),
            None => "call `outline` with `depth: 1` for the top-level definitions, then `symbol` on one of them".into(),
        }
    }
}

/// `refs`.
pub struct Refs;

impl Capability for Refs {
    const NAME: &'static str = "refs";
    const DESCRIPTION: Description = Description {
        what: "Every resolved reference to a symbol: calls, imports, type uses, inheritance, reads.",
        use_when: "\"where is X used\", \"is it safe to rename X\".",
        not_for: "callers grouped by function (callers); transitive effects (impact).",
        returns: "sites with kind, enclosing symbol, resolution and confidence.",
    };
    type Args = RefsArgs;
    type Item = Reference;

    fn run(engine: &Engine, args: &RefsArgs) -> Result<Answer<Vec<Reference>>> {
        let mut answer = engine.refs(&args.symbol)?;
        if let Some(kind) = args.kind {
            answer.results.retain(|r| r.kind == kind);
            if let Query::Refs { ref_kind, .. } = &mut answer.query {
                *ref_kind = Some(kind);
            }
        }
        Ok(answer)
    }

    fn narrower(args: &RefsArgs) -> String {
        match args.kind {
            Some(_) => NAME_ONE.to_owned(),
            None => format!("filter with `kind` (e.g. \"call\"), or {NAME_ONE}"),
        }
    }
}

/// `callers`.
pub struct Callers;

impl Capability for Callers {
    const NAME: &'static str = "callers";
    const DESCRIPTION: Description = Description {
        what: "The functions that call a symbol, with their call sites.",
        use_when: "\"who calls X\", before changing X's signature.",
        not_for: "other uses (refs); indirect callers (impact).",
        returns: "callers with sites, resolution and confidence.",
    };
    type Args = SymbolArgs;
    type Item = Caller;

    fn run(engine: &Engine, args: &SymbolArgs) -> Result<Answer<Vec<Caller>>> {
        engine.callers(&args.symbol)
    }
}

/// `callees`.
pub struct Callees;

impl Capability for Callees {
    const NAME: &'static str = "callees";
    const DESCRIPTION: Description = Description {
        what: "What a function calls, with the call sites.",
        use_when: "\"what does X call\", tracing a flow downwards.",
        not_for: "who calls X (callers).",
        returns: "callees with sites, resolution and confidence.",
    };
    type Args = SymbolArgs;
    type Item = Callee;

    fn run(engine: &Engine, args: &SymbolArgs) -> Result<Answer<Vec<Callee>>> {
        engine.callees(&args.symbol)
    }
}

/// `impact`.
pub struct Impact;

impl Capability for Impact {
    const NAME: &'static str = "impact";
    const DESCRIPTION: Description = Description {
        what: "Everything that depends on a symbol, transitively up to `depth` hops: callers, referencers, subtypes.",
        use_when: "\"what breaks if I change X\", \"blast radius of X\".",
        not_for: "direct callers (callers).",
        returns: "dependents with depth and relation.",
    };
    type Args = ImpactArgs;
    type Item = Dependent;

    fn run(engine: &Engine, args: &ImpactArgs) -> Result<Answer<Vec<Dependent>>> {
        if !(1..=MAX_IMPACT_DEPTH).contains(&args.depth) {
            return Err(Error::Argument {
                argument: "depth",
                message: format!(
                    "must be between 1 and {MAX_IMPACT_DEPTH}, got {}",
                    args.depth
                ),
            });
        }
        engine.impact(&args.symbol, args.depth)
    }

    fn narrower(args: &ImpactArgs) -> String {
        if args.depth > 1 {
            format!(
                "call `impact` with a smaller `depth` (this was {}), or {NAME_ONE}",
                args.depth
            )
        } else {
            NAME_ONE.to_owned()
        }
    }
}

/// `impls`.
pub struct Impls;

impl Capability for Impls {
    const NAME: &'static str = "impls";
    const DESCRIPTION: Description = Description {
        what: "Subtypes and implementors of a type; for a method, the methods overriding it.",
        use_when: "\"what implements trait X\", \"subclasses of X\", \"who overrides X.m\".",
        not_for: "everything that depends on X (impact).",
        returns: "symbols, each marked direct or not.",
    };
    const TIER: Tier = Tier::Full;
    type Args = ImplsArgs;
    type Item = Implementation;

    fn run(engine: &Engine, args: &ImplsArgs) -> Result<Answer<Vec<Implementation>>> {
        engine.impls(&args.symbol, args.transitive)
    }

    fn narrower(args: &ImplsArgs) -> String {
        if args.transitive {
            format!("call without `transitive` for direct subtypes only, or {NAME_ONE}")
        } else {
            NAME_ONE.to_owned()
        }
    }
}
