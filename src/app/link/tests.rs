//! Sharing, natively: permalinks (round trip over random valid states, a
//! pinned v=1 link, every kind of malformed or hostile link, the length
//! budget) and the view's chart ids. Exports and embeds are in
//! `app::share`'s tests.

use proptest::prelude::*;

use crate::app::basis::chart_registry::ids as chart_ids;
use crate::app::lesson::{LessonLink, lessons};
use crate::app::link::permalink::{
    MAX_LINK_CHARS, MAX_NOTICE_LINES, TYPICAL_LINK_BUDGET, decode, encode,
};
use crate::app::link::view::{LANGUAGES, View};
use crate::app::show::{charts, form};
use crate::app::worker::job;
use crate::app::*;
use crate::i18n::Locale;
use crate::scenario::{FieldKind, presets, schema, validate};

pub(crate) fn link_of(query: &str) -> Link {
    let d = decode(query);
    assert!(d.ignored.is_empty(), "{query}: {:?}", d.ignored);
    d.link
}

/// What a state means: the validated configuration of each mode it runs,
/// the text every field shows, the preset, the modes and the view.
fn meaning(link: &Link) -> String {
    let s = State::of_link(link.clone());
    let mut out = format!("{:?} {:?} {:?}\n", s.setup.preset, s.setup.modes, s.view);
    for (mode, draft) in s.setup.drafts() {
        out.push_str(&format!("{mode:?}: {:?}\n", validate(&draft)));
    }
    for f in schema() {
        for m in [None, Some(Mode::Platform), Some(Mode::Virtual)] {
            out.push_str(&format!(
                "{} {:?}\n",
                f.key,
                s.setup.text(m, f.key).unwrap_or_default()
            ));
        }
    }
    out
}

#[test]
fn the_default_state_is_an_empty_link_and_back() {
    let link = State::default().link();
    assert_eq!(encode(&link), "");
    let d = decode("");
    assert!(d.ignored.is_empty());
    assert_eq!(d.link, Link::default());
    assert_eq!(decode("?").link, Link::default());
}

#[test]
fn a_link_holds_only_what_differs_and_ends_with_its_version() {
    let mut s = State::default();
    s.reduce(Action::Edit {
        mode: None,
        key: "load.concurrency".into(),
        text: "400".into(),
    });
    s.reduce(Action::Edit {
        mode: Some(Mode::Virtual),
        key: "server.threads_max".into(),
        text: "50".into(),
    });
    let mut view = s.view.clone();
    view.theme = Theme::Dark;
    s.reduce(Action::SetView(view));
    let q = encode(&s.link());
    assert_eq!(
        q,
        "theme=dark&load.concurrency=400&virtual.server.threads_max=50&v=1"
    );
    assert_eq!(meaning(&link_of(&q)), meaning(&s.link()));
}

/// A v=1 link's meaning, pinned: if a preset's values or a default change,
/// this link would open a different scenario, and this test says so (then
/// the link format needs a new version or a translation of v=1).
#[test]
fn a_v1_link_keeps_its_meaning() {
    let q = "preset=e2-platform&modes=both&load.concurrency=400\
             &program=cpu:0.2ms,db:exp(5ms),io:50ms&db.pool_size=20\
             &virtual.server.carriers=8&seed=7&charts=sweep-throughput,memory&v=1";
    let d = decode(q);
    assert!(d.ignored.is_empty(), "{:?}", d.ignored);
    let s = State::of_link(d.link);
    assert!(s.runnable(), "{:?}", s.errors);
    let mut got = String::new();
    for (mode, draft) in s.setup.drafts() {
        got.push_str(&format!("{mode:?} draft: {}\n", draft.to_json()));
        got.push_str(&format!(
            "{mode:?} config: {:#?}\n",
            validate(&draft).unwrap()
        ));
    }
    got.push_str(&format!("view: {:?}\n", s.view));
    assert_golden(
        "tests/golden/permalink-v1.txt",
        &got,
        "the v=1 link now means something else; re-bless with UPDATE_GOLDEN=1 only if old links may change meaning",
    );
}

