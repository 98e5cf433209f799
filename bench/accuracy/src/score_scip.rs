//! `score-scip`: scores plumb's SCIP export (`plumb export --format scip`) on the question sets,
//! as `score` scores its CLI. Each set's corpus is exported by the given plumb (its index must
//! exist), read back as `derive` reads an indexer's SCIP, and every question is answered from
//! it by `derive`'s own rules (`Derived::answer`): the answer is what a SCIP consumer applying
//! the truth's rules to plumb's export would see. The export has no confidences and leaves
//! name-only guesses out, so hc-P is empty and F1 w/o guesses equals F1.

use crate::derive::{Answer, Derived, Lang};
use crate::model::QuestionSet;
use crate::score::{judge_edges, locate_failure, Edge, Lookups, Outcome};
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

pub struct Options {
    pub plumb: PathBuf,
    pub repo_root: PathBuf,
    /// Where the exports are written, one `PROJECT.scip` per set.
    pub out_dir: PathBuf,
}

/// Exports each set's corpus with plumb and scores every question from the export.
pub fn score_sets(opts: &Options, sets: &[QuestionSet]) -> Result<Vec<Outcome>> {
    std::fs::create_dir_all(&opts.out_dir).with_context(|| format!("creating {}", opts.out_dir.display()))?;
    let mut outcomes = vec![];
    for set in sets {
        let root = opts.repo_root.join(&set.corpus);
        let scip = opts.out_dir.join(format!("{}.scip", set.project.replace('/', "_")));
        export(&opts.plumb, &root, &scip)?;
        let index = Derived::load(Lang::parse(&set.lang)?, &scip, &root)?;
        outcomes.extend(score_set(&index, set));
    }
    Ok(outcomes)
}

/// Scores one set's questions from an index of its corpus.
pub fn score_set(index: &Derived, set: &QuestionSet) -> Vec<Outcome> {
    let lookups = Lookups::of(set);
    set.questions
        .iter()
        .map(|q| match index.answer(q) {
            Answer::Keys(keys) => {
                let edges = keys
                    .into_iter()
                    .map(|(key, at)| Edge { key, at, resolution: None, confidence: None })
                    .collect();
                judge_edges(set, &lookups, q, 0, edges)
            }
            Answer::NotLocated(why) => locate_failure(set, q, 1, why),
        })
        .collect()
}

fn export(plumb: &Path, root: &Path, out: &Path) -> Result<()> {
    let run = Command::new(plumb)
        .arg("--root")
        .arg(root)
        .args(["export", "--format", "scip", "--output"])
        .arg(out)
        .output()
        .with_context(|| format!("running {}", plumb.display()))?;
    if !run.status.success() {
        bail!("plumb export of {} failed: {}", root.display(), String::from_utf8_lossy(&run.stderr).trim());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Expect, Question};
    use protobuf::Message;
    use scip::types::{Document, Index, Occurrence};

    const SOURCE: &str = "def helper():\n    return 1\n\n\ndef main():\n    return helper()\n";
    const HELPER: &str = "plumb . . . a.py/helper().";
    const MAIN: &str = "plumb . . . a.py/main().";

    fn occurrence(range: [i32; 3], symbol: &str, definition: bool, enclosing: Option<[i32; 4]>) -> Occurrence {
        let mut o = Occurrence::new();
        o.range = range.to_vec();
        o.symbol = symbol.into();
        o.symbol_roles = definition as i32;
        if let Some(e) = enclosing {
            o.enclosing_range = e.to_vec();
        }
        o
    }

    /// Scores the two questions on an index of `a.py` holding `occurrences`.
    fn score(name: &str, occurrences: Vec<Occurrence>) -> Vec<Outcome> {
        let dir = std::env::temp_dir().join(format!("plumb-accuracy-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("a.py"), SOURCE).unwrap();
        let mut document = Document::new();
        document.relative_path = "a.py".into();
        document.occurrences = occurrences;
        let mut index = Index::new();
        index.documents = vec![document];
        let scip = dir.join("index.scip");
        std::fs::write(&scip, index.write_to_bytes().unwrap()).unwrap();
        let derived = Derived::load(Lang::Python, &scip, &dir).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        let expect = Some(Expect { file: "a.py".into(), line: 1, name: "helper".into() });
        let question = |kind: &str, truth: &str| Question {
            id: format!("t/{kind}/0"),
            kind: kind.into(),
            query: "a.py:1".into(),
            expect: expect.clone(),
            tags: vec![],
            symbol: HELPER.into(),
            truth: vec![truth.into()],
        };
        let set = QuestionSet {
            project: "t".into(),
            version: "0".into(),
            lang: "python".into(),
            role: "dev".into(),
            corpus: String::new(),
            indexer: "hand-made".into(),
            files: vec!["a.py".into()],
            local_def_keys: vec![],
            aliases: Default::default(),
            unjudged_lines: Default::default(),
            questions: vec![question("callers", "a.py:5"), question("references", "a.py:6")],
        };
        score_set(&derived, &set)
    }

    fn counts(o: &Outcome) -> (usize, usize, usize, bool) {
        (o.tp, o.fp, o.fn_, o.locate_failed)
    }

    #[test]
    fn a_right_export_scores_every_edge() {
        let outcomes = score(
            "right",
            vec![
                occurrence([0, 4, 10], HELPER, true, Some([0, 0, 1, 12])),
                occurrence([4, 4, 8], MAIN, true, Some([4, 0, 5, 19])),
                occurrence([5, 11, 17], HELPER, false, None),
            ],
        );
        assert_eq!(outcomes.iter().map(counts).collect::<Vec<_>>(), [(1, 0, 0, false), (1, 0, 0, false)]);
    }

    #[test]
    fn a_missing_reference_is_missed_and_a_wrong_one_is_extra() {
        let missing = score(
            "missing",
            vec![occurrence([0, 4, 10], HELPER, true, Some([0, 0, 1, 12])), occurrence([4, 4, 8], MAIN, true, Some([4, 0, 5, 19]))],
        );
        assert_eq!(missing.iter().map(counts).collect::<Vec<_>>(), [(0, 0, 1, false), (0, 0, 1, false)]);
        // The call attributed to the top level (no enclosing range for main) and a reference on
        // the wrong line.
        let wrong = score(
            "wrong",
            vec![
                occurrence([0, 4, 10], HELPER, true, Some([0, 0, 1, 12])),
                occurrence([4, 4, 8], "plumb . . . a.py/main.", true, None),
                occurrence([1, 11, 17], HELPER, false, None),
            ],
        );
        assert_eq!(wrong.iter().map(counts).collect::<Vec<_>>(), [(0, 0, 1, false), (0, 1, 1, false)]);
    }

    #[test]
    fn an_export_without_the_target_is_a_locate_failure() {
        let outcomes = score("absent", vec![occurrence([4, 4, 8], MAIN, true, Some([4, 0, 5, 19]))]);
        assert_eq!(outcomes.iter().map(counts).collect::<Vec<_>>(), [(0, 0, 1, true), (0, 0, 1, true)]);
    }
}
