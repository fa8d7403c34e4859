//! The page's words in three languages (English, German and Chinese: the
//! source articles' languages), one catalogue per language in
//! `i18n/catalogue/<lang>/*.json`, and numbers written the way each language writes
//! them.
//!
//! A language's catalogue is split by area into files (`AREAS`: the
//! form's fields and groups; the lessons, their guide and the replay;
//! the page's chrome; the charts; the diagnosis
//! and the fidelity report; the scenario's validation messages; the
//! presets and the load tools' words), so that each area's words sit
//! beside each other; a key lives in exactly one file (tested).
//!
//! A catalogue is a flat JSON object from a dotted key to a text; a text
//! names its parameters as `{$name}` (a form that code such as
//! `sync{io:50ms}` never takes). Every key exists in every catalogue with
//! the same parameters (tested). Code names its keys through the constants
//! of [`keys`] (a typo does not compile; a test holds the constants and the
//! files to each other); data (the lessons, the schema's fields) builds its
//! keys from its own ids, and its own tests check them.
//!
//! A lookup never fails: a key missing in one language falls back to
//! English, then to the key itself, so a page never goes blank.
//!
//! This module uses nothing else of the crate: every layer may use it.

// Natively the ui is not compiled, and much of this is used only by it:
// the wasm32 build is the judge of dead code here.
#![cfg_attr(not(target_arch = "wasm32"), allow(dead_code, unused_imports))]

pub mod keys;
mod phrase;

pub use phrase::{Part, Phrase, nan_as_null};

use std::collections::BTreeMap;
use std::sync::OnceLock;

/// A language of the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Locale {
    /// English (the default, and the fallback for a missing text).
    En,
    /// German.
    De,
    /// Chinese (simplified).
    Zh,
}

/// The areas a language's catalogue is split into, as its files are
/// named.
pub(crate) const AREAS: [&str; 7] = [
    "form", "lessons", "ui", "chart", "report", "errors", "presets",
];

/// The catalogue files of one language, in [`AREAS`] order.
macro_rules! area_files {
    ($lang:literal) => {
        [
            include_str!(concat!("i18n/catalogue/", $lang, "/form.json")),
            include_str!(concat!("i18n/catalogue/", $lang, "/lessons.json")),
            include_str!(concat!("i18n/catalogue/", $lang, "/ui.json")),
            include_str!(concat!("i18n/catalogue/", $lang, "/chart.json")),
            include_str!(concat!("i18n/catalogue/", $lang, "/report.json")),
            include_str!(concat!("i18n/catalogue/", $lang, "/errors.json")),
            include_str!(concat!("i18n/catalogue/", $lang, "/presets.json")),
        ]
    };
}

mod files;
pub(crate) use files::file_address;
// For app::share::tests's generated boot files (native tests only).
#[cfg(all(test, not(target_arch = "wasm32")))]
pub(crate) use files::fnv1a;

/// What the code knows of a language besides its catalogue: one entry per
/// [`Locale`], in [`Locale::ALL`] order. A new language is a variant of
/// [`Locale`], its entry here and in [`FILES`], and its catalogue files in
/// `src/i18n/catalogue/<code>/` (the page ships that folder whole).
struct Facts {
    /// Its code, as `lang=` and `<html lang>` write it.
    code: &'static str,
    /// Its name in its own language.
    own_name: &'static str,
    /// The separators of its numbers: (thousands, decimal).
    separators: (char, char),
}

const FACTS: [Facts; Locale::ALL.len()] = [
    Facts {
        code: "en",
        own_name: "English",
        separators: (',', '.'),
    },
    Facts {
        code: "de",
        own_name: "Deutsch",
        separators: ('.', ','),
    },
    Facts {
        code: "zh",
        own_name: "中文",
        separators: (',', '.'),
    },
];

/// Each language's catalogue files, in [`Locale::ALL`] order, then in
/// [`AREAS`] order, read while compiling. Kept apart from [`FACTS`], which
/// code indexes at run time: a constant indexed at run time is placed in
/// the program whole, and with the texts inside it every module carried
/// every language's catalogue (~0.5 MB of each WebAssembly module). Only
/// constant evaluation reads this table ([`FILE_VERSIONS`], [`SOURCES`]).
const FILES: [[&str; AREAS.len()]; Locale::ALL.len()] =
    [area_files!("en"), area_files!("de"), area_files!("zh")];

