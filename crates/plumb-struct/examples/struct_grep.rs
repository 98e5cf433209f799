//! `plumb grep --lang LANG --json PATTERN DIR` without the CLI around it:
//! [`plumb_struct::search`], the function `plumb grep` calls, and its
//! matches printed as `{"results": [{"file", "line", "column"}], "notes"}`
//! (the fields `bench/structural_compare.py` reads). For timing the engine
//! in a release build of this crate alone, when the whole binary's release
//! build is out of reach. Used by `bench/structural.sh` (`ENGINE=1`).
//!
//! Usage: struct_grep LANG DIR PATTERN

use plumb_lang::Language;
use plumb_struct::Scope;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [lang, dir, pattern] = args.as_slice() else {
        return Err("usage: struct_grep LANG DIR PATTERN".into());
    };
    let language = Language::from_name(lang).ok_or(format!("unknown language {lang}"))?;
    let root = std::fs::canonicalize(dir)?;
    let scope = Scope {
        language: Some(language),
        paths: Vec::new(),
    };
    let found = plumb_struct::search(&root, pattern, None, &scope)?;
    let results: Vec<serde_json::Value> = found
        .files
        .iter()
        .flat_map(|file| {
            file.matches
                .iter()
                .map(|m| serde_json::json!({"file": file.file, "line": m.line, "column": m.column}))
        })
        .collect();
    let answer = serde_json::json!({"results": results, "notes": found.notes});
    println!("{answer}");
    Ok(())
}
