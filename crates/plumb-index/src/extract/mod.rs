//! The language-neutral extractor: runs a language's extraction query over
//! a parsed tree and turns the named captures (see `plumb-lang`) into
//! [`FileFacts`]. Everything language-specific comes from the query, the
//! [`Spec`] row (node kinds included), or the language's hooks in
//! `plumb-lang`.
//!
//! Extraction runs in phases, one module each: the query's captures read
//! by name and settled, one per name node (`captures`); definitions, their
//! spans and containers, and impl blocks (`definitions`, `containers`);
//! references (`references`); bindings, callback parameters and locals
//! (`bindings`); then what the hooks read from the whole file.

mod arity;
mod bindings;
mod bounds;
mod captures;
mod containers;
mod definitions;
mod doc;
mod references;
mod siblings;
mod signature;
mod text;

use plumb_lang::tree_sitter::{Node, Tree};
use plumb_lang::{Ancestry, FileHooks, Language, QueryError, Spec};

use crate::facts::FileFacts;
use arity::ListShapes;
pub use bounds::{Deadline, Exceeded, MAX_DEFINITION_DEPTH};
use captures::{Captured, roles};
use containers::Containers;
use definitions::Spans;
use siblings::ChildLists;

/// An error in a language's capture names: a defect of the `.scm` files.
#[derive(Debug, thiserror::Error)]
pub enum SpecError {
    /// The query did not compile.
    #[error(transparent)]
    Query(#[from] QueryError),
    /// A capture name outside the contract.
    #[error("extraction query for {language} uses unknown capture @{capture}")]
    UnknownCapture {
        /// The language.
        language: &'static str,
        /// The capture name.
        capture: String,
    },
}

/// Why a file's facts could not be extracted.
#[derive(Debug, thiserror::Error)]
pub enum ExtractError {
    /// A defect of the language's extraction query.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// The file trips a bound: definitions nested too deep, or its time
    /// limit passed.
    #[error("{0}")]
    Exceeded(Exceeded),
}

impl From<Exceeded> for ExtractError {
    fn from(exceeded: Exceeded) -> Self {
        ExtractError::Exceeded(exceeded)
    }
}

/// What every phase reads: the language, its spec row, the file's text,
/// its grammar's list shapes and its trees' ancestry.
#[derive(Clone, Copy)]
struct Source<'a> {
    /// The language.
    language: Language,
    /// Its spec row.
    spec: &'static Spec,
    /// The file's text.
    bytes: &'a [u8],
    /// The grammar's argument and parameter lists.
    shapes: ListShapes,
    /// The file's trees flattened: each node's parent.
    ancestry: &'a Ancestry<'a>,
}

/// Extracts the facts of one parsed file. `macro_trees` are parses of the
/// file's macro arguments ([`Language::macro_arguments`], same byte
/// positions): their references, bindings and locals are read too, their
/// definitions are not. The indexer goes through [`extract_with_hooks`];
/// tests call this.
#[cfg(test)]
pub(crate) fn extract(
    language: Language,
    tree: &Tree,
    macro_trees: &[Tree],
    source: &str,
) -> Result<FileFacts, ExtractError> {
    let root = tree.root_node();
    let bytes = source.as_bytes();
    let hooks = language.file_hooks(root, bytes);
    let deadline = Deadline::after(std::time::Duration::from_secs(3600));
    extract_with_hooks(language, tree, macro_trees, source, hooks, deadline)
}

/// [`extract`], with the imports, conditional code and module paths of the file already
/// read by its hooks ([`Language::file_hooks`]; the macro arguments are
/// `macro_trees`), within the file's bounds: an error once `deadline`
/// passes or when definitions nest deeper than [`MAX_DEFINITION_DEPTH`].
pub fn extract_with_hooks(
    language: Language,
    tree: &Tree,
    macro_trees: &[Tree],
    source: &str,
    hooks: FileHooks,
    deadline: Deadline,
) -> Result<FileFacts, ExtractError> {
    let spec = language.spec();
    let patterns = language.patterns().map_err(SpecError::from)?;
    let roles = roles(language, patterns)?;
    let ancestry = Ancestry::of(std::iter::once(tree).chain(macro_trees), source.len());
    let source = Source {
        language,
        spec,
        bytes: source.as_bytes(),
        shapes: ListShapes::of(tree, spec),
        ancestry: &ancestry,
    };

    deadline.check()?;
    let mut captured = Captured::collect(patterns, &roles, &ancestry, source.bytes);
    captured.settle();
    deadline.check()?;

    let export_list = language.export_lists(tree.root_node(), source.bytes);
    let mut facts = FileFacts::default();
    definitions::drop_locals(&mut captured.defs, spec);
    definitions::drop_local_definitions(&mut captured.defs);
    definitions::join_overloads(&mut captured.defs, spec, &ancestry, source.bytes);
    let accessors = definitions::join_accessors(&mut captured.defs, spec, &ancestry, source.bytes);
    captured.push_accessor_writes(accessors);
    let mut lists = ChildLists::default();
    let spans = Spans::of(&captured.defs, spec, &ancestry, &mut lists);
    let containers = Containers::new(&captured.impls, &spans.spans);
    if containers.depth() > MAX_DEFINITION_DEPTH {
        return Err(Exceeded::Depth(containers.depth()).into());
    }
    definitions::push_definitions(
        &source,
        &captured.defs,
        &spans,
        &containers,
        &export_list,
        &mut lists,
        &mut facts,
        deadline,
    )?;
    definitions::mark_methods(&mut facts);
    definitions::push_impls(&source, &captured.impls, &containers, &mut facts);

    references::push_references(
        &source,
        &captured.refs,
        &captured.bindings,
        &containers,
        &mut facts,
        deadline,
    )?;

    bindings::push_bindings(&source, &mut captured.bindings, &containers, &mut facts);
    bindings::push_callback_bindings(&source, captured.callback_params, &containers, &mut facts);
    bindings::push_argument_bindings(&source, &captured.refs, &containers, &mut facts);
    bindings::push_locals(&source, captured.locals, &containers, &mut facts);
    deadline.check()?;

    push_file_facts(&source, tree.root_node(), hooks, &mut facts);
    facts.shrink_to_fit();
    Ok(facts)
}

/// The last phase: what the hooks read from the whole file (imports,
/// package, conditional code, module paths) and the count of syntax errors.
fn push_file_facts(source: &Source<'_>, root: Node<'_>, hooks: FileHooks, facts: &mut FileFacts) {
    facts.imports = hooks.imports;
    facts.package = source.language.package(root, source.bytes);
    facts.conditional = hooks.conditional;
    facts.module_paths = hooks.module_paths;
    facts.syntax_errors = count_syntax_errors(root);
}

/// How many error and missing nodes the parser recovered with.
fn count_syntax_errors(root: Node<'_>) -> u32 {
    if !root.has_error() {
        return 0;
    }
    let mut count = 0;
    let mut cursor = root.walk();
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        if node.is_error() || node.is_missing() {
            count += 1;
            continue;
        }
        if node.has_error() {
            stack.extend(node.children(&mut cursor));
        }
    }
    count
}

#[cfg(test)]
pub(crate) mod tests;
