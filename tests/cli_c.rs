//! End-to-end tests of `plumb` on tests/fixtures/c.
//!
//! Fixture landmarks (file:line):
//!   include/shapes.h:7   struct shape_ops (function-pointer fields area :8, name :9)
//!   include/shapes.h:12  struct shape (ops :13, size :14); :17 typedef shape_t
//!   include/shapes.h:19  prototype shape_area; :20 prototype shape_new; :22 macro SHAPE_SCALE
//!   src/shapes.c:4       static square (file-local); :9 shape_area; :14 shape_new
//!   src/circle.c:4       static square (same name, other file); :9 static circle_area
//!   src/main.c:3         main: shape_new, shape_area twice (through `../include/shapes.h`)
//!   include/canvas.h:6   `typedef struct { width :7; draw :8 } canvas_t;` (anonymous struct)
//!   include/canvas.h:11  enum canvas_mode (CANVAS_FAST, CANVAS_SLOW)
//!   src/canvas.c:3       int canvas_paints (a file-level variable)
//!   src/canvas.c:5       canvas_paint: canvas_paints++, switch on c->width, case CANVAS_FAST,
//!                        c->draw(s), s->size through `shape_t`, a comparison, CANVAS_SLOW
//!   include/stream.h:4   macro API(func); :6 typedef UInt32; :8 `int API(stream_open) (…);`
//!   src/stream.c:3       `int stream_opens, stream_fails;` :4 array stream_names; :6 static config_ok
//!   src/stream.c:8       `int API(stream_open) (…)`: config_ok, stream_opens; :16 API(stream_name)
//!   src/stream.c:21      stream_main: stream_open, stream_name
//!   include/stream.h:11  struct limits (depth); :12 stream_t of struct stream_s, :13 stream_handle
//!                        of stream_t, :14 struct stream_s (limits)
//!   src/stream.c:26      stream_depth: s->limits.depth :28 (stream_t), h->limits.depth :29 (stream_handle)
//!   src/stream.c:33      `STREAM_STATIC UInt32 stream_mask (…)`: a macro before the return type

mod common;

use std::collections::BTreeSet;

use common::*;

const FX: &str = "c";

#[test]
fn a_function_has_its_prototype_and_its_definition() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "shape_area"]);
    let at: BTreeSet<String> = json["targets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            format!(
                "{} {}:{}",
                t["kind"].as_str().unwrap(),
                t["file"].as_str().unwrap(),
                t["line"]
            )
        })
        .collect();
    assert_eq!(
        at,
        set(["function include/shapes.h:19", "function src/shapes.c:9"])
    );
    assert!(notes_mention(&json, "ambiguous"), "{}", json["notes"]);
}

#[test]
fn callers_of_a_definition_come_through_the_header() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", "src/shapes.c:9"]);
    assert_eq!(located(&json, "caller"), set(["main@src/main.c:3"]));
    let edges = caller_edges(&json);
    assert_resolution("callers shape_area", &edges, "main", &["import"]);
    assert_eq!(
        json["results"][0]["sites"].as_array().unwrap().len(),
        2,
        "{json:#}"
    );
}

#[test]
fn file_local_statics_with_one_name_stay_apart() {
    let repo = Repo::indexed(FX);
    let in_shapes = repo.ok(&["callers", "src/shapes.c:5"]);
    assert_eq!(
        located(&in_shapes, "caller"),
        set(["shape_new@src/shapes.c:14"])
    );
    let in_circle = repo.ok(&["callers", "src/circle.c:5"]);
    assert_eq!(
        located(&in_circle, "caller"),
        set(["circle_area@src/circle.c:9"])
    );
    assert_resolution(
        "callers circle square",
        &caller_edges(&in_circle),
        "circle_area",
        &["scope"],
    );
}

#[test]
fn callees_include_static_helpers_and_macros_but_not_libc() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callees", "shape_new"]);
    let callees: BTreeSet<String> = json["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            format!(
                "{} {}:{}",
                r["callee"]["qualname"].as_str().unwrap(),
                r["callee"]["file"].as_str().unwrap(),
                r["callee"]["line"]
            )
        })
        .collect();
    // shape_new is both a prototype and a definition: only the definition calls.
    assert_eq!(
        callees,
        set(["SHAPE_SCALE include/shapes.h:22", "square src/shapes.c:4"])
    );
    assert_eq!(
        json["completeness"], "lower_bound",
        "malloc is not resolved: {json:#}"
    );
}

#[test]
fn refs_of_a_struct_cover_headers_and_sources() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["refs", "include/shapes.h:12"]);
    let sites: BTreeSet<String> = ref_edges(&json).into_iter().map(|e| e.key).collect();
    for expected in [
        "include/shapes.h:17",
        "include/shapes.h:19",
        "src/shapes.c:9",
        "src/shapes.c:16",
        "src/main.c:5",
    ] {
        assert!(
            sites.contains(expected),
            "refs struct shape lacks {expected}: {sites:?}"
        );
    }
}

