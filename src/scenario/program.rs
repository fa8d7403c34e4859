//! The request-program language, parsed into `sim::program::Program`.
//!
//! ```text
//! program  := step ("," step)*
//! step     := ("cpu" | "io" | "db" | "file") ":" dur
//!           | "wait" ":" dur            (Object.wait, only inside sync)
//!           | ("sync" | "lock") ["(" NAME ")"] "{" program "}"
//!           | "lock" "(" NAME "," "fair" ")" "{" program "}"
//!                                       (a ReentrantLock(true))
//!           | "async" "(" NAME ")" "{" program "}"
//!           | "call" "(" NAME ")"       (a downstream service over HTTP)
//!           | "fork" ["(" ("common" | "virtual") ")"] "{" program "}"
//!                                       (each step a subtask, joined)
//!           | "pool" "(" NAME "," COUNT ["," NUMBER UNIT] ")" "{" program "}"
//!                                       (a bulkhead of COUNT permits: wait
//!                                       that long for one, or for ever)
//!           | "threadpool" "(" NAME ["," MAX ["," CORE ["," QUEUE]]] ")"
//!             "{" program "}"           (Resilience4j's thread-pool bulkhead:
//!                                       the block on its threads, joined)
//! dur      := NUMBER UNIT | "exp(" dur ")" | "uniform(" dur "," dur ")"
//!           | "lognormal(" ["floor=" dur ","] "p50=" dur ",p99=" dur ")"
//! UNIT     := ns | us | µs | ms | s
//! ```
//! Example: `cpu:0.2ms,db:exp(50ms),io:50ms,async(email){io:100ms}`.

use crate::sim::program::{
    Bulkhead, FIRST_THREAD_POOL, ForkOn, LockKind, MonitorRef, Op, Program, THREAD_POOL_QUEUE,
    ThreadPoolBulkhead,
};
use crate::sim::rng::Dist;
use crate::sim::time::Nanos;

use crate::i18n::keys::{Key, errors as words};
use crate::i18n::{Part, Phrase};

use super::error::echo;
use super::schema::valid_executor_name;

/// Longest single duration a program may name (one hour).
const MAX_NS: f64 = 3.6e12;
/// Most steps in a program.
const MAX_STEPS: usize = 500;
/// Deepest nesting of blocks.
const MAX_DEPTH: usize = 16;
/// Most shared monitors (they are tracked in a 64-bit set).
const MAX_MONITORS: usize = 64;
/// Most bulkheads (a fiber's permits are tracked in a 32-bit set).
const MAX_BULKHEADS: usize = 32;
/// Most permits a bulkhead may have: more than any thread or connection
/// count the scenario allows, so such a bulkhead never limits.
const MAX_PERMITS: u32 = 1_000_000;
/// Longest program text, in bytes: room for [`MAX_STEPS`] steps of the
/// longest kind with spaces, so the parser never holds a huge input.
const MAX_BYTES: usize = 64 * 1024;

/// A parsed program plus the executor names it uses, in order of appearance.
pub struct Parsed {
    /// The compiled program (executor indices refer to `executors`).
    pub program: Program,
    /// Executor names used by `async(NAME)`.
    pub executors: Vec<String>,
    /// Downstream names used by `call(NAME)`, in order of appearance (the
    /// ops' indices).
    pub downstreams: Vec<String>,
    /// Whether `fork{…}` runs subtasks on the common pool, and on virtual
    /// threads.
    pub forks_on: [bool; 2],
}

