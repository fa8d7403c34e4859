//! Every fact the core reports is said in German and Chinese without an
//! English word left in it, and every variant has its words.

use super::{bottleneck, ending};
use crate::i18n::{self, Locale, Phrase};
use crate::sim::report::{
    Binding, Bottleneck, Course, Ending, Finding, Held, LimitEffect, MemoryLimit, OwnPart, Pace,
    Resource, Saturation, Tool,
};

/// The report and chart areas' English texts, by key.
fn texts(l: Locale) -> Vec<String> {
    i18n::sources(l)
        .filter(|(area, _)| matches!(*area, "report" | "chart"))
        .flat_map(|(_, src)| i18n::parse(src).unwrap().into_values())
        .collect()
}

/// The words of five letters or more of a text.
fn words(text: &str) -> impl Iterator<Item = &str> {
    (text.split(|c: char| !c.is_ascii_alphabetic())).filter(|w| w.len() >= 5)
}

/// The English words of the report and chart texts that no German or
/// Chinese text uses (a name such as `HikariCP` or `Tomcat` is the same in
/// every language, and so is not one of them).
fn english_words() -> Vec<String> {
    let others: Vec<String> = Locale::TRANSLATED.into_iter().flat_map(texts).collect();
    let theirs: std::collections::BTreeSet<&str> = others.iter().flat_map(|t| words(t)).collect();
    let en = texts(Locale::En);
    let mut out: Vec<String> = (en.iter().flat_map(|t| words(t)))
        .filter(|w| !theirs.contains(w))
        .map(str::to_string)
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Every ending, one of each variant (the match below fails to compile
/// when a variant is added and not listed here).
fn endings() -> Vec<Ending> {
    let mut out = vec![
        Ending::Ran(Course::Cut {
            duration_s: 3.0,
            in_flight: 12,
            tool: Tool::Wrk,
        }),
        Ending::Ran(Course::Cut {
            duration_s: 3.0,
            in_flight: 12,
            tool: Tool::K6,
        }),
        Ending::Ran(Course::Drained {
            duration_s: 3.0,
            tool: Tool::Hey,
        }),
        Ending::Ran(Course::Answered { duration_s: 3.0 }),
        Ending::Ran(Course::Finished {
            succeeded: 9,
            failed: 0,
        }),
        Ending::Ran(Course::Finished {
            succeeded: 9,
            failed: 3,
        }),
        Ending::EventBudget {
            events: 1000,
            at_s: 0.5,
        },
        Ending::TimeBudget { max_s: 60.0 },
        Ending::WallBudget {
            budget_s: 3.0,
            at_s: 0.25,
            events: 5000,
        },
        Ending::WallBudget {
            budget_s: 3.0,
            at_s: 0.0,
            events: 5000,
        },
        Ending::Deadlock { stuck: 4 },
        Ending::PollerDied {
            stuck: 4,
            at_s: 0.5,
        },
    ];
    out.extend(OwnPart::ALL.map(|most| Ending::OwnMemory {
        budget_mib: 16.0,
        at_s: 1.0,
        every: 4096,
        held_mib: 20.0,
        most,
        most_count: 1000,
        most_mib: 12.0,
    }));
    for e in &out {
        match e {
            Ending::Ran(
                Course::Cut { .. }
                | Course::Drained { .. }
                | Course::Answered { .. }
                | Course::Finished { .. },
            )
            | Ending::EventBudget { .. }
            | Ending::TimeBudget { .. }
            | Ending::WallBudget { .. }
            | Ending::OwnMemory { .. }
            | Ending::Deadlock { .. }
            | Ending::PollerDied { .. } => {}
        }
    }
    out
}

fn saturations() -> Vec<Saturation> {
    let out = vec![
        Saturation::Cpu {
            cores: 4,
            utilisation: 0.97,
            hold_ms: 2.5,
        },
        Saturation::CpuLimit {
            limit: 1.5,
            utilisation: 0.97,
            throttled_s: 1.61,
            hold_ms: 0.105,
        },
        Saturation::HttpClientPool {
            name: "inventory".into(),
            connections: 5,
            utilisation: 1.0,
            waiting: 195,
            hold_ms: 25.0,
        },
        Saturation::Bulkhead {
            name: "gate".into(),
            permits: 25,
            utilisation: 0.99,
            waiting: 70,
            hold_ms: 52.0,
        },
        Saturation::Tomcat {
            threads: 200,
            queued: 1800,
            hold_ms: 105.0,
        },
        Saturation::DbPool {
            connections: 10,
            utilisation: 0.99,
            waiting: 190,
            hold_ms: 8.9,
        },
        Saturation::Acceptor {
            utilisation: 0.9,
            reconnects: 40,
            peak: 100,
        },
        Saturation::Carriers {
            carriers: 4,
            compensated: Some(6),
            utilisation: 1.0,
            pinned: Some(4),
            waiting: 900,
            hold_ms: 50.0,
        },
        Saturation::Monitor {
            name: "kvs".into(),
            utilisation: 0.99,
            waiting: 30,
        },
        Saturation::ExecutorPool {
            name: "smtp".into(),
            threads: 8,
            utilisation: 0.98,
            wait_ms: 455.0,
            awaited: false,
        },
        Saturation::ExecutorPool {
            name: "smtp".into(),
            threads: 8,
            utilisation: 0.98,
            wait_ms: 89.0,
            awaited: true,
        },
        Saturation::ExecutorVirtual {
            name: "smtp".into(),
            utilisation: 0.98,
            limit: 16,
            wait_ms: 120.0,
        },
    ];
    for s in &out {
        match s {
            Saturation::Cpu { .. }
            | Saturation::CpuLimit { .. }
            | Saturation::HttpClientPool { .. }
            | Saturation::Bulkhead { .. }
            | Saturation::Tomcat { .. }
            | Saturation::DbPool { .. }
            | Saturation::Acceptor { .. }
            | Saturation::Carriers { .. }
            | Saturation::Monitor { .. }
            | Saturation::ExecutorPool { .. }
            | Saturation::ExecutorVirtual { .. } => {}
        }
    }
    out
}

/// Every finding: each variant, each saturation alone and held by each
/// pool, with and without the measured share of its wait.
fn bottlenecks() -> Vec<Bottleneck> {
    let of = |finding: Finding, held: Option<Held>| Bottleneck {
        resource: Resource::None,
        binding: Binding::Load,
        held,
        finding,
        ..Bottleneck::default()
    };
    let mut out: Vec<Bottleneck> = vec![
        of(Finding::NothingFinished, None),
        of(Finding::NoTime, None),
        of(
            Finding::Gc {
                share: 0.6,
                pauses: 40,
                longest_ms: 310.0,
                heap_mb: 512.0,
            },
            None,
        ),
        of(
            Finding::Backlog {
                at_max: Some(8192),
                peak: 100,
                places: 100,
                syns: 12,
                acks: 0,
            },
            None,
        ),
        of(
            Finding::Backlog {
                at_max: None,
                peak: 100,
                places: 100,
                syns: 0,
                acks: 30,
            },
            None,
        ),
        of(Finding::ClientErrors { errors: 7 }, None),
        of(
            Finding::Refused {
                name: "inventory".into(),
                rate_limited: 3245,
                pending_refused: 0,
                share: 0.81,
                rate_per_s: Some(500.0),
                max_pending: None,
            },
            None,
        ),
        of(
            Finding::BulkheadFull {
                name: "gate".into(),
                permits: 25,
                refused: 812,
                share: 0.2,
            },
            None,
        ),
        of(
            Finding::CallsFailed {
                name: "inventory".into(),
                timeouts: 1000,
                errors: 12,
                refused: 55979,
                share: 0.49,
            },
            None,
        ),
        of(
            Finding::Refused {
                name: "inventory".into(),
                rate_limited: 0,
                pending_refused: 40,
                share: 0.02,
                rate_per_s: None,
                max_pending: Some(1000),
            },
            None,
        ),
        of(
            Finding::Unsaturated {
                pace: Pace::Open,
                busiest: None,
            },
            None,
        ),
    ];
    // Every limit with every effect, with and without a back-off.
    for limit in MemoryLimit::ALL {
        for effect in LimitEffect::ALL {
            for backoff_s in [0.0, 30.0] {
                out.push(of(
                    Finding::Memory {
                        limit,
                        effect,
                        size: 512.0,
                        at_s: 0.25,
                        times: 2,
                        ends: 2,
                        lost: 30,
                        backoff_s,
                        longest_backoff_s: backoff_s / 3.0,
                    },
                    None,
                ));
            }
        }
    }
    out.extend(
        [
            Resource::TomcatThreads,
            Resource::Carriers,
            Resource::DbPool,
            Resource::Cpu,
        ]
        .into_iter()
        .chain(Resource::ALL)
        .map(|r| {
            let pace = Pace::Closed {
                clients: 200,
                cycle_ms: 52.0,
                rps: 3846.0,
                with_tasks: r == Resource::Executor,
            };
            of(
                Finding::Unsaturated {
                    pace,
                    busiest: Some((r, 8, 0.9)),
                },
                None,
            )
        }),
    );
    for named in saturations() {
        let held = [
            None,
            Some((Resource::TomcatThreads, Some(0.9))),
            Some((Resource::Carriers, None)),
        ];
        out.extend(held.map(|h| {
            let held_n = if h.is_some() { 100 } else { 0 };
            let held = h.map(|(resource, waiting_share)| Held {
                resource,
                utilisation: 1.0,
                waiting_share,
            });
            let named = named.clone();
            of(Finding::Saturated { named, held_n }, held)
        }));
    }
    for b in &out {
        match b.finding {
            Finding::NothingFinished
            | Finding::NoTime
            | Finding::Memory { .. }
            | Finding::Gc { .. }
            | Finding::Saturated { .. }
            | Finding::Backlog { .. }
            | Finding::ClientErrors { .. }
            | Finding::Refused { .. }
            | Finding::BulkheadFull { .. }
            | Finding::CallsFailed { .. }
            | Finding::Unsaturated { .. } => {}
        }
    }
    out
}

#[track_caller]
fn assert_said_everywhere(what: &str, said: &Phrase, english: &[String]) {
    let en = said.english();
    assert!(!en.is_empty() && !en.contains("{$"), "{what}: {en}");
    for l in Locale::TRANSLATED {
        let text = said.text(l);
        assert!(!text.contains("{$") && text != en, "{l:?} {what}: {text}");
        let left: Vec<&str> = words(&text)
            .filter(|w| english.iter().any(|e| e == w))
            .collect();
        assert!(left.is_empty(), "{l:?} {what}: {left:?} in {text}");
    }
}

#[test]
fn every_ending_is_said_in_every_language() {
    let english = english_words();
    assert!(english.iter().any(|w| w == "waited"), "{english:?}");
    for e in endings() {
        assert_said_everywhere(&format!("{e:?}"), &ending(&e), &english);
    }
}

#[test]
fn every_finding_is_said_in_every_language() {
    let english = english_words();
    for b in bottlenecks() {
        let what = format!("{:?} held {:?}", b.finding, b.held);
        assert_said_everywhere(&what, &bottleneck(&b), &english);
    }
}

/// Every limit with every effect, as the memory chart and the report's
/// outcome say it.
#[test]
fn every_limit_hit_is_said_in_every_language() {
    let english = english_words();
    let memory = crate::sim::report::MemoryStats {
        heap_limit_mb: 2048.0,
        container_limit_mb: 8192.0,
        thread_limit: 125,
        ..Default::default()
    };
    for limit in MemoryLimit::ALL {
        for effect in LimitEffect::ALL {
            let hit = crate::sim::report::LimitHit {
                limit,
                first_at_s: 0.25,
                times: 3,
                lost: 30,
                effect,
                ends: 2,
            };
            let what = format!("{limit} {effect}");
            assert_said_everywhere(&what, &super::limit_hit(&hit, &memory), &english);
        }
    }
}
