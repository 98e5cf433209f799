; Java extraction spec. Capture names are the contract read by
; plumb-index's extractor (see plumb-lang's crate docs). The package a file
; belongs to and its imports come from the `java` hook module, not from here.

; ---- definitions
(class_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(record_declaration name: (identifier) @name) @definition.class
(annotation_type_declaration name: (identifier) @name) @definition.interface
(enum_constant name: (identifier) @name) @definition.variant
(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.method
(compact_constructor_declaration name: (identifier) @name) @definition.method
(field_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.field
(constant_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.constant
(record_declaration
  parameters: (formal_parameters (formal_parameter name: (identifier) @name) @definition.field))

; ---- inheritance and implementation
(superclass (type_identifier) @name @reference.inherit)
(superclass (generic_type (type_identifier) @name) @reference.inherit)
(superclass (scoped_type_identifier (_) @path (type_identifier) @name .) @reference.inherit)
(super_interfaces (type_list (type_identifier) @name @reference.implement))
(super_interfaces (type_list (generic_type (type_identifier) @name) @reference.implement))
(super_interfaces (type_list
  (scoped_type_identifier (_) @path (type_identifier) @name .) @reference.implement))
(extends_interfaces (type_list (type_identifier) @name @reference.inherit))
(extends_interfaces (type_list (generic_type (type_identifier) @name) @reference.inherit))

; ---- calls and instantiations
(method_invocation !object name: (identifier) @name) @reference.call
(method_invocation object: (_) @receiver name: (identifier) @name) @reference.call
(object_creation_expression type: (type_identifier) @name) @reference.instantiate
(object_creation_expression type: (generic_type (type_identifier) @name)) @reference.instantiate
(object_creation_expression
  type: (scoped_type_identifier (_) @path (type_identifier) @name .)) @reference.instantiate
(method_reference (identifier) @receiver . (identifier) @name .) @reference.call
(method_reference (this) @receiver (identifier) @name .) @reference.call

; ---- type references
(scoped_type_identifier (_) @path (type_identifier) @name .) @reference.type
(type_identifier) @name @reference.type

; ---- bindings that give a local, parameter or field a type
(local_variable_declaration
  type: (_) @binding.type
  declarator: (variable_declarator name: (identifier) @binding.name)
  (#not-eq? @binding.type "var")) @binding
(local_variable_declaration
  type: (type_identifier) @context
  declarator: (variable_declarator name: (identifier) @binding.name value: (_) @binding.value)
  (#eq? @context "var")) @binding
(formal_parameter type: (_) @binding.type name: (identifier) @binding.name) @binding
(catch_formal_parameter (catch_type (_) @binding.type) name: (identifier) @binding.name) @binding
(enhanced_for_statement type: (_) @binding.type name: (identifier) @binding.name) @binding
(field_declaration
  type: (_) @binding.type
  declarator: (variable_declarator name: (identifier) @binding.field)) @binding
(assignment_expression
  left: (field_access object: (this) field: (identifier)) @binding.name
  right: (object_creation_expression) @binding.value) @binding

; ---- names local to a method
(formal_parameter name: (identifier) @local)
(catch_formal_parameter name: (identifier) @local)
(enhanced_for_statement name: (identifier) @local)
(local_variable_declaration declarator: (variable_declarator name: (identifier) @local))
(lambda_expression parameters: (identifier) @local)
(inferred_parameters (identifier) @local)

; ---- reads of names and fields (last: any pattern above wins for the same name)
(field_access object: (_) @receiver field: (identifier) @name) @reference.read
(method_invocation object: (identifier) @name) @reference.read
(argument_list (identifier) @name) @reference.read
(variable_declarator value: (identifier) @name) @reference.read
(return_statement (identifier) @name) @reference.read
(assignment_expression right: (identifier) @name) @reference.read
(binary_expression left: (identifier) @name) @reference.read
(binary_expression right: (identifier) @name) @reference.read