/// A version of each catalogue file (FNV-1a over its bytes, 64 bits), by
/// locale in [`Locale::ALL`] order, then by area, for [`file_address`].
/// Computed while compiling: the texts are read here, not kept in the
/// program (on the web, only English stays in the modules). Hashing every
/// catalogue byte passes rustc's step budget for constants once there are
/// four languages (a dry run with a fourth did not compile); the loop is
/// bounded by the files' length, so the lint's guard is not needed here.
#[allow(long_running_const_eval)]
const FILE_VERSIONS: [[u64; AREAS.len()]; Locale::ALL.len()] = {
    let mut out = [[0; AREAS.len()]; Locale::ALL.len()];
    let mut i = 0;
    while i < out.len() {
        out[i] = files::versions(FILES[i]);
        i += 1;
    }
    out
};

/// The catalogues built into this program, by locale in [`Locale::ALL`]
/// order, then by area: all of them natively (the CLI, the tests); on the
/// web English only, which every module needs (the fallback of a missing
/// text, the exports' words), while the other languages are files beside
/// the page (`i18n/<lang>/<area>.json`), fetched when the page first shows
/// that language and handed over with [`install`] (each would otherwise
/// add about 40 kB compressed to every module).
const SOURCES: [[&str; AREAS.len()]; Locale::ALL.len()] = {
    let mut out = [[""; AREAS.len()]; Locale::ALL.len()];
    let mut i = 0;
    while i < out.len() {
        if cfg!(not(target_arch = "wasm32")) || i == Locale::En.index() {
            out[i] = FILES[i];
        }
        i += 1;
    }
    out
};

impl Locale {
    /// Every locale, the default first.
    pub const ALL: [Locale; 3] = [Locale::En, Locale::De, Locale::Zh];

    /// Every locale but English (the source of every text): those a
    /// translation test reads.
    pub const TRANSLATED: [Locale; Locale::ALL.len() - 1] = {
        let mut out = [Locale::En; Locale::ALL.len() - 1];
        let mut i = 1;
        while i < Locale::ALL.len() {
            out[i - 1] = Locale::ALL[i];
            i += 1;
        }
        out
    };

    /// Its code, as `lang=` and `<html lang>` write it.
    pub const fn code(self) -> &'static str {
        FACTS[self.index()].code
    }

    /// The locale of a code (`en`, `de`, `zh`; a region such as `de-AT` or
    /// `zh-CN` reads as its language, case aside).
    pub(crate) fn named(code: &str) -> Option<Locale> {
        let lang = code.split(['-', '_']).next().unwrap_or("");
        Locale::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(lang))
    }

    /// Its name in its own language, for the language menu.
    pub(crate) const fn own_name(self) -> &'static str {
        FACTS[self.index()].own_name
    }

    /// Its place in [`Locale::ALL`] and in every table by locale.
    const fn index(self) -> usize {
        self as usize
    }

    /// The separators of its numbers: (thousands, decimal).
    const fn separators(self) -> (char, char) {
        FACTS[self.index()].separators
    }

    /// `x` with `decimals` digits after the decimal separator and its
    /// thousands grouped: en `12,773.5`, de `12.773,5`, zh `12,773.5`; `–`
    /// for a value that is not finite.
    pub(crate) fn number(self, x: f64, decimals: usize) -> String {
        if !x.is_finite() {
            return "–".into();
        }
        let (group, point) = self.separators();
        let s = format!("{:.*}", decimals, x.abs());
        let (int, frac) = s.split_once('.').unwrap_or((&s, ""));
        let mut out = String::new();
        let digits = int.len();
        for (i, c) in int.chars().enumerate() {
            if i > 0 && (digits - i) % 3 == 0 {
                out.push(group);
            }
            out.push(c);
        }
        if !frac.is_empty() {
            out.push(point);
            out.push_str(frac);
        }
        if x < 0.0 && s.chars().any(|c| c.is_ascii_digit() && c != '0') {
            out.insert(0, '-');
        }
        out
    }

    /// `x` with about three significant digits (whole numbers from 100 up):
    /// en `12,773`, `53.3`, `1.05`, `0.300`; de `12.773`, `53,3`.
    pub(crate) fn sig(self, x: f64) -> String {
        let a = x.abs();
        let decimals = if !x.is_finite() || a >= 100.0 || a == 0.0 {
            0
        } else if a >= 10.0 {
            1
        } else if a >= 1.0 {
            2
        } else {
            (2 - a.log10().floor() as i32).clamp(2, 6) as usize
        };
        self.number(x, decimals)
    }
}

// Every table by locale is indexed by the variant's number: `ALL` lists
// the variants in that order, English first.
const _: () = {
    let mut i = 0;
    while i < Locale::ALL.len() {
        assert!(Locale::ALL[i].index() == i);
        i += 1;
    }
};

