//! `plumb ide`: writes the MCP client configuration that runs `plumb serve`
//! for this repository, merged into each client's existing file (every
//! other server kept; running it twice changes nothing). With `--dry-run`
//! it prints the change as a diff and writes nothing; with no `--client` on
//! a terminal it offers the clients it detects.

mod clients;
mod merge;

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use anyhow::Context;

use crate::cli::{Cli, IdeArgs};
use crate::{InputError, Outcome};

use clients::{CLIENTS, Client, Format, Places, Scope};
use merge::{Change, Node};

/// The entry's name in project files.
const SERVER_NAME: &str = "plumb";

/// Runs `plumb ide`.
pub fn run(cli: &Cli, args: &IdeArgs) -> anyhow::Result<Outcome> {
    let root = crate::serve::root(cli)?;
    let places = Places::from_env(root);
    let chosen = choose(args.client.as_deref(), &places)?;
    if !plumb_store::Store::database_path(&places.root).is_file() {
        eprintln!(
            "plumb: warning: {} has no index yet: run `plumb index` there, or the client's `plumb serve` will answer nothing",
            places.root.display()
        );
    }
    if chosen.iter().any(|c| c.scope == Scope::Project) && !on_path() {
        eprintln!(
            "plumb: warning: `plumb` is not on PATH, and project files run it by that name: install it with `cargo install --locked --path .` in plumb's source"
        );
    }
    for client in chosen {
        configure(client, &places, &plumb_command(client), args.dry_run)?;
    }
    if args.dry_run {
        println!("dry run: nothing was written");
    }
    Ok(Outcome::Results)
}

/// The clients named by `--client` (comma-separated), else the ones picked
/// from those detected, on a terminal.
fn choose(names: Option<&str>, places: &Places) -> anyhow::Result<Vec<&'static Client>> {
    if let Some(names) = names {
        if names.split(',').all(|name| name.trim().is_empty()) {
            return Err(InputError(format!(
                "--client names no client; name one or more, comma-separated: {}",
                clients::names()
            ))
            .into());
        }
        return names
            .split(',')
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .map(|name| {
                clients::find(name).ok_or_else(|| {
                    InputError(format!(
                        "unknown client {name:?} (one of: {})",
                        clients::names()
                    ))
                    .into()
                })
            })
            .collect();
    }
    let detected: Vec<&'static Client> = CLIENTS.iter().filter(|c| c.detected(places)).collect();
    if !(std::io::stdin().is_terminal() && std::io::stdout().is_terminal()) {
        let found: Vec<&str> = detected.iter().map(|c| c.name).collect();
        return Err(InputError(format!(
            "name the client with --client (one of: {}); detected here: {}",
            clients::names(),
            if found.is_empty() {
                "none".to_owned()
            } else {
                found.join(", ")
            }
        ))
        .into());
    }
    if detected.is_empty() {
        return Err(InputError(format!(
            "no MCP client detected; name one with --client (one of: {})",
            clients::names()
        ))
        .into());
    }
    let titles: Vec<&str> = detected.iter().map(|c| c.title).collect();
    let picked = inquire::MultiSelect::new("Configure plumb for:", titles.clone())
        .with_all_selected_by_default()
        .prompt()
        .context("choosing clients")?;
    Ok(detected
        .into_iter()
        .filter(|c| picked.contains(&c.title))
        .collect())
}

/// Whether a `plumb` is on `PATH`.
fn on_path() -> bool {
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join("plumb").is_file()))
}

/// The command `client` runs: `plumb` in a project file (shared with
/// everyone who clones the repository, so never a path of this machine),
/// and in a user file when it is on `PATH`; else this executable's
/// absolute path.
fn plumb_command(client: &Client) -> String {
    if client.scope == Scope::Project || on_path() {
        return "plumb".to_owned();
    }
    std::env::current_exe()
        .map(|exe| exe.to_string_lossy().into_owned())
        .unwrap_or_else(|_| "plumb".to_owned())
}

/// The entry's name: `plumb` in a project file, `plumb-<directory>` in a
/// user file (which serves many repositories).
fn server_name(client: &Client, root: &Path) -> String {
    match client.scope {
        Scope::Project => SERVER_NAME.to_owned(),
        Scope::User => {
            let dir = root
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let dir: String = dir
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                        c
                    } else {
                        '-'
                    }
                })
                .collect();
            format!("{SERVER_NAME}-{dir}")
        }
    }
}

/// The `plumb serve` arguments for `client`, led by `--index-dir` when
/// the index is kept outside the tree.
fn serve_args(client: &Client, root: &Path) -> Vec<String> {
    let index_dir = plumb_store::location::chosen_index_dir()
        .map(|dir| ["--index-dir".to_owned(), dir.to_string_lossy().into_owned()]);
    let serve = match (client.format, client.scope) {
        (Format::VsCode, _) => vec!["--root".into(), "${workspaceFolder}".into(), "serve".into()],
        (_, Scope::Project) => vec!["serve".into()],
        (_, Scope::User) => vec![
            "--root".into(),
            root.to_string_lossy().into_owned(),
            "serve".into(),
        ],
    };
    index_dir.into_iter().flatten().chain(serve).collect()
}

