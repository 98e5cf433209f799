; C# extraction spec. Capture names are the contract read by plumb-index's
; extractor (see plumb-lang's crate docs). The namespace a file belongs to
; and its `using` directives come from the `csharp` hook module, not from here.
;
; A namespace is no definition: the types it declares are its members, as a
; package's are, and their qualified names start with it.

; ---- definitions
(class_declaration name: (identifier) @name) @definition.class
(record_declaration name: (identifier) @name) @definition.class
(struct_declaration name: (identifier) @name) @definition.struct
(interface_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(enum_member_declaration name: (identifier) @name) @definition.variant
(delegate_declaration name: (identifier) @name) @definition.type_alias
(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.method
(local_function_statement name: (identifier) @name) @definition.function
(property_declaration name: (identifier) @name) @definition.field
(field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @definition.field
(event_field_declaration
  (variable_declaration (variable_declarator name: (identifier) @name))) @definition.field
; A record's positional parameters are its properties.
(record_declaration (parameter_list (parameter name: (identifier) @name) @definition.field))

; ---- inheritance and implementation: the base list does not say which
; entry is the base class; .NET names interfaces `I` + a capital
; (Framework Design Guidelines), which tells them apart. An interface's
; bases are interfaces it extends; a struct's are interfaces.
(interface_declaration (base_list (identifier) @name @reference.inherit))
(interface_declaration (base_list (generic_name (identifier) @name) @reference.inherit))
(interface_declaration
  (base_list (qualified_name qualifier: (_) @path name: (identifier) @name) @reference.inherit))
(struct_declaration (base_list (identifier) @name @reference.implement))
(struct_declaration (base_list (generic_name (identifier) @name) @reference.implement))
(struct_declaration
  (base_list (qualified_name qualifier: (_) @path name: (identifier) @name) @reference.implement))
(base_list (identifier) @name @reference.implement (#match? @name "^I[A-Z]"))
(base_list (generic_name (identifier) @name) @reference.implement (#match? @name "^I[A-Z]"))
(base_list
  (qualified_name qualifier: (_) @path name: (identifier) @name) @reference.implement
  (#match? @name "^I[A-Z]"))
(base_list (identifier) @name @reference.inherit)
(base_list (generic_name (identifier) @name) @reference.inherit)
(base_list (qualified_name qualifier: (_) @path name: (identifier) @name) @reference.inherit)
(base_list (primary_constructor_base_type type: (identifier) @name) @reference.inherit)

; ---- names in `using` directives and namespace declarations: the imports
; record them; they are no type references
(using_directive (identifier) @name @skip)
(using_directive (qualified_name name: (identifier) @name) @skip)
(using_directive (qualified_name (qualified_name name: (identifier) @name) @skip))
(using_directive (qualified_name (qualified_name (qualified_name name: (identifier) @name) @skip)))
(namespace_declaration name: (qualified_name name: (identifier) @name) @skip)
(namespace_declaration name: (qualified_name (qualified_name name: (identifier) @name) @skip))
(file_scoped_namespace_declaration name: (qualified_name name: (identifier) @name) @skip)
(file_scoped_namespace_declaration
  name: (qualified_name (qualified_name name: (identifier) @name) @skip))

; ---- calls and instantiations
(invocation_expression function: (identifier) @name) @reference.call
(invocation_expression function: (generic_name (identifier) @name)) @reference.call
(invocation_expression
  function: (member_access_expression expression: _ @receiver name: (identifier) @name)) @reference.call
(invocation_expression
  function: (member_access_expression
    expression: _ @receiver
    name: (generic_name (identifier) @name))) @reference.call
(invocation_expression
  function: (conditional_access_expression
    condition: (_) @receiver
    (member_binding_expression name: (identifier) @name))) @reference.call
(object_creation_expression type: (identifier) @name) @reference.instantiate
(object_creation_expression type: (generic_name (identifier) @name)) @reference.instantiate
(object_creation_expression
  type: (qualified_name qualifier: (_) @path name: (identifier) @name)) @reference.instantiate

; ---- type references (a C# type is a bare identifier: matched by place)
(qualified_name qualifier: (_) @path name: (identifier) @name) @reference.type
(generic_name (identifier) @name) @reference.type
(type_argument_list (identifier) @name) @reference.type
(parameter type: (identifier) @name) @reference.type
(parameter_list type: (identifier) @name) @reference.type
(variable_declaration type: (identifier) @name) @reference.type
(property_declaration type: (identifier) @name) @reference.type
(method_declaration returns: (identifier) @name) @reference.type
(local_function_statement type: (identifier) @name) @reference.type
(delegate_declaration type: (identifier) @name) @reference.type
(array_type type: (identifier) @name) @reference.type
(nullable_type type: (identifier) @name) @reference.type
(cast_expression type: (identifier) @name) @reference.type
(typeof_expression type: (identifier) @name) @reference.type
(declaration_expression type: (identifier) @name) @reference.type
(catch_declaration type: (identifier) @name) @reference.type
(foreach_statement type: (identifier) @name) @reference.type
(type_parameter_constraint (type (identifier) @name)) @reference.type

; ---- bindings that give a local, parameter, field or property a type
(parameter type: (_) @binding.type name: (identifier) @binding.name) @binding
(local_declaration_statement
  (variable_declaration
    type: (_) @binding.type
    (variable_declarator name: (identifier) @binding.name))
  (#not-eq? @binding.type "var")) @binding
(local_declaration_statement
  (variable_declaration
    type: (implicit_type)
    (variable_declarator name: (identifier) @binding.name . (_) @binding.value))) @binding
(using_statement
  (variable_declaration
    type: (_) @binding.type
    (variable_declarator name: (identifier) @binding.name))
  (#not-eq? @binding.type "var")) @binding
(using_statement
  (variable_declaration
    type: (implicit_type)
    (variable_declarator name: (identifier) @binding.name . (_) @binding.value))) @binding
(foreach_statement type: (_) @binding.type left: (identifier) @binding.name
  (#not-eq? @binding.type "var")) @binding
(catch_declaration type: (_) @binding.type name: (identifier) @binding.name) @binding
(declaration_expression type: (_) @binding.type name: (identifier) @binding.name
  (#not-eq? @binding.type "var")) @binding
(field_declaration
  (variable_declaration
    type: (_) @binding.type
    (variable_declarator name: (identifier) @binding.field))) @binding
(property_declaration type: (_) @binding.type name: (identifier) @binding.field) @binding
(assignment_expression
  left: (member_access_expression expression: "this" name: (identifier)) @binding.name
  right: (object_creation_expression) @binding.value) @binding

; ---- names local to a method
(parameter name: (identifier) @local)
(parameter_list name: (identifier) @local)
(variable_declarator name: (identifier) @local)
(foreach_statement left: (identifier) @local)
(catch_declaration name: (identifier) @local)
(declaration_expression name: (identifier) @local)
(lambda_expression parameters: (implicit_parameter) @local)

; ---- reads of names and members (last: any pattern above wins for the same name)
(member_access_expression expression: _ @receiver name: (identifier) @name) @reference.read
(member_access_expression expression: (identifier) @name) @reference.read
(argument (identifier) @name) @reference.read
(variable_declarator name: (_) . (identifier) @name) @reference.read
(return_statement (identifier) @name) @reference.read
(arrow_expression_clause (identifier) @name) @reference.read
(assignment_expression right: (identifier) @name) @reference.read
(binary_expression left: (identifier) @name) @reference.read
(binary_expression right: (identifier) @name) @reference.read
