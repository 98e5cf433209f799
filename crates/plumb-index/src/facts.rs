//! What extraction yields for one file: definitions, impl containers,
//! reference sites, typed bindings and imports, all positioned, nothing
//! resolved. Indexes (`usize`) point into the same file's vectors.

use plumb_lang::{ConditionalCode, ImportDecl, ModulePath};
use plumb_store::model::{OccurrenceKind, SymbolKind};
use plumb_store::span::Span;
use serde::{Deserialize, Serialize};

/// The syntactic container a definition or reference sits in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Container {
    /// Top level of the file.
    File,
    /// Inside definition `defs[i]`.
    Def(usize),
    /// Inside impl block `impls[i]` (but in none of its members).
    Impl(usize),
}

/// One definition.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct DefFact {
    /// Name as written.
    pub name: Box<str>,
    /// Kind (a function inside a type or impl is already a method).
    pub kind: SymbolKind,
    /// Its extent, attributes and decorators included.
    pub span: Span,
    /// Line of the name (1-based).
    pub name_line: u32,
    /// Column of the name (1-based).
    pub name_col: u32,
    /// Declaration text up to the body; set apart unless resolution reads
    /// it ([`DefFact::resolution_reads_signature`]).
    pub signature: Option<Box<str>>,
    /// The container it is defined in.
    pub container: Container,
    /// Visible outside its module.
    pub exported: bool,
    /// Whether it has a body (`mod a;` has none, `mod a {}` has one; a
    /// field's value is its body).
    pub has_body: bool,
    /// The declared return type as written, for languages that write it
    /// apart from the signature's arrow (see `Spec::return_type_field`).
    pub return_type: Option<Box<str>>,
    /// How many parameters a callable declares (`None`: unknown or variadic).
    pub parameters: Option<u32>,
}

impl DefFact {
    /// Whether resolving any file reads this definition's signature: a
    /// function's or method's (its return annotation, the parameter types a
    /// callback passed to it takes), an arrow function field's, a type
    /// alias's (the type it stands for), and an enum's (C++'s `enum class`
    /// keeps its enumerators to itself, a plain `enum` puts them in the
    /// scope around it). Other signatures only go to the store: a macro's
    /// (`#define f(x)`, `macro_rules! f`) declares no types.
    pub fn resolution_reads_signature(&self) -> bool {
        matches!(
            self.kind,
            SymbolKind::Function | SymbolKind::Method | SymbolKind::TypeAlias | SymbolKind::Enum
        ) || self.is_arrow_field()
    }

    /// Whether this is a field initialised with an arrow function
    /// (`static create = (name: string): Builder => …`), which is called
    /// as a function and whose signature carries its return annotation.
    pub fn is_arrow_field(&self) -> bool {
        self.kind == SymbolKind::Field
            && self
                .signature
                .as_deref()
                .is_some_and(|signature| signature.ends_with("=>"))
    }
}

/// Texts of some of a file's definitions, by index in its `defs`,
/// ascending: most definitions have no doc comment, and only some
/// signatures are set apart.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TextsByDef(Vec<(u32, Box<str>)>);

impl TextsByDef {
    /// Adds the text of definition `def`, which comes after every one
    /// already held.
    pub fn push(&mut self, def: usize, text: Box<str>) {
        debug_assert!(self.0.last().is_none_or(|&(last, _)| (last as usize) < def));
        self.0.push((def as u32, text));
    }

    /// The text of definition `def`, if it has one.
    pub fn get(&self, def: usize) -> Option<&str> {
        let at = self
            .0
            .binary_search_by_key(&def, |&(d, _)| d as usize)
            .ok()?;
        Some(&self.0[at].1)
    }

    /// Gives back spare capacity.
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit();
    }
}

/// An `impl` block: a container whose members belong to another type.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ImplFact {
    /// The self type as written, generics and references stripped (`a::Foo`).
    pub self_type: String,
    /// The header up to the body, whitespace folded (`impl<T> Foo for &T`).
    pub header: Option<String>,
    /// Its extent.
    pub span: Span,
    /// The container the block sits in.
    pub container: Container,
}

/// One reference site.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RefFact {
    /// Name as written.
    pub name: String,
    /// Kind of reference.
    pub kind: OccurrenceKind,
    /// Line of the name (1-based).
    pub line: u32,
    /// Column of the name (1-based).
    pub col: u32,
    /// Object the member is reached through, whitespace removed.
    pub receiver: Option<String>,
    /// Qualifier of a scoped path (`crate::a` in `crate::a::f`).
    pub path: Option<String>,
    /// The innermost container of the site.
    pub container: Container,
    /// How many arguments a call passes (`None`: not a call, or a spread).
    pub arguments: Option<u32>,
    /// What each argument of a call in a language with overloads is known
    /// to be, as written: a literal's type (`int`, `double`), a local's or
    /// parameter's declared type, the callee of a call (`Projection` in
    /// `Projection(scale)`, a construction); empty when none is known.
    pub argument_types: Vec<Option<String>>,
    /// The first argument of a call through a path (`&self.code` of
    /// `Display::fmt(&self.code, f)`), in the one member syntax.
    pub first_argument: Option<String>,
    /// Whether a bare name is looked up in the scope around `container`
    /// rather than in it (a decorator, evaluated where the definition it
    /// decorates is written).
    pub outer_scope: bool,
}

