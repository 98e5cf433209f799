; Extraction spec shared by JavaScript, TypeScript and TSX: node types
; common to both grammars. Capture names are the contract read by
; plumb-index's extractor (see plumb-lang's crate docs).

; ---- definitions
(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(class_declaration name: (_) @name) @definition.class
; An object literal's method passed as an argument (`run({ test() { … } })`)
; is local to the enclosing definition, which its code belongs to.
(arguments (object (method_definition name: (_) @name) @definition.method @local.definition))
(method_definition name: (_) @name) @definition.method
(variable_declarator
  name: (identifier) @name
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.function
; Module-level bindings, except `const x = require('m')`, which is an import.
(program
  (lexical_declaration
    (variable_declarator name: (identifier) @name value: (_)? @value) @definition.constant)
  (#not-match? @value "^require\\s*\\("))
(program
  (export_statement
    declaration: (lexical_declaration
      (variable_declarator name: (identifier) @name) @definition.constant)))
(program
  (variable_declaration
    (variable_declarator name: (identifier) @name value: (_)? @value) @definition.variable)
  (#not-match? @value "^require\\s*\\("))
(program
  (export_statement
    declaration: (variable_declaration
      (variable_declarator name: (identifier) @name) @definition.variable)))

; ---- calls and instantiations
(call_expression function: (identifier) @name) @reference.call
(call_expression
  function: (member_expression object: (_) @receiver property: (_) @name)) @reference.call
(new_expression constructor: (identifier) @name) @reference.instantiate
(new_expression
  constructor: (member_expression object: (_) @receiver property: (_) @name)) @reference.instantiate

; ---- bindings that give a local or field a type
(variable_declarator
  name: (identifier) @binding.name
  value: (_) @binding.value) @binding
(assignment_expression
  left: [(identifier) (member_expression)] @binding.name
  right: (_) @binding.value) @binding

; ---- names an object pattern takes from a value: the value's fields
; (`const { operator, source } = this`)
(variable_declarator
  name: (object_pattern (shorthand_property_identifier_pattern) @binding.name)
  value: (_) @binding.pattern) @binding
(variable_declarator
  name: (object_pattern (pair_pattern key: (property_identifier) value: (identifier) @binding.name))
  value: (_) @binding.pattern) @binding

; `for (const x of xs)`: x takes an element of xs.
(for_in_statement
  left: (identifier) @binding.name
  operator: "of"
  right: (_) @binding.element) @binding

; ---- names local to a function
(arrow_function parameter: (identifier) @local)
(variable_declarator name: (identifier) @local)
(variable_declarator name: (object_pattern (shorthand_property_identifier_pattern) @local))
(variable_declarator name: (array_pattern (identifier) @local))
(catch_clause parameter: (identifier) @local)
(for_in_statement left: (identifier) @local)