impl Locale {
    /// [`Locale::sig`] without trailing zeros, for numbers in prose: `4`
    /// cores, `53.3` per second, `1.5`×, `0.2` ms (de `0,2`).
    pub(crate) fn short(self, x: f64) -> String {
        let s = self.sig(x);
        let (_, point) = self.separators();
        match s.split_once(point) {
            Some((int, frac)) => {
                let frac = frac.trim_end_matches('0');
                if frac.is_empty() {
                    int.to_string()
                } else {
                    format!("{int}{point}{frac}")
                }
            }
            None => s,
        }
    }
}

/// A value for a text's parameter.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// Words or code, inserted as they are.
    Text(String),
    /// A number, written with `Locale::short`.
    Number(f64),
    /// A number with this many decimals, written with `Locale::number`.
    Fixed(f64, usize),
}

impl Arg {
    fn render(&self, locale: Locale) -> String {
        match self {
            Arg::Text(t) => t.clone(),
            Arg::Number(x) => locale.short(*x),
            Arg::Fixed(x, d) => locale.number(*x, *d),
        }
    }
}

type Catalogue = BTreeMap<String, String>;

/// The catalogues, each parsed once when first asked for (a built-in file
/// that does not parse adds nothing: the catalogue test names the error),
/// or installed from fetched files.
static CATALOGUES: [OnceLock<Catalogue>; Locale::ALL.len()] =
    [const { OnceLock::new() }; Locale::ALL.len()];

/// `locale`'s catalogue, if it is built in or has been installed.
fn catalogue(locale: Locale) -> Option<&'static Catalogue> {
    let cell = &CATALOGUES[locale.index()];
    if let Some(c) = cell.get() {
        return Some(c);
    }
    let files = SOURCES[locale.index()];
    if files.iter().all(|f| f.is_empty()) {
        return None;
    }
    Some(cell.get_or_init(|| {
        let mut all = Catalogue::new();
        for file in files {
            all.extend(parse(file).unwrap_or_default());
        }
        all
    }))
}

/// Whether `locale`'s words are here (built in, or installed).
pub(crate) fn has(locale: Locale) -> bool {
    catalogue(locale).is_some()
}

/// Installs `locale`'s catalogue from the texts of its files, in [`AREAS`]
/// order (the files the page fetched). A catalogue already here stays as
/// it is; a file that is not a catalogue installs nothing and says which.
pub(crate) fn install(locale: Locale, files: &[String]) -> Result<(), String> {
    if files.len() != AREAS.len() {
        return Err(format!(
            "{} catalogue: {} files, expected {}",
            locale.code(),
            files.len(),
            AREAS.len()
        ));
    }
    let mut all = Catalogue::new();
    for (area, text) in AREAS.iter().zip(files) {
        let words = parse(text).map_err(|e| format!("i18n/{}/{area}.json: {e}", locale.code()))?;
        all.extend(words);
    }
    let _ = CATALOGUES[locale.index()].set(all);
    Ok(())
}

/// Parses a catalogue file's JSON: a flat object of strings.
pub(crate) fn parse(text: &str) -> Result<BTreeMap<String, String>, String> {
    serde_json::from_str(text).map_err(|e| e.to_string())
}

/// The source text of each of `locale`'s catalogue files, with its area
/// (for tests and tools).
#[cfg(test)]
pub(crate) fn sources(locale: Locale) -> impl Iterator<Item = (&'static str, &'static str)> {
    AREAS.into_iter().zip(SOURCES[locale.index()])
}

/// Every key of `locale`'s catalogue, sorted.
pub fn keys_of(locale: Locale) -> impl Iterator<Item = &'static str> {
    catalogue(locale)
        .into_iter()
        .flat_map(|c| c.keys())
        .map(String::as_str)
}

/// The text of `key` in `locale`, if that catalogue has it.
pub fn lookup(locale: Locale, key: &str) -> Option<&'static str> {
    catalogue(locale)?.get(key).map(String::as_str)
}

/// The text of `key` in `locale`, else in English (the one complete
/// catalogue, so a language that lacks a text still says something true).
pub(crate) fn lookup_or_english(locale: Locale, key: &str) -> Option<&'static str> {
    lookup(locale, key).or_else(|| lookup(Locale::En, key))
}

/// The text of `key` in `locale` (else in English, else the key itself)
/// with its parameters filled in; a parameter without a value stays as
/// written, so a missing one shows.
pub(crate) fn text(locale: Locale, key: &str, args: &[(&str, Arg)]) -> String {
    let raw = lookup_or_english(locale, key).unwrap_or(key);
    fill(raw, locale, args)
}

