//! A person's own measurement beside the model: the scenario settings its
//! output knows, Little's law on its own numbers, and each figure measured
//! vs simulated. Facts only; the command line and the page word them.
//!
//! What the output cannot know (threads or virtual threads, pool sizes,
//! cores, the request's program) comes from the scenario the person sets;
//! nothing here is fitted to the measurement.

use super::arith::little_mean_s;
use crate::measured::{Measurement, Source};
use crate::sim::report::ToolSummary;
use crate::sim::tool::Tool;

pub use super::arith::LITTLE_TOLERANCE;

/// The scenario keys and values a measurement's output knows: the tool,
/// its concurrency or rate, its requests or duration, its time-out and
/// keep-alive. Values are as `--set` takes them.
pub fn settings(m: &Measurement) -> Vec<(&'static str, String)> {
    let mut out: Vec<(&'static str, String)> = Vec::new();
    let l = &m.load;
    let tool = m.source.tool();
    if let Some(t) = tool {
        out.push(("load.tool", t.name().to_string()));
    }
    let open = tool == Some(Tool::Wrk2);
    out.push(("load.kind", if open { "open" } else { "closed" }.into()));
    if open {
        if let Some(r) = l.rate_per_s {
            out.push(("load.rate_rps", r.to_string()));
        }
    } else if let Some(c) = l.concurrency {
        out.push(("load.concurrency", c.to_string()));
    }
    let counts_requests = tool.is_some_and(Tool::counts_requests);
    match (l.duration_s, counts_requests) {
        (Some(d), _) => {
            out.push(("load.duration_s", d.to_string()));
            out.push(("load.requests", "null".into()));
        }
        (None, true) => {
            if let Some(n) = l.requests.or(m.requests) {
                out.push(("load.requests", n.to_string()));
            }
        }
        // wrk and friends stop at a duration: the elapsed time stands in.
        (None, false) => {
            if let Some(t) = m.elapsed_s.filter(|t| *t > 0.0) {
                out.push(("load.duration_s", format!("{:.3}", t)));
                out.push(("load.requests", "null".into()));
            }
        }
    }
    if let Some(t) = l.timeout_s {
        out.push(("load.timeout_ms", (t * 1000.0).to_string()));
    }
    if l.keep_alive_off {
        out.push(("load.keep_alive", "off".into()));
    }
    out
}

/// Little's law on a closed loop's own numbers: N in flight at X per
/// second means a mean of N ÷ X per request.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Little {
    /// The concurrency the output states.
    pub in_flight: f64,
    /// The rate it printed, per second.
    pub throughput_rps: f64,
    /// N ÷ X, ms.
    pub implied_mean_ms: f64,
    /// The mean latency it printed, ms.
    pub measured_mean_ms: f64,
    /// Whether the two agree within [`LITTLE_TOLERANCE`].
    pub consistent: bool,
}

/// Little's law on `m`, when it is a closed loop that states its
/// concurrency, rate and mean latency.
pub fn little(m: &Measurement) -> Option<Little> {
    if m.source == Source::Wrk2 {
        return None;
    }
    let n = m.load.concurrency? as f64;
    let x = m.rate_per_s.filter(|x| *x > 0.0)?;
    let mean = m.latency.mean_ms.filter(|v| *v > 0.0)?;
    let implied = little_mean_s(n, x) * 1000.0;
    Some(Little {
        in_flight: n,
        throughput_rps: x,
        implied_mean_ms: implied,
        measured_mean_ms: mean,
        consistent: (mean - implied).abs() / implied <= LITTLE_TOLERANCE,
    })
}

/// Which figure a row compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Figure {
    /// The rate the tool printed, per second.
    Rate,
    /// Results counted.
    Requests,
    /// Failed results, % of all.
    FailedPct,
    /// Mean latency, ms.
    Mean,
    /// Fastest, ms.
    Min,
    /// Slowest, ms.
    Max,
    /// A percentile, ms.
    Percentile,
}

