//! The two server modes as the playground holds them: which of them run
//! ([`Modes`]), one value per mode ([`PerMode`]), their legend labels, and
//! their serde form (the words `platform` and `virtual`, as drafts write
//! `server.mode`).

use serde::{Deserialize, Serialize};

pub use crate::sim::config::Mode;

/// Both modes, platform first: the order of cards, curves and legends.
pub(crate) const MODES: [Mode; 2] = [Mode::Platform, Mode::Virtual];

/// Which server modes run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Modes {
    /// Platform and virtual side by side (the default).
    #[default]
    Both,
    /// `spring.threads.virtual.enabled=false` only.
    Platform,
    /// `spring.threads.virtual.enabled=true` only.
    Virtual,
}

impl Modes {
    /// The modes to run, platform first.
    pub fn list(self) -> &'static [Mode] {
        match self {
            Modes::Both => &MODES,
            Modes::Platform => &[Mode::Platform],
            Modes::Virtual => &[Mode::Virtual],
        }
    }
}

/// One value per server mode.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PerMode<T> {
    /// The platform-thread run's.
    pub(crate) platform: T,
    /// The virtual-thread run's.
    #[serde(rename = "virtual")]
    pub(crate) virtual_threads: T,
}

impl<T> PerMode<T> {
    /// The value of `mode`.
    pub fn get(&self, mode: Mode) -> &T {
        match mode {
            Mode::Platform => &self.platform,
            Mode::Virtual => &self.virtual_threads,
        }
    }

    /// The value of `mode`, to change.
    pub fn get_mut(&mut self, mode: Mode) -> &mut T {
        match mode {
            Mode::Platform => &mut self.platform,
            Mode::Virtual => &mut self.virtual_threads,
        }
    }

    /// Every (mode, value), platform first.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (Mode, &T)> {
        MODES.into_iter().map(move |m| (m, self.get(m)))
    }
}

/// The legend name of a server mode.
pub(crate) fn label(mode: Mode) -> &'static str {
    Columns::ServerMode.label(mode)
}

/// What the page's two columns (platform first, virtual second) compare.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Columns {
    /// Tomcat on its pool of platform threads vs one virtual thread per
    /// request (`spring.threads.virtual.enabled`).
    #[default]
    ServerMode,
    /// The `@Async` executors on a pool of platform threads vs on virtual
    /// threads, Tomcat on platform threads in both (E4's article changes
    /// only the executor).
    Executor,
}

impl Columns {
    /// The server mode a column runs: its own, or platform threads in both
    /// when the columns compare executors.
    pub(crate) fn server_mode(self, column: Mode) -> Mode {
        match self {
            Columns::ServerMode => column,
            Columns::Executor => Mode::Platform,
        }
    }

    /// A column's name in legends and headings, in English (the command
    /// line's and the exports' words).
    pub(crate) fn label(self, column: Mode) -> &'static str {
        let key = self.key(column);
        crate::i18n::lookup(crate::i18n::Locale::En, key.0).unwrap_or(key.0)
    }

    /// A column's name in `locale`'s words (the catalogue's `column.*`).
    pub(crate) fn name(self, column: Mode, locale: crate::i18n::Locale) -> String {
        self.key(column).text(locale, &[])
    }

    fn key(self, column: Mode) -> crate::i18n::keys::Key {
        use crate::i18n::keys;
        match (self, column) {
            (Columns::ServerMode, Mode::Platform) => keys::COLUMN_PLATFORM,
            (Columns::ServerMode, Mode::Virtual) => keys::COLUMN_VIRTUAL,
            (Columns::Executor, Mode::Platform) => keys::COLUMN_EXECUTOR_POOL,
            (Columns::Executor, Mode::Virtual) => keys::COLUMN_EXECUTOR_VIRTUAL,
        }
    }

    /// The settings that make a column what it is, as Spring writes them
    /// (in `locale`'s words where they are words).
    pub(crate) fn property_in(self, column: Mode, locale: crate::i18n::Locale) -> String {
        match self.property_words(column) {
            Ok(code) => code.to_string(),
            Err(key) => key.text(locale, &[]),
        }
    }

    /// The property as code, or the key of its words.
    fn property_words(self, column: Mode) -> Result<&'static str, crate::i18n::keys::Key> {
        use crate::i18n::keys::ui as words;
        match (self, column) {
            (Columns::ServerMode, Mode::Platform) => Ok("spring.threads.virtual.enabled=false"),
            (Columns::ServerMode, Mode::Virtual) => Ok("spring.threads.virtual.enabled=true"),
            (Columns::Executor, Mode::Platform) => Err(words::COLUMN_EXECUTOR_POOL_PROPERTY),
            (Columns::Executor, Mode::Virtual) => Err(words::COLUMN_EXECUTOR_VIRTUAL_PROPERTY),
        }
    }
}

/// Serde for a [`Mode`] field as its word (`#[serde(with = "as_word")]`).
pub mod as_word {
    use serde::{Deserialize, Deserializer, Serializer};

    use super::Mode;
    use crate::scenario::{mode_named, mode_word};

    /// Writes `platform` or `virtual`.
    pub(crate) fn serialize<S: Serializer>(mode: &Mode, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(mode_word(*mode))
    }

    /// Reads `platform` or `virtual`.
    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Mode, D::Error> {
        let word = String::deserialize(d)?;
        mode_named(&word).ok_or_else(|| {
            serde::de::Error::custom(format!("server mode: {word} — one of platform, virtual"))
        })
    }
}
