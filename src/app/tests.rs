//! The playground's logic, natively: the reducer (every action, reset,
//! preset switch, "you changed the scenario", a serde round trip), preset
//! pairs, the form's rules, the job plan and its messages, markers, bounds
//! and number formatting.

use std::rc::Rc;

use crate::app::basis::modes;
use crate::app::run::plan::{
    PAGE_MAX_SIM_MEMORY_MB, SINGLE_MAX_EVENTS, SWEEP_MAX_EVENTS, fill_order, single, sweep_point,
    sweep_points,
};
use crate::app::show::charts;
use crate::app::show::form::{self, Provenance};
use crate::app::worker::job::{Plan, RunKind, run_blocking};
use crate::app::*;
use crate::fidelity::{Measured, Read, Stat};
use crate::scenario::{Group, field, preset, validate};

/// The playground tells the truth at a glance.
mod truth;

fn edit(s: &mut State, mode: Option<Mode>, key: &str, text: &str) {
    s.reduce(Action::Edit {
        mode,
        key: key.into(),
        text: text.into(),
    });
}

/// A quick scenario: a few hundred requests, no sweep.
fn small_job(s: &State) -> Job {
    let mut job = s.job();
    for m in &mut job.modes {
        m.draft.set("load.requests", "400").unwrap();
        m.draft.set("load.concurrency", "40").unwrap();
    }
    job.sweep = false;
    job
}

/// Runs the state's (small) job and takes in every message.
fn simulate(s: &mut State) {
    let messages = run_blocking(&small_job(s));
    feed(s, messages);
}

fn feed(s: &mut State, messages: Vec<Message>) {
    for m in messages {
        s.reduce(Action::Worker(Box::new(m)));
    }
}

#[test]
fn the_default_state_is_the_default_preset_both_modes_valid() {
    let s = State::default();
    assert_eq!(s.setup.preset.as_deref(), Some("e2-platform"));
    assert_eq!(s.setup.modes, Modes::Both);
    assert!(s.runnable(), "{:?}", s.errors);
    assert!(!s.setup.edited());
    let job = s.job();
    assert_eq!(job.generation, s.generation);
    let modes: Vec<Mode> = job.modes.iter().map(|m| m.mode).collect();
    assert_eq!(modes, MODES);
    assert_eq!(job.modes[0].preset.as_deref(), Some("e2-platform"));
    assert_eq!(job.modes[1].preset.as_deref(), Some("e2-virtual"));
}

#[test]
fn a_pair_loads_as_shared_settings_and_the_virtual_runs_differences() {
    let s = Setup::of_preset("e2-virtual").expect("known preset");
    assert_eq!(s.preset.as_deref(), Some("e2-virtual"));
    assert_eq!(s.shared.draft.get("server.mode"), None);
    assert_eq!(s.text(None, "server.threads_max").as_deref(), Some("100"));
    // The runs differ only in where hey ran (its CPU on the server).
    assert_eq!(s.text(None, "load.client_cpu_ms").as_deref(), Some("0"));
    let o = &s.overrides.virtual_threads.draft;
    assert_eq!(o.leaves().len(), 1, "{o:?}");
    assert_eq!(
        s.text(Some(Mode::Virtual), "load.client_cpu_ms").as_deref(),
        Some("0.193")
    );
    assert_eq!(s.overridden("load.client_cpu_ms"), vec![Mode::Virtual]);
    // Each mode's run is the preset of that mode, as the article ran it.
    for m in MODES {
        let mut want = s.preset_for(m).expect("paired").draft();
        let mut got = s.draft_for(m);
        want.unset("server.mode");
        got.unset("server.mode");
        assert_eq!(
            format!("{:?}", validate(&got).unwrap()),
            format!("{:?}", validate(&want).unwrap()),
            "{m:?}"
        );
    }
    assert_eq!(s.preset_for(Mode::Platform).unwrap().name, "e2-platform");
}

#[test]
fn a_lesson_runs_in_both_modes_and_compares_only_its_own() {
    let s = Setup::of_preset("db-pool").unwrap();
    assert!(s.overrides.virtual_threads.draft.leaves().is_empty());
    assert_eq!(s.preset_for(Mode::Virtual).map(|p| p.name), Some("db-pool"));
    assert!(s.preset_for(Mode::Platform).is_none());
    assert!(Setup::of_preset("no-such-preset").is_none());
}

