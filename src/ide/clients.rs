//! The MCP clients `plumb ide` configures: where each keeps its server list,
//! in which format, and how to tell that it is installed.
//!
//! Project-scoped clients get a file inside the repository that runs
//! `plumb serve` from the repository (the server finds its root from its
//! working directory, or from `${workspaceFolder}` for VS Code). Clients that
//! only have a per-user file get an entry named after the repository that
//! passes `--root` with its absolute path.

use std::path::{Path, PathBuf};

/// Where a client's configuration lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// A file inside the repository.
    Project,
    /// A per-user file.
    User,
}

/// How a client writes its server list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `{"mcpServers": {NAME: {"command", "args"}}}` (Claude, Cursor, Windsurf, Gemini, Kiro).
    McpServers,
    /// VS Code: `{"servers": {NAME: {"type": "stdio", "command", "args"}}}`.
    VsCode,
    /// Zed: `{"context_servers": {NAME: {"source": "custom", "command", "args", "env"}}}`.
    Zed,
    /// OpenCode: `{"mcp": {NAME: {"type": "local", "command": [..], "enabled": true}}}`,
    /// or under `mcp.servers` when the file already uses that layout.
    OpenCode,
    /// Codex CLI (TOML): `[mcp_servers.NAME]` with `command` and `args`.
    CodexToml,
}

/// The places a client's paths are computed from.
pub struct Places {
    /// The repository.
    pub root: PathBuf,
    /// The user's home directory.
    pub home: PathBuf,
    /// `$XDG_CONFIG_HOME`, else `~/.config`.
    pub config: PathBuf,
    /// The platform's application-data directory (macOS `~/Library/Application
    /// Support`, Windows `%APPDATA%`, else the config directory).
    pub app_data: PathBuf,
    /// `$CODEX_HOME`, else `~/.codex`.
    pub codex_home: PathBuf,
}

impl Places {
    /// The places for `root`, from the environment.
    pub fn from_env(root: PathBuf) -> Places {
        let var = |name: &str| {
            std::env::var_os(name)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        };
        let home = var("HOME")
            .or_else(|| var("USERPROFILE"))
            .unwrap_or_default();
        let config = var("XDG_CONFIG_HOME").unwrap_or_else(|| home.join(".config"));
        let app_data = if cfg!(target_os = "macos") {
            home.join("Library").join("Application Support")
        } else if cfg!(windows) {
            var("APPDATA").unwrap_or_else(|| config.clone())
        } else {
            config.clone()
        };
        let codex_home = var("CODEX_HOME").unwrap_or_else(|| home.join(".codex"));
        Places {
            root,
            home,
            config,
            app_data,
            codex_home,
        }
    }
}

/// One client.
pub struct Client {
    /// Its `--client` name.
    pub name: &'static str,
    /// Its name for people.
    pub title: &'static str,
    /// Project or user file.
    pub scope: Scope,
    /// The file's layout.
    pub format: Format,
    /// The file to write.
    pub path: fn(&Places) -> PathBuf,
    /// Directories (under home or config) and programs whose presence means
    /// the client is installed.
    installed: fn(&Places) -> Vec<PathBuf>,
    programs: &'static [&'static str],
}

impl Client {
    /// Whether the client seems installed here, or already has a file.
    pub fn detected(&self, places: &Places) -> bool {
        (self.path)(places).is_file()
            || (self.installed)(places).iter().any(|dir| dir.exists())
            || self.programs.iter().any(|program| on_path(program))
    }
}

/// Whether `program` is an executable file on `PATH`.
fn on_path(program: &str) -> bool {
    let Some(path) = std::env::var_os("PATH") else {
        return false;
    };
    std::env::split_paths(&path).any(|dir| {
        let candidate = dir.join(program);
        candidate.is_file() || (cfg!(windows) && candidate.with_extension("exe").is_file())
    })
}

fn under(base: &Path, parts: &[&str]) -> PathBuf {
    parts
        .iter()
        .fold(base.to_owned(), |path, part| path.join(part))
}

/// Every client, by `--client` name.
pub static CLIENTS: &[Client] = &[
    Client {
        name: "claude-code",
        title: "Claude Code",
        scope: Scope::Project,
        format: Format::McpServers,
        path: |p| p.root.join(".mcp.json"),
        installed: |p| vec![p.home.join(".claude"), p.home.join(".claude.json")],
        programs: &["claude"],
    },
    Client {
        name: "claude-desktop",
        title: "Claude Desktop",
        scope: Scope::User,
        format: Format::McpServers,
        path: |p| under(&p.app_data, &["Claude", "claude_desktop_config.json"]),
        installed: |p| vec![p.app_data.join("Claude")],
        programs: &[],
    },
    Client {
        name: "cursor",
        title: "Cursor",
        scope: Scope::Project,
        format: Format::McpServers,
        path: |p| under(&p.root, &[".cursor", "mcp.json"]),
        installed: |p| vec![p.home.join(".cursor")],
        programs: &["cursor"],
    },
    Client {
        name: "vscode",
        title: "VS Code",
        scope: Scope::Project,
        format: Format::VsCode,
        path: |p| under(&p.root, &[".vscode", "mcp.json"]),
        installed: |p| vec![p.home.join(".vscode")],
        programs: &["code"],
    },
    Client {
        name: "windsurf",
        title: "Windsurf",
        scope: Scope::User,
        format: Format::McpServers,
        path: |p| under(&p.home, &[".codeium", "windsurf", "mcp_config.json"]),
        installed: |p| vec![under(&p.home, &[".codeium", "windsurf"])],
        programs: &["windsurf"],
    },
    Client {
        name: "zed",
        title: "Zed",
        scope: Scope::User,
        format: Format::Zed,
        path: |p| under(&p.config, &["zed", "settings.json"]),
        installed: |p| vec![p.config.join("zed")],
        programs: &["zed"],
    },
    Client {
        name: "codex",
        title: "Codex CLI",
        scope: Scope::User,
        format: Format::CodexToml,
        path: |p| p.codex_home.join("config.toml"),
        installed: |p| vec![p.codex_home.clone()],
        programs: &["codex"],
    },
    Client {
        name: "gemini",
        title: "Gemini CLI",
        scope: Scope::Project,
        format: Format::McpServers,
        path: |p| under(&p.root, &[".gemini", "settings.json"]),
        installed: |p| vec![p.home.join(".gemini")],
        programs: &["gemini"],
    },
    Client {
        name: "opencode",
        title: "OpenCode",
        scope: Scope::Project,
        format: Format::OpenCode,
        path: |p| {
            let jsonc = p.root.join("opencode.jsonc");
            if jsonc.is_file() {
                jsonc
            } else {
                p.root.join("opencode.json")
            }
        },
        installed: |p| vec![p.config.join("opencode")],
        programs: &["opencode"],
    },
    Client {
        name: "kiro",
        title: "Kiro",
        scope: Scope::Project,
        format: Format::McpServers,
        path: |p| under(&p.root, &[".kiro", "settings", "mcp.json"]),
        installed: |p| vec![p.home.join(".kiro")],
        programs: &["kiro"],
    },
];

/// The client named `name`.
pub fn find(name: &str) -> Option<&'static Client> {
    CLIENTS.iter().find(|client| client.name == name)
}

/// Every client's name, for messages.
pub fn names() -> String {
    CLIENTS
        .iter()
        .map(|c| c.name)
        .collect::<Vec<_>>()
        .join(", ")
}
