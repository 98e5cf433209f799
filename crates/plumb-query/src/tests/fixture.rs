//! Multi-file fixtures: a raw string split into files by `//- /path`
//! header lines, with at most one `$0` marking the cursor.

use std::path::Path;

use crate::Locator;

/// The cursor marker.
const CURSOR: &str = "$0";

/// The files of a fixture and where its cursor is.
pub(crate) struct Fixture {
    files: Vec<(String, String)>,
    cursor: Option<(String, u32)>,
}

impl Fixture {
    /// Splits `text` at its `//- /path` lines; the cursor is taken out of
    /// the text and remembered as its file and line.
    pub(crate) fn parse(text: &str) -> Fixture {
        let mut files: Vec<(String, String)> = Vec::new();
        let mut cursor = None;
        for line in text.lines() {
            if let Some(path) = line.trim().strip_prefix("//- /") {
                files.push((path.trim().to_owned(), String::new()));
                continue;
            }
            if files.is_empty() && line.trim().is_empty() {
                continue;
            }
            let (path, body) = files.last_mut().expect("a fixture starts with `//- /path`");
            if let Some(at) = line.find(CURSOR) {
                assert!(cursor.is_none(), "one `$0` per fixture");
                cursor = Some((path.clone(), body.lines().count() as u32 + 1));
                body.push_str(&line[..at]);
                body.push_str(&line[at + CURSOR.len()..]);
            } else {
                body.push_str(line);
            }
            body.push('\n');
        }
        Fixture { files, cursor }
    }

    /// Writes the files below `root`.
    pub(crate) fn write(&self, root: &Path) {
        for (path, body) in &self.files {
            let path = root.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, body).unwrap();
        }
    }

    /// The cursor as `path:LINE`.
    pub(crate) fn cursor(&self) -> Option<Locator> {
        self.cursor.as_ref().map(|(path, line)| Locator::Location {
            path: path.clone(),
            line: *line,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_split_at_headers_and_the_cursor_is_a_line() {
        let fixture = Fixture::parse(
            r#"
//- /a.py
x = 1
//- /pkg/b.py
def f():$0
    pass
"#,
        );
        assert_eq!(fixture.files.len(), 2);
        assert_eq!(
            fixture.files[1],
            ("pkg/b.py".into(), "def f():\n    pass\n".into())
        );
        assert_eq!(fixture.cursor().unwrap().to_string(), "pkg/b.py:1");
    }
}
