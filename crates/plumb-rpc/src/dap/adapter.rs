//! The adapter registry: which debug adapter serves a language, how it is
//! found (like a language server: the binary must be on `PATH`, and the
//! session says which one was used), how it is started and connected to,
//! and the `launch` and `attach` arguments each expects for a command line.
//!
//! - debugpy (Python): `PYTHON -m debugpy.adapter`, DAP on stdio.
//! - lldb-dap (C, C++, Rust): `lldb-dap`, earlier `lldb-vscode`, either
//!   maybe versioned (`lldb-vscode-14`, `lldb-dap-19`); DAP on stdio.
//! - Delve (Go): `dlv dap --client-addr HOST:PORT`, which dials in to a
//!   port plumb listens on (it speaks DAP over TCP only).

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::{Value, json};

/// The languages a session can debug.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    /// Python, through debugpy.
    Python,
    /// C, through lldb-dap.
    C,
    /// C++, through lldb-dap.
    Cpp,
    /// Rust, through lldb-dap.
    Rust,
    /// Go, through Delve.
    Go,
}

impl Language {
    /// Every language, in the order their names are listed.
    pub const ALL: [Language; 5] = [
        Language::Python,
        Language::C,
        Language::Cpp,
        Language::Rust,
        Language::Go,
    ];

    /// The name used in arguments and results.
    pub fn as_str(self) -> &'static str {
        match self {
            Language::Python => "python",
            Language::C => "c",
            Language::Cpp => "cpp",
            Language::Rust => "rust",
            Language::Go => "go",
        }
    }

    /// Parses a language name (`c++` is accepted for `cpp`).
    pub fn parse(text: &str) -> Option<Language> {
        let text = text.trim().to_ascii_lowercase();
        let text = if text == "c++" { "cpp" } else { text.as_str() };
        Language::ALL.into_iter().find(|l| l.as_str() == text)
    }

    /// The adapter that serves it.
    pub fn adapter(self) -> AdapterKind {
        match self {
            Language::Python => AdapterKind::Debugpy,
            Language::C | Language::Cpp | Language::Rust => AdapterKind::Lldb,
            Language::Go => AdapterKind::Delve,
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A debug adapter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AdapterKind {
    /// debugpy, for Python.
    Debugpy,
    /// lldb-dap (or lldb-vscode), for C, C++ and Rust.
    Lldb,
    /// Delve, for Go.
    Delve,
}

/// How plumb talks to a started adapter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transport {
    /// On the adapter's stdin and stdout.
    Stdio,
    /// The adapter dials in to a TCP port plumb listens on; its command line
    /// gets `HOST:PORT` appended.
    DialIn,
}

/// An adapter found on this machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundAdapter {
    /// Which adapter.
    pub kind: AdapterKind,
    /// The command that starts it (program first).
    pub command: Vec<String>,
    /// How to talk to it.
    pub transport: Transport,
    /// A name for results: the binary (and module) used.
    pub name: String,
}

/// Why no adapter could be used.
#[derive(Debug, thiserror::Error)]
pub enum AdapterError {
    /// The adapter is not installed.
    #[error("no debug adapter for {language}: {install}")]
    Missing {
        /// The language asked for.
        language: Language,
        /// What to install, and how.
        install: &'static str,
    },
    /// The command names nothing that can be launched.
    #[error("{0}")]
    Command(String),
}

impl AdapterKind {
    /// What to install when the adapter is missing.
    pub fn install_hint(self) -> &'static str {
        match self {
            AdapterKind::Debugpy => {
                "debugpy is not importable by python3: install it with `python3 -m pip install debugpy`"
            }
            AdapterKind::Lldb => {
                "neither lldb-dap nor lldb-vscode (maybe versioned, as lldb-vscode-14) is on PATH: install LLDB (Debian: `apt-get install lldb`)"
            }
            AdapterKind::Delve => {
                "`dlv` is not on PATH: install Delve (Debian: `apt-get install delve`)"
            }
        }
    }

    /// The adapter's request name in `launch`/`attach` (`type` in a VS Code
    /// configuration), for results.
    pub fn as_str(self) -> &'static str {
        match self {
            AdapterKind::Debugpy => "debugpy",
            AdapterKind::Lldb => "lldb-dap",
            AdapterKind::Delve => "delve",
        }
    }
}

