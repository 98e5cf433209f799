; TypeScript and TSX node types.

; ---- definitions
(abstract_class_declaration name: (_) @name) @definition.class
(interface_declaration name: (_) @name) @definition.interface
(type_alias_declaration name: (_) @name) @definition.type_alias
(enum_declaration name: (_) @name) @definition.enum
(enum_body (property_identifier) @name @definition.variant)
(enum_body (enum_assignment name: (_) @name) @definition.variant)
; Signatures without a body: overloads of the same-named definition after them.
(method_signature name: (_) @name) @definition.method @overload
(abstract_method_signature name: (_) @name) @definition.method @overload
(property_signature name: (_) @name) @definition.field
(public_field_definition name: (_) @name) @definition.field
(function_signature name: (_) @name) @definition.function @overload
(internal_module name: (identifier) @name) @definition.module

; ---- inheritance and implementation
(extends_clause value: (identifier) @name @reference.inherit)
(extends_clause
  value: (member_expression object: (_) @receiver property: (_) @name) @reference.inherit)
(implements_clause (type_identifier) @name @reference.implement)
(implements_clause (generic_type name: (type_identifier) @name) @reference.implement)
(extends_type_clause (type_identifier) @name @reference.inherit)
(extends_type_clause (generic_type name: (type_identifier) @name) @reference.inherit)

; ---- type references
(nested_type_identifier module: (_) @receiver name: (type_identifier) @name) @reference.type
(type_identifier) @name @reference.type

; ---- bindings from annotations
(required_parameter pattern: (identifier) @binding.name type: (type_annotation (_) @binding.type)) @binding
(optional_parameter pattern: (identifier) @binding.name type: (type_annotation (_) @binding.type)) @binding
; `function (this: Subscriber<R>) { … }`: `this` declared as a parameter.
(required_parameter pattern: (this) @binding.name type: (type_annotation (_) @binding.type)) @binding
(variable_declarator name: (identifier) @binding.name type: (type_annotation (_) @binding.type)) @binding
(public_field_definition name: (_) @binding.field type: (type_annotation (_) @binding.type)) @binding
(property_signature name: (_) @binding.field type: (type_annotation (_) @binding.type)) @binding
(public_field_definition
  name: (_) @binding.field
  value: (_) @binding.value) @binding
(required_parameter
  (accessibility_modifier)
  pattern: (identifier) @binding.field
  type: (type_annotation (_) @binding.type)) @binding

; ---- an object literal's keys given to a declared type are references to
; that type's members (`const p: Provider = { delegate: x }`)
(variable_declarator
  name: (identifier) @receiver
  type: (type_annotation)
  value: (object (pair key: (property_identifier) @name))) @reference.read

; ---- the fields a parameter's object pattern takes from its declared type
; (`function f({ pages, pageParams: p }: InfiniteData<T>)`): references to
; the type's members, and names typed by them
(required_parameter
  pattern: (object_pattern (shorthand_property_identifier_pattern) @name)
  type: (type_annotation (type_identifier) @receiver)) @reference.read
(required_parameter
  pattern: (object_pattern (shorthand_property_identifier_pattern) @name)
  type: (type_annotation (generic_type name: (type_identifier) @receiver))) @reference.read
(required_parameter
  pattern: (object_pattern (pair_pattern key: (property_identifier) @name))
  type: (type_annotation (type_identifier) @receiver)) @reference.read
(required_parameter
  pattern: (object_pattern (pair_pattern key: (property_identifier) @name))
  type: (type_annotation (generic_type name: (type_identifier) @receiver))) @reference.read
(required_parameter
  pattern: (object_pattern
    (object_assignment_pattern left: (shorthand_property_identifier_pattern) @name))
  type: (type_annotation (type_identifier) @receiver)) @reference.read
(required_parameter
  pattern: (object_pattern
    (object_assignment_pattern left: (shorthand_property_identifier_pattern) @name))
  type: (type_annotation (generic_type name: (type_identifier) @receiver))) @reference.read
(required_parameter
  pattern: (object_pattern (shorthand_property_identifier_pattern) @binding.name)
  type: (type_annotation (_) @binding.pattern)) @binding
(required_parameter
  pattern: (object_pattern
    (pair_pattern key: (property_identifier) value: (identifier) @binding.name))
  type: (type_annotation (_) @binding.pattern)) @binding

; ---- an object literal's keys passed as an argument are references to the
; members of the parameter's declared type (`new Query({ cache: this })`)
(arguments (object (pair key: (property_identifier) @name)) @receiver) @reference.read

; ---- a member named in an indexed access type (`Subscribable<L>['subscribe']`)
(lookup_type
  (generic_type name: (type_identifier) @receiver)
  (literal_type (string (string_fragment) @name))) @reference.read
(lookup_type
  (type_identifier) @receiver
  (literal_type (string (string_fragment) @name))) @reference.read

; ---- names local to a function
(formal_parameters (required_parameter pattern: (identifier) @local))
(formal_parameters (optional_parameter pattern: (identifier) @local))

; ---- untyped parameters of callbacks passed to a call: typed by the
; callee's signature (`new Observable((subscriber) => …)`)
(arguments
  (arrow_function
    parameters: (formal_parameters
      (required_parameter pattern: (identifier) @callback.param !type))))
(arguments (arrow_function parameter: (identifier) @callback.param))
; … or chosen by a condition (`new Observable(c ? (s) => … : (s) => …)`)
(arguments
  (ternary_expression
    (arrow_function
      parameters: (formal_parameters
        (required_parameter pattern: (identifier) @callback.param !type)))))
(arguments (ternary_expression (arrow_function parameter: (identifier) @callback.param)))
(arguments
  (function_expression
    parameters: (formal_parameters
      (required_parameter pattern: (identifier) @callback.param !type))))

; ---- a name read as the operand of a cast or a non-null assertion
; (`x as T`, `x satisfies T`, `x!`)
(as_expression (identifier) @name) @reference.read
(satisfies_expression (identifier) @name) @reference.read
(non_null_expression (identifier) @name) @reference.read
