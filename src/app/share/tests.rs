//! Exports and embeds, natively: the CSV, JSON, text, PNG and SVG exports
//! with their source, the embed's messages from its parent, its snippet and
//! summary, and the boot script's words for the page before its
//! WebAssembly arrives.

use crate::app::link::permalink::encode;
use crate::app::link::tests::{assert_golden, link_of, small_state};
use crate::app::link::view::Theme;
use crate::app::page::state::GuideAction;
use crate::app::run::plan;
use crate::app::share::facade::{self, EmbedTheme};
use crate::app::share::{embed, export};
use crate::app::worker::supervise;
use crate::app::*;
use crate::i18n::Locale;
use crate::scenario::{presets, validate};

/// A small job's state, simulated, and each mode's export as the worker
/// would make it.
fn simulated() -> (State, Vec<supervise::Export>) {
    let s = small_state(true);
    let job = s.job();
    let exports = job
        .modes
        .iter()
        .map(|m| {
            let draft = plan::single(&m.draft, m.mode);
            let report = crate::sim::run(&validate(&draft).unwrap());
            supervise::Export::of(job.generation, m.mode, draft, &report)
        })
        .collect();
    (s, exports)
}

fn source() -> export::Source {
    export::Source {
        scenario: "E2 (edited)".into(),
        seed: "1".into(),
        permalink: "http://127.0.0.1/?load.requests=300&v=1".into(),
    }
}

#[test]
fn csv_exports_name_their_source_and_have_a_row_per_point() {
    let (s, _) = simulated();
    let src = export::Source::of(&s, "http://x/?load.requests=300&v=1", Locale::En);
    assert!(src.scenario.ends_with("(edited)"), "{src:?}");
    assert_eq!(src.seed, "1");
    let from = format!(
        "threadlab {}; {}; seed 1; http://x/?load.requests=300&v=1",
        env!("CARGO_PKG_VERSION"),
        src.scenario
    );
    let csv = export::sweep_csv(&s, &src);
    let lines: Vec<&str> = csv.lines().collect();
    // The header first (no `#` line: spreadsheets and pandas read it as is),
    // the source in every row's last cell.
    assert_eq!(
        lines[0],
        "mode,concurrency,throughput_rps,goodput_rps,mean_ms,p50_ms,p99_ms,error_pct,stopped_at_budget,source"
    );
    let points: usize = s.results.sweep.iter().map(|(_, p)| p.len()).sum();
    assert!(points >= 40, "{points}");
    assert_eq!(lines.len(), 1 + points);
    let columns = lines[0].split(',').count();
    assert!(lines[1..].iter().all(|l| l.split(',').count() == columns));
    assert!(
        lines[1..].iter().all(|l| l.ends_with(&format!(",{from}"))),
        "{}",
        lines[1]
    );

    let csv = export::over_time_csv(&s, &src);
    let lines: Vec<&str> = csv.lines().collect();
    let buckets: usize = s
        .results
        .runs(s.setup.modes)
        .iter()
        .map(|r| r.series.t_s.len())
        .sum();
    assert!(buckets > 20);
    assert_eq!(lines.len(), 1 + buckets);
    assert!(
        lines[0].starts_with("mode,t_s,throughput_rps,") && lines[0].ends_with(",source"),
        "{}",
        lines[0]
    );
    assert!(lines[1].starts_with("platform,0,"), "{}", lines[1]);
    assert!(lines[1..].iter().all(|l| l.ends_with(&format!(",{from}"))));
}

#[test]
fn the_json_and_text_exports_hold_each_runs_report_and_source() {
    let (_, exports) = simulated();
    let json: serde_json::Value =
        serde_json::from_str(&export::reports_json(&source(), &exports)).unwrap();
    assert_eq!(
        json["source"]["permalink"],
        "http://127.0.0.1/?load.requests=300&v=1"
    );
    assert_eq!(json["runs"].as_array().unwrap().len(), 2);
    for (run, e) in json["runs"].as_array().unwrap().iter().zip(&exports) {
        let report: serde_json::Value = serde_json::from_str(&e.json).unwrap();
        assert_eq!(run["report"], report, "{:?}", e.mode);
        assert_eq!(run["mode"], crate::scenario::mode_word(e.mode));
    }
    // That each report is the command line's own for the same scenario is
    // tests/integration/cli.rs's (the app may not call the command line).
    let text = export::hey_text(&source(), &exports);
    assert!(text.starts_with("# threadlab: E2 (edited)\n# seed: 1\n# permalink: "));
    assert!(text.contains("Requests/sec:"));
}

