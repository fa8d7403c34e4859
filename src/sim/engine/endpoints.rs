//! A mix of endpoints: which one each request calls, and what each one's
//! requests did. A request draws its endpoint when its client sends it
//! (a load script's weighted choice, as k6's or JMeter's throughput
//! controller makes it), runs that endpoint's handler, and is counted for
//! it as for the whole run. Without a mix nothing is drawn and nothing is
//! kept here, so a single endpoint's run is what it was before.

use super::Engine;
use super::breakdown::Breakdowns;
use super::latencies::Latencies;
use crate::sim::program::Program;
use crate::sim::report::{Capacity, EndpointStats, Latency};
use crate::sim::rng::Rng;
use crate::sim::time::Nanos;
use crate::sim::trace::Tracer;

/// The endpoints' handlers and their counts.
#[derive(Debug)]
pub(super) struct Mix {
    /// Where each endpoint's handler starts (its `Begin`).
    pub(super) starts: Box<[u32]>,
    /// The running sums of the shares, the last 1 (empty without a mix).
    cumulative: Box<[f64]>,
    /// What each endpoint's requests did (empty without a mix).
    pub(super) tallies: Vec<EndpointTally>,
}

/// What one endpoint's requests did.
#[derive(Debug)]
pub(super) struct EndpointTally {
    pub(super) sent: u64,
    /// Responses, successful or not.
    pub(super) responses: u64,
    /// Client-side errors (time-outs, resets).
    pub(super) errors: u64,
    /// Successful responses' latencies.
    pub(super) ok: Latencies,
    /// Where the successful responses' time went.
    pub(super) breakdown: Breakdowns,
    /// Tries of guarded downstream calls its handlers began.
    pub(super) tries: u64,
}

impl Mix {
    /// The mix of `program` (already with its `Begin`s).
    pub(super) fn new(program: &Program) -> Self {
        let mut sum = 0.0;
        let cumulative: Vec<f64> = (program.endpoints.iter())
            .map(|e| {
                sum += e.share;
                sum
            })
            .collect();
        let tallies = (program.endpoints.iter())
            .map(|_| EndpointTally {
                sent: 0,
                responses: 0,
                errors: 0,
                ok: Latencies::new(),
                breakdown: Breakdowns::new(),
                tries: 0,
            })
            .collect();
        Mix {
            starts: program.starts().into_boxed_slice(),
            cumulative: cumulative.into_boxed_slice(),
            tallies,
        }
    }

    /// Whether requests are told apart by endpoint.
    #[inline(always)]
    pub(super) fn on(&self) -> bool {
        !self.tallies.is_empty()
    }

    /// The endpoint a new request calls: drawn by share among two or more
    /// (one draw), else the only one (no draw: a mix of one runs as its
    /// program alone would).
    #[inline]
    pub(super) fn pick(&self, rng: &mut Rng) -> u8 {
        if self.cumulative.len() < 2 {
            return 0;
        }
        let u = rng.open01() * self.cumulative[self.cumulative.len() - 1];
        let i = self.cumulative.iter().position(|&c| u < c);
        i.unwrap_or(self.cumulative.len() - 1) as u8
    }
}

impl<T: Tracer> Engine<T> {
    /// The endpoint a new request calls, counted as sent to it (0, and
    /// nothing counted, without a mix).
    #[inline(always)]
    pub(super) fn endpoint_of_new_request(&mut self) -> u8 {
        if self.mix.on() {
            self.draw_endpoint()
        } else {
            0
        }
    }

    #[cold]
    #[inline(never)]
    fn draw_endpoint(&mut self) -> u8 {
        let e = self.mix.pick(&mut self.rng);
        self.mix.tallies[e as usize].sent += 1;
        e
    }

    /// A response of `latency` to request `f` came (a success spent its
    /// fiber's `spent`).
    #[inline(always)]
    pub(super) fn endpoint_response(&mut self, f: u32, latency: Nanos, ok: bool) {
        if self.mix.on() {
            self.count_endpoint_response(f, latency, ok);
        }
    }

    #[cold]
    #[inline(never)]
    fn count_endpoint_response(&mut self, f: u32, latency: Nanos, ok: bool) {
        let fb = &self.fibers[f as usize];
        let t = &mut self.mix.tallies[fb.endpoint as usize];
        t.responses += 1;
        if ok {
            t.ok.record(latency);
            t.breakdown.add(latency, &fb.spent);
        }
    }

    /// A request of endpoint `e` began a try of a guarded call.
    #[inline]
    pub(super) fn endpoint_try(&mut self, e: u8) {
        if let Some(t) = self.mix.tallies.get_mut(e as usize) {
            t.tries += 1;
        }
    }

    /// The client gave up request `e`'s endpoint's request with an error.
    #[inline]
    pub(super) fn endpoint_error(&mut self, e: u8) {
        if let Some(t) = self.mix.tallies.get_mut(e as usize) {
            t.errors += 1;
        }
    }

    /// Each endpoint's counts, latencies and breakdown (none without a mix);
    /// `rate` makes a count a rate over the run.
    pub(super) fn endpoint_stats(
        &self,
        rate: impl Fn(u64) -> f64,
        capacity: Capacity,
    ) -> Vec<EndpointStats> {
        let endpoints = &self.cfg.program.endpoints;
        (endpoints.iter().zip(&self.mix.tallies))
            .map(|(e, t)| {
                let ok = t.ok.histogram();
                let succeeded = ok.len();
                EndpointStats {
                    name: e.name.clone(),
                    share: e.share,
                    program: e.source.clone(),
                    sent: t.sent,
                    completed: t.responses,
                    succeeded,
                    failed: t.responses - succeeded,
                    errors: t.errors,
                    throughput_rps: rate(t.responses + t.errors),
                    goodput_rps: rate(succeeded),
                    latency_ok_ms: latency_of(&t.ok, &ok),
                    downstream_tries: t.tries,
                    breakdown: t.breakdown.report(&ok, capacity),
                }
            })
            .collect()
    }
}

/// The summary of `l`, whose histogram is `h`.
fn latency_of(l: &Latencies, h: &hdrhistogram::Histogram<u64>) -> Latency {
    if h.is_empty() {
        return Latency::default();
    }
    super::finish::summarise(h, l.sum_ns, h.len(), l.min_ns, l.max_ns)
}
