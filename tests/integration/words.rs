//! No words are hard-coded in the page's code: every text a
//! reader sees comes from the catalogues (`src/i18n/catalogue/<lang>/*.json`), so the
//! page reads whole in English, German and Chinese.
//!
//! The scan reads the page's layers (`src/ui`, `src/app`, `src/chart`)
//! outside their tests and finds string literals that are words: a letter
//! run, a space and another letter run (`"Copy link"`), a capitalised word
//! (`"Export"`), any non-ASCII letter (`"内存"`), or any literal that is a
//! text node of `html!` (`{"figure"}`). Placeholders (`{}`, `{name}`,
//! `{$n}`) are not words. Not words either: a literal given to an
//! attribute or call that the reader never sees as text (a class, an id, a
//! key name, a media query: [`MACHINE_CONTEXT`]), and the few literals in
//! [`NOT_WORDS`], each with its reason.

use std::fs;
use std::path::{Path, PathBuf};

/// What comes right before a literal that is not shown as text: html
/// attributes a reader does not read, and calls that take names, selectors
/// or formats. Matched against the code before the literal on its line,
/// spaces removed.
const MACHINE_CONTEXT: &[&str] = &[
    "class=",
    "class={",
    "classes!(",
    "id=",
    "id={",
    "key=",
    "key={",
    "type=",
    "name=",
    "role=",
    "rel=",
    "href=",
    "for=",
    "lang=",
    "inputmode=",
    "autocomplete=",
    "step=",
    "min=",
    "max=",
    "value=",
    "value={",
    "media=",
    "target=",
    "dir=",
    "kind=",
    "pattern=",
    "download=",
    "tabindex=",
    "get_element_by_id(",
    "query_selector(",
    "query_selector_all(",
    "set_attribute(",
    "remove_attribute(",
    "get_attribute(",
    "has_attribute(",
    "match_media(",
    "create_element(",
    "add_event_listener_with_callback(",
    "class_list().add(",
    "class_list().remove(",
    "class_list().toggle(",
    "set_property(",
    "get_item(",
    "set_item(",
    "remove_item(",
    "Key(",
    "field(",
    "get(",
    "starts_with(",
    "strip_prefix(",
    "ends_with(",
    "split(",
    "contains(",
    "expect(",
    "unwrap_or_else(",
    "debug_assert!(",
    "assert!(",
    "unreachable!(",
    "panic!(",
    "lookup(",
];

/// Literals that look like words but are names a reader does not read as
/// text (or reads as code in every language), with the reason.
const NOT_WORDS: &[(&str, &str)] = &[
    ("noopener noreferrer", "a link's rel value"),
    ("(prefers-color-scheme: dark)", "a media query"),
    ("(prefers-reduced-motion: reduce)", "a media query"),
    ("ArrowUp", "a KeyboardEvent.key name"),
    ("ArrowDown", "a KeyboardEvent.key name"),
    ("ArrowLeft", "a KeyboardEvent.key name"),
    ("ArrowRight", "a KeyboardEvent.key name"),
    ("Spacebar", "a KeyboardEvent.key name (old browsers)"),
    (
        "BroadcastChannel",
        "a global's name, looked up on the window",
    ),
    (
        "PageDown",
        "a KeyboardEvent.key name (a presentation clicker's)",
    ),
    (
        "PageUp",
        "a KeyboardEvent.key name (a presentation clicker's)",
    ),
    ("Escape", "a KeyboardEvent.key name"),
    ("Esc", "a KeyboardEvent.key name (old browsers)"),
    ("Home", "a KeyboardEvent.key name"),
    ("End", "a KeyboardEvent.key name"),
    ("Left", "a KeyboardEvent.key name (old browsers)"),
    ("Right", "a KeyboardEvent.key name (old browsers)"),
    ("Option::is_none", "a serde attribute's function"),
    ("Vec::is_empty", "a serde attribute's function"),
    (
        "ForkJoinPool",
        "the JDK's class name, as thread dumps show it",
    ),
    (
        "ForkJoinPool-1-worker-{}",
        "the JDK's carrier thread name, as thread dumps show it",
    ),
    ("Object.wait", "the JDK method a thread waits in, as code"),
    ("Setup", "the name of a type in a debug message"),
];