#[test]
fn a_newline_in_a_source_cannot_start_a_data_row() {
    let mut src = source();
    src.permalink = "http://x/\nmode,1,2".into();
    assert_eq!(src.comment_lines().lines().count(), 3);
    assert!(!src.csv_cell().contains('\n'));
}

#[test]
fn png_and_svg_exports_carry_their_source() {
    // A 1×1 PNG (signature, IHDR, IDAT, IEND).
    let png: Vec<u8> = [
        &b"\x89PNG\r\n\x1a\n"[..],
        b"\0\0\0\x0dIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89",
        b"\0\0\0\x0dIDAT\x78\x9c\x63\xf8\x0f\x00\x00\x01\x01\x01\x00\x18\xdd\x8d\xb4",
        b"\0\0\0\0IEND\xae\x42\x60\x82",
    ]
    .concat();
    // The IHDR's CRC checks with this crc32.
    assert_eq!(export::crc32(&png[12..29]).to_be_bytes(), png[29..33]);
    let tagged = export::png_with_text(&png, &[("Source", "http://x/?v=1")]).unwrap();
    assert_eq!(tagged.len(), png.len() + 12 + "Source\0http://x/?v=1".len());
    let chunk = &tagged[33..];
    assert_eq!(&chunk[4..8], b"tEXt");
    let n = u32::from_be_bytes(chunk[..4].try_into().unwrap()) as usize;
    assert_eq!(&chunk[8..8 + n], b"Source\0http://x/?v=1");
    assert_eq!(
        export::crc32(&chunk[4..8 + n]).to_be_bytes(),
        chunk[8 + n..12 + n]
    );
    assert!(tagged.ends_with(&png[33..]));
    assert!(export::png_with_text(b"GIF89a", &[]).is_none());

    let svg = export::svg_with_source(
        "<?xml version=\"1.0\"?>\n<svg width=\"10\" height=\"10\" xmlns=\"http://www.w3.org/2000/svg\">\n</svg>",
        &export::Source {
            scenario: "<b>&".into(),
            ..source()
        },
        "Memory",
    );
    assert!(svg.contains("<title>threadlab · Memory</title>"), "{svg}");
    assert!(
        svg.contains("&lt;b&gt;&amp;; seed 1; http://127.0.0.1/?load.requests=300&amp;v=1"),
        "{svg}"
    );
    assert!(svg.find("<title>").unwrap() > svg.find("<svg").unwrap());
}

#[test]
fn an_embed_takes_only_the_documented_theme_message() {
    use embed::{MessageShape, ParentMessage, parent_message};
    let shape = |keys: &[&str], threadlab: Option<f64>, kind: Option<&str>, theme: Option<&str>| {
        MessageShape {
            keys: keys.iter().map(|k| k.to_string()).collect(),
            threadlab,
            kind: kind.map(String::from),
            theme: theme.map(String::from),
        }
    };
    let all = ["threadlab", "type", "theme"];
    assert_eq!(
        parent_message(&shape(&all, Some(1.0), Some("theme"), Some("dark"))),
        Ok(ParentMessage::Theme(Theme::Dark))
    );
    // The keys in another order are the same object.
    assert_eq!(
        parent_message(&shape(
            &["theme", "threadlab", "type"],
            Some(1.0),
            Some("theme"),
            Some("light")
        )),
        Ok(ParentMessage::Theme(Theme::Light))
    );
    for bad in [
        MessageShape::default(),
        shape(&["type", "theme"], None, Some("theme"), Some("dark")),
        shape(&all, Some(2.0), Some("theme"), Some("dark")),
        shape(&all, Some(1.5), Some("theme"), Some("dark")),
        shape(&all, Some(1.0), Some("theme"), Some("<b>")),
        // A theme longer than MESSAGE_WORD_MAX is never read: None.
        shape(&all, Some(1.0), Some("theme"), None),
        shape(
            &["threadlab", "type", "theme", "extra"],
            Some(1.0),
            Some("theme"),
            Some("dark"),
        ),
        shape(
            &["threadlab", "type", "extra"],
            Some(1.0),
            Some("theme"),
            Some("dark"),
        ),
        shape(
            &["threadlab", "type", "height"],
            Some(1.0),
            Some("height"),
            None,
        ),
        shape(&["threadlab", "type"], Some(1.0), Some("run"), None),
    ] {
        assert!(parent_message(&bad).is_err(), "{bad:?}");
    }
    assert_eq!(
        embed::height_message(811.2),
        r#"{"height":812.0,"threadlab":1,"type":"height"}"#
    );
}

