//! `search`: symbols for a name or a question in words. Three rankers —
//! `name` (exact name, then prefix, then the words of a split name: what
//! `search` always did), `lexical` (BM25 over each symbol's words, from the
//! store's full-text entries) and `semantic` (cosine similarity of the
//! static model's embeddings, [`plumb_embed`]) — each over-fetch
//! [`OVER_FETCH`] times the limit, and their lists are fused by reciprocal
//! rank ([`RRF_K`]). In the default `auto` mode an exact or prefix name
//! match comes first, then the fused ranking.

use std::collections::{HashMap, HashSet};

use plumb_embed::{StaticModel, cosine};
use plumb_store::model::SymbolKind;
use plumb_store::search::SearchFilter;
use plumb_store::{Store, split_identifier};

use crate::answer::{Answer, Completeness, Query, Ranker, SearchHit, Symbol};
use crate::args::{SearchArgs, SearchMode};
use crate::hint::{Hint, Surface};
use crate::{Error, Result};

/// The constant of reciprocal-rank fusion: a result at rank r of a list
/// adds 1 / (K + r). From Cormack, Clarke and Büttcher, "Reciprocal Rank
/// Fusion outperforms Condorcet and individual Rank Learning Methods"
/// (SIGIR 2009), where K = 60 was chosen and found robust.
pub const RRF_K: f64 = 60.0;

/// How many more results than asked each ranker lists before fusion.
/// Chosen (as the issue asks): a result a ranker places just past the
/// limit can still rise by the others' votes.
pub const OVER_FETCH: usize = 3;

/// How much each ranker's reciprocal ranks count in the fusion. Measured
/// (bench/semantic, dev corpora click, rxjs and regex-automata, 600
/// queries, lexical and semantic lists fused offline): recall@10 0.582
/// with the semantic ranker at half weight, 0.582 at three quarters, 0.557
/// at full weight; the static model's list is the weaker of the two. The
/// name ranker keeps full weight (not tuned: the evaluation's queries leave
/// out their target's name).
fn ranker_weight(ranker: Ranker) -> f64 {
    match ranker {
        Ranker::Name | Ranker::Lexical => 1.0,
        Ranker::Semantic => 0.5,
    }
}

/// English words that carry no meaning for the lexical ranker: left out
/// of its query unless the text has no other word. Chosen: the function
/// words and question words of questions such as "where do we retry
/// failed requests".
const STOP_WORDS: &[&str] = &[
    "about", "all", "an", "and", "any", "are", "as", "at", "be", "been", "by", "can", "could",
    "did", "do", "does", "for", "from", "has", "have", "how", "if", "in", "into", "is", "it",
    "its", "me", "my", "of", "on", "or", "our", "should", "so", "some", "that", "the", "their",
    "them", "then", "there", "these", "this", "those", "to", "us", "was", "we", "were", "what",
    "when", "where", "which", "who", "why", "will", "with", "would", "you", "your",
];

/// One ranker's list, best first.
type Ranked = Vec<i64>;

/// Answers `search` on `store`.
pub(crate) fn search(
    store: &Store,
    args: &SearchArgs,
    surface: Surface,
) -> Result<Answer<Vec<SearchHit>>> {
    let text = args.text.trim();
    if text.is_empty() {
        return Err(Error::Input("the search text is empty".into()));
    }
    let filter = filter(store, args)?;
    let fetch = args.limit.saturating_mul(OVER_FETCH);
    let mut first: Ranked = Vec::new();
    let mut lists: Vec<(Ranker, Ranked)> = Vec::new();
    match args.mode {
        SearchMode::Name => lists.push((Ranker::Name, name_matches(store, text, filter, true)?)),
        SearchMode::Lexical => lists.push((Ranker::Lexical, lexical(store, text, filter, fetch)?)),
        SearchMode::Semantic => {
            lists.push((Ranker::Semantic, semantic(store, text, filter, fetch)?));
        }
        SearchMode::Auto => {
            first = name_matches(store, text, filter, false)?;
            let names = name_matches(store, text, filter, true)?;
            lists.push((Ranker::Name, names.into_iter().take(fetch).collect()));
            lists.push((Ranker::Lexical, lexical(store, text, filter, fetch)?));
            lists.push((Ranker::Semantic, semantic(store, text, filter, fetch)?));
        }
    }
    let fused = fuse(&lists);
    let mut order: Vec<i64> = first.clone();
    let seen: HashSet<i64> = first.iter().copied().collect();
    let mut ranked: Vec<(i64, f64)> = fused.iter().map(|(&id, hit)| (id, hit.0)).collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    order.extend(
        ranked
            .iter()
            .map(|(id, _)| *id)
            .filter(|id| !seen.contains(id)),
    );
    let more = order.len().saturating_sub(args.limit);
    let mut results = Vec::new();
    for id in order.into_iter().take(args.limit) {
        let Some(row) = store.symbol(id)? else {
            continue;
        };
        let (score, rankers) = fused.get(&id).cloned().unwrap_or((0.0, vec![Ranker::Name]));
        results.push(SearchHit {
            symbol: Symbol::from_row(&row),
            score: (score * 1e6).round() / 1e6,
            rankers,
        });
    }
    let mut notes = Vec::new();
    let mut completeness = Completeness::Exact;
    if more > 0 {
        completeness = Completeness::LowerBound;
        notes.push(Hint::RaiseLimit.after(
            &format!("{more} more matches left out; narrow the text"),
            surface,
        ));
    }
    Ok(Answer {
        query: Query::Search {
            text: text.to_owned(),
        },
        targets: Vec::new(),
        results,
        completeness,
        notes,
    })
}

