//! Number formatting for labels, tooltips, tables and form fields:
//! thousands separators and a sensible number of digits, the same on every
//! platform.

use serde_json::Value;

use crate::i18n::Locale;

/// Milliseconds in the friendliest unit, with `locale`'s numbers: en
/// `850 ms`, `1.05 s`, `0.12 ms`; de `1,05 s`.
pub(crate) fn ms_in(locale: Locale, x: f64) -> String {
    if x.is_finite() && x.abs() >= 1000.0 {
        format!("{} s", locale.sig(x / 1000.0))
    } else {
        format!("{} ms", locale.sig(x))
    }
}

/// Axis tick labels: compact (`2k`, `1.5M`) so they never overlap, and
/// one style along an axis (`5k`, `10k`, not `5000`, `10k`); with
/// `locale`'s decimal separator: de `1,5k`, `0,25`.
pub(crate) fn tick_in(locale: Locale, x: f64) -> String {
    let a = x.abs();
    if a >= 1e6 {
        format!("{}M", trim(locale, x / 1e6))
    } else if a >= 1e3 {
        format!("{}k", trim(locale, x / 1e3))
    } else if a >= 100.0 || a == 0.0 {
        format!("{x:.0}")
    } else {
        trim(locale, x)
    }
}

/// `x` (below 1,000: no thousands separator) with at most two decimals,
/// trailing zeros dropped.
fn trim(locale: Locale, x: f64) -> String {
    let s = locale.number(x, 2);
    let s = s.trim_end_matches('0').trim_end_matches(['.', ',']);
    s.to_string()
}

/// A draft's value as a form field shows it: words as they are, nothing for
/// `null`, whole numbers without a point (20000.0 reads as 20000).
pub(crate) fn field_text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        Value::Number(n) => match n.as_f64() {
            Some(x) if x.fract() == 0.0 && x.abs() < 1e15 => format!("{}", x as i64),
            _ => n.to_string(),
        },
        other => other.to_string(),
    }
}

/// How bad an error rate is, for its colour: none, a few, many, most.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Severity {
    /// No request failed.
    None,
    /// Under 1 %.
    Low,
    /// 1 % to under 10 %.
    High,
    /// 10 % or more.
    Severe,
}

impl Severity {
    /// The severity of `pct` failed requests.
    pub(crate) fn of_error_pct(pct: f64) -> Severity {
        match pct {
            p if p >= 10.0 => Severity::Severe,
            p if p >= 1.0 => Severity::High,
            p if p > 0.0 => Severity::Low,
            _ => Severity::None,
        }
    }

    /// The page's class for it.
    pub(crate) fn class(self) -> &'static str {
        match self {
            Severity::None => "sev-none",
            Severity::Low => "sev-low",
            Severity::High => "sev-high",
            Severity::Severe => "sev-severe",
        }
    }
}

/// An error rate for a card, with `l`'s digits: `0 %`, `0.3 %`, `48 %`.
pub(crate) fn error_pct_in(l: Locale, pct: f64) -> String {
    format!("{} %", l.sig(pct))
}

/// A part of a text: words, or a command-line flag (`-Xmx`,
/// `-Djdk.tracePinnedThreads=short`, `--timeout`) that the page sets as code
/// and never breaks across lines (a Chinese line may break between any two
/// characters, and a flag cut in two no longer reads as one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TextPart<'a> {
    /// Words.
    Words(&'a str),
    /// A flag.
    Flag(&'a str),
}

/// Whether `c` may be part of a flag after its dashes.
fn in_flag(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | ':' | '+' | '=' | '/' | '-')
}

/// `text` cut into words and flags. A flag is one or two `-` and a letter,
/// not inside a word (`keep-alive` is none), up to the first character no
/// flag holds; a full stop, comma, colon or slash at its end is the
/// sentence's.
pub(crate) fn text_parts(text: &str) -> Vec<TextPart<'_>> {
    let mut out = Vec::new();
    let (mut words_from, mut i) = (0, 0);
    let bytes = text.as_bytes();
    while i < text.len() {
        let before = text[..i].chars().next_back();
        let free = before.is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'));
        let dashes = bytes[i..]
            .iter()
            .take(2)
            .take_while(|b| **b == b'-')
            .count();
        let letter = bytes.get(i + dashes).is_some_and(u8::is_ascii_alphabetic);
        if bytes[i] == b'-' && free && dashes > 0 && letter {
            let len = text[i..]
                .find(|c: char| !in_flag(c))
                .unwrap_or(text.len() - i);
            let flag = text[i..i + len].trim_end_matches(['.', ',', ':', '/', '-']);
            if words_from < i {
                out.push(TextPart::Words(&text[words_from..i]));
            }
            out.push(TextPart::Flag(flag));
            i += flag.len();
            words_from = i;
        } else {
            i += text[i..].chars().next().map_or(1, char::len_utf8);
        }
    }
    if words_from < text.len() {
        out.push(TextPart::Words(&text[words_from..]));
    }
    out
}

/// Whether `c` is drawn a whole em wide: East Asian ideographs, kana,
/// hangul and full-width forms (`，`, `（`).
pub(crate) fn wide(c: char) -> bool {
    matches!(c,
        '\u{1100}'..='\u{115F}'
            | '\u{2E80}'..='\u{A4CF}'
            | '\u{AC00}'..='\u{D7A3}'
            | '\u{F900}'..='\u{FAFF}'
            | '\u{FE30}'..='\u{FE4F}'
            | '\u{FF00}'..='\u{FF60}'
            | '\u{FFE0}'..='\u{FFE6}')
}

/// About how wide `c` is, in ems, in the page's sans-serif fonts: a Latin
/// character averages ~0.55 em (0.6: space to spare is better than
/// overlap), a wide one a whole em. Charts and the image card fit their
/// text by it.
pub(crate) fn em_width(c: char) -> f64 {
    if wide(c) { 1.0 } else { 0.6 }
}
