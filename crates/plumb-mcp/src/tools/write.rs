//! The write tools (`edit` profile): `write` (a whole file), `edit` (exact
//! text replacement) and `apply_patch` (a unified diff over several
//! files). Each computes the new contents in memory, then goes the one
//! way [`commit`] takes: give the language servers the files' current
//! content (so diagnostics they already had are not reported as new),
//! write all or nothing through plumb-edit (confined to the root, checked
//! against what plumb last read or wrote, through a temporary file and a
//! rename, permissions and line endings kept), update the index for the
//! files, and answer with the diagnostics the write introduced.

use rmcp::model::JsonObject;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use plumb_edit::{Confined, EditError, FileChange, LineEnding, confine, content_hash, line_ending};
use plumb_index::Silent;
use plumb_rpc::lsp::Doc;

use crate::budget::Reply;
use crate::call::Call;
use crate::freshness::Freshness;
use crate::input::parse;
use crate::lsp::Diagnostics;
use crate::output::{Output, ToolError, Truncation};
use crate::summary::IndexSummary;

use super::patch;

/// Arguments of `write`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct WriteArgs {
    /// The file, relative to the repository root (or absolute inside it).
    path: String,
    /// Its whole new content (the file is created if it does not exist).
    content: String,
}

/// Arguments of `edit`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct EditArgs {
    /// The file, relative to the repository root (or absolute inside it).
    path: String,
    /// The exact text to replace (whitespace included); it must occur once,
    /// unless `replace_all`.
    old_text: String,
    /// The text to put in its place.
    new_text: String,
    /// Replace every occurrence of `old_text` (default: exactly one must exist).
    #[serde(default)]
    replace_all: bool,
}

/// Arguments of `apply_patch`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct PatchArgs {
    /// A unified diff (`--- a/PATH`, `+++ b/PATH`, `@@` hunks; `git diff`
    /// output works), over one or several files; `--- /dev/null` creates a
    /// file.
    patch: String,
}

/// One file written.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct WrittenFile {
    /// The file, relative to the root.
    pub path: String,
    /// Whether the write created it.
    pub created: bool,
    /// Whether its content was already the new one (nothing written).
    pub unchanged: bool,
    /// Its size now, in bytes.
    pub bytes: usize,
}

/// The index update that follows a write.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct IndexUpdate {
    /// Whether the index now includes the write.
    pub updated: bool,
    /// The run's summary line, or why it did not run.
    pub message: String,
}

/// What the write tools return.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct WriteOutput {
    /// The files written, in the order given.
    pub files: Vec<WrittenFile>,
    /// For `edit`: how many occurrences were replaced.
    pub replacements: Option<usize>,
    /// The language server's verdict: only diagnostics this write introduced.
    pub diagnostics: Diagnostics,
    /// The index update.
    pub index: IndexUpdate,
    /// Whether the index matches the working tree (after the update).
    pub freshness: Freshness,
    /// Set when diagnostics were left out to fit the response budget.
    pub truncated: Option<Truncation>,
}

/// One file's planned write.
struct Plan {
    path: Confined,
    /// Its content when read for this write (`None`: it does not exist).
    current: Option<Vec<u8>>,
    content: String,
}

/// Runs `write`.
pub(crate) fn write(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let WriteArgs { path, content } = parse(args)?;
    let path = confined(call, &path, "path")?;
    let current = read(&path)?;
    let content = match &current {
        Some(bytes) if line_ending(bytes) == LineEnding::CrLf => LineEnding::CrLf.apply(&content),
        _ => content,
    };
    let plan = Plan {
        path,
        current,
        content,
    };
    Ok(Box::new(commit(call, vec![plan], None)?))
}

