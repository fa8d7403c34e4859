//! The page's words in three languages (English, German and Chinese: the
//! source articles' languages), one catalogue per language in `i18n/*.json`,
//! and numbers written the way each language writes them.
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

pub mod keys;

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

/// The catalogues' sources, by locale, in [`Locale::ALL`] order.
const SOURCES: [&str; 3] = [
    include_str!("i18n/en.json"),
    include_str!("i18n/de.json"),
    include_str!("i18n/zh.json"),
];

impl Locale {
    /// Every locale, the default first.
    pub const ALL: [Locale; 3] = [Locale::En, Locale::De, Locale::Zh];

    /// Its code, as `lang=` and `<html lang>` write it.
    pub const fn code(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::De => "de",
            Locale::Zh => "zh",
        }
    }

    /// The locale of a code (`en`, `de`, `zh`; a region such as `de-AT` or
    /// `zh-CN` reads as its language, case aside).
    pub fn named(code: &str) -> Option<Locale> {
        let lang = code.split(['-', '_']).next().unwrap_or("");
        Locale::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(lang))
    }

    /// Its name in its own language, for the language menu.
    pub fn own_name(self) -> &'static str {
        match self {
            Locale::En => "English",
            Locale::De => "Deutsch",
            Locale::Zh => "中文",
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    /// The separators of its numbers: (thousands, decimal).
    fn separators(self) -> (char, char) {
        match self {
            Locale::De => ('.', ','),
            Locale::En | Locale::Zh => (',', '.'),
        }
    }

    /// `x` with `decimals` digits after the decimal separator and its
    /// thousands grouped: en `12,773.5`, de `12.773,5`, zh `12,773.5`; `–`
    /// for a value that is not finite.
    pub fn number(self, x: f64, decimals: usize) -> String {
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
    pub fn sig(self, x: f64) -> String {
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

impl Locale {
    /// [`Locale::sig`] without trailing zeros, for numbers in prose: `4`
    /// cores, `53.3` per second, `1.5`×, `0.2` ms (de `0,2`).
    pub fn short(self, x: f64) -> String {
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
    /// A number, written with [`Locale::short`].
    Number(f64),
    /// A number with this many decimals, written with [`Locale::number`].
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

/// Every catalogue, parsed once (one that does not parse is empty: the
/// catalogue test names the error).
fn catalogues() -> &'static [Catalogue; 3] {
    static CATALOGUES: OnceLock<[Catalogue; 3]> = OnceLock::new();
    CATALOGUES.get_or_init(|| SOURCES.map(|s| parse(s).unwrap_or_default()))
}

/// Parses a catalogue's JSON: a flat object of strings.
pub fn parse(text: &str) -> Result<BTreeMap<String, String>, String> {
    serde_json::from_str(text).map_err(|e| e.to_string())
}

/// The source text of `locale`'s catalogue (for tests and tools).
pub fn source(locale: Locale) -> &'static str {
    SOURCES[locale.index()]
}

/// Every key of `locale`'s catalogue, sorted.
pub fn keys_of(locale: Locale) -> impl Iterator<Item = &'static str> {
    catalogues()[locale.index()].keys().map(String::as_str)
}

/// The text of `key` in `locale`, if that catalogue has it.
pub fn lookup(locale: Locale, key: &str) -> Option<&'static str> {
    catalogues()[locale.index()].get(key).map(String::as_str)
}

/// The text of `key` in `locale` (else in English, else the key itself)
/// with its parameters filled in; a parameter without a value stays as
/// written, so a missing one shows.
pub fn text(locale: Locale, key: &str, args: &[(&str, Arg)]) -> String {
    let raw = lookup(locale, key)
        .or_else(|| lookup(Locale::En, key))
        .unwrap_or(key);
    fill(raw, locale, args)
}

/// `raw` with each `{$name}` replaced by its argument.
pub fn fill(raw: &str, locale: Locale, args: &[(&str, Arg)]) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

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

    /// The catalogue test of issue 15: every catalogue parses; every key is
    /// in all three with the same parameters and a text that is not blank;
    /// every key code names has a text, and every text belongs to a key
    /// code names or to a family data owns (whose own tests check it).
    #[test]
    fn every_key_is_in_every_language_with_the_same_parameters() {
        for l in Locale::ALL {
            if let Err(e) = parse(source(l)) {
                panic!("src/i18n/{}.json: {e}", l.code());
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
        for k in keys::ALL {
            assert!(lookup(Locale::En, k.0).is_some(), "{} has no text", k.0);
        }
        for k in &en {
            let named = keys::ALL.iter().any(|c| c.0 == *k);
            let family = keys::FAMILIES.iter().any(|f| k.starts_with(f));
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
