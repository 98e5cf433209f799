//! The language table: the [`Language`] variants, the file extensions that
//! map to them (sorted, a test keeps it so), their tree-sitter grammars,
//! and each language's extraction query compiled once per process.

use std::path::Path;
use std::sync::OnceLock;

use crate::patterns::Patterns;
use crate::spec::{SPECS, Spec};

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

/// A query that failed to compile: a defect in a `.scm` file, reported with
/// the language and where in the spec it is.
#[derive(Debug, Clone)]
pub struct QueryError {
    /// The language whose query failed.
    pub language: Language,
    /// The [`crate::PatternError`], with its byte offset.
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
