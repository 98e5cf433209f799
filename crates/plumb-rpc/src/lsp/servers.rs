//! The language servers plumb knows, and detection: a server is used for a
//! file when the file's extension is one of the server's, a marker of the
//! server's language sits at the root of the checkout, **and** the
//! server's binary is found (configured, or on `PATH`). Each half alone
//! says too little: a marker says what the project is, not whether the
//! server is installed; a binary says nothing about this checkout.

use std::ffi::OsStr;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The longest wait for a session's first diagnostics, start and
/// `initialize` included. From the issue ("say 10 s for the first").
pub const FIRST_WAIT: Duration = Duration::from_secs(10);
/// The longest wait for diagnostics once a session has answered. From the
/// issue ("less after"); chosen as half of [`FIRST_WAIT`].
pub const LATER_WAIT: Duration = Duration::from_secs(5);
/// The environment variable replacing [`FIRST_WAIT`], in milliseconds
/// (for slow machines, and tests on a loaded one).
pub const FIRST_WAIT_ENV: &str = "PLUMB_LSP_FIRST_WAIT_MS";
/// The environment variable replacing [`LATER_WAIT`], in milliseconds.
pub const LATER_WAIT_ENV: &str = "PLUMB_LSP_WAIT_MS";

/// One language server: how to find it, when it applies, how to start it.
#[derive(Debug)]
pub struct ServerSpec {
    /// The server's name, as reported in every result.
    pub name: &'static str,
    /// The executable looked up on `PATH`.
    pub binary: &'static str,
    /// Its arguments for speaking LSP over stdio.
    pub args: &'static [&'static str],
    /// Files at the root of the checkout that say the project is of this
    /// server's language (any one is enough).
    pub markers: &'static [&'static str],
    /// The extensions it serves, each with the LSP `languageId` to open
    /// files of it with.
    pub extensions: &'static [(&'static str, &'static str)],
    /// After the edited file's diagnostics arrive, how long without another
    /// publication ends the wait (a server may publish in steps, and other
    /// open files after the edited one).
    pub settle: Duration,
}

/// The settle time of servers that publish each file once. Chosen:
/// pyright, clangd, gopls and rust-analyzer's follow-ups (other open
/// files) were seen within ~100 ms of the edited file's here.
const SETTLE: Duration = Duration::from_millis(200);
/// typescript-language-server publishes a file after each of tsserver's
/// passes (syntax, semantic, suggestion); measured: the semantic one came
/// 210 ms after the syntactic one on a loaded 2-core machine.
const SETTLE_IN_STEPS: Duration = Duration::from_millis(600);

impl ServerSpec {
    /// The environment variable that names this server's binary, taking
    /// precedence over `PATH`: `PLUMB_LSP_` and the name in capitals, `-`
    /// as `_` (`PLUMB_LSP_RUST_ANALYZER`).
    pub fn override_variable(&self) -> String {
        format!("PLUMB_LSP_{}", self.name.to_uppercase().replace('-', "_"))
    }

    /// The LSP `languageId` of a file with `extension`, if this server
    /// serves it.
    pub fn language_id(&self, extension: &str) -> Option<&'static str> {
        self.extensions
            .iter()
            .find(|(ext, _)| *ext == extension)
            .map(|(_, id)| *id)
    }
}

/// Every server plumb can use. The commands are each server's documented
/// stdio mode (pyright: `pyright-langserver --stdio`; typescript-language-server:
/// `--stdio`; clangd, gopls and rust-analyzer speak stdio by default); the
/// markers are the list.
pub static SERVERS: &[ServerSpec] = &[
    ServerSpec {
        name: "pyright",
        binary: "pyright-langserver",
        args: &["--stdio"],
        markers: &[
            "pyproject.toml",
            "setup.py",
            "setup.cfg",
            "requirements.txt",
        ],
        extensions: &[("py", "python"), ("pyi", "python")],
        settle: SETTLE,
    },
    ServerSpec {
        name: "typescript-language-server",
        binary: "typescript-language-server",
        args: &["--stdio"],
        markers: &["tsconfig.json", "jsconfig.json", "package.json"],
        extensions: &[
            ("cjs", "javascript"),
            ("cts", "typescript"),
            ("js", "javascript"),
            ("jsx", "javascriptreact"),
            ("mjs", "javascript"),
            ("mts", "typescript"),
            ("ts", "typescript"),
            ("tsx", "typescriptreact"),
        ],
        settle: SETTLE_IN_STEPS,
    },
    ServerSpec {
        name: "clangd",
        binary: "clangd",
        args: &[],
        markers: &["compile_commands.json", "CMakeLists.txt", "Makefile"],
        extensions: &[
            ("c", "c"),
            ("cc", "cpp"),
            ("cpp", "cpp"),
            ("cxx", "cpp"),
            ("h", "c"),
            ("hh", "cpp"),
            ("hpp", "cpp"),
        ],
        settle: SETTLE,
    },
    ServerSpec {
        name: "gopls",
        binary: "gopls",
        args: &[],
        markers: &["go.mod"],
        extensions: &[("go", "go")],
        settle: SETTLE,
    },
    ServerSpec {
        name: "rust-analyzer",
        binary: "rust-analyzer",
        args: &[],
        markers: &["Cargo.toml"],
        extensions: &[("rs", "rust")],
        settle: SETTLE,
    },
];

