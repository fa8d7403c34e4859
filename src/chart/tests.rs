//! Every chart drawn into an SVG string: axis labels, legends and data paths
//! must be there; hover mapping behaves.

use plotters::prelude::*;
use plotters_svg::SVGBackend;

use super::style;
use super::*;
use crate::app::run::plan::single;
use crate::app::{
    Bounds, Marker, Mode, PerMode, SweepAxis, SweepChart, SweepMetric, SweepPoint, TimeMetric,
    nearest,
};
use crate::i18n::Locale;
use crate::scenario::{Draft, validate};
use crate::sim::run;

/// The charts' words in English (the tests read them).
const EN: Locale = Locale::En;

fn small(mode: Mode) -> (RunView, Bounds) {
    small_with(mode, &[])
}

/// [`small`] with `extra` settings on top.
fn small_with(mode: Mode, extra: &[(&str, &str)]) -> (RunView, Bounds) {
    let mut d = Draft::new();
    let base = [
        ("load.concurrency", "300"),
        ("load.requests", "3000"),
        ("server.threads_max", "100"),
        ("program", "cpu:0.1ms,db:5ms,io:20ms"),
        ("db.pool_size", "40"),
        ("db.timeout_ms", "250"),
    ];
    for (k, v) in base.iter().chain(extra) {
        d.set(k, v).unwrap();
    }
    let cfg = validate(&single(&d, mode)).unwrap();
    (RunView::from_report(mode, &run(&cfg)), Bounds::of(&cfg))
}

