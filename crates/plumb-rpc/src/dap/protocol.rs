//! DAP's three message types on the shared framing: requests (sent with a
//! `seq` of our own), responses (matched by `request_seq`, failing with a
//! `message` and an optional `body.error`), and events, which have no LSP
//! equivalent. Bodies stay `serde_json::Value`s: the session reads the few
//! fields it needs, and adapters add fields freely.

use serde_json::{Value, json};

/// One message from the adapter.
#[derive(Clone, Debug, PartialEq)]
pub enum Incoming {
    /// The answer to one of our requests.
    Response(Response),
    /// Something that happened (stopped, output, exited…).
    Event(Event),
    /// A reverse request (`runInTerminal`, `startDebugging`), which the
    /// client answers.
    Request {
        /// Its sequence number, the `request_seq` of our answer.
        seq: i64,
        /// Its command.
        command: String,
    },
}

/// A response to a request.
#[derive(Clone, Debug, PartialEq)]
pub struct Response {
    /// The `seq` of the request it answers.
    pub request_seq: i64,
    /// The command it answers.
    pub command: String,
    /// The body on success; the failure otherwise.
    pub result: Result<Value, DapError>,
}

/// An event.
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    /// Its name (`stopped`, `output`, `exited`…).
    pub event: String,
    /// Its body (`Value::Null` when absent).
    pub body: Value,
}

/// A failed request, as DAP reports it: the response's short `message`
/// and, when given, the formatted `body.error`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{command} failed: {message}")]
pub struct DapError {
    /// The command that failed.
    pub command: String,
    /// What the adapter said, `body.error.format` with its variables
    /// substituted when present, else `message`.
    pub message: String,
}

