//! `plumb ide`: every client gets a file it can read, merged into what is
//! already there (other servers, settings and comments kept), idempotent,
//! and `--dry-run` writes nothing; on a terminal the detected clients are
//! offered (driven through a pseudo-terminal by `tests/ide/terminal.py`).
//! HOME, PATH and the config directories point into a temp directory, never
//! at the real ones.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "test code: a failure here is a failed test"
)]

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
use tempfile::TempDir;

use common::{Repo, Run, bin};

/// A repository plus a fake home directory.
struct Setup {
    repo: Repo,
    home: TempDir,
}

impl Setup {
    fn new() -> Setup {
        Setup {
            repo: Repo::empty(),
            home: tempfile::Builder::new()
                .prefix("plumb-home-")
                .tempdir()
                .unwrap(),
        }
    }

    fn home(&self, rel: &str) -> PathBuf {
        self.home.path().join(rel)
    }

    /// `plumb ide <args>` in the repository, with stdin not a terminal.
    fn ide(&self, args: &[&str]) -> Run {
        let mut all: Vec<String> = vec!["ide".into()];
        all.extend(args.iter().map(|s| s.to_string()));
        let out = Command::new(bin())
            .args(&all)
            .current_dir(self.repo.root())
            .env("HOME", self.home.path())
            .env("XDG_CONFIG_HOME", self.home("config"))
            .env("CODEX_HOME", self.home("codex"))
            .env("APPDATA", self.home("appdata"))
            .env("PATH", self.home.path())
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        Run::from(&all, out)
    }

