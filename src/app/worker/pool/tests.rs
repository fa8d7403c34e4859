//! The pool natively, with make-believe workers that finish in a shuffled
//! order: the page sees what one worker would have sent it, a newer job
//! preempts every worker, a dead worker interrupts its job, an export goes
//! to the worker that kept the run.

use super::{MAX_EMBED_WORKERS, MAX_WORKERS, Order, Pool, pool_size};
use crate::app::worker::job::{Plan, replicas_blocking, run_blocking};
use crate::app::worker::protocol::{Job, Message, Output};
use crate::app::worker::supervise::ToWorker;
use crate::app::{Mode, State};

/// A small job with a sweep: two full runs, their replicas, sweep points.
fn job(generation: u64) -> Job {
    let mut job = State::default().job();
    for m in &mut job.modes {
        m.draft.set("load.requests", "300").unwrap();
        m.draft.set("load.concurrency", "30").unwrap();
    }
    job.generation = generation;
    job
}

/// The messages without progress (the only ones a pool sends otherwise).
fn without_progress(messages: Vec<Message>) -> Vec<Message> {
    (messages.into_iter())
        .filter(|m| !matches!(m.output, Output::Progress(_)))
        .collect()
}

/// What each simulation of `job` reports: (events, messages), by index.
fn outcomes(job: &Job) -> Vec<(u64, Vec<Message>)> {
    let plan = Plan::of(job);
    (0..plan.tasks())
        .map(|i| {
            let report = plan.task(i).unwrap().config().map(|c| crate::sim::run(&c));
            let events = report.as_ref().map_or(0, |r| r.events);
            (events, plan.task_results(i, report.as_ref()))
        })
        .collect()
}

/// Make-believe workers: each holds the simulation it was last sent.
struct Workers {
    on: Vec<Option<(u64, u32)>>,
    emitted: Vec<Message>,
    cancels: usize,
}

impl Workers {
    fn new(n: usize) -> Workers {
        Workers {
            on: vec![None; n],
            emitted: Vec::new(),
            cancels: 0,
        }
    }

    fn take(&mut self, orders: Vec<Order>) {
        for order in orders {
            match order {
                Order::Emit(m) => self.emitted.push(m),
                Order::Send(w, ToWorker::Run { job, index }) => {
                    self.on[w] = Some((job.generation, index))
                }
                Order::Send(w, ToWorker::Cancel) => {
                    self.on[w] = None;
                    self.cancels += 1;
                }
                Order::Send(_, other) => panic!("the pool sent {other:?}"),
            }
        }
    }

    fn busy(&self) -> Vec<usize> {
        (0..self.on.len())
            .filter(|&w| self.on[w].is_some())
            .collect()
    }
}

/// Runs `job` on a pool of `size`, the busy workers finishing in an order
/// drawn from `seed` (each reports progress first); returns what the page saw.
fn play(job: &Job, size: usize, seed: u64, outcomes: &[(u64, Vec<Message>)]) -> Vec<Message> {
    let mut pool = Pool::new(size);
    let mut workers = Workers::new(size);
    workers.take(pool.start(job.clone()));
    let mut state = seed;
    loop {
        let busy = workers.busy();
        if busy.is_empty() {
            break;
        }
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let w = busy[(state >> 33) as usize % busy.len()];
        let (generation, index) = workers.on[w].take().unwrap();
        workers.take(pool.working(w, generation, index, 0.5));
        let (events, messages) = outcomes[index as usize].clone();
        workers.take(pool.ran(w, generation, index, events, messages));
    }
    workers.emitted
}

#[test]
fn a_pool_of_any_size_shows_the_page_what_one_worker_would() {
    let job = job(7);
    let plan = Plan::of(&job);
    assert!(
        plan.xs.len() > 4 && plan.replicas.len() == 8,
        "a job with a sweep and replicas"
    );
    let mut one = run_blocking(&job);
    one.extend(replicas_blocking(&plan));
    let one = without_progress(one);
    let outcomes = outcomes(&job);
    for size in [1, 2, 3, 5, MAX_WORKERS] {
        for seed in 1..4 {
            let seen = play(&job, size, seed, &outcomes);
            assert_eq!(
                without_progress(seen.clone()),
                one,
                "{size} workers, order {seed}"
            );
            let fractions: Vec<f64> = (seen.iter())
                .filter_map(|m| match &m.output {
                    Output::Progress(p) => Some(p.fraction()),
                    _ => None,
                })
                .collect();
            assert!(
                fractions.windows(2).all(|w| w[1] >= w[0]) && fractions.iter().all(|f| *f < 1.0),
                "progress only grows, until Done ends it: {size} workers: {fractions:?}"
            );
        }
    }
}

