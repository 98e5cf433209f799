//! `plumb doctor`: what is installed and found, each gap with its fix —
//! the index (its age, its bounds, whether files changed since), the MCP
//! clients configured (`plumb ide`'s table), and the language servers and
//! debug adapters on `PATH` (the table in `tools.rs`).

mod tools;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::Serialize;

use plumb_store::Store;

use crate::ide::{self, ClientState};
use tools::{Probe, Role, TOOLS};

/// The whole report (`--json` prints it as is).
#[derive(Debug, Serialize)]
pub struct Report {
    /// The index.
    pub index: IndexState,
    /// The MCP clients detected here.
    pub clients: Vec<ClientState>,
    /// The language servers and debug adapters looked for.
    pub tools: Vec<ToolState>,
}

/// The index of the repository.
#[derive(Debug, Serialize)]
pub struct IndexState {
    /// The repository.
    pub root: String,
    /// Whether there is an index plumb can read.
    pub readable: bool,
    /// When it was built, in seconds since the epoch.
    pub indexed_at: Option<u64>,
    /// How old it is, in seconds.
    pub age_seconds: Option<u64>,
    /// Indexed files.
    pub files: Option<usize>,
    /// Files added, removed or changed since.
    pub changed_files: Option<usize>,
    /// The bounds it was built with.
    pub limits: Option<Limits>,
    /// Why it cannot be read, if it cannot.
    pub problem: Option<String>,
    /// The command that fixes it, when something is wrong.
    pub fix: Option<String>,
}

/// An index's bounds.
#[derive(Debug, Serialize)]
pub struct Limits {
    /// Most files.
    pub max_files: usize,
    /// Largest file, in bytes.
    pub max_file_bytes: u64,
    /// Most bytes in total.
    pub max_total_bytes: u64,
    /// Deepest directory.
    pub max_depth: usize,
    /// Longest parse of one file, in milliseconds.
    pub parse_timeout_ms: u128,
}

/// One language server or debug adapter.
#[derive(Debug, Serialize)]
pub struct ToolState {
    /// Its name.
    pub name: &'static str,
    /// `language_server` or `debug_adapter`.
    pub role: Role,
    /// The languages it serves.
    pub languages: &'static str,
    /// Where it was found (a path, or `python3 -m MODULE`); null if not.
    pub found: Option<String>,
    /// How to install it, when it was not found.
    pub fix: Option<&'static str>,
}

/// Looks at everything.
pub fn report(root: PathBuf) -> Report {
    Report {
        index: index_state(&root),
        clients: ide::client_states(root),
        tools: TOOLS
            .iter()
            .map(|tool| {
                let found = match tool.probe {
                    Probe::Program(names) => names
                        .iter()
                        .find_map(|name| on_path(name))
                        .map(|path| path.display().to_string()),
                    Probe::PythonModule(module) => python_module(module),
                };
                ToolState {
                    name: tool.name,
                    role: tool.role,
                    languages: tool.languages,
                    fix: found.is_none().then_some(tool.fix),
                    found,
                }
            })
            .collect(),
    }
}

fn index_state(root: &Path) -> IndexState {
    let mut state = IndexState {
        root: root.display().to_string(),
        readable: false,
        indexed_at: None,
        age_seconds: None,
        files: None,
        changed_files: None,
        limits: None,
        problem: None,
        fix: Some(format!("plumb index {}", root.display())),
    };
    let store = match Store::open_read_only(&Store::database_path(root)) {
        Ok(store) => store,
        Err(err) => {
            state.problem = Some(err.to_string());
            return state;
        }
    };
    let report = match crate::status::report(root, &store) {
        Ok(report) => report.results,
        Err(err) => {
            state.problem = Some(err.to_string());
            return state;
        }
    };
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    state.readable = true;
    state.indexed_at = report.indexed_at;
    state.age_seconds = report.indexed_at.map(|at| now.saturating_sub(at));
    state.files = report.files.get("indexed").copied();
    state.changed_files = Some(report.freshness.changed_files);
    state.limits = plumb_index::limits::recorded(&store)
        .ok()
        .map(|limits| Limits {
            max_files: limits.max_files,
            max_file_bytes: limits.max_file_bytes,
            max_total_bytes: limits.max_total_bytes,
            max_depth: limits.max_depth,
            parse_timeout_ms: limits.parse_timeout.as_millis(),
        });
    if state.changed_files.unwrap_or(0) == 0 {
        state.fix = None;
    }
    state
}

