//! Wall-clock timing of the workloads (native only): one timed run, the
//! median of several, and the process's peak memory. `threadlab bench`
//! (`cli::bench`) prints them.

use std::time::Instant;

use super::{Run, Totals};
use crate::sim::Config;

/// Times one run of a workload's configurations (see
/// [`Workload::configs_with`](super::Workload::configs_with)) in chunks of
/// `chunk` events: wall seconds and what it simulated. Preparing it
/// (validation, copying the configurations) is not timed.
pub fn time_once(configs: &[Config], chunk: u64) -> (f64, Totals) {
    let mut run = Run::from_configs(configs.to_vec());
    let t = Instant::now();
    while !run.advance(chunk) {}
    (t.elapsed().as_secs_f64(), run.totals())
}

/// The median of `v` (the mean of the middle two for an even count); 0 for none.
pub fn median(v: &[f64]) -> f64 {
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    let n = s.len();
    match n {
        0 => 0.0,
        _ if n % 2 == 1 => s[n / 2],
        _ => 0.5 * (s[n / 2 - 1] + s[n / 2]),
    }
}

/// Peak resident memory of this process (Linux `VmHWM`), in MB.
pub fn peak_rss_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}
