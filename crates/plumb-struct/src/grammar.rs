//! [`Grammar`]: ast-grep-core's `Language` over one of plumb-lang's
//! grammars, so that the structural matcher and the indexer share one
//! tree-sitter and one set of grammars. A row of [`EXPANDO`] says which
//! character stands in for `$` while a pattern is parsed.

use std::borrow::Cow;

use ast_grep_core::matcher::PatternBuilder;
use ast_grep_core::tree_sitter::{LanguageExt, StrDoc, TSLanguage};
use ast_grep_core::{Language as AstLanguage, Pattern, PatternError};
use plumb_lang::Language;

/// The character a pattern's `$` becomes before the language's parser
/// reads it, for the languages whose identifiers cannot start with `$`.
/// Chosen as ast-grep does: `µ` is a letter to every grammar here (Unicode
/// category Ll), so `µX` parses as an identifier. JavaScript, TypeScript
/// and Java take `$` in identifiers and keep it. Kotlin needs `µ` too
/// (DEPENDENCIES.md: with `$` nothing matches).
const EXPANDO: char = 'µ';

/// The languages that parse `$X` as an identifier as it is written.
const DOLLAR_IDENTIFIERS: [Language; 4] = [
    Language::Java,
    Language::JavaScript,
    Language::Tsx,
    Language::TypeScript,
];

/// One of plumb-lang's languages, seen by ast-grep-core.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grammar(pub Language);

impl Grammar {
    /// The plumb language.
    pub fn language(self) -> Language {
        self.0
    }

    /// The character that stands for `$` while a pattern is parsed.
    pub fn expando(self) -> char {
        if DOLLAR_IDENTIFIERS.contains(&self.0) {
            '$'
        } else {
            EXPANDO
        }
    }
}

impl AstLanguage for Grammar {
    fn pre_process_pattern<'q>(&self, query: &'q str) -> Cow<'q, str> {
        expand_metavariables(query, self.expando())
    }

    fn expando_char(&self) -> char {
        self.expando()
    }

    fn kind_to_id(&self, kind: &str) -> u16 {
        self.0.grammar().id_for_node_kind(kind, true)
    }

    fn field_to_id(&self, field: &str) -> Option<u16> {
        self.0.grammar().field_id_for_name(field).map(|f| f.get())
    }

    fn build_pattern(&self, builder: &PatternBuilder) -> Result<Pattern, PatternError> {
        builder.build(|src| StrDoc::try_new(src, *self))
    }
}

impl LanguageExt for Grammar {
    fn get_ts_language(&self) -> TSLanguage {
        self.0.grammar()
    }
}

/// `query` with the `$` of each metavariable (`$X`, `$_`, `$$$ARGS`, `$$$`)
/// replaced by `expando`; any other `$` (a PHP variable `$x`, a `$` in a
/// string) is kept.
pub fn expand_metavariables(query: &str, expando: char) -> Cow<'_, str> {
    if expando == '$' || !query.contains('$') {
        return Cow::Borrowed(query);
    }
    let mut out = String::with_capacity(query.len() + 8);
    let mut dollars = 0usize;
    for c in query.chars() {
        if c == '$' {
            dollars += 1;
            continue;
        }
        let metavariable = c.is_ascii_uppercase() || c == '_' || dollars == 3;
        let sigil = if dollars > 0 && metavariable {
            expando
        } else {
            '$'
        };
        out.extend(std::iter::repeat_n(sigil, dollars));
        dollars = 0;
        out.push(c);
    }
    let sigil = if dollars == 3 { expando } else { '$' };
    out.extend(std::iter::repeat_n(sigil, dollars));
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metavariables_take_the_expando_and_variables_keep_their_dollar() {
        assert_eq!(
            expand_metavariables("f($X, $$$ARGS, $_, $$$) + $x", 'µ'),
            "f(µX, µµµARGS, µ_, µµµ) + $x"
        );
        assert_eq!(expand_metavariables("f($X)", '$'), "f($X)");
    }
}
