//! The languages plumb understands, as data: which file extensions map to
//! which language, the tree-sitter grammar for each, and each language's
//! extraction spec — a tree-sitter query (`queries/<lang>/*.scm`) plus a
//! small [`Spec`] row — and, where a query cannot say it, a per-language
//! hook module (imports, export rules).
//!
//! This crate knows no SQL, no file system walk and no resolution: it
//! describes syntax. The extractor in `plumb-index` runs the queries and
//! reads the captures by name; the names are the contract:
//!
//! | capture | on | meaning |
//! |---|---|---|
//! | `@definition.<kind>` | the whole definition | a symbol of `<kind>` (a store `SymbolKind` text form) |
//! | `@name` | an identifier | the defined or referenced name |
//! | `@scope.impl` | an `impl` block | a container whose members belong to the type captured as `@name` |
//! | `@reference.<kind>` | the reference | an occurrence of `<kind>` (a store `OccurrenceKind` text form) |
//! | `@receiver` | an expression | the object a member is reached through (`self`, `cart`, `mod`) |
//! | `@path` | a path | the qualifier of a scoped name (`crate::a` in `crate::a::f()`) |
//! | `@binding` | a declaration | a name that gets a type from an annotation or a constructor |
//! | `@binding.name` | a pattern | the bound local (or `self.x` / `this.x` attribute) |
//! | `@binding.field` | a field name | the bound member of the enclosing class (`this.<name>`) |
//! | `@binding.type` | a type | the annotated type |
//! | `@binding.value` | an expression | the initializer, whose type the resolver infers |
//! | `@skip` | a pattern around `@name` | the name is no reference (an assignment target): earlier than the reference patterns it silences |
//! | `@callback.param` | an identifier | an untyped parameter of a function passed as an argument: typed from the callee's signature |
//! | `@template` | a node | its contents are a template, not code (`macro_rules!` bodies): no reference inside is recorded |
//! | `@local` | an identifier | a name declared local to the enclosing function (parameter, assignment target, pattern) |
//! | `@context`, `@value` | any node | matched only to constrain the pattern (text predicates, token anchors) |

mod c;
mod csharp;
mod ecma;
mod imports;
mod java;
mod kotlin;
mod python;
mod rust;

use std::path::Path;
use std::sync::OnceLock;

pub use imports::ImportDecl;
pub use tree_sitter;

/// A language plumb can index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Language {
    /// C (`.h` headers included: see [`EXTENSIONS`]).
    C,
    /// C#.
    CSharp,
    /// Java.
    Java,
    /// JavaScript, including JSX, `.mjs` and `.cjs`.
    JavaScript,
    /// Kotlin, scripts (`.kts`) included.
    Kotlin,
    /// Python 3.
    Python,
    /// Rust.
    Rust,
    /// TypeScript with JSX.
    Tsx,
    /// TypeScript.
    TypeScript,
}

/// Extension → language, sorted by extension (a test keeps it so).
/// Extensions are matched case-sensitively, as the ecosystems write them.
/// `.h` is C: a header is read as C unless C++ support claims it.
pub const EXTENSIONS: &[(&str, Language)] = &[
    ("c", Language::C),
    ("cjs", Language::JavaScript),
    ("cs", Language::CSharp),
    ("cts", Language::TypeScript),
    ("h", Language::C),
    ("java", Language::Java),
    ("js", Language::JavaScript),
    ("jsx", Language::JavaScript),
    ("kt", Language::Kotlin),
    ("kts", Language::Kotlin),
    ("mjs", Language::JavaScript),
    ("mts", Language::TypeScript),
    ("py", Language::Python),
    ("pyi", Language::Python),
    ("rs", Language::Rust),
    ("ts", Language::TypeScript),
    ("tsx", Language::Tsx),
];

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
    /// include directory; one global namespace joined by the linker.
    CIncludes,
    /// Packages (namespaces) that span files: each file declares the package
    /// it belongs to (see [`Language::package`]); a package's top-level
    /// definitions are visible throughout it; imports name a package's
    /// member (`a.b.C`), a whole package (`a.b.*`), or a type's members.
    Packages,
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
    /// Receivers that mean "the enclosing type's bases" (`super`, C#'s
    /// `base`).
    pub super_names: &'static [&'static str],
    /// Separator between the parts of a qualified name.
    pub separator: &'static str,
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
}

