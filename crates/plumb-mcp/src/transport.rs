//! Newline-delimited JSON-RPC over a reader and a writer (stdin and stdout),
//! as an rmcp [`Transport`].
//!
//! rmcp's own stdio transport drops a line that is not JSON without a word
//! (rust-sdk#938); MCP's base protocol is JSON-RPC 2.0, which answers it with
//! a parse error (-32700, `"id": null`). This transport does that, answers
//! well-formed JSON that is not a message with an invalid-request error
//! (-32600), and keeps serving either way. One writer task writes every
//! outgoing message whole and in the order queued, so an error answer to a
//! bad line goes out before the answers to the lines after it.

use rmcp::RoleServer;
use rmcp::model::{ClientJsonRpcMessage, ErrorData, ServerJsonRpcMessage};
use rmcp::transport::Transport;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::{mpsc, oneshot, watch};
use tokio::task::JoinHandle;

use crate::quote::{MAX_QUOTED_CHARS, bounded};

/// Longest incoming line accepted; longer ones are discarded. From rmcp's
/// `DEFAULT_MAX_LINE_LENGTH` (16 MiB), so both transports accept the same.
const MAX_LINE_BYTES: usize = 16 * 1024 * 1024;

/// Longest string id a request may have. Every response echoes its id
/// whole (JSON-RPC 2.0), so a longer one would make any answer, even an
/// error, outgrow the response budget: it is refused as an invalid request
/// with a null id, as JSON-RPC says for an id that cannot be read. Chosen:
/// the length to which an echoed word is cut ([`MAX_QUOTED_CHARS`]); the ids
/// clients send are numbers or UUIDs (36 characters).
const MAX_ID_CHARS: usize = MAX_QUOTED_CHARS;

/// One message for the writer task, and who waits for it to be written.
struct Outgoing {
    line: Vec<u8>,
    written: Option<oneshot::Sender<std::io::Result<()>>>,
}

/// A stdio-style transport that answers malformed input.
pub struct LineTransport<R> {
    read: BufReader<R>,
    line: Vec<u8>,
    discarding: bool,
    queue: Option<mpsc::UnboundedSender<Outgoing>>,
    writer: Option<JoinHandle<()>>,
    input_ended: watch::Sender<bool>,
}

/// Resolves once the transport's input has ended (the client closed
/// stdin), or the transport is gone.
#[derive(Clone)]
pub struct InputEnded(watch::Receiver<bool>);

impl InputEnded {
    /// Waits for the end of the input.
    pub async fn wait(mut self) {
        // An error means the transport was dropped: its input is over too.
        let _ = self.0.wait_for(|ended| *ended).await;
    }
}

impl<R: AsyncRead + Unpin> LineTransport<R> {
    /// Reads messages from `read`, writes them to `write` from a task of
    /// its own (so it must be called inside a Tokio runtime).
    pub fn new<W: AsyncWrite + Unpin + Send + 'static>(read: R, write: W) -> LineTransport<R> {
        let (queue, outgoing) = mpsc::unbounded_channel();
        LineTransport {
            read: BufReader::new(read),
            line: Vec::new(),
            discarding: false,
            queue: Some(queue),
            writer: Some(tokio::spawn(write_lines(write, outgoing))),
            input_ended: watch::Sender::new(false),
        }
    }

    /// A signal of the end of this transport's input, for calls that
    /// should stop waiting when the client has gone.
    pub fn input_ended(&self) -> InputEnded {
        InputEnded(self.input_ended.subscribe())
    }

    /// Queues `line` (newline included) without waiting; `written` hears
    /// how the write went.
    fn queue(&self, line: Vec<u8>, written: Option<oneshot::Sender<std::io::Result<()>>>) -> bool {
        self.queue
            .as_ref()
            .is_some_and(|queue| queue.send(Outgoing { line, written }).is_ok())
    }
}

