//! The form, natively: which keys it shows, its sliders, provenance, the
//! modes' words, and a bad value worded in the page's language.

use super::edit;
use crate::app::basis::modes;
use crate::app::show::form::{self, Provenance};
use crate::app::*;
use crate::scenario::{Group, field, validate};

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