/// Holds `actual` to the file at `rel` (from the crate's root), which
/// `UPDATE_GOLDEN=1 cargo test` rewrites first; `why` says what a
/// difference means.
pub(crate) fn assert_golden(rel: &str, actual: &str, why: &str) {
    let path = format!("{}/{rel}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, actual).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(expected == actual, "{rel} differs: {why}");
}

#[test]
fn a_typical_edited_scenario_fits_the_length_budget() {
    let link = link_of(
        "preset=e3-sleep-platform&theme=dark&load.concurrency=800&server.threads_max=400\
         &db.pool_size=50&program=cpu:0.2ms,db:50ms,io:50ms,cpu:0.2ms&v=1",
    );
    let q = encode(&link);
    assert!(
        q.len() <= TYPICAL_LINK_BUDGET,
        "{} > {TYPICAL_LINK_BUDGET}: {q}",
        q.len()
    );
}

fn ignored_of(query: &str) -> (Link, Vec<String>) {
    let d = decode(query);
    let lines = d
        .ignored
        .iter()
        .map(|i| format!("{} — {}", i.what, i.why))
        .collect();
    (d.link, lines)
}

#[test]
fn an_unknown_version_opens_the_defaults_and_names_everything() {
    let (link, lines) = ignored_of("load.concurrency=400&theme=dark&v=2");
    assert_eq!(link, Link::default());
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].contains("load.concurrency=400, theme=dark"),
        "{lines:?}"
    );
    assert!(lines[0].contains("v=2 is unknown"), "{lines:?}");
}

#[test]
fn every_cut_of_a_link_keeps_what_it_kept_and_names_what_it_lost() {
    // A link without its version is read as this version (a
    // link cut short was once read as nothing). What a cut keeps whole is
    // kept; a parameter it cut into is named when it no longer reads, with
    // the line that says the link lost its end.
    let q = encode(&link_of(
        "preset=db-pool&theme=light&load.concurrency=300&program=cpu:1ms,db:20ms&v=1",
    ));
    let mut noticed = 0;
    for cut in 1..q.len() {
        let kept = &q[..cut];
        let (link, lines) = ignored_of(kept);
        let written = encode(&link);
        let parts: Vec<&str> = written.split('&').collect();
        let whole = kept.rsplit_once('&').map_or("", |(w, _)| w);
        for p in whole.split('&').filter(|p| !p.is_empty()) {
            assert!(parts.contains(&p), "cut at {cut}: {p} lost: {written}");
        }
        if !lines.is_empty() {
            noticed += 1;
            let last = lines.last().unwrap();
            assert!(last.starts_with("v=1 — missing"), "cut at {cut}: {lines:?}");
            assert!(last.contains("cut short"), "cut at {cut}: {lines:?}");
            assert_eq!(lines.len(), 2, "cut at {cut}: only the cut: {lines:?}");
        }
    }
    // Cut into a preset's or a theme's name, the link no longer reads.
    assert!(noticed > 10, "{noticed}");
    assert!(ignored_of(&q).1.is_empty());
}

#[test]
fn unknown_keys_and_bad_values_are_ignored_one_by_one() {
    let (link, lines) = ignored_of(
        "load.concurrency=0&nonsense=1&server.cores=4&theme=purple&charts=memory,pie\
         &lang=xx&embed=maybe&platform.no.key=3&preset=nope&server.mode=virtual&v=1",
    );
    let all = lines.join("\n");
    for needle in [
        "load.concurrency=0",
        "nonsense=1",
        "theme=purple",
        "charts=pie",
        "lang=xx",
        "embed=maybe — expected 1 or 0",
        "platform.no.key=3",
        "preset=nope — no such preset",
        "server.mode=virtual",
    ] {
        assert!(all.contains(needle), "{needle} not named in:\n{all}");
    }
    assert_eq!(lines.len(), 9, "{all}");
    // What could be read was.
    let s = State::of_link(link);
    assert_eq!(s.setup.text(None, "server.cores").as_deref(), Some("4"));
    // `memory`, one chart when v=1 was made, now names the chart of each mode.
    assert_eq!(s.view.charts, ["memory-platform", "memory-virtual"]);
    assert_eq!(s.setup.preset.as_deref(), Some("e2-platform"));
    assert!(s.runnable());
}

const VT: &str = "virtual-threads";

fn chapter_of(link: &Link) -> Option<(&'static str, usize)> {
    link.view.lesson.map(|l| (l.lesson, l.chapter))
}

