//! The per-language hooks: Rust code for what a query cannot say — the
//! imports a file declares, its package, which definitions it exports, the
//! code compiled under a condition, macro arguments made parseable, and
//! the few extraction details one grammar writes its own way (docstrings,
//! the callee of a callback's parameter, the field a pattern binds, counts
//! of lists kept in no field). Each language's [`Hooks`] row lives in its
//! own module and overrides only what it has; everything else is
//! [`Hooks::DEFAULT`]. The [`Language`] methods here are what other crates
//! call.

use tree_sitter::Node;

use crate::ancestry::Ancestry;
use crate::imports::{ConditionalCode, ImportDecl, ModulePath};
use crate::language::Language;
use crate::{c, cpp, csharp, ecma, go, java, kotlin, php, python, ruby, rust, swift};

/// Macro arguments made parseable ([`Language::macro_arguments`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MacroArguments {
    /// A copy of the source, byte for byte the same length, that keeps
    /// only the arguments, each made a statement; every other byte is
    /// blank (line breaks kept).
    pub text: String,
    /// The ranges of `text` to parse (for
    /// `tree_sitter::Parser::set_included_ranges`), sorted and disjoint:
    /// the bytes outside them are blank, so parsing only these ranges
    /// gives the tree parsing all of `text` gives, without reading the
    /// blanks.
    pub ranges: Vec<tree_sitter::Range>,
}

/// What a language's hooks read from the whole of one file
/// ([`Language::file_hooks`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FileHooks {
    /// [`Language::imports`].
    pub imports: Vec<ImportDecl>,
    /// [`Language::conditional_code`].
    pub conditional: Vec<ConditionalCode>,
    /// [`Language::macro_arguments`].
    pub macro_arguments: Option<MacroArguments>,
    /// The module declarations that name their file by a path attribute
    /// (Rust's `#[path = "…"] mod x;`), in source order.
    pub module_paths: Vec<ModulePath>,
}

/// Which list [`Language::unlisted_arity`] counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListKind {
    /// A call's arguments.
    Arguments,
    /// A callable definition's parameters.
    Parameters,
}

/// Where a function passed as an argument sits
/// ([`Language::callback_site`]).
#[derive(Clone, Copy, Debug)]
pub struct CallbackSite<'t> {
    /// The callee of the call the function is an argument of.
    pub callee: Node<'t>,
    /// Whether the call constructs its callee (`new Observable(…)`).
    pub constructed: bool,
    /// The position of the function among the call's arguments.
    pub argument: u32,
    /// The position of the parameter among the function's parameters.
    pub parameter: u32,
}

/// Where an object literal is passed: the call and the argument's position
/// ([`Language::argument_site`]).
#[derive(Clone, Copy, Debug)]
pub struct ArgumentSite<'t> {
    /// The callee of the call the object is an argument of.
    pub callee: Node<'t>,
    /// Whether the call constructs its callee (`new Query({ … })`).
    pub constructed: bool,
    /// The position of the object among the call's arguments.
    pub argument: u32,
}

