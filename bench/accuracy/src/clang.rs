//! Writes a SCIP index of a C project from libclang's indexer, so that `derive` reads C truth
//! like any other language's.
//!
//! libclang has no SCIP indexer of its own. `c-index-test -index-file FILE.c` (Debian's
//! `clang-tools-16`) prints every declaration and reference libclang's indexer sees, each with
//! its clang USR:
//!
//! ```text
//! [indexDeclaration]: kind: function | name: main | USR: c:@F@main | … | loc: 3:5 | … | isDef: 1 | …
//! [indexEntityReference]: kind: function | name: shape_area | USR: c:@F@shape_area | … | loc: 7:16 | <parent>:: … | role: ref call
//! ```
//!
//! This module runs it on every `.c` file under the root, parses that output, deduplicates what
//! several translation units see (headers), and writes one SCIP `Index`:
//!
//! * Paths are made relative to the root (`src/../include/x.h` → `include/x.h`); files outside
//!   it (system headers) are dropped, with every occurrence in them.
//! * USRs become SCIP symbols whose descriptors `derive` classifies as it does other
//!   languages': a function `name().`, a type (struct, union, enum, typedef) `name#`, a field
//!   `struct#field.`, an enumerator `enum#NAME.`, a file-level variable `name.`. clang
//!   qualifies what has internal linkage by the file (`c:shapes.c@F@square`): such a symbol
//!   keeps the file as a namespace descriptor (`` `shapes.c`/square(). ``), so same-named
//!   statics of two files stay two symbols. The fields of an anonymous struct named by a
//!   typedef (`c:@SA@box_t@FI@w`) are the typedef name's (`box_t#w.`); enumerators of an
//!   anonymous enum are file-level (`A.`).
//! * A declaration with `isDef: 1` is a Definition occurrence. A function or variable
//!   declaration that is not a definition (a prototype, `extern int x;`) is a
//!   ForwardDefinition occurrence: neither a definition nor a reference (`derive` maps its line
//!   to the definition). A struct, union or enum declared without a body (`struct shape;`)
//!   names the type: a reference. Implicit declarations are dropped.
//! * An occurrence is kept only where the source holds its name at the reported place. clang
//!   reports what a macro's expansion refers to at the expansion (`BZALLOC(n)` refers to the
//!   field `bzalloc`); those are dropped: macros are left out on both sides. A declaration
//!   whose name a macro produces (xxhash's `XXH32`, renamed `ZSTD_XXH32`) becomes a Generated
//!   occurrence: its line is not judged. Macro definitions and expansions themselves are not
//!   reported (c-index-test would need extra flags).
//! * Locals and parameters are not reported by `-index-file`; they are absent from the index.
//!
//! C++ (`--lang cpp`: `.cc`, `.cpp`, `.cxx` units, `-x c++ -std=c++17`), see
//! [`cpp_usr_descriptors`]: namespaces are namespace descriptors (`geo/Circle#area().`);
//! overloads, whose USRs differ only by signature, get a disambiguator from the USR's hash
//! ([`symbol_names`]); an in-class method declaration is a ForwardDefinition like a
//! prototype, and a method declared but defined nowhere (pure virtual) has its first
//! declaration promoted to its definition ([`promote_undefined_methods`]). Constructor
//! references are dropped (clang puts them at the variable or the qualifier; the class is
//! referenced where its name is written), and so is the class named by a constructor's or a
//! destructor's own name. Class template partial and explicit specializations are left out.

use anyhow::{bail, Context, Result};
use protobuf::{EnumOrUnknown, MessageField};
use scip::types::{
    descriptor::Suffix, symbol_information::Kind, Descriptor, Document, Index, Metadata,
    Occurrence, SymbolInformation, SymbolRole, ToolInfo,
};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The language of a project's translation units.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dialect {
    /// `.c` files, clang's defaults.
    C,
    /// `.cc`, `.cpp` and `.cxx` files, as `-x c++ -std=c++17`.
    Cpp,
}

impl Dialect {
    pub fn parse(s: &str) -> Result<Dialect> {
        Ok(match s {
            "c" => Dialect::C,
            "cpp" => Dialect::Cpp,
            _ => bail!("unknown dialect {s} (c or cpp)"),
        })
    }
    /// Whether `name` is a translation unit of this dialect.
    fn is_unit(self, name: &str) -> bool {
        match self {
            Dialect::C => name.ends_with(".c"),
            Dialect::Cpp => [".cc", ".cpp", ".cxx"].iter().any(|e| name.ends_with(e)),
        }
    }
    /// clang arguments that select the dialect.
    fn args(self) -> &'static [&'static str] {
        match self {
            Dialect::C => &[],
            Dialect::Cpp => &["-x", "c++", "-std=c++17"],
        }
    }
}

/// How to run the conversion.
pub struct Options {
    /// The project's root: every translation unit of `dialect` under it (`.c`; C++: `.cc`,
    /// `.cpp`, `.cxx`) is indexed, and paths in the index are relative to it.
    pub root: PathBuf,
    pub dialect: Dialect,
    /// The `c-index-test` binary.
    pub c_index_test: PathBuf,
    /// Extra clang arguments for every translation unit (`-D…`, `-I…`), after the include
    /// directories of [`include_args`].
    pub clang_args: Vec<String>,
    /// Translation units indexed at once.
    pub jobs: usize,
}

