//! A fiber: one execution of a program, a request's handler or an `@Async`
//! task, and what it is doing now. Slots are reused (see
//! [`Engine::alloc_fiber`](super::Engine)), so events that name a fiber carry
//! a sequence number or token to recognise a slot's previous life.

use super::NONE;
use super::breakdown::Spent;
use super::timer::LazyTimer;
use crate::sim::report::{ResponseCause, Stage};
use crate::sim::time::Nanos;
use crate::sim::trace::WaitFor;

/// Where a fiber is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Phase {
    /// Slot unused.
    Free,
    /// The load client burns CPU to send the request.
    ClientCpu,
    /// Opening a connection: the handshake's round trip, or SYNs dropped by
    /// a full accept queue and retried. Not established yet.
    Connecting,
    /// Connected on the client's side (it has written its request), but the
    /// full accept queue ignored the handshake's ACK: the request is
    /// retransmitted until the server establishes the connection.
    Retransmitting,
    /// Established (the client has sent its request) and waiting in the
    /// accept queue for Tomcat's acceptor.
    InAcceptQueue,
    /// Sent on a connection Tomcat has, during a stop-the-world pause: the
    /// poller, a Java thread, reads it when the pause ends.
    Held,
    /// On a connection Tomcat has, after its poller died: nothing reads it.
    Unread,
    /// Accepted; waiting for a Tomcat thread.
    Queued,
    /// On a thread (running, blocked or waiting).
    Running,
    /// A task waiting in an executor queue.
    TaskQueued,
    /// Its process was killed while it waited for I/O: the slot is freed
    /// when that wait's event comes, so no event reaches a reused slot.
    Dead,
}

/// What a blocked fiber waits for (decides pinning and the timeline state).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Wait {
    /// Not waiting.
    None,
    /// Socket or sleep.
    Io,
    /// File I/O (carrier captured, scheduler compensates).
    File,
    /// `Object.wait()` (pinned with compensation before JDK 24).
    Condition,
    /// A HikariCP connection.
    DbConn,
    /// A shared `synchronized` monitor.
    Monitor,
    /// A shared `ReentrantLock`.
    Lock,
    /// A concurrency-limit permit of a virtual-thread executor.
    Permit,
    /// A connection from an HTTP client's pool.
    Lease,
    /// A bulkhead's permit (`pool(NAME, n){…}`).
    Bulkhead,
    /// A retry's back-off: `Thread.sleep` between two tries of a call.
    Backoff,
    /// A client rate limiter's permission (its thread parked).
    RateLimiter,
    /// Its `fork` subtasks (the join).
    Join,
}

impl Wait {
    /// What it waits for, as the trace names it (`None` when not waiting).
    pub(super) fn waits_for(self) -> Option<WaitFor> {
        Some(match self {
            Wait::None => return None,
            Wait::Io => WaitFor::Io,
            Wait::File => WaitFor::File,
            Wait::Condition => WaitFor::ObjectWait,
            Wait::DbConn => WaitFor::DbConnection,
            Wait::Monitor => WaitFor::Monitor,
            Wait::Lock => WaitFor::Lock,
            Wait::Permit => WaitFor::Permit,
            Wait::Lease => WaitFor::HttpConnection,
            Wait::Bulkhead => WaitFor::Bulkhead,
            Wait::Backoff => WaitFor::Backoff,
            Wait::RateLimiter => WaitFor::RateLimiter,
            Wait::Join => WaitFor::Subtasks,
        })
    }
}

