//! The DAP client: requests written with our own `seq`, a reader thread
//! that files each response under its `request_seq` for the one waiter,
//! applies events to the session state, appends `output` events to the
//! bounded output buffer and refuses reverse requests. Every wait is
//! bounded; when the adapter's stream ends, every waiter is woken with
//! [`ClientError::Gone`].

use std::collections::{HashMap, HashSet};
use std::io::{BufReader, Read, Write};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::buffer::{EventNotes, OutputBuffer};
use super::protocol::{self, DapError, Event, Incoming};
use super::state::SessionState;
use crate::framing::{FrameReader, write_frame};

/// Output categories that are the program's own (DAP's `output` event);
/// `console` is the adapter talking, `telemetry` is for the IDE's vendor.
const PROGRAM_OUTPUT: &[&str] = &["stdout", "stderr"];

/// Bounds of the client's buffers.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// Bytes of unread program output kept (the tail).
    pub output_bytes: usize,
    /// Event notes kept until the next result.
    pub notes: usize,
}

/// Why a request got no answer.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The adapter answered with a failure.
    #[error(transparent)]
    Failed(#[from] DapError),
    /// The adapter did not answer in time.
    #[error("the debug adapter did not answer `{command}` within {seconds} s")]
    Timeout {
        /// The request.
        command: String,
        /// The wait, in seconds.
        seconds: u64,
    },
    /// The adapter's stream ended (it exited or crashed).
    #[error("the debug adapter exited (its stream ended) before answering `{0}`")]
    Gone(String),
    /// Writing to the adapter failed.
    #[error("writing to the debug adapter: {0}")]
    Io(#[from] std::io::Error),
}

/// What the reader thread has received and the session reads.
#[derive(Debug)]
pub struct Inbox {
    /// The session state, driven by events.
    pub state: SessionState,
    /// Notes for the next result.
    pub notes: EventNotes,
    /// The program's unread output.
    pub output: OutputBuffer,
    /// Whether the `initialized` event came.
    pub initialized: bool,
    /// Whether the adapter's stream is still open.
    pub alive: bool,
    /// Why the stream ended, when it ended abnormally.
    pub failure: Option<String>,
    awaited: HashSet<i64>,
    responses: HashMap<i64, Result<Value, DapError>>,
}

impl Inbox {
    /// Whether the answer to request `seq` has come (and not been taken).
    pub fn answered(&self, seq: i64) -> bool {
        self.responses.contains_key(&seq)
    }
}

struct Shared {
    inbox: Mutex<Inbox>,
    changed: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Inbox> {
        // A panic while holding the lock leaves plain data behind; keep going.
        self.inbox
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

type Writer = Arc<Mutex<Box<dyn Write + Send>>>;

/// A connection to one debug adapter.
pub struct Client {
    writer: Writer,
    next_seq: Arc<AtomicI64>,
    shared: Arc<Shared>,
}

impl Client {
    /// Starts reading `from` on a thread of its own; requests go to `to`.
    pub fn start(
        from: impl Read + Send + 'static,
        to: impl Write + Send + 'static,
        bounds: Bounds,
    ) -> std::io::Result<Client> {
        let shared = Arc::new(Shared {
            inbox: Mutex::new(Inbox {
                state: SessionState::new(),
                notes: EventNotes::new(bounds.notes),
                output: OutputBuffer::new(bounds.output_bytes),
                initialized: false,
                alive: true,
                failure: None,
                awaited: HashSet::new(),
                responses: HashMap::new(),
            }),
            changed: Condvar::new(),
        });
        let writer: Writer = Arc::new(Mutex::new(Box::new(to)));
        let next_seq = Arc::new(AtomicI64::new(1));
        let reader = Reader {
            shared: Arc::clone(&shared),
            writer: Arc::clone(&writer),
            next_seq: Arc::clone(&next_seq),
        };
        std::thread::Builder::new()
            .name("plumb-dap-reader".into())
            .spawn(move || reader.run(from))?;
        Ok(Client {
            writer,
            next_seq,
            shared,
        })
    }

    /// Sends request `command`; its answer is awaited with [`Client::wait`].
    pub fn send(&self, command: &str, arguments: Value) -> Result<i64, ClientError> {
        let seq = self.next_seq.fetch_add(1, Ordering::SeqCst);
        {
            let mut inbox = self.shared.lock();
            if !inbox.alive {
                return Err(ClientError::Gone(command.to_owned()));
            }
            inbox.awaited.insert(seq);
        }
        let body = protocol::request(seq, command, arguments);
        let mut writer = self.writer.lock().unwrap_or_else(|p| p.into_inner());
        if let Err(err) = write_frame(&mut *writer, &body) {
            self.shared.lock().awaited.remove(&seq);
            return Err(ClientError::Io(err));
        }
        Ok(seq)
    }

    /// The answer to request `seq` (`command`, for messages), waiting at
    /// most `timeout`.
    pub fn wait(&self, seq: i64, command: &str, timeout: Duration) -> Result<Value, ClientError> {
        let deadline = Instant::now() + timeout;
        let mut inbox = self.shared.lock();
        loop {
            if let Some(result) = inbox.responses.remove(&seq) {
                return result.map_err(ClientError::Failed);
            }
            if !inbox.alive {
                inbox.awaited.remove(&seq);
                return Err(ClientError::Gone(command.to_owned()));
            }
            let now = Instant::now();
            if now >= deadline {
                inbox.awaited.remove(&seq);
                return Err(ClientError::Timeout {
                    command: command.to_owned(),
                    seconds: timeout.as_secs(),
                });
            }
            inbox = self
                .shared
                .changed
                .wait_timeout(inbox, deadline - now)
                .map(|(guard, _)| guard)
                .unwrap_or_else(|p| p.into_inner().0);
        }
    }

    /// Sends `command` and waits for its answer.
    pub fn request(
        &self,
        command: &str,
        arguments: Value,
        timeout: Duration,
    ) -> Result<Value, ClientError> {
        let seq = self.send(command, arguments)?;
        self.wait(seq, command, timeout)
    }

    /// Waits until `done` holds of the inbox (checked at each change) or
    /// `timeout` passes; returns whether it held.
    pub fn wait_until(&self, timeout: Duration, done: impl Fn(&Inbox) -> bool) -> bool {
        let deadline = Instant::now() + timeout;
        let mut inbox = self.shared.lock();
        loop {
            if done(&inbox) {
                return true;
            }
            let now = Instant::now();
            if now >= deadline {
                return false;
            }
            inbox = self
                .shared
                .changed
                .wait_timeout(inbox, deadline - now)
                .map(|(guard, _)| guard)
                .unwrap_or_else(|p| p.into_inner().0);
        }
    }

    /// Runs `read` on the inbox, under its lock.
    pub fn inbox<T>(&self, read: impl FnOnce(&mut Inbox) -> T) -> T {
        read(&mut self.shared.lock())
    }
}

/// The reader thread's side.
struct Reader {
    shared: Arc<Shared>,
    writer: Writer,
    next_seq: Arc<AtomicI64>,
}

impl Reader {
    fn run(self, from: impl Read) {
        let mut frames = FrameReader::new(BufReader::new(from));
        let failure = loop {
            match frames.read_frame() {
                Ok(Some(body)) => match protocol::parse(&body) {
                    Ok(message) => self.receive(message),
                    Err(err) => tracing::debug!(%err, "skipping a message from the debug adapter"),
                },
                Ok(None) => break None,
                Err(err) => break Some(err.to_string()),
            }
        };
        let mut inbox = self.shared.lock();
        inbox.alive = false;
        inbox.failure = failure;
        inbox.state.ended();
        drop(inbox);
        self.shared.changed.notify_all();
    }

    fn receive(&self, message: Incoming) {
        match message {
            Incoming::Response(response) => {
                let mut inbox = self.shared.lock();
                // An answer no one waits for (its waiter timed out) is dropped,
                // so that the table stays bounded.
                if inbox.awaited.remove(&response.request_seq) {
                    inbox
                        .responses
                        .insert(response.request_seq, response.result);
                }
            }
            Incoming::Event(event) => self.event(&event),
            Incoming::Request { seq, command } => {
                let ours = self.next_seq.fetch_add(1, Ordering::SeqCst);
                let body = protocol::refusal(ours, seq, &command);
                let mut writer = self.writer.lock().unwrap_or_else(|p| p.into_inner());
                if let Err(err) = write_frame(&mut *writer, &body) {
                    tracing::debug!(%err, "cannot refuse a reverse request");
                }
            }
        }
        self.shared.changed.notify_all();
    }

    fn event(&self, event: &Event) {
        let mut inbox = self.shared.lock();
        match event.event.as_str() {
            "output" => {
                let category = event
                    .body
                    .get("category")
                    .and_then(Value::as_str)
                    .unwrap_or("console");
                if PROGRAM_OUTPUT.contains(&category)
                    && let Some(text) = event.body.get("output").and_then(Value::as_str)
                {
                    inbox.output.push(text);
                }
            }
            "initialized" => inbox.initialized = true,
            _ => {
                if let Some(note) = inbox.state.apply(event) {
                    inbox.notes.push(note);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::{PipeReader, PipeWriter};

    use serde_json::json;

    use super::*;
    use crate::dap::state::Phase;

    const BOUNDS: Bounds = Bounds {
        output_bytes: 1024,
        notes: 8,
    };

    /// A fake adapter on pipes: it reads our requests and writes what a
    /// test tells it to.
    struct Fake {
        requests: FrameReader<std::io::BufReader<PipeReader>>,
        to_client: PipeWriter,
    }

    impl Fake {
        fn next_request(&mut self) -> Value {
            let body = self.requests.read_frame().unwrap().unwrap();
            serde_json::from_slice(&body).unwrap()
        }

        fn say(&mut self, message: Value) {
            write_frame(&mut self.to_client, message.to_string().as_bytes()).unwrap();
        }
    }

    fn connect() -> (Client, Fake) {
        let (client_reads, to_client) = std::io::pipe().unwrap();
        let (fake_reads, client_writes) = std::io::pipe().unwrap();
        let client = Client::start(client_reads, client_writes, BOUNDS).unwrap();
        let fake = Fake {
            requests: FrameReader::new(std::io::BufReader::new(fake_reads)),
            to_client,
        };
        (client, fake)
    }

    #[test]
    fn responses_are_matched_by_request_seq_whatever_their_order() {
        let (client, mut fake) = connect();
        let first = client.send("threads", Value::Null).unwrap();
        let second = client.send("stackTrace", json!({"threadId": 1})).unwrap();
        let a = fake.next_request();
        let b = fake.next_request();
        assert_eq!(
            (a["seq"].as_i64(), b["seq"].as_i64()),
            (Some(first), Some(second))
        );
        fake.say(json!({"seq": 1, "type": "response", "request_seq": second, "command": "stackTrace", "success": true, "body": {"stackFrames": []}}));
        fake.say(json!({"seq": 2, "type": "response", "request_seq": first, "command": "threads", "success": false, "message": "no threads"}));
        let timeout = Duration::from_secs(5);
        let frames = client.wait(second, "stackTrace", timeout).unwrap();
        assert_eq!(frames["stackFrames"], json!([]));
        let err = client.wait(first, "threads", timeout).unwrap_err();
        assert!(matches!(err, ClientError::Failed(e) if e.message == "no threads"));
    }

    #[test]
    fn events_drive_the_state_and_output_is_buffered() {
        let (client, mut fake) = connect();
        fake.say(json!({"seq": 1, "type": "event", "event": "output", "body": {"category": "stdout", "output": "hi\n"}}));
        fake.say(json!({"seq": 2, "type": "event", "event": "output", "body": {"category": "telemetry", "output": "x"}}));
        fake.say(json!({"seq": 3, "type": "event", "event": "stopped", "body": {"reason": "breakpoint", "threadId": 1}}));
        assert!(client.wait_until(Duration::from_secs(5), |inbox| inbox.state.stops() == 1));
        client.inbox(|inbox| {
            assert_eq!(inbox.state.phase(), Phase::Stopped);
            assert_eq!(inbox.output.take().text, "hi\n");
        });
    }

    #[test]
    fn an_unanswered_request_times_out() {
        let (client, _fake) = connect();
        let err = client
            .request("threads", Value::Null, Duration::from_millis(50))
            .unwrap_err();
        assert!(matches!(err, ClientError::Timeout { .. }), "{err}");
    }

    #[test]
    fn a_dead_adapter_wakes_every_waiter() {
        let (client, fake) = connect();
        let seq = client.send("threads", Value::Null).unwrap();
        drop(fake);
        let err = client
            .wait(seq, "threads", Duration::from_secs(5))
            .unwrap_err();
        assert!(matches!(err, ClientError::Gone(_)), "{err}");
        assert_eq!(client.inbox(|inbox| inbox.state.phase()), Phase::Terminated);
        assert!(matches!(
            client.send("threads", Value::Null),
            Err(ClientError::Gone(_))
        ));
    }

    #[test]
    fn reverse_requests_are_refused() {
        let (_client, mut fake) = connect();
        fake.say(json!({"seq": 5, "type": "request", "command": "runInTerminal", "arguments": {}}));
        let answer = fake.next_request();
        assert_eq!(answer["type"], "response");
        assert_eq!(answer["request_seq"], 5);
        assert_eq!(answer["success"], false);
    }
}