#[test]
fn a_lessons_link_is_its_two_parameters_and_back() {
    let mut s = State::default();
    s.view.lesson = Some(LessonLink {
        lesson: VT,
        chapter: 0,
    });
    let q = encode(&s.link());
    assert_eq!(q, "lesson=virtual-threads&chapter=1");
    for q in [q.as_str(), "?lesson=virtual-threads&chapter=1"] {
        let link = link_of(q);
        assert_eq!(chapter_of(&link), Some((VT, 0)), "{q}");
        assert_eq!(link.setup, Link::default().setup, "{q}");
    }
    // Without a chapter it opens the first; a chapter's id reads as its
    // place and is written as its number.
    assert_eq!(
        chapter_of(&link_of("lesson=virtual-threads")),
        Some((VT, 0))
    );
    let by_id = link_of("chapter=pinning&lesson=virtual-threads");
    assert_eq!(chapter_of(&by_id), Some((VT, 3)));
    assert_eq!(encode(&by_id), "lesson=virtual-threads&chapter=4");
}

#[test]
fn a_lesson_in_an_edited_state_goes_last_before_the_version() {
    let mut s = State::with_preset("db-pool");
    s.reduce(Action::Edit {
        mode: None,
        key: "load.concurrency".into(),
        text: "300".into(),
    });
    let mut view = s.view.clone();
    view.lang = "zh".into();
    view.lesson = Some(LessonLink {
        lesson: VT,
        chapter: 4,
    });
    s.reduce(Action::SetView(view));
    let q = encode(&s.link());
    assert_eq!(
        q,
        "preset=db-pool&lang=zh&load.concurrency=300&lesson=virtual-threads&chapter=5&v=1"
    );
    let back = link_of(&q);
    assert_eq!(back, s.link());
    assert_eq!(back.view.locale(), Locale::Zh);
    // Cut right after the lesson, the link has lost only its version: read
    // as this version, whole and without a notice.
    let cut = &q[..q.len() - "&v=1".len()];
    let (link, lines) = ignored_of(cut);
    assert!(lines.is_empty(), "{lines:?}");
    assert_eq!(link, s.link(), "{cut}");
}

#[test]
fn a_lesson_or_chapter_that_names_nothing_is_ignored_with_its_reason() {
    for (q, reason) in [
        (
            "lesson=threads&chapter=1",
            "lesson=threads&chapter=1 — lesson: threads — unknown; one of virtual-threads",
        ),
        (
            "lesson=virtual-threads&chapter=10",
            "chapter: 10 — no such chapter in virtual-threads; 1–9 or one of pool-runs-out",
        ),
        ("chapter=2", "chapter=2 — chapter: 2 — needs a lesson=…"),
        (
            "theme=dark&lesson=virtual-threads&chapter=0&v=1",
            "chapter: 0 — no such chapter",
        ),
    ] {
        let (link, lines) = ignored_of(q);
        assert_eq!(lines.len(), 1, "{q}: {lines:?}");
        assert!(lines[0].contains(reason), "{q}: {lines:?}");
        assert!(!lines[0].contains('\n'), "{q}: {lines:?}");
        assert_eq!(link.view.lesson, None, "{q}");
    }
    // What else the link held is read.
    let (link, _) = ignored_of("theme=dark&lesson=virtual-threads&chapter=0&v=1");
    assert_eq!(link.view.theme, Theme::Dark);
}

#[test]
fn the_page_speaks_the_catalogues_languages_and_a_region_reads_as_its_language() {
    assert_eq!(LANGUAGES, ["en", "de", "zh"]);
    // No language chosen: the browser's (or English) is spoken, none written.
    assert_eq!(View::default().lang, "");
    assert_eq!(View::default().locale(), Locale::En);
    for (q, code, locale) in [
        ("lang=de&v=1", "de", Locale::De),
        ("lang=zh&v=1", "zh", Locale::Zh),
        ("lang=zh-CN&v=1", "zh", Locale::Zh),
        ("lang=DE-at&v=1", "de", Locale::De),
    ] {
        let link = link_of(q);
        assert_eq!(link.view.lang, code, "{q}");
        assert_eq!(link.view.locale(), locale, "{q}");
        assert_eq!(encode(&link), format!("lang={code}&v=1"), "{q}");
    }
    let (link, lines) = ignored_of("lang=fr&v=1");
    assert_eq!(link.view.lang, "", "not chosen: the browser's applies");
    assert_eq!(encode(&link), "");
    assert_eq!(lines, ["lang=fr — not available; one of en, de, zh"]);
}