/// The server entry in `client`'s format.
fn entry(client: &Client, root: &Path, command: &str) -> Node {
    let args = serve_args(client, root);
    let command = Node::Str(command.to_owned());
    match client.format {
        Format::McpServers | Format::CodexToml => {
            Node::Object(vec![("command", command), ("args", Node::List(args))])
        }
        Format::VsCode => Node::Object(vec![
            ("type", Node::Str("stdio".into())),
            ("command", command),
            ("args", Node::List(args)),
        ]),
        Format::Zed => Node::Object(vec![
            ("source", Node::Str("custom".into())),
            ("command", command),
            ("args", Node::List(args)),
            ("env", Node::Object(Vec::new())),
        ]),
        Format::OpenCode => {
            let Node::Str(program) = command else {
                unreachable!()
            };
            let mut line = vec![program];
            line.extend(args);
            Node::Object(vec![
                ("type", Node::Str("local".into())),
                ("command", Node::List(line)),
                ("enabled", Node::Bool(true)),
            ])
        }
    }
}

/// Whether one MCP client runs plumb for a repository (`plumb doctor`).
#[derive(Debug, serde::Serialize)]
pub struct ClientState {
    /// The client's `--client` name.
    pub client: &'static str,
    /// Its configuration file.
    pub file: String,
    /// Whether that file runs plumb for this repository as `plumb ide` would.
    pub configured: bool,
    /// The command that configures it, when it is not.
    pub fix: Option<String>,
}

/// The state of every client detected here (or with a file already).
pub fn client_states(root: PathBuf) -> Vec<ClientState> {
    let places = Places::from_env(root);
    CLIENTS
        .iter()
        .filter(|client| client.detected(&places))
        .map(|client| {
            let merged = merged(client, &places, &plumb_command(client));
            let configured = matches!(merged, Ok((_, _, _, Change::Unchanged)));
            ClientState {
                client: client.name,
                file: display(&(client.path)(&places), &places.root),
                configured,
                fix: (!configured).then(|| format!("plumb ide --client {}", client.name)),
            }
        })
        .collect()
}

/// `client`'s file merged with the entry: its path, the text before and
/// after, and what changed.
fn merged(
    client: &Client,
    places: &Places,
    command: &str,
) -> anyhow::Result<(PathBuf, String, String, Change)> {
    let path = (client.path)(places);
    let before = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(err) => return Err(InputError(format!("cannot read {}: {err}", path.display())).into()),
    };
    let name = server_name(client, &places.root);
    let entry = entry(client, &places.root, command);
    let merged = match client.format {
        Format::CodexToml => merge::toml(&before, "mcp_servers", &name, &entry),
        Format::McpServers => merge::json(&before, &["mcpServers"], &name, &entry),
        Format::VsCode => merge::json(&before, &["servers"], &name, &entry),
        Format::Zed => merge::json(&before, &["context_servers"], &name, &entry),
        Format::OpenCode if merge::json_has_object(&before, &["mcp", "servers"]) => {
            merge::json(&before, &["mcp", "servers"], &name, &entry)
        }
        Format::OpenCode => merge::json(&before, &["mcp"], &name, &entry),
    };
    let (after, change) = merged
        .map_err(|err| InputError(format!("{}: {err}; nothing was written", path.display())))?;
    Ok((path, before, after, change))
}

/// Merges the entry into `client`'s file, or prints the diff.
fn configure(client: &Client, places: &Places, command: &str, dry_run: bool) -> anyhow::Result<()> {
    let (path, before, after, change) = merged(client, places, command)?;
    let name = server_name(client, &places.root);
    let shown = display(&path, &places.root);
    if change == Change::Unchanged {
        println!("{}: {shown} already runs plumb as \"{name}\"", client.name);
        return Ok(());
    }
    if dry_run {
        print!("{}", diff(&shown, &before, &after));
        return Ok(());
    }
    write_atomically(&path, &after)?;
    let verb = if change == Change::Added {
        "added"
    } else {
        "updated"
    };
    println!("{}: {verb} \"{name}\" in {shown}", client.name);
    Ok(())
}

/// `path` relative to the repository when inside it.
fn display(path: &Path, root: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .to_string_lossy()
        .into_owned()
}

/// A unified diff from `before` to `after`.
fn diff(shown: &str, before: &str, after: &str) -> String {
    let relative = !Path::new(shown).is_absolute();
    let new = if relative {
        format!("b/{shown}")
    } else {
        shown.to_owned()
    };
    let old = match (before.is_empty(), relative) {
        (true, _) => "/dev/null".to_owned(),
        (false, true) => format!("a/{shown}"),
        (false, false) => shown.to_owned(),
    };
    similar::TextDiff::from_lines(before, after)
        .unified_diff()
        .header(&old, &new)
        .to_string()
}

/// Writes `text` to `path` through a temporary file and a rename, so that a
/// client never reads half a file.
fn write_atomically(path: &Path, text: &str) -> anyhow::Result<()> {
    let dir = path
        .parent()
        .map(Path::to_owned)
        .unwrap_or_else(|| PathBuf::from("."));
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temporary = dir.join(format!(".{file_name}.plumb-tmp"));
    std::fs::write(&temporary, text).with_context(|| format!("writing {}", temporary.display()))?;
    std::fs::rename(&temporary, path).with_context(|| format!("replacing {}", path.display()))?;
    Ok(())
}
