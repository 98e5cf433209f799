//! The registry rows of the analytics: `communities`, `entrypoints`,
//! `processes`, `cochange`, `changes` and `sql` (all in the `full` tier).

use super::answers::{ChangeReport, CoChange, Community, EntryPoint, Process, SqlRow};
use super::args::{
    ChangesArgs, CochangeArgs, CommunitiesArgs, EntrypointsArgs, ProcessesArgs, SqlArgs,
};
use super::changes::Comparison;
use super::tests::Tests;
use super::{Graph, changes, cochange, communities, entrypoints, processes, sql};
use crate::answer::{Answer, Completeness, Query};
use crate::capability::{Capability, Description, Tier};
use crate::hint::Hint;
use crate::{Engine, Error, Locator, MAX_IMPACT_DEPTH, Result};

/// Whether every file was indexed, with the note when not.
fn completeness(engine: &Engine, notes: &mut Vec<String>) -> Result<Completeness> {
    if engine.store().has_unindexed_files()? {
        notes.push(format!(
            "{}: results may be missing",
            Hint::ListUnindexed.after("some files were not indexed", engine.surface())
        ));
        Ok(Completeness::LowerBound)
    } else {
        Ok(Completeness::Exact)
    }
}

fn answer<T>(
    query: Query,
    results: Vec<T>,
    completeness: Completeness,
    notes: Vec<String>,
) -> Answer<Vec<T>> {
    Answer {
        query,
        targets: Vec::new(),
        results,
        completeness,
        notes,
    }
}

/// `communities`.
pub struct Communities;

impl Capability for Communities {
    const NAME: &'static str = "communities";
    const DESCRIPTION: Description = Description {
        what: "The parts of the codebase that belong together: communities of the symbol graph (Louvain, split into connected parts), each with a label, size, cohesion and central symbols.",
        use_when: "\"what are the main parts of this codebase\", \"which module does X belong with\", a first map of an unknown repository.",
        not_for: "one symbol's neighbours (callers, callees, impact); file history (cochange).",
        returns: "communities, largest first: label, directory, size, cohesion (0-1), central symbols, files.",
    };
    const TIER: Tier = Tier::Full;
    const SUBJECT: &'static str = "communities";
    type Args = CommunitiesArgs;
    type Item = Community;

    fn run(engine: &Engine, _: &CommunitiesArgs) -> Result<Answer<Vec<Community>>> {
        let graph = Graph::load(engine.store())?;
        let (list, small) = communities::communities(&graph);
        let mut notes = Vec::new();
        if small > 0 {
            notes.push(format!(
                "{small} connected symbols are in groups smaller than {} and not listed",
                communities::MIN_SIZE
            ));
        }
        let completeness = completeness(engine, &mut notes)?;
        Ok(answer(Query::Communities, list, completeness, notes))
    }

    fn narrower(_: &CommunitiesArgs) -> String {
        "ask `sql` for one directory's symbols, or `outline` one file".into()
    }
}

/// `entrypoints`.
pub struct Entrypoints;

impl Capability for Entrypoints {
    const NAME: &'static str = "entrypoints";
    const DESCRIPTION: Description = Description {
        what: "Where execution starts: main functions, script blocks, CLI commands, web routes, tests and package roots, each with a confidence and the rule that found it.",
        use_when: "\"how is this program started\", \"what are the HTTP endpoints\", \"which commands does it have\", before tracing a flow.",
        not_for: "what an entry point runs (processes); who calls a function (callers).",
        returns: "entry points, surest first: symbol, kind, confidence, reason.",
    };
    const TIER: Tier = Tier::Full;
    const SUBJECT: &'static str = "kind";
    type Args = EntrypointsArgs;
    type Item = EntryPoint;

    fn run(engine: &Engine, args: &EntrypointsArgs) -> Result<Answer<Vec<EntryPoint>>> {
        let graph = Graph::load(engine.store())?;
        let tests = Tests::find(&graph);
        let mut list = entrypoints::entry_points(&graph, &tests);
        if let Some(kind) = args.kind {
            list.retain(|entry| entry.kind == kind);
        }
        let mut notes = Vec::new();
        let completeness = completeness(engine, &mut notes)?;
        Ok(answer(
            Query::Entrypoints {
                entry_kind: args.kind,
            },
            list,
            completeness,
            notes,
        ))
    }