/// A server found for a file: its row and the binary to run.
#[derive(Clone, Debug)]
pub struct Found {
    /// The server's row.
    pub spec: &'static ServerSpec,
    /// The executable, absolute.
    pub program: PathBuf,
}

/// Why no server serves a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unavailable {
    /// The server that would serve the file, if plumb knows one.
    pub server: Option<&'static str>,
    /// What is missing, in words.
    pub reason: String,
}

/// Where to look for binaries: the `PATH` value and the overrides, read
/// once from the environment (tests pass their own).
#[derive(Clone, Debug)]
pub struct Environment {
    /// The `PATH` value.
    pub path: Option<std::ffi::OsString>,
    /// `(variable, value)` pairs of the `PLUMB_LSP_*` overrides.
    pub overrides: Vec<(String, PathBuf)>,
    /// The wait for a session's first diagnostics ([`FIRST_WAIT`] unless
    /// [`FIRST_WAIT_ENV`] says otherwise).
    pub first_wait: Duration,
    /// The wait for later diagnostics ([`LATER_WAIT`] unless
    /// [`LATER_WAIT_ENV`] says otherwise).
    pub later_wait: Duration,
}

impl Default for Environment {
    fn default() -> Environment {
        Environment {
            path: None,
            overrides: Vec::new(),
            first_wait: FIRST_WAIT,
            later_wait: LATER_WAIT,
        }
    }
}

impl Environment {
    /// This process's environment.
    pub fn from_process() -> Environment {
        let overrides = SERVERS
            .iter()
            .filter_map(|spec| {
                let variable = spec.override_variable();
                let value = std::env::var_os(&variable)?;
                Some((variable, PathBuf::from(value)))
            })
            .collect();
        let millis = |variable: &str, default: Duration| {
            std::env::var(variable)
                .ok()
                .and_then(|text| text.trim().parse().ok())
                .map_or(default, Duration::from_millis)
        };
        Environment {
            path: std::env::var_os("PATH"),
            overrides,
            first_wait: millis(FIRST_WAIT_ENV, FIRST_WAIT),
            later_wait: millis(LATER_WAIT_ENV, LATER_WAIT),
        }
    }

    /// The wait for diagnostics: the first of a session, or a later one.
    pub fn wait(&self, answered: bool) -> Duration {
        if answered {
            self.later_wait
        } else {
            self.first_wait
        }
    }
}

/// The server for the file at `path` (its extension decides) in the
/// checkout at `root`, or why there is none.
pub fn detect(root: &Path, path: &Path, env: &Environment) -> Result<Found, Unavailable> {
    let extension = path.extension().and_then(OsStr::to_str).unwrap_or("");
    let Some(spec) = SERVERS
        .iter()
        .find(|spec| spec.language_id(extension).is_some())
    else {
        return Err(Unavailable {
            server: None,
            reason: format!("no language server is known for .{extension} files"),
        });
    };
    if !spec
        .markers
        .iter()
        .any(|marker| root.join(marker).is_file())
    {
        return Err(Unavailable {
            server: Some(spec.name),
            reason: format!(
                "no {} at the root of the checkout, so this is not taken for a project of {}'s language",
                spec.markers.join(" / "),
                spec.name
            ),
        });
    }
    let variable = spec.override_variable();
    if let Some((_, program)) = env.overrides.iter().find(|(name, _)| *name == variable) {
        return if is_executable(program) {
            Ok(Found {
                spec,
                program: program.clone(),
            })
        } else {
            Err(Unavailable {
                server: Some(spec.name),
                reason: format!(
                    "{variable} names {}, which is not an executable file",
                    program.display()
                ),
            })
        };
    }
    match find_on_path(spec.binary, env.path.as_deref()) {
        Some(program) => Ok(Found { spec, program }),
        None => Err(Unavailable {
            server: Some(spec.name),
            reason: format!(
                "`{}` is not on PATH (install {} or set {variable})",
                spec.binary, spec.name
            ),
        }),
    }
}

