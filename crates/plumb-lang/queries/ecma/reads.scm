
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