/// From the Python 3.12 docs, "Built-in Functions" and common built-in types.
const PYTHON_BUILTINS: &[&str] = &[
    "abs",
    "all",
    "any",
    "bool",
    "bytes",
    "callable",
    "classmethod",
    "delattr",
    "dict",
    "dir",
    "divmod",
    "enumerate",
    "filter",
    "float",
    "format",
    "frozenset",
    "getattr",
    "globals",
    "hasattr",
    "hash",
    "id",
    "input",
    "int",
    "isinstance",
    "issubclass",
    "iter",
    "len",
    "list",
    "locals",
    "map",
    "max",
    "min",
    "next",
    "object",
    "open",
    "ord",
    "print",
    "property",
    "range",
    "repr",
    "reversed",
    "round",
    "set",
    "setattr",
    "sorted",
    "staticmethod",
    "str",
    "sum",
    "super",
    "tuple",
    "type",
    "vars",
    "zip",
];

/// From the C standard library (C17, clause 7): the functions and macros
/// most called; a project defining one of them shadows it as usual.
const C_BUILTINS: &[&str] = &[
    "abort", "assert", "calloc", "exit", "fclose", "fopen", "fprintf", "free", "fwrite", "malloc",
    "memcmp", "memcpy", "memmove", "memset", "printf", "realloc", "snprintf", "sprintf", "strcmp",
    "strcpy", "strlen", "strncmp", "strncpy",
];

/// From the .NET base class library: the types of the namespaces most
/// imported (`System`, `System.Collections.Generic`, `System.Linq`,
/// `System.Threading.Tasks`) that code uses bare, and `nameof`.
const CSHARP_BUILTINS: &[&str] = &[
    "Action",
    "ArgumentException",
    "ArgumentNullException",
    "ArgumentOutOfRangeException",
    "Array",
    "Console",
    "Convert",
    "DateTime",
    "Dictionary",
    "Enumerable",
    "Environment",
    "Exception",
    "Func",
    "Guid",
    "HashSet",
    "ICollection",
    "IDictionary",
    "IDisposable",
    "IEnumerable",
    "IList",
    "InvalidOperationException",
    "KeyValuePair",
    "List",
    "Math",
    "NotImplementedException",
    "NotSupportedException",
    "Nullable",
    "Object",
    "String",
    "StringBuilder",
    "Task",
    "TimeSpan",
    "Tuple",
    "Type",
    "nameof",
];

/// From the Kotlin standard library: the types of `kotlin` and
/// `kotlin.collections` and the top-level functions that code uses bare
/// (imported into every Kotlin file implicitly).
const KOTLIN_BUILTINS: &[&str] = &[
    "Any",
    "Array",
    "Boolean",
    "Char",
    "Double",
    "Exception",
    "Float",
    "IllegalArgumentException",
    "IllegalStateException",
    "Int",
    "Iterable",
    "List",
    "Long",
    "Map",
    "MutableList",
    "MutableMap",
    "MutableSet",
    "Nothing",
    "Pair",
    "RuntimeException",
    "Sequence",
    "Set",
    "String",
    "StringBuilder",
    "TODO",
    "Triple",
    "Unit",
    "arrayOf",
    "buildList",
    "buildString",
    "check",
    "checkNotNull",
    "emptyList",
    "emptyMap",
    "emptySet",
    "error",
    "lazy",
    "listOf",
    "mapOf",
    "maxOf",
    "minOf",
    "mutableListOf",
    "mutableMapOf",
    "mutableSetOf",
    "print",
    "println",
    "repeat",
    "require",
    "requireNotNull",
    "run",
    "setOf",
    "with",
];