/// Runs `edit`.
pub(crate) fn edit(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let args: EditArgs = parse(args)?;
    if args.old_text.is_empty() {
        return Err(ToolError::argument(
            Some("old_text".into()),
            "must not be empty (to write a whole file, use `write`)".into(),
        ));
    }
    let path = confined(call, &args.path, "path")?;
    let Some(current) = read(&path)? else {
        return Err(ToolError::argument(
            Some("path".into()),
            format!(
                "{}: no such file (use `write` to create it)",
                path.relative()
            ),
        ));
    };
    let text = utf8(&path, &current)?;
    let ending = line_ending(&current);
    let (old, new) = match ending {
        LineEnding::CrLf => (ending.apply(&args.old_text), ending.apply(&args.new_text)),
        LineEnding::Lf => (
            args.old_text.replace("\r\n", "\n"),
            args.new_text.replace("\r\n", "\n"),
        ),
    };
    let found = text.matches(old.as_str()).count();
    let content = match found {
        0 => {
            return Err(ToolError::argument(
                Some("old_text".into()),
                format!(
                    "not found in {}; nothing written (read the file again: it must match exactly, whitespace included)",
                    path.relative()
                ),
            ));
        }
        1 => text.replacen(old.as_str(), &new, 1),
        _ if args.replace_all => text.replace(old.as_str(), &new),
        n => {
            return Err(ToolError::argument(
                Some("old_text".into()),
                format!(
                    "found {n} times in {}; nothing written (add surrounding lines to make it unique, or set replace_all)",
                    path.relative()
                ),
            ));
        }
    };
    let plan = Plan {
        path,
        current: Some(current),
        content,
    };
    Ok(Box::new(commit(call, vec![plan], Some(found))?))
}

/// Runs `apply_patch`.
pub(crate) fn apply_patch(call: &Call, args: JsonObject) -> Result<Box<dyn Reply>, ToolError> {
    let PatchArgs { patch: text } = parse(args)?;
    let text = patch::lf(&text);
    let blame = |message: String| ToolError::argument(Some("patch".into()), message);
    let mut plans = Vec::new();
    for file in patch::parse(&text).map_err(blame)? {
        let path = confined(call, &file.path, "patch")?;
        let current = read(&path)?;
        let content = match (&current, file.creates) {
            (Some(_), true) => {
                return Err(blame(format!(
                    "{}: the patch creates it, but it exists; nothing written",
                    path.relative()
                )));
            }
            (None, false) => {
                return Err(blame(format!(
                    "{}: no such file; nothing written (a new file's header is `--- /dev/null`)",
                    path.relative()
                )));
            }
            (None, true) => file.apply("").map_err(blame)?,
            (Some(bytes), false) => {
                let ending = line_ending(bytes);
                let lf = utf8(&path, bytes)?.replace("\r\n", "\n");
                let patched = file
                    .apply(&lf)
                    .map_err(|err| blame(format!("{err}; nothing written")))?;
                match ending {
                    LineEnding::CrLf => ending.apply(&patched),
                    LineEnding::Lf => patched,
                }
            }
        };
        plans.push(Plan {
            path,
            current,
            content,
        });
    }
    Ok(Box::new(commit(call, plans, None)?))
}

/// `path` confined to the root; a refusal blames `argument`.
fn confined(call: &Call, path: &str, argument: &str) -> Result<Confined, ToolError> {
    confine(call.root(), std::path::Path::new(path.trim())).map_err(|err| {
        ToolError::argument(Some(argument.into()), format!("{err}; nothing written"))
    })
}

/// The file's content, `None` when it does not exist.
fn read(path: &Confined) -> Result<Option<Vec<u8>>, ToolError> {
    match std::fs::read(path.absolute()) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(err) => Err(ToolError::new(format!("{}: {err}", path.relative()))),
    }
}

fn utf8<'b>(path: &Confined, bytes: &'b [u8]) -> Result<&'b str, ToolError> {
    std::str::from_utf8(bytes).map_err(|_| {
        ToolError::new(format!(
            "{}: not UTF-8 text; the edit tools change text files only",
            path.relative()
        ))
    })
}