/// Finds the adapter for `language` on `path` (a `PATH` value).
pub fn find(language: Language, path: &str) -> Result<FoundAdapter, AdapterError> {
    let kind = language.adapter();
    let missing = || AdapterError::Missing {
        language,
        install: kind.install_hint(),
    };
    match kind {
        AdapterKind::Debugpy => {
            let python = which("python3", path).ok_or_else(missing)?;
            // The interpreter itself, not a wrapper (pyenv's shims cost a
            // process or two at every start), and whether it has debugpy.
            let answer = Command::new(&python)
                .args(["-c", "import debugpy, sys; print(sys.executable)"])
                .stdin(Stdio::null())
                .stderr(Stdio::null())
                .output()
                .ok()
                .filter(|out| out.status.success())
                .ok_or_else(missing)?;
            let real = String::from_utf8_lossy(&answer.stdout).trim().to_owned();
            let python = if real.is_empty() {
                python.to_string_lossy().into_owned()
            } else {
                real
            };
            Ok(FoundAdapter {
                kind,
                name: format!("{python} -m debugpy.adapter"),
                command: vec![python, "-m".into(), "debugpy.adapter".into()],
                transport: Transport::Stdio,
            })
        }
        AdapterKind::Lldb => {
            let binary = lldb_dap(path).ok_or_else(missing)?;
            let binary = binary.to_string_lossy().into_owned();
            Ok(FoundAdapter {
                kind,
                name: binary.clone(),
                command: vec![binary],
                transport: Transport::Stdio,
            })
        }
        AdapterKind::Delve => {
            let dlv = which("dlv", path).ok_or_else(missing)?;
            let dlv = dlv.to_string_lossy().into_owned();
            Ok(FoundAdapter {
                kind,
                name: format!("{dlv} dap"),
                command: vec![dlv, "dap".into(), "--client-addr".into()],
                transport: Transport::DialIn,
            })
        }
    }
}

/// The first executable file named `name` in the directories of `path`.
pub fn which(name: &str, path: &str) -> Option<PathBuf> {
    std::env::split_paths(path)
        .map(|dir| dir.join(name))
        .find(|candidate| is_executable(candidate))
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// The lldb DAP binary: `lldb-dap`, `lldb-vscode`, else the highest
/// versioned one (`lldb-dap-19` before `lldb-vscode-14`).
fn lldb_dap(path: &str) -> Option<PathBuf> {
    for name in ["lldb-dap", "lldb-vscode"] {
        if let Some(found) = which(name, path) {
            return Some(found);
        }
    }
    let mut versioned: Vec<(u32, PathBuf)> = Vec::new();
    for dir in std::env::split_paths(path) {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let Some(version) = name.to_str().and_then(lldb_version) else {
                continue;
            };
            if is_executable(&entry.path()) {
                versioned.push((version, entry.path()));
            }
        }
    }
    versioned.sort_by_key(|(version, _)| std::cmp::Reverse(*version));
    versioned.into_iter().next().map(|(_, path)| path)
}

/// The version of a versioned lldb DAP binary's name (`lldb-vscode-14`: 14).
fn lldb_version(name: &str) -> Option<u32> {
    let version = name
        .strip_prefix("lldb-dap-")
        .or_else(|| name.strip_prefix("lldb-vscode-"))?;
    version.parse().ok()
}

/// The program to debug, as the user gave it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Program {
    /// The command line: a script, a binary, or a command such as
    /// `python -m pytest tests/test_x.py::test_y`.
    pub command: Vec<String>,
    /// The working directory (absolute).
    pub cwd: PathBuf,
    /// Variables added to the environment.
    pub env: BTreeMap<String, String>,
    /// Whether to stop at the first line.
    pub stop_on_entry: bool,
}

