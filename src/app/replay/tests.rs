//! The replay on scripted small runs: what each frame must show (a pinned
//! carrier on JDK 21, a virtual thread unmounting at I/O, a request waiting
//! for a HikariCP connection on its thread, an `@Async` task queued for the
//! executor's thread) and what a request's journey must hold.

use super::small::{REPLAY_CLIENTS, REPLAY_REQUESTS};
use super::*;
use crate::scenario::{Draft, validate};
use crate::sim::Config;
use crate::sim::time::MS;

pub(super) fn config(settings: &[(&str, &str)]) -> Config {
    let mut d = Draft::new();
    for (k, v) in settings {
        d.set(k, v).unwrap();
    }
    validate(&d).unwrap()
}

/// Connections that cost nothing to open (no round trip, connect or accept
/// work), so that the scripted runs below start their requests at 0 and
/// read in whole milliseconds; `a_request_connects_then_waits_for_the_acceptor`
/// keeps the defaults.
pub(super) const FREE_CONNECTS: &[(&str, &str)] = &[
    ("load.rtt_ms", "0"),
    ("load.connect_cpu_ms", "0"),
    ("server.accept_us", "0"),
];

fn replay(settings: &[(&str, &str)]) -> Replay {
    Replay::record(&config(&[FREE_CONNECTS, settings].concat()))
}

/// JDK 21, one carrier, two requests sleeping 10 ms inside `synchronized`.
pub(super) const PINNED: &[(&str, &str)] = &[
    ("server.mode", "virtual"),
    ("server.jdk", "21"),
    ("server.cores", "1"),
    ("load.concurrency", "2"),
    ("load.requests", "2"),
    ("program", "sync{io:10ms}"),
    // Exact times in the assertions: no wake-up latency.
    ("server.wake_p50_us", "0"),
];

const CARRIER_0: Holder = Holder::Carrier { carrier: 0 };

fn states(r: &Replay, at_ms: u64) -> Vec<(String, State)> {
    r.frame_at(at_ms * MS)
        .states
        .into_iter()
        .map(|(a, s)| (r.actors[a].name(), s))
        .collect()
}

fn io(holding: Option<Holder>) -> State {
    State::Blocked {
        holding,
        on: WaitFor::Io,
    }
}

/// What any replay must hold: one actor per thread or carrier at a time,
/// an actor's spans one after another, every span inside the run.
fn assert_consistent(r: &Replay) {
    // Every frame of a small replay; some hundreds of a large one.
    let stride = (r.events.len() / 500).max(1);
    for i in (0..r.events.len()).step_by(stride) {
        let f = r.frame(i);
        let mut held: Vec<Holder> = f.states.iter().filter_map(|(_, s)| s.holder()).collect();
        let n = held.len();
        held.sort();
        held.dedup();
        assert_eq!(
            held.len(),
            n,
            "a thread or carrier holds two actors at step {i}"
        );
        let mut actors: Vec<usize> = f.states.iter().map(|(a, _)| *a).collect();
        actors.dedup();
        assert_eq!(
            actors.len(),
            f.states.len(),
            "an actor in two states at step {i}"
        );
    }
    for a in 0..r.actors.len() {
        let spans: Vec<&Span> = r.spans.iter().filter(|s| s.actor == a).collect();
        for w in spans.windows(2) {
            assert!(
                w[0].to <= w[1].from && w[0].end_event <= w[1].first_event,
                "{w:?}"
            );
        }
        for s in spans {
            assert!(s.from <= s.to && s.to <= r.end, "{s:?}");
        }
    }
}

/// JDK 21, one carrier: r1 sleeps inside `synchronized` and pins the
/// carrier; r2, runnable, waits for it the whole 10 ms.
#[test]
fn a_pinned_virtual_thread_keeps_its_carrier_on_jdk_21() {
    let r = replay(PINNED);
    assert_consistent(&r);
    let pinned = io(Some(CARRIER_0));
    assert_eq!(
        states(&r, 5),
        [
            ("r1".into(), pinned),
            ("r2".into(), State::WaitingForCarrier)
        ]
    );
    assert!(pinned.pinned() && !pinned.unmounted());
    assert_eq!(states(&r, 15), [("r2".into(), pinned)]);
    let f = r.frame_at(5 * MS);
    assert_eq!(
        f.on(CARRIER_0).map(|(a, _)| r.actors[a].name()),
        Some("r1".into())
    );
    assert_eq!(f.select(|s| *s == State::WaitingForCarrier), [1]);
    let r2 = r.actor_named("r2").unwrap();
    let journey: Vec<(State, u64, u64)> = r
        .journey(r2)
        .iter()
        .map(|s| (s.state, s.from / MS, s.to / MS))
        .collect();
    assert_eq!(
        journey,
        [
            (State::Connecting, 0, 0),
            (State::Backlog, 0, 0),
            (State::WaitingForCarrier, 0, 10),
            (State::Running { on: CARRIER_0 }, 10, 10),
            (pinned, 10, 20),
            (State::Running { on: CARRIER_0 }, 20, 20),
        ]
    );
    assert_eq!(r.holder_name(CARRIER_0), "ForkJoinPool-1-worker-1");
    assert!(!r.truncated);
}

