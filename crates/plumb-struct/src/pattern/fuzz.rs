//! Property tests (issue 27): a random pattern, read as a random language,
//! compiles or is refused with a clear error, never a panic; a compiled one
//! searches random source, with and without a rewrite template, and each
//! step takes a bounded time.

use std::time::{Duration, Instant};

use plumb_lang::Language;
use proptest::prelude::*;

use crate::{StructError, StructPattern, compile, find_matches};

/// Random patterns per run, spread over the languages. Chosen: about four
/// per language keeps the test to a few seconds in a debug build.
const CASES: u32 = 64;

/// Longest one compile or one search may take. Chosen: patterns and
/// sources here are a few hundred bytes and take milliseconds; a second
/// means something went superlinear or hung.
const PER_STEP: Duration = Duration::from_secs(1);

/// The parse bound handed to the search, above `PER_STEP` so that a hang
/// shows as a slow step, not as a parse timeout.
const PARSE_TIMEOUT: Duration = Duration::from_secs(5);

/// Pattern text: the tokens code is written with in the fourteen
/// languages, metavariables of every form (and malformed ones), and
/// arbitrary text.
fn pattern_text() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        4 => prop::sample::select(vec![
            "$X", "$Y", "$_", "$$$ARGS", "$$$", "$$", "$", "$x", "$1", "µX", "µ",
            "f", "obj", "log", "dispose", "null", "NULL", "self", "this", "0", "1.5",
            "\"s\"", "'c'", "`t`", "if ", "else ", "return ", "fn ", "def ", "class ",
            "function ", "new ", "let ", "var ", "const ", "struct ", "impl ", "match ",
            "(", ")", "{", "}", "[", "]", "<", ">", ";", ",", ":", "::", ".", "->", "=>",
            "=", "==", "!=", "+", "*", "&", "|", "!", "?", "#", "@", "\\", "/*", "*/",
            "//", "\n", " ", "\t", "é", "\u{feff}", "\r\n",
        ])
        .prop_map(str::to_owned),
        1 => any::<String>(),
    ];
    proptest::collection::vec(token, 0..24).prop_map(|tokens| tokens.concat())
}

/// A short source mixing calls, conditions and blocks, searched by every
/// pattern that compiles.
fn source_text() -> impl Strategy<Value = String> {
    let line = prop::sample::select(vec![
        "f(x);\n",
        "obj.dispose();\n",
        "if (x != null) { x.dispose(); }\n",
        "log.info(\"m\");\n",
        "return f(a, b, c);\n",
        "x = y + 1;\n",
        "// f(x);\n",
        "\"f(x)\"\n",
        "def g(a):\n    return a\n",
        "fn h() -> i32 { 0 }\n",
        "class C { void m() { f(1); } }\n",
        "}\n",
        "{\n",
    ]);
    proptest::collection::vec(line, 0..16).prop_map(|lines| lines.concat())
}

/// Whether `err` is one the pattern language can give: an input error with
/// a message.
fn is_clear_input_error(err: &StructError) -> bool {
    err.is_input() && !err.to_string().trim().is_empty()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn random_patterns_compile_or_are_refused_clearly(
        which in 0..Language::ALL.len(),
        pattern in pattern_text(),
        template in pattern_text(),
        source in source_text(),
    ) {
        let language = Language::ALL[which];
        let started = Instant::now();
        let compiled = StructPattern::compile(&pattern, language);
        prop_assert!(started.elapsed() < PER_STEP, "{} compile of {pattern:?} took {:?}", language.name(), started.elapsed());
        match compiled {
            Err(err) => prop_assert!(is_clear_input_error(&err), "{}: {err:?}", language.name()),
            Ok(compiled) => {
                let started = Instant::now();
                let found = find_matches(&compiled, &source, PARSE_TIMEOUT);
                prop_assert!(found.is_ok(), "{}: {found:?}", language.name());
                prop_assert!(started.elapsed() < PER_STEP, "{} search with {pattern:?} took {:?}", language.name(), started.elapsed());
            }
        }
        let started = Instant::now();
        if let Err(err) = compile(&pattern, Some(&template), language) {
            prop_assert!(is_clear_input_error(&err), "{} template {template:?}: {err:?}", language.name());
        }
        prop_assert!(started.elapsed() < PER_STEP, "{} template compile took {:?}", language.name(), started.elapsed());
    }
}
