; Python extraction spec. Capture names are the contract read by
; plumb-index's extractor (see plumb-lang's crate docs).

; ---- definitions
(class_definition name: (identifier) @name) @definition.class
(function_definition name: (identifier) @name) @definition.function
(module
  (expression_statement
    (assignment left: (identifier) @name) @definition.variable))
(class_definition
  body: (block
    (expression_statement
      (assignment left: (identifier) @name) @definition.field)))

; ---- inheritance
(class_definition
  superclasses: (argument_list (identifier) @name @reference.inherit))
(class_definition
  superclasses: (argument_list
    (attribute object: (_) @receiver attribute: (identifier) @name) @reference.inherit))

; ---- calls (a call of a class is recorded as an instantiation once resolved)
(call function: (identifier) @name) @reference.call
(call
  function: (attribute object: (_) @receiver attribute: (identifier) @name)) @reference.call

; ---- decorators and annotations
(decorator (identifier) @name) @reference.read
(decorator (attribute object: (_) @receiver attribute: (identifier) @name)) @reference.read
(type (identifier) @name) @reference.type
(type (attribute object: (_) @receiver attribute: (identifier) @name)) @reference.type
(type (generic_type (identifier) @name)) @reference.type
(type (subscript value: (identifier) @name)) @reference.type

; ---- bindings that give a local or attribute a type
(assignment
  left: [(identifier) (attribute)] @binding.name
  right: (_) @binding.value) @binding
(assignment
  left: [(identifier) (attribute)] @binding.name
  type: (type) @binding.type) @binding
(typed_parameter (identifier) @binding.name type: (type) @binding.type) @binding
(typed_default_parameter name: (identifier) @binding.name type: (type) @binding.type) @binding
