//! End-to-end tests of `plumb` on tests/fixtures/cpp (it compiles with
//! `g++ -c -Iinclude src/*.cpp`).
//!
//! Fixture landmarks (file:line):
//!   include/shapes.hpp:4   namespace geo; :7 class Shape (:10 pure virtual area, :11 describe)
//!   include/shapes.hpp:14  class Circle : public Shape (:16 ctor decl, :17 area decl, :20 radius)
//!   include/shapes.hpp:23  class Square : public Shape (:25 ctor, :26 inline area, :27 static unit)
//!   include/shapes.hpp:33  prototype geo::area(const Shape &); :34, :35 overloads of scale
//!   include/util.hpp:3     macro MAX_ITEMS; :5 namespace geo again (enum, aliases, template twice :13)
//!   src/shapes.cpp:8       static square; :10 out-of-line Circle::Circle; :12 Circle::area
//!   src/shapes.cpp:16      Shape::describe (this->area() :17); :20 geo::area (s.area() :21)
//!   src/shapes.cpp:24      scale(int); :25 scale(double) (calls twice)
//!   src/main.cpp:4         `namespace g = geo;` :5 `using geo::Square;`
//!   src/main.cpp:8         area(double, double) in an anonymous namespace
//!   src/main.cpp:11        struct Canvas (:12 field focus, :13 total decl); :16 Canvas::total
//!   src/main.cpp:20        main: constructions :21-25, member calls :26, scoped calls :27,
//!                          `using namespace geo;` :28, scale(1.5) :29
//!   include/labels.hpp:4   class geo::Label (width :6); src/labels.cpp:5 Label::width defined
//!                          out of line inside `namespace geo { … }`
//!   include/grid.hpp:4     `typedef unsigned char uint8_t;`; :8 struct geo::Config (limit :10)
//!   include/grid.hpp:13    class geo::Grid (cells :16, count :17, level :18, sum :19, scaled :20)
//!   src/grid.cpp:5         Config::limit defined; :7 Grid::Grid initializes count and level
//!   src/grid.cpp:9         Grid::sum: count :11, cells[i] :12, Config::limit and -count :13,
//!                          a cast to uint8_t of level :14
//!   include/grid.hpp:23    fill(int), :24 fill(int, int), :25 fill(double); defined src/grid.cpp:17-19
//!   src/grid.cpp:20        refill: fill(n) with `int n` :22, fill(2.5) :23, fill(3, 4) :24
//!   src/grid.cpp:27        `template <int N> int Grid::scaled()` out of line: fill(N, count) :29
//!   include/board.hpp:8    struct geo::Cell (value :9, get :10); :13 struct Holder (`operator->` :15)
//!   include/board.hpp:18   struct Board (`std::vector<Cell> rows` :19, `std::vector<Holder> holders` :20)
//!   src/board.cpp:5        Board::total: range-for over rows typed :8, with `auto` :10, an iterator :12
//!   src/board.cpp:16       Board::first: `rows[0].get()` :17
//!   src/board.cpp:20       Board::peek: holders[0]-> :21, holders.back()-> :22, (*h)-> :24
//!   src/board.cpp:28       tally: `Board copy(board);` :29 (read as a prototype by the grammar), copy.total() :30
//!   include/board.hpp:26   struct Step (`operator-` :28, length :29); src/board.cpp:33 span: (a-b).length() :34
//!   include/axes.hpp:3     file-level enum Axis; :7 enum geo::Side; :8 enum class geo::Turn;
//!                          :12 enum Flags in class geo::Compass
//!   src/axes.cpp:5         Compass::heading reads NORTH; :7 side reads LEFT, AXIS_Z, Turn::BACK;
//!                          :11 outside reads geo::RIGHT, geo::Compass::NONE, AXIS_X
//!   include/axes.hpp:20    struct geo::Needle (angle); :22 struct Dial (`Needle *needles` :23)
//!   src/axes.cpp:15        Dial::first reads needles[0].angle; :17 spin reads ns[1].angle and
//!                          copy[2].angle through pointers
//!   include/axes.hpp:33    function type geo::AllocFn, :34 function pointer type geo::FreeFn,
//!                          both named in setAllocator's parameters :36 and src/axes.cpp:23
//!   include/axes.hpp:42    constants WIDTH_BITS, :43 SLOTS, read by enum Size's SMALL :45, a
//!                          bit-field's width :48 and an array's size :49 of struct Packed
//!   include/axes.hpp:56    class template geo::Guard, constructed as `Guard<int> a(raw)` and
//!                          `Guard<int> b((int*)raw)` by geo::guarded, src/axes.cpp:29
//!   include/axes.hpp:69    Corner::angle; :72 struct Frame (`Corner corners[4]`); src/axes.cpp:35
//!                          Frame::sum calls angle on corners[1] and on a local array's local[0]

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "test code: a failure here is a failed test"
)]

