//! The playground tells the truth at a glance, natively: the
//! headline is successes per second, over-time rates stay under their
//! ceilings, open-load sweeps reach past them and carry no closed-loop
//! markers, E4's columns compare executors, edited scenarios are told
//! apart from the article's, a baseline compares before and after, resets,
//! settings without effect, one message per field, stale results.

use std::rc::Rc;

use super::{edit, feed};
use crate::app::basis::format::Severity;
use crate::app::run::over_time;
use crate::app::run::plan::PAST_CEILING;
use crate::app::show::charts::{ChartView, charts, timeline_about};
use crate::app::show::compare;
use crate::app::show::form::{Provenance, keys, provenance};
use crate::app::worker::job;
use crate::app::worker::job::run_blocking;
use crate::app::*;
use crate::scenario::{Group, validate};
use crate::sim::tool::Tool;

/// The full runs of a preset's job (no sweep), digested as the page gets them.
fn full_runs(name: &str) -> (State, Vec<Rc<RunView>>) {
    let mut s = State::with_preset(name);
    let job = Job {
        sweep: false,
        ..s.job()
    };
    feed(&mut s, run_blocking(&job));
    let runs = s.results.runs(s.setup.modes);
    assert_eq!(runs.len(), 2, "{name}: both columns ran");
    (s, runs)
}

fn chart<'a>(all: &'a [ChartView], id: &str) -> &'a ChartView {
    all.iter().find(|c| c.id == id).expect(id)
}

#[test]
fn the_pool_lessons_headline_is_successes_per_second() {
    let (_, runs) = full_runs("db-pool");
    let v = runs.iter().find(|r| r.mode == Mode::Virtual).unwrap();
    // The lesson's limit: 10 connections ÷ 20 ms = 500 req/s.
    assert!(
        v.error_pct > 10.0,
        "the lesson's run fails often: {}",
        v.error_pct
    );
    assert!(
        v.throughput_rps > 800.0,
        "hey counts every response: {}",
        v.throughput_rps
    );
    assert!(
        (v.goodput_rps - v.succeeded as f64 / v.sim_time_s).abs() < 1e-6,
        "successes per second"
    );
    assert!(
        v.goodput_rps < 500.0 * 1.05,
        "under the pool's 500 req/s: {}",
        v.goodput_rps
    );
    assert_eq!(Severity::of_error_pct(v.error_pct), Severity::Severe);
    assert_eq!(Severity::of_error_pct(0.0), Severity::None);
    assert_eq!(Severity::of_error_pct(0.4), Severity::Low);
    assert_eq!(Severity::of_error_pct(2.3), Severity::High);
}

/// The cards' latency is of the successes, with a line
/// for the failures ("48 % failed after 1,000 ms (median) at HikariCP's
/// connectionTimeout"), as the headline rate is of successes. The cards
/// showed every response's median, pulled towards the time-out's 1,000 ms.
#[test]
fn the_pool_lessons_latency_is_of_successes_with_a_line_for_failures() {
    let (_, runs) = full_runs("db-pool");
    let v = runs.iter().find(|r| r.mode == Mode::Virtual).unwrap();
    let f = v.failed.expect("the lesson's run fails often");
    assert_eq!(f.cause, crate::sim::report::ResponseCause::PoolTimeout);
    assert!(
        (f.p50_ms - 1000.0).abs() < 5.0,
        "at the 1 s time-out: {f:?}"
    );
    let line = f.line(crate::i18n::Locale::En);
    assert!(
        line.contains("% failed after 1.00 s") && line.contains("HikariCP's connectionTimeout"),
        "{line}"
    );
    assert!(
        f.line(crate::i18n::Locale::De).contains("scheiterten"),
        "{}",
        f.line(crate::i18n::Locale::De)
    );
    // The card's median is the successes': above the failures' 1,000 ms
    // here (a success waited for a connection, then held it 20 ms and did
    // 30 ms of I/O), where every response's median was pulled below it.
    let plan = crate::app::worker::job::Plan::of(&State::with_preset("db-pool").job());
    let single = (plan.runs.iter())
        .find(|r| {
            matches!(
                r.kind,
                crate::app::worker::job::RunKind::Single {
                    mode: Mode::Virtual,
                    ..
                }
            )
        })
        .expect("the virtual column's full run");
    let report = crate::sim::run(&single.config().expect("validates"));
    assert_eq!(v.latency.p50, report.latency_ok_ms.p50);
    assert!(
        v.latency.p50 > report.latency_ms.p50,
        "{} vs {}",
        v.latency.p50,
        report.latency_ms.p50
    );
}

