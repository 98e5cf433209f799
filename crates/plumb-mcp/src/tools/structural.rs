//! The structural tools: `ast_grep` (read-only search by pattern, in the
//! `full` set), `ast_edit` (stages a rewrite and returns its change id and
//! diff) and `resolve` (applies or discards a staged change), both in the
//! `edit` set since they lead to source writes. Each answers with the
//! object the matching CLI command prints with `--json`
//! (`plumb_mcp::structural`), plus `freshness` and `truncated`.

use rmcp::model::JsonObject;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use plumb_query::answer::Completeness;
use plumb_struct::StructError;

use crate::budget::Reply;
use crate::call::Call;
use crate::freshness::Freshness;
use crate::input::parse;
use crate::output::{Output, ToolError, Truncation};
use crate::structural::{self, GrepAnswer, ResolveAnswer, RewriteAnswer};

/// Arguments of `ast_grep`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct GrepArgs {
    /// Code in the target language with metavariables: `$X` matches one
    /// node, `$$$ARGS` zero or more, `$_` any node without capturing it; a
    /// metavariable used twice must match the same text.
    pattern: String,
    /// Read the pattern as this language and search only its files
    /// (`python`, `typescript`, `rust`, … or an extension such as `ts`);
    /// default: each file's own language.
    #[serde(default)]
    lang: Option<String>,
    /// Files or directories to search, relative to the root; default: all.
    #[serde(default)]
    paths: Vec<String>,
}

/// Arguments of `ast_edit`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct EditArgs {
    /// The pattern, as for `ast_grep`.
    pattern: String,
    /// What each match becomes; it may use the pattern's metavariables
    /// (`log.debug($$$ARGS)`). Multi-line templates take the site's indentation.
    template: String,
    /// Read the pattern as this language and rewrite only its files.
    #[serde(default)]
    lang: Option<String>,
    /// Files or directories to rewrite, relative to the root; default: all.
    #[serde(default)]
    paths: Vec<String>,
}

/// What `resolve` does with a staged change.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
enum Action {
    /// Write it, all or nothing (refused if any file changed since it was staged).
    Apply,
    /// Drop it.
    Discard,
}

/// Arguments of `resolve`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ResolveArgs {
    /// The change id `ast_edit` returned.
    change_id: String,
    /// `apply` or `discard`.
    action: Action,
}

/// The argument an error of plumb-struct is about, if one.
fn argument_of(err: &StructError) -> Option<&'static str> {
    match err {
        StructError::EmptyPattern
        | StructError::OnlyMetavariable(_)
        | StructError::Unparsable { .. } => Some("pattern"),
        StructError::UnknownLanguage(..) => Some("lang"),
        StructError::UndefinedVariable(_) => Some("template"),
        StructError::OutsideRoot(_) | StructError::NoSuchPath(_) => Some("paths"),
        StructError::UnknownChange(_) => Some("change_id"),
        _ => None,
    }
}

fn tool_error(err: StructError) -> ToolError {
    ToolError::argument(argument_of(&err).map(str::to_owned), err.to_string())
}

fn confined(call: &Call, paths: &[String]) -> Result<Vec<std::path::PathBuf>, ToolError> {
    let paths: Vec<std::path::PathBuf> = paths.iter().map(std::path::PathBuf::from).collect();
    plumb_struct::confine_paths(call.root(), call.root(), &paths).map_err(tool_error)
}

/// What `ast_grep` returns.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct GrepOutput {
    /// The answer, exactly as `plumb grep --json` prints it.
    #[serde(flatten)]
    pub answer: GrepAnswer,
    /// Whether the index matches the working tree (the search reads the files themselves).
    pub freshness: Freshness,
    /// Set when matches were left out to fit the response budget.
    pub truncated: Option<Truncation>,
}

/// Runs `ast_grep`.
pub(crate) fn grep(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let args: GrepArgs = parse(args)?;
    let paths = confined(call, &args.paths)?;
    let answer = structural::grep(call.root(), &args.pattern, args.lang.as_deref(), paths)
        .map_err(tool_error)?;
    Ok(Box::new(GrepOutput {
        answer,
        freshness: Freshness::UNKNOWN,
        truncated: None,
    }))
}

impl Output for GrepOutput {
    fn units(&self) -> usize {
        self.answer.results.len()
    }

    fn keep(&mut self, units: usize) {
        self.answer.results.truncate(units);
    }

    fn narrower(&self) -> String {
        "call `ast_grep` again with narrower `paths`, or with `lang`".into()
    }

    fn finish(&mut self, freshness: Freshness, truncated: Option<Truncation>) {
        self.freshness = freshness;
        if let Some(truncated) = &truncated {
            self.answer.completeness = Completeness::LowerBound;
            self.answer.notes.push(truncated.note());
        }
        self.truncated = truncated;
    }