impl RefFact {
    /// Whether the site names a base: a type inherited or implemented,
    /// which linking reads for every file (see [`FileFacts::set_apart`]).
    pub fn is_inheritance(&self) -> bool {
        matches!(
            self.kind,
            OccurrenceKind::Inherit | OccurrenceKind::Implement
        )
    }
}

/// A name given a type by an annotation or a constructor call.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BindingFact {
    /// The bound name: a local (`c`) or an attribute (`self.cart`).
    pub name: String,
    /// The type as written and reduced to a path (`Cart`, `models.Cart`),
    /// or, when `from_value`, the initializer expression (`Cart()`,
    /// `make_cart()`, `new Cart()`, `Cart::new()`), whitespace compacted.
    pub type_text: String,
    /// Whether `type_text` is an initializer whose type is to be inferred.
    pub from_value: bool,
    /// With `from_value`: the name takes an element of the initializer's
    /// value (`for x in xs.iter()`), not the value itself.
    pub element: bool,
    /// For a parameter of a callback passed to a call: the callback's
    /// argument position and the parameter's position in it. `type_text`
    /// is then the callee (`operate`, `new Observable`), whose signature
    /// gives the parameter its type.
    pub callback: Option<(u32, u32)>,
    /// For an object literal passed to a call (named by
    /// [`argument_binding_name`]): its argument position. `type_text` is
    /// then the callee, whose signature gives the argument its type.
    #[serde(default)]
    pub argument: Option<u32>,
    /// For a name bound by a pattern (`Value::Number(n)`, `Span { start, .. }`):
    /// the field it takes, by name or position (`start`, `0`), of what
    /// `type_text` names (a struct, or an enum's variant).
    pub field: Option<String>,
    /// With `from_value`, for one of a tuple of targets (`a, b = f()`):
    /// its position; the name takes that member of the initializer's
    /// declared tuple type (`Tuple[str, Command]`).
    #[serde(default)]
    pub unpack: Option<u32>,
    /// The scope it is visible in: the enclosing function for locals and
    /// parameters, the enclosing type for attributes and fields.
    pub scope: Container,
}

/// The name a binding of an object literal passed as an argument goes by,
/// and the receiver of its keys: the literal's position in its file (its
/// text may be too long to keep).
pub fn argument_binding_name(start_byte: usize) -> String {
    format!("{{}}@{start_byte}")
}

/// A name declared local to a function: a parameter, an assignment target,
/// a pattern variable.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LocalFact {
    /// The name.
    pub name: String,
    /// The function it is local to.
    pub scope: Container,
}

/// Everything extracted from one file.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct FileFacts {
    /// Definitions, in source order.
    pub defs: Vec<DefFact>,
    /// Impl blocks, in source order.
    pub impls: Vec<ImplFact>,
    /// Reference sites, in source order.
    pub refs: Vec<RefFact>,
    /// Typed bindings.
    pub bindings: Vec<BindingFact>,
    /// Names local to functions.
    pub locals: Vec<LocalFact>,
    /// Import bindings.
    pub imports: Vec<ImportDecl>,
    /// Doc comments and docstrings of the definitions that have one; set
    /// apart, since only the store reads them.
    pub docs: TextsByDef,
    /// The package the file declares (`com.shop.model`), for package-based
    /// module systems.
    pub package: Option<String>,
    /// Statements compiled only under a condition (Rust `#[cfg(…)]`), by start.
    pub conditional: Vec<ConditionalCode>,
    /// Module declarations that name their file by a path attribute (Rust's
    /// `#[path = "…"] mod x;`).
    pub module_paths: Vec<ModulePath>,
    /// Syntax-error and missing nodes tree-sitter recovered from.
    pub syntax_errors: u32,
}

impl FileFacts {
    /// Whether `def` is an extension: a definition held by an impl block
    /// of its very span (Kotlin's `fun Cart.total()`, Go's method, C++'s
    /// out-of-line `A::f`), not one written inside a block.
    pub fn is_extension(&self, def: &DefFact) -> bool {
        match def.container {
            Container::Impl(i) => self.impls[i].span.same_bytes(def.span),
            Container::Def(_) | Container::File => false,
        }
    }

    /// Gives back the spare capacity extraction's pushes left: the facts of
    /// every file are held until resolution ends.
    pub fn shrink_to_fit(&mut self) {
        self.defs.shrink_to_fit();
        self.impls.shrink_to_fit();
        self.refs.shrink_to_fit();
        self.bindings.shrink_to_fit();
        self.locals.shrink_to_fit();
        self.imports.shrink_to_fit();
        self.docs.shrink_to_fit();
        self.conditional.shrink_to_fit();
        self.module_paths.shrink_to_fit();
    }

    /// The same facts in fresh allocations, made by the calling thread.
    /// Extraction allocates the facts among its own short-lived values, so
    /// the facts it leaves hold pages that are mostly free; facts kept for
    /// a whole run are copied out of them once, and those pages go back
    /// (the Linux kernel's run peaked 270 MB lower, measured with the
    /// process's resident size; linking also ran faster on denser memory).
    pub fn compact(self) -> FileFacts {
        self.clone()
    }