/// What the conversion saw, for the log.
#[derive(Default)]
pub struct Stats {
    pub translation_units: usize,
    /// Translation units with at least one `error` diagnostic (their code may be partly
    /// unanalysed).
    pub units_with_errors: usize,
    pub documents: usize,
    pub occurrences: usize,
    /// Occurrences dropped because the source does not hold the name where clang reports it
    /// (macro expansions).
    pub dropped_not_written: usize,
}

impl std::fmt::Display for Stats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} translation units ({} with errors), {} documents, {} occurrences, {} dropped (name not written there: macro expansions)",
            self.translation_units, self.units_with_errors, self.documents, self.occurrences, self.dropped_not_written
        )
    }
}

/// One record of c-index-test's output that names an entity.
#[derive(Debug, PartialEq)]
struct Entry {
    decl: bool,
    is_def: bool,
    implicit: bool,
    /// clang's entity kind: `function`, `struct`, `field`, `typedef`, `variable`, ...
    kind: String,
    name: String,
    usr: String,
    /// The file as c-index-test prints it; None for the main file.
    file: Option<String>,
    /// 1-based line and 1-based byte column.
    line: u32,
    col: u32,
}

/// What one translation unit contributes.
#[derive(Default)]
struct Unit {
    entries: Vec<Entry>,
    /// Included files, as printed.
    included: Vec<String>,
    errors: usize,
}

/// Record prefixes of c-index-test's output. A line starting with anything else continues the
/// previous record (doc comments span lines: `// CHECK:` and the comment's own lines).
const RECORD_PREFIXES: [&str; 7] = [
    "[indexDeclaration]: ",
    "[indexEntityReference]: ",
    "[ppIncludedFile]: ",
    "[diagnostic]: ",
    "[enteredMainFile]: ",
    "[startedTranslationUnit]",
    "[importedASTFile]: ",
];

/// The text between `key` and the next ` | ` (or the end), searching from the first or the
/// last occurrence of `key`.
fn field<'a>(s: &'a str, key: &str, last: bool) -> Option<&'a str> {
    let at = if last { s.rfind(key)? } else { s.find(key)? };
    let rest = &s[at + key.len()..];
    Some(rest.split(" | ").next().unwrap_or(rest))
}

/// `3:5` or `path:3:5` → (path, line, column).
fn parse_loc(loc: &str) -> Option<(Option<String>, u32, u32)> {
    let mut it = loc.rsplitn(3, ':');
    let col = it.next()?.trim().parse().ok()?;
    let line = it.next()?.parse().ok()?;
    Some((it.next().map(str::to_string), line, col))
}

fn parse_entry(record: &str) -> Option<Entry> {
    let (decl, body) = if let Some(b) = record.strip_prefix("[indexDeclaration]: ") {
        (true, b)
    } else {
        (false, record.strip_prefix("[indexEntityReference]: ")?)
    };
    // A reference's own fields come before its parent's (`<parent>:: kind: … | name: …`).
    // A C++ class declaration lists its bases on the lines after it (`<base>: kind: … | loc:`).
    let own = if decl {
        body.split(" <base>: ").next()?
    } else {
        body.split(" | <parent>:: ").next()?
    };
    let kind = own.strip_prefix("kind: ")?.split(" | ").next()?.to_string();
    let name = field(own, " | name: ", false)?;
    // clang names a class template's constructor and destructor with the template's
    // parameters (`Box<T>`, `~Box<T>`); the source writes `Box`.
    let name = match kind.as_str() {
        "constructor" | "constructor-template" | "destructor" => {
            name.split_once('<').map_or(name, |(written, _)| written)
        }
        _ => name,
    }
    .to_string();
    // Attributes are printed inside the USR field (`c:@S@C@F@area#1     <attribute>: …`).
    let usr = field(own, " | USR: ", false)?;
    let usr = usr.split("  ").next().unwrap_or(usr).trim_end().to_string();
    // The last `loc:` of the record's own part: a doc comment dump comes before it.
    let (file, line, col) = parse_loc(field(own, " | loc: ", true)?)?;
    let flag = |k: &str| field(body, k, true).is_some_and(|v| v.starts_with('1'));
    Some(Entry {
        decl,
        is_def: decl && flag(" | isDef: "),
        implicit: decl && flag(" | isImplicit: "),
        kind,
        name,
        usr,
        file,
        line,
        col,
    })
}

/// Parses c-index-test's output for one translation unit.
fn parse_output(text: &str) -> Unit {
    let mut unit = Unit::default();
    let mut record = String::new();
    let finish = |record: &str, unit: &mut Unit| {
        if let Some(rest) = record.strip_prefix("[ppIncludedFile]: ") {
            unit.included
                .push(rest.split(" | ").next().unwrap_or(rest).to_string());
        } else if record.starts_with("[diagnostic]: ") {
            // A header not found is `fatal error:`, and clang stops there: count it too.
            unit.errors +=
                (record.contains(": error: ") || record.contains(": fatal error: ")) as usize;
        } else if let Some(e) = parse_entry(record) {
            unit.entries.push(e);
        }
    };
    for line in text.lines() {
        if RECORD_PREFIXES.iter().any(|p| line.starts_with(p)) {
            finish(&record, &mut unit);
            record.clear();
        } else {
            record.push(' ');
        }
        record.push_str(line);
    }
    finish(&record, &mut unit);
    unit
}