pub(super) fn svg(
    f: impl FnOnce(&DrawingArea<SVGBackend<'_>, plotters::coord::Shift>) -> Result<Frame, ChartError>,
) -> (String, Frame) {
    let mut out = String::new();
    let frame;
    {
        let area = SVGBackend::with_string(&mut out, (900, 500)).into_drawing_area();
        frame = f(&area).expect("draws");
        area.present().unwrap();
    }
    (out, frame)
}

fn sweep_chart() -> SweepChart {
    let (p, tp) = small(Mode::Platform);
    let (v, tv) = small(Mode::Virtual);
    let pts = |r: &RunView| {
        vec![
            SweepPoint {
                x: 10.0,
                throughput_rps: 400.0,
                goodput_rps: 400.0,
                p50_ms: 25.0,
                p99_ms: 26.0,
                ..Default::default()
            },
            SweepPoint {
                x: 300.0,
                throughput_rps: r.throughput_rps,
                goodput_rps: r.goodput_rps,
                p50_ms: r.latency.p50,
                p99_ms: r.latency.p99,
                error_pct: r.error_pct,
                ..Default::default()
            },
        ]
    };
    SweepChart {
        axis: SweepAxis::Concurrency,
        axis_label: SweepAxis::Concurrency.label(EN),
        labels: PerMode {
            platform: "platform threads".into(),
            virtual_threads: "virtual threads".into(),
        },
        curves: vec![(Mode::Platform, pts(&p)), (Mode::Virtual, pts(&v))],
        bounds: vec![tp, tv],
        markers: vec![Marker {
            mode: Mode::Virtual,
            x: 300.0,
            y: 5000.0,
            label: "measured 5,000 req/s".into(),
        }],
        here: Some(300.0),
    }
}

#[test]
fn sweep_charts_have_axes_legend_theory_and_markers() {
    let data = sweep_chart();
    let (s, frame) = svg(|a| draw_sweep(a, &Style::default(), EN, &data, SweepMetric::Throughput));
    for text in [
        "concurrency",
        "successful requests/s",
        "platform threads",
        "virtual threads",
        "measured",
        "theory",
        "ceiling",
    ] {
        assert!(s.contains(text), "missing {text:?}");
    }
    assert!(s.matches("<polyline").count() >= 2, "data paths");
    assert!(frame.log_x && frame.px_right > frame.px_left);
    let (s, _) = svg(|a| draw_sweep(a, &Style::default(), EN, &data, SweepMetric::Latency));
    // SVG text escapes the apostrophe.
    assert!(s.contains("latency (ms)") && s.contains("Little&apos;s law"));
    let tip = sweep_tooltip(EN, &data, SweepMetric::Throughput, 290.0).unwrap();
    assert!(tip.title.contains("300"));
    assert!(tip.lines.iter().any(|l| l.contains("measured")));
}

#[test]
fn run_charts_draw_their_data() {
    let (p, tp) = small(Mode::Platform);
    let (v, tv) = small(Mode::Virtual);
    let runs = [&p, &v];
    let theory = [tp, tv];
    let st = Style::default();
    let (s, f) = svg(|a| draw_over_time(a, &st, EN, &runs, &theory, &[], TimeMetric::Throughput));
    assert!(
        s.contains("simulated time (s)")
            && s.contains("platform threads")
            && s.contains("<polyline")
    );
    assert!(over_time_tooltip(EN, &runs, TimeMetric::Throughput, f.x_max / 3.0).is_some());
    let (s, _) = svg(|a| draw_over_time(a, &st, EN, &runs, &theory, &[], TimeMetric::Latency));
    assert!(s.contains("latency (ms)"));
    let (s, _) = svg(|a| draw_timeline(a, &st, EN, &p));
    assert!(s.contains("Tomcat threads") && s.contains("blocked") && s.contains("<rect"));
    let (s, _) = svg(|a| draw_timeline(a, &st, EN, &v));
    assert!(s.contains("carrier threads") && s.contains("mounted"));
    let (s, _) = svg(|a| draw_utilisation(a, &st, EN, &p));
    assert!(s.contains("Tomcat threads busy") && s.contains("<polyline"));
    let (s, _) = svg(|a| draw_memory(a, &st, EN, &p));
    assert!(s.contains("native below, heap above") && s.contains("heap: requests"));
    let (s, _) = svg(|a| draw_histogram(a, &st, EN, &runs));
    assert!(s.contains("share of responses (%)") && s.contains("<rect"));
    let (s, _) = svg(|a| draw_errors(a, &st, EN, &runs));
    // The small runs have no errors (40 connections for 300 clients' 5 ms
    // queries); one connection for 100 threads' queries (HikariCP's
    // shortest connectionTimeout, 250 ms, is 50 queries' time) fails some.
    assert!(s.contains("no errors") && !s.contains("failed requests"));
    let failing = small_with(Mode::Platform, &[("db.pool_size", "1")]).0;
    let (s, _) = svg(|a| draw_errors(a, &st, EN, &[&failing]));
    assert!(s.contains("failed requests") && !s.contains("no errors"));
    assert!(timeline_tooltip(EN, &p, p.timeline.start_ms + 1.0).is_some());
}

/// A run whose collector pauses often: memory by kind with both limits,
/// and the pauses on the memory chart, the time charts and the timeline.
#[test]
fn memory_is_stacked_by_kind_with_its_limits_and_pauses_show() {
    let mut d = Draft::new();
    for (k, v) in [
        ("load.concurrency", "200"),
        ("load.requests", "4000"),
        ("program", "cpu:0.2ms,io:20ms"),
        ("memory.heap_mb", "256"),
        ("memory.container_mb", "700"),
        ("gc.alloc_kb", "4096"),
        ("record.timeline_window_ms", "400"),
    ] {
        d.set(k, v).unwrap();
    }
    let cfg = validate(&single(&d, Mode::Virtual)).unwrap();
    let v = RunView::from_report(Mode::Virtual, &run(&cfg));
    assert!(v.gc.pauses.len() > 5, "{}", v.gc.summary(EN));
    let st = Style::default();
    let (s, f) = svg(|a| draw_memory(a, &st, EN, &v));
    for text in [
        "stack chunks",
        "native: thread stacks (resident)",
        "-Xmx 256 MB (above native memory)",
        "container limit 700 MB (resident)",
        "GC pauses (along the top)",
    ] {
        assert!(s.contains(text), "{text} missing from the memory chart");
    }
    // Native memory is stacked first, so -Xmx is drawn above it.
    let at = |text: &str| s.find(text).unwrap_or(usize::MAX);
    assert!(at("native: thread stacks") < at("heap: the idle service"));
    let tip = memory_tooltip(EN, &v, f.x_max / 2.0).expect("a tooltip");
    assert!(tip.lines.iter().any(|l| l.contains("reserved")), "{tip:?}");
    let (s, _) = svg(|a| draw_over_time(a, &st, EN, &[&v], &[], &[], TimeMetric::Latency));
    assert!(s.contains("GC pauses, virtual threads"));
    let (s, _) = svg(|a| draw_timeline(a, &st, EN, &v));
    assert!(s.contains("GC pause (every thread stopped)"));
}

#[test]
fn errors_chart_names_causes() {
    let (mut p, _) = small(Mode::Platform);
    p.failures = vec![("client_timeout".into(), 12), ("pool_timeout".into(), 3)];
    let (s, f) = svg(|a| draw_errors(a, &Style::default(), EN, &[&p]));
    assert!(s.contains("client timeout") && s.contains("DB pool timeout"));
    let tip = errors_tooltip(EN, &[&p], f.x_min + 0.5).unwrap();
    assert!(tip.lines[0].contains("12"));
}

#[test]
fn frame_maps_pixels_back_to_data() {
    let f = Frame {
        px_left: 100.0,
        px_right: 500.0,
        x_min: 1.0,
        x_max: 10_000.0,
        log_x: true,
        ..Default::default()
    };
    assert!((f.data_x(300.0).unwrap() - 100.0).abs() < 1e-6);
    assert!(f.data_x(10.0).is_none());
    assert_eq!(nearest(&[1.0, 10.0, 100.0], 40.0, true), Some(2));
    assert_eq!(nearest(&[1.0, 10.0, 100.0], 40.0, false), Some(1));
}

#[test]
fn every_chart_of_the_page_draws_and_answers_the_pointer() {
    let all = page_charts();
    assert_eq!(all.len(), 14);
    for c in all {
        let (out, frame) = svg(|a| draw(a, &Style::default(), &c.spec));
        if c.id == "chart-connections" {
            // Open, idle and queued connections, and reconnects.
            for label in ["open", "idle", "in the accept queue", "reconnects"] {
                assert!(out.contains(label), "{label}: {out}");
            }
            assert!(c.title.contains("hey"), "{}", c.title);
        }
        if c.id == "chart-errors" {
            // Nothing failed in this scenario, and the chart says so.
            assert!(out.contains("no errors"), "{out}");
            continue;
        }
        assert!(frame.px_right > frame.px_left, "{} draws data", c.id);
        let middle = (frame.x_min + frame.x_max) / 2.0;
        assert!(tooltip(&c.spec, middle).is_some(), "{} has a tooltip", c.id);
    }
}

#[test]
fn an_exported_chart_names_its_source_under_it() {
    let (run, _) = small(Mode::Platform);
    let spec = ChartSpec::new(ChartKind::Memory(std::rc::Rc::new(run)), EN);
    let lines = vec![
        "threadlab · Memory · E2 · seed 1".to_string(),
        "http://127.0.0.1/?v=1".to_string(),
    ];
    let (out, frame) = svg(|a| draw_captioned(a, &Style::default(), &spec, &lines));
    assert!(
        out.contains("threadlab · Memory · E2 · seed 1"),
        "caption drawn"
    );
    assert!(out.contains("http://127.0.0.1/?v=1"), "permalink drawn");
    assert!(frame.px_bottom < 500.0 - caption_height(&Style::default(), 2) as f64 + 1.0);
}

/// The stroke colours of the SVG's polylines (the data lines; the axes are
/// black), once each.
fn line_colours(svg: &str) -> Vec<String> {
    let mut out: Vec<String> = svg
        .split("<polyline")
        .skip(1)
        .filter_map(|p| {
            let s = p.split("stroke=\"").nth(1)?;
            Some(s.split('"').next()?.to_string())
        })
        .collect();
    out.retain(|c| c != "#000000");
    out.sort();
    out.dedup();
    out
}

/// The y of every text element whose content is `label`.
fn text_y(svg: &str, label: &str) -> Vec<f64> {
    svg.split("<text")
        .skip(1)
        .filter(|t| {
            t.split('>')
                .nth(1)
                .is_some_and(|c| c.trim_start().starts_with(label))
        })
        .filter_map(|t| t.split("y=\"").nth(1)?.split('"').next()?.parse().ok())
        .collect()
}

#[test]
fn utilisation_gives_every_series_its_own_colour_and_keeps_the_legend_off_the_plot() {
    let (p, _) = small(Mode::Platform);
    let (v, _) = small(Mode::Virtual);
    for run in [&p, &v] {
        let n = run.series.gauges.len();
        assert!(n >= 3, "{:?}: {n} gauges", run.mode);
        let (s, frame) = svg(|a| draw_utilisation(a, &Style::default(), EN, run));
        assert_eq!(
            line_colours(&s).len(),
            n,
            "{:?}: one colour per series: {:?}",
            run.mode,
            line_colours(&s)
        );
        for (name, label) in crate::app::run::digest::UTILISATION_GAUGES {
            if run.series.gauges.contains_key(name) {
                let label = label.text(EN, &[]);
                let ys = text_y(&s, &label);
                assert!(!ys.is_empty(), "{label} in the legend");
                assert!(
                    ys.iter().all(|y| *y < frame.px_top),
                    "{label} above the plot"
                );
            }
        }
        // Busy and waiting on panels of their own.
        assert!(s.contains("at work (solid)") && s.contains("waiting (dashed)"));
    }
}

#[test]
fn legends_wrap_into_rows_that_fit_the_width() {
    let entries: Vec<Entry> = (0..6)
        .map(|i| Entry {
            swatch: Swatch::Ring(style::FAILED),
            label: format!("a legend entry of some length {i}"),
        })
        .collect();
    let phone = Style {
        font_px: 12.0 * 3.0,
        scale: 3.0,
        ..Style::default()
    };
    assert_eq!(legend_rows(4000, &Style::default(), &entries), 1);
    assert!(legend_rows(1000, &phone, &entries) >= 6);
    let data = sweep_chart();
    for (w, st) in [(900, Style::default()), (1100, phone)] {
        let mut out = String::new();
        let frame;
        {
            let area = SVGBackend::with_string(&mut out, (w, 900)).into_drawing_area();
            frame = draw_sweep(&area, &st, EN, &data, SweepMetric::Throughput).unwrap();
            area.present().unwrap();
        }
        for label in ["platform threads", "measured"] {
            let ys = text_y(&out, label);
            assert!(ys.iter().all(|y| *y < frame.px_top), "{label} at {ys:?}");
        }
    }
}

#[test]
fn sweep_points_with_failures_are_ringed_and_successes_plotted() {
    let mut data = sweep_chart();
    data.markers.clear();
    let (s, _) = svg(|a| draw_sweep(a, &Style::default(), EN, &data, SweepMetric::Throughput));
    assert!(!s.contains("some requests failed"), "no failures, no ring");
    let p = &mut data.curves[1].1[1];
    p.error_pct = 40.0;
    p.throughput_rps = p.goodput_rps * 1.7;
    let (s, _) = svg(|a| draw_sweep(a, &Style::default(), EN, &data, SweepMetric::Throughput));
    assert!(s.contains("some requests failed"));
    assert!(s.contains("#C80028"), "a red ring");
    let tip = sweep_tooltip(EN, &data, SweepMetric::Throughput, 300.0).unwrap();
    assert!(
        tip.lines
            .iter()
            .any(|l| l.contains("40.0 % failed") && l.contains("hey's Requests/sec")),
        "{:?}",
        tip.lines
    );
}

#[test]
fn a_measured_line_has_a_dotted_swatch() {
    let (p, tp) = small(Mode::Platform);
    let m = Marker {
        mode: Mode::Platform,
        x: 300.0,
        y: 1000.0,
        label: "E9 measured, Requests/sec: 1,000 req/s".into(),
    };
    let (s, _) = svg(|a| {
        draw_over_time(
            a,
            &Style::default(),
            EN,
            &[&p],
            &[tp],
            &[m],
            TimeMetric::Throughput,
        )
    });
    assert!(s.contains("E9 measured"));
    // No marker glyph stands for the dotted line: its swatch is short dashes.
    assert!(!s.contains("<circle"), "no ⊗ in the legend");
}

/// The page's charts after a small run of both modes.
fn page_charts() -> Vec<crate::app::show::charts::ChartView> {
    crate::app::show::charts::charts(&page_state())
}

/// The page's state after a small run of the default scenario, sweep and all.
pub(super) fn page_state() -> crate::app::State {
    use crate::app::worker::job::run_blocking;
    use crate::app::{Action, State};
    let mut s = State::default();
    let mut job = s.job();
    for m in &mut job.modes {
        m.draft.set("load.concurrency", "40").unwrap();
        m.draft.set("load.requests", "400").unwrap();
    }
    for m in run_blocking(&job) {
        s.reduce(Action::Workers(vec![m]));
    }
    // A guarded call in each run, so that the calls chart has its series:
    // as many tries as requests, a tenth failed, the breaker open a while.
    for m in crate::app::MODES {
        let Some(run) = s.results.singles.get_mut(m).as_mut() else {
            continue;
        };
        let run = std::rc::Rc::make_mut(run);
        let sent = run.series.throughput_rps.clone();
        let n = sent.len();
        run.series.calls = vec![crate::sim::report::DownstreamSeries {
            name: "inv".into(),
            failed_per_s: sent.iter().map(|x| x / 10.0).collect(),
            sent_per_s: sent,
            retries_per_s: vec![0.0; n],
            refused_per_s: vec![0.0; n],
            open_share: (0..n).map(|i| f64::from(u8::from(i % 4 == 0))).collect(),
            half_open_share: vec![0.0; n],
            fault_s: None,
        }];
    }
    s
}

/// The registry's promise: every chart it declares (each column's, for a
/// chart per column) is built by `app::show::charts`, has an id of its own and a
/// title in every catalogue with its parameters filled, draws a plot (not
/// a message), has a table of at least one series and a tooltip at its
/// first row; and nothing is built that the registry does not declare.
#[test]
fn every_registered_chart_is_built_titled_drawn_and_has_a_table() {
    use crate::app::basis::chart_registry::chart_ids;
    use crate::app::show::charts::charts;
    let mut s = page_state();
    // A cause of errors in each run, so that the errors chart has a series.
    for m in crate::app::MODES {
        let run = s.results.singles.get_mut(m).as_mut().expect("a run");
        std::rc::Rc::make_mut(run).failures = vec![("client_timeout".into(), 3)];
    }
    let mut ids: Vec<&str> = chart_ids().iter().map(|c| c.id()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), chart_ids().len(), "an id twice: {ids:?}");
    for l in Locale::ALL {
        s.view.lang = l.code().to_string();
        let views = charts(&s);
        assert_eq!(views.len(), chart_ids().len(), "{}", l.code());
        for c in chart_ids() {
            let title = c.chart.title.0;
            assert!(
                crate::i18n::lookup(l, title).is_some(),
                "{}: no {} text of {title}",
                c.id(),
                l.code()
            );
            let v = (views.iter().find(|v| v.chart == c))
                .unwrap_or_else(|| panic!("{}: not built", c.id()));
            assert_eq!(v.id, c.element_id());
            assert!(
                !v.title.is_empty() && !v.title.contains("{$") && v.title != title,
                "{} ({}): title {:?}",
                c.id(),
                l.code(),
                v.title
            );
            assert!(!v.about.is_empty() && !v.about.contains("{$"), "{}", c.id());
            let (_, frame) = svg(|a| draw(a, &Style::default(), &v.spec));
            assert!(frame.px_right > frame.px_left, "{}: no plot drawn", c.id());
            let d = data(&v.spec);
            let t = d.table();
            assert!(
                !d.series.is_empty() && !t.rows.is_empty(),
                "{}: no table",
                c.id()
            );
            assert!(
                tooltip(&v.spec, t.rows[0].x).is_some(),
                "{}: no tooltip",
                c.id()
            );
        }
    }
}