/// Parses `text`; the error says what was expected and where.
pub fn parse_program(text: &str) -> Result<Parsed, Phrase> {
    if text.len() > MAX_BYTES {
        return Err((words::PROGRAM_TOO_LONG.said())
            .with("bytes", Part::Count(text.len() as u64))
            .with("max", Part::Count(MAX_BYTES as u64)));
    }
    let mut p = Parser {
        src: text,
        chars: text.char_indices().collect(),
        pos: 0,
        ops: Vec::new(),
        monitors: Vec::new(),
        executors: Vec::new(),
        downstreams: Vec::new(),
        forks: 0,
        steps: 0,
        syncs: Vec::new(),
        bulkheads: Vec::new(),
        inside: Vec::new(),
        thread_pools: Vec::new(),
    };
    p.skip_ws();
    if p.at_end() {
        return Err(words::PROGRAM_EMPTY.said());
    }
    p.steps(0)?;
    p.skip_ws();
    if !p.at_end() {
        return Err(p.error(want(words::PROGRAM_WANT_NEXT)));
    }
    p.ops.push(Op::End);
    Ok(Parsed {
        program: Program {
            ops: p.ops,
            monitors: p.monitors,
            source: text.trim().to_string(),
            endpoints: Vec::new(),
            bulkheads: p.bulkheads,
            thread_pools: p.thread_pools,
        },
        executors: p.executors,
        downstreams: p.downstreams,
        forks_on: [p.forks & 1 != 0, p.forks & 2 != 0],
    })
}

struct Parser<'a> {
    src: &'a str,
    chars: Vec<(usize, char)>,
    pos: usize,
    ops: Vec<Op>,
    monitors: Vec<String>,
    executors: Vec<String>,
    downstreams: Vec<String>,
    /// Which [`ForkOn`]s the program forks on (bit per kind).
    forks: u8,
    steps: usize,
    /// Monitors of the enclosing `sync` blocks, innermost last.
    syncs: Vec<MonitorRef>,
    /// Bulkheads `pool(…){…}` names, in order of appearance.
    bulkheads: Vec<Bulkhead>,
    /// Bulkheads of the enclosing `pool` blocks on this thread.
    inside: Vec<u16>,
    /// Thread-pool bulkheads `threadpool(…){…}`, in order of appearance.
    thread_pools: Vec<ThreadPoolBulkhead>,
}

