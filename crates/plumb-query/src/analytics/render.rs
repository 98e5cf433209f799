//! The one text rendering of each analytics answer item.

use std::fmt::Write as _;

use super::answers::{ChangeReport, CoChange, Community, EntryPoint, Process, SqlRow};
use crate::render::{Render, printable};

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("  ");
    }
}

/// `#0 label  (size N, cohesion C)`, then the central symbols.
impl Render for Community {
    fn render(&self, out: &mut String, depth: usize) {
        indent(out, depth);
        let _ = writeln!(
            out,
            "#{} {}  (size {}, cohesion {:.2})",
            self.id,
            printable(&self.label),
            self.size,
            self.cohesion
        );
        for symbol in &self.central {
            indent(out, depth);
            let _ = writeln!(
                out,
                "    {} {}  ({}:{})",
                symbol.kind,
                printable(&symbol.qualname),
                printable(&symbol.file),
                symbol.line
            );
        }
    }
}

/// `kind qualname  (file:line) [confidence] reason`.
impl Render for EntryPoint {
    fn render(&self, out: &mut String, depth: usize) {
        indent(out, depth);
        let _ = writeln!(
            out,
            "{} {}  ({}:{}) [{:.2}] {}",
            self.kind.as_str(),
            printable(&self.symbol.qualname),
            printable(&self.symbol.file),
            self.symbol.line,
            self.confidence,
            self.reason
        );
    }
}

/// The entry point, then each step indented by its depth.
impl Render for Process {
    fn render(&self, out: &mut String, depth: usize) {
        self.entry.render(out, depth);
        for step in &self.steps {
            indent(out, depth + step.depth as usize);
            let _ = writeln!(
                out,
                "{} {}  ({}:{})",
                step.symbol.kind,
                printable(&step.symbol.qualname),
                printable(&step.symbol.file),
                step.symbol.line
            );
        }
        if self.cut {
            indent(out, depth + 1);
            out.push_str("[… cut at the depth or step bound]\n");
        }
    }
}

/// `file  support S, confidence C, weighted W`; for a definition,
/// `qualname  (file:line)  support …`.
impl Render for CoChange {
    fn render(&self, out: &mut String, depth: usize) {
        indent(out, depth);
        let place = match (&self.symbol, self.line) {
            (Some(symbol), Some(line)) => {
                format!("{}  ({}:{line})", printable(symbol), printable(&self.file))
            }
            _ => printable(&self.file).into_owned(),
        };
        let _ = writeln!(
            out,
            "{place}  support {}, confidence {:.2}, weighted {:.2}",
            self.support, self.confidence, self.weighted
        );
    }
}

/// The sections of the report, one line per entry.
impl Render for ChangeReport {
    fn render(&self, out: &mut String, depth: usize) {
        indent(out, depth);
        let _ = writeln!(out, "# compared: {}", self.compared);
        indent(out, depth);
        let _ = writeln!(
            out,
            "# risk: {} ({:.2}): {}",
            self.risk.level,
            self.risk.score,
            self.risk.factors.join("; ")
        );
        indent(out, depth);
        let _ = writeln!(out, "# hunks: {}", self.hunks.len());
        for hunk in &self.hunks {
            indent(out, depth + 1);
            let _ = writeln!(
                out,
                "{}:{}-{}  +{} -{}",
                printable(&hunk.file),
                hunk.start,
                hunk.end,
                hunk.added,
                hunk.removed
            );
        }
        indent(out, depth);
        let _ = writeln!(out, "# changed: {}", self.changed.len());
        for changed in &self.changed {
            indent(out, depth + 1);
            let s = &changed.symbol;
            let _ = writeln!(
                out,
                "{} {}  ({}:{}) {} lines",
                s.kind,
                printable(&s.qualname),
                printable(&s.file),
                s.line,
                changed.lines
            );
        }
        indent(out, depth);
        let _ = writeln!(out, "# impacted: {}", self.impacted.len());
        for impacted in &self.impacted {
            indent(out, depth + 1);
            let s = &impacted.symbol;
            let _ = writeln!(
                out,
                "{} {} {}  ({}:{}) depth {} [{:.2}] <- {}",
                impacted.relation,
                s.kind,
                printable(&s.qualname),
                printable(&s.file),
                s.line,
                impacted.depth,
                impacted.confidence,
                printable(&impacted.changed)
            );
        }
        indent(out, depth);
        let _ = writeln!(out, "# tests to run: {}", self.tests.len());
        for test in &self.tests {
            indent(out, depth + 1);
            let _ = writeln!(
                out,
                "{} {}  ({}:{}) [{:.2}] via {}",
                test.framework,
                printable(&test.name),
                printable(&test.file),
                test.line,
                test.confidence,
                printable(&test.path.join(" -> "))
            );
        }
    }
}

/// Values separated by tabs (text printable, null as `NULL`).
impl Render for SqlRow {
    fn render(&self, out: &mut String, depth: usize) {
        indent(out, depth);
        let cells: Vec<String> = self
            .0
            .iter()
            .map(|value| match value {
                serde_json::Value::Null => "NULL".to_owned(),
                serde_json::Value::String(text) => printable(text).into_owned(),
                other => other.to_string(),
            })
            .collect();
        let _ = writeln!(out, "{}", cells.join("\t"));
    }
}