mod common;

use std::collections::BTreeSet;

use common::*;

const FX: &str = "cpp";

/// `qualname@file:line` of each symbol in `key` of each result.
fn symbols_at(json: &serde_json::Value, key: &str) -> BTreeSet<String> {
    json["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| located(&r[key]))
        .collect()
}

fn located(symbol: &serde_json::Value) -> String {
    format!(
        "{}@{}:{}",
        symbol["qualname"].as_str().unwrap(),
        symbol["file"].as_str().unwrap(),
        symbol["line"]
    )
}

/// `qualname@file:line` of each target.
fn targets_at(json: &serde_json::Value) -> BTreeSet<String> {
    json["targets"]
        .as_array()
        .unwrap()
        .iter()
        .map(located)
        .collect()
}

/// The lines of the first result's call sites.
fn first_sites(json: &serde_json::Value) -> Vec<u64> {
    json["results"][0]["sites"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["line"].as_u64().unwrap())
        .collect()
}

/// `file:line kind` of each reference.
fn ref_sites(json: &serde_json::Value) -> BTreeSet<String> {
    json["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            format!(
                "{}:{} {}",
                r["file"].as_str().unwrap(),
                r["line"],
                r["kind"].as_str().unwrap()
            )
        })
        .collect()
}

// --- symbol -----------------------------------------------------------------

#[test]
fn symbol_area_lists_methods_free_functions_and_declarations() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "area"]);
    assert_set_eq(
        "symbol area",
        &targets_at(&json),
        &[
            "geo::Shape::area@include/shapes.hpp:10",
            "geo::Circle::area@include/shapes.hpp:17",
            "geo::Square::area@include/shapes.hpp:26",
            "geo::area@include/shapes.hpp:33",
            "geo::Circle::area@src/shapes.cpp:12",
            "geo::area@src/shapes.cpp:20",
            "area@src/main.cpp:8",
        ],
    );
    assert!(notes_mention(&json, "ambiguous"), "{}", json["notes"]);
}

#[test]
fn an_out_of_line_method_is_a_member_of_its_class() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["symbol", "geo::Circle::area"]);
    assert_set_eq(
        "symbol geo::Circle::area",
        &targets_at(&json),
        &[
            "geo::Circle::area@include/shapes.hpp:17",
            "geo::Circle::area@src/shapes.cpp:12",
        ],
    );
    for target in json["targets"].as_array().unwrap() {
        assert_eq!(target["kind"], "method", "{target}");
    }
    let json = repo.ok(&["symbol", "src/shapes.cpp:12"]);
    assert_eq!(
        single_target(&json)["signature"],
        "double Circle::area() const"
    );
}

// --- callers ----------------------------------------------------------------

#[test]
fn callers_of_a_declaration_and_of_its_definition_agree() {
    let repo = Repo::indexed(FX);
    for at in ["include/shapes.hpp:17", "src/shapes.cpp:12"] {
        let json = repo.ok(&["callers", at]);
        assert_set_eq(
            &format!("callers {at}"),
            &symbols_at(&json, "caller"),
            &["Canvas::total@src/main.cpp:16", "main@src/main.cpp:20"],
        );
        assert_resolution(
            "callers Circle::area",
            &caller_edges(&json),
            "Canvas::total",
            &["receiver"],
        );
    }
}