/// A snippet for `summary` with the given facts and theme, as the dialog
/// writes it.
fn snippet_of(full: &str, summary: &embed::Summary, facts: Option<&str>, l: Locale) -> String {
    embed::snippet(
        &embed::Snippet {
            base: "https://example.org/threadlab/",
            embed_query: "embed=1&v=1",
            full_query: full,
            summary,
            facts: facts.map(str::to_string),
            columns: vec![("platform", "Platform threads".into())],
            theme: EmbedTheme::Light,
            autorun: false,
            chapter: false,
        },
        l,
    )
}

#[test]
fn the_snippet_escapes_what_it_quotes() {
    let summary = embed::Summary {
        title: "a \"quoted\" <script>alert(1)</script> title".into(),
        about: "--> <b>".into(),
        changes: vec![("program".into(), "io:5ms,\"<x>\"".into())],
    };
    let s = snippet_of("", &summary, Some("e2-platform"), Locale::En);
    assert!(
        s.contains("data-src=\"https://example.org/threadlab/?embed=1&amp;v=1\""),
        "{s}"
    );
    assert!(s.contains("&quot;quoted&quot; &lt;script&gt;"), "{s}");
    assert!(!s.contains("<script>alert"), "{s}");
    assert!(!s.contains("<b>") && s.contains("--&gt; &lt;b&gt;"), "{s}");
    assert!(
        s.contains("<code>io:5ms,&quot;&lt;x&gt;&quot;</code>"),
        "{s}"
    );
    assert!(s.contains("href=\"https://example.org/threadlab/\""), "{s}");
    assert!(s.contains("<script src=\"https://example.org/threadlab/embed-host.js\" async>"));
    // No iframe until Run: nothing of the simulator loads with the post.
    assert!(!s.contains("<iframe"), "{s}");
}

/// The snippet's first line says which theme the embed has; only the
/// comment's own end is kept out of it.
#[test]
fn the_snippet_says_its_theme() {
    let summary = embed::Summary::of(&State::default().setup, Locale::En);
    for (t, word) in [
        (EmbedTheme::Light, "Light, whatever"),
        (EmbedTheme::Dark, "Dark, whatever"),
        (EmbedTheme::Match, "Match the page"),
    ] {
        let s = embed::snippet(
            &embed::Snippet {
                base: "./",
                embed_query: "embed=1&v=1",
                full_query: "",
                summary: &summary,
                facts: None,
                columns: Vec::new(),
                theme: t,
                autorun: true,
                chapter: false,
            },
            Locale::En,
        );
        let first = s.lines().next().unwrap();
        assert!(
            first.starts_with("<!-- threadlab embed. Theme: ") && first.contains(word),
            "{first}"
        );
        assert_eq!(first.matches("--").count(), 2, "{first}");
        assert!(s.contains(&format!("data-theme=\"{}\"", t.word())), "{s}");
        assert!(s.contains(" data-autorun "), "{s}");
        // No figures without the build's entry for them.
        assert!(!s.contains("threadlab-facade-figures"), "{s}");
    }
}

