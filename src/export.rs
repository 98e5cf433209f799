//! `plumb export --format scip [--output FILE]`: the graph as a SCIP index
//! (the `scip` crate's protobuf types), so that Sourcegraph and every SCIP
//! consumer can navigate with plumb's resolved edges. One document per
//! indexed file: each definition's name as a `Definition` occurrence with
//! its symbol information (kind, signature, doc), and each resolved
//! reference as an occurrence of its target. Name-only guesses are left
//! out, as the CLI leaves them out by default. A definition's occurrence
//! carries the definition's whole extent as its `enclosing_range`, so a
//! consumer can tell which definition encloses a site (callers, callees).

use std::collections::HashMap;
use std::path::Path;

use protobuf::{EnumOrUnknown, Message, MessageField};
use scip::types::descriptor::Suffix;
use scip::types::symbol_information::Kind as ScipKind;
use scip::types::{
    Descriptor, Document, Index, Metadata, Occurrence, PositionEncoding, ProtocolVersion,
    SymbolInformation, SymbolRole, TextEncoding, ToolInfo,
};

use plumb_store::Store;
use plumb_store::model::{Resolution, SymbolKind};
use plumb_store::read::SymbolRow;

use crate::InputError;

/// The export's scheme in SCIP symbols (`plumb . . . descriptors`).
const SCHEME: &str = "plumb";

/// What an export wrote (`--json` prints it).
#[derive(Debug, serde::Serialize)]
pub struct Written {
    /// The file written.
    pub output: String,
    /// Documents (files) in it.
    pub documents: usize,
    /// Symbols defined.
    pub symbols: usize,
    /// Occurrences: definitions and resolved references.
    pub occurrences: usize,
}

impl Written {
    /// `wrote index.scip: 5 documents, 23 symbols, 61 occurrences`.
    pub fn render(&self, out: &mut String) {
        out.push_str(&format!(
            "wrote {}: {} documents, {} symbols, {} occurrences\n",
            self.output, self.documents, self.symbols, self.occurrences
        ));
    }
}

/// Writes the SCIP index of `root`'s graph to `output`.
pub fn scip(root: &Path, store: &Store, output: &Path) -> anyhow::Result<Written> {
    let index = build(root, store)?;
    std::fs::write(output, index.write_to_bytes()?)
        .map_err(|err| InputError(format!("cannot write {}: {err}", output.display())))?;
    Ok(Written {
        output: output.display().to_string(),
        documents: index.documents.len(),
        symbols: index.documents.iter().map(|d| d.symbols.len()).sum(),
        occurrences: index.documents.iter().map(|d| d.occurrences.len()).sum(),
    })
}

/// The SCIP index of the store's graph.
fn build(root: &Path, store: &Store) -> anyhow::Result<Index> {
    let files = store.files()?;
    let mut rows: HashMap<i64, SymbolRow> = HashMap::new();
    let mut by_file: Vec<(String, Option<String>, Vec<i64>)> = Vec::new();
    for file in &files {
        let symbols = store.symbols_in_file(&file.path)?;
        let ids = symbols.iter().map(|s| s.id).collect();
        by_file.push((file.path.clone(), file.language.clone(), ids));
        rows.extend(symbols.into_iter().map(|s| (s.id, s)));
    }
    let names: HashMap<i64, String> = rows
        .keys()
        .map(|&id| (id, symbol_name(id, &rows)))
        .collect();
    let mut documents: HashMap<String, Document> = HashMap::new();
    for (path, language, ids) in by_file {
        let lines = LineStarts::read(&root.join(&path));
        let document = documents.entry(path.clone()).or_default();
        document.relative_path = path;
        document.language = language.unwrap_or_default();
        document.position_encoding =
            EnumOrUnknown::new(PositionEncoding::UTF8CodeUnitOffsetFromLineStart);
        for id in ids {
            let row = &rows[&id];
            let name = names[&id].clone();
            let mut definition = occurrence(
                row.name_line,
                row.name_col,
                &row.name,
                &name,
                SymbolRole::Definition as i32,
            );
            if let Some(range) = lines.as_ref().and_then(|lines| lines.range(row)) {
                definition.enclosing_range = range;
            }
            document.occurrences.push(definition);
            let mut info = SymbolInformation::new();
            info.symbol = name;
            info.display_name = row.name.clone();
            info.kind = EnumOrUnknown::new(kind(row.kind));
            info.documentation = row.signature.iter().chain(&row.doc).cloned().collect();
            if let Some(parent) = row.parent_id.and_then(|p| names.get(&p)) {
                info.enclosing_symbol = parent.clone();
            }
            document.symbols.push(info);
        }
    }
    for (id, target) in &names {
        for reference in store.references_to(*id)? {
            if reference.method == Resolution::NameOnly {
                continue;
            }
            let document = documents.entry(reference.file.clone()).or_default();
            document.relative_path = reference.file.clone();
            document.occurrences.push(occurrence(
                reference.line,
                reference.col,
                &reference.name,
                target,
                0,
            ));
        }
    }
    let mut documents: Vec<Document> = documents.into_values().collect();
    documents.sort_by(|a, b| a.relative_path.cmp(&b.relative_path));
    for document in &mut documents {
        document.occurrences.sort_by(|a, b| a.range.cmp(&b.range));
    }
    let mut index = Index::new();
    index.metadata = MessageField::some(metadata(root));
    index.documents = documents;
    Ok(index)
}

