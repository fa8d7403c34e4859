//! "Your measurement" on the page: what is read and said of a pasted
//! output, the settings it puts on the form, and the comparison with the
//! run, in each language.

use std::rc::Rc;

use super::*;
use crate::app::page::state::Action;
use crate::app::page::yours::{Yours, YoursAction};
use crate::app::worker::protocol::{Message, Output};
use crate::i18n::Piece;
use crate::scenario::validate;

/// hey's output for `-n 400 -c 20`, with its command line above it.
fn hey_text() -> String {
    format!(
        "{}{}",
        include_str!("../../../../tests/samples/hey/slow-n400-c20.txt.cmd"),
        include_str!("../../../../tests/samples/hey/slow-n400-c20.txt")
    )
}

/// The page with `text` pasted and read.
fn pasted(text: &str) -> State {
    let mut s = State::default();
    s.reduce(Action::Yours(YoursAction::Text(text.into())));
    s.reduce(Action::Yours(YoursAction::Read));
    s
}

#[test]
fn a_hey_output_reads_with_its_figures_in_each_language() {
    let s = pasted(&hey_text());
    let m = s.yours.measurement().expect("hey reads");
    assert_eq!(read_as(m).text(Locale::En), "Read as hey output.");
    let en = figures(m, Locale::En);
    assert!(en.contains(&("Requests".into(), "400".into())), "{en:?}");
    assert!(en.contains(&("Rate".into(), "864.86/s".into())), "{en:?}");
    assert!(en.contains(&("Mean".into(), "22.2 ms".into())), "{en:?}");
    assert!(en.contains(&("p99".into(), "66.0 ms".into())), "{en:?}");
    let de = figures(m, Locale::De);
    assert!(
        de.contains(&("Anfragerate".into(), "864,86/s".into())),
        "{de:?}"
    );
    assert!(
        de.contains(&("Mittelwert".into(), "22,2 ms".into())),
        "{de:?}"
    );
    let zh = figures(m, Locale::Zh);
    assert!(zh.contains(&("请求数".into(), "400".into())), "{zh:?}");
}

#[test]
fn what_the_figures_count_is_said_with_the_tools_name() {
    let s = pasted(&hey_text());
    let m = s.yours.measurement().unwrap();
    let said: Vec<String> = counted(m).iter().map(|p| p.text(Locale::En)).collect();
    assert!(
        said.contains(&"hey's rate counts errors as well as responses.".into()),
        "{said:?}"
    );
    assert!(
        said.contains(&"hey's latencies leave errors (and time-outs) out.".into()),
        "{said:?}"
    );
    let de: Vec<String> = counted(m).iter().map(|p| p.text(Locale::De)).collect();
    assert!(
        de.iter().all(|t| t.contains("hey") && !t.contains("'s")),
        "{de:?}"
    );
}

#[test]
fn the_load_it_states_and_littles_law_on_its_numbers() {
    let s = pasted(&hey_text());
    let m = s.yours.measurement().unwrap();
    let load: Vec<String> = load(m).iter().map(|p| p.text(Locale::En)).collect();
    assert!(
        load.iter().any(|l| l.starts_with("20 concurrent clients")),
        "{load:?}"
    );
    assert!(load.contains(&"400 requests asked for".into()), "{load:?}");
    assert!(!lacks_concurrency(m));
    // 20 in flight at 864.86/s: 23.1 ms per request; hey printed 22.2 ms.
    let (said, consistent) = little(m);
    assert_eq!(consistent, Some(true));
    assert_eq!(
        said.text(Locale::En),
        "20 in flight at 864.86 per second means 23.1 ms per request; it printed a mean of 22.2 ms (4.0 % apart): consistent (within 5 %)."
    );
    assert!(
        said.text(Locale::De).contains("864,86"),
        "{}",
        said.text(Locale::De)
    );
}

#[test]
fn without_its_command_line_the_concurrency_is_asked_for() {
    let s = pasted(include_str!(
        "../../../../tests/samples/hey/slow-n400-c20.txt"
    ));
    let m = s.yours.measurement().unwrap();
    assert!(lacks_concurrency(m));
    assert_eq!(little(m).1, None, "no N: Little's law cannot be checked");
}