#[test]
fn presenter_mode_is_a_flag_of_the_view_in_the_link() {
    let link = link_of("presenter=1&lesson=virtual-threads&chapter=3&v=1");
    assert!(link.view.presenter);
    assert_eq!(chapter_of(&link), Some((VT, 2)));
    assert_eq!(
        encode(&link),
        "presenter=1&lesson=virtual-threads&chapter=3&v=1"
    );
    let (link, lines) = ignored_of("presenter=yes&v=1");
    assert!(!link.view.presenter);
    assert_eq!(lines, ["presenter=yes — expected 1 or 0"]);
}

#[test]
fn settings_that_only_fail_together_are_ignored_together() {
    // The base must stay below the heap: each value alone is fine.
    let (link, lines) = ignored_of("memory.heap_mb=300&memory.base_mb=400&v=1");
    assert!(
        lines.iter().any(|l| l.contains("memory.base_mb=400")),
        "{lines:?}"
    );
    assert!(State::of_link(link).runnable());
}

#[test]
fn a_100_kb_link_is_not_even_parsed() {
    let q = format!("load.concurrency={}&v=1", "9".repeat(100 * 1024));
    let (link, lines) = ignored_of(&q);
    assert_eq!(link, Link::default());
    assert!(q.len() > MAX_LINK_CHARS);
    assert_eq!(lines.len(), 1);
    assert!(lines[0].contains("102,"), "{lines:?}");
    let many = format!("{}v=1", "a=1&".repeat(500));
    assert_eq!(ignored_of(&many).0, Link::default());
}

#[test]
fn trackers_are_dropped_and_repeats_named() {
    let (link, lines) =
        ignored_of("utm_source=news&load.concurrency=300&load.concurrency=5&fbclid=x&v=1");
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].contains("load.concurrency=5 — given twice"));
    assert_eq!(
        State::of_link(link)
            .setup
            .text(None, "load.concurrency")
            .as_deref(),
        Some("300")
    );
    assert!(ignored_of("utm_campaign=x").1.is_empty());
}

#[test]
fn hostile_text_is_shortened_and_its_control_characters_escaped() {
    let (_, lines) = ignored_of("%3Cscript%3Ealert(1)%3C%2Fscript%3E%0Aerror:%20fake=1&v=1");
    assert_eq!(lines.len(), 1);
    assert!(
        lines[0].starts_with("<script>alert(1)</script>\\nerror: fake=1"),
        "{lines:?}"
    );
    // 500 x's: the line quotes the first 60 characters and says how long
    // the text was.
    let (_, lines) = ignored_of(&format!("program={}&v=1", "x".repeat(500)));
    assert!(lines[0].contains("… (508 characters)"), "{lines:?}");
    let what = lines[0].split(" — ").next().unwrap();
    assert_eq!(
        what.matches('x').count(),
        60 - "program=".len(),
        "{lines:?}"
    );
    let (_, lines) = ignored_of("load.concurrency=%ZZ&seed=%FF&v=1");
    assert_eq!(lines.len(), 2, "{lines:?}");
    // A value the view's serde rejects is quoted in the reason too (found
    // by the permalink fuzz target: the reason carried the newline).
    let (_, lines) = ignored_of(&format!(
        "modes=bi%3E%0Aerror:%20fake{}&v=1",
        "y".repeat(3000)
    ));
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(!lines[0].contains('\n'), "{lines:?}");
    assert!(lines[0].contains("modes=bi>\\nerror: fake"), "{lines:?}");
    assert!(lines[0].chars().count() < 500, "{}", lines[0].len());
}

#[test]
fn a_link_of_an_unknown_version_lists_what_it_held_within_bounds() {
    // Found by the permalink fuzz target: eight names of control characters,
    // each escaped six times longer, made a notice line of 2,000 characters.
    let name = format!("c{}", "\u{10}".repeat(59));
    let q: Vec<String> = (0..12).map(|i| format!("{name}{i}=1")).collect();
    let (_, lines) = ignored_of(&format!("{}&v=9", q.join("&")));
    assert_eq!(lines.len(), 1, "{lines:?}");
    let what = lines[0].split(" — ").next().unwrap();
    assert!(
        what.chars().count() <= 600,
        "{} characters",
        what.chars().count()
    );
    assert!(what.starts_with("c\\u{10}"), "{what}");
    // Each name is cut by what it prints (its escapes counted): two fit,
    // and the rest are counted.
    assert_eq!(what.matches("… (63 characters)").count(), 2, "{what}");
    assert!(what.ends_with(" and 10 more"), "{what}");
    let (_, lines) = ignored_of("a=1&b=2&c=3&v=0");
    assert!(lines[0].starts_with("a=1, b=2, c=3 — "), "{lines:?}");
}