/// The language a command runs, guessed from its program: a Python
/// interpreter, `pytest` or a `.py` script is Python; `go` or a `.go` file
/// is Go; a binary is Go if it carries Go's build information, else C
/// (lldb serves C, C++ and Rust alike).
pub fn infer_language(
    command: &[String],
    cwd: &Path,
    path: &str,
) -> Result<Language, AdapterError> {
    let program = command
        .first()
        .ok_or_else(|| AdapterError::Command("the command is empty".into()))?;
    let base = Path::new(program)
        .file_name()
        .and_then(|name| name.to_str())
        .unwrap_or(program);
    if is_python(base) || base == "pytest" || base.ends_with(".py") {
        return Ok(Language::Python);
    }
    if base == "go" || base.ends_with(".go") {
        return Ok(Language::Go);
    }
    let binary = resolve_program(program, cwd, path)?;
    let bytes = std::fs::read(&binary)
        .map_err(|err| AdapterError::Command(format!("cannot read {}: {err}", binary.display())))?;
    Ok(if memchr_find(&bytes, GO_BUILD_INFO) {
        Language::Go
    } else {
        Language::C
    })
}

/// The magic that starts a Go binary's build information (`.go.buildinfo`,
/// from Go's `debug/buildinfo`).
const GO_BUILD_INFO: &[u8] = b"\xff Go buildinf:";

fn memchr_find(haystack: &[u8], needle: &[u8]) -> bool {
    haystack
        .windows(needle.len())
        .any(|window| window == needle)
}

fn is_python(base: &str) -> bool {
    base.strip_prefix("python")
        .is_some_and(|rest| rest.chars().all(|c| c.is_ascii_digit() || c == '.'))
}

/// `program` as an absolute path: as given when absolute, against `cwd`
/// when it has a `/`, else looked up on `path`.
pub fn resolve_program(program: &str, cwd: &Path, path: &str) -> Result<PathBuf, AdapterError> {
    let candidate = Path::new(program);
    let resolved = if candidate.is_absolute() {
        Some(candidate.to_path_buf())
    } else if program.contains('/') {
        Some(cwd.join(candidate))
    } else {
        which(program, path)
    };
    match resolved {
        Some(found) if found.is_file() => Ok(found),
        _ => Err(AdapterError::Command(format!(
            "the program {program:?} was not found (relative to {} or on PATH)",
            cwd.display()
        ))),
    }
}

