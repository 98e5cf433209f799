//! JavaScript/TypeScript hooks: `import`, `export … from`, CommonJS
//! `require`, and the `export` rules.

use tree_sitter::Node;

use crate::ancestry::Ancestry;
use crate::hooks::{ArgumentSite, CallbackSite, Hooks};
use crate::imports::{ImportDecl, each_node_of_kind, position, text};

/// The ECMAScript languages' hooks.
pub(crate) const HOOKS: Hooks = Hooks {
    imports,
    export_list,
    is_exported: |node, name, _, ancestry| is_exported(node, name, ancestry),
    callback_site,
    argument_site,
    pattern_field,
    ..Hooks::DEFAULT
};

/// The property an object pattern binds `name` from: its own name in
/// `{ operator }`, the key in `{ operator: op }`.
fn pattern_field<'t>(name: Node<'t>, source: &[u8], ancestry: &Ancestry<'t>) -> Option<String> {
    let field = match name.kind() {
        "shorthand_property_identifier_pattern" => name,
        _ => {
            let pair = ancestry
                .parent(name)
                .filter(|p| p.kind() == "pair_pattern")?;
            pair.child_by_field_name("key")
                .filter(|key| key.kind() == "property_identifier")?
        }
    };
    field.utf8_text(source).ok().map(str::to_owned)
}

/// Definition kinds that are class or interface members.
const MEMBER_KINDS: &[&str] = &[
    "method_definition",
    "public_field_definition",
    "field_definition",
    "method_signature",
    "abstract_method_signature",
    "property_signature",
];

/// Appends every import binding and re-export of a module.
fn imports(root: Node<'_>, source: &[u8], out: &mut Vec<ImportDecl>) {
    each_node_of_kind(
        root,
        &[
            "import_statement",
            "export_statement",
            "variable_declarator",
        ],
        &mut |node| match node.kind() {
            "import_statement" => import_statement(node, source, out),
            "export_statement" => export_from(node, source, out),
            _ => require_call(node, source, out),
        },
    );
    out.sort_by_key(|decl| (decl.line, decl.col));
}

/// The specifier of a `source:` string, quotes removed.
fn specifier(node: Node<'_>, source: &[u8]) -> String {
    text(node, source)
        .trim_matches(|c| c == '"' || c == '\'' || c == '`')
        .to_owned()
}

fn decl(node: Node<'_>, module: &str, name: Option<String>, local: Option<String>) -> ImportDecl {
    let (line, col) = position(node);
    ImportDecl {
        line,
        col,
        module: module.to_owned(),
        name,
        local,
        glob: false,
        reexport: false,
    }
}

/// `import d, { a as b } from 'm'`, `import * as ns from 'm'`, `import 'm'`.
fn import_statement(node: Node<'_>, source: &[u8], out: &mut Vec<ImportDecl>) {
    let Some(source_node) = node.child_by_field_name("source") else {
        return;
    };
    let module = specifier(source_node, source);
    let mut cursor = node.walk();
    let Some(clause) = node
        .named_children(&mut cursor)
        .find(|c| c.kind() == "import_clause")
    else {
        out.push(decl(source_node, &module, None, None));
        return;
    };
    let mut cursor = clause.walk();
    for part in clause.named_children(&mut cursor) {
        match part.kind() {
            "identifier" => {
                let local = text(part, source).to_owned();
                out.push(decl(part, &module, Some("default".into()), Some(local)));
            }
            "namespace_import" => {
                let mut inner = part.walk();
                if let Some(id) = part
                    .named_children(&mut inner)
                    .find(|c| c.kind() == "identifier")
                {
                    out.push(decl(id, &module, None, Some(text(id, source).to_owned())));
                }
            }
            "named_imports" => {
                let mut inner = part.walk();
                for spec in part
                    .named_children(&mut inner)
                    .filter(|c| c.kind() == "import_specifier")
                {
                    out.push(specifier_decl(spec, source, &module));
                }
            }
            _ => {}
        }
    }
}

/// An `import_specifier`/`export_specifier`: `name` or `name as alias`.
fn specifier_decl(spec: Node<'_>, source: &[u8], module: &str) -> ImportDecl {
    let name_node = spec.child_by_field_name("name").unwrap_or(spec);
    let name = specifier(name_node, source);
    let local = spec
        .child_by_field_name("alias")
        .map(|a| specifier(a, source))
        .unwrap_or_else(|| name.clone());
    decl(name_node, module, Some(name), Some(local))
}

