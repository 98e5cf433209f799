//! The parse's tests on Python code.

use std::time::Duration;

use plumb_lang::Language;
use plumb_store::model::FileStatus;

use super::status;
use crate::parse::check_and_extract;

#[test]
fn bad_content_is_set_aside_with_a_reason() {
    let timeout = Duration::from_secs(5);
    assert_eq!(
        status(&check_and_extract(Language::Python, b"x = 1\0", timeout)),
        Some(FileStatus::SkippedBinary)
    );
    // Not UTF-8: read as Windows-1252 (Latin-1), not set aside.
    assert_eq!(
        status(&check_and_extract(Language::Python, b"x = '\xff'", timeout)),
        None
    );
    assert_eq!(
        status(&check_and_extract(Language::Python, b"def f(:\n", timeout)),
        None
    );
}

#[test]
fn a_zero_timeout_times_out() {
    let source = "def f():\n    return 1\n".repeat(20_000);
    let outcome = check_and_extract(Language::Python, source.as_bytes(), Duration::ZERO);
    assert_eq!(status(&outcome), Some(FileStatus::TimedOut));
    // The thread's parser is usable again afterwards.
    let outcome = check_and_extract(
        Language::Python,
        b"def g():\n    pass\n",
        Duration::from_secs(5),
    );
    assert_eq!(status(&outcome), None);
}