/// The writer task: writes each queued line whole, in order, and flushes.
async fn write_lines<W: AsyncWrite + Unpin>(
    mut write: W,
    mut outgoing: mpsc::UnboundedReceiver<Outgoing>,
) {
    while let Some(Outgoing { line, written }) = outgoing.recv().await {
        let result = match write.write_all(&line).await {
            Ok(()) => write.flush().await,
            Err(err) => Err(err),
        };
        if let Err(err) = &result {
            tracing::error!("writing to stdout: {err}");
        }
        if let Some(written) = written {
            let _ = written.send(result);
        }
    }
}

fn closed() -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::BrokenPipe, "the transport is closed")
}

/// One step of reading a line.
enum Line {
    /// `self.line` holds a whole line (without its newline).
    Ready,
    /// The line was longer than [`MAX_LINE_BYTES`] and was dropped.
    Oversized,
    /// The stream ended.
    End,
}

impl<R: AsyncRead + Unpin> LineTransport<R> {
    /// Reads one line into `self.line`. Cancel-safe: bytes are moved from
    /// the buffer into `self.line` with no await in between, so a dropped
    /// call resumes where it stopped.
    async fn read_line(&mut self) -> Line {
        loop {
            let available = match self.read.fill_buf().await {
                Ok(available) => available,
                Err(err) => {
                    tracing::error!("reading stdin: {err}");
                    return Line::End;
                }
            };
            if available.is_empty() {
                return Line::End;
            }
            let newline = available.iter().position(|&b| b == b'\n');
            let take = newline.map_or(available.len(), |at| at + 1);
            let over = self.line.len() + take > MAX_LINE_BYTES;
            if !self.discarding && !over {
                self.line.extend_from_slice(&available[..take]);
            }
            self.read.consume(take);
            if over && !self.discarding {
                self.line.clear();
                self.discarding = true;
            }
            if newline.is_some() {
                if std::mem::take(&mut self.discarding) {
                    return Line::Oversized;
                }
                self.line.pop();
                if self.line.last() == Some(&b'\r') {
                    self.line.pop();
                }
                return Line::Ready;
            }
        }
    }
}

/// What to do with one incoming line.
#[derive(Debug)]
enum Incoming {
    /// A message for the server.
    Message(Box<ClientJsonRpcMessage>),
    /// An error response to send back.
    Reply(Value),
    /// Nothing (a blank line, or a notification that is not understood).
    Skip,
}

/// Classifies one line.
fn classify(line: &[u8]) -> Incoming {
    let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        return Incoming::Skip;
    }
    let value: Value = match serde_json::from_slice(line) {
        Ok(value) => value,
        Err(err) => {
            tracing::warn!("unparsable message: {}", bounded(&err.to_string()));
            return Incoming::Reply(error_response(
                Value::Null,
                ErrorData::parse_error(bounded(&format!("Parse error: {err}")), None),
            ));
        }
    };
    if let Some(length) = value
        .get("id")
        .and_then(Value::as_str)
        .map(|id| id.chars().count())
        .filter(|&length| length > MAX_ID_CHARS)
    {
        tracing::warn!("refused a request with an id of {length} characters");
        return Incoming::Reply(error_response(
            Value::Null,
            ErrorData::invalid_request(
                format!(
                    "Invalid request: its id is {length} characters long; ids longer than {MAX_ID_CHARS} characters are refused"
                ),
                None,
            ),
        ));
    }
    let id = value.get("id").cloned();
    let notification = id.is_none() && value.get("method").is_some();
    match serde_json::from_value::<ClientJsonRpcMessage>(value) {
        Ok(message) => Incoming::Message(Box::new(message)),
        // A notification gets no response, even a bad one.
        Err(err) if notification => {
            tracing::warn!(
                "ignoring a malformed notification: {}",
                bounded(&err.to_string())
            );
            Incoming::Skip
        }
        Err(err) => {
            tracing::warn!("invalid message: {}", bounded(&err.to_string()));
            let id = id
                .filter(|id| id.is_string() || id.is_number())
                .unwrap_or(Value::Null);
            Incoming::Reply(error_response(
                id,
                ErrorData::invalid_request(bounded(&format!("Invalid request: {err}")), None),
            ))
        }
    }
}