#[test]
fn callers_of_a_base_method_come_through_this_pointers_and_references() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", "geo::Shape::area"]);
    assert_set_eq(
        "callers Shape::area",
        &symbols_at(&json, "caller"),
        &[
            "geo::Shape::describe@src/shapes.cpp:16",
            "geo::area@src/shapes.cpp:20",
            "main@src/main.cpp:20",
        ],
    );
    let edges = caller_edges(&json);
    assert_resolution("this->area()", &edges, "geo::Shape::describe", &["scope"]);
    assert_resolution("s.area()", &edges, "geo::area", &["receiver"]);
}

#[test]
fn same_named_methods_and_free_functions_stay_apart() {
    let repo = Repo::indexed(FX);
    let square = repo.ok(&["callers", "geo::Square::area"]);
    assert_set_eq(
        "callers Square::area",
        &symbols_at(&square, "caller"),
        &["main@src/main.cpp:20"],
    );
    assert_eq!(square["results"][0]["sites"].as_array().unwrap().len(), 2);
    let free = repo.ok(&["callers", "src/shapes.cpp:20"]);
    assert_set_eq(
        "callers geo::area",
        &symbols_at(&free, "caller"),
        &["main@src/main.cpp:20"],
    );
    assert_resolution("geo::area(c)", &caller_edges(&free), "main", &["import"]);
    let local = repo.ok(&["callers", "src/main.cpp:8"]);
    assert_set_eq(
        "callers anonymous area",
        &symbols_at(&local, "caller"),
        &["Canvas::total@src/main.cpp:16"],
    );
    assert_resolution(
        "area(1.0, 2.0)",
        &caller_edges(&local),
        "Canvas::total",
        &["scope"],
    );
}

#[test]
fn overloads_are_told_apart_by_argument_types() {
    let repo = Repo::indexed(FX);
    // `g::scale(2)` through the alias calls `scale(int)`, `scale(1.5)`
    // through `using namespace` calls `scale(double)`.
    for (at, line) in [
        ("src/shapes.cpp:24", 27),
        ("include/shapes.hpp:34", 27),
        ("src/shapes.cpp:25", 29),
        ("include/shapes.hpp:35", 29),
    ] {
        let json = repo.ok(&["callers", at]);
        assert_set_eq(
            &format!("callers {at}"),
            &symbols_at(&json, "caller"),
            &["main@src/main.cpp:20"],
        );
        assert_eq!(first_sites(&json), vec![line], "{at}: {json:#}");
    }
}

#[test]
fn overloads_are_told_apart_by_arity_and_by_declared_and_literal_argument_types() {
    let repo = Repo::indexed(FX);
    for (at, line) in [
        ("src/grid.cpp:17", 22),
        ("include/grid.hpp:23", 22),
        ("src/grid.cpp:19", 23),
        ("src/grid.cpp:18", 24),
        ("include/grid.hpp:24", 24),
    ] {
        let json = repo.ok(&["callers", at]);
        assert_eq!(first_sites(&json), vec![line], "{at}: {json:#}");
    }
}

// --- callees ----------------------------------------------------------------

#[test]
fn callees_of_main_follow_receivers_usings_and_aliases() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callees", "main"]);
    assert_set_eq(
        "callees main",
        &symbols_at(&json, "callee"),
        &[
            "geo::Circle@include/shapes.hpp:14",
            "geo::Square@include/shapes.hpp:23",
            "geo::Square::unit@include/shapes.hpp:27",
            "geo::Circle::area@include/shapes.hpp:17",
            "geo::Circle::area@src/shapes.cpp:12",
            "geo::Square::area@include/shapes.hpp:26",
            "geo::Shape::area@include/shapes.hpp:10",
            "geo::Shape::describe@include/shapes.hpp:11",
            "geo::Shape::describe@src/shapes.cpp:16",
            "geo::area@include/shapes.hpp:33",
            "geo::area@src/shapes.cpp:20",
            "geo::scale@include/shapes.hpp:34",
            "geo::scale@include/shapes.hpp:35",
            "geo::scale@src/shapes.cpp:24",
            "geo::scale@src/shapes.cpp:25",
        ],
    );
    let edges = callee_edges(&json);
    assert_resolution(
        "r.describe()",
        &edges,
        "geo::Shape::describe",
        &["inheritance"],
    );
    assert_resolution("Square::unit()", &edges, "geo::Square::unit", &["import"]);
}