/// The executable `program` on `PATH`, if any.
fn on_path(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|candidate| candidate.is_file())
}

/// `python3 -m MODULE` when python3 can import MODULE.
fn python_module(module: &str) -> Option<String> {
    let found = Command::new("python3")
        .args(["-c", &format!("import {module}")])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    found.then(|| format!("python3 -m {module}"))
}

/// An age in its largest whole unit (`3 h`).
fn age(seconds: u64) -> String {
    match seconds {
        0..60 => format!("{seconds} s"),
        60..3600 => format!("{} min", seconds / 60),
        3600..86400 => format!("{} h", seconds / 3600),
        _ => format!("{} days", seconds / 86400),
    }
}

impl Report {
    /// The human rendering: one line per thing looked at, `ok` or `missing`
    /// with its fix.
    pub fn render(&self, out: &mut String) {
        let index = &self.index;
        let _ = write!(out, "index    {}  ", index.root);
        if index.readable {
            let _ = write!(
                out,
                "ok: {} files, built {} ago",
                index.files.unwrap_or(0),
                index.age_seconds.map_or("at an unknown time".into(), age)
            );
            match index.changed_files {
                Some(0) => out.push_str(", fresh"),
                Some(n) => {
                    let _ = write!(out, ", {n} files changed since");
                }
                None => {}
            }
        } else {
            let problem = index.problem.as_deref().unwrap_or("unreadable");
            let _ = write!(out, "missing: {problem}");
        }
        out.push('\n');
        if let Some(limits) = &index.limits {
            let _ = writeln!(
                out,
                "         limits: {} files, {} bytes per file, {} bytes in all, depth {}, {} ms per parse",
                limits.max_files,
                limits.max_file_bytes,
                limits.max_total_bytes,
                limits.max_depth,
                limits.parse_timeout_ms
            );
        }
        if let Some(fix) = index.fix.as_ref().filter(|_| index.readable) {
            let _ = writeln!(out, "         fix: {fix}");
        }
        if self.clients.is_empty() {
            let _ = writeln!(
                out,
                "client   {:40}fix: plumb ide --client NAME",
                "none detected"
            );
        }
        for client in &self.clients {
            let state = if client.configured {
                "ok"
            } else {
                "not configured"
            };
            let _ = write!(
                out,
                "client   {:40}{state} ({})",
                client.client, client.file
            );
            if let Some(fix) = &client.fix {
                let _ = write!(out, "  fix: {fix}");
            }
            out.push('\n');
        }
        for tool in &self.tools {
            let role = match tool.role {
                Role::LanguageServer => "server",
                Role::DebugAdapter => "debugger",
            };
            let _ = write!(
                out,
                "{role:9}{:40}",
                format!("{} ({})", tool.name, tool.languages)
            );
            match (&tool.found, tool.fix) {
                (Some(found), _) => {
                    let _ = write!(out, "ok: {found}");
                }
                (None, Some(fix)) => {
                    let _ = write!(out, "missing  fix: {fix}");
                }
                (None, None) => out.push_str("missing"),
            }
            out.push('\n');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ages_read_in_their_largest_unit() {
        assert_eq!(age(5), "5 s");
        assert_eq!(age(125), "2 min");
        assert_eq!(age(7200), "2 h");
        assert_eq!(age(3 * 86400), "3 days");
    }
}
