//! `plumb completions SHELL` and `plumb man`: the shell completion script
//! (clap_complete) and the man page (clap_mangen), both generated from the
//! command-line definition so that they never drift from it.

use clap::CommandFactory;
use clap_complete::Shell;

use crate::InputError;
use crate::cli::Cli;

/// Prints the completion script for `shell`.
pub fn completions(shell: Shell) -> anyhow::Result<String> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "plumb", &mut script);
    Ok(String::from_utf8(script)?)
}

/// The man page of `plumb` (`plumb.1`), or of one of its subcommands
/// (`plumb-refs.1`, as git names its pages).
pub fn man_page(subcommand: Option<&str>) -> anyhow::Result<String> {
    let plumb = Cli::command();
    let command = match subcommand {
        None => plumb,
        Some(name) => {
            let sub = plumb.find_subcommand(name).ok_or_else(|| {
                InputError(format!(
                    "no command {name:?} (one of: {})",
                    plumb
                        .get_subcommands()
                        .map(|sub| sub.get_name())
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
            })?;
            let page = format!("plumb-{name}");
            sub.clone().name(page).version(env!("CARGO_PKG_VERSION"))
        }
    };
    let mut page = Vec::new();
    clap_mangen::Man::new(command).render(&mut page)?;
    Ok(String::from_utf8(page)?)
}
