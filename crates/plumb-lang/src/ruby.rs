//! Ruby hooks: `require` and `require_relative` calls, recorded as imports
//! of files. Ruby's constants are global, so resolution does not depend on
//! them: every Ruby file is in one package (see
//! [`crate::ModuleSystem::Packages`]), and a file declares none.

use tree_sitter::Node;

use crate::hooks::Hooks;
use crate::imports::{ImportDecl, each_node_of_kind, position, text};

/// Ruby's hooks.
pub(crate) const HOOKS: Hooks = Hooks {
    imports,
    // Every definition is exported: Ruby's `private` is a statement about
    // the definitions after it.
    ..Hooks::DEFAULT
};

/// Appends one module import per `require "x"` / `require_relative "x"`
/// whose argument is a plain string; it binds no name.
fn imports(root: Node<'_>, source: &[u8], out: &mut Vec<ImportDecl>) {
    each_node_of_kind(root, &["call"], &mut |call| {
        if call.child_by_field_name("receiver").is_some() {
            return;
        }
        let Some(method) = call.child_by_field_name("method") else {
            return;
        };
        if !matches!(text(method, source), "require" | "require_relative") {
            return;
        }
        let Some(argument) = call
            .child_by_field_name("arguments")
            .and_then(|list| list.named_child(0))
            .filter(|a| a.kind() == "string")
        else {
            return;
        };
        let mut cursor = argument.walk();
        let parts: Vec<Node<'_>> = argument.named_children(&mut cursor).collect();
        let [content] = parts.as_slice() else {
            return;
        };
        if content.kind() != "string_content" {
            return;
        }
        let (line, col) = position(*content);
        out.push(ImportDecl {
            line,
            col,
            module: text(*content, source).to_owned(),
            name: None,
            local: None,
            glob: false,
            reexport: false,
        });
    });
    out.sort_by_key(|decl| (decl.line, decl.col));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Language;

    #[test]
    fn requires_are_imports_of_files_binding_no_name() {
        let code =
            "require \"shop/cart\"\nrequire_relative 'models'\nrequire name\nfoo.require \"x\"\n";
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&Language::Ruby.grammar()).unwrap();
        let tree = parser.parse(code, None).unwrap();
        let mut out = Vec::new();
        imports(tree.root_node(), code.as_bytes(), &mut out);
        let got: Vec<_> = out
            .iter()
            .map(|d| (d.line, d.module.as_str(), d.local.is_none()))
            .collect();
        assert_eq!(got, vec![(1, "shop/cart", true), (2, "models", true)]);
    }
}