#[test]
fn the_rate_beside_the_headline_is_the_tools_own() {
    // E1 is wrk's run: its Requests/sec counts responses (late ones too),
    // never a failed connect, and divides by the run's 60 s.
    let (_, runs) = full_runs("e1-platform");
    let p = runs.iter().find(|r| r.mode == Mode::Platform).unwrap();
    assert_eq!(p.tool, Tool::Wrk);
    let rate = crate::summary::rate_name(p.tool, crate::i18n::Locale::En);
    assert!(rate.name.starts_with("wrk's Requests/sec"), "{}", rate.name);
    assert!(
        (p.tool_rate - p.completed as f64 / p.sim_time_s).abs() < 1e-6 * p.tool_rate,
        "responses ÷ run time: {} vs {} ÷ {}",
        p.tool_rate,
        p.completed,
        p.sim_time_s
    );
    // hey's counts every result, errors included: the db-pool lesson's.
    let (_, runs) = full_runs("db-pool");
    let v = runs.iter().find(|r| r.mode == Mode::Virtual).unwrap();
    assert_eq!(v.tool, Tool::Hey);
    assert!(
        crate::summary::rate_name(v.tool, crate::i18n::Locale::En)
            .name
            .starts_with("hey's")
    );
    assert!(
        (v.tool_rate - v.throughput_rps).abs() < 1e-6 * v.throughput_rps,
        "hey's Requests/sec is every result ÷ run time: {} vs {}",
        v.tool_rate,
        v.throughput_rps
    );
}

/// No value the throughput-over-time chart plots exceeds the run's lowest
/// ceiling by more than noise: 10 %, the window's error on bursts that a
/// constant sleep keeps in lockstep.
#[test]
fn over_time_rates_stay_under_their_ceilings() {
    for name in [
        "pinning-jdk21",
        "pinning-jdk24",
        "db-pool",
        "cpu-bound",
        "e2-platform",
    ] {
        let (s, runs) = full_runs(name);
        for run in &runs {
            let b = s
                .results
                .bounds
                .iter()
                .find(|b| b.mode == run.mode)
                .unwrap();
            let top = over_time::successes(run)
                .iter()
                .map(|p| p.1)
                .fold(0.0, f64::max);
            assert!(
                top <= b.max_rps() * 1.10,
                "{name} {:?}: {top:.0} req/s over the {:.0} ceiling",
                run.mode,
                b.max_rps()
            );
            // Counts are kept: the plotted rate integrates to the successes.
            let line = over_time::successes(run);
            assert_eq!(line.len(), run.series.t_s.len());
            let w = run.series.t_s.get(1).copied().unwrap_or(run.sim_time_s);
            let raw: f64 = run
                .series
                .goodput_rps
                .iter()
                .enumerate()
                .map(|(i, r)| r * (run.sim_time_s - run.series.t_s[i]).clamp(0.0, w))
                .sum();
            let ok = run.succeeded as f64;
            assert!(
                (raw - ok).abs() <= ok * 0.001 + 1.0,
                "{name}: {raw} vs {ok}"
            );
        }
    }
}

