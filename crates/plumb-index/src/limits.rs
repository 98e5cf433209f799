//! The bounds an index was built with, recorded in its `meta` (key
//! [`LIMITS_KEY`]) so that freshness checks and later runs walk the tree
//! as that index did; and the bounds a caller asked for explicitly
//! ([`LimitOverrides`]), laid over the recorded ones.

use std::path::Path;
use std::time::Duration;

use plumb_store::Store;

use crate::walk::Limits;

/// The `meta` key holding the bounds an index was built with.
pub const LIMITS_KEY: &str = "limits";

/// The bounds a caller gave explicitly; the others are taken from the
/// index being replaced (or the defaults, when there is none).
#[derive(Clone, Debug, Default)]
pub struct LimitOverrides {
    /// Most files indexed.
    pub max_files: Option<usize>,
    /// Largest file indexed, in bytes.
    pub max_file_bytes: Option<u64>,
    /// Most bytes indexed in total.
    pub max_total_bytes: Option<u64>,
    /// Deepest directory descended into.
    pub max_depth: Option<usize>,
    /// Longest one file may take to parse.
    pub parse_timeout: Option<Duration>,
}

impl LimitOverrides {
    /// These overrides laid over `base`.
    pub fn over(&self, base: &Limits) -> Limits {
        Limits {
            max_files: self.max_files.unwrap_or(base.max_files),
            max_file_bytes: self.max_file_bytes.unwrap_or(base.max_file_bytes),
            max_total_bytes: self.max_total_bytes.unwrap_or(base.max_total_bytes),
            max_depth: self.max_depth.unwrap_or(base.max_depth),
            parse_timeout: self.parse_timeout.unwrap_or(base.parse_timeout),
        }
    }

    /// The bounds of a run indexing `root`: these overrides laid over the
    /// bounds its current index was built with (the defaults when it has
    /// no readable index, or one that recorded none).
    pub fn for_root(&self, root: &Path) -> Limits {
        let store = Store::open_read_only(&Store::database_path(root)).ok();
        let base = store
            .and_then(|store| recorded(&store).ok())
            .unwrap_or_default();
        self.over(&base)
    }
}

/// The bounds the index in `store` was built with; the defaults when it
/// recorded none (an index written before they were recorded) or recorded
/// text this build cannot read.
pub fn recorded(store: &Store) -> plumb_store::Result<Limits> {
    Ok(store
        .meta(LIMITS_KEY)?
        .and_then(|text| parse(&text))
        .unwrap_or_default())
}

/// `limits` as recorded under [`LIMITS_KEY`]: `name=value` pairs separated
/// by spaces, the timeout in milliseconds.
pub fn record(limits: &Limits) -> String {
    format!(
        "max_files={} max_file_bytes={} max_total_bytes={} max_depth={} parse_timeout_ms={}",
        limits.max_files,
        limits.max_file_bytes,
        limits.max_total_bytes,
        limits.max_depth,
        limits.parse_timeout.as_millis()
    )
}

/// Reads text written by [`record`]; `None` unless every bound is present
/// and well formed.
fn parse(text: &str) -> Option<Limits> {
    let mut overrides = LimitOverrides::default();
    for pair in text.split_whitespace() {
        let (name, value) = pair.split_once('=')?;
        match name {
            "max_files" => overrides.max_files = Some(value.parse().ok()?),
            "max_file_bytes" => overrides.max_file_bytes = Some(value.parse().ok()?),
            "max_total_bytes" => overrides.max_total_bytes = Some(value.parse().ok()?),
            "max_depth" => overrides.max_depth = Some(value.parse().ok()?),
            "parse_timeout_ms" => {
                overrides.parse_timeout = Some(Duration::from_millis(value.parse().ok()?));
            }
            _ => return None,
        }
    }
    Some(Limits {
        max_files: overrides.max_files?,
        max_file_bytes: overrides.max_file_bytes?,
        max_total_bytes: overrides.max_total_bytes?,
        max_depth: overrides.max_depth?,
        parse_timeout: overrides.parse_timeout?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recorded_text_reads_back_as_the_same_limits() {
        let limits = Limits {
            max_file_bytes: 5_000_000,
            parse_timeout: Duration::from_millis(1234),
            ..Limits::default()
        };
        let back = parse(&record(&limits)).unwrap();
        assert_eq!(format!("{back:?}"), format!("{limits:?}"));
    }

    #[test]
    fn incomplete_or_unknown_text_is_not_read() {
        assert!(parse("max_files=1").is_none());
        assert!(parse(&format!("{} extra=1", record(&Limits::default()))).is_none());
        assert!(parse("max_files=x").is_none());
    }

    #[test]
    fn overrides_replace_only_the_bounds_given() {
        let base = Limits {
            max_file_bytes: 5_000_000,
            ..Limits::default()
        };
        let limits = LimitOverrides {
            max_depth: Some(3),
            ..LimitOverrides::default()
        }
        .over(&base);
        assert_eq!(limits.max_file_bytes, 5_000_000);
        assert_eq!(limits.max_depth, 3);
        assert_eq!(limits.max_files, base.max_files);
    }
}
