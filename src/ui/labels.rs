//! Short human labels for scenario keys and form groups (the schema has the
//! property names and help; these are the words on the form).

use crate::scenario::Group;

/// The label of a key, e.g. `server.threads_max` → "Max threads".
pub fn label(key: &str) -> String {
    let leaf = key.rsplit('.').next().unwrap_or(key);
    let known = match key {
        "load.kind" => "Load model",
        "load.concurrency" => "Concurrency",
        "load.requests" => "Requests",
        "load.duration_s" => "Duration",
        "load.rate_rps" => "Arrival rate",
        "load.arrivals" => "Arrivals",
        "load.ramp_up_s" => "Ramp-up",
        "load.timeout_ms" => "Client timeout",
        "load.think_ms" => "Think time",
        "load.loops" => "Loops per user",
        "load.client_cpu_ms" => "Client CPU on the server",
        "server.threads_max" => "Max threads",
        "server.min_spare" => "Min spare threads",
        "server.cores" => "CPU cores",
        "server.carriers" => "Carrier threads",
        "server.max_pool_size" => "Max carriers",
        "server.max_connections" => "Max connections",
        "server.accept_count" => "Accept count",
        "server.somaxconn" => "somaxconn",
        "server.jdk" => "JDK version",
        "server.cpu_model" => "CPU scheduler",
        "server.quantum_ms" => "Time slice",
        "server.context_switch_us" => "Context switch",
        "program" => "Request program",
        "db.pool_size" => "Pool size",
        "db.timeout_ms" => "Connection timeout",
        "memory.heap_mb" => "Memory limit",
        "memory.base_mb" => "Idle JVM",
        "memory.xss_kb" => "Stack per thread",
        "memory.vthread_bytes" => "Per virtual thread",
        "memory.stack_chunk_kb" => "Stack chunk",
        "memory.connection_kb" => "Per connection",
        "memory.request_kb" => "Per request",
        "limits.max_events" => "Event budget",
        "limits.max_sim_s" => "Time budget",
        "record.series_buckets" => "Chart resolution",
        "record.timeline_start_ms" => "Timeline start",
        "record.timeline_window_ms" => "Timeline window",
        "record.timeline_lanes" => "Timeline lanes",
        "seed" => "Seed",
        _ => "",
    };
    if !known.is_empty() {
        return known.into();
    }
    let mut s = leaf.replace('_', " ");
    if let Some(c) = s.get(0..1) {
        s.replace_range(0..1, &c.to_uppercase());
    }
    s
}

/// A group's heading and one line about it.
pub fn group(g: Group) -> (&'static str, &'static str) {
    match g {
        Group::Load => (
            "Load",
            "the client: hey/wrk closed loop, JMeter ramp-up, or an arrival rate",
        ),
        Group::Server => ("Server", "Tomcat, threads, cores and the JDK"),
        Group::Program => ("Request program", "what the controller method does"),
        Group::Db => ("HikariCP pool", "spring.datasource.hikari.*"),
        Group::Async => ("@Async executors", "one per async(NAME){…} in the program"),
        Group::Memory => ("Memory", "what threads, connections and requests cost"),
        Group::Limits => ("Budgets", "every run stops here"),
        Group::Record => ("Recording", "chart resolution and the timeline window"),
        Group::Run => ("Run", "the random seed"),
    }
}

/// Slider range for a key: (min, max, logarithmic).
pub fn slider(key: &str) -> Option<(f64, f64, bool)> {
    Some(match key {
        "load.concurrency" => (1.0, 20_000.0, true),
        "load.requests" => (100.0, 1_000_000.0, true),
        "load.duration_s" => (1.0, 600.0, true),
        "load.rate_rps" => (1.0, 100_000.0, true),
        "load.ramp_up_s" => (0.0, 300.0, false),
        "load.timeout_ms" => (0.0, 60_000.0, false),
        "load.think_ms" => (0.0, 2_000.0, false),
        "load.client_cpu_ms" => (0.0, 2.0, false),
        "server.threads_max" => (1.0, 5_000.0, true),
        "server.min_spare" => (0.0, 200.0, false),
        "server.cores" => (1.0, 64.0, true),
        "server.carriers" => (1.0, 64.0, true),
        "server.max_pool_size" => (1.0, 1_024.0, true),
        "server.max_connections" => (10.0, 100_000.0, true),
        "server.accept_count" => (0.0, 10_000.0, false),
        "server.jdk" => (21.0, 25.0, false),
        "db.pool_size" => (1.0, 2_000.0, true),
        "db.timeout_ms" => (250.0, 60_000.0, true),
        "memory.heap_mb" => (64.0, 32_768.0, true),
        "memory.xss_kb" => (64.0, 4_096.0, true),
        _ => return None,
    })
}
