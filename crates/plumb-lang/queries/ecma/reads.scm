
; ---- reads of names (last: any pattern above wins for the same name)
(member_expression object: (identifier) @name) @reference.read
(member_expression object: (_) @receiver property: (property_identifier) @name) @reference.read
(member_expression object: (_) @receiver property: (private_property_identifier) @name) @reference.read
(arguments (identifier) @name) @reference.read
(variable_declarator value: (identifier) @name) @reference.read
(return_statement (identifier) @name) @reference.read
(pair value: (identifier) @name) @reference.read
(shorthand_property_identifier) @name @reference.read
(assignment_expression right: (identifier) @name) @reference.read
; Names a local export list exports (`export { a, b as c }`, inside a
; namespace too) and `export default a`: references to the local names.
(export_statement !source
  (export_clause (export_specifier name: (identifier) @name))) @reference.read
(export_statement value: (identifier) @name) @reference.read
; A name assigned to (`x = …`, `x += …`, `x++`).
(assignment_expression left: (identifier) @name) @reference.read
(augmented_assignment_expression left: (identifier) @name) @reference.read
(update_expression argument: (identifier) @name) @reference.read
; The fields an object pattern takes from a value (`const { a, b: c, d = 1 } = obj`).
(variable_declarator
  name: (object_pattern (shorthand_property_identifier_pattern) @name)
  value: (_) @receiver) @reference.read
(variable_declarator
  name: (object_pattern (pair_pattern key: (property_identifier) @name))
  value: (_) @receiver) @reference.read
(variable_declarator
  name: (object_pattern
    (object_assignment_pattern left: (shorthand_property_identifier_pattern) @name))
  value: (_) @receiver) @reference.read
; A name read as an operand: of a condition, an operator, an index, a
; spread, an array, a template, `await`, `yield`, `throw`, a `case`, a
; computed key (`[Symbol_observable]() {…}`), an arrow's body, or the value
; iterated (`for (const x of xs)`).
(ternary_expression (identifier) @name) @reference.read
(binary_expression (identifier) @name) @reference.read
(unary_expression argument: (identifier) @name) @reference.read
(subscript_expression object: (identifier) @name) @reference.read
(subscript_expression index: (identifier) @name) @reference.read
(computed_property_name (identifier) @name) @reference.read
(spread_element (identifier) @name) @reference.read
(array (identifier) @name) @reference.read
(template_substitution (identifier) @name) @reference.read
(await_expression (identifier) @name) @reference.read
(yield_expression (identifier) @name) @reference.read
(throw_statement (identifier) @name) @reference.read
(parenthesized_expression (identifier) @name) @reference.read
(sequence_expression (identifier) @name) @reference.read
(switch_case value: (identifier) @name) @reference.read
(arrow_function body: (identifier) @name) @reference.read
(augmented_assignment_expression right: (identifier) @name) @reference.read
(for_in_statement right: (identifier) @name) @reference.read
