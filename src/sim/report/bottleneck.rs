//! The named bottleneck: the resource that limits throughput, how it binds
//! and the finding the words are made from.

use super::{Binding, Held, LimitEffect, MemoryLimit, Resource};

/// The resource that limits throughput, in words.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Bottleneck {
    /// Which resource.
    pub resource: Resource,
    /// Why it is named.
    pub binding: Binding,
    /// Its utilisation (0–1): busy time over time available; 0 when the
    /// binding is not a resource's load (memory, GC, errors, the load).
    pub utilisation: f64,
    /// Its ceiling, req/s, as the run measured it: how many there are ÷
    /// how long a request held one (threads, cores, connections).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ceiling_rps: Option<f64>,
    /// The memory limit hit, when that binds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<MemoryLimit>,
    /// A saturated thread pool held waiting for it, when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub held: Option<Held>,
    /// The figures behind the finding, for its sentence
    /// (`summary::said::bottleneck`; in the JSON report as `explanation`).
    #[serde(skip)]
    pub finding: Finding,
}

/// What the diagnosis found, with the figures its sentence names.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Finding {
    /// No request finished.
    #[default]
    NothingFinished,
    /// No simulated time passed.
    NoTime,
    /// A memory or thread limit was hit and cost requests.
    Memory {
        /// Which limit.
        limit: MemoryLimit,
        /// What passing it did.
        effect: LimitEffect,
        /// Its size: MB for the heap and the container, threads for the
        /// OS's thread limit.
        size: f64,
        /// When it was first hit, simulated seconds.
        at_s: f64,
        /// How often it was hit.
        times: u64,
        /// Times the process ended because of it.
        ends: u64,
        /// Requests lost to it.
        lost: u64,
        /// Time the process waited in its restarter's back-off, s, in all
        /// and at the longest (0 when it was not restarted or did not wait).
        backoff_s: f64,
        /// The longest of those waits, s.
        longest_backoff_s: f64,
    },
    /// The collector's pauses took much of the run.
    Gc {
        /// Share of the run paused (0–1).
        share: f64,
        /// Pauses.
        pauses: u64,
        /// The longest, ms.
        longest_ms: f64,
        /// -Xmx, MB.
        heap_mb: f64,
    },
    /// A resource is saturated; a thread pool may be held waiting for it
    /// (see [`Bottleneck::held`]).
    Saturated {
        /// The saturated resource with its figures.
        named: Saturation,
        /// The held pool's size (Tomcat's threads, or the carriers); 0
        /// when none is held.
        held_n: u32,
    },
    /// Connections wait in the accept queue, or their SYNs were dropped.
    Backlog {
        /// `server.max_connections`, when connections reached it (else the
        /// acceptor is the cause).
        at_max: Option<u32>,
        /// The accept queue's peak.
        peak: u32,
        /// Its places (`server.backlog`).
        places: u32,
        /// SYNs dropped.
        syns: u64,
        /// Handshakes whose last step found the queue full (each try).
        acks: u64,
    },
    /// Calls to a downstream were refused at once, failing their requests.
    Refused {
        /// The downstream with the most refusals.
        name: String,
        /// Calls it answered 429, its rate limit.
        rate_limited: u64,
        /// Calls its client refused, its pending acquires at their cap.
        pending_refused: u64,
        /// Those refusals over the run's results (0–1).
        share: f64,
        /// Its rate limit, calls a second, when it has one.
        rate_per_s: Option<f64>,
        /// The client's cap on pending acquires, when it has one.
        max_pending: Option<u32>,
    },
    /// A bulkhead refused calls: none of its permits was free within its
    /// wait (`BulkheadFullException`).
    BulkheadFull {
        /// The bulkhead with the most refusals.
        name: String,
        /// Its permits.
        permits: u32,
        /// Calls it refused (at once, or after their wait).
        refused: u64,
        /// Those refusals over the run's results (0–1).
        share: f64,
    },
    /// Calls to a downstream failed the requests that made them: its
    /// answers came too late for the client's response time-out, were
    /// 5xx, or its open circuit breaker refused them (after any retries,
    /// with no fallback).
    CallsFailed {
        /// The guarded downstream with the most failed tries.
        name: String,
        /// Its tries that timed out.
        timeouts: u64,
        /// Its answers that were 5xx.
        errors: u64,
        /// Its tries the open breaker refused.
        refused: u64,
        /// The responses that failed so, over the run's results (0–1).
        share: f64,
    },
    /// The client counted errors.
    ClientErrors {
        /// How many.
        errors: u64,
    },
    /// Nothing is saturated: the load sets the pace.
    Unsaturated {
        /// How the load sets it.
        pace: Pace,
        /// The busiest resource past the saturation mark, with its count
        /// and utilisation, though nothing waits for it.
        busiest: Option<(Resource, u32, f64)>,
    },
}

