//! How a failed run is told: its message (each cause said once), on stderr,
//! and with `--json` also as the one JSON object on stdout,
//! `{"error": {"code", "message"}}`, with the same exit code as without it.

use std::io::Write;
use std::process::ExitCode;

use clap::error::ErrorKind;
use serde::Serialize;

/// What kind of failure it was: the `code` of the JSON error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Code {
    /// The command line is malformed (exit 2).
    Usage,
    /// The input is at fault: a name, a file, the index (exit 2).
    Input,
    /// plumb failed (exit 3).
    Internal,
}

impl Code {
    fn exit(self) -> u8 {
        match self {
            Code::Usage | Code::Input => 2,
            Code::Internal => 3,
        }
    }
}

/// The JSON error object.
#[derive(Serialize)]
struct Failure<'a> {
    error: Body<'a>,
}

#[derive(Serialize)]
struct Body<'a> {
    code: Code,
    message: &'a str,
}

/// Reports a failed run and gives its exit code.
pub fn report(err: &anyhow::Error, code: Code, json: bool) -> ExitCode {
    tell(&message(err), code, json)
}

/// Reports a command line clap refused; `--help` and `--version` print
/// as clap prints them.
pub fn usage(err: &clap::Error) -> ExitCode {
    if matches!(
        err.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        let _ = err.print();
        return ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(2));
    }
    if !json_asked() {
        let _ = err.print();
        return ExitCode::from(Code::Usage.exit());
    }
    tell(&clap_message(&err.to_string()), Code::Usage, true)
}

/// clap's error text in one line: its lines but the usage and the pointer
/// to `--help`, joined by `; `.
fn clap_message(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .filter(|line| {
            !(line.is_empty()
                || line.starts_with("Usage:")
                || line.starts_with("For more information"))
        })
        .map(|line| line.trim_start_matches("error: "))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Whether `--json` is on a command line clap could not read.
fn json_asked() -> bool {
    std::env::args_os()
        .skip(1)
        .take_while(|arg| arg != "--")
        .any(|arg| arg == "--json")
}

fn tell(message: &str, code: Code, json: bool) -> ExitCode {
    eprintln!("plumb: {message}");
    if json {
        let failure = Failure {
            error: Body { code, message },
        };
        if let Ok(text) = serde_json::to_string(&failure) {
            let mut stdout = std::io::stdout().lock();
            let _ = writeln!(stdout, "{text}").and_then(|()| stdout.flush());
        }
    }
    ExitCode::from(code.exit())
}

/// The error and its causes, joined by `: `, leaving out a cause whose text
/// is already said (an error that prints its source, then the source).
fn message(err: &anyhow::Error) -> String {
    let mut message = String::new();
    for cause in err.chain() {
        let text = cause.to_string();
        if text.is_empty() || message.contains(&text) {
            continue;
        }
        if !message.is_empty() {
            message.push_str(": ");
        }
        message.push_str(&text);
    }
    message
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cause_already_said_is_left_out() {
        let io = std::io::Error::from(std::io::ErrorKind::PermissionDenied);
        let said = io.to_string();
        let err = anyhow::Error::new(io).context(format!("cannot open .plumb/index.db: {said}"));
        assert_eq!(
            message(&err),
            format!("cannot open .plumb/index.db: {said}")
        );
        let err = anyhow::anyhow!("inner").context("outer");
        assert_eq!(message(&err), "outer: inner");
    }

    #[test]
    fn clap_errors_fit_one_line() {
        let text = "error: invalid value 'x' for '--lang <LANG>'\n  [possible values: c, go]\n\nFor more information, try '--help'.\n";
        assert_eq!(
            clap_message(text),
            "invalid value 'x' for '--lang <LANG>'; [possible values: c, go]"
        );
    }
}
