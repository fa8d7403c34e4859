//! A request program compiled to a flat list of operations.
//!
//! The scenario layer parses text such as `cpu:0.2ms,db:exp(50ms),sync{io:5ms}`
//! into this form once; the engine then walks it with a program counter. Blocks
//! become explicit enter/exit pairs and an `async` body is laid out inline,
//! right after its `Async` op, ending in its own `End`.

pub use super::rng::Dist;
use super::time::Nanos;

/// Which monitor or lock a block takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum MonitorRef {
    /// `sync{…}` / `lock{…}`: the request's own object, never contended.
    Own,
    /// `sync(NAME){…}` / `lock(NAME){…}`: one object shared by every request.
    Shared(u16),
}

/// `synchronized` or `java.util.concurrent.locks.ReentrantLock`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum LockKind {
    /// A monitor: pins a virtual thread that blocks inside it on JDK 21–23.
    Sync,
    /// A `ReentrantLock` (non-fair, the default): never pins.
    Lock,
    /// A `ReentrantLock(true)`: never pins, and serves its waiters in turn.
    FairLock,
}

impl LockKind {
    /// A `ReentrantLock`, fair or not (what never pins).
    pub fn is_lock(self) -> bool {
        matches!(self, LockKind::Lock | LockKind::FairLock)
    }
}

/// One step of a compiled program.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub enum Op {
    /// Needs a core for this long.
    Cpu(Dist),
    /// A blocking wait (sleep, socket read, downstream HTTP call).
    Io(Dist),
    /// Blocking file I/O: the carrier stays captured, but the JDK scheduler
    /// compensates by starting another carrier (up to `maxPoolSize`).
    File(Dist),
    /// `Object.wait(timeout)` inside a `synchronized` block: releases that
    /// monitor for the wait, however many times the thread entered it (the
    /// count), and the parser follows it with as many `Enter`s, which take
    /// it back at that count, as `wait` does. Pins on JDK 21–23, where the
    /// scheduler compensates.
    Wait(Dist, MonitorRef, u16),
    /// HikariCP `getConnection()`: wait for a free connection or time out.
    DbAcquire,
    /// The query on that connection: a socket read, done inside the
    /// driver's own monitor by a driver that takes one
    /// ([`Driver`](super::config::Driver)).
    Query(Dist),
    /// Give the connection back (wakes the longest waiter).
    DbRelease,
    /// `call(NAME)`: lease a connection from the HTTP client's pool for
    /// downstream `NAME` (the index into the scenario's downstreams), or
    /// wait for one until the lease time-out.
    CallAcquire(u16),
    /// Send the request and block for the response: the downstream serves
    /// so many at once and queues the rest.
    Call(u16),
    /// The response read: the connection goes back to the client's pool.
    CallRelease(u16),
    /// `pool(NAME, n[, WAIT]){`: take a permit of bulkhead `NAME` (the
    /// index into the program's bulkheads), waiting for one as it allows.
    PermitAcquire(u16),
    /// `}` of that block: give the permit back (wakes the longest waiter).
    PermitRelease(u16),
    /// Enter a `synchronized` block or `lock()`.
    Enter(MonitorRef, LockKind),
    /// Leave it (a shared one wakes a waiter to retake it: `engine::interp`).
    Exit(MonitorRef, LockKind),
    /// `@Async`: hand the body (starting at the next op) to an executor and
    /// continue at `resume`.
    Async {
        /// Index into the scenario's executors.
        executor: u16,
        /// Where the caller goes on after submitting.
        resume: u32,
    },
    /// One subtask of `fork{…}`: like `Async`, but the caller joins it
    /// (`Join`). The parser writes the executor as a [`ForkOn`] index;
    /// validation binds it to the scenario's implicit fork executor.
    Fork {
        /// Index into the scenario's executors.
        executor: u16,
        /// Where the caller goes on after submitting.
        resume: u32,
    },
    /// The end of `fork{…}`: wait until every subtask forked has ended.
    Join,
    /// End of the program or of an async body.
    End,
    /// The handler starts: what a cold JVM costs, the heap's check, the
    /// collector's allocation. Only the engine puts it, first in its copy
    /// of the program, so that the check costs no branch on later steps.
    Begin,
}

impl Program {
    /// The program with an [`Op::Begin`] first in each endpoint's handler
    /// (and every jump and start moved past the ones inserted before it).
    pub(crate) fn with_begin(mut self) -> Self {
        let starts = self.starts();
        let moved = self.moved_by_begin();
        let mut ops = Vec::with_capacity(self.ops.len() + starts.len());
        for (pc, mut op) in self.ops.into_iter().enumerate() {
            if starts.contains(&(pc as u32)) {
                ops.push(Op::Begin);
            }
            if let Op::Async { resume, .. } | Op::Fork { resume, .. } = &mut op {
                *resume = moved(*resume);
            }
            ops.push(op);
        }
        self.ops = ops;
        for e in &mut self.endpoints {
            // Its start is now its `Begin`.
            e.start = moved(e.start) - 1;
        }
        self
    }

    /// Where [`with_begin`](Self::with_begin) moves the op at `pc` (a jump
    /// target kept outside the program, such as a client's hand-off task).
    pub(crate) fn moved_by_begin(&self) -> impl Fn(u32) -> u32 + use<> {
        let starts = self.starts();
        // Begins inserted before `pc`: every start at or before it.
        move |pc: u32| pc + starts.iter().filter(|&&s| s <= pc).count() as u32
    }

