//! [`Engine`]: the navigation queries over an open store.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};

use plumb_store::Store;
use plumb_store::model::{OccurrenceKind, Resolution, SymbolKind};
use plumb_store::read::{ReferenceRow, SymbolRow};
use plumb_store::records::ImplBlock;

use crate::answer::{
    Answer, Callee, Caller, Completeness, Dependent, Enclosing, Implementation, Method,
    OutlineNode, Query, Reference, Relation, Site, Symbol, SymbolDetail,
};
use crate::construction::is_constructor;
use crate::hint::{Hint, Surface};
use crate::locate::{Located, locate};
use crate::locator::Locator;
use crate::{Error, Result};

/// Deepest `impact` walk allowed. Chosen: beyond this nearly every symbol of
/// a real project depends on nearly every other; the answer stops informing.
pub const MAX_IMPACT_DEPTH: u32 = 10;
/// Most results of a `search`. Chosen: a screenful; narrow the text for more.
pub const SEARCH_LIMIT: usize = 50;

/// Answers navigation questions from one store.
pub struct Engine {
    store: Store,
    symbols: RefCell<HashMap<i64, Symbol>>,
    include_guesses: bool,
    watch: Option<Box<dyn Watch>>,
    surface: Surface,
}

/// Follows a long query (`impact`) step by step, and may stop it.
pub trait Watch {
    /// `done` of `total` steps are done and `found` results found so far;
    /// `false` stops the query with [`Error::Cancelled`].
    fn step(&self, done: u32, total: u32, found: usize) -> bool;
}

/// A target list plus the base completeness and notes every answer starts with.
struct Start {
    located: Located,
    targets: Vec<Symbol>,
    completeness: Completeness,
    notes: Vec<String>,
}

fn is_call(kind: OccurrenceKind) -> bool {
    matches!(kind, OccurrenceKind::Call | OccurrenceKind::Instantiate)
}

fn is_subtyping(kind: OccurrenceKind) -> bool {
    matches!(kind, OccurrenceKind::Inherit | OccurrenceKind::Implement)
}

impl Engine {
    /// An engine over `store`.
    pub fn new(store: Store) -> Engine {
        Engine {
            store,
            symbols: RefCell::default(),
            include_guesses: false,
            watch: None,
            surface: Surface::default(),
        }
    }

    /// The engine, answering for `surface`: its notes name that surface's
    /// commands or tool calls (see [`Hint`]). The CLI by default.
    pub fn on(mut self, surface: Surface) -> Engine {
        self.surface = surface;
        self
    }

    /// The surface the answers are shown on.
    pub fn surface(&self) -> Surface {
        self.surface
    }

    /// Whether `refs`, `callers` and `callees` list name-only guesses. Off
    /// by default: a wrong edge is worse than a missing one, so guesses are
    /// only counted in the notes (and make the answer a lower bound).
    pub fn include_guesses(mut self, yes: bool) -> Engine {
        self.include_guesses = yes;
        self
    }

    /// The engine, with `watch` told each step of a long query.
    pub fn watched(mut self, watch: Box<dyn Watch>) -> Engine {
        self.watch = Some(watch);
        self
    }

    /// Tells the watch about a step, and stops the query if it says so.
    fn step(&self, done: u32, total: u32, found: usize) -> Result<()> {
        match &self.watch {
            Some(watch) if !watch.step(done, total, found) => Err(Error::Cancelled),
            _ => Ok(()),
        }
    }

    /// Whether name-only guesses are listed (and, in `changes`, followed).
    pub fn guesses(&self) -> bool {
        self.include_guesses
    }

    /// The store read.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The stored symbols NAME denotes (bare, qualified or `path:LINE`), in
    /// the order every answer lists its targets.
    pub fn locate(&self, locator: &Locator) -> Result<Located> {
        locate(&self.store, locator)
    }

    fn symbol(&self, id: i64) -> Result<Symbol> {
        if let Some(symbol) = self.symbols.borrow().get(&id) {
            return Ok(symbol.clone());
        }
        let row = self.store.symbol(id)?.ok_or_else(|| {
            Error::Input(Hint::Reindex.after(
                &format!("symbol {id} referenced by the index is missing"),
                self.surface,
            ))
        })?;
        let symbol = Symbol::from_row(&row);
        self.symbols.borrow_mut().insert(id, symbol.clone());
        Ok(symbol)
    }

