; C extraction spec. Capture names are the contract read by plumb-index's
; extractor (see plumb-lang's crate docs).

; ---- functions: definitions, and prototypes (declarations with a
; function declarator, wherever they sit: headers wrap them in #ifndef guards)
(function_definition
  declarator: (function_declarator declarator: (identifier) @name)) @definition.function
(function_definition
  declarator: (pointer_declarator
    declarator: (function_declarator declarator: (identifier) @name))) @definition.function
(function_definition
  declarator: (pointer_declarator
    declarator: (pointer_declarator
      declarator: (function_declarator declarator: (identifier) @name)))) @definition.function
(declaration
  declarator: (function_declarator declarator: (identifier) @name)) @definition.function
(declaration
  declarator: (pointer_declarator
    declarator: (function_declarator declarator: (identifier) @name))) @definition.function
; a name wrapped in a call-like macro, `int BZ_API(BZ2_bzRead) (…)`: the
; parser reads the macro as a function declarator whose one parameter is a
; bare type name, the declared name
(function_definition
  declarator: (function_declarator
    declarator: (function_declarator
      declarator: (identifier)
      parameters: (parameter_list . (parameter_declaration !declarator type: (type_identifier) @name) .)))) @definition.function
(function_definition
  declarator: (pointer_declarator
    declarator: (function_declarator
      declarator: (function_declarator
        declarator: (identifier)
        parameters: (parameter_list . (parameter_declaration !declarator type: (type_identifier) @name) .))))) @definition.function
(declaration
  declarator: (function_declarator
    declarator: (function_declarator
      declarator: (identifier)
      parameters: (parameter_list . (parameter_declaration !declarator type: (type_identifier) @name) .)))) @definition.function
(declaration
  declarator: (pointer_declarator
    declarator: (function_declarator
      declarator: (function_declarator
        declarator: (identifier)
        parameters: (parameter_list . (parameter_declaration !declarator type: (type_identifier) @name) .))))) @definition.function

; ---- types
(struct_specifier name: (type_identifier) @name body: (_)) @definition.struct
(union_specifier name: (type_identifier) @name body: (_)) @definition.struct
(enum_specifier name: (type_identifier) @name body: (_)) @definition.enum
(enumerator name: (identifier) @name) @definition.variant
; `typedef struct { … } name;`: the typedef names the struct, whose fields
; are its members; a typedef of a named or existing type is an alias.
(type_definition
  type: (struct_specifier !name body: (_))
  declarator: (type_identifier) @name) @definition.struct
(type_definition
  type: (union_specifier !name body: (_))
  declarator: (type_identifier) @name) @definition.struct
(type_definition
  type: (enum_specifier !name body: (_))
  declarator: (type_identifier) @name) @definition.enum
(type_definition
  type: [
    (type_identifier) (primitive_type) (sized_type_specifier) (macro_type_specifier)
    (struct_specifier name: (_)) (union_specifier name: (_)) (enum_specifier name: (_))
  ]
  declarator: (type_identifier) @name) @definition.type_alias
(type_definition
  declarator: (pointer_declarator declarator: (type_identifier) @name)) @definition.type_alias
; an array type (`typedef U32 rankVal_t[TABLELOG][TABLELOG + 1];`)
(type_definition
  declarator: (array_declarator declarator: (type_identifier) @name)) @definition.type_alias
(type_definition
  declarator: (array_declarator
    declarator: (array_declarator declarator: (type_identifier) @name))) @definition.type_alias
; a function type, and a pointer to one (`typedef size_t (*algo_f)(void *dst);`)
(type_definition
  declarator: (function_declarator declarator: (type_identifier) @name)) @definition.type_alias
(type_definition
  declarator: (function_declarator
    declarator: (parenthesized_declarator
      (pointer_declarator declarator: (type_identifier) @name)))) @definition.type_alias
; a project's own `typedef unsigned char uint8_t;`, a name the grammar reads
; as a primitive type
(type_definition declarator: (primitive_type) @name) @definition.type_alias
(field_declaration declarator: (field_identifier) @name) @definition.field
(field_declaration
  declarator: (pointer_declarator declarator: (field_identifier) @name)) @definition.field
(field_declaration
  declarator: (array_declarator declarator: (field_identifier) @name)) @definition.field
; a two-dimensional array (liblzma's `probability low[POS_STATES_MAX][LEN_LOW_SYMBOLS]`)
(field_declaration
  declarator: (array_declarator
    declarator: (array_declarator declarator: (field_identifier) @name))) @definition.field
(field_declaration
  declarator: (function_declarator
    declarator: (parenthesized_declarator
      (pointer_declarator declarator: (field_identifier) @name)))) @definition.field
(field_declaration
  declarator: (pointer_declarator
    declarator: (function_declarator
      declarator: (parenthesized_declarator
        (pointer_declarator declarator: (field_identifier) @name))))) @definition.field

; ---- macros and variables (the extractor drops those inside functions)
(preproc_def name: (identifier) @name) @definition.macro
(preproc_function_def name: (identifier) @name) @definition.macro
(declaration
  declarator: (init_declarator declarator: (identifier) @name)) @definition.variable
(declaration
  declarator: (init_declarator
    declarator: (pointer_declarator declarator: (identifier) @name))) @definition.variable
(declaration
  declarator: (init_declarator
    declarator: (array_declarator declarator: (identifier) @name))) @definition.variable
(declaration
  declarator: (init_declarator
    declarator: (array_declarator
      declarator: (array_declarator declarator: (identifier) @name)))) @definition.variable
(declaration
  declarator: (init_declarator
    declarator: (pointer_declarator
      declarator: (array_declarator declarator: (identifier) @name)))) @definition.variable
(declaration declarator: (identifier) @name) @definition.variable
(declaration
  declarator: (pointer_declarator declarator: (identifier) @name)) @definition.variable
(declaration
  declarator: (array_declarator declarator: (identifier) @name)) @definition.variable
(declaration
  declarator: (array_declarator
    declarator: (array_declarator declarator: (identifier) @name))) @definition.variable

; ---- references
(call_expression function: (identifier) @name) @reference.call
(call_expression
  function: (field_expression argument: (_) @receiver field: (field_identifier) @name)) @reference.call
(type_identifier) @name @reference.type
; `MEM_STATIC U64 f(…)`: a macro before the return type leaves the type a
; bare name in an error node
(function_definition (ERROR (identifier) @name) @reference.type)
(declaration (ERROR (identifier) @name) @reference.type)
; a fixed-width name the grammar reads as primitive (`uint8_t`, `size_t`): a
; reference where the project defines it
((primitive_type) @name @reference.type
  (#not-match? @name "^(bool|char|double|float|int|long|short|signed|unsigned|void)$"))

; a designated initializer's `.field` is a member of the declared type, reached
; through the variable (`lzma_options_lzma opts = { .dict_size = 1 };`), or of
; the element type of an array of structs (`decoder decoders[] = { { .init = f } };`)
(init_declarator
  declarator: (identifier) @receiver
  value: (initializer_list
    (initializer_pair
      designator: (field_designator (field_identifier) @name)))) @reference.read
(init_declarator
  declarator: (array_declarator declarator: (identifier) @receiver)
  value: (initializer_list
    (initializer_list
      (initializer_pair
        designator: (field_designator (field_identifier) @name))))) @reference.read

; ---- bindings: locals and parameters typed by their declaration
(declaration
  type: (_) @binding.type
  declarator: (init_declarator declarator: (identifier) @binding.name)) @binding
(declaration
  type: (_) @binding.type
  declarator: (init_declarator
    declarator: (pointer_declarator declarator: (identifier) @binding.name))) @binding
(declaration type: (_) @binding.type declarator: (identifier) @binding.name) @binding
; an array takes its element type: what its designated initializers name
(declaration
  type: (_) @binding.type
  declarator: (init_declarator
    declarator: (array_declarator declarator: (identifier) @binding.name))) @binding
(declaration
  type: (_) @binding.type
  declarator: (pointer_declarator declarator: (identifier) @binding.name)) @binding
(parameter_declaration type: (_) @binding.type declarator: (identifier) @binding.name) @binding
; a struct's fields, typed for chains of members (`zc->ldmState.bucketOffsets`)
(field_declaration type: (_) @binding.type declarator: (field_identifier) @binding.field) @binding
(field_declaration
  type: (_) @binding.type
  declarator: (pointer_declarator declarator: (field_identifier) @binding.field)) @binding
(field_declaration
  type: (_) @binding.type
  declarator: (array_declarator declarator: (field_identifier) @binding.field)) @binding
(parameter_declaration
  type: (_) @binding.type
  declarator: (pointer_declarator declarator: (identifier) @binding.name)) @binding
; arrays: their elements' type (`T items[8]`, `T items[]`)
(declaration
  type: (_) @binding.type
  declarator: (array_declarator declarator: (identifier) @binding.name)) @binding
(parameter_declaration
  type: (_) @binding.type
  declarator: (array_declarator declarator: (identifier) @binding.name)) @binding

; ---- names local to a function
(parameter_declaration declarator: (identifier) @local)
(parameter_declaration declarator: (pointer_declarator declarator: (identifier) @local))
(declaration declarator: (init_declarator declarator: (identifier) @local))
(declaration declarator: (init_declarator declarator: (pointer_declarator declarator: (identifier) @local)))
(declaration declarator: (identifier) @local)
(declaration declarator: (pointer_declarator declarator: (identifier) @local))
(declaration declarator: (array_declarator declarator: (identifier) @local))
(declaration declarator: (init_declarator declarator: (array_declarator declarator: (identifier) @local)))
(declaration declarator: (array_declarator declarator: (array_declarator declarator: (identifier) @local)))
(declaration declarator: (init_declarator declarator: (array_declarator declarator: (array_declarator declarator: (identifier) @local))))

; ---- reads of names (last: any pattern above wins for the same name)
(field_expression argument: (identifier) @name) @reference.read
(field_expression argument: (_) @receiver field: (field_identifier) @name) @reference.read
(argument_list (identifier) @name) @reference.read
(init_declarator value: (identifier) @name) @reference.read
(return_statement (identifier) @name) @reference.read
(initializer_pair value: (identifier) @name) @reference.read
(initializer_list (identifier) @name) @reference.read
(assignment_expression left: (identifier) @name) @reference.read
(assignment_expression right: (identifier) @name) @reference.read
(binary_expression left: (identifier) @name) @reference.read
(binary_expression right: (identifier) @name) @reference.read
(unary_expression argument: (identifier) @name) @reference.read
(update_expression argument: (identifier) @name) @reference.read
(subscript_expression argument: (identifier) @name) @reference.read
(subscript_expression index: (identifier) @name) @reference.read
(parenthesized_expression (identifier) @name) @reference.read
(conditional_expression (identifier) @name) @reference.read
(case_statement value: (identifier) @name) @reference.read
(pointer_expression argument: (identifier) @name) @reference.read
(cast_expression value: (identifier) @name) @reference.read