/// Literals shown to no reader as text, by file and the literal's start,
/// with the reason (for example a message for the developer of an
/// embedding page, in its console). One list per area of the catalogue,
/// so that work on each area keeps to its own lines.
const NOT_SHOWN_PAGE: &[(&str, &str, &str)] = &[
    (
        "src/app/share/embed.rs",
        "longer than any message",
        "why an embed ignores a message from its parent page: the embed drops such a message without a word (documented protocol; tests read the reason)",
    ),
    (
        "src/app/share/embed.rs",
        "not a JSON object",
        "why an embed ignores a message from its parent page: the embed drops such a message without a word (documented protocol; tests read the reason)",
    ),
    (
        "src/app/share/embed.rs",
        "no \"threadlab\"",
        "why an embed ignores a message from its parent page: the embed drops such a message without a word (documented protocol; tests read the reason)",
    ),
    (
        "src/app/share/embed.rs",
        "a theme message has",
        "why an embed ignores a message from its parent page: the embed drops such a message without a word (documented protocol; tests read the reason)",
    ),
    (
        "src/app/share/embed.rs",
        "theme: one of auto",
        "why an embed ignores a message from its parent page: the embed drops such a message without a word (documented protocol; tests read the reason)",
    ),
    (
        "src/app/share/embed.rs",
        "unknown type; an embed",
        "why an embed ignores a message from its parent page: the embed drops such a message without a word (documented protocol; tests read the reason)",
    ),
    (
        "src/app/share/embed.rs",
        "threadlab",
        "the `threadlab` field of the embed protocol's height message",
    ),
    (
        "src/app/share/embed.rs",
        "<iframe src=",
        "the snippet's HTML markup; its words (the title, the link) come from the catalogue",
    ),
    (
        "src/app/share/embed.rs",
        "border:0;max-width",
        "the snippet's HTML markup (style and attributes)",
    ),
    (
        "src/app/share/embed.rs",
        " data-autorun",
        "the facade's markup: an attribute embed-host.js reads",
    ),
    (
        "src/app/share/embed.rs",
        "{run}\" data-theme",
        "the facade's markup (attributes); its words come from the catalogue",
    ),
    (
        "src/app/share/embed.rs",
        "<ul class=\"threadlab-facade",
        "the facade's markup; the changes are the link's keys and values",
    ),
    (
        "src/app/share/embed.rs",
        "<li><code>",
        "the facade's markup around a changed key and its value",
    ),
    (
        "src/app/share/embed.rs",
        "<dl class=\"threadlab-facade",
        "the facade's markup; its words come from the catalogue",
    ),
    (
        "src/app/share/embed.rs",
        "<div data-mode=",
        "the facade's markup; its words come from the catalogue",
    ),
    (
        "src/app/share/facade.rs",
        "// Generated from the model",
        "the comment at the top of the generated www/embed-facts.js (test code)",
    ),
    (
        "src/app/share/export.rs",
        "# threadlab: {}",
        "the field names of an export file's source lines (files stay in one format, as the command line writes them)",
    ),
    (
        "src/app/share/export.rs",
        "threadlab {}; {}; seed {}; {}",
        "the CSV exports' source cell (files stay in one format, as the command line writes them)",
    ),
    (
        "src/app/share/export.rs",
        "-edited",
        "part of a downloaded file's name",
    ),
    (
        "src/app/share/export.rs",
        "threadlab run --scenario",
        "a command, as code (the JSON export's `command`)",
    ),
    (
        "src/app/share/export.rs",
        "# {} (threadlab run --scenario",
        "the text export's line naming a run, with its command as code (files stay in one format, as the command line writes them)",
    ),
    (
        "src/app/share/export.rs",
        "source",
        "a key of the JSON export",
    ),
    (
        "src/app/share/export.rs",
        "n<title>",
        "an exported SVG's metadata markup (title, desc, metadata elements)",
    ),
    (
        "src/app/lesson/progress.rs",
        "stored lesson progress",
        "a stored progress that does not read is dropped without a word (`.ok()`): the lesson starts over",
    ),
    (
        "src/app/lesson/progress.rs",
        "chapter: {} — no such chapter",
        "a stored progress that does not read is dropped without a word (`.ok()`): the lesson starts over",
    ),
    (
        "src/app/basis/modes.rs",
        "server mode: {word}",
        "a serde error of the page–worker protocol (a mode's code word); no reader sees it",
    ),
    (
        "src/app/replay.rs",
        "file I/O",
        "the engine's description of a wait, matched as an id (the replay's words come from the catalogue)",
    ),
    (
        "src/app/replay.rs",
        "a DB connection",
        "the engine's description of a wait, matched as an id",
    ),
    (
        "src/app/replay.rs",
        "an executor's permit",
        "the engine's description of a wait, matched as an id",
    ),
    (
        "src/ui/export.rs",
        "Title",
        "a PNG tEXt keyword (registered keyword names, read by tools)",
    ),
    (
        "src/ui/export.rs",
        "Description",
        "a PNG tEXt keyword (registered keyword names, read by tools)",
    ),
    (
        "src/ui/export.rs",
        "Source",
        "a PNG tEXt keyword (registered keyword names, read by tools)",
    ),
    (
        "src/ui/field.rs",
        "decimal",
        "an `inputmode` value (the scan reads `{ \"x\" }` in an attribute's `if` as text)",
    ),
    (
        "src/ui/field.rs",
        "text",
        "an `inputmode` value (the scan reads `{ \"x\" }` in an attribute's `if` as text)",
    ),
    (
        "src/ui/panic.rs",
        "threadlab {}",
        "the field names of the bug report the error panel copies, for the maintainers who read it",
    ),
    ("src/ui/replay.rs", "off", "an `aria-live` value"),
    ("src/ui/replay.rs", "polite", "an `aria-live` value"),
];
/// As [`NOT_SHOWN_PAGE`], for the charts' code.
const NOT_SHOWN_CHARTS: &[(&str, &str, &str)] = &[];
/// As [`NOT_SHOWN_PAGE`], for the report's code (diagnosis, fidelity).
const NOT_SHOWN_REPORT: &[(&str, &str, &str)] = &[
    (
        "src/ui/measured_panel.rs",
        "ok",
        "the class of a consistent Little's-law check (an `if` arm, read as a text node)",
    ),
    (
        "src/ui/measured_panel.rs",
        "bad",
        "the class of an inconsistent Little's-law check (an `if` arm, read as a text node)",
    ),
];