/// A saturated resource and the figures its sentence names.
#[derive(Clone, Debug, PartialEq)]
pub enum Saturation {
    /// The cores.
    Cpu {
        /// Cores.
        cores: u32,
        /// Utilisation (0–1).
        utilisation: f64,
        /// CPU time a request held a core, ms.
        hold_ms: f64,
    },
    /// A container's CPU limit (CFS bandwidth control), below the cores.
    CpuLimit {
        /// The limit, cores.
        limit: f64,
        /// Share of it used (0–1).
        utilisation: f64,
        /// Time every thread stood throttled, s.
        throttled_s: f64,
        /// CPU time a request held a core, ms.
        hold_ms: f64,
    },
    /// An HTTP client's pool of connections to a downstream.
    HttpClientPool {
        /// The downstream's name.
        name: String,
        /// Connections the pool lends at most.
        connections: u32,
        /// Mean share of them lent (0–1).
        utilisation: f64,
        /// Most calls waiting for one.
        waiting: u32,
        /// Time a call held one, ms.
        hold_ms: f64,
    },
    /// A bulkhead's permits, `pool(NAME, n){…}`.
    Bulkhead {
        /// Its name.
        name: String,
        /// Its permits.
        permits: u32,
        /// Mean share of them held (0–1).
        utilisation: f64,
        /// Most calls waiting for one.
        waiting: u32,
        /// Time a call held one, ms.
        hold_ms: f64,
    },
    /// Tomcat's thread pool.
    Tomcat {
        /// `server.threads_max`.
        threads: u32,
        /// The queue's peak.
        queued: u32,
        /// Time a request held a thread, ms.
        hold_ms: f64,
    },
    /// HikariCP's pool.
    DbPool {
        /// `maximum-pool-size`.
        connections: u32,
        /// Utilisation (0–1).
        utilisation: f64,
        /// Peak of threads waiting for a connection.
        waiting: u32,
        /// Time a connection was held, ms.
        hold_ms: f64,
    },
    /// Tomcat's acceptor.
    Acceptor {
        /// Share of the run it was busy (0–1).
        utilisation: f64,
        /// Connections opened again.
        reconnects: u64,
        /// The accept queue's peak.
        peak: u32,
    },
    /// The carrier threads.
    Carriers {
        /// `server.carriers` (the scheduler's parallelism).
        carriers: u32,
        /// Peak of carriers when the scheduler compensated past that.
        compensated: Option<u32>,
        /// Utilisation (0–1).
        utilisation: f64,
        /// Peak of pinned carriers, when some were.
        pinned: Option<u32>,
        /// Peak of virtual threads waiting for one.
        waiting: u32,
        /// Time a request held a carrier, ms.
        hold_ms: f64,
    },
    /// A shared monitor or lock.
    Monitor {
        /// Its name in the program.
        name: String,
        /// Share of the run it was held (0–1).
        utilisation: f64,
        /// Peak of threads waiting for it.
        waiting: u32,
    },
    /// An `@Async` executor's pool.
    ExecutorPool {
        /// Its name.
        name: String,
        /// Its threads at their peak.
        threads: u32,
        /// Utilisation (0–1).
        utilisation: f64,
        /// Mean time a task waited in its queue, ms.
        wait_ms: f64,
        /// The clients wait for these tasks (`load.waits_for = tasks`), so
        /// the executor sets their pace rather than falling behind them.
        awaited: bool,
    },
    /// A virtual-thread executor with a concurrency limit.
    ExecutorVirtual {
        /// Its name.
        name: String,
        /// Utilisation of its permits (0–1).
        utilisation: f64,
        /// Its limit.
        limit: u32,
        /// Mean time a submitter waited for a permit, ms.
        wait_ms: f64,
    },
}

/// How the load sets the pace when nothing is saturated.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Pace {
    /// A closed loop: its clients each keep one request in flight.
    Closed {
        /// Clients.
        clients: u32,
        /// Time per request with the think time, ms.
        cycle_ms: f64,
        /// The rate that makes, req/s.
        rps: f64,
        /// Each client also waits for its request's `@Async` tasks
        /// (`load.waits_for = tasks`): the time per request is then the
        /// request's and its tasks', N ÷ X by Little's law.
        with_tasks: bool,
    },
    /// An open load: its arrival rate.
    Open,
}