#[test]
fn a_bad_paste_is_one_line_and_the_text_stays() {
    let s = pasted("this is not a load test\nat all");
    assert!(s.yours.measurement().is_none());
    let line = s.yours.problem(Locale::En).expect("a problem");
    let text: String = (line.iter())
        .map(|p| match p {
            Piece::Words(w) | Piece::Code(w) => w.as_str(),
        })
        .collect();
    assert!(!text.contains('\n'), "{text}");
    assert!(text.contains("is not the output of a load tool"), "{text}");
    assert_eq!(&*s.yours.text, "this is not a load test\nat all");
    assert!(s.yours.settings().is_empty());
}

#[test]
fn its_load_settings_go_on_the_form_and_start_a_run() {
    let mut s = pasted(&hey_text());
    let settings = s.yours.settings();
    assert!(!in_use(&s.setup, &settings), "E2's load is not hey -c 20");
    let before = s.generation;
    s.reduce(Action::Yours(YoursAction::UseSettings));
    assert!(s.generation > before, "a new job");
    assert!(s.runnable(), "{:?}", s.errors);
    for (_, d) in s.setup.drafts() {
        let cfg = validate(&d).unwrap();
        assert_eq!(cfg.load.tool.name(), "hey");
    }
    let d = s.setup.draft_for(Mode::Virtual);
    assert_eq!(
        d.get("load.concurrency").and_then(Value::as_f64),
        Some(20.0)
    );
    assert_eq!(d.get("load.requests").and_then(Value::as_f64), Some(400.0));
    assert!(in_use(&s.setup, &settings));
    assert!(s.edited_keys.contains(&"load.concurrency".to_string()));
    // The text stays in the state; the link does not carry it.
    assert!(!crate::app::link::permalink::encode(&s.link()).contains("Summary"));
    assert_eq!(s.yours.measurement().map(|m| m.requests), Some(Some(400)));
}

#[test]
fn the_table_compares_each_figure_with_the_current_run() {
    let mut s = pasted(&hey_text());
    s.reduce(Action::Yours(YoursAction::UseSettings));
    assert!(tables(&s).iter().all(|t| t.rows.is_none()), "no run yet");
    let job = s.job();
    let mut messages = Vec::new();
    for (mode, draft) in s.setup.drafts() {
        let cfg = validate(&draft).unwrap();
        let report = crate::sim::run(&cfg);
        let run = RunView::from_report(mode, &report);
        messages.push(Message {
            generation: job.generation,
            output: Output::Single {
                run: Box::new(run),
                rows: Vec::new(),
            },
        });
    }
    s.reduce(Action::Workers(messages));
    let t = tables(&s);
    assert_eq!(t.len(), 2);
    for table in &t {
        let rows = table.rows.as_ref().expect("the run is in");
        let requests = rows.iter().find(|r| r.figure == "Requests").unwrap();
        assert_eq!(
            (requests.measured.as_str(), requests.simulated.as_str()),
            ("400", "400")
        );
        assert_eq!(requests.difference, "+0.0 %");
        let p99 = rows.iter().find(|r| r.figure == "p99").unwrap();
        assert!(p99.simulated.ends_with(" ms"), "{p99:?}");
        assert!(p99.difference.ends_with(" %"), "{p99:?}");
    }
    // A change of the scenario: its runs are not the table's until they come.
    s.reduce(Action::Edit {
        mode: None,
        key: "server.threads_max".into(),
        text: "50".into(),
    });
    assert!(tables(&s).iter().all(|t| t.rows.is_none()));
}

#[test]
fn differences_carry_their_sign_in_the_locales_numbers() {
    assert_eq!(difference_in(Locale::En, Some(-12.04)), "−12.0 %");
    assert_eq!(difference_in(Locale::De, Some(3.26)), "+3,3 %");
    assert_eq!(difference_in(Locale::En, None), "–");
    assert_eq!(difference_in(Locale::En, Some(f64::NAN)), "–");
    assert_eq!(value_in(Locale::De, Figure::Requests, 12000.0), "12.000");
}

#[test]
fn the_text_crosses_serde_and_the_read_does_not() {
    let s = pasted(&hey_text());
    let json = serde_json::to_string(&s.yours).unwrap();
    let back: Yours = serde_json::from_str(&json).unwrap();
    assert_eq!(back.text, s.yours.text);
    assert!(back.read.is_none());
    let _ = Rc::clone(&back.text);
}
