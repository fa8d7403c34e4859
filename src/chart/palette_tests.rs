//! The charts' colours hold for every reader: the two modes stay far apart
//! and no two series of a chart can be confused, with normal colour vision
//! and with protanopia, deuteranopia or tritanopia (Machado, Oliveira and
//! Fernandes 2009, severity 1), on the light page and under the dark
//! theme's filter over the canvas (`invert(0.92) hue-rotate(180deg)`,
//! www/share.css); and the page's mode colours are the charts'.

use plotters::style::RGBColor;

use super::gauges::{QUEUES, gauge_color};
use super::memory::{edge_color, kind_color};
use super::style::{BACKGROUND, GRAPHIC_CONTRAST, PLATFORM, VIRTUAL, palette, to_linear};
use super::timeline::state_color;
use crate::app::run::digest::{MEMORY_KINDS, UTILISATION_GAUGES, lane_state_words};
use crate::sim::timeline::LaneState;

type Rgb = [f64; 3];

/// Colour-vision deficiencies as matrices on linear RGB (identity first).
const VISION: [[Rgb; 3]; 4] = [
    [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
    [
        [0.152286, 1.052583, -0.204868],
        [0.114503, 0.786281, 0.099216],
        [-0.003882, -0.048116, 1.051998],
    ],
    [
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ],
    [
        [1.255528, -0.076749, -0.178779],
        [-0.078411, 0.930809, 0.147602],
        [0.004733, 0.691367, 0.303900],
    ],
];

/// Two series closer than this (CIE76 ΔE, for the reader who sees them
/// least apart) could be taken for each other; Okabe and Ito's eight
/// colours are all at least 16 apart.
const CONFUSABLE: f64 = 15.0;

/// The dark theme's filter maps the light page's range onto 0.84 of it
/// (`invert(0.92)`): every difference shrinks by as much, so the dark page
/// is held to as much less.
const DARK_RANGE: f64 = 0.84;

/// The modes must be far apart: a line's colour is all that names its mode.
const MODES_APART: f64 = 40.0;

fn lab(l: Rgb) -> Rgb {
    let [r, g, b] = l;
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f64| {
        if t > 0.008856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    [
        116.0 * f(y) - 16.0,
        500.0 * (f(x) - f(y)),
        200.0 * (f(y) - f(z)),
    ]
}

fn srgb(c: RGBColor) -> Rgb {
    [c.0, c.1, c.2].map(|v| v as f64 / 255.0)
}

/// The dark theme's filter over the canvas, on sRGB values.
fn dark(c: Rgb) -> Rgb {
    let inv = c.map(|v| 0.92 - 0.84 * v);
    let m = [
        [-0.574, 1.430, 0.144],
        [0.426, 0.430, 0.144],
        [0.426, 1.430, -0.856],
    ];
    m.map(|row| (row[0] * inv[0] + row[1] * inv[1] + row[2] * inv[2]).clamp(0.0, 1.0))
}

/// The smallest difference between two sRGB colours for any reader.
fn least_apart(a: Rgb, b: Rgb) -> f64 {
    VISION
        .iter()
        .map(|m| {
            let see = |c: Rgb| {
                let l = c.map(to_linear);
                lab(m.map(|row| (row[0] * l[0] + row[1] * l[1] + row[2] * l[2]).clamp(0.0, 1.0)))
            };
            let (p, q) = (see(a), see(b));
            ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt()
        })
        .fold(f64::INFINITY, f64::min)
}

/// The pairs of `colours` (named) that are the same or could be confused,
/// on the light page or the dark one.
fn confusable(colours: &[(String, RGBColor)]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, (a, ca)) in colours.iter().enumerate() {
        for (b, cb) in &colours[i + 1..] {
            let light = least_apart(srgb(*ca), srgb(*cb));
            let dark = least_apart(dark(srgb(*ca)), dark(srgb(*cb)));
            if ca == cb || light < CONFUSABLE || dark < CONFUSABLE * DARK_RANGE {
                out.push(format!("{a} / {b}: ΔE {light:.1} light, {dark:.1} dark"));
            }
        }
    }
    out
}

fn hex(text: &str, var: &str) -> RGBColor {
    let at = text.find(&format!("{var}:")).expect(var) + var.len() + 1;
    let h = text[at..].trim_start().trim_start_matches('#');
    let v = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).expect("a hex colour");
    RGBColor(v(0), v(2), v(4))
}

#[test]
fn the_modes_stay_apart_for_every_reader_in_light_and_dark() {
    let (p, v) = (srgb(PLATFORM), srgb(VIRTUAL));
    assert!(
        least_apart(p, v) >= MODES_APART,
        "light: {}",
        least_apart(p, v)
    );
    let d = least_apart(dark(p), dark(v));
    assert!(d >= MODES_APART, "dark charts: {d}");
    // The dark theme's own mode colours (text, borders).
    let css = include_str!("../../www/share.css");
    let dark_root = &css[css.find(":root.dark").expect("dark theme")..];
    let (dp, dv) = (hex(dark_root, "--platform"), hex(dark_root, "--virtual"));
    let d = least_apart(srgb(dp), srgb(dv));
    assert!(d >= MODES_APART, "dark page: {d}");
    // A test that cannot fail is a defect: the timeline's old red (pinned)
    // and green (on a core) were confusable with deuteranopia.
    let (red, green) = (srgb(RGBColor(200, 30, 60)), srgb(RGBColor(44, 160, 44)));
    assert!(least_apart(red, green) < CONFUSABLE);
}

