//! End-to-end tests of `plumb` on tests/fixtures/tsx (React-style .tsx
//! components calling plain .ts helpers).
//!
//! Fixture landmarks (file:line):
//!   src/format.ts:3      formatPrice; :8 free function render (same name as the methods)
//!   src/widgets.tsx:1    `import { formatPrice as fmt, render as renderText } from './format'`
//!   src/widgets.tsx:3    interface Props (fields label :4, cents :5)
//!   src/widgets.tsx:8    class Widget; :11 caption; :15 render (JSX; this.caption() + fmt() at :18)
//!   src/widgets.tsx:24   class Badge extends Widget; :25 Badge.render (renderText(this.caption()) :26)
//!   src/widgets.tsx:30   class PulseBadge extends Badge; :36 class Banner; :37 Banner.render
//!   src/index.ts:2       `export { Widget, Badge } from './widgets'`; :3 `export * from './format'`
//!   src/App.tsx:1        `import { Widget, Badge, formatPrice } from './index'`
//!   src/App.tsx:2        `import { Widget as Base, Banner } from './widgets'`
//!   src/App.tsx:4        component Price (formatPrice() :5)
//!   src/App.tsx:8        fromLocal (new Base() :9, w.render() :10); :13 fromParam(w: Widget)
//!   src/App.tsx:17       fromBanner(b: Banner); :21 component App (<Price/> :25, badge.render() :28)

mod common;

use common::*;

const FX: &str = "tsx";

const WIDGET_RENDER: &str = "src/widgets.Widget.render";
const BADGE_RENDER: &str = "src/widgets.Badge.render";
const BANNER_RENDER: &str = "src/widgets.Banner.render";
const FREE_RENDER: &str = "src/format.render";
const FORMAT_PRICE: &str = "src/format.formatPrice";

// --- symbol -----------------------------------------------------------------

#[test]
fn symbol_bare_ambiguous_name_returns_every_match() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "render"]);
    assert_set_eq(
        "symbol render",
        &qualnames(&json["targets"]),
        &[WIDGET_RENDER, BADGE_RENDER, BANNER_RENDER, FREE_RENDER],
    );
    assert!(
        notes_mention(&json, "ambiguous"),
        "notes: {}",
        json["notes"]
    );
}

#[test]
fn symbol_class_dot_method_returns_exactly_that_method() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "Widget.render"]);
    assert_def(
        single_target(&json),
        WIDGET_RENDER,
        "method",
        "src/widgets.tsx",
        15,
    );
}

#[test]
fn symbol_component_function_in_tsx_file() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "Price"]);
    assert_def(
        single_target(&json),
        "src/App.Price",
        "function",
        "src/App.tsx",
        4,
    );
    let json = repo.ok(&["symbol", "src/App.App"]);
    assert_def(
        single_target(&json),
        "src/App.App",
        "function",
        "src/App.tsx",
        21,
    );
}

#[test]
fn symbol_path_line_inside_jsx_returns_enclosing_method() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "src/widgets.tsx:18"]);
    assert_def(
        single_target(&json),
        WIDGET_RENDER,
        "method",
        "src/widgets.tsx",
        15,
    );
}

#[test]
fn symbol_path_line_returns_innermost_function() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "src/App.tsx:10"]);
    assert_def(
        single_target(&json),
        "src/App.fromLocal",
        "function",
        "src/App.tsx",
        8,
    );
}

// --- refs -------------------------------------------------------------------

#[test]
fn refs_of_component_include_jsx_usage() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["refs", "src/App.Price"]);
    let edges = ref_edges(&json);
    assert_edges("refs Price", &edges, &["src/App.tsx:25"], &[]);
    let jsx = edges.iter().find(|e| e.key == "src/App.tsx:25").unwrap();
    assert_eq!(jsx.raw["enclosing"]["qualname"], "src/App.App");
}

#[test]
fn refs_of_helper_follow_alias_and_star_reexport() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["refs", FORMAT_PRICE]);
    assert_refs_well_formed("refs formatPrice", &json, FORMAT_PRICE);
    let edges = ref_edges(&json);
    assert_edges(
        "refs formatPrice",
        &edges,
        &[
            "src/widgets.tsx:1",
            "src/widgets.tsx:18",
            "src/App.tsx:1",
            "src/App.tsx:5",
        ],
        // `export * from './format'` does not name it; a tool may still list it.
        &["src/index.ts:3"],
    );
    assert_ref_kind("refs formatPrice", &edges, "src/widgets.tsx:18", "call");
    assert_ref_kind("refs formatPrice", &edges, "src/App.tsx:5", "call");
    assert_ref_kind("refs formatPrice", &edges, "src/widgets.tsx:1", "import");
}

// --- callers ----------------------------------------------------------------

#[test]
fn callers_of_method_include_constructor_local_via_alias_and_annotated_param() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", WIDGET_RENDER]);
    assert_edges(
        "callers Widget.render",
        &caller_edges(&json),
        &["src/App.fromLocal", "src/App.fromParam"],
        &[],
    );
}

