//! [`Locator`]: a NAME as a user writes it — a bare name, a qualified name
//! in the language's form or dotted, or `path:LINE` — parsed once, the same
//! way for every surface.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer};

/// How a NAME was read, as an answer's `query.form` reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Form {
    /// A bare name (`total`).
    Name,
    /// A qualified name (`shop.models.Cart.total`, `crate::a::B::f`).
    Qualified,
    /// A file and a line (`shop/models.py:20`).
    Location,
}

/// What a NAME points at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Locator {
    /// A bare name: every symbol of that name.
    Name(String),
    /// A qualified name, as written; its segments end the symbols' own.
    Qualified(String),
    /// The innermost definition spanning a line of a file.
    Location {
        /// The file, as written (a surface makes it root-relative).
        path: String,
        /// The line (1-based).
        line: u32,
    },
}

/// Why a NAME could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LocatorError {
    /// Nothing but blanks.
    #[error("must not be empty")]
    Empty,
    /// Separators only (`::`, `..`).
    #[error("cannot read a symbol name in {0:?}")]
    NoName(String),
    /// `path:0`.
    #[error("lines are 1-based: {0:?} names line 0")]
    LineZero(String),
    /// `:12`.
    #[error("no file before the line in {0:?} (write path:LINE)")]
    NoPath(String),
    /// `path:-5`, `path:+5`: a signed line.
    #[error("lines are positive numbers: {0:?} (write path:LINE, LINE from 1)")]
    SignedLine(String),
}

/// Splits a qualified name into its segments on `::`, `.` and `/`.
pub(crate) fn segments(qualified: &str) -> Vec<&str> {
    qualified
        .split("::")
        .flat_map(|part| part.split(['.', '/']))
        .filter(|s| !s.is_empty())
        .collect()
}

impl Locator {
    /// How the NAME was read.
    pub fn form(&self) -> Form {
        match self {
            Locator::Name(_) => Form::Name,
            Locator::Qualified(_) => Form::Qualified,
            Locator::Location { .. } => Form::Location,
        }
    }

    /// The same locator with its file (if it has one) rewritten by
    /// `rebase`: how a surface makes a path root-relative.
    pub fn rebased(self, rebase: &dyn Fn(&str) -> String) -> Locator {
        match self {
            Locator::Location { path, line } => Locator::Location {
                path: rebase(&path),
                line,
            },
            other => other,
        }
    }
}

impl FromStr for Locator {
    type Err = LocatorError;

    fn from_str(text: &str) -> Result<Locator, LocatorError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(LocatorError::Empty);
        }
        if let Some((path, line)) = text.rsplit_once(':')
            && !path.ends_with(':')
            && let Ok(line) = line.parse::<u32>()
        {
            if path.is_empty() {
                return Err(LocatorError::NoPath(text.to_owned()));
            }
            if line == 0 {
                return Err(LocatorError::LineZero(text.to_owned()));
            }
            return Ok(Locator::Location {
                path: path.to_owned(),
                line,
            });
        }
        if let Some((_, line)) = text.rsplit_once(':')
            && let Some(digits) = line.strip_prefix(['-', '+'])
            && !digits.is_empty()
            && digits.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(LocatorError::SignedLine(text.to_owned()));
        }
        match segments(text).len() {
            0 => Err(LocatorError::NoName(text.to_owned())),
            1 => Ok(Locator::Name(text.to_owned())),
            _ => Ok(Locator::Qualified(text.to_owned())),
        }
    }
}

impl fmt::Display for Locator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Locator::Name(name) | Locator::Qualified(name) => f.write_str(name),
            Locator::Location { path, line } => write!(f, "{path}:{line}"),
        }
    }
}

impl<'de> Deserialize<'de> for Locator {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Locator, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A locator is a string in a tool's input schema.
#[cfg(feature = "schema")]
impl schemars::JsonSchema for Locator {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Locator".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        String::json_schema(generator)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Locator, LocatorError> {
        text.parse()
    }

    #[test]
    fn qualified_names_split_in_every_form() {
        assert_eq!(
            segments("crate::shapes::Circle::area"),
            vec!["crate", "shapes", "Circle", "area"]
        );
        assert_eq!(
            segments("flask.app.Flask.route"),
            vec!["flask", "app", "Flask", "route"]
        );
        assert_eq!(
            segments("src/models.Cart.total"),
            vec!["src", "models", "Cart", "total"]
        );
    }

