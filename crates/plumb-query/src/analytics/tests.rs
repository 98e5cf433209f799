//! Test discovery by each language's conventions. A test is a range of
//! lines in a file: a test function's extent, or a test block written as
//! a call (`it("…", () => …)`, `TEST(Suite, Name)`), found in the text.
//! A reference site inside that range belongs to the test.
//!
//! | language | convention |
//! |---|---|
//! | Python | `test*` functions and methods in `test_*.py`, `*_test.py` or under `tests/` (pytest, unittest) |
//! | Rust | functions under `#[test]`, `#[tokio::test]`, `#[rstest]`, … |
//! | Go | `TestX`, `BenchmarkX`, `FuzzX`, `ExampleX` functions in `*_test.go` |
//! | Java, Kotlin | methods under `@Test`, `@ParameterizedTest`, `@RepeatedTest` (JUnit) |
//! | C# | methods under `[Test]`, `[TestCase]`, `[Fact]`, `[Theory]`, `[TestMethod]` |
//! | PHP | `test*` methods in `*Test.php`, or under `#[Test]` (PHPUnit) |
//! | Ruby | `test_*` methods in `*_test.rb` (minitest); `it "…"` blocks in `*_spec.rb` (RSpec) |
//! | Swift | `test*` methods in `*Tests.swift` (XCTest) |
//! | JavaScript, TypeScript | `it(…)` and `test(…)` blocks in `*.test.*`, `*.spec.*`, `__tests__/` (jest, vitest, mocha) |
//! | C, C++ | `TEST(…)`, `TEST_F(…)`, `TEST_P(…)` blocks (GoogleTest); `test_*` functions under `test`/`tests` |

use std::collections::HashMap;

use plumb_store::graph::GraphSymbol;
use plumb_store::model::SymbolKind;

use super::Graph;

/// One test.
#[derive(Clone, Debug, PartialEq)]
pub struct Test {
    /// Its name: the qualified name of a test function, or the block's title.
    pub name: String,
    /// Its file.
    pub file: String,
    /// Its first line.
    pub line: u32,
    /// Its last line.
    pub end_line: u32,
    /// The convention it was recognised by.
    pub framework: &'static str,
    /// The test function's position in the graph, if it is one.
    pub symbol: Option<usize>,
}

/// Every test of the graph, with a lookup by file and line.
pub struct Tests {
    /// The tests, by file then line.
    pub tests: Vec<Test>,
    by_file: HashMap<String, Vec<usize>>,
}

impl Tests {
    /// Finds the tests of `graph` (reading the files whose conventions
    /// need their text).
    pub fn find(graph: &Graph) -> Tests {
        let mut positions: HashMap<&str, Vec<usize>> = HashMap::new();
        for (at, symbol) in graph.symbols.iter().enumerate() {
            positions.entry(symbol.file.as_str()).or_default().push(at);
        }
        let mut tests = Vec::new();
        for (file, language) in &graph.files {
            let symbols = positions.get(file.as_str()).map_or(&[][..], Vec::as_slice);
            file_tests(graph, file, language, symbols, &mut tests);
        }
        let mut by_file: HashMap<String, Vec<usize>> = HashMap::new();
        for (at, test) in tests.iter().enumerate() {
            by_file.entry(test.file.clone()).or_default().push(at);
        }
        Tests { tests, by_file }
    }

    /// The tests whose lines hold `line` of `file` (innermost last).
    pub fn at(&self, file: &str, line: u32) -> impl Iterator<Item = usize> + '_ {
        self.by_file
            .get(file)
            .into_iter()
            .flatten()
            .copied()
            .filter(move |&at| (self.tests[at].line..=self.tests[at].end_line).contains(&line))
    }

    /// Whether the symbol at `at` is a test function.
    pub fn is_test_symbol(&self, graph: &Graph, at: usize) -> bool {
        let symbol = &graph.symbols[at];
        self.at(&symbol.file, symbol.name_line)
            .any(|test| self.tests[test].symbol == Some(at))
    }
}