#[test]
fn every_chart_has_a_table_of_its_series_a_row_per_x_and_a_tooltip_at_each() {
    for c in page_charts() {
        let d = data(&c.spec);
        let t = d.table();
        let xs = d.xs();
        assert_eq!(t.rows.len(), xs.len(), "{}: a row per x", c.id);
        assert_eq!(t.headers.len(), d.series.len() + 1, "{}", c.id);
        if c.id == "chart-errors" {
            // Nothing failed: no cause, no row (the chart says so too).
            assert!(t.rows.is_empty(), "{:?}", t.rows);
            continue;
        }
        assert!(
            !t.rows.is_empty() && !d.series.is_empty(),
            "{} has data",
            c.id
        );
        for s in &d.series {
            // Every point of every series is in the table, at its x.
            for &(x, y) in &s.points {
                let row = t.rows.iter().find(|r| r.x == x).expect("a row");
                let j = d.series.iter().position(|q| q.name == s.name).unwrap();
                assert_eq!(row.values[j], Some(y), "{} {} at {x}", c.id, s.name);
                assert_eq!(row.cells[j], s.unit.format(EN, y));
            }
        }
        for row in &t.rows {
            let tip = tooltip(&c.spec, row.x).unwrap_or_else(|| panic!("{} at {}", c.id, row.x));
            // The tooltip at a row says the row's first number (the table
            // writes ms as ms where a tooltip may say seconds; the timeline's
            // tooltip leaves out states no thread is in).
            let Some((j, cell)) = (row.cells.iter().enumerate())
                .find(|(j, _)| row.values[*j].is_some_and(|v| v != 0.0))
            else {
                continue;
            };
            if d.series[j].unit != Unit::Ms {
                assert!(
                    tip.lines.iter().any(|l| l.contains(cell.as_str())),
                    "{}: {cell} not in {tip:?}",
                    c.id
                );
            }
        }
    }
}

