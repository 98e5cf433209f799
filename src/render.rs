//! Human-readable rendering of answers: one line per result, paths as
//! `file:line`, resolution and confidence in brackets.

use std::fmt::Write;

use plumb_index::Summary;
use plumb_query::answer::{
    Answer, Callee, Caller, Dependent, Implementation, OutlineNode, Reference, Site, Symbol,
    SymbolDetail,
};

use crate::status::Report;

fn at(symbol: &Symbol) -> String {
    format!("{}:{}", symbol.file, symbol.line)
}

fn targets<R: serde::Serialize>(answer: &Answer<R>, out: &mut String) {
    if answer.targets.len() > 1 {
        for target in &answer.targets {
            let _ = writeln!(
                out,
                "# target: {} {} ({})",
                target.kind,
                target.qualname,
                at(target)
            );
        }
    }
}

fn sites(sites: &[Site]) -> String {
    sites
        .iter()
        .map(|s| format!("{}:{}", s.file, s.line))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `symbol`.
pub fn symbols(answer: &Answer<Vec<SymbolDetail>>, out: &mut String) {
    for detail in &answer.results {
        let s = &detail.symbol;
        let _ = writeln!(
            out,
            "{} {}  {}:{}-{}",
            s.kind, s.qualname, s.file, detail.start_line, s.end_line
        );
        if let Some(signature) = &s.signature {
            let _ = writeln!(out, "    {signature}");
        }
        if let Some(doc) = detail.doc.as_deref().and_then(|d| d.lines().next()) {
            let _ = writeln!(out, "    {doc}");
        }
    }
}

/// `outline`.
pub fn outline(answer: &Answer<Vec<OutlineNode>>, out: &mut String) {
    fn walk(nodes: &[OutlineNode], depth: usize, out: &mut String) {
        for node in nodes {
            let s = &node.symbol;
            // A block's name is its header, which starts with its keyword.
            let kind = if s.kind == "impl" { "" } else { &s.kind };
            let _ = writeln!(
                out,
                "{:indent$}{:>5}  {}{}{}",
                "",
                s.line,
                kind,
                if kind.is_empty() { "" } else { " " },
                s.name,
                indent = depth * 2
            );
            walk(&node.children, depth + 1, out);
        }
    }
    walk(&answer.results, 0, out);
}

/// `refs`.
pub fn refs(answer: &Answer<Vec<Reference>>, out: &mut String) {
    targets(answer, out);
    for r in &answer.results {
        let within = r
            .enclosing
            .as_ref()
            .map_or_else(|| "top level".to_owned(), |e| e.qualname.clone());
        let _ = writeln!(
            out,
            "{}:{}:{}  {}  in {}  [{} {:.2}]",
            r.file, r.line, r.col, r.kind, within, r.resolution, r.confidence
        );
    }
}

/// `callers`.
pub fn callers(answer: &Answer<Vec<Caller>>, out: &mut String) {
    targets(answer, out);
    for c in &answer.results {
        let _ = writeln!(
            out,
            "{} {}  ({})  [{} {:.2}]  at {}",
            c.caller.kind,
            c.caller.qualname,
            at(&c.caller),
            c.resolution,
            c.confidence,
            sites(&c.sites)
        );
    }
}

/// `callees`.
pub fn callees(answer: &Answer<Vec<Callee>>, out: &mut String) {
    targets(answer, out);
    for c in &answer.results {
        let _ = writeln!(
            out,
            "{} {}  ({})  [{} {:.2}]  at {}",
            c.callee.kind,
            c.callee.qualname,
            at(&c.callee),
            c.resolution,
            c.confidence,
            sites(&c.sites)
        );
    }
}

/// `impls`.
pub fn impls(answer: &Answer<Vec<Implementation>>, out: &mut String) {
    targets(answer, out);
    for i in &answer.results {
        let how = if i.direct { "direct" } else { "indirect" };
        let _ = writeln!(
            out,
            "{} {}  ({})  {how}",
            i.symbol.kind,
            i.symbol.qualname,
            at(&i.symbol)
        );
    }
}

/// `impact`.
pub fn impact(answer: &Answer<Vec<Dependent>>, out: &mut String) {
    targets(answer, out);
    for d in &answer.results {
        let _ = writeln!(
            out,
            "{}  {:10}  {} {}  ({})",
            d.depth,
            d.relation,
            d.symbol.kind,
            d.symbol.qualname,
            at(&d.symbol)
        );
    }
}

/// `search`.
pub fn search(answer: &Answer<Vec<Symbol>>, out: &mut String) {
    for s in &answer.results {
        let _ = writeln!(out, "{} {}  ({})", s.kind, s.qualname, at(s));
    }
}

/// `status`.
pub fn status(report: &Report, out: &mut String) {
    let r = &report.results;
    let _ = writeln!(out, "root: {}", r.root);
    if let Some(commit) = &r.git_commit {
        let _ = writeln!(out, "git commit: {commit}");
    }
    let _ = writeln!(
        out,
        "symbols: {}  occurrences: {}  resolved: {}",
        r.symbols, r.occurrences, r.resolved_occurrences
    );
    let methods: Vec<String> = r
        .resolutions
        .iter()
        .map(|(m, n)| format!("{m} {n}"))
        .collect();
    let _ = writeln!(out, "resolutions: {}", methods.join(", "));
    let languages: Vec<String> = r
        .languages
        .iter()
        .map(|(l, n)| format!("{l} {n}"))
        .collect();
    let _ = writeln!(out, "languages: {}", languages.join(", "));
    for l in &r.by_language {
        let _ = writeln!(
            out,
            "  {}: {} files, {} symbols, {} occurrences, {:.0}% of {} calls resolved beyond the name",
            l.language,
            l.files,
            l.symbols,
            l.occurrences,
            l.calls_resolved_share * 100.0,
            l.calls
        );
    }
    let files: Vec<String> = r
        .files
        .iter()
        .filter(|(_, n)| **n > 0)
        .map(|(s, n)| format!("{s} {n}"))
        .collect();
    let _ = writeln!(
        out,
        "files: {}  (with syntax errors: {})",
        files.join(", "),
        r.files_with_syntax_errors
    );
    for skipped in &r.skipped {
        let _ = writeln!(
            out,
            "  {}  {}: {}",
            skipped.path,
            skipped.status,
            skipped.reason.as_deref().unwrap_or("")
        );
    }
    let f = &r.freshness;
    let _ = writeln!(
        out,
        "freshness: {} ({} files changed since indexing)",
        f.state, f.changed_files
    );
}

/// A run's summary as JSON: file counts by status, rows, time in all and
/// by phase, and what was reused, resolved and rewritten.
pub fn summary_json(summary: &Summary) -> serde_json::Value {
    let files: serde_json::Map<String, serde_json::Value> = summary
        .files
        .iter()
        .map(|(status, n)| (status.as_str().to_owned(), (*n).into()))
        .collect();
    serde_json::json!({
        "files": files,
        "files_with_syntax_errors": summary.files_with_syntax_errors,
        "symbols": summary.symbols,
        "occurrences": summary.occurrences,
        "resolved_occurrences": summary.resolved_occurrences,
        "elapsed_ms": summary.elapsed.as_millis() as u64,
        "phases_ms": summary
            .phases
            .iter()
            .map(|(name, took)| ((*name).to_owned(), (took.as_millis() as u64).into()))
            .collect::<serde_json::Map<String, serde_json::Value>>(),
        "up_to_date": summary.up_to_date,
        "reused_files": summary.reused_files,
        "resolved_files": summary.resolved_files,
        "rewritten_files": summary.rewritten_files,
    })
}

/// The one-line summary printed after `plumb index`.
pub fn summary_line(summary: &Summary) -> String {
    let indexed = summary.count(plumb_store::model::FileStatus::Indexed);
    let skipped: usize = summary.files.iter().map(|(_, n)| n).sum::<usize>() - indexed;
    let quarantined = summary.count(plumb_store::model::FileStatus::Quarantined);
    let (verb, reuse) = if summary.up_to_date {
        ("up to date, nothing changed:", String::new())
    } else if summary.reused_files > 0 {
        (
            "indexed",
            format!(
                "{} parsed, {} unchanged, ",
                indexed.saturating_sub(summary.reused_files),
                summary.reused_files
            ),
        )
    } else {
        ("indexed", String::new())
    };
    format!(
        "{verb} {indexed} files ({reuse}{skipped} skipped, {quarantined} quarantined, {} with syntax errors): {} symbols, {} occurrences ({} resolved) in {:.2}s",
        summary.files_with_syntax_errors,
        summary.symbols,
        summary.occurrences,
        summary.resolved_occurrences,
        summary.elapsed.as_secs_f64()
    )
}