fn file_name(file: &str) -> &str {
    file.rsplit('/').next().unwrap_or(file)
}

fn in_directory(file: &str, names: &[&str]) -> bool {
    file.split('/')
        .rev()
        .skip(1)
        .any(|dir| names.contains(&dir))
}

fn is_callable(symbol: &GraphSymbol) -> bool {
    matches!(symbol.kind, SymbolKind::Function | SymbolKind::Method)
}

/// The attribute and decorator lines above a definition's name.
pub fn attribute_lines<'a>(lines: &'a [String], symbol: &GraphSymbol) -> &'a [String] {
    let start = symbol.start_line.saturating_sub(1) as usize;
    let end = (symbol.name_line.saturating_sub(1) as usize).min(lines.len());
    lines.get(start..end.max(start)).unwrap_or(&[])
}

/// Whether an attribute line holds one of `markers` as a whole attribute
/// name (`@Test` but not `@Testing`).
fn has_marker(lines: &[String], markers: &[&str]) -> bool {
    lines.iter().any(|line| {
        markers.iter().any(|marker| {
            line.match_indices(marker).any(|(at, _)| {
                let next = line[at + marker.len()..].chars().next();
                !next.is_some_and(|c| c.is_alphanumeric() || c == '_')
            })
        })
    })
}

fn symbol_test(graph: &Graph, at: usize, framework: &'static str) -> Test {
    let symbol = &graph.symbols[at];
    Test {
        name: symbol.qualname.clone(),
        file: symbol.file.clone(),
        line: symbol.start_line,
        end_line: symbol.end_line,
        framework,
        symbol: Some(at),
    }
}

fn file_tests(graph: &Graph, file: &str, language: &str, positions: &[usize], out: &mut Vec<Test>) {
    let name = file_name(file);
    let symbols = || {
        positions
            .iter()
            .copied()
            .filter(|&at| is_callable(&graph.symbols[at]))
    };
    let named = |prefixes: &[&str], framework: &'static str, out: &mut Vec<Test>| {
        for at in symbols() {
            if prefixes
                .iter()
                .any(|p| graph.symbols[at].name.starts_with(p))
            {
                out.push(symbol_test(graph, at, framework));
            }
        }
    };
    let marked = |markers: &[&str], framework: &'static str, out: &mut Vec<Test>| {
        let lines = graph.file_lines(file);
        for at in symbols() {
            if has_marker(attribute_lines(&lines, &graph.symbols[at]), markers) {
                out.push(symbol_test(graph, at, framework));
            }
        }
    };
    match language {
        "python" => {
            let test_file = (name.starts_with("test_") || name.ends_with("_test.py"))
                || in_directory(file, &["tests", "test"]);
            if test_file {
                named(&["test"], "pytest", out);
            }
        }
        "go" if name.ends_with("_test.go") => {
            named(&["Test", "Benchmark", "Fuzz", "Example"], "go", out);
        }
        "rust" => marked(
            &[
                "#[test]",
                "#[tokio::test",
                "#[rstest",
                "#[test_case",
                "#[quickcheck",
            ],
            "rust",
            out,
        ),
        "java" | "kotlin" => marked(
            &[
                "@Test",
                "@ParameterizedTest",
                "@RepeatedTest",
                "@TestFactory",
            ],
            "junit",
            out,
        ),
        "csharp" => marked(
            &["[Test", "[TestCase", "[Fact", "[Theory", "[TestMethod"],
            "dotnet",
            out,
        ),
        "php" => {
            if name.ends_with("Test.php") {
                named(&["test"], "phpunit", out);
            } else {
                marked(&["#[Test"], "phpunit", out);
            }
        }
        "ruby" if name.ends_with("_test.rb") => named(&["test_"], "minitest", out),
        "ruby" if name.ends_with("_spec.rb") => {
            blocks(graph, file, &["it", "specify", "scenario"], "rspec", out)
        }
        "swift" if name.ends_with("Tests.swift") || name.ends_with("Test.swift") => {
            named(&["test"], "xctest", out);
        }
        "javascript" | "typescript" | "tsx" => {
            let test_file = [".test.", ".spec.", "_test.", "-test."]
                .iter()
                .any(|marker| name.contains(marker))
                || in_directory(file, &["__tests__"]);
            if test_file {
                blocks(graph, file, &["it", "test"], "jest", out);
            }
        }
        "c" | "cpp" => {
            gtest_blocks(graph, file, out);
            if in_directory(file, &["test", "tests"]) {
                named(&["test_"], "c", out);
            }
        }
        _ => {}
    }
}

