; Ruby extraction spec. Capture names are the contract read by plumb-index's
; extractor (see plumb-lang's crate docs). Constants are global: every Ruby
; file is in one package, and `require` calls (the `ruby` hook) bind no name.

; ---- definitions (a `def` at the top level is a function; inside a class
; the extractor makes it a method; `def self.x` is a method of the class)
(class name: (constant) @name) @definition.class
(class name: (scope_resolution name: (constant) @name)) @definition.class
(module name: (constant) @name) @definition.module
(module name: (scope_resolution name: (constant) @name)) @definition.module
(method name: (_) @name) @definition.function
(singleton_method object: (self) name: (_) @name) @definition.method
(class body: (body_statement (assignment left: (constant) @name) @definition.constant))
(module body: (body_statement (assignment left: (constant) @name) @definition.constant))
(program (assignment left: (constant) @name) @definition.constant)

; ---- inheritance, and modules mixed in by `include`/`extend`/`prepend`
(superclass (scope_resolution scope: (_) @path name: (constant) @name) @reference.inherit)
(superclass (constant) @name @reference.inherit)
(call
  !receiver
  method: (identifier) @context
  arguments: (argument_list
    (scope_resolution scope: (_) @path name: (constant) @name) @reference.inherit)
  (#any-of? @context "include" "extend" "prepend"))
(call
  !receiver
  method: (identifier) @context
  arguments: (argument_list (constant) @name @reference.inherit)
  (#any-of? @context "include" "extend" "prepend"))

; ---- instantiations: `Cart.new` constructs a Cart; the `new` is no call
(call
  receiver: (scope_resolution scope: (_) @path name: (constant) @name)
  method: (identifier) @context
  (#eq? @context "new")) @reference.instantiate
(call receiver: (constant) @name method: (identifier) @context (#eq? @context "new")) @reference.instantiate
(call method: (identifier) @name (#eq? @name "new")) @skip

; ---- calls, with and without receivers and parentheses; a bare `super`
; calls the enclosing method on the bases
(call !receiver method: (identifier) @name) @reference.call
(call receiver: (_) @receiver method: (identifier) @name) @reference.call
(super) @receiver @name @reference.call
(body_statement (identifier) @name @reference.call)

; ---- bindings that give a local or an instance variable a type
(assignment
  left: (identifier) @binding.name
  right: (call receiver: [(constant) (scope_resolution)] @binding.type method: (identifier) @context)
  (#eq? @context "new")) @binding
(assignment
  left: (instance_variable) @binding.field
  right: (call receiver: [(constant) (scope_resolution)] @binding.type method: (identifier) @context)
  (#eq? @context "new")) @binding

; ---- names local to a method
(method_parameters (identifier) @local)
(method_parameters (optional_parameter name: (identifier) @local))
(method_parameters (keyword_parameter name: (identifier) @local))
(method_parameters (splat_parameter name: (identifier) @local))
(method_parameters (block_parameter name: (identifier) @local))
(block_parameters (identifier) @local)
(assignment left: (identifier) @local)
(operator_assignment left: (identifier) @local)

; ---- reads of constants and of bare names (last: any pattern above wins)
(scope_resolution scope: (_) @path name: (constant) @name) @reference.read
(constant) @name @reference.read
(argument_list (identifier) @name) @reference.read
(binary left: (identifier) @name) @reference.read
(binary right: (identifier) @name) @reference.read
