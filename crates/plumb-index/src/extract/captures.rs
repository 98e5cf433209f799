//! The first two phases of extraction: every match of the language's query
//! over the file's tree (and its macro-argument trees) read by capture
//! name into raw definitions, impl blocks, references, bindings, locals,
//! callback parameters and templates; then one definition and one
//! reference kept per name node.

use std::collections::HashSet;
use std::ops::Range;

use plumb_lang::tree_sitter::Node;
use plumb_lang::{Ancestry, Language, Patterns};
use plumb_store::model::{OccurrenceKind, SymbolKind};

use super::SpecError;

/// What a capture name means to the extractor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Role {
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
    BindingUnpack,
    BindingReturn,
    BindingIndexed,
    Local,
    Template,
    CallbackParam,
    Skip,
    LocalDefinition,
    Overload,
    Accessor,
    OuterScope,
    Name,
    Receiver,
    Path,
    Ignored,
}

/// The role of each of the query's capture names, in capture order; an
/// error for a name outside the contract.
pub(super) fn roles(language: Language, patterns: &Patterns) -> Result<Vec<Role>, SpecError> {
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
                "binding.unpack" => Some(Role::BindingUnpack),
                "binding.return" => Some(Role::BindingReturn),
                "binding.indexed" => Some(Role::BindingIndexed),
                "local" => Some(Role::Local),
                "template" => Some(Role::Template),
                "callback.param" => Some(Role::CallbackParam),
                "skip" => Some(Role::Skip),
                "local.definition" => Some(Role::LocalDefinition),
                "overload" => Some(Role::Overload),
                "accessor" => Some(Role::Accessor),
                "scope.outer" => Some(Role::OuterScope),
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

/// A definition as captured: its node, name node and kind.
pub(super) struct RawDef<'t> {
    /// The query pattern that matched it (earlier patterns win).
    pub(super) pattern: usize,
    /// Where the name starts: the key definitions are sorted and told apart by.
    pub(super) at: usize,
    pub(super) node: Node<'t>,
    pub(super) name: Node<'t>,
    pub(super) kind: SymbolKind,
    /// Local to the enclosing definition (`@local.definition`): dropped
    /// once locals are known, its code left to the enclosing definition.
    pub(super) local: bool,
    /// A signature that joins the same-named definition after it
    /// (`@overload`).
    pub(super) overload: bool,
    /// The first overload signature of the group this definition ends:
    /// where its span starts (set by `definitions::join_overloads`).
    pub(super) lead: Option<Node<'t>>,
    /// A property's setter or deleter (`@accessor`): joins the
    /// same-named definition before it.
    pub(super) accessor: bool,
    /// The last accessor joined to this definition: where its span ends
    /// (set by `definitions::join_accessors`).
    pub(super) tail: Option<Node<'t>>,
}

/// A reference as captured, or a name a `@skip` pattern silences.
pub(super) struct RawRef<'t> {
    /// The query pattern that matched it (earlier patterns win).
    pub(super) pattern: usize,
    /// Where the name starts: the key references are sorted and told apart by.
    pub(super) at: usize,
    pub(super) name: Node<'t>,
    /// `None` for a `@skip` pattern: the name is no reference.
    pub(super) kind: Option<OccurrenceKind>,
    pub(super) receiver: Option<Node<'t>>,
    pub(super) path: Option<Node<'t>>,
    /// The whole reference, whose argument list (if any) is counted;
    /// `None` for a `@skip` pattern.
    pub(super) site: Option<Node<'t>>,
    /// Looked up in the scope around its container (`@scope.outer`).
    pub(super) outer_scope: bool,
}

/// A binding as captured: a name that gets a type.
pub(super) struct RawBinding<'t> {
    /// The whole declaration.
    pub(super) node: Node<'t>,
    /// The bound name (or the positional field's type).
    pub(super) name: Node<'t>,
    /// The name is a member of the enclosing type.
    pub(super) is_field: bool,
    /// The annotation, or the initializer when `from_value`.
    pub(super) type_node: Node<'t>,
    /// The type is inferred from an initializer.
    pub(super) from_value: bool,
    /// The name takes an element of the initializer (`for x in xs`).
    pub(super) element: bool,
    /// `type_node` is a pattern's type: the name takes one of its fields.
    pub(super) pattern: bool,
    /// A positional field (`struct Meters(f64)`): bound by its position.
    pub(super) position: bool,
    /// The name is one of a tuple of targets (`a, b = f()`): it takes the
    /// member of the initializer's tuple at its position.
    pub(super) unpack: bool,
    /// The name is a function's, and `type_node` what it returns: bound
    /// as `name()`, the type a call of it has.
    pub(super) returns: bool,
    /// The name is a pointer to the annotated type, or an array of it:
    /// its elements (`p[i]`) have that type.
    pub(super) indexed: bool,
}

