//! plumb-accuracy: derives questions from SCIP indexes and scores plumb's answers.
//!
//!   plumb-accuracy derive --lang L --scip FILE --root DIR --project P --version V
//!                         --role dev|heldout --corpus REL --cap N --out FILE
//!   plumb-accuracy score --repo-root DIR --plumb BIN [--jobs N] [--out-json F] [--out-md F]
//!                        [--thresholds F] [--write-thresholds F --margin M] [--label TEXT]
//!                        QUESTIONS.json...
//!   plumb-accuracy score-scip --repo-root DIR --plumb BIN --scip-dir DIR [--out-json F] [--out-md F]
//!                             [--label TEXT] QUESTIONS.json...
//!                             (the same questions answered from plumb's SCIP export)
//!   plumb-accuracy clang-scip --root DIR --out FILE.scip [--lang c|cpp] [--c-index-test BIN]
//!                             [--jobs N] [-- CLANG-ARGS...]
//!                             (a C or C++ project's SCIP index, from libclang)
//!   plumb-accuracy dump FILE.scip [PATH-FILTER]      (debugging: print a SCIP index)

#[cfg(feature = "derive")]
mod clang;
#[cfg(feature = "derive")]
mod derive;
mod model;
mod score;
#[cfg(feature = "derive")]
mod score_scip;

use anyhow::{bail, Context, Result};
use std::collections::BTreeMap;
use std::path::PathBuf;

fn main() {
    if let Err(e) = run() {
        eprintln!("plumb-accuracy: {e:#}");
        std::process::exit(2);
    }
}

struct Args {
    flags: BTreeMap<String, String>,
    rest: Vec<String>,
    /// Everything after a lone `--`, passed on as it is (`clang-scip`'s clang arguments).
    #[cfg_attr(not(feature = "derive"), allow(dead_code))]
    passthrough: Vec<String>,
}

fn parse_args(v: &[String]) -> Args {
    let mut flags = BTreeMap::new();
    let mut rest = vec![];
    let mut passthrough = vec![];
    let mut i = 0;
    while i < v.len() {
        if v[i] == "--" {
            passthrough = v[i + 1..].to_vec();
            break;
        } else if let Some(f) = v[i].strip_prefix("--") {
            flags.insert(f.to_string(), v.get(i + 1).cloned().unwrap_or_default());
            i += 2;
        } else {
            rest.push(v[i].clone());
            i += 1;
        }
    }
    Args { flags, rest, passthrough }
}

impl Args {
    fn get(&self, k: &str) -> Result<&str> {
        self.flags.get(k).map(String::as_str).with_context(|| format!("missing --{k}"))
    }
    fn opt(&self, k: &str) -> Option<&str> {
        self.flags.get(k).map(String::as_str)
    }
}

