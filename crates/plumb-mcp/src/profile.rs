//! Tool profiles: which tools a server offers, resolved once at start from
//! the `--profile` flag, then `PLUMB_PROFILE`, then [`Profile::DEFAULT`].

use std::fmt;

use plumb_query::capability::Tier;

/// The environment variable naming the profile when no flag is given.
pub const PROFILE_ENV: &str = "PLUMB_PROFILE";

/// A set of tools offered by the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Profile {
    /// The read-only tools an agent needs on most tasks (navigation and
    /// `status`), kept small so that `tools/list` stays under 8 KB.
    Core,
    /// Every tool: also `impls` and `index`, the one tool that writes (and
    /// only to `.plumb/`).
    Full,
}

impl Profile {
    /// The profile used when neither the flag nor the environment names one.
    /// Chosen: the small list, since every tool description costs the agent
    /// context on every turn.
    pub const DEFAULT: Profile = Profile::Core;

    /// Every profile, smallest first.
    pub const ALL: &'static [Profile] = &[Profile::Core, Profile::Full];

    /// The profile's name as written on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            Profile::Core => "core",
            Profile::Full => "full",
        }
    }

    /// Parses a profile name.
    pub fn parse(text: &str) -> Option<Profile> {
        Profile::ALL.iter().copied().find(|p| p.as_str() == text)
    }

    /// Whether a tool of `tier` is offered under this profile.
    pub fn includes(self, tier: Tier) -> bool {
        match self {
            Profile::Core => tier == Tier::Core,
            Profile::Full => true,
        }
    }

    /// The flag, else the environment value, else [`Profile::DEFAULT`]. A
    /// name that is not a profile is an error naming where it came from.
    pub fn resolve(flag: Option<&str>, env: Option<&str>) -> Result<Profile, String> {
        let (text, source) = match (flag, env) {
            (Some(flag), _) => (flag, "--profile"),
            (None, Some(env)) => (env, PROFILE_ENV),
            (None, None) => return Ok(Profile::DEFAULT),
        };
        Profile::parse(text.trim()).ok_or_else(|| {
            let names: Vec<&str> = Profile::ALL.iter().map(|p| p.as_str()).collect();
            format!(
                "{source}: unknown profile {text:?} (expected one of: {})",
                names.join(", ")
            )
        })
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flag_wins_over_environment_which_wins_over_default() {
        assert_eq!(
            Profile::resolve(Some("full"), Some("core")),
            Ok(Profile::Full)
        );
        assert_eq!(Profile::resolve(None, Some("full")), Ok(Profile::Full));
        assert_eq!(Profile::resolve(None, None), Ok(Profile::DEFAULT));
    }

    #[test]
    fn an_unknown_name_says_where_it_came_from() {
        let err = Profile::resolve(None, Some("everything")).unwrap_err();
        assert!(err.starts_with("PLUMB_PROFILE"), "{err}");
        let err = Profile::resolve(Some("x"), None).unwrap_err();
        assert!(err.starts_with("--profile"), "{err}");
    }

    #[test]
    fn full_includes_core_tools_but_not_the_reverse() {
        assert!(Profile::Full.includes(Tier::Core));
        assert!(Profile::Full.includes(Tier::Full));
        assert!(!Profile::Core.includes(Tier::Full));
    }
}
