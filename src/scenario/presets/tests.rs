//! The presets' own tests: the extra wait's shape, pairs, the menu, and their words in every language.
use super::*;
use crate::i18n::{keys_of, lookup};

/// E1's and E2's extra wait: the mean each is calibrated on, the shape
/// measured here (`measured::SLEEP_10MS_PLATFORM_US`).
#[test]
fn the_extra_wait_has_the_calibrated_mean_and_the_measured_shape() {
    use crate::scenario::measured::SLEEP_10MS_PLATFORM_US;
    use crate::sim::program::Op;
    let (min, p50, p99, mean) = SLEEP_10MS_PLATFORM_US;
    let floor_share = min / mean;
    let ratio = (p99 - min) / (p50 - min);
    for (program, calibrated_ms) in [(E2_PROGRAM, 3.15), (E1_PROGRAM, 7.8)] {
        let parsed = crate::scenario::parse_program(program).unwrap();
        let extra: Vec<_> = parsed
            .program
            .ops
            .iter()
            .filter_map(|op| match op {
                Op::Io(d) => d.lognormal_floor_p50_p99_ns().map(|q| (q, d.mean_ns())),
                _ => None,
            })
            .collect();
        assert_eq!(extra.len(), 1, "{program}");
        let ((floor, p50, p99), mean_ns) = extra[0];
        let close = |what: &str, got: f64, want: f64| {
            assert!(
                (got / want - 1.0).abs() < 0.005,
                "{program}: {what} {got} vs {want}"
            );
        };
        close("mean", mean_ns / 1e6, calibrated_ms);
        close("floor ÷ mean", floor / mean_ns, floor_share);
        close(
            "(p99 − floor) ÷ (p50 − floor)",
            (p99 - floor) / (p50 - floor),
            ratio,
        );
    }
}

#[test]
fn pairs_are_one_experiment_in_both_modes() {
    let mut paired = 0;
    for p in presets() {
        let Some(pair) = p.pair else { continue };
        let id = pair.id;
        let members = presets()
            .iter()
            .filter(|q| q.pair.is_some_and(|o| o.id == id))
            .count();
        assert_eq!(members, 2, "pair {id} has {members} presets");
        let q = p.partner().expect("a pair has a partner");
        assert_eq!(q.partner().map(|r| r.name), Some(p.name), "{id}");
        assert_eq!(q.experiment, p.experiment, "{id}");
        if p.experiment != "E4" {
            // E4 keeps Tomcat on platform threads; its sides are executors.
            assert_eq!(p.mode(), pair.side, "{id}: the side is the server mode");
        }
        paired += 1;
    }
    assert_eq!(paired, 16, "E1, E2, E2-repost, E3 (2) and E4 (3) pairs");
    assert!(preset("db-pool").unwrap().partner().is_none());
    assert_eq!(preset("e2-virtual").unwrap().mode(), Mode::Virtual);
}

#[test]
fn the_menu_has_one_entry_per_lesson_or_pair_lessons_first() {
    let entries: Vec<&Entry> = menu().iter().flat_map(|s| s.entries).collect();
    assert_eq!(menu()[0].title(Locale::En), "Lessons");
    for p in presets() {
        let loads =
            |e: &&&Entry| e.preset == p.name || p.partner().is_some_and(|q| q.name == e.preset);
        let n = entries.iter().filter(loads).count();
        assert_eq!(n, 1, "{} is loaded by {n} menu entries", p.name);
        assert!(menu_entry(p.name).is_some(), "{}", p.name);
    }
    let lessons = presets().iter().filter(|p| p.pair.is_none()).count();
    assert_eq!(
        entries.len(),
        lessons + 8,
        "an entry per lesson and 8 pairs"
    );
    for e in &entries {
        assert!(preset(e.preset).is_some(), "{}", e.preset);
        // A 1280 px laptop shows about 60 characters of the menu; a
        // Chinese character is as wide as two.
        for l in Locale::ALL {
            let title = e.title(l);
            let width: usize = title
                .chars()
                .map(|c| if c > '\u{2E80}' { 2 } else { 1 })
                .sum();
            assert!(width <= 52, "too long ({}): {title}", l.code());
        }
    }
    for s in menu().iter().skip(1) {
        let exp = preset(s.entries[0].preset).unwrap().experiment;
        assert!(exp.to_lowercase().starts_with(s.id), "{} holds {exp}", s.id);
        assert!(
            exp.starts_with(&s.title(Locale::De)),
            "{} holds {exp}",
            s.id
        );
    }
}

#[test]
fn a_pair_is_described_from_both_sides_once() {
    let e2 = preset("e2-virtual").unwrap().about(Locale::En);
    assert!(
        e2.starts_with("Thread.sleep(50) behind Tomcat's pool"),
        "{e2}"
    );
    assert!(e2.contains("spring.threads.virtual.enabled=true"), "{e2}");
    let e4 = preset("e4-platform-25").unwrap();
    assert_eq!(e4.about(Locale::En), e4.description(Locale::En));
    let zh = preset("e2-platform").unwrap().about(Locale::Zh);
    assert!(zh.contains("1 s。同一接口"), "{zh}");
}