/// From `java.lang`, imported into every Java file implicitly: the classes
/// most used bare.
const JAVA_BUILTINS: &[&str] = &[
    "Boolean",
    "Character",
    "Class",
    "Double",
    "Enum",
    "Exception",
    "Float",
    "IllegalArgumentException",
    "IllegalStateException",
    "Integer",
    "Iterable",
    "Long",
    "Math",
    "NullPointerException",
    "Object",
    "Override",
    "Runnable",
    "RuntimeException",
    "String",
    "StringBuilder",
    "System",
    "Thread",
    "Throwable",
    "UnsupportedOperationException",
    "Void",
];

/// From the ECMAScript global object and common host globals.
const ECMA_BUILTINS: &[&str] = &[
    "Array",
    "Boolean",
    "Date",
    "Error",
    "JSON",
    "Map",
    "Math",
    "Number",
    "Object",
    "Promise",
    "RegExp",
    "Set",
    "String",
    "Symbol",
    "clearTimeout",
    "console",
    "parseFloat",
    "parseInt",
    "require",
    "setTimeout",
];

/// From Rust's std prelude (2021) and the std macros.
const RUST_BUILTINS: &[&str] = &[
    "Box",
    "Err",
    "None",
    "Ok",
    "Some",
    "String",
    "Vec",
    "assert",
    "assert_eq",
    "assert_ne",
    "debug_assert",
    "debug_assert_eq",
    "eprintln",
    "format",
    "matches",
    "panic",
    "print",
    "println",
    "todo",
    "unimplemented",
    "unreachable",
    "vec",
    "write",
    "writeln",
];

const C_QUERY: &str = include_str!("../queries/c/extract.scm");
const CSHARP_QUERY: &str = include_str!("../queries/csharp/extract.scm");
const JAVA_QUERY: &str = include_str!("../queries/java/extract.scm");
const KOTLIN_QUERY: &str = include_str!("../queries/kotlin/extract.scm");
const PYTHON_QUERY: &str = include_str!("../queries/python/extract.scm");
const RUST_QUERY: &str = include_str!("../queries/rust/extract.scm");
const JAVASCRIPT_QUERY: &str = concat!(
    include_str!("../queries/ecma/extract.scm"),
    include_str!("../queries/javascript/extract.scm"),
    include_str!("../queries/jsx/extract.scm"),
    include_str!("../queries/ecma/reads.scm"),
);
const TYPESCRIPT_QUERY: &str = concat!(
    include_str!("../queries/ecma/extract.scm"),
    include_str!("../queries/typescript/extract.scm"),
    include_str!("../queries/ecma/reads.scm"),
);
const TSX_QUERY: &str = concat!(
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

static SPECS: [Spec; Language::COUNT] = [
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
        module_system: ModuleSystem::CIncludes,
        enclosing_packages_in_scope: false,
        return_type_field: None,
        members_in_scope: false,
        overloads_by_arity: false,
        builtins: C_BUILTINS,
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
        module_system: ModuleSystem::Packages,
        enclosing_packages_in_scope: true,
        return_type_field: Some("returns"),
        members_in_scope: true,
        overloads_by_arity: true,
        builtins: CSHARP_BUILTINS,
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
        module_system: ModuleSystem::Packages,
        enclosing_packages_in_scope: false,
        return_type_field: Some("type"),
        members_in_scope: true,
        overloads_by_arity: true,
        builtins: JAVA_BUILTINS,
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
        module_system: ModuleSystem::EcmaFiles,
        enclosing_packages_in_scope: false,
        return_type_field: None,
        members_in_scope: false,
        overloads_by_arity: false,
        builtins: ECMA_BUILTINS,
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
        module_system: ModuleSystem::Packages,
        enclosing_packages_in_scope: false,
        return_type_field: None,
        members_in_scope: true,
        overloads_by_arity: true,
        builtins: KOTLIN_BUILTINS,
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
        module_system: ModuleSystem::PythonPackages,
        enclosing_packages_in_scope: false,
        return_type_field: None,
        members_in_scope: false,
        overloads_by_arity: false,
        builtins: PYTHON_BUILTINS,
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
        module_system: ModuleSystem::RustCrates,
        enclosing_packages_in_scope: false,
        return_type_field: None,
        members_in_scope: false,
        overloads_by_arity: false,
        builtins: RUST_BUILTINS,
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
        module_system: ModuleSystem::EcmaFiles,
        enclosing_packages_in_scope: false,
        return_type_field: None,
        members_in_scope: false,
        overloads_by_arity: false,
        builtins: ECMA_BUILTINS,
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
        module_system: ModuleSystem::EcmaFiles,
        enclosing_packages_in_scope: false,
        return_type_field: None,
        members_in_scope: false,
        overloads_by_arity: false,
        builtins: ECMA_BUILTINS,
    },
];

