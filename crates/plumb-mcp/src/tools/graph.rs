//! The graph tools: a registry capability run for a tool call — its
//! arguments parsed and made root-relative, the answer asked of
//! `plumb-query`'s [`Engine`](plumb_query::Engine) and wrapped in an
//! envelope with the narrower call to suggest if it must be cut — and
//! `symbol`, which adds each definition's source text.

use rmcp::model::JsonObject;
use serde::de::DeserializeOwned;

use plumb_query::answer::Answer;
use plumb_query::args::{Rebase, SymbolArgs};
use plumb_query::capability::{Capability, SymbolInfo};

use crate::budget::Reply;
use crate::call::Call;
use crate::input::{parse, relative_path};
use crate::output::{Envelope, Item, ToolError, about};
use crate::source::{self, SymbolSource};

/// The arguments of capability `C` from a tool call, paths root-relative.
fn arguments<C: Capability>(call: &Call, args: JsonObject) -> Result<C::Args, ToolError>
where
    C::Args: DeserializeOwned,
{
    let args: C::Args = parse(args)?;
    Ok(args.rebased(&|path| relative_path(call.root(), path)))
}

/// Runs capability `C` as a tool.
pub(crate) fn query<C: Capability>(
    call: &Call,
    args: JsonObject,
) -> Result<Box<dyn Reply>, ToolError>
where
    C::Args: DeserializeOwned,
    C::Item: Item,
{
    let args = arguments::<C>(call, args)?;
    let answer = C::run(&call.engine()?, &args).map_err(about(C::SUBJECT))?;
    Ok(Box::new(Envelope::new(answer, C::narrower(&args))))
}

/// `symbol`: the definitions with their source text.
pub(crate) fn symbol(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let args: SymbolArgs = arguments::<SymbolInfo>(call, args)?;
    let engine = call.engine()?;
    let answer = SymbolInfo::run(&engine, &args).map_err(about(SymbolInfo::SUBJECT))?;
    let rows = engine
        .locate(&args.symbol)
        .map_err(about("symbol"))?
        .symbols;
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
        results.push(SymbolSource::new(detail, text, truncated));
    }
    let answer = Answer {
        query: answer.query,
        targets: answer.targets,
        results,
        completeness: answer.completeness,
        notes,
    };
    Ok(Box::new(Envelope::new(answer, SymbolInfo::narrower(&args))))
}