/// An impl block as captured: its node, the name of the type its members
/// belong to, and the path qualifying that name.
pub(super) struct RawImpl<'t> {
    /// The impl block.
    pub(super) node: Node<'t>,
    /// The type's name.
    pub(super) name: Node<'t>,
    /// The `@path` around or before the name, if any.
    pub(super) path: Option<Node<'t>>,
}

/// Everything the query captured in one file.
#[derive(Default)]
pub(super) struct Captured<'t> {
    /// Definitions.
    pub(super) defs: Vec<RawDef<'t>>,
    /// Impl blocks.
    pub(super) impls: Vec<RawImpl<'t>>,
    /// References and silenced names.
    pub(super) refs: Vec<RawRef<'t>>,
    /// Bindings.
    pub(super) bindings: Vec<RawBinding<'t>>,
    /// Names declared local to their function.
    pub(super) locals: Vec<Node<'t>>,
    /// Untyped parameters of functions passed as arguments.
    pub(super) callback_params: Vec<Node<'t>>,
    /// Byte ranges whose contents are templates, not code.
    pub(super) templates: Vec<Range<usize>>,
}

/// The captures of one match, by role.
#[derive(Default)]
struct MatchCaptures<'t> {
    primary: Option<(Role, Node<'t>)>,
    name: Option<Node<'t>>,
    receiver: Option<Node<'t>>,
    path: Option<Node<'t>>,
    binding_name: Option<Node<'t>>,
    binding_type: Option<Node<'t>>,
    is_field: bool,
    from_value: bool,
    element: bool,
    pattern: bool,
    position: bool,
    unpack: bool,
    returns: bool,
    indexed: bool,
    local: bool,
    overload: bool,
    accessor: bool,
    outer_scope: bool,
}

impl<'t> Captured<'t> {
    /// Phase one: every match of `patterns` over the file's tree, then
    /// over the macro-argument trees (the trees of `ancestry`, in that
    /// order), whose text is the file's own at the same positions (their
    /// definitions and impl blocks are not read).
    pub(super) fn collect(
        patterns: &Patterns,
        roles: &[Role],
        ancestry: &Ancestry<'t>,
        bytes: &[u8],
    ) -> Self {
        let mut captured = Captured::default();
        for (t, flat) in ancestry.trees().iter().enumerate() {
            let in_macro = t > 0;
            patterns.for_each_match(flat, bytes, |pattern_index, captures| {
                let mut found = MatchCaptures::default();
                for capture in captures {
                    captured.read_capture(
                        &mut found,
                        roles[capture.index as usize],
                        capture.node,
                        in_macro,
                    );
                }
                captured.push_match(pattern_index, found);
            });
        }
        captured
    }

    /// Reads one capture of a match into `found`, or straight into the
    /// lists that need no other capture.
    fn read_capture(
        &mut self,
        found: &mut MatchCaptures<'t>,
        role: Role,
        node: Node<'t>,
        in_macro: bool,
    ) {
        match role {
            Role::Name => found.name = Some(node),
            Role::Receiver => found.receiver = Some(node),
            Role::Path => found.path = Some(node),
            Role::BindingName => found.binding_name = Some(node),
            Role::BindingField => {
                found.binding_name = Some(node);
                found.is_field = true;
            }
            Role::BindingType => found.binding_type = Some(node),
            Role::BindingValue => {
                found.binding_type = Some(node);
                found.from_value = true;
            }
            Role::BindingElement => {
                found.binding_type = Some(node);
                found.from_value = true;
                found.element = true;
            }
            Role::BindingPattern => {
                found.binding_type = Some(node);
                found.pattern = true;
            }
            Role::BindingPosition => {
                found.binding_name = Some(node);
                found.is_field = true;
                found.position = true;
            }
            Role::BindingUnpack => {
                found.binding_type = Some(node);
                found.from_value = true;
                found.unpack = true;
            }
            Role::BindingReturn => {
                found.binding_type = Some(node);
                found.from_value = true;
                found.returns = true;
            }
            Role::BindingIndexed => found.indexed = true,
            Role::Local => self.locals.push(node),
            Role::CallbackParam => self.callback_params.push(node),
            Role::Template => self.templates.push(node.byte_range()),
            Role::LocalDefinition => found.local = true,
            Role::Overload => found.overload = true,
            Role::Accessor => found.accessor = true,
            Role::OuterScope => found.outer_scope = true,
            Role::Ignored => {}
            Role::Definition(_) | Role::ImplScope if in_macro => {}
            role => found.primary = Some((role, node)),
        }
    }

