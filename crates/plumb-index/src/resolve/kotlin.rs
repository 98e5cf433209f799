//! Kotlin in resolution: an extension function (`fun Cart.total()`) is a
//! member of its receiver type and, unlike Go's methods held the same way,
//! also of its file's package (`import a.b.total`).

use plumb_lang::Language;

use super::SourceFile;
use crate::facts::DefFact;

/// Whether `def` is a Kotlin extension function, a member of its file's
/// package besides its receiver type's.
pub(super) fn is_package_extension(file: &SourceFile, def: &DefFact) -> bool {
    file.language == Language::Kotlin && file.facts.is_extension(def)
}
