//! What happened to each request, step by step: a hook on the engine and a
//! readable text of it, for tests that show *what* a model change moved.
//!
//! The engine takes a [`Tracer`] as a type parameter. Runs use [`NoTrace`],
//! whose `ON` is `false`: every trace point is then a branch on a constant,
//! removed by the compiler, so the hot path pays nothing. [`trace`] runs a
//! scenario with [`TextTrace`], which writes one line per step:
//!
//! ```text
//!    0.000 ms  r1  sent
//!    0.000 ms  r1  runs on http-nio-8080-exec-1
//! ```
//!
//! Requests are named `r1, r2, …` in the order they are sent, `@Async`
//! tasks `t1, t2, …` in the order they are submitted (fiber slots are
//! reused, so the trace does not show them).

use std::collections::HashMap;
use std::fmt::Write as _;

use super::config::Config;
use super::engine::Engine;
use super::report::{ErrorCause, Report, ResponseCause};
use super::time::{Nanos, to_ms};

/// Receives what happens to each fiber (a request or a task), by its slot.
pub trait Tracer {
    /// Whether the engine calls [`Tracer::note`] at all.
    const ON: bool;
    /// Fiber slot `fiber` did `note` at simulated time `at`.
    fn note(&mut self, at: Nanos, fiber: u32, note: Note);
}

/// No trace: what every run uses.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTrace;

impl Tracer for NoTrace {
    const ON: bool = false;
    #[inline(always)]
    fn note(&mut self, _: Nanos, _: u32, _: Note) {}
}

/// What a blocked request or task waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WaitFor {
    /// Blocking I/O (sleep, socket, a downstream call).
    Io,
    /// File I/O (captures a carrier; the scheduler compensates).
    File,
    /// `Object.wait` inside `synchronized`.
    ObjectWait,
    /// A HikariCP connection.
    DbConnection,
    /// A contended monitor (`synchronized`).
    Monitor,
    /// A contended `ReentrantLock`.
    Lock,
    /// An executor's concurrency-limit permit.
    Permit,
    /// A connection from an HTTP client's pool.
    HttpConnection,
    /// A bulkhead's permit.
    Bulkhead,
    /// A retry's back-off (a sleep).
    Backoff,
    /// A client rate limiter's permission.
    RateLimiter,
    /// Its `fork` subtasks.
    Subtasks,
}

impl WaitFor {
    /// In the text trace's words (English: the trace is a tool for tests).
    fn traced(self) -> &'static str {
        match self {
            WaitFor::Io => "I/O",
            WaitFor::File => "file I/O",
            WaitFor::ObjectWait => "Object.wait",
            WaitFor::DbConnection => "a DB connection",
            WaitFor::Monitor => "a monitor",
            WaitFor::Lock => "a lock",
            WaitFor::Permit => "an executor's permit",
            WaitFor::HttpConnection => "an HTTP connection",
            WaitFor::Bulkhead => "a bulkhead's permit",
            WaitFor::Backoff => "a retry's back-off",
            WaitFor::RateLimiter => "a rate limiter's permission",
            WaitFor::Subtasks => "its subtasks",
        }
    }
}

