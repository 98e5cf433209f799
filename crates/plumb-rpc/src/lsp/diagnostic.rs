//! plumb's own diagnostic: what a server published, reduced to the fields
//! an agent reads, with 1-based positions and a root-relative file.

use serde::Serialize;

/// How bad a diagnostic is (LSP's `DiagnosticSeverity`; a diagnostic
/// without one is taken as an error, as the specification lets the client
/// decide).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Stops the build.
    Error,
    /// Compiles, but suspicious.
    Warning,
    /// For information.
    Information,
    /// A hint (an unused name, a possible simplification).
    Hint,
}

impl Severity {
    /// The severity of an LSP diagnostic.
    pub fn of(severity: Option<lsp_types::DiagnosticSeverity>) -> Severity {
        match severity {
            Some(lsp_types::DiagnosticSeverity::WARNING) => Severity::Warning,
            Some(lsp_types::DiagnosticSeverity::INFORMATION) => Severity::Information,
            Some(lsp_types::DiagnosticSeverity::HINT) => Severity::Hint,
            _ => Severity::Error,
        }
    }

    /// Its name, as serialised.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Information => "information",
            Severity::Hint => "hint",
        }
    }
}

/// One diagnostic of one file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Diagnostic {
    /// How bad it is.
    pub severity: Severity,
    /// The server's code for it (`reportAttributeAccessIssue`, `2322`), if any.
    pub code: Option<String>,
    /// The server's message.
    pub message: String,
    /// The file, relative to the root, `/`-separated.
    pub file: String,
    /// Its first line, 1-based.
    pub line: u32,
    /// Its first column, 1-based, in the position encoding the server
    /// chose (UTF-8 bytes where it accepted plumb's offer, else UTF-16
    /// code units).
    pub column: u32,
    /// What produced it (`Pyright`, `typescript`, `clang`, `compiler`).
    pub source: Option<String>,
}

impl Diagnostic {
    /// The diagnostic of `file` the server published as `lsp`.
    pub fn from_lsp(file: &str, lsp: &lsp_types::Diagnostic) -> Diagnostic {
        let code = lsp.code.as_ref().map(|code| match code {
            lsp_types::NumberOrString::Number(n) => n.to_string(),
            lsp_types::NumberOrString::String(s) => s.clone(),
        });
        Diagnostic {
            severity: Severity::of(lsp.severity),
            code,
            message: lsp.message.clone(),
            file: file.to_owned(),
            line: lsp.range.start.line.saturating_add(1),
            column: lsp.range.start.character.saturating_add(1),
            source: lsp.source.clone(),
        }
    }

    /// The one-line text form: `file:line:column: severity[code]: message`.
    pub fn line_text(&self) -> String {
        let code = self
            .code
            .as_ref()
            .map(|code| format!("[{code}]"))
            .unwrap_or_default();
        format!(
            "{}:{}:{}: {}{code}: {}",
            self.file,
            self.line,
            self.column,
            self.severity.as_str(),
            self.message
        )
    }
}
