; Go extraction spec. Capture names are the contract read by plumb-index's
; extractor (see plumb-lang's crate docs). A file's package is its
; directory and its imports come from the `go` hook module, not from here.

; ---- definitions
(function_declaration name: (identifier) @name) @definition.function
(method_declaration name: (field_identifier) @name) @definition.method
(type_spec name: (type_identifier) @name type: (struct_type)) @definition.struct
(type_spec name: (type_identifier) @name type: (interface_type)) @definition.interface
; A defined type over anything else (`type Celsius float64`) is a nominal
; type with a method set of its own: the store's kind for that is `class`.
(type_spec name: (type_identifier) @name) @definition.class
(type_alias name: (type_identifier) @name) @definition.type_alias
(field_declaration name: (field_identifier) @name) @definition.field
(method_elem name: (field_identifier) @name) @definition.method
(const_spec name: (identifier) @name) @definition.constant
(var_spec name: (identifier) @name) @definition.variable

; ---- methods belong to their receiver's type, like the members of an impl
(method_declaration
  receiver: (parameter_list
    (parameter_declaration type: [
      (type_identifier) @name
      (pointer_type (type_identifier) @name)
      (generic_type type: (type_identifier) @name)
      (pointer_type (generic_type type: (type_identifier) @name))
    ]))) @scope.impl

; ---- embedding: an embedded struct or interface is a base (method promotion)
(field_declaration !name type: (type_identifier) @name) @reference.inherit
(field_declaration !name type: (pointer_type (type_identifier) @name)) @reference.inherit
(field_declaration !name type: (generic_type type: (type_identifier) @name)) @reference.inherit
(field_declaration !name
  type: (qualified_type package: (package_identifier) @path name: (type_identifier) @name)) @reference.inherit
(field_declaration !name
  type: (pointer_type
    (qualified_type package: (package_identifier) @path name: (type_identifier) @name))) @reference.inherit
(interface_type (type_elem . (type_identifier) @name .) @reference.inherit)
(interface_type
  (type_elem . (qualified_type package: (package_identifier) @path name: (type_identifier) @name) .)
  @reference.inherit)

; ---- calls and instantiations
(call_expression function: (identifier) @name) @reference.call
(call_expression
  function: (selector_expression operand: (_) @receiver field: (field_identifier) @name)) @reference.call
(call_expression
  function: (index_expression operand: (identifier) @name)) @reference.call
(composite_literal type: (type_identifier) @name) @reference.instantiate
(composite_literal type: (generic_type type: (type_identifier) @name)) @reference.instantiate
(composite_literal
  type: (qualified_type package: (package_identifier) @path name: (type_identifier) @name)) @reference.instantiate

; ---- type references
(qualified_type package: (package_identifier) @path name: (type_identifier) @name) @reference.type
(type_identifier) @name @reference.type

; ---- bindings that give a local, parameter or field a type
(parameter_declaration name: (identifier) @binding.name type: (_) @binding.type) @binding
(var_spec name: (identifier) @binding.name type: (_) @binding.type) @binding
(var_spec
  name: (identifier) @binding.name
  !type
  value: (expression_list . (_) @binding.value)) @binding
(var_spec
  name: (identifier) @binding.name
  !type
  value: (expression_list . [
    (composite_literal type: (_) @binding.type)
    (unary_expression operand: (composite_literal type: (_) @binding.type))
  ])) @binding
(short_var_declaration
  left: (expression_list . (identifier) @binding.name)
  right: (expression_list . (composite_literal type: (_) @binding.type))) @binding
(short_var_declaration
  left: (expression_list . (identifier) @binding.name)
  right: (expression_list . (unary_expression operand: (composite_literal type: (_) @binding.type)))) @binding
(short_var_declaration
  left: (expression_list . (identifier) @binding.name)
  right: (expression_list . (call_expression) @binding.value)) @binding
(field_declaration name: (field_identifier) @binding.field type: (_) @binding.type) @binding

; ---- names local to a function
(parameter_declaration name: (identifier) @local)
(variadic_parameter_declaration name: (identifier) @local)
(short_var_declaration left: (expression_list (identifier) @local))
(var_spec name: (identifier) @local)
(range_clause left: (expression_list (identifier) @local))
(type_switch_statement alias: (expression_list (identifier) @local))

; ---- reads of names and fields (last: any pattern above wins for the same name)
(selector_expression operand: (_) @receiver field: (field_identifier) @name) @reference.read
(selector_expression operand: (identifier) @name) @reference.read
(argument_list (identifier) @name) @reference.read
(expression_list (identifier) @name) @reference.read
(binary_expression left: (identifier) @name) @reference.read
(binary_expression right: (identifier) @name) @reference.read
(unary_expression operand: (identifier) @name) @reference.read
