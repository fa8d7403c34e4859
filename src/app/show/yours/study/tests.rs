//! What the panel says of a studied question, in each language: two
//! outputs beside the noise, the fit and the what-if, a refused question,
//! how far a study has come, the scenario as application.properties.

use super::*;
use crate::app::page::state::{Action, State};
use crate::app::page::yours::{Ask, TargetField, YoursAction};
use crate::app::study::{self, Finding, Question};
use crate::fidelity::fit::Side;
use crate::i18n::Piece;
use crate::sim::report::Bottleneck;
use crate::summary::said;

/// hey's output as pasted: its command line, then its output.
macro_rules! hey {
    ($name:literal) => {
        concat!(
            include_str!(concat!("../../../../../tests/samples/hey/", $name, ".cmd")),
            include_str!(concat!("../../../../../tests/samples/hey/", $name))
        )
    };
}

fn change(figure: Figure, percent: Option<f64>, before: f64, after: f64) -> Change {
    Change {
        figure,
        percent,
        before,
        after,
        difference_pct: Some((after - before) / before * 100.0),
        noise_pct: Some(3.26),
        beyond_noise: Some(((after - before) / before * 100.0).abs() > 3.26),
    }
}

#[test]
fn two_outputs_become_rows_with_the_noise_and_a_verdict_in_words() {
    let mut mean = change(Figure::Mean, None, 21.0, 21.2);
    mean.noise_pct = None;
    mean.beyond_noise = None;
    let changes = vec![
        change(Figure::Rate, None, 238.4651, 950.25),
        change(Figure::Percentile, Some(99.0), 22.1, 22.3),
        mean,
    ];
    let en = versus_rows(&changes, Locale::En);
    assert_eq!(
        en[0],
        VersusRow {
            figure: "Rate".into(),
            first: "238.47/s".into(),
            second: "950.25/s".into(),
            difference: "+298.5 %".into(),
            noise: "3.3 %".into(),
            verdict: "yes, beyond the noise".into(),
            beyond: Some(true),
        }
    );
    assert_eq!(en[1].figure, "p99");
    assert_eq!(en[1].verdict, "no, within the noise");
    assert_eq!(
        (en[2].noise.as_str(), en[2].verdict.as_str()),
        ("–", "cannot tell")
    );
    let de = versus_rows(&changes, Locale::De);
    assert_eq!(
        (
            de[0].figure.as_str(),
            de[0].first.as_str(),
            de[0].difference.as_str()
        ),
        ("Anfragerate", "238,47/s", "+298,5 %")
    );
    assert_eq!(de[0].verdict, "ja, über dem Rauschen");
    assert!(
        versus_caption(5).text(Locale::En).contains("over 5 seeds"),
        "{}",
        versus_caption(5).text(Locale::En)
    );
    assert!(versus_caption(5).text(Locale::Zh).contains("5 个种子"));
}

#[test]
fn a_real_comparison_of_two_hey_sweeps_finds_the_rate_beyond_the_noise() {
    let mut d = crate::scenario::default_preset().draft();
    d.set("program", "cpu:0.1ms").unwrap();
    let q = Question::Versus {
        draft: d,
        first: hey!("sweep-slow-n800-c5.txt").into(),
        second: hey!("sweep-slow-n800-c40.txt").into(),
    };
    let Finding::Versus {
        changes,
        noise_runs,
    } = study::run_to_end(q, &mut |c| crate::sim::run(c))
    else {
        panic!("a comparison");
    };
    let rows = versus_rows(&changes, Locale::En);
    let rate = rows
        .iter()
        .find(|r| r.figure == "Rate")
        .expect("a rate row");
    assert_eq!(rate.beyond, Some(true), "{rate:?}");
    assert_eq!(rate.verdict, "yes, beyond the noise");
    assert_eq!(noise_runs, 5);
}

fn row(figure: Figure, measured: f64, simulated: f64) -> Row {
    Row {
        figure,
        percent: None,
        measured,
        simulated: Some(simulated),
        difference_pct: Some((simulated - measured) / measured * 100.0),
    }
}

#[test]
fn the_fit_names_its_wait_and_marks_the_mean_as_fitted() {
    let fit = Fit {
        wait_ms: 20.8126,
        program: "cpu:0.1ms, io:20.8125ms".into(),
        rows: vec![
            row(Figure::Rate, 238.47, 236.0),
            row(Figure::Mean, 21.0, 20.99),
        ],
        runs: 13,
    };
    assert_eq!(
        calibrated(&fit).text(Locale::En),
        "Calibrated to your mean latency (13 runs): an unexplained wait of 20.813 ms per request."
    );
    assert!(calibrated(&fit).text(Locale::De).contains("20,813 ms"));
    let rows = fit_rows(&fit, Locale::En);
    assert_eq!(rows[0].row.figure, "Rate");
    assert!(!rows[0].fitted);
    assert_eq!(rows[1].row.figure, "Mean (fitted)");
    assert!(rows[1].fitted);
    assert_eq!(rows[1].row.difference, "−0.0 %");
    assert_eq!(
        fit_rows(&fit, Locale::De)[1].row.figure,
        "Mittelwert (angepasst)"
    );
}

