//! The page's own questions: a plan's target read at the edge, only the
//! question last asked taking its answer, a plan's configuration applied.

use super::*;
use crate::app::study::Finding;

fn yours_with(text: &str) -> Yours {
    let mut y = Yours::default();
    y.set_text(text.into());
    y.read();
    y
}

const HEY: &str = concat!(
    include_str!("../../../../tests/samples/hey/slow-n400-c20.txt.cmd"),
    include_str!("../../../../tests/samples/hey/slow-n400-c20.txt")
);

fn draft() -> Draft {
    crate::scenario::default_preset().draft()
}

#[test]
fn a_target_reads_or_names_its_first_bad_field() {
    let mut t = TargetTexts::default();
    assert_eq!(t.percentile, "99", "p99 unless told");
    t.set(TargetField::Rps, "5000".into());
    t.set(TargetField::LatencyMs, "200".into());
    let target = t.target().unwrap();
    assert_eq!(
        (target.rps, target.percentile, target.latency_ms),
        (5000.0, 99.0, 200.0)
    );
    assert_eq!(target.error_pct, DEFAULT_ERROR_PCT);
    for (field, text, name) in [
        (TargetField::Rps, "abc", "target-rps"),
        (TargetField::Rps, "0", "target-rps"),
        (TargetField::Rps, "1e9", "target-rps"),
        (TargetField::Percentile, "98", "percentile"),
        (TargetField::LatencyMs, "-1", "latency-ms"),
        (TargetField::ErrorPct, "101", "error-pct"),
    ] {
        let mut bad = t.clone();
        bad.set(field, text.into());
        let e = bad.target().unwrap_err();
        assert_eq!((e.field.as_str(), e.value.as_str()), (name, text), "{e}");
        assert!(e.to_string().contains("expected"), "{e}");
    }
    t.set(TargetField::ErrorPct, "0,5".into());
    assert_eq!(t.target().unwrap().error_pct, 0.5, "a German decimal comma");
    t.set(TargetField::ErrorPct, "0".into());
    assert_eq!(
        t.target().unwrap().error_pct,
        0.0,
        "no errors allowed is a budget"
    );
}

#[test]
fn a_question_needs_what_it_is_about() {
    let y = Yours::default();
    assert!(y.question(Ask::Migrate, draft()).is_err(), "nothing pasted");
    let e = y.question(Ask::Plan, draft()).unwrap_err();
    assert_eq!(e.field, "target-rps", "a plan needs a rate, not a paste");
    let mut y = yours_with(HEY);
    let Ok(Question::Migrate { changes, .. }) = y.question(Ask::Migrate, draft()) else {
        panic!("a read hey output can be migrated");
    };
    assert_eq!(changes, vec![("server.mode".into(), "virtual".into())]);
    assert!(
        y.question(Ask::Versus, draft()).is_err(),
        "no second output"
    );
    y.study(YoursAction::Second(HEY.into()));
    assert!(matches!(
        y.question(Ask::Versus, draft()),
        Ok(Question::Versus { .. })
    ));
}

#[test]
fn each_kind_keeps_its_last_answer_and_a_new_question_drops_the_one_under_way() {
    let mut y = Yours::default();
    let refused = |f: &str| {
        Rc::new(Finding::Refused(FieldError::new(
            f,
            "x",
            Default::default(),
        )))
    };
    y.study(YoursAction::Asked {
        id: 1,
        ask: Ask::Versus,
    });
    y.study(YoursAction::Studied {
        id: 1,
        finding: refused("first"),
    });
    y.study(YoursAction::Asked {
        id: 2,
        ask: Ask::Plan,
    });
    let progress = Progress {
        runs: 3,
        of: 200,
        answered: false,
    };
    y.study(YoursAction::Studying { id: 2, progress });
    assert_eq!(y.asked(Ask::Plan).unwrap().progress, progress);
    assert!(y.asked(Ask::Versus).unwrap().finding.is_some(), "kept");
    // The worker studies one at a time: asking the what-if drops the plan.
    y.study(YoursAction::Asked {
        id: 3,
        ask: Ask::Migrate,
    });
    assert!(y.asked(Ask::Plan).unwrap().lost, "to be asked again");
    assert!(!y.asked(Ask::Versus).unwrap().lost, "an answered one stays");
    y.study(YoursAction::Studied {
        id: 2,
        finding: refused("late"),
    });
    y.study(YoursAction::Studied {
        id: 7,
        finding: refused("unknown"),
    });
    assert_eq!(y.asked.len(), 3);
    y.study(YoursAction::Asked {
        id: 4,
        ask: Ask::Versus,
    });
    assert_eq!(y.asked.len(), 3, "the last of each kind");
    assert!(y.asked(Ask::Versus).unwrap().finding.is_none());
    y.study(YoursAction::StudyLost);
    assert!(y.asked(Ask::Versus).unwrap().lost);
}