    fn narrower(args: &EntrypointsArgs) -> String {
        match args.kind {
            Some(_) => "ask `sql` for the entry points of one directory".into(),
            None => "filter with `kind` (e.g. \"main\" or \"route\")".into(),
        }
    }
}

/// `processes`.
pub struct Processes;

impl Capability for Processes {
    const NAME: &'static str = "processes";
    const DESCRIPTION: Description = Description {
        what: "Processes: the bounded call tree from each entry point (tests excluded), or from the one named.",
        use_when: "\"what happens when this command runs\", \"what does this endpoint touch\".",
        not_for: "finding entry points (entrypoints); one function's callees only (callees).",
        returns: "processes: the entry point and its steps (symbol, depth, via), cut at a bound.",
    };
    const TIER: Tier = Tier::Full;
    const SUBJECT: &'static str = "name";
    type Args = ProcessesArgs;
    type Item = Process;

    fn run(engine: &Engine, args: &ProcessesArgs) -> Result<Answer<Vec<Process>>> {
        let graph = Graph::load(engine.store())?;
        let tests = Tests::find(&graph);
        let entries = entrypoints::entry_points(&graph, &tests);
        let wanted = |entry: &EntryPoint| match &args.name {
            Some(name) => entry.symbol.name == *name || entry.symbol.qualname == *name,
            None => entry.kind != super::answers::EntryKind::Test,
        };
        let list: Vec<Process> = entries
            .into_iter()
            .filter(wanted)
            .map(|entry| processes::trace(&graph, entry))
            .collect();
        let mut notes = Vec::new();
        if args.name.is_some() && list.is_empty() {
            notes.push(
                Hint::ListEntryPoints.after("no entry point has that name", engine.surface()),
            );
        }
        let completeness = completeness(engine, &mut notes)?;
        Ok(answer(
            Query::Processes {
                name: args.name.clone(),
            },
            list,
            completeness,
            notes,
        ))
    }

    fn narrower(args: &ProcessesArgs) -> String {
        match args.name {
            Some(_) => "call `callees` on one step".into(),
            None => "name one entry point (see `entrypoints`)".into(),
        }
    }
}

/// `cochange`.
pub struct Cochange;

impl Capability for Cochange {
    const NAME: &'static str = "cochange";
    const DESCRIPTION: Description = Description {
        what: "Files changed in the same commits as a file, or definitions changed in the same commits as a definition, from the git history: support, confidence, recency-weighted score.",
        use_when: "\"what else usually changes with this file\", \"what might I have forgotten to update\".",
        not_for: "code dependencies (impact, refs); what the current diff touches (changes).",
        returns: "files (or definitions, with file and line), strongest first: support (commits), confidence (0-1), weighted, last time.",
    };
    const TIER: Tier = Tier::Full;
    const SUBJECT: &'static str = "target";
    type Args = CochangeArgs;
    type Item = CoChange;

    fn run(engine: &Engine, args: &CochangeArgs) -> Result<Answer<Vec<CoChange>>> {
        let target = args.target.trim();
        if target.is_empty() {
            return Err(Error::Argument {
                argument: "target",
                message: "must not be empty".into(),
            });
        }
        let store = engine.store();
        let symbol = if store.file(target)?.is_some() {
            None
        } else {
            let locator: Locator = target.parse().map_err(|e| Error::Argument {
                argument: "target",
                message: format!("{e}"),
            })?;
            let located = engine.locate(&locator)?;
            match located.symbols.into_iter().next() {
                Some(symbol) => Some(symbol),
                None => {
                    return Err(Error::Argument {
                        argument: "target",
                        message: format!(
                            "{target:?} is neither an indexed file nor a known symbol"
                        ),
                    });
                }
            }
        };
        let root = store
            .root()
            .ok_or_else(|| Error::Input("the index is not inside a root directory".into()))?;
        let (history, refresh) = cochange::refresh(root)?;
        let mut notes = vec![format!(
            "history: {} commits known, {} read now",
            refresh.known, refresh.read
        )];
        if refresh.bounded {
            notes.push(format!(
                "the history read stopped at {} commits; the next call reads on",
                super::git::MAX_COMMITS_READ
            ));
        }
        let (file, list, commits) = match &symbol {
            None => {
                let (list, commits) = cochange::partners(&history, target)?;
                (target.to_owned(), list, commits)
            }
            Some(symbol) => {
                let (start, end) = (symbol.span.start_line(), symbol.span.end_line());
                let (list, commits) =
                    cochange::symbol_partners(&history, store, &symbol.file, start, end)?;
                notes.push(format!(
                    "{} is {}:{start}-{end}; the lines each commit changed are matched to the definitions as indexed now, so older commits, made before code moved, are matched approximately",
                    symbol.qualname, symbol.file
                ));
                (symbol.file.clone(), list, commits)
            }
        };
        Ok(answer(
            Query::Cochange {
                target: target.to_owned(),
                file,
                symbol: symbol.map(|s| s.qualname),
                commits: commits as u32,
            },
            list,
            Completeness::Exact,
            notes,
        ))
    }