/// `export { a as b } from 'm'`, `export * from 'm'`, `export * as ns from 'm'`.
fn export_from(node: Node<'_>, source: &[u8], out: &mut Vec<ImportDecl>) {
    let Some(source_node) = node.child_by_field_name("source") else {
        return;
    };
    let module = specifier(source_node, source);
    let mut cursor = node.walk();
    let mut named = false;
    for part in node.named_children(&mut cursor) {
        match part.kind() {
            "export_clause" => {
                named = true;
                let mut inner = part.walk();
                for spec in part
                    .named_children(&mut inner)
                    .filter(|c| c.kind() == "export_specifier")
                {
                    let mut d = specifier_decl(spec, source, &module);
                    d.reexport = true;
                    out.push(d);
                }
            }
            "namespace_export" => {
                named = true;
                let mut inner = part.walk();
                if let Some(id) = part.named_children(&mut inner).next() {
                    let mut d = decl(id, &module, None, Some(specifier(id, source)));
                    d.reexport = true;
                    out.push(d);
                }
            }
            _ => {}
        }
    }
    if !named {
        let mut d = decl(source_node, &module, None, None);
        d.glob = true;
        d.reexport = true;
        out.push(d);
    }
}

/// `const x = require('m')` and `const { a, b: c } = require('m')`.
fn require_call(node: Node<'_>, source: &[u8], out: &mut Vec<ImportDecl>) {
    let (Some(pattern), Some(value)) = (
        node.child_by_field_name("name"),
        node.child_by_field_name("value"),
    ) else {
        return;
    };
    if value.kind() != "call_expression"
        || value
            .child_by_field_name("function")
            .map(|f| text(f, source))
            != Some("require")
    {
        return;
    }
    let Some(module) = value
        .child_by_field_name("arguments")
        .and_then(|args| args.named_child(0))
        .filter(|arg| arg.kind() == "string")
        .map(|arg| specifier(arg, source))
    else {
        return;
    };
    match pattern.kind() {
        "identifier" => out.push(decl(
            pattern,
            &module,
            None,
            Some(text(pattern, source).to_owned()),
        )),
        "object_pattern" => {
            let mut cursor = pattern.walk();
            for prop in pattern.named_children(&mut cursor) {
                match prop.kind() {
                    "shorthand_property_identifier_pattern" => {
                        let name = text(prop, source).to_owned();
                        out.push(decl(prop, &module, Some(name.clone()), Some(name)));
                    }
                    "pair_pattern" => {
                        if let (Some(key), Some(value)) = (
                            prop.child_by_field_name("key"),
                            prop.child_by_field_name("value"),
                        ) {
                            let name = text(key, source).to_owned();
                            out.push(decl(
                                key,
                                &module,
                                Some(name),
                                Some(text(value, source).to_owned()),
                            ));
                        }
                    }
                    _ => {}
                }
            }
        }
        _ => {}
    }
}

/// Local names exported by `export { a, b as c };` and `export default a;`.
fn export_list(root: Node<'_>, source: &[u8]) -> Vec<String> {
    let mut names = Vec::new();
    let mut cursor = root.walk();
    for statement in root.named_children(&mut cursor) {
        if statement.kind() != "export_statement"
            || statement.child_by_field_name("source").is_some()
        {
            continue;
        }
        let mut inner = statement.walk();
        for part in statement.named_children(&mut inner) {
            match part.kind() {
                "export_clause" => {
                    let mut specs = part.walk();
                    for spec in part.named_children(&mut specs) {
                        if let Some(name) = spec.child_by_field_name("name") {
                            names.push(text(name, source).to_owned());
                        }
                    }
                }
                "identifier" => names.push(text(part, source).to_owned()),
                _ => {}
            }
        }
    }
    names
}

/// Members are public unless `private` or `#name`; other definitions are
/// exported when inside an `export` statement.
fn is_exported<'t>(node: Node<'t>, name: &str, ancestry: &Ancestry<'t>) -> bool {
    if MEMBER_KINDS.contains(&node.kind()) {
        return !name.starts_with('#') && !has_private_modifier(node);
    }
    let mut current = ancestry.parent(node);
    while let Some(parent) = current {
        match parent.kind() {
            "export_statement" => return true,
            "program" | "statement_block" | "class_body" => return false,
            _ => current = ancestry.parent(parent),
        }
    }
    false
}

fn has_private_modifier(node: Node<'_>) -> bool {
    let mut cursor = node.walk();
    node.children(&mut cursor).any(|c| {
        c.kind() == "accessibility_modifier" && {
            let mut inner = c.walk();
            c.children(&mut inner).any(|k| k.kind() == "private")
        }
    })
}

