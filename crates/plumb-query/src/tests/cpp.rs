//! Query tests on C++ code: names a class shares with its constructors.

use expect_test::expect;

use super::{check, name};

/// A class with two constructors, one defined out of line, and a free
/// function named like nothing else.
const GRID: &str = r#"
//- /grid.h
class Grid
{
public:
    Grid() {}
    Grid(int n);
    int size() const { return n; }
private:
    int n;
};
//- /grid.cpp
#include "grid.h"

Grid::Grid(int n) : n(n) {}

int cells()
{
    Grid g(4);
    return g.size();
}
"#;

#[test]
fn a_class_name_answers_for_the_class_not_its_constructors() {
    check(
        GRID,
        |engine, _| engine.symbol_info(&name("Grid")),
        expect![[r#"
            symbol Grid: 1 results (exact)
            class Grid  grid.h:1-9
                class Grid
        "#]],
    );
}

#[test]
fn a_constructor_is_found_by_its_qualified_name() {
    check(
        GRID,
        |engine, _| engine.symbol_info(&name("Grid::Grid")),
        expect![[r#"
            symbol Grid::Grid: 3 results (exact)
            method Grid::Grid  grid.cpp:3-3
                Grid::Grid(int n) : n(n)
            method Grid::Grid  grid.h:4-4
                Grid()
            method Grid::Grid  grid.h:5-5
                Grid(int n);
            note: "Grid::Grid" is ambiguous: 3 symbols match; answering for all (narrow with a qualified name or path:LINE)
        "#]],
    );
}