    fn enclosing(&self, reference: &ReferenceRow) -> Result<Symbol> {
        match reference.enclosing_id {
            Some(id) => self.symbol(id),
            None => Ok(Symbol::top_level(&reference.file)),
        }
    }

    fn start(&self, locator: &Locator) -> Result<Start> {
        let located = locate(&self.store, locator)?;
        let targets = located.symbols.iter().map(Symbol::from_row).collect();
        let mut notes = located.notes.clone();
        let completeness = if self.store.has_unindexed_files()? {
            notes.push(format!(
                "{}: results may be missing",
                Hint::ListUnindexed.after("some files were not indexed", self.surface)
            ));
            Completeness::LowerBound
        } else {
            Completeness::Exact
        };
        Ok(Start {
            located,
            targets,
            completeness,
            notes,
        })
    }

    fn finish<R>(&self, query: Query, start: Start, results: R) -> Answer<R> {
        Answer {
            query,
            targets: start.targets,
            results,
            completeness: start.completeness,
            notes: start.notes,
        }
    }

    /// Notes and lowers completeness when sites named like a target stayed
    /// unresolved (they may refer to it).
    fn unresolved_named(&self, start: &mut Start, kinds: &[OccurrenceKind]) -> Result<()> {
        let names: BTreeSet<String> = start
            .located
            .symbols
            .iter()
            .map(|s| s.name.clone())
            .collect();
        self.note_unresolved(start, names, kinds, |count, name| {
            format!("{count} unresolved sites named {name:?} may also refer to the target")
        })
    }

    /// For each of `names`, counts the unresolved sites of `kinds` so
    /// named; when there are some, lowers completeness and adds `note`.
    fn note_unresolved(
        &self,
        start: &mut Start,
        names: BTreeSet<String>,
        kinds: &[OccurrenceKind],
        note: impl Fn(u64, &str) -> String,
    ) -> Result<()> {
        for name in names {
            let mut count = 0;
            for &kind in kinds {
                count += self.store.unresolved_named(&name, kind)?;
            }
            if count > 0 {
                start.completeness = Completeness::LowerBound;
                start.notes.push(note(count, &name));
            }
        }
        Ok(())
    }

    /// The class whose constructor `target` is, if it is one.
    fn constructed_class(&self, target: &SymbolRow) -> Result<Option<SymbolRow>> {
        let Some(parent) = target.parent_id else {
            return Ok(None);
        };
        Ok(self
            .store
            .symbol(parent)?
            .filter(|class| is_constructor(&target.name, &class.name, class.kind)))
    }

    /// The classes whose construction runs constructor `target`: its own
    /// class, and on each subtype path down from it the subclasses up to
    /// the first that defines a constructor of the same name (they inherit
    /// it).
    fn constructing_classes(&self, target: &SymbolRow) -> Result<Vec<SymbolRow>> {
        let Some(class) = self.constructed_class(target)? else {
            return Ok(Vec::new());
        };
        let mut seen = HashSet::from([class.id]);
        let mut queue = VecDeque::from([class.id]);
        let mut classes = vec![class];
        while let Some(current) = queue.pop_front() {
            for sub in self.direct_subtypes(current)?.0 {
                if !seen.insert(sub) {
                    continue;
                }
                let overrides = self
                    .store
                    .children(sub)?
                    .iter()
                    .any(|c| c.name == target.name);
                if !overrides && let Some(row) = self.store.symbol(sub)? {
                    classes.push(row);
                    queue.push_back(sub);
                }
            }
        }
        Ok(classes)
    }

    /// Notes and lowers completeness when construction sites named like a
    /// constructor's class stayed unresolved (`new X()` of an `X` plumb
    /// could not tell apart).
    fn unresolved_constructions(&self, start: &mut Start, classes: &[SymbolRow]) -> Result<()> {
        let names: BTreeSet<String> = classes.iter().map(|c| c.name.clone()).collect();
        let kinds = [OccurrenceKind::Call, OccurrenceKind::Instantiate];
        self.note_unresolved(start, names, &kinds, |count, name| {
            format!("{count} unresolved constructions of {name:?} may also call the constructor")
        })
    }

    /// Removes name-only guesses unless asked for, and says what happened
    /// to them either way.
    fn sift_guesses(&self, start: &mut Start, references: &mut Vec<ReferenceRow>) {
        let guesses = references
            .iter()
            .filter(|r| r.method == Resolution::NameOnly)
            .count();
        if guesses == 0 {
            return;
        }
        if self.include_guesses {
            start.notes.push(format!(
                "{guesses} results are name-only guesses (resolution \"name_only\", low confidence)"
            ));
        } else {
            references.retain(|r| r.method != Resolution::NameOnly);
            start.completeness = Completeness::LowerBound;
            start.notes.push(Hint::ShowGuesses.after(
                &format!("{guesses} name-only guesses left out, as only the name matched"),
                self.surface,
            ));
        }
    }

