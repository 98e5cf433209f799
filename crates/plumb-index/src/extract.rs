//! The language-neutral extractor: runs a language's extraction query over
//! a parsed tree and turns the named captures (see `plumb-lang`) into
//! [`FileFacts`]. Everything language-specific comes from the query, the
//! [`Spec`] row, or the language's hooks in `plumb-lang`.

use std::collections::HashMap;
use std::num::NonZeroU16;
use std::rc::Rc;

use plumb_lang::tree_sitter::{Node, Tree};
use plumb_lang::{DocStyle, FileHooks, Language, Patterns, QueryError, Spec};
use plumb_store::model::{OccurrenceKind, SymbolKind};

use crate::facts::{BindingFact, Container, DefFact, FileFacts, ImplFact, LocalFact, RefFact};
use crate::typetext::{element_type, normalize_type};

/// Longest signature kept, in bytes. Chosen: two long lines; longer ones
/// are cut at a character boundary with `…`.
const MAX_SIGNATURE: usize = 240;
/// Longest doc comment kept, in bytes. Chosen: enough for a summary
/// paragraph; the source has the rest.
const MAX_DOC: usize = 1000;
/// Longest receiver or path text kept, in bytes. Chosen: receivers longer
/// than this are expressions no resolution step can use.
const MAX_RECEIVER: usize = 200;

/// Parent kinds a doc comment may sit in front of instead of the
/// definition itself (`export function f`, `const f = () => …`, Go's
/// `type T struct`, `const C = 1`, `var v T`).
const DOC_ANCHOR_PARENTS: &[&str] = &[
    "const_declaration",
    "export_statement",
    "lexical_declaration",
    "template_declaration",
    "type_declaration",
    "var_declaration",
    "variable_declaration",
];

/// What a capture name means to the extractor.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Role {
    Definition(SymbolKind),
    ImplScope,
    Reference(OccurrenceKind),
    Binding,
    BindingName,
    BindingField,
    BindingType,
    BindingValue,
    BindingElement,
    BindingPattern,
    BindingPosition,
    Local,
    Template,
    CallbackParam,
    Skip,
    Name,
    Receiver,
    Path,
    Ignored,
}

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

fn roles(language: Language, patterns: &Patterns) -> Result<Vec<Role>, SpecError> {
    patterns
        .capture_names()
        .iter()
        .map(|name| {
            let role = match name.as_str() {
                "name" => Some(Role::Name),
                "receiver" => Some(Role::Receiver),
                "path" => Some(Role::Path),
                "scope.impl" => Some(Role::ImplScope),
                "binding" => Some(Role::Binding),
                "binding.name" => Some(Role::BindingName),
                "binding.field" => Some(Role::BindingField),
                "binding.type" => Some(Role::BindingType),
                "binding.value" => Some(Role::BindingValue),
                "binding.element" => Some(Role::BindingElement),
                "binding.pattern" => Some(Role::BindingPattern),
                "binding.position" => Some(Role::BindingPosition),
                "local" => Some(Role::Local),
                "template" => Some(Role::Template),
                "callback.param" => Some(Role::CallbackParam),
                "skip" => Some(Role::Skip),
                "trait" | "doc" | "value" | "context" => Some(Role::Ignored),
                other => {
                    if let Some(kind) = other.strip_prefix("definition.") {
                        SymbolKind::parse(kind).map(Role::Definition)
                    } else if let Some(kind) = other.strip_prefix("reference.") {
                        OccurrenceKind::parse(kind).map(Role::Reference)
                    } else {
                        None
                    }
                }
            };
            role.ok_or_else(|| SpecError::UnknownCapture {
                language: language.name(),
                capture: (*name).to_owned(),
            })
        })
        .collect()
}

struct RawDef<'t> {
    pattern: usize,
    /// Where the name starts: the key definitions are sorted and told apart by.
    at: usize,
    node: Node<'t>,
    name: Node<'t>,
    kind: SymbolKind,
}

struct RawRef<'t> {
    pattern: usize,
    /// Where the name starts: the key references are sorted and told apart by.
    at: usize,
    name: Node<'t>,
    /// `None` for a `@skip` pattern: the name is no reference.
    kind: Option<OccurrenceKind>,
    receiver: Option<Node<'t>>,
    path: Option<Node<'t>>,
    /// The whole reference, whose argument list (if any) [`arity`] counts;
    /// `None` for a `@skip` pattern.
    site: Option<Node<'t>>,
}

struct RawBinding<'t> {
    node: Node<'t>,
    name: Node<'t>,
    is_field: bool,
    /// The annotation, or the initializer when `from_value`.
    type_node: Node<'t>,
    from_value: bool,
    /// The name takes an element of the initializer (`for x in xs`).
    element: bool,
    /// `type_node` is a pattern's type: the name takes one of its fields.
    pattern: bool,
    /// A positional field (`struct Meters(f64)`): bound by its position.
    position: bool,
}

/// Extracts the facts of one parsed file. `macro_trees` are parses of the
/// file's macro arguments ([`Language::macro_arguments`], same byte
/// positions): their references, bindings and locals are read too, their
/// definitions are not.
pub fn extract(
    language: Language,
    tree: &Tree,
    macro_trees: &[Tree],
    source: &str,
) -> Result<FileFacts, SpecError> {
    let root = tree.root_node();
    let bytes = source.as_bytes();
    let mut hooks = FileHooks::default();
    language.imports(root, bytes, &mut hooks.imports);
    language.conditional_code(root, bytes, &mut hooks.conditional);
    extract_with_hooks(language, tree, macro_trees, source, hooks)
}