/// The `launch` arguments for `program` under adapter `kind`.
pub fn launch_arguments(
    kind: AdapterKind,
    program: &Program,
    path: &str,
) -> Result<Value, AdapterError> {
    let command = &program.command;
    let first = command
        .first()
        .ok_or_else(|| AdapterError::Command("the command is empty".into()))?;
    let cwd = program.cwd.to_string_lossy().into_owned();
    let absolute = |file: &str| program.cwd.join(file).to_string_lossy().into_owned();
    match kind {
        AdapterKind::Debugpy => {
            let base = Path::new(first)
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or(first);
            let (python, rest): (String, &[String]) = if is_python(base) {
                let python = resolve_program(first, &program.cwd, path)?;
                (python.to_string_lossy().into_owned(), &command[1..])
            } else {
                let python = which("python3", path).ok_or(AdapterError::Missing {
                    language: Language::Python,
                    install: kind.install_hint(),
                })?;
                (python.to_string_lossy().into_owned(), &command[..])
            };
            let mut args = json!({
                "type": "python",
                "request": "launch",
                "name": "plumb",
                "python": [python],
                "cwd": cwd,
                "env": program.env,
                "console": "internalConsole",
                "redirectOutput": true,
                "stopOnEntry": program.stop_on_entry,
                "justMyCode": true,
                "variablePresentation": {"special": "hide", "function": "hide", "class": "group", "protected": "inline"},
            });
            match rest {
                [] => {
                    return Err(AdapterError::Command(
                        "a Python command needs a script or `-m MODULE`".into(),
                    ));
                }
                [flag, module, tail @ ..] if flag == "-m" => {
                    args["module"] = json!(module);
                    args["args"] = json!(tail);
                }
                [pytest, tail @ ..] if pytest == "pytest" => {
                    args["module"] = json!("pytest");
                    args["args"] = json!(tail);
                }
                [flag, ..] if flag.starts_with('-') => {
                    return Err(AdapterError::Command(format!(
                        "the Python option {flag:?} is not supported here: give a script or `-m MODULE`"
                    )));
                }
                [script, tail @ ..] => {
                    args["program"] = json!(absolute(script));
                    args["args"] = json!(tail);
                }
            }
            Ok(args)
        }
        AdapterKind::Lldb => {
            let binary = resolve_program(first, &program.cwd, path)?;
            let env: Vec<String> = program
                .env
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            Ok(json!({
                "name": "plumb",
                "program": binary.to_string_lossy(),
                "args": &command[1..],
                "cwd": cwd,
                "env": env,
                "stopOnEntry": program.stop_on_entry,
            }))
        }
        AdapterKind::Delve => {
            let mut args = json!({
                "name": "plumb",
                "cwd": cwd,
                "env": program.env,
                "stopOnEntry": program.stop_on_entry,
            });
            match command.as_slice() {
                [go, run, target, tail @ ..] if go == "go" && run == "run" => {
                    args["mode"] = json!("debug");
                    args["program"] = json!(absolute(target));
                    args["args"] = json!(tail);
                }
                [go, test, tail @ ..] if go == "go" && test == "test" => {
                    let (package, flags) = match tail {
                        [package, flags @ ..] if !package.starts_with('-') => {
                            (absolute(package), flags)
                        }
                        flags => (cwd.clone(), flags),
                    };
                    args["mode"] = json!("test");
                    args["program"] = json!(package);
                    args["args"] = json!(flags);
                }
                [go, ..] if go == "go" => {
                    return Err(AdapterError::Command(
                        "a Go command must be `go run FILE|PACKAGE …`, `go test [PACKAGE] …` or a built binary".into(),
                    ));
                }
                [binary, tail @ ..] => {
                    let binary = resolve_program(binary, &program.cwd, path)?;
                    args["mode"] = json!("exec");
                    args["program"] = json!(binary.to_string_lossy());
                    args["args"] = json!(tail);
                }
                [] => return Err(AdapterError::Command("the command is empty".into())),
            }
            Ok(args)
        }
    }
}

/// Runs a Python program with the adapter's own interpreter when the
/// command names the same `python3` the adapter was found through (a
/// wrapper such as a pyenv shim is then skipped).
pub fn prefer_adapter_python(arguments: &mut Value, found: &FoundAdapter, path: &str) {
    let (Some(python3), Some(real)) = (which("python3", path), found.command.first()) else {
        return;
    };
    if found.kind == AdapterKind::Debugpy
        && arguments["python"] == json!([python3.to_string_lossy()])
    {
        arguments["python"] = json!([real]);
    }
}

/// The `attach` arguments for process `pid` under adapter `kind`.
pub fn attach_arguments(kind: AdapterKind, pid: u32) -> Value {
    match kind {
        AdapterKind::Debugpy => json!({
            "type": "python", "request": "attach", "name": "plumb", "processId": pid, "justMyCode": true,
        }),
        AdapterKind::Lldb => json!({"name": "plumb", "pid": pid}),
        AdapterKind::Delve => json!({"name": "plumb", "mode": "local", "processId": pid}),
    }
}

/// Whether an `evaluate` in this adapter runs in the `repl` context
/// (debugpy: statements too) or `watch` (lldb-dap and Delve read some
/// `repl` input as debugger commands).
pub fn evaluate_context(kind: AdapterKind) -> &'static str {
    match kind {
        AdapterKind::Debugpy => "repl",
        AdapterKind::Lldb | AdapterKind::Delve => "watch",
    }
}

