//! Permalinks: the whole state of the page (what the visitor set up and how
//! the page shows it) as a URL query, and back.
//!
//! A link is versioned (`v=1`, written last) and holds only what differs
//! from the defaults. A link without a version reads as this version
//! (people write `?lang=de` by hand); when something in it is ignored, the
//! notice adds that a link cut short loses its version, and may have been
//! cut there.
//!
//! * the top-level fields of [`Setup`] (other than its layers of settings)
//!   and of [`View`], by their serde names, where they differ from the
//!   default state's: `preset=db-pool&modes=virtual&theme=dark&charts=memory,errors`.
//!   A field added to either struct (with a serde default) joins the links
//!   without more code; a field that must stay out is `#[serde(skip)]`;
//! * each setting whose text differs from the preset's (or the defaults'
//!   when no preset is loaded), by its dotted key, with `platform.` or
//!   `virtual.` before the key of a per-mode override:
//!   `load.concurrency=400&virtual.server.threads_max=50`; an empty value
//!   puts the key back to its default, as emptying the field on the form does;
//! * a lesson's chapter in the lesson's own format, `lesson=<id>&chapter=<n>`
//!   (`app::lesson::link`), last before the version: a lesson's link as a
//!   teacher writes it is those two alone.
//!
//! Decoding never fails: whatever cannot be read (an unknown version or
//! key, a value out of range, a link cut short or longer than
//! `MAX_LINK_CHARS`) is left at its default and named in
//! [`Decoded::ignored`], for the page to show. A link's settings go through
//! the form's own parsing and `scenario::validate`; the view's through serde
//! and `View::problems`.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::app::basis::modes::{MODES, Mode};
use crate::app::basis::said::Said;
use crate::app::lesson::{format_link, parse_link};
use crate::app::link::view::View;
use crate::app::setup::{Layer, Setup};
use crate::i18n::Arg;
use crate::i18n::keys::{Key, ui as words};
use crate::scenario::{
    Draft, default_preset, field, mode_named, mode_word, preset, printable, validate,
};

/// The link format this page writes and reads.
pub(crate) const VERSION: &str = "1";

/// The longest query a link may have; a longer one is ignored whole,
/// without being parsed.
pub(crate) const MAX_LINK_CHARS: usize = 4096;

/// The most parameters a link may have.
pub(crate) const MAX_PARAMS: usize = 100;

/// What a typical edited scenario's query stays within (a preset, a few
/// numbers and a program changed, a theme chosen): short enough for chat
/// tools and blog platforms, tested in `app::link::tests::round_trip`.
#[cfg(all(test, not(target_arch = "wasm32")))]
pub(crate) const TYPICAL_LINK_BUDGET: usize = 200;

/// Parameters that link trackers add; dropped without a word.
const TRACKING: &[&str] = &["fbclid", "gclid", "msclkid", "mc_cid", "mc_eid"];

/// Everything a link holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Link {
    /// What the visitor set up.
    pub(crate) setup: Setup,
    /// How the page shows it.
    pub(crate) view: View,
}

impl Default for Link {
    /// The page as it opens without a link: the default preset.
    fn default() -> Self {
        Link {
            setup: base_setup(Some(default_preset().name)),
            view: View::default(),
        }
    }
}

/// Something a link held that the page left at its default.
#[derive(Clone, Debug, PartialEq)]
pub struct Ignored {
    /// The parameter as written (shortened, control characters escaped),
    /// or the link as a whole in words.
    pub what: Said,
    /// Why, in words.
    pub why: Said,
}

/// A link, read.
#[derive(Clone, Debug, PartialEq)]
pub struct Decoded {
    /// What the page opens with.
    pub link: Link,
    /// What was left at its default, and why.
    pub ignored: Vec<Ignored>,
}

/// The setup a link's settings start from: the preset's, or every key at
/// its default.
fn base_setup(preset: Option<&str>) -> Setup {
    preset.and_then(Setup::of_preset).unwrap_or_default()
}

