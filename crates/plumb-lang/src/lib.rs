//! The languages plumb understands, as data: which file extensions map to
//! which language, the tree-sitter grammar for each, and each language's
//! extraction spec — a tree-sitter query (`queries/<lang>/*.scm`) plus a
//! small [`Spec`] row — and, where a query cannot say it, a per-language
//! hook module (imports, export rules).
//!
//! This crate knows no SQL, no file system walk and no resolution: it
//! describes syntax. The extractor in `plumb-index` runs the queries (with
//! [`Patterns`], this crate's matcher for them) and reads the captures by
//! name; the names are the contract:
//!
//! | capture | on | meaning |
//! |---|---|---|
//! | `@definition.<kind>` | the whole definition | a symbol of `<kind>` (a store `SymbolKind` text form) |
//! | `@name` | an identifier | the defined or referenced name |
//! | `@scope.impl` | an `impl` block | a container whose members belong to the type captured as `@name` (or named by the qualifier of `@path`, as for a C++ out-of-line member `void Shape::area() {}`, whose impl block is the definition itself) |
//! | `@reference.<kind>` | the reference | an occurrence of `<kind>` (a store `OccurrenceKind` text form) |
//! | `@receiver` | an expression | the object a member is reached through (`self`, `cart`, `mod`) |
//! | `@path` | a path | the qualifier of a scoped name (`crate::a` in `crate::a::f()`); on the whole scoped name around `@name` (`a::b::f`), the text before the name (`a::b`) |
//! | `@binding` | a declaration | a name that gets a type from an annotation or a constructor |
//! | `@binding.name` | a pattern | the bound local (or `self.x` / `this.x` attribute) |
//! | `@binding.field` | a field name | the bound member of the enclosing class (`this.<name>`) |
//! | `@binding.type` | a type | the annotated type |
//! | `@binding.value` | an expression | the initializer, whose type the resolver infers |
//! | `@binding.element` | an expression | a collection: the bound name takes the type of its elements (`for x in xs`) |
//! | `@binding.pattern` | a type path | a pattern's struct or variant: the bound name takes the field it matches, by name or position (`Value::Number(n)`) |
//! | `@binding.position` | a type | a positional field of the enclosing struct or variant, bound by its position (`self.0`) |
//! | `@skip` | a pattern around `@name` | the name is no reference (an assignment target): earlier than the reference patterns it silences |
//! | `@callback.param` | an identifier | an untyped parameter of a function passed as an argument: typed from the callee's signature |
//! | `@template` | a node | its contents are a template, not code (`macro_rules!` bodies): no reference inside is recorded |
//! | `@local` | an identifier | a name declared local to the enclosing function (parameter, assignment target, pattern) |
//! | `@context`, `@value` | any node | matched only to constrain the pattern (text predicates, token anchors) |

mod c;
mod cpp;
mod csharp;
mod ecma;
mod go;
mod imports;
mod java;
mod kotlin;
mod patterns;
mod php;
mod python;
mod ruby;
mod rust;
mod swift;

use std::path::Path;
use std::sync::OnceLock;

pub use imports::{ConditionalCode, ImportDecl};
pub use patterns::{Capture, PatternError, Patterns};
pub use tree_sitter;

/// A language plumb can index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Language {
    /// C (`.h` headers included: see [`EXTENSIONS`]).
    C,
    /// C++ (`.cc`, `.cpp`, `.cxx` and the `.hh`, `.hpp`, `.hxx` headers).
    Cpp,
    /// C#.
    CSharp,
    /// Go.
    Go,
    /// Java.
    Java,
    /// JavaScript, including JSX, `.mjs` and `.cjs`.
    JavaScript,
    /// Kotlin, scripts (`.kts`) included.
    Kotlin,
    /// PHP (files starting with `<?php`; surrounding HTML is text).
    Php,
    /// Python 3.
    Python,
    /// Ruby (also `.rake` and `.gemspec` files).
    Ruby,
    /// Rust.
    Rust,
    /// Swift.
    Swift,
    /// TypeScript with JSX.
    Tsx,
    /// TypeScript.
    TypeScript,
}