    fn ok(&self, args: &[&str]) -> String {
        let run = self.ide(args);
        assert_eq!(
            run.code, 0,
            "plumb ide {args:?}\n{}\n{}",
            run.stdout, run.stderr
        );
        run.stdout
    }
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// JSON with comments and trailing commas, read leniently.
fn jsonc(path: &Path) -> Value {
    let text: String = read(path)
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
        .replace(",\n}", "\n}")
        .replace(",\n  }", "\n  }")
        .replace(",\n    }", "\n    }");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", path.display()))
}

fn args_of(entry: &Value) -> Vec<&str> {
    entry["args"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap())
        .collect()
}

#[test]
fn every_client_gets_an_entry_that_runs_plumb_serve() {
    let s = Setup::new();
    let root = std::fs::canonicalize(s.repo.root()).unwrap();
    let root = root.to_str().unwrap();
    let user_name = format!(
        "plumb-{}",
        Path::new(root).file_name().unwrap().to_str().unwrap()
    );
    let project_json: &[(&str, &str, &[&str])] = &[
        ("claude-code", ".mcp.json", &["mcpServers", "plumb"]),
        ("cursor", ".cursor/mcp.json", &["mcpServers", "plumb"]),
        ("vscode", ".vscode/mcp.json", &["servers", "plumb"]),
        ("gemini", ".gemini/settings.json", &["mcpServers", "plumb"]),
        ("kiro", ".kiro/settings/mcp.json", &["mcpServers", "plumb"]),
        ("opencode", "opencode.json", &["mcp", "plumb"]),
    ];
    for (client, file, keys) in project_json {
        s.ok(&["--client", client]);
        let mut entry = &jsonc(&s.repo.path(file));
        for key in *keys {
            entry = &entry[key];
        }
        assert!(
            entry.is_object(),
            "{client}: no entry at {keys:?} in {file}"
        );
        match *client {
            "opencode" => {
                let line = entry["command"].as_array().unwrap();
                assert_eq!(line.last().unwrap(), "serve", "{entry}");
                assert_eq!(entry["type"], "local");
            }
            "vscode" => {
                assert_eq!(entry["type"], "stdio");
                assert_eq!(args_of(entry), ["--root", "${workspaceFolder}", "serve"]);
            }
            _ => assert_eq!(args_of(entry), ["serve"], "{client}"),
        }
    }
    let user_json: &[(&str, &str, &str)] = &[
        (
            "windsurf",
            ".codeium/windsurf/mcp_config.json",
            "mcpServers",
        ),
        ("zed", "config/zed/settings.json", "context_servers"),
    ];
    for (client, file, key) in user_json {
        s.ok(&["--client", client]);
        let entry = &jsonc(&s.home(file))[key][&user_name];
        assert_eq!(
            args_of(entry),
            ["--root", root, "serve"],
            "{client}: {entry}"
        );
    }
    s.ok(&["--client", "claude-desktop"]);
    let desktop = if cfg!(target_os = "macos") {
        s.home("Library/Application Support/Claude/claude_desktop_config.json")
    } else {
        s.home("config/Claude/claude_desktop_config.json")
    };
    assert_eq!(
        args_of(&jsonc(&desktop)["mcpServers"][&user_name]),
        ["--root", root, "serve"]
    );
    s.ok(&["--client", "codex"]);
    let codex = read(&s.home("codex/config.toml"));
    assert!(
        codex.contains(&format!("[mcp_servers.{user_name}]")),
        "{codex}"
    );
    assert!(
        codex.contains(&format!("args = [\"--root\", \"{root}\", \"serve\"]")),
        "{codex}"
    );
}

#[test]
fn existing_servers_settings_and_comments_are_kept_and_a_rerun_changes_nothing() {
    let s = Setup::new();
    let vscode = s.repo.path(".vscode/mcp.json");
    std::fs::create_dir_all(vscode.parent().unwrap()).unwrap();
    std::fs::write(
        &vscode,
        "{\n  // team servers\n  \"servers\": {\n    \"db\": {\"type\": \"stdio\", \"command\": \"dbmcp\"},\n  },\n  \"inputs\": []\n}\n",
    )
    .unwrap();
    let codex = s.home("codex/config.toml");
    std::fs::create_dir_all(codex.parent().unwrap()).unwrap();
    std::fs::write(
        &codex,
        "# mine\nmodel = \"o3\"\n\n[mcp_servers.docs]\ncommand = \"docs-mcp\"\n",
    )
    .unwrap();

    let out = s.ok(&["--client", "vscode,codex"]);
    assert!(out.contains("added"), "{out}");
    let text = read(&vscode);
    assert!(
        text.contains("// team servers") && text.contains("\"inputs\": []"),
        "{text}"
    );
    let json = jsonc(&vscode);
    assert_eq!(json["servers"]["db"]["command"], "dbmcp");
    assert!(json["servers"]["plumb"].is_object(), "{json}");
    let toml = read(&codex);
    assert!(
        toml.starts_with("# mine\nmodel = \"o3\"") && toml.contains("[mcp_servers.docs]"),
        "{toml}"
    );

    let (vscode_once, codex_once) = (read(&vscode), read(&codex));
    let out = s.ok(&["--client", "vscode,codex"]);
    assert!(out.contains("already runs plumb"), "{out}");
    assert_eq!(read(&vscode), vscode_once);
    assert_eq!(read(&codex), codex_once);
}

#[test]
fn dry_run_prints_a_diff_and_writes_nothing() {
    let s = Setup::new();
    std::fs::write(
        s.repo.path(".mcp.json"),
        "{\"mcpServers\": {\"other\": {\"command\": \"x\"}}}\n",
    )
    .unwrap();
    let out = s.ok(&["--client", "claude-code,cursor", "--dry-run"]);
    assert!(
        out.contains("--- a/.mcp.json") && out.contains("+++ b/.mcp.json"),
        "{out}"
    );
    assert!(
        out.contains("+    \"plumb\": {") || out.contains("+  \"plumb\""),
        "{out}"
    );
    assert!(
        out.contains("--- /dev/null") && out.contains("+++ b/.cursor/mcp.json"),
        "{out}"
    );
    assert_eq!(
        read(&s.repo.path(".mcp.json")),
        "{\"mcpServers\": {\"other\": {\"command\": \"x\"}}}\n"
    );
    assert!(!s.repo.path(".cursor").exists());
}

#[test]
fn bad_requests_exit_2_and_touch_nothing() {
    let s = Setup::new();
    let run = s.ide(&["--client", "notepad"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("claude-code"), "{}", run.stderr);

    // No --client and no terminal: say which clients exist and which were found.
    std::fs::create_dir_all(s.home(".cursor")).unwrap();
    let run = s.ide(&[]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    let detected = run.stderr.split("detected here: ").nth(1).unwrap_or("");
    assert!(
        detected.split(", ").any(|c| c.trim() == "cursor"),
        "{}",
        run.stderr
    );

    // A file that is not JSON is reported and left alone.
    std::fs::write(s.repo.path(".mcp.json"), "{ not json").unwrap();
    let run = s.ide(&["--client", "claude-code"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains(".mcp.json"), "{}", run.stderr);
    assert_eq!(read(&s.repo.path(".mcp.json")), "{ not json");
}

#[test]
fn project_files_run_plumb_by_name_and_gaps_are_warned_about() {
    let s = Setup::new();
    // PATH holds no plumb here: a project file still names `plumb`, never
    // this build's path, and both gaps are warned about.
    let run = s.ide(&["--client", "claude-code"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        jsonc(&s.repo.path(".mcp.json"))["mcpServers"]["plumb"]["command"],
        "plumb"
    );
    assert!(run.stderr.contains("no index yet"), "{}", run.stderr);
    assert!(run.stderr.contains("not on PATH"), "{}", run.stderr);

    for empty in ["", " , "] {
        let run = s.ide(&["--client", empty]);
        assert_eq!(run.code, 2, "{empty:?}: {}", run.stderr);
        assert!(run.stderr.contains("names no client"), "{}", run.stderr);
    }
}

#[test]
fn on_a_terminal_the_detected_clients_are_offered() {
    let s = Setup::new();
    std::fs::create_dir_all(s.home(".cursor")).unwrap();
    std::fs::create_dir_all(s.home(".kiro")).unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ide/terminal.py");
    let out = Command::new("python3")
        .arg(script)
        .arg(bin())
        .arg(s.repo.root())
        .arg(s.home.path())
        .output()
        .expect("python3 drives the terminal");
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{shown}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        shown.contains("Cursor") && shown.contains("Kiro"),
        "{shown}"
    );
    // Cursor was unselected, Kiro kept.
    assert!(!s.repo.path(".cursor").exists(), "{shown}");
    assert!(jsonc(&s.repo.path(".kiro/settings/mcp.json"))["mcpServers"]["plumb"].is_object());
}