    /// Whether `container` is a callable definition.
    pub fn is_function(&self, container: Container) -> bool {
        matches!(container, Container::Def(d) if self.defs[d].kind.is_callable())
    }

    /// Whether another file's resolution can read the scopes of this
    /// file's functions: it can when something is defined inside a
    /// function (a class in a function, a closure given a name), since
    /// names there are looked up through the function's scope.
    pub fn function_scopes_visible(&self) -> bool {
        self.defs.iter().any(|d| self.inside_function(d.container))
            || self.impls.iter().any(|i| self.inside_function(i.container))
    }

    /// Whether `container` is a callable definition or lies inside one.
    fn inside_function(&self, mut container: Container) -> bool {
        // Containers nest strictly, so the walk ends; the bound guards
        // against a malformed cycle all the same.
        for _ in 0..=self.defs.len() + self.impls.len() {
            container = match container {
                Container::File => return false,
                Container::Def(d) if self.defs[d].kind.is_callable() => return true,
                Container::Def(d) => self.defs[d].container,
                Container::Impl(i) => self.impls[i].container,
            };
        }
        true
    }

    /// Sets apart, encoded, what only this file's own resolution reads
    /// ([`Apart`]): every reference site, its functions' bindings and
    /// locals unless [`Self::function_scopes_visible`], and the doc
    /// comments and signatures that only go to the store. The facts keep
    /// the inheritance sites (which linking reads), the bindings of the
    /// file's top level and types, and the rest; the encoding is a
    /// fraction of the decoded size, and is decoded ([`decode_apart`])
    /// when the file itself is resolved.
    pub fn set_apart(&mut self) -> Vec<u8> {
        let (mut bindings, mut locals) = (Vec::new(), Vec::new());
        if !self.function_scopes_visible() {
            let (private, kept) = std::mem::take(&mut self.bindings)
                .into_iter()
                .partition(|binding| self.is_function(binding.scope));
            bindings = private;
            self.bindings = kept;
            locals = std::mem::take(&mut self.locals);
        }
        let docs = std::mem::take(&mut self.docs);
        let mut signatures = TextsByDef::default();
        for (d, def) in self.defs.iter_mut().enumerate() {
            if !def.resolution_reads_signature()
                && let Some(signature) = def.signature.take()
            {
                signatures.push(d, signature);
            }
        }
        // Encoded as an `Apart` is, without copying the sites.
        #[derive(Serialize)]
        struct ApartView<'a>(
            &'a [RefFact],
            &'a [BindingFact],
            &'a [LocalFact],
            &'a TextsByDef,
            &'a TextsByDef,
        );
        let apart = ApartView(&self.refs, &bindings, &locals, &docs, &signatures);
        // The encoder's buffer grows by doubling: keep the parts in one of
        // their size, since they are held until the file is resolved.
        let mut encoded = postcard::to_stdvec(&apart).unwrap_or_default();
        encoded.shrink_to_fit();
        self.refs.retain(RefFact::is_inheritance);
        // Keep no room for what was set apart: the facts stay until
        // resolution ends.
        self.shrink_to_fit();
        encoded
    }
}

/// What only a file's own resolution reads of its facts, set apart by
/// [`FileFacts::set_apart`] and held on disk until the file is resolved.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Apart {
    /// Every reference site, in source order (the inheritance sites also
    /// stay in the facts).
    pub refs: Vec<RefFact>,
    /// The bindings whose scope is a function, in order.
    pub bindings: Vec<BindingFact>,
    /// Every local, in order.
    pub locals: Vec<LocalFact>,
    /// The doc comments of the definitions.
    pub docs: TextsByDef,
    /// The signatures resolution does not read
    /// ([`DefFact::resolution_reads_signature`]).
    pub signatures: TextsByDef,
}

/// What [`FileFacts::set_apart`] encoded. Bytes that do not decode (a
/// damaged cache) give nothing, with a warning: `plumb index --full`
/// extracts it again.
pub fn decode_apart(encoded: &[u8]) -> Apart {
    postcard::from_bytes(encoded).unwrap_or_else(|err| {
        tracing::warn!("cached reference sites do not decode ({err}); run `plumb index --full`");
        Apart::default()
    })
}

#[cfg(test)]
mod tests {
    use plumb_store::span::Span;

    #[test]
    fn a_span_encodes_as_the_four_numbers_it_replaced_and_decodes_checked() {
        let span = Span::new(3..=7, 40..90).unwrap();
        let fields = postcard::to_stdvec(&(3u32, 7u32, 40u32, 90u32)).unwrap();
        assert_eq!(postcard::to_stdvec(&span).unwrap(), fields);
        assert_eq!(postcard::from_bytes::<Span>(&fields).unwrap(), span);
        let reversed = postcard::to_stdvec(&(7u32, 3u32, 40u32, 90u32)).unwrap();
        assert!(postcard::from_bytes::<Span>(&reversed).is_err());
    }
}
