//! The context ladder: for each language, the wrappings a pattern is tried
//! in — statement, expression, class member, top level, in that order —
//! since a fragment parsed bare can become another construct (C reads
//! `dispose(x);` at the top level as a declaration, not a call). Each rung
//! is chosen by hand for its language's grammar: a function body, an
//! initializer, a class (or struct, or impl) body, the file itself.

use plumb_lang::Language;

/// One rung: the text around the pattern.
#[derive(Clone, Copy, Debug)]
pub struct Context {
    /// What the rung reads the pattern as (`statement`, `expression`,
    /// `member`, `top level`).
    pub role: &'static str,
    /// The text before the pattern.
    pub prefix: &'static str,
    /// The text after the pattern.
    pub suffix: &'static str,
    /// Written before each of the pattern's lines after the first (Python's
    /// blocks are indented).
    pub indent: &'static str,
}

const fn rung(role: &'static str, prefix: &'static str, suffix: &'static str) -> Context {
    Context {
        role,
        prefix,
        suffix,
        indent: "",
    }
}

const fn indented(role: &'static str, prefix: &'static str, indent: &'static str) -> Context {
    Context {
        role,
        prefix,
        suffix: "\n",
        indent,
    }
}

const STATEMENT: &str = "statement";
const EXPRESSION: &str = "expression";
const MEMBER: &str = "member";
const TOP: &str = "top level";

const C: [Context; 4] = [
    rung(STATEMENT, "void plumb_ctx(void) {\n", "\n}\n"),
    rung(EXPRESSION, "void plumb_ctx(void) { plumb_ctx = ", "; }\n"),
    rung(MEMBER, "struct plumb_ctx {\n", "\n};\n"),
    rung(TOP, "", ""),
];
const CPP: [Context; 4] = [
    rung(STATEMENT, "void plumb_ctx() {\n", "\n}\n"),
    rung(EXPRESSION, "void plumb_ctx() { plumb_ctx = ", "; }\n"),
    rung(MEMBER, "class plumb_ctx {\n", "\n};\n"),
    rung(TOP, "", ""),
];
const CSHARP: [Context; 4] = [
    rung(STATEMENT, "class PlumbCtx { void M() {\n", "\n} }\n"),
    rung(
        EXPRESSION,
        "class PlumbCtx { void M() { var plumbCtx = ",
        "; } }\n",
    ),
    rung(MEMBER, "class PlumbCtx {\n", "\n}\n"),
    rung(TOP, "", ""),
];
const GO: [Context; 4] = [
    rung(STATEMENT, "package p\nfunc plumbCtx() {\n", "\n}\n"),
    rung(EXPRESSION, "package p\nvar plumbCtx = ", "\n"),
    rung(MEMBER, "package p\ntype plumbCtx struct {\n", "\n}\n"),
    rung(TOP, "", ""),
];
const JAVA: [Context; 4] = [
    rung(STATEMENT, "class PlumbCtx { void m() {\n", "\n} }\n"),
    rung(EXPRESSION, "class PlumbCtx { Object plumbCtx = ", "; }\n"),
    rung(MEMBER, "class PlumbCtx {\n", "\n}\n"),
    rung(TOP, "", ""),
];
const ECMA: [Context; 4] = [
    rung(STATEMENT, "function plumbCtx() {\n", "\n}\n"),
    rung(EXPRESSION, "plumbCtx = ", ";\n"),
    rung(MEMBER, "class PlumbCtx {\n", "\n}\n"),
    rung(TOP, "", ""),
];
const KOTLIN: [Context; 4] = [
    rung(STATEMENT, "fun plumbCtx() {\n", "\n}\n"),
    rung(EXPRESSION, "val plumbCtx = ", "\n"),
    rung(MEMBER, "class PlumbCtx {\n", "\n}\n"),
    rung(TOP, "", ""),
];
const PHP: [Context; 4] = [
    rung(STATEMENT, "<?php function plumb_ctx() {\n", "\n}\n"),
    rung(EXPRESSION, "<?php $plumb_ctx = ", ";\n"),
    rung(MEMBER, "<?php class PlumbCtx {\n", "\n}\n"),
    rung(TOP, "<?php\n", "\n"),
];
const PYTHON: [Context; 4] = [
    indented(STATEMENT, "def plumb_ctx():\n    ", "    "),
    rung(EXPRESSION, "plumb_ctx = ", "\n"),
    indented(MEMBER, "class PlumbCtx:\n    ", "    "),
    rung(TOP, "", ""),
];
const RUBY: [Context; 4] = [
    rung(STATEMENT, "def plumb_ctx\n", "\nend\n"),
    rung(EXPRESSION, "plumb_ctx = ", "\n"),
    rung(MEMBER, "class PlumbCtx\n", "\nend\n"),
    rung(TOP, "", ""),
];
const RUST: [Context; 4] = [
    rung(STATEMENT, "fn plumb_ctx() {\n", "\n}\n"),
    rung(EXPRESSION, "fn plumb_ctx() { let plumb_ctx = ", "; }\n"),
    rung(MEMBER, "impl PlumbCtx {\n", "\n}\n"),
    rung(TOP, "", ""),
];
const SWIFT: [Context; 4] = [
    rung(STATEMENT, "func plumbCtx() {\n", "\n}\n"),
    rung(EXPRESSION, "let plumbCtx = ", "\n"),
    rung(MEMBER, "class PlumbCtx {\n", "\n}\n"),
    rung(TOP, "", ""),
];

/// The ladder of `language`, tried in order.
pub fn ladder(language: Language) -> &'static [Context; 4] {
    match language {
        Language::C => &C,
        Language::Cpp => &CPP,
        Language::CSharp => &CSHARP,
        Language::Go => &GO,
        Language::Java => &JAVA,
        Language::JavaScript | Language::TypeScript | Language::Tsx => &ECMA,
        Language::Kotlin => &KOTLIN,
        Language::Php => &PHP,
        Language::Python => &PYTHON,
        Language::Ruby => &RUBY,
        Language::Rust => &RUST,
        Language::Swift => &SWIFT,
    }
}

impl Context {
    /// The pattern `text` wrapped in this context, and the byte range the
    /// pattern occupies in it.
    pub fn wrap(&self, text: &str) -> (String, std::ops::Range<usize>) {
        let mut out = String::with_capacity(self.prefix.len() + text.len() + self.suffix.len());
        out.push_str(self.prefix);
        let start = out.len();
        for (i, line) in text.split('\n').enumerate() {
            if i > 0 {
                out.push('\n');
                if !line.is_empty() {
                    out.push_str(self.indent);
                }
            }
            out.push_str(line);
        }
        let end = out.len();
        out.push_str(self.suffix);
        (out, start..end)
    }
}
