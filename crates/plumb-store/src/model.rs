//! The vocabulary shared by every layer above the store: file statuses,
//! symbol kinds, occurrence kinds and resolution methods, each with its
//! stable text form (the one written to SQLite and printed in answers).

use std::fmt;

/// Declares a closed vocabulary with a stable snake_case text form.
macro_rules! vocabulary {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident => $text:literal,)+ }) => {
        $(#[$meta])*
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord,
            serde::Serialize, serde::Deserialize,
        )]
        pub enum $name {
            $($(#[$vmeta])* $variant,)+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];

            /// The stable text form stored in the index and printed in answers.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }

            /// Parses the text form written by [`Self::as_str`].
            pub fn parse(text: &str) -> Option<Self> {
                match text {
                    $($text => Some($name::$variant),)+
                    _ => None,
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

vocabulary! {
    /// What happened to a file the walk found.
    FileStatus {
        /// Parsed and extracted (possibly with syntax errors, counted apart).
        Indexed => "indexed",
        /// Larger than the per-file or total byte bound.
        SkippedSize => "skipped_size",
        /// Contains NUL bytes: not source text.
        SkippedBinary => "skipped_binary",
        /// A file name that is not valid UTF-8 (recorded with its bytes as `\xNN`).
        SkippedEncoding => "skipped_encoding",
        /// Beyond the file-count or depth bound.
        SkippedLimit => "skipped_limit",
        /// A symbolic link that leaves the indexed root or cannot be
        /// resolved: what it points to is not indexed.
        SkippedLink => "skipped_link",
        /// A symbolic link to a file or directory inside the indexed root
        /// (a loop back to an ancestor included): not followed, and nothing
        /// is missing, since its target is indexed at its own path.
        Alias => "alias",
        /// Parsing and extraction together exceeded the per-file timeout.
        TimedOut => "timed_out",
        /// Extraction panicked; the file was set aside and the run went on.
        Quarantined => "quarantined",
        /// The file or directory could not be read.
        Unreadable => "unreadable",
    }
}

vocabulary! {
    /// The kind of a defined symbol.
    SymbolKind {
        /// A free function.
        Function => "function",
        /// A function defined in a class, struct impl, trait or interface.
        Method => "method",
        /// A class.
        Class => "class",
        /// A struct (or union).
        Struct => "struct",
        /// An enum.
        Enum => "enum",
        /// An enum variant.
        Variant => "variant",
        /// A trait.
        Trait => "trait",
        /// An interface.
        Interface => "interface",
        /// A type alias.
        TypeAlias => "type_alias",
        /// A constant or static.
        Constant => "constant",
        /// A module-level variable.
        Variable => "variable",
        /// A field or property of a type.
        Field => "field",
        /// A module or namespace.
        Module => "module",
        /// A macro.
        Macro => "macro",
    }
}

impl OccurrenceKind {
    /// Whether the site reads or writes a name: recorded only when
    /// resolved, never guessed by name.
    pub fn is_read_or_write(self) -> bool {
        matches!(self, OccurrenceKind::Read | OccurrenceKind::Write)
    }
}

impl SymbolKind {
    /// Whether the kind can contain members (methods, fields, variants).
    pub fn is_type(self) -> bool {
        matches!(
            self,
            SymbolKind::Class
                | SymbolKind::Struct
                | SymbolKind::Enum
                | SymbolKind::Trait
                | SymbolKind::Interface
        )
    }

    /// Whether the kind can be called.
    pub fn is_callable(self) -> bool {
        matches!(
            self,
            SymbolKind::Function | SymbolKind::Method | SymbolKind::Macro
        )
    }
}

vocabulary! {
    /// The kind of a reference site.
    OccurrenceKind {
        /// A call of a function, method or macro.
        Call => "call",
        /// A name brought in by an import or `use`.
        Import => "import",
        /// A class listing a base class, or a trait listing a supertrait.
        Inherit => "inherit",
        /// A type implementing an interface or trait.
        Implement => "implement",
        /// A type used in an annotation or signature.
        Type => "type",
        /// A class or struct constructed (`new Foo`, `Foo { .. }`).
        Instantiate => "instantiate",
        /// Any other read of a name.
        Read => "read",
        /// An assignment to a member (`obj.x = …`: a property's setter,
        /// a class attribute).
        Write => "write",
    }
}

vocabulary! {
    /// How a reference was tied to its target, strongest first.
    Resolution {
        /// A definition visible in the enclosing lexical scope, or a member
        /// reached through `self`/`this`/`Self`.
        Scope => "scope",
        /// Followed through an import, `use`, module path or re-export.
        Import => "import",
        /// A member of the receiver's known type (constructor assignment,
        /// annotation).
        Receiver => "receiver",
        /// A member found by walking up the receiver type's bases.
        Inheritance => "inheritance",
        /// Only the name matched: a guess, never presented as a fact.
        NameOnly => "name_only",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_forms_round_trip() {
        for kind in SymbolKind::ALL {
            assert_eq!(SymbolKind::parse(kind.as_str()), Some(*kind));
        }
        for status in FileStatus::ALL {
            assert_eq!(FileStatus::parse(status.as_str()), Some(*status));
        }
        for kind in OccurrenceKind::ALL {
            assert_eq!(OccurrenceKind::parse(kind.as_str()), Some(*kind));
        }
        for method in Resolution::ALL {
            assert_eq!(Resolution::parse(method.as_str()), Some(*method));
        }
        assert_eq!(SymbolKind::parse("nonsense"), None);
    }
}