/// One step in the life of a request or task. The replay keeps these as
/// its steps (`app::replay::Step`), with one difference it states: there a
/// submission's `task` names the replay's actor, not the engine's fiber
/// slot (which the engine reuses).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Note {
    /// The client sent a request.
    Sent,
    /// The client opens a connection for it (the handshake's round trip).
    Dial,
    /// The accept queue is full: the SYN is dropped, retried after `retry` ns.
    SynDropped {
        /// Wait before the retry.
        retry: Nanos,
    },
    /// The SYN was answered but the accept queue filled before the ACK: the
    /// client's request is retransmitted after `retry` ns.
    AckDropped {
        /// Wait before the retransmission.
        retry: Nanos,
    },
    /// The connection is established: the request waits in the accept
    /// queue for Tomcat's acceptor.
    InBacklog,
    /// Tomcat's acceptor took its connection.
    Accepted,
    /// The kernel gave up the connect after its last SYN retry.
    ConnectFailed,
    /// The server reset a connection established on the client's side only:
    /// its half-open entry expired while the request was retransmitted.
    HalfOpenReset,
    /// The process was down and its host answered with a reset: the
    /// connect failed at once (or the request on a connection just made).
    Refused,
    /// Tomcat's poller is dead: nothing reads the request.
    Unread,
    /// Tomcat's executor queue is full: the connection is closed unread.
    ClosedUnread,
    /// Tomcat closes its connection after its response: the connection's
    /// `requests`-th, the keep-alive limit.
    ConnClosedAfter {
        /// Requests the connection carried.
        requests: u32,
    },
    /// The response came after the tool's timeout, which it waited past
    /// (wrk: counted as a socket timeout, its latency left out).
    Late,
    /// Waits for a thread of pool `pool` (0 = Tomcat, 1 + i = executor i).
    QueuedForThread {
        /// The pool.
        pool: u32,
    },
    /// Runs on platform thread number `n` (from 1) of pool `pool`.
    OnThread {
        /// The pool.
        pool: u32,
        /// The thread's number in its pool.
        n: u32,
    },
    /// A virtual thread waits for a carrier.
    QueuedForCarrier,
    /// A virtual thread is mounted on carrier `carrier` (from 0).
    Mounted {
        /// The carrier.
        carrier: u32,
    },
    /// Needs a core for this long, ns.
    Cpu(Nanos),
    /// Blocks until something happens.
    Blocked {
        /// What for.
        on: WaitFor,
        /// Keeps its carrier while blocked (pinned, or captured by file I/O).
        pinned: bool,
    },
    /// Its wait is over.
    Woke,
    /// Took a HikariCP connection.
    DbConnection,
    /// HikariCP's `connectionTimeout` passed: `SQLTransientConnectionException`.
    DbTimeout,
    /// An HTTP client's lease time-out passed.
    LeaseTimeout,
    /// An HTTP client's pool refused a wait for a connection: its pending
    /// acquires were at their cap.
    PendingLimit,
    /// A downstream answered 429 Too Many Requests (its rate limit).
    RateLimited,
    /// A bulkhead had no permit within its wait: `BulkheadFullException`.
    BulkheadFull,
    /// The client's response time-out passed.
    ResponseTimeout,
    /// The downstream answered 5xx.
    DownstreamError,
    /// An open circuit breaker refused the call: `CallNotPermittedException`.
    CircuitOpen,
    /// A client rate limiter parks the thread: for its permission, or for
    /// its whole time-out before `RequestNotPermitted`.
    RateLimiterWait {
        /// Whether it gets the permission after the wait (else it fails then).
        permitted: bool,
        /// How long its thread parks, ns.
        wait: Nanos,
    },
    /// A retry sleeps before try `next` of the call.
    Retry {
        /// The try that follows (2: the first retry).
        next: u32,
        /// Its sleep, ns.
        wait: Nanos,
    },
    /// The call failed for good and its fallback answered instead.
    Fallback,
    /// Submitted `task` to executor `executor`.
    Submitted {
        /// The executor's index.
        executor: u32,
        /// The task: its fiber slot in the engine's trace, its actor (an
        /// index into the replay's actors) in a replay.
        task: u32,
    },
    /// Executor `executor` rejected the task (`TaskRejectedException`).
    Rejected {
        /// The executor's index.
        executor: u32,
    },
    /// The program (or the task's body) ended.
    Ended,
    /// The client got the response, `latency` ns after sending it.
    Response {
        /// Time from send to response.
        latency: Nanos,
        /// Why it got that response.
        cause: ResponseCause,
    },
    /// The server finished a request whose client had given up.
    Abandoned,
    /// The client gave up waiting.
    ClientTimeout {
        /// Whether the server had the request, or had not accepted it yet.
        cause: ErrorCause,
    },
}

/// A trace as text, one line per step.
#[derive(Debug, Default)]
pub struct TextTrace {
    text: String,
    /// Current name of each fiber slot.
    names: HashMap<u32, String>,
    requests: u32,
    tasks: u32,
    /// Thread name prefix per pool (Tomcat's, then each executor's).
    pools: Vec<String>,
    executors: Vec<String>,
}

impl TextTrace {
    /// A trace of a run of `cfg`.
    pub fn new(cfg: &Config) -> Self {
        let executors: Vec<String> = cfg.executors.iter().map(|e| e.name.clone()).collect();
        TextTrace {
            pools: std::iter::once(super::engine::TOMCAT_THREAD_NAME.to_string())
                .chain(executors.iter().cloned())
                .collect(),
            executors,
            ..Default::default()
        }
    }

    /// The text so far.
    pub fn text(&self) -> &str {
        &self.text
    }

    fn name(&mut self, fiber: u32, note: &Note) -> String {
        if *note == Note::Sent {
            self.requests += 1;
            self.names.insert(fiber, format!("r{}", self.requests));
        }
        self.names
            .get(&fiber)
            .cloned()
            .unwrap_or_else(|| "?".into())
    }

