//! Rust constructs real projects use (issue 26): re-exports under another
//! name.

use expect_test::expect;

use super::check;

#[test]
fn a_module_re_exports_what_it_imports_under_an_alias() {
    check(
        r#"
//- /Cargo.toml
[package]
name = "rg"
//- /src/lib.rs
pub mod flags;
//- /src/flags/mod.rs
pub use crate::flags::complete::{bash::generate as generate_bash, fish::generate as generate_fish};
mod complete;
//- /src/flags/complete/mod.rs
pub mod bash;
pub mod fish;
//- /src/flags/complete/bash.rs
pub fn generate() -> String {
    String::new()
}
//- /src/flags/complete/fish.rs
pub fn generate() -> String {
    String::new()
}
"#,
        |engine, _| engine.symbol_info(&"crate::flags::generate_bash".parse().unwrap()),
        expect![[r#"
            symbol crate::flags::generate_bash: 1 results (exact)
            function crate::flags::complete::bash::generate  src/flags/complete/bash.rs:1-3
                pub fn generate() -> String
            note: "crate::flags::generate_bash" is imported by src/flags/mod.rs under that name: answering for crate::flags::complete::bash::generate
        "#]],
    );
}
