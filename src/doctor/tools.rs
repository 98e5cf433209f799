//! The external tools `plumb doctor` looks for: language servers and debug
//! adapters, one row each, with how to find one and how to install it.
//! One table, so that it can later be pointed at the language-server
//! registry instead.

/// What a tool is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// A Language Server Protocol server.
    LanguageServer,
    /// A Debug Adapter Protocol adapter.
    DebugAdapter,
}

/// How a tool is found.
#[derive(Clone, Copy, Debug)]
pub enum Probe {
    /// The first of these programs on `PATH`.
    Program(&'static [&'static str]),
    /// A Python module importable by `python3` (run as `python3 -m MODULE`).
    PythonModule(&'static str),
}

/// One tool row.
#[derive(Clone, Copy, Debug)]
pub struct Tool {
    /// Its name, as users know it.
    pub name: &'static str,
    /// What it is for.
    pub role: Role,
    /// The languages it serves.
    pub languages: &'static str,
    /// How to find it.
    pub probe: Probe,
    /// How to install it (from each project's install instructions).
    pub fix: &'static str,
}

/// Every tool looked for, language servers first.
pub static TOOLS: &[Tool] = &[
    Tool {
        name: "pyright-langserver",
        role: Role::LanguageServer,
        languages: "python",
        probe: Probe::Program(&["pyright-langserver"]),
        fix: "npm install -g pyright (or: pip install pyright)",
    },
    Tool {
        name: "typescript-language-server",
        role: Role::LanguageServer,
        languages: "typescript, javascript",
        probe: Probe::Program(&["typescript-language-server"]),
        fix: "npm install -g typescript-language-server typescript",
    },
    Tool {
        name: "clangd",
        role: Role::LanguageServer,
        languages: "c, cpp",
        probe: Probe::Program(&["clangd"]),
        fix: "apt-get install clangd (macOS: brew install llvm)",
    },
    Tool {
        name: "gopls",
        role: Role::LanguageServer,
        languages: "go",
        probe: Probe::Program(&["gopls"]),
        fix: "go install golang.org/x/tools/gopls@latest",
    },
    Tool {
        name: "rust-analyzer",
        role: Role::LanguageServer,
        languages: "rust",
        probe: Probe::Program(&["rust-analyzer"]),
        fix: "rustup component add rust-analyzer",
    },
    Tool {
        name: "debugpy",
        role: Role::DebugAdapter,
        languages: "python",
        probe: Probe::PythonModule("debugpy"),
        fix: "python3 -m pip install debugpy",
    },
    Tool {
        name: "lldb-dap",
        role: Role::DebugAdapter,
        languages: "c, cpp, rust",
        probe: Probe::Program(&["lldb-dap", "lldb-vscode"]),
        fix: "apt-get install lldb (lldb-dap ships with LLVM 18+, lldb-vscode before)",
    },
    Tool {
        name: "dlv",
        role: Role::DebugAdapter,
        languages: "go",
        probe: Probe::Program(&["dlv"]),
        fix: "go install github.com/go-delve/delve/cmd/dlv@latest",
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn language_servers_come_first_and_names_are_unique() {
        let first_adapter = TOOLS
            .iter()
            .position(|t| t.role == Role::DebugAdapter)
            .unwrap();
        assert!(
            TOOLS[first_adapter..]
                .iter()
                .all(|t| t.role == Role::DebugAdapter)
        );
        let mut names: Vec<&str> = TOOLS.iter().map(|t| t.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), TOOLS.len());
    }
}