#[test]
fn the_pinning_spike_came_from_a_partial_bucket_and_is_gone() {
    let (_, runs) = full_runs("pinning-jdk21");
    let p = runs.iter().find(|r| r.mode == Mode::Platform).unwrap();
    // The engine's own buckets are 4 ms: 200 responses in one of them is
    // 50,000 req/s, and the run's last bucket is partial.
    let raw_top = p.series.goodput_rps.iter().copied().fold(0.0, f64::max);
    assert!(raw_top > 10_000.0, "bursts within a cycle: {raw_top}");
    let plotted = over_time::successes(p);
    let last = plotted.last().unwrap().1;
    assert!(last < 3_992.0 * 1.1, "the last value is a rate: {last}");
}

#[test]
fn an_open_load_sweeps_its_arrival_rate_past_the_ceilings() {
    let mut s = State::default();
    // E2 names hey, which only runs a closed loop: an arrival rate is k6's.
    edit(&mut s, None, "load.tool", "k6");
    edit(&mut s, None, "load.kind", "open");
    edit(&mut s, None, "load.rate_rps", "1000");
    assert!(s.runnable(), "{:?}", s.errors);
    let plan = job::Plan::of(&s.job());
    assert_eq!(plan.axis, SweepAxis::Rate);
    let highest = plan.bounds.iter().map(|b| b.max_rps()).fold(0.0, f64::max);
    let lowest = plan
        .bounds
        .iter()
        .map(|b| b.max_rps())
        .fold(f64::INFINITY, f64::min);
    let top = *plan.xs.last().unwrap();
    assert!(
        top > lowest && top > highest,
        "{top} past {lowest} and {highest}"
    );
    assert!((top - highest * PAST_CEILING).abs() < 1.0);
    assert!(plan.xs.contains(&1000.0), "the scenario's own rate");
    // Titles, markers and captions follow the load model.
    feed(&mut s, vec![plan.planned()]);
    let all = charts(&s);
    let sweep = chart(&all, "chart-sweep-throughput");
    assert_eq!(sweep.title, "Successful requests/s vs arrival rate");
    assert!(
        sweep.about.contains("not points on a rate axis"),
        "{}",
        sweep.about
    );
    let ChartKind::Sweep(data, _) = &sweep.spec.kind else {
        panic!("a sweep")
    };
    assert!(
        data.markers.is_empty(),
        "closed-loop markers on a rate axis"
    );
    assert_eq!(data.axis_label, "arrival rate (req/s)");
    let b = &data.bounds[0];
    assert_eq!(data.throughput_bound(b, 10.0), 10.0);
    assert_eq!(data.throughput_bound(b, 1e9), b.max_rps());
    // The closed loop keeps its markers at the articles' 2,000 clients.
    let closed = State::default();
    let mut c = closed.clone();
    feed(&mut c, vec![job::Plan::of(&closed.job()).planned()]);
    let all = charts(&c);
    let ChartKind::Sweep(data, _) = &chart(&all, "chart-sweep-throughput").spec.kind else {
        panic!("a sweep")
    };
    assert!(data.markers.iter().all(|m| m.x == 2000.0) && !data.markers.is_empty());
}

#[test]
fn an_open_loops_idle_server_is_paced_by_the_arrival_rate() {
    let mut s = State::with_preset("cpu-bound");
    edit(&mut s, None, "load.kind", "open");
    edit(&mut s, None, "load.rate_rps", "20");
    let job = Job {
        sweep: false,
        ..s.job()
    };
    feed(&mut s, run_blocking(&job));
    for r in s.results.runs(s.setup.modes) {
        assert!(
            r.bottleneck_said.english().contains("arrival rate"),
            "{}",
            r.bottleneck_said.english()
        );
        assert!(
            !r.bottleneck_said.english().contains("concurrency"),
            "{}",
            r.bottleneck_said.english()
        );
    }
}

#[test]
fn open_loop_settings_show_only_for_an_open_loop() {
    let mut s = State::default();
    let load = |s: &State| keys(&s.setup, Group::Load);
    assert!(!load(&s).contains(&"load.max_in_flight".to_string()));
    assert!(!load(&s).contains(&"load.overflow".to_string()));
    edit(&mut s, None, "load.kind", "open");
    assert!(load(&s).contains(&"load.max_in_flight".to_string()));
    assert!(load(&s).contains(&"load.overflow".to_string()));
}

