//! Emission: a file's rows — its symbols with their qualified names, its
//! reference sites with their candidate targets, and its imports.

use foldhash::{HashMap, HashMapExt};

use plumb_store::model::{OccurrenceKind, Resolution, SymbolKind};
use plumb_store::records::{
    ImplBlock, ImportRecord, OccurrenceRecord, ResolutionRecord, SymbolRecord,
};

use super::imports::ModuleTarget;
use super::state::Resolver;
use super::{Candidates, FileId, FileRows, IMPORT_CONFIDENCE, MAX_CHAIN, SymbolId, Target};
use crate::facts::{Apart, Container, DefFact, RefFact};

impl Resolver<'_> {
    /// The qualified name of `s`, its containers' names first; `memo`
    /// keeps the names computed so far.
    pub(super) fn qualname(
        &self,
        s: SymbolId,
        memo: &mut HashMap<SymbolId, String>,
        depth: usize,
    ) -> String {
        if let Some(done) = memo.get(&s) {
            return done.clone();
        }
        if depth > MAX_CHAIN {
            // Only a type defined inside its own impl's method can loop here.
            return self.def(s).name.to_string();
        }
        let (f, d) = self.locate(s);
        let def = &self.file(f).facts.defs[d];
        let separator = self.spec(f).separator;
        let prefix = match def.container {
            Container::Def(p) => self.qualname(self.sym_of(f, p), memo, depth + 1),
            Container::Impl(i) => match self.impl_owner[f.index()][i] {
                Some(owner) if owner != s => self.qualname(owner, memo, depth + 1),
                _ => {
                    let module = self.modules.qualified_prefix(self.files, f.index());
                    let ty = self.file(f).facts.impls[i]
                        .self_type
                        .rsplit(separator)
                        .next()
                        .unwrap_or_default();
                    if module.is_empty() {
                        ty.to_owned()
                    } else {
                        format!("{module}{separator}{ty}")
                    }
                }
            },
            Container::File => self.modules.qualified_prefix(self.files, f.index()),
        };
        let qualname = if prefix.is_empty() {
            def.name.to_string()
        } else {
            format!("{prefix}{separator}{}", def.name)
        };
        memo.insert(s, qualname.clone());
        qualname
    }

    /// The block a member is written in, unless the block is the member's
    /// own span (Go's receiver, C++'s out-of-line `A::f`).
    fn impl_block(&self, f: FileId, def: &DefFact) -> Option<ImplBlock> {
        let facts = &self.file(f).facts;
        let Container::Impl(i) = def.container else {
            return None;
        };
        if facts.is_extension(def) {
            return None;
        }
        let block = &facts.impls[i];
        Some(ImplBlock {
            header: block.header.clone()?,
            lines: block.span.lines(),
        })
    }

    /// The rows of file `f`'s definitions, with the texts `apart` holds.
    pub(super) fn emit_symbols(&self, f: FileId, apart: &Apart, rows: &mut FileRows) {
        let mut qualnames = HashMap::new();
        for s in self.file_syms(f) {
            let def = self.def(s);
            let d = self.locate(s).1;
            rows.symbols.push(SymbolRecord {
                id: self.store_id(s),
                file_id: self.file(f).file_id,
                name: def.name.to_string(),
                qualname: self.qualname(s, &mut qualnames, 0),
                kind: def.kind,
                span: def.span,
                name_line: def.name_line,
                name_col: def.name_col,
                signature: def
                    .signature
                    .as_deref()
                    .or_else(|| apart.signatures.get(d))
                    .map(String::from),
                doc: apart.docs.get(d).map(String::from),
                parent_id: self.parent(s).map(|p| self.store_id(p)),
                exported: def.exported,
                impl_block: self.impl_block(f, def),
            });
        }
    }

    pub(super) fn emit_references(
        &self,
        f: FileId,
        sites: &[RefFact],
        inheritance: &HashMap<(FileId, usize), Candidates>,
        rows: &mut FileRows,
    ) {
        let mut inheritance_sites = 0;
        for site in sites {
            let linked = site.is_inheritance().then(|| {
                inheritance_sites += 1;
                inheritance.get(&(f, inheritance_sites - 1))
            });
            let at = (site.line, site.col);
            if self.disabled[f.index()]
                .iter()
                .any(|&(start, end)| start <= at && at < end)
            {
                continue;
            }
            let targets = match linked.flatten() {
                Some(targets) => targets.clone(),
                None => self.resolve_ref(f, site),
            };
            if site.kind.is_read_or_write() && targets.is_empty() {
                continue;
            }
            let all_types =
                !targets.is_empty() && targets.iter().all(|&(s, _, _)| self.def(s).kind.is_type());
            let kind = if site.kind == OccurrenceKind::Call && all_types {
                OccurrenceKind::Instantiate
            } else {
                site.kind
            };
            let receiver = site.path.clone().or_else(|| site.receiver.clone());
            // An impl block is no definition: what its header names (the
            // self type of `impl<'a> Entry<'a>`, a bound) is named from
            // around the block. Its inheritance sites stay the owner's,
            // whose bases they give.
            let container = match site.container {
                Container::Impl(i) if !site.is_inheritance() => {
                    self.file(f).facts.impls[i].container
                }
                other => other,
            };
            let enclosing = self.container_sym(f, self.dependent_container(f, container, kind));
            self.push_occurrence(
                rows,
                f,
                (site.line, site.col),
                kind,
                &site.name,
                receiver,
                enclosing,
                &targets,
            );
        }
    }

    /// The container a site of `kind` in container `c` is a dependency
    /// of: its own, but for a type written in a property of an interface
    /// or an object type (`items: Item[]`, also in a nested object type),
    /// which holds no code: the type declaring the property depends on it.
    /// Where the module system says so
    /// ([`super::systems::Rules::bare_fields_hold_no_code`]), so does any
    /// site in such a property or in a class's field declared without a
    /// value (`subscribe!: Subscribable<L>['subscribe']`).
    fn dependent_container(&self, f: FileId, c: Container, kind: OccurrenceKind) -> Container {
        let bare_fields = self.rules(f).bare_fields_hold_no_code;
        if kind != OccurrenceKind::Type && !bare_fields {
            return c;
        }
        let defs = &self.file(f).facts.defs;
        let mut current = c;
        while let Container::Def(d) = current {
            match defs[d].kind {
                SymbolKind::Field if !(bare_fields && defs[d].has_body) => {
                    current = defs[d].container;
                }
                SymbolKind::Interface | SymbolKind::TypeAlias if current != c => return current,
                SymbolKind::Class if bare_fields && current != c => return current,
                _ => break,
            }
        }
        c
    }

    pub(super) fn emit_imports(&self, f: FileId, rows: &mut FileRows) {
        let file = &self.file(f);
        for (i, decl) in file.facts.imports.iter().enumerate() {
            let lookup = self.resolve_import(f, i);
            let resolved_file = match self.import_module(f, i) {
                ModuleTarget::Found(Target::File(g)) => Some(self.file(g).file_id),
                _ => None,
            };
            rows.imports.push(ImportRecord {
                id: plumb_store::row_id(file.file_id, i),
                file_id: file.file_id,
                line: decl.line,
                module: decl.module.clone(),
                name: decl.name.clone(),
                alias: decl
                    .local
                    .clone()
                    .filter(|local| Some(local) != decl.name.as_ref()),
                resolved_file_id: resolved_file,
            });
            // A module import names a file, not a symbol: the imports
            // table records it; an occurrence would only look unresolved.
            let names_module = !lookup.targets.is_empty()
                && lookup
                    .targets
                    .iter()
                    .all(|t| matches!(t, Target::File(_) | Target::Package(_)));
            let Some(name) = decl.name.as_deref() else {
                continue;
            };
            if names_module {
                continue;
            }
            let targets: Vec<(SymbolId, Resolution, f64)> = lookup
                .targets
                .iter()
                .filter_map(|&t| match t {
                    Target::Sym(s) => Some((s, Resolution::Import, IMPORT_CONFIDENCE)),
                    Target::File(_) | Target::Package(_) => None,
                })
                .collect();
            let module = Some(decl.module.clone()).filter(|m| !m.is_empty());
            self.push_occurrence(
                rows,
                f,
                (decl.line, decl.col),
                OccurrenceKind::Import,
                name,
                module,
                None,
                &targets,
            );
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn push_occurrence(
        &self,
        rows: &mut FileRows,
        f: FileId,
        (line, col): (u32, u32),
        kind: OccurrenceKind,
        name: &str,
        receiver: Option<String>,
        enclosing: Option<SymbolId>,
        targets: &[(SymbolId, Resolution, f64)],
    ) {
        let id = plumb_store::row_id(self.file(f).file_id, rows.occurrences.len());
        rows.occurrences.push(OccurrenceRecord {
            id,
            file_id: self.file(f).file_id,
            line,
            col,
            kind,
            name: name.to_owned(),
            receiver,
            enclosing_id: enclosing.map(|s| self.store_id(s)),
        });
        for &(s, method, confidence) in targets {
            rows.resolutions.push(ResolutionRecord {
                occurrence_id: id,
                symbol_id: self.store_id(s),
                method,
                confidence,
            });
        }
    }
}
