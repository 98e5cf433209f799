//! Entry points by rule, each with the confidence the rule gives and why:
//! where execution starts from outside the code (a program's `main`, a
//! script block, a CLI command, a web route, a test, a package's exported
//! root).

use std::collections::HashMap;

use plumb_store::graph::GraphSymbol;
use plumb_store::model::SymbolKind;

use super::Graph;
use super::answers::{EntryKind, EntryPoint};
use super::tests::{Tests, attribute_lines};
use crate::answer::Symbol;

/// A `main` that the language runs, in a program's usual place (Rust's
/// `src/main.rs` or `src/bin/`, C and C++ outside test and example
/// directories, Kotlin's top-level `main`, Swift's `@main`). Chosen: the
/// language's own rule.
pub const MAIN: f64 = 1.0;
/// Go's `main.main`: slightly below [`MAIN`], since a `main` package is
/// often a tool or generator nobody runs as the program. Chosen.
pub const GO_MAIN: f64 = 0.9;
/// A static `main` method (Java, C#, Kotlin in an object). Chosen: the
/// runtime's rule, but a class may carry one only for trying things out.
pub const METHOD_MAIN: f64 = 0.95;
/// A `main` in a test, example or benchmark directory. Chosen: run, but
/// not as the program.
pub const SIDE_MAIN: f64 = 0.7;
/// Python's `def main()`: a convention, not a rule of the language.
pub const PYTHON_MAIN: f64 = 0.6;
/// Python's `if __name__ == "__main__":` block: the language's rule.
pub const SCRIPT_BLOCK: f64 = 1.0;
/// A function under a CLI framework's command decorator. Chosen: the
/// framework calls it, once the command group is run.
pub const CLI_COMMAND: f64 = 0.9;
/// A route handler under a web framework's decorator or annotation.
/// Chosen: the framework calls it, once the application is served.
pub const ROUTE: f64 = 0.85;
/// A CLI command or route handler defined in a test, example or benchmark
/// directory. Chosen: that test or example runs it, not the project's
/// users (click 8.1.7 defines 271 commands in its tests and 54 in its
/// examples, none in its package).
pub const SIDE_DECORATED: f64 = 0.6;
/// A test function or block. Chosen: a test runner calls it; conventions
/// (file names, name prefixes) can misfire.
pub const TEST: f64 = 0.95;
/// An exported definition at a package's root. Chosen: it is the package's
/// interface, called from outside if at all.
pub const PACKAGE_ROOT: f64 = 0.5;

/// CLI frameworks' command decorators (click, typer, argparse helpers, fire).
const CLI_DECORATORS: &[&str] = &[".command", ".group", "@command", "@group", "@app.callback"];
/// Web frameworks' route markers: Flask, FastAPI, Django REST, aiohttp
/// (decorators); Spring, JAX-RS (annotations); ASP.NET (attributes);
/// Symfony (PHP attributes); NestJS (decorators); Rocket and actix (Rust).
const ROUTE_MARKERS: &[&str] = &[
    ".route(",
    ".get(",
    ".post(",
    ".put(",
    ".delete(",
    ".patch(",
    ".websocket(",
    "@api_view",
    "@GetMapping",
    "@PostMapping",
    "@PutMapping",
    "@DeleteMapping",
    "@PatchMapping",
    "@RequestMapping",
    "@GET",
    "@POST",
    "@Path(",
    "[HttpGet",
    "[HttpPost",
    "[HttpPut",
    "[HttpDelete",
    "[Route(",
    "#[Route(",
    "@Get(",
    "@Post(",
    "@Put(",
    "@Delete(",
    "#[get(",
    "#[post(",
    "#[put(",
    "#[delete(",
];
/// The file names of a package's root module.
const PACKAGE_ROOTS: &[&str] = &["__init__.py", "index.ts", "index.js", "index.tsx", "lib.rs"];
/// Directories whose programs are not the project's program.
const SIDE_DIRECTORIES: &[&str] = &[
    "test",
    "tests",
    "testing",
    "example",
    "examples",
    "bench",
    "benches",
    "benchmarks",
    "samples",
];