#[test]
fn callees_of_out_of_line_methods_see_class_members_and_file_statics() {
    let repo = Repo::indexed(FX);
    let circle = repo.ok(&["callees", "src/shapes.cpp:12"]);
    assert_set_eq(
        "callees Circle::area",
        &symbols_at(&circle, "callee"),
        &["geo::square@src/shapes.cpp:8"],
    );
    let canvas = repo.ok(&["callees", "src/main.cpp:16"]);
    assert_set_eq(
        "callees Canvas::total",
        &symbols_at(&canvas, "callee"),
        &[
            "area@src/main.cpp:8",
            "geo::Circle::area@include/shapes.hpp:17",
            "geo::Circle::area@src/shapes.cpp:12",
        ],
    );
    let scale = repo.ok(&["callees", "src/shapes.cpp:25"]);
    assert_set_eq(
        "callees scale(double)",
        &symbols_at(&scale, "callee"),
        &["geo::twice@include/util.hpp:13"],
    );
}

// --- refs -------------------------------------------------------------------

#[test]
fn refs_of_a_class_cover_types_constructions_and_out_of_line_scopes() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["refs", "geo::Circle"]);
    assert_set_eq(
        "refs Circle",
        &ref_sites(&json),
        &[
            "src/main.cpp:12 type",
            "src/main.cpp:21 instantiate",
            "src/main.cpp:23 instantiate",
            "src/shapes.cpp:10 type",
            "src/shapes.cpp:12 type",
        ],
    );
    let json = repo.ok(&["refs", "geo::Square"]);
    assert_set_eq(
        "refs Square",
        &ref_sites(&json),
        &[
            "include/shapes.hpp:27 type",
            "include/shapes.hpp:27 instantiate",
            "src/main.cpp:5 import",
            "src/main.cpp:22 instantiate",
            "src/main.cpp:24 type",
            "src/main.cpp:25 instantiate",
        ],
    );
}

#[test]
fn refs_of_fields_and_macros_through_implicit_this_and_includes() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["refs", "geo::Circle::radius"]);
    assert_set_eq(
        "refs radius",
        &ref_sites(&json),
        &["src/shapes.cpp:10 write", "src/shapes.cpp:13 read"],
    );
    let json = repo.ok(&["refs", "MAX_ITEMS"]);
    assert_set_eq(
        "refs MAX_ITEMS",
        &ref_sites(&json),
        &["src/shapes.cpp:24 read"],
    );
}

#[test]
fn enumerators_of_a_plain_enum_are_in_the_scope_around_it_and_of_an_enum_class_are_not() {
    let repo = Repo::indexed(FX);
    for (enumerator, sites) in [
        ("Axis::AXIS_X", &["src/axes.cpp:11 read"][..]),
        ("Axis::AXIS_Z", &["src/axes.cpp:7 read"]),
        ("geo::Side::LEFT", &["src/axes.cpp:7 read"]),
        ("geo::Side::RIGHT", &["src/axes.cpp:11 read"]),
        ("geo::Turn::LEFT", &[]),
        ("geo::Turn::BACK", &["src/axes.cpp:7 read"]),
        ("geo::Compass::Flags::NONE", &["src/axes.cpp:11 read"]),
        ("geo::Compass::Flags::NORTH", &["src/axes.cpp:5 read"]),
    ] {
        let (_, json) = repo.query(&["refs", enumerator]);
        assert_set_eq(&format!("refs {enumerator}"), &ref_sites(&json), sites);
    }
}

#[test]
fn an_element_of_a_pointer_has_the_type_it_points_to() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["refs", "geo::Needle::angle"]);
    let sites: BTreeSet<String> = json["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| format!("{}:{}:{}", r["file"].as_str().unwrap(), r["line"], r["col"]))
        .collect();
    assert_set_eq(
        "refs Needle::angle",
        &sites,
        &[
            "src/axes.cpp:15:45",
            "src/axes.cpp:17:56",
            "src/axes.cpp:17:72",
        ],
    );
}