#[cfg(test)]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    use super::*;

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    fn executable(dir: &Path, name: &str) -> PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    #[test]
    fn the_highest_versioned_lldb_adapter_is_found_when_no_plain_one_is() {
        let dir = tempfile::tempdir().unwrap();
        executable(dir.path(), "lldb-vscode-14");
        let newest = executable(dir.path(), "lldb-dap-19");
        std::fs::write(dir.path().join("lldb-dap-20"), "not executable").unwrap();
        let path = dir.path().to_string_lossy().into_owned();
        assert_eq!(lldb_dap(&path), Some(newest));
        let plain = executable(dir.path(), "lldb-vscode");
        assert_eq!(lldb_dap(&path), Some(plain));
    }

    #[test]
    fn a_missing_adapter_names_what_to_install() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().to_string_lossy().into_owned();
        let err = find(Language::Go, &path).unwrap_err().to_string();
        assert!(err.contains("apt-get install delve"), "{err}");
        let err = find(Language::Rust, &path).unwrap_err().to_string();
        assert!(
            err.contains("lldb-dap") && err.contains("apt-get install lldb"),
            "{err}"
        );
    }

    #[test]
    fn languages_are_inferred_from_the_command() {
        let dir = tempfile::tempdir().unwrap();
        let path = "";
        let infer = |command: &[&str]| infer_language(&strings(command), dir.path(), path).unwrap();
        assert_eq!(infer(&["python3", "-m", "pytest"]), Language::Python);
        assert_eq!(infer(&["/usr/bin/python3.11", "x.py"]), Language::Python);
        assert_eq!(infer(&["tool.py"]), Language::Python);
        assert_eq!(infer(&["go", "run", "main.go"]), Language::Go);
        std::fs::write(dir.path().join("gobin"), b"\x7fELF....\xff Go buildinf:...").unwrap();
        std::fs::write(dir.path().join("cbin"), b"\x7fELF....").unwrap();
        assert_eq!(infer(&["./gobin"]), Language::Go);
        assert_eq!(infer(&["./cbin"]), Language::C);
        assert!(infer_language(&strings(&["./absent"]), dir.path(), path).is_err());
        assert!(infer_language(&[], dir.path(), path).is_err());
    }

    #[test]
    fn python_commands_become_module_or_program_launches() {
        let dir = tempfile::tempdir().unwrap();
        let python = executable(dir.path(), "python3");
        let path = dir.path().to_string_lossy().into_owned();
        let program = |command: &[&str]| Program {
            command: strings(command),
            cwd: PathBuf::from("/work"),
            ..Program::default()
        };
        let args = launch_arguments(
            AdapterKind::Debugpy,
            &program(&["python3", "-m", "pytest", "tests/test_x.py::test_y"]),
            &path,
        )
        .unwrap();
        assert_eq!(args["module"], "pytest");
        assert_eq!(args["args"], json!(["tests/test_x.py::test_y"]));
        assert_eq!(args["python"], json!([python.to_string_lossy()]));
        let args =
            launch_arguments(AdapterKind::Debugpy, &program(&["tool.py", "-v"]), &path).unwrap();
        assert_eq!(args["program"], "/work/tool.py");
        assert_eq!(args["args"], json!(["-v"]));
        assert!(
            launch_arguments(
                AdapterKind::Debugpy,
                &program(&["python3", "-c", "1"]),
                &path
            )
            .is_err()
        );
    }

    #[test]
    fn go_commands_choose_delves_mode() {
        let program = |command: &[&str]| Program {
            command: strings(command),
            cwd: PathBuf::from("/src"),
            ..Program::default()
        };
        let args = launch_arguments(
            AdapterKind::Delve,
            &program(&["go", "run", "main.go", "x"]),
            "",
        )
        .unwrap();
        assert_eq!(
            (args["mode"].as_str(), args["program"].as_str()),
            (Some("debug"), Some("/src/main.go"))
        );
        let args = launch_arguments(
            AdapterKind::Delve,
            &program(&["go", "test", "-run", "TestX"]),
            "",
        )
        .unwrap();
        assert_eq!(
            (args["mode"].as_str(), args["program"].as_str()),
            (Some("test"), Some("/src"))
        );
        assert_eq!(args["args"], json!(["-run", "TestX"]));
        assert!(launch_arguments(AdapterKind::Delve, &program(&["go", "vet"]), "").is_err());
    }
}