/// The link's query for `link` (without `?`); empty for the default state.
pub fn encode(link: &Link) -> String {
    let mut pairs = meta_pairs(link);
    pairs.extend(setting_pairs(&link.setup));
    let lesson = link.view.lesson.map(format_link);
    if pairs.is_empty() {
        return lesson.unwrap_or_default();
    }
    // The lesson goes last but the version, so that a link cut anywhere
    // before its version names what it lost (`read_without_version`).
    let mut parts: Vec<String> = pairs
        .iter()
        .map(|(k, v)| format!("{}={v}", escape(k)))
        .collect();
    parts.extend(lesson);
    parts.push(format!("v={VERSION}"));
    parts.join("&")
}

/// The top-level fields of the setup (without its layers) and the view, by
/// serde name.
fn meta_of(link: &Link) -> Map<String, Value> {
    let mut m = fields_of(&link.setup);
    m.remove("shared");
    m.remove("overrides");
    m.extend(fields_of(&link.view));
    m
}

fn fields_of<T: Serialize>(t: &T) -> Map<String, Value> {
    match serde_json::to_value(t) {
        Ok(Value::Object(m)) => m,
        _ => Map::new(),
    }
}

/// The view's and setup's fields that differ from the default state's,
/// the preset first; values already escaped.
fn meta_pairs(link: &Link) -> Vec<(String, String)> {
    let defaults = meta_of(&Link::default());
    let mut pairs: Vec<(String, String)> = meta_of(link)
        .into_iter()
        .filter(|(k, v)| defaults.get(k) != Some(v))
        .filter_map(|(k, v)| Some((k, value_text(&v)?)))
        .collect();
    pairs.sort_by_key(|(k, _)| k != "preset");
    pairs
}

/// A scalar as link text (escaped), a list as its items joined by commas;
/// `None` for what a link cannot hold (objects).
fn value_text(v: &Value) -> Option<String> {
    match v {
        Value::Array(items) => items
            .iter()
            .map(|i| scalar_text(i).map(|t| escape(&t)))
            .collect::<Option<Vec<_>>>()
            .map(|t| t.join(",")),
        other => scalar_text(other).map(|t| escape(&t)),
    }
}

fn scalar_text(v: &Value) -> Option<String> {
    match v {
        Value::Null => Some(String::new()),
        Value::Bool(b) => Some(if *b { "1" } else { "0" }.to_string()),
        Value::Number(n) => Some(n.to_string()),
        Value::String(s) => Some(s.clone()),
        Value::Array(_) | Value::Object(_) => None,
    }
}

/// The layers of a setup with the prefix of their keys in a link.
fn layers(setup: &Setup) -> [(Option<Mode>, &Layer); 3] {
    [
        (None, &setup.shared),
        (Some(MODES[0]), setup.overrides.get(MODES[0])),
        (Some(MODES[1]), setup.overrides.get(MODES[1])),
    ]
}

fn prefixed(mode: Option<Mode>, key: &str) -> String {
    match mode {
        Some(m) => format!("{}.{key}", mode_word(m)),
        None => key.to_string(),
    }
}

/// Every setting whose text or value differs from the setup's base, values
/// escaped; layers in order, keys sorted.
fn setting_pairs(setup: &Setup) -> Vec<(String, String)> {
    let base = base_setup(setup.preset.as_deref());
    let mut out = Vec::new();
    for ((mode, now), (_, was)) in layers(setup).into_iter().zip(layers(&base)) {
        let mut keys: Vec<String> = [now, was]
            .iter()
            .flat_map(|l| l.draft.leaves().into_iter().map(|(k, _)| k))
            .chain(now.texts.keys().cloned())
            .collect();
        // Only settings: an empty section is a leaf of a draft too.
        keys.retain(|k| field(k).is_some());
        keys.sort();
        keys.dedup();
        for key in keys {
            let text = now.text(&key).unwrap_or_default();
            let differs = text != was.text(&key).unwrap_or_default()
                || now.draft.get(&key) != was.draft.get(&key);
            if differs {
                out.push((prefixed(mode, &key), escape(&text)));
            }
        }
    }
    out
}

/// Percent-encodes all but letters, digits and `-._~:,()/@!*`, which stay
/// readable (`program=cpu:0.2ms,io:50ms`).
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~:,()/@!*".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Reverses [`escape`] (and reads `+` as a space, as forms write it).
fn unescape(s: &str) -> Result<String, Key> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = bytes
                    .get(i + 1..i + 3)
                    .and_then(|h| std::str::from_utf8(h).ok())
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
                    .ok_or(words::LINK_BAD_ESCAPE)?;
                out.push(hex);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| words::LINK_NOT_UTF8)
}