fn descriptor(name: &str, suffix: Suffix) -> Descriptor {
    Descriptor {
        name: name.to_string(),
        suffix: EnumOrUnknown::new(suffix),
        ..Default::default()
    }
}

/// The SCIP descriptors of a C USR (see the module doc), or None for what the index leaves
/// out: macros, locals, anonymous records that no typedef names, unknown forms.
fn usr_descriptors(usr: &str) -> Option<Vec<Descriptor>> {
    let rest = usr.strip_prefix("c:")?;
    let mut tokens = rest.split('@');
    let file = tokens.next()?;
    let tokens: Vec<&str> = tokens.collect();
    let mut out = vec![];
    if !file.is_empty() {
        out.push(descriptor(file, Suffix::Namespace));
    }
    let mut i = 0;
    while i < tokens.len() {
        let (t, next) = (tokens[i], tokens.get(i + 1).copied());
        match (t, next) {
            ("F", Some(n)) => out.push(descriptor(n, Suffix::Method)),
            ("S" | "U" | "E" | "SA" | "UA" | "EA" | "T", Some(n)) => {
                out.push(descriptor(n, Suffix::Type))
            }
            ("FI", Some(n)) => out.push(descriptor(n, Suffix::Term)),
            // An anonymous enum (named after its first enumerator): its enumerators are
            // file-level; the enum itself has no name.
            ("Ea", Some(_)) if i + 2 < tokens.len() => {}
            (n, _)
                if !n.is_empty()
                    && n.chars().all(|c| c.is_alphanumeric() || c == '_')
                    && !n.starts_with(|c: char| c.is_ascii_digit())
                    && i + 1 == tokens.len() =>
            {
                out.push(descriptor(n, Suffix::Term));
                i += 1;
                continue;
            }
            _ => return None,
        }
        i += 2;
    }
    (!out
        .iter()
        .all(|d| d.suffix.enum_value_or(Suffix::UnspecifiedSuffix) == Suffix::Namespace))
    .then_some(out)
}

/// clang entity kinds that are functions (their USR ends in a signature).
fn is_function_kind(kind: &str) -> bool {
    kind.starts_with("function")
        || kind.starts_with("c++-instance-method")
        || kind.starts_with("c++-static-method")
        || kind.starts_with("constructor")
        || matches!(kind, "destructor" | "conversion-func")
}

/// The text up to the next `@` (or the end), and the rest from it.
fn until_at(s: &str) -> (&str, &str) {
    s.split_at(s.find('@').unwrap_or(s.len()))
}

fn is_plain_name(n: &str) -> bool {
    !n.is_empty()
        && n.chars().all(|c| c.is_alphanumeric() || c == '_')
        && !n.starts_with(|c: char| c.is_ascii_digit())
}

/// The SCIP descriptors of a C++ USR (see the module doc), given the entity's clang kind and
/// name, or None for what the index leaves out: locals, class template partial and explicit
/// specializations, variable templates, using-declarations, namespace aliases, unknown forms.
///
/// The USR is read component by component: `@N@ns` a namespace, `@aN` an anonymous namespace
/// (dropped: its members are the file's, which clang already prefixes), `@S@`/`@U@`/`@E@`/
/// `@T@` a class, struct, union, enum or typedef (`@SA@`, `@UA@`, `@EA@`: anonymous, named by
/// a typedef), `@ST>…@Name` a class template, `@F@name#sig` a function, `@FT@>…name#sig` a
/// function template, `@FI@name` a field, and a last plain name a variable, an enumerator or
/// a `using` alias (by kind). Functions keep no signature here: overloads are told apart by
/// [`symbol_names`].
fn cpp_usr_descriptors(usr: &str, kind: &str, name: &str) -> Option<Vec<Descriptor>> {
    let rest = usr.strip_prefix("c:")?;
    let (file, mut s) = rest.split_at(rest.find('@').unwrap_or(rest.len()));
    let mut out = vec![];
    if !file.is_empty() {
        out.push(descriptor(file, Suffix::Namespace));
    }
    let function = is_function_kind(kind);
    while let Some(t) = s.strip_prefix('@') {
        if let Some(r) = t.strip_prefix("N@") {
            let (n, r) = until_at(r);
            out.push(descriptor(n, Suffix::Namespace));
            s = r;
        } else if let Some(r) = t.strip_prefix("aN") {
            s = r;
        } else if let Some(r) = ["S@", "U@", "E@", "T@", "SA@", "UA@", "EA@"]
            .iter()
            .find_map(|p| t.strip_prefix(p))
        {
            let (n, r) = until_at(r);
            if !is_plain_name(n) {
                return None; // an explicit specialization (`hash>#I`) or a local record
            }
            out.push(descriptor(n, Suffix::Type));
            s = r;
        } else if let Some(r) = t.strip_prefix("Ea@") {
            // An anonymous enum: its enumerators are the enclosing scope's.
            let (_, r) = until_at(r);
            if r.is_empty() {
                return None;
            }
            s = r;
        } else if let Some(r) = t.strip_prefix("ST>") {
            // The template parameters (`>1#T`) end at the `@` before the name.
            let (_, r) = until_at(r);
            let (n, r) = until_at(r.strip_prefix('@')?);
            if !is_plain_name(n) {
                return None;
            }
            out.push(descriptor(n, Suffix::Type));
            s = r;
        } else if let Some(r) = t.strip_prefix("FI@") {
            let (n, r) = until_at(r);
            if !is_plain_name(n) {
                return None;
            }
            out.push(descriptor(n, Suffix::Term));
            s = r;
        } else if t.starts_with("F@") || t.starts_with("FT@>") {
            // The signature runs to the end: nothing after a function is kept (static locals
            // are locals).
            if !function {
                return None;
            }
            let n = if let Some(r) = t.strip_prefix("F@") {
                r.split('#').next().unwrap_or(r)
            } else {
                // `FT@>2#T#Tmix#…`: the parameters are glued to the name; find the name.
                let at = t
                    .find(&format!("{name}#"))
                    .or_else(|| t.ends_with(name).then(|| t.len() - name.len()))?;
                &t[at..at + name.len()]
            };
            if n.is_empty() || n.contains('@') {
                return None;
            }
            out.push(descriptor(n, Suffix::Method));
            return Some(out);
        } else if is_plain_name(t) {
            let suffix = match kind {
                "type-alias" | "typedef" => Suffix::Type,
                _ => Suffix::Term,
            };
            out.push(descriptor(t, suffix));
            s = "";
        } else {
            return None;
        }
    }
    if !s.is_empty() || function {
        return None;
    }
    let all_namespaces = out
        .iter()
        .all(|d| d.suffix.enum_value_or(Suffix::UnspecifiedSuffix) == Suffix::Namespace);
    (!all_namespaces || kind == "namespace").then_some(out)
}