#[test]
fn typedefs_of_function_types_and_function_pointers_are_type_aliases() {
    let repo = Repo::indexed(FX);
    let outline = repo.ok(&["outline", "include/axes.hpp"]);
    for alias in ["geo::AllocFn", "geo::FreeFn"] {
        let node = outline_find(&outline, alias);
        assert_eq!(
            node.map(|n| n["kind"].as_str()),
            Some(Some("type_alias")),
            "{alias}: {outline:#}"
        );
    }
    let json = repo.ok(&["refs", "geo::AllocFn"]);
    assert_set_eq(
        "refs AllocFn",
        &ref_sites(&json),
        &["include/axes.hpp:36 type", "src/axes.cpp:23 type"],
    );
}

#[test]
fn constants_in_bit_field_widths_array_sizes_and_enumerator_values_are_read() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["refs", "geo::SLOTS"]);
    assert_set_eq(
        "refs SLOTS",
        &ref_sites(&json),
        &["include/axes.hpp:45 read", "include/axes.hpp:49 read"],
    );
    let json = repo.ok(&["refs", "geo::WIDTH_BITS"]);
    assert_set_eq(
        "refs WIDTH_BITS",
        &ref_sites(&json),
        &["include/axes.hpp:48 read"],
    );
}

#[test]
fn a_block_declaration_of_a_template_instance_with_arguments_constructs_it() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", "include/axes.hpp:56"]);
    assert_set_eq(
        "callers Guard",
        &symbols_at(&json, "caller"),
        &["geo::guarded@src/axes.cpp:29"],
    );
    assert_eq!(first_sites(&json), [29, 29], "{json:#}");
}

#[test]
fn an_element_of_an_array_has_the_type_it_holds() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", "include/axes.hpp:69"]);
    assert_set_eq(
        "callers Corner::angle",
        &symbols_at(&json, "caller"),
        &["geo::Frame::sum@src/axes.cpp:35"],
    );
    assert_eq!(first_sites(&json), [35, 35], "{json:#}");
}

// --- impls ------------------------------------------------------------------

#[test]
fn impls_of_the_base_class_are_its_subclasses() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["impls", "geo::Shape"]);
    let got: BTreeSet<String> = impls_map(&json)
        .into_iter()
        .map(|(q, direct)| format!("{q} {direct}"))
        .collect();
    assert_set_eq(
        "impls Shape",
        &got,
        &["geo::Circle true", "geo::Square true"],
    );
}

// --- outline ----------------------------------------------------------------

#[test]
fn outline_nests_classes_in_namespaces_and_out_of_line_members_in_classes() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["outline", "include/shapes.hpp"]);
    assert_pairs_eq(
        "outline shapes.hpp",
        &outline_top(&json),
        &[("SHAPES_HPP", "macro"), ("geo", "module")],
    );
    assert_pairs_eq(
        "namespace geo",
        &outline_children(&json, "geo"),
        &[
            ("geo::Shape", "class"),
            ("geo::Circle", "class"),
            ("geo::Square", "class"),
            ("geo::area", "function"),
            ("geo::scale", "function"),
        ],
    );
    assert_pairs_eq(
        "class Square",
        &outline_children(&json, "geo::Square"),
        &[
            ("geo::Square::Square", "method"),
            ("geo::Square::area", "method"),
            ("geo::Square::unit", "method"),
            ("geo::Square::side", "field"),
        ],
    );
    let json = repo.ok(&["outline", "include/util.hpp"]);
    assert_pairs_eq(
        "namespace geo in util.hpp",
        &outline_children(&json, "geo"),
        &[
            ("geo::Color", "enum"),
            ("geo::Area", "type_alias"),
            ("geo::Count", "type_alias"),
            ("geo::instances", "variable"),
            ("geo::twice", "function"),
            ("geo::Box", "struct"),
            ("geo::Number", "struct"),
        ],
    );
    let json = repo.ok(&["outline", "src/main.cpp"]);
    assert_pairs_eq(
        "outline main.cpp",
        &outline_top(&json),
        &[
            ("area", "function"),
            ("Canvas", "struct"),
            ("main", "function"),
        ],
    );
    assert_pairs_eq(
        "struct Canvas",
        &outline_children(&json, "Canvas"),
        &[("Canvas::focus", "field"), ("Canvas::total", "method")],
    );
}

#[test]
fn an_out_of_line_member_sits_in_the_namespace_block_it_is_defined_in() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["outline", "src/labels.cpp"]);
    assert_pairs_eq(
        "outline labels.cpp",
        &outline_top(&json),
        &[("geo", "module")],
    );
    assert_pairs_eq(
        "in namespace geo",
        &outline_children(&json, "geo"),
        &[("geo::Label::width", "method")],
    );
}

