//! Function scopes: the names each function declares local, and the
//! bindings of the file being resolved that were set apart with its
//! reference sites ([`crate::facts::FileFacts::set_apart`]). While a file
//! is resolved, its set-apart parts are indexed here and held by the
//! resolving thread's memo; no other file's resolution reads them (a
//! function's scope is read from another file only when something is
//! defined inside the function, and then nothing is set apart).

use foldhash::{HashMap, HashMapExt};

use super::FileId;
use super::names::name_key;
use crate::facts::{Apart, BindingFact, Container, LocalFact};

/// The locals of one file's functions, by function (definition index) and
/// name key, to the first such local.
#[derive(Debug, Default)]
pub(super) struct LocalsIndex(HashMap<(usize, u64), usize>);

impl LocalsIndex {
    /// The index of `locals`.
    pub(super) fn of(locals: &[LocalFact]) -> Self {
        let mut index = HashMap::new();
        for (i, local) in locals.iter().enumerate() {
            if let Container::Def(d) = local.scope {
                index.entry((d, name_key(&local.name))).or_insert(i);
            }
        }
        LocalsIndex(index)
    }

    /// Whether function `d` declares a local `name`; `locals` are the
    /// ones the index was made of.
    pub(super) fn declares(&self, locals: &[LocalFact], d: usize, name: &str) -> bool {
        let Some(&first) = self.0.get(&(d, name_key(name))) else {
            return false;
        };
        locals[first].name == name
            || locals
                .iter()
                .any(|l| l.scope == Container::Def(d) && l.name == name)
    }
}

/// The set-apart parts of the file being resolved, indexed.
#[derive(Debug)]
pub(super) struct FileApart {
    /// The file (index among the resolver's files).
    pub(super) file: FileId,
    /// Whether its functions' bindings and locals are here (else they
    /// stayed in the facts: their scopes are visible to other files).
    pub(super) holds_scopes: bool,
    /// What was set apart.
    pub(super) apart: Apart,
    /// Each function's bindings (definition index to indexes in
    /// `apart.bindings`), in order.
    bindings: HashMap<usize, Vec<usize>>,
    locals: LocalsIndex,
}

impl FileApart {
    /// The index of `apart`, set apart from file `file`, whose functions'
    /// scopes it holds when `holds_scopes`.
    pub(super) fn new(file: FileId, holds_scopes: bool, apart: Apart) -> Self {
        let mut bindings: HashMap<usize, Vec<usize>> = HashMap::new();
        for (i, binding) in apart.bindings.iter().enumerate() {
            if let Container::Def(d) = binding.scope {
                bindings.entry(d).or_default().push(i);
            }
        }
        let locals = LocalsIndex::of(&apart.locals);
        FileApart {
            file,
            holds_scopes,
            apart,
            bindings,
            locals,
        }
    }

    /// The bindings of function `d`, in order.
    pub(super) fn bindings_of(
        &self,
        d: usize,
    ) -> impl DoubleEndedIterator<Item = &BindingFact> + Clone {
        let indexes = self.bindings.get(&d).map_or(&[][..], Vec::as_slice);
        indexes.iter().map(|&i| &self.apart.bindings[i])
    }

    /// Whether function `d` declares a local `name`.
    pub(super) fn declares_local(&self, d: usize, name: &str) -> bool {
        self.locals.declares(&self.apart.locals, d, name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn local(name: &str, d: usize) -> LocalFact {
        LocalFact {
            name: name.into(),
            scope: Container::Def(d),
        }
    }

    #[test]
    fn a_local_belongs_to_its_own_function_only() {
        let locals = [local("n", 0), local("m", 1), local("n", 1)];
        let index = LocalsIndex::of(&locals);
        assert!(index.declares(&locals, 0, "n"));
        assert!(index.declares(&locals, 1, "n"));
        assert!(index.declares(&locals, 1, "m"));
        assert!(!index.declares(&locals, 0, "m"));
        assert!(!index.declares(&locals, 2, "n"));
    }

    #[test]
    fn a_function_gives_its_bindings_in_order() {
        let binding = |name: &str, d: usize| BindingFact {
            name: name.into(),
            type_text: "Cart".into(),
            from_value: false,
            element: false,
            callback: None,
            argument: None,
            field: None,
            unpack: None,
            scope: Container::Def(d),
        };
        let apart = Apart {
            bindings: vec![binding("a", 0), binding("b", 1), binding("c", 0)],
            ..Apart::default()
        };
        let file = FileApart::new(FileId(3), true, apart);
        let names = |d| -> Vec<&str> { file.bindings_of(d).map(|b| b.name.as_str()).collect() };
        assert_eq!(names(0), ["a", "c"]);
        assert_eq!(names(1), ["b"]);
        assert!(names(2).is_empty());
    }
}