#[test]
fn edit_changes_the_draft_keeps_the_text_and_starts_a_new_generation() {
    let mut s = State::default();
    let g = s.generation;
    edit(&mut s, None, "server.threads_max", "400");
    assert_eq!(s.generation, g + 1);
    assert_eq!(
        s.setup.draft_for(Mode::Platform).get("server.threads_max"),
        Some(&400.into())
    );
    assert!(s.setup.edited());
    assert!(s.runnable());
    // Bad text is kept and shown beside its field; the draft keeps 400.
    edit(&mut s, None, "server.threads_max", "abc");
    assert_eq!(
        s.setup.text(None, "server.threads_max").as_deref(),
        Some("abc")
    );
    assert_eq!(
        s.errors_for("server.threads_max").len(),
        1,
        "{:?}",
        s.errors
    );
    assert!(!s.runnable());
    assert_eq!(
        s.setup.shared.draft.get("server.threads_max"),
        Some(&400.into())
    );
    // An out-of-range value parses but does not validate.
    edit(&mut s, None, "server.cores", "0");
    assert!(s.errors_for("server.cores")[0].message().contains("1"));
    edit(&mut s, None, "server.cores", "4");
    edit(&mut s, None, "server.threads_max", "100");
    assert!(s.runnable(), "{:?}", s.errors);
}

#[test]
fn emptying_a_field_puts_it_back_to_its_default_or_not_set() {
    let mut s = State::default();
    edit(&mut s, None, "server.threads_max", "");
    assert_eq!(s.setup.shared.draft.get("server.threads_max"), None);
    assert_eq!(
        s.setup.text(None, "server.threads_max").as_deref(),
        Some("")
    );
    // A nullable key becomes null ("not set"), which is valid.
    edit(&mut s, None, "load.requests", "");
    assert_eq!(
        s.setup.shared.draft.get("load.requests"),
        Some(&serde_json::Value::Null)
    );
    // The only key of a section goes with its section.
    edit(&mut s, None, "limits.max_events", "5000");
    edit(&mut s, None, "limits.max_events", "");
    assert_eq!(s.setup.shared.draft.get("limits"), None);
}

#[test]
fn an_override_edit_changes_one_mode_only() {
    let mut s = State::with_preset("e2-platform");
    edit(&mut s, Some(Mode::Virtual), "load.client_cpu_ms", "0.3");
    let v = s.setup.draft_for(Mode::Virtual);
    let p = s.setup.draft_for(Mode::Platform);
    let number = |d: &crate::scenario::Draft| d.get("load.client_cpu_ms").and_then(|v| v.as_f64());
    assert_eq!(number(&v), Some(0.3));
    assert_eq!(number(&p), Some(0.0));
    assert!(s.setup.edited());
    assert_eq!(
        s.setup.changes(),
        vec![(Some(Mode::Virtual), "load.client_cpu_ms".to_string())]
    );
}

#[test]
fn reset_puts_a_key_back_to_its_default_in_every_layer() {
    let mut s = State::with_preset("e2-platform");
    edit(&mut s, None, "load.client_cpu_ms", "abc");
    assert!(!s.runnable());
    s.reduce(Action::Reset("load.client_cpu_ms".into()));
    assert!(s.runnable(), "the bad text went too: {:?}", s.errors);
    for m in MODES {
        assert_eq!(s.setup.draft_for(m).get("load.client_cpu_ms"), None);
    }
    assert_eq!(
        s.setup.text(Some(Mode::Virtual), "load.client_cpu_ms"),
        None
    );
    // The preset set it, so the scenario now differs from the preset.
    assert!(s.setup.edited());
}

#[test]
fn the_scenario_counts_as_changed_only_while_it_differs_from_the_preset() {
    let mut s = State::with_preset("e2-platform");
    assert!(!s.setup.edited());
    edit(&mut s, None, "server.threads_max", "400");
    assert!(s.setup.edited());
    assert_eq!(
        s.setup.changes(),
        vec![(None, "server.threads_max".to_string())]
    );
    edit(&mut s, None, "server.threads_max", "100");
    assert!(!s.setup.edited(), "back to the article's value");
    // Which modes run does not change the scenario each run simulates.
    s.reduce(Action::SetModes(Modes::Virtual));
    assert!(!s.setup.edited());
    // Loading a preset starts afresh.
    edit(&mut s, None, "server.cores", "8");
    s.reduce(Action::LoadPreset("e1-platform".into()));
    assert!(!s.setup.edited());
    assert!(s.setup.shared.texts.is_empty());
}

#[test]
fn set_modes_runs_the_chosen_modes_only() {
    let mut s = State::default();
    let g = s.generation;
    s.reduce(Action::SetModes(Modes::Virtual));
    assert_eq!(s.generation, g + 1);
    let job = s.job();
    assert_eq!(job.modes.len(), 1);
    assert_eq!(job.modes[0].mode, Mode::Virtual);
    assert_eq!(
        job.modes[0].draft.get("server.mode"),
        Some(&"virtual".into())
    );
    assert_eq!(Modes::Platform.list(), &[Mode::Platform]);
    assert_eq!(Modes::Both.list(), &MODES);
}