/// Whether `file`'s literal `lit` is in one of the `NOT_SHOWN_*` lists.
fn not_shown(file: &str, lit: &str) -> bool {
    [NOT_SHOWN_PAGE, NOT_SHOWN_CHARTS, NOT_SHOWN_REPORT]
        .iter()
        .flat_map(|l| l.iter())
        .any(|(f, start, _)| *f == file && lit.starts_with(start))
}

/// A test file: `tests.rs`, `tests_*.rs`, `*_tests.rs` or under `tests/`.
fn is_test_file(path: &Path) -> bool {
    let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    name == "tests"
        || name.starts_with("tests_")
        || name.ends_with("_tests")
        || path.components().any(|c| c.as_os_str() == "tests")
}

/// The string literals of a line with the code before each (no raw strings
/// in the page's layers; a literal never spans lines there, tested by the
/// odd-quote check in [`literals_of`]'s caller).
fn literals_of(line: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '\'' => {
                // A char literal ('"' or '\'') or a lifetime: skip it.
                if i + 2 < chars.len() && chars[i + 1] == '\\' {
                    i += 4;
                } else if i + 2 < chars.len() && chars[i + 2] == '\'' {
                    i += 3;
                } else {
                    i += 1;
                }
            }
            '/' if chars.get(i + 1) == Some(&'/') => break,
            '"' => {
                let before: String = chars[..i].iter().collect();
                let mut text = String::new();
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    if chars[i] == '\\' {
                        i += 1;
                    }
                    if let Some(c) = chars.get(i) {
                        text.push(*c);
                    }
                    i += 1;
                }
                out.push((before, text));
                i += 1;
            }
            _ => i += 1,
        }
    }
    out
}

