//! A link's language, natively: the catalogues' languages, a language
//! chosen while its words load, and a link's notices in the page's
//! language with its syntax set apart.

use super::{ignored_of, link_of};
use crate::app::link::permalink::{decode, encode};
use crate::app::link::view::Theme;
use crate::app::link::view::{LANGUAGES, View};
use crate::app::*;
use crate::i18n::Locale;

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