    /// `symbol NAME`: the definitions NAME denotes.
    pub fn symbol_info(&self, locator: &Locator) -> Result<Answer<Vec<SymbolDetail>>> {
        let start = self.start(locator)?;
        let mut results = Vec::new();
        for row in &start.located.symbols {
            let parent = match row.parent_id {
                Some(id) => Some(self.symbol(id)?.qualname),
                None => None,
            };
            results.push(SymbolDetail {
                symbol: Symbol::from_row(row),
                start_line: row.span.start_line(),
                doc: row.doc.clone(),
                exported: row.exported,
                parent,
            });
        }
        Ok(self.finish(
            Query::Symbol {
                name: locator.to_string(),
                form: locator.form(),
            },
            start,
            results,
        ))
    }

    /// `outline FILE`: the definitions of one file, nested.
    pub fn outline(&self, file: &str) -> Result<Answer<Vec<OutlineNode>>> {
        let file = file.trim_start_matches("./");
        let Some(row) = self.store.file(file)? else {
            return Err(Error::Input(format!(
                "{file} is not in the index (paths are relative to the indexed root)"
            )));
        };
        let mut notes = Vec::new();
        let mut completeness = Completeness::Exact;
        if let Some(reason) = row
            .reason
            .as_deref()
            .filter(|_| row.status.as_str() != "indexed" || row.syntax_errors > 0)
        {
            notes.push(format!("{file}: {} ({reason})", row.status));
            completeness = Completeness::LowerBound;
        }
        let rows = self.store.symbols_in_file(file)?;
        let ids: HashSet<i64> = rows.iter().map(|r| r.id).collect();
        let mut children: HashMap<i64, Vec<&SymbolRow>> = HashMap::new();
        let mut top: Vec<(Option<&ImplBlock>, Vec<&SymbolRow>)> = Vec::new();
        let mut block_at: HashMap<&ImplBlock, usize> = HashMap::new();
        // Namespace and module blocks of the file, innermost last: a member
        // defined inside one whose owner lives elsewhere (C++'s
        // `namespace geo { double Circle::area() {} }`) sits in the block.
        let blocks: Vec<&SymbolRow> = rows
            .iter()
            .filter(|r| r.kind == SymbolKind::Module)
            .collect();
        let enclosing_block = |row: &SymbolRow| {
            blocks
                .iter()
                .filter(|b| b.id != row.id && b.span.contains(row.span))
                .min_by_key(|b| b.span.byte_len())
                .map(|b| b.id)
        };
        for row in &rows {
            let in_file_parent = row.parent_id.filter(|p| ids.contains(p)).or_else(|| {
                row.impl_block
                    .is_none()
                    .then(|| enclosing_block(row))
                    .flatten()
            });
            match (in_file_parent, &row.impl_block) {
                (Some(parent), _) => children.entry(parent).or_default().push(row),
                // A member whose owner lives in another file, or in no
                // indexed file (`impl Display for u64`), sits under its block.
                (None, Some(block)) => match block_at.get(block) {
                    Some(&at) => top[at].1.push(row),
                    None => {
                        block_at.insert(block, top.len());
                        top.push((Some(block), vec![row]));
                    }
                },
                (None, None) => top.push((None, vec![row])),
            }
        }
        fn build(
            rows: &[&SymbolRow],
            children: &HashMap<i64, Vec<&SymbolRow>>,
        ) -> Vec<OutlineNode> {
            rows.iter()
                .map(|row| OutlineNode {
                    symbol: Symbol::from_row(row),
                    children: build(children.get(&row.id).map_or(&[], Vec::as_slice), children),
                })
                .collect()
        }
        let results = top
            .iter()
            .flat_map(|(block, rows)| match block {
                Some(block) => vec![OutlineNode {
                    symbol: Symbol::impl_block(file, block),
                    children: build(rows, &children),
                }],
                None => build(rows, &children),
            })
            .collect();
        Ok(Answer {
            query: Query::Outline {
                file: file.to_owned(),
                depth: None,
            },
            targets: Vec::new(),
            results,
            completeness,
            notes,
        })
    }