/// A query that failed to compile: a defect in a `.scm` file, reported with
/// the language and tree-sitter's own message.
#[derive(Debug, Clone)]
pub struct QueryError {
    /// The language whose query failed.
    pub language: Language,
    /// tree-sitter's message, with row and column.
    pub message: String,
}

impl std::fmt::Display for QueryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "extraction query for {} does not compile: {}",
            self.language.name(),
            self.message
        )
    }
}

impl std::error::Error for QueryError {}

impl Language {
    /// How many languages there are.
    pub const COUNT: usize = 9;

    /// Every language, in the order of [`Language`]'s variants.
    pub const ALL: [Language; Language::COUNT] = [
        Language::C,
        Language::CSharp,
        Language::Java,
        Language::JavaScript,
        Language::Kotlin,
        Language::Python,
        Language::Rust,
        Language::Tsx,
        Language::TypeScript,
    ];

    /// The language of `path`, decided by its extension alone.
    pub fn from_path(path: &Path) -> Option<Language> {
        let extension = path.extension()?.to_str()?;
        EXTENSIONS
            .binary_search_by(|(ext, _)| ext.cmp(&extension))
            .ok()
            .map(|i| EXTENSIONS[i].1)
    }

    /// The extraction spec.
    pub fn spec(self) -> &'static Spec {
        &SPECS[self as usize]
    }

    /// The stable name (`python`, `typescript`, …).
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// The language with stable name `name`.
    pub fn from_name(name: &str) -> Option<Language> {
        Language::ALL.into_iter().find(|l| l.name() == name)
    }

    /// The tree-sitter grammar.
    pub fn grammar(self) -> tree_sitter::Language {
        match self {
            Language::C => tree_sitter_c::LANGUAGE.into(),
            Language::CSharp => tree_sitter_c_sharp::LANGUAGE.into(),
            Language::Java => tree_sitter_java::LANGUAGE.into(),
            Language::JavaScript => tree_sitter_javascript::LANGUAGE.into(),
            Language::Kotlin => tree_sitter_kotlin_ng::LANGUAGE.into(),
            Language::Python => tree_sitter_python::LANGUAGE.into(),
            Language::Rust => tree_sitter_rust::LANGUAGE.into(),
            Language::Tsx => tree_sitter_typescript::LANGUAGE_TSX.into(),
            Language::TypeScript => tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into(),
        }
    }

    /// The compiled extraction query, compiled once per process.
    pub fn query(self) -> Result<&'static tree_sitter::Query, QueryError> {
        static QUERIES: [OnceLock<Result<tree_sitter::Query, QueryError>>; Language::COUNT] =
            [const { OnceLock::new() }; Language::COUNT];
        QUERIES[self as usize]
            .get_or_init(|| {
                tree_sitter::Query::new(&self.grammar(), self.spec().query_source).map_err(|e| {
                    QueryError {
                        language: self,
                        message: e.to_string(),
                    }
                })
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Appends the imports declared in a parsed file to `out`.
    pub fn imports(self, root: tree_sitter::Node<'_>, source: &[u8], out: &mut Vec<ImportDecl>) {
        match self {
            Language::C => c::imports(root, source, out),
            Language::CSharp => csharp::imports(root, source, out),
            Language::Java => java::imports(root, source, out),
            Language::JavaScript | Language::Tsx | Language::TypeScript => {
                ecma::imports(root, source, out)
            }
            Language::Kotlin => kotlin::imports(root, source, out),
            Language::Python => python::imports(root, source, out),
            Language::Rust => rust::imports(root, source, out),
        }
    }

    /// The package (namespace) a file declares, dotted, for languages whose
    /// module system is [`ModuleSystem::Packages`]; `None` for the default
    /// package and for other module systems.
    pub fn package(self, root: tree_sitter::Node<'_>, source: &[u8]) -> Option<String> {
        match self {
            Language::CSharp => csharp::package(root, source),
            Language::Java => java::package(root, source),
            Language::Kotlin => kotlin::package(root, source),
            Language::C
            | Language::JavaScript
            | Language::Python
            | Language::Rust
            | Language::Tsx
            | Language::TypeScript => None,
        }
    }

    /// Names a file exports without marking their definitions (`export { a }`).
    pub fn export_lists(self, root: tree_sitter::Node<'_>, source: &[u8]) -> Vec<String> {
        match self {
            Language::JavaScript | Language::Tsx | Language::TypeScript => {
                ecma::export_list(root, source)
            }
            Language::C
            | Language::CSharp
            | Language::Java
            | Language::Kotlin
            | Language::Python
            | Language::Rust => Vec::new(),
        }
    }

    /// Whether the definition `node` named `name` is visible outside its module.
    pub fn is_exported(self, node: tree_sitter::Node<'_>, name: &str) -> bool {
        match self {
            Language::C => c::is_exported(node),
            Language::CSharp => csharp::is_exported(node),
            Language::Java => java::is_exported(node),
            Language::JavaScript | Language::Tsx | Language::TypeScript => {
                ecma::is_exported(node, name)
            }
            Language::Kotlin => kotlin::is_exported(node),
            Language::Python => python::is_exported(name),
            Language::Rust => rust::is_exported(node),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extension_table_is_sorted_and_unique() {
        for pair in EXTENSIONS.windows(2) {
            assert!(
                pair[0].0 < pair[1].0,
                "{:?} must sort before {:?}",
                pair[0].0,
                pair[1].0
            );
        }
    }

    #[test]
    fn builtin_lists_are_sorted() {
        for language in Language::ALL {
            let builtins = language.spec().builtins;
            assert!(
                builtins.windows(2).all(|w| w[0] < w[1]),
                "{language:?} builtins unsorted"
            );
        }
    }

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
            if let Err(err) = language.query() {
                panic!("{err}");
            }
        }
    }

    #[test]
    fn extensions_decide_the_language() {
        let check = |path: &str, expected: Option<Language>| {
            assert_eq!(Language::from_path(Path::new(path)), expected, "{path}");
        };
        check("a/b.py", Some(Language::Python));
        check("x.tsx", Some(Language::Tsx));
        check("x.d.ts", Some(Language::TypeScript));
        check("x.mjs", Some(Language::JavaScript));
        check("lib.rs", Some(Language::Rust));
        check("list.h", Some(Language::C));
        check("main.c", Some(Language::C));
        check("Cart.java", Some(Language::Java));
        check("Cart.kt", Some(Language::Kotlin));
        check("build.gradle.kts", Some(Language::Kotlin));
        check("Cart.cs", Some(Language::CSharp));
        check("Makefile", None);
        check("x.PY", None);
    }
}