#[test]
fn an_empty_preset_is_your_own_scenario_and_an_empty_value_the_default() {
    let s = State::of_link(link_of("preset=&v=1"));
    assert_eq!(s.setup.preset, None);
    assert!(s.setup.shared.draft.leaves().is_empty());
    assert_eq!(encode(&s.link()), "preset=&v=1");
    // E2 sets the pool; an empty value takes it back to the default.
    let s = State::of_link(link_of("server.threads_max=&v=1"));
    assert_eq!(s.setup.shared.draft.get("server.threads_max"), None);
    assert_eq!(meaning(&link_of(&encode(&s.link()))), meaning(&s.link()));
}

#[test]
fn the_link_holds_only_scalars_and_lists_and_no_name_is_a_setting() {
    let link = Link::default();
    let setup = serde_json::to_value(&link.setup).unwrap();
    let view = serde_json::to_value(&link.view).unwrap();
    let mut names = Vec::new();
    for (k, v) in setup
        .as_object()
        .unwrap()
        .iter()
        .chain(view.as_object().unwrap())
    {
        if k == "shared" || k == "overrides" {
            continue;
        }
        assert!(!v.is_object(), "{k} is an object: a link cannot hold it");
        names.push(k.clone());
    }
    for n in &names {
        assert!(crate::scenario::field(n).is_none(), "{n} is also a setting");
        assert!(!schema().iter().any(|f| f.key.starts_with(&format!("{n}."))));
    }
    assert!(names.len() >= 8, "{names:?}");
}

/// E2 cut to 300 requests at 30 clients, simulated (with its sweep or
/// without), its outputs taken in as the page takes the worker's.
pub(crate) fn small_state(sweep: bool) -> State {
    let mut s = State::of_link(link_of("load.requests=300&load.concurrency=30&v=1"));
    let mut job = s.job();
    job.sweep = sweep;
    for m in job::run_blocking(&job) {
        s.reduce(Action::Worker(Box::new(m)));
    }
    s
}

