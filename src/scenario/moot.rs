//! When a setting changes nothing in the scenario as set: each schema entry
//! names its [`Moot`] (if it has one), and the rule reads the validated
//! configuration. The page says why beside the field (`app::setup::effect`).

use crate::sim::config::{Config, Downstream, ExecutorKind, HttpClient, LoadKind, Mode};
use crate::sim::program::{Dist, LockKind, MonitorRef, Op};

/// A condition under which a setting has no effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moot {
    /// HikariCP's settings, when the program takes no connection.
    NoDbStep,
    /// The JDK's pinning rules, when nothing enters `synchronized` or waits
    /// (the program's own blocks, or a JDBC driver's around its queries).
    NoSyncBlock,
    /// A lock's hand-off, when no block takes a shared monitor or lock.
    NoSharedLock,
    /// Tomcat's pool, when requests run on virtual threads.
    NoTomcatPool,
    /// The carriers, when nothing runs on a virtual thread.
    NothingVirtual,
    /// The load tool's own threads, when it spends no CPU per request.
    NoClientCpu,
    /// The request count, when a duration or a loop count sets the length.
    LengthElsewhere,
    /// The collector's costs, when no collector runs.
    NoCollector,
    /// A pool executor's sizes, when that executor is virtual.
    ExecutorIsVirtual,
    /// A virtual executor's limit, when that executor is a pool.
    ExecutorIsPool,
    /// What a worker waits for, when no request starts an `@Async` task.
    NoAsyncStep,
    /// The CFS period, when no CPU limit is set.
    NoCpuLimit,
    /// The client's CPU on the server's cores, under a CPU limit: the
    /// client then runs outside the container, on its own machine.
    ClientOutsideContainer,
    /// A downstream's p99, when its latency is exponential or constant
    /// (the p50 alone sets those).
    LatencyNotLognormal,
    /// A downstream's burst, when it has no rate limit.
    NoRateLimit,
    /// The JDK `HttpClient`'s executor, when another client calls it.
    NotJdkClient,
    /// The single program, when `endpoints` lists a mix: each endpoint
    /// runs its own.
    EndpointsGiven,
    /// A fault's details, when the downstream has no fault.
    NoFault,
    /// A retry's settings, when nothing retries the call.
    NoRetry,
    /// A breaker's settings, when no breaker guards the call.
    NoBreaker,
    /// A client rate limiter's settings, when none limits the calls.
    NoRateLimiter,
}

impl Moot {
    /// Whether the setting `key` has no effect in `c` (the key names the
    /// executor for the executor rules: `async.<name>.<x>`).
    pub fn holds(self, c: &Config, key: &str) -> bool {
        match self {
            Moot::NoDbStep => !c.program.uses_db(),
            Moot::NoSyncBlock => {
                let driver = c.db.driver.holds_monitor_in_query() && c.program.uses_db();
                !driver
                    && !(c.program.ops.iter())
                        .any(|op| matches!(op, Op::Enter(_, LockKind::Sync) | Op::Wait(..)))
            }
            Moot::NoSharedLock => {
                !(c.program.ops.iter()).any(|op| matches!(op, Op::Enter(MonitorRef::Shared(_), _)))
            }
            Moot::NoTomcatPool => c.server.mode == Mode::Virtual,
            Moot::NothingVirtual => {
                c.server.mode == Mode::Platform
                    && !(c.executors.iter()).any(|e| matches!(e.kind, ExecutorKind::Virtual { .. }))
            }
            Moot::NoClientCpu => c.load.client_cpu == 0,
            Moot::LengthElsewhere => {
                let loops = matches!(c.load.kind, LoadKind::Closed { loops: Some(_), .. });
                c.load.duration.is_some() || loops
            }
            Moot::NoCollector => !c.gc.on,
            Moot::NoAsyncStep => c.executors.is_empty(),
            Moot::NoCpuLimit => c.server.cpu_limit.is_none(),
            Moot::ClientOutsideContainer => c.server.cpu_limit.is_some(),
            Moot::LatencyNotLognormal => downstream_named(c, key)
                .is_some_and(|d| !matches!(d.latency, Dist::LogNormal { .. })),
            Moot::NotJdkClient => {
                downstream_named(c, key).is_some_and(|d| d.client != HttpClient::Jdk)
            }
            Moot::NoRateLimit => downstream_named(c, key).is_some_and(|d| d.rate_limit.is_none()),
            Moot::NoFault => downstream_named(c, key).is_some_and(|d| d.resilience.fault.is_none()),
            Moot::NoRetry => downstream_named(c, key).is_some_and(|d| d.resilience.retry.is_none()),
            Moot::NoBreaker => {
                downstream_named(c, key).is_some_and(|d| d.resilience.breaker.is_none())
            }
            Moot::NoRateLimiter => {
                downstream_named(c, key).is_some_and(|d| d.resilience.rate_limiter.is_none())
            }
            Moot::EndpointsGiven => !c.program.endpoints.is_empty(),
            Moot::ExecutorIsVirtual => executor_is(c, key, true),
            Moot::ExecutorIsPool => executor_is(c, key, false),
        }
    }
}

