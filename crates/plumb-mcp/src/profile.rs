//! Tool profiles: which tools a server offers, resolved once at start from
//! the `--profile` flag, then `PLUMB_PROFILE`, then [`Profile::DEFAULT`]. A
//! profile is a comma-separated list of tool sets (`core,edit`), offering
//! the union of their tools.

use std::fmt;

use plumb_query::capability::Tier;

/// The environment variable naming the profile when no flag is given.
pub const PROFILE_ENV: &str = "PLUMB_PROFILE";

/// One named set of tools.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToolSet {
    /// The read-only tools an agent needs on most tasks (navigation and
    /// `status`), kept small so that `tools/list` stays under 8 KB.
    Core,
    /// Every read-only tool, and `index` (which writes only `.plumb/`).
    Full,
    /// The tools that change source files.
    Edit,
    /// The debugger session's tools.
    Debug,
    /// Every tool.
    All,
}

impl ToolSet {
    /// Every set, in the order a profile lists them.
    pub const EVERY: [ToolSet; 5] = [
        ToolSet::Core,
        ToolSet::Full,
        ToolSet::Edit,
        ToolSet::Debug,
        ToolSet::All,
    ];

    /// The set's name as written on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            ToolSet::Core => "core",
            ToolSet::Full => "full",
            ToolSet::Edit => "edit",
            ToolSet::Debug => "debug",
            ToolSet::All => "all",
        }
    }

    /// Whether a tool of `tier` belongs to this set.
    pub fn includes(self, tier: Tier) -> bool {
        match self {
            ToolSet::Core => tier == Tier::Core,
            ToolSet::Full => matches!(tier, Tier::Core | Tier::Full),
            ToolSet::Edit => tier == Tier::Edit,
            ToolSet::Debug => tier == Tier::Debug,
            ToolSet::All => true,
        }
    }

    const fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// The tools a server offers: a union of [`ToolSet`]s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Profile {
    sets: u8,
}

impl Profile {
    /// The `core` set alone.
    pub const CORE: Profile = Profile::of(ToolSet::Core);
    /// The `full` set alone.
    pub const FULL: Profile = Profile::of(ToolSet::Full);
    /// Every tool.
    pub const ALL: Profile = Profile::of(ToolSet::All);

    /// The profile used when neither the flag nor the environment names one.
    /// Chosen: the small list, since every tool description costs the agent
    /// context on every turn.
    pub const DEFAULT: Profile = Profile::CORE;

    /// The profile of one set.
    pub const fn of(set: ToolSet) -> Profile {
        Profile { sets: set.bit() }
    }

    /// The sets of this profile, in [`ToolSet::EVERY`] order.
    pub fn sets(self) -> impl Iterator<Item = ToolSet> {
        ToolSet::EVERY
            .into_iter()
            .filter(move |set| self.sets & set.bit() != 0)
    }

    /// Parses a comma-separated list of set names; an empty list or an
    /// unknown name is an error naming the sets there are.
    pub fn parse(text: &str) -> Result<Profile, String> {
        let mut sets = 0;
        for name in text.split(',').map(str::trim) {
            let set = ToolSet::EVERY
                .into_iter()
                .find(|set| set.as_str() == name)
                .ok_or_else(|| {
                    let names: Vec<&str> = ToolSet::EVERY.iter().map(|s| s.as_str()).collect();
                    format!(
                        "unknown tool set {name:?} (expected a comma-separated list of: {})",
                        names.join(", ")
                    )
                })?;
            sets |= set.bit();
        }
        Ok(Profile { sets })
    }

    /// Whether a tool of `tier` is offered under this profile.
    pub fn includes(self, tier: Tier) -> bool {
        self.sets().any(|set| set.includes(tier))
    }

    /// The flag, else the environment value, else [`Profile::DEFAULT`]. A
    /// value that is not a profile is an error naming where it came from.
    pub fn resolve(flag: Option<&str>, env: Option<&str>) -> Result<Profile, String> {
        let (text, source) = match (flag, env) {
            (Some(flag), _) => (flag, "--profile"),
            (None, Some(env)) => (env, PROFILE_ENV),
            (None, None) => return Ok(Profile::DEFAULT),
        };
        Profile::parse(text).map_err(|err| format!("{source}: {err}"))
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.sets().map(ToolSet::as_str).collect();
        f.write_str(&names.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flag_wins_over_environment_which_wins_over_default() {
        assert_eq!(
            Profile::resolve(Some("full"), Some("core")),
            Ok(Profile::FULL)
        );
        assert_eq!(Profile::resolve(None, Some("full")), Ok(Profile::FULL));
        assert_eq!(Profile::resolve(None, None), Ok(Profile::DEFAULT));
    }

    #[test]
    fn an_unknown_name_says_where_it_came_from() {
        let err = Profile::resolve(None, Some("everything")).unwrap_err();
        assert!(err.starts_with("PLUMB_PROFILE"), "{err}");
        let err = Profile::resolve(Some("core,x"), None).unwrap_err();
        assert!(
            err.starts_with("--profile") && err.contains("\"x\""),
            "{err}"
        );
        assert!(Profile::parse("").is_err());
        assert!(Profile::parse("core,").is_err());
    }

    #[test]
    fn full_includes_core_tools_but_not_the_reverse() {
        assert!(Profile::FULL.includes(Tier::Core));
        assert!(Profile::FULL.includes(Tier::Full));
        assert!(!Profile::CORE.includes(Tier::Full));
    }

    #[test]
    fn a_list_offers_the_union_of_its_sets() {
        let profile = Profile::parse(" core , edit ").unwrap();
        assert!(profile.includes(Tier::Core));
        assert!(profile.includes(Tier::Edit));
        assert!(!profile.includes(Tier::Full));
        assert!(!profile.includes(Tier::Debug));
        assert_eq!(profile.to_string(), "core,edit");
    }

    #[test]
    fn edit_and_debug_tools_are_only_in_their_sets_and_all() {
        for tier in [Tier::Edit, Tier::Debug] {
            assert!(!Profile::FULL.includes(tier));
            assert!(Profile::ALL.includes(tier));
        }
        assert!(!Profile::of(ToolSet::Edit).includes(Tier::Debug));
        assert!(Profile::of(ToolSet::Debug).includes(Tier::Debug));
    }
}
