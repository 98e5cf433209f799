//! The [`Spec`] rows: one per language, everything the language-neutral
//! extractor and resolver need to know that a query cannot express — the
//! query source itself, attribute, comment and doc conventions, the names
//! of `self` and `super`, the module system, the resolution switches, and
//! the grammar's node kinds the extractor reads by name (bodies, argument
//! and parameter lists, doc anchors).

use crate::builtins::*;
use crate::language::Language;

/// How a language finds the module an import names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModuleSystem {
    /// Dotted module paths rooted at package directories (`__init__.py`).
    PythonPackages,
    /// Relative file specifiers with extension and `index` probing.
    EcmaFiles,
    /// `mod`/`use` trees rooted at a crate's `src/lib.rs` or `src/main.rs`.
    RustCrates,
    /// `#include` of headers found relative to the including file or an
    /// include directory; one global namespace joined by the linker. C++
    /// adds namespaces and `using` declarations on top (see the resolver's
    /// `cpp` module).
    CIncludes,
    /// Packages (namespaces) that span files: a package's top-level
    /// definitions are visible throughout it; imports name a package's
    /// member (`a.b.C`), a whole package (`a.b.*`, Go's `"a/b"`), or a
    /// type's members. [`PackageKeys`] says how a file's package is named.
    Packages(PackageKeys),
}

/// How a package-based module system names the package of a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PackageKeys {
    /// Each file declares its package, dotted (Java's `package a.b;`, see
    /// [`Language::package`]); code may write a fully qualified name
    /// (`a.b.C`), which starts at the root of the package tree.
    Declared,
    /// A package is a directory, named by its import path: the module path
    /// of the nearest manifest (Go's `go.mod`) joined with the directory
    /// below it (`example.com/shop/model`), `/`-separated, or the directory
    /// itself when no manifest is found. Code names another package only
    /// through an import; the declared package name (Go's `package x`)
    /// only tells an external test package (`x_test`) apart.
    Directories,
}

/// Where a definition's doc comment comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DocStyle {
    /// Contiguous comments just before the definition that start with one of
    /// these markers.
    PrecedingComments(&'static [&'static str]),
    /// A string literal as the first statement of the body.
    Docstring,
}

/// One language's extraction spec: everything the language-neutral
/// extractor and resolver need to know that a query cannot express.
#[derive(Debug)]
pub struct Spec {
    /// The language.
    pub language: Language,
    /// Its stable name, as stored and printed.
    pub name: &'static str,
    /// The extraction query source (several `.scm` files joined).
    pub query_source: &'static str,
    /// Node kinds that, placed just before a definition, belong to its span
    /// (attributes, decorators).
    pub attribute_kinds: &'static [&'static str],
    /// Parent node kinds whose span is the definition's span
    /// (`decorated_definition`).
    pub wrapper_kinds: &'static [&'static str],
    /// Comment node kinds.
    pub comment_kinds: &'static [&'static str],
    /// How doc comments are written.
    pub doc_style: DocStyle,
    /// Receivers that mean "the enclosing type's instance or type".
    pub self_names: &'static [&'static str],
    /// Receivers that mean "the enclosing type's bases" (`super`, PHP's
    /// `parent`, C#'s `base`).
    pub super_names: &'static [&'static str],
    /// Separator between the parts of a qualified name.
    pub separator: &'static str,
    /// Operators the language writes between an object or a namespace and
    /// its member other than `.` (PHP's `->`, `::` and `\`): the extractor
    /// rewrites them to `.` in receivers, paths, bindings and types, so the
    /// resolver reads one member syntax. An operator with nothing before it
    /// (`\App\Cart`) anchors at the root and is dropped.
    pub member_operators: &'static [&'static str],
    /// How imports name modules.
    pub module_system: ModuleSystem,
    /// With [`ModuleSystem::Packages`]: whether code in a package also sees,
    /// without import, what its enclosing packages define (C#: code in
    /// namespace `A.B` sees `A`'s and the global namespace's types), rather
    /// than its own package only (Java, Kotlin).
    pub enclosing_packages_in_scope: bool,
    /// The field of a callable definition's node that holds its declared
    /// return type, for languages that write it apart from an arrow
    /// (`Cart make()` in Java); `None` reads `-> T` / `: T` from the signature.
    pub return_type_field: Option<&'static str>,
    /// Whether a bare name inside a type's body reaches the type's members
    /// and its bases' (`helper()` for `this.helper()` in Java), rather than
    /// needing `self.`/`Self::`.
    pub members_in_scope: bool,
    /// Whether same-named callables in one scope are overloads told apart
    /// by their parameter count, so a call with a known argument count
    /// means only those that take it.
    pub overloads_by_arity: bool,
    /// Names the language or its standard prelude provides: a bare use of
    /// one that no scope or import defines is not guessed by name (sorted;
    /// a test keeps it so).
    pub builtins: &'static [&'static str],
    /// Parent node kinds a doc comment may sit in front of instead of the
    /// definition itself (`export function f`, `const f = () => …`,
    /// `type T struct`, a template): the comments before the outermost
    /// such parent are the definition's.
    pub doc_anchor_kinds: &'static [&'static str],
    /// Definition node kinds that bind a variable (`const step = () => …`):
    /// inside a function, a definition of one of these kinds is a local,
    /// whatever symbol kind its pattern gives it.
    pub declarator_kinds: &'static [&'static str],
    /// Body node kinds of a grammar that keeps some bodies in no `body`
    /// field: the body is the first child of one of these kinds.
    pub body_kinds: &'static [&'static str],
    /// Node kinds of a list of several results in the
    /// [`Spec::return_type_field`] (`(T, error)`): the first result is the
    /// return type, as what a call chain goes on with.
    pub result_list_kinds: &'static [&'static str],
    /// How argument and parameter lists are written.
    pub lists: ListSyntax,
}

