//! The CLI's filters on listings (`refs`, `callers`, `callees`, `impact`,
//! `impls`): `--path GLOB`, `--lang`, `--kind` (of the listed symbols) and
//! `--limit N`, applied to an answer after the query, as ripgrep's and fd's
//! `--glob`/`--type`/`--max-count` are. A result cut by `--limit` makes the
//! answer a lower bound, with a note saying how many were left out.

use clap::Args;
use clap::builder::PossibleValuesParser;
use globset::{GlobBuilder, GlobMatcher};

use plumb_lang::Language;
use plumb_query::answer::{
    Answer, Callee, Caller, Completeness, Dependent, Implementation, Reference,
};
use plumb_store::model::SymbolKind;

/// The filters every listing takes.
#[derive(Args, Clone, Debug)]
pub struct Filters {
    /// Only results in files matching GLOB, root-relative (`src/**/*.py`;
    /// a GLOB without `/` matches file names anywhere: `*_test.go`).
    #[arg(long, value_name = "GLOB", value_parser = parse_glob)]
    pub path: Option<GlobMatcher>,
    /// Only results in files of this language.
    #[arg(long, value_name = "LANG", value_parser = PossibleValuesParser::new(Language::ALL.map(Language::name)))]
    pub lang: Option<String>,
    /// At most N results (the others are counted in a note).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
}

/// The filters of listings of symbols: [`Filters`] and `--kind`.
#[derive(Args, Clone, Debug)]
pub struct SymbolFilters {
    /// Only symbols of this kind.
    #[arg(long, value_name = "KIND", value_parser = PossibleValuesParser::new(SymbolKind::ALL.iter().map(|k| k.as_str())))]
    pub kind: Option<String>,
    /// The other filters.
    #[command(flatten)]
    pub common: Filters,
}

/// A listing query's arguments, with its filters.
#[derive(Args, Clone, Debug)]
pub struct Listing<A: Args, F: Args> {
    /// The query's own arguments.
    #[command(flatten)]
    pub args: A,
    /// The filters.
    #[command(flatten)]
    pub filters: F,
}

/// A listed result as the filters see it.
pub trait Row {
    /// The file it is in, root-relative.
    fn file(&self) -> &str;
    /// The kind of the symbol it lists, if it lists one.
    fn kind(&self) -> Option<&'static str>;
}

impl Row for Reference {
    fn file(&self) -> &str {
        &self.file
    }

    fn kind(&self) -> Option<&'static str> {
        None
    }
}

/// The `Row` of results that list one symbol in field `$field`.
macro_rules! symbol_row {
    ($($item:ty => $field:ident),*) => {$(
        impl Row for $item {
            fn file(&self) -> &str {
                &self.$field.file
            }

            fn kind(&self) -> Option<&'static str> {
                Some(self.$field.kind.as_str())
            }
        }
    )*};
}

symbol_row!(Caller => caller, Callee => callee, Dependent => symbol, Implementation => symbol);

/// Filters applied to an answer.
pub trait Refine {
    /// Keeps the results that pass, then at most `--limit` of them.
    fn refine<T: Row>(&self, answer: &mut Answer<Vec<T>>);
}

impl Refine for Filters {
    fn refine<T: Row>(&self, answer: &mut Answer<Vec<T>>) {
        answer.results.retain(|row| self.passes(row.file()));
        let Some(limit) = self.limit.and_then(|n| usize::try_from(n).ok()) else {
            return;
        };
        let left_out = answer.results.len().saturating_sub(limit);
        if left_out > 0 {
            answer.results.truncate(limit);
            answer.completeness = Completeness::LowerBound;
            answer.notes.push(format!(
                "{left_out} more results left out by --limit {limit}"
            ));
        }
    }
}

impl Refine for SymbolFilters {
    fn refine<T: Row>(&self, answer: &mut Answer<Vec<T>>) {
        if let Some(kind) = &self.kind {
            answer
                .results
                .retain(|row| row.kind() == Some(kind.as_str()));
        }
        self.common.refine(answer);
    }
}

impl Filters {
    /// Whether a result in `file` passes `--path` and `--lang`.
    fn passes(&self, file: &str) -> bool {
        self.path.as_ref().is_none_or(|glob| glob.is_match(file))
            && self.lang.as_deref().is_none_or(|lang| {
                Language::from_path(std::path::Path::new(file)).map(Language::name) == Some(lang)
            })
    }
}

/// A `--path` GLOB: `*` stays within one directory, `**` crosses them, and
/// a GLOB with no `/` matches a file name in any directory.
fn parse_glob(text: &str) -> Result<GlobMatcher, String> {
    let pattern = if text.contains('/') {
        text.trim_start_matches("./").to_owned()
    } else {
        format!("**/{text}")
    };
    GlobBuilder::new(&pattern)
        .literal_separator(true)
        .build()
        .map(|glob| glob.compile_matcher())
        .map_err(|err| err.kind().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_match_root_relative_paths() {
        let glob = parse_glob("src/*.py").unwrap();
        assert!(glob.is_match("src/a.py"));
        assert!(!glob.is_match("src/deep/a.py"));
        let anywhere = parse_glob("*_test.go").unwrap();
        assert!(anywhere.is_match("a/b/c_test.go"));
        assert!(anywhere.is_match("c_test.go"));
        assert!(parse_glob("src/[").is_err());
    }
}