/// The facade's figures come from the build's entry of a preset as it is;
/// an edited scenario or a lesson's chapter has none.
#[test]
fn only_a_preset_as_it_is_has_build_figures() {
    let key = |q: &str| facade::facts_key(&State::of_link(link_of(q)));
    assert_eq!(
        key("preset=e2-platform&embed=1&v=1").as_deref(),
        Some("e2-platform")
    );
    assert_eq!(
        key("preset=e2-platform&theme=dark&charts=memory-platform&v=1").as_deref(),
        Some("e2-platform")
    );
    assert_eq!(key("preset=e2-platform&load.concurrency=300&v=1"), None);
    assert_eq!(key("lesson=virtual-threads&chapter=2&v=1"), None);
    let s = State::of_link(link_of("preset=e2-platform&v=1"));
    let (summary, facts, columns) = embed::facade_content(&s, false, Locale::De);
    assert_eq!(facts.as_deref(), Some("e2-platform"));
    assert_eq!(
        columns.iter().map(|c| c.0).collect::<Vec<_>>(),
        ["platform", "virtual"]
    );
    let code = snippet_of("", &summary, facts.as_deref(), Locale::De);
    assert!(code.contains("data-facts=\"e2-platform\""), "{code}");
    assert!(
        code.contains("<dd><span data-figure=\"goodput\"></span> erfolgreiche"),
        "{code}"
    );
    let mut chapter = State::of_link(link_of("lesson=virtual-threads&chapter=4&v=1"));
    let link = chapter.view.lesson.expect("a chapter's link");
    chapter.reduce(Action::Guide(GuideAction::Open { link, stored: None }));
    assert_eq!(facade::facts_key(&chapter), None);
    let (summary, facts, columns) = embed::facade_content(&chapter, true, Locale::En);
    assert!(facts.is_none() && columns.is_empty());
    assert!(
        summary.about.ends_with('?'),
        "the chapter's question: {}",
        summary.about
    );
}

/// Each preset run as an embed runs it (its full runs, no sweep), its
/// figures taken in as the page takes them.
fn finished_preset(name: &str) -> State {
    let mut s = State::of_link(link_of(&format!("preset={name}&embed=1&v=1")));
    let mut job = s.job();
    job.sweep = false;
    for m in crate::app::worker::job::run_blocking(&job) {
        s.reduce(Action::Workers(vec![m]));
    }
    s
}

/// `www/embed-facts.js` holds each preset's figures as its embed's summary
/// writes them after its run, in every language.
#[test]
fn the_facades_figures_are_the_models() {
    let states: Vec<State> = presets().iter().map(|p| finished_preset(p.name)).collect();
    for s in &states {
        let ran = facade::figures(s, Locale::En);
        assert_eq!(
            ran.len(),
            s.setup.modes.list().len(),
            "{:?}",
            s.setup.preset
        );
    }
    assert_golden(
        "www/embed-facts.js",
        &facade::facts_js(&states),
        "stale: UPDATE_GOLDEN=1 cargo test rewrites it",
    );
    // The pages with the cards a feed shows for a shared preset or
    // chapter (scripts/share-pages.mjs writes them into the build).
    let mut pages = Vec::new();
    for l in Locale::ALL {
        pages.extend(states.iter().filter_map(|s| facade::preset_card(s, l)));
        for lesson in crate::app::lesson::lessons() {
            pages.extend((0..lesson.chapters.len()).map(|n| facade::chapter_card(lesson, n, l)));
        }
    }
    assert_eq!(
        pages.len(),
        3 * (presets().len()
            + crate::app::lesson::lessons()
                .iter()
                .map(|l| l.chapters.len())
                .sum::<usize>())
    );
    let e2 = pages
        .iter()
        .find(|p| p.path == "share/de/e2-platform.html")
        .unwrap();
    assert!(
        e2.description
            .contains("Platform Threads: 1.867 erfolgreiche Requests/s, p99 1,08 s."),
        "{}",
        e2.description
    );
    let mut json = serde_json::to_string_pretty(&pages).unwrap();
    json.push('\n');
    assert_golden(
        "www/share-pages.json",
        &json,
        "stale: UPDATE_GOLDEN=1 cargo test rewrites it",
    );
}

/// The page with a preview card for what the page shows: a preset as it
/// is, or a chapter, in the page's language; none for an edited scenario.
#[test]
fn a_preset_as_it_is_and_a_chapter_have_a_card_page() {
    let page = |q: &str| facade::card_page(&State::of_link(link_of(q)));
    assert_eq!(
        page("preset=e2-platform&lang=zh&v=1").as_deref(),
        Some("share/zh/e2-platform.html")
    );
    assert_eq!(page("preset=e2-platform&load.concurrency=10&v=1"), None);
    let mut s = State::of_link(link_of("lesson=virtual-threads&chapter=4&v=1"));
    let link = s.view.lesson.expect("a chapter's link");
    s.reduce(Action::Guide(GuideAction::Open { link, stored: None }));
    assert_eq!(
        facade::card_page(&s).as_deref(),
        Some("share/en/virtual-threads-4.html")
    );
}

