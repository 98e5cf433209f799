; JavaScript-only node types (the TypeScript grammar names them otherwise).

(field_definition property: (property_identifier) @name) @definition.field
(class_heritage (identifier) @name @reference.inherit)
(class_heritage
  (member_expression object: (_) @receiver property: (_) @name) @reference.inherit)
(field_definition
  property: (property_identifier) @binding.field
  value: (_) @binding.value) @binding

; ---- parameters local to a function (TypeScript wraps them otherwise)
(formal_parameters (identifier) @local)
(formal_parameters (assignment_pattern left: (identifier) @local))