/// The downstream that `key` names (`downstream.<name>.<x>`).
fn downstream_named<'c>(c: &'c Config, key: &str) -> Option<&'c Downstream> {
    let name = (key.strip_prefix("downstream."))
        .and_then(|rest| rest.split_once('.'))
        .map(|(n, _)| n)?;
    c.downstreams.iter().find(|d| d.name == name)
}

/// Whether the executor that `key` names (`async.<name>.<x>`) is virtual
/// (`virtual_kind`) or a pool.
fn executor_is(c: &Config, key: &str, virtual_kind: bool) -> bool {
    let name = (key.strip_prefix("async."))
        .and_then(|rest| rest.split_once('.'))
        .map(|(n, _)| n);
    (c.executors.iter()).any(|e| {
        Some(e.name.as_str()) == name
            && matches!(e.kind, ExecutorKind::Virtual { .. }) == virtual_kind
    })
}

#[cfg(test)]
mod tests {
    use super::Moot;
    use crate::scenario::schema;

    const ALL: [Moot; 18] = [
        Moot::NoFault,
        Moot::NoRetry,
        Moot::NoBreaker,
        Moot::NoRateLimiter,
        Moot::NotJdkClient,
        Moot::NoRateLimit,
        Moot::EndpointsGiven,
        Moot::NoDbStep,
        Moot::NoSyncBlock,
        Moot::NoSharedLock,
        Moot::NoTomcatPool,
        Moot::NothingVirtual,
        Moot::NoClientCpu,
        Moot::LengthElsewhere,
        Moot::NoCollector,
        Moot::ExecutorIsVirtual,
        Moot::ExecutorIsPool,
        Moot::NoAsyncStep,
    ];

    /// Every condition is some setting's: one left unused is a rule no
    /// field can show.
    #[test]
    fn every_condition_belongs_to_a_setting() {
        for m in ALL {
            assert!(
                schema().iter().any(|f| f.moot == Some(m)),
                "{m:?} is no setting's"
            );
        }
    }

    /// A lock's hand-off matters only where requests share one.
    #[test]
    fn the_hand_off_matters_only_with_a_shared_lock() {
        for (program, moot) in [
            ("sync{io:1ms},lock{io:1ms}", true),
            ("io:1ms,sync(m){io:1ms}", false),
            ("lock(l,fair){io:1ms}", false),
        ] {
            let mut d = crate::scenario::Draft::new();
            d.set("program", program).unwrap();
            let c = crate::scenario::validate(&d).unwrap();
            let holds = Moot::NoSharedLock.holds(&c, "server.handoff_us");
            assert_eq!(holds, moot, "{program}");
        }
    }

    /// The executor rules read the executor the key names.
    #[test]
    fn the_executor_rules_read_the_named_executor() {
        let mut d = crate::scenario::Draft::new();
        d.set("program", "cpu:1ms,async(mail){io:5ms},async(fast){io:1ms}")
            .unwrap();
        d.set("async.fast.kind", "virtual").unwrap();
        let c = crate::scenario::validate(&d).unwrap();
        assert!(Moot::ExecutorIsVirtual.holds(&c, "async.fast.core"));
        assert!(!Moot::ExecutorIsVirtual.holds(&c, "async.mail.core"));
        assert!(Moot::ExecutorIsPool.holds(&c, "async.mail.limit"));
        assert!(!Moot::ExecutorIsPool.holds(&c, "async.fast.limit"));
    }
}
