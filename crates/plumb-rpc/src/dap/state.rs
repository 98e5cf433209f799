//! The session's state machine, driven by the adapter's events and by the
//! requests that resume the program: `running` → `stopped` (a `stopped`
//! event) → `running` (a resume request answered, or `continued`) … →
//! `exited` (an `exited` event, with the exit code) or `terminated` (the
//! session ended without one: stopped by plumb, or the adapter died).
//! `exited` and `terminated` are final.

use std::fmt;

use serde_json::Value;

use super::protocol::Event;

/// Where the program is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Running (or starting): no stop to inspect.
    Running,
    /// Stopped: frames, variables and expressions can be read.
    Stopped,
    /// The program exited with a known code.
    Exited,
    /// The session ended without an exit code.
    Terminated,
}

impl Phase {
    /// The name results carry.
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Running => "running",
            Phase::Stopped => "stopped",
            Phase::Exited => "exited",
            Phase::Terminated => "terminated",
        }
    }

    /// Whether the session is over.
    pub fn is_final(self) -> bool {
        matches!(self, Phase::Exited | Phase::Terminated)
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why and where the program last stopped, as the `stopped` event said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stop {
    /// `breakpoint`, `step`, `exception`, `pause`, `entry`…
    pub reason: String,
    /// The thread that stopped, when the adapter named one.
    pub thread_id: Option<i64>,
    /// The adapter's description or text (an exception's message).
    pub description: Option<String>,
}

/// The state of one session.
#[derive(Clone, Debug)]
pub struct SessionState {
    phase: Phase,
    stop: Option<Stop>,
    exit_code: Option<i64>,
    stops: u64,
    process_id: Option<u32>,
}

impl Default for SessionState {
    fn default() -> Self {
        SessionState::new()
    }
}

impl SessionState {
    /// A session whose program is starting.
    pub fn new() -> SessionState {
        SessionState {
            phase: Phase::Running,
            stop: None,
            exit_code: None,
            stops: 0,
            process_id: None,
        }
    }

    /// Where the program is.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The last stop, while stopped.
    pub fn stop(&self) -> Option<&Stop> {
        self.stop.as_ref().filter(|_| self.phase == Phase::Stopped)
    }

    /// The exit code, once exited.
    pub fn exit_code(&self) -> Option<i64> {
        self.exit_code
    }

    /// How many stops there have been: a waiter compares it with the count
    /// before it resumed the program.
    pub fn stops(&self) -> u64 {
        self.stops
    }

    /// The debuggee's process id, from the `process` event.
    pub fn process_id(&self) -> Option<u32> {
        self.process_id
    }

    /// Applies `event`; returns a note for the next result when the event
    /// is worth reporting beyond the state itself.
    pub fn apply(&mut self, event: &Event) -> Option<String> {
        let body = &event.body;
        let text = |key: &str| body.get(key).and_then(Value::as_str).map(str::to_owned);
        match event.event.as_str() {
            "stopped" if !self.phase.is_final() => {
                self.phase = Phase::Stopped;
                self.stops += 1;
                self.stop = Some(Stop {
                    reason: text("reason").unwrap_or_else(|| "unknown".to_owned()),
                    thread_id: body.get("threadId").and_then(Value::as_i64),
                    description: text("text").or_else(|| text("description")),
                });
                None
            }
            "continued" if !self.phase.is_final() => {
                self.phase = Phase::Running;
                None
            }
            "exited" => {
                let code = body.get("exitCode").and_then(Value::as_i64);
                self.exit_code = code;
                self.phase = if code.is_some() {
                    Phase::Exited
                } else {
                    Phase::Terminated
                };
                Some(match code {
                    Some(code) => format!("the program exited with code {code}"),
                    None => "the program exited".to_owned(),
                })
            }
            "terminated" => {
                if !self.phase.is_final() {
                    self.phase = Phase::Terminated;
                }
                None
            }
            "process" => {
                self.process_id = body
                    .get("systemProcessId")
                    .and_then(Value::as_u64)
                    .and_then(|pid| u32::try_from(pid).ok());
                None
            }
            "breakpoint" => {
                let breakpoint = body.get("breakpoint")?;
                let line = breakpoint.get("line").and_then(Value::as_i64);
                let verified = breakpoint.get("verified").and_then(Value::as_bool) == Some(true);
                let reason = text("reason").unwrap_or_else(|| "changed".to_owned());
                Some(format!(
                    "breakpoint {reason}: {}{}",
                    line.map_or_else(|| "no line".to_owned(), |line| format!("line {line}")),
                    if verified {
                        ", verified"
                    } else {
                        ", not verified"
                    }
                ))
            }
            _ => None,
        }
    }

    /// The program was resumed (a continue or step request succeeded).
    pub fn resumed(&mut self) {
        if self.phase == Phase::Stopped {
            self.phase = Phase::Running;
        }
    }

    /// The adapter is gone (exited, or its stream ended): the session is
    /// over, whatever the program was doing.
    pub fn ended(&mut self) {
        if !self.phase.is_final() {
            self.phase = Phase::Terminated;
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn event(name: &str, body: Value) -> Event {
        Event {
            event: name.into(),
            body,
        }
    }

    #[test]
    fn a_stop_then_a_resume_then_an_exit() {
        let mut state = SessionState::new();
        assert_eq!(state.phase(), Phase::Running);
        state.apply(&event(
            "stopped",
            json!({"reason": "breakpoint", "threadId": 7}),
        ));
        assert_eq!(state.phase(), Phase::Stopped);
        assert_eq!(state.stops(), 1);
        assert_eq!(state.stop().unwrap().thread_id, Some(7));
        state.resumed();
        assert_eq!(state.phase(), Phase::Running);
        assert!(state.stop().is_none());
        let note = state.apply(&event("exited", json!({"exitCode": 1})));
        assert_eq!(note.as_deref(), Some("the program exited with code 1"));
        state.apply(&event("terminated", Value::Null));
        assert_eq!(state.phase(), Phase::Exited);
        assert_eq!(state.exit_code(), Some(1));
    }

    #[test]
    fn final_states_stay_final() {
        let mut state = SessionState::new();
        state.apply(&event("terminated", Value::Null));
        assert_eq!(state.phase(), Phase::Terminated);
        state.apply(&event("stopped", json!({"reason": "pause"})));
        state.apply(&event("continued", json!({})));
        state.ended();
        assert_eq!(state.phase(), Phase::Terminated);
        assert_eq!(state.stops(), 0);
    }

    #[test]
    fn the_adapter_going_away_terminates() {
        let mut state = SessionState::new();
        state.apply(&event("stopped", json!({"reason": "step", "threadId": 1})));
        state.ended();
        assert_eq!(state.phase(), Phase::Terminated);
    }

    #[test]
    fn the_process_event_gives_the_pid_and_breakpoints_give_notes() {
        let mut state = SessionState::new();
        state.apply(&event(
            "process",
            json!({"name": "a", "systemProcessId": 4242}),
        ));
        assert_eq!(state.process_id(), Some(4242));
        let note = state.apply(&event(
            "breakpoint",
            json!({"reason": "changed", "breakpoint": {"id": 1, "verified": true, "line": 12}}),
        ));
        assert_eq!(
            note.as_deref(),
            Some("breakpoint changed: line 12, verified")
        );
    }
}