    /// Records what one match of pattern `pattern` found, by its primary
    /// capture.
    fn push_match(&mut self, pattern: usize, found: MatchCaptures<'t>) {
        let MatchCaptures {
            name,
            receiver,
            path,
            ..
        } = found;
        match found.primary {
            Some((Role::Definition(kind), node)) => {
                // A name the parser had to invent while recovering from
                // an error is no name.
                if let Some(name) = name.filter(|n| !n.is_missing() && !n.byte_range().is_empty()) {
                    self.defs.push(RawDef {
                        pattern,
                        at: name.start_byte(),
                        node,
                        name,
                        kind,
                        local: found.local,
                        overload: found.overload,
                        lead: None,
                        accessor: found.accessor,
                        tail: None,
                    });
                }
            }
            Some((Role::ImplScope, node)) => {
                if let Some(name) = name {
                    self.impls.push(RawImpl { node, name, path });
                }
            }
            Some((Role::Reference(kind), node)) => {
                if let Some(name) = name {
                    self.refs.push(RawRef {
                        pattern,
                        at: name.start_byte(),
                        name,
                        kind: Some(kind),
                        receiver,
                        path,
                        site: Some(node),
                        outer_scope: found.outer_scope,
                    });
                }
            }
            Some((Role::Skip, _)) => {
                if let Some(name) = name {
                    self.refs.push(RawRef {
                        pattern,
                        at: name.start_byte(),
                        name,
                        kind: None,
                        receiver,
                        path,
                        site: None,
                        outer_scope: false,
                    });
                }
            }
            Some((Role::Binding, node)) => {
                if let (Some(name), Some(type_node)) = (found.binding_name, found.binding_type) {
                    self.bindings.push(RawBinding {
                        node,
                        name,
                        is_field: found.is_field,
                        type_node,
                        from_value: found.from_value,
                        element: found.element,
                        pattern: found.pattern,
                        position: found.position,
                        unpack: found.unpack,
                        returns: found.returns,
                        indexed: found.indexed,
                    });
                }
            }
            _ => {}
        }
    }

    /// Phase two: one definition per name node, one reference per name
    /// node — the earliest pattern in the query wins, so specific patterns
    /// come first — and no reference on a definition's name, in a
    /// template, or silenced by `@skip`; one impl block per name node, the
    /// outermost (a template's, around its out-of-line member's).
    pub(super) fn settle(&mut self) {
        self.defs.sort_by_key(|d| (d.at, d.pattern));
        self.defs.dedup_by_key(|d| d.at);
        let def_names: HashSet<usize> = self.defs.iter().map(|d| d.at).collect();
        self.refs.sort_by_key(|r| (r.at, r.pattern));
        self.refs.dedup_by_key(|r| r.at);
        let templates = &self.templates;
        self.refs.retain(|r| {
            let at = r.at;
            r.kind.is_some()
                && !def_names.contains(&at)
                && !templates.iter().any(|range| range.contains(&at))
        });
        self.impls
            .sort_by_key(|raw| (raw.name.start_byte(), raw.node.start_byte()));
        self.impls.dedup_by_key(|raw| raw.name.start_byte());
        self.impls.sort_by_key(|raw| raw.node.start_byte());
        self.impls.dedup_by_key(|raw| raw.node.start_byte());
    }

    /// Records the name of each accessor joined to a property (`def x`
    /// under `@x.setter`) as a write of the property, which it binds
    /// again in the scope around it; the references stay in source order.
    pub(super) fn push_accessor_writes(&mut self, names: Vec<Node<'t>>) {
        if names.is_empty() {
            return;
        }
        for name in names {
            self.refs.push(RawRef {
                pattern: usize::MAX,
                at: name.start_byte(),
                name,
                kind: Some(OccurrenceKind::Write),
                receiver: None,
                path: None,
                site: Some(name),
                outer_scope: true,
            });
        }
        self.refs.sort_by_key(|r| r.at);
    }
}