#[test]
fn a_newer_job_preempts_every_worker_and_the_old_ones_reports_are_dropped() {
    let mut pool = Pool::new(3);
    let mut workers = Workers::new(3);
    workers.take(pool.start(job(1)));
    assert_eq!(workers.busy(), vec![0, 1, 2]);
    let old: Vec<_> = workers.on.clone();
    workers.take(pool.start(job(2)));
    assert!(
        workers.on.iter().all(|o| o.is_some_and(|(g, _)| g == 2)),
        "{:?}",
        workers.on
    );
    // A report of the old job that crossed the new one is ignored.
    let (g, i) = old[1].unwrap();
    assert_eq!(pool.ran(1, g, i, 10, Vec::new()), Vec::new());
    assert_eq!(pool.working(1, g, i, 0.5), Vec::new());
    // A job with nothing to simulate stops every worker.
    let mut empty = job(3);
    empty.modes.clear();
    let before = workers.emitted.len();
    workers.take(pool.start(empty));
    assert_eq!(workers.busy(), Vec::<usize>::new());
    assert_eq!(workers.cancels, 3);
    let outputs: Vec<_> = workers.emitted[before..]
        .iter()
        .map(|m| &m.output)
        .collect();
    assert!(
        matches!(
            outputs[..],
            [Output::Planned { .. }, Output::Done { events: 0 }]
        ),
        "{outputs:?}"
    );
}

#[test]
fn a_dead_worker_interrupts_its_job_and_stops_the_others() {
    let mut pool = Pool::new(2);
    let mut workers = Workers::new(2);
    workers.take(pool.start(job(4)));
    let (g, i) = workers.on[1].unwrap();
    let (orders, interrupted) = pool.lost(0);
    assert_eq!(interrupted, Some(4));
    workers.take(orders);
    assert_eq!(workers.cancels, 1, "the other worker drops the job");
    assert_eq!(
        pool.ran(1, g, i, 10, Vec::new()),
        Vec::new(),
        "nothing of it reaches the page"
    );
    // An idle worker's death interrupts nothing; the next job uses both.
    assert_eq!(pool.lost(1), (Vec::new(), None));
    workers.take(pool.start(job(5)));
    assert_eq!(workers.busy(), vec![0, 1]);
}

#[test]
fn an_export_goes_to_the_worker_that_kept_the_full_run() {
    let job = job(9);
    let outcomes = outcomes(&job);
    let mut pool = Pool::new(2);
    let mut workers = Workers::new(2);
    workers.take(pool.start(job));
    // Worker 1 (the virtual threads' full run) finishes first.
    for w in [1, 0] {
        let (g, i) = workers.on[w].take().unwrap();
        let (events, messages) = outcomes[i as usize].clone();
        workers.take(pool.ran(w, g, i, events, messages));
    }
    assert_eq!(pool.keeper(9, Mode::Virtual), Some(1));
    assert_eq!(pool.keeper(9, Mode::Platform), Some(0));
    assert_eq!(pool.keeper(8, Mode::Platform), None);
    assert_eq!(
        pool.lost(0).1,
        Some(9),
        "worker 0 was on the next simulation"
    );
    assert_eq!(
        pool.keeper(9, Mode::Platform),
        None,
        "its kept run died with it"
    );
}

#[test]
fn the_pool_leaves_a_core_to_the_page_and_stays_within_its_cap() {
    assert_eq!(pool_size(2.0, MAX_WORKERS), 1);
    assert_eq!(pool_size(3.0, MAX_WORKERS), 2);
    assert_eq!(pool_size(16.0, MAX_WORKERS), 8);
    assert_eq!(pool_size(16.0, MAX_EMBED_WORKERS), 2);
    assert_eq!(pool_size(1.0, MAX_WORKERS), 1);
    for odd in [0.0, -3.0, f64::NAN, f64::INFINITY] {
        assert_eq!(pool_size(odd, MAX_WORKERS), 1, "{odd}");
    }
}

#[test]
fn the_page_hears_at_once_after_a_quiet_spell_and_in_batches_meanwhile() {
    use super::{DELIVERY_MS, Deliver, Outbox};
    let m = |g: u64| Message {
        generation: g,
        output: Output::Done { events: g },
    };
    let mut out = Outbox::default();
    assert_eq!(out.hold(m(1), 1000.0), Deliver::Now);
    assert_eq!(out.take(1000.0), vec![m(1)]);
    assert_eq!(out.hold(m(2), 1010.0), Deliver::At(1000.0 + DELIVERY_MS));
    assert_eq!(out.hold(m(3), 1020.0), Deliver::Due);
    assert_eq!(out.take(1050.0), vec![m(2), m(3)], "in order, together");
    assert_eq!(out.take(1060.0), Vec::new());
    assert_eq!(
        out.hold(m(4), 1060.0 + DELIVERY_MS),
        Deliver::Now,
        "quiet for a spell"
    );
}
