; Rust extraction spec. Capture names are the contract read by
; plumb-index's extractor (see plumb-lang's crate docs).

; ---- definitions
(function_item name: (identifier) @name) @definition.function
(function_signature_item name: (identifier) @name) @definition.function
(struct_item name: (type_identifier) @name) @definition.struct
(union_item name: (type_identifier) @name) @definition.struct
(enum_item name: (type_identifier) @name) @definition.enum
(enum_variant name: (identifier) @name) @definition.variant
(trait_item name: (type_identifier) @name) @definition.trait
(type_item name: (type_identifier) @name) @definition.type_alias
(associated_type name: (type_identifier) @name) @definition.type_alias
(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.constant
(mod_item name: (identifier) @name) @definition.module
(macro_definition name: (identifier) @name) @definition.macro
(field_declaration name: (field_identifier) @name) @definition.field

; ---- functions a macro defines from its arguments. ripgrep's
; `rgtest!(name, |dir, cmd| { … })` expands to `fn name() { … }`, and
; rust-analyzer defines `name` at that identifier, its function spanning the
; invocation, so the calls in the closure are `name`'s. The rule: an
; invocation at item level (file, `mod`, `impl` or `trait` body, not a
; statement in a function) whose arguments open with an identifier and a
; comma and hold a braced group (the body with the calls). Items a macro
; makes from types (`impl_from!(u8, u16)`: no identifier first) or from
; declarations (`lazy_static! { static ref X: … }`) do not match.
(source_file
  (expression_statement
    (macro_invocation
      (token_tree . (identifier) @name . "," (token_tree))) @definition.function))
(source_file
  (macro_invocation
    (token_tree . (identifier) @name . "," (token_tree))) @definition.function)
(declaration_list
  (macro_invocation
    (token_tree . (identifier) @name . "," (token_tree))) @definition.function)

; ---- `macro_rules!` bodies are templates: nothing inside is a reference
(macro_definition) @template

; ---- impl blocks: members take the self type as their container
(impl_item type: (_) @name) @scope.impl
(impl_item trait: (type_identifier) @name) @reference.implement
(impl_item trait: (scoped_type_identifier path: (_) @path name: (type_identifier) @name)) @reference.implement
(impl_item trait: (generic_type type: (type_identifier) @name)) @reference.implement
(trait_item bounds: (trait_bounds (type_identifier) @name @reference.inherit))
(trait_item bounds: (trait_bounds
  (scoped_type_identifier path: (_) @path name: (type_identifier) @name) @reference.inherit))

; ---- calls
(call_expression function: (identifier) @name) @reference.call
(call_expression
  function: (scoped_identifier path: (_) @path name: (identifier) @name)) @reference.call
(call_expression
  function: (field_expression value: (_) @receiver field: (field_identifier) @name)) @reference.call
(call_expression
  function: (generic_function function: (identifier) @name)) @reference.call
(call_expression
  function: (generic_function
    function: (scoped_identifier path: (_) @path name: (identifier) @name))) @reference.call
(call_expression
  function: (generic_function
    function: (field_expression value: (_) @receiver field: (field_identifier) @name))) @reference.call
(macro_invocation macro: (identifier) @name) @reference.call
(macro_invocation
  macro: (scoped_identifier path: (_) @path name: (identifier) @name)) @reference.call

; ---- instantiations and type references
(struct_expression name: (type_identifier) @name) @reference.instantiate
(struct_expression
  name: (scoped_type_identifier path: (_) @path name: (type_identifier) @name)) @reference.instantiate
(scoped_type_identifier path: (_) @path name: (type_identifier) @name) @reference.type
(type_identifier) @name @reference.type

; ---- bindings that give a local a type
(let_declaration pattern: (identifier) @binding.name type: (_) @binding.type) @binding
(let_declaration pattern: (identifier) @binding.name value: (_) @binding.value) @binding
(parameter pattern: (identifier) @binding.name type: (_) @binding.type) @binding
(field_declaration name: (field_identifier) @binding.field type: (_) @binding.type) @binding
; `const FLAGS: &[&dyn Flag] = …`: the item's type, and its elements' (`FLAGS[]`)
(const_item name: (identifier) @binding.name type: (_) @binding.type) @binding
(static_item name: (identifier) @binding.name type: (_) @binding.type) @binding
; `struct Meters(pub f64)`, `Number(Number)`: positional fields, bound by position
(ordered_field_declaration_list type: (_) @binding.type @binding.position) @binding
; `for x in xs.iter()`: `x` has the type of the elements of `xs`
(for_expression pattern: (identifier) @binding.name value: (_) @binding.element) @binding
; `if let Some(x) = e`, `while let Ok(x) = e`, `let Some(x) = e else …`,
; `match e { Some(x) => … }`: `x` has the type of `e` (to plumb, Option and
; Result are their success type)
(let_condition
  pattern: (tuple_struct_pattern type: (identifier) @context . (identifier) @binding.name .)
  value: (_) @binding.value
  (#any-of? @context "Some" "Ok")) @binding
(let_declaration
  pattern: (tuple_struct_pattern type: (identifier) @context . (identifier) @binding.name .)
  value: (_) @binding.value
  (#any-of? @context "Some" "Ok")) @binding
(match_expression
  value: (_) @binding.value
  body: (match_block
    (match_arm
      pattern: (match_pattern
        (tuple_struct_pattern type: (identifier) @context . (identifier) @binding.name .))))
  (#any-of? @context "Some" "Ok")) @binding

; `Value::Number(n) => n.as_f64()`, `let Matches { ref mut caps, .. } = *self`:
; a name bound by a pattern has the type of the field it takes, by position or
; name, of the pattern's struct or variant (`Some`/`Ok` are handled above)
(tuple_struct_pattern type: (_) @binding.pattern (identifier) @binding.name
  (#not-any-of? @binding.pattern "Some" "Ok" "Err")) @binding
(struct_pattern type: (_) @binding.pattern
  (field_pattern name: (shorthand_field_identifier) @binding.name)) @binding
(struct_pattern type: (_) @binding.pattern
  (field_pattern name: (field_identifier) pattern: (identifier) @binding.name)) @binding

; ---- path qualifiers: `Cart` in `Cart::new()`, `shapes` in `crate::shapes::f()`
(scoped_identifier path: (identifier) @name) @reference.read
(scoped_identifier
  path: (scoped_identifier path: (_) @path name: (identifier) @name)) @reference.read

; ---- calls inside macro arguments, which tree-sitter keeps as token trees
(token_tree
  [(identifier) (self)] @receiver . "." @context . (identifier) @name . (token_tree)) @reference.call
(token_tree
  (identifier) @path . "::" @context . (identifier) @name . (token_tree)) @reference.call
(token_tree
  . (identifier) @name . (token_tree)) @reference.call
(token_tree
  [","  "(" "{" "[" "=" "&" "!" "+" "-" "*" "/" "%" "<" ">" "|" "^" "?"] @context . (identifier) @name . (token_tree)) @reference.call

; ---- names local to a function
(parameter pattern: (identifier) @local)
(closure_parameters (identifier) @local)
(closure_parameters (parameter pattern: (identifier) @local))
(let_declaration pattern: (identifier) @local)
(let_declaration pattern: (tuple_pattern (identifier) @local))
(for_expression pattern: (identifier) @local)
(tuple_struct_pattern type: (_) (identifier) @local)
(tuple_pattern (identifier) @local)
(match_pattern (identifier) @local)

; ---- reads of names (last: any pattern above wins for the same name)
(field_expression value: (identifier) @name) @reference.read
(field_expression value: (_) @receiver field: (field_identifier) @name) @reference.read
(arguments (identifier) @name) @reference.read
(let_declaration value: (identifier) @name) @reference.read
(return_expression (identifier) @name) @reference.read
; `&Regexp` in `const FLAGS: &[&dyn Flag] = &[&Regexp, …]`: a unit struct or an
; item taken by reference
(reference_expression value: (identifier) @name) @reference.read
; fields named in struct literals and struct patterns, reached through the type
(struct_expression
  name: (_) @receiver
  body: (field_initializer_list (field_initializer field: (field_identifier) @name))) @reference.read
(struct_expression
  name: (_) @receiver
  body: (field_initializer_list (shorthand_field_initializer (identifier) @name))) @reference.read
(struct_pattern type: (_) @receiver (field_pattern name: (field_identifier) @name)) @reference.read
(struct_pattern type: (_) @receiver (field_pattern name: (shorthand_field_identifier) @name)) @reference.read
; `Kind::Variant`, `Self::CONST`, `module::function` used as values or in patterns
(use_declaration argument: (scoped_identifier name: (identifier) @name)) @skip
(use_list (scoped_identifier name: (identifier) @name)) @skip
(use_as_clause path: (scoped_identifier name: (identifier) @name)) @skip
(scoped_identifier path: (_) @path name: (identifier) @name) @reference.read

; ---- generic parameters bounded by a trait: `A: Automaton` types `A` as
; the trait (its methods are what a call on an `A` can reach)
(type_parameter
  name: (type_identifier) @binding.name
  bounds: (trait_bounds . (type_identifier) @binding.type)) @binding
(type_parameter
  name: (type_identifier) @binding.name
  bounds: (trait_bounds . (scoped_type_identifier) @binding.type)) @binding
(type_parameter
  name: (type_identifier) @binding.name
  bounds: (trait_bounds . (generic_type type: (type_identifier) @binding.type))
  (#not-any-of? @binding.type "Into")) @binding
(where_predicate
  left: (type_identifier) @binding.name
  bounds: (trait_bounds . (type_identifier) @binding.type)) @binding
(where_predicate
  left: (type_identifier) @binding.name
  bounds: (trait_bounds . (generic_type type: (type_identifier) @binding.type))
  (#not-any-of? @binding.type "Into")) @binding
; `I: Into<Input<'h>>`: an `I` is used as the `Input` its `.into()` makes
(type_parameter
  name: (type_identifier) @binding.name
  bounds: (trait_bounds . (generic_type
    type: (type_identifier) @context
    type_arguments: (type_arguments . (_) @binding.type)))
  (#any-of? @context "Into")) @binding
(where_predicate
  left: (type_identifier) @binding.name
  bounds: (trait_bounds . (generic_type
    type: (type_identifier) @context
    type_arguments: (type_arguments . (_) @binding.type)))
  (#any-of? @context "Into")) @binding
; the same past a leading `?Sized` or lifetime: `R: ?Sized + Read`, `T: 'de + Visitor`
(type_parameter
  name: (type_identifier) @binding.name
  bounds: (trait_bounds . [(removed_trait_bound) (lifetime)] . (type_identifier) @binding.type)) @binding
(type_parameter
  name: (type_identifier) @binding.name
  bounds: (trait_bounds . [(removed_trait_bound) (lifetime)] . (scoped_type_identifier) @binding.type)) @binding
(type_parameter
  name: (type_identifier) @binding.name
  bounds: (trait_bounds . [(removed_trait_bound) (lifetime)] . (generic_type type: (type_identifier) @binding.type))) @binding
(where_predicate
  left: (type_identifier) @binding.name
  bounds: (trait_bounds . [(removed_trait_bound) (lifetime)] . (type_identifier) @binding.type)) @binding
(where_predicate
  left: (type_identifier) @binding.name
  bounds: (trait_bounds . [(removed_trait_bound) (lifetime)] . (generic_type type: (type_identifier) @binding.type))) @binding