/// Extension → language, sorted by extension (a test keeps it so).
/// Extensions are matched case-sensitively, as the ecosystems write them.
///
/// `.h` is C here; the walk applies one tree-wide correction,
/// [`header_language`]: in a tree with C++ files and no `.c` file, `.h`
/// headers are C++ (the C grammar knows no classes or namespaces).
/// `.hh`, `.hpp` and `.hxx` headers are always C++.
pub const EXTENSIONS: &[(&str, Language)] = &[
    ("c", Language::C),
    ("cc", Language::Cpp),
    ("cjs", Language::JavaScript),
    ("cpp", Language::Cpp),
    ("cs", Language::CSharp),
    ("cts", Language::TypeScript),
    ("cxx", Language::Cpp),
    ("gemspec", Language::Ruby),
    ("go", Language::Go),
    ("h", Language::C),
    ("hh", Language::Cpp),
    ("hpp", Language::Cpp),
    ("hxx", Language::Cpp),
    ("java", Language::Java),
    ("js", Language::JavaScript),
    ("jsx", Language::JavaScript),
    ("kt", Language::Kotlin),
    ("kts", Language::Kotlin),
    ("mjs", Language::JavaScript),
    ("mts", Language::TypeScript),
    ("php", Language::Php),
    ("py", Language::Python),
    ("pyi", Language::Python),
    ("rake", Language::Ruby),
    ("rb", Language::Ruby),
    ("rs", Language::Rust),
    ("swift", Language::Swift),
    ("ts", Language::TypeScript),
    ("tsx", Language::Tsx),
];

/// The language of the `.h` headers of a tree whose files are `paths`:
/// C++ when the tree has C++ files (`.cc`, `.cpp`, `.cxx`, `.hh`, `.hpp`,
/// `.hxx`) and no `.c` file, C otherwise. One rule for the whole tree, so
/// that a header's language does not depend on which file includes it.
pub fn header_language<'p>(paths: impl IntoIterator<Item = &'p Path>) -> Language {
    let (mut cpp, mut c) = (false, false);
    for path in paths {
        match Language::from_path(path) {
            Some(Language::Cpp) => cpp = true,
            Some(Language::C) if path.extension().is_some_and(|e| e == "c") => c = true,
            _ => {}
        }
    }
    if cpp && !c {
        Language::Cpp
    } else {
        Language::C
    }
}

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

/// From the Go specification, "Predeclared identifiers": the built-in
/// functions and the types most used.
const GO_BUILTINS: &[&str] = &[
    "any", "append", "bool", "byte", "cap", "clear", "close", "complex", "copy", "delete", "error",
    "float32", "float64", "imag", "int", "int16", "int32", "int64", "int8", "len", "make", "max",
    "min", "new", "panic", "print", "println", "real", "recover", "rune", "string", "uint",
    "uint16", "uint32", "uint64", "uint8", "uintptr",
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

/// From the PHP manual's function reference: the core, string, array and
/// math functions most called bare, and the built-in classes most named.
const PHP_BUILTINS: &[&str] = &[
    "ArrayIterator",
    "Closure",
    "DateTime",
    "DateTimeImmutable",
    "Exception",
    "InvalidArgumentException",
    "LogicException",
    "RuntimeException",
    "Throwable",
    "array_filter",
    "array_key_exists",
    "array_keys",
    "array_map",
    "array_merge",
    "array_values",
    "count",
    "explode",
    "implode",
    "in_array",
    "is_array",
    "is_int",
    "is_null",
    "is_string",
    "isset",
    "json_encode",
    "max",
    "min",
    "printf",
    "sprintf",
    "str_replace",
    "strlen",
    "strtolower",
    "strtoupper",
    "substr",
    "trim",
    "unset",
];

/// From the ECMAScript global object and common host globals.
/// From the C++ standard (C++20): the cast operators, the C library
/// functions C++ code calls most, and the `std` names commonly brought in
/// with `using namespace std`.
const CPP_BUILTINS: &[&str] = &[
    "abort",
    "assert",
    "calloc",
    "cerr",
    "const_cast",
    "cout",
    "dynamic_cast",
    "endl",
    "exit",
    "fprintf",
    "free",
    "make_pair",
    "make_shared",
    "make_unique",
    "malloc",
    "memcpy",
    "memset",
    "move",
    "printf",
    "reinterpret_cast",
    "snprintf",
    "static_cast",
    "strcmp",
    "strlen",
    "swap",
];

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

/// From Ruby's `Kernel` and `Module` (Ruby 3.3 docs): the methods most
/// called bare, and `new`, which every class answers.
const RUBY_BUILTINS: &[&str] = &[
    "attr_accessor",
    "attr_reader",
    "attr_writer",
    "extend",
    "format",
    "include",
    "lambda",
    "loop",
    "module_function",
    "new",
    "p",
    "prepend",
    "print",
    "private",
    "proc",
    "protected",
    "public",
    "puts",
    "raise",
    "require",
    "require_relative",
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

/// From the Swift standard library: the global functions and the types
/// most used bare.
const SWIFT_BUILTINS: &[&str] = &[
    "Array",
    "Bool",
    "Character",
    "Dictionary",
    "Double",
    "Error",
    "Float",
    "Int",
    "Optional",
    "Result",
    "Set",
    "String",
    "abs",
    "assert",
    "assertionFailure",
    "debugPrint",
    "fatalError",
    "max",
    "min",
    "precondition",
    "preconditionFailure",
    "print",
    "stride",
    "type",
    "zip",
];

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
        member_operators: &[],
        module_system: ModuleSystem::CIncludes,
        enclosing_packages_in_scope: false,
        return_type_field: None,
        members_in_scope: false,
        overloads_by_arity: false,
        builtins: C_BUILTINS,
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
        return_type_field: None,
        members_in_scope: false,
        overloads_by_arity: false,
        builtins: PYTHON_BUILTINS,
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
        member_operators: &[],
        module_system: ModuleSystem::EcmaFiles,
        enclosing_packages_in_scope: false,
        return_type_field: None,
        members_in_scope: false,
        overloads_by_arity: false,
        builtins: ECMA_BUILTINS,
    },
];