/// The most characters of a link's text a message quotes.
pub(crate) const SHOWN_CHARS: usize = 60;

/// The most characters a list of a link's parameters takes in a message
/// (its first parameter is always shown).
const LIST_CHARS: usize = 200;

/// The most characters of a reason a message gives (a serde message quotes
/// the value it rejected).
const WHY_CHARS: usize = 300;

/// Text from a link, fit to show in a message: on one printable line,
/// at most [`SHOWN_CHARS`] characters of it.
pub(crate) fn shown(s: &str) -> String {
    printable(s, SHOWN_CHARS)
}

fn skip(what: &str, why: impl Into<Said>) -> Ignored {
    Ignored {
        what: Said::Text(shown(what)),
        why: why.into(),
    }
}

/// One `name=value` of a link: the name read, the value as written.
struct Param {
    name: String,
    raw: String,
}

impl Param {
    /// The parameter as the page shows it: name and value read.
    fn written(&self) -> String {
        let value = unescape(&self.raw).unwrap_or_else(|_| self.raw.clone());
        format!("{}={value}", self.name)
    }
}

/// Reads a link's query (with or without its `?`).
pub fn decode(query: &str) -> Decoded {
    let query = query.strip_prefix('?').unwrap_or(query);
    let mut ignored = Vec::new();
    let mut lesson = Vec::new();
    // Whether the link had parameters of its own besides a lesson's (whose
    // format has no version), read without the version they should end in.
    let (mut link, versionless) = match params(query, &mut ignored, &mut lesson) {
        Some(params) => {
            let own = !params.is_empty();
            (read(params, &mut ignored), own && versionless(query))
        }
        None => (Link::default(), false),
    };
    link.view.lesson = read_lesson(&lesson, &mut ignored);
    if versionless && !ignored.is_empty() {
        ignored.push(read_without_version());
    }
    bound(&mut ignored);
    Decoded { link, ignored }
}

/// The most lines a link's notice has: past them, one line says how many
/// more were ignored (a link of 300 unknown charts is one notice of
/// [`MAX_NOTICE_LINES`] lines, not 300).
pub(crate) const MAX_NOTICE_LINES: usize = 10;

fn bound(ignored: &mut Vec<Ignored>) {
    if ignored.len() <= MAX_NOTICE_LINES {
        return;
    }
    let shown = MAX_NOTICE_LINES - 1;
    let more = ignored.len() - shown;
    ignored.truncate(shown);
    let n = |n: usize| Arg::Fixed(n as f64, 0);
    ignored.push(Ignored {
        what: Said::Key(words::LINK_MORE_IGNORED, vec![("n", n(more))]),
        why: Said::Key(words::LINK_MORE_IGNORED_WHY, vec![("shown", n(shown))]),
    });
}

/// The parameters of a lesson's place, which the lesson's own format reads.
const LESSON_PARAMS: [&str; 2] = ["lesson", "chapter"];

/// The lesson's chapter that `params` (of [`LESSON_PARAMS`]) name, as
/// `app::lesson::parse_link` reads them; what it cannot read is named.
fn read_lesson(
    params: &[Param],
    ignored: &mut Vec<Ignored>,
) -> Option<crate::app::lesson::LessonLink> {
    let text = |name: &str| {
        params
            .iter()
            .find(|p| p.name == name)
            .map(|p| unescape(&p.raw).unwrap_or_else(|_| p.raw.clone()))
    };
    let (lesson, chapter) = (text(LESSON_PARAMS[0]), text(LESSON_PARAMS[1]));
    match parse_link(lesson.as_deref(), chapter.as_deref()) {
        Ok(found) => found,
        Err(why) => {
            let what: Vec<String> = params.iter().map(Param::written).collect();
            let why = match why {
                Said::Text(t) => Said::Text(printable(&t, WHY_CHARS)),
                said => said,
            };
            ignored.push(skip(&what.join("&"), why));
            None
        }
    }
}