    #[test]
    fn the_three_forms_are_told_apart() {
        assert_eq!(parse(" total "), Ok(Locator::Name("total".into())));
        assert_eq!(
            parse("crate::a::B::f"),
            Ok(Locator::Qualified("crate::a::B::f".into()))
        );
        assert_eq!(
            parse("shop/models.py:20"),
            Ok(Locator::Location {
                path: "shop/models.py".into(),
                line: 20
            })
        );
        assert_eq!(parse("total").map(|l| l.form()), Ok(Form::Name));
        assert_eq!(parse("a.b").map(|l| l.form()), Ok(Form::Qualified));
        assert_eq!(parse("a.py:1").map(|l| l.form()), Ok(Form::Location));
    }

    #[test]
    fn a_path_keeps_its_colons_and_a_bad_line_is_a_name() {
        assert_eq!(
            parse("C:/src/a.c:3"),
            Ok(Locator::Location {
                path: "C:/src/a.c".into(),
                line: 3
            })
        );
        // `::` before digits is a qualified name, not a line.
        assert_eq!(parse("m::1"), Ok(Locator::Qualified("m::1".into())));
        assert_eq!(parse("a.py:x"), Ok(Locator::Qualified("a.py:x".into())));
    }

    #[test]
    fn bad_input_says_what_is_wrong() {
        assert_eq!(parse("   "), Err(LocatorError::Empty));
        assert_eq!(parse("::"), Err(LocatorError::NoName("::".into())));
        assert_eq!(
            parse("a.py:0"),
            Err(LocatorError::LineZero("a.py:0".into()))
        );
        assert_eq!(parse(":12"), Err(LocatorError::NoPath(":12".into())));
        assert_eq!(
            parse("app.py:-5"),
            Err(LocatorError::SignedLine("app.py:-5".into()))
        );
        assert_eq!(
            parse("a.py:0").unwrap_err().to_string(),
            "lines are 1-based: \"a.py:0\" names line 0"
        );
        assert_eq!(parse("").unwrap_err().to_string(), "must not be empty");
    }

    #[test]
    fn rebasing_rewrites_only_a_path() {
        let rebase = |p: &str| p.trim_start_matches("/repo/").to_owned();
        assert_eq!(
            parse("/repo/a.py:3").unwrap().rebased(&rebase).to_string(),
            "a.py:3"
        );
        assert_eq!(
            parse("/repo/a.b").unwrap().rebased(&rebase).to_string(),
            "/repo/a.b"
        );
    }

    #[test]
    fn deserializing_parses() {
        let parsed: Locator = serde_json::from_value(serde_json::json!("x.py:4")).unwrap();
        assert_eq!(parsed.form(), Form::Location);
        let err = serde_json::from_value::<Locator>(serde_json::json!(" ")).unwrap_err();
        assert_eq!(err.to_string(), "must not be empty");
    }
}

#[cfg(test)]
mod properties {
    //! Property tests: any text is read without a panic, and what is read
    //! prints back to text that reads the same.

    use proptest::prelude::*;

    use super::*;

    /// Random cases per run. Chosen: a few hundred keep the run well
    /// under a second while covering separators, digits and blanks.
    const CASES: u32 = 512;

    /// Text made of the pieces a locator is read by, and anything else.
    fn locator_text() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            Just(":".to_owned()),
            Just("::".to_owned()),
            Just(".".to_owned()),
            Just("/".to_owned()),
            Just(" ".to_owned()),
            Just("0".to_owned()),
            Just("12".to_owned()),
            Just("4294967296".to_owned()),
            Just("name".to_owned()),
            Just("é\n".to_owned()),
            any::<String>(),
        ];
        proptest::collection::vec(piece, 0..8).prop_map(|pieces| pieces.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(CASES))]

        #[test]
        fn any_text_reads_and_round_trips(text in locator_text()) {
            if let Ok(locator) = text.parse::<Locator>() {
                let printed = locator.to_string();
                prop_assert_eq!(printed.parse::<Locator>(), Ok(locator));
            }
        }
    }
}