/// For a parameter of a function passed as an argument (an arrow
/// function's lone parameter, or a parameter in a function's list): the
/// call or `new` expression it is passed to, and the positions of the
/// argument and of the parameter.
fn callback_site<'t>(param: Node<'t>, ancestry: &Ancestry<'t>) -> Option<CallbackSite<'t>> {
    let parent_of = |node: Node<'t>| ancestry.parent(node);
    let (function, parameter) = match parent_of(param)?.kind() {
        "arrow_function" => (parent_of(param)?, 0),
        _ => {
            let declared = parent_of(param)?;
            let list = parent_of(declared)?;
            (parent_of(list)?, named_index(declared, ancestry)?)
        }
    };
    // A callback chosen by a condition (`f(c ? (x) => … : (x) => …)`) is
    // still the argument.
    let mut passed = function;
    while let Some(outer) = parent_of(passed)
        .filter(|p| matches!(p.kind(), "ternary_expression" | "parenthesized_expression"))
    {
        passed = outer;
    }
    let arguments = parent_of(passed).filter(|p| p.kind() == "arguments")?;
    let argument = named_index(passed, ancestry)?;
    let (callee, constructed) = callee_of(parent_of(arguments)?)?;
    Some(CallbackSite {
        callee,
        constructed,
        argument,
        parameter,
    })
}

/// For an object literal passed as an argument (`new Query({ cache })`):
/// the call or `new` expression and the argument's position.
fn argument_site<'t>(node: Node<'t>, ancestry: &Ancestry<'t>) -> Option<ArgumentSite<'t>> {
    if node.kind() != "object" {
        return None;
    }
    let arguments = ancestry.parent(node).filter(|p| p.kind() == "arguments")?;
    let argument = named_index(node, ancestry)?;
    let (callee, constructed) = callee_of(ancestry.parent(arguments)?)?;
    Some(ArgumentSite {
        callee,
        constructed,
        argument,
    })
}

/// The position of `node` among its parent's named children.
fn named_index<'t>(node: Node<'t>, ancestry: &Ancestry<'t>) -> Option<u32> {
    let parent = ancestry.parent(node)?;
    let mut cursor = parent.walk();
    let index = parent
        .named_children(&mut cursor)
        .position(|c| c.id() == node.id())?;
    u32::try_from(index).ok()
}

/// What `call` calls, and whether it constructs it (`new`): `None` when
/// it is neither a call nor a `new` expression.
fn callee_of(call: Node<'_>) -> Option<(Node<'_>, bool)> {
    match call.kind() {
        "call_expression" => Some((call.child_by_field_name("function")?, false)),
        "new_expression" => Some((call.child_by_field_name("constructor")?, true)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Language;

    fn parse(language: Language, code: &str) -> Vec<ImportDecl> {
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&language.grammar()).unwrap();
        let tree = parser.parse(code, None).unwrap();
        let mut out = Vec::new();
        imports(tree.root_node(), code.as_bytes(), &mut out);
        out
    }

    #[test]
    fn reads_imports_reexports_and_requires() {
        let got = parse(
            Language::TypeScript,
            "import D, { Circle as Round, area } from './shapes';\nimport * as util from '../util';\nexport { Cart } from './cart';\nexport * from './all';\nconst fs = require('fs');\nconst { join, dirname: dir } = require('path');\n",
        );
        let summary: Vec<_> = got
            .iter()
            .map(|d| {
                (
                    d.module.as_str(),
                    d.name.as_deref(),
                    d.local.as_deref(),
                    d.glob,
                    d.reexport,
                )
            })
            .collect();
        assert_eq!(
            summary,
            vec![
                ("./shapes", Some("default"), Some("D"), false, false),
                ("./shapes", Some("Circle"), Some("Round"), false, false),
                ("./shapes", Some("area"), Some("area"), false, false),
                ("../util", None, Some("util"), false, false),
                ("./cart", Some("Cart"), Some("Cart"), false, true),
                ("./all", None, None, true, true),
                ("fs", None, Some("fs"), false, false),
                ("path", Some("join"), Some("join"), false, false),
                ("path", Some("dirname"), Some("dir"), false, false),
            ]
        );
    }

    #[test]
    fn callback_parameters_know_their_call_and_positions() {
        let code = "source.pipe(1, (x: number, y) => x);\nnew Observable(s => s);\nnew Observable(c ? (t) => t : (u) => u);\n";
        let tree = crate::test_parse(Language::TypeScript, code);
        let root = tree.root_node();
        let ancestry = Ancestry::of([&tree], code.len());
        let site = |name: &str| {
            let param = crate::test_node(root, code, "identifier", name);
            callback_site(param, &ancestry).map(|site| {
                let callee = &code[site.callee.byte_range()];
                (callee, site.constructed, site.argument, site.parameter)
            })
        };
        assert_eq!(site("y"), Some(("source.pipe", false, 1, 1)));
        assert_eq!(site("s"), Some(("Observable", true, 0, 0)));
        assert_eq!(site("source"), None);
        assert_eq!(site("t"), Some(("Observable", true, 0, 0)));
        assert_eq!(site("u"), Some(("Observable", true, 0, 0)));
    }
}
