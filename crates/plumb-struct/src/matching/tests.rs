use std::time::Duration;

use plumb_lang::Language;

use crate::{StructError, StructPattern, find_matches};

/// Each match's text and captures (`NAME=text`), one line per match.
fn check(language: Language, pattern: &str, source: &str) -> Vec<String> {
    let compiled = StructPattern::compile(pattern, language)
        .unwrap_or_else(|e| panic!("{} pattern `{pattern}`: {e}", language.name()));
    find_matches(&compiled, source, Duration::from_secs(5))
        .unwrap()
        .into_iter()
        .map(|m| {
            let captures: Vec<String> = m
                .captures
                .iter()
                .map(|(name, text)| format!("{name}={text}"))
                .collect();
            format!(
                "{}:{} {} [{}]",
                m.line,
                m.column,
                m.text,
                captures.join(" ")
            )
        })
        .collect()
}

#[test]
fn repeated_metavariable_must_capture_the_same_text() {
    let source = "if (a != null) a.dispose();\nif (a != null) b.dispose();\n";
    assert_eq!(
        check(Language::JavaScript, "if ($X != null) $X.dispose()", source),
        ["1:1 if (a != null) a.dispose(); [X=a]"]
    );
}

#[test]
fn strings_and_comments_are_not_code() {
    let source = "x = 'log(1)'\n# log(2)\nlog(3)\n";
    assert_eq!(
        check(Language::Python, "log($A)", source),
        ["3:1 log(3) [A=3]"]
    );
}

#[test]
fn spacing_and_line_breaks_do_not_matter() {
    let source = "fn main() {\n    call(\n        a,\n        b,\n    );\n}\n";
    assert_eq!(
        check(Language::Rust, "call($A,   $B)", source),
        ["2:5 call(\n        a,\n        b,\n    ) [A=a B=b]"]
    );
}

#[test]
fn multi_metavariable_captures_the_whole_list() {
    let source = "log.info(\"a\", 1, two);\n";
    assert_eq!(
        check(Language::Java, "log.info($$$ARGS)", source),
        ["1:1 log.info(\"a\", 1, two) [ARGS=\"a\", 1, two]"]
    );
}

#[test]
fn the_ladder_reads_a_c_call_as_an_expression() {
    let bare = plumb_lang::parse_timed(Language::C, "dispose(x)", Duration::from_secs(5)).unwrap();
    assert_eq!(
        bare.root_node().to_sexp(),
        "(translation_unit (ERROR (macro_type_specifier name: (identifier) type: (type_descriptor type: (type_identifier)))))",
        "bare, C reads the call as a macro's type"
    );
    let compiled = StructPattern::compile("dispose($X)", Language::C).unwrap();
    assert_eq!(compiled.role(), "expression");
    assert_eq!(
        check(Language::C, "dispose($X)", "void f(void) { dispose(p); }\n"),
        ["1:16 dispose(p) [X=p]"]
    );
}

#[test]
fn a_member_pattern_climbs_to_the_member_rung() {
    let compiled = StructPattern::compile("public void $M() {}", Language::Java).unwrap();
    assert_eq!(compiled.role(), "member");
}

#[test]
fn the_literals_are_the_named_leaves_longest_first() {
    let compiled = StructPattern::compile("$A.dispose($B)", Language::TypeScript).unwrap();
    assert_eq!(compiled.literals(), ["dispose"]);
    assert_eq!(compiled.variables(), ["A", "B"]);
    let compiled = StructPattern::compile("log.warning($X)", Language::Python).unwrap();
    assert_eq!(compiled.literals(), ["warning", "log"]);
}

#[test]
fn bad_patterns_are_refused() {
    assert!(matches!(
        StructPattern::compile("  ", Language::Rust),
        Err(StructError::EmptyPattern)
    ));
    assert!(matches!(
        StructPattern::compile("$X", Language::Rust),
        Err(StructError::OnlyMetavariable(_))
    ));
    assert!(matches!(
        StructPattern::compile("$$$A", Language::Go),
        Err(StructError::OnlyMetavariable(_))
    ));
    let unparsable = StructPattern::compile("fn (((", Language::Rust).unwrap_err();
    assert!(unparsable.to_string().contains("rust"), "{unparsable}");
}
