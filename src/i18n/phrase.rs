//! A text said by a layer that does not know its reader's language (the
//! core's diagnosis, the fidelity report's notes): a catalogue key with its
//! arguments, data that crosses the worker boundary as JSON and is put into
//! words where the reader is.
//!
//! Two renderings from the one catalogue text: [`Phrase::text`] for the
//! page, numbers written the locale's way (de `1.877,2`); and
//! [`Phrase::english`] for the command line and the JSON report, numbers as
//! Rust's `format!` writes them (`1877.2`), so that their output stays
//! byte for byte what it was before the texts moved into the catalogue.

use std::borrow::Cow;

use super::{Arg, Locale, fill, lookup_or_english};

/// A catalogue key and its arguments.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Phrase {
    /// The catalogue key.
    pub key: Cow<'static, str>,
    /// Each parameter's value, by name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) args: Vec<(Cow<'static, str>, Part)>,
}

/// The value of one parameter of a [`Phrase`].
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Part {
    /// Code or a name, the same in every language (`threads.max`, a lock's
    /// name); empty for an optional part left out.
    Text(Cow<'static, str>),
    /// A number with this many decimals (`format!("{:.2}")`).
    Fixed(#[serde(with = "nan_as_null")] f64, usize),
    /// A number with its sign and this many decimals (`format!("{:+.1}")`).
    Signed(#[serde(with = "nan_as_null")] f64, usize),
    /// A number as Rust displays it (`format!("{}")`: `1877.2105`, `50`).
    Shortest(#[serde(with = "nan_as_null")] f64),
    /// A count.
    Count(u64),
    /// Another phrase, in the same language.
    Phrase(Phrase),
}

impl Phrase {
    /// The phrase of `key` without arguments.
    pub(crate) fn new(key: impl Into<Cow<'static, str>>) -> Phrase {
        Phrase {
            key: key.into(),
            args: Vec::new(),
        }
    }

    /// With one more argument.
    pub fn with(mut self, name: &'static str, part: Part) -> Phrase {
        self.args.push((Cow::Borrowed(name), part));
        self
    }

    /// Whether it says nothing (the default: no key).
    pub fn is_empty(&self) -> bool {
        self.key.is_empty()
    }

    /// Its text in `locale`, numbers written the locale's way.
    pub fn text(&self, locale: Locale) -> String {
        self.say(locale, false)
    }

    /// Its English text with numbers as `format!` writes them: the command
    /// line's and the JSON report's words.
    pub fn english(&self) -> String {
        self.say(Locale::En, true)
    }

    fn say(&self, locale: Locale, plain: bool) -> String {
        if self.is_empty() {
            return String::new();
        }
        let raw = lookup_or_english(locale, &self.key).unwrap_or(&self.key);
        let args: Vec<(&str, Arg)> = (self.args.iter())
            .map(|(n, p)| (n.as_ref(), Arg::Text(p.say(locale, plain))))
            .collect();
        fill(raw, locale, &args)
    }
}

impl Part {
    /// Words or code as they are.
    pub fn text(t: impl Into<Cow<'static, str>>) -> Part {
        Part::Text(t.into())
    }

    fn say(&self, locale: Locale, plain: bool) -> String {
        match self {
            Part::Text(t) => t.to_string(),
            Part::Fixed(x, d) if plain => format!("{x:.d$}"),
            Part::Fixed(x, d) => locale.number(*x, *d),
            Part::Signed(x, d) if plain => format!("{x:+.d$}"),
            Part::Signed(x, d) => {
                let sign = if *x >= 0.0 { "+" } else { "-" };
                format!("{sign}{}", locale.number(x.abs(), *d))
            }
            Part::Shortest(x) if plain => format!("{x}"),
            Part::Shortest(x) => {
                let s = format!("{x}");
                let decimals = s.split_once('.').map_or(0, |(_, f)| f.len());
                locale.number(*x, decimals)
            }
            Part::Count(n) if plain => n.to_string(),
            Part::Count(n) => locale.number(*n as f64, 0),
            Part::Phrase(p) => p.say(locale, plain),
        }
    }
}

/// A number that JSON can carry whatever it is: JSON has no NaN or
/// infinity, and a message that does not read back would be lost whole.
pub mod nan_as_null {
    /// NaN as `null`.
    pub fn serialize<S: serde::Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(&x.is_finite().then_some(*x), s)
    }

    /// `null` as NaN.
    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
        let x: Option<f64> = serde::Deserialize::deserialize(d)?;
        Ok(x.unwrap_or(f64::NAN))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_writes_numbers_as_format_does_and_the_page_as_its_locale() {
        let p = Phrase::new("no.such.key {$a}")
            .with("a", Part::Fixed(12773.137, 1))
            .with("b", Part::Shortest(1877.2105))
            .with("c", Part::Signed(-3.25, 1))
            .with("d", Part::Count(1900));
        let raw = "{$a} {$b} {$c} {$d}";
        let q = Phrase {
            key: raw.into(),
            ..p
        };
        assert_eq!(q.english(), "12773.1 1877.2105 -3.2 1900");
        assert_eq!(q.text(Locale::De), "12.773,1 1.877,2105 -3,2 1.900");
        assert_eq!(q.text(Locale::En), "12,773.1 1,877.2105 -3.2 1,900");
    }

    #[test]
    fn a_phrase_crosses_json_whole_even_with_a_nan() {
        let p = Phrase::new("k").with("x", Part::Fixed(f64::NAN, 0)).with(
            "y",
            Part::Phrase(Phrase::new("j").with("t", Part::text("a"))),
        );
        let back: Phrase = serde_json::from_str(&serde_json::to_string(&p).unwrap()).unwrap();
        assert_eq!(back.args[1], p.args[1]);
        assert!(matches!(back.args[0].1, Part::Fixed(x, 0) if x.is_nan()));
        assert_eq!(back.english(), "k");
    }
}