#[test]
fn load_preset_switches_the_whole_setup_and_ignores_unknown_names() {
    let mut s = State::default();
    s.reduce(Action::SetModes(Modes::Platform));
    s.reduce(Action::LoadPreset("e4-virtual-50".into()));
    assert_eq!(s.setup.preset.as_deref(), Some("e4-virtual-50"));
    assert_eq!(s.setup.modes, Modes::Both, "a preset shows both modes");
    // E4 keeps Tomcat on platform threads: its sides are the executors.
    assert_eq!(
        s.setup.preset_for(Mode::Platform).unwrap().name,
        "e4-platform-50"
    );
    assert_eq!(
        s.setup.preset_for(Mode::Virtual).unwrap().name,
        "e4-virtual-50"
    );
    assert_eq!(
        s.setup.text(None, "async.email.kind").as_deref(),
        Some("pool")
    );
    assert_eq!(
        s.setup
            .text(Some(Mode::Virtual), "async.email.kind")
            .as_deref(),
        Some("virtual")
    );
    let before = s.clone();
    s.reduce(Action::LoadPreset("no-such-preset".into()));
    assert_eq!(s, before);
}

#[test]
fn worker_messages_fill_the_results_and_stale_ones_are_dropped() {
    let mut s = State::default();
    let job = small_job(&s);
    let messages = run_blocking(&job);
    // A message of an older job changes nothing.
    let mut stale = messages[1].clone();
    stale.generation -= 1;
    s.reduce(Action::Worker(Box::new(stale)));
    assert_eq!(s.results, Results::default());
    feed(&mut s, messages);
    let r = &s.results;
    assert!(r.done && r.failure.is_none());
    assert_eq!(r.progress.runs_done, 2);
    assert_eq!(r.progress.fraction(), 1.0);
    assert!(r.events > 0);
    assert_eq!(r.axis, Some(SweepAxis::Concurrency));
    assert_eq!(r.bounds.len(), 2);
    for m in MODES {
        let run = r.singles.get(m).as_ref().expect("each mode's run");
        assert_eq!(run.mode, m);
        assert!(!r.rows.get(m).is_empty(), "E2's figures beside {m:?}");
    }
    assert_eq!(r.runs(Modes::Both).len(), 2);
    // Running one mode drops the other's run when a new one arrives.
    s.reduce(Action::SetModes(Modes::Virtual));
    let job = small_job(&s);
    feed(&mut s, run_blocking(&job));
    assert!(s.results.singles.platform.is_none());
    assert!(s.results.singles.virtual_threads.is_some());
}

#[test]
fn a_new_job_keeps_the_old_runs_until_new_ones_arrive() {
    let mut s = State::default();
    simulate(&mut s);
    edit(&mut s, None, "server.threads_max", "150");
    let messages = run_blocking(&small_job(&s));
    s.reduce(Action::Worker(Box::new(messages[0].clone())));
    let r = &s.results;
    assert!(!r.done, "a new job is under way");
    assert_eq!(r.progress.runs_done, 0);
    assert!(r.singles.platform.is_some(), "the old run stays on screen");
}

#[test]
fn sweep_points_arrive_sorted_per_mode_and_failures_are_worded() {
    let mut s = State::default();
    let g = s.generation;
    let point = |x: f64| {
        Box::new(Message {
            generation: g,
            output: Output::Point {
                mode: Mode::Virtual,
                point: SweepPoint {
                    x,
                    ..SweepPoint::default()
                },
            },
        })
    };
    for x in [100.0, 1.0, 10.0] {
        s.reduce(Action::Worker(point(x)));
    }
    let xs: Vec<f64> = s
        .results
        .sweep
        .virtual_threads
        .iter()
        .map(|p| p.x)
        .collect();
    assert_eq!(xs, [1.0, 10.0, 100.0]);
    assert!(s.results.sweep.platform.is_empty());
    s.reduce(Action::Worker(Box::new(Message {
        generation: g,
        output: Output::Invalid {
            mode: Mode::Platform,
        },
    })));
    assert_eq!(
        s.results.failure.map(|f| f.to_string()).as_deref(),
        Some("the platform scenario does not validate")
    );
}