/// The link's parameters, once each, without trackers and with the
/// lesson's moved to `lesson`; `None` (with the reason in `ignored`) when
/// the link cannot be read as a whole. A link without a version is read
/// as this version: people write `?lang=de` or `?theme=dark` by hand, and
/// a lesson's link is `lesson=…&chapter=…` alone. Only when something in
/// it is ignored does its notice add that a link cut short loses its
/// version ([`versionless`]).
fn params(query: &str, ignored: &mut Vec<Ignored>, lesson: &mut Vec<Param>) -> Option<Vec<Param>> {
    if query.len() > MAX_LINK_CHARS {
        let n = |n: usize| vec![("n", Arg::Fixed(n as f64, 0))];
        ignored.push(Ignored {
            what: Said::Key(words::LINK_WHOLE_CHARS, n(query.len())),
            why: Said::Key(words::LINK_MAX_CHARS, n(MAX_LINK_CHARS)),
        });
        return None;
    }
    let parts: Vec<&str> = query.split('&').filter(|p| !p.is_empty()).collect();
    if parts.len() > MAX_PARAMS {
        let n = |n: usize| vec![("n", Arg::Fixed(n as f64, 0))];
        ignored.push(Ignored {
            what: Said::Key(words::LINK_WHOLE_PARAMS, n(parts.len())),
            why: Said::Key(words::LINK_MAX_PARAMS, n(MAX_PARAMS)),
        });
        return None;
    }
    let mut out: Vec<Param> = Vec::new();
    for part in parts {
        let (k, v) = part.split_once('=').unwrap_or((part, ""));
        let name = match unescape(k) {
            Ok(n) => n,
            Err(e) => {
                ignored.push(skip(part, e));
                continue;
            }
        };
        if TRACKING.contains(&name.as_str()) || name.starts_with("utm_") {
            continue;
        }
        if out.iter().any(|p| p.name == name) {
            ignored.push(skip(part, words::LINK_TWICE));
            continue;
        }
        out.push(Param {
            name,
            raw: v.to_string(),
        });
    }
    let version = out.iter().position(|p| p.name == "v");
    // An empty version (`…&v=`, `…&v`) is a link cut inside its version.
    let unknown = |v: &Param| !v.raw.is_empty() && v.raw != VERSION;
    if let Some(v) = version.map(|i| out.remove(i)).filter(unknown) {
        let version = ("version", Arg::Text(VERSION.to_string()));
        ignored.push(Ignored {
            what: listed(&out),
            why: Said::Key(
                words::LINK_VERSION,
                vec![("v", Arg::Text(shown(&v.raw))), version],
            ),
        });
        return None;
    }
    let of_lesson = |p: &Param| LESSON_PARAMS.contains(&p.name.as_str());
    let (mine, rest) = out.into_iter().partition(of_lesson);
    *lesson = mine;
    Some(rest)
}

/// Whether `query` holds no version (`v=1`), or an empty one (cut inside
/// it), for [`decode`]'s notice.
fn versionless(query: &str) -> bool {
    !query.split('&').any(|p| {
        p.split_once('=')
            .is_some_and(|(k, v)| k == "v" && !v.is_empty())
    })
}

/// The notice's line for a link read without its version, once something
/// in it was ignored: a link cut short loses its end, and its version
/// with it, so what was ignored may be the cut.
fn read_without_version() -> Ignored {
    Ignored {
        what: Said::Text(format!("v={VERSION}")),
        why: Said::Key(
            words::LINK_NO_VERSION,
            vec![("version", Arg::Text(VERSION.to_string()))],
        ),
    }
}

/// The parameters a link held, as one entry of the notice: as many as fit
/// in [`LIST_CHARS`] (the first always), then how many more.
fn listed(params: &[Param]) -> Said {
    let mut what = String::new();
    let mut n = 0;
    for p in params {
        let s = shown(&p.written());
        if n > 0 && what.chars().count() + 2 + s.chars().count() > LIST_CHARS {
            break;
        }
        if n > 0 {
            what.push_str(", ");
        }
        what.push_str(&s);
        n += 1;
    }
    if n < params.len() {
        let more = ("n", Arg::Fixed((params.len() - n) as f64, 0));
        return Said::Key(words::LINK_AND_MORE, vec![("list", Arg::Text(what)), more]);
    }
    Said::Text(what)
}

/// Where a parameter goes.
enum Target {
    /// A top-level field of the setup.
    Setup,
    /// A field of the view.
    View,
    /// A setting, in the shared layer or a mode's override.
    Setting(Option<Mode>, String),
}