/// A query that failed to compile: a defect in a `.scm` file, reported with
/// the language and where in the spec it is.
#[derive(Debug, Clone)]
pub struct QueryError {
    /// The language whose query failed.
    pub language: Language,
    /// The [`PatternError`], with its byte offset.
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
    pub const COUNT: usize = 14;

    /// Every language, in the order of [`Language`]'s variants.
    pub const ALL: [Language; Language::COUNT] = [
        Language::C,
        Language::Cpp,
        Language::CSharp,
        Language::Go,
        Language::Java,
        Language::JavaScript,
        Language::Kotlin,
        Language::Php,
        Language::Python,
        Language::Ruby,
        Language::Rust,
        Language::Swift,
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
            Language::Cpp => tree_sitter_cpp::LANGUAGE.into(),
            Language::CSharp => tree_sitter_c_sharp::LANGUAGE.into(),
            Language::Go => tree_sitter_go::LANGUAGE.into(),
            Language::Java => tree_sitter_java::LANGUAGE.into(),
            Language::JavaScript => tree_sitter_javascript::LANGUAGE.into(),
            Language::Kotlin => tree_sitter_kotlin_ng::LANGUAGE.into(),
            Language::Php => tree_sitter_php::LANGUAGE_PHP.into(),
            Language::Python => tree_sitter_python::LANGUAGE.into(),
            Language::Ruby => tree_sitter_ruby::LANGUAGE.into(),
            Language::Rust => tree_sitter_rust::LANGUAGE.into(),
            Language::Swift => tree_sitter_swift::LANGUAGE.into(),
            Language::Tsx => tree_sitter_typescript::LANGUAGE_TSX.into(),
            Language::TypeScript => tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into(),
        }
    }

    /// The extraction query compiled for [`Patterns`]' matcher, once per
    /// process: what the extractor runs.
    pub fn patterns(self) -> Result<&'static Patterns, QueryError> {
        static PATTERNS: [OnceLock<Result<Patterns, QueryError>>; Language::COUNT] =
            [const { OnceLock::new() }; Language::COUNT];
        PATTERNS[self as usize]
            .get_or_init(|| {
                Patterns::new(&self.grammar(), self.spec().query_source).map_err(|e| QueryError {
                    language: self,
                    message: e.to_string(),
                })
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Appends the imports declared in a parsed file to `out`.
    pub fn imports(self, root: tree_sitter::Node<'_>, source: &[u8], out: &mut Vec<ImportDecl>) {
        match self {
            Language::C => c::imports(root, source, out),
            Language::Cpp => cpp::imports(root, source, out),
            Language::CSharp => csharp::imports(root, source, out),
            Language::Go => go::imports(root, source, out),
            Language::Java => java::imports(root, source, out),
            Language::JavaScript | Language::Tsx | Language::TypeScript => {
                ecma::imports(root, source, out)
            }
            Language::Kotlin => kotlin::imports(root, source, out),
            Language::Php => php::imports(root, source, out),
            Language::Python => python::imports(root, source, out),
            Language::Ruby => ruby::imports(root, source, out),
            Language::Rust => rust::imports(root, source, out),
            Language::Swift => swift::imports(root, source, out),
        }
    }

    /// The package (namespace) a file declares, for languages whose module
    /// system is [`ModuleSystem::Packages`]: dotted for
    /// [`PackageKeys::Declared`], the `package` clause's name for
    /// [`PackageKeys::Directories`]; `None` for the default package and for
    /// other module systems.
    pub fn package(self, root: tree_sitter::Node<'_>, source: &[u8]) -> Option<String> {
        match self {
            Language::CSharp => csharp::package(root, source),
            Language::Go => go::package(root, source),
            Language::Java => java::package(root, source),
            Language::Kotlin => kotlin::package(root, source),
            Language::Php => php::package(root, source),
            Language::C
            | Language::Cpp
            | Language::JavaScript
            | Language::Python
            | Language::Ruby
            | Language::Rust
            | Language::Swift
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
            | Language::Cpp
            | Language::CSharp
            | Language::Go
            | Language::Java
            | Language::Kotlin
            | Language::Php
            | Language::Python
            | Language::Ruby
            | Language::Rust
            | Language::Swift => Vec::new(),
        }
    }

    /// Code the grammar leaves unparsed inside macro invocations, made
    /// parseable: a same-length copy of `source` keeping only the
    /// arguments of the outermost invocations under `root` (Rust macros,
    /// whose arguments tree-sitter keeps as token trees). Parsing it and
    /// running the extraction query over that tree finds the references
    /// in the arguments at their true positions; invocations nested in the
    /// arguments are found by applying the hook to that tree. `None` for
    /// languages without such macros, or when there are none.
    pub fn macro_arguments(
        self,
        root: tree_sitter::Node<'_>,
        source: &[u8],
    ) -> Option<MacroArguments> {
        if self == Language::Rust {
            rust::macro_arguments(root, source)
        } else {
            None
        }
    }

    /// [`Language::imports`], [`Language::conditional_code`] and
    /// [`Language::macro_arguments`] of the tree under `root`, in one walk
    /// of it where a language needs more than one.
    pub fn file_hooks(self, root: tree_sitter::Node<'_>, source: &[u8]) -> FileHooks {
        if self == Language::Rust {
            return rust::file_hooks(root, source);
        }
        let mut hooks = FileHooks::default();
        self.imports(root, source, &mut hooks.imports);
        self.conditional_code(root, source, &mut hooks.conditional);
        hooks.macro_arguments = self.macro_arguments(root, source);
        hooks
    }

    /// Appends the code under `root` compiled only under a condition (Rust
    /// statements under `#[cfg(…)]`); nothing for other languages.
    pub fn conditional_code(
        self,
        root: tree_sitter::Node<'_>,
        source: &[u8],
        out: &mut Vec<ConditionalCode>,
    ) {
        if self == Language::Rust {
            rust::conditional_code(root, source, out);
        }
    }

    /// Whether the definition `node` named `name` is visible outside its module.
    pub fn is_exported(self, node: tree_sitter::Node<'_>, name: &str, source: &[u8]) -> bool {
        match self {
            Language::C => c::is_exported(node),
            Language::Cpp => cpp::is_exported(node),
            Language::CSharp => csharp::is_exported(node),
            Language::Go => go::is_exported(name),
            Language::Java => java::is_exported(node),
            Language::JavaScript | Language::Tsx | Language::TypeScript => {
                ecma::is_exported(node, name)
            }
            Language::Kotlin => kotlin::is_exported(node),
            Language::Php => php::is_exported(node),
            Language::Python => python::is_exported(name),
            // Ruby's `private` is a statement about the definitions after it.
            Language::Ruby => true,
            Language::Rust => rust::is_exported(node),
            Language::Swift => swift::is_exported(node, source),
        }
    }
}

/// Parses `code` as `language`, for the hook modules' tests.
#[cfg(test)]
pub(crate) fn test_parse(language: Language, code: &str) -> tree_sitter::Tree {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&language.grammar())
        .expect("every grammar loads");
    parser
        .parse(code, None)
        .expect("no timeout or cancellation is set")
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

    #[test]
    fn h_headers_are_cpp_only_in_trees_of_cpp_without_c() {
        let language = |paths: &[&str]| header_language(paths.iter().map(Path::new));
        assert_eq!(language(&["a.h", "b.cpp"]), Language::Cpp);
        assert_eq!(language(&["a.h", "b.hpp"]), Language::Cpp);
        assert_eq!(language(&["a.h", "b.cpp", "c.c"]), Language::C);
        assert_eq!(language(&["a.h", "c.c"]), Language::C);
        assert_eq!(language(&["a.h", "x.py"]), Language::C);
        assert_eq!(language(&[]), Language::C);
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
        check("shapes.cpp", Some(Language::Cpp));
        check("shapes.cc", Some(Language::Cpp));
        check("shapes.cxx", Some(Language::Cpp));
        check("shapes.hpp", Some(Language::Cpp));
        check("shapes.hh", Some(Language::Cpp));
        check("shapes.hxx", Some(Language::Cpp));
        check("shapes.C", None);
        check("Cart.java", Some(Language::Java));
        check("Cart.php", Some(Language::Php));
        check("cart.rb", Some(Language::Ruby));
        check("shop.gemspec", Some(Language::Ruby));
        check("Rakefile", None);
        check("model/circle.go", Some(Language::Go));
        check("Sources/Shop/Circle.swift", Some(Language::Swift));
        check("Cart.kt", Some(Language::Kotlin));
        check("build.gradle.kts", Some(Language::Kotlin));
        check("Cart.cs", Some(Language::CSharp));
        check("Makefile", None);
        check("x.PY", None);
    }
}