/// Every key the presets and the menu file their words under.
fn data_keys() -> Vec<String> {
    let mut out: Vec<Phrase> = Vec::new();
    for p in presets() {
        out.extend([p.title_said(), p.description_said()]);
    }
    for s in menu() {
        out.extend(s.said());
        out.extend(s.entries.iter().map(Entry::title_said));
    }
    let mut keys: Vec<String> = out.into_iter().map(|p| p.key.into_owned()).collect();
    keys.sort();
    keys.dedup();
    keys
}

/// Every preset, menu entry and section has its words in
/// every language; no catalogue holds words that none of them says.
#[test]
fn every_preset_and_section_has_its_words_in_every_language_and_no_more() {
    let keys = data_keys();
    // A title and a description per preset (E4's five share one), a
    // title per menu entry, and two words per section.
    let entries: usize = menu().iter().map(|s| s.entries.len()).sum();
    assert_eq!(entries, 25);
    assert_eq!(
        keys.len(),
        2 * presets().len() - 5 + entries + 2 * menu().len()
    );
    for k in &keys {
        for l in Locale::ALL {
            let text = lookup(l, k).unwrap_or_default();
            assert!(!text.trim().is_empty(), "{k} has no {} text", l.code());
        }
    }
    for l in Locale::ALL {
        let family = |k: &&str| k.starts_with("preset.") || k.starts_with("preset-section.");
        for k in keys_of(l).filter(family) {
            assert!(
                keys.iter().any(|q| q == k),
                "{k} ({}): no preset, menu entry or section says it",
                l.code()
            );
        }
    }
}

/// The texts that are code and numbers only (an experiment's id, hey's
/// command line), the same in every language.
const CODE_ONLY: &[&str] = &[
    "preset-section.e1.title",
    "preset-section.e2.title",
    "preset-section.e3.title",
    "preset-section.e4.title",
];

/// A measured pair's menu entry is a readable name, the
/// source article and what it did ("Article E2: Thread.sleep(50),
/// 2,000 clients (hey)"), not the load tool's command line.
#[test]
fn a_measured_pairs_menu_entry_names_its_article_in_words() {
    let article = |l: Locale| match l {
        Locale::En => "Article",
        Locale::De => "Artikel",
        Locale::Zh => "文章",
    };
    for s in menu().iter().skip(1) {
        for e in s.entries {
            let exp = preset(e.preset).unwrap().experiment;
            for l in Locale::ALL {
                let name = e.title(l);
                // E2's reposted table is E2's too ("Article E2, reposted…").
                let start = format!("{} {}", article(l), &exp[..2]);
                assert!(name.starts_with(&start), "{}: {name}", l.code());
                for code in [" -c ", " -n ", "/delay/"] {
                    assert!(!name.contains(code), "{}: {name}", l.code());
                }
            }
        }
    }
    let e2 = menu_entry("e2-platform").unwrap().title(Locale::En);
    assert_eq!(e2, "Article E2: Thread.sleep(50), 2,000 clients (hey)");
}

/// German and Chinese say the presets in their own words (not a copy
/// of the English, but for code alone), with numbers in prose written
/// their way (de `1.000`), the code kept as code.
#[test]
fn german_and_chinese_are_translations_with_their_own_numbers() {
    for k in data_keys() {
        let en = lookup(Locale::En, &k).unwrap_or_default();
        for l in Locale::TRANSLATED {
            let text = lookup(l, &k).unwrap_or_default();
            let code = CODE_ONLY.contains(&k.as_str());
            assert_eq!(text == en, code, "{k} ({}): {text}", l.code());
            for code in [
                "hey -c 2000 -n 100000 /delay/50",
                "threads.max=100",
                "20000!",
            ] {
                assert_eq!(
                    en.contains(code),
                    text.contains(code),
                    "{k} ({}): {code}",
                    l.code()
                );
            }
        }
    }
    let de = preset("e1-platform").unwrap().title(Locale::De);
    assert!(de.starts_with("E1 · 2.000 Verbindungen"), "{de}");
    let zh = preset("e1-platform").unwrap().title(Locale::Zh);
    assert!(zh.starts_with("E1 · 2,000 个连接"), "{zh}");
    assert!(
        !lookup(Locale::De, "preset.db-pool.description")
            .unwrap_or_default()
            .contains("1,000"),
        "German groups thousands with a point"
    );
}

/// E4's six runs differ only in their concurrency and executor: each
/// title says its own concurrency, in every language.
#[test]
fn each_e4_title_says_its_concurrency() {
    for p in presets().iter().filter(|p| p.experiment == "E4") {
        let n = p
            .settings()
            .iter()
            .rev()
            .find(|(k, _)| *k == "load.concurrency")
            .unwrap()
            .1;
        for l in Locale::ALL {
            let title = p.title(l);
            assert!(title.contains(&format!(" {n} ")), "{}: {title}", p.name);
            assert_eq!(
                title.matches(" 25 ").count()
                    + title.matches(" 50 ").count()
                    + title.matches(" 100 ").count(),
                1,
                "{title}"
            );
        }
    }
}