/// Why a message could not be read.
#[derive(Debug, thiserror::Error)]
pub enum MessageError {
    /// The body is not JSON.
    #[error("a DAP message that is not JSON: {0}")]
    Json(#[from] serde_json::Error),
    /// The JSON is not a DAP message.
    #[error("not a DAP message: {0}")]
    Shape(String),
}

/// Parses one frame's body.
pub fn parse(body: &[u8]) -> Result<Incoming, MessageError> {
    let value: Value = serde_json::from_slice(body)?;
    let text = |key: &str| value.get(key).and_then(Value::as_str).map(str::to_owned);
    let kind = text("type").ok_or_else(|| MessageError::Shape("no `type`".into()))?;
    match kind.as_str() {
        "response" => {
            let request_seq = value
                .get("request_seq")
                .and_then(Value::as_i64)
                .ok_or_else(|| MessageError::Shape("a response without `request_seq`".into()))?;
            let command = text("command").unwrap_or_default();
            let body = value.get("body").cloned().unwrap_or(Value::Null);
            let success = value.get("success").and_then(Value::as_bool) == Some(true);
            let result = if success {
                Ok(body)
            } else {
                Err(DapError {
                    message: failure_message(text("message"), &body),
                    command: command.clone(),
                })
            };
            Ok(Incoming::Response(Response {
                request_seq,
                command,
                result,
            }))
        }
        "event" => Ok(Incoming::Event(Event {
            event: text("event")
                .ok_or_else(|| MessageError::Shape("an event without a name".into()))?,
            body: value.get("body").cloned().unwrap_or(Value::Null),
        })),
        "request" => Ok(Incoming::Request {
            seq: value.get("seq").and_then(Value::as_i64).unwrap_or(0),
            command: text("command").unwrap_or_default(),
        }),
        other => Err(MessageError::Shape(format!("unknown type {other:?}"))),
    }
}

/// The text of a failure: `body.error.format` with `{name}` replaced by its
/// variables (DAP's `Message`), else the response's `message`.
fn failure_message(message: Option<String>, body: &Value) -> String {
    let formatted = body.get("error").and_then(|error| {
        let mut text = error.get("format")?.as_str()?.to_owned();
        if let Some(variables) = error.get("variables").and_then(Value::as_object) {
            for (name, value) in variables {
                let value = value
                    .as_str()
                    .map_or_else(|| value.to_string(), str::to_owned);
                text = text.replace(&format!("{{{name}}}"), &value);
            }
        }
        Some(text)
    });
    formatted
        .or(message)
        .unwrap_or_else(|| "the adapter gave no reason".to_owned())
}

/// The body of request `command` with sequence number `seq`.
pub fn request(seq: i64, command: &str, arguments: Value) -> Vec<u8> {
    let mut message = json!({"seq": seq, "type": "request", "command": command});
    if !arguments.is_null() {
        message["arguments"] = arguments;
    }
    message.to_string().into_bytes()
}

/// The body of a failure answer to the adapter's reverse request `command`.
pub fn refusal(seq: i64, request_seq: i64, command: &str) -> Vec<u8> {
    json!({
        "seq": seq,
        "type": "response",
        "request_seq": request_seq,
        "command": command,
        "success": false,
        "message": format!("plumb does not support the reverse request `{command}`"),
    })
    .to_string()
    .into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_successful_response_carries_its_body() {
        let body = br#"{"seq":3,"type":"response","request_seq":1,"command":"initialize","success":true,"body":{"supportsConfigurationDoneRequest":true}}"#;
        let Incoming::Response(response) = parse(body).unwrap() else {
            panic!("not a response")
        };
        assert_eq!(response.request_seq, 1);
        assert_eq!(
            response.result.unwrap()["supportsConfigurationDoneRequest"],
            true
        );
    }

    #[test]
    fn a_failure_formats_its_error_variables() {
        let body = br#"{"seq":9,"type":"response","request_seq":4,"command":"evaluate","success":false,"message":"evaluate failed","body":{"error":{"id":1,"format":"name '{name}' is not defined","variables":{"name":"nope"}}}}"#;
        let Incoming::Response(response) = parse(body).unwrap() else {
            panic!("not a response")
        };
        let err = response.result.unwrap_err();
        assert_eq!(err.message, "name 'nope' is not defined");
        assert_eq!(err.command, "evaluate");
    }

    #[test]
    fn a_failure_without_a_body_uses_its_message() {
        let body = br#"{"seq":9,"type":"response","request_seq":4,"command":"next","success":false,"message":"notStopped"}"#;
        let Incoming::Response(response) = parse(body).unwrap() else {
            panic!("not a response")
        };
        assert_eq!(response.result.unwrap_err().message, "notStopped");
    }

    #[test]
    fn events_and_reverse_requests_are_told_apart() {
        let event = parse(br#"{"seq":1,"type":"event","event":"stopped","body":{"reason":"breakpoint","threadId":1}}"#).unwrap();
        assert!(
            matches!(&event, Incoming::Event(e) if e.event == "stopped" && e.body["threadId"] == 1)
        );
        let request =
            parse(br#"{"seq":7,"type":"request","command":"runInTerminal","arguments":{}}"#)
                .unwrap();
        assert_eq!(
            request,
            Incoming::Request {
                seq: 7,
                command: "runInTerminal".into()
            }
        );
    }

    #[test]
    fn malformed_messages_are_errors_not_panics() {
        assert!(matches!(parse(b"not json"), Err(MessageError::Json(_))));
        assert!(matches!(parse(b"{}"), Err(MessageError::Shape(_))));
        assert!(matches!(
            parse(br#"{"type":"response"}"#),
            Err(MessageError::Shape(_))
        ));
    }

    #[test]
    fn requests_omit_absent_arguments() {
        let bytes = request(4, "threads", Value::Null);
        let value: Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(
            value,
            json!({"seq": 4, "type": "request", "command": "threads"})
        );
        let bytes = request(5, "next", json!({"threadId": 1}));
        let value: Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(value["arguments"]["threadId"], 1);
    }
}
