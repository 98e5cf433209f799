; Kotlin extraction spec. Capture names are the contract read by
; plumb-index's extractor (see plumb-lang's crate docs). The package a file
; belongs to and its imports come from the `kotlin` hook module, not from here.
;
; The grammar (tree-sitter-kotlin-ng) gives few fields: most children are
; matched by kind and position. A companion object is no definition of its
; own: its members are the enclosing class's (`Cart.make()`, `make()`).

; ---- definitions
(class_declaration "interface" name: (identifier) @name) @definition.interface
(class_declaration
  (modifiers (class_modifier) @context)
  name: (identifier) @name
  (#eq? @context "enum")) @definition.enum
(class_declaration name: (identifier) @name) @definition.class
(object_declaration name: (identifier) @name) @definition.class
(enum_entry (identifier) @name) @definition.variant
(function_declaration name: (identifier) @name) @definition.function
(secondary_constructor "constructor" @name) @definition.method
(type_alias type: (identifier) @name) @definition.type_alias
; Primary-constructor `val`/`var` parameters are properties of the class.
(class_parameter ["val" "var"] (identifier) @name) @definition.field
(class_body (property_declaration (variable_declaration (identifier) @name)) @definition.field)
(enum_class_body (property_declaration (variable_declaration (identifier) @name)) @definition.field)
(source_file (property_declaration (variable_declaration (identifier) @name)) @definition.variable)

; ---- extension functions and properties: members of their receiver type,
; as an impl block's are (`fun Cart.total()` is a member of `Cart`)
(function_declaration (user_type (identifier) @name .) . name: (identifier)) @scope.impl
(function_declaration
  (user_type (identifier) @name . (type_arguments) .) . name: (identifier)) @scope.impl
(function_declaration
  (nullable_type (user_type (identifier) @name .)) . name: (identifier)) @scope.impl
(property_declaration (user_type (identifier) @name .) . (variable_declaration)) @scope.impl

; ---- inheritance and implementation: a supertype called as a constructor
; is the superclass; one without a call is an interface (delegation
; specifiers of classes and objects; a companion object's are its own)
(class_declaration "interface"
  (delegation_specifiers (delegation_specifier (user_type (identifier) @name .)) @reference.inherit))
(class_declaration "interface"
  (delegation_specifiers
    (delegation_specifier (user_type (identifier) @name . (type_arguments) .)) @reference.inherit))
(class_declaration
  (delegation_specifiers
    (delegation_specifier (constructor_invocation (user_type (identifier) @name .))) @reference.inherit))
(class_declaration
  (delegation_specifiers
    (delegation_specifier
      (constructor_invocation (user_type (identifier) @name . (type_arguments) .))) @reference.inherit))
(class_declaration
  (delegation_specifiers (delegation_specifier (user_type (identifier) @name .)) @reference.implement))
(class_declaration
  (delegation_specifiers
    (delegation_specifier (user_type (identifier) @name . (type_arguments) .)) @reference.implement))
(class_declaration
  (delegation_specifiers
    (delegation_specifier (explicit_delegation (user_type (identifier) @name .))) @reference.implement))
(object_declaration
  (delegation_specifiers
    (delegation_specifier (constructor_invocation (user_type (identifier) @name .))) @reference.inherit))
(object_declaration
  (delegation_specifiers (delegation_specifier (user_type (identifier) @name .)) @reference.implement))

; ---- calls (a call of a class is its instantiation: the resolver tells)
(call_expression . (identifier) @name) @reference.call
(call_expression . (navigation_expression (_) @receiver . (identifier) @name .)) @reference.call
(callable_reference (_) @receiver . (identifier) @name .) @reference.call
(callable_reference . (identifier) @name .) @reference.call

; ---- type references
(user_type (identifier) @path . (identifier) @name .) @reference.type
(user_type (identifier) @path . (identifier) @name . (type_arguments) .) @reference.type
(user_type (identifier) @name .) @reference.type
(user_type (identifier) @name . (type_arguments) .) @reference.type

; ---- bindings that give a local, parameter or property a type
(parameter (identifier) @binding.name . (_) @binding.type) @binding
(class_parameter ["val" "var"] (identifier) @binding.field . (_) @binding.type) @binding
(class_body
  (property_declaration (variable_declaration (identifier) @binding.field . (_) @binding.type)) @binding)
(class_body
  (property_declaration (variable_declaration (identifier) @binding.field) . (_) @binding.value) @binding)
(source_file
  (property_declaration (variable_declaration (identifier) @binding.name . (_) @binding.type)) @binding)
(source_file
  (property_declaration (variable_declaration (identifier) @binding.name) . (_) @binding.value) @binding)
(block
  (property_declaration (variable_declaration (identifier) @binding.name . (_) @binding.type)) @binding)
(block
  (property_declaration (variable_declaration (identifier) @binding.name) . (_) @binding.value) @binding)
(lambda_literal
  (property_declaration (variable_declaration (identifier) @binding.name . (_) @binding.type)) @binding)
(lambda_literal
  (property_declaration (variable_declaration (identifier) @binding.name) . (_) @binding.value) @binding)
(for_statement (variable_declaration (identifier) @binding.name . (_) @binding.type)) @binding
(catch_block (identifier) @binding.name . (_) @binding.type) @binding

; ---- names local to a function
(parameter (identifier) @local)
(property_declaration (variable_declaration (identifier) @local))
(multi_variable_declaration (variable_declaration (identifier) @local))
(for_statement (variable_declaration (identifier) @local))
(lambda_parameters (variable_declaration (identifier) @local))
(catch_block (identifier) @local)

; ---- reads of names and properties (last: any pattern above wins for the same name)
(navigation_expression (_) @receiver . (identifier) @name .) @reference.read
(value_argument (identifier) @name .) @reference.read
(property_declaration (variable_declaration) . (identifier) @name) @reference.read
(return_expression (identifier) @name) @reference.read
(assignment right: (identifier) @name) @reference.read
(binary_expression left: (identifier) @name) @reference.read
(binary_expression right: (identifier) @name) @reference.read
(navigation_expression . (identifier) @name) @reference.read