/// The store filter for `--kind` and `--lang`, each checked.
fn filter<'a>(store: &Store, args: &'a SearchArgs) -> Result<SearchFilter<'a>> {
    let kind = match args.kind.as_deref() {
        None => None,
        Some(text) => Some(SymbolKind::parse(text).ok_or_else(|| Error::Argument {
            argument: "kind",
            message: format!(
                "unknown kind {text:?}; one of: {}",
                SymbolKind::ALL
                    .iter()
                    .map(|k| k.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        })?),
    };
    if let Some(language) = args.lang.as_deref() {
        let languages = store.languages()?;
        if !languages.iter().any(|l| l == language) {
            return Err(Error::Argument {
                argument: "lang",
                message: format!(
                    "no file of language {language:?} is indexed; indexed: {}",
                    languages.join(", ")
                ),
            });
        }
    }
    Ok(SearchFilter {
        kind,
        language: args.lang.as_deref(),
    })
}

/// Symbols by name: exact, then prefix, then (with `words`) the words of
/// a split name, each once, that the filter admits.
fn name_matches(
    store: &Store,
    text: &str,
    filter: SearchFilter<'_>,
    words: bool,
) -> Result<Ranked> {
    let mut rows = store.symbols_named(text)?;
    rows.extend(store.symbols_with_prefix(text, crate::SEARCH_LIMIT)?);
    if words {
        rows.extend(store.symbols_matching_words(text)?);
    }
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for row in rows {
        if seen.insert(row.id) && store.admits(row.id, filter)? {
            out.push(row.id);
        }
    }
    Ok(out)
}

/// The words of `text` the lexical ranker asks for: split as identifiers,
/// stop words left out (unless nothing else is left).
fn query_words(text: &str) -> Vec<String> {
    let words: Vec<String> = text
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .flat_map(split_identifier)
        .collect();
    let meaningful: Vec<String> = words
        .iter()
        .filter(|w| !STOP_WORDS.contains(&w.as_str()))
        .cloned()
        .collect();
    if meaningful.is_empty() {
        words
    } else {
        meaningful
    }
}

/// The lexical ranker: BM25 over the symbols' words.
fn lexical(store: &Store, text: &str, filter: SearchFilter<'_>, fetch: usize) -> Result<Ranked> {
    let found = store.lexical_matches(&query_words(text), filter, fetch)?;
    Ok(found.into_iter().map(|(id, _)| id).collect())
}

/// The semantic ranker: the symbols whose embedding is nearest the text's,
/// by cosine similarity.
fn semantic(store: &Store, text: &str, filter: SearchFilter<'_>, fetch: usize) -> Result<Ranked> {
    let model = StaticModel::embedded().map_err(|e| Error::Input(e.to_string()))?;
    let words: Vec<String> = text
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .flat_map(split_identifier)
        .collect();
    let Some(query) = model.embed(&words.join(" ")) else {
        return Ok(Vec::new());
    };
    let mut scored: Vec<(f32, i64)> = Vec::new();
    store.for_each_vector(filter, |id, bytes| {
        scored.push((cosine(&query, bytes), id));
    })?;
    let keep = fetch.min(scored.len());
    if keep == 0 {
        return Ok(Vec::new());
    }
    scored.select_nth_unstable_by(keep - 1, |a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    scored.truncate(keep);
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    Ok(scored.into_iter().map(|(_, id)| id).collect())
}

/// Reciprocal-rank fusion of `lists`: each id's summed weight / (K +
/// rank), ranks from 1 and weights by [`ranker_weight`], with the rankers
/// that listed it.
fn fuse(lists: &[(Ranker, Ranked)]) -> HashMap<i64, (f64, Vec<Ranker>)> {
    let mut fused: HashMap<i64, (f64, Vec<Ranker>)> = HashMap::new();
    for (ranker, list) in lists {
        for (i, &id) in list.iter().enumerate() {
            let entry = fused.entry(id).or_default();
            entry.0 += ranker_weight(*ranker) / (RRF_K + (i + 1) as f64);
            if !entry.1.contains(ranker) {
                entry.1.push(*ranker);
            }
        }
    }
    fused
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fusion_sums_reciprocal_ranks_and_names_the_rankers() {
        let fused = fuse(&[
            (Ranker::Lexical, vec![1, 2]),
            (Ranker::Semantic, vec![2, 3]),
        ]);
        let (score, rankers) = &fused[&2];
        assert!((score - (1.0 / 62.0 + 0.5 / 61.0)).abs() < 1e-12);
        assert_eq!(rankers, &[Ranker::Lexical, Ranker::Semantic]);
        assert!(fused[&2].0 > fused[&1].0 && fused[&1].0 > fused[&3].0);
        assert!((fused[&3].0 - 0.5 / 62.0).abs() < 1e-12);
    }

    #[test]
    fn questions_lose_their_stop_words_unless_nothing_else_is_left() {
        assert_eq!(
            query_words("Where do we retry failedRequests?"),
            ["retry", "failed", "requests"]
        );
        assert_eq!(query_words("where is it"), ["where", "is", "it"]);
    }
}