#[test]
fn an_embeds_summary_names_the_preset_and_what_changed() {
    let s = State::of_link(link_of("preset=db-pool&load.concurrency=300&v=1"));
    let sum = embed::Summary::of(&s.setup, Locale::En);
    assert!(sum.title.contains("connection pool"), "{}", sum.title);
    assert_eq!(sum.changes.len(), 1);
    assert_eq!(sum.changes[0].1, "300");
}

/// The preset's title and description in an embed's summary, and
/// its title in an export's caption, are in the page's language.
#[test]
fn an_embed_and_an_export_name_the_preset_in_the_pages_language() {
    let s = State::of_link(link_of("preset=e1-platform&lang=de&v=1"));
    let sum = embed::Summary::of(&s.setup, Locale::De);
    assert_eq!(
        sum.title,
        "E1 · 2.000 Verbindungen für 60 s · DB 50 ms + HTTP 50 ms · Plattform-Threads (200)"
    );
    assert!(
        sum.about
            .starts_with("Eine Abfrage und ein Downstream-Aufruf"),
        "{}",
        sum.about
    );
    let zh = embed::Summary::of(&s.setup, Locale::Zh);
    assert!(zh.about.contains("2,000 个连接"), "{}", zh.about);
    let src = export::Source::of(&s, "http://x/?v=1", Locale::Zh);
    assert!(src.scenario.starts_with("E1 · 2,000 个连接"), "{src:?}");
}

/// An embed's "Open … in the playground" goes to the page in
/// the embed's language, with its scenario, named in that language.
#[test]
fn an_embeds_link_back_keeps_the_pages_language() {
    let s = State::of_link(link_of(
        "preset=db-pool&load.concurrency=300&lang=de&theme=dark&v=1",
    ));
    let full = encode(&embed::scenario_page(&s));
    assert_eq!(
        full,
        "preset=db-pool&lang=de&theme=dark&load.concurrency=300&v=1"
    );
    let back = State::of_link(link_of(&full));
    assert_eq!((back.view.locale(), &back.setup), (Locale::De, &s.setup));
    let summary = embed::Summary::of(&s.setup, Locale::De);
    let code = snippet_of(&full, &summary, None, Locale::De);
    assert!(
        code.contains("<a href=\"https://example.org/threadlab/?preset=db-pool&amp;lang=de&amp;"),
        "{code}"
    );
    assert!(
        code.contains("Lektion · der Connection-Pool wird zum neuen Engpass"),
        "{code}"
    );
    // An English page's link stays as it was: English is the default.
    let en = State::of_link(link_of("preset=db-pool&v=1"));
    assert_eq!(encode(&embed::scenario_page(&en)), "preset=db-pool&v=1");
}

/// What `www/embed-presets.js` (English, inlined into index.html) and
/// `www/embed-presets-<lang>.js` (German and Chinese, fetched by the boot
/// script for a page in that language) hold: each preset's title and
/// description, and the boot script's own words, for the page before its
/// WebAssembly arrives.
fn embed_presets_js(l: Locale) -> String {
    let presets: serde_json::Map<String, serde_json::Value> = presets()
        .iter()
        .map(|p| {
            (
                p.name.to_string(),
                serde_json::json!([p.title(l), p.description(l)]),
            )
        })
        .collect();
    use crate::i18n::keys::ui;
    let word = |key: crate::i18n::keys::Key| crate::i18n::lookup(l, key.0).unwrap_or_default();
    // The English file, inlined into the page, names the other files'
    // versions: the boot script fetches `embed-presets-de.js?v=…`, so a
    // browser's copy from an older build is not reused.
    let versions: serde_json::Map<String, serde_json::Value> = match l {
        Locale::En => (Locale::ALL.into_iter().skip(1))
            .map(|o| {
                let text = embed_presets_js(o);
                let version = format!("{:016x}", crate::i18n::fnv1a(text.as_bytes()));
                (o.code().to_string(), version.into())
            })
            .collect(),
        _ => serde_json::Map::new(),
    };
    let data = serde_json::json!({
        "default": crate::scenario::default_preset().name,
        "presets": presets,
        "versions": versions,
        "words": {
            "run": word(ui::EMBED_RUN),
            "own": word(ui::PICKER_OWN),
            "loading": word(ui::BOOT_LOADING),
            "local": word(ui::EMBED_LOCAL),
            "starting": word(ui::BOOT_STARTING),
            "failed": word(ui::BOOT_FAILED),
        },
    });
    let how = match l {
        Locale::En => "Inlined into index.html.",
        _ => "Copied beside the page; the boot script loads it for this language.",
    };
    format!(
        "// Generated from src/scenario/presets.rs and src/i18n/catalogue/{code}/ (UPDATE_GOLDEN=1 cargo test\n\
         // rewrites it; app::share::tests checks it): each preset's title and description and\n\
         // the boot script's words, for the page before its WebAssembly arrives. {how}\n\
         window.THREADLAB_PRESETS = {data};\n",
        code = l.code()
    )
}

