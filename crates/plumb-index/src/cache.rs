//! The facts cache: what extraction found in each file, kept in the store
//! between runs (encoded with `postcard`), so that a file whose size and
//! modification time are unchanged is not read, parsed or extracted again.
//!
//! A cache is valid only for the plumb build that wrote it ([`build_key`]):
//! another build may extract differently, and its facts would then differ
//! from a full run's. Within one build, reused facts are the facts
//! extraction would produce, so an incremental run writes the same index
//! as a full one.

use std::collections::HashMap;

use plumb_store::Store;
use plumb_store::model::FileStatus;
use plumb_store::read::FileRow;
use plumb_store::records::CachedFacts;

use crate::facts::FileFacts;
use crate::walk::Candidate;

/// Facts cached by the previous run, with the file rows that say which
/// size and modification time each was extracted at.
#[derive(Default)]
pub struct FactsCache {
    /// When the previous run's walk began, in nanoseconds since the epoch.
    walked_at_ns: i64,
    rows: HashMap<String, FileRow>,
    blobs: HashMap<String, CachedFacts>,
}

impl FactsCache {
    /// The cache of the index in `store`, if that index was written by
    /// this build of plumb; an empty cache otherwise.
    pub fn load(store: &Store, build: &str) -> Result<FactsCache, plumb_store::Error> {
        if store.meta("build")?.as_deref() != Some(build) {
            return Ok(FactsCache::default());
        }
        let rows = store
            .files()?
            .into_iter()
            .map(|row| (row.path.clone(), row))
            .collect();
        Ok(FactsCache {
            walked_at_ns: walked_at_ns(store)?,
            rows,
            blobs: store.cached_facts()?,
        })
    }

    /// What was cached of `candidate`, if the file is unchanged since (same
    /// size and modification time as recorded, indexed then) and its facts
    /// decode: its content hash and its facts (as [`FileFacts::set_apart`]
    /// leaves them; the store's `each_cached_refs` gives what it set
    /// apart).
    pub fn reuse(&self, candidate: &Candidate) -> Option<(String, FileFacts)> {
        let row = self.rows.get(&candidate.rel)?;
        let unchanged = row.status == FileStatus::Indexed
            && unchanged_since(row, candidate.size, candidate.mtime_ns, self.walked_at_ns);
        if !unchanged {
            return None;
        }
        let cached = self.blobs.get(&candidate.rel)?;
        if row.hash.as_deref() != Some(cached.hash.as_str()) {
            return None;
        }
        let facts = postcard::from_bytes(&cached.facts).ok()?;
        Some((cached.hash.clone(), facts))
    }

    /// Whether the previous run extracted facts from `path` (it indexed
    /// the file).
    pub fn holds(&self, path: &str) -> bool {
        self.blobs.contains_key(path)
    }

    /// The facts the previous run extracted from `path`, whatever its
    /// content now, reference sites aside: what an edit is compared with.
    pub fn previous(&self, path: &str) -> Option<FileFacts> {
        postcard::from_bytes(&self.blobs.get(path)?.facts).ok()
    }
}

/// Whether a file recorded as `row` is unchanged now that it has `size` and
/// `mtime_ns`, for an index whose walk began at `walked_at_ns`. A file
/// modified at or after that moment is never trusted: a second write in the
/// same timestamp tick would leave size and time as recorded (git's "racy
/// entry" rule).
pub fn unchanged_since(row: &FileRow, size: u64, mtime_ns: Option<i64>, walked_at_ns: i64) -> bool {
    row.size == size
        && row.mtime_ns.is_some()
        && row.mtime_ns == mtime_ns
        && mtime_ns.is_some_and(|m| m < walked_at_ns - RACY_MARGIN_NS)
}

/// Margin below the walk's start under which a modification time is
/// trusted. Chosen: 100 ms, well above the coarsest timestamp tick of the
/// file systems plumb meets (Linux's jiffy-based times: 1–10 ms), and above
/// clock skew between the process and the file system.
const RACY_MARGIN_NS: i64 = 100_000_000;

/// When the walk of the index in `store` began (0 if not recorded).
pub fn walked_at_ns(store: &Store) -> Result<i64, plumb_store::Error> {
    Ok(store
        .meta("walked_at_ns")?
        .and_then(|v| v.parse().ok())
        .unwrap_or(0))
}

/// Now, in nanoseconds since the epoch.
pub fn now_ns() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as i64)
}

