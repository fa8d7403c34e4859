//! Draft → typed `sim::Config`. Every problem is collected (not just the
//! first), each naming the field, the value and what is allowed.

mod tools;

use std::collections::BTreeSet;

use serde_json::Value;

use super::draft::{Draft, SCHEMA_VERSION, short};
use super::error::FieldError;
use super::program::parse_program;
use super::schema::{FieldKind, FieldSpec, field, schema, valid_executor_name};
use crate::sim::config::{
    Config, CpuModel, Db, Executor, ExecutorKind, Limits, Load, LoadKind, Memory, Mode, Record,
    Server,
};
use crate::sim::program::Op;
use crate::sim::time::{from_ms, from_s};

/// Checks a draft and builds the run's configuration.
pub fn validate(draft: &Draft) -> Result<Config, Vec<FieldError>> {
    let mut r = Reader {
        draft,
        errors: Vec::new(),
    };
    r.check_keys();

    // Read once: the load's default client threads and the carriers follow it.
    let cores = r.int("server.cores") as u32;
    let kind = r.choice("load.kind");
    let concurrency = r.int("load.concurrency") as u32;
    let requests = r.opt_int("load.requests").map(|n| n as u64);
    let duration = r.opt_float("load.duration_s").map(from_s);
    let loops = r.opt_int("load.loops").map(|n| n as u64);
    let tool = tools::read(&mut r, duration, kind == "open");
    let duration = tool.duration;
    let load_kind = if tool.open {
        LoadKind::Open {
            rate_rps: r.float("load.rate_rps"),
            poisson: r.choice("load.arrivals") == "poisson",
        }
    } else {
        LoadKind::Closed {
            concurrency,
            think: from_ms(r.float("load.think_ms")),
            ramp_up: from_s(r.float("load.ramp_up_s")),
            loops,
        }
    };
    if duration.is_none() {
        match (&load_kind, requests, loops) {
            (LoadKind::Closed { .. }, _, Some(_)) => {}
            (_, None, _) => r.err(
                "load.requests",
                "null",
                "set a request count or load.duration_s (or load.loops for JMeter)",
            ),
            (LoadKind::Closed { .. }, Some(n), None) if n < concurrency as u64 => r.err(
                "load.requests",
                &n.to_string(),
                &format!("must be at least load.concurrency ({concurrency}), as hey requires"),
            ),
            _ => {}
        }
    }
    let client_threads = r
        .opt_int("load.client_threads")
        .map(|n| n as u32)
        .unwrap_or_else(|| tool.default_client_threads(cores, concurrency));
    let max_in_flight = r
        .opt_int("load.max_in_flight")
        .map(|m| m as u32)
        .or(tool.default_limit)
        .map(|m| (m, tool.overflow));
    let load = Load {
        kind: load_kind,
        duration,
        requests,
        tool: tool.tool,
        timeout: tool.timeout,
        connect_timeout: tool.connect_timeout,
        keep_alive: tool.keep_alive,
        rtt: tool.rtt,
        connect_cpu: tool.connect_cpu,
        client_cpu: from_ms(r.float("load.client_cpu_ms")),
        client_threads,
        max_in_flight,
    };
    let conns = tools::read_server(&mut r);

    let carriers = r
        .opt_int("server.carriers")
        .map(|c| c as u32)
        .unwrap_or(cores);
    let max_pool_size = r
        .opt_int("server.max_pool_size")
        .map(|c| c as u32)
        .unwrap_or(carriers.max(256));
    if max_pool_size < carriers {
        r.err(
            "server.max_pool_size",
            &max_pool_size.to_string(),
            &format!("must be at least the carrier count ({carriers}), as the JDK requires"),
        );
    }
    let mode = if r.choice("server.mode") == "virtual" {
        Mode::Virtual
    } else {
        Mode::Platform
    };
    let server = Server {
        mode,
        threads_max: r.int("server.threads_max") as u32,
        min_spare: r.int("server.min_spare") as u32,
        cores,
        carriers,
        max_pool_size,
        max_connections: r.int("server.max_connections") as u32,
        backlog: (r.int("server.accept_count").min(r.int("server.somaxconn"))) as u32,
        max_keep_alive_requests: conns.max_keep_alive_requests,
        keep_alive_timeout: conns.keep_alive_timeout,
        accept_cost: conns.accept_cost,
        jdk: r.int("server.jdk") as u32,
        cpu_model: if r.choice("server.cpu_model") == "rr" {
            CpuModel::RoundRobin
        } else {
            CpuModel::ProcessorSharing
        },
        quantum: from_ms(r.float("server.quantum_ms")).max(1),
        context_switch: from_ms(r.float("server.context_switch_us") / 1000.0),
    };

    let program_text = r.string("program");
    let (program, used) = match parse_program(&program_text) {
        Ok(p) => (p.program, p.executors),
        Err(e) => {
            r.err("program", &program_text, &e);
            (
                crate::sim::program::Program {
                    ops: vec![Op::End],
                    monitors: vec![],
                    source: program_text.clone(),
                },
                vec![],
            )
        }
    };
    let executors = r.executors(&used, mode);
    // Re-map the program's executor indices (order of appearance) to the
    // config's order.
    let mut program = program;
    for op in program.ops.iter_mut() {
        if let Op::Async { executor, .. } = op {
            let name = &used[*executor as usize];
            *executor = executors.iter().position(|e| &e.name == name).unwrap_or(0) as u16;
        }
    }

    let db = Db {
        pool_size: r.int("db.pool_size") as u32,
        timeout: from_ms(r.float("db.timeout_ms")),
    };
    let mb = |x: f64| (x * 1048576.0) as u64;
    let kb = |x: f64| (x * 1024.0) as u64;
    let memory = Memory {
        limit: mb(r.float("memory.heap_mb")),
        base: mb(r.float("memory.base_mb")),
        platform_thread: kb(r.float("memory.xss_kb")),
        virtual_thread: r.float("memory.vthread_bytes") as u64,
        stack_chunk: kb(r.float("memory.stack_chunk_kb")),
        connection: kb(r.float("memory.connection_kb")),
        request: kb(r.float("memory.request_kb")),
    };
    if memory.base >= memory.limit {
        let base = r.float("memory.base_mb").to_string();
        r.err("memory.base_mb", &base, "must be below memory.heap_mb");
    }
    let limits = Limits {
        max_events: r.int("limits.max_events") as u64,
        max_time: from_s(r.float("limits.max_sim_s")),
        max_sim_memory: crate::sim::config::DEFAULT_MAX_SIM_MEMORY,
    };
    let record = Record {
        series_buckets: r.int("record.series_buckets") as u32,
        timeline_start: from_ms(r.float("record.timeline_start_ms")),
        timeline_window: from_ms(r.float("record.timeline_window_ms")).max(1),
        timeline_lanes: r.int("record.timeline_lanes") as u32,
    };
    let seed = r.int("seed") as u64;

    // Report problems in the form's order, whatever order they were found in.
    let position = |key: &str| {
        let spec = field(key).map(|s| s.key);
        schema()
            .iter()
            .position(|s| Some(s.key) == spec)
            .unwrap_or(usize::MAX)
    };
    r.errors.sort_by_key(|e| position(&e.field));
    if r.errors.is_empty() {
        Ok(Config {
            seed,
            load,
            server,
            program,
            db,
            executors,
            memory,
            limits,
            record,
        })
    } else {
        Err(r.errors)
    }
}