    /// Where each endpoint's handler starts (one, at 0, without a mix).
    pub fn starts(&self) -> Vec<u32> {
        if self.endpoints.is_empty() {
            return vec![0];
        }
        self.endpoints.iter().map(|e| e.start).collect()
    }
}

/// One endpoint of a mix: its own handler, and the share of requests that
/// call it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Endpoint {
    /// Its name (`orders`, `search`), as the scenario gives it.
    pub name: String,
    /// The share of requests that call it, 0–1 (the shares sum to 1).
    pub share: f64,
    /// Where its handler starts in the program's ops.
    pub start: u32,
    /// Its own program text (for display).
    pub source: String,
}

/// A compiled request program.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Program {
    /// The operations; the request handler starts at 0.
    pub ops: Vec<Op>,
    /// Names of shared monitors, indexed by `MonitorRef::Shared`.
    pub monitors: Vec<String>,
    /// The source text it was compiled from (for display).
    pub source: String,
    /// A mix of endpoints, each a handler of its own in `ops`; empty for
    /// one endpoint (the handler at 0).
    pub endpoints: Vec<Endpoint>,
    /// Bulkheads `pool(NAME, n[, WAIT]){…}` names, indexed by
    /// `PermitAcquire`.
    pub bulkheads: Vec<Bulkhead>,
    /// Thread-pool bulkheads `threadpool(NAME…){…}` names; the parser
    /// writes their `Fork` executor as [`FIRST_THREAD_POOL`] + the index
    /// here, which validation binds to the executor it adds for each.
    #[serde(default)]
    pub thread_pools: Vec<ThreadPoolBulkhead>,
}

/// The `Fork` executor index the parser gives the first thread-pool
/// bulkhead (after the [`ForkOn`] kinds).
pub const FIRST_THREAD_POOL: u16 = 2;

/// Resilience4j's `ThreadPoolBulkhead` around a block,
/// `threadpool(NAME[, MAX[, CORE[, QUEUE]]]){…}`: the block runs as one
/// task on the bulkhead's own `ThreadPoolExecutor` of platform threads
/// (core threads first, then its `ArrayBlockingQueue`, then threads up to
/// the maximum; a task beyond that fails with `BulkheadFullException`),
/// and the request waits for it (`CompletableFuture.join`: assumed, as a
/// controller that returns the future would instead free its thread).
/// Defaults: `maxThreadPoolSize` = `availableProcessors()`,
/// `coreThreadPoolSize` = one fewer (at least 1), `queueCapacity` 100.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ThreadPoolBulkhead {
    /// Its name, as the program gives it.
    pub name: String,
    /// `maxThreadPoolSize`; `None` for the default.
    pub max: Option<u32>,
    /// `coreThreadPoolSize`; `None` for the default.
    pub core: Option<u32>,
    /// `queueCapacity`.
    pub queue: u32,
}

/// Resilience4j's default `queueCapacity` of a thread-pool bulkhead.
pub const THREAD_POOL_QUEUE: u32 = 100;

impl ThreadPoolBulkhead {
    /// Its (core, max) threads for a JVM with `available_processors`, as
    /// `ThreadPoolBulkheadConfig`'s defaults fill in what is not given
    /// (`build()` refuses a core above the maximum: validation's check).
    pub fn sizes(&self, available_processors: u32) -> (u32, u32) {
        let cpus = available_processors.max(1);
        let core = self.core.unwrap_or(cpus.saturating_sub(1).max(1));
        (core, self.max.unwrap_or(cpus))
    }
}

/// A semaphore around a block, `pool(NAME, n[, WAIT]){…}`: at most `n`
/// requests run the block at once. With a wait it is Resilience4j's
/// `SemaphoreBulkhead` (`maxConcurrentCalls` = n, `maxWaitDuration` =
/// WAIT, 0 by default there: a call that finds no permit fails at once
/// with `BulkheadFullException`, and one that waited WAIT in vain too);
/// without, a `java.util.concurrent.Semaphore` taken with `acquire()`,
/// which waits as long as it takes. Waiters get permits in arrival order
/// (Resilience4j's fair semaphore; for a plain semaphore, whose
/// `release` lets an arriving thread barge, an assumption). A wait parks
/// the thread: a virtual thread unmounts unless it is pinned.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Bulkhead {
    /// Its name, as the program gives it.
    pub name: String,
    /// Permits: how many may be inside at once.
    pub permits: u32,
    /// How long a call waits for a permit before it fails; `None` waits
    /// for ever.
    pub max_wait: Option<Nanos>,
}

impl Program {
    /// Whether the program takes a HikariCP connection anywhere (async
    /// bodies included). What its steps cost, the scenario layer reads.
    pub fn uses_db(&self) -> bool {
        self.ops.iter().any(|op| matches!(op, Op::DbAcquire))
    }
}

/// Where `fork{…}`'s subtasks run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum ForkOn {
    /// `CompletableFuture.supplyAsync` without an executor: the common
    /// `ForkJoinPool`.
    CommonPool = 0,
    /// A virtual thread per subtask (`Executors.newVirtualThreadPerTaskExecutor`,
    /// `StructuredTaskScope`).
    Virtual = 1,
}
