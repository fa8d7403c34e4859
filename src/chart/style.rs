//! Colours, fonts and line widths shared by every chart, scaled for the
//! device (pixel ratio) and the room (a projector gets larger text).

use plotters::chart::MeshStyle;
use plotters::coord::Shift;
use plotters::coord::ranged1d::ValueFormatter;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::app::Mode;
use crate::app::basis::format::{em_width, tick_in};
use crate::i18n::Locale;

/// Platform threads: Okabe and Ito's vermillion.
pub(super) const PLATFORM: RGBColor = palette::VERMILLION;
/// Virtual threads: Okabe and Ito's blue.
pub(super) const VIRTUAL: RGBColor = palette::BLUE;
/// Measured figures: near black.
pub(super) const MEASURED: RGBColor = RGBColor(20, 20, 20);
/// Theory lines and secondary text.
pub(super) const MUTED: RGBColor = RGBColor(110, 110, 110);
/// Grid lines.
pub(super) const GRID: RGBColor = RGBColor(225, 225, 225);

/// Failed requests: a red that reads on white and beside both column colours.
pub(super) const FAILED: RGBColor = RGBColor(200, 0, 40);

/// Named colours for series: Okabe and Ito's colour-blind-safe set
/// ("Color Universal Design", 2008), then a few of Paul Tol's, for charts
/// with more series than that set has colours. Each chart picks its own
/// (no two of its series alike; those a colour-vision deficiency could
/// confuse differ in stroke, tested).
pub(super) mod palette {
    use plotters::style::RGBColor;

    /// Okabe–Ito blue, #0072B2.
    pub(crate) const BLUE: RGBColor = RGBColor(0, 114, 178);
    /// Okabe–Ito vermillion, #D55E00.
    pub(crate) const VERMILLION: RGBColor = RGBColor(213, 94, 0);
    /// Okabe–Ito orange, #E69F00 (fills only: 2.2:1 on white).
    pub(crate) const ORANGE: RGBColor = RGBColor(230, 159, 0);
    /// Okabe–Ito sky blue, #56B4E9 (fills only: 2.3:1 on white, below
    /// WCAG 1.4.11's 3:1 for a line or a fill's edge).
    pub(crate) const SKY_BLUE: RGBColor = RGBColor(86, 180, 233);
    /// Okabe–Ito orange, #E69F00, darkened in linear light (its hue kept)
    /// to 3.1:1 on white: the orange of a line.
    pub(crate) const AMBER: RGBColor = RGBColor(196, 135, 0);
    /// Paul Tol's cyan, #33BBEE, darkened to 3.1:1 on white: a sky blue
    /// that reaches 3:1 and stays apart from the blue (a darkened sky
    /// blue would not, for a deuteranope).
    pub(crate) const CYAN: RGBColor = RGBColor(42, 158, 202);
    /// Okabe–Ito reddish purple, #CC79A7.
    pub(crate) const REDDISH_PURPLE: RGBColor = RGBColor(204, 121, 167);
    /// Near black (the axes are black).
    pub(crate) const NEAR_BLACK: RGBColor = RGBColor(51, 51, 51);
    /// Paul Tol's indigo, #332288.
    pub(crate) const INDIGO: RGBColor = RGBColor(51, 34, 136);
    /// Paul Tol's green, #117733.
    pub(crate) const GREEN: RGBColor = RGBColor(17, 119, 51);
    /// Paul Tol's purple, #AA4499.
    pub(crate) const PURPLE: RGBColor = RGBColor(170, 68, 153);
    /// Paul Tol's teal, #44AA99, darkened to 3:1 on white (2.8:1 as Tol
    /// gives it).
    pub(crate) const TEAL: RGBColor = RGBColor(65, 163, 147);
    /// Paul Tol's sand, #DDCC77, darkened to 3:1 on white (1.6:1 as Tol
    /// gives it).
    pub(crate) const SAND: RGBColor = RGBColor(161, 148, 85);
    /// Paul Tol's wine, #882255.
    pub(crate) const WINE: RGBColor = RGBColor(136, 34, 85);
    /// A mid grey.
    pub(crate) const GREY: RGBColor = RGBColor(119, 119, 119);
    /// A dark grey (fills).
    pub(crate) const DARK_GREY: RGBColor = RGBColor(90, 90, 90);
    /// A light grey (fills).
    pub(crate) const LIGHT_GREY: RGBColor = RGBColor(189, 189, 189);
}

/// The charts' background (white; the dark theme's filter darkens it with
/// everything else, `www/share.css`).
pub(super) const BACKGROUND: RGBColor = WHITE;

/// WCAG 1.4.11's least contrast for a graphic that carries meaning (a
/// line, a bar, the edge of an area) against what is beside it.
pub(super) const GRAPHIC_CONTRAST: f64 = 3.0;