/// Every entry point of `graph`, surest first, then by file and line.
pub fn entry_points(graph: &Graph, tests: &Tests) -> Vec<EntryPoint> {
    let mut found: Vec<EntryPoint> = Vec::new();
    let mut lines_of: HashMap<&str, Vec<String>> = HashMap::new();
    for (at, symbol) in graph.symbols.iter().enumerate() {
        if let Some((kind, confidence, reason)) = main_rule(symbol) {
            found.push(entry(graph.symbol(at), kind, confidence, reason));
            continue;
        }
        if tests.is_test_symbol(graph, at) {
            continue;
        }
        if symbol.start_line < symbol.name_line && decorated_language(symbol) {
            let lines = lines_of
                .entry(&symbol.file)
                .or_insert_with(|| graph.file_lines(&symbol.file));
            let attributes = attribute_lines(lines, symbol);
            if let Some(rule) = decorator_rule(symbol, attributes) {
                found.push(entry(graph.symbol(at), rule.0, rule.1, rule.2));
                continue;
            }
        }
        if symbol.parent_id.is_none()
            && symbol.exported
            && PACKAGE_ROOTS.contains(&file_name(&symbol.file))
            && matches!(
                symbol.kind,
                SymbolKind::Function | SymbolKind::Class | SymbolKind::Struct | SymbolKind::Trait
            )
        {
            found.push(entry(
                graph.symbol(at),
                EntryKind::PackageRoot,
                PACKAGE_ROOT,
                format!("exported from the package root {}", file_name(&symbol.file)),
            ));
        }
    }
    found.extend(script_blocks(graph));
    for test in &tests.tests {
        let symbol = match test.symbol {
            Some(at) => graph.symbol(at),
            None => Symbol {
                name: test.name.clone(),
                qualname: test.name.clone(),
                kind: crate::answer::Kind::Defined(SymbolKind::Function),
                file: test.file.clone(),
                line: test.line,
                end_line: test.end_line,
                signature: None,
            },
        };
        found.push(entry(
            symbol,
            EntryKind::Test,
            TEST,
            format!("a {} test by its convention", test.framework),
        ));
    }
    found.sort_by(|a, b| {
        b.confidence
            .total_cmp(&a.confidence)
            .then_with(|| a.kind.cmp(&b.kind))
            .then_with(|| a.symbol.file.cmp(&b.symbol.file))
            .then_with(|| a.symbol.line.cmp(&b.symbol.line))
    });
    found
}

fn entry(symbol: Symbol, kind: EntryKind, confidence: f64, reason: String) -> EntryPoint {
    EntryPoint {
        symbol,
        kind,
        confidence,
        reason,
    }
}

fn file_name(file: &str) -> &str {
    file.rsplit('/').next().unwrap_or(file)
}

fn in_side_directory(file: &str) -> bool {
    file.split('/')
        .rev()
        .skip(1)
        .any(|dir| SIDE_DIRECTORIES.contains(&dir))
}

fn decorated_language(symbol: &GraphSymbol) -> bool {
    matches!(
        symbol.language.as_deref(),
        Some(
            "python"
                | "rust"
                | "java"
                | "kotlin"
                | "csharp"
                | "php"
                | "typescript"
                | "tsx"
                | "swift"
        )
    )
}

/// The `main` rules.
fn main_rule(symbol: &GraphSymbol) -> Option<(EntryKind, f64, String)> {
    if !matches!(symbol.kind, SymbolKind::Function | SymbolKind::Method)
        || !(symbol.name == "main" || symbol.name == "Main")
    {
        return None;
    }
    let language = symbol.language.as_deref().unwrap_or("");
    let top = symbol.parent_id.is_none();
    let side = in_side_directory(&symbol.file);
    let rule =
        |confidence: f64, reason: &str| Some((EntryKind::Main, confidence, reason.to_owned()));
    match language {
        _ if side && top => rule(
            SIDE_MAIN,
            "a main function in a test, example or benchmark directory",
        ),
        "go" if top && symbol.name == "main" => rule(
            GO_MAIN,
            "Go's main.main (a main package may be a tool nobody runs)",
        ),
        "rust" if top && symbol.name == "main" => rule(MAIN, "Rust's fn main"),
        "c" | "cpp" if top && symbol.name == "main" => rule(MAIN, "the C runtime's main"),
        "kotlin" if top && symbol.name == "main" => rule(MAIN, "Kotlin's top-level fun main"),
        "java" | "csharp" | "kotlin" if !top => rule(METHOD_MAIN, "a static main method"),
        "python" if top && symbol.name == "main" => {
            rule(PYTHON_MAIN, "a Python function named main (a convention)")
        }
        _ => None,
    }
}

