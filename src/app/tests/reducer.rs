//! The reducer, natively: every action, reset, preset switch, "you changed
//! the scenario", preset pairs and lessons, a serde round trip.

use super::{edit, simulate};
use crate::app::page::state::Results;
use crate::app::*;
use crate::scenario::validate;

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