/// Encodes facts for the cache (what only the file's own resolution reads
/// is encoded apart: [`FileFacts::set_apart`]).
pub fn encode(facts: &FileFacts) -> Vec<u8> {
    postcard::to_stdvec(facts).unwrap_or_default()
}

/// Identifies this build of plumb: its version and the size and
/// modification time of the running executable. Any rebuild changes it.
pub fn build_key() -> String {
    let exe = std::env::current_exe()
        .and_then(std::fs::metadata)
        .map(|meta| {
            let mtime = meta
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos());
            format!("{} {mtime}", meta.len())
        })
        .unwrap_or_default();
    format!("{} {exe}", env!("CARGO_PKG_VERSION"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::extract;
    use crate::facts::TextsByDef;
    use plumb_lang::Language;
    use plumb_lang::tree_sitter::Parser;

    fn python_facts(source: &str) -> FileFacts {
        let mut parser = Parser::new();
        parser.set_language(&Language::Python.grammar()).unwrap();
        let tree = parser.parse(source, None).unwrap();
        extract(Language::Python, &tree, &[], source).unwrap()
    }

    #[test]
    fn facts_and_what_is_set_apart_survive_encoding() {
        let facts = python_facts(
            "from m import x as y\nclass Cart(Base):\n    def total(self) -> int:\n        self.n = 0\n        c: Cart = make()\n        return helper(self.items, c)\n",
        );
        let mut split = facts.clone();
        let apart = crate::facts::decode_apart(&split.set_apart());
        let mut decoded: FileFacts = postcard::from_bytes(&encode(&split)).unwrap();
        assert_eq!(
            decoded.refs.len(),
            1,
            "the inheritance site stays: {decoded:?}"
        );
        assert_eq!(format!("{:?}", apart.refs), format!("{:?}", facts.refs));
        // The function's binding and locals go apart; the type's stays.
        let (in_function, kept): (Vec<_>, Vec<_>) = facts
            .bindings
            .iter()
            .partition(|b| facts.is_function(b.scope));
        assert!(!in_function.is_empty() && !kept.is_empty(), "{facts:?}");
        assert_eq!(format!("{:?}", apart.bindings), format!("{in_function:?}"));
        assert_eq!(format!("{:?}", decoded.bindings), format!("{kept:?}"));
        assert!(!facts.locals.is_empty() && decoded.locals.is_empty());
        assert_eq!(format!("{:?}", apart.locals), format!("{:?}", facts.locals));
        decoded.refs = apart.refs;
        decoded.bindings = facts.bindings.clone();
        decoded.locals = apart.locals;
        decoded.docs = apart.docs;
        for (d, def) in decoded.defs.iter_mut().enumerate() {
            if let Some(signature) = apart.signatures.get(d) {
                def.signature = Some(signature.into());
            }
        }
        assert_eq!(format!("{decoded:?}"), format!("{facts:?}"));
    }

    #[test]
    fn docs_and_the_signatures_resolution_never_reads_are_set_apart() {
        let facts = python_facts(
            "class Cart:\n    \"\"\"A cart.\"\"\"\n    def total(self) -> int:\n        \"\"\"The sum.\"\"\"\n        return 0\n",
        );
        assert_eq!(
            (facts.docs.get(0), facts.docs.get(1)),
            (Some("A cart."), Some("The sum."))
        );
        let mut split = facts.clone();
        let apart = crate::facts::decode_apart(&split.set_apart());
        assert_eq!(apart.docs, facts.docs);
        assert_eq!(split.docs, TextsByDef::default());
        // The class's signature only goes to the store; the method's return
        // annotation types calls of it.
        assert_eq!(apart.signatures.get(0), Some("class Cart"));
        assert_eq!(split.defs[0].signature, None);
        assert_eq!(apart.signatures.get(1), None);
        assert_eq!(
            split.defs[1].signature.as_deref(),
            Some("def total(self) -> int")
        );
    }

    #[test]
    fn function_scopes_stay_when_something_is_defined_in_a_function() {
        let facts = python_facts(
            "def make():\n    c: Cart = Cart()\n    class Local:\n        pass\n    return c\n",
        );
        assert!(facts.function_scopes_visible());
        let mut split = facts.clone();
        let apart = crate::facts::decode_apart(&split.set_apart());
        assert!(apart.bindings.is_empty() && apart.locals.is_empty());
        assert_eq!(
            format!("{:?}", split.bindings),
            format!("{:?}", facts.bindings)
        );
        assert_eq!(format!("{:?}", split.locals), format!("{:?}", facts.locals));
    }
}
