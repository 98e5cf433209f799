; TypeScript and TSX patterns that must come before the shared ECMAScript
; ones (the earliest pattern wins for a name).

; A method of an object literal given to a declared type
; (`const traps: ProxyHandler<T> = { get() {…} }`) implements a member of
; that type: local to the variable, which its code belongs to.
(variable_declarator
  type: (type_annotation)
  value: (object (method_definition name: (_) @name) @definition.method @local.definition))