/// The decorator and attribute rules.
fn decorator_rule(symbol: &GraphSymbol, attributes: &[String]) -> Option<(EntryKind, f64, String)> {
    let matching = |markers: &[&str]| {
        attributes.iter().find_map(|line| {
            let line = line.trim();
            markers
                .iter()
                .any(|marker| in_head(line, marker))
                .then(|| line.to_owned())
        })
    };
    if symbol.language.as_deref() == Some("swift")
        && attributes.iter().any(|line| line.trim() == "@main")
    {
        return Some((EntryKind::Main, MAIN, "Swift's @main".into()));
    }
    if symbol.language.as_deref() == Some("rust")
        && attributes
            .iter()
            .any(|line| line.contains("::main]") || line.contains("::main("))
    {
        return Some((
            EntryKind::Main,
            MAIN,
            "an async runtime's #[…::main]".into(),
        ));
    }
    let side = in_side_directory(&symbol.file);
    let (placed, route, command) = if side {
        (
            " (in a test, example or benchmark directory)",
            SIDE_DECORATED,
            SIDE_DECORATED,
        )
    } else {
        ("", ROUTE, CLI_COMMAND)
    };
    if let Some(line) = matching(ROUTE_MARKERS) {
        return Some((
            EntryKind::Route,
            route,
            format!("route handler: {line}{placed}"),
        ));
    }
    if symbol.language.as_deref() == Some("python")
        && let Some(line) = matching(CLI_DECORATORS)
    {
        return Some((
            EntryKind::CliCommand,
            command,
            format!("CLI command: {line}{placed}"),
        ));
    }
    None
}

/// Whether `marker` is in the head of the attribute or decorator `line`
/// (trimmed): at its start (`@GetMapping`, `[HttpGet`, `#[get(`), or
/// right after the dotted name a decorator starts with (`@app` in
/// `@app.get(`). Not in its arguments: a decorator's argument on a line of
/// its own (`default=lambda: os.environ.get("USER"),`, which made two
/// click tests "routes") is no marker.
fn in_head(line: &str, marker: &str) -> bool {
    line.match_indices(marker).any(|(at, _)| {
        let head = &line[..at];
        head.is_empty()
            || head.strip_prefix('@').is_some_and(|name| {
                name.chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == '.')
            })
    })
}

/// Python files with an `if __name__ == "__main__":` block, as entry points
/// on the file's top level at the block's line.
pub fn script_blocks(graph: &Graph) -> Vec<EntryPoint> {
    let files = graph
        .files
        .iter()
        .filter(|(_, language)| language == "python")
        .map(|(file, _)| file.as_str());
    let mut found = Vec::new();
    for file in files {
        if let Some(line) = script_block_line(&graph.file_lines(file)) {
            let mut symbol = Symbol::top_level(file);
            symbol.line = line;
            found.push(entry(
                symbol,
                EntryKind::ScriptBlock,
                SCRIPT_BLOCK,
                "if __name__ == \"__main__\": block".into(),
            ));
        }
    }
    found
}

/// The line of a Python file's `if __name__ == "__main__":`.
pub fn script_block_line(lines: &[String]) -> Option<u32> {
    lines
        .iter()
        .position(|line| {
            let compact: String = line.chars().filter(|c| !c.is_whitespace()).collect();
            compact.starts_with("if__name__==\"__main__\"")
                || compact.starts_with("if__name__=='__main__'")
        })
        .map(|at| at as u32 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_marker_counts_in_a_decorators_head_only() {
        for line in [
            "@app.get(\"/x\")",
            "@router.route(\"/y\", methods=[\"POST\"])",
            "@GetMapping(\"/z\")",
            "[HttpGet(\"a\")]",
            "#[get(\"/\")]",
        ] {
            assert!(ROUTE_MARKERS.iter().any(|m| in_head(line, m)), "{line}");
        }
        for line in [
            "default=lambda: os.environ.get(\"USER\", \"\"),",
            "@click.option(\"--user\", default=lambda: env.get(\"USER\"))",
            "callback=registry.post(handler),",
        ] {
            assert!(!ROUTE_MARKERS.iter().any(|m| in_head(line, m)), "{line}");
        }
    }
}