/// One language's hooks: a table of functions, each with a default for the
/// languages that have nothing to say.
pub(crate) struct Hooks {
    /// Appends the imports declared under the root to `out`.
    pub(crate) imports: fn(Node<'_>, &[u8], &mut Vec<ImportDecl>),
    /// The package the file declares.
    pub(crate) package: fn(Node<'_>, &[u8]) -> Option<String>,
    /// Names the file exports without marking their definitions.
    pub(crate) export_list: fn(Node<'_>, &[u8]) -> Vec<String>,
    /// Whether the definition `node` named `name` is visible outside its
    /// module; parents are looked up in the ancestry.
    pub(crate) is_exported: for<'t> fn(Node<'t>, &str, &[u8], &Ancestry<'t>) -> bool,
    /// Appends the code compiled only under a condition to `out`.
    pub(crate) conditional_code: fn(Node<'_>, &[u8], &mut Vec<ConditionalCode>),
    /// Macro arguments made parseable.
    pub(crate) macro_arguments: fn(Node<'_>, &[u8]) -> Option<MacroArguments>,
    /// The byte ranges of macros that broke a declaration's parse, to
    /// blank ([`Language::attribute_macros`]).
    pub(crate) attribute_macros: fn(Node<'_>) -> Vec<std::ops::Range<usize>>,
    /// All of a file's hooks in one walk of its tree, for a language that
    /// has more than one; `None` calls them one by one.
    pub(crate) file_hooks: Option<fn(Node<'_>, &[u8]) -> FileHooks>,
    /// The docstring of a definition ([`crate::DocStyle::Docstring`]).
    pub(crate) docstring: fn(Node<'_>, &[u8]) -> Option<String>,
    /// Where the function a `@callback.param` belongs to is passed.
    pub(crate) callback_site: for<'t> fn(Node<'t>, &Ancestry<'t>) -> Option<CallbackSite<'t>>,
    /// The call an object literal is an argument of.
    pub(crate) argument_site: for<'t> fn(Node<'t>, &Ancestry<'t>) -> Option<ArgumentSite<'t>>,
    /// The field a name bound by a `@binding.pattern` takes.
    pub(crate) pattern_field: for<'t> fn(Node<'t>, &[u8], &Ancestry<'t>) -> Option<String>,
    /// The count of a list the grammar keeps neither in a field nor in a
    /// child of [`crate::ListSyntax::list_kinds`].
    pub(crate) unlisted_arity: fn(Node<'_>, ListKind) -> Option<Option<u32>>,
    /// The type a receiver is narrowed to where it is read.
    pub(crate) narrowed_receiver:
        for<'t> fn(Node<'t>, &[u8], &Ancestry<'t>) -> Option<NarrowedReceiver>,
}

/// A receiver narrowed by a type test around it
/// ([`Language::narrowed_receiver`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NarrowedReceiver {
    /// The expression tested, as written: the receiver or its head
    /// (`self.type` of `self.type.min`).
    pub subject: String,
    /// The type it is tested to be, as written (`types._NumberRangeBase`).
    pub type_text: String,
}

impl Hooks {
    /// No imports, package, export list, conditional code, macro arguments,
    /// docstrings, callbacks, pattern fields, unlisted lists or narrowed
    /// receivers; every definition exported.
    pub(crate) const DEFAULT: Hooks = Hooks {
        imports: |_, _, _| {},
        package: |_, _| None,
        export_list: |_, _| Vec::new(),
        is_exported: |_, _, _, _| true,
        conditional_code: |_, _, _| {},
        macro_arguments: |_, _| None,
        attribute_macros: |_| Vec::new(),
        file_hooks: None,
        docstring: |_, _| None,
        callback_site: |_, _| None,
        argument_site: |_, _| None,
        pattern_field: |_, _, _| None,
        unlisted_arity: |_, _| None,
        narrowed_receiver: |_, _, _| None,
    };
}

impl Language {
    /// This language's row of hooks.
    fn hooks(self) -> &'static Hooks {
        match self {
            Language::C => &c::HOOKS,
            Language::Cpp => &cpp::HOOKS,
            Language::CSharp => &csharp::HOOKS,
            Language::Go => &go::HOOKS,
            Language::Java => &java::HOOKS,
            Language::JavaScript | Language::Tsx | Language::TypeScript => &ecma::HOOKS,
            Language::Kotlin => &kotlin::HOOKS,
            Language::Php => &php::HOOKS,
            Language::Python => &python::HOOKS,
            Language::Ruby => &ruby::HOOKS,
            Language::Rust => &rust::HOOKS,
            Language::Swift => &swift::HOOKS,
        }
    }

    /// Appends the imports declared in a parsed file to `out`.
    pub fn imports(self, root: Node<'_>, source: &[u8], out: &mut Vec<ImportDecl>) {
        (self.hooks().imports)(root, source, out);
    }

    /// The package (namespace) a file declares, for languages whose module
    /// system is [`crate::ModuleSystem::Packages`]: dotted for
    /// [`crate::PackageKeys::Declared`], the `package` clause's name for
    /// [`crate::PackageKeys::Directories`]; `None` for the default package
    /// and for other module systems.
    pub fn package(self, root: Node<'_>, source: &[u8]) -> Option<String> {
        (self.hooks().package)(root, source)
    }

    /// Names a file exports without marking their definitions (`export { a }`).
    pub fn export_lists(self, root: Node<'_>, source: &[u8]) -> Vec<String> {
        (self.hooks().export_list)(root, source)
    }

    /// Code the grammar leaves unparsed inside macro invocations, made
    /// parseable: a same-length copy of `source` keeping only the
    /// arguments of the outermost invocations under `root` (Rust macros,
    /// whose arguments tree-sitter keeps as token trees). Parsing it and
    /// running the extraction query over that tree finds the references
    /// in the arguments at their true positions; invocations nested in the
    /// arguments are found by applying the hook to that tree. `None` for
    /// languages without such macros, or when there are none.
    pub fn macro_arguments(self, root: Node<'_>, source: &[u8]) -> Option<MacroArguments> {
        (self.hooks().macro_arguments)(root, source)
    }

    /// `source` with the macros that broke its parse under `root` blanked,
    /// the same length, to parse again: C's attribute macros written where
    /// the grammar has no place for them (`f(void) lzma_nothrow;`). `None`
    /// when there are none (or the language has no such hook).
    pub fn attribute_macros(self, root: Node<'_>, source: &str) -> Option<String> {
        let ranges = (self.hooks().attribute_macros)(root);
        (!ranges.is_empty()).then(|| crate::c_attributes::blanked(source, &ranges))
    }

    /// [`Language::imports`], [`Language::conditional_code`] and
    /// [`Language::macro_arguments`] of the tree under `root`, in one walk
    /// of it where a language needs more than one.
    pub fn file_hooks(self, root: Node<'_>, source: &[u8]) -> FileHooks {
        if let Some(file_hooks) = self.hooks().file_hooks {
            return file_hooks(root, source);
        }
        let mut hooks = FileHooks::default();
        self.imports(root, source, &mut hooks.imports);
        self.conditional_code(root, source, &mut hooks.conditional);
        hooks.macro_arguments = self.macro_arguments(root, source);
        hooks
    }

    /// Appends the code under `root` compiled only under a condition (Rust
    /// statements under `#[cfg(…)]`); nothing for other languages.
    pub fn conditional_code(self, root: Node<'_>, source: &[u8], out: &mut Vec<ConditionalCode>) {
        (self.hooks().conditional_code)(root, source, out);
    }

    /// Whether the definition `node` named `name` is visible outside its
    /// module (parents looked up in `ancestry`, the file's trees).
    pub fn is_exported<'t>(
        self,
        node: Node<'t>,
        name: &str,
        source: &[u8],
        ancestry: &Ancestry<'t>,
    ) -> bool {
        (self.hooks().is_exported)(node, name, source, ancestry)
    }

    /// The docstring of the definition `node`, for a language whose
    /// [`crate::Spec::doc_style`] is [`crate::DocStyle::Docstring`]: the
    /// string literal that is its body's first statement, quotes and
    /// prefixes taken off.
    pub fn docstring(self, node: Node<'_>, source: &[u8]) -> Option<String> {
        (self.hooks().docstring)(node, source)
    }

    /// For a `@callback.param`, an untyped parameter of a function passed
    /// as an argument: the call it is passed to, and the positions of the
    /// argument and of the parameter. `None` when the function is not an
    /// argument of a call. Parents are looked up in `ancestry`.
    pub fn callback_site<'t>(
        self,
        param: Node<'t>,
        ancestry: &Ancestry<'t>,
    ) -> Option<CallbackSite<'t>> {
        (self.hooks().callback_site)(param, ancestry)
    }

    /// For a `@receiver` that is an object literal passed as an argument
    /// (`f({ key: v })`, whose keys name members of the parameter's declared
    /// type): the call and the argument's position. `None` for any other
    /// node. Parents are looked up in `ancestry`.
    pub fn argument_site<'t>(
        self,
        node: Node<'t>,
        ancestry: &Ancestry<'t>,
    ) -> Option<ArgumentSite<'t>> {
        (self.hooks().argument_site)(node, ancestry)
    }

    /// For a name bound by a `@binding.pattern`, the field of the pattern's
    /// type it takes: a position in a tuple pattern, a field name in a
    /// struct pattern. `None` when there is none (after a `..`). Parents
    /// are looked up in `ancestry`.
    pub fn pattern_field<'t>(
        self,
        name: Node<'t>,
        source: &[u8],
        ancestry: &Ancestry<'t>,
    ) -> Option<String> {
        (self.hooks().pattern_field)(name, source, ancestry)
    }

    /// The count of a call's arguments or a definition's parameters that
    /// the grammar keeps neither in an `arguments`/`parameters` field nor
    /// in a child of [`crate::ListSyntax::list_kinds`]. `None` when `node`
    /// has no such list; `Some(None)` when a variadic item makes the count
    /// open.
    pub fn unlisted_arity(self, node: Node<'_>, of: ListKind) -> Option<Option<u32>> {
        (self.hooks().unlisted_arity)(node, of)
    }

    /// The type test that narrows `receiver` where it is read (Python's
    /// `isinstance(x, T)` in the condition of the `if` or `elif` whose
    /// body holds it), when it tests the receiver or its head. `None`
    /// where nothing narrows it. Parents are looked up in `ancestry`.
    pub fn narrowed_receiver<'t>(
        self,
        receiver: Node<'t>,
        source: &[u8],
        ancestry: &Ancestry<'t>,
    ) -> Option<NarrowedReceiver> {
        (self.hooks().narrowed_receiver)(receiver, source, ancestry)
    }
}
