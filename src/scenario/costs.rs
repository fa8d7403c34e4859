//! What a request program costs on average, read off its ops by one walk:
//! the handler's own path and the work it hands to each executor, each with
//! its CPU, its blocking, its connection time, its pinned time and how long
//! it holds each monitor. The playground's capacity ceilings, a lesson's
//! closed forms and validation all read these figures, so they agree on
//! what a step costs and where it runs.
//!
//! A mix of endpoints costs its endpoints' means weighted by their shares.
//!
//! Means only: no queueing, no contention, no warm-up. An `async` body runs
//! on its executor, not on the caller's path, and a body nested in another
//! counts for its own executor alone.

use crate::sim::program::{LockKind, MonitorRef, Op, Program};

/// The mean costs of one path through a program, ns: the handler's own
/// steps, or everything a request hands to one executor.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PathCosts {
    /// On a core (`cpu`).
    pub cpu_ns: f64,
    /// Blocked: `io`, `db`, `file` and `wait` steps.
    pub blocking_ns: f64,
    /// Holding a HikariCP connection (the `db` steps).
    pub db_ns: f64,
    /// Blocked inside `synchronized` (`io` and `db` there): on JDK 21–23
    /// the virtual thread keeps its carrier and nothing replaces it.
    pub pinned_ns: f64,
    /// In `Object.wait` (`wait`): blocking, with its monitor given up; on
    /// JDK 21–23 it pins, but the scheduler starts a carrier for it.
    pub wait_ns: f64,
    /// In blocking file I/O (`file`): the carrier is captured on every JDK,
    /// and the scheduler starts another for it.
    pub file_ns: f64,
    /// Holding the request's own monitor or lock (`sync{…}`, `lock{…}`).
    pub own_held_ns: f64,
    /// Holding each shared monitor or lock, indexed like
    /// [`Program::monitors`].
    pub shared_held_ns: Vec<f64>,
}

impl PathCosts {
    fn add_scaled(&mut self, other: &PathCosts, w: f64) {
        self.cpu_ns += other.cpu_ns * w;
        self.blocking_ns += other.blocking_ns * w;
        self.db_ns += other.db_ns * w;
        self.pinned_ns += other.pinned_ns * w;
        self.wait_ns += other.wait_ns * w;
        self.file_ns += other.file_ns * w;
        self.own_held_ns += other.own_held_ns * w;
        if self.shared_held_ns.len() < other.shared_held_ns.len() {
            self.shared_held_ns.resize(other.shared_held_ns.len(), 0.0);
        }
        for (mine, theirs) in self.shared_held_ns.iter_mut().zip(&other.shared_held_ns) {
            *mine += theirs * w;
        }
    }

    /// Time the path needs without any queueing: CPU and blocking, ns.
    pub fn service_ns(&self) -> f64 {
        self.cpu_ns + self.blocking_ns
    }

    /// Time it holds `monitor`, ns.
    pub fn held_ns(&self, monitor: MonitorRef) -> f64 {
        match monitor {
            MonitorRef::Own => self.own_held_ns,
            MonitorRef::Shared(i) => self.shared_held_ns.get(i as usize).copied().unwrap_or(0.0),
        }
    }
}

/// What a request hands to one executor.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Submitted {
    /// Tasks submitted per request (on average over a mix of endpoints).
    pub tasks: f64,
    /// Their costs together, per request.
    pub work: PathCosts,
}

impl Submitted {
    fn add_scaled(&mut self, other: &Submitted, w: f64) {
        self.tasks += other.tasks * w;
        self.work.add_scaled(&other.work, w);
    }

    /// Mean time of one task on its executor's thread, ns; `None` when the
    /// request submits none.
    pub fn task_ns(&self) -> Option<f64> {
        (self.tasks > 0.0).then(|| self.work.service_ns() / self.tasks)
    }
}

/// A program's mean costs per request.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Costs {
    /// The handler's own steps, without the `async` bodies.
    pub caller: PathCosts,
    /// What goes to each executor, indexed like the program's
    /// `Op::Async { executor }` (an executor it never names submits no
    /// tasks).
    pub executors: Vec<Submitted>,
    /// What `fork{…}` hands to its subtasks, all together (on the common
    /// pool or virtual threads: not an `@Async` executor).
    pub forked: Submitted,
    /// Calls per request to each downstream, on every path (the caller's,
    /// tasks' and subtasks'), indexed like `call(NAME)`'s downstreams.
    pub calls: Vec<f64>,
}

impl Costs {
    /// The costs of `program`'s steps.
    pub fn of(program: &Program) -> Self {
        Costs::walked(program, false, &[])
    }