#[test]
fn the_page_shows_the_modes_in_the_charts_colours() {
    let css = include_str!("../../www/style.css");
    assert_eq!(hex(css, "--platform"), PLATFORM);
    assert_eq!(hex(css, "--virtual"), VIRTUAL);
}

#[test]
fn no_two_gauges_share_a_colour_and_none_of_one_stroke_can_be_confused() {
    let all: Vec<(String, RGBColor)> = (UTILISATION_GAUGES.iter())
        .map(|(g, l)| (l.0.to_string(), gauge_color(*g)))
        .collect();
    let mut colours: Vec<RGBColor> = all.iter().map(|c| c.1).collect();
    colours.sort_by_key(|c| (c.0, c.1, c.2));
    colours.dedup();
    assert_eq!(colours.len(), all.len(), "a colour each: {all:?}");
    // At work is solid, waiting dashed: within each, hue alone tells them apart.
    for waiting in [false, true] {
        let group: Vec<_> = (UTILISATION_GAUGES.iter().zip(&all))
            .filter(|((g, _), _)| QUEUES.contains(g) == waiting)
            .map(|(_, c)| c.clone())
            .collect();
        assert_eq!(confusable(&group), Vec::<String>::new());
    }
}

#[test]
fn memory_kinds_and_thread_states_each_have_a_colour_none_can_confuse() {
    let kinds: Vec<_> = (MEMORY_KINDS.iter())
        .map(|(k, l)| (l.0.to_string(), kind_color(*k)))
        .collect();
    assert_eq!(confusable(&kinds), Vec::<String>::new());
    let states: Vec<_> = (LaneState::ALL.into_iter())
        .map(|s| (lane_state_words(s).0.0.to_string(), state_color(s)))
        .collect();
    assert_eq!(confusable(&states), Vec::<String>::new());
}

/// WCAG's contrast ratio of two sRGB colours (relative luminance from
/// linear light).
fn contrast(a: Rgb, b: Rgb) -> f64 {
    let y = |c: Rgb| {
        let l = c.map(to_linear);
        0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]
    };
    let (ya, yb) = (y(a), y(b));
    (ya.max(yb) + 0.05) / (ya.min(yb) + 0.05)
}

/// The colours of `colours` (named) below WCAG 1.4.11's 3:1 against the
/// chart's background, on the light page or under the dark theme's filter.
fn faint(colours: &[(String, RGBColor)]) -> Vec<String> {
    let ground = srgb(BACKGROUND);
    let mut out = Vec::new();
    for (name, c) in colours {
        let light = contrast(srgb(*c), ground);
        let dark = contrast(dark(srgb(*c)), dark(ground));
        if light < GRAPHIC_CONTRAST || dark < GRAPHIC_CONTRAST {
            out.push(format!("{name}: {light:.2}:1 light, {dark:.2}:1 dark"));
        }
    }
    out
}

/// Every line, bar and area edge that names a series has 3:1 against the
/// chart's background in both themes (WCAG 1.4.11): the utilisation
/// chart's lines, the memory chart's band edges (its light fills have a
/// darker edge), the timeline's states (idle is drawn as nothing on
/// purpose). Okabe and Ito's orange and sky blue (2.2 and 2.3:1 on white),
/// Tol's teal (2.8) and sand (1.6) and the light grey (1.9) did not.
#[test]
fn every_series_colour_has_3_to_1_on_the_chart_background_in_both_themes() {
    let gauges: Vec<_> = (UTILISATION_GAUGES.iter())
        .map(|(g, l)| (l.0.to_string(), gauge_color(*g)))
        .collect();
    assert_eq!(faint(&gauges), Vec::<String>::new());
    let edges: Vec<_> = (MEMORY_KINDS.iter())
        .map(|(k, l)| (l.0.to_string(), edge_color(*k)))
        .collect();
    assert_eq!(faint(&edges), Vec::<String>::new());
    // Idle is the background's light grey on purpose (tested below).
    let states: Vec<_> = (LaneState::ALL.into_iter())
        .filter(|s| *s != LaneState::Idle)
        .map(|s| (lane_state_words(s).0.0.to_string(), state_color(s)))
        .collect();
    assert_eq!(faint(&states), Vec::<String>::new());
    // A test that cannot fail is a defect: Okabe and Ito's orange and sky
    // blue as they are, and the light grey, are below 3:1 on white.
    let old = [
        ("orange".to_string(), palette::ORANGE),
        ("sky blue".to_string(), palette::SKY_BLUE),
        ("light grey".to_string(), palette::LIGHT_GREY),
    ];
    assert_eq!(faint(&old).len(), 3, "{:?}", faint(&old));
}
