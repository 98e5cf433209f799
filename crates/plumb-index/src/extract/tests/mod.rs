//! The extractor's tests: the language-neutral ones here, with the helpers
//! every test uses; those on one language's code in the file named after
//! it.

mod cpp;
mod csharp;
mod go;
mod kotlin;
mod php;
mod python;
mod rust;
mod swift;
mod typescript;

use plumb_lang::Language;
use plumb_store::model::OccurrenceKind;

use super::captures::roles;
use super::extract;
use super::signature::{MAX_SIGNATURE, fold_signature};
use super::text::truncate;
use crate::facts::{Container, FileFacts};

/// The facts of `code` parsed as `language` (also used by the tests of the
/// facts cache and of interfaces).
pub(crate) fn facts(language: Language, code: &str) -> FileFacts {
    let mut parser = plumb_lang::tree_sitter::Parser::new();
    parser.set_language(&language.grammar()).unwrap();
    let tree = parser.parse(code, None).unwrap();
    extract(language, &tree, &[], code).unwrap()
}

pub(super) fn defs(facts: &FileFacts) -> Vec<String> {
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
                d.kind,
                d.name,
                d.span.start_line(),
                d.span.end_line(),
                parent
            )
        })
        .collect()
}

/// The parameter count of each definition extracted from `code`.
pub(super) fn parameters(language: Language, code: &str) -> Vec<Option<u32>> {
    facts(language, code)
        .defs
        .iter()
        .map(|d| d.parameters)
        .collect()
}

/// The name and argument count of each call extracted from `code`.
pub(super) fn arguments(language: Language, code: &str) -> Vec<(String, Option<u32>)> {
    facts(language, code)
        .refs
        .iter()
        .filter(|r| r.kind == OccurrenceKind::Call)
        .map(|r| (r.name.clone(), r.arguments))
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