/// Without `synchronized` (or on JDK 24, with it) a sleeping virtual thread
/// unmounts: both requests sleep at once and the carrier is free.
#[test]
fn a_virtual_thread_unmounts_at_io_and_on_jdk_24_inside_synchronized() {
    for (jdk, program) in [("21", "io:10ms"), ("24", "sync{io:10ms}")] {
        let r = replay(&[
            ("server.mode", "virtual"),
            ("server.jdk", jdk),
            ("server.cores", "1"),
            ("load.concurrency", "2"),
            ("load.requests", "2"),
            ("program", program),
        ]);
        assert_consistent(&r);
        assert_eq!(
            states(&r, 5),
            [("r1".into(), io(None)), ("r2".into(), io(None))],
            "JDK {jdk}, {program}"
        );
        let f = r.frame_at(5 * MS);
        assert!(f.on(CARRIER_0).is_none());
        assert_eq!(f.select(State::unmounted).len(), 2);
        // r1: mounted, unmounted for the sleep, mounted again to finish.
        let r1 = r.actor_named("r1").unwrap();
        let kinds: Vec<State> = r.journey(r1).iter().map(|s| s.state).collect();
        assert_eq!(kinds[..2], [State::Connecting, State::Backlog]);
        assert_eq!(kinds[2], State::Running { on: CARRIER_0 });
        assert_eq!(kinds[3], io(None));
        assert_eq!(kinds.last(), Some(&State::Running { on: CARRIER_0 }));
        assert!(states(&r, 11).is_empty(), "both answered at 10 ms");
    }
}

/// Tomcat's threads with one HikariCP connection: r2 waits for it on its
/// own platform thread until connectionTimeout fails it at 250 ms.
#[test]
fn a_request_waits_for_a_connection_on_its_thread() {
    let r = replay(&[
        ("load.concurrency", "2"),
        ("load.requests", "2"),
        ("db.pool_size", "1"),
        ("db.timeout_ms", "250"),
        ("program", "db:400ms"),
    ]);
    assert_consistent(&r);
    let t = |n| Some(Holder::Thread { pool: 0, n });
    let db = State::Blocked {
        holding: t(9),
        on: WaitFor::DbConnection,
    };
    assert_eq!(
        states(&r, 100),
        [("r1".into(), io(t(10))), ("r2".into(), db)]
    );
    assert!(db.waits_for_db());
    assert_eq!(states(&r, 300), [("r1".into(), io(t(10)))]);
    let r2 = r.actor_named("r2").unwrap();
    let steps: Vec<Step> = r.steps_of(r2).iter().map(|e| e.step).collect();
    assert!(steps.contains(&Step::DbTimeout), "{steps:?}");
    assert_eq!(
        r.holder_name(Holder::Thread { pool: 0, n: 9 }),
        "http-nio-8080-exec-9"
    );
}

/// An executor of one thread and a queue of one: t2 waits in the queue
/// until t1 frees `mail-1`; r2's journey holds t2's intervals.
#[test]
fn a_task_waits_for_the_executors_thread_and_joins_its_requests_journey() {
    let r = replay(&[
        ("load.concurrency", "2"),
        ("load.requests", "2"),
        ("async.mail.kind", "pool"),
        ("async.mail.core", "1"),
        ("async.mail.max", "1"),
        ("async.mail.queue", "1"),
        ("program", "async(mail){io:50ms},io:10ms"),
    ]);
    assert_consistent(&r);
    let mail_1 = Holder::Thread { pool: 1, n: 1 };
    let at_5 = states(&r, 5);
    assert!(at_5.contains(&("t1".into(), io(Some(mail_1)))), "{at_5:?}");
    assert!(
        at_5.contains(&("t2".into(), State::WaitingForThread { pool: 1 })),
        "{at_5:?}"
    );
    assert!(states(&r, 75).contains(&("t2".into(), io(Some(mail_1)))));
    let r2 = r.actor_named("r2").unwrap();
    let t2 = r.actor_named("t2").unwrap();
    assert_eq!(r.actors[t2].parent, Some(r2));
    let journey = r.journey(r2);
    assert!(
        journey
            .iter()
            .any(|s| s.actor == t2 && s.state.holder() == Some(mail_1))
    );
    assert!(journey.iter().any(|s| s.actor == r2));
    assert_eq!(r.holder_name(mail_1), "mail-1");
    assert_eq!(
        r.holders(),
        [
            Holder::Thread { pool: 0, n: 9 },
            Holder::Thread { pool: 0, n: 10 },
            mail_1
        ]
    );
}

