//! The image card for feeds (Medium, Substack and feed readers drop an
//! embed's iframe, but keep an image): a 1200 × 630 PNG with the
//! scenario's title, each column's successful requests/s and p99, the key chart, the
//! permalink as text and as a QR code. Everything here is layout: which
//! figures and lines, at which sizes and places, and the QR code's
//! modules; `ui::card` only paints it and downloads the file.

use qrcode::{Color, EcLevel, QrCode};

use crate::app::basis::format::em_width;
use crate::app::basis::modes::Mode;
use crate::app::page::state::State;
use crate::app::share::export::Source;
use crate::app::share::facade::Figures as Headline;
use crate::app::show::charts::{ChartView, key_chart};
use crate::i18n::Locale;
use crate::i18n::keys::ui as words;

/// The card's size, px: what Open Graph and Twitter's large card expect.
pub(crate) const CARD_SIZE: (u32, u32) = (1200, 630);

/// The margin around everything, px.
const MARGIN: f64 = 40.0;
/// Where the figures' column starts, px from the left.
const FIGURES_X: f64 = 720.0;
/// The title's size, px, when it fits (a longer one is set smaller).
const TITLE_PX: f64 = 36.0;
/// The space between two figures side by side, px.
const GUTTER: f64 = 16.0;
/// The side of the QR code's box (with its quiet zone), px.
const QR_BOX: f64 = 148.0;
/// Light modules around a QR code, as its standard asks.
const QUIET_MODULES: usize = 4;
/// The smallest module that a phone reads off a screen, px.
const MIN_MODULE_PX: f64 = 2.0;

/// A rectangle, px from the card's top left.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Rect {
    /// Left.
    pub(crate) x: f64,
    /// Top.
    pub(crate) y: f64,
    /// Width.
    pub(crate) w: f64,
    /// Height.
    pub(crate) h: f64,
}

// The layout's checks (its tests).
#[cfg(all(test, not(target_arch = "wasm32")))]
impl Rect {
    /// Whether it lies inside `outer`.
    pub(crate) fn inside(&self, outer: &Rect) -> bool {
        self.x >= outer.x
            && self.y >= outer.y
            && self.x + self.w <= outer.x + outer.w
            && self.y + self.h <= outer.y + outer.h
    }

    /// Whether it and `other` share any area.
    pub(crate) fn overlaps(&self, other: &Rect) -> bool {
        self.x < other.x + other.w
            && other.x < self.x + self.w
            && self.y < other.y + other.h
            && other.y < self.y + self.h
    }
}

/// What colour a line or a swatch takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ink {
    /// The text's colour.
    Text,
    /// Secondary text.
    Muted,
    /// A column's colour, as the charts draw it.
    Column(Mode),
}

/// A line of text.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct TextLine {
    /// What it says (shortened to fit, with "…").
    pub(crate) text: String,
    /// Its left edge, px.
    pub(crate) x: f64,
    /// Its baseline, px.
    pub(crate) y: f64,
    /// Its font size, px.
    pub(crate) px: f64,
    /// Bold or not.
    pub(crate) bold: bool,
    /// Its colour.
    pub(crate) ink: Ink,
    /// The widest it may be, px (the painter squeezes a line that measures
    /// wider than estimated).
    pub(crate) max_w: f64,
}

#[cfg(all(test, not(target_arch = "wasm32")))]
impl TextLine {
    /// The box it may take: from its top (a font's ascent is under its
    /// size) to below its baseline.
    pub(crate) fn area(&self) -> Rect {
        Rect {
            x: self.x,
            y: self.y - self.px,
            w: self.max_w,
            h: self.px * 1.25,
        }
    }
}

/// A QR code's modules, row by row.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Qr {
    /// Modules per side.
    pub(crate) width: usize,
    /// Its version (1–40): how much it holds.
    pub(crate) version: i16,
    /// Whether each module is dark, row by row.
    pub(crate) dark: Vec<bool>,
}

impl Qr {
    /// The QR code of `text` (error correction M: it survives a blur or a
    /// scratch on a shared screenshot), or `None` when it is too long.
    pub(crate) fn of(text: &str) -> Option<Qr> {
        let code = QrCode::with_error_correction_level(text, EcLevel::M).ok()?;
        let version = match code.version() {
            qrcode::Version::Normal(v) | qrcode::Version::Micro(v) => v,
        };
        Some(Qr {
            width: code.width(),
            version,
            dark: code
                .to_colors()
                .into_iter()
                .map(|c| c == Color::Dark)
                .collect(),
        })
    }

    /// Whether the module in column `x`, row `y` is dark.
    pub(crate) fn dark_at(&self, x: usize, y: usize) -> bool {
        x < self.width && y < self.width && self.dark[y * self.width + x]
    }
}

/// Where a QR code goes: its box (light, with the quiet zone) and its
/// modules' size and first module's corner.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct QrPlace {
    /// The light box, quiet zone included.
    pub(crate) area: Rect,
    /// A module's side, px (whole pixels: crisp edges).
    pub(crate) module: f64,
    /// The first module's top left.
    pub(crate) origin: (f64, f64),
}

/// A column's figures on the card.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Figures {
    /// Its column.
    pub(crate) mode: Mode,
    /// Its colour swatch.
    pub(crate) swatch: Rect,
}

/// The card laid out.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Card {
    /// Its size, px.
    pub(crate) size: (u32, u32),
    /// Every line of text.
    pub(crate) lines: Vec<TextLine>,
    /// Each column's swatch.
    pub(crate) figures: Vec<Figures>,
    /// The key chart and where it is drawn.
    pub(crate) chart: Option<(ChartView, Rect)>,
    /// The permalink's QR code and where it goes (`None`: too long to be
    /// read at this size).
    pub(crate) qr: Option<(Qr, QrPlace)>,
}