#[test]
fn outline_of_a_header_nests_fields_in_structs() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["outline", "include/shapes.h"]);
    assert_pairs_eq(
        "outline shapes.h",
        &outline_top(&json),
        &[
            ("SHAPES_H", "macro"),
            ("shape_ops", "struct"),
            ("shape", "struct"),
            ("shape_t", "type_alias"),
            ("shape_area", "function"),
            ("shape_new", "function"),
            ("SHAPE_SCALE", "macro"),
        ],
    );
    assert_pairs_eq(
        "fields of shape_ops",
        &outline_children(&json, "shape_ops"),
        &[("shape_ops.area", "field"), ("shape_ops.name", "field")],
    );
}

#[test]
fn status_counts_c_files_and_headers() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["status"]);
    assert_eq!(
        json["results"]["languages"]["c"], 8,
        "{:#}",
        json["results"]
    );
    let c = &json["results"]["by_language"][0];
    assert_eq!(
        (c["language"].as_str(), c["files"].as_u64()),
        (Some("c"), Some(8)),
        "{c}"
    );
    let (calls, resolved) = (
        c["calls"].as_u64().unwrap(),
        c["calls_resolved"].as_u64().unwrap(),
    );
    assert!(calls > 0 && resolved > 0 && resolved <= calls, "{c}");
    let share = c["calls_resolved_share"].as_f64().unwrap();
    assert!((share - resolved as f64 / calls as f64).abs() < 1e-9, "{c}");
}

#[test]
fn a_typedef_of_an_anonymous_struct_owns_its_fields_and_an_alias_reaches_its_struct() {
    let repo = Repo::indexed(FX);
    let outline = repo.ok(&["outline", "include/canvas.h"]);
    assert_pairs_eq(
        "fields of canvas_t",
        &outline_children(&outline, "canvas_t"),
        &[("canvas_t.width", "field"), ("canvas_t.draw", "field")],
    );
    let callees = repo.ok(&["callees", "src/canvas.c:5"]);
    assert_eq!(
        located(&callees, "callee"),
        set(["canvas_t.draw@include/canvas.h:8"])
    );
    let width = repo.ok(&["refs", "include/canvas.h:7"]);
    let sites: BTreeSet<String> = ref_edges(&width).into_iter().map(|e| e.key).collect();
    assert_eq!(sites, set(["src/canvas.c:7"]));
    let size = repo.ok(&["refs", "include/shapes.h:14"]);
    let sites: BTreeSet<String> = ref_edges(&size).into_iter().map(|e| e.key).collect();
    assert!(
        sites.contains("src/canvas.c:9"),
        "`s->size` with `shape_t *s` reaches struct shape's field: {sites:?}"
    );
}

#[test]
fn variables_and_enumerators_are_referenced_in_statements_and_expressions() {
    let repo = Repo::indexed(FX);
    let sites = |at: &str| -> BTreeSet<String> {
        ref_edges(&repo.ok(&["refs", at]))
            .into_iter()
            .map(|e| e.key)
            .collect()
    };
    assert_eq!(
        sites("src/canvas.c:3"),
        set(["src/canvas.c:6", "src/canvas.c:11"])
    );
    assert_eq!(sites("CANVAS_FAST"), set(["src/canvas.c:8"]));
    assert_eq!(sites("CANVAS_SLOW"), set(["src/canvas.c:11"]));
}

#[test]
fn a_name_wrapped_in_a_call_like_macro_is_the_function_it_declares() {
    let repo = Repo::indexed(FX);
    let callers = repo.ok(&["callers", "src/stream.c:8"]);
    assert_eq!(
        located(&callers, "caller"),
        set(["stream_main@src/stream.c:21"])
    );
    let callees = repo.ok(&["callees", "src/stream.c:8"]);
    assert_eq!(
        located(&callees, "callee"),
        set(["config_ok@src/stream.c:6"])
    );
    let helper = repo.ok(&["callers", "src/stream.c:6"]);
    assert_eq!(
        located(&helper, "caller"),
        set(["stream_open@src/stream.c:8"])
    );
    let names = repo.ok(&["callers", "stream_name"]);
    assert_eq!(
        located(&names, "caller"),
        set(["stream_main@src/stream.c:21"])
    );
}

#[test]
fn each_name_of_a_declaration_is_a_file_level_variable() {
    let repo = Repo::indexed(FX);
    let outline = repo.ok(&["outline", "src/stream.c"]);
    let top: BTreeSet<String> = outline["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["qualname"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        top,
        set([
            "stream_opens",
            "stream_fails",
            "stream_names",
            "config_ok",
            "stream_open",
            "stream_name",
            "stream_main",
            "stream_depth",
            "STREAM_STATIC",
            "stream_mask"
        ])
    );
}

#[test]
fn members_are_reached_through_field_types_and_chains_of_typedefs() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["refs", "limits.depth"]);
    let sites: BTreeSet<String> = ref_edges(&json).into_iter().map(|e| e.key).collect();
    assert_eq!(sites, set(["src/stream.c:28", "src/stream.c:29"]));
}

#[test]
fn a_return_type_after_a_macro_is_a_type_reference() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["refs", "include/stream.h:6"]);
    let sites: BTreeSet<String> = ref_edges(&json).into_iter().map(|e| e.key).collect();
    assert_eq!(sites, set(["src/stream.c:10", "src/stream.c:33"]));
}