struct Reader<'a> {
    draft: &'a Draft,
    errors: Vec<FieldError>,
}

impl Reader<'_> {
    fn err(&mut self, key: &str, value: &str, msg: &str) {
        self.errors.push(FieldError::new(key, value, msg));
    }

    /// Unknown keys and a wrong format version are errors.
    fn check_keys(&mut self) {
        for (key, value) in self.draft.leaves() {
            if key == "schema" {
                if value.as_u64() != Some(SCHEMA_VERSION) {
                    self.err(
                        "schema",
                        &short(value),
                        &format!("this threadlab reads format version {SCHEMA_VERSION}"),
                    );
                }
                continue;
            }
            if field(&key).is_none() {
                let hint = if key.starts_with("async.") {
                    "unknown key: executors are async.<name>.kind|core|max|queue|limit, with a name of letters, digits, _ or -"
                } else {
                    "unknown key; `threadlab schema` lists every key"
                };
                self.err(&key, &short(value), hint);
            }
        }
    }

    /// The value at `key` or its default, checked against the spec.
    fn raw(&mut self, key: &str) -> (Value, &'static FieldSpec) {
        let spec = field(key).expect("validate only reads keys of the schema");
        match self.draft.get(key) {
            Some(v) => (v.clone(), spec),
            None => (default_value(spec), spec),
        }
    }

    fn number(&mut self, key: &str) -> Option<f64> {
        let (v, spec) = self.raw(key);
        if v.is_null() {
            if !spec.nullable {
                self.err(
                    key,
                    "null",
                    &format!("expected {}", spec.kind.allowed(false)),
                );
            }
            return None;
        }
        let Some(x) = v.as_f64() else {
            self.err(
                key,
                &short(&v),
                &format!("expected {}", spec.kind.allowed(spec.nullable)),
            );
            return None;
        };
        let (lo, hi, whole) = match spec.kind {
            FieldKind::Int { min, max } => (min as f64, max as f64, true),
            FieldKind::Float { min, max } => (min, max, false),
            _ => unreachable!("number() is only called for numeric keys"),
        };
        if (whole && x.fract() != 0.0) || !(lo..=hi).contains(&x) {
            self.err(
                key,
                &short(&v),
                &format!(
                    "out of range: expected {}",
                    spec.kind.allowed(spec.nullable)
                ),
            );
            return None;
        }
        Some(x)
    }

    fn fallback(key: &str) -> f64 {
        let spec = field(key).expect("schema key");
        let v = default_value(spec);
        v.as_f64().unwrap_or(match spec.kind {
            FieldKind::Int { min, .. } => min as f64,
            FieldKind::Float { min, .. } => min,
            _ => 0.0,
        })
    }

    fn int(&mut self, key: &str) -> i64 {
        self.number(key).unwrap_or_else(|| Self::fallback(key)) as i64
    }

    fn float(&mut self, key: &str) -> f64 {
        self.number(key).unwrap_or_else(|| Self::fallback(key))
    }

    fn opt_int(&mut self, key: &str) -> Option<i64> {
        self.number(key).map(|x| x as i64)
    }

    fn opt_float(&mut self, key: &str) -> Option<f64> {
        self.number(key)
    }

    fn choice(&mut self, key: &str) -> String {
        let (v, spec) = self.raw(key);
        let FieldKind::Choice(options) = spec.kind else {
            unreachable!("choice() is only called for choice keys")
        };
        match v.as_str() {
            Some(s) if options.contains(&s) => s.to_string(),
            Some(s) if options.contains(&s.to_ascii_lowercase().as_str()) => s.to_ascii_lowercase(),
            _ if v.is_null() && spec.nullable => String::new(),
            _ => {
                self.err(
                    key,
                    &short(&v),
                    &format!("expected {}", spec.kind.allowed(spec.nullable)),
                );
                options[0].to_string()
            }
        }
    }

    fn string(&mut self, key: &str) -> String {
        let (v, spec) = self.raw(key);
        match v.as_str() {
            Some(s) => s.to_string(),
            None => {
                self.err(
                    key,
                    &short(&v),
                    &format!("expected {}", spec.kind.allowed(false)),
                );
                String::new()
            }
        }
    }

    /// Executors: those configured under `async.*` plus those the program uses.
    fn executors(&mut self, used: &[String], mode: Mode) -> Vec<Executor> {
        let mut names: BTreeSet<String> = used.iter().cloned().collect();
        if let Some(map) = self.draft.get("async").and_then(Value::as_object) {
            for name in map.keys() {
                if valid_executor_name(name) {
                    names.insert(name.clone());
                }
            }
        }
        let mut out = Vec::new();
        for name in names {
            let k = |leaf: &str| format!("async.{name}.{leaf}");
            let kind_word = self.choice(&k("kind"));
            // Unset: Spring Boot's auto-configured executor, virtual when
            // spring.threads.virtual.enabled=true.
            let set = |leaf: &str| self.draft.get(&k(leaf)).is_some_and(|v| !v.is_null());
            let virtual_kind = match kind_word.as_str() {
                "virtual" => true,
                "pool" => false,
                _ if set("core") || set("max") || set("queue") => false,
                _ if set("limit") => true,
                _ => mode == Mode::Virtual,
            };
            let kind = if virtual_kind {
                ExecutorKind::Virtual {
                    limit: self.opt_int(&k("limit")).map(|l| l as u32),
                }
            } else {
                let core = self.int(&k("core")) as u32;
                let max = self
                    .opt_int(&k("max"))
                    .map(|m| m as u32)
                    .unwrap_or(u32::MAX);
                let queue = self
                    .opt_int(&k("queue"))
                    .map(|q| q as u32)
                    .unwrap_or(u32::MAX);
                if max < core.max(1) {
                    self.err(
                        &k("max"),
                        &max.to_string(),
                        &format!("must be at least core ({core}), as ThreadPoolExecutor requires"),
                    );
                }
                ExecutorKind::Pool { core, max, queue }
            };
            out.push(Executor { name, kind });
        }
        out
    }
}

/// A spec's default as a JSON value.
pub(crate) fn default_value(spec: &FieldSpec) -> Value {
    if spec.default == "null" {
        return Value::Null;
    }
    match spec.kind {
        FieldKind::Int { .. } => spec
            .default
            .parse::<i64>()
            .map(Value::from)
            .unwrap_or(Value::Null),
        FieldKind::Float { .. } => spec
            .default
            .parse::<f64>()
            .ok()
            .and_then(serde_json::Number::from_f64)
            .map(Value::Number)
            .unwrap_or(Value::Null),
        FieldKind::Choice(_) | FieldKind::Program => Value::String(spec.default.into()),
    }
}

/// Every key with its default, for listings.
#[allow(dead_code)]
pub fn defaults() -> Vec<(&'static FieldSpec, Value)> {
    schema().iter().map(|s| (s, default_value(s))).collect()
}
