//! Every chart speaks the page's language: built for a German
//! or Chinese page, no chart says anything in English words (titles,
//! captions, axes, legends, placeholders, tooltips, the data table), and
//! its numbers are written as that language writes them.

use std::collections::BTreeMap;

use super::tests::{page_state, svg};
use super::*;
use crate::app::show::charts::{ChartView, charts};
use crate::app::{ChartKind, Mode, State};
use crate::i18n::{self, Locale};

/// The charts' catalogue (`i18n/<lang>/chart.json`) of `l`.
fn chart_texts(l: Locale) -> BTreeMap<String, String> {
    let (_, src) = i18n::sources(l).find(|(area, _)| *area == "chart").unwrap();
    i18n::parse(src).unwrap()
}

/// The pieces of the English chart texts that are English words only: a
/// text's words between its parameters, those with a word of four letters
/// or more that no German or Chinese chart text also uses (`Tomcat`,
/// `synchronized`, `maximum-pool-size` are the same in every language).
fn english_words() -> Vec<String> {
    let others: Vec<String> = Locale::TRANSLATED
        .into_iter()
        .flat_map(|l| chart_texts(l).into_values())
        .collect();
    let mut out: Vec<String> = chart_texts(Locale::En)
        .into_values()
        .flat_map(|t| {
            let mut pieces = Vec::new();
            let mut rest = t.as_str();
            while let Some(at) = rest.find("{$") {
                pieces.push(rest[..at].to_string());
                rest = rest[at..].split_once('}').map_or("", |(_, r)| r);
            }
            pieces.push(rest.to_string());
            pieces
        })
        .map(|p| p.trim_matches(|c: char| !c.is_alphanumeric()).to_string())
        .filter(|p| {
            p.split(|c: char| !c.is_ascii_alphabetic())
                .any(|w| w.len() >= 4)
        })
        .filter(|p| !others.iter().any(|o| o.contains(p.as_str())))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The page's state in `l`, with a run in which requests failed (so the
/// errors chart has causes to name).
fn state_in(l: Locale) -> State {
    let mut s = page_state();
    s.view.lang = l.code().to_string();
    s
}

/// A failing run beside the page's charts: its errors chart.
fn errors_chart(l: Locale) -> ChartSpec {
    let state = page_state();
    let run = state.results.singles.get(Mode::Platform).as_deref();
    let mut run = run.expect("a run").clone();
    run.failures = vec![
        ("client_timeout".into(), 12),
        ("connect_failed".into(), 2),
        ("connection_reset".into(), 1),
        ("out_of_memory".into(), 1),
        ("pool_timeout".into(), 3),
        ("task_rejected".into(), 4),
    ];
    ChartSpec::new(ChartKind::Errors(vec![std::rc::Rc::new(run)]), l)
}

/// The texts of an SVG, unescaped.
fn svg_texts(s: &str) -> Vec<String> {
    s.split("<text")
        .skip(1)
        .filter_map(|t| Some(t.split_once('>')?.1.split("</text>").next()?.to_string()))
        .map(|t| {
            (t.replace("&apos;", "'").replace("&quot;", "\""))
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&")
        })
        .collect()
}

/// Everything a reader reads on and around a chart: its title, its
/// caption, the words drawn, the placeholder when it has no data, the
/// tooltips at each point, and its data table.
fn words_of(title: &str, about: &str, spec: &ChartSpec) -> Vec<String> {
    let mut out = vec![title.to_string(), about.to_string()];
    let (drawn, _) = svg(|a| draw(a, &Style::default(), spec));
    out.extend(svg_texts(&drawn));
    let d = data(spec);
    let t = d.table();
    out.extend(t.headers.iter().cloned());
    out.extend(t.notes.iter().cloned());
    for row in &t.rows {
        out.push(row.label.clone());
        if let Some(tip) = tooltip(spec, row.x) {
            out.push(tip.title);
            out.extend(tip.lines);
        }
    }
    out
}

/// Every text of every chart of the page in `l`, with the chart's id.
fn page_words(l: Locale) -> Vec<(String, String)> {
    let views: Vec<ChartView> = charts(&state_in(l));
    let mut out: Vec<(String, String)> = Vec::new();
    for v in &views {
        // Empty: the placeholder a chart shows before its data arrives.
        let empty = empty_like(&v.spec);
        for text in words_of(&v.title, &v.about, &v.spec)
            .into_iter()
            .chain(words_of("", "", &empty))
        {
            out.push((v.id.clone(), text));
        }
    }
    let errors = errors_chart(l);
    for text in words_of("", "", &errors) {
        out.push(("chart-errors (failing)".into(), text));
    }
    out
}

/// The same chart without data (a sweep still running, a run not back).
fn empty_like(spec: &ChartSpec) -> ChartSpec {
    let kind = match &spec.kind {
        ChartKind::Sweep(d, m) => {
            let mut d = (**d).clone();
            d.curves.clear();
            ChartKind::Sweep(std::rc::Rc::new(d), *m)
        }
        ChartKind::Errors(_) => ChartKind::Errors(Vec::new()),
        ChartKind::OverTime(_, b, mk, m) => {
            ChartKind::OverTime(Vec::new(), b.clone(), mk.clone(), *m)
        }
        ChartKind::Histogram(_) => ChartKind::Histogram(Vec::new()),
        ChartKind::Connections(_) => ChartKind::Connections(Vec::new()),
        ChartKind::Calls(_) => ChartKind::Calls(Vec::new()),
        other => other.clone(),
    };
    ChartSpec::new(kind, spec.locale)
}

#[test]
fn no_chart_says_english_words_on_a_german_or_chinese_page() {
    let english = english_words();
    assert!(
        english.len() > 100,
        "the English chart words: {}",
        english.len()
    );
    // The scan finds English where it is: the English page.
    let en = page_words(Locale::En);
    let found = |words: &[(String, String)]| {
        let mut hits: Vec<String> = Vec::new();
        for (id, text) in words {
            for w in english.iter().filter(|w| text.contains(w.as_str())) {
                hits.push(format!("{id}: {w:?} in {text:?}"));
            }
        }
        hits.sort();
        hits.dedup();
        hits
    };
    assert!(found(&en).len() > 50, "{}", found(&en).len());
    for l in Locale::TRANSLATED {
        let words = page_words(l);
        let hits = found(&words);
        assert!(hits.is_empty(), "{l:?}:\n{}", hits.join("\n"));
    }
}

#[test]
fn a_chart_in_another_language_has_other_words_and_the_same_numbers() {
    let en = charts(&state_in(Locale::En));
    for l in Locale::TRANSLATED {
        let other = charts(&state_in(l));
        assert_eq!(other.len(), en.len());
        for (a, b) in en.iter().zip(&other) {
            assert_eq!(a.id, b.id);
            assert_ne!(a.title, b.title, "{l:?}: {} keeps its English title", a.id);
            assert_ne!(
                a.about, b.about,
                "{l:?}: {} keeps its English caption",
                a.id
            );
            if l == Locale::Zh {
                let cjk = |t: &str| t.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
                assert!(cjk(&b.title), "{}: {}", b.id, b.title);
            }
            // The same series in the same order, with the same numbers.
            let (da, db) = (data(&a.spec), data(&b.spec));
            assert_eq!(da.series.len(), db.series.len(), "{}", a.id);
            for (sa, sb) in da.series.iter().zip(&db.series) {
                assert_eq!(sa.points, sb.points, "{}", a.id);
                assert_eq!(sa.unit, sb.unit, "{}", a.id);
            }
            assert_eq!(da.xs(), db.xs(), "{}", a.id);
        }
    }
}

#[test]
fn numbers_on_a_german_chart_are_written_the_german_way() {
    let de = charts(&state_in(Locale::De));
    let time = de.iter().find(|c| c.id == "chart-throughput-time").unwrap();
    let t = data(&time.spec).table();
    // Seconds with two decimals: `0,25`, never `0.25`.
    assert!(
        t.rows
            .iter()
            .all(|r| r.label.contains(',') && !r.label.contains('.'))
    );
    let sweep = de
        .iter()
        .find(|c| c.id == "chart-sweep-throughput")
        .unwrap();
    let d = data(&sweep.spec);
    let big = (d.series.iter().flat_map(|s| s.points.iter()))
        .map(|p| p.1)
        .find(|y| *y >= 1000.0)
        .expect("a figure of four digits");
    let cell = d.series[0].unit.format(Locale::De, big);
    assert!(cell.contains('.') && !cell.contains(','), "{cell}");
    assert!(
        d.table()
            .rows
            .iter()
            .flat_map(|r| &r.cells)
            .any(|c| *c == cell),
        "{cell} in the German table"
    );
}

/// A run of the default draft with `settings`, digested.
fn digest_of(settings: &[(&str, &str)]) -> (crate::sim::report::Report, crate::app::RunView) {
    let mut d = crate::scenario::Draft::new();
    for (k, v) in settings {
        d.set(k, v).unwrap();
    }
    let r = crate::sim::run(&crate::scenario::validate(&d).unwrap());
    let v = crate::app::RunView::from_report(Mode::Platform, &r);
    (r, v)
}

/// The memory chart's limits hit: in English, the report's own sentences
/// (the catalogue's English and the core's words stay the same); in German
/// and Chinese, other words with the same numbers.
#[test]
fn the_limits_hit_are_the_reports_sentences_in_english_and_translated_otherwise() {
    let runs = [
        // The OS's thread limit: Tomcat's poller dies starting a thread.
        vec![
            ("load.concurrency", "400"),
            ("load.requests", "1200"),
            ("server.threads_max", "200"),
            ("memory.max_threads", "125"),
            ("gc.collector", "none"),
            ("program", "io:100ms"),
        ],
        // -Xmx: OutOfMemoryError, the request fails.
        vec![
            ("load.concurrency", "300"),
            ("load.loops", "4"),
            ("load.think_ms", "100"),
            ("server.threads_max", "300"),
            ("server.min_spare", "300"),
            ("memory.heap_mb", "2048"),
            ("memory.request_kb", "8192"),
            ("gc.collector", "none"),
            ("program", "io:200ms"),
        ],
        // The container: the OOM killer.
        vec![
            ("load.kind", "open"),
            ("load.arrivals", "constant"),
            ("load.rate_rps", "2000"),
            ("load.duration_s", "4"),
            ("server.threads_max", "10000"),
            ("memory.container_mb", "512"),
            ("memory.heap_mb", "256"),
            ("memory.max_threads", "20000"),
            ("jvm.restart_s", "40"),
            ("gc.collector", "none"),
            ("program", "io:2s"),
        ],
    ];
    let english = english_words();
    let mut limits = Vec::new();
    for settings in runs {
        let (r, v) = digest_of(&settings);
        let report: Vec<String> = (r.memory.hits.iter())
            .map(|h| crate::summary::said::limit_hit(h, &r.memory).text(Locale::En))
            .collect();
        assert!(!report.is_empty(), "{settings:?} hits a limit");
        assert_eq!(v.memory.limits_hit(Locale::En), report);
        limits.extend(r.memory.hits.iter().map(|h| h.limit));
        for l in Locale::TRANSLATED {
            for line in v.memory.limits_hit(l) {
                let hits: Vec<&String> = english
                    .iter()
                    .filter(|w| line.contains(w.as_str()))
                    .collect();
                assert!(hits.is_empty(), "{l:?}: {hits:?} in {line}");
            }
        }
    }
    limits.sort_by_key(|l| l.to_string());
    limits.dedup();
    assert_eq!(limits.len(), 3, "every limit: {limits:?}");
}

/// A Chinese legend is measured as it is drawn (a character an em wide),
/// so its entries wrap instead of running into each other.
#[test]
fn chinese_words_are_measured_an_em_a_character() {
    let st = Style::default();
    assert!(st.text_width("平台线程", 1.0) as f64 >= 4.0 * st.font_px);
    assert!((st.text_width("abcd", 1.0) as f64) < 3.0 * st.font_px);
    let entry = |label: &str| legend::Entry::line(RGBAColor(0, 0, 0, 1.0), Dash::Solid, 2.0, label);
    let zh: Vec<_> = (0..6).map(|_| entry("等待载体线程的虚拟线程")).collect();
    // Eleven characters, six times: more than one row of 800 pixels.
    assert!(legend_rows(800, &st, &zh) > 1);
}

/// An axis label too long for its axis keeps its head before the colon
/// (the explanation after it is in the chart's line above), and failing
/// that is cut with an ellipsis: a narrow embed's German latency axis no
/// longer runs off the chart.
#[test]
fn a_long_axis_label_is_shortened_to_fit() {
    let st = Style::default();
    let de = "Latenz (ms): p50 durchgezogen, p99 gestrichelt";
    assert_eq!(st.fit_axis_desc(de, 0.9, 10_000), de);
    let room = st.text_width("Latenz (ms)", 0.9) + 2;
    assert!(st.text_width(de, 0.9) > room);
    assert_eq!(st.fit_axis_desc(de, 0.9, room), "Latenz (ms)");
    assert_eq!(
        st.fit_axis_desc("延迟（毫秒）：p50 实线", 0.9, 10_000),
        "延迟（毫秒）：p50 实线"
    );
    assert_eq!(
        st.fit_axis_desc(
            "延迟（毫秒）：p50 实线",
            0.9,
            st.text_width("延迟（毫秒）", 0.9)
        ),
        "延迟（毫秒）"
    );
    let cut = st.fit_axis_desc("Latenz (ms)", 0.9, st.text_width("Lat…", 0.9));
    assert_eq!(cut, "Lat…");
    for room in [0, 5, 40, 80] {
        let fitted = st.fit_axis_desc(de, 0.9, room);
        assert!(
            fitted.is_empty() || fitted == "…" || st.text_width(&fitted, 0.9) <= room,
            "{room}: {fitted}"
        );
    }
}