/// Stepping by step and by instant, and a frame at a time between steps.
#[test]
fn stepping_moves_by_one_step_or_one_instant() {
    let r = replay(PINNED);
    let (_, text) = crate::sim::trace::trace(&config(PINNED));
    assert_eq!(
        r.events.len(),
        text.lines().count(),
        "one step per line of the text trace"
    );
    // Steps at 0 ms are 0..=10: r1 sent, opens a connection, waits in the
    // accept queue, is accepted, mounted, blocks; r2 the same up to waiting
    // for the carrier.
    assert_eq!(r.events[10].at, 0);
    assert_eq!(r.events[11].at, 10 * MS);
    assert_eq!(r.next_instant(0), 11);
    assert_eq!(r.previous_instant(11), 10);
    assert_eq!(r.previous_instant(2), 0);
    assert_eq!(r.event_at(3 * MS), 10);
    assert_eq!(r.frame_at(3 * MS).states, r.frame(10).states);
    // Slow motion inside an instant: r1 accepted waits in the accept queue
    // until its next step (step 3); after step 4 it is mounted, not yet
    // blocked, and r2 not yet sent.
    assert_eq!(r.events[3].step, Step::Accepted);
    assert_eq!(r.frame(3).states, [(0, State::Backlog)]);
    let f = r.frame(4);
    assert_eq!(f.states, [(0, State::Running { on: CARRIER_0 })]);
    let last = r.events.len() - 1;
    assert_eq!(r.next_instant(last), last);
    assert!(r.frame(last).states.is_empty());
}

/// A run with more steps than a replay holds is cut, and says so.
#[test]
fn a_long_run_is_cut_at_the_cap() {
    let r = replay(&[
        ("load.concurrency", "50"),
        ("load.requests", "100000"),
        ("program", "cpu:0.1ms,io:5ms"),
    ]);
    assert!(r.truncated);
    assert_eq!(r.events.len(), MAX_EVENTS);
    assert_consistent(&r);
}

/// A busier run: E2's virtual threads on a handful of requests, and the
/// same on platform threads, stay consistent frame by frame.
#[test]
fn busier_runs_stay_consistent() {
    for mode in ["platform", "virtual"] {
        let r = replay(&[
            ("server.mode", mode),
            ("server.threads_max", "4"),
            ("server.cores", "2"),
            ("load.concurrency", "12"),
            ("load.requests", "60"),
            ("db.pool_size", "3"),
            ("program", "cpu:0.5ms,db:exp(3ms),sync(x){cpu:0.2ms},io:2ms"),
        ]);
        assert!(!r.truncated);
        assert_consistent(&r);
        let requests = r
            .actors
            .iter()
            .filter(|a| a.kind == ActorKind::Request)
            .count();
        assert_eq!(requests, 60, "{mode}");
        let answered = r
            .events
            .iter()
            .filter(|e| matches!(e.step, Step::Response { .. }))
            .count();
        assert_eq!(answered, 60, "{mode}");
        assert!(r.frame(r.events.len() - 1).states.is_empty(), "{mode}");
    }
}

