//! The diagnostics register: per server session, what each file's
//! diagnostics were when last recorded, keyed by severity, code and
//! message — **not position**, so a diagnostic that only moved (an edit
//! above it shifted it down four lines) is not new. Keys are counted: a
//! second identical error in a file is new even though the first is known.

use std::collections::HashMap;

use super::diagnostic::{Diagnostic, Severity};

/// What identifies a diagnostic across edits.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    severity: Severity,
    code: Option<String>,
    message: String,
}

impl Key {
    fn of(diagnostic: &Diagnostic) -> Key {
        Key {
            severity: diagnostic.severity,
            code: diagnostic.code.clone(),
            message: diagnostic.message.clone(),
        }
    }
}

/// How a file's diagnostics changed since the last record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Change {
    /// Diagnostics whose key is now more frequent than before (the later
    /// occurrences of such a key), in the server's order.
    pub new: Vec<Diagnostic>,
    /// Diagnostics whose key is now less frequent than before, counted.
    pub resolved: usize,
}

/// The register of one server session.
#[derive(Debug, Default)]
pub struct Register {
    files: HashMap<String, HashMap<Key, usize>>,
}

impl Register {
    /// An empty register.
    pub fn new() -> Register {
        Register::default()
    }

    /// Whether `file` has been recorded.
    pub fn knows(&self, file: &str) -> bool {
        self.files.contains_key(file)
    }

    /// Records `current` as the diagnostics of `file` and says what is new
    /// and what was resolved since the last record (all of `current` is
    /// new for a file never recorded).
    pub fn record(&mut self, file: &str, current: &[Diagnostic]) -> Change {
        let mut counts: HashMap<Key, usize> = HashMap::new();
        let previous = self.files.remove(file).unwrap_or_default();
        let mut new = Vec::new();
        for diagnostic in current {
            let key = Key::of(diagnostic);
            let count = counts.entry(key.clone()).or_default();
            *count += 1;
            if *count > previous.get(&key).copied().unwrap_or(0) {
                new.push(diagnostic.clone());
            }
        }
        let resolved = previous
            .iter()
            .map(|(key, &before)| before.saturating_sub(counts.get(key).copied().unwrap_or(0)))
            .sum();
        self.files.insert(file.to_owned(), counts);
        Change { new, resolved }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diag(severity: Severity, code: &str, message: &str, line: u32) -> Diagnostic {
        Diagnostic {
            severity,
            code: Some(code.into()),
            message: message.into(),
            file: "a.py".into(),
            line,
            column: 5,
            source: Some("Pyright".into()),
        }
    }

    #[test]
    fn a_diagnostic_that_only_moved_is_not_new_and_a_fix_is_resolved() {
        let mut register = Register::new();
        assert_eq!(register.record("a.py", &[]), Change::default());
        let error = diag(
            Severity::Error,
            "reportCallIssue",
            "Expected 1 positional argument",
            3,
        );
        let change = register.record("a.py", std::slice::from_ref(&error));
        assert_eq!(change.new, vec![error.clone()]);
        assert_eq!(change.resolved, 0);

        let moved = Diagnostic { line: 7, ..error };
        assert_eq!(register.record("a.py", &[moved]), Change::default());

        let change = register.record("a.py", &[]);
        assert_eq!((change.new.len(), change.resolved), (0, 1));
    }

    #[test]
    fn severity_code_and_message_each_tell_diagnostics_apart() {
        let mut register = Register::new();
        let base = diag(Severity::Error, "E1", "bad", 1);
        register.record("a.py", std::slice::from_ref(&base));
        let others = [
            diag(Severity::Warning, "E1", "bad", 1),
            diag(Severity::Error, "E2", "bad", 1),
            diag(Severity::Error, "E1", "worse", 1),
        ];
        let mut all = vec![base];
        all.extend(others.iter().cloned());
        let change = register.record("a.py", &all);
        assert_eq!(change.new, others.to_vec());
    }

    #[test]
    fn a_second_identical_diagnostic_is_new_and_files_are_apart() {
        let mut register = Register::new();
        let error = diag(Severity::Error, "E1", "bad", 1);
        register.record("a.py", std::slice::from_ref(&error));
        let twice = [
            error.clone(),
            Diagnostic {
                line: 9,
                ..error.clone()
            },
        ];
        let change = register.record("a.py", &twice);
        assert_eq!(change.new.len(), 1);
        assert_eq!(change.new[0].line, 9);
        assert!(!register.knows("b.py"));
        assert_eq!(register.record("b.py", &twice).new.len(), 2);
        assert_eq!(register.record("a.py", &[]).resolved, 2);
    }
}