/// Test blocks written as calls with a title: `it("adds", () => …)`,
/// `test('x', …)`, `it "adds" do`. Each runs to the line before the next
/// block (or the end of the file).
fn blocks(
    graph: &Graph,
    file: &str,
    callees: &[&str],
    framework: &'static str,
    out: &mut Vec<Test>,
) {
    let lines = graph.file_lines(file);
    let mut starts: Vec<(u32, String)> = Vec::new();
    for (number, line) in lines.iter().enumerate() {
        let text = line.trim_start();
        for callee in callees {
            let Some(rest) = text.strip_prefix(callee) else {
                continue;
            };
            let rest = rest
                .strip_prefix(".only")
                .or_else(|| rest.strip_prefix(".skip"))
                .unwrap_or(rest);
            let rest = rest.strip_prefix('(').unwrap_or(rest).trim_start();
            if let Some(quote) = rest
                .chars()
                .next()
                .filter(|c| matches!(c, '"' | '\'' | '`'))
            {
                let title: String = rest[1..].chars().take_while(|c| *c != quote).collect();
                starts.push((number as u32 + 1, title));
                break;
            }
        }
    }
    push_blocks(file, &starts, lines.len() as u32, framework, out);
}

/// GoogleTest's `TEST(Suite, Name)`, `TEST_F(…)`, `TEST_P(…)`.
fn gtest_blocks(graph: &Graph, file: &str, out: &mut Vec<Test>) {
    let lines = graph.file_lines(file);
    let mut starts = Vec::new();
    for (number, line) in lines.iter().enumerate() {
        let text = line.trim_start();
        for macro_name in ["TEST(", "TEST_F(", "TEST_P("] {
            if let Some(rest) = text.strip_prefix(macro_name) {
                let title: String = rest
                    .chars()
                    .take_while(|c| *c != ')')
                    .filter(|c| !c.is_whitespace())
                    .collect();
                starts.push((number as u32 + 1, title.replace(',', ".")));
            }
        }
    }
    push_blocks(file, &starts, lines.len() as u32, "gtest", out);
}

fn push_blocks(
    file: &str,
    starts: &[(u32, String)],
    last_line: u32,
    framework: &'static str,
    out: &mut Vec<Test>,
) {
    for (i, (line, title)) in starts.iter().enumerate() {
        let end_line = starts.get(i + 1).map_or(last_line, |(next, _)| next - 1);
        out.push(Test {
            name: title.clone(),
            file: file.to_owned(),
            line: *line,
            end_line: end_line.max(*line),
            framework,
            symbol: None,
        });
    }
}

#[cfg(test)]
mod unit {
    use super::*;

    #[test]
    fn a_marker_matches_a_whole_attribute_name_only() {
        let lines = vec!["    @Test".to_owned()];
        assert!(has_marker(&lines, &["@Test"]));
        let lines = vec!["    @Testing".to_owned()];
        assert!(!has_marker(&lines, &["@Test"]));
        let lines = vec!["#[tokio::test(flavor = \"multi_thread\")]".to_owned()];
        assert!(has_marker(&lines, &["#[tokio::test"]));
    }

    #[test]
    fn a_file_is_in_a_directory_only_by_its_directories() {
        assert!(in_directory("pkg/tests/test_a.py", &["tests"]));
        assert!(!in_directory("pkg/tests", &["tests"]));
    }
}
