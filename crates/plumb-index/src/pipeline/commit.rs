//! The commit phase's records: the meta rows that say how, when and from
//! what the graph was written.

use std::path::Path;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use plumb_store::GraphWriter;

use super::Settings;
use crate::limits::{self, LIMITS_KEY};
use crate::walk::Limits;
use crate::{IndexError, cache};

/// Records what the graph being written was written from and under
/// (root, plumb version, `settings`, the bounds `limits` in the form
/// [`limits::recorded`] reads, when the walk began:
/// `walked_at_ns`, the commit checked out) and when ([`stamp_write`]).
/// The graph's `write_id`.
pub(super) fn write_meta(
    writer: &GraphWriter<'_>,
    root: &Path,
    settings: &Settings,
    limits: &Limits,
    walked_at_ns: i64,
    started: Instant,
) -> Result<String, IndexError> {
    writer.meta("root", &root.to_string_lossy())?;
    writer.meta("plumb_version", env!("CARGO_PKG_VERSION"))?;
    writer.meta("settings", &settings.key)?;
    writer.meta("build", &settings.build)?;
    writer.meta(LIMITS_KEY, &limits::record(limits))?;
    writer.meta("walked_at_ns", &walked_at_ns.to_string())?;
    writer.meta("search_model", plumb_embed::MODEL_NAME)?;
    let write_id = stamp_write(writer, started)?;
    if let Some(commit) = git_head(root) {
        writer.meta("git_commit", &commit)?;
    }
    Ok(write_id)
}

/// Records when the graph being written was written and how long the run
/// took since `started`: `write_id` (returned; what tells a reader the
/// graph changed), `indexed_at` and `duration_ms`.
pub(crate) fn stamp_write(
    writer: &GraphWriter<'_>,
    started: Instant,
) -> Result<String, IndexError> {
    let write_id = cache::now_ns().to_string();
    writer.meta("write_id", &write_id)?;
    let indexed_at = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    writer.meta("indexed_at", &indexed_at.to_string())?;
    writer.meta("duration_ms", &started.elapsed().as_millis().to_string())?;
    Ok(write_id)
}

/// The commit checked out at `root`, if it is a git work tree and git is
/// installed.
pub fn git_head(root: &Path) -> Option<String> {
    let output = std::process::Command::new("git")
        .arg("-C")
        .arg(root)
        .args(["rev-parse", "--verify", "--quiet", "HEAD"])
        .stderr(std::process::Stdio::null())
        .output()
        .ok()?;
    let commit = String::from_utf8(output.stdout).ok()?.trim().to_owned();
    (output.status.success() && !commit.is_empty()).then_some(commit)
}
