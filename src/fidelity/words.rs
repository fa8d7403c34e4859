//! A figure's short words as the page shows them: its metric, unit, variant
//! and the article's words for a figure without a number. The data holds
//! them in English (the command line's table and the JSON print them); the
//! catalogue's key is built from that English (`fidelity.metric.<slug>`),
//! and a test holds every figure's words and the catalogue to each other
//! (the English text equal to the data's, no key without a figure).

use super::figures::{Basis, Measured};
use super::sources::Source;
use crate::i18n::keys::report as k;
use crate::i18n::{Locale, Phrase, lookup};

/// `text` as a key's last part: lower case, every run of other characters
/// than ASCII letters and digits one `_` (`% errors` → `pct_errors`).
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if c == '%' {
            if !out.is_empty() && !out.ends_with('_') {
                out.push('_');
            }
            out.push_str("pct_");
        } else if !out.is_empty() && !out.ends_with('_') {
            out.push('_');
        }
    }
    out.trim_end_matches('_').to_string()
}

fn family(prefix: &str, english: &str) -> Phrase {
    Phrase::new(format!("{prefix}{}", slug(english)))
}

/// The phrase of a metric (`p99 latency`).
pub fn metric(english: &str) -> Phrase {
    family("fidelity.metric.", english)
}

/// The phrase of a unit (`req/s`, `users`).
pub fn unit(english: &str) -> Phrase {
    family("fidelity.unit.", english)
}

/// The phrase of a variant (`sleep platform`).
pub fn variant(english: &str) -> Phrase {
    family("fidelity.variant.", english)
}

/// The phrase of the article's words for a figure (`almost identical`).
pub fn measured(english: &str) -> Phrase {
    family("fidelity.measured.", english)
}

/// `phrase` in `locale`, or `english` itself where the catalogue has no
/// text for it (a row from an older worker, a figure added without words:
/// the data test fails then).
pub fn in_locale(phrase: &Phrase, english: &str, locale: Locale) -> String {
    match lookup(Locale::En, &phrase.key) {
        Some(_) => phrase.text(locale),
        None => english.to_string(),
    }
}

impl Basis {
    /// The basis in words, for the page.
    pub fn said(self) -> crate::i18n::keys::Key {
        match self {
            Basis::Predicted => k::FIDELITY_BASIS_PREDICTED,
            Basis::Calibrated => k::FIDELITY_BASIS_CALIBRATED,
            Basis::Qualitative => k::FIDELITY_BASIS_QUALITATIVE,
            Basis::Derived => k::FIDELITY_BASIS_DERIVED,
            Basis::Contradiction => k::FIDELITY_BASIS_CONTRADICTION,
        }
    }
}

impl Source {
    /// The article's language, named in `locale` (`de` → German, Deutsch,
    /// 德语).
    pub fn language_in(&self, locale: Locale) -> String {
        match self.language {
            "de" => k::LANGUAGE_DE.text(locale, &[]),
            "zh" => k::LANGUAGE_ZH.text(locale, &[]),
            "en" => k::LANGUAGE_EN.text(locale, &[]),
            other => other.to_string(),
        }
    }
}

/// A figure's value as the page's table writes it in `locale`: whole
/// numbers grouped (`1,877` / `1.877`), under 10 up to four decimals
/// (`1.0508`), else two (`1,877.21`); `–` for none.
pub fn figure_in(locale: Locale, x: f64) -> String {
    if x.fract() == 0.0 {
        locale.number(x, 0)
    } else if x.abs() < 10.0 {
        // Under 10 there is no thousands separator: what ends it is the
        // decimal point.
        let s = locale.number(x, 4);
        s.trim_end_matches('0')
            .trim_end_matches(['.', ','])
            .to_string()
    } else {
        locale.number(x, 2)
    }
}

/// The article's value in `locale`: a number, or its words.
pub fn measured_in(locale: Locale, m: &Measured) -> String {
    match m {
        Measured::Number(x) => figure_in(locale, *x),
        Measured::Text(t) => in_locale(&measured(t), t, locale),
    }
}