#[test]
fn the_boot_scripts_presets_are_the_presets() {
    for l in Locale::ALL {
        let name = match l {
            Locale::En => "embed-presets.js".to_string(),
            _ => format!("embed-presets-{}.js", l.code()),
        };
        let rel = format!("www/{name}");
        assert_golden(
            &rel,
            &embed_presets_js(l),
            "stale: UPDATE_GOLDEN=1 cargo test rewrites it",
        );
    }
}

#[test]
fn a_long_permalink_is_captioned_on_lines_that_fit() {
    let mut src = source();
    src.permalink = format!(
        "http://x/?{}v=1",
        "charts=sweep-throughput,memory&".repeat(20)
    );
    let lines = export::caption_lines(&src, "Memory", Locale::En);
    assert!(lines.len() > 3);
    assert!(lines[1..].iter().all(|l| l.chars().count() <= 180));
    assert_eq!(lines[1..].concat(), src.permalink);
}

#[test]
fn the_replications_csv_has_each_seed_and_each_modes_summary() {
    let (mut s, _) = simulated();
    // The replications come after the job's `Done`, as the worker posts them.
    let plan = crate::app::worker::job::Plan::of(&s.job());
    for m in crate::app::worker::job::replicas_blocking(&plan) {
        s.reduce(Action::Workers(vec![m]));
    }
    let src = export::Source::of(&s, "http://x/?load.requests=300&v=1", Locale::En);
    let csv = export::replications_csv(&s, &src);
    let lines: Vec<Vec<&str>> = csv.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(
        lines[0][..11],
        [
            "mode",
            "row",
            "seed",
            "outcome",
            "throughput_rps",
            "goodput_rps",
            "p50_ms",
            "p99_ms",
            "max_ms",
            "mean_ms",
            "coverage"
        ]
    );
    let modes = s.setup.modes.list();
    assert_eq!(modes.len(), 2, "the small state runs both modes");
    for &mode in modes {
        let word = crate::scenario::mode_word(mode);
        let rows: Vec<&Vec<&str>> = lines[1..].iter().filter(|l| l[0] == word).collect();
        let kinds: Vec<&str> = rows.iter().map(|l| l[1]).collect();
        let n = plan::PAGE_REPLICATIONS as usize;
        let mut expected = vec!["run"; n];
        expected.extend(["median", "min", "max", "median_lo", "median_hi"]);
        assert_eq!(kinds, expected, "{word}");
        // The seeds are the page's: the scenario's own first.
        let seeds: Vec<u64> = rows[..n].iter().map(|l| l[2].parse().unwrap()).collect();
        assert_eq!(
            seeds,
            crate::replicas::seeds(1, crate::replicas::Count::new(n as u64).unwrap())
        );
        assert!(rows[..n].iter().all(|l| l[3] == "completed"), "{rows:?}");
        // Each summary row is what its runs give, column by column (p99 here).
        let mut p99: Vec<f64> = rows[..n].iter().map(|l| l[7].parse().unwrap()).collect();
        p99.sort_by(f64::total_cmp);
        let at = |kind: &str| -> f64 {
            rows.iter().find(|l| l[1] == kind).unwrap()[7]
                .parse()
                .unwrap()
        };
        assert_eq!(at("median"), p99[n / 2]);
        assert_eq!((at("min"), at("max")), (p99[0], p99[n - 1]));
        // At 5 runs the interval for the median is min to max, 93.75 %.
        assert_eq!((at("median_lo"), at("median_hi")), (p99[0], p99[n - 1]));
        let coverage = rows.iter().find(|l| l[1] == "median_lo").unwrap()[10];
        assert_eq!(coverage, "0.9375");
        assert!(p99[0] < p99[n - 1], "the seeds differ in p99: {p99:?}");
    }
}