fn target(name: &str) -> Option<Target> {
    if fields_of(&View::default()).contains_key(name) {
        return Some(Target::View);
    }
    let setup_fields = meta_of(&Link::default());
    if setup_fields.contains_key(name) {
        return Some(Target::Setup);
    }
    if field(name).is_some() && name != "server.mode" {
        return Some(Target::Setting(None, name.to_string()));
    }
    let (word, key) = name.split_once('.')?;
    let mode = mode_named(word)?;
    (field(key).is_some() && key != "server.mode").then(|| Target::Setting(Some(mode), key.into()))
}

/// Builds the link from its parameters, leaving out what cannot be read.
fn read(params: Vec<Param>, ignored: &mut Vec<Ignored>) -> Link {
    let preset_param = params.iter().find(|p| p.name == "preset");
    let preset_name = match preset_param.map(|p| unescape(&p.raw)) {
        None => Some(default_preset().name.to_string()),
        Some(Ok(name)) if name.is_empty() => None,
        Some(Ok(name)) if preset(&name).is_some() => Some(name),
        Some(Ok(_)) | Some(Err(_)) => {
            let p = preset_param.expect("matched Some");
            let names: Vec<&str> = crate::scenario::presets().iter().map(|p| p.name).collect();
            let names = ("presets", Arg::Text(names.join(", ")));
            ignored.push(skip(
                &p.written(),
                Said::Key(words::LINK_NO_PRESET, vec![names]),
            ));
            Some(default_preset().name.to_string())
        }
    };
    let mut link = Link {
        setup: base_setup(preset_name.as_deref()),
        view: View::default(),
    };
    let mut settings = Vec::new();
    for p in params.iter().filter(|p| p.name != "preset") {
        match target(&p.name) {
            Some(Target::Setup) => set_field(&mut link.setup, p, ignored),
            Some(Target::View) => set_field(&mut link.view, p, ignored),
            Some(Target::Setting(mode, key)) => match unescape(&p.raw) {
                Ok(text) => settings.push((p, mode, key, text)),
                Err(e) => ignored.push(skip(&p.written(), e)),
            },
            None if is_server_mode(&p.name) && p.raw.is_empty() => {}
            None if is_server_mode(&p.name) => {
                ignored.push(skip(&p.written(), words::LINK_SERVER_MODE))
            }
            None => ignored.push(skip(&p.written(), unknown_key())),
        }
    }
    link.view = link.view.with_current_chart_ids();
    for (item_field, item, why) in link.view.problems() {
        ignored.push(skip(&format!("{item_field}={item}"), why));
    }
    link.view = link.view.without_problems();
    let base = link.setup.clone();
    link.setup = apply_settings(base, settings, ignored);
    link
}

/// Whether `name` is the server's mode, shared or of one mode: the page
/// sets it from `modes=`, never from a setting.
fn is_server_mode(name: &str) -> bool {
    name == "server.mode"
        || name
            .split_once('.')
            .is_some_and(|(m, k)| mode_named(m).is_some() && k == "server.mode")
}

/// Why an unknown name was ignored, with the names a link may hold besides
/// settings (a link's reader has neither the README nor the command line).
fn unknown_key() -> Said {
    let mut names: Vec<String> = meta_of(&Link::default()).keys().cloned().collect();
    names.extend(["lesson", "chapter", "v"].map(String::from));
    names.sort();
    names.dedup();
    Said::Key(
        words::LINK_UNKNOWN_KEY,
        vec![("names", Arg::Text(names.join(", ")))],
    )
}

/// The words a field of the view or the setup takes, for the fields that
/// take one of a few (serde's own names of their variants).
pub(crate) fn allowed_words(name: &str) -> Option<Vec<&'static str>> {
    match name {
        "theme" => Some(
            crate::app::link::view::Theme::ALL
                .map(crate::app::link::view::Theme::word)
                .to_vec(),
        ),
        "modes" => Some(vec!["both", "platform", "virtual"]),
        "columns" => Some(vec!["server_mode", "executor"]),
        _ => None,
    }
}