/// The playhead: plays at its speed and stops at the end; scrubbing and
/// stepping pause it; with reduced motion "play" steps.
#[test]
fn the_player_plays_pauses_scrubs_and_steps() {
    let r = replay(PINNED);
    assert_eq!(r.end, 20 * MS);
    let mut p = Player::new(false);
    p.act(PlayerAction::Play, &r);
    assert!(p.playing);
    p.tick(1000.0, &r);
    assert_eq!(p.at, MS, "1 ms of simulated time per real second");
    p.act(PlayerAction::Faster, &r);
    p.act(PlayerAction::Faster, &r);
    assert_eq!(p.speed, 20 * MS);
    p.tick(500.0, &r);
    assert_eq!(p.at, 11 * MS);
    p.tick(10_000.0, &r);
    assert_eq!((p.at, p.playing), (20 * MS, false), "stops at the end");
    p.act(PlayerAction::Scrub(3 * MS), &r);
    assert_eq!((p.at, p.playing), (3 * MS, false));
    p.act(PlayerAction::StepForward, &r);
    assert_eq!(p.at, 10 * MS);
    p.act(PlayerAction::Scrub(15 * MS), &r);
    p.act(PlayerAction::StepBack, &r);
    assert_eq!(p.at, 10 * MS, "from between instants back to the last one");
    p.act(PlayerAction::StepBack, &r);
    assert_eq!(p.at, 0);
    p.act(PlayerAction::Scrub(99 * MS), &r);
    assert_eq!(p.at, 20 * MS);
    for _ in 0..9 {
        p.act(PlayerAction::Slower, &r);
    }
    assert_eq!(p.speed, SPEEDS[0]);
    let mut still = Player::new(true);
    still.act(PlayerAction::Play, &r);
    assert_eq!(
        (still.at, still.playing),
        (10 * MS, false),
        "reduced motion steps"
    );
    still.tick(1000.0, &r);
    assert_eq!(still.at, 10 * MS);
}

/// With the default connection costs a request first opens its connection
/// (the handshake's round trip after the client's connect work), then waits
/// for Tomcat's acceptor, and only then for a thread.
#[test]
fn a_request_connects_then_waits_for_the_acceptor() {
    let r = Replay::record(&config(&[
        ("server.mode", "platform"),
        ("load.concurrency", "1"),
        ("load.requests", "1"),
        ("program", "io:10ms"),
    ]));
    assert_consistent(&r);
    let r1 = r.actor_named("r1").unwrap();
    let journey: Vec<State> = r.journey(r1).iter().map(|s| s.state).collect();
    assert_eq!(
        journey[..2],
        [State::Connecting, State::Backlog],
        "{journey:?}"
    );
    assert!(
        matches!(
            journey[2],
            State::Running {
                on: Holder::Thread { pool: 0, .. }
            }
        ),
        "{journey:?}"
    );
    let steps: Vec<Step> = r.events.iter().map(|e| e.step).collect();
    let at = |step: Step| steps.iter().position(|s| *s == step);
    assert!(at(Step::Dial) < at(Step::InBacklog), "{steps:?}");
    assert!(at(Step::InBacklog) < at(Step::Accepted), "{steps:?}");
    // The connection's time is the replay's too: nothing runs before it.
    let connecting = r.journey(r1)[0];
    assert!(connecting.to > connecting.from, "{connecting:?}");
}

/// Every preset's replay, in both columns, is small: not cut, well under
/// [`MAX_EVENTS`] steps, and says what it changed (a preset of thousands of
/// requests must have been made smaller).
#[test]
fn every_presets_replay_is_small_and_says_what_it_changed() {
    use crate::app::Mode;
    use crate::app::setup::Setup;
    for p in crate::scenario::presets() {
        let setup = Setup::of_preset(p.name).unwrap();
        for m in [Mode::Platform, Mode::Virtual] {
            let req = ReplayRequest::of(7, m, &setup.draft_for(m));
            let reply = req.record();
            assert_eq!(reply.id, 7);
            let r = reply
                .replay
                .unwrap_or_else(|e| panic!("{} {m:?}: {e}", p.name));
            assert!(!r.truncated, "{} {m:?}", p.name);
            assert!(
                r.events.len() < MAX_EVENTS * 3 / 5,
                "{} {m:?}: {} steps",
                p.name,
                r.events.len()
            );
            let requests = r
                .actors
                .iter()
                .filter(|a| a.kind == ActorKind::Request)
                .count();
            assert!(
                requests as u64 <= REPLAY_CLIENTS.max(REPLAY_REQUESTS) * 2,
                "{} {m:?}: {requests}",
                p.name
            );
            let cfg = validate(&setup.draft_for(m)).unwrap();
            if cfg.load.requests.is_some_and(|n| n > 4 * REPLAY_CLIENTS)
                || cfg.load.duration.is_some()
            {
                assert!(
                    !req.shrunk.is_empty(),
                    "{} {m:?} says nothing changed",
                    p.name
                );
            }
        }
    }
}