/// `text` without its format placeholders (`{}`, `{:.1}`, `{name}`, `{$n}`).
fn without_placeholders(text: &str) -> String {
    let mut out = String::new();
    let mut depth = 0;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// Whether a literal reads as words.
fn is_words(text: &str, text_node: bool) -> bool {
    let t = without_placeholders(text);
    let letters = |w: &str| w.chars().filter(|c| c.is_alphabetic()).count();
    if t.chars().any(|c| c.is_alphabetic() && !c.is_ascii()) {
        return true;
    }
    if text_node && letters(&t) >= 2 {
        return true;
    }
    let words: Vec<&str> = t
        .split(|c: char| c.is_whitespace())
        .filter(|w| letters(w) >= 2)
        .collect();
    if words.len() >= 2 {
        return true;
    }
    let mut cs = t.trim_start().chars();
    matches!((cs.next(), cs.next(), cs.next()), (Some(a), Some(b), Some(c))
        if a.is_ascii_uppercase() && b.is_ascii_lowercase() && c.is_ascii_lowercase())
}

/// Whether the code before a literal gives it to an attribute or call that
/// does not show it.
fn is_machine_context(before: &str) -> bool {
    let compact: String = before.chars().filter(|c| !c.is_whitespace()).collect();
    MACHINE_CONTEXT.iter().any(|m| compact.ends_with(m))
        || compact.ends_with("#[serde(")
        || compact.contains("#[serde(")
}

/// Every literal of the page's layers that is words, as `file:line: text`.
fn hard_coded_words() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let layers = [
        "src/ui",
        "src/app",
        "src/chart",
        "src/ui.rs",
        "src/app.rs",
        "src/chart.rs",
    ];
    let mut files: Vec<PathBuf> = layers.into_iter().flat_map(super::helpers::files).collect();
    files.sort();
    let mut found = Vec::new();
    for file in files.iter().filter(|f| !is_test_file(f)) {
        let text = fs::read_to_string(file).unwrap();
        let rel = file.strip_prefix(root).unwrap().display().to_string();
        for (n, line) in text.lines().enumerate() {
            if line.contains("#[cfg(test)]") {
                break;
            }
            let code = line.trim_start();
            if code.starts_with("//") || code.starts_with("#[") {
                continue;
            }
            for (before, lit) in literals_of(line) {
                let compact: String = before.chars().filter(|c| !c.is_whitespace()).collect();
                let text_node = compact.ends_with('{') && !compact.ends_with("={");
                if is_machine_context(&before)
                    || not_shown(&rel, &lit)
                    || NOT_WORDS.iter().any(|(w, _)| *w == lit)
                    || !is_words(&lit, text_node)
                {
                    continue;
                }
                found.push(format!("{rel}:{}: {lit}", n + 1));
            }
        }
    }
    found
}

#[test]
fn the_scan_finds_words_and_passes_names() {
    assert!(is_words("Copy link", false));
    assert!(is_words("Export", false));
    assert!(is_words("内存", false));
    assert!(is_words("figure", true));
    assert!(is_words("{name}: {} successful req/s", false));
    assert!(!is_words("figure", false));
    assert!(!is_words("{}: {}", false));
    assert!(!is_words("chart-figure", false));
    assert!(!is_words("{:.1} ms", false));
    let lits = literals_of(r#"html! { <p class="muted">{"not given"}</p> } // "x y""#);
    assert_eq!(lits.len(), 2);
    assert!(is_machine_context(&lits[0].0));
    assert_eq!(lits[1].1, "not given");
    assert!(!is_machine_context(&lits[1].0));
}

#[test]
fn no_words_are_hard_coded_in_the_page() {
    let found = hard_coded_words();
    assert!(
        found.is_empty(),
        "{} literals are words: put them in src/i18n/catalogue/<lang>/*.json and name them \
         through i18n::keys (or, if a reader never sees one as text, say why in \
         tests/integration/words.rs):\n{}",
        found.len(),
        found.join("\n")
    );
}

/// The page's title before the wasm has loaded (index.html's `<title>`) is
/// the English catalogue's `page.title`, which the page sets in its own
/// language once it runs: one text, not two that drift apart.
#[test]
fn the_static_title_is_the_catalogues() {
    let html = fs::read_to_string("index.html").expect("index.html");
    let start = html.find("<title>").expect("a <title>") + "<title>".len();
    let end = html[start..].find("</title>").expect("</title>") + start;
    let en = fs::read_to_string("src/i18n/catalogue/en/ui.json").expect("en/ui.json");
    let catalogue: serde_json::Value = serde_json::from_str(&en).expect("JSON");
    assert_eq!(catalogue["page.title"].as_str(), Some(&html[start..end]));
}
