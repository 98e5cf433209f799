//! `plumb export --format scip [--output FILE]`: the graph as a SCIP index
//! (the `scip` crate's protobuf types), so that Sourcegraph and every SCIP
//! consumer can navigate with plumb's resolved edges. One document per
//! indexed file: each definition's name as a `Definition` occurrence with
//! its symbol information (kind, signature, doc), and each resolved
//! reference as an occurrence of its target. Name-only guesses are left
//! out, as the CLI leaves them out by default.

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
        let document = documents.entry(path.clone()).or_default();
        document.relative_path = path;
        document.language = language.unwrap_or_default();
        document.position_encoding =
            EnumOrUnknown::new(PositionEncoding::UTF8CodeUnitOffsetFromLineStart);
        for id in ids {
            let row = &rows[&id];
            let name = names[&id].clone();
            document.occurrences.push(occurrence(
                row.name_line,
                row.name_col,
                &row.name,
                &name,
                SymbolRole::Definition as i32,
            ));
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