/// The edge drawn around a fill of `c`: `c` itself when it has
/// [`GRAPHIC_CONTRAST`] on the background, else `c` darkened (every
/// channel scaled in linear light, so its hue stays) until it has.
pub(super) fn outline(c: RGBColor) -> RGBColor {
    let linear = |v: u8| to_linear(f64::from(v) / 255.0);
    let srgb = |l: f64| {
        let v = if l <= 0.003_130_8 {
            12.92 * l
        } else {
            1.055 * l.powf(1.0 / 2.4) - 0.055
        };
        (v * 255.0).round().clamp(0.0, 255.0) as u8
    };
    let luminance =
        |c: RGBColor| 0.2126 * linear(c.0) + 0.7152 * linear(c.1) + 0.0722 * linear(c.2);
    let l = [linear(c.0), linear(c.1), linear(c.2)];
    let y = luminance(c);
    // The luminance at which a colour has the contrast on the (lighter)
    // background, with room for rounding to 8 bits.
    let most = (luminance(BACKGROUND) + 0.05) / GRAPHIC_CONTRAST - 0.05 - 0.005;
    if y <= most {
        return c;
    }
    let k = most / y;
    RGBColor(srgb(l[0] * k), srgb(l[1] * k), srgb(l[2] * k))
}

/// An sRGB channel (0–1) in linear light (IEC 61966-2-1), where
/// luminance adds up.
pub(super) fn to_linear(v: f64) -> f64 {
    if v <= 0.04045 {
        v / 12.92
    } else {
        ((v + 0.055) / 1.055).powf(2.4)
    }
}

/// Sizes for one drawing surface.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    /// Base font size in device pixels.
    pub font_px: f64,
    /// Device pixels per CSS pixel (line widths scale with it).
    pub scale: f64,
    /// The smallest text, relative to the base size: 0 lets legends and
    /// tick labels be smaller than the base (a screen read up close);
    /// presenter mode sets 1, so nothing on a chart is smaller than its
    /// base size (a room read from its back row).
    pub min_rel: f64,
}

impl Default for Style {
    fn default() -> Self {
        Style {
            font_px: 14.0,
            scale: 1.0,
            min_rel: 0.0,
        }
    }
}

impl Style {
    /// A font `rel` times the base size (at least `min_rel` times).
    pub fn font(&self, rel: f64) -> TextStyle<'static> {
        ("sans-serif", self.font_px * self.rel(rel))
            .into_font()
            .color(&BLACK)
    }

    /// The size of a font `rel` times the base size, device pixels.
    pub fn font_size(&self, rel: f64) -> f64 {
        self.font_px * self.rel(rel)
    }

    /// `rel`, or the smallest size allowed.
    fn rel(&self, rel: f64) -> f64 {
        rel.max(self.min_rel)
    }

    /// A font anchored for labels placed at their right end.
    pub fn font_right(&self, rel: f64) -> TextStyle<'static> {
        self.font(rel).pos(Pos::new(HPos::Right, VPos::Center))
    }

    /// A line width in device pixels.
    pub fn line(&self, css_px: f64) -> u32 {
        (css_px * self.scale).round().max(1.0) as u32
    }

    /// About how wide `text` is at `rel` times the base size, in device
    /// pixels (a little wide: the page's sans-serif fonts average ~0.55 em
    /// a Latin character, a Chinese one takes a whole em, and space to
    /// spare is better than overlap).
    pub fn text_width(&self, text: &str, rel: f64) -> i32 {
        let ems: f64 = text.chars().map(em_width).sum();
        (ems * self.font_px * self.rel(rel)).ceil() as i32
    }

    /// `desc`, an axis's label at `rel` times the base size, as it fits in
    /// `room` device pixels: whole if it fits, else its head before a
    /// colon (a label such as "latency (ms): p50 solid, p99 dashed" repeats
    /// its explanation in the chart's line above), else cut with an
    /// ellipsis — never drawn past the chart's edge.
    pub fn fit_axis_desc(&self, desc: &str, rel: f64, room: i32) -> String {
        if self.text_width(desc, rel) <= room {
            return desc.to_string();
        }
        let head = desc.split([':', '：']).next().unwrap_or(desc).trim_end();
        if self.text_width(head, rel) <= room {
            return head.to_string();
        }
        let mut cut: String = head.to_string();
        while !cut.is_empty() && self.text_width(&format!("{cut}…"), rel) > room {
            cut.pop();
        }
        format!("{}…", cut.trim_end())
    }

    /// A length in device pixels.
    pub fn px(&self, css_px: f64) -> i32 {
        (css_px * self.scale).round() as i32
    }

    /// A dashed line through `pts` in `color`; `dash`, `gap` and `width`
    /// are CSS pixels.
    pub fn dashed<I>(
        &self,
        pts: I,
        color: &impl Color,
        (dash, gap, width): (f64, f64, f64),
    ) -> DashedLineSeries<I::IntoIter, i32>
    where
        I: IntoIterator<Item = (f64, f64)>,
        I::IntoIter: Clone,
    {
        DashedLineSeries::new(
            pts,
            self.px(dash),
            self.px(gap),
            color.stroke_width(self.line(width)),
        )
    }

    /// Space for x-axis labels and tick labels.
    pub fn x_label_area(&self) -> u32 {
        (self.font_px * 3.2) as u32
    }

    /// Space for y-axis labels and tick labels.
    pub fn y_label_area(&self) -> u32 {
        (self.font_px * 4.6) as u32
    }

    /// Margin around the plot.
    pub fn margin(&self) -> u32 {
        (self.font_px * 0.8) as u32
    }
}