#[test]
fn why_no_wait_fits_is_said_in_each_language() {
    let slower = FitFailure::ModelSlower { mean_ms: 50.27 };
    assert_eq!(
        no_fit(&slower, Locale::En),
        "No fit: with no extra wait the model is already slower (50.3 ms): give it the service's threads, cores, pools and program in the form."
    );
    assert!(no_fit(&slower, Locale::De).contains("50,3 ms"));
    assert!(no_fit(&FitFailure::NoMean, Locale::Zh).starts_with("无法拟合"));
    for e in [
        FitFailure::Endpoints,
        FitFailure::Budget,
        FitFailure::NoMean,
    ] {
        let t = no_fit(&e, Locale::En);
        assert!(t.starts_with("No fit: ") && !t.contains('{'), "{t}");
    }
}

fn side(threads: u32, waiters: u32) -> Side {
    Side {
        goodput_rps: 238.0,
        mean_ms: 21.0,
        p99_ms: 22.5,
        error_pct: 0.0,
        bottleneck: Bottleneck::default(),
        bottleneck_said: said::bottleneck(&Bottleneck::default()),
        peak_db_waiters: waiters,
        peak_pinned: 0,
        peak_threads: threads,
        peak_memory_mb: 312.4,
    }
}

#[test]
fn before_and_after_virtual_threads_with_what_to_watch() {
    let w = WhatIf {
        changes: vec![("server.mode".into(), "virtual".into())],
        before: side(5, 0),
        after: side(40, 35),
        stop_applying: vec!["server.threads_max".into()],
    };
    let rows = side_rows(&w, Locale::En);
    let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Successful requests",
            "Mean",
            "p99",
            "Failed",
            "Peak threads",
            "Peak waiting for HikariCP",
            "Peak pinned virtual threads",
            "Peak memory"
        ]
    );
    assert_eq!(
        (rows[4].before.as_str(), rows[4].after.as_str()),
        ("5", "40")
    );
    assert_eq!(rows[7].after, "312 MB");
    let watch: Vec<String> = watch(&w).iter().map(|p| p.text(Locale::En)).collect();
    assert_eq!(watch.len(), 2, "{watch:?}");
    assert!(watch[0].starts_with("Watch: 35 requests wait for HikariCP at once (was 0)"));
    assert!(watch[1].contains("ThreadLocals"));
    let [before, after] = bottlenecks(&w);
    // The sentence made where the run was is the one said.
    let nothing = said::bottleneck(&Bottleneck::default()).text(Locale::En);
    assert_eq!(
        before.text(Locale::En),
        format!("Bottleneck as measured: {nothing}")
    );
    assert!(
        after
            .text(Locale::De)
            .starts_with("Engpass mit virtuellen Threads: ")
    );
    let mut pool = w.clone();
    pool.after.bottleneck_said = crate::i18n::keys::ui::YOURS_SIDE_THREADS.said();
    assert_eq!(
        bottlenecks(&pool)[1].text(Locale::En),
        "Bottleneck with virtual threads: Peak threads",
        "the side's own sentence, whatever it is"
    );
    let calm = WhatIf {
        after: side(6, 0),
        ..w
    };
    assert!(super::watch(&calm).is_empty());
}

#[test]
fn a_refused_question_is_one_line_naming_the_field() {
    let mut s = State::default();
    s.reduce(Action::Yours(YoursAction::Target(
        TargetField::Rps,
        "abc".into(),
    )));
    let draft = crate::app::page::yours::service(&s.setup, Ask::Plan);
    let e = s.yours.question(Ask::Plan, draft).unwrap_err();
    let line = Finding::Refused(e);
    let Finding::Refused(e) = &line else {
        unreachable!()
    };
    let pieces = e.line_pieces(Locale::En);
    assert!(
        pieces.contains(&Piece::Code("target-rps".into())),
        "{pieces:?}"
    );
    assert!(pieces.contains(&Piece::Code("abc".into())), "{pieces:?}");
    let text: String = (pieces.iter())
        .map(|p| match p {
            Piece::Words(w) | Piece::Code(w) => w.as_str(),
        })
        .collect();
    assert!(!text.contains('\n'), "{text}");
}

#[test]
fn how_far_a_study_has_come() {
    let p = Progress {
        runs: 7,
        of: 15,
        answered: false,
    };
    assert_eq!(
        progress_line(p).text(Locale::En),
        "Simulating: 7 of at most 15 runs"
    );
    assert_eq!(
        progress_line(p).text(Locale::De),
        "Simuliere: 7 von höchstens 15 Läufen"
    );
    let found = Progress {
        answered: true,
        ..p
    };
    assert!(
        progress_line(found).text(Locale::En).ends_with(
            "a configuration that meets the target is found, now looking for smaller ones"
        )
    );
    assert_eq!(
        progress_line(Progress::default()).text(Locale::En),
        "Sent to the simulation…"
    );
}

#[test]
fn the_scenario_as_application_properties() {
    let mut s = State::default();
    let text = properties_text(&s.setup);
    assert!(text.contains("spring.threads.virtual.enabled="), "{text}");
    let threads = vec![("server.threads_max".to_string(), "64".to_string())];
    s.reduce(Action::Yours(YoursAction::Apply(threads)));
    let text = properties_text(&s.setup);
    if properties_mode(&s.setup) == Mode::Platform {
        assert!(text.contains("server.tomcat.threads.max=64"), "{text}");
    }
    assert!(properties_intro(&s.setup, Locale::En).contains("application.properties"));
}
