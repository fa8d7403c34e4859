//! Successful requests per second and latency over the time of one run,
//! both columns on one time axis, with the lowest capacity ceiling and
//! measured figures as lines. The values are `app::run::over_time`'s: counts over
//! a window of whole request cycles, not bursts within one.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::data::{ChartData, Series, Unit};
use super::legend::{Dash, Entry, Swatch, with_legend};
use super::pauses::draw_pause_strip;
use super::style::{
    GUIDE_DASH, MEASURED_DOTS, Style, chart_builder, draw_guide, draw_mesh, mode_color,
};
use super::{ChartError, Frame, Tooltip, draw_message, err, plot_frame};
use crate::app::basis::format::ms_in;
use crate::app::run::over_time::{self, Line};
use crate::app::show::charts::run_label;
use crate::app::{Bounds, Marker, RunView, TimeMetric};
use crate::i18n::keys::Key;
use crate::i18n::keys::chart as k;
use crate::i18n::{Arg, Locale};

fn max_t(runs: &[&RunView]) -> f64 {
    runs.iter().map(|r| over_time::end_s(r)).fold(0.0, f64::max)
}

/// The lines of one run: successes (and every finished request), or the
/// mean and p99 latency.
fn lines(r: &RunView, metric: TimeMetric) -> [Line; 2] {
    match metric {
        TimeMetric::Throughput => [over_time::successes(r), over_time::finished(r)],
        TimeMetric::Latency => [
            over_time::latency(r, &r.series.latency_mean_ms),
            over_time::latency(r, &r.series.latency_p99_ms),
        ],
    }
}

/// The ceilings drawn: each column's lowest one below the top.
fn ceilings(bounds: &[Bounds], ymax: f64) -> impl Iterator<Item = &Bounds> {
    bounds.iter().filter(move |t| t.max_rps() < ymax)
}

/// A text that names a run's column (`{$name}`).
fn of_run(l: Locale, key: Key, r: &RunView) -> String {
    key.text(l, &[("name", Arg::Text(run_label(r, l)))])
}

/// The ceiling of `b` in words.
fn ceiling_words(l: Locale, b: &Bounds) -> String {
    k::CEILING_RPS.text(l, &[("rps", Arg::Fixed(b.max_rps(), 0))])
}

fn legend(
    l: Locale,
    runs: &[&RunView],
    bounds: &[Bounds],
    measured: &[Marker],
    metric: TimeMetric,
    ymax: f64,
) -> Vec<Entry> {
    let mut out: Vec<Entry> = runs
        .iter()
        .map(|r| {
            let c = mode_color(r.mode).to_rgba();
            Entry::line(c, Dash::Solid, 2.5, run_label(r, l))
        })
        .collect();
    for r in runs.iter().filter(|r| !r.gc.pauses.is_empty()) {
        out.push(Entry {
            swatch: Swatch::Fill(mode_color(r.mode).to_rgba()),
            label: of_run(l, k::GC_PAUSES_OF, r),
        });
    }
    if metric == TimeMetric::Throughput {
        for t in ceilings(bounds, ymax) {
            out.push(Entry::line(
                mode_color(t.mode).mix(0.55),
                Dash::Dashed,
                GUIDE_DASH.2,
                ceiling_words(l, t),
            ));
        }
        // Dotted in its run's colour: beside that run's dashed ceiling, and
        // apart from another run's figure.
        for m in measured {
            out.push(Entry::line(
                mode_color(m.mode).to_rgba(),
                Dash::Dotted,
                MEASURED_DOTS.2,
                m.label.clone(),
            ));
        }
    }
    out
}

/// Draws successes per second or latency over time for each run.
pub fn draw_over_time<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    style: &Style,
    l: Locale,
    runs: &[&RunView],
    bounds: &[Bounds],
    measured: &[Marker],
    metric: TimeMetric,
) -> Result<Frame, ChartError> {
    let t1 = max_t(runs);
    if t1 <= 0.0 {
        return draw_message(area, style, &k::RUNNING.text(l, &[]));
    }
    area.fill(&WHITE).map_err(err)?;
    let all: Vec<(&RunView, [Line; 2])> = runs.iter().map(|r| (*r, lines(r, metric))).collect();
    let shown = |ls: &[Line; 2]| match metric {
        // The second throughput line is only for the tooltip.
        TimeMetric::Throughput => ls[..1].to_vec(),
        TimeMetric::Latency => ls.to_vec(),
    };
    let mut ymax = all
        .iter()
        .flat_map(|(_, ls)| shown(ls).into_iter().flatten().map(|(_, y)| y))
        .chain(measured.iter().map(|m| m.y))
        .fold(0.0f64, f64::max);
    if metric == TimeMetric::Throughput {
        for t in bounds {
            if t.max_rps() < ymax * 1.6 {
                ymax = ymax.max(t.max_rps());
            }
        }
    }
    let ymax = if ymax > 0.0 { ymax * 1.12 } else { 1.0 };
    let y_desc = match metric {
        TimeMetric::Throughput => k::AXIS_SUCCESSFUL,
        TimeMetric::Latency => k::AXIS_LATENCY_MEAN_P99,
    };
    let plot = with_legend(
        area,
        style,
        &legend(l, runs, bounds, measured, metric, ymax),
    )?;
    let mut chart = chart_builder(&plot, style)
        .build_cartesian_2d(0f64..t1, 0f64..ymax)
        .map_err(err)?;
    let x_desc = k::AXIS_TIME_S.text(l, &[]);
    draw_mesh(&mut chart, style, l, &x_desc, &y_desc.text(l, &[]))?;
    // Stop-the-world pauses along the top, a strip for each run.
    for (row, r) in runs.iter().enumerate() {
        draw_pause_strip(
            &mut chart,
            style,
            &r.gc.pauses,
            (t1, ymax),
            row,
            mode_color(r.mode),
        )?;
    }
    if metric == TimeMetric::Throughput {
        for t in ceilings(bounds, ymax) {
            let y = t.max_rps();
            draw_guide(
                &mut chart,
                style,
                vec![(0.0, y), (t1, y)],
                mode_color(t.mode).mix(0.55),
            )?;
        }
        for m in measured {
            chart
                .draw_series(style.dashed(
                    [(0.0, m.y), (t1, m.y)],
                    &mode_color(m.mode),
                    MEASURED_DOTS,
                ))
                .map_err(err)?;
        }
    }
    // The first run is drawn widest: where both give the same value, the
    // one beneath still shows around the other.
    let n = all.len();
    for (k, (r, ls)) in all.iter().enumerate() {
        let c = mode_color(r.mode);
        let width = 2.5 + 2.0 * (n - 1 - k) as f64;
        for (i, pts) in shown(ls).into_iter().enumerate() {
            if i == 0 {
                chart
                    .draw_series(LineSeries::new(pts, c.stroke_width(style.line(width))))
                    .map_err(err)?;
            } else {
                chart
                    .draw_series(style.dashed(pts, &c, (8.0, 4.0, 1.5)))
                    .map_err(err)?;
            }
        }
    }
    Ok(plot_frame(&chart, (0.0, t1), ymax, false))
}