/// [`extract`], with the imports and conditional code of the file already
/// read by its hooks ([`Language::file_hooks`]; the macro arguments are
/// `macro_trees`).
pub fn extract_with_hooks(
    language: Language,
    tree: &Tree,
    macro_trees: &[Tree],
    source: &str,
    hooks: FileHooks,
) -> Result<FileFacts, SpecError> {
    let spec = language.spec();
    let patterns = language.patterns()?;
    let roles = roles(language, patterns)?;
    let root = tree.root_node();
    let bytes = source.as_bytes();

    let mut defs: Vec<RawDef> = Vec::new();
    let mut impls: Vec<(Node, Node, Option<Node>)> = Vec::new();
    let mut refs: Vec<RawRef> = Vec::new();
    let mut bindings: Vec<RawBinding> = Vec::new();
    let mut locals: Vec<Node> = Vec::new();
    let mut callback_params: Vec<Node> = Vec::new();
    let mut templates: Vec<std::ops::Range<usize>> = Vec::new();

    // The file's own tree first; then the macro-argument trees, whose text
    // is the file's own at the same positions.
    for (t, parsed) in std::iter::once(tree).chain(macro_trees).enumerate() {
        let in_macro = t > 0;
        patterns.for_each_match(parsed.root_node(), bytes, |pattern_index, captures| {
            let mut primary = None;
            let (mut name, mut receiver, mut path) = (None, None, None);
            let (mut binding_name, mut binding_type, mut is_field) = (None, None, false);
            let mut from_value = false;
            let mut element = false;
            let (mut pattern, mut position) = (false, false);
            for capture in captures {
                let node = capture.node;
                match roles[capture.index as usize] {
                    Role::Name => name = Some(node),
                    Role::Receiver => receiver = Some(node),
                    Role::Path => path = Some(node),
                    Role::BindingName => binding_name = Some(node),
                    Role::BindingField => {
                        binding_name = Some(node);
                        is_field = true;
                    }
                    Role::BindingType => binding_type = Some(node),
                    Role::BindingValue => {
                        binding_type = Some(node);
                        from_value = true;
                    }
                    Role::BindingElement => {
                        binding_type = Some(node);
                        from_value = true;
                        element = true;
                    }
                    Role::BindingPattern => {
                        binding_type = Some(node);
                        pattern = true;
                    }
                    Role::BindingPosition => {
                        binding_name = Some(node);
                        is_field = true;
                        position = true;
                    }
                    Role::Local => locals.push(node),
                    Role::CallbackParam => callback_params.push(node),
                    Role::Template => templates.push(node.byte_range()),
                    Role::Ignored => {}
                    Role::Definition(_) | Role::ImplScope if in_macro => {}
                    role => primary = Some((role, node)),
                }
            }
            match primary {
                Some((Role::Definition(kind), node)) => {
                    // A name the parser had to invent while recovering from
                    // an error is no name.
                    if let Some(name) =
                        name.filter(|n| !n.is_missing() && !n.byte_range().is_empty())
                    {
                        defs.push(RawDef {
                            pattern: pattern_index,
                            at: name.start_byte(),
                            node,
                            name,
                            kind,
                        });
                    }
                }
                Some((Role::ImplScope, node)) => {
                    if let Some(name) = name {
                        impls.push((node, name, path));
                    }
                }
                Some((Role::Reference(kind), node)) => {
                    if let Some(name) = name {
                        refs.push(RawRef {
                            pattern: pattern_index,
                            at: name.start_byte(),
                            name,
                            kind: Some(kind),
                            receiver,
                            path,
                            site: Some(node),
                        });
                    }
                }
                Some((Role::Skip, _)) => {
                    if let Some(name) = name {
                        refs.push(RawRef {
                            pattern: pattern_index,
                            at: name.start_byte(),
                            name,
                            kind: None,
                            receiver,
                            path,
                            site: None,
                        });
                    }
                }
                Some((Role::Binding, node)) => {
                    if let (Some(name), Some(type_node)) = (binding_name, binding_type) {
                        bindings.push(RawBinding {
                            node,
                            name,
                            is_field,
                            type_node,
                            from_value,
                            element,
                            pattern,
                            position,
                        });
                    }
                }
                _ => {}
            }
        });
    }

    // One definition per name node, one reference per name node: the
    // earliest pattern in the query wins, so specific patterns come first.
    defs.sort_by_key(|d| (d.at, d.pattern));
    defs.dedup_by_key(|d| d.at);
    let def_names: std::collections::HashSet<usize> = defs.iter().map(|d| d.at).collect();
    refs.sort_by_key(|r| (r.at, r.pattern));
    refs.dedup_by_key(|r| r.at);
    refs.retain(|r| {
        let at = r.at;
        r.kind.is_some()
            && !def_names.contains(&at)
            && !templates.iter().any(|range| range.contains(&at))
    });
    impls.sort_by_key(|(node, _, _)| node.start_byte());
    impls.dedup_by_key(|(node, _, _)| node.start_byte());

    let export_list = language.export_lists(root, bytes);
    let mut facts = FileFacts::default();
    drop_locals(&mut defs);
    let def_parents: Vec<Option<Node>> = defs.iter().map(|d| d.node.parent()).collect();
    let shapes = ListShapes::of(tree);
    let mut lists = ChildLists::default();
    let spans: Vec<(Node, Node)> = defs
        .iter()
        .zip(&def_parents)
        .map(|(d, &parent)| definition_span(d.node, parent, spec, &mut lists))
        .collect();

    // Containers: every definition and impl block, nested by byte range;
    // an impl block with a definition's very span (a C++ out-of-line
    // method `void Shape::area() {}`, a Kotlin extension `fun Cart.total()`)
    // holds that definition.
    let mut containers: Vec<(u32, u32, Container)> = impls
        .iter()
        .enumerate()
        .map(|(i, (node, _, _))| {
            (
                node.start_byte() as u32,
                node.end_byte() as u32,
                Container::Impl(i),
            )
        })
        .chain(spans.iter().enumerate().map(|(i, (first, outer))| {
            (
                first.start_byte() as u32,
                outer.end_byte() as u32,
                Container::Def(i),
            )
        }))
        .collect();
    // An impl block spanning exactly its one definition (a Go method
    // declaration is its own receiver block) contains that definition.
    containers.sort_by_key(|&(start, end, container)| {
        let is_def = matches!(container, Container::Def(_));
        (start, std::cmp::Reverse(end), is_def)
    });
    let parents = nest(&containers);

    for (i, raw) in defs.iter().enumerate() {
        let (first, outer) = spans[i];
        let name = text(raw.name, bytes).to_owned();
        let container = parents
            .get(&Container::Def(i))
            .copied()
            .unwrap_or(Container::File);
        let (name_line, name_col) = position(raw.name);
        let exported = language.is_exported(raw.node, &name, bytes)
            || (container == Container::File && export_list.contains(&name));
        if let Some(doc) = doc(raw.node, def_parents[i], spec, bytes, &mut lists) {
            facts.docs.push(facts.defs.len(), doc.into());
        }
        facts.defs.push(DefFact {
            kind: raw.kind,
            start_line: first.start_position().row as u32 + 1,
            end_line: outer.end_position().row as u32 + 1,
            start_byte: first.start_byte() as u32,
            end_byte: outer.end_byte() as u32,
            name_line,
            name_col,
            signature: signature(raw.node, bytes).map(Box::from),
            container,
            exported,
            has_body: body(raw.node).is_some(),
            return_type: return_type(raw.node, raw.kind, spec, bytes).map(Box::from),
            parameters: raw
                .kind
                .is_callable()
                .then(|| arity(raw.node, List::Parameters, shapes))
                .flatten(),
            name: name.into(),
        });
    }
    // A function directly inside a type or impl is a method.
    for i in 0..facts.defs.len() {
        if facts.defs[i].kind == SymbolKind::Function {
            let in_type = match facts.defs[i].container {
                Container::Impl(_) => true,
                Container::Def(p) => facts.defs[p].kind.is_type(),
                Container::File => false,
            };
            if in_type {
                facts.defs[i].kind = SymbolKind::Method;
            }
        }
    }
    for (i, (node, name, path)) in impls.iter().enumerate() {
        let written = match path {
            Some(path) => qualifier(*path, *name, spec, bytes).unwrap_or_default(),
            None => text(*name, bytes).to_owned(),
        };
        let written = written.as_str();
        let self_type = normalize_type(written).unwrap_or_else(|| written.to_owned());
        facts.impls.push(ImplFact {
            self_type,
            header: signature(*node, bytes),
            start_line: node.start_position().row as u32 + 1,
            end_line: node.end_position().row as u32 + 1,
            start_byte: node.start_byte() as u32,
            end_byte: node.end_byte() as u32,
            container: parents
                .get(&Container::Impl(i))
                .copied()
                .unwrap_or(Container::File),
        });
    }

    let ref_containers = innermost(&containers, refs.iter().map(|r| r.name.start_byte() as u32));
    for (raw, container) in refs.iter().zip(ref_containers) {
        let Some(kind) = raw.kind else {
            continue;
        };
        let (line, col) = position(raw.name);
        facts.refs.push(RefFact {
            name: text(raw.name, bytes).to_owned(),
            kind,
            line,
            col,
            receiver: raw.receiver.and_then(|n| member_path(n, spec, bytes)),
            path: raw
                .path
                .and_then(|n| qualifier(n, raw.name, spec, bytes))
                .map(|q| dotted(&q, spec.member_operators)),
            container,
            arguments: raw
                .site
                .and_then(|site| arity(site, List::Arguments, shapes)),
        });
    }

    // An annotation beats the initializer of the same declaration.
    bindings.sort_by_key(|b| (b.node.start_byte(), b.name.start_byte(), b.from_value));
    bindings.dedup_by_key(|b| (b.node.start_byte(), b.name.start_byte()));
    let binding_containers = innermost(
        &containers,
        bindings.iter().map(|b| b.node.start_byte() as u32),
    );
    let self_name = spec.self_names.first().copied().unwrap_or("self");
    for (raw, mut container) in bindings.iter().zip(binding_containers) {
        // A binding that is itself a definition (`X = Cart()` at module or
        // class level) belongs to the scope around that definition.
        if let Container::Def(d) = container
            && facts.defs[d].start_byte == raw.node.start_byte() as u32
        {
            container = facts.defs[d].container;
        }
        let type_text = if raw.from_value {
            member_path(raw.type_node, spec, bytes)
        } else {
            normalize_type(&dotted(text(raw.type_node, bytes), spec.member_operators))
        };
        // A collection's annotation also types its elements, bound as
        // `name[]` (`transitions: Vec<Transition>` → `transitions[]`).
        let element_type = if raw.from_value || raw.pattern {
            None
        } else {
            element_type(text(raw.type_node, bytes))
        };
        if type_text.is_none() && element_type.is_none() {
            continue;
        }
        let name = if raw.position {
            field_position(raw.name).map(|p| p.to_string())
        } else {
            member_path(raw.name, spec, bytes)
        };
        let Some(mut name) = name else {
            continue;
        };
        let field = if raw.pattern {
            match pattern_field(raw.name, bytes) {
                Some(field) => Some(field),
                None => continue,
            }
        } else {
            None
        };
        let is_attribute = raw.is_field
            || spec
                .self_names
                .iter()
                .any(|s| name.strip_prefix(s).is_some_and(|r| r.starts_with('.')));
        if raw.is_field {
            name = format!("{self_name}.{name}");
        }
        let scope = match container {
            // A variant's fields are its own (`Value::Number(n)` reads them).
            Container::Def(d) if raw.is_field && facts.defs[d].kind == SymbolKind::Variant => {
                container
            }
            _ if is_attribute => enclosing_type(&facts, container),
            _ => container,
        };
        if let Some(element_type) = element_type {
            facts.bindings.push(BindingFact {
                name: format!("{name}[]"),
                type_text: element_type,
                scope,
                from_value: false,
                element: false,
                callback: None,
                field: None,
            });
        }
        if let Some(type_text) = type_text {
            facts.bindings.push(BindingFact {
                name,
                type_text,
                scope,
                from_value: raw.from_value,
                element: raw.element,
                callback: None,
                field,
            });
        }
    }

    for (node, scope) in place_nodes(&containers, callback_params) {
        if let Some((callee, position)) = callback_context(node, bytes) {
            facts.bindings.push(BindingFact {
                name: text(node, bytes).to_owned(),
                type_text: callee,
                scope,
                from_value: true,
                element: false,
                callback: Some(position),
                field: None,
            });
        }
    }

    for (node, container) in place_nodes(&containers, locals) {
        if let Container::Def(d) = container
            && matches!(
                facts.defs[d].kind,
                SymbolKind::Function | SymbolKind::Method
            )
        {
            facts.locals.push(LocalFact {
                name: text(node, bytes).to_owned(),
                scope: container,
            });
        }
    }

    facts.imports = hooks.imports;
    facts.package = language.package(root, bytes);
    facts.conditional = hooks.conditional;
    facts.syntax_errors = count_syntax_errors(root);
    facts.shrink_to_fit();
    Ok(facts)
}