#[test]
fn e4s_columns_compare_executors_with_tomcat_on_platform_threads() {
    let setup = Setup::of_preset("e4-virtual-100").unwrap();
    assert_eq!(setup.columns, Columns::Executor);
    for m in MODES {
        let d = setup.draft_for(m);
        assert_eq!(
            d.get("server.mode").and_then(|v| v.as_str()),
            Some("platform")
        );
    }
    let kind = |m| setup.draft_for(m).get("async.email.kind").cloned();
    assert_eq!(kind(Mode::Platform), Some("pool".into()));
    assert_eq!(kind(Mode::Virtual), Some("virtual".into()));
    // Each column runs as the article's run of that side did.
    for m in MODES {
        let want = validate(&setup.preset_for(m).unwrap().draft()).unwrap();
        let got = validate(&setup.draft_for(m)).unwrap();
        assert_eq!(format!("{got:?}"), format!("{want:?}"), "{m:?}");
    }
    let mut s = State::from(setup);
    let plan = job::Plan::of(&s.job());
    for run in &plan.runs {
        let server = run.draft.get("server.mode").and_then(|v| v.as_str());
        assert_eq!(server, Some("platform"), "{:?}", run.kind);
    }
    let modes: Vec<Mode> = plan.bounds.iter().map(|b| b.mode).collect();
    assert_eq!(modes, MODES, "bounds by column");
    let job = Job {
        sweep: false,
        ..s.job()
    };
    feed(&mut s, run_blocking(&job));
    let v = s.results.singles.virtual_threads.clone().unwrap();
    let label = crate::app::show::charts::run_label(&v, crate::i18n::Locale::En);
    assert_eq!(label, "@Async on virtual threads");
    assert!(
        v.peak_virtual_threads > 0,
        "the e-mails ran on virtual threads"
    );
    assert!(v.peak_platform_threads > 0, "Tomcat's platform threads");
    // The other pairs compare server modes.
    assert_eq!(
        Setup::of_preset("e2-virtual").unwrap().columns,
        Columns::ServerMode
    );
}

#[test]
fn verdicts_are_the_articles_only_while_the_scenario_is() {
    let mut s = State::default();
    assert!(MODES.iter().all(|&m| !s.setup.differs_from_article(m)));
    // What is recorded and the seed change no figure's meaning.
    edit(&mut s, None, "record.timeline_lanes", "8");
    edit(&mut s, None, "seed", "7");
    assert!(s.setup.edited());
    assert!(MODES.iter().all(|&m| !s.setup.differs_from_article(m)));
    edit(&mut s, Some(Mode::Virtual), "load.client_cpu_ms", "0.5");
    assert!(!s.setup.differs_from_article(Mode::Platform));
    assert!(s.setup.differs_from_article(Mode::Virtual));
    edit(&mut s, None, "server.threads_max", "400");
    assert!(s.setup.differs_from_article(Mode::Platform));
    edit(&mut s, Some(Mode::Virtual), "load.client_cpu_ms", "0.193");
    assert!(
        !s.setup.differs_from_article(Mode::Virtual),
        "Tomcat's pool size changes nothing on virtual threads"
    );
    edit(&mut s, Some(Mode::Virtual), "load.client_cpu_ms", "0.5");
    let lines = s.setup.change_lines(&s.setup.start());
    assert!(
        lines.contains(&"Max threads: 100 → 400".to_string()),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"virtual run: Client CPU on the server: 0.193 → 0.5".to_string()),
        "{lines:?}"
    );
}

#[test]
fn an_assumption_is_shown_only_while_the_value_is_the_assumed_one() {
    let mut s = State::default();
    let cores = |s: &State| provenance(&s.setup, "server.cores");
    assert!(matches!(cores(&s), Some(Provenance::Assumed(_))));
    assert_eq!(
        provenance(&s.setup, "server.threads_max"),
        Some(Provenance::Stated)
    );
    edit(&mut s, None, "server.cores", "8");
    assert_eq!(cores(&s), Some(Provenance::Changed("4".into())));
    edit(&mut s, None, "server.threads_max", "400");
    assert_eq!(
        provenance(&s.setup, "server.threads_max"),
        Some(Provenance::Changed("100".into()))
    );
    edit(&mut s, None, "server.cores", "4");
    assert!(matches!(cores(&s), Some(Provenance::Assumed(_))));
}