/// A part of a text (`pieces`): the catalogue's words, or code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    /// Words, their parameters filled in.
    Words(String),
    /// A parameter's value that is code: a setting's key, a value as typed,
    /// a link's own text. It is the same in every language, and the page
    /// sets it apart from the words.
    Code(String),
}

/// The text of `key` in `locale` as [`text`] fills it, cut where each
/// parameter named in `code` goes: its value is a [`Piece::Code`] (an
/// empty one is left out). Joined, the pieces are the text.
pub(crate) fn pieces(locale: Locale, key: &str, args: &[(&str, Arg)], code: &[&str]) -> Vec<Piece> {
    let raw = lookup_or_english(locale, key).unwrap_or(key);
    let mut out = Vec::new();
    let words = |from: &str, out: &mut Vec<Piece>| {
        let w = fill(from, locale, args);
        if !w.is_empty() {
            out.push(Piece::Words(w));
        }
    };
    let (mut from, mut at) = (0, 0);
    while let Some(open) = raw[at..].find("{$").map(|i| at + i) {
        let Some(close) = raw[open..].find('}').map(|i| open + i) else {
            break;
        };
        at = close + 1;
        let name = &raw[open + 2..close];
        let value = args.iter().find(|(n, _)| *n == name && code.contains(n));
        if let Some((_, a)) = value {
            words(&raw[from..open], &mut out);
            let c = a.render(locale);
            if !c.is_empty() {
                out.push(Piece::Code(c));
            }
            from = at;
        }
    }
    words(&raw[from..], &mut out);
    out
}