/// For a parameter of a function passed as an argument: the callee text
/// (`new Observable`, `operate`, `source.pipe`) and the positions of the
/// argument and of the parameter.
fn callback_context(param: Node<'_>, bytes: &[u8]) -> Option<(String, (u32, u32))> {
    let named_index = |node: Node<'_>| -> Option<u32> {
        let parent = node.parent()?;
        let mut cursor = parent.walk();
        let index = parent
            .named_children(&mut cursor)
            .position(|c| c.id() == node.id())?;
        u32::try_from(index).ok()
    };
    let (function, param_index) = match param.parent()?.kind() {
        "arrow_function" => (param.parent()?, 0),
        _ => {
            let declared = param.parent()?;
            let list = declared.parent()?;
            (list.parent()?, named_index(declared)?)
        }
    };
    let arguments = function.parent().filter(|p| p.kind() == "arguments")?;
    let argument_index = named_index(function)?;
    let call = arguments.parent()?;
    let (callee, constructed) = match call.kind() {
        "call_expression" => (call.child_by_field_name("function")?, false),
        "new_expression" => (call.child_by_field_name("constructor")?, true),
        _ => return None,
    };
    let callee = compact(callee, bytes)?;
    let callee = if constructed {
        format!("new {callee}")
    } else {
        callee
    };
    Some((callee, (argument_index, param_index)))
}

/// Drops variables and constants declared inside a function, and functions
/// bound to a local variable there (`const step = () => …`): they are
/// locals, not symbols, and their code belongs to the enclosing function
/// (queries may match declarations at any depth).
fn drop_locals(defs: &mut Vec<RawDef<'_>>) {
    let is_function = |kind: SymbolKind| matches!(kind, SymbolKind::Function | SymbolKind::Method);
    let mut functions: Vec<(usize, usize)> = defs
        .iter()
        .filter(|d| is_function(d.kind))
        .map(|d| (d.node.start_byte(), d.node.end_byte()))
        .collect();
    if functions.is_empty() {
        return;
    }
    functions.sort_unstable();
    defs.retain(|d| {
        let bound_to_variable = d.node.kind() == "variable_declarator";
        if !matches!(d.kind, SymbolKind::Variable | SymbolKind::Constant) && !bound_to_variable {
            return true;
        }
        let at = d.node.start_byte();
        // The last function starting before `at` is the only candidate that
        // can contain it among non-overlapping top-level ones; nested ones
        // start later, so scan back while starts precede `at`.
        let upto = functions.partition_point(|&(start, _)| start < at);
        !functions[..upto]
            .iter()
            .rev()
            .any(|&(start, end)| start < at && at < end)
    });
}

/// The first node of a definition's span (attributes, decorators and a
/// wrapping `decorated_definition` included) and the node whose end ends it.
/// `parent` is the definition's parent.
fn definition_span<'t>(
    node: Node<'t>,
    parent: Option<Node<'t>>,
    spec: &Spec,
    lists: &mut ChildLists<'t>,
) -> (Node<'t>, Node<'t>) {
    let (outer, outer_parent) = match parent {
        Some(wrapper) if spec.wrapper_kinds.contains(&wrapper.kind()) => {
            (wrapper, wrapper.parent())
        }
        _ => (node, parent),
    };
    let mut first = outer;
    for previous in lists.siblings_before(outer, outer_parent, Siblings::Named) {
        if spec.attribute_kinds.contains(&previous.kind()) {
            first = previous;
        } else {
            break;
        }
    }
    (first, outer)
}

/// Which siblings [`SiblingsBefore`] yields.
#[derive(Clone, Copy, PartialEq)]
enum Siblings {
    /// Named and anonymous ones (`prev_sibling`).
    All,
    /// Named ones (`prev_named_sibling`).
    Named,
}

/// The children of the parents of definitions, each parent's read once:
/// each `prev_sibling` call finds the parent again from the root and reads
/// its children up to the node, once per step and per definition.
#[derive(Default)]
struct ChildLists<'t> {
    /// By parent id: its children in order, or `None` when one is
    /// zero-width (tree-sitter orders those siblings by more than position).
    by_parent: HashMap<usize, Option<Rc<[Node<'t>]>>>,
}

impl<'t> ChildLists<'t> {
    /// The siblings of `which` kind before `node`, whose parent is
    /// `parent`, nearest first: those `prev_sibling` (or
    /// `prev_named_sibling`) gives step by step.
    fn siblings_before(
        &mut self,
        node: Node<'t>,
        parent: Option<Node<'t>>,
        which: Siblings,
    ) -> SiblingsBefore<'t> {
        let Some(parent) = parent else {
            return SiblingsBefore::Chained(None, which);
        };
        let children = self
            .by_parent
            .entry(parent.id())
            .or_insert_with(|| children_of(parent))
            .clone();
        let at = children.as_ref().and_then(|children| {
            let at = children.partition_point(|c| c.start_byte() < node.start_byte());
            (children.get(at).map(Node::id) == Some(node.id())).then_some(at)
        });
        match (children, at) {
            (Some(children), Some(at)) => SiblingsBefore::Listed {
                children,
                next: at,
                which,
            },
            _ => SiblingsBefore::Chained(previous_sibling(node, which), which),
        }
    }
}

/// The children of `parent` in order; `None` when one is zero-width.
fn children_of<'t>(parent: Node<'t>) -> Option<Rc<[Node<'t>]>> {
    let mut cursor = parent.walk();
    let children: Vec<Node<'t>> = parent.children(&mut cursor).collect();
    let zero_width = children.iter().any(|c| c.byte_range().is_empty());
    (!zero_width).then(|| children.into())
}

/// The siblings before a node, nearest first ([`ChildLists::siblings_before`]).
enum SiblingsBefore<'t> {
    /// Read from the parent's children: those before `next`.
    Listed {
        /// The parent's children.
        children: Rc<[Node<'t>]>,
        /// The index after the next one to yield.
        next: usize,
        /// Which ones to yield.
        which: Siblings,
    },
    /// Asked of tree-sitter step by step: the next one to yield.
    Chained(Option<Node<'t>>, Siblings),
}

impl<'t> Iterator for SiblingsBefore<'t> {
    type Item = Node<'t>;

    fn next(&mut self) -> Option<Node<'t>> {
        match self {
            SiblingsBefore::Listed {
                children,
                next,
                which,
            } => {
                while *next > 0 {
                    *next -= 1;
                    let sibling = children[*next];
                    if *which == Siblings::All || sibling.is_named() {
                        return Some(sibling);
                    }
                }
                None
            }
            SiblingsBefore::Chained(current, which) => {
                let sibling = (*current)?;
                *current = previous_sibling(sibling, *which);
                Some(sibling)
            }
        }
    }
}