    /// `refs NAME`: every resolved reference to the targets.
    pub fn refs(&self, locator: &Locator) -> Result<Answer<Vec<Reference>>> {
        let mut start = self.start(locator)?;
        let mut rows = Vec::new();
        for target in &start.located.symbols {
            rows.extend(self.store.references_to(target.id)?);
        }
        self.unresolved_named(&mut start, OccurrenceKind::ALL)?;
        self.sift_guesses(&mut start, &mut rows);
        let labels = target_labels(&start.located.symbols);
        let mut results = Vec::with_capacity(rows.len());
        for row in &rows {
            let enclosing = match row.enclosing_id {
                Some(id) => {
                    let symbol = self.symbol(id)?;
                    Some(Enclosing {
                        qualname: symbol.qualname,
                        line: symbol.line,
                    })
                }
                None => None,
            };
            results.push(Reference {
                file: row.file.clone(),
                line: row.line,
                col: row.col,
                kind: row.kind.into(),
                enclosing,
                target: labels.get(&row.target_id).cloned(),
                resolution: Method(row.method),
                confidence: row.confidence,
            });
        }
        results.sort_by(|a, b| (&a.file, a.line, a.col).cmp(&(&b.file, b.line, b.col)));
        Ok(self.finish(
            Query::Refs {
                name: locator.to_string(),
                form: locator.form(),
                ref_kind: None,
            },
            start,
            results,
        ))
    }

    /// `callers NAME`: the symbols that call the targets, with their sites.
    pub fn callers(&self, locator: &Locator) -> Result<Answer<Vec<Caller>>> {
        let mut start = self.start(locator)?;
        let mut rows = Vec::new();
        let mut constructed = Vec::new();
        for target in &start.located.symbols {
            rows.extend(
                self.store
                    .references_to(target.id)?
                    .into_iter()
                    .filter(|r| is_call(r.kind)),
            );
            // A constructor runs where its class, or a subclass inheriting
            // it, is constructed.
            for class in self.constructing_classes(target)? {
                rows.extend(
                    self.store
                        .references_to(class.id)?
                        .into_iter()
                        .filter(|r| is_call(r.kind))
                        .map(|r| ReferenceRow {
                            target_id: target.id,
                            ..r
                        }),
                );
                constructed.push(class);
            }
        }
        self.unresolved_named(
            &mut start,
            &[OccurrenceKind::Call, OccurrenceKind::Instantiate],
        )?;
        self.unresolved_constructions(&mut start, &constructed)?;
        self.sift_guesses(&mut start, &mut rows);
        let labels = target_labels(&start.located.symbols);
        let mut groups: BTreeMap<(Option<String>, Symbol), Group> = BTreeMap::new();
        for row in &rows {
            let target = labels.get(&row.target_id).cloned();
            groups
                .entry((target, self.enclosing(row)?))
                .or_default()
                .add(row);
        }
        let results = groups
            .into_iter()
            .map(|((target, caller), group)| {
                let (sites, resolution, confidence) = group.finish();
                Caller {
                    caller,
                    target,
                    sites,
                    resolution,
                    confidence,
                }
            })
            .collect();
        Ok(self.finish(
            Query::Callers {
                name: locator.to_string(),
                form: locator.form(),
            },
            start,
            results,
        ))
    }

    /// `callees NAME`: what the targets call, with the sites.
    pub fn callees(&self, locator: &Locator) -> Result<Answer<Vec<Callee>>> {
        let mut start = self.start(locator)?;
        let mut rows = Vec::new();
        let mut callers_of = HashMap::new();
        let mut unresolved = 0;
        for target in &start.located.symbols {
            for row in self.store.references_from(target.id)? {
                if is_call(row.kind) {
                    callers_of.insert(row.occurrence_id, target.id);
                    rows.push(row);
                }
            }
            unresolved += self
                .store
                .unresolved_from(target.id, OccurrenceKind::Call)?;
        }
        if unresolved > 0 {
            start.completeness = Completeness::LowerBound;
            start.notes.push(format!(
                "{unresolved} calls could not be resolved (external, built-in or dynamic)"
            ));
        }
        self.sift_guesses(&mut start, &mut rows);
        let labels = target_labels(&start.located.symbols);
        let mut groups: BTreeMap<(Option<String>, Symbol), Group> = BTreeMap::new();
        for row in &rows {
            let target = callers_of
                .get(&row.occurrence_id)
                .and_then(|id| labels.get(id))
                .cloned();
            groups
                .entry((target, self.symbol(row.target_id)?))
                .or_default()
                .add(row);
        }
        let results = groups
            .into_iter()
            .map(|((target, callee), group)| {
                let (sites, resolution, confidence) = group.finish();
                Callee {
                    callee,
                    target,
                    sites,
                    resolution,
                    confidence,
                }
            })
            .collect();
        Ok(self.finish(
            Query::Callees {
                name: locator.to_string(),
                form: locator.form(),
            },
            start,
            results,
        ))
    }