/// How a grammar writes argument and parameter lists, for counting their
/// items ([`Spec::lists`]). A list is read from the `arguments` or
/// `parameters` field of a call or definition, or else from a child of one
/// of [`ListSyntax::list_kinds`].
#[derive(Debug)]
pub struct ListSyntax {
    /// Node kinds of a variadic parameter or a spread argument; a list
    /// item wrapping one (`value_argument` around `*xs`) is one too.
    pub variadic_kinds: &'static [&'static str],
    /// Keywords (anonymous nodes) that make a parameter variadic where the
    /// grammar has no node kind for it, written in the list or in the
    /// parameter's modifiers.
    pub variadic_tokens: &'static [&'static str],
    /// Argument or parameter lists kept in no field: children of the call
    /// or definition.
    pub list_kinds: &'static [&'static str],
    /// Children of a call after its argument list that are arguments too
    /// (a trailing lambda).
    pub trailing_argument_kinds: &'static [&'static str],
    /// Items of a parameter list that are no parameter but modify the next
    /// one.
    pub modifier_kinds: &'static [&'static str],
}

impl ListSyntax {
    /// Lists only in fields, with no variadic kinds, tokens or modifiers.
    pub const PLAIN: ListSyntax = ListSyntax {
        variadic_kinds: &[],
        variadic_tokens: &[],
        list_kinds: &[],
        trailing_argument_kinds: &[],
        modifier_kinds: &[],
    };
}

const C_QUERY: &str = include_str!("../queries/c/extract.scm");
const CPP_QUERY: &str = include_str!("../queries/cpp/extract.scm");
const CSHARP_QUERY: &str = include_str!("../queries/csharp/extract.scm");
const GO_QUERY: &str = include_str!("../queries/go/extract.scm");
const JAVA_QUERY: &str = include_str!("../queries/java/extract.scm");
const KOTLIN_QUERY: &str = include_str!("../queries/kotlin/extract.scm");
const PHP_QUERY: &str = include_str!("../queries/php/extract.scm");
const PYTHON_QUERY: &str = include_str!("../queries/python/extract.scm");
const RUBY_QUERY: &str = include_str!("../queries/ruby/extract.scm");
const RUST_QUERY: &str = include_str!("../queries/rust/extract.scm");
const SWIFT_QUERY: &str = include_str!("../queries/swift/extract.scm");
const JAVASCRIPT_QUERY: &str = concat!(
    include_str!("../queries/ecma/extract.scm"),
    include_str!("../queries/javascript/extract.scm"),
    include_str!("../queries/jsx/extract.scm"),
    include_str!("../queries/ecma/reads.scm"),
);
const TYPESCRIPT_QUERY: &str = concat!(
    include_str!("../queries/typescript/first.scm"),
    include_str!("../queries/ecma/extract.scm"),
    include_str!("../queries/typescript/extract.scm"),
    include_str!("../queries/ecma/reads.scm"),
);
const TSX_QUERY: &str = concat!(
    include_str!("../queries/typescript/first.scm"),
    include_str!("../queries/ecma/extract.scm"),
    include_str!("../queries/typescript/extract.scm"),
    include_str!("../queries/jsx/extract.scm"),
    include_str!("../queries/ecma/reads.scm"),
);