/// One figure measured beside the same figure of the simulated run, as the
/// same tool counts it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Row {
    /// The figure.
    pub figure: Figure,
    /// The percent of a [`Figure::Percentile`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub percent: Option<f64>,
    /// As measured.
    pub measured: f64,
    /// As simulated (`None`: the simulated tool does not print it).
    pub simulated: Option<f64>,
    /// (simulated − measured) ÷ measured, %.
    pub difference_pct: Option<f64>,
}

fn row(figure: Figure, percent: Option<f64>, measured: f64, simulated: Option<f64>) -> Row {
    let difference_pct = simulated
        .filter(|_| measured != 0.0)
        .map(|s| (s - measured) / measured * 100.0);
    Row {
        figure,
        percent,
        measured,
        simulated,
        difference_pct,
    }
}

/// Every figure `m` prints, in the order a tool prints them: (figure,
/// percent of a percentile, value).
pub fn figures(m: &Measurement) -> Vec<(Figure, Option<f64>, f64)> {
    let mut out = Vec::new();
    if let Some(x) = m.rate_per_s {
        out.push((Figure::Rate, None, x));
    }
    if let Some(n) = m.requests {
        out.push((Figure::Requests, None, n as f64));
        if let Some(f) = m.failed.filter(|_| n > 0) {
            out.push((Figure::FailedPct, None, f as f64 / n as f64 * 100.0));
        }
    }
    let l = &m.latency;
    for (figure, v) in [
        (Figure::Mean, l.mean_ms),
        (Figure::Min, l.min_ms),
        (Figure::Max, l.max_ms),
    ] {
        if let Some(v) = v {
            out.push((figure, None, v));
        }
    }
    out.extend(
        l.percentiles
            .iter()
            .map(|&(p, v)| (Figure::Percentile, Some(p), v)),
    );
    out
}

/// The simulated run's `figure` as its tool `t` counts it.
fn simulated(t: &ToolSummary, figure: Figure, percent: Option<f64>) -> Option<f64> {
    let l = &t.latency;
    let latency = |v: f64| (l.count > 0).then_some(v);
    match figure {
        Figure::Rate => Some(t.rate),
        Figure::Requests => Some(t.requests as f64),
        Figure::FailedPct => Some(t.error_pct),
        Figure::Mean => latency(l.mean),
        Figure::Min => latency(l.min),
        Figure::Max => latency(l.max),
        Figure::Percentile => {
            let p = percent?;
            let v = l.percentiles.iter().find(|(q, _)| (q - p).abs() < 1e-9)?.1;
            latency(v)
        }
    }
}