#[test]
fn callers_of_method_exclude_same_named_method_on_other_class() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", WIDGET_RENDER]);
    let edges = caller_edges(&json);
    // fromBanner(b: Banner) calls Banner.render.
    assert_absent("callers Widget.render", &edges, "src/App.fromBanner");
    // App calls badge.render() on a `new Badge(...)`: Badge's override.
    assert_not_confident("callers Widget.render", &edges, "src/App.App");
}

#[test]
fn callers_of_override_are_calls_on_the_subclass() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", BADGE_RENDER]);
    // fromParam(w: Widget) is handed a Badge by App: a possible dynamic dispatch.
    assert_edges(
        "callers Badge.render",
        &caller_edges(&json),
        &["src/App.App"],
        &["src/App.fromParam"],
    );
}

#[test]
fn callers_of_free_function_through_alias_exclude_same_named_methods() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", FREE_RENDER]);
    let edges = caller_edges(&json);
    assert_edges("callers src/format.render", &edges, &[BADGE_RENDER], &[]);
    assert_resolution(
        "callers src/format.render",
        &edges,
        BADGE_RENDER,
        &["import"],
    );
}

// --- callees ----------------------------------------------------------------

#[test]
fn callees_of_method_calling_this_helper_and_imported_alias() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callees", WIDGET_RENDER]);
    let edges = callee_edges(&json);
    assert_set_eq(
        "callees Widget.render",
        &callee_qualnames(&json),
        &["src/widgets.Widget.caption", FORMAT_PRICE],
    );
    assert_resolution(
        "callees Widget.render",
        &edges,
        "src/widgets.Widget.caption",
        &["scope", "receiver"],
    );
    assert_resolution("callees Widget.render", &edges, FORMAT_PRICE, &["import"]);
}

#[test]
fn callees_of_override_find_inherited_helper_and_aliased_free_function() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callees", BADGE_RENDER]);
    let edges = callee_edges(&json);
    assert_set_eq(
        "callees Badge.render",
        &callee_qualnames(&json),
        &["src/widgets.Widget.caption", FREE_RENDER],
    );
    assert_resolution("callees Badge.render", &edges, FREE_RENDER, &["import"]);
}

// --- impls ------------------------------------------------------------------

#[test]
fn impls_direct_lists_only_immediate_subclasses() {
    let repo = Repo::indexed(FX);
    let got = impls_map(&repo.ok(&["impls", "src/widgets.Widget"]));
    assert_set_eq(
        "impls Widget",
        &got.keys().cloned().collect(),
        &["src/widgets.Badge"],
    );
    assert!(got["src/widgets.Badge"]);
}

#[test]
fn impls_transitive_includes_grandchildren_marked_indirect() {
    let repo = Repo::indexed(FX);
    let got = impls_map(&repo.ok(&["impls", "src/widgets.Widget", "--transitive"]));
    assert_set_eq(
        "impls --transitive Widget",
        &got.keys().cloned().collect(),
        &["src/widgets.Badge", "src/widgets.PulseBadge"],
    );
    assert!(got["src/widgets.Badge"]);
    assert!(!got["src/widgets.PulseBadge"]);
}

// --- outline ----------------------------------------------------------------

#[test]
fn outline_lists_top_level_declarations_with_kinds() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["outline", "src/widgets.tsx"]);
    assert_pairs_eq(
        "outline src/widgets.tsx",
        &outline_top(&json),
        &[
            ("src/widgets.Props", "interface"),
            ("src/widgets.Widget", "class"),
            ("src/widgets.Badge", "class"),
            ("src/widgets.PulseBadge", "class"),
            ("src/widgets.Banner", "class"),
        ],
    );
}

#[test]
fn outline_children_of_interface_and_subclass() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["outline", "src/widgets.tsx"]);
    assert_pairs_eq(
        "children of Props",
        &outline_children(&json, "src/widgets.Props"),
        &[
            ("src/widgets.Props.label", "field"),
            ("src/widgets.Props.cents", "field"),
        ],
    );
    assert_pairs_eq(
        "children of Badge",
        &outline_children(&json, "src/widgets.Badge"),
        &[(BADGE_RENDER, "method")],
    );
}

#[test]
fn outline_of_components_file() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["outline", "src/App.tsx"]);
    assert_pairs_eq(
        "outline src/App.tsx",
        &outline_top(&json),
        &[
            ("src/App.Price", "function"),
            ("src/App.fromLocal", "function"),
            ("src/App.fromParam", "function"),
            ("src/App.fromBanner", "function"),
            ("src/App.App", "function"),
        ],
    );
}

// --- impact -----------------------------------------------------------------

#[test]
fn impact_depth_2_of_helper_reaches_components() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["impact", FORMAT_PRICE, "--depth", "2"]);
    assert_impact(
        "impact formatPrice --depth 2",
        &json,
        2,
        &[
            (WIDGET_RENDER, 1),
            ("src/App.Price", 1),
            ("src/App.fromLocal", 2),
            ("src/App.fromParam", 2),
            // renders <Price /> (a JSX reference)
            ("src/App.App", 2),
        ],
        // An override of Widget.render may be reported as a subtype.
        &[BADGE_RENDER],
    );
}

// --- status -----------------------------------------------------------------

#[test]
fn status_counts_every_ts_and_tsx_file_as_indexed() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["status"]);
    assert_eq!(
        json["results"]["files"]["indexed"], 4,
        "{:#}",
        json["results"]
    );
}
