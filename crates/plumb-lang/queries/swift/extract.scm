; Swift extraction spec. Capture names are the contract read by
; plumb-index's extractor (see plumb-lang's crate docs). Imports and the
; access rule come from the `swift` hook module, not from here.

; ---- definitions
(class_declaration declaration_kind: "class" name: (type_identifier) @name) @definition.class
(class_declaration declaration_kind: "actor" name: (type_identifier) @name) @definition.class
(class_declaration declaration_kind: "struct" name: (type_identifier) @name) @definition.struct
(class_declaration declaration_kind: "enum" name: (type_identifier) @name) @definition.enum
(protocol_declaration name: (type_identifier) @name) @definition.interface
(enum_entry name: (simple_identifier) @name) @definition.variant
(function_declaration name: (simple_identifier) @name) @definition.function
(protocol_function_declaration name: (simple_identifier) @name) @definition.method
(init_declaration "init" @name) @definition.method
(typealias_declaration name: (type_identifier) @name) @definition.type_alias
(class_body
  (property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @definition.field)
(enum_class_body
  (property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @definition.field)
(protocol_body
  (protocol_property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @definition.field)
(source_file
  (property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @definition.variable)

; ---- an extension adds members (and conformances) to the type it names
(class_declaration
  declaration_kind: "extension"
  name: (user_type (type_identifier) @name)) @scope.impl

; ---- inheritance and conformance: Swift does not tell a superclass from a
; protocol in the list, so every entry is a base
(inheritance_specifier inherits_from: (user_type (type_identifier) @name .)) @reference.inherit

; ---- calls and constructions (`Circle(radius: 1)` calls the type)
(call_expression (simple_identifier) @name (call_suffix)) @reference.call
(call_expression
  (navigation_expression
    target: (_) @receiver
    suffix: (navigation_suffix suffix: (simple_identifier) @name))
  (call_suffix)) @reference.call
(constructor_expression constructed_type: (user_type (type_identifier) @name .)) @reference.instantiate

; ---- type references
(user_type (type_identifier) @name) @reference.type

; ---- bindings that give a local, parameter or property a type
(property_declaration
  name: (pattern bound_identifier: (simple_identifier) @binding.name)
  (type_annotation (_) @binding.type)) @binding
(property_declaration
  name: (pattern bound_identifier: (simple_identifier) @binding.name)
  value: (call_expression) @binding.value) @binding
(class_body
  (property_declaration
    name: (pattern bound_identifier: (simple_identifier) @binding.field)
    (type_annotation (_) @binding.type)) @binding)
(class_body
  (property_declaration
    name: (pattern bound_identifier: (simple_identifier) @binding.field)
    value: (call_expression) @binding.value) @binding)
(parameter name: (simple_identifier) @binding.name (user_type) @binding.type) @binding

; ---- names local to a function
(parameter name: (simple_identifier) @local)
(statements
  (property_declaration name: (pattern bound_identifier: (simple_identifier) @local)))
(for_statement item: (pattern bound_identifier: (simple_identifier) @local))
(lambda_parameter name: (simple_identifier) @local)

; ---- reads of names and properties (last: any pattern above wins for the same name)
(navigation_expression
  target: (_) @receiver
  suffix: (navigation_suffix suffix: (simple_identifier) @name)) @reference.read
(value_argument value: (simple_identifier) @name) @reference.read
(property_declaration value: (simple_identifier) @name) @reference.read
(control_transfer_statement result: (simple_identifier) @name) @reference.read
(additive_expression lhs: (simple_identifier) @name) @reference.read
(additive_expression rhs: (simple_identifier) @name) @reference.read
(multiplicative_expression lhs: (simple_identifier) @name) @reference.read
(multiplicative_expression rhs: (simple_identifier) @name) @reference.read
