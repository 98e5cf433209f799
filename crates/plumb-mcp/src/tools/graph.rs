//! The graph tools: each parses its arguments, asks `plumb-query`'s
//! [`Engine`](plumb_query::Engine), and wraps the answer in an envelope
//! with the narrower call to suggest if the answer must be cut.

use rmcp::model::JsonObject;
use serde::Serialize;
use serde_json::json;

use plumb_query::MAX_IMPACT_DEPTH;
use plumb_query::answer::{Answer, OutlineNode};

use crate::budget::Reply;
use crate::call::Call;
use crate::input::{
    ImpactArgs, ImplsArgs, OutlineArgs, RefsArgs, SearchArgs, SymbolArgs, locator, non_empty,
    parse, relative_path,
};
use crate::output::{Envelope, Item, ToolError, about};
use crate::source::{self, SymbolSource};

/// The suggestion when one name stands for several definitions or many sites.
const NAME_ONE: &str = "name one definition: a qualified name or `path:LINE`";

fn reply<T: Item>(answer: Answer<Vec<T>>, narrower: impl Into<String>) -> Box<dyn Reply> {
    Box::new(Envelope::new(answer, narrower))
}

/// Adds `key: value` to an answer's `query` object.
fn with_query<R: Serialize>(answer: &mut Answer<R>, key: &str, value: serde_json::Value) {
    if let Some(query) = answer.query.as_object_mut() {
        query.insert(key.to_owned(), value);
    }
}

/// The `symbol` argument, checked and with any path made root-relative.
fn symbol_name(call: &Call, symbol: &str) -> Result<String, ToolError> {
    non_empty("symbol", symbol)?;
    Ok(locator(call.root(), symbol))
}

/// `search`.
pub fn search(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let args: SearchArgs = parse(args)?;
    non_empty("text", &args.text)?;
    let answer = call.engine()?.search(&args.text).map_err(about("text"))?;
    Ok(reply(
        answer,
        "narrow `text`: the exact name or a longer prefix",
    ))
}

/// `symbol`: the definitions with their source text.
pub fn symbol(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let args: SymbolArgs = parse(args)?;
    let name = symbol_name(call, &args.symbol)?;
    let engine = call.engine()?;
    let answer = engine.symbol_info(&name).map_err(about("symbol"))?;
    let rows = engine.locate(&name).map_err(about("symbol"))?.symbols;
    let limit = source::limit(call.config().max_bytes);
    let mut notes = answer.notes;
    let mut results = Vec::with_capacity(answer.results.len());
    for (detail, row) in answer.results.into_iter().zip(rows) {
        let (text, truncated) = if row.qualname == detail.symbol.qualname
            && row.file == detail.symbol.file
        {
            let hash = engine.store().file(&row.file)?.and_then(|file| file.hash);
            let (text, truncated, note) = source::read(call.root(), &row, hash.as_deref(), limit);
            notes.extend(note);
            (text, truncated)
        } else {
            (None, false)
        };
        results.push(SymbolSource {
            detail,
            source: text,
            source_truncated: truncated,
        });
    }
    let answer = Answer {
        query: answer.query,
        targets: answer.targets,
        results,
        completeness: answer.completeness,
        notes,
    };
    Ok(reply(answer, NAME_ONE))
}

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

/// `outline`.
pub fn outline(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let args: OutlineArgs = parse(args)?;
    non_empty("file", &args.file)?;
    if args.depth == Some(0) {
        return Err(ToolError::argument(
            Some("depth".into()),
            "must be at least 1 (1 = top-level definitions only)".into(),
        ));
    }
    let file = relative_path(call.root(), &args.file);
    let mut answer = call.engine()?.outline(&file).map_err(about("file"))?;
    let narrower = match args.depth {
        Some(depth) => {
            cut_depth(&mut answer.results, depth);
            with_query(&mut answer, "depth", json!(depth));
            "call `symbol` with `path:LINE` for one definition".to_owned()
        }
        None => "call `outline` with `depth: 1` for the top-level definitions, then `symbol` on one of them".to_owned(),
    };
    Ok(reply(answer, narrower))
}

/// `refs`, optionally of one kind.
pub fn refs(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let args: RefsArgs = parse(args)?;
    let name = symbol_name(call, &args.symbol)?;
    let mut answer = call.engine()?.refs(&name).map_err(about("symbol"))?;
    let narrower = match args.kind {
        Some(kind) => {
            answer.results.retain(|r| r.kind == kind.as_str());
            with_query(&mut answer, "kind", json!(kind.as_str()));
            NAME_ONE.to_owned()
        }
        None => format!("filter with `kind` (e.g. \"call\"), or {NAME_ONE}"),
    };
    Ok(reply(answer, narrower))
}

/// `callers`.
pub fn callers(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let args: SymbolArgs = parse(args)?;
    let name = symbol_name(call, &args.symbol)?;
    let answer = call.engine()?.callers(&name).map_err(about("symbol"))?;
    Ok(reply(answer, NAME_ONE))
}

/// `callees`.
pub fn callees(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let args: SymbolArgs = parse(args)?;
    let name = symbol_name(call, &args.symbol)?;
    let answer = call.engine()?.callees(&name).map_err(about("symbol"))?;
    Ok(reply(answer, NAME_ONE))
}

/// `impls`.
pub fn impls(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let args: ImplsArgs = parse(args)?;
    let name = symbol_name(call, &args.symbol)?;
    let answer = call
        .engine()?
        .impls(&name, args.transitive)
        .map_err(about("symbol"))?;
    let narrower = if args.transitive {
        format!("call without `transitive` for direct subtypes only, or {NAME_ONE}")
    } else {
        NAME_ONE.to_owned()
    };
    Ok(reply(answer, narrower))
}

/// `impact`.
pub fn impact(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let args: ImpactArgs = parse(args)?;
    if !(1..=MAX_IMPACT_DEPTH).contains(&args.depth) {
        return Err(ToolError::argument(
            Some("depth".into()),
            format!(
                "must be between 1 and {MAX_IMPACT_DEPTH}, got {}",
                args.depth
            ),
        ));
    }
    let name = symbol_name(call, &args.symbol)?;
    let answer = call
        .engine()?
        .impact(&name, args.depth)
        .map_err(about("symbol"))?;
    let narrower = if args.depth > 1 {
        format!(
            "call `impact` with a smaller `depth` (this was {}), or {NAME_ONE}",
            args.depth
        )
    } else {
        NAME_ONE.to_owned()
    };
    Ok(reply(answer, narrower))
}
