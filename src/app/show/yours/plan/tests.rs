//! What the panel says of a capacity plan, in each language: the rows
//! and the settings their Apply buttons put on the form, why smaller ones
//! fail, a target out of reach.

use super::*;
use crate::app::capacity::Stopped;
use crate::app::run::bounds::Limit;

fn judged(how: How, failure: Option<Failure>, latency_ms: f64) -> Judgement {
    Judgement {
        how,
        failure,
        latency_ms,
        rps: 200.0,
        error_pct: 0.0,
        headroom: 0.25,
    }
}

fn settings(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    (pairs.iter())
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn target() -> Target {
    Target {
        rps: 200.0,
        percentile: 99.0,
        latency_ms: 500.0,
        error_pct: 0.1,
    }
}

fn plan() -> PlanAnswer {
    let threads = settings(&[("server.mode", "platform"), ("server.threads_max", "12")]);
    let virt = settings(&[("server.mode", "virtual")]);
    PlanAnswer {
        target: target(),
        knobs: vec!["server.threads_max".into()],
        answers: vec![
            Answer {
                settings: threads,
                judgement: judged(How::Formula, None, 61.27),
            },
            Answer {
                settings: virt,
                judgement: judged(How::Simulated, None, 52.0),
            },
        ],
        failures: vec![Answer {
            settings: settings(&[("server.mode", "platform"), ("server.threads_max", "8")]),
            judgement: judged(
                How::Ceiling,
                Some(Failure::Ceiling {
                    resource: Limit::Threads,
                    rps: 160.0,
                }),
                f64::NAN,
            ),
        }],
        out_of_reach: None,
        stopped: Some(Stopped {
            not_searched: 3,
            refined: true,
        }),
        runs: 4,
        judged: 9,
    }
}

#[test]
fn a_plan_becomes_rows_whose_apply_puts_their_settings_on_the_form() {
    let v = plan_view(&plan(), Locale::En);
    assert_eq!(
        v.target.as_deref(),
        Some("Target: 200/s with p99 ≤ 500 ms and ≤ 0.1 % failed.")
    );
    assert_eq!(v.latency_head, "p99");
    assert_eq!(v.knobs[0].key, "server.threads_max");
    assert_eq!(
        v.knobs[0].label,
        field("server.threads_max").unwrap().label(Locale::En)
    );
    assert_eq!(v.rows.len(), 2);
    let first = &v.rows[0];
    assert_eq!(first.knobs, ["12"]);
    assert_eq!(
        (
            first.latency.as_str(),
            first.rate.as_str(),
            first.headroom.as_str()
        ),
        ("61.3 ms", "200.00/s", "25.0 %")
    );
    assert_eq!(first.how, "formula (Erlang C)");
    assert_eq!(
        first.settings,
        settings(&[("server.mode", "platform"), ("server.threads_max", "12")])
    );
    assert_eq!(v.rows[1].knobs, ["virtual threads"]);
    assert_eq!(v.rows[1].how, "simulated");
    let failure: String = (v.failures[0].iter())
        .map(|p| match p {
            Piece::Words(w) | Piece::Code(w) => w.as_str(),
        })
        .collect();
    assert_eq!(
        failure,
        "server.mode=platform server.threads_max=8: Tomcat threads caps it at 160/s, not above 200/s (ceiling)"
            .replace("Tomcat threads", &Limit::Threads.name(Locale::En))
    );
    assert!(v.failures[0].contains(&Piece::Code(
        "server.mode=platform server.threads_max=8".into()
    )));
    assert_eq!(
        v.stopped.as_deref(),
        Some("Stopped at the budget of 200 runs: 3 configurations not searched.")
    );
    assert_eq!(
        v.caption,
        "Smallest configurations that meet the target (9 judged, 4 by simulation)"
    );
    let de = plan_view(&plan(), Locale::De);
    assert_eq!(de.rows[1].knobs, ["Virtual Threads"]);
    assert_eq!(de.rows[0].latency, "61,3 ms");
    assert_eq!(de.rows[0].how, "Formel (Erlang C)");
    let zh = plan_view(&plan(), Locale::Zh);
    assert_eq!(zh.rows[1].knobs, ["虚拟线程"]);
}

#[test]
fn a_target_out_of_reach_says_why_in_words() {
    let mut p = plan();
    p.answers.clear();
    p.out_of_reach = Some(Answer {
        settings: settings(&[("server.mode", "virtual")]),
        judgement: judged(How::Simulated, Some(Failure::Latency), 812.0),
    });
    let v = plan_view(&p, Locale::En);
    let line: String = (v.out_of_reach.unwrap().iter())
        .map(|p| match p {
            Piece::Words(w) | Piece::Code(w) => w.clone(),
        })
        .collect();
    assert_eq!(
        line,
        "Out of reach: even the largest configuration searched (server.mode=virtual) fails: p99 812.0 ms, above 500 ms."
    );
    let errors = judged(How::Simulated, Some(Failure::Errors), 1.0);
    let errors = Judgement {
        error_pct: 2.5,
        ..errors
    };
    assert_eq!(
        why(&errors, Some(&target()), Locale::De),
        "2,50 % fehlgeschlagen, mehr als 0,1 %"
    );
    assert_eq!(
        why(
            &judged(How::Simulated, Some(Failure::Rate), 1.0),
            None,
            Locale::En
        ),
        "it did not keep up with the arrivals"
    );
}

#[test]
fn the_percentiles_a_target_may_name() {
    let names: Vec<String> = percentiles(Locale::En)
        .into_iter()
        .map(|(_, n)| n)
        .collect();
    assert_eq!(names, ["p50", "p90", "p95", "p99", "p99.9"]);
    assert_eq!(percentiles(Locale::En)[4].0, "99.9");
}
