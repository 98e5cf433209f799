//! Query-level tests through one helper, rust-analyzer style:
//! [`check`] indexes a multi-file fixture (`//- /path` headers, `$0` for
//! the cursor) in a temporary directory, asks one question, and compares
//! the answer's text rendering with an inline expectation (`expect-test`:
//! `UPDATE_EXPECT=1 cargo test` rewrites the expectations).

mod c;
mod cpp;
mod ecma;
mod fixture;
mod navigation;
mod python;
mod rust;

use expect_test::Expect;

use plumb_index::Silent;
use plumb_index::walk::Limits;
use plumb_store::Store;

use crate::answer::Answer;
use crate::render::{self, Render};
use crate::{Engine, Locator, Result};

use fixture::Fixture;

/// Indexes `fixture`, runs `ask` with the cursor (`path:LINE` of `$0`, if
/// the fixture marks one), and checks the rendered answer against `expect`.
pub(crate) fn check<T: Render>(
    fixture: &str,
    ask: impl FnOnce(&Engine, Option<Locator>) -> Result<Answer<Vec<T>>>,
    expect: Expect,
) {
    let fixture = Fixture::parse(fixture);
    let (_dir, engine) = indexed(&fixture);
    let answer = ask(&engine, fixture.cursor()).unwrap();
    let mut text = String::new();
    render::header(&answer, answer.results.len(), &mut text);
    text.push('\n');
    render::body(&answer, &mut text);
    render::notes(&answer.notes, &mut text);
    expect.assert_eq(&text);
}

/// An engine over `fixture`, indexed in a temporary directory that lives
/// as long as the returned guard.
pub(crate) fn indexed(fixture: &Fixture) -> (tempfile::TempDir, Engine) {
    let dir = tempfile::tempdir().unwrap();
    fixture.write(dir.path());
    plumb_index::index(dir.path(), &Limits::default(), &Silent).unwrap();
    let store = Store::open_read_only(&Store::database_path(dir.path())).unwrap();
    (dir, Engine::new(store))
}

/// The locator of a bare or qualified name.
pub(crate) fn name(text: &str) -> Locator {
    text.parse().unwrap()
}