fn run() -> Result<()> {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let Some(cmd) = argv.first() else { bail!("usage: plumb-accuracy derive|score|clang-scip|dump ...") };
    let args = parse_args(&argv[1..]);
    match cmd.as_str() {
        #[cfg(feature = "derive")]
        "derive" => {
            let lang = derive::Lang::parse(args.get("lang")?)?;
            let scip = PathBuf::from(args.get("scip")?);
            let root = PathBuf::from(args.get("root")?);
            let d = derive::Derived::load(lang, &scip, &root)?;
            let opts = derive::DeriveOptions {
                project: args.get("project")?.into(),
                version: args.get("version")?.into(),
                role: args.get("role")?.into(),
                corpus: args.get("corpus")?.into(),
                cap: args.opt("cap").unwrap_or("30").parse()?,
            };
            let set = derive::derive(&d, &opts, derive::indexer_name(&scip)?);
            let mut per_kind: BTreeMap<&str, usize> = BTreeMap::new();
            for q in &set.questions {
                *per_kind.entry(q.kind.as_str()).or_default() += 1;
            }
            eprintln!("{}: {:?} {:?}", opts.project, per_kind, d.stats);
            std::fs::write(args.get("out")?, serde_json::to_string_pretty(&set)?)?;
        }
        #[cfg(feature = "derive")]
        "clang-scip" => {
            use protobuf::Message;
            let opts = clang::Options {
                root: PathBuf::from(args.get("root")?),
                dialect: clang::Dialect::parse(args.opt("lang").unwrap_or("c"))?,
                c_index_test: PathBuf::from(args.opt("c-index-test").unwrap_or("/usr/lib/llvm-16/bin/c-index-test")),
                clang_args: args.passthrough.clone(),
                jobs: args.opt("jobs").unwrap_or("2").parse()?,
            };
            let (index, stats) = clang::index(&opts)?;
            eprintln!("{}: {stats}", opts.root.display());
            std::fs::write(args.get("out")?, index.write_to_bytes()?)?;
        }
        #[cfg(feature = "derive")]
        "dump" => dump(&args.rest)?,
        #[cfg(feature = "derive")]
        "score-scip" => {
            let opts = score_scip::Options {
                plumb: PathBuf::from(args.get("plumb")?),
                repo_root: PathBuf::from(args.get("repo-root")?),
                out_dir: PathBuf::from(args.get("scip-dir")?),
            };
            let sets = read_sets(&args.rest)?;
            let outcomes = score_scip::score_sets(&opts, &sets)?;
            report(&args, &sets, &outcomes, "Accuracy of plumb's SCIP export (`plumb export --format scip`; each question answered from it by the rules its truth was derived by) against SCIP ground truth. The export has no confidences and no name-only guesses (hc-P empty; F1 w/o guesses is F1); a locate fail is a target the export does not define at its site; a definition question checks that the export defines the symbol at each truth site (SCIP holds no qualified names to look up).")?;
        }
        "score" => {
            let opts = score::Options {
                plumb: PathBuf::from(args.get("plumb")?),
                repo_root: PathBuf::from(args.get("repo-root")?),
                jobs: args.opt("jobs").unwrap_or("2").parse()?,
            };
            let sets = read_sets(&args.rest)?;
            let outcomes = score::score_sets(&opts, &sets)?;
            report(&args, &sets, &outcomes, "Accuracy of plumb against SCIP ground truth.")?;
        }
        _ => bail!("unknown command {cmd}"),
    }
    Ok(())
}

fn read_sets(files: &[String]) -> Result<Vec<model::QuestionSet>> {
    let mut sets = vec![];
    for f in files {
        let text = std::fs::read_to_string(f).with_context(|| format!("reading {f}"))?;
        sets.push(serde_json::from_str::<model::QuestionSet>(&text).with_context(|| format!("parsing {f}"))?);
    }
    Ok(sets)
}

/// Prints the tables (and writes them, the outcomes and thresholds as the flags ask).
fn report(args: &Args, sets: &[model::QuestionSet], outcomes: &[score::Outcome], heading: &str) -> Result<()> {
    let by_lang = score::tally(outcomes, |o| format!("{} ({})", o.lang, o.role));
    let by_project = score::tally(outcomes, |o| o.project.clone());
    let label = args.opt("label").unwrap_or("");
    let mut md = String::new();
    md += &format!("{heading} {label}\n\n");
    md += "Per language (dev projects, then held-out):\n\n";
    md += &score::markdown_table(&by_lang, "language");
    md += "\nPer project:\n\n";
    md += &score::markdown_table(&by_project, "project");
    md += "\nP, R, F1: micro-averaged over the answers' edges; hc-P: precision of edges plumb marks with confidence ≥ 0.8 (callers, callees, references); F1 w/o guesses: F1 with plumb's name-only edges left out; locate fails: questions whose `path:LINE` plumb resolved to another symbol (counted as all-missing).\n";
    print!("{md}");
    let projects: Vec<serde_json::Value> = sets
        .iter()
        .map(|s| serde_json::json!({"project": s.project, "version": s.version, "lang": s.lang, "role": s.role, "indexer": s.indexer, "questions": s.questions.len()}))
        .collect();
    let json = serde_json::json!({
        "label": label,
        "projects": projects,
        "by_language": by_lang.iter().map(|((g, k), t)| serde_json::json!({"group": g, "kind": k, "tally": t})).collect::<Vec<_>>(),
        "by_project": by_project.iter().map(|((g, k), t)| serde_json::json!({"project": g, "kind": k, "tally": t})).collect::<Vec<_>>(),
        "questions": outcomes,
    });
    if let Some(p) = args.opt("out-json") {
        std::fs::write(p, serde_json::to_string_pretty(&json)?)?;
    }
    if let Some(p) = args.opt("out-md") {
        std::fs::write(p, &md)?;
    }
    if let Some(p) = args.opt("write-thresholds") {
        let margin: f64 = args.opt("margin").unwrap_or("0.02").parse()?;
        write_thresholds(p, &by_project, margin)?;
    }
    if let Some(p) = args.opt("thresholds") {
        check_thresholds(p, &by_project)?;
    }
    Ok(())
}