#[test]
fn the_state_round_trips_through_serde() {
    let mut s = State::with_preset("e3-sleep-platform");
    edit(&mut s, None, "server.threads_max", "300");
    edit(&mut s, None, "server.cores", "-5");
    edit(&mut s, Some(Mode::Virtual), "memory.heap_mb", "4096");
    s.reduce(Action::SetModes(Modes::Virtual));
    simulate(&mut s);
    let json = serde_json::to_string(&s).unwrap();
    let back: State = serde_json::from_str(&json).unwrap();
    // What the visitor chose comes back whole, typed text included; the
    // problems are found again; results come from the worker again.
    assert_eq!(back.setup, s.setup);
    assert_eq!(back.errors, s.errors);
    assert!(!back.runnable());
    assert_eq!(back.results, Results::default());
    assert_eq!(serde_json::to_string(&back).unwrap(), json);
    assert!(json.contains(r#""modes":"virtual""#), "{json}");
    assert!(json.contains(r#""threads_max":300"#), "{json}");
    assert!(json.contains(r#""server.cores":"-5""#), "{json}");
}

#[test]
fn worker_messages_round_trip_through_json() {
    let s = State::with_preset("e3-cpu-platform");
    let messages = run_blocking(&small_job(&s));
    let rows_with_words = messages.iter().any(|m| match &m.output {
        Output::Single { rows, .. } => rows.iter().any(|r| matches!(r.measured, Measured::Text(_))),
        _ => false,
    });
    assert!(rows_with_words, "E3 has a figure in words");
    for mut m in messages.clone() {
        let json = serde_json::to_string(&m).unwrap();
        let back: Message = serde_json::from_str(&json).unwrap();
        // A row's preset and finding stay out of the JSON (and the page).
        if let Output::Single { rows, .. } = &mut m.output {
            for r in rows {
                (r.preset, r.finding) = ("", "");
            }
        }
        // Every number arrives exactly (serde_json's `float_roundtrip`).
        assert!(back == m, "{json}");
    }
    let json = serde_json::to_string(&messages[1]).unwrap();
    assert!(
        json.contains(r#""mode":"platform""#),
        "modes as words: {json}"
    );
}

#[test]
fn a_plan_runs_each_mode_fully_then_the_sweep_coarse_first() {
    let mut job = State::default().job();
    let plan = Plan::of(&job);
    let n = plan.xs.len();
    // Each mode's point at the scenario's own concurrency is its full run.
    assert_eq!(plan.full_points.len(), 2);
    assert_eq!(plan.runs.len(), 2 + 2 * n - 2);
    assert!(matches!(
        plan.runs[0].kind,
        RunKind::Single {
            mode: Mode::Platform,
            ..
        }
    ));
    assert!(matches!(
        plan.runs[1].kind,
        RunKind::Single {
            mode: Mode::Virtual,
            ..
        }
    ));
    let first = plan.xs[fill_order(n)[0]];
    let last = plan.xs[fill_order(n)[1]];
    assert_eq!(
        plan.runs[2].kind,
        RunKind::Point {
            mode: Mode::Platform,
            x: first
        }
    );
    assert_eq!(
        plan.runs[3].kind,
        RunKind::Point {
            mode: Mode::Virtual,
            x: first
        }
    );
    assert_eq!(
        plan.runs[4].kind,
        RunKind::Point {
            mode: Mode::Platform,
            x: last
        }
    );
    assert!(plan.runs.iter().all(|r| r.config().is_some()));
    assert_eq!(plan.bounds.len(), 2);
    let Output::Progress(p) = plan.progress(3, 0.5).output else {
        panic!("progress")
    };
    assert_eq!((p.runs_done, p.runs), (3, plan.runs.len() as u32));
    job.sweep = false;
    assert_eq!(Plan::of(&job).runs.len(), 2);
    job.modes.clear();
    let empty = Plan::of(&job);
    assert!(empty.runs.is_empty() && empty.xs.is_empty());
}

#[test]
fn a_run_that_does_not_validate_says_so() {
    let mut job = small_job(&State::default());
    job.modes[0].draft.set("server.cores", "0").unwrap();
    let messages = run_blocking(&job);
    assert!(messages.iter().any(|m| m.output
        == Output::Invalid {
            mode: Mode::Platform
        }));
    assert!(matches!(
        messages.last().unwrap().output,
        Output::Done { .. }
    ));
}

#[test]
fn plans_are_bounded_and_include_the_scenario() {
    let d = preset("e2-platform").unwrap().draft();
    let (axis, xs) = sweep_points(&d);
    assert_eq!(axis, SweepAxis::Concurrency);
    assert!(xs.len() >= 20 && xs.contains(&2000.0) && xs[0] == 1.0);
    let p = sweep_point(&d, Mode::Virtual, axis, 2000.0);
    let cfg = validate(&p).unwrap();
    assert_eq!(cfg.limits.max_events, SWEEP_MAX_EVENTS);
    assert_eq!(
        cfg.limits.max_sim_memory,
        PAGE_MAX_SIM_MEMORY_MB * crate::sim::config::MIB
    );
    assert_eq!(cfg.server.mode, Mode::Virtual);
    let s = validate(&single(&d, Mode::Platform)).unwrap();
    assert_eq!(s.limits.max_events, SINGLE_MAX_EVENTS);
    let mut o = fill_order(25);
    assert_eq!(o[..2], [0, 24]);
    o.sort();
    assert_eq!(o, (0..25).collect::<Vec<_>>());
    assert_eq!(nearest(&[1.0, 10.0, 100.0], 40.0, true), Some(2));
    assert_eq!(nearest(&[1.0, 10.0, 100.0], 40.0, false), Some(1));
}

#[test]
fn bounds_of_e2_name_the_ceilings() {
    let d = preset("e2-platform").unwrap().draft();
    let b = Bounds::of(&validate(&d).unwrap());
    assert_eq!(b.mode, Mode::Platform);
    assert_eq!(b.ceilings[0].resource, Limit::Threads);
    assert!(b.service_ms > 50.0 && b.service_ms < 60.0);
    assert!((b.max_rps() - 100.0 / b.service_ms * 1000.0).abs() < 1e-6);
    assert!((b.latency_bound_ms(2000.0) - 2000.0 / b.max_rps() * 1000.0).abs() < 1e-6);
    assert!((b.latency_bound_ms(1.0) - b.service_ms).abs() < 1e-9);
    let v = Bounds::of(&validate(&single(&d, Mode::Virtual)).unwrap());
    assert_eq!(v.ceilings[0].resource, Limit::Cpu);
}

#[test]
fn pinning_bounds_count_blocking_inside_synchronized_only() {
    let d = preset("pinning-jdk21").unwrap().draft();
    let b = Bounds::of(&validate(&single(&d, Mode::Virtual)).unwrap());
    let c = &b.ceilings[0];
    assert_eq!(c.resource, Limit::Carriers);
    // 4 carriers ÷ (50 ms pinned + 0.1 ms CPU).
    assert!((c.rps - 4.0 / 0.0501).abs() < 1e-6, "{c:?}");
    let formula = c.formula(crate::i18n::Locale::En);
    assert!(formula.contains("JDK 21"), "{formula}");
    let d = preset("pinning-jdk24").unwrap().draft();
    let b = Bounds::of(&validate(&single(&d, Mode::Virtual)).unwrap());
    assert!(b.ceilings.iter().all(|c| c.resource != Limit::Carriers));
}

#[test]
fn the_form_shows_each_executor_once() {
    let mut s = State::default();
    edit(
        &mut s,
        None,
        "program",
        "async(a){io:1ms},async(b){io:1ms},async(a){io:2ms}",
    );
    assert_eq!(form::executors(&s.setup), ["a", "b"]);
    let keys = form::keys(&s.setup, Group::Async);
    assert_eq!(keys.len(), 2 * 5, "{keys:?}");
    let mut ids: Vec<String> = keys.iter().map(|k| form::control_id(k, None)).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), keys.len(), "one DOM id per control");
    assert!(ids.contains(&"f-async-a-core".to_string()));
    // While the program does not parse, the executors configured stay.
    edit(&mut s, None, "async.b.core", "4");
    edit(&mut s, None, "program", "async(a){io:1ms");
    assert_eq!(form::executors(&s.setup), ["b"]);
    edit(&mut s, None, "program", "io:5ms");
    assert!(form::keys(&s.setup, Group::Async).is_empty());
    // The hidden executor's settings stay out of the run: validation
    // refuses an executor that no step names.
    for (_, draft) in s.setup.drafts() {
        assert!(draft.get("async.b.core").is_none());
        validate(&draft).expect("the run's draft validates");
    }
}

#[test]
fn the_form_shows_the_keys_of_the_load_model() {
    let mut s = State::default();
    let closed = form::keys(&s.setup, Group::Load);
    assert!(closed.contains(&"load.concurrency".to_string()));
    assert!(!closed.contains(&"load.rate_rps".to_string()));
    edit(&mut s, None, "load.kind", "open");
    let open = form::keys(&s.setup, Group::Load);
    assert!(
        open.contains(&"load.rate_rps".to_string()) && open.contains(&"load.arrivals".to_string())
    );
    assert!(!open.contains(&"load.concurrency".to_string()));
    assert!(!form::keys(&s.setup, Group::Server).contains(&"server.mode".to_string()));
    for g in form::GROUPS {
        for k in form::keys(&s.setup, *g) {
            let f = field(&k).unwrap();
            assert!(
                f.label(crate::i18n::Locale::En) != f.key && f.group == *g,
                "{k}"
            );
        }
    }
}

#[test]
fn sliders_map_text_to_position_and_back() {
    let s = field("server.threads_max").unwrap().slider.unwrap();
    for text in ["1", "100", "5000"] {
        let pos = form::slider_position(text, s);
        assert_eq!(form::slider_text(pos, s, true), text);
    }
    assert_eq!(form::slider_position("abc", s), 0.0);
    assert_eq!(form::slider_position("1e9", s), form::SLIDER_STEPS);
    let lin = field("load.client_cpu_ms").unwrap().slider.unwrap();
    assert_eq!(
        form::slider_text(form::slider_position("0.5", lin), lin, false),
        "0.50"
    );
    assert!(form::whole("server.threads_max") && !form::whole("load.client_cpu_ms"));
}

#[test]
fn provenance_says_stated_or_assumed_and_values_read_per_mode() {
    let s = Setup::of_preset("e2-platform").unwrap();
    assert_eq!(
        form::provenance(&s, "server.threads_max"),
        Some(Provenance::Stated)
    );
    assert!(matches!(
        form::provenance(&s, "server.cores"),
        Some(Provenance::Assumed(_))
    ));
    assert_eq!(form::provenance(&s, "seed"), None);
    assert_eq!(
        form::value_in_words(&s, "load.client_cpu_ms"),
        "0 (virtual run: 0.193)"
    );
    assert_eq!(form::value_in_words(&s, "server.threads_max"), "100");
    assert_eq!(form::value_in_words(&s, "seed"), "1 (default)");
}

#[test]
fn markers_are_the_articles_figures_in_the_charts_units() {
    let s = State::with_preset("e2-platform");
    let tput = charts::markers(&s, |r| r == Read::ThroughputRps);
    let ys: Vec<(Mode, f64)> = tput.iter().map(|m| (m.mode, m.y)).collect();
    assert_eq!(
        ys,
        [(Mode::Platform, 1877.2105), (Mode::Virtual, 12773.137)]
    );
    assert!(tput.iter().all(|m| m.x == 2000.0));
    assert!(
        tput[0].label.contains("1,877.21 req/s"),
        "{}",
        tput[0].label
    );
    // hey reports seconds; the latency charts are in ms.
    let mean = charts::markers(&s, |r| r == Read::Latency(Stat::Mean));
    assert!(
        mean.iter()
            .any(|m| m.mode == Mode::Platform && (m.y - 1050.8).abs() < 1e-9)
    );
}

#[test]
fn the_page_shows_every_chart_once_per_running_mode() {
    let mut s = State::default();
    simulate(&mut s);
    let ids: Vec<String> = charts::charts(&s).into_iter().map(|c| c.id).collect();
    for id in [
        "chart-sweep-throughput",
        "chart-timeline-platform",
        "chart-utilisation-virtual",
        "chart-errors",
    ] {
        assert!(ids.contains(&id.to_string()), "{id} in {ids:?}");
    }
    let mut unique = ids.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), ids.len());
    s.reduce(Action::SetModes(Modes::Platform));
    simulate(&mut s);
    let ids: Vec<String> = charts::charts(&s).into_iter().map(|c| c.id).collect();
    assert!(!ids.iter().any(|i| i.ends_with("-virtual")), "{ids:?}");
}

#[test]
fn mode_words_are_the_schemas_choices() {
    use crate::scenario::{FieldKind, mode_named, mode_word};
    let FieldKind::Choice(words) = field("server.mode").unwrap().kind else {
        panic!("server.mode is a choice")
    };
    let ours: Vec<&str> = MODES.iter().map(|&m| mode_word(m)).collect();
    assert_eq!(ours, words);
    assert!(MODES.iter().all(|&m| mode_named(mode_word(m)) == Some(m)));
    assert_eq!(modes::label(Mode::Virtual), "virtual threads");
    let per: PerMode<u8> = PerMode {
        platform: 1,
        virtual_threads: 2,
    };
    assert_eq!(
        serde_json::to_string(&per).unwrap(),
        r#"{"platform":1,"virtual":2}"#
    );
    assert_eq!(per.iter().map(|(_, v)| *v).collect::<Vec<_>>(), [1, 2]);
}

#[test]
fn numbers_read_well() {
    use crate::app::basis::format::*;
    use crate::fidelity::words::figure_in;
    use crate::i18n::Locale;
    assert_eq!(thousands(1877.2105, 2), "1,877.21");
    assert_eq!(thousands(12773.137, 2), "12,773.14");
    assert_eq!(sig(0.0532), "0.0532");
    assert_eq!(ms(1050.8), "1.05 s");
    assert_eq!(tick(20000.0), "20k");
    assert_eq!(tick(5000.0), "5k");
    assert_eq!(tick(1500.0), "1.5k");
    assert_eq!(tick(800.0), "800");
    assert_eq!(signed_pct(Some(10.0)), "+10.0 %");
    assert_eq!(signed_pct(Some(-2.25)), "−2.2 %");
    assert_eq!(signed_pct(None), "–");
    assert_eq!(figure_in(Locale::En, 1877.2105), "1,877.21");
    assert_eq!(figure_in(Locale::En, 1.0508), "1.0508");
    assert_eq!(figure_in(Locale::En, 2000.0), "2,000");
    assert_eq!(field_text(&serde_json::json!(20000.0)), "20000");
    assert_eq!(field_text(&serde_json::Value::Null), "");
    assert_eq!(measured(&Measured::Number(12773.137)), "12,773.14");
}

#[test]
fn a_digest_is_what_the_page_needs_of_a_report() {
    let mut s = State::default();
    simulate(&mut s);
    let run: Rc<RunView> = s.results.singles.platform.clone().unwrap();
    assert_eq!(run.finished, 400);
    assert_eq!(run.error_pct, 0.0);
    assert!(!run.series.t_s.is_empty() && !run.timeline.lanes.is_empty());
    assert!(!run.timeline.carriers);
    assert!(
        s.results
            .singles
            .virtual_threads
            .as_ref()
            .unwrap()
            .timeline
            .carriers
    );
}

/// Each run's card says what the JVM did beside the requests:
/// G1's pauses when a collector ran, a cold start's costs when it started
/// cold; a warm run without a collector says nothing of either.
#[test]
fn a_run_says_what_its_collector_and_its_cold_start_did() {
    let view = |settings: &[(&str, &str)]| {
        let mut d = crate::scenario::Draft::new();
        for (k, v) in [("load.requests", "2000"), ("program", "cpu:0.2ms,io:5ms")]
            .iter()
            .chain(settings)
        {
            d.set(k, v).unwrap();
        }
        let cfg = validate(&d).unwrap();
        RunView::from_report(Mode::Platform, &crate::sim::run(&cfg))
    };
    let cold = view(&[
        ("jvm.start", "cold"),
        ("memory.heap_mb", "128"),
        ("gc.alloc_kb", "1024"),
    ]);
    let lines = cold.jvm_lines(crate::i18n::Locale::En);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[0].starts_with("G1: ") && lines[0].contains("young"),
        "{lines:?}"
    );
    assert!(
        lines[1].starts_with("cold start: DispatcherServlet initialised"),
        "{lines:?}"
    );
    let quiet = view(&[("jvm.start", "warm"), ("gc.collector", "none")]);
    let lines = quiet.jvm_lines(crate::i18n::Locale::En);
    assert!(lines.is_empty(), "{lines:?}");
}

/// A bad value typed on a German page is named in German, with
/// its field, the value as typed and the range in German numbers, on one
/// line; on a Chinese page in Chinese; the problems' list says the same.
#[test]
fn a_bad_value_is_worded_in_the_pages_language() {
    let mut s = State::default();
    s.view.lang = "de".into();
    edit(&mut s, None, "load.concurrency", "0");
    let line = s.problem("load.concurrency").expect("a problem");
    assert_eq!(
        line,
        "load.concurrency: „0“ — außerhalb des zulässigen Bereichs: erwartet wird \
         eine ganze Zahl von 1 bis 100.000"
    );
    assert_eq!(s.problems(), vec![("load.concurrency", line.clone())]);
    // As the page shows it: the key and the value as typed set apart as
    // code (they are the same in every language), the words German.
    use crate::i18n::Piece;
    let code = |t: &str| Piece::Code(t.into());
    let shown = s.problem_pieces("load.concurrency").expect("a problem");
    assert_eq!(
        shown,
        vec![
            code("load.concurrency"),
            Piece::Words(": „".into()),
            code("0"),
            Piece::Words(
                "“ — außerhalb des zulässigen Bereichs: erwartet wird eine ganze Zahl von 1 bis 100.000"
                    .into()
            ),
        ]
    );
    assert_eq!(s.problem_lines(), vec![("load.concurrency", shown)]);
    // Text that does not parse, with a line break typed into it.
    edit(&mut s, None, "load.concurrency", "zwei\nhundert");
    let line = s.problem("load.concurrency").expect("a problem");
    assert!(!line.contains('\n'), "{line}");
    assert!(line.contains("„zwei\\nhundert“"), "{line}");
    assert!(
        line.contains("erwartet wird eine ganze Zahl von 1 bis 100.000"),
        "{line}"
    );
    s.view.lang = "zh".into();
    let line = s.problem("load.concurrency").expect("a problem");
    assert!(line.contains("应为 1 到 100,000 之间的整数"), "{line}");
    // The command line's words are unchanged by the page's language.
    let e = s.error_for("load.concurrency").unwrap();
    assert_eq!(e.message(), "expected a whole number from 1 to 100000");
}

/// The sweep's point at the scenario's own concurrency
/// is the mode's full run, so the curve passes through the cards' figures;
/// it is not run again as a short sweep run (a 20,000-request run on a
/// cold JVM showed 11,492 req/s where the card said 12,781). The chart's
/// caption says what the other points are.
#[test]
fn the_sweeps_point_at_the_scenarios_concurrency_is_the_cards_run() {
    let mut s = State::with_preset("pinning-jdk24");
    let job = s.job();
    let plan = Plan::of(&job);
    let here = 200.0;
    assert!(plan.xs.contains(&here), "{:?}", plan.xs);
    for mode in [Mode::Platform, Mode::Virtual] {
        assert!(
            plan.full_points.contains(&(mode, here)),
            "{:?}",
            plan.full_points
        );
        let short = (plan.runs.iter())
            .filter(|r| r.kind == RunKind::Point { mode, x: here })
            .count();
        assert_eq!(short, 0, "{mode:?}: the own point is not run twice");
    }
    feed(&mut s, run_blocking(&job));
    for mode in [Mode::Platform, Mode::Virtual] {
        let card = s.results.singles.get(mode).clone().expect("the full run");
        let pts = s.results.sweep.get(mode);
        assert_eq!(pts.len(), plan.xs.len(), "{mode:?}: every x has its point");
        let own: Vec<&SweepPoint> = pts.iter().filter(|p| p.full_run).collect();
        assert_eq!(own.len(), 1, "{mode:?}");
        let p = own[0];
        assert_eq!(p.x, here);
        assert_eq!(p.goodput_rps, card.goodput_rps, "{mode:?}");
        assert_eq!(p.throughput_rps, card.throughput_rps, "{mode:?}");
        assert_eq!(p.p50_ms, card.latency.p50, "{mode:?}");
        assert_eq!(p.p99_ms, card.latency.p99, "{mode:?}");
        assert_eq!(p.error_pct, card.error_pct, "{mode:?}");
    }
    let views = crate::app::show::charts::charts(&s);
    let sweep = views
        .iter()
        .find(|c| c.id == "chart-sweep-throughput")
        .unwrap();
    assert!(
        sweep.about.contains("full run, the cards' figures")
            && sweep.about.contains("short run of ≥ 20,000 requests"),
        "{}",
        sweep.about
    );
}

/// Flags in the page's sentences are set apart as code (and kept on one
/// line); hyphenated words, negative numbers and dashes are not flags.
#[test]
fn flags_in_a_sentence_are_told_from_its_words() {
    use crate::app::basis::format::{TextPart, text_parts};
    use TextPart::{Flag, Words};
    assert_eq!(
        text_parts("JDK 21–23 报告这类等待（-Djdk.tracePinnedThreads=short），JFR 记录。"),
        [
            Words("JDK 21–23 报告这类等待（"),
            Flag("-Djdk.tracePinnedThreads=short"),
            Words("），JFR 记录。")
        ]
    );
    assert_eq!(
        text_parts("-Xmx / -XX:MaxRAMPercentage."),
        [
            Flag("-Xmx"),
            Words(" / "),
            Flag("-XX:MaxRAMPercentage"),
            Words(".")
        ]
    );
    assert_eq!(
        text_parts("wrk --timeout 2s, hey -c 50"),
        [
            Words("wrk "),
            Flag("--timeout"),
            Words(" 2s, hey "),
            Flag("-c"),
            Words(" 50")
        ]
    );
    for plain in ["keep-alive and −3 or -3 ms", "a - b", "E2 · hey", ""] {
        let parts = text_parts(plain);
        assert!(
            parts.iter().all(|p| matches!(p, Words(_))),
            "{plain}: {parts:?}"
        );
        let whole: String = parts
            .iter()
            .map(|p| match p {
                Words(w) | Flag(w) => *w,
            })
            .collect();
        assert_eq!(whole, plain);
    }
}