#[test]
fn every_chart_of_the_page_has_an_id_the_view_knows() {
    let s = small_state(false);
    let ids: Vec<String> = charts::charts(&s)
        .into_iter()
        .map(|c| c.id.trim_start_matches("chart-").to_string())
        .collect();
    assert_eq!(
        ids,
        chart_ids().collect::<Vec<_>>(),
        "app::show::charts builds every chart of the registry, in its order"
    );
    // Menus name each chart by its heading once there is a run to draw.
    for (id, name) in charts::chart_names(&s) {
        assert!(name != id && !name.is_empty(), "{id}: {name}");
    }
    // Before a run too (a lesson holding its results back): each by the
    // title it will have, never by its bare id.
    let before = charts::chart_names(&State::default());
    assert_eq!(before.len(), chart_ids().count());
    for (id, name) in &before {
        assert!(name != id && !name.contains('{'), "{id}: {name}");
    }
    assert!(
        before.contains(&(
            "timeline-virtual",
            "Timeline: threads (virtual threads)".into()
        )),
        "{before:?}"
    );
    // An embed offers only charts its columns draw: a box for a column that
    // does not run would change nothing the reader sees.
    let mut one = State::default();
    one.setup.modes = crate::app::Modes::Virtual;
    let offered: Vec<&str> = charts::embed_chart_names(&one)
        .into_iter()
        .map(|(id, _)| id)
        .collect();
    assert!(
        offered.contains(&"timeline-virtual") && offered.contains(&"histogram"),
        "{offered:?}"
    );
    assert!(
        !offered.iter().any(|id| id.ends_with("-platform")),
        "{offered:?}"
    );
}

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
        any::<bool>(),
        lesson_strategy(),
        any::<bool>(),
    )
        .prop_map(
            |(theme, lang, charts, embed, controls, locked, presenter, lesson, advanced)| View {
                theme,
                lang: lang.to_string(),
                charts: charts.into_iter().map(str::to_string).collect(),
                embed,
                controls,
                locked,
                presenter,
                advanced,
                lesson,
                browser: None,
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

#[test]
fn an_interrupted_job_says_so_until_the_worker_speaks_or_the_scenario_changes() {
    let mut s = State::default();
    assert_eq!(s.interrupted(), None);
    s.reduce(Action::Interrupted("the worker panicked".into()));
    assert_eq!(s.interrupted(), Some("the worker panicked"));
    // Run again: the replaced worker's first output for the same job.
    s.reduce(Action::Worker(Box::new(Message {
        generation: s.generation,
        output: Output::Progress(Progress::default()),
    })));
    assert_eq!(s.interrupted(), None);
    // Interrupted again, then the scenario changes: a new job, a new chance.
    s.reduce(Action::Interrupted("stuck".into()));
    assert_eq!(s.interrupted(), Some("stuck"));
    s.reduce(Action::Edit {
        mode: None,
        key: "load.concurrency".into(),
        text: "30".into(),
    });
    assert_eq!(s.interrupted(), None);
}

#[test]
fn a_panic_message_fits_the_panel_on_one_line() {
    use crate::app::worker::supervise::{PANEL_MESSAGE_CHARS, one_line};
    assert_eq!(
        one_line("index out of bounds (at src/x.rs:3:5)"),
        "index out of bounds (at src/x.rs:3:5)"
    );
    assert_eq!(one_line("a\nb\tc\nd\ne"), "a / b c / d");
    let long = "é".repeat(PANEL_MESSAGE_CHARS + 1);
    let shown = one_line(&long);
    assert_eq!(shown.chars().count(), PANEL_MESSAGE_CHARS + 1);
    assert!(shown.ends_with("é…"));
}

#[test]
fn a_worker_that_cannot_load_is_retried_quietly_then_reported_once() {
    use crate::app::worker::supervise::{AfterDeath, MAX_FAILED_STARTS, after_death};
    // A worker that was ready dies in a job: always replaced, and said.
    assert_eq!(after_death(true, 0), AfterDeath::Replace);
    // One that never got ready: retried without a word until the limit.
    let deaths: Vec<AfterDeath> = (1..=MAX_FAILED_STARTS)
        .map(|n| after_death(false, n))
        .collect();
    assert_eq!(deaths.last(), Some(&AfterDeath::GiveUp));
    assert!(
        deaths[..deaths.len() - 1]
            .iter()
            .all(|d| *d == AfterDeath::Retry)
    );
    // A single failed download is retried.
    assert_eq!(after_death(false, 1), AfterDeath::Retry);
}

/// A link's bad value is named in the page's language: what is
/// wrong and allowed, numbers written the German way; and the settings
/// that only fail together list their problems in German too.
#[test]
fn a_links_bad_value_is_named_in_the_pages_language() {
    use crate::i18n::Locale;
    let d = decode("load.concurrency=0&server.cores=abc&v=1");
    let why: Vec<String> = d.ignored.iter().map(|i| i.why.text(Locale::De)).collect();
    assert_eq!(
        why,
        [
            "erwartet wird eine ganze Zahl von 1 bis 1.024",
            "außerhalb des zulässigen Bereichs: erwartet wird eine ganze Zahl von 1 bis 100.000",
        ],
        "{:?}",
        d.ignored
    );
    let d = decode("memory.heap_mb=300&memory.base_mb=400&v=1");
    let why = d.ignored[0].why.text(Locale::De);
    assert!(
        why.contains("muss unter memory.heap_mb (300 MB) liegen"),
        "{why}"
    );
    assert!(
        d.ignored[0].why.text(Locale::Zh).contains("必须小于"),
        "{:?}",
        d.ignored
    );
}

#[test]
fn a_language_chosen_while_its_words_load_keeps_a_theme_chosen_meanwhile() {
    // The language menu waits for the language's catalogue before it
    // switches; the visitor may pick a theme in that time.
    let mut s = State::default();
    let mut view = s.view.clone();
    view.theme = Theme::Dark;
    s.reduce(Action::SetView(view));
    s.reduce(Action::SetLanguage(Locale::De));
    assert_eq!(s.view.theme, Theme::Dark);
    assert_eq!(s.view.lang, "de");
    assert_eq!(encode(&s.link()), "lang=de&theme=dark&v=1");
}

#[test]
fn a_links_bad_words_are_named_in_the_catalogues_words_not_serdes() {
    // Serde's English leaked into German and Chinese notices.
    for l in Locale::ALL {
        let d = decode("theme=garbage&modes=sideways&v=1");
        let lines: Vec<String> = d.ignored.iter().map(|i| i.why.text(l)).collect();
        assert_eq!(lines.len(), 2, "{lines:?}");
        for line in &lines {
            for serde in ["unknown variant", "expected one of", "invalid type"] {
                assert!(!line.contains(serde), "{l:?}: {line}");
            }
        }
        assert!(
            lines[0].contains("theme") && lines[0].contains("garbage"),
            "{lines:?}"
        );
        assert!(lines[0].contains("auto, light, dark"), "{lines:?}");
        assert!(lines[1].contains("both, platform, virtual"), "{lines:?}");
    }
    let de = decode("theme=garbage&v=1").ignored[0].why.text(Locale::De);
    assert!(de.contains("keiner der Werte"), "{de}");
}

#[test]
fn an_empty_lang_or_theme_is_the_default_and_words_take_any_case() {
    let (link, lines) = ignored_of("lang=&theme=&v=1");
    assert!(lines.is_empty(), "{lines:?}");
    assert_eq!(link.view, View::default());
    let (link, lines) = ignored_of("theme=DARK&lang=DE&modes=Virtual&v=1");
    assert!(lines.is_empty(), "{lines:?}");
    assert_eq!(link.view.theme, crate::app::link::view::Theme::Dark);
    assert_eq!(link.view.lang, "de");
    assert_eq!(link.setup.modes, Modes::Virtual);
    // Written back in the page's own words.
    assert!(encode(&link).contains("theme=dark"), "{}", encode(&link));
}

#[test]
fn a_notice_is_bounded_by_its_count_of_lines() {
    let charts: Vec<String> = (0..300).map(|i| format!("c{i}")).collect();
    let q = format!("charts={}&v=1", charts.join(","));
    let (_, lines) = ignored_of(&q);
    assert_eq!(lines.len(), MAX_NOTICE_LINES, "{}", lines.len());
    assert!(
        lines.last().unwrap().starts_with("and 291 more"),
        "{lines:?}"
    );
}

#[test]
fn an_empty_server_mode_is_its_default_and_a_set_one_says_where_modes_go() {
    let (_, lines) = ignored_of("server.mode=&virtual.server.mode=&v=1");
    assert!(lines.is_empty(), "{lines:?}");
    let (_, lines) = ignored_of("server.mode=virtual&v=1");
    assert_eq!(lines.len(), 1);
    assert!(lines[0].contains("modes="), "{lines:?}");
    assert!(!lines[0].contains("unknown"), "{lines:?}");
}

#[test]
fn a_notice_lists_what_a_link_may_hold_instead_of_naming_the_readme() {
    let (_, lines) = ignored_of("preset=nope&nonsense=1&charts=pie&v=1");
    let all = lines.join("\n");
    for gone in ["README", "threadlab presets", "threadlab schema"] {
        assert!(!all.contains(gone), "{all}");
    }
    assert!(all.contains("e2-platform"), "the presets: {all}");
    assert!(
        all.contains("theme") && all.contains("lesson"),
        "the names: {all}"
    );
    assert!(all.contains("sweep-throughput"), "the charts: {all}");
}

#[test]
fn a_notices_link_syntax_is_set_apart_from_its_words() {
    // The names and values a link may hold are the same in every language
    // (tests/e2e/words.spec.mjs found `cpu-bound`, `presenter` and `theme`
    // in a German notice's words): they are pieces of code, the words are
    // the catalogue's, and together they are the line as said.
    use crate::i18n::Piece;
    let d = decode("preset=nope&nonsense=1&theme=garbage&v=1");
    assert_eq!(d.ignored.len(), 3, "{:?}", d.ignored);
    for l in Locale::ALL {
        let (mut words, mut code) = (Vec::new(), Vec::new());
        for i in &d.ignored {
            let pieces = i.why.pieces(l);
            let joined: String = (pieces.iter())
                .map(|p| match p {
                    Piece::Words(w) | Piece::Code(w) => w.as_str(),
                })
                .collect();
            assert_eq!(joined, i.why.text(l), "{l:?}");
            for p in pieces {
                match p {
                    Piece::Words(w) => words.push(w),
                    Piece::Code(c) => code.push(c),
                }
            }
        }
        let (words, code) = (words.join("\n"), code.join("\n"));
        for syntax in ["cpu-bound", "presenter", "auto, light, dark", "garbage"] {
            assert!(code.contains(syntax), "{l:?}: {syntax} in {code}");
            assert!(!words.contains(syntax), "{l:?}: {syntax} in {words}");
        }
    }
}