/// Writes thresholds at the measured F1 and high-confidence precision less `margin`
/// (rounded down to 0.01), per project and kind.
fn write_thresholds(path: &str, t: &BTreeMap<(String, String), score::Tally>, margin: f64) -> Result<()> {
    let mut out: BTreeMap<String, BTreeMap<String, BTreeMap<String, f64>>> = BTreeMap::new();
    let floor = |x: f64| (((x - margin) * 100.0).floor() / 100.0).max(0.0);
    for ((project, kind), tally) in t {
        let e = out.entry(project.clone()).or_default().entry(kind.clone()).or_default();
        if let Some(f1) = tally.f1 {
            e.insert("f1".into(), floor(f1));
        }
        if let Some(hc) = tally.hc_precision {
            e.insert("hc_precision".into(), floor(hc));
        }
    }
    std::fs::write(path, serde_json::to_string_pretty(&out)? + "\n")?;
    Ok(())
}

/// Thresholds file: {"project": {"kind": {"f1": x, "hc_precision": y}}}. Fails (exit 1) when
/// any measured value is below its threshold.
fn check_thresholds(path: &str, t: &BTreeMap<(String, String), score::Tally>) -> Result<()> {
    let text = std::fs::read_to_string(path)?;
    let want: BTreeMap<String, BTreeMap<String, BTreeMap<String, f64>>> = serde_json::from_str(&text)?;
    let mut failed = 0;
    let mut passed = 0;
    for (project, kinds) in &want {
        for (kind, mins) in kinds {
            let Some(tally) = t.get(&(project.clone(), kind.clone())) else {
                eprintln!("FAIL {project} {kind}: no questions scored");
                failed += 1;
                continue;
            };
            for (metric, min) in mins {
                let got = match metric.as_str() {
                    "f1" => tally.f1,
                    "precision" => tally.precision,
                    "recall" => tally.recall,
                    "hc_precision" => tally.hc_precision,
                    _ => bail!("unknown metric {metric}"),
                };
                let got = got.unwrap_or(0.0);
                if got + 1e-9 < *min {
                    eprintln!("FAIL {project} {kind} {metric}: {got:.3} < {min:.3}");
                    failed += 1;
                } else {
                    passed += 1;
                }
            }
        }
    }
    println!("accuracy: {passed} passed, {failed} failed");
    if failed > 0 {
        std::process::exit(1);
    }
    Ok(())
}

#[cfg(feature = "derive")]
fn dump(rest: &[String]) -> Result<()> {
    use protobuf::Message;
    let bytes = std::fs::read(&rest[0])?;
    let idx = scip::types::Index::parse_from_bytes(&bytes)?;
    let want = rest.get(1).cloned().unwrap_or_default();
    println!("tool {} {} docs {}", idx.metadata.tool_info.name, idx.metadata.tool_info.version, idx.documents.len());
    for d in &idx.documents {
        if !d.relative_path.contains(&want) {
            continue;
        }
        println!("DOC {}", d.relative_path);
        for o in &d.occurrences {
            println!("  O {:?} {} roles={} enclosing={:?}", o.range, o.symbol, o.symbol_roles, o.enclosing_range);
        }
        for s in &d.symbols {
            let rel: Vec<_> = s.relationships.iter().map(|r| (r.symbol.clone(), r.is_reference, r.is_implementation, r.is_type_definition)).collect();
            println!("  S {} kind={:?} rel={:?}", s.symbol, s.kind, rel);
        }
    }
    Ok(())
}