    fn narrower(_: &CochangeArgs) -> String {
        "the strongest partners are first; ask about one of them".into()
    }
}

/// `changes`.
pub struct Changes;

impl Capability for Changes {
    const NAME: &'static str = "changes";
    const DESCRIPTION: Description = Description {
        what: "What the current diff changes and impacts, and which tests to run: hunks, changed symbols, their dependents, the tests reaching them (with path and confidence) and a risk score.",
        use_when: "before committing or reviewing: \"what does this change touch\", \"which tests should I run\", \"how risky is this diff\".",
        not_for: "one symbol's dependents (impact); history (cochange).",
        returns: "one report: hunks, changed, impacted (depth, relation, confidence), tests (file, line, framework, path, confidence), risk (score, level, factors).",
    };
    const TIER: Tier = Tier::Full;
    const SUBJECT: &'static str = "base";
    type Args = ChangesArgs;
    type Item = ChangeReport;

    fn run(engine: &Engine, args: &ChangesArgs) -> Result<Answer<Vec<ChangeReport>>> {
        if !(1..=MAX_IMPACT_DEPTH).contains(&args.depth) {
            return Err(Error::Argument {
                argument: "depth",
                message: format!(
                    "must be between 1 and {MAX_IMPACT_DEPTH}, got {}",
                    args.depth
                ),
            });
        }
        let base = args.base.clone().unwrap_or_else(|| "HEAD".into());
        if base.trim().is_empty() {
            return Err(Error::Argument {
                argument: "base",
                message: "must not be empty".into(),
            });
        }
        let comparison = Comparison {
            base: base.clone(),
            staged: args.staged,
            depth: args.depth,
            guesses: engine.guesses(),
        };
        let (report, mut notes) = changes::changes(engine.store(), &comparison, engine.surface())?;
        let completeness = completeness(engine, &mut notes)?;
        Ok(answer(
            Query::Changes {
                base,
                staged: args.staged,
                depth: args.depth,
            },
            report.into_iter().collect(),
            completeness,
            notes,
        ))
    }

    fn narrower(args: &ChangesArgs) -> String {
        if args.depth > 1 {
            format!(
                "call `changes` with a smaller `depth` (this was {})",
                args.depth
            )
        } else {
            "commit part of the diff, or stage part of it and pass `staged`".into()
        }
    }
}

/// `sql`.
pub struct Sql;

impl Capability for Sql {
    const NAME: &'static str = "query";
    const DESCRIPTION: Description = Description {
        what: "One read-only SQL SELECT over the index's views: symbols(id, name, qualname, kind, file, line, end_line, start_line, parent, exported, signature), edges(source, target, kind, resolution, confidence, file, line, source_id, target_id), files(path, language, status, reason, size).",
        use_when: "a question the other tools do not answer: counts, rankings, joins (\"the 10 most called functions\", \"files with no tests\").",
        not_for: "one symbol's uses (refs, callers) or anything that writes; only SELECT over those views is allowed.",
        returns: "rows as arrays in column order (the columns are in query.columns), at most 1000.",
    };
    const TIER: Tier = Tier::Full;
    const SUBJECT: &'static str = "query";
    type Args = SqlArgs;
    type Item = SqlRow;

    fn run(engine: &Engine, args: &SqlArgs) -> Result<Answer<Vec<SqlRow>>> {
        if args.query.trim().is_empty() {
            return Err(Error::Argument {
                argument: "query",
                message: "must not be empty".into(),
            });
        }
        let (columns, rows, notes) = sql::run(engine.store(), &args.query)?;
        Ok(answer(
            Query::Sql {
                sql: args.query.clone(),
                columns,
            },
            rows,
            Completeness::Exact,
            notes,
        ))
    }

    fn narrower(_: &SqlArgs) -> String {
        "add a LIMIT, or select fewer columns".into()
    }
}