/// `raw` with each `{$name}` replaced by its argument.
pub(crate) fn fill(raw: &str, locale: Locale, args: &[(&str, Arg)]) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(at) = rest.find("{$") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        match after.find('}') {
            Some(end) if is_name(&after[..end]) => {
                let name = &after[..end];
                match args.iter().find(|(n, _)| *n == name) {
                    Some((_, a)) => out.push_str(&a.render(locale)),
                    None => out.push_str(&rest[at..at + 2 + end + 1]),
                }
                rest = &after[end + 1..];
            }
            _ => {
                out.push_str("{$");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

fn is_name(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The parameters a text names, sorted, each once.
pub fn placeholders(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("{$") {
        let after = &rest[at + 2..];
        match after.find('}') {
            Some(end) if is_name(&after[..end]) => {
                out.push(&after[..end]);
                rest = &after[end + 1..];
            }
            _ => rest = after,
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// For the tests of data that owns a key family: every key in `owned` has
/// a text in every language, the English one as given where the data holds
/// it, and every catalogue key under `prefixes` is in `owned` (`owner` says
/// what should have named it).
#[cfg(test)]
pub(crate) fn assert_family_owned(
    prefixes: &[&str],
    owned: &[(String, Option<&str>)],
    owner: &str,
) {
    for (key, english) in owned {
        for l in Locale::ALL {
            assert!(lookup(l, key).is_some(), "{key} has no {} text", l.code());
        }
        if let Some(english) = english {
            assert_eq!(lookup(Locale::En, key), Some(*english), "{key}");
        }
    }
    for l in Locale::ALL {
        for k in keys_of(l).filter(|k| prefixes.iter().any(|p| k.starts_with(p))) {
            assert!(
                owned.iter().any(|(q, _)| q == k),
                "{k} ({}) names no {owner}",
                l.code()
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page installs German and Chinese from fetched files: the real
    /// files install (and read as the built-in ones), a file that is not a
    /// catalogue is refused with its name, a wrong number of files too.
    #[test]
    fn fetched_catalogues_install_or_say_which_file_is_wrong() {
        let files: Vec<String> = sources(Locale::De).map(|(_, t)| t.to_string()).collect();
        assert_eq!(install(Locale::De, &files), Ok(()));
        assert!(has(Locale::De));
        assert_eq!(lookup(Locale::De, "page.settings"), Some("Einstellungen"));
        let mut broken = files.clone();
        broken[3] = "<html>404</html>".into();
        let e = install(Locale::Zh, &broken).unwrap_err();
        assert!(e.starts_with("i18n/zh/chart.json: "), "{e}");
        let e = install(Locale::Zh, &files[..2]).unwrap_err();
        assert!(e.contains("2 files, expected 7"), "{e}");
    }

    #[test]
    fn numbers_follow_the_locale() {
        assert_eq!(Locale::En.number(12773.5, 1), "12,773.5");
        assert_eq!(Locale::De.number(12773.5, 1), "12.773,5");
        assert_eq!(Locale::Zh.number(12773.5, 1), "12,773.5");
        assert_eq!(Locale::De.number(1877.2105, 0), "1.877");
        assert_eq!(Locale::En.number(999.96, 1), "1,000.0");
        assert_eq!(Locale::De.number(-1234567.0, 0), "-1.234.567");
        assert_eq!(Locale::En.number(-0.001, 1), "0.0");
        assert_eq!(Locale::En.number(f64::NAN, 1), "–");
        assert_eq!(Locale::De.sig(53.333), "53,3");
        assert_eq!(Locale::En.sig(0.3), "0.300");
        assert_eq!(Locale::En.sig(13333.3), "13,333");
        assert_eq!(Locale::De.sig(0.0532), "0,0532");
        assert_eq!(Locale::En.short(4.0), "4");
        assert_eq!(Locale::De.short(0.3), "0,3");
        assert_eq!(Locale::En.short(1.5), "1.5");
        assert_eq!(Locale::De.short(30000.0), "30.000");
        assert_eq!(Locale::En.short(105.0), "105");
    }

    #[test]
    fn parameters_are_filled_and_code_braces_kept() {
        let args = [("n", Arg::Number(2000.0)), ("p", Arg::Text("x".into()))];
        assert_eq!(
            fill("{$n} clients, sync{io:50ms}, {$p}, {$q}", Locale::De, &args),
            "2.000 clients, sync{io:50ms}, x, {$q}"
        );
        assert_eq!(fill("{$ n} {$", Locale::En, &args), "{$ n} {$");
        assert_eq!(placeholders("{$b} {$a} {$b} sync{x}"), ["a", "b"]);
    }

    /// The catalogue test: every catalogue parses; every key is
    /// in all three with the same parameters and a text that is not blank;
    /// every key code names has a text, and every text belongs to a key
    /// code names or to a family data owns (whose own tests check it).
    #[test]
    fn every_key_is_in_every_language_with_the_same_parameters() {
        for l in Locale::ALL {
            let mut owner: BTreeMap<String, &str> = BTreeMap::new();
            for (area, text) in sources(l) {
                let file = format!("src/i18n/catalogue/{}/{area}.json", l.code());
                let keys = parse(text).unwrap_or_else(|e| panic!("{file}: {e}"));
                for k in keys.into_keys() {
                    if let Some(first) = owner.insert(k.clone(), area) {
                        panic!("{file}: {k} is in {first}.json as well");
                    }
                }
            }
        }
        let en: Vec<&str> = keys_of(Locale::En).collect();
        assert!(en.len() > 100, "{} keys", en.len());
        for l in Locale::ALL {
            let mine: Vec<&str> = keys_of(l).collect();
            let missing: Vec<&&str> = en.iter().filter(|k| !mine.contains(k)).collect();
            let extra: Vec<&&str> = mine.iter().filter(|k| !en.contains(k)).collect();
            assert!(missing.is_empty(), "{} lacks {missing:?}", l.code());
            assert!(
                extra.is_empty(),
                "{} has keys English lacks: {extra:?}",
                l.code()
            );
            for k in &en {
                let text = lookup(l, k).unwrap();
                assert!(!text.trim().is_empty(), "{k} ({}) is blank", l.code());
                assert_eq!(
                    placeholders(text),
                    placeholders(lookup(Locale::En, k).unwrap()),
                    "{k}: {} names other parameters than en",
                    l.code()
                );
            }
        }
        for k in keys::all() {
            assert!(lookup(Locale::En, k.0).is_some(), "{} has no text", k.0);
        }
        for k in &en {
            let named = keys::all().any(|c| c.0 == *k);
            let family = keys::families().any(|f| k.starts_with(f));
            assert!(named || family, "{k}: no constant in i18n::keys names it");
        }
    }

    #[test]
    fn a_missing_text_falls_back_to_english_then_to_the_key() {
        assert_eq!(text(Locale::De, keys::GUIDE_NEXT.0, &[]), "Weiter");
        assert_eq!(text(Locale::Zh, "no.such.key", &[]), "no.such.key");
        let n = [("n", Arg::Fixed(3.0, 0)), ("total", Arg::Fixed(9.0, 0))];
        assert_eq!(
            keys::GUIDE_CHAPTER_OF.text(Locale::Zh, &n),
            "第 3 章，共 9 章"
        );
    }

    #[test]
    fn codes_name_locales() {
        assert_eq!(Locale::named("de-AT"), Some(Locale::De));
        assert_eq!(Locale::named("ZH_cn"), Some(Locale::Zh));
        assert_eq!(Locale::named("fr"), None);
        for l in Locale::ALL {
            assert_eq!(Locale::named(l.code()), Some(l));
        }
    }
}