/// The sibling before `node` of `which` kind, as tree-sitter finds it.
fn previous_sibling(node: Node<'_>, which: Siblings) -> Option<Node<'_>> {
    match which {
        Siblings::All => node.prev_sibling(),
        Siblings::Named => node.prev_named_sibling(),
    }
}

/// The container of each container, by a stack sweep over containers sorted
/// by start (and by end, outermost first).
fn nest(containers: &[(u32, u32, Container)]) -> HashMap<Container, Container> {
    let mut parents = HashMap::with_capacity(containers.len());
    let mut stack: Vec<(u32, Container)> = Vec::new();
    for &(start, end, container) in containers {
        while stack.last().is_some_and(|&(top_end, _)| top_end <= start) {
            stack.pop();
        }
        if let Some(&(_, parent)) = stack.last() {
            parents.insert(container, parent);
        }
        stack.push((end, container));
    }
    parents
}

/// `nodes` in source order, duplicates dropped, each with its innermost
/// container.
fn place_nodes<'t>(
    containers: &[(u32, u32, Container)],
    mut nodes: Vec<Node<'t>>,
) -> Vec<(Node<'t>, Container)> {
    nodes.sort_by_key(|n| n.start_byte());
    nodes.dedup_by_key(|n| n.start_byte());
    let places = innermost(containers, nodes.iter().map(|n| n.start_byte() as u32));
    nodes.into_iter().zip(places).collect()
}

/// The innermost container of each point (`points` sorted ascending).
fn innermost(
    containers: &[(u32, u32, Container)],
    points: impl Iterator<Item = u32>,
) -> Vec<Container> {
    let mut out = Vec::with_capacity(points.size_hint().0);
    let mut stack: Vec<(u32, Container)> = Vec::new();
    let mut next = 0;
    for point in points {
        while next < containers.len() && containers[next].0 <= point {
            let (start, end, container) = containers[next];
            while stack.last().is_some_and(|&(top_end, _)| top_end <= start) {
                stack.pop();
            }
            stack.push((end, container));
            next += 1;
        }
        while stack.last().is_some_and(|&(top_end, _)| top_end <= point) {
            stack.pop();
        }
        out.push(stack.last().map_or(Container::File, |&(_, c)| c));
    }
    out
}

/// The nearest enclosing type definition or impl block of `container`.
fn enclosing_type(facts: &FileFacts, mut container: Container) -> Container {
    loop {
        match container {
            Container::Def(i) if facts.defs[i].kind.is_type() => return container,
            Container::Def(i) => container = facts.defs[i].container,
            Container::Impl(_) | Container::File => return container,
        }
    }
}

/// The position of a positional field's type among its list's fields
/// (`f64` in `Meters(pub f64)`: 0).
fn field_position(ty: Node<'_>) -> Option<u32> {
    let list = ty.parent()?;
    let mut cursor = list.walk();
    let position = list
        .children_by_field_name("type", &mut cursor)
        .position(|t| t.id() == ty.id())?;
    Some(position as u32)
}

/// The field a name bound by a pattern takes: its position in a tuple
/// pattern (`n` in `Value::Number(n)`: `0`; none after a `..`), or the
/// field it is matched against in a struct pattern (`caps` in
/// `Matches { ref mut caps, .. }`, `start` in `Span { start: s, .. }`).
fn pattern_field(name: Node<'_>, bytes: &[u8]) -> Option<String> {
    let parent = name.parent()?;
    if parent.kind() == "field_pattern" {
        let field = parent.child_by_field_name("name")?;
        return Some(text(field, bytes).to_owned());
    }
    let ty = parent.child_by_field_name("type")?;
    let mut cursor = parent.walk();
    let mut position = 0;
    for child in parent.children(&mut cursor) {
        if child.id() == name.id() {
            return Some(position.to_string());
        }
        match child.kind() {
            "(" | ")" | "," => {}
            "remaining_field_pattern" => return None,
            _ if child.id() == ty.id() => {}
            _ => position += 1,
        }
    }
    None
}

fn text<'a>(node: Node<'_>, bytes: &'a [u8]) -> &'a str {
    std::str::from_utf8(&bytes[node.byte_range()]).unwrap_or("")
}

fn position(node: Node<'_>) -> (u32, u32) {
    let point = node.start_position();
    (point.row as u32 + 1, point.column as u32 + 1)
}

/// A node's text as a compact expression (whitespace folded, and dropped
/// next to punctuation: `self . cart` → `self.cart`, `new  Cart ()` →
/// `new Cart()`), if short enough to be useful.
fn compact(node: Node<'_>, bytes: &[u8]) -> Option<String> {
    let raw = text(node, bytes);
    (raw.len() <= MAX_RECEIVER).then(|| compact_expression(raw))
}

/// The qualifier a `@path` capture gives a name: its text, or, when the
/// path is the whole scoped name around the name (`a::b::f` around `f`),
/// the text before the name without the trailing separator (`a::b`).
/// A scoped name with an empty qualifier (`::f`, the global namespace)
/// has none.
fn qualifier(path: Node<'_>, name: Node<'_>, spec: &Spec, bytes: &[u8]) -> Option<String> {
    let encloses = path.start_byte() <= name.start_byte()
        && name.end_byte() <= path.end_byte()
        && path.id() != name.id();
    if !encloses {
        return compact(path, bytes);
    }
    let before = std::str::from_utf8(&bytes[path.start_byte()..name.start_byte()]).ok()?;
    if before.len() > MAX_RECEIVER {
        return None;
    }
    let written = compact_expression(before);
    let written = written.strip_suffix(spec.separator).unwrap_or(&written);
    (!written.is_empty()).then(|| written.to_owned())
}

/// [`compact`], with the language's member operators rewritten to `.`.
fn member_path(node: Node<'_>, spec: &Spec, bytes: &[u8]) -> Option<String> {
    compact(node, bytes).map(|c| dotted(&c, spec.member_operators))
}

