//! The `downstream.<name>.*` sections: the services the program calls
//! (`call(NAME)`), each with its latency and concurrency, and the HTTP
//! client the service calls it with, whose pool defaults are the client's
//! own (`scenario::http_clients`).

use serde_json::Value;

use super::reader::Reader;
use crate::i18n::Part;
use crate::i18n::keys::errors as words;
use crate::scenario::http_clients::{default_burst, default_max_pending, defaults};
use crate::scenario::measured::JDK_CLIENT_TASK_CPU_US;
use crate::scenario::schema::{field, valid_executor_name};
use crate::sim::config::{
    Downstream, Executor, ExecutorKind, Handoff, HttpClient, RateLimit, client_executor_name,
};
use crate::sim::program::{Dist, Op, Program};
use crate::sim::time::{MS, Nanos, from_ms};

/// The downstreams `used` names, in the program's order; a section
/// configured for a name no `call` uses is refused (most often a typo).
pub(super) fn read(r: &mut Reader, used: &[String]) -> Vec<Downstream> {
    if let Some(map) = r.draft.get("downstream").and_then(Value::as_object) {
        let has_setting = |name: &str, v: &Value| {
            v.as_object().is_some_and(|m| {
                m.iter().any(|(leaf, x)| {
                    !x.is_null() && field(&format!("downstream.{name}.{leaf}")).is_some()
                })
            })
        };
        let unused: Vec<String> = (map.iter())
            .filter(|(n, v)| valid_executor_name(n) && has_setting(n, v) && !used.contains(n))
            .map(|(n, _)| n.clone())
            .collect();
        for name in unused {
            let said = (words::DOWNSTREAM_UNUSED.said()).with("names", Part::text(used.join(", ")));
            r.err_at(&format!("downstream.{name}"), said);
        }
    }
    used.iter().map(|name| one(r, name)).collect()
}

fn one(r: &mut Reader, name: &str) -> Downstream {
    let k = |leaf: &str| format!("downstream.{name}.{leaf}");
    let client = match r.choice(&k("client")).as_str() {
        "httpclient4" => HttpClient::HttpClient4,
        "jdk" => HttpClient::Jdk,
        "simple" => HttpClient::Simple,
        "reactor-netty" => HttpClient::ReactorNetty,
        _ => HttpClient::HttpClient5,
    };
    let own = defaults(client);
    let max_connections = (r.opt_int(&k("max_connections")))
        .map(|n| n as u32)
        .or(own.max_per_route)
        .unwrap_or(u32::MAX);
    let lease_timeout = (r.opt_float(&k("lease_timeout_ms")))
        .map(from_ms)
        .or(own.lease_timeout_ms.map(from_ms));
    let max_pending = (r.opt_int(&k("max_pending")))
        .map(|n| n as u32)
        .or_else(|| default_max_pending(client, max_connections));
    // Read (and checked) whether or not a rate is set.
    let burst = r.opt_int(&k("rate_burst"));
    let rate_limit = r.opt_float(&k("rate_limit_rps")).map(|per_s| RateLimit {
        per_s,
        burst: burst.map_or_else(|| default_burst(per_s), |b| b as u32),
    });
    Downstream {
        name: name.to_string(),
        concurrency: r.int(&k("concurrency")) as u32,
        latency: latency(r, name),
        client,
        max_connections,
        lease_timeout,
        max_pending,
        rate_limit,
        handoff: None,
        resilience: super::resilience::read(r, name, client),
    }
}

/// `p50_ms` and `p99_ms` as a log-normal (equal: a constant); an
/// exponential or a constant by its median alone (an exponential's mean is
/// its median ÷ ln 2).
fn latency(r: &mut Reader, name: &str) -> Dist {
    let p50 = r.float(&format!("downstream.{name}.p50_ms"));
    let ns = |ms: f64| ms * MS as f64;
    match r
        .choice(&format!("downstream.{name}.distribution"))
        .as_str()
    {
        "exponential" => {
            return Dist::Exp {
                mean_ns: ns(p50) / std::f64::consts::LN_2,
            };
        }
        "constant" => {
            return Dist::Const {
                ns: (ns(p50).round() as Nanos).max(1),
            };
        }
        _ => {}
    }
    let p99_key = format!("downstream.{name}.p99_ms");
    let p99 = r.float(&p99_key);
    if p99 < p50 {
        let said = words::DOWNSTREAM_P99_BELOW_P50.said();
        r.err_at(&p99_key, said.with("p50", Part::Shortest(p50)));
    }
    if p99 <= p50 {
        Dist::Const {
            ns: (ns(p50).round() as Nanos).max(1),
        }
    } else {
        Dist::lognormal(ns(p50), ns(p99))
    }
}

/// Each downstream the JDK `HttpClient` calls gets that client's executor
/// (`config::Handoff`): the client's own cached pool of platform threads
/// (`Executors.newCachedThreadPool`: no core, a `SynchronousQueue`, no
/// maximum) unless `downstream.<name>.executor` says virtual. The task it
/// runs per call, its measured CPU on that executor
/// (`measured::JDK_CLIENT_TASK_CPU_US`), is appended to the program's ops
/// (no earlier index moves).
pub(super) fn add_client_executors(
    r: &mut Reader,
    mut program: Program,
    downstreams: &mut [Downstream],
    executors: &mut Vec<Executor>,
) -> Program {
    for d in downstreams.iter_mut() {
        let choice = r.choice(&format!("downstream.{}.executor", d.name));
        if d.client != HttpClient::Jdk {
            continue;
        }
        let (kind, cpu_us) = match choice.as_str() {
            "virtual" => (
                ExecutorKind::Virtual { limit: None },
                JDK_CLIENT_TASK_CPU_US.1,
            ),
            _ => (
                ExecutorKind::Pool {
                    core: 0,
                    max: u32::MAX,
                    queue: 0,
                },
                // Less the wake-up's switch, which the CPU model charges
                // the worker on its own (`server.context_switch_us`).
                (JDK_CLIENT_TASK_CPU_US.0 - r.float("server.context_switch_us")).max(0.0),
            ),
        };
        let body = program.ops.len() as u32;
        let ns = (cpu_us * 1_000.0).round() as Nanos;
        program.ops.push(Op::Cpu(Dist::Const { ns }));
        program.ops.push(Op::End);
        d.handoff = Some(Handoff {
            executor: executors.len() as u16,
            body,
        });
        executors.push(Executor {
            name: client_executor_name(&d.name),
            kind,
        });
    }
    program
}