    /// Direct subtypes of `id` through resolved (not name-only) edges, and
    /// how many name-only edges were left out.
    fn direct_subtypes(&self, id: i64) -> Result<(Vec<i64>, usize)> {
        let mut subtypes = Vec::new();
        let mut guesses = 0;
        for row in self.store.references_to(id)? {
            if !is_subtyping(row.kind) {
                continue;
            }
            match (row.method, row.enclosing_id) {
                (Resolution::NameOnly, _) => guesses += 1,
                (_, Some(sub)) if sub != id && !subtypes.contains(&sub) => subtypes.push(sub),
                _ => {}
            }
        }
        Ok((subtypes, guesses))
    }

    /// The methods overriding method `id`: on each subtype path down from
    /// its type, the nearest member with the same name.
    fn overriders(&self, id: i64) -> Result<Vec<i64>> {
        let Some(method) = self.store.symbol(id)? else {
            return Ok(Vec::new());
        };
        let Some(owner) = method.parent_id else {
            return Ok(Vec::new());
        };
        if !self.store.symbol(owner)?.is_some_and(|p| p.kind.is_type()) {
            return Ok(Vec::new());
        }
        let mut found = Vec::new();
        let mut seen = HashSet::from([owner]);
        let mut queue = VecDeque::from([owner]);
        while let Some(current) = queue.pop_front() {
            for sub in self.direct_subtypes(current)?.0 {
                if !seen.insert(sub) {
                    continue;
                }
                match self
                    .store
                    .children(sub)?
                    .into_iter()
                    .find(|c| c.name == method.name)
                {
                    Some(overrider) => found.push(overrider.id),
                    None => queue.push_back(sub),
                }
            }
        }
        Ok(found)
    }

    /// `impls NAME`: subtypes and implementors of a type; for a method, the
    /// methods overriding it in subtypes.
    pub fn impls(
        &self,
        locator: &Locator,
        transitive: bool,
    ) -> Result<Answer<Vec<Implementation>>> {
        let mut start = self.start(locator)?;
        let mut results = Vec::new();
        let mut guesses = 0;
        for target in &start.located.symbols {
            // A module can be mixed in (Ruby's `include`), and an interface
            // can extend a type alias (TypeScript's `interface F extends
            // Alias`): they have subtypes too.
            let (root, member) = if target.kind.is_type()
                || matches!(target.kind, SymbolKind::Module | SymbolKind::TypeAlias)
            {
                (target.id, None)
            } else {
                match target.parent_id {
                    Some(parent) => (parent, Some(target.name.as_str())),
                    None => continue,
                }
            };
            let mut seen = HashSet::from([root]);
            let mut queue = VecDeque::from([(root, 0u32)]);
            while let Some((current, depth)) = queue.pop_front() {
                let (subtypes, skipped) = self.direct_subtypes(current)?;
                guesses += skipped;
                for sub in subtypes {
                    if !seen.insert(sub) {
                        continue;
                    }
                    let direct = depth == 0;
                    match member {
                        None => results.push(Implementation {
                            symbol: self.symbol(sub)?,
                            direct,
                        }),
                        Some(member) => {
                            for child in self.store.children(sub)? {
                                if child.name == member {
                                    results.push(Implementation {
                                        symbol: Symbol::from_row(&child),
                                        direct,
                                    });
                                }
                            }
                        }
                    }
                    if transitive {
                        queue.push_back((sub, depth + 1));
                    }
                }
            }
        }
        if guesses > 0 {
            start.completeness = Completeness::LowerBound;
            start
                .notes
                .push(format!("{guesses} name-only subtype edges were left out"));
        }
        self.unresolved_named(
            &mut start,
            &[OccurrenceKind::Inherit, OccurrenceKind::Implement],
        )?;
        Ok(self.finish(
            Query::Impls {
                name: locator.to_string(),
                form: locator.form(),
                transitive,
            },
            start,
            results,
        ))
    }