/// FNV-1a, for overload disambiguators that depend on the USR only.
fn fnv1a(s: &str) -> u64 {
    s.bytes().fold(0xcbf29ce484222325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100000001b3)
    })
}

/// The SCIP symbol of every kept USR. Overloads (C++: USRs that differ only by their
/// signature, so same descriptors) get a method disambiguator from the USR's hash
/// (`scale(3fa2c1d0).`): distinct symbols, which `derive` does not join (it joins only the
/// `(+N)` form, TypeScript's overload signatures of one function).
fn symbol_names(
    usrs: &BTreeMap<String, (Option<Vec<Descriptor>>, String)>,
) -> BTreeMap<String, String> {
    let mut by_base: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    for (usr, (descs, _)) in usrs {
        if let Some(d) = descs {
            by_base.entry(symbol_of(d.clone())).or_default().push(usr);
        }
    }
    let mut out = BTreeMap::new();
    for (base, group) in by_base {
        for usr in &group {
            let mut descs = usrs[*usr].0.clone().unwrap();
            let last = descs.last_mut().unwrap();
            let sym = if group.len() > 1
                && last.suffix.enum_value_or(Suffix::UnspecifiedSuffix) == Suffix::Method
            {
                last.disambiguator = format!("{:08x}", fnv1a(usr) as u32);
                symbol_of(descs)
            } else {
                base.clone()
            };
            out.insert(usr.to_string(), sym);
        }
    }
    out
}

/// C++: a method declared in its class and defined nowhere in the corpus (pure virtual, or
/// defined elsewhere) has its first declaration as its definition, so that overriders and
/// the calls through a base class have a target.
fn promote_undefined_methods(
    docs: &mut BTreeMap<String, DocAcc>,
    usrs: &BTreeMap<String, (Option<Vec<Descriptor>>, String)>,
) {
    let defined: BTreeSet<String> = docs
        .values()
        .flat_map(|d| d.occurrences.iter())
        .filter(|o| o.4 == SymbolRole::Definition as i32)
        .map(|o| o.3.clone())
        .collect();
    let mut promoted: BTreeSet<String> = BTreeSet::new();
    for acc in docs.values_mut() {
        let first: Vec<_> = acc
            .occurrences
            .iter()
            .filter(|o| {
                o.4 == SymbolRole::ForwardDefinition as i32
                    && !defined.contains(&o.3)
                    && usrs[&o.3].1.contains("method")
            })
            .cloned()
            .collect();
        for o in first {
            if !promoted.insert(o.3.clone()) {
                continue;
            }
            acc.occurrences.remove(&o);
            let kind = symbol_kind(&usrs[&o.3].1);
            let name = usrs[&o.3]
                .0
                .as_ref()
                .and_then(|d| d.last().map(|d| d.name.clone()))
                .unwrap_or_default();
            acc.symbols.insert(o.3.clone(), (name, kind));
            acc.occurrences
                .insert((o.0, o.1, o.2, o.3, SymbolRole::Definition as i32));
        }
    }
}

fn symbol_of(descriptors: Vec<Descriptor>) -> String {
    scip::symbol::format_symbol(scip::types::Symbol {
        scheme: "clang".into(),
        package: MessageField::none(),
        descriptors,
        ..Default::default()
    })
}

