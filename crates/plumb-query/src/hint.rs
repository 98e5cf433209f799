//! What a note tells its reader to do next, named for the surface that
//! shows it. Answers are shared by the CLI and the MCP server; a note that
//! points at a next step builds it from a [`Hint`], rendered for the
//! engine's [`Surface`]: the CLI names its commands and flags
//! (`plumb index`, `--limit`), MCP names tool calls and their parameters
//! (`index`, `limit`), and never a parameter the tool lacks.

/// Where an answer is shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Surface {
    /// The `plumb` command line (the default).
    #[default]
    Cli,
    /// The MCP server's tools.
    Mcp,
}

/// A next step a note suggests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hint {
    /// Build the index again.
    Reindex,
    /// List the files that were not indexed, with why.
    ListUnindexed,
    /// Ask for more results than the listing's limit.
    RaiseLimit,
    /// List the name-only guesses left out (the CLI's `--guesses`; no MCP
    /// tool has such a parameter).
    ShowGuesses,
    /// List the entry points (their names are what `processes` takes).
    ListEntryPoints,
}

impl Hint {
    /// The hint as a clause for `surface`, or `None` when the surface offers
    /// no such step.
    pub fn render(self, surface: Surface) -> Option<&'static str> {
        Some(match (self, surface) {
            (Hint::Reindex, Surface::Cli) => "run `plumb index`",
            (Hint::Reindex, Surface::Mcp) => "call `index`",
            (Hint::ListUnindexed, Surface::Cli) => "`plumb status` lists them",
            (Hint::ListUnindexed, Surface::Mcp) => "`status` lists them",
            (Hint::RaiseLimit, Surface::Cli) => "raise `--limit`",
            (Hint::RaiseLimit, Surface::Mcp) => "raise `limit`",
            (Hint::ShowGuesses, Surface::Cli) => "`--guesses` lists them",
            (Hint::ShowGuesses, Surface::Mcp) => return None,
            (Hint::ListEntryPoints, Surface::Cli) => "see `plumb entrypoints`",
            (Hint::ListEntryPoints, Surface::Mcp) => "see `entrypoints`",
        })
    }

    /// `text`, followed by the hint in parentheses when the surface has it.
    pub fn after(self, text: &str, surface: Surface) -> String {
        match self.render(surface) {
            Some(hint) => format!("{text} ({hint})"),
            None => text.to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Hint; 5] = [
        Hint::Reindex,
        Hint::ListUnindexed,
        Hint::RaiseLimit,
        Hint::ShowGuesses,
        Hint::ListEntryPoints,
    ];

    #[test]
    fn mcp_hints_name_no_command_and_no_flag() {
        for hint in ALL {
            if let Some(text) = hint.render(Surface::Mcp) {
                assert!(
                    !text.contains("plumb ") && !text.contains("--"),
                    "{hint:?}: {text}"
                );
            }
        }
    }

    #[test]
    fn cli_hints_name_commands_or_flags() {
        for hint in ALL {
            let text = hint.render(Surface::Cli).unwrap();
            assert!(
                text.contains("`plumb ") || text.contains("`--"),
                "{hint:?}: {text}"
            );
        }
    }

    #[test]
    fn a_step_the_surface_lacks_is_left_out() {
        assert_eq!(
            Hint::ShowGuesses.after("3 guesses left out", Surface::Mcp),
            "3 guesses left out"
        );
        assert_eq!(
            Hint::ShowGuesses.after("3 guesses left out", Surface::Cli),
            "3 guesses left out (`--guesses` lists them)"
        );
    }
}