    fn render(&self, out: &mut String) {
        for hit in &self.answer.results {
            let first = hit.text.lines().next().unwrap_or_default();
            out.push_str(&format!(
                "{}:{}:{}: {first}",
                hit.file, hit.line, hit.column
            ));
            if hit.end_line > hit.line {
                out.push_str(&format!(" … (to line {})", hit.end_line));
            }
            out.push('\n');
            for (name, text) in &hit.captures {
                out.push_str(&format!("  ${name} = {text}\n"));
            }
        }
        if self.answer.results.is_empty() {
            out.push_str("no match\n");
        }
        notes(&self.answer.notes, out);
    }
}

fn notes(notes: &[String], out: &mut String) {
    for note in notes {
        out.push_str("note: ");
        out.push_str(note);
        out.push('\n');
    }
}

/// What `ast_edit` returns.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct EditOutput {
    /// The staged change, exactly as `plumb rewrite --json` prints it; the
    /// diff may be cut to fit the budget (the staged change is whole).
    #[serde(flatten)]
    pub answer: RewriteAnswer,
    /// Whether the index matches the working tree.
    pub freshness: Freshness,
    /// Set when diff lines were left out to fit the response budget.
    pub truncated: Option<Truncation>,
}

/// Runs `ast_edit`: stages the rewrite, writes no source file.
pub(crate) fn edit(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let args: EditArgs = parse(args)?;
    let paths = confined(call, &args.paths)?;
    let answer = structural::rewrite(
        call.root(),
        &args.pattern,
        &args.template,
        args.lang.as_deref(),
        paths,
    )
    .map_err(tool_error)?;
    Ok(Box::new(EditOutput {
        answer,
        freshness: Freshness::UNKNOWN,
        truncated: None,
    }))
}

impl Output for EditOutput {
    fn units(&self) -> usize {
        self.answer.diff.lines().count()
    }

    fn keep(&mut self, units: usize) {
        let cut = self
            .answer
            .diff
            .match_indices('\n')
            .nth(units.saturating_sub(1))
            .map_or(self.answer.diff.len(), |(at, _)| at + 1);
        self.answer.diff.truncate(if units == 0 { 0 } else { cut });
    }

    fn narrower(&self) -> String {
        "the change is staged whole, only its diff is cut: call `ast_edit` with narrower `paths` to see each part's diff".into()
    }

    fn finish(&mut self, freshness: Freshness, truncated: Option<Truncation>) {
        self.freshness = freshness;
        if let Some(truncated) = &truncated {
            self.answer.notes.push(format!(
                "{} diff lines left out to stay under the response budget; {}",
                truncated.omitted, truncated.narrower
            ));
        }
        self.truncated = truncated;
    }

    fn render(&self, out: &mut String) {
        out.push_str(&self.answer.diff);
        match &self.answer.change_id {
            Some(id) => out.push_str(&format!(
                "staged change {id}: {} site(s) in {} file(s); call `resolve` with action `apply` to write it or `discard` to drop it\n",
                self.answer.sites,
                self.answer.files.len()
            )),
            None => out.push_str("nothing matched: no change staged\n"),
        }
        notes(&self.answer.notes, out);
    }
}

/// What `resolve` returns.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct ResolveOutput {
    /// What was done, exactly as `plumb apply --json` or `plumb discard --json` prints it.
    #[serde(flatten)]
    pub answer: ResolveAnswer,
    /// Whether the index matches the working tree (after the apply's update).
    pub freshness: Freshness,
    /// Never set: the answer has no list to cut.
    pub truncated: Option<Truncation>,
}

/// Runs `resolve`.
pub(crate) fn resolve(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let args: ResolveArgs = parse(args)?;
    let answer = match args.action {
        Action::Apply => structural::apply(call.root(), &args.change_id, &call.config().limits),
        Action::Discard => structural::discard(call.root(), &args.change_id),
    }
    .map_err(tool_error)?;
    Ok(Box::new(ResolveOutput {
        answer,
        freshness: Freshness::UNKNOWN,
        truncated: None,
    }))
}

impl Output for ResolveOutput {
    fn units(&self) -> usize {
        0
    }

    fn keep(&mut self, _units: usize) {}

    fn narrower(&self) -> String {
        "the action was carried out; call `status` to see the index".into()
    }

    fn finish(&mut self, freshness: Freshness, truncated: Option<Truncation>) {
        self.freshness = freshness;
        self.truncated = truncated;
    }

    fn render(&self, out: &mut String) {
        let verb = if self.answer.action == "apply" {
            "applied"
        } else {
            "discarded"
        };
        out.push_str(&format!(
            "{verb} change {}: {}\n",
            self.answer.change_id,
            self.answer
                .files
                .iter()
                .map(|f| format!("{} ({} site(s))", f.file, f.sites))
                .collect::<Vec<_>>()
                .join(", ")
        ));
        notes(&self.answer.notes, out);
    }
}