/// A path as c-index-test prints it (relative to the root, where it runs, or absolute) made
/// relative to the root and normalised; None outside the root.
fn normalise(printed: &str, roots: &[PathBuf]) -> Option<String> {
    let p = Path::new(printed);
    let rel = if p.is_absolute() {
        roots.iter().find_map(|r| p.strip_prefix(r).ok())?
    } else {
        p
    };
    let mut parts: Vec<&str> = vec![];
    for c in rel.components() {
        match c {
            Component::Normal(s) => parts.push(s.to_str()?),
            Component::CurDir => {}
            Component::ParentDir => {
                parts.pop()?;
            }
            _ => return None,
        }
    }
    (!parts.is_empty()).then(|| parts.join("/"))
}

/// Every translation unit of `dialect` under `root` (hidden directories skipped), relative,
/// sorted.
fn unit_files(root: &Path, dialect: Dialect) -> Result<Vec<String>> {
    let mut out = vec![];
    let mut stack = vec![PathBuf::new()];
    while let Some(rel) = stack.pop() {
        for e in std::fs::read_dir(root.join(&rel))
            .with_context(|| format!("reading {}", root.join(&rel).display()))?
        {
            let e = e?;
            let name = e.file_name().to_string_lossy().to_string();
            if name.starts_with('.') {
                continue;
            }
            let path = rel.join(&name);
            if e.file_type()?.is_dir() {
                stack.push(path);
            } else if dialect.is_unit(&name) {
                out.push(path.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Include directories for `file`: its own directory, every directory named `include` under
/// the root (in any case: Recast's headers are in `Include/`), and the root. Relative to the
/// root.
pub fn include_args(file: &str, include_dirs: &[String]) -> Vec<String> {
    let own = file.rsplit_once('/').map(|(d, _)| d).unwrap_or(".");
    let mut args = vec![format!("-I{own}")];
    args.extend(include_dirs.iter().map(|d| format!("-I{d}")));
    args.push("-I.".into());
    args
}

fn include_dirs(root: &Path) -> Result<Vec<String>> {
    let mut out = vec![];
    let mut stack = vec![PathBuf::new()];
    while let Some(rel) = stack.pop() {
        for e in std::fs::read_dir(root.join(&rel))? {
            let e = e?;
            let name = e.file_name().to_string_lossy().to_string();
            if !name.starts_with('.') && e.file_type()?.is_dir() {
                let path = rel.join(&name);
                if name.eq_ignore_ascii_case("include") {
                    out.push(path.to_string_lossy().to_string());
                }
                stack.push(path);
            }
        }
    }
    out.sort();
    Ok(out)
}

fn run_unit(opts: &Options, file: &str, include_dirs: &[String]) -> Result<Unit> {
    let out = Command::new(&opts.c_index_test)
        .current_dir(&opts.root)
        .arg("-index-file")
        .arg(file)
        .args(opts.dialect.args())
        .args(include_args(file, include_dirs))
        .args(&opts.clang_args)
        .output()
        .with_context(|| format!("running {}", opts.c_index_test.display()))?;
    if !out.status.success() {
        bail!(
            "c-index-test failed on {file}: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    Ok(parse_output(&String::from_utf8_lossy(&out.stdout)))
}

fn symbol_kind(clang_kind: &str) -> Kind {
    match clang_kind {
        "function" | "function-template" => Kind::Function,
        "c++-instance-method" | "c++-instance-method-template" | "conversion-func" => Kind::Method,
        "c++-static-method" | "c++-static-method-template" => Kind::StaticMethod,
        "constructor" | "constructor-template" => Kind::Constructor,
        "destructor" => Kind::Method,
        "c++-class" | "c++-class-template" => Kind::Class,
        "namespace" => Kind::Namespace,
        "type-alias" => Kind::TypeAlias,
        "c++-static-var" => Kind::StaticField,
        "struct" => Kind::Struct,
        "union" => Kind::Union,
        "enum" => Kind::Enum,
        "enumerator" => Kind::EnumMember,
        "field" => Kind::Field,
        "typedef" => Kind::TypeAlias,
        "variable" => Kind::Variable,
        _ => Kind::UnspecifiedKind,
    }
}

/// One document being assembled: occurrences as (line, start col, end col, USR, roles),
/// 0-based character columns; definitions' symbol information, by USR.
#[derive(Default)]
struct DocAcc {
    occurrences: BTreeSet<(u32, u32, u32, String, i32)>,
    symbols: BTreeMap<String, (String, Kind)>,
}

/// The version clang reports (`clang --version` beside c-index-test), for the index metadata.
fn clang_version(c_index_test: &Path) -> String {
    let clang = c_index_test.with_file_name("clang");
    let out = Command::new(clang).arg("--version").output().ok();
    let text = out
        .map(|o| String::from_utf8_lossy(&o.stdout).to_string())
        .unwrap_or_default();
    text.split_whitespace()
        .skip_while(|w| *w != "version")
        .nth(1)
        .unwrap_or("unknown")
        .to_string()
}

/// Indexes every translation unit under `opts.root` and returns the SCIP index.
pub fn index(opts: &Options) -> Result<(Index, Stats)> {
    let files = unit_files(&opts.root, opts.dialect)?;
    let incs = include_dirs(&opts.root)?;
    let roots: Vec<PathBuf> = [opts.root.clone(), opts.root.canonicalize()?].into();
    let next = AtomicUsize::new(0);
    let units: Mutex<Vec<(usize, Unit)>> = Mutex::new(vec![]);
    let error: Mutex<Option<anyhow::Error>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..opts.jobs.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= files.len() || error.lock().unwrap().is_some() {
                    break;
                }
                match run_unit(opts, &files[i], &incs) {
                    Ok(u) => units.lock().unwrap().push((i, u)),
                    Err(e) => *error.lock().unwrap() = Some(e),
                }
            });
        }
    });
    if let Some(e) = error.into_inner().unwrap() {
        return Err(e);
    }
    let mut units = units.into_inner().unwrap();
    units.sort_by_key(|(i, _)| *i);

    let mut stats = Stats {
        translation_units: files.len(),
        ..Default::default()
    };
    let mut docs: BTreeMap<String, DocAcc> = BTreeMap::new();
    let mut texts: BTreeMap<String, Vec<String>> = BTreeMap::new();
    // USR -> its descriptors (None: left out) and clang's entity kind.
    let mut usrs: BTreeMap<String, (Option<Vec<Descriptor>>, String)> = BTreeMap::new();
    for (i, unit) in &units {
        let main = &files[*i];
        stats.units_with_errors += (unit.errors > 0) as usize;
        docs.entry(main.clone()).or_default();
        for inc in &unit.included {
            if let Some(p) = normalise(inc, &roots) {
                docs.entry(p).or_default();
            }
        }
        // C++: where a constructor is declared, clang also reports its class as referenced
        // (the constructor's name is the class's); that is not a reference.
        let structors: BTreeSet<(&Option<String>, u32, u32)> = unit
            .entries
            .iter()
            .filter(|e| e.decl && e.kind.starts_with("constructor"))
            .map(|e| (&e.file, e.line, e.col))
            .collect();
        for e in &unit.entries {
            if e.implicit || (!e.decl && structors.contains(&(&e.file, e.line, e.col))) {
                continue;
            }
            // C++: a construction refers to the constructor where the source writes the
            // variable (`Circle c(1)`) or the qualifier (`geo::Circle(1)`); the class is
            // referenced where its name is written, which is what calls count.
            if opts.dialect == Dialect::Cpp && !e.decl && e.kind.starts_with("constructor") {
                continue;
            }
            let path = match &e.file {
                None => main.clone(),
                Some(f) => match normalise(f, &roots) {
                    Some(p) => p,
                    None => continue,
                },
            };
            let (descs, _) = usrs.entry(e.usr.clone()).or_insert_with(|| {
                let d = match opts.dialect {
                    Dialect::C => usr_descriptors(&e.usr),
                    Dialect::Cpp => cpp_usr_descriptors(&e.usr, &e.kind, &e.name),
                };
                (d, e.kind.clone())
            });
            if descs.is_none() {
                continue;
            }
            let role = match (e.decl, e.is_def, e.kind.as_str()) {
                (false, _, _) => 0,
                (true, true, _) => SymbolRole::Definition as i32,
                (true, false, "struct" | "union" | "enum" | "c++-class" | "c++-class-template") => {
                    0
                }
                (true, false, _) => SymbolRole::ForwardDefinition as i32,
            };
            let lines = texts.entry(path.clone()).or_insert_with(|| {
                std::fs::read_to_string(opts.root.join(&path))
                    .unwrap_or_default()
                    .split('\n')
                    .map(str::to_string)
                    .collect()
            });
            // The name must be written there (not produced by a macro's expansion).
            let text = lines
                .get(e.line.saturating_sub(1) as usize)
                .map(String::as_str)
                .unwrap_or("");
            let at = e.col.saturating_sub(1) as usize;
            if !text.is_char_boundary(at.min(text.len())) {
                continue;
            }
            let start = text[..at].chars().count() as u32;
            // C++: the class named in a destructor's name (`~Shape`) is not a reference.
            if !e.decl && text[..at].ends_with('~') {
                continue;
            }
            if !text[at..].starts_with(&e.name) {
                stats.dropped_not_written += 1;
                // A declaration whose name a macro writes (`XXH32` → `ZSTD_XXH32`): kept as a
                // Generated occurrence over the token written there, which `derive` reads
                // as "not analysed here".
                if e.decl {
                    let written = text[at..]
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .count() as u32;
                    docs.entry(path).or_default().occurrences.insert((
                        e.line - 1,
                        start,
                        start + written,
                        e.usr.clone(),
                        SymbolRole::Generated as i32,
                    ));
                }
                continue;
            }
            let end = start + e.name.chars().count() as u32;
            let acc = docs.entry(path).or_default();
            acc.occurrences
                .insert((e.line - 1, start, end, e.usr.clone(), role));
            if role == SymbolRole::Definition as i32 {
                acc.symbols
                    .entry(e.usr.clone())
                    .or_insert_with(|| (e.name.clone(), symbol_kind(&e.kind)));
            }
        }
    }
    if opts.dialect == Dialect::Cpp {
        promote_undefined_methods(&mut docs, &usrs);
    }
    let symbols = symbol_names(&usrs);
    let mut index = Index::new();
    index.metadata = MessageField::some(Metadata {
        tool_info: MessageField::some(ToolInfo {
            name: "c-index-test".into(),
            version: clang_version(&opts.c_index_test),
            ..Default::default()
        }),
        project_root: format!("file://{}", roots[1].display()),
        ..Default::default()
    });
    for (path, acc) in docs {
        stats.documents += 1;
        stats.occurrences += acc.occurrences.len();
        let mut doc = Document {
            language: match opts.dialect {
                Dialect::C => "c",
                Dialect::Cpp => "cpp",
            }
            .into(),
            relative_path: path,
            ..Default::default()
        };
        doc.occurrences = acc
            .occurrences
            .into_iter()
            .map(|(line, start, end, usr, roles)| Occurrence {
                range: vec![line as i32, start as i32, end as i32],
                symbol: symbols[&usr].clone(),
                symbol_roles: roles,
                ..Default::default()
            })
            .collect();
        doc.symbols = acc
            .symbols
            .into_iter()
            .map(|(usr, (name, kind))| SymbolInformation {
                symbol: symbols[&usr].clone(),
                display_name: name,
                kind: EnumOrUnknown::new(kind),
                ..Default::default()
            })
            .collect();
        index.documents.push(doc);
    }
    Ok((index, stats))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn symbol(usr: &str) -> Option<String> {
        usr_descriptors(usr).map(symbol_of)
    }

    #[test]
    fn usrs_map_to_descriptors_derive_classifies() {
        assert_eq!(symbol("c:@F@main").as_deref(), Some("clang . . . main()."));
        assert_eq!(
            symbol("c:shapes.c@F@square").as_deref(),
            Some("clang . . . `shapes.c`/square().")
        );
        assert_eq!(
            symbol("c:@S@shape_ops@FI@area").as_deref(),
            Some("clang . . . shape_ops#area.")
        );
        assert_eq!(
            symbol("c:@SA@box_t@FI@w").as_deref(),
            Some("clang . . . box_t#w.")
        );
        assert_eq!(
            symbol("c:shapes.h@T@shape_t").as_deref(),
            Some("clang . . . `shapes.h`/shape_t#")
        );
        assert_eq!(
            symbol("c:@E@color@RED").as_deref(),
            Some("clang . . . color#RED.")
        );
        assert_eq!(
            symbol("c:@Ea@ANON_A@ANON_B").as_deref(),
            Some("clang . . . ANON_B.")
        );
        assert_eq!(symbol("c:@hook").as_deref(), Some("clang . . . hook."));
        assert_eq!(
            symbol("c:circle.c@F@f@counter").as_deref(),
            Some("clang . . . `circle.c`/f().counter.")
        );
        // The anonymous enum itself, locals, nested anonymous records: left out.
        assert_eq!(symbol("c:@Ea@ANON_A"), None);
        assert_eq!(symbol("c:main.c@54@F@main@s"), None);
        assert_eq!(symbol("c:@SA@x@U@x@1234@FI@y"), None);
    }

    fn cpp(usr: &str, kind: &str, name: &str) -> Option<String> {
        cpp_usr_descriptors(usr, kind, name).map(symbol_of)
    }

    #[test]
    fn cpp_usrs_map_to_descriptors_derive_classifies() {
        let method = "c++-instance-method";
        assert_eq!(
            cpp("c:@N@geo@S@Circle@F@area#1", method, "area").as_deref(),
            Some("clang . . . geo/Circle#area().")
        );
        assert_eq!(
            cpp("c:@N@geo@S@Circle@FI@r", "field", "r").as_deref(),
            Some("clang . . . geo/Circle#r.")
        );
        assert_eq!(
            cpp("c:@N@geo", "namespace", "geo").as_deref(),
            Some("clang . . . geo/")
        );
        assert_eq!(
            cpp(
                "c:@N@geo@FT@>1#Ttwice#t0.0#S0_#",
                "function-template",
                "twice"
            )
            .as_deref(),
            Some("clang . . . geo/twice().")
        );
        assert_eq!(
            cpp("c:@N@geo@ST>1#T@Box@F@get#1", method, "get").as_deref(),
            Some("clang . . . geo/Box#get().")
        );
        assert_eq!(
            cpp("c:@N@geo@Real", "type-alias", "Real").as_deref(),
            Some("clang . . . geo/Real#")
        );
        assert_eq!(
            cpp("c:@N@geo@E@Color@RED", "enumerator", "RED").as_deref(),
            Some("clang . . . geo/Color#RED.")
        );
        // Internal linkage keeps the file; an anonymous namespace adds nothing.
        assert_eq!(
            cpp("c:main.cpp@aN@F@area#d#d#", "function", "area").as_deref(),
            Some("clang . . . `main.cpp`/area().")
        );
        // Explicit and partial specializations, static locals: left out.
        assert_eq!(
            cpp("c:@N@std@S@hash>#I", "struct-template-spec", "hash"),
            None
        );
        assert_eq!(
            cpp(
                "c:@N@x@SP>1#T@Foo>#*t0.0",
                "struct-template-partial-spec",
                "Foo"
            ),
            None
        );
        assert_eq!(cpp("c:t.cpp@F@f#@counter", "variable", "counter"), None);
    }

    #[test]
    fn cpp_overloads_are_distinct_symbols() {
        let mut usrs = BTreeMap::new();
        for usr in [
            "c:@N@geo@F@scale#I#",
            "c:@N@geo@F@scale#d#",
            "c:@N@geo@F@area#",
        ] {
            let name = if usr.contains("scale") {
                "scale"
            } else {
                "area"
            };
            usrs.insert(
                usr.to_string(),
                (
                    cpp_usr_descriptors(usr, "function", name),
                    "function".to_string(),
                ),
            );
        }
        let names = symbol_names(&usrs);
        assert_eq!(names["c:@N@geo@F@area#"], "clang . . . geo/area().");
        let (a, b) = (&names["c:@N@geo@F@scale#I#"], &names["c:@N@geo@F@scale#d#"]);
        assert_ne!(a, b);
        assert!(
            a.starts_with("clang . . . geo/scale(") && !a.contains("(+"),
            "{a}"
        );
    }

    #[test]
    fn include_directories_are_named_include_in_any_case() {
        let root = std::env::temp_dir().join(format!("plumb-accuracy-incs-{}", std::process::id()));
        for dir in ["Recast/Include", "Recast/Source", "lib/include", "docs"] {
            std::fs::create_dir_all(root.join(dir)).unwrap();
        }
        let dirs = include_dirs(&root);
        std::fs::remove_dir_all(&root).unwrap();
        assert_eq!(dirs.unwrap(), ["Recast/Include", "lib/include"]);
    }

    #[test]
    fn a_class_template_constructor_is_named_as_written() {
        let out = "[indexDeclaration]: kind: constructor | name: rcTempVector<T> | USR: c:@ST>1#T@rcTempVector@F@rcTempVector# | lang: C++ | cursor: CXXConstructor=rcTempVector<T>:308:2 (Definition) | loc: Include/RecastAlloc.h:308:2 | semantic-container: [rcTempVector:305:7] | lexical-container: [rcTempVector:305:7] | isRedecl: 0 | isDef: 1 | isContainer: 1 | isImplicit: 0\n\
[indexDeclaration]: kind: destructor | name: ~Box<T> | USR: c:@ST>1#T@Box@F@~Box# | lang: C++ | cursor: CXXDestructor=~Box<T>:9:2 (Definition) | loc: box.h:9:2 | semantic-container: [Box:3:7] | lexical-container: [Box:3:7] | isRedecl: 0 | isDef: 1 | isContainer: 1 | isImplicit: 0\n";
        let names: Vec<String> = parse_output(out)
            .entries
            .into_iter()
            .map(|e| e.name)
            .collect();
        assert_eq!(names, ["rcTempVector", "~Box"]);
    }

    #[test]
    fn a_header_not_found_is_an_error() {
        let out = "[startedTranslationUnit]\n\
[enteredMainFile]: Source/RecastFilter.cpp\n\
[diagnostic]: Source/RecastFilter.cpp:19:10: fatal error: 'Recast.h' file not found\n";
        assert_eq!(parse_output(out).errors, 1);
    }

    #[test]
    fn records_span_lines_and_keep_their_own_location() {
        let out = "[startedTranslationUnit]\n\
[indexDeclaration]: kind: struct | name: shape_ops | USR: c:@S@shape_ops | lang: C | cursor: StructDecl=shape_ops:7:8 (Definition) RawComment=[/** ops. */] FullCommentAsXML=[<Class line=\"7\"/>]\n\
// CHECK:  CommentAST=[\n\
// CHECK:         (CXComment_Text Text=[ ops. ])))] | loc: include/shapes.h:7:8 | semantic-container: [TU] | lexical-container: [TU] | isRedecl: 0 | isDef: 1 | isContainer: 1 | isImplicit: 0\n\
[indexEntityReference]: kind: function | name: shape_area | USR: c:@F@shape_area | lang: C | cursor: DeclRefExpr=shape_area:19:8 | loc: 7:16 | <parent>:: kind: function | name: main | USR: c:@F@main | lang: C | container: [main:3:5] | refkind: direct | role: ref call\n\
[ppIncludedFile]: src/../include/shapes.h | name: \"../include/shapes.h\" | hash loc: 1:1 | isImport: 0 | isAngled: 0 | isModule: 0\n\
[diagnostic]: src/main.c:1:22: error: use of undeclared identifier 'x'\n";
        let unit = parse_output(out);
        assert_eq!(unit.included, ["src/../include/shapes.h"]);
        assert_eq!(unit.errors, 1);
        assert_eq!(unit.entries.len(), 2);
        let d = &unit.entries[0];
        assert_eq!(
            (
                d.decl,
                d.is_def,
                d.name.as_str(),
                d.file.as_deref(),
                d.line,
                d.col
            ),
            (true, true, "shape_ops", Some("include/shapes.h"), 7, 8)
        );
        let r = &unit.entries[1];
        assert_eq!(
            (r.decl, r.usr.as_str(), r.file.as_deref(), r.line, r.col),
            (false, "c:@F@shape_area", None, 7, 16)
        );
    }

    #[test]
    fn paths_are_relative_to_the_root_and_inside_it() {
        let roots = [PathBuf::from("/p/root")];
        assert_eq!(
            normalise("src/../include/x.h", &roots).as_deref(),
            Some("include/x.h")
        );
        assert_eq!(normalise("./bzlib.h", &roots).as_deref(), Some("bzlib.h"));
        assert_eq!(normalise("/p/root/a/b.h", &roots).as_deref(), Some("a/b.h"));
        assert_eq!(normalise("/usr/include/stdlib.h", &roots), None);
        assert_eq!(normalise("../outside.h", &roots), None);
    }
}