/// One execution of a program (request handler or async task).
#[derive(Clone, Debug)]
pub(super) struct Fiber {
    pub(super) phase: Phase,
    /// Its client time-out, so that one armed in the slot's previous life
    /// is recognised as stale (kept across lives: see [`LazyTimer`]).
    pub(super) timeout: LazyTimer,
    /// Its HikariCP `connectionTimeout`, kept the same way.
    pub(super) db_timeout: LazyTimer,
    /// Program counter.
    pub(super) pc: u32,
    /// Executor index for tasks, `NONE` for requests.
    pub(super) exec: u32,
    /// Platform thread it runs on, or `NONE` (virtual thread).
    pub(super) thread: u32,
    /// Carrier it is mounted on (virtual), or `NONE`.
    pub(super) carrier: u32,
    /// `synchronized` blocks currently held (own or shared).
    pub(super) sync_depth: u16,
    /// Bit i set = holds shared monitor/lock i.
    pub(super) held: u64,
    /// Bit i set = holds a permit of bulkhead i.
    pub(super) permits: u32,
    /// What it is blocked on.
    pub(super) wait: Wait,
    /// Blocked while keeping its carrier (pinned or captured).
    pub(super) pinned: bool,
    /// A platform thread woke from blocking: its next CPU burst pays a switch.
    pub(super) wake_cs: bool,
    /// Token of the current DB wait (stale timeouts compare it).
    pub(super) wait_token: u32,
    /// Closed-loop worker, or `NONE` (open loop or task).
    pub(super) worker: u32,
    /// When the client sent it (requests) or when it was submitted (tasks).
    pub(super) sent: Nanos,
    /// When the client wrote it (later than `sent` for an arrival an
    /// open-loop tool held back at its limit).
    pub(super) written: Nanos,
    /// When the current DB, permit or connect wait began (for a request
    /// opening a connection: when it started to, then when the connection
    /// joined the accept queue).
    pub(super) wait_since: Nanos,
    /// When a task started running.
    pub(super) started: Option<Nanos>,
    /// The client gave up (timed out); the server may still be working.
    pub(super) abandoned: bool,
    /// The client already counted this request (response or error).
    pub(super) counted: bool,
    /// The connection it travels on (an index into `Conns`), or `NONE`.
    pub(super) conn: u32,
    /// Accepted by the server (counts as in the server).
    pub(super) in_server: bool,
    /// SYN retries so far, then (once a SYN is answered) retransmissions
    /// after the accept queue ignored its ACK.
    pub(super) syn_tries: u8,
    /// Response cause so far.
    pub(super) cause: ResponseCause,
    /// Async body waiting for a permit (virtual executor with a limit).
    pub(super) pending_body: u32,
    /// A `fork` subtask's caller, which joins it; `NONE` otherwise.
    pub(super) parent: u32,
    /// A caller's `fork` subtasks not yet ended.
    pub(super) children: u16,
    /// A request's steps before its handler runs (see `warmup`): 0 before
    /// any, [`BOOTED`](super::warmup::BOOTED) once its handler runs.
    pub(super) boot: u8,
    /// The JIT's extra CPU a cold request still owes, ns: paid with its
    /// handler's first `cpu` step, in one burst (see `warmup`).
    pub(super) jit_due: Nanos,
    /// Where its time went so far, stage by stage.
    pub(super) spent: Spent,
    /// The endpoint a request calls (0 without a mix; a task's is its
    /// slot's last, never read).
    pub(super) endpoint: u8,
    /// Tries of the guarded call in progress so far (0: none).
    pub(super) tries: u8,
    /// How its current try failed, once the thread learns it (the
    /// downstream's 5xx, the client's time-outs); `Some(Ok)`: it has not,
    /// but waited for the rate limiter's permission and has it.
    pub(super) call_failure: Option<ResponseCause>,
    /// When the current try's response time-out falls due (0: none).
    pub(super) call_deadline: Nanos,
    /// When the current try began (the breaker's clock).
    pub(super) call_began: Nanos,
}

impl Fiber {
    /// A request its client still waits for: in use, not a task, not yet
    /// counted (a response or an error).
    pub(super) fn client_pending(&self) -> bool {
        self.phase != Phase::Free && self.exec == NONE && !self.counted
    }

    /// Whether it still waits for `wait` under `token`: the entry a pool's
    /// queue keeps for it is live (not ended, not timed out, not waiting
    /// for something else since).
    #[inline(always)]
    pub(super) fn waits_as(&self, wait: Wait, token: u32) -> bool {
        self.phase != Phase::Free && self.wait_token == token && self.wait == wait
    }

    /// An unused slot.
    pub(super) fn free() -> Self {
        Fiber {
            phase: Phase::Free,
            timeout: LazyTimer::default(),
            db_timeout: LazyTimer::default(),
            pc: 0,
            exec: NONE,
            thread: NONE,
            carrier: NONE,
            sync_depth: 0,
            held: 0,
            permits: 0,
            wait: Wait::None,
            pinned: false,
            wake_cs: false,
            wait_token: 0,
            worker: NONE,
            sent: 0,
            written: 0,
            wait_since: 0,
            started: None,
            abandoned: false,
            counted: false,
            conn: NONE,
            in_server: false,
            syn_tries: 0,
            cause: ResponseCause::Ok,
            pending_body: NONE,
            parent: NONE,
            children: 0,
            boot: 0,
            jit_due: 0,
            spent: Spent::begin(Stage::Client, 0, 0),
            endpoint: 0,
            tries: 0,
            call_failure: None,
            call_deadline: 0,
            call_began: 0,
        }
    }
}