#[test]
fn the_sweep_table_holds_each_runs_figures() {
    let data = sweep_chart();
    let t = sweep_data(EN, &data, SweepMetric::Throughput).table();
    assert_eq!(t.rows.len(), 2);
    assert_eq!(t.headers[0], "concurrency (clients in flight)");
    assert_eq!(t.headers[1], "platform threads: successful (req/s)");
    assert!(
        t.headers
            .iter()
            .any(|h| h == "theory (virtual threads) (req/s)")
    );
    let p = &data.curves[0].1[1];
    assert_eq!(t.rows[1].values[0], Some(p.goodput_rps));
    assert_eq!(t.rows[1].label, "300");
    assert_eq!(t.notes, ["measured 5,000 req/s"]);
    let t = sweep_data(EN, &data, SweepMetric::Latency).table();
    assert_eq!(t.rows[0].cells[..2], ["25.0", "26.0"]);
}

#[test]
fn tables_of_bars_and_bins_have_a_row_per_cause_or_bin() {
    let (mut p, _) = small(Mode::Platform);
    p.failures = vec![("client_timeout".into(), 12), ("pool_timeout".into(), 3)];
    let t = errors_data(EN, &[&p]).table();
    let rows: Vec<_> = t
        .rows
        .iter()
        .map(|r| (r.label.as_str(), r.cells[0].as_str()))
        .collect();
    assert_eq!(
        rows,
        [("client timeout", "12"), ("DB pool timeout (500)", "3")]
    );
    let t = histogram_data(EN, &[&p]).table();
    let total: f64 = t.rows.iter().filter_map(|r| r.values[0]).sum();
    assert!((total - 100.0).abs() < 1e-6, "shares add up: {total}");
    assert!(t.rows[0].label.contains(" – "), "{}", t.rows[0].label);
}