#[test]
fn fields_are_read_in_every_expression_and_written_by_member_initializers() {
    let repo = Repo::indexed(FX);
    let cells = ref_sites(&repo.ok(&["refs", "include/grid.hpp:16"]));
    assert_eq!(cells, set(["src/grid.cpp:12 read"]));
    let count = ref_sites(&repo.ok(&["refs", "include/grid.hpp:17"]));
    assert_eq!(
        count,
        set([
            "src/grid.cpp:7 write",
            "src/grid.cpp:11 read",
            "src/grid.cpp:13 read",
            "src/grid.cpp:21 read",
            "src/grid.cpp:29 read"
        ])
    );
}

#[test]
fn a_qualifier_and_a_project_typedef_of_a_primitive_name_are_type_references() {
    let repo = Repo::indexed(FX);
    let config = ref_sites(&repo.ok(&["refs", "include/grid.hpp:8"]));
    assert_eq!(config, set(["src/grid.cpp:5 type", "src/grid.cpp:13 type"]));
    let byte = ref_sites(&repo.ok(&["refs", "include/grid.hpp:4"]));
    assert_eq!(
        byte,
        set(["include/grid.hpp:18 type", "src/grid.cpp:14 type"])
    );
}

#[test]
fn a_template_member_defined_out_of_line_is_the_caller_of_what_it_calls() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", "src/grid.cpp:18"]);
    assert_set_eq(
        "callers fill(int, int)",
        &symbols_at(&json, "caller"),
        &[
            "geo::refill@src/grid.cpp:20",
            "geo::Grid::scaled@src/grid.cpp:28",
        ],
    );
}

#[test]
fn elements_of_a_std_container_and_holders_with_an_arrow_operator_reach_the_element_type() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", "include/board.hpp:10"]);
    assert_set_eq(
        "callers Cell::get",
        &symbols_at(&json, "caller"),
        &[
            "geo::Board::total@src/board.cpp:5",
            "geo::Board::first@src/board.cpp:16",
            "geo::Board::peek@src/board.cpp:20",
        ],
    );
    let sites: Vec<u64> = json["results"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["sites"].as_array().unwrap().iter())
        .map(|s| s["line"].as_u64().unwrap())
        .collect();
    assert_eq!(sites.len(), 3 + 3, "{json:#}");
    let value = ref_sites(&repo.ok(&["refs", "include/board.hpp:9"]));
    assert!(value.contains("src/board.cpp:10 read"), "{value:?}");
}

#[test]
fn a_block_declaration_with_name_arguments_constructs_a_local() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", "src/board.cpp:5"]);
    assert_set_eq(
        "callers Board::total",
        &symbols_at(&json, "caller"),
        &["geo::tally@src/board.cpp:28"],
    );
    let outline = repo.ok(&["outline", "src/board.cpp"]);
    assert!(
        outline_find(&outline, "geo::copy").is_none(),
        "`copy` is a local, no function: {outline:#}"
    );
    let board = ref_sites(&repo.ok(&["refs", "include/board.hpp:18"]));
    assert!(board.contains("src/board.cpp:29 instantiate"), "{board:?}");
}

#[test]
fn an_arithmetic_receiver_takes_the_type_its_operator_returns() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["callers", "include/board.hpp:29"]);
    assert_set_eq(
        "callers Step::length",
        &symbols_at(&json, "caller"),
        &["geo::span@src/board.cpp:33"],
    );
}

// --- status -----------------------------------------------------------------

#[test]
fn status_counts_cpp_files() {
    let repo = Repo::indexed(FX);
    let json = repo.ok(&["status"]);
    assert_eq!(
        json["results"]["languages"]["cpp"], 12,
        "{:#}",
        json["results"]
    );
    let cpp = &json["results"]["by_language"][0];
    assert_eq!(
        (
            cpp["language"].as_str(),
            cpp["files"].as_u64(),
            cpp["calls"].as_u64(),
            cpp["calls_resolved"].as_u64()
        ),
        (Some("cpp"), Some(12), Some(43), Some(37)),
        "{cpp}"
    );
}