    fn describe(&mut self, note: Note) -> String {
        let ms = |ns: Nanos| format!("{:.3} ms", to_ms(ns));
        match note {
            Note::Sent => "sent".into(),
            Note::Dial => "opens a connection".into(),
            Note::SynDropped { retry } => {
                format!("SYN dropped (accept queue full), retried in {}", ms(retry))
            }
            Note::AckDropped { retry } => format!(
                "handshake's ACK and request ignored (accept queue full), retransmitted in {}",
                ms(retry)
            ),
            Note::InBacklog => "connected: waits in the accept queue".into(),
            Note::Accepted => "accepted by Tomcat's acceptor".into(),
            Note::ConnectFailed => "connect fails: the kernel gave up its SYN retries".into(),
            Note::HalfOpenReset => {
                "reset: the server's half-open entry expired during the retransmissions".into()
            }
            Note::Refused => "refused: nothing listens while the service is down".into(),
            Note::Unread => "never read: Tomcat's poller is dead".into(),
            Note::ClosedUnread => {
                "closed unread: Tomcat's executor queue is full (RejectedExecutionException)".into()
            }
            Note::ConnClosedAfter { requests } => {
                format!("Tomcat closes its connection after {requests} requests")
            }
            Note::Late => "late: the tool counts a timeout, not a latency".into(),
            Note::QueuedForThread { pool } => {
                format!("waits for a {} thread", self.pools[pool as usize])
            }
            Note::OnThread { pool, n } => format!("runs on {}-{n}", self.pools[pool as usize]),
            Note::QueuedForCarrier => "waits for a carrier".into(),
            Note::Mounted { carrier } => {
                format!("mounted on ForkJoinPool-1-worker-{}", carrier + 1)
            }
            Note::Cpu(ns) => format!("cpu {}", ms(ns)),
            Note::Blocked { on, pinned } => {
                format!(
                    "blocks on {}{}",
                    on.traced(),
                    if pinned { ", keeping its carrier" } else { "" }
                )
            }
            Note::Woke => "wakes".into(),
            Note::DbConnection => "gets a DB connection".into(),
            Note::DbTimeout => "DB connection timeout: SQLTransientConnectionException".into(),
            Note::LeaseTimeout => {
                "HTTP client lease timeout: ConnectionRequestTimeoutException".into()
            }
            Note::PendingLimit => {
                "HTTP client pool's pending acquires full: PoolAcquirePendingLimitException".into()
            }
            Note::RateLimited => "downstream answers 429 Too Many Requests".into(),
            Note::BulkheadFull => "no bulkhead permit: BulkheadFullException".into(),
            Note::ResponseTimeout => "response time-out".into(),
            Note::DownstreamError => "the downstream answered 5xx".into(),
            Note::CircuitOpen => "circuit open: CallNotPermittedException".into(),
            Note::Retry { next, wait } => format!("retry: try {next} after {wait} ns"),
            Note::RateLimiterWait { permitted, wait } => {
                let then = if permitted {
                    "its permission"
                } else {
                    "RequestNotPermitted"
                };
                format!("rate limiter: parked {wait} ns, then {then}")
            }
            Note::Fallback => "the fallback answers".into(),
            Note::Submitted { executor, task } => {
                self.tasks += 1;
                let name = format!("t{}", self.tasks);
                self.names.insert(task, name.clone());
                format!("submits {name} to '{}'", self.executors[executor as usize])
            }
            Note::Rejected { executor } => {
                format!(
                    "'{}' rejects the task: TaskRejectedException",
                    self.executors[executor as usize]
                )
            }
            Note::Ended => "ends".into(),
            Note::Response { latency, cause } => {
                format!("response ({cause}) after {}", ms(latency))
            }
            Note::Abandoned => "done, but its client has gone".into(),
            Note::ClientTimeout { cause } => format!("client gives up: {cause}"),
        }
    }
}

impl Tracer for TextTrace {
    const ON: bool = true;
    fn note(&mut self, at: Nanos, fiber: u32, note: Note) {
        let who = self.name(fiber, &note);
        let what = self.describe(note);
        let _ = writeln!(self.text, "{:>10.3} ms  {who:<3}  {what}", to_ms(at));
    }
}

/// Runs `cfg` to its end with a [`TextTrace`]; returns the report and the
/// trace. Meant for small scenarios: the text grows with every step.
pub fn trace(cfg: &Config) -> (Report, String) {
    let mut engine = Engine::with_tracer(cfg.clone(), TextTrace::new(cfg));
    while !engine.advance(u64::MAX) {}
    let text = std::mem::take(engine.tracer_mut()).text;
    (engine.finish(), text)
}