    /// What a configured scenario's program costs: a query inside the JDBC
    /// driver's own monitor pins on JDK 21–23 as a `synchronized` block
    /// around it would ([`Driver::holds_monitor_in_query`]), and each
    /// `call(NAME)` blocks for its downstream's mean latency (queueing
    /// there not counted).
    ///
    /// [`Driver::holds_monitor_in_query`]: crate::sim::config::Driver::holds_monitor_in_query
    pub fn of_config(cfg: &crate::sim::config::Config) -> Self {
        let calls: Vec<f64> = (cfg.downstreams.iter())
            .map(|d| d.latency.mean_ns())
            .collect();
        let mut costs = Costs::walked(&cfg.program, cfg.db.driver.holds_monitor_in_query(), &calls);
        for (d, h) in
            (cfg.downstreams.iter().enumerate()).filter_map(|(i, d)| d.handoff.map(|h| (i, h)))
        {
            costs.hand_off(&cfg.program, d, h);
        }
        costs
    }

    /// Each call to downstream `d` hands its response to the JDK client's
    /// executor (`h`): a task there per call, on that executor's path, and
    /// the caller blocked until it ends.
    fn hand_off(&mut self, program: &Program, d: usize, h: crate::sim::config::Handoff) {
        let per_request = self.calls.get(d).copied().unwrap_or(0.0);
        let Some(Op::Cpu(cpu)) = program.ops.get(h.body as usize) else {
            return;
        };
        let e = h.executor as usize;
        if self.executors.len() <= e {
            self.executors.resize_with(e + 1, Submitted::default);
        }
        let cpu_ns = cpu.mean_ns() * per_request;
        let s = &mut self.executors[e];
        s.tasks += per_request;
        s.work.cpu_ns += cpu_ns;
        self.caller.blocking_ns += cpu_ns;
    }

    /// A mix's costs are its endpoints', weighted by their shares: the
    /// mean over its requests.
    fn walked(program: &Program, query_in_monitor: bool, call_ns: &[f64]) -> Self {
        let monitors = program.monitors.len();
        let walk_of = Walk {
            ops: &program.ops,
            monitors,
            query_in_monitor,
            call_ns,
        };
        let from = |start: u32| {
            let mut costs = Costs::default();
            costs.caller.shared_held_ns = vec![0.0; monitors];
            walk_of.walk(start as usize, Path::Caller, &mut costs);
            costs
        };
        if program.endpoints.is_empty() {
            return from(0);
        }
        let mut mean = Costs::default();
        mean.caller.shared_held_ns = vec![0.0; monitors];
        for e in &program.endpoints {
            mean.add_scaled(&from(e.start), e.share);
        }
        mean
    }

    /// Adds `other`'s costs × `w`.
    fn add_scaled(&mut self, other: &Costs, w: f64) {
        self.caller.add_scaled(&other.caller, w);
        if self.executors.len() < other.executors.len() {
            self.executors
                .resize_with(other.executors.len(), Submitted::default);
        }
        for (mine, theirs) in self.executors.iter_mut().zip(&other.executors) {
            mine.add_scaled(theirs, w);
        }
        self.forked.add_scaled(&other.forked, w);
        if self.calls.len() < other.calls.len() {
            self.calls.resize(other.calls.len(), 0.0);
        }
        for (mine, theirs) in self.calls.iter_mut().zip(&other.calls) {
            *mine += theirs * w;
        }
    }

    /// What the request hands to executor `index` (nothing if it names none).
    pub fn executor(&self, index: u16) -> Option<&Submitted> {
        self.executors.get(index as usize).filter(|s| s.tasks > 0.0)
    }

    /// Every path: the caller's, then each executor's.
    fn paths(&self) -> impl Iterator<Item = &PathCosts> {
        (std::iter::once(&self.caller))
            .chain(self.executors.iter().map(|s| &s.work))
            .chain(std::iter::once(&self.forked.work))
    }

    /// Time a request holds shared monitor `index` on every path (one
    /// object serves them all), ns.
    pub fn shared_held_ns(&self, index: u16) -> f64 {
        self.paths()
            .map(|p| p.held_ns(MonitorRef::Shared(index)))
            .sum()
    }
}

/// Whose costs a walk adds to.
#[derive(Clone, Copy)]
enum Path {
    Caller,
    Executor(usize),
    Forked,
}

/// A step that takes time, by what it adds to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Timed {
    Cpu,
    Io,
    /// A `db` step's query: `Io`, pinned also inside the driver's monitor.
    Query,
    File,
    Wait,
}

/// A program's ops, what they name, and how its driver queries.
struct Walk<'a> {
    ops: &'a [Op],
    monitors: usize,
    query_in_monitor: bool,
    /// Each downstream's mean latency, ns (none known: 0).
    call_ns: &'a [f64],
}