fn metadata(root: &Path) -> Metadata {
    let mut tool = ToolInfo::new();
    tool.name = "plumb".into();
    tool.version = env!("CARGO_PKG_VERSION").into();
    let mut metadata = Metadata::new();
    metadata.version = EnumOrUnknown::new(ProtocolVersion::UnspecifiedProtocolVersion);
    metadata.tool_info = MessageField::some(tool);
    metadata.project_root = format!("file://{}", root.display());
    metadata.text_document_encoding = EnumOrUnknown::new(TextEncoding::UTF8);
    metadata
}

/// An occurrence of `symbol` where `name` is written at `line`:`col`
/// (1-based, bytes), as SCIP's 0-based `[line, start, end]`.
fn occurrence(line: u32, col: u32, name: &str, symbol: &str, roles: i32) -> Occurrence {
    let line = i32::try_from(line.saturating_sub(1)).unwrap_or(i32::MAX);
    let start = i32::try_from(col.saturating_sub(1)).unwrap_or(i32::MAX);
    let end = start.saturating_add(i32::try_from(name.len()).unwrap_or(0));
    let mut occurrence = Occurrence::new();
    occurrence.range = vec![line, start, end];
    occurrence.symbol = symbol.to_owned();
    occurrence.symbol_roles = roles;
    occurrence
}

/// Where each line of a source file starts, to turn a stored span's
/// bytes into SCIP's 0-based `[start line, start column, end line, end
/// column]`.
struct LineStarts(Vec<usize>);

impl LineStarts {
    /// The line starts of the file at `path`; `None` when it cannot be read
    /// (the export then gives its definitions no enclosing range).
    fn read(path: &Path) -> Option<LineStarts> {
        let bytes = std::fs::read(path).ok()?;
        let starts = std::iter::once(0)
            .chain(newline_offsets(&bytes).map(|at| at + 1))
            .collect();
        Some(LineStarts(starts))
    }

    /// `row`'s extent, when its lines and bytes agree with the file as read
    /// now (a file changed since indexing gives none).
    fn range(&self, row: &SymbolRow) -> Option<Vec<i32>> {
        let position = |line: u32, byte: u32| -> Option<(i32, i32)> {
            let index = usize::try_from(line.checked_sub(1)?).ok()?;
            let start = *self.0.get(index)?;
            let next = self.0.get(index + 1).copied().unwrap_or(usize::MAX);
            let byte = usize::try_from(byte).ok()?;
            if byte < start || byte >= next {
                return None;
            }
            Some((
                i32::try_from(index).ok()?,
                i32::try_from(byte - start).ok()?,
            ))
        };
        let (start_line, start_col) = position(row.span.start_line(), row.span.start_byte())?;
        let (end_line, end_col) = position(row.span.end_line(), row.span.end_byte())?;
        Some(vec![start_line, start_col, end_line, end_col])
    }
}

/// Offsets of the newlines in `bytes`.
fn newline_offsets(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    bytes
        .iter()
        .enumerate()
        .filter(|(_, byte)| **byte == b'\n')
        .map(|(at, _)| at)
}

/// The SCIP symbol of stored symbol `id`: its file as a namespace, then its
/// parents and itself, each with its kind's suffix.
fn symbol_name(id: i64, rows: &HashMap<i64, SymbolRow>) -> String {
    let mut chain = Vec::new();
    let mut next = Some(id);
    while let Some(current) = next.and_then(|id| rows.get(&id)) {
        chain.push(current);
        next = current.parent_id.filter(|parent| *parent != current.id);
        if chain.len() > rows.len() {
            break;
        }
    }
    let mut descriptors = Vec::new();
    if let Some(outermost) = chain.last() {
        descriptors.extend(
            outermost
                .file
                .split('/')
                .map(|part| descriptor(part, Suffix::Namespace)),
        );
    }
    descriptors.extend(
        chain
            .iter()
            .rev()
            .map(|row| descriptor(&row.name, suffix(row.kind))),
    );
    let mut symbol = scip::types::Symbol::new();
    symbol.scheme = SCHEME.into();
    let mut package = scip::types::Package::new();
    package.manager = ".".into();
    package.name = ".".into();
    package.version = ".".into();
    symbol.package = MessageField::some(package);
    symbol.descriptors = descriptors;
    scip::symbol::format_symbol(symbol)
}

fn descriptor(name: &str, suffix: Suffix) -> Descriptor {
    let mut descriptor = Descriptor::new();
    descriptor.name = name.to_owned();
    descriptor.suffix = EnumOrUnknown::new(suffix);
    descriptor
}

fn suffix(kind: SymbolKind) -> Suffix {
    match kind {
        SymbolKind::Module => Suffix::Namespace,
        SymbolKind::Function | SymbolKind::Method => Suffix::Method,
        SymbolKind::Macro => Suffix::Macro,
        kind if kind.is_type() => Suffix::Type,
        _ => Suffix::Term,
    }
}

fn kind(kind: SymbolKind) -> ScipKind {
    match kind {
        SymbolKind::Function => ScipKind::Function,
        SymbolKind::Method => ScipKind::Method,
        SymbolKind::Class => ScipKind::Class,
        SymbolKind::Struct => ScipKind::Struct,
        SymbolKind::Enum => ScipKind::Enum,
        SymbolKind::Variant => ScipKind::EnumMember,
        SymbolKind::Trait => ScipKind::Trait,
        SymbolKind::Interface => ScipKind::Interface,
        SymbolKind::TypeAlias => ScipKind::TypeAlias,
        SymbolKind::Constant => ScipKind::Constant,
        SymbolKind::Variable => ScipKind::Variable,
        SymbolKind::Field => ScipKind::Field,
        SymbolKind::Module => ScipKind::Module,
        SymbolKind::Macro => ScipKind::Macro,
    }
}