/// The names the resolver read as "the bases" before they were per
/// language: `super()` (Python) and `super` (Java, ECMAScript).
const SUPER_NAMES: &[&str] = &["super", "super()"];

const ECMA_COMMENTS: &[&str] = &["comment"];
const ECMA_DOCS: DocStyle = DocStyle::PrecedingComments(&["/**"]);
/// From the ECMAScript grammars' node-types.json: `export function f`,
/// `const f = () => …`, `var f = …`.
const ECMA_DOC_ANCHORS: &[&str] = &[
    "export_statement",
    "lexical_declaration",
    "variable_declaration",
];
/// From the ECMAScript grammars' node-types.json: a spread `...xs` and a
/// rest parameter `...rest`.
const ECMA_LISTS: ListSyntax = ListSyntax {
    variadic_kinds: &["spread_element", "rest_pattern"],
    ..ListSyntax::PLAIN
};

pub(crate) static SPECS: [Spec; Language::COUNT] = [
    Spec {
        language: Language::C,
        name: "c",
        query_source: C_QUERY,
        attribute_kinds: &[],
        wrapper_kinds: &[],
        comment_kinds: &["comment"],
        doc_style: DocStyle::PrecedingComments(&["/**", "///"]),
        self_names: &[],
        super_names: SUPER_NAMES,
        separator: ".",
        member_operators: &[],
        module_system: ModuleSystem::CIncludes,
        enclosing_packages_in_scope: false,
        return_type_field: None,
        members_in_scope: false,
        overloads_by_arity: false,
        builtins: C_BUILTINS,
        doc_anchor_kinds: &[],
        declarator_kinds: &[],
        body_kinds: &[],
        result_list_kinds: &[],
        lists: ListSyntax {
            // From C's node-types.json: `...`.
            variadic_kinds: &["variadic_parameter"],
            ..ListSyntax::PLAIN
        },
    },
    Spec {
        language: Language::Cpp,
        name: "cpp",
        query_source: CPP_QUERY,
        attribute_kinds: &[],
        wrapper_kinds: &["template_declaration"],
        comment_kinds: &["comment"],
        doc_style: DocStyle::PrecedingComments(&["/**", "///"]),
        self_names: &["this"],
        super_names: &[],
        separator: "::",
        member_operators: &[],
        module_system: ModuleSystem::CIncludes,
        enclosing_packages_in_scope: false,
        return_type_field: Some("type"),
        members_in_scope: true,
        overloads_by_arity: true,
        builtins: CPP_BUILTINS,
        // From C++'s node-types.json: a template around the definition.
        doc_anchor_kinds: &["template_declaration"],
        declarator_kinds: &[],
        body_kinds: &[],
        result_list_kinds: &[],
        lists: ListSyntax::PLAIN,
    },
    Spec {
        language: Language::CSharp,
        name: "csharp",
        query_source: CSHARP_QUERY,
        attribute_kinds: &[],
        wrapper_kinds: &[],
        comment_kinds: &["comment"],
        doc_style: DocStyle::PrecedingComments(&["///", "/**"]),
        self_names: &["this"],
        super_names: &["base"],
        separator: ".",
        member_operators: &[],
        module_system: ModuleSystem::Packages(PackageKeys::Declared),
        enclosing_packages_in_scope: true,
        return_type_field: Some("returns"),
        members_in_scope: true,
        overloads_by_arity: true,
        builtins: CSHARP_BUILTINS,
        // From C#'s node-types.json: a declaration around its declarators.
        doc_anchor_kinds: &["type_declaration", "variable_declaration"],
        // From C#'s node-types.json: `var x = …` inside a method.
        declarator_kinds: &["variable_declarator"],
        body_kinds: &[],
        result_list_kinds: &[],
        lists: ListSyntax {
            // From C#'s node-types.json: a spread `..xs`, and `params`
            // written in the parameter list.
            variadic_kinds: &["spread_element"],
            variadic_tokens: &["params"],
            ..ListSyntax::PLAIN
        },
    },
    Spec {
        language: Language::Go,
        name: "go",
        query_source: GO_QUERY,
        attribute_kinds: &[],
        wrapper_kinds: &[],
        comment_kinds: &["comment"],
        doc_style: DocStyle::PrecedingComments(&["//"]),
        self_names: &[],
        super_names: &[],
        separator: ".",
        member_operators: &[],
        module_system: ModuleSystem::Packages(PackageKeys::Directories),
        enclosing_packages_in_scope: false,
        return_type_field: Some("result"),
        members_in_scope: false,
        overloads_by_arity: false,
        builtins: GO_BUILTINS,
        // From Go's node-types.json: `type T struct`, `const C = 1`, `var v T`.
        doc_anchor_kinds: &["const_declaration", "type_declaration", "var_declaration"],
        declarator_kinds: &[],
        body_kinds: &[],
        // From Go's node-types.json: a result list `(T, error)`.
        result_list_kinds: &["parameter_list"],
        lists: ListSyntax::PLAIN,
    },
    Spec {
        language: Language::Java,
        name: "java",
        query_source: JAVA_QUERY,
        attribute_kinds: &[],
        wrapper_kinds: &[],
        comment_kinds: &["line_comment", "block_comment"],
        doc_style: DocStyle::PrecedingComments(&["/**"]),
        self_names: &["this"],
        super_names: SUPER_NAMES,
        separator: ".",
        member_operators: &[],
        module_system: ModuleSystem::Packages(PackageKeys::Declared),
        enclosing_packages_in_scope: false,
        return_type_field: Some("type"),
        members_in_scope: true,
        overloads_by_arity: true,
        builtins: JAVA_BUILTINS,
        doc_anchor_kinds: &[],
        // From Java's node-types.json: `var x = …` inside a method.
        declarator_kinds: &["variable_declarator"],
        // From Java's node-types.json: an anonymous class's body.
        body_kinds: &["class_body"],
        result_list_kinds: &[],
        lists: ListSyntax {
            // From Java's node-types.json: `Object... xs`.
            variadic_kinds: &["spread_parameter"],
            ..ListSyntax::PLAIN
        },
    },
    Spec {
        language: Language::JavaScript,
        name: "javascript",
        query_source: JAVASCRIPT_QUERY,
        attribute_kinds: &["decorator"],
        wrapper_kinds: &[],
        comment_kinds: ECMA_COMMENTS,
        doc_style: ECMA_DOCS,
        self_names: &["this"],
        super_names: SUPER_NAMES,
        separator: ".",
        member_operators: &[],
        module_system: ModuleSystem::EcmaFiles,
        enclosing_packages_in_scope: false,
        return_type_field: None,
        members_in_scope: false,
        overloads_by_arity: false,
        builtins: ECMA_BUILTINS,
        doc_anchor_kinds: ECMA_DOC_ANCHORS,
        // From JavaScript's node-types.json: `const step = () => …`.
        declarator_kinds: &["variable_declarator"],
        // From JavaScript's node-types.json: a class expression's body.
        body_kinds: &["class_body"],
        result_list_kinds: &[],
        lists: ECMA_LISTS,
    },
    Spec {
        language: Language::Kotlin,
        name: "kotlin",
        query_source: KOTLIN_QUERY,
        attribute_kinds: &[],
        wrapper_kinds: &[],
        comment_kinds: &["line_comment", "block_comment"],
        doc_style: DocStyle::PrecedingComments(&["/**"]),
        self_names: &["this"],
        super_names: &["super"],
        separator: ".",
        member_operators: &[],
        module_system: ModuleSystem::Packages(PackageKeys::Declared),
        enclosing_packages_in_scope: false,
        return_type_field: None,
        members_in_scope: true,
        overloads_by_arity: true,
        builtins: KOTLIN_BUILTINS,
        // From Kotlin's node-types.json: `val x = …`.
        doc_anchor_kinds: &["variable_declaration"],
        declarator_kinds: &[],
        // From Kotlin's node-types.json: bodies are kept in no field.
        body_kinds: &["function_body", "class_body", "enum_class_body"],
        result_list_kinds: &[],
        lists: ListSyntax {
            // From Kotlin's node-types.json: a spread `*xs`, `vararg` in a
            // parameter's modifiers, lists kept in no field, the trailing
            // lambda of `g(1) { … }`, and the modifiers before a parameter.
            variadic_kinds: &["spread_expression"],
            variadic_tokens: &["vararg"],
            list_kinds: &["value_arguments", "function_value_parameters"],
            trailing_argument_kinds: &["annotated_lambda"],
            modifier_kinds: &["parameter_modifiers"],
        },
    },
    Spec {
        language: Language::Php,
        name: "php",
        query_source: PHP_QUERY,
        attribute_kinds: &["attribute_list"],
        wrapper_kinds: &[],
        comment_kinds: &["comment"],
        doc_style: DocStyle::PrecedingComments(&["/**"]),
        self_names: &["$this", "self", "static"],
        super_names: &["parent"],
        separator: ".",
        member_operators: &["?->", "->", "::", "\\"],
        module_system: ModuleSystem::Packages(PackageKeys::Declared),
        enclosing_packages_in_scope: false,
        return_type_field: Some("return_type"),
        members_in_scope: false,
        overloads_by_arity: false,
        builtins: PHP_BUILTINS,
        // From PHP's node-types.json: `const C = 1`.
        doc_anchor_kinds: &["const_declaration"],
        declarator_kinds: &[],
        body_kinds: &[],
        result_list_kinds: &[],
        lists: ListSyntax {
            // From PHP's node-types.json: `...$xs`.
            variadic_kinds: &["variadic_parameter"],
            ..ListSyntax::PLAIN
        },
    },
    Spec {
        language: Language::Python,
        name: "python",
        query_source: PYTHON_QUERY,
        attribute_kinds: &[],
        wrapper_kinds: &["decorated_definition"],
        comment_kinds: &["comment"],
        doc_style: DocStyle::Docstring,
        self_names: &["self", "cls"],
        super_names: SUPER_NAMES,
        separator: ".",
        member_operators: &[],
        module_system: ModuleSystem::PythonPackages,
        enclosing_packages_in_scope: false,
        // From Python's node-types.json: `def f(…) -> T`'s `return_type`,
        // read whole however long the signature is.
        return_type_field: Some("return_type"),
        members_in_scope: false,
        overloads_by_arity: false,
        builtins: PYTHON_BUILTINS,
        doc_anchor_kinds: &[],
        declarator_kinds: &[],
        body_kinds: &[],
        result_list_kinds: &[],
        lists: ListSyntax {
            // From Python's node-types.json: `*args`, `**kwargs`, and the
            // same written in a call.
            variadic_kinds: &[
                "list_splat",
                "dictionary_splat",
                "list_splat_pattern",
                "dictionary_splat_pattern",
            ],
            ..ListSyntax::PLAIN
        },
    },
    Spec {
        language: Language::Ruby,
        name: "ruby",
        query_source: RUBY_QUERY,
        attribute_kinds: &[],
        wrapper_kinds: &[],
        comment_kinds: &["comment"],
        doc_style: DocStyle::PrecedingComments(&["#"]),
        self_names: &["self"],
        super_names: &["super"],
        separator: "::",
        member_operators: &[],
        module_system: ModuleSystem::Packages(PackageKeys::Declared),
        enclosing_packages_in_scope: false,
        return_type_field: None,
        members_in_scope: true,
        overloads_by_arity: false,
        builtins: RUBY_BUILTINS,
        doc_anchor_kinds: &[],
        declarator_kinds: &[],
        body_kinds: &[],
        result_list_kinds: &[],
        lists: ListSyntax::PLAIN,
    },
    Spec {
        language: Language::Rust,
        name: "rust",
        query_source: RUST_QUERY,
        attribute_kinds: &["attribute_item"],
        wrapper_kinds: &[],
        comment_kinds: &["line_comment", "block_comment"],
        doc_style: DocStyle::PrecedingComments(&["///", "/**"]),
        self_names: &["self", "Self"],
        super_names: SUPER_NAMES,
        separator: "::",
        member_operators: &[],
        module_system: ModuleSystem::RustCrates,
        enclosing_packages_in_scope: false,
        return_type_field: None,
        members_in_scope: false,
        overloads_by_arity: false,
        builtins: RUST_BUILTINS,
        doc_anchor_kinds: &[],
        declarator_kinds: &[],
        body_kinds: &[],
        result_list_kinds: &[],
        lists: ListSyntax {
            // From Rust's node-types.json: an extern function's `...`.
            variadic_kinds: &["variadic_parameter"],
            ..ListSyntax::PLAIN
        },
    },
    Spec {
        language: Language::Swift,
        name: "swift",
        query_source: SWIFT_QUERY,
        attribute_kinds: &["attribute"],
        wrapper_kinds: &[],
        comment_kinds: &["comment", "multiline_comment"],
        doc_style: DocStyle::PrecedingComments(&["///", "/**"]),
        self_names: &["self", "Self"],
        super_names: SUPER_NAMES,
        separator: ".",
        member_operators: &[],
        // A Swift module is a build target; plumb reads every Swift file of
        // the repository as one module: no file declares a package.
        module_system: ModuleSystem::Packages(PackageKeys::Declared),
        enclosing_packages_in_scope: false,
        return_type_field: Some("return_type"),
        members_in_scope: true,
        overloads_by_arity: true,
        builtins: SWIFT_BUILTINS,
        doc_anchor_kinds: &[],
        declarator_kinds: &[],
        // From Swift's node-types.json: bodies a declaration keeps in no field.
        body_kinds: &["function_body", "class_body", "enum_class_body"],
        result_list_kinds: &[],
        lists: ListSyntax {
            // From Swift's node-types.json: a call's `value_arguments`
            // (inside its `call_suffix`: see the Swift hooks) and the
            // modifiers before a parameter.
            list_kinds: &["value_arguments"],
            modifier_kinds: &["parameter_modifiers"],
            ..ListSyntax::PLAIN
        },
    },
    Spec {
        language: Language::Tsx,
        name: "tsx",
        query_source: TSX_QUERY,
        attribute_kinds: &["decorator"],
        wrapper_kinds: &[],
        comment_kinds: ECMA_COMMENTS,
        doc_style: ECMA_DOCS,
        self_names: &["this"],
        super_names: SUPER_NAMES,
        separator: ".",
        member_operators: &[],
        module_system: ModuleSystem::EcmaFiles,
        enclosing_packages_in_scope: false,
        // From tree-sitter-typescript's grammar: `: T` after the parameters,
        // kept whole where a long signature is cut short.
        return_type_field: Some("return_type"),
        members_in_scope: false,
        overloads_by_arity: false,
        builtins: ECMA_BUILTINS,
        doc_anchor_kinds: ECMA_DOC_ANCHORS,
        // From TSX's node-types.json: `const step = () => …`.
        declarator_kinds: &["variable_declarator"],
        // From TSX's node-types.json: a class expression's body.
        body_kinds: &["class_body"],
        result_list_kinds: &[],
        lists: ECMA_LISTS,
    },
    Spec {
        language: Language::TypeScript,
        name: "typescript",
        query_source: TYPESCRIPT_QUERY,
        attribute_kinds: &["decorator"],
        wrapper_kinds: &[],
        comment_kinds: ECMA_COMMENTS,
        doc_style: ECMA_DOCS,
        self_names: &["this"],
        super_names: SUPER_NAMES,
        separator: ".",
        member_operators: &[],
        module_system: ModuleSystem::EcmaFiles,
        enclosing_packages_in_scope: false,
        // From tree-sitter-typescript's grammar: `: T` after the parameters,
        // kept whole where a long signature is cut short.
        return_type_field: Some("return_type"),
        members_in_scope: false,
        overloads_by_arity: false,
        builtins: ECMA_BUILTINS,
        doc_anchor_kinds: ECMA_DOC_ANCHORS,
        // From TypeScript's node-types.json: `const step = () => …`.
        declarator_kinds: &["variable_declarator"],
        // From TypeScript's node-types.json: a class expression's body.
        body_kinds: &["class_body"],
        result_list_kinds: &[],
        lists: ECMA_LISTS,
    },
];

#[cfg(test)]
mod tests {
    use crate::Language;

    #[test]
    fn specs_are_indexed_by_variant() {
        for language in Language::ALL {
            assert_eq!(language.spec().language, language);
            assert_eq!(Language::from_name(language.name()), Some(language));
        }
    }

    #[test]
    fn every_query_compiles() {
        for language in Language::ALL {
            // tree-sitter's own compiler also rejects patterns no tree can
            // match, which the matcher would silently never match.
            let grammar = language.grammar();
            if let Err(err) = tree_sitter::Query::new(&grammar, language.spec().query_source) {
                panic!("{}: {err}", language.name());
            }
            if let Err(err) = language.patterns() {
                panic!("{err}");
            }
        }
    }
}