#[test]
fn a_baseline_compares_before_and_after() {
    let mut s = State::with_preset("pinning-jdk21");
    s.reduce(Action::PinBaseline);
    assert!(
        s.baseline.is_none(),
        "nothing to pin before the results are in"
    );
    let small = |s: &State| {
        let mut job = s.job();
        job.sweep = false;
        job
    };
    let messages = run_blocking(&small(&s));
    feed(&mut s, messages);
    assert!(s.complete());
    s.reduce(Action::PinBaseline);
    let before = s.baseline.clone().expect("pinned");
    edit(&mut s, None, "server.jdk", "24");
    assert!(s.baseline.is_some(), "edits keep the baseline");
    let messages = run_blocking(&small(&s));
    feed(&mut s, messages);
    let b = s.baseline.as_ref().unwrap();
    assert_eq!(b, &before);
    assert_eq!(
        compare::changes(b, &s),
        vec!["JDK version: 21 → 24".to_string()]
    );
    let rows = compare::rows(b, &s);
    let ok = rows
        .iter()
        .find(|r| r.name == "successful requests/s")
        .unwrap();
    let v = ok.cells.iter().find(|c| c.mode == Mode::Virtual).unwrap();
    assert!(
        v.before.starts_with("80 ") || v.before.starts_with("79 "),
        "{v:?}"
    );
    assert!(v.now.contains(",9"), "about 4,000 req/s on JDK 24: {v:?}");
    assert_eq!(v.better, Some(true));
    assert!(v.change.as_deref().unwrap().starts_with('+'));
    let p = ok.cells.iter().find(|c| c.mode == Mode::Platform).unwrap();
    assert_eq!(p.better, None, "platform threads do not pin: {p:?}");
    s.reduce(Action::ClearBaseline);
    assert!(s.baseline.is_none());
}

#[test]
fn reset_goes_back_to_the_preset_or_to_the_defaults() {
    let mut s = State::with_preset("db-pool");
    edit(&mut s, None, "db.pool_size", "50");
    s.reduce(Action::SetModes(Modes::Virtual));
    let g = s.generation;
    s.reduce(Action::ResetAll(ResetTo::Preset));
    assert!(!s.setup.edited());
    assert_eq!(s.setup.preset.as_deref(), Some("db-pool"));
    assert_eq!(s.setup.modes, Modes::Virtual, "which modes run stays");
    assert!(s.generation > g);
    edit(&mut s, None, "db.pool_size", "50");
    s.reduce(Action::ResetAll(ResetTo::Defaults));
    assert_eq!(s.setup.preset, None);
    assert!(s.setup.shared.draft.leaves().is_empty());
    assert!(s.runnable(), "{:?}", s.errors);
}