impl Parser<'_> {
    fn at_end(&self) -> bool {
        self.pos >= self.chars.len()
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).map(|c| c.1)
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    /// "expected" what (words, or a piece of code such as `'}'`) and
    /// where, and what was found instead.
    fn error(&self, expected: Part) -> Phrase {
        let found = match self.peek() {
            None => Part::Phrase(words::PROGRAM_FOUND_END.said()),
            Some(_) => {
                let at = self.chars[self.pos].0;
                let rest: String = self.src[at..].chars().take(12).collect();
                Part::text(format!("'{rest}'"))
            }
        };
        (words::PROGRAM_EXPECTED.said())
            .with("expected", expected)
            .with("at", Part::Count(self.pos as u64 + 1))
            .with("found", found)
    }

    fn eat(&mut self, c: char) -> bool {
        self.skip_ws();
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: char) -> Result<(), Phrase> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(self.error(Part::text(format!("'{c}'"))))
        }
    }

    fn word(&mut self) -> String {
        self.skip_ws();
        let mut w = String::new();
        while let Some(c) = self.peek() {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                w.push(c);
                self.pos += 1;
            } else {
                break;
            }
        }
        w
    }

    fn steps(&mut self, depth: usize) -> Result<(), Phrase> {
        if depth > MAX_DEPTH {
            return Err(most(words::PROGRAM_TOO_DEEP, MAX_DEPTH));
        }
        loop {
            self.step(depth)?;
            if !self.eat(',') {
                return Ok(());
            }
        }
    }

    fn step(&mut self, depth: usize) -> Result<(), Phrase> {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return Err(most(words::PROGRAM_TOO_MANY_STEPS, MAX_STEPS));
        }
        let start = self.pos;
        let kw = self.word();
        match kw.as_str() {
            "wait" => {
                self.expect(':')?;
                let d = self.dur()?;
                let Some(&monitor) = self.syncs.last() else {
                    return Err(words::PROGRAM_WAIT_OUTSIDE_SYNC.said());
                };
                // Entered this many times by the blocks around it: wait
                // gives up every entry and takes each back.
                let entries = self.syncs.iter().filter(|&&m| m == monitor).count() as u16;
                self.ops.push(Op::Wait(d, monitor, entries));
                for _ in 0..entries {
                    self.ops.push(Op::Enter(monitor, LockKind::Sync));
                }
                Ok(())
            }
            "cpu" | "io" | "db" | "file" => {
                self.expect(':')?;
                let d = self.dur()?;
                match kw.as_str() {
                    "cpu" => self.ops.push(Op::Cpu(d)),
                    "io" => self.ops.push(Op::Io(d)),
                    "file" => self.ops.push(Op::File(d)),
                    _ => self
                        .ops
                        .extend([Op::DbAcquire, Op::Query(d), Op::DbRelease]),
                }
                Ok(())
            }
            "sync" | "lock" => {
                let mut kind = if kw == "sync" {
                    LockKind::Sync
                } else {
                    LockKind::Lock
                };
                let monitor = if self.eat('(') {
                    let name = self.name(words::PROGRAM_WANT_MONITOR)?;
                    // Only a shared lock can be fair: a request's own is
                    // never contended, and a monitor has no fair mode.
                    if kind == LockKind::Lock && self.eat(',') {
                        self.fair()?;
                        kind = LockKind::FairLock;
                    }
                    self.expect(')')?;
                    MonitorRef::Shared(self.monitor_index(&name)?)
                } else {
                    MonitorRef::Own
                };
                self.expect('{')?;
                self.ops.push(Op::Enter(monitor, kind));
                if kind == LockKind::Sync {
                    self.syncs.push(monitor);
                }
                self.steps(depth + 1)?;
                if kind == LockKind::Sync {
                    self.syncs.pop();
                }
                self.expect('}')?;
                self.ops.push(Op::Exit(monitor, kind));
                Ok(())
            }
            "fork" => {
                let on = if self.eat('(') {
                    let word = self.word();
                    self.expect(')')?;
                    match word.as_str() {
                        "common" => ForkOn::CommonPool,
                        "virtual" => ForkOn::Virtual,
                        _ => return Err(self.error(want(words::PROGRAM_WANT_FORK_ON))),
                    }
                } else {
                    ForkOn::CommonPool
                };
                // Each step is one subtask.
                self.joined(depth, |p| {
                    loop {
                        p.subtask(on as u16, |p| p.step(depth + 1))?;
                        if !p.eat(',') {
                            return Ok(());
                        }
                    }
                })?;
                self.forks |= 1 << on as u8;
                Ok(())
            }
            "call" => {
                self.expect('(')?;
                let name = self.name(words::PROGRAM_WANT_DOWNSTREAM)?;
                self.expect(')')?;
                let d = match self.downstreams.iter().position(|e| *e == name) {
                    Some(i) => i,
                    None => {
                        self.downstreams.push(name);
                        self.downstreams.len() - 1
                    }
                } as u16;
                self.ops
                    .extend([Op::CallAcquire(d), Op::Call(d), Op::CallRelease(d)]);
                Ok(())
            }
            "pool" => self.pool(depth),
            "threadpool" => self.thread_pool(depth),
            "async" => {
                self.expect('(')?;
                let name = self.name(words::PROGRAM_WANT_EXECUTOR)?;
                self.expect(')')?;
                self.expect('{')?;
                let executor = match self.executors.iter().position(|e| *e == name) {
                    Some(i) => i,
                    None => {
                        self.executors.push(name);
                        self.executors.len() - 1
                    }
                } as u16;
                let at = self.ops.len();
                self.ops.push(Op::Async {
                    executor,
                    resume: 0,
                });
                // The task runs on another thread: it holds none of the
                // caller's monitors or permits.
                let outer = std::mem::take(&mut self.syncs);
                let permits = std::mem::take(&mut self.inside);
                self.steps(depth + 1)?;
                self.syncs = outer;
                self.inside = permits;
                self.expect('}')?;
                self.ops.push(Op::End);
                let resume = self.ops.len() as u32;
                self.ops[at] = Op::Async { executor, resume };
                Ok(())
            }
            _ => {
                self.pos = start;
                self.skip_ws();
                Err(self.error(want(words::PROGRAM_WANT_STEP)))
            }
        }
    }

    /// `pool(NAME, n[, WAIT]){…}` after its keyword.
    fn pool(&mut self, depth: usize) -> Result<(), Phrase> {
        self.expect('(')?;
        let name = self.name(words::PROGRAM_WANT_POOL)?;
        self.expect(',')?;
        let permits = self.permits()?;
        let max_wait = if self.eat(',') {
            Some(self.ns()?.round() as Nanos)
        } else {
            None
        };
        self.expect(')')?;
        let b = same_bulkhead(
            &mut self.bulkheads,
            Bulkhead {
                name,
                permits,
                max_wait,
            },
        )?;
        if self.inside.contains(&b) {
            // A semaphore is not reentrant: the block would wait for a
            // second permit while it holds one.
            let name = Part::text(self.bulkheads[b as usize].name.clone());
            return Err(words::PROGRAM_POOL_NESTED.said().with("name", name));
        }
        self.expect('{')?;
        self.ops.push(Op::PermitAcquire(b));
        self.inside.push(b);
        self.steps(depth + 1)?;
        self.inside.pop();
        self.expect('}')?;
        self.ops.push(Op::PermitRelease(b));
        Ok(())
    }

    /// `threadpool(NAME[, MAX[, CORE[, QUEUE]]]){…}` after its keyword: the
    /// block is one task on the bulkhead's executor, which the request
    /// joins (as `fork{…}` with one subtask).
    fn thread_pool(&mut self, depth: usize) -> Result<(), Phrase> {
        self.expect('(')?;
        let name = self.name(words::PROGRAM_WANT_POOL)?;
        let mut sizes = [None; 3];
        for size in sizes.iter_mut() {
            if !self.eat(',') {
                break;
            }
            *size = Some(self.permits()?);
        }
        self.expect(')')?;
        let [max, core, queue] = sizes;
        if let (Some(max), Some(core)) = (max, core)
            && core > max
        {
            return Err(thread_pool_sizes(&name, core, max));
        }
        let b = ThreadPoolBulkhead {
            name,
            max,
            core,
            queue: queue.unwrap_or(THREAD_POOL_QUEUE),
        };
        let k = same_thread_pool(&mut self.thread_pools, b)?;
        // The whole block is one subtask.
        let executor = FIRST_THREAD_POOL + k;
        self.joined(depth, |p| p.subtask(executor, |p| p.steps(depth + 1)))
    }

    /// `{` subtasks `}` and the join after them: `subtasks` lays them out
    /// ([`Parser::subtask`]). They run on other threads, so they hold none
    /// of the caller's monitors or permits.
    fn joined(
        &mut self,
        depth: usize,
        subtasks: impl FnOnce(&mut Self) -> Result<(), Phrase>,
    ) -> Result<(), Phrase> {
        self.expect('{')?;
        if depth + 1 > MAX_DEPTH {
            return Err(most(words::PROGRAM_TOO_DEEP, MAX_DEPTH));
        }
        let outer = std::mem::take(&mut self.syncs);
        let permits = std::mem::take(&mut self.inside);
        subtasks(self)?;
        self.syncs = outer;
        self.inside = permits;
        self.expect('}')?;
        self.ops.push(Op::Join);
        Ok(())
    }

    /// One subtask on `executor`: a `Fork` that jumps past it, its body
    /// (`body` parses it), and its `End`.
    fn subtask(
        &mut self,
        executor: u16,
        body: impl FnOnce(&mut Self) -> Result<(), Phrase>,
    ) -> Result<(), Phrase> {
        let at = self.ops.len();
        self.ops.push(Op::Fork {
            executor,
            resume: 0,
        });
        body(self)?;
        self.ops.push(Op::End);
        let resume = self.ops.len() as u32;
        self.ops[at] = Op::Fork { executor, resume };
        Ok(())
    }

    /// A bulkhead's permits: a whole number from 1 to [`MAX_PERMITS`].
    fn permits(&mut self) -> Result<u32, Phrase> {
        self.skip_ws();
        let start = self.pos;
        let mut digits = String::new();
        // A decimal point too, so that `2.5` is refused as a whole.
        while let Some(c) = self
            .peek()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '.')
        {
            digits.push(c);
            self.pos += 1;
        }
        match digits.parse::<u32>() {
            Ok(n) if (1..=MAX_PERMITS).contains(&n) => Ok(n),
            _ => {
                self.pos = start;
                let said = words::PROGRAM_WANT_PERMITS.said();
                Err(self.error(Part::Phrase(
                    said.with("max", Part::Count(MAX_PERMITS as u64)),
                )))
            }
        }
    }

    /// The word `fair` after a lock's name and its comma.
    fn fair(&mut self) -> Result<(), Phrase> {
        self.skip_ws();
        let at = self.pos;
        if self.word() == "fair" {
            return Ok(());
        }
        self.pos = at;
        Err(self.error(Part::text("'fair'".to_string())))
    }

    /// A name, as `what` (a key that says what kind of name and its rule).
    fn name(&mut self, what: Key) -> Result<String, Phrase> {
        let n = self.word();
        if valid_executor_name(&n) {
            Ok(n)
        } else {
            Err(self.error(want(what)))
        }
    }

    fn monitor_index(&mut self, name: &str) -> Result<u16, Phrase> {
        if let Some(i) = self.monitors.iter().position(|m| m == name) {
            return Ok(i as u16);
        }
        if self.monitors.len() >= MAX_MONITORS {
            return Err(most(words::PROGRAM_TOO_MANY_MONITORS, MAX_MONITORS));
        }
        self.monitors.push(name.to_string());
        Ok((self.monitors.len() - 1) as u16)
    }

    fn dur(&mut self) -> Result<Dist, Phrase> {
        self.skip_ws();
        let save = self.pos;
        let w = self.word();
        match w.as_str() {
            "exp" => {
                self.expect('(')?;
                let m = self.ns()?;
                self.expect(')')?;
                Ok(if m == 0.0 {
                    Dist::Const { ns: 0 }
                } else {
                    Dist::Exp { mean_ns: m }
                })
            }
            "uniform" => {
                self.expect('(')?;
                let lo = self.ns()?;
                self.expect(',')?;
                let hi = self.ns()?;
                self.expect(')')?;
                if hi < lo {
                    return Err((words::PROGRAM_UNIFORM.said())
                        .with("lo", Part::text(fmt_ns(lo)))
                        .with("hi", Part::text(fmt_ns(hi))));
                }
                Ok(Dist::Uniform {
                    lo_ns: lo,
                    hi_ns: hi,
                })
            }
            "lognormal" => {
                self.expect('(')?;
                let floor = self.lognormal_floor()?;
                self.key("p50")?;
                let p50 = self.ns()?;
                self.expect(',')?;
                self.key("p99")?;
                let p99 = self.ns()?;
                self.expect(')')?;
                if p50 <= 0.0 || p99 <= p50 {
                    return Err((words::PROGRAM_LOGNORMAL.said())
                        .with("p50", Part::text(fmt_ns(p50)))
                        .with("p99", Part::text(fmt_ns(p99))));
                }
                if floor >= p50 {
                    return Err((words::PROGRAM_LOGNORMAL_FLOOR.said())
                        .with("floor", Part::text(fmt_ns(floor)))
                        .with("p50", Part::text(fmt_ns(p50))));
                }
                Ok(Dist::lognormal_above(floor, p50, p99))
            }
            _ => {
                self.pos = save;
                let ns = self.ns()?;
                Ok(Dist::Const {
                    ns: ns.round() as Nanos,
                })
            }
        }
    }

    /// `floor=D,` at the start of `lognormal(…)`, if written: the value no
    /// draw goes below (0 if not written).
    fn lognormal_floor(&mut self) -> Result<f64, Phrase> {
        self.skip_ws();
        let save = self.pos;
        if self.word() != "floor" {
            self.pos = save;
            return Ok(0.0);
        }
        self.expect('=')?;
        let floor = self.ns()?;
        self.expect(',')?;
        Ok(floor)
    }

    fn key(&mut self, k: &str) -> Result<(), Phrase> {
        let w = self.word();
        if w != k {
            return Err(self.error(Part::text(format!("{k}="))));
        }
        self.expect('=')
    }

    /// A number with a unit, in ns.
    fn ns(&mut self) -> Result<f64, Phrase> {
        self.skip_ws();
        let start = self.pos;
        let mut num = String::new();
        while let Some(c) = self.peek() {
            if c.is_ascii_digit() || c == '.' {
                num.push(c);
                self.pos += 1;
            } else {
                break;
            }
        }
        let value: f64 = match num.parse() {
            Ok(v) => v,
            Err(_) => {
                self.pos = start;
                return Err(self.error(want(words::PROGRAM_WANT_DURATION)));
            }
        };
        let mut unit = String::new();
        while let Some(c) = self.peek() {
            if c.is_alphabetic() {
                unit.push(c);
                self.pos += 1;
            } else {
                break;
            }
        }
        let scale = match unit.as_str() {
            "ns" => 1.0,
            "us" | "µs" | "μs" => 1e3,
            "ms" => 1e6,
            "s" => 1e9,
            _ => {
                self.pos = start + num.chars().count();
                return Err(self.error(want(words::PROGRAM_WANT_UNIT)));
            }
        };
        let ns = value * scale;
        if !(0.0..=MAX_NS).contains(&ns) {
            let duration = Part::text(echo(&(num + &unit)));
            return Err(words::PROGRAM_OVER_AN_HOUR
                .said()
                .with("duration", duration));
        }
        Ok(ns)
    }
}