/// Every figure `m` has beside the simulated run's `t` (the run as its
/// tool counts it), in the order a tool prints them.
pub fn compare(m: &Measurement, t: &ToolSummary) -> Vec<Row> {
    figures(m)
        .into_iter()
        .map(|(f, p, v)| row(f, p, v, simulated(t, f, p)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measured;

    fn sample(path: &str) -> Measurement {
        let p = format!("{}/tests/samples/{path}", env!("CARGO_MANIFEST_DIR"));
        measured::read(&std::fs::read_to_string(p).unwrap()).unwrap()
    }

    #[test]
    fn a_hey_run_gives_its_tool_concurrency_and_requests() {
        let cmd = format!(
            "{}{}",
            include_str!("../../tests/samples/hey/slow-n400-c20.txt.cmd"),
            include_str!("../../tests/samples/hey/slow-n400-c20.txt")
        );
        let m = measured::read(&cmd).unwrap();
        let s = settings(&m);
        assert!(s.contains(&("load.tool", "hey".into())), "{s:?}");
        assert!(s.contains(&("load.concurrency", "20".into())), "{s:?}");
        assert!(s.contains(&("load.requests", "400".into())), "{s:?}");
        assert!(s.contains(&("load.timeout_ms", "20000".into())), "{s:?}");
        // Every pair is one the scenario takes.
        let mut d = crate::scenario::default_preset().draft();
        for (k, v) in &s {
            d.set(k, v).unwrap_or_else(|e| panic!("{k}={v}: {e}"));
        }
        crate::scenario::validate(&d).unwrap();
    }

    #[test]
    fn wrk_runs_for_its_duration() {
        let m = sample("wrk/slow-t2-c10-d3s.txt");
        let s = settings(&m);
        assert!(s.contains(&("load.duration_s", "3".into())), "{s:?}");
        assert!(s.contains(&("load.concurrency", "10".into())), "{s:?}");
        let mut d = crate::scenario::default_preset().draft();
        for (k, v) in &s {
            d.set(k, v).unwrap();
        }
        crate::scenario::validate(&d).unwrap();
    }

    /// wrk's 10 connections at 129.05 req/s mean 77.5 ms each; it printed
    /// 62.84 ms: the time between a response and the next request is not
    /// in wrk's latency (its event loop, here a Python server's).
    #[test]
    fn little_checks_the_measurements_own_numbers() {
        let slow = little(&sample("wrk/slow-t2-c10-d3s.txt")).unwrap();
        assert!((slow.implied_mean_ms - 10.0 / slow.throughput_rps * 1000.0).abs() < 1e-9);
        let hey = measured::read(&format!(
            "{}{}",
            include_str!("../../tests/samples/hey/slow-n400-c20.txt.cmd"),
            include_str!("../../tests/samples/hey/slow-n400-c20.txt")
        ))
        .unwrap();
        let h = little(&hey).unwrap();
        assert_eq!(h.in_flight, 20.0);
        assert_eq!(
            h.consistent,
            (h.measured_mean_ms - h.implied_mean_ms).abs() / h.implied_mean_ms <= LITTLE_TOLERANCE
        );
        assert!(
            little(&sample("hey/slow-n400-c20.txt")).is_none(),
            "no -c: no N"
        );
    }
}

/// One figure of two measurements, before and after a change.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Change {
    /// The figure.
    pub figure: Figure,
    /// The percent of a [`Figure::Percentile`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub percent: Option<f64>,
    /// In the first output.
    pub before: f64,
    /// In the second.
    pub after: f64,
    /// (after − before) ÷ before, %.
    pub difference_pct: Option<f64>,
    /// How far the model's runs of this scenario spread over seeds, as a
    /// share of their median, % (`None`: no model to say).
    pub noise_pct: Option<f64>,
    /// Whether the difference is beyond that spread.
    pub beyond_noise: Option<bool>,
}

/// The figures of `a` and `b` side by side: each that both print, with
/// the difference and, given the simulated runs of the scenario over
/// several seeds (`runs`, each as its tool counts), whether it is beyond
/// their spread — what two runs of one unchanged service differ by.
pub fn changes(a: &Measurement, b: &Measurement, runs: &[ToolSummary]) -> Vec<Change> {
    let noise = spread(a, runs);
    let after = figures(b);
    figures(a)
        .into_iter()
        .filter_map(|(figure, percent, before)| {
            let after = after.iter().find(|o| o.0 == figure && o.1 == percent)?.2;
            let difference_pct = (before != 0.0).then(|| (after - before) / before * 100.0);
            let noise_pct = noise
                .iter()
                .find(|(f, p, _)| *f == figure && *p == percent)
                .map(|n| n.2);
            let beyond_noise = difference_pct.zip(noise_pct).map(|(d, n)| d.abs() > n);
            Some(Change {
                figure,
                percent,
                before,
                after,
                difference_pct,
                noise_pct,
                beyond_noise,
            })
        })
        .collect()
}

/// Each figure's range over `runs` as a share of its median, %.
fn spread(m: &Measurement, runs: &[ToolSummary]) -> Vec<(Figure, Option<f64>, f64)> {
    if runs.len() < 2 {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (figure, percent, _) in figures(m) {
        let mut v: Vec<f64> = runs
            .iter()
            .filter_map(|t| simulated(t, figure, percent))
            .collect();
        if v.len() < runs.len() {
            continue;
        }
        v.sort_by(f64::total_cmp);
        let median = v[v.len() / 2];
        if median > 0.0 {
            let range = v[v.len() - 1] - v[0];
            out.push((figure, percent, range / median * 100.0));
        }
    }
    out
}