#[test]
fn the_second_output_and_target_survive_serialisation_not_the_answer() {
    let mut y = yours_with(HEY);
    y.study(YoursAction::Second("second".into()));
    y.study(YoursAction::Target(TargetField::Rps, "300".into()));
    y.study(YoursAction::Asked {
        id: 1,
        ask: Ask::Plan,
    });
    let back: Yours = serde_json::from_str(&serde_json::to_string(&y).unwrap()).unwrap();
    assert_eq!(&*back.second, "second");
    assert_eq!(back.target.rps, "300");
    assert!(back.asked.is_empty() && back.read.is_none());
    let old: Yours = serde_json::from_str(r#"{"text":"x"}"#).unwrap();
    assert_eq!(old.target, TargetTexts::default(), "older states read");
}

#[test]
fn a_plans_configuration_goes_on_the_form_and_starts_a_run() {
    use crate::app::page::state::{Action, State};
    let mut s = State::default();
    let before = s.generation;
    let chosen = vec![
        ("server.mode".to_string(), "virtual".to_string()),
        ("server.threads_max".to_string(), "64".to_string()),
    ];
    s.reduce(Action::Yours(YoursAction::Apply(chosen)));
    assert!(s.generation > before, "a new job");
    assert!(s.runnable(), "{:?}", s.errors);
    let d = service(&s.setup, Ask::Plan);
    let cfg = crate::scenario::validate(&d).unwrap();
    assert_eq!(cfg.server.threads_max, 64);
    assert!(s.edited_keys.contains(&"server.threads_max".to_string()));
    // Each column keeps its own server mode: the plan's says which.
    assert!(!s.edited_keys.contains(&"server.mode".to_string()));
    assert_eq!(cfg.server.mode, crate::sim::config::Mode::Platform);
    let g = s.generation;
    s.reduce(Action::Yours(YoursAction::Apply(Vec::new())));
    assert_eq!(s.generation, g, "nothing to apply, nothing runs");
}

mod links {
    use super::HEY;
    use crate::app::link::permalink::{MAX_LINK_CHARS, decode, encode};
    use crate::app::page::state::{Action, State};
    use crate::app::page::yours::YoursAction;

    fn pasted(text: &str) -> State {
        let mut s = State::default();
        s.reduce(Action::Yours(YoursAction::Text(text.into())));
        s.reduce(Action::Yours(YoursAction::Read));
        s
    }

    fn reopened(s: &State) -> (State, usize) {
        let d = decode(&encode(&s.link()));
        (State::of_link(d.link), d.ignored.len())
    }

    #[test]
    fn a_link_names_the_output_it_does_not_carry() {
        let s = pasted(HEY);
        let q = encode(&s.link());
        assert!(q.contains("needs=hey"), "{q}");
        assert!(!q.contains("Summary"), "the text stays out unless asked");
        let (back, ignored) = reopened(&s);
        assert_eq!(ignored, 0);
        assert_eq!(back.yours.needs, "hey");
        assert!(back.yours.text.is_empty());
        // The link the reopened page writes still says so, until a paste.
        assert!(encode(&back.link()).contains("needs=hey"));
        let mut back = back;
        back.reduce(Action::Yours(YoursAction::Text(HEY.into())));
        back.reduce(Action::Yours(YoursAction::Read));
        assert!(back.yours.needs.is_empty());
    }

    #[test]
    fn an_output_kept_on_request_opens_read() {
        let mut s = pasted(HEY);
        assert!(s.measurement_fits_link(), "{}", encode(&s.link()).len());
        s.reduce(Action::Yours(YoursAction::Keep(true)));
        let q = encode(&s.link());
        assert!(q.len() <= MAX_LINK_CHARS && !q.contains("needs="), "{q}");
        let (back, ignored) = reopened(&s);
        assert_eq!(ignored, 0);
        assert_eq!(&*back.yours.text, &*s.yours.text);
        assert_eq!(back.yours.measurement(), s.yours.measurement());
        assert!(back.yours.keep);
        assert_eq!(encode(&back.link()), q, "the same link again");
    }

    #[test]
    fn an_output_too_long_for_a_link_is_named_not_kept() {
        let long = include_str!("../../../../tests/samples/hey/fast-n500-c10.csv");
        let mut s = pasted(long);
        assert!(s.yours.measurement().is_some());
        assert!(!s.measurement_fits_link(), "{} bytes", long.len());
        s.reduce(Action::Yours(YoursAction::Keep(true)));
        let q = encode(&s.link());
        assert!(q.len() <= MAX_LINK_CHARS, "{}", q.len());
        assert!(q.contains("needs=hey"), "{q}");
    }

    #[test]
    fn a_links_bad_output_or_tool_is_named_and_left_out() {
        let d = decode("needs=curl&v=1");
        assert_eq!(d.ignored.len(), 1, "{:?}", d.ignored);
        assert!(d.link.view.needs.is_empty());
        let d = decode("measurement=hello&v=1");
        assert_eq!(d.ignored.len(), 1, "{:?}", d.ignored);
        assert!(d.link.view.measurement.is_empty());
        let s = State::of_link(d.link);
        assert!(s.yours.text.is_empty() && s.yours.needs.is_empty());
    }
}
