//! `plumb doctor`: the index, the MCP clients and the external tools, each
//! gap with its fix. PATH and HOME point into a temp directory holding one
//! fake language server, never at the real ones.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "test code: a failure here is a failed test"
)]

mod common;

use std::process::Command;

use common::*;
use serde_json::Value;

/// `plumb --root <repo> --json doctor` with PATH and HOME in `home`.
fn doctor(repo: &Repo, home: &std::path::Path) -> (Run, Value) {
    let args: Vec<String> = vec![
        "--root".into(),
        repo.root().to_string_lossy().into(),
        "--json".into(),
        "doctor".into(),
    ];
    let out = Command::new(bin())
        .args(&args)
        .env("PATH", home)
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .output()
        .unwrap();
    let run = Run::from(&args, out);
    let json = run.json();
    (run, json)
}

#[test]
fn doctor_reports_the_index_clients_and_tools_with_fixes() {
    let home = tempfile::tempdir().unwrap();
    let gopls = home.path().join("gopls");
    std::fs::write(&gopls, "#!/bin/sh\n").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&gopls, std::fs::Permissions::from_mode(0o755)).unwrap();
    }

    let bare = Repo::copy_of("python");
    let (run, json) = doctor(&bare, home.path());
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(json["index"]["readable"], false, "{json}");
    assert!(
        json["index"]["fix"]
            .as_str()
            .unwrap()
            .starts_with("plumb index"),
        "{json}"
    );

    let repo = Repo::indexed("python");
    std::fs::create_dir_all(repo.path(".cursor")).unwrap();
    std::fs::write(repo.path(".cursor/mcp.json"), "{}").unwrap();
    let (run, json) = doctor(&repo, home.path());
    assert_eq!(run.code, 0, "{run:?}");
    let index = &json["index"];
    assert_eq!(index["readable"], true, "{json}");
    assert_eq!(index["files"], 6, "{json}");
    assert_eq!(index["changed_files"], 0, "{json}");
    assert_eq!(index["limits"]["max_depth"], 64, "{json}");
    assert!(index["fix"].is_null(), "{json}");

    let cursor = json["clients"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["client"] == "cursor")
        .unwrap_or_else(|| panic!("cursor has a file, so it is detected: {json}"));
    assert_eq!(cursor["configured"], false);
    assert_eq!(cursor["fix"], "plumb ide --client cursor");

    let tools = json["tools"].as_array().unwrap();
    let tool = |name: &str| tools.iter().find(|t| t["name"] == name).unwrap();
    assert_eq!(tool("gopls")["found"], gopls.to_str().unwrap());
    assert!(tool("gopls")["fix"].is_null());
    assert!(tool("clangd")["found"].is_null());
    assert!(tool("clangd")["fix"].as_str().unwrap().contains("clangd"));
    for name in [
        "pyright-langserver",
        "typescript-language-server",
        "rust-analyzer",
        "debugpy",
        "lldb-dap",
        "dlv",
    ] {
        assert!(
            tools.iter().any(|t| t["name"] == name),
            "{name} not looked for"
        );
    }
}