/// The value of `line` nearest to time `t`, unless the run was over by then.
fn at(line: &Line, t: f64, end: f64) -> Option<f64> {
    if t > end {
        return None;
    }
    line.iter()
        .min_by(|a, b| (a.0 - t).abs().total_cmp(&(b.0 - t).abs()))
        .map(|p| p.1)
}

/// Each run's values nearest to time `t` (s).
pub fn over_time_tooltip(
    l: Locale,
    runs: &[&RunView],
    metric: TimeMetric,
    t: f64,
) -> Option<Tooltip> {
    let mut out = Vec::new();
    for r in runs {
        let name = ("name", Arg::Text(run_label(r, l)));
        let [a, b] = lines(r, metric);
        let end = over_time::end_s(r);
        let whole = |x: f64| Arg::Fixed(x, 0);
        let time = |x: f64| Arg::Text(ms_in(l, x));
        out.push(match (metric, at(&a, t, end), at(&b, t, end)) {
            (_, None, _) | (_, _, None) => k::TIP_RUN_OVER.text(l, &[name]),
            (TimeMetric::Throughput, Some(ok), Some(all)) if all - ok >= 0.5 => {
                k::TIP_SUCCESSFUL_ALL.text(l, &[name, ("ok", whole(ok)), ("all", whole(all))])
            }
            (TimeMetric::Throughput, Some(ok), _) => {
                k::TIP_SUCCESSFUL.text(l, &[name, ("ok", whole(ok))])
            }
            (TimeMetric::Latency, Some(mean), Some(p99)) => {
                k::TIP_MEAN_P99.text(l, &[name, ("mean", time(mean)), ("p99", time(p99))])
            }
        });
    }
    (!out.is_empty()).then(|| Tooltip {
        title: format!("t = {} s", l.number(t, 2)),
        lines: out,
    })
}

/// The numbers of the time charts: each run's lines (successes and every
/// response, or mean and p99 latency), with the ceilings and measured
/// figures as notes.
pub fn over_time_data(
    l: Locale,
    runs: &[&RunView],
    bounds: &[Bounds],
    measured: &[Marker],
    metric: TimeMetric,
) -> ChartData {
    let (names, unit) = match metric {
        TimeMetric::Throughput => (
            [k::SERIES_SUCCESSFUL, k::SERIES_ALL_RESPONSES],
            Unit::ReqPerS,
        ),
        TimeMetric::Latency => ([k::SERIES_MEAN, k::SERIES_P99], Unit::Ms),
    };
    let mut series = Vec::new();
    for r in runs {
        for (line, what) in lines(r, metric).into_iter().zip(names) {
            series.push(Series::new(of_run(l, what, r), unit, line));
        }
    }
    let mut notes = Vec::new();
    if metric == TimeMetric::Throughput {
        notes.extend(bounds.iter().map(|b| ceiling_words(l, b)));
        notes.extend(measured.iter().map(|m| m.label.clone()));
    }
    ChartData::over_time(l, series, notes)
}

/// The runs over time of `Plot::OverTime`, with their ceilings and measured figures, as [`super::draw`], [`super::tooltip`] and
/// [`super::data`] show it.
pub(crate) struct OverTimePlot<'a>(
    pub Vec<&'a RunView>,
    pub &'a [Bounds],
    pub &'a [Marker],
    pub TimeMetric,
);

impl super::Drawn for OverTimePlot<'_> {
    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
        l: Locale,
    ) -> Result<Frame, ChartError> {
        draw_over_time(area, style, l, &self.0, self.1, self.2, self.3)
    }

    fn tooltip(&self, l: Locale, x: f64) -> Option<Tooltip> {
        over_time_tooltip(l, &self.0, self.3, x)
    }

    fn data(&self, l: Locale) -> ChartData {
        over_time_data(l, &self.0, self.1, self.2, self.3)
    }
}