/// The first executable file named `binary` in the directories of `path`.
fn find_on_path(binary: &str, path: Option<&OsStr>) -> Option<PathBuf> {
    std::env::split_paths(path?)
        .map(|dir| dir.join(binary))
        .find(|candidate| is_executable(candidate))
}

fn is_executable(path: &Path) -> bool {
    std::fs::metadata(path)
        .is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn executable(dir: &Path, name: &str) -> PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    fn env_with_path(dir: &Path) -> Environment {
        Environment {
            path: Some(dir.as_os_str().to_owned()),
            ..Environment::default()
        }
    }

    #[test]
    fn a_server_needs_both_a_marker_and_a_binary() {
        let root = tempfile::tempdir().unwrap();
        let bin = tempfile::tempdir().unwrap();
        let file = Path::new("app/main.py");

        let err = detect(root.path(), file, &env_with_path(bin.path())).unwrap_err();
        assert_eq!(err.server, Some("pyright"));
        assert!(err.reason.contains("pyproject.toml"), "{}", err.reason);

        std::fs::write(root.path().join("pyproject.toml"), "").unwrap();
        let err = detect(root.path(), file, &env_with_path(bin.path())).unwrap_err();
        assert!(
            err.reason.contains("`pyright-langserver` is not on PATH"),
            "{}",
            err.reason
        );

        let program = executable(bin.path(), "pyright-langserver");
        let found = detect(root.path(), file, &env_with_path(bin.path())).unwrap();
        assert_eq!((found.spec.name, found.program), ("pyright", program));
    }

    #[test]
    fn a_binary_that_is_not_executable_is_not_found() {
        let root = tempfile::tempdir().unwrap();
        let bin = tempfile::tempdir().unwrap();
        std::fs::write(root.path().join("go.mod"), "module m\n").unwrap();
        std::fs::write(bin.path().join("gopls"), "").unwrap();
        let err = detect(root.path(), Path::new("a.go"), &env_with_path(bin.path())).unwrap_err();
        assert!(err.reason.contains("not on PATH"), "{}", err.reason);
    }

    #[test]
    fn an_override_wins_over_path_and_is_checked() {
        let root = tempfile::tempdir().unwrap();
        let bin = tempfile::tempdir().unwrap();
        std::fs::write(root.path().join("Cargo.toml"), "").unwrap();
        executable(bin.path(), "rust-analyzer");
        let mine = executable(bin.path(), "my-ra");
        let mut env = env_with_path(bin.path());
        env.overrides = vec![("PLUMB_LSP_RUST_ANALYZER".into(), mine.clone())];
        let found = detect(root.path(), Path::new("src/lib.rs"), &env).unwrap();
        assert_eq!(found.program, mine);

        env.overrides = vec![("PLUMB_LSP_RUST_ANALYZER".into(), bin.path().join("none"))];
        let err = detect(root.path(), Path::new("src/lib.rs"), &env).unwrap_err();
        assert!(
            err.reason.contains("PLUMB_LSP_RUST_ANALYZER"),
            "{}",
            err.reason
        );
    }

    #[test]
    fn a_language_without_a_server_says_so() {
        let root = tempfile::tempdir().unwrap();
        let err = detect(root.path(), Path::new("x.rb"), &Environment::default()).unwrap_err();
        assert_eq!(err.server, None);
        assert!(err.reason.contains(".rb"), "{}", err.reason);
    }

    #[test]
    fn extensions_are_sorted_and_served_once() {
        let mut all = vec![];
        for spec in SERVERS {
            let exts: Vec<&str> = spec.extensions.iter().map(|(e, _)| *e).collect();
            let mut sorted = exts.clone();
            sorted.sort();
            assert_eq!(exts, sorted, "{}", spec.name);
            all.extend(exts);
        }
        let n = all.len();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
