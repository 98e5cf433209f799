; Python extraction spec. Capture names are the contract read by
; plumb-index's extractor (see plumb-lang's crate docs).

; ---- definitions
(class_definition name: (identifier) @name) @definition.class
; A property's setter or deleter (`@x.setter def x`) defines the property `x`
; again: one symbol with the getter before it.
(decorated_definition
  (decorator (attribute object: (identifier) @context attribute: (identifier) @value))
  definition: (function_definition name: (identifier) @name) @definition.function @accessor
  (#any-of? @value "setter" "deleter")
  (#eq? @context @name))
(function_definition name: (identifier) @name) @definition.function
(class_definition
  body: (block
    (expression_statement
      (assignment left: (identifier) @name) @definition.field)))
; Module-level variables, also under `if`/`try` (`if __name__ == "__main__":`);
; the extractor drops those inside functions.
(expression_statement
  (assignment left: (identifier) @name) @definition.variable)

; ---- inheritance
(class_definition
  superclasses: (argument_list (identifier) @name @reference.inherit))
(class_definition
  superclasses: (argument_list
    (attribute object: (_) @receiver attribute: (identifier) @name) @reference.inherit))
; subscripted bases: `class B(Base[int])`, `class P(Protocol[T])`
(class_definition
  superclasses: (argument_list
    (subscript value: (identifier) @name @reference.inherit)))
(class_definition
  superclasses: (argument_list
    (subscript
      value: (attribute object: (_) @receiver attribute: (identifier) @name) @reference.inherit)))

; ---- calls (a call of a class is recorded as an instantiation once resolved)
(call function: (identifier) @name) @reference.call
(call
  function: (attribute object: (_) @receiver attribute: (identifier) @name)) @reference.call
; a generic class called with its type arguments (`ConfigAttribute[bool](…)`)
(call function: (subscript value: (identifier) @name)) @reference.call

; ---- decorators and annotations
; A decorator is evaluated in the scope around the definition it decorates:
; in a class body, `@x.setter` reads the class's `x`. A decorator's last
; name is called with the definition (`@deco`, `@group.command`).
(decorator (identifier) @name) @reference.call @scope.outer
(decorator (attribute object: (identifier) @name) @scope.outer) @reference.read
(decorator (attribute object: (_) @receiver attribute: (identifier) @name)) @reference.call
(type (identifier) @name) @reference.type
(type (attribute object: (_) @receiver attribute: (identifier) @name)) @reference.type
(type (generic_type (identifier) @name)) @reference.type
(type (subscript value: (identifier) @name)) @reference.type
; forward references in strings, and type arguments two levels deep
(type (string (string_content) @name)) @reference.type
(type (subscript subscript: (identifier) @name)) @reference.type
(type (subscript subscript: (string (string_content) @name))) @reference.type
(type (subscript subscript: (attribute object: (_) @receiver attribute: (identifier) @name))) @reference.type
(type (subscript subscript: (list (identifier) @name))) @reference.type
(type (subscript subscript: (list (string (string_content) @name)))) @reference.type
(type (subscript subscript: (subscript subscript: (identifier) @name))) @reference.type
(type (subscript subscript: (subscript subscript: (string (string_content) @name)))) @reference.type

; ---- bindings that give a local or attribute a type
; a class-level annotation types the attribute of instances (`store: Store`
; in the class body types `self.store`)
(class_definition
  body: (block
    (expression_statement
      (assignment left: (identifier) @binding.field type: (type) @binding.type) @binding)))
(assignment
  left: [(identifier) (attribute)] @binding.name
  right: (_) @binding.value) @binding
(assignment
  left: [(identifier) (attribute)] @binding.name
  type: (type) @binding.type) @binding
(typed_parameter (identifier) @binding.name type: (type) @binding.type) @binding
; a property's return annotation types the attribute (`@property def tag(self) -> Tag`)
(decorated_definition
  (decorator [(identifier) (attribute attribute: (identifier))] @context)
  definition: (function_definition name: (identifier) @binding.field return_type: (type) @binding.type)
  (#match? @context "(^|[.])(property|cached_property)$")) @binding
(typed_default_parameter name: (identifier) @binding.name type: (type) @binding.type) @binding
(default_parameter name: (identifier) @binding.name value: (_) @binding.value) @binding
; `name, cmd, args = self.resolve_command(…)`: each name takes its member
; of the tuple the call returns
(assignment
  left: (pattern_list (identifier) @binding.name)
  right: (_) @binding.unpack) @binding
(assignment
  left: (tuple_pattern (identifier) @binding.name)
  right: (_) @binding.unpack) @binding
; `def session(): return Session()`: what a function without a return
; annotation returns, from a call in its body's own `return`
(function_definition
  name: (identifier) @binding.name
  !return_type
  body: (block (return_statement (call) @binding.return))) @binding
; `for c in self.commands`: `c` has the type of the elements of `self.commands`
(for_statement left: (identifier) @binding.name right: (_) @binding.element) @binding
; `with Store() as s`: `s` has the type of the value entered
(with_item
  value: (as_pattern
    (_) @binding.value
    alias: (as_pattern_target (identifier) @binding.name))) @binding

; ---- names local to a function (parameters and assignment targets):
; a bare use of one is never resolved to a module-level definition
(parameters (identifier) @local)
(parameters (default_parameter name: (identifier) @local))
(parameters (typed_parameter (identifier) @local))
(parameters (typed_default_parameter name: (identifier) @local))
(parameters (list_splat_pattern (identifier) @local))
(parameters (dictionary_splat_pattern (identifier) @local))
(lambda_parameters (identifier) @local)
(assignment left: (identifier) @local)
(assignment left: (pattern_list (identifier) @local))
(assignment left: (tuple_pattern (identifier) @local))
(augmented_assignment left: (identifier) @local)
(for_statement left: (identifier) @local)
(for_statement left: (pattern_list (identifier) @local))
(for_in_clause left: (identifier) @local)
(for_in_clause left: (pattern_list (identifier) @local))
(as_pattern_target (identifier) @local)
(named_expression name: (identifier) @local)

; ---- writes and reads of names (last: any pattern above wins for the same name).
; An attribute assigned (`obj.name = …`) is a write of the member of the
; receiver's type (a property's setter, a class attribute); one the type
; does not declare (`self.items = []` in `__init__`) is no reference.
(assignment left: (attribute object: (_) @receiver attribute: (identifier) @name)) @reference.write
(augmented_assignment left: (attribute object: (_) @receiver attribute: (identifier) @name)) @reference.write
(attribute object: (identifier) @name) @reference.read
(attribute object: (_) @receiver attribute: (identifier) @name) @reference.read
(argument_list (identifier) @name) @reference.read
(keyword_argument value: (identifier) @name) @reference.read
(assignment right: (identifier) @name) @reference.read
(return_statement (identifier) @name) @reference.read
; a name's value read inside an expression: compared, combined, iterated,
; collected, subscripted, raised or caught
(comparison_operator (identifier) @name) @reference.read
(boolean_operator (identifier) @name) @reference.read
(not_operator (identifier) @name) @reference.read
(binary_operator (identifier) @name) @reference.read
(conditional_expression (identifier) @name) @reference.read
(for_statement right: (identifier) @name) @reference.read
(for_in_clause right: (identifier) @name) @reference.read
(pair value: (identifier) @name) @reference.read
(list (identifier) @name) @reference.read
(tuple (identifier) @name) @reference.read
(set (identifier) @name) @reference.read
(subscript value: (identifier) @name) @reference.read
(subscript subscript: (identifier) @name) @reference.read
(raise_statement (identifier) @name) @reference.read
(except_clause (identifier) @name) @reference.read
(as_pattern (identifier) @name) @reference.read
; a default value is evaluated where the function is defined
(default_parameter value: (identifier) @name) @reference.read @scope.outer
(typed_default_parameter value: (identifier) @name) @reference.read @scope.outer