/// A difference in percent with its sign (`+1.4 %`, `−12.0 %`, `–` for
/// none) in `locale`.
pub fn difference_in(locale: Locale, d: Option<f64>) -> String {
    d.map_or("–".into(), |d| {
        let sign = if d >= 0.0 { "+" } else { "−" };
        format!("{sign}{} %", locale.number(d.abs(), 1))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fidelity::{figures, little_checks, sources};
    use crate::i18n::keys::report::FAMILIES;
    use crate::scenario::presets;
    use crate::sim::report::Resource;

    /// Every key the data builds: (key, the data's own English if it holds
    /// any).
    fn data_keys() -> Vec<(String, Option<String>)> {
        let mut out: Vec<(String, Option<String>)> = Vec::new();
        let mut add = |p: Phrase, english: Option<&str>| {
            out.push((p.key.into_owned(), english.map(String::from)));
        };
        for f in figures() {
            for p in [f.note_said(), f.rule_said(), f.finding_said()]
                .into_iter()
                .flatten()
            {
                add(p, None);
            }
            add(metric(f.metric), Some(f.metric));
            add(unit(f.unit), Some(f.unit));
            add(variant(f.variant), Some(f.variant));
            if let Measured::Text(t) = &f.measured {
                add(measured(t), Some(t));
            }
        }
        for p in presets() {
            for a in p.assumptions {
                add(a.reason_said(), None);
            }
        }
        for r in Resource::ALL {
            add(k::resource(r.name()), None);
        }
        out
    }

    /// Every figure, assumption and resource has its words in every
    /// language, the English ones the data's own where it holds them; no
    /// catalogue holds words of a family that no figure, assumption or
    /// resource says.
    #[test]
    fn every_figure_and_assumption_has_its_words_in_every_language() {
        let keys = data_keys();
        let owned: Vec<(String, Option<&str>)> = keys
            .iter()
            .map(|(k, e)| (k.clone(), e.as_deref()))
            .collect();
        crate::i18n::assert_family_owned(FAMILIES, &owned, "figure, assumption or resource");
        // Two of a family's words never share a key.
        for (key, english) in keys.iter().filter(|(_, e)| e.is_some()) {
            for (other, e) in &keys {
                assert!(other != key || e == english, "{key}: {english:?} and {e:?}");
            }
        }
        for s in sources() {
            for l in Locale::ALL {
                assert_ne!(s.language_in(l), s.language, "{}: {}", s.id, l.code());
            }
        }
    }

    #[test]
    fn a_figures_numbers_follow_the_locale() {
        assert_eq!(figure_in(Locale::En, 1877.2105), "1,877.21");
        assert_eq!(figure_in(Locale::De, 1877.2105), "1.877,21");
        assert_eq!(figure_in(Locale::De, 1.0508), "1,0508");
        assert_eq!(figure_in(Locale::Zh, 0.0532), "0.0532");
        assert_eq!(figure_in(Locale::De, 2000.0), "2.000");
        assert_eq!(figure_in(Locale::En, 0.5), "0.5");
        // Under 10, a fraction that rounds away leaves no bare point
        // ("2.", "2,").
        assert_eq!(figure_in(Locale::En, 2.00001), "2");
        assert_eq!(figure_in(Locale::De, 1.99999), "2");
        assert_eq!(difference_in(Locale::De, Some(-2.25)), "−2,2 %");
        assert_eq!(difference_in(Locale::En, Some(10.0)), "+10.0 %");
        assert_eq!(difference_in(Locale::Zh, None), "–");
        assert_eq!(slug("% errors"), "pct_errors");
        assert_eq!(
            slug("memory, threads.max 200 → 1,000"),
            "memory_threads_max_200_1_000"
        );
        assert_eq!(
            measured_in(Locale::En, &Measured::Text("almost identical".into())),
            "almost identical"
        );
    }

    /// The page's sentences are the command line's, in another language:
    /// the Little's-law checks in English read as `threadlab fidelity`
    /// prints them, with the locale's numbers on the page.
    #[test]
    fn the_page_says_what_the_command_line_prints() {
        for c in little_checks() {
            assert_eq!(c.said.english(), c.text);
            let de = c.said.text(Locale::De);
            assert!(!de.contains("{$"), "{de}");
            assert_ne!(de, c.text);
        }
        let c = &little_checks()[0];
        assert!(c.text.contains("1850 req/s"), "{}", c.text);
        assert!(
            c.said.text(Locale::De).contains("1.850 req/s"),
            "{}",
            c.said.text(Locale::De)
        );
    }
}
