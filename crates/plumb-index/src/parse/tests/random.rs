//! Property tests: random source in every language goes through parse and
//! extraction without a panic (which the quarantine would turn into a
//! `quarantined` file) and within a bounded time.

use std::time::{Duration, Instant};

use plumb_lang::Language;
use plumb_store::model::FileStatus;
use proptest::prelude::*;

use super::status;
use crate::parse::check_and_extract;

/// Random files per run, spread over the languages. Measured: 160 took
/// 16 s in a debug build on a busy 2-core machine; 48 (about 4 per
/// language) keeps it to a few seconds.
const CASES: u32 = 48;

/// Longest one random file may take. Chosen: these files are at most a
/// few kilobytes and take milliseconds; a second means something went
/// superlinear.
const PER_FILE: Duration = Duration::from_secs(1);

/// Source made of the tokens definitions, calls and nesting are written
/// with in the supported languages, and arbitrary text.
fn source_text() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        prop::sample::select(vec![
            "fn ",
            "def ",
            "function ",
            "class ",
            "struct ",
            "impl ",
            "mod ",
            "namespace ",
            "interface ",
            "trait ",
            "enum ",
            "package a;",
            "import a.b;",
            "use a::b;",
            "#include \"a.h\"\n",
            "<?php ",
            "module ",
            "let ",
            "var ",
            "const ",
            "return ",
            "new ",
            "export ",
            "pub ",
            "static ",
            "async ",
            "=> ",
            "-> ",
            "func ",
            "fun ",
            "{",
            "}",
            "(",
            ")",
            "[",
            "]",
            "<",
            ">",
            ";",
            ",",
            ":",
            "::",
            ".",
            "=",
            "\"",
            "'",
            "`",
            "#",
            "@",
            "$",
            "\\",
            "/*",
            "*/",
            "//",
            "\n",
            "    ",
            "a",
            "B",
            "x1",
            "self",
            "this",
            "0",
            "é",
            "\u{feff}",
            "\r\n",
        ])
        .prop_map(str::to_owned),
        any::<String>(),
    ];
    proptest::collection::vec(token, 0..200).prop_map(|tokens| tokens.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn random_source_parses_and_extracts_in_every_language(
        which in 0..Language::ALL.len(),
        source in source_text(),
    ) {
        let language = Language::ALL[which];
        let started = Instant::now();
        let outcome = check_and_extract(language, source.as_bytes(), Duration::from_secs(30));
        let took = started.elapsed();
        prop_assert_ne!(status(&outcome), Some(FileStatus::Quarantined), "{:?}", outcome);
        prop_assert!(took < PER_FILE, "{} took {:?}", language.name(), took);
    }
}
