//! Permalinks over random input, natively: every valid state survives its
//! link, and no text or mix of real parts makes the decoder panic.

use super::meaning;
use crate::app::basis::chart_registry::ids as chart_ids;
use crate::app::lesson::{LessonLink, lessons};
use crate::app::link::permalink::{decode, encode};
use crate::app::link::view::Theme;
use crate::app::link::view::{LANGUAGES, View};
use crate::app::show::form;
use crate::app::*;
use crate::scenario::{FieldKind, presets, schema};
use proptest::prelude::*;

fn value_for(kind: FieldKind) -> BoxedStrategy<String> {
    match kind {
        FieldKind::Int { min, max } => (min..=max.min(min + 5000))
            .prop_map(|x| x.to_string())
            .boxed(),
        FieldKind::Float { min, max } => (0.0..1.0f64)
            .prop_map(move |f| format!("{}", min + f * (max.min(min + 1000.0) - min)))
            .boxed(),
        FieldKind::Choice(words) => proptest::sample::select(words.to_vec())
            .prop_map(str::to_string)
            .boxed(),
        FieldKind::Program => {
            proptest::sample::select(form::EXAMPLES.iter().map(|(_, p)| *p).collect::<Vec<_>>())
                .prop_map(str::to_string)
                .boxed()
        }
        FieldKind::Names => proptest::sample::select(vec!["", "a", "a, b"])
            .prop_map(str::to_string)
            .boxed(),
    }
}

fn edit_strategy() -> impl Strategy<Value = (Option<Mode>, String, String)> {
    let keys: Vec<&'static crate::scenario::FieldSpec> = schema()
        .iter()
        .filter(|f| !f.key.contains('*') && f.key != "server.mode")
        .collect();
    (
        prop_oneof![
            Just(None),
            Just(Some(Mode::Platform)),
            Just(Some(Mode::Virtual))
        ],
        proptest::sample::select(keys),
    )
        .prop_flat_map(|(mode, f)| {
            let text = prop_oneof![4 => value_for(f.kind), 1 => Just(String::new())];
            (Just(mode), Just(f.key.to_string()), text)
        })
}

/// No lesson, or any chapter of any lesson.
fn lesson_strategy() -> impl Strategy<Value = Option<LessonLink>> {
    let mut places = vec![None];
    for l in lessons() {
        places.extend((0..l.chapters.len()).map(|chapter| {
            Some(LessonLink {
                lesson: l.id.as_str(),
                chapter,
            })
        }));
    }
    proptest::sample::select(places)
}

fn view_strategy() -> impl Strategy<Value = View> {
    let keys: Vec<String> = schema()
        .iter()
        .filter(|f| !f.key.contains('*'))
        .map(|f| f.key.to_string())
        .collect();
    (
        proptest::sample::select(Theme::ALL.to_vec()),
        // Empty: no language chosen (the browser's).
        proptest::sample::select([&[""][..], &LANGUAGES[..]].concat()),
        proptest::sample::subsequence(chart_ids().collect::<Vec<_>>(), 0..4),
        any::<bool>(),
        proptest::sample::subsequence(keys.clone(), 0..3),
        proptest::sample::subsequence(keys, 0..2),
        // Presenter mode, and the speaker view.
        (any::<bool>(), any::<bool>()),
        lesson_strategy(),
        any::<bool>(),
        // The tool of an output the link does not carry, if any.
        proptest::sample::select(vec!["", "hey", "k6", "gatling"]),
        any::<bool>(),
    )
        .prop_map(
            |(
                theme,
                lang,
                charts,
                embed,
                controls,
                locked,
                modes,
                lesson,
                advanced,
                needs,
                run,
            )| {
                let (presenter, speaker) = modes;
                View {
                    theme,
                    lang: lang.to_string(),
                    charts: charts.into_iter().map(str::to_string).collect(),
                    embed,
                    run,
                    controls,
                    locked,
                    presenter,
                    speaker,
                    advanced,
                    measurement: String::new(),
                    needs: needs.to_string(),
                    lesson,
                    browser: None,
                }
            },
        )
}

fn state_strategy() -> impl Strategy<Value = State> {
    let names: Vec<Option<&'static str>> = presets()
        .iter()
        .map(|p| Some(p.name))
        .chain([None])
        .collect();
    (
        proptest::sample::select(names),
        proptest::sample::select(vec![Modes::Both, Modes::Platform, Modes::Virtual]),
        proptest::collection::vec(edit_strategy(), 0..6),
        view_strategy(),
    )
        .prop_map(|(preset, modes, edits, view)| {
            let mut s = match preset {
                Some(p) => State::with_preset(p),
                None => State::from(Setup::default()),
            };
            s.reduce(Action::SetModes(modes));
            for (mode, key, text) in edits {
                s.reduce(Action::Edit { mode, key, text });
            }
            s.reduce(Action::SetView(view));
            s
        })
        .prop_filter("a valid state", State::runnable)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_valid_state_survives_its_link(s in state_strategy()) {
        let q = encode(&s.link());
        let d = decode(&q);
        prop_assert!(d.ignored.is_empty(), "{}: {:?}", q, d.ignored);
        prop_assert_eq!(meaning(&d.link), meaning(&s.link()), "{}", q);
        // Written again, the link is the same.
        prop_assert_eq!(encode(&d.link), q);
    }

    #[test]
    fn no_text_makes_the_decoder_panic(q in ".{0,300}") {
        let d = decode(&q);
        // Whatever it opens is a state the page can show.
        let _ = State::of_link(d.link);
    }

    #[test]
    fn no_mix_of_real_parts_makes_the_decoder_panic(
        parts in proptest::collection::vec(
            prop_oneof![
                Just("v=1"), Just("v=2"), Just("preset=db-pool"), Just("preset="),
                Just("load.concurrency=10"), Just("load.concurrency=-1"), Just("virtual.seed=3"),
                Just("charts=memory,,"), Just("embed=1"), Just("controls=program"), Just("%"),
                Just("="), Just("&"), Just("theme="), Just("modes=virtual"), Just("lang=en"),
                Just("lang=zh-CN"), Just("lesson=virtual-threads"), Just("lesson=nope"),
                Just("chapter=2"), Just("chapter=pinning"), Just("chapter=99"), Just("chapter="),
            ],
            0..12,
        )
    ) {
        let d = decode(&parts.join("&"));
        let _ = State::of_link(d.link);
    }
}