    /// `impact NAME --depth N`: everything that depends on the targets,
    /// transitively, through resolved edges: callers, referencers, subtypes.
    pub fn impact(&self, locator: &Locator, depth: u32) -> Result<Answer<Vec<Dependent>>> {
        if depth == 0 || depth > MAX_IMPACT_DEPTH {
            return Err(Error::Input(format!(
                "depth must be between 1 and {MAX_IMPACT_DEPTH}"
            )));
        }
        let mut start = self.start(locator)?;
        // The frontier keeps the located symbols' order (a hash set's would
        // change the results' order from run to run when a name has several).
        let mut frontier: Vec<i64> = start.located.symbols.iter().map(|s| s.id).collect();
        let mut seen: HashSet<i64> = frontier.iter().copied().collect();
        let mut modules_seen = HashSet::new();
        let mut results = Vec::new();
        let mut guesses = 0;
        for level in 1..=depth {
            self.step(level - 1, depth, results.len())?;
            let mut next = Vec::new();
            for id in frontier {
                for overrider in self.overriders(id)? {
                    if seen.insert(overrider) {
                        results.push(Dependent {
                            symbol: self.symbol(overrider)?,
                            depth: level,
                            relation: Relation::Subtype,
                        });
                        next.push(overrider);
                    }
                }
                let mut rows = self.store.references_to(id)?;
                // A constructor runs where its class is constructed, as
                // `callers` says.
                if let Some(target) = self.store.symbol(id)?
                    && let Some(class) = self.constructed_class(&target)?
                {
                    rows.extend(
                        self.store
                            .references_to(class.id)?
                            .into_iter()
                            .filter(|r| is_call(r.kind)),
                    );
                }
                for row in rows {
                    if row.method == Resolution::NameOnly {
                        guesses += 1;
                        continue;
                    }
                    let relation = if is_call(row.kind) {
                        Relation::Caller
                    } else if is_subtyping(row.kind) {
                        Relation::Subtype
                    } else {
                        Relation::Referencer
                    };
                    match row.enclosing_id {
                        Some(dependent) => {
                            if seen.insert(dependent) {
                                results.push(Dependent {
                                    symbol: self.symbol(dependent)?,
                                    depth: level,
                                    relation,
                                });
                                next.push(dependent);
                            }
                        }
                        None => {
                            if modules_seen.insert(row.file.clone()) {
                                results.push(Dependent {
                                    symbol: Symbol::top_level(&row.file),
                                    depth: level,
                                    relation,
                                });
                            }
                        }
                    }
                }
            }
            frontier = next;
        }
        if guesses > 0 {
            start.completeness = Completeness::LowerBound;
            start
                .notes
                .push(format!("{guesses} name-only edges were not followed"));
        }
        self.unresolved_named(&mut start, OccurrenceKind::ALL)?;
        Ok(self.finish(
            Query::Impact {
                name: locator.to_string(),
                form: locator.form(),
                depth,
            },
            start,
            results,
        ))
    }
}

/// Each target's label in rows that say which target they belong to:
/// none when NAME denotes one symbol; else its qualified name, with
/// `file:line` where two targets share it.
fn target_labels(targets: &[SymbolRow]) -> HashMap<i64, String> {
    if targets.len() < 2 {
        return HashMap::new();
    }
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for target in targets {
        *seen.entry(target.qualname.as_str()).or_default() += 1;
    }
    targets
        .iter()
        .map(|target| {
            let label = if seen[target.qualname.as_str()] > 1 {
                format!("{} ({}:{})", target.qualname, target.file, target.name_line)
            } else {
                target.qualname.clone()
            };
            (target.id, label)
        })
        .collect()
}

/// Sites grouped under one caller or callee.
#[derive(Default)]
struct Group {
    sites: Vec<Site>,
    best: Option<(Resolution, f64)>,
}

impl Group {
    fn add(&mut self, row: &ReferenceRow) {
        self.sites.push(Site {
            file: row.file.clone(),
            line: row.line,
            col: row.col,
        });
        let candidate = (row.method, row.confidence);
        if self
            .best
            .is_none_or(|(_, confidence)| row.confidence > confidence)
        {
            self.best = Some(candidate);
        }
    }

    fn finish(mut self) -> (Vec<Site>, Method, f64) {
        self.sites.sort();
        self.sites.dedup();
        let (method, confidence) = self.best.unwrap_or((Resolution::NameOnly, 0.0));
        (self.sites, Method(method), confidence)
    }
}