/// Rewrites each of `operators` (PHP's `->`, `::`, `\`; longest first) to
/// `.`; one with no operand before it (`\App\Cart`, `new \Cart()`)
/// anchors at the root and is dropped.
fn dotted(text: &str, operators: &[&str]) -> String {
    if operators.is_empty() {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if let Some(op) = operators.iter().find(|op| rest.starts_with(**op)) {
            let after_operand = out.chars().last().is_some_and(|last| {
                last.is_alphanumeric() || matches!(last, '_' | '$' | ')' | ']' | '}')
            });
            if after_operand {
                out.push('.');
            }
            rest = &rest[op.len()..];
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// Folds whitespace in an expression, keeping one space only between two
/// word characters (a name's `\` counts as one: `new \App\Cart()`).
pub fn compact_expression(raw: &str) -> String {
    let is_word = |c: char| c.is_alphanumeric() || matches!(c, '_' | '$' | '\\');
    let mut out = String::with_capacity(raw.len());
    let mut pending_space = false;
    for c in raw.chars() {
        if c.is_whitespace() {
            pending_space = true;
            continue;
        }
        if pending_space && out.chars().last().is_some_and(is_word) && is_word(c) {
            out.push(' ');
        }
        pending_space = false;
        out.push(c);
    }
    out
}

/// Cuts `text` to at most `max` bytes at a character boundary, marking the cut.
fn truncate(mut text: String, max: usize) -> String {
    if text.len() > max {
        let mut end = max;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        text.truncate(end);
        text.push('…');
    }
    text
}

/// Which list [`arity`] counts.
#[derive(Clone, Copy, PartialEq)]
enum List {
    /// A call's arguments (field `arguments`).
    Arguments,
    /// A callable definition's parameters (field `parameters`).
    Parameters,
}

/// How many items a call's argument list or a definition's parameter list
/// holds, comments left out: the list in its field, or the list child of a
/// grammar without such fields (Kotlin's `value_arguments`, Swift's
/// `call_suffix`), a trailing lambda counted as an argument. `None` when
/// there is no list, or when a variadic item or a parameter's default value
/// makes the count open. `shapes` says which of these the grammar has.
fn arity(node: Node<'_>, of: List, shapes: ListShapes) -> Option<u32> {
    let field = match of {
        List::Arguments => shapes.arguments,
        List::Parameters => shapes.parameters,
    };
    let count = match of {
        List::Arguments if shapes.trailing => trailing_arguments(node),
        List::Arguments | List::Parameters => 0,
    };
    let list = field
        .and_then(|field| node.child_by_field_id(field.get()))
        .or_else(|| {
            if !shapes.list_children {
                return None;
            }
            let mut cursor = node.walk();
            node.named_children(&mut cursor)
                .find(|child| LIST_KINDS.contains(&child.kind()))
        });
    let Some(list) = list else {
        let swift = match of {
            List::Arguments if !shapes.call_suffix => None,
            List::Arguments | List::Parameters => swift_arity(node, of),
        };
        if let Some(swift) = swift {
            return swift;
        }
        return (count > 0).then_some(count);
    };
    // A default value is written `= value` inside the parameter, or after
    // it in the list (Kotlin).
    let is_default = |n: Node<'_>| of == List::Parameters && !n.is_named() && n.kind() == "=";
    let mut count = count;
    let mut cursor = list.walk();
    let mut inner = list.walk();
    for item in list.children(&mut cursor) {
        let kind = item.kind();
        if is_default(item) || (!item.is_named() && VARIADIC_TOKENS.contains(&kind)) {
            return None;
        }
        if !item.is_named() || kind.contains("comment") {
            continue;
        }
        if MODIFIER_KINDS.contains(&kind) {
            if has_token(item, VARIADIC_TOKENS) {
                return None;
            }
            continue;
        }
        if VARIADIC_KINDS.contains(&kind)
            || (item.child_count() > 0
                && item
                    .children(&mut inner)
                    .any(|c| VARIADIC_KINDS.contains(&c.kind()) || is_default(c)))
        {
            return None;
        }
        count += 1;
    }
    Some(count)
}

/// Swift's counts, for a node with no list field: a call keeps its
/// arguments in a `call_suffix` (`value_arguments` and a trailing closure),
/// a declaration its parameters among its own children after its `(`.
/// `None` when the node has neither; `Some(None)` when a variadic
/// parameter makes the count open.
fn swift_arity(node: Node<'_>, of: List) -> Option<Option<u32>> {
    let mut cursor = node.walk();
    match of {
        List::Arguments => {
            let suffix = node
                .named_children(&mut cursor)
                .find(|c| c.kind() == "call_suffix")?;
            let mut inner = suffix.walk();
            let count = suffix
                .named_children(&mut inner)
                .map(|item| match item.kind() {
                    "value_arguments" => item.named_child_count() as u32,
                    _ => 1,
                })
                .sum();
            Some(Some(count))
        }
        List::Parameters => {
            if !node.children(&mut cursor).any(|c| c.kind() == "(") {
                return None;
            }
            let mut count = 0;
            for item in node.named_children(&mut cursor) {
                if VARIADIC_KINDS.contains(&item.kind()) {
                    return Some(None);
                }
                if item.kind() == "parameter" {
                    count += 1;
                }
            }
            Some(Some(count))
        }
    }
}

/// The shapes of argument and parameter lists a grammar has, looked up
/// once per file for [`arity`]: a list kind the grammar lacks needs no
/// search, and a field is read by id rather than by name.
#[derive(Clone, Copy)]
struct ListShapes {
    /// The `arguments` field.
    arguments: Option<NonZeroU16>,
    /// The `parameters` field.
    parameters: Option<NonZeroU16>,
    /// A kind of [`TRAILING_ARGUMENT_KINDS`]: without one no call has
    /// trailing arguments, and counting them need not climb the tree.
    trailing: bool,
    /// A kind of [`LIST_KINDS`].
    list_children: bool,
    /// Swift's `call_suffix` (see [`swift_arity`]).
    call_suffix: bool,
}

impl ListShapes {
    /// The shapes of the grammar of `tree`.
    fn of(tree: &Tree) -> Self {
        let grammar = tree.language();
        let has_any = |kinds: &[&str]| {
            kinds
                .iter()
                .any(|kind| grammar.id_for_node_kind(kind, true) != 0)
        };
        ListShapes {
            arguments: grammar.field_id_for_name("arguments"),
            parameters: grammar.field_id_for_name("parameters"),
            trailing: has_any(TRAILING_ARGUMENT_KINDS),
            list_children: has_any(LIST_KINDS),
            call_suffix: has_any(&["call_suffix"]),
        }
    }
}

/// How many trailing lambdas follow a call's argument list: children of
/// the call, or of the calls wrapping it (Kotlin parses `g(1) { … }` as
/// the lambda applied to `g(1)`).
fn trailing_arguments(call: Node<'_>) -> u32 {
    let mut count = 0;
    let mut current = Some(call);
    while let Some(node) = current {
        let mut cursor = node.walk();
        count += node
            .named_children(&mut cursor)
            .filter(|child| TRAILING_ARGUMENT_KINDS.contains(&child.kind()))
            .count() as u32;
        current = node.parent().filter(|parent| {
            parent.kind() == node.kind()
                && parent.named_child(0) == Some(node)
                && parent.child_by_field_name("arguments").is_none()
                && !{
                    let mut cursor = parent.walk();
                    parent
                        .named_children(&mut cursor)
                        .any(|child| LIST_KINDS.contains(&child.kind()))
                }
        });
    }
    count
}

/// Whether `node` or a node below it is one of the anonymous `tokens`.
fn has_token(node: Node<'_>, tokens: &[&str]) -> bool {
    let mut cursor = node.walk();
    let mut stack = vec![node];
    while let Some(current) = stack.pop() {
        if !current.is_named() && tokens.contains(&current.kind()) {
            return true;
        }
        stack.extend(current.children(&mut cursor));
    }
    false
}

/// Node kinds of a variadic parameter or a spread argument, in the grammars
/// plumb reads (from their `node-types.json`); a list item wrapping one
/// (Kotlin's `value_argument` around `*xs`) is one too.
const VARIADIC_KINDS: &[&str] = &[
    "spread_parameter",
    "spread_element",
    "spread_expression",
    "variadic_parameter",
    "list_splat",
    "dictionary_splat",
    "list_splat_pattern",
    "dictionary_splat_pattern",
    "rest_pattern",
];

/// Keywords that make a parameter variadic where the grammar has no node
/// kind for it: C#'s `params` (written in the parameter list) and Kotlin's
/// `vararg` (in the parameter's modifiers). From the grammars' `node-types.json`.
const VARIADIC_TOKENS: &[&str] = &["params", "vararg"];

/// Argument or parameter lists of grammars that keep them in no field
/// (Kotlin's, from its `node-types.json`).
const LIST_KINDS: &[&str] = &["value_arguments", "function_value_parameters"];

/// Children of a call after its argument list that are arguments too
/// (Kotlin's trailing lambda, from its `node-types.json`).
const TRAILING_ARGUMENT_KINDS: &[&str] = &["annotated_lambda"];

/// Items of a parameter list that are no parameter but modify the next
/// one (Kotlin's `parameter_modifiers`, from its `node-types.json`).
const MODIFIER_KINDS: &[&str] = &["parameter_modifiers"];

/// The body of a definition: its `body` field, or the body child of a
/// grammar without such a field (Kotlin's, from its `node-types.json`).
fn body(node: Node<'_>) -> Option<Node<'_>> {
    node.child_by_field_name("body").or_else(|| {
        let mut cursor = node.walk();
        node.named_children(&mut cursor)
            .find(|child| BODY_KINDS.contains(&child.kind()))
    })
}

/// Body node kinds of grammars that keep bodies in no field (Kotlin's,
/// from its `node-types.json`).
const BODY_KINDS: &[&str] = &["function_body", "class_body", "enum_class_body"];

/// The declared return type of a callable, where the language keeps it in
/// a field of its own.
fn return_type(node: Node<'_>, kind: SymbolKind, spec: &Spec, bytes: &[u8]) -> Option<String> {
    let field = spec.return_type_field?;
    if !kind.is_callable() {
        return None;
    }
    let mut written = node.child_by_field_name(field)?;
    if written.kind() == "parameter_list" {
        // Several results (Go's `(T, error)`): the first is what a call
        // chain goes on with.
        written = written.named_child(0)?;
        written = written.child_by_field_name("type").unwrap_or(written);
    }
    let folded: String = text(written, bytes).split_whitespace().collect();
    Some(dotted(&folded, spec.member_operators))
}

/// The declaration text before the body, whitespace folded.
fn signature(node: Node<'_>, bytes: &[u8]) -> Option<String> {
    let body = body(node).or_else(|| {
        node.child_by_field_name("value")
            .and_then(|value| value.child_by_field_name("body"))
    });
    let end = body.map_or(node.end_byte(), |b| b.start_byte());
    let raw = std::str::from_utf8(&bytes[node.start_byte()..end]).ok()?;
    let folded = fold_signature(raw);
    (!folded.is_empty()).then_some(folded)
}

/// `raw` with each run of whitespace made one space, without the `:`, `{`
/// and spaces it ends in, cut at [`MAX_SIGNATURE`]. Reading stops once a
/// character that no trimming can take lies past the cut: the rest cannot
/// change the result (a macro's text can run to thousands of lines).
fn fold_signature(raw: &str) -> String {
    let is_trimmed = |b: u8| matches!(b, b':' | b'{' | b' ');
    let mut folded = String::with_capacity(raw.len().min(MAX_SIGNATURE + 1));
    for word in raw.split_whitespace() {
        if !folded.is_empty() {
            folded.push(' ');
        }
        folded.push_str(word);
        if folded
            .as_bytes()
            .iter()
            .skip(MAX_SIGNATURE)
            .any(|&b| !is_trimmed(b))
        {
            break;
        }
    }
    let trimmed = folded.trim_end_matches([':', '{', ' ']).len();
    folded.truncate(trimmed);
    truncate(folded, MAX_SIGNATURE)
}

/// The doc comment or docstring of a definition.
/// `parent` is the definition's parent.
fn doc<'t>(
    node: Node<'t>,
    parent: Option<Node<'t>>,
    spec: &Spec,
    bytes: &[u8],
    lists: &mut ChildLists<'t>,
) -> Option<String> {
    let raw = match spec.doc_style {
        DocStyle::Docstring => {
            let body = node.child_by_field_name("body")?;
            let first = body.named_child(0)?;
            let string = (first.kind() == "expression_statement")
                .then(|| first.named_child(0))
                .flatten()
                .filter(|s| s.kind() == "string")?;
            let content = text(string, bytes)
                .trim_start_matches(|c: char| c.is_ascii_alphabetic())
                .trim_matches(|c| c == '"' || c == '\'');
            content.trim().to_owned()
        }
        DocStyle::PrecedingComments(markers) => {
            let (mut anchor, mut anchor_parent) = (node, parent);
            while let Some(parent) = anchor_parent {
                if DOC_ANCHOR_PARENTS.contains(&parent.kind()) {
                    anchor = parent;
                    anchor_parent = parent.parent();
                } else {
                    break;
                }
            }
            let mut lines = Vec::new();
            for sibling in lists.siblings_before(anchor, anchor_parent, Siblings::All) {
                if spec.attribute_kinds.contains(&sibling.kind()) {
                    continue;
                }
                if !spec.comment_kinds.contains(&sibling.kind()) {
                    break;
                }
                let comment = text(sibling, bytes);
                if !markers.iter().any(|m| comment.starts_with(m)) {
                    break;
                }
                lines.push(strip_comment_markers(comment));
            }
            lines.reverse();
            lines.join("\n").trim().to_owned()
        }
    };
    (!raw.is_empty()).then(|| truncate(raw, MAX_DOC))
}

fn strip_comment_markers(comment: &str) -> String {
    comment
        .trim_end_matches("*/")
        .lines()
        .map(|line| {
            line.trim()
                .trim_start_matches("///")
                .trim_start_matches("//")
                .trim_start_matches("/**")
                .trim_start_matches('*')
                .trim()
        })
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

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
mod tests {
    use super::*;

    fn facts(language: Language, code: &str) -> FileFacts {
        let mut parser = plumb_lang::tree_sitter::Parser::new();
        parser.set_language(&language.grammar()).unwrap();
        let tree = parser.parse(code, None).unwrap();
        extract(language, &tree, &[], code).unwrap()
    }

    fn defs(facts: &FileFacts) -> Vec<String> {
        facts
            .defs
            .iter()
            .map(|d| {
                let parent = match d.container {
                    Container::Def(p) => facts.defs[p].name.to_string(),
                    Container::Impl(i) => format!("impl {}", facts.impls[i].self_type),
                    Container::File => "-".into(),
                };
                format!(
                    "{} {} {}-{} in {}",
                    d.kind, d.name, d.start_line, d.end_line, parent
                )
            })
            .collect()
    }

    #[test]
    fn a_signature_folds_as_if_the_whole_text_were_read() {
        // What folding the whole text and then cutting it gives.
        let whole = |raw: &str| {
            let folded = raw.split_whitespace().collect::<Vec<_>>().join(" ");
            truncate(
                folded.trim_end_matches([':', '{', ' ']).to_owned(),
                MAX_SIGNATURE,
            )
        };
        let long = "x".repeat(MAX_SIGNATURE - 3);
        for raw in [
            "fn  f(a: i32)\n  -> i32 {".to_owned(),
            "#define  M(a)  \\\n  do { a; } while (0)".to_owned(),
            format!("{long}  ab\n{}", "cd ".repeat(1000)),
            format!("{long} {{ {{ {{ : : {{"),
            format!("{long} {{ {{ {{ : : {{ z"),
            format!("{long}é   ü ö {}", "ä".repeat(500)),
            format!("{long}\t\t{}", "{ ".repeat(400)),
            "   ".to_owned(),
        ] {
            assert_eq!(fold_signature(&raw), whole(&raw), "{raw:?}");
        }
    }

    #[test]
    fn specs_use_only_contract_captures() {
        for language in Language::ALL {
            let patterns = language.patterns().unwrap_or_else(|e| panic!("{e}"));
            if let Err(err) = roles(language, patterns) {
                panic!("{err}");
            }
        }
    }

    #[test]
    fn python_definitions_nest_and_keep_decorators() {
        let f = facts(
            Language::Python,
            "import os\n\nclass Cart(Base):\n    \"\"\"A cart.\"\"\"\n    size = 3\n\n    @property\n    def total(self) -> int:\n        return self.helper()\n\ndef total():\n    c = Cart()\n    return c.total\n",
        );
        assert_eq!(
            defs(&f),
            vec![
                "class Cart 3-9 in -",
                "field size 5-5 in Cart",
                "method total 7-9 in Cart",
                "function total 11-13 in -",
            ]
        );
        assert_eq!(f.docs.get(0), Some("A cart."));
        assert_eq!(f.defs[0].signature.as_deref(), Some("class Cart(Base)"));
        assert_eq!(
            f.defs[2].signature.as_deref(),
            Some("def total(self) -> int")
        );
        let refs: Vec<_> = f
            .refs
            .iter()
            .map(|r| format!("{} {} {:?} {:?}", r.kind, r.name, r.receiver, r.container))
            .collect();
        assert_eq!(
            refs,
            vec![
                "inherit Base None Def(0)",
                "read property None Def(2)",
                "type int None Def(2)",
                "read self None Def(2)",
                "call helper Some(\"self\") Def(2)",
                "call Cart None Def(3)",
                "read c None Def(3)",
                "read total Some(\"c\") Def(3)",
            ]
        );
        let bindings: Vec<_> = f
            .bindings
            .iter()
            .map(|b| (b.name.as_str(), b.type_text.as_str(), b.from_value, b.scope))
            .collect();
        assert_eq!(
            bindings,
            vec![
                ("size", "3", true, Container::Def(0)),
                ("c", "Cart()", true, Container::Def(3))
            ]
        );
    }

    #[test]
    fn rust_pattern_names_take_the_field_they_match() {
        let f = facts(
            Language::Rust,
            "enum Value { Null, Number(Number), Pair(u8, Caps) }\nstruct Meters(pub f64);\nstruct It { re: u8 }\nfn f(v: Value, it: It, m: Meters) {\n    match v { Value::Number(n) => n.g(), Value::Pair(_, c) => c.g(), Some(s) => s.g(), _ => {} }\n    let It { ref mut re } = it;\n    let It { re: r } = it;\n    let Meters(x) = m;\n    if let Value::Pair(a, ..) = v {}\n}\n",
        );
        let bindings: Vec<_> = f
            .bindings
            .iter()
            .filter(|b| b.field.is_some() || b.name.starts_with("self."))
            .map(|b| format!("{} {} {:?} {:?}", b.name, b.type_text, b.field, b.scope))
            .collect();
        assert_eq!(
            bindings,
            vec![
                "self.0 Number None Def(2)",
                "self.0 u8 None Def(3)",
                "self.1 Caps None Def(3)",
                "self.0 f64 None Def(4)",
                "self.re u8 None Def(5)",
                "n Value::Number Some(\"0\") Def(7)",
                "c Value::Pair Some(\"1\") Def(7)",
                "re It Some(\"re\") Def(7)",
                "r It Some(\"re\") Def(7)",
                "x Meters Some(\"0\") Def(7)",
                "a Value::Pair Some(\"0\") Def(7)",
            ]
        );
    }

    #[test]
    fn rust_impl_members_belong_to_the_impl() {
        let f = facts(
            Language::Rust,
            "/// A shape.\npub trait Shape: Named { fn area(&self) -> f64; }\n#[derive(Debug)]\npub struct Circle { r: f64 }\nimpl Shape for Circle {\n    fn area(&self) -> f64 { helper(self.r) }\n}\nfn helper(x: f64) -> f64 { let c = Circle::new(); x }\n",
        );
        assert_eq!(
            defs(&f),
            vec![
                "trait Shape 2-2 in -",
                "method area 2-2 in Shape",
                "struct Circle 3-4 in -",
                "field r 4-4 in Circle",
                "method area 6-6 in impl Circle",
                "function helper 8-8 in -",
            ]
        );
        assert_eq!(f.docs.get(0), Some("A shape."));
        assert!(f.defs[0].exported && f.defs[4].exported && !f.defs[5].exported);
        let refs: Vec<_> = f
            .refs
            .iter()
            .map(|r| format!("{} {} {:?}", r.kind, r.name, r.path))
            .collect();
        assert!(refs.contains(&"inherit Named None".to_owned()), "{refs:?}");
        assert!(
            refs.contains(&"implement Shape None".to_owned()),
            "{refs:?}"
        );
        assert!(
            refs.contains(&"call new Some(\"Circle\")".to_owned()),
            "{refs:?}"
        );
        let bindings: Vec<_> = f
            .bindings
            .iter()
            .map(|b| (b.name.as_str(), b.type_text.as_str()))
            .collect();
        assert_eq!(
            bindings,
            vec![("self.r", "f64"), ("x", "f64"), ("c", "Circle::new()")]
        );
    }

    #[test]
    fn typescript_members_exports_and_fields() {
        let f = facts(
            Language::TypeScript,
            "/** Round thing. */\nexport class Circle extends Shape implements Named {\n  private cache: Cache = new Cache();\n  area(): number { return this.cache.get(); }\n}\nexport const make = () => new Circle();\nconst hidden = 1;\n",
        );
        assert_eq!(
            defs(&f),
            vec![
                "class Circle 2-5 in -",
                "field cache 3-3 in Circle",
                "method area 4-4 in Circle",
                "function make 6-6 in -",
                "constant hidden 7-7 in -",
            ]
        );
        assert_eq!(f.docs.get(0), Some("Round thing."));
        assert!(
            f.defs[0].exported && !f.defs[1].exported && f.defs[3].exported && !f.defs[4].exported
        );
        let bindings: Vec<_> = f
            .bindings
            .iter()
            .map(|b| (b.name.as_str(), b.type_text.as_str(), b.scope))
            .collect();
        assert!(
            bindings.contains(&("this.cache", "Cache", Container::Def(0))),
            "{bindings:?}"
        );
    }

    #[test]
    fn go_methods_belong_to_their_receiver_type() {
        let f = facts(
            Language::Go,
            "package model\n\n// Circle is round.\ntype Circle struct {\n\tBase\n\tradius float64\n}\n\nfunc (c *Circle) Area() float64 { return c.radius }\n\nfunc Parse(s string) (*Circle, error) { return nil, nil }\n\nfunc use() {\n\tx, err := Parse(\"1\")\n\tvar y Circle\n\tz := &Circle{}\n\tvar w = &Circle{}\n}\n",
        );
        assert_eq!(
            defs(&f),
            vec![
                "struct Circle 4-7 in -",
                "field radius 6-6 in Circle",
                "method Area 9-9 in impl Circle",
                "function Parse 11-11 in -",
                "function use 13-18 in -",
            ]
        );
        assert_eq!(f.docs.get(0), Some("Circle is round."));
        assert!(f.defs[0].exported && !f.defs[1].exported && !f.defs[4].exported);
        assert_eq!(f.defs[3].return_type.as_deref(), Some("*Circle"));
        let bindings: Vec<_> = f
            .bindings
            .iter()
            .map(|b| (b.name.as_str(), b.type_text.as_str(), b.from_value))
            .collect();
        assert_eq!(
            bindings,
            vec![
                ("self.radius", "float64", false),
                ("c", "Circle", false),
                ("s", "string", false),
                ("x", "Parse(\"1\")", true),
                ("y", "Circle", false),
                ("z", "Circle", false),
                ("w", "Circle", false),
            ]
        );
        assert!(
            f.refs
                .iter()
                .any(|r| r.kind == OccurrenceKind::Inherit && r.name == "Base"),
            "{:?}",
            f.refs
        );
    }

    #[test]
    fn calls_inside_rust_macro_arguments_are_found() {
        let f = facts(
            Language::Rust,
            "fn d(&self) -> String { format!(\"{}\", self.area()) }\nfn main() { println!(\"{} {}\", print_area(&sq), round_area()); assert!(matches!(x, Foo(1))); let v = vec![Circle::new(1.0), a.b(2)]; }\n",
        );
        let calls: Vec<_> = f
            .refs
            .iter()
            .filter(|r| r.kind == OccurrenceKind::Call)
            .map(|r| format!("{} {:?} {:?}", r.name, r.receiver, r.path))
            .collect();
        assert_eq!(
            calls,
            vec![
                "format None None",
                "area Some(\"self\") None",
                "println None None",
                "print_area None None",
                "round_area None None",
                "assert None None",
                "matches None None",
                "Foo None None",
                "vec None None",
                "new None Some(\"Circle\")",
                "b Some(\"a\") None",
            ]
        );
    }

    #[test]
    fn macro_rules_bodies_hold_no_references() {
        let f = facts(
            Language::Rust,
            "macro_rules! make { ($t:ty) => { impl From<$t> for Number { fn from(n: $t) -> Self { helper(n) } } }; }\nfn helper(x: u8) -> u8 { x }\nfn run() { helper(1); }\n",
        );
        let named: Vec<_> = f
            .refs
            .iter()
            .filter(|r| r.name == "helper" || r.name == "Number")
            .map(|r| r.line)
            .collect();
        assert_eq!(named, vec![3]);
    }

    #[test]
    fn cpp_out_of_line_members_and_scoped_calls() {
        let f = facts(
            Language::Cpp,
            "namespace geo {\nclass Circle : public Shape { double area() const; };\ndouble Circle::area() const { return a::b::f(this->r); }\n}\ngeo::Circle::Circle() {}\n",
        );
        assert_eq!(
            defs(&f),
            vec![
                "module geo 1-4 in -",
                "class Circle 2-2 in geo",
                "method area 2-2 in Circle",
                "method area 3-3 in impl Circle",
                "method Circle 5-5 in impl geo::Circle",
            ]
        );
        let refs: Vec<_> = f
            .refs
            .iter()
            .map(|r| format!("{} {} {:?} {:?}", r.kind, r.name, r.receiver, r.path))
            .collect();
        assert_eq!(
            refs,
            vec![
                "inherit Shape None None",
                "type Circle None None",
                "call f None Some(\"a::b\")",
                "read r Some(\"this\") None",
                "type geo None None",
            ]
        );
    }

    #[test]
    fn swift_extensions_add_members_and_calls_count_arguments() {
        let f = facts(
            Language::Swift,
            "struct Cart {\n    private var n: Int = 0\n    func add(_ x: Int, count: Int) {}\n}\nextension Cart: Priced {\n    func price() -> Cart { add(1, count: 2); return self }\n}\nfunc broken( {\n",
        );
        assert_eq!(
            defs(&f)[..4],
            [
                "struct Cart 1-4 in -",
                "field n 2-2 in Cart",
                "method add 3-3 in Cart",
                "method price 6-6 in impl Cart",
            ]
        );
        assert!(f.syntax_errors > 0);
        assert!(!f.defs[1].exported && f.defs[2].exported);
        assert_eq!(f.defs[2].parameters, Some(2));
        assert_eq!(f.defs[3].return_type.as_deref(), Some("Cart"));
        let add = f.refs.iter().find(|r| r.name == "add").unwrap();
        assert_eq!((add.kind, add.arguments), (OccurrenceKind::Call, Some(2)));
        assert!(
            f.refs
                .iter()
                .any(|r| r.kind == OccurrenceKind::Inherit && r.name == "Priced"),
            "{:?}",
            f.refs
        );
    }

    #[test]
    fn kotlin_companions_join_their_class_and_extensions_their_receiver() {
        let f = facts(
            Language::Kotlin,
            "package shop\n\n/** A cart. */\nclass Cart(val owner: String, size: Int) : Base(), Priced {\n    val items: List<Shape> = listOf()\n    fun add(item: Shape) {}\n    companion object {\n        fun empty(): Cart = Cart(\"x\")\n    }\n}\nfun Cart.summary(): String = owner\ninterface Priced\nenum class Finish { MATTE }\n",
        );
        assert_eq!(
            defs(&f),
            vec![
                "class Cart 4-10 in -",
                "field owner 4-4 in Cart",
                "field items 5-5 in Cart",
                "method add 6-6 in Cart",
                "method empty 8-8 in Cart",
                "method summary 11-11 in impl Cart",
                "interface Priced 12-12 in -",
                "enum Finish 13-13 in -",
                "variant MATTE 13-13 in Finish",
            ]
        );
        assert_eq!(f.docs.get(0), Some("A cart."));
        assert_eq!(
            f.defs[0].signature.as_deref(),
            Some("class Cart(val owner: String, size: Int) : Base(), Priced")
        );
        assert_eq!(
            f.defs[4].signature.as_deref(),
            Some("fun empty(): Cart"),
            "the signature stops before an expression body"
        );
        let bases: Vec<_> = f
            .refs
            .iter()
            .filter(|r| matches!(r.kind, OccurrenceKind::Inherit | OccurrenceKind::Implement))
            .map(|r| format!("{} {}", r.kind, r.name))
            .collect();
        assert_eq!(bases, vec!["inherit Base", "implement Priced"]);
        let bindings: Vec<_> = f
            .bindings
            .iter()
            .map(|b| (b.name.as_str(), b.type_text.as_str(), b.from_value))
            .collect();
        assert_eq!(
            bindings,
            vec![
                ("this.owner", "String", false),
                ("this.items", "List", false),
                ("item", "Shape", false),
            ]
        );
        assert_eq!(f.package.as_deref(), Some("shop"));
    }

    #[test]
    fn csharp_namespaces_hold_types_and_properties_are_fields() {
        let f = facts(
            Language::CSharp,
            "using Shop.Model;\nnamespace Shop.App\n{\n    /// <summary>A cart.</summary>\n    public partial class Cart : Base, IPriced\n    {\n        private Circle featured = new Circle();\n        public Shape Main { get; set; }\n        public Cart(int x) { }\n        public Cart Add(Shape item) { return this; }\n    }\n    public record Receipt(string Owner);\n}\n",
        );
        assert_eq!(
            defs(&f),
            vec![
                "class Cart 5-11 in -",
                "field featured 7-7 in Cart",
                "field Main 8-8 in Cart",
                "method Cart 9-9 in Cart",
                "method Add 10-10 in Cart",
                "class Receipt 12-12 in -",
                "field Owner 12-12 in Receipt",
            ]
        );
        assert_eq!(f.docs.get(0), Some("<summary>A cart.</summary>"));
        assert_eq!(f.defs[4].return_type.as_deref(), Some("Cart"));
        assert!(f.defs[0].exported && !f.defs[1].exported && f.defs[2].exported);
        let refs: Vec<_> = f
            .refs
            .iter()
            .map(|r| format!("{} {} {:?}", r.kind, r.name, r.path))
            .collect();
        assert!(refs.contains(&"inherit Base None".to_owned()), "{refs:?}");
        assert!(
            refs.contains(&"implement IPriced None".to_owned()),
            "{refs:?}"
        );
        assert!(
            !refs
                .iter()
                .any(|r| r.contains("Model") || r.contains("App")),
            "names in usings and namespaces are no references: {refs:?}"
        );
        assert_eq!(f.package.as_deref(), Some("Shop.App"));
        assert_eq!(f.imports.len(), 1);
    }

    #[test]
    fn defaults_and_variadics_leave_the_arity_open() {
        let parameters = |language: Language, code: &str| -> Vec<Option<u32>> {
            facts(language, code)
                .defs
                .iter()
                .map(|d| d.parameters)
                .collect()
        };
        assert_eq!(
            parameters(
                Language::Kotlin,
                "fun a(x: Int, y: Int) {}\nfun b(x: Int, y: Int = 1) {}\nfun c(vararg x: Int) {}\n"
            ),
            vec![Some(2), None, None]
        );
        assert_eq!(
            parameters(
                Language::CSharp,
                "class A {\n  void A1(int x, string y) {}\n  void B(int x, int y = 1) {}\n  void C(params int[] x) {}\n}\n"
            ),
            vec![None, Some(2), None, None]
        );
        let arguments = |language: Language, code: &str| -> Vec<(String, Option<u32>)> {
            facts(language, code)
                .refs
                .iter()
                .filter(|r| r.kind == OccurrenceKind::Call)
                .map(|r| (r.name.clone(), r.arguments))
                .collect()
        };
        assert_eq!(
            arguments(
                Language::Kotlin,
                "fun main() {\n  f(1, y = 2)\n  g(1) { it }\n  h { it }\n  k(*xs)\n}\n"
            ),
            vec![
                ("f".to_owned(), Some(2)),
                ("g".to_owned(), Some(2)),
                ("h".to_owned(), Some(1)),
                ("k".to_owned(), None),
            ]
        );
    }

    #[test]
    fn go_with_syntax_errors_still_extracts() {
        let f = facts(
            Language::Go,
            "package x\n\nfunc good() {}\n\nfunc (c *T) bad( {\n\ntype T struct { a int\n",
        );
        assert!(f.syntax_errors > 0);
        assert!(f.defs.iter().any(|d| &*d.name == "good"));
    }

    #[test]
    fn syntax_errors_are_counted_and_good_code_still_extracted() {
        let f = facts(
            Language::Python,
            "def good():\n    pass\n\ndef bad(:\n    pass\n",
        );
        assert!(f.syntax_errors > 0);
        assert!(f.defs.iter().any(|d| &*d.name == "good"));
    }

    #[test]
    fn member_operators_are_read_as_dots() {
        let php = ["?->", "->", "::", "\\"];
        assert_eq!(dotted("$this->cart?->items", &php), "$this.cart.items");
        assert_eq!(dotted("new \\App\\Cart()", &php), "new App.Cart()");
        assert_eq!(dotted("Cart::make()->total", &php), "Cart.make().total");
        assert_eq!(dotted("a::b", &[]), "a::b");
    }

    #[test]
    fn php_receivers_bindings_and_types_use_dots() {
        let f = facts(
            Language::Php,
            "<?php\nnamespace App;\nclass Cart {\n  private ?Item $item;\n  public function run(\\App\\Order $o): static {\n    $this->item->price();\n    $c = new \\App\\Cart();\n    return parent::run($o);\n  }\n}\n",
        );
        assert_eq!(
            defs(&f),
            vec![
                "class Cart 3-10 in -",
                "field item 4-4 in Cart",
                "method run 5-9 in Cart"
            ]
        );
        assert_eq!(f.defs[2].return_type.as_deref(), Some("static"));
        let calls: Vec<_> = f
            .refs
            .iter()
            .filter(|r| r.kind == OccurrenceKind::Call)
            .map(|r| format!("{} {:?}", r.name, r.receiver))
            .collect();
        assert_eq!(
            calls,
            vec!["price Some(\"$this.item\")", "run Some(\"parent\")"]
        );
        let bindings: Vec<_> = f
            .bindings
            .iter()
            .map(|b| (b.name.as_str(), b.type_text.as_str()))
            .collect();
        assert_eq!(
            bindings,
            vec![
                ("$this.item", "Item"),
                ("$o", "App.Order"),
                ("$c", "new App.Cart()")
            ]
        );
        assert_eq!(f.package.as_deref(), Some("App"));
    }
}