impl Card {
    /// The card of what `state` shows, at `permalink`, in `l`'s words.
    pub(crate) fn of(state: &State, permalink: &str, l: Locale) -> Card {
        let source = Source::of(state, permalink, l);
        let (w, _) = CARD_SIZE;
        let full = f64::from(w) - 2.0 * MARGIN;
        let line =
            |text: &str, x: f64, y: f64, px: f64, bold: bool, ink: Ink, max_w: f64| TextLine {
                text: fit(text, px, max_w),
                x,
                y,
                px,
                bold,
                ink,
                max_w,
            };
        let mut lines = vec![line(
            &words::PAGE_BRAND.text(l, &[]),
            MARGIN,
            62.0,
            22.0,
            true,
            Ink::Muted,
            full,
        )];
        let (title, px) = shrink_to_fit(&source.scenario, TITLE_PX, full);
        lines.push(TextLine {
            text: title,
            x: MARGIN,
            y: 108.0,
            px,
            bold: true,
            ink: Ink::Text,
            max_w: full,
        });
        let mut figures = Vec::new();
        for (i, run) in state.results.runs(state.setup.modes).iter().enumerate() {
            let top = 140.0 + 136.0 * i as f64;
            let x = FIGURES_X + 24.0;
            // The successful requests/s take the wider share: "12,609 req/s" beside "253 ms".
            let room = f64::from(w) - MARGIN - x - GUTTER;
            let (wide, narrow) = (room * 0.6, room * 0.4);
            let p99_x = x + wide + GUTTER;
            let name = state.setup.columns.name(run.mode, l);
            // As the summary card: the figure, and "successful requests/s" under it.
            let Headline { goodput, p99 } = Headline::of(run, l);
            let ink = Ink::Column(run.mode);
            lines.extend([
                line(&name, x, top + 26.0, 22.0, true, ink, room + GUTTER),
                line(&goodput, x, top + 70.0, 30.0, true, Ink::Text, wide),
                line(&p99, p99_x, top + 70.0, 30.0, true, Ink::Text, narrow),
                line(
                    &words::SUMMARY_HEADLINE.text(l, &[]),
                    x,
                    top + 98.0,
                    17.0,
                    false,
                    Ink::Muted,
                    wide,
                ),
                line(
                    &words::CARD_P99.text(l, &[]),
                    p99_x,
                    top + 98.0,
                    17.0,
                    false,
                    Ink::Muted,
                    narrow,
                ),
            ]);
            figures.push(Figures {
                mode: run.mode,
                swatch: Rect {
                    x: FIGURES_X,
                    y: top + 4.0,
                    w: 8.0,
                    h: 100.0,
                },
            });
        }
        let qr_area = Rect {
            x: f64::from(w) - MARGIN - QR_BOX,
            y: 410.0,
            w: QR_BOX,
            h: QR_BOX,
        };
        let link_w = qr_area.x - 24.0 - MARGIN;
        lines.extend([
            line(
                &words::CARD_OPEN.text(l, &[]),
                MARGIN,
                568.0,
                18.0,
                false,
                Ink::Muted,
                link_w,
            ),
            line(permalink, MARGIN, 596.0, 18.0, false, Ink::Text, link_w),
        ]);
        let chart = key_chart(state).map(|c| {
            let area = Rect {
                x: MARGIN,
                y: 132.0,
                w: FIGURES_X - 32.0 - MARGIN,
                h: 400.0,
            };
            (c, area)
        });
        Card {
            size: CARD_SIZE,
            lines,
            figures,
            chart,
            qr: Qr::of(permalink).and_then(|q| place_qr(q, qr_area)),
        }
    }
}

/// `qr` in `area`'s bottom right corner: whole-pixel modules, with its
/// quiet zone; `None` when a module would be too small to read.
fn place_qr(qr: Qr, area: Rect) -> Option<(Qr, QrPlace)> {
    let modules = (qr.width + 2 * QUIET_MODULES) as f64;
    let module = (area.w.min(area.h) / modules).floor();
    if module < MIN_MODULE_PX {
        return None;
    }
    let side = module * modules;
    let place = QrPlace {
        area: Rect {
            x: area.x + (area.w - side),
            y: area.y + (area.h - side),
            w: side,
            h: side,
        },
        module,
        origin: (
            area.x + (area.w - side) + module * QUIET_MODULES as f64,
            area.y + (area.h - side) + module * QUIET_MODULES as f64,
        ),
    };
    Some((qr, place))
}

/// `text` at the largest size from `px` down to two thirds of it (in
/// steps of 2 px) at which it fits `max_w`, cut to fit at the smallest.
pub(crate) fn shrink_to_fit(text: &str, px: f64, max_w: f64) -> (String, f64) {
    let smallest = (px * 2.0 / 3.0).round();
    let mut size = px;
    while size > smallest && fit(text, size, max_w) != text {
        size -= 2.0;
    }
    (fit(text, size, max_w), size)
}

/// `text` shortened (with "…") to what fits `max_w` at `px`.
pub(crate) fn fit(text: &str, px: f64, max_w: f64) -> String {
    let width = |s: &str| s.chars().map(em_width).sum::<f64>() * px;
    if width(text) <= max_w {
        return text.to_string();
    }
    let room = max_w - width("…");
    let mut out = String::new();
    let mut used = 0.0;
    for c in text.chars() {
        used += em_width(c) * px;
        if used > room {
            break;
        }
        out.push(c);
    }
    format!("{}…", out.trim_end())
}