impl Walk<'_> {
    /// Adds the ops from `pc` to the `End` of their program or body to
    /// `path`, each `async` body to its executor's (the walk goes on at the
    /// `Async` op's `resume`). What a path holds starts empty: a task runs
    /// on another thread and holds none of its submitter's monitors.
    fn walk(&self, mut pc: usize, path: Path, costs: &mut Costs) {
        let (ops, monitors) = (self.ops, self.monitors);
        // Entries of each monitor (`Own` last) and of `synchronized` blocks.
        let mut entered = vec![0u16; monitors + 1];
        let mut sync_depth = 0u16;
        let mut in_db = false;
        // The longest subtask of the `fork` being read, ns.
        let mut longest_fork = 0.0f64;
        let slot = |m: MonitorRef| match m {
            MonitorRef::Shared(i) => i as usize,
            MonitorRef::Own => monitors,
        };
        while let Some(&op) = ops.get(pc) {
            pc += 1;
            let (ns, timed) = match op {
                Op::End => return,
                Op::Async { executor, resume } => {
                    let e = executor as usize;
                    if costs.executors.len() <= e {
                        costs.executors.resize_with(e + 1, Submitted::default);
                    }
                    let s = &mut costs.executors[e];
                    s.tasks += 1.0;
                    s.work.shared_held_ns.resize(monitors, 0.0);
                    self.walk(pc, Path::Executor(e), costs);
                    pc = resume as usize;
                    continue;
                }
                Op::Fork { resume, .. } => {
                    let s = &mut costs.forked;
                    s.tasks += 1.0;
                    s.work.shared_held_ns.resize(monitors, 0.0);
                    let before = s.work.service_ns();
                    self.walk(pc, Path::Forked, costs);
                    // The caller joins: it waits for the longest subtask.
                    let took = costs.forked.work.service_ns() - before;
                    longest_fork = longest_fork.max(took);
                    pc = resume as usize;
                    continue;
                }
                Op::Join => (std::mem::take(&mut longest_fork), Timed::Io),
                Op::Enter(m, kind) => {
                    entered[slot(m)] += 1;
                    if kind == LockKind::Sync {
                        sync_depth += 1;
                    }
                    continue;
                }
                Op::Exit(m, kind) => {
                    entered[slot(m)] = entered[slot(m)].saturating_sub(1);
                    if kind == LockKind::Sync {
                        sync_depth = sync_depth.saturating_sub(1);
                    }
                    continue;
                }
                Op::DbAcquire => {
                    in_db = true;
                    continue;
                }
                Op::DbRelease => {
                    in_db = false;
                    continue;
                }
                Op::Begin => continue,
                Op::Wait(d, m, entries) => {
                    // `wait` gives up every entry of its monitor while it waits;
                    // the `Enter`s after it take them back.
                    entered[slot(m)] = entered[slot(m)].saturating_sub(entries);
                    sync_depth = sync_depth.saturating_sub(entries);
                    (d.mean_ns(), Timed::Wait)
                }
                Op::Cpu(d) => (d.mean_ns(), Timed::Cpu),
                Op::Io(d) => (d.mean_ns(), Timed::Io),
                Op::Query(d) => (d.mean_ns(), Timed::Query),
                Op::Call(d) => {
                    let d = d as usize;
                    if costs.calls.len() <= d {
                        costs.calls.resize(d + 1, 0.0);
                    }
                    costs.calls[d] += 1.0;
                    (self.call_ns.get(d).copied().unwrap_or(0.0), Timed::Io)
                }
                // A bulkhead's wait is a queue's, not work: as a pool's.
                Op::CallAcquire(_)
                | Op::CallRelease(_)
                | Op::PermitAcquire(_)
                | Op::PermitRelease(_) => continue,
                Op::File(d) => (d.mean_ns(), Timed::File),
            };
            let p = match path {
                Path::Caller => &mut costs.caller,
                Path::Executor(e) => &mut costs.executors[e].work,
                Path::Forked => &mut costs.forked.work,
            };
            match timed {
                Timed::Cpu => p.cpu_ns += ns,
                Timed::Io | Timed::Query => {
                    p.blocking_ns += ns;
                    if in_db {
                        p.db_ns += ns;
                    }
                    let in_driver = timed == Timed::Query && self.query_in_monitor;
                    if sync_depth > 0 || in_driver {
                        p.pinned_ns += ns;
                    }
                }
                Timed::File => {
                    p.blocking_ns += ns;
                    p.file_ns += ns;
                }
                Timed::Wait => {
                    p.blocking_ns += ns;
                    p.wait_ns += ns;
                }
            }
            if entered[monitors] > 0 {
                p.own_held_ns += ns;
            }
            for (held, &n) in p.shared_held_ns.iter_mut().zip(&entered) {
                if n > 0 {
                    *held += ns;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::program::parse_program;
    use crate::sim::time::MS;

    fn costs(text: &str) -> Costs {
        Costs::of(&parse_program(text).expect("the program parses").program)
    }

    fn ms(ns: f64) -> f64 {
        ns / MS as f64
    }

    fn close(what: &str, ns: f64, want_ms: f64) {
        assert!((ms(ns) - want_ms).abs() < 1e-9, "{what}: {} ms", ms(ns));
    }

    #[test]
    fn a_nested_async_body_counts_for_its_own_executor_alone() {
        let c = costs("io:1ms,async(mail){cpu:1ms,async(pdf){io:50ms},io:10ms}");
        // The caller submits and goes on: its path is the 1 ms of io.
        close("caller", c.caller.service_ns(), 1.0);
        assert_eq!(c.caller.cpu_ns, 0.0);
        let mail = c.executor(0).expect("mail's tasks");
        assert_eq!(mail.tasks, 1.0);
        close("mail's task", mail.task_ns().unwrap(), 11.0);
        close("mail's cpu", mail.work.cpu_ns, 1.0);
        let pdf = c.executor(1).expect("pdf's tasks");
        close("pdf's task", pdf.task_ns().unwrap(), 50.0);
    }

    #[test]
    fn an_executor_named_twice_averages_its_tasks() {
        // The grammar has no loop: a body runs once per request, and an
        // executor named twice gets two tasks.
        let c = costs("async(a){io:1ms},async(b){io:1ms},async(a){io:3ms}");
        let a = c.executor(0).unwrap();
        assert_eq!(a.tasks, 2.0);
        close("a's task", a.task_ns().unwrap(), 2.0);
        close("a's work", a.work.service_ns(), 4.0);
        assert_eq!(c.executor(1).unwrap().tasks, 1.0);
        assert!(c.executor(2).is_none());
        assert_eq!(c.caller.service_ns(), 0.0);
    }

    #[test]
    fn a_wait_inside_sync_blocks_without_holding_or_pinning() {
        let c = costs("sync(m){cpu:1ms,wait:20ms,io:2ms},io:50ms");
        let p = &c.caller;
        close("blocking", p.blocking_ns, 72.0);
        close("wait", p.wait_ns, 20.0);
        // The monitor is held for the cpu and the io around the wait only.
        close("held", c.shared_held_ns(0), 3.0);
        // Only the io after the wait pins (the wait's carrier is replaced);
        // the io after the block is outside it.
        close("pinned", p.pinned_ns, 2.0);
    }

    #[test]
    fn a_wait_in_a_reentered_monitor_gives_up_every_entry() {
        let c = costs("sync(m){sync(m){wait:20ms},io:2ms},io:50ms");
        close("held", c.shared_held_ns(0), 2.0);
        close("pinned", c.caller.pinned_ns, 2.0);
        // An outer monitor stays held through an inner one's wait.
        let c = costs("sync(a){sync(b){wait:20ms}}");
        close("a held", c.shared_held_ns(0), 20.0);
        close("b held", c.shared_held_ns(1), 0.0);
    }

    #[test]
    fn a_db_step_inside_sync_is_held_and_pinned() {
        let c = costs("cpu:1ms,sync(m){db:5ms,cpu:1ms},db:3ms,lock(l){io:7ms}");
        let p = &c.caller;
        close("db", p.db_ns, 8.0);
        close("held m", c.shared_held_ns(0), 6.0);
        close("held l", c.shared_held_ns(1), 7.0);
        // A ReentrantLock never pins; CPU is not blocking.
        close("pinned", p.pinned_ns, 5.0);
        close("service", p.service_ns(), 17.0);
    }

    #[test]
    fn file_io_and_own_monitors_are_their_own_figures() {
        let c = costs("sync{file:4ms,io:1ms},file:2ms");
        let p = &c.caller;
        close("file", p.file_ns, 6.0);
        close("own held", p.held_ns(MonitorRef::Own), 5.0);
        // File I/O captures a carrier on any JDK, replaced: not pinning.
        close("pinned", p.pinned_ns, 1.0);
    }

    #[test]
    fn an_async_body_holds_none_of_its_callers_monitors() {
        let c = costs("sync(m){io:1ms,async(x){io:10ms,sync(m){cpu:2ms}}}");
        close("caller pinned", c.caller.pinned_ns, 1.0);
        let x = c.executor(0).unwrap();
        close("x pinned", x.work.pinned_ns, 0.0);
        close("x holds m", x.work.held_ns(MonitorRef::Shared(0)), 2.0);
        // The monitor is one object: every path's hold counts.
        close("m held", c.shared_held_ns(0), 3.0);
    }

    #[test]
    fn the_engines_begin_op_costs_nothing() {
        let p = parse_program("cpu:1ms,async(x){io:2ms},io:3ms")
            .unwrap()
            .program;
        assert_eq!(Costs::of(&p.clone().with_begin()), Costs::of(&p));
    }
}
