//! What a link cannot hold, natively: unknown versions, cuts, unknown keys
//! and bad values, hostile or huge text, trackers and repeats, each named
//! within the notice's bounds.

use super::{ignored_of, link_of};
use crate::app::link::permalink::{MAX_LINK_CHARS, MAX_NOTICE_LINES, encode};
use crate::app::link::view::View;
use crate::app::*;

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
