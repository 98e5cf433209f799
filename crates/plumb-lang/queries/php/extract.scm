; PHP extraction spec. Capture names are the contract read by plumb-index's
; extractor (see plumb-lang's crate docs). The namespace a file belongs to
; and its `use` imports come from the `php` hook module, not from here.
; Receivers and paths keep PHP's `->`, `::` and `\`: the Spec's
; `member_operators` has the extractor rewrite them to `.`.

; ---- definitions
(class_declaration name: (name) @name) @definition.class
(interface_declaration name: (name) @name) @definition.interface
(trait_declaration name: (name) @name) @definition.trait
(enum_declaration name: (name) @name) @definition.enum
(enum_case name: (name) @name) @definition.variant
(method_declaration name: (name) @name) @definition.method
(function_definition name: (name) @name) @definition.function
(property_declaration (property_element name: (variable_name (name) @name))) @definition.field
(const_declaration (const_element (name) @name)) @definition.constant

; ---- inheritance, interfaces, and traits mixed in by `use T;` in a class body
(base_clause (qualified_name (namespace_name) @path (name) @name) @reference.inherit)
(base_clause (qualified_name (name) @name) @reference.inherit)
(base_clause (name) @name @reference.inherit)
(class_interface_clause (qualified_name (namespace_name) @path (name) @name) @reference.implement)
(class_interface_clause (qualified_name (name) @name) @reference.implement)
(class_interface_clause (name) @name @reference.implement)
(use_declaration (qualified_name (namespace_name) @path (name) @name) @reference.inherit)
(use_declaration (qualified_name (name) @name) @reference.inherit)
(use_declaration (name) @name @reference.inherit)

; ---- calls and instantiations
(function_call_expression
  function: (qualified_name (namespace_name) @path (name) @name)) @reference.call
(function_call_expression function: (qualified_name (name) @name)) @reference.call
(function_call_expression function: (name) @name) @reference.call
(member_call_expression object: (_) @receiver name: (name) @name) @reference.call
(nullsafe_member_call_expression object: (_) @receiver name: (name) @name) @reference.call
(scoped_call_expression scope: (_) @receiver name: (name) @name) @reference.call
(object_creation_expression (qualified_name (namespace_name) @path (name) @name)) @reference.instantiate
(object_creation_expression (qualified_name (name) @name)) @reference.instantiate
(object_creation_expression (name) @name
  (#not-match? @name "^(static|self|parent)$")) @reference.instantiate

; ---- type references
(named_type (qualified_name (namespace_name) @path (name) @name)) @reference.type
(named_type (qualified_name (name) @name)) @reference.type
(named_type (name) @name (#not-match? @name "^(static|self|parent)$")) @reference.type

; ---- bindings that give a variable, parameter or property a type
(simple_parameter type: (optional_type (_) @binding.type) name: (variable_name) @binding.name) @binding
(simple_parameter type: (_) @binding.type name: (variable_name) @binding.name) @binding
(property_promotion_parameter
  type: (optional_type (_) @binding.type) name: (variable_name (name) @binding.field)) @binding
(property_promotion_parameter type: (_) @binding.type name: (variable_name (name) @binding.field)) @binding
(property_declaration
  type: (optional_type (_) @binding.type)
  (property_element name: (variable_name (name) @binding.field))) @binding
(property_declaration
  type: (_) @binding.type
  (property_element name: (variable_name (name) @binding.field))) @binding
(assignment_expression left: (variable_name) @binding.name right: (_) @binding.value) @binding
(assignment_expression
  left: (member_access_expression object: (variable_name (name) @context)) @binding.name
  right: (_) @binding.value
  (#eq? @context "this")) @binding

; ---- reads of members and class constants (last: any pattern above wins)
(member_access_expression object: (_) @receiver name: (name) @name) @reference.read
(nullsafe_member_access_expression object: (_) @receiver name: (name) @name) @reference.read
(class_constant_access_expression (_) @receiver (name) @name .) @reference.read