/// A JSON-RPC error response; `id` is null when it could not be read, as
/// JSON-RPC 2.0 requires.
fn error_response(id: Value, error: ErrorData) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": error})
}

impl<R> Transport<RoleServer> for LineTransport<R>
where
    R: AsyncRead + Unpin + Send + 'static,
{
    type Error = std::io::Error;

    fn send(
        &mut self,
        item: ServerJsonRpcMessage,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        let (written, outcome) = oneshot::channel();
        let queued = serde_json::to_vec(&item).map(|mut line| {
            line.push(b'\n');
            self.queue(line, Some(written))
        });
        async move {
            match queued {
                Ok(true) => outcome.await.unwrap_or_else(|_| Err(closed())),
                Ok(false) => Err(closed()),
                Err(err) => Err(err.into()),
            }
        }
    }

    async fn receive(&mut self) -> Option<ClientJsonRpcMessage> {
        loop {
            match self.read_line().await {
                Line::End => {
                    self.input_ended.send_replace(true);
                    return None;
                }
                Line::Oversized => {
                    tracing::error!("discarded a message longer than {MAX_LINE_BYTES} bytes");
                    continue;
                }
                Line::Ready => {}
            }
            let incoming = classify(&self.line);
            self.line.clear();
            match incoming {
                Incoming::Message(message) => return Some(*message),
                Incoming::Skip => {}
                Incoming::Reply(value) => {
                    // Queued without an await: `receive` may be cancelled.
                    let mut line = value.to_string().into_bytes();
                    line.push(b'\n');
                    self.queue(line, None);
                }
            }
        }
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        // Dropping the queue ends the writer once it has written the rest.
        self.queue = None;
        if let Some(writer) = self.writer.take() {
            writer.await.map_err(std::io::Error::other)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn garbage_gets_a_parse_error_with_a_null_id() {
        let Incoming::Reply(reply) = classify(b"{not json") else {
            panic!("expected a reply");
        };
        assert_eq!(reply["error"]["code"], -32700);
        assert!(reply["id"].is_null());
    }

    #[test]
    fn json_that_is_no_message_gets_invalid_request_with_its_id() {
        let Incoming::Reply(reply) = classify(br#"{"jsonrpc":"2.0","id":7}"#) else {
            panic!("expected a reply");
        };
        assert_eq!(reply["error"]["code"], -32600);
        assert_eq!(reply["id"], 7);
    }

    #[test]
    fn an_overlong_id_is_refused_with_a_null_id_and_a_short_message() {
        let long = "7".repeat(200_000);
        for line in [
            format!(r#"{{"jsonrpc":"2.0","id":"{long}","method":"ping"}}"#),
            format!(r#"{{"jsonrpc":"2.0","id":"{long}","method":"tools/call"}}"#),
            format!(r#"{{"jsonrpc":"2.0","id":"{long}"}}"#),
        ] {
            let Incoming::Reply(reply) = classify(line.as_bytes()) else {
                panic!("expected a reply");
            };
            assert_eq!(reply["error"]["code"], -32600);
            assert!(reply["id"].is_null());
            assert!(reply.to_string().len() < 300, "{reply}");
        }
        let fits = format!(
            r#"{{"jsonrpc":"2.0","id":"{}","method":"ping"}}"#,
            "7".repeat(MAX_ID_CHARS)
        );
        assert!(matches!(classify(fits.as_bytes()), Incoming::Message(_)));
    }

    #[test]
    fn requests_pass_and_blank_lines_are_skipped() {
        let ping = br#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;
        assert!(matches!(classify(ping), Incoming::Message(_)));
        assert!(matches!(classify(b"  "), Incoming::Skip));
    }

    #[test]
    fn a_bad_notification_is_ignored_but_a_batch_is_refused() {
        let bad_notification = br#"{"jsonrpc":"2.0","method":"notifications/progress","params":3}"#;
        assert!(matches!(classify(bad_notification), Incoming::Skip));
        let Incoming::Reply(reply) = classify(b"[1, 2]") else {
            panic!("expected a reply");
        };
        assert_eq!(reply["error"]["code"], -32600);
        assert!(reply["id"].is_null());
    }
}

#[cfg(test)]
mod properties {
    //! Property tests over the JSON-RPC input: any line, bytes or JSON, is
    //! classified without a panic, and what is sent back is a bounded
    //! JSON-RPC error with an id a client can match.

    use proptest::prelude::*;

    use super::*;

    /// Random lines per run. Chosen: a few hundred run in about a second.
    const CASES: u32 = 384;

    /// Longest error reply, in bytes. Chosen: the bounded message
    /// (`quote::MAX_MESSAGE_CHARS` characters, up to 4 bytes each) and the
    /// envelope around it.
    const MAX_REPLY_BYTES: usize = 4 * crate::quote::MAX_MESSAGE_CHARS + 200;

    /// A JSON value of any shape, a few levels deep, with long strings.
    fn json_value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            any::<f64>().prop_map(|f| json!(f)),
            any::<String>().prop_map(Value::from),
            (0..20_000usize).prop_map(|n| Value::from("x".repeat(n))),
        ];
        leaf.prop_recursive(3, 24, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..6).prop_map(Value::from),
                prop::collection::btree_map(any::<String>(), inner, 0..6)
                    .prop_map(|map| Value::Object(map.into_iter().collect())),
            ]
        })
    }

    /// A message shaped like JSON-RPC: known and unknown methods, ids and
    /// params of every type, fields left out.
    fn message() -> impl Strategy<Value = Vec<u8>> {
        let method = prop_oneof![
            Just("initialize".to_owned()),
            Just("tools/call".to_owned()),
            Just("tools/list".to_owned()),
            Just("notifications/cancelled".to_owned()),
            any::<String>(),
        ];
        (
            proptest::option::of(method),
            proptest::option::of(json_value()),
            proptest::option::of(json_value()),
            any::<bool>(),
        )
            .prop_map(|(method, id, params, version)| {
                let mut object = serde_json::Map::new();
                if version {
                    object.insert("jsonrpc".into(), "2.0".into());
                }
                if let Some(method) = method {
                    object.insert("method".into(), method.into());
                }
                if let Some(id) = id {
                    object.insert("id".into(), id);
                }
                if let Some(params) = params {
                    object.insert("params".into(), params);
                }
                serde_json::to_vec(&Value::Object(object)).unwrap_or_default()
            })
    }

    /// Checks a classification: a reply is a JSON-RPC error whose id is a
    /// string, a number or null, bounded but for that id.
    fn check(incoming: Incoming) -> Result<(), TestCaseError> {
        if let Incoming::Reply(reply) = incoming {
            prop_assert_eq!(&reply["jsonrpc"], "2.0");
            let code = reply["error"]["code"].as_i64();
            prop_assert!(matches!(code, Some(-32700 | -32600)), "{}", reply);
            let id = &reply["id"];
            prop_assert!(id.is_null() || id.is_string() || id.is_number(), "{}", id);
            // The id is echoed whole, as JSON-RPC requires; the rest is bounded.
            let size = reply.to_string().len() - id.to_string().len();
            prop_assert!(
                size <= MAX_REPLY_BYTES,
                "reply of {} bytes besides its id",
                size
            );
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(CASES))]

        #[test]
        fn any_bytes_are_classified(line in prop::collection::vec(any::<u8>(), 0..512)) {
            check(classify(&line))?;
        }

        #[test]
        fn any_json_rpc_shaped_message_is_classified(line in message()) {
            check(classify(&line))?;
        }
    }
}