/// Where bulkhead `b` stands in `all`, added if new (at most
/// [`MAX_BULKHEADS`]); an error if `all` has one of its name with another
/// size or wait.
pub(crate) fn same_bulkhead(all: &mut Vec<Bulkhead>, b: Bulkhead) -> Result<u16, Phrase> {
    same_by_name(
        all,
        b,
        |b| &b.name,
        |first, second| {
            (words::PROGRAM_POOL_DIFFERS.said())
                .with("name", Part::text(second.name.clone()))
                .with("first", Part::text(pool_args(first)))
                .with("second", Part::text(pool_args(second)))
        },
    )
}

/// Where thread-pool bulkhead `b` stands in `all`, added if new (at most
/// [`MAX_BULKHEADS`]); an error if `all` has one of its name with other
/// sizes.
pub(crate) fn same_thread_pool(
    all: &mut Vec<ThreadPoolBulkhead>,
    b: ThreadPoolBulkhead,
) -> Result<u16, Phrase> {
    same_by_name(
        all,
        b,
        |b| &b.name,
        |_, second| {
            (words::PROGRAM_THREADPOOL_DIFFERS.said()).with("name", Part::text(second.name.clone()))
        },
    )
}

/// Where `b` stands among the bulkheads of its kind `all`, by its name:
/// added if new (at most [`MAX_BULKHEADS`]); `differs` says why one of its
/// name sized otherwise (the first, then `b`) is an error.
fn same_by_name<T: PartialEq>(
    all: &mut Vec<T>,
    b: T,
    name: impl Fn(&T) -> &String,
    differs: impl FnOnce(&T, &T) -> Phrase,
) -> Result<u16, Phrase> {
    if let Some(i) = all.iter().position(|x| name(x) == name(&b)) {
        if all[i] != b {
            return Err(differs(&all[i], &b));
        }
        return Ok(i as u16);
    }
    if all.len() >= MAX_BULKHEADS {
        return Err(most(words::PROGRAM_TOO_MANY_POOLS, MAX_BULKHEADS));
    }
    all.push(b);
    Ok((all.len() - 1) as u16)
}

/// `ThreadPoolBulkheadConfig.build()`'s refusal of more core threads than
/// the maximum.
pub(crate) fn thread_pool_sizes(name: &str, core: u32, max: u32) -> Phrase {
    (words::PROGRAM_THREADPOOL_SIZES.said())
        .with("name", Part::text(name.to_string()))
        .with("core", Part::Count(core as u64))
        .with("max", Part::Count(max as u64))
}

/// `n` or `n, WAIT`, as `pool(NAME, …)` writes them.
fn pool_args(b: &Bulkhead) -> String {
    match b.max_wait {
        Some(w) => format!("{}, {}", b.permits, fmt_ns(w as f64)),
        None => b.permits.to_string(),
    }
}

/// What the parser expected, in words.
fn want(key: Key) -> Part {
    Part::Phrase(key.said())
}

/// A limit's message, `most` the limit.
fn most(key: Key, most: usize) -> Phrase {
    key.said().with("max", Part::Count(most as u64))
}

fn fmt_ns(ns: f64) -> String {
    format!("{}ms", ns / 1e6)
}
