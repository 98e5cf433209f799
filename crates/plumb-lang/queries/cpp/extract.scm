; C++ extraction spec. Capture names are the contract read by plumb-index's
; extractor (see plumb-lang's crate docs). Scoped names nest to the right in
; this grammar (`a::b::f` is `a::(b::f)`), so a pattern captures the whole
; qualified name as @path and the last name as @name: the qualifier is the
; text before the name.

; ---- namespaces: containers, merged across blocks and files by the resolver
(namespace_definition
  name: [(namespace_identifier) (nested_namespace_specifier)] @name
  body: (_)) @definition.module

; ---- out-of-line members: `double Circle::area() {}` belongs to Circle
(function_definition
  declarator: (function_declarator
    declarator: (qualified_identifier
      name: [(identifier) (destructor_name) (operator_name)] @name) @path)) @scope.impl
(function_definition
  declarator: (function_declarator
    declarator: (qualified_identifier
      name: (qualified_identifier
        name: [(identifier) (destructor_name) (operator_name)] @name)) @path)) @scope.impl
(function_definition
  declarator: (_
    (function_declarator
      declarator: (qualified_identifier
        name: [(identifier) (destructor_name) (operator_name)] @name) @path))) @scope.impl

; a template member defined out of line, `template <int N> void Foo::bar()`:
; the impl block spans the template, as the definition does (the extractor
; keeps one impl block per name, the outermost)
(template_declaration
  (function_definition
    declarator: (function_declarator
      declarator: (qualified_identifier
        name: [(identifier) (destructor_name) (operator_name)] @name) @path))) @scope.impl
(template_declaration
  (function_definition
    declarator: (_
      (function_declarator
        declarator: (qualified_identifier
          name: [(identifier) (destructor_name) (operator_name)] @name) @path)))) @scope.impl

; ---- `Foo x(a, b);` in a block, which the grammar reads as a prototype
; when every argument is a name: a local variable of type Foo, constructed
; (a variable in a function, so not kept as a definition)
(compound_statement
  (declaration
    declarator: (function_declarator declarator: (identifier) @name)) @definition.variable)

; ---- functions and methods: definitions, prototypes, in-class declarations
(function_definition
  declarator: (function_declarator
    declarator: [(identifier) (field_identifier) (destructor_name) (operator_name)] @name)) @definition.function
(function_definition
  declarator: (_
    (function_declarator
      declarator: [(identifier) (field_identifier) (destructor_name) (operator_name)] @name))) @definition.function
(function_definition
  declarator: (function_declarator
    declarator: (qualified_identifier
      name: [(identifier) (destructor_name) (operator_name)] @name))) @definition.function
(function_definition
  declarator: (function_declarator
    declarator: (qualified_identifier
      name: (qualified_identifier
        name: [(identifier) (destructor_name) (operator_name)] @name)))) @definition.function
(function_definition
  declarator: (_
    (function_declarator
      declarator: (qualified_identifier
        name: [(identifier) (destructor_name) (operator_name)] @name)))) @definition.function
(declaration
  declarator: (function_declarator
    declarator: [(identifier) (field_identifier) (destructor_name) (operator_name)] @name)) @definition.function
(declaration
  declarator: (_
    (function_declarator
      declarator: [(identifier) (field_identifier) (destructor_name) (operator_name)] @name))) @definition.function
(field_declaration
  declarator: (function_declarator
    declarator: [(field_identifier) (destructor_name) (operator_name)] @name)) @definition.function
(field_declaration
  declarator: (_
    (function_declarator
      declarator: [(field_identifier) (destructor_name) (operator_name)] @name))) @definition.function

; ---- types
(class_specifier name: (type_identifier) @name body: (_)) @definition.class
(struct_specifier name: (type_identifier) @name body: (_)) @definition.struct
(union_specifier name: (type_identifier) @name body: (_)) @definition.struct
(enum_specifier name: (type_identifier) @name body: (_)) @definition.enum
(enumerator name: (identifier) @name) @definition.variant
(type_definition declarator: (type_identifier) @name) @definition.type_alias
; a project's own `typedef unsigned char uint8_t;`, a name the grammar reads
; as a primitive type
(type_definition declarator: (primitive_type) @name) @definition.type_alias
(type_definition
  declarator: (pointer_declarator declarator: (type_identifier) @name)) @definition.type_alias
; a function type and a function pointer type: `typedef void (Fn)(int);`,
; `typedef void (*Fn)(int);`, `typedef void Fn(int);`
(type_definition
  declarator: (function_declarator
    declarator: (parenthesized_declarator (type_identifier) @name))) @definition.type_alias
(type_definition
  declarator: (function_declarator
    declarator: (parenthesized_declarator
      (pointer_declarator declarator: (type_identifier) @name)))) @definition.type_alias
(type_definition
  declarator: (function_declarator declarator: (type_identifier) @name)) @definition.type_alias
; the same returning a pointer: `typedef void* (Fn)(size_t);`
(type_definition
  declarator: (pointer_declarator
    declarator: (function_declarator
      declarator: (parenthesized_declarator (type_identifier) @name)))) @definition.type_alias
(type_definition
  declarator: (pointer_declarator
    declarator: (function_declarator
      declarator: (parenthesized_declarator
        (pointer_declarator declarator: (type_identifier) @name))))) @definition.type_alias
(alias_declaration name: (type_identifier) @name) @definition.type_alias
(field_declaration declarator: (field_identifier) @name) @definition.field
(field_declaration
  declarator: (pointer_declarator declarator: (field_identifier) @name)) @definition.field
(field_declaration
  declarator: (reference_declarator (field_identifier) @name)) @definition.field
(field_declaration
  declarator: (array_declarator declarator: (field_identifier) @name)) @definition.field

; ---- macros and variables (the extractor drops those inside functions)
(preproc_def name: (identifier) @name) @definition.macro
(preproc_function_def name: (identifier) @name) @definition.macro
(declaration
  declarator: (init_declarator declarator: (identifier) @name)) @definition.variable
(declaration
  declarator: (init_declarator
    declarator: (pointer_declarator declarator: (identifier) @name))) @definition.variable
(declaration declarator: (identifier) @name) @definition.variable
(declaration
  declarator: (pointer_declarator declarator: (identifier) @name)) @definition.variable
(declaration
  declarator: (array_declarator declarator: (identifier) @name)) @definition.variable

; ---- calls: free, member (`.`, `->`), scoped (`ns::f`, `Class::f`), templated
(call_expression function: (identifier) @name) @reference.call
(call_expression function: (template_function name: (identifier) @name)) @reference.call
(call_expression
  function: (field_expression argument: (_) @receiver field: (field_identifier) @name)) @reference.call
(call_expression
  function: (field_expression
    argument: (_) @receiver
    field: (template_method name: (field_identifier) @name))) @reference.call
(call_expression
  function: (qualified_identifier name: (identifier) @name) @path) @reference.call
(call_expression
  function: (qualified_identifier
    name: (template_function name: (identifier) @name)) @path) @reference.call
(call_expression
  function: (qualified_identifier
    name: (qualified_identifier name: (identifier) @name)) @path) @reference.call
(call_expression
  function: (qualified_identifier
    name: (qualified_identifier
      name: (template_function name: (identifier) @name))) @path) @reference.call
(call_expression
  function: (qualified_identifier
    name: (qualified_identifier
      name: (qualified_identifier name: (identifier) @name))) @path) @reference.call

; ---- constructions: `new T(…)`, `T x(…)`
(new_expression type: (type_identifier) @name) @reference.instantiate
(new_expression type: (template_type name: (type_identifier) @name)) @reference.instantiate
(new_expression
  type: (qualified_identifier name: (type_identifier) @name) @path) @reference.instantiate
(new_expression
  type: (qualified_identifier
    name: (qualified_identifier name: (type_identifier) @name)) @path) @reference.instantiate
(declaration
  type: (type_identifier) @name
  declarator: (init_declarator value: (argument_list))) @reference.instantiate
(declaration
  type: (qualified_identifier name: (type_identifier) @name) @path
  declarator: (init_declarator value: (argument_list))) @reference.instantiate
(compound_statement
  (declaration
    type: (type_identifier) @name
    declarator: (function_declarator)) @reference.instantiate)
; the same of a class template's instantiation: `Box<int> b(…)`
(declaration
  type: (template_type name: (type_identifier) @name)
  declarator: (init_declarator value: (argument_list))) @reference.instantiate
(compound_statement
  (declaration
    type: (template_type name: (type_identifier) @name)
    declarator: (function_declarator)) @reference.instantiate)

; ---- base classes
(base_class_clause (type_identifier) @name) @reference.inherit
(base_class_clause (template_type name: (type_identifier) @name)) @reference.inherit
(base_class_clause
  (qualified_identifier name: (type_identifier) @name) @path) @reference.inherit
(base_class_clause
  (qualified_identifier
    name: (qualified_identifier name: (type_identifier) @name)) @path) @reference.inherit
(base_class_clause
  (qualified_identifier name: (template_type name: (type_identifier) @name)) @path) @reference.inherit

; ---- type references (the class named by an out-of-line member included)
(function_definition
  declarator: (function_declarator
    declarator: (qualified_identifier scope: (namespace_identifier) @name))) @reference.type
(qualified_identifier
  name: (qualified_identifier name: (type_identifier) @name)) @path @reference.type
(qualified_identifier name: (type_identifier) @name) @path @reference.type
(qualified_identifier
  name: (template_type name: (type_identifier) @name)) @path @reference.type
(type_identifier) @name @reference.type
; a fixed-width name the grammar reads as primitive (`uint8_t`, `size_t`): a
; reference where the project defines it
((primitive_type) @name @reference.type
  (#not-match? @name "^(bool|char|double|float|int|long|short|signed|unsigned|void)$"))
; the class or namespace qualifying a name: `Config::DISABLED`, `Base::reset()`,
; a nested one within the one before it (`b` of `a::b::f` in `a`)
(qualified_identifier
  scope: (namespace_identifier)
  name: (qualified_identifier scope: (namespace_identifier) @name)) @path @reference.type
(qualified_identifier scope: (namespace_identifier) @name) @reference.type

; ---- bindings: locals, parameters and fields typed by their declaration
; (a pointer's or an array's elements, `p[i]`, by the type it points to or
; holds);
; `auto x = …` typed by its initializer
(declaration
  type: [(type_identifier) (qualified_identifier) (template_type) (primitive_type) (sized_type_specifier)] @binding.type
  declarator: (init_declarator declarator: (identifier) @binding.name)) @binding
(declaration
  type: [(type_identifier) (qualified_identifier) (template_type) (primitive_type) (sized_type_specifier)] @binding.type
  declarator: (init_declarator
    declarator: (pointer_declarator declarator: (identifier) @binding.name) @binding.indexed)) @binding
(declaration
  type: [(type_identifier) (qualified_identifier) (template_type) (primitive_type) (sized_type_specifier)] @binding.type
  declarator: (init_declarator
    declarator: (reference_declarator (identifier) @binding.name))) @binding
(declaration
  type: [(type_identifier) (qualified_identifier) (template_type) (primitive_type) (sized_type_specifier)] @binding.type
  declarator: (identifier) @binding.name) @binding
(declaration
  type: [(type_identifier) (qualified_identifier) (template_type) (primitive_type) (sized_type_specifier)] @binding.type
  declarator: (pointer_declarator declarator: (identifier) @binding.name) @binding.indexed) @binding
(declaration
  type: [(type_identifier) (qualified_identifier) (template_type) (primitive_type) (sized_type_specifier)] @binding.type
  declarator: (array_declarator declarator: (identifier) @binding.name) @binding.indexed) @binding
(declaration
  type: (placeholder_type_specifier)
  declarator: (init_declarator
    declarator: (identifier) @binding.name
    value: (_) @binding.value)) @binding
; a range-for's variable: its declared type, or with `auto` an element of
; the range
(for_range_loop
  type: [(type_identifier) (qualified_identifier) (template_type)] @binding.type
  declarator: (identifier) @binding.name) @binding
(for_range_loop
  type: [(type_identifier) (qualified_identifier) (template_type)] @binding.type
  declarator: (reference_declarator (identifier) @binding.name)) @binding
(for_range_loop
  type: (placeholder_type_specifier)
  declarator: (identifier) @binding.name
  right: (_) @binding.element) @binding
(for_range_loop
  type: (placeholder_type_specifier)
  declarator: (reference_declarator (identifier) @binding.name)
  right: (_) @binding.element) @binding
(compound_statement
  (declaration
    type: [(type_identifier) (qualified_identifier) (template_type)] @binding.type
    declarator: (function_declarator declarator: (identifier) @binding.name)) @binding)
(parameter_declaration
  type: (_) @binding.type
  declarator: (identifier) @binding.name) @binding
(parameter_declaration
  type: (_) @binding.type
  declarator: (pointer_declarator declarator: (identifier) @binding.name) @binding.indexed) @binding
(parameter_declaration
  type: (_) @binding.type
  declarator: (reference_declarator (identifier) @binding.name)) @binding
(field_declaration
  type: (_) @binding.type
  declarator: (field_identifier) @binding.field) @binding
(field_declaration
  type: (_) @binding.type
  declarator: (pointer_declarator declarator: (field_identifier) @binding.field) @binding.indexed) @binding
(field_declaration
  type: (_) @binding.type
  declarator: (reference_declarator (field_identifier) @binding.field)) @binding
(field_declaration
  type: (_) @binding.type
  declarator: (array_declarator declarator: (field_identifier) @binding.field) @binding.indexed) @binding

; ---- names local to a function
(parameter_declaration declarator: (identifier) @local)
(parameter_declaration declarator: (pointer_declarator declarator: (identifier) @local))
(parameter_declaration declarator: (reference_declarator (identifier) @local))
(declaration declarator: (init_declarator declarator: (identifier) @local))
(declaration declarator: (init_declarator declarator: (pointer_declarator declarator: (identifier) @local)))
(declaration declarator: (init_declarator declarator: (reference_declarator (identifier) @local)))
(declaration declarator: (identifier) @local)
(declaration declarator: (pointer_declarator declarator: (identifier) @local))
(compound_statement (declaration declarator: (function_declarator declarator: (identifier) @local)))
(for_range_loop declarator: (identifier) @local)
(for_range_loop declarator: (reference_declarator (identifier) @local))

; ---- names in `using` declarations: imports, recorded from the hook
(using_declaration (qualified_identifier name: (identifier) @name)) @skip
(using_declaration
  (qualified_identifier name: (qualified_identifier name: (identifier) @name))) @skip

; ---- reads of names (last: any pattern above wins for the same name)
(qualified_identifier
  name: (qualified_identifier name: (identifier) @name)) @path @reference.read
(qualified_identifier name: (identifier) @name) @path @reference.read
(field_expression argument: (identifier) @name) @reference.read
(field_expression argument: (_) @receiver field: (field_identifier) @name) @reference.read
(argument_list (identifier) @name) @reference.read
(init_declarator value: (identifier) @name) @reference.read
(return_statement (identifier) @name) @reference.read
(binary_expression (identifier) @name) @reference.read
(initializer_pair value: (identifier) @name) @reference.read
(initializer_list (identifier) @name) @reference.read
(assignment_expression left: (identifier) @name) @reference.read
(assignment_expression right: (identifier) @name) @reference.read
(unary_expression argument: (identifier) @name) @reference.read
(update_expression argument: (identifier) @name) @reference.read
(subscript_expression argument: (identifier) @name) @reference.read
(subscript_argument_list (identifier) @name) @reference.read
(parenthesized_expression (identifier) @name) @reference.read
(conditional_expression (identifier) @name) @reference.read
(comma_expression (identifier) @name) @reference.read
(case_statement value: (identifier) @name) @reference.read
(pointer_expression argument: (identifier) @name) @reference.read
(cast_expression value: (identifier) @name) @reference.read
(condition_clause value: (identifier) @name) @reference.read
(for_range_loop right: (identifier) @name) @reference.read
(delete_expression (identifier) @name) @reference.read
(throw_statement (identifier) @name) @reference.read
(expression_statement (identifier) @name) @reference.read
; constants in declarations: a bit-field's width, an array's size, an
; enumerator's value
(bitfield_clause (identifier) @name) @reference.read
(array_declarator size: (identifier) @name) @reference.read
(enumerator value: (identifier) @name) @reference.read
; a member initializer, `: x(0)`, writes the field
(field_initializer (field_identifier) @name) @reference.write