#[test]
fn presenter_mode_draws_no_text_smaller_than_the_base_size() {
    let smallest = |style: &Style| {
        page_charts()
            .iter()
            .flat_map(|c| {
                let (s, _) = svg(|a| draw(a, style, &c.spec));
                s.split("font-size=\"")
                    .skip(1)
                    .filter_map(|f| f.split('"').next()?.parse::<f64>().ok())
                    .collect::<Vec<_>>()
            })
            .fold(f64::INFINITY, f64::min)
    };
    let base = Style {
        font_px: 20.0,
        ..Style::default()
    };
    // plotters' SVG writes a font of size s as font-size s ÷ 1.24.
    let floor = 20.0 / 1.24 - 1e-9;
    assert!(
        smallest(&base) < floor * 0.9,
        "a screen's legends are smaller"
    );
    let room = Style {
        min_rel: 1.0,
        ..base
    };
    assert!(smallest(&room) >= floor, "{}", smallest(&room));
}

/// A latency point where most requests failed shows the
/// latency of the few successes; it is drawn grey and hollow and the legend
/// says why, on the latency chart only.
#[test]
fn latency_points_dominated_by_failures_are_greyed() {
    let mut data = sweep_chart();
    data.markers.clear();
    let grey_legend = "grey: most requests failed";
    let (s, _) = svg(|a| draw_sweep(a, &Style::default(), EN, &data, SweepMetric::Latency));
    assert!(!s.contains(grey_legend), "no point mostly failed");
    data.curves[1].1[1].error_pct = 72.0;
    let (s, _) = svg(|a| draw_sweep(a, &Style::default(), EN, &data, SweepMetric::Latency));
    assert!(s.contains(grey_legend), "the legend says why");
    let (t, _) = svg(|a| draw_sweep(a, &Style::default(), EN, &data, SweepMetric::Throughput));
    assert!(
        !t.contains(grey_legend),
        "throughput counts successes already"
    );
    // Half failed is not "most".
    data.curves[1].1[1].error_pct = 50.0;
    let (s, _) = svg(|a| draw_sweep(a, &Style::default(), EN, &data, SweepMetric::Latency));
    assert!(!s.contains(grey_legend));
}