/// Sets the field `p` names in `t` (a setup or a view) from its text, typed
/// like the field's current value; a value of the wrong type is ignored
/// and named in the catalogue's words (field, value, what it takes). An
/// empty value leaves the field at its default; a field of a few words
/// takes them in any case (`theme=DARK`, as `lang=DE`).
fn set_field<T: Serialize + DeserializeOwned>(t: &mut T, p: &Param, ignored: &mut Vec<Ignored>) {
    let mut fields = fields_of(t);
    let Some(current) = fields.get(&p.name) else {
        return;
    };
    if p.raw.is_empty() && current.is_string() {
        return;
    }
    let mut value = match typed(current, &p.raw) {
        Ok(v) => v,
        Err(e) => return ignored.push(skip(&p.written(), e)),
    };
    let field = ("field", Arg::Text(p.name.clone()));
    let shown_value = || {
        (
            "value",
            Arg::Text(shown(&unescape(&p.raw).unwrap_or_else(|_| p.raw.clone()))),
        )
    };
    if let (Some(allowed), Some(text)) = (allowed_words(&p.name), value.as_str()) {
        match allowed.iter().find(|w| w.eq_ignore_ascii_case(text)) {
            Some(w) => value = Value::String(w.to_string()),
            None => {
                let list = ("allowed", Arg::Text(allowed.join(", ")));
                let why = Said::Key(words::LINK_ONE_OF, vec![field, shown_value(), list]);
                return ignored.push(skip(&p.written(), why));
            }
        }
    }
    fields.insert(p.name.clone(), value);
    match serde_json::from_value(Value::Object(fields)) {
        Ok(next) => *t = next,
        Err(_) => {
            let why = Said::Key(words::LINK_BAD_VALUE, vec![field, shown_value()]);
            ignored.push(skip(&p.written(), why))
        }
    }
}

/// The text `raw` (escaped) as a JSON value of `like`'s type: a list for a
/// list (items split at commas), `true`/`false` from `1`/`0`, a number, or
/// a string (`null` when empty).
fn typed(like: &Value, raw: &str) -> Result<Value, Key> {
    if like.is_array() {
        if raw.is_empty() {
            return Ok(Value::Array(Vec::new()));
        }
        return raw
            .split(',')
            .map(|item| unescape(item).map(Value::String))
            .collect::<Result<Vec<_>, _>>()
            .map(Value::Array);
    }
    let text = unescape(raw)?;
    match like {
        Value::Bool(_) => match text.as_str() {
            "1" | "true" => Ok(Value::Bool(true)),
            "0" | "false" => Ok(Value::Bool(false)),
            _ => Err(words::LINK_BOOL),
        },
        Value::Number(_) => text
            .parse::<f64>()
            .ok()
            .and_then(serde_json::Number::from_f64)
            .map(Value::Number)
            .ok_or(words::LINK_NUMBER),
        _ if text.is_empty() => Ok(Value::Null),
        _ => Ok(Value::String(text)),
    }
}

/// Applies the link's settings to `base` as the form would; a setting that
/// does not parse, or that the scenario does not validate with, is left at
/// its default and named.
fn apply_settings(
    base: Setup,
    settings: Vec<(&Param, Option<Mode>, String, String)>,
    ignored: &mut Vec<Ignored>,
) -> Setup {
    let mut kept = Vec::new();
    for s in settings {
        let (p, _, key, text) = &s;
        match Draft::new().set(key, text) {
            Err(e) if !text.trim().is_empty() => ignored.push(skip(&p.written(), Said::Problem(e))),
            _ => kept.push(s),
        }
    }
    loop {
        let mut setup = base.clone();
        for (_, mode, key, text) in &kept {
            setup.edit(*mode, key, text.clone());
        }
        let errors: Vec<_> = setup
            .drafts()
            .iter()
            .flat_map(|(_, d)| validate(d).err().unwrap_or_default())
            .collect();
        if errors.is_empty() || kept.is_empty() {
            return setup;
        }
        let before = kept.len();
        kept.retain(|(p, _, key, _)| {
            let bad = errors.iter().find(|e| &e.field == key);
            if let Some(e) = bad {
                ignored.push(skip(&p.written(), Said::Problem(e.clone())));
            }
            bad.is_none()
        });
        if kept.len() == before {
            // The errors are about keys the link did not set: its settings
            // only fail together with the preset's.
            for (p, ..) in kept.drain(..) {
                ignored.push(skip(&p.written(), Said::Invalid(errors.clone())));
            }
        }
    }
}