/// Writes the plans all or nothing and answers with the diagnostics the
/// write introduced.
fn commit(
    call: &Call,
    plans: Vec<Plan>,
    replacements: Option<usize>,
) -> Result<WriteOutput, ToolError> {
    let root = call.root();
    let workspace = call.workspace();
    plumb_edit::recover(root)
        .map_err(|err| ToolError::new(format!("recovering an interrupted write: {err}")))?;
    let changes: Vec<FileChange> = plans
        .iter()
        .map(|plan| FileChange {
            path: plan.path.clone(),
            expected: plan.current.as_ref().map(|bytes| {
                workspace
                    .seen(plan.path.relative())
                    .unwrap_or_else(|| content_hash(bytes))
            }),
            content: plan.content.clone().into_bytes(),
        })
        .collect();
    let before: Vec<(String, String)> = plans
        .iter()
        .filter_map(|plan| {
            let text = String::from_utf8(plan.current.clone()?).ok()?;
            Some((plan.path.relative().to_owned(), text))
        })
        .collect();
    let docs: Vec<Doc> = before
        .iter()
        .map(|(path, text)| Doc { path, text })
        .collect();
    workspace.pool().baseline(&docs);
    let applied = match plumb_edit::apply(root, &changes) {
        Ok(applied) => applied,
        Err(EditError::Changed { files }) => {
            for file in &files {
                workspace.forget(file);
            }
            return Err(ToolError::new(format!(
                "changed on disk since plumb last read or wrote them, nothing written: {}. Read them again, then retry",
                files.join(", ")
            )));
        }
        Err(err) if err.is_input_error() => {
            return Err(ToolError::new(format!("{err}; nothing written")));
        }
        Err(err) => return Err(ToolError::new(format!("writing failed: {err}"))),
    };
    let mut files = Vec::new();
    for plan in &plans {
        let relative = plan.path.relative();
        workspace.remember(relative, content_hash(plan.content.as_bytes()));
        files.push(WrittenFile {
            path: relative.to_owned(),
            created: applied.created.iter().any(|f| f == relative),
            unchanged: applied.unchanged.iter().any(|f| f == relative),
            bytes: plan.content.len(),
        });
    }
    let index = reindex(call);
    let docs: Vec<Doc> = plans
        .iter()
        .map(|plan| Doc {
            path: plan.path.relative(),
            text: &plan.content,
        })
        .collect();
    let diagnostics = Diagnostics::of(workspace.pool().changed(&docs));
    Ok(WriteOutput {
        files,
        replacements,
        diagnostics,
        index,
        freshness: Freshness::UNKNOWN,
        truncated: None,
    })
}

/// Brings the index up to date with the write (the incremental run the
/// `index` tool makes: only the written files are parsed again).
fn reindex(call: &Call) -> IndexUpdate {
    let limits = call.config().limits.for_root(call.root());
    match plumb_index::index(call.root(), &limits, &Silent) {
        Ok(summary) => IndexUpdate {
            updated: true,
            message: IndexSummary::of(&summary).line(),
        },
        Err(err) => IndexUpdate {
            updated: false,
            message: format!("the index was not updated: {err}"),
        },
    }
}

impl Output for WriteOutput {
    fn units(&self) -> usize {
        self.diagnostics.new.len()
    }

    fn keep(&mut self, units: usize) {
        let dropped = self.diagnostics.new.len().saturating_sub(units);
        self.diagnostics.new.truncate(units);
        self.diagnostics.omitted += dropped;
    }

    fn narrower(&self) -> String {
        "the diagnostics left out are counted in `diagnostics.omitted`; fix the ones listed first"
            .into()
    }

    fn finish(&mut self, freshness: Freshness, truncated: Option<Truncation>) {
        self.freshness = freshness;
        self.truncated = truncated;
    }

    fn render(&self, out: &mut String) {
        for file in &self.files {
            let what = if file.unchanged {
                "unchanged"
            } else if file.created {
                "created"
            } else {
                "wrote"
            };
            out.push_str(&format!("{what} {} ({} bytes)\n", file.path, file.bytes));
        }
        if let Some(n) = self.replacements {
            out.push_str(&format!("{n} replacement(s)\n"));
        }
        self.diagnostics.render(out);
        out.push_str(&format!(
            "index: {}; {}\n",
            self.index.message,
            self.freshness.describe()
        ));
    }
}