/// A run of 30 s whose `inv` slows to 1 s from 10 to 20 s, with a
/// breaker that opens on slow calls.
fn slowed(mode: Mode) -> RunView {
    let (r, _) = small_with(
        mode,
        &[
            ("program", "cpu:0.1ms,call(inv)"),
            ("load.kind", "open"),
            ("load.rate_rps", "100"),
            ("load.duration_s", "30"),
            ("downstream.inv.p50_ms", "20"),
            ("downstream.inv.distribution", "constant"),
            ("downstream.inv.max_connections", "500"),
            ("downstream.inv.fault_from_s", "10"),
            ("downstream.inv.fault_until_s", "20"),
            ("downstream.inv.fault_p50_ms", "1000"),
            ("downstream.inv.retry", "resilience4j"),
            ("downstream.inv.breaker", "resilience4j"),
            ("downstream.inv.breaker_slow_ms", "500"),
            ("downstream.inv.breaker_window", "20"),
            ("downstream.inv.breaker_minimum_calls", "20"),
            ("downstream.inv.breaker_open_s", "5"),
        ],
    );
    r
}

#[test]
fn the_calls_chart_draws_tries_failures_the_breaker_and_the_fault() {
    let (p, v) = (slowed(Mode::Platform), slowed(Mode::Virtual));
    let (s, _) = svg(|a| draw_calls(a, &Style::default(), EN, &[&p, &v]));
    if let Ok(path) = std::env::var("CHART_SVG_OUT") {
        std::fs::write(path, &s).unwrap();
    }
    for words in [
        "tries to inv/s",
        "failed tries to inv/s",
        "breaker of inv open",
        "fault injected in inv",
    ] {
        assert!(s.contains(words), "{words}");
    }
    let data = calls_data(EN, &[&p, &v]);
    assert!(data.series.len() >= 4, "{}", data.series.len());
    let tip = calls_tooltip(EN, &[&p], 15.0).expect("a tooltip");
    assert!(tip.lines[0].contains("inv"), "{tip:?}");
    // Without a guarded call it says so.
    let (plain, _) = small(Mode::Virtual);
    let (s, _) = svg(|a| draw_calls(a, &Style::default(), EN, &[&plain]));
    assert!(s.contains("No call to a downstream is guarded"));
}