#[test]
fn settings_without_effect_say_so() {
    let mut s = State::with_preset("cpu-bound");
    assert_eq!(
        s.setup
            .no_effect("db.pool_size")
            .map(|k| k.text(crate::i18n::Locale::En, &[])),
        Some("no effect: the program has no db: step".to_string())
    );
    assert!(s.setup.no_effect("db.timeout_ms").is_some());
    assert!(s.setup.no_effect("server.jdk").is_some(), "no sync block");
    assert!(
        s.setup.no_effect("load.client_threads").is_some(),
        "no client CPU"
    );
    assert_eq!(
        s.setup.no_effect("server.threads_max"),
        None,
        "platform runs too"
    );
    assert_eq!(
        s.setup.no_effect("server.carriers"),
        None,
        "virtual runs too"
    );
    edit(&mut s, None, "program", "cpu:1ms,db:5ms,sync{io:1ms}");
    assert_eq!(s.setup.no_effect("db.pool_size"), None);
    assert_eq!(s.setup.no_effect("server.jdk"), None);
    s.reduce(Action::SetModes(Modes::Virtual));
    assert!(s.setup.no_effect("server.threads_max").is_some());
    s.reduce(Action::SetModes(Modes::Platform));
    assert!(s.setup.no_effect("server.carriers").is_some());
    edit(&mut s, None, "program", "cpu:1ms,async(mail){io:1ms}");
    edit(&mut s, None, "async.mail.kind", "virtual");
    assert_eq!(
        s.setup.no_effect("server.carriers"),
        None,
        "the executor's carriers"
    );
    assert!(s.setup.no_effect("async.mail.core").is_some());
    assert_eq!(s.setup.no_effect("async.mail.limit"), None);
    edit(&mut s, None, "load.duration_s", "5");
    assert!(s.setup.no_effect("load.requests").is_some());
    edit(&mut s, None, "load.client_cpu_ms", "0.1");
    assert_eq!(s.setup.no_effect("load.client_threads"), None);
    assert_eq!(s.setup.no_effect("gc.alloc_kb"), None, "G1 by default");
    edit(&mut s, None, "gc.collector", "none");
    for key in ["gc.alloc_kb", "gc.pause_base_ms", "gc.copy_mb_per_ms"] {
        assert!(s.setup.no_effect(key).is_some(), "{key}");
    }
    // Nothing is said of a scenario that does not validate.
    edit(&mut s, None, "server.cores", "0");
    assert_eq!(s.setup.no_effect("db.pool_size"), None);
}

#[test]
fn one_current_message_per_field() {
    let mut s = State::default();
    edit(&mut s, None, "server.cores", "-5");
    assert_eq!(s.errors_for("server.cores").len(), 1);
    edit(&mut s, None, "server.cores", "abc");
    let e = s.errors_for("server.cores");
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].value, "abc", "the text as typed now");
    let mut s = State::default();
    edit(&mut s, None, "load.requests", "1e9");
    let e = s.errors_for("load.requests");
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].message().contains("out of range"), "{e:?}");
    assert!(s.control_invalid(None, "load.requests"));
    assert!(!s.control_invalid(None, "server.cores"));
}

#[test]
fn an_invalid_override_marks_its_own_control() {
    let mut s = State::default();
    edit(&mut s, Some(Mode::Virtual), "load.client_cpu_ms", "x");
    assert!(s.control_invalid(Some(Mode::Virtual), "load.client_cpu_ms"));
    assert!(!s.control_invalid(None, "load.client_cpu_ms"));
}

#[test]
fn results_of_an_earlier_scenario_are_stale_while_a_field_is_invalid() {
    let mut s = State::with_preset("cpu-bound");
    assert!(!s.stale(), "nothing shown yet");
    let job = Job {
        sweep: false,
        ..s.job()
    };
    feed(&mut s, run_blocking(&job));
    assert!(!s.stale() && s.complete());
    edit(&mut s, None, "server.cores", "0");
    assert!(s.stale() && !s.complete());
    edit(&mut s, None, "server.cores", "4");
    assert!(!s.stale());
}

#[test]
fn the_timeline_says_how_many_threads_it_shows() {
    let (_, runs) = full_runs("e2-platform");
    let p = runs.iter().find(|r| r.mode == Mode::Platform).unwrap();
    let about = timeline_about(p, crate::i18n::Locale::En);
    assert!(
        about.contains("the first 24 of the 100 threads the run started"),
        "{about}"
    );
    let v = runs.iter().find(|r| r.mode == Mode::Virtual).unwrap();
    let about = timeline_about(v, crate::i18n::Locale::En);
    assert!(about.contains("all 4 threads"), "{about}");
}

#[test]
fn no_caption_says_hover() {
    let (s, _) = full_runs("cpu-bound");
    for c in charts(&s) {
        assert!(!c.about.contains("hover"), "{}: {}", c.id, c.about);
        assert!(!c.title.contains("hover"), "{}", c.id);
    }
}