/// The colour of a server mode.
pub fn mode_color(mode: Mode) -> RGBColor {
    match mode {
        Mode::Platform => PLATFORM,
        Mode::Virtual => VIRTUAL,
    }
}

/// An axis description's size, relative to the base size.
const AXIS_DESC_REL: f64 = 0.9;

/// A chart builder on `area` with the house margin and label areas.
pub(crate) fn chart_builder<'a, 'b, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
    style: &Style,
) -> ChartBuilder<'a, 'b, DB> {
    let mut builder = ChartBuilder::on(area);
    builder
        .margin(style.margin())
        .x_label_area_size(style.x_label_area())
        .y_label_area_size(style.y_label_area());
    builder
}

/// The grid and axes in the house style, tick labels `tick_rel` times the
/// base size; the caller adds the descriptions and draws it.
pub(crate) fn house_mesh<'a, 'b, DB, X, Y>(
    chart: &'b mut ChartContext<'a, DB, Cartesian2d<X, Y>>,
    style: &Style,
    tick_rel: f64,
) -> MeshStyle<'a, 'b, X, Y, DB>
where
    DB: DrawingBackend,
    X: Ranged<ValueType = f64> + ValueFormatter<f64>,
    Y: Ranged<ValueType = f64> + ValueFormatter<f64>,
{
    let mut mesh = chart.configure_mesh();
    mesh.label_style(style.font(tick_rel))
        .axis_desc_style(style.font(AXIS_DESC_REL))
        .bold_line_style(GRID)
        .light_line_style(WHITE);
    mesh
}

/// Draws the grid and the axes' labels in the house style (tick labels
/// formatted by `format::tick_in` in `l`), as most charts want them.
pub(crate) fn draw_mesh<DB, X, Y>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<X, Y>>,
    style: &Style,
    l: Locale,
    x_desc: &str,
    y_desc: &str,
) -> Result<(), super::ChartError>
where
    DB: DrawingBackend,
    X: Ranged<ValueType = f64> + ValueFormatter<f64>,
    Y: Ranged<ValueType = f64> + ValueFormatter<f64>,
{
    let (xs, ys) = label_counts(chart, style);
    let (w, h) = chart.plotting_area().dim_in_pixel();
    // A description is centred on its axis and may reach a little past the
    // plot's ends into the margins; `text_width` is ~15 % wide for Latin
    // text, so the plot's length is a slightly short measure of the room.
    let fit =
        |desc, room: u32| style.fit_axis_desc(desc, AXIS_DESC_REL, (f64::from(room) * 1.15) as i32);
    let (x_desc, y_desc) = (fit(x_desc, w), fit(y_desc, h));
    house_mesh(chart, style, 0.85)
        .x_desc(x_desc)
        .y_desc(y_desc)
        .x_labels(xs)
        .y_labels(ys)
        .x_label_formatter(&|x| tick_in(l, *x))
        .y_label_formatter(&|y| tick_in(l, *y))
        .draw()
        .map_err(super::err)
}

/// How many tick labels fit along each axis without touching: one per
/// ~five characters' width across, one per ~two lines' height up.
pub(crate) fn label_counts<DB, CT>(
    chart: &ChartContext<'_, DB, CT>,
    style: &Style,
) -> (usize, usize)
where
    DB: DrawingBackend,
    CT: CoordTranslate,
{
    let (w, h) = chart.plotting_area().dim_in_pixel();
    let across = (w as f64 / (style.font_px * 4.5)).floor() as usize;
    let up = (h as f64 / (style.font_px * 2.2)).floor() as usize;
    (across.clamp(2, 12), up.clamp(2, 10))
}

/// Draws a dashed guide (a ceiling, a limit, a theory curve) through `pts`
/// in `color` (its legend entry is the caller's, in the strip above).
pub(crate) fn draw_guide<'a, DB, X, Y>(
    chart: &mut ChartContext<'a, DB, Cartesian2d<X, Y>>,
    style: &Style,
    pts: Vec<(f64, f64)>,
    color: RGBAColor,
) -> Result<(), super::ChartError>
where
    DB: DrawingBackend + 'a,
    X: Ranged<ValueType = f64>,
    Y: Ranged<ValueType = f64>,
{
    chart
        .draw_series(style.dashed(pts, &color, GUIDE_DASH))
        .map_err(super::err)?;
    Ok(())
}

/// A guide's dash, gap and width (CSS px).
pub(super) const GUIDE_DASH: (f64, f64, f64) = (6.0, 4.0, 1.5);

/// A measured figure's dotted line: dot, gap and width (CSS px).
pub(super) const MEASURED_DOTS: (f64, f64, f64) = (2.0, 3.0, 2.0);
