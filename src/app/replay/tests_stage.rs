//! The replay panel's logic on scripted small runs: what the stage shows at
//! the playhead (a pinned carrier on JDK 21, an unmounted virtual thread on
//! JDK 24, the queues), a followed request's journey, the slider and the
//! stepper, reduced motion, the line on what was made small, and the rules
//! that make a scenario small.

use serde_json::Value;

use super::player::default_speed;
use super::queue::QueueId;
use super::small::{REPLAY_CLIENTS, REPLAY_MAX_SIM_EVENTS, small};
use super::stage::ChipKind;
use super::tests::{FREE_CONNECTS, PINNED, config};
use super::*;
use crate::app::basis::modes::{Columns, Mode};
use crate::i18n::Locale;
use crate::scenario::{Draft, validate};
use crate::sim::time::MS;

fn session(settings: &[(&str, &str)], reduced_motion: bool) -> Session {
    let r = Replay::record(&config(&[FREE_CONNECTS, settings].concat()));
    Session::new(
        1,
        Mode::Virtual,
        Columns::ServerMode,
        r,
        Vec::new(),
        reduced_motion,
    )
}

fn at(s: &mut Session, ms: u64) -> StageView {
    s.act(SessionAction::Player(PlayerAction::Scrub(ms * MS)));
    s.view(Locale::En)
}

fn carriers(v: &StageView) -> &LaneGroup {
    v.groups.last().unwrap()
}

fn queue(v: &StageView, id: QueueId) -> &Queue {
    v.queues.iter().find(|q| q.id == id).unwrap()
}

fn names(chips: &[Chip]) -> Vec<&str> {
    chips.iter().map(|c| c.name.as_str()).collect()
}

/// JDK 21: r1 sleeps pinned on the only carrier, r2 waits for it; the
/// stage says so in words, the chip's kind is pinned, and the instant's
/// steps are told.
#[test]
fn the_stage_shows_a_pinned_carrier_and_who_waits_for_it() {
    let mut s = session(PINNED, false);
    let v = at(&mut s, 5);
    let g = carriers(&v);
    assert_eq!(g.title, "Carrier threads (the virtual-thread scheduler)");
    assert_eq!(g.lanes.len(), 1);
    let lane = &g.lanes[0];
    assert_eq!(lane.name, "ForkJoinPool-1-worker-1");
    let chip = lane.chip.as_ref().unwrap();
    assert_eq!((chip.name.as_str(), chip.kind), ("r1", ChipKind::Pinned));
    assert_eq!(
        chip.words,
        "pinned: blocked on I/O, keeps ForkJoinPool-1-worker-1"
    );
    assert_eq!(names(&queue(&v, QueueId::Carrier).chips), ["r2"]);
    assert!(
        v.queues.iter().all(|q| q.id != QueueId::Unmounted),
        "no queue the run never used"
    );
    assert!(v.time.starts_with("t = 5.000 ms"), "{}", v.time);
    // Free connects: everything up to r2's wait happens at 0; the words
    // tell the last three steps and count the earlier ones.
    let at_0 = s.replay.events.iter().filter(|e| e.at == 0).count();
    let step = at(&mut s, 0).step;
    assert!(
        step.starts_with(&format!(
            "{} earlier steps at this instant, then: ",
            at_0 - 3
        )),
        "{step}"
    );
    assert_eq!(step.matches(" · ").count(), 2, "{step}");
    // The instant at which r1 blocked: its words name the pin.
    let r = Replay::record(&config(PINNED));
    let mut s = Session::new(1, Mode::Virtual, Columns::ServerMode, r, Vec::new(), false);
    let blocked = s
        .replay
        .events
        .iter()
        .find(|e| matches!(e.step, Step::Blocked { .. }))
        .unwrap()
        .at;
    s.act(SessionAction::Player(PlayerAction::Scrub(blocked)));
    let step = s.view(Locale::En).step;
    assert!(
        step.contains("r1 blocks on I/O and stays pinned to ForkJoinPool-1-worker-1"),
        "{step}"
    );
}

/// JDK 24: the same program unmounts; both requests are in the unmounted
/// queue and the carrier lane is idle.
#[test]
fn the_stage_shows_unmounted_virtual_threads_on_jdk_24() {
    let jdk24: Vec<(&str, &str)> = PINNED
        .iter()
        .map(|&(k, v)| if k == "server.jdk" { (k, "24") } else { (k, v) })
        .collect();
    let mut s = session(&jdk24, false);
    let v = at(&mut s, 5);
    assert!(carriers(&v).lanes[0].chip.is_none());
    let q = queue(&v, QueueId::Unmounted);
    assert_eq!(names(&q.chips), ["r1", "r2"]);
    assert!(q.chips.iter().all(|c| c.kind == ChipKind::Unmounted));
    assert_eq!(
        q.chips[0].words,
        "unmounted: blocked on I/O, off its carrier"
    );
    // In German too, and never a state without words.
    let de = s.view(Locale::De);
    let q = de
        .queues
        .iter()
        .find(|q| q.id == QueueId::Unmounted)
        .unwrap();
    assert!(
        q.chips[0].words.starts_with("abgehängt"),
        "{}",
        q.chips[0].words
    );
}

/// Following r2: its chip is marked wherever it is, the carrier and the
/// carrier queue it passed through are on its journey, and the journey
/// lists its intervals in order, the current one marked.
#[test]
fn following_a_request_marks_its_whole_journey() {
    let mut s = session(PINNED, false);
    let r2 = s.replay.actor_named("r2").unwrap();
    s.act(SessionAction::Select(Some(r2)));
    let v = at(&mut s, 5);
    assert!(queue(&v, QueueId::Carrier).chips[0].followed);
    assert!(!carriers(&v).lanes[0].chip.as_ref().unwrap().followed);
    assert!(
        carriers(&v).lanes[0].on_journey,
        "r2 runs on the carrier later"
    );
    assert!(queue(&v, QueueId::Carrier).on_journey);
    assert!(!queue(&v, QueueId::Backlog).chips.iter().any(|c| c.followed));
    let (who, rows) = v.journey.unwrap();
    assert_eq!(who, "r2");
    let what: Vec<ChipKind> = rows.iter().map(|r| r.kind).collect();
    assert_eq!(what[..2], [ChipKind::Connecting, ChipKind::Backlog]);
    assert!(what.contains(&ChipKind::WaitingCarrier) && what.contains(&ChipKind::Pinned));
    assert_eq!(rows.iter().filter(|r| r.current).count(), 1);
    assert_eq!(
        rows.iter().find(|r| r.current).unwrap().kind,
        ChipKind::WaitingCarrier
    );
    assert!(rows.windows(2).all(|w| w[0].from <= w[1].from));
    // A task cannot be followed on its own; none clears.
    s.act(SessionAction::Select(Some(usize::MAX)));
    assert_eq!(s.selected, None);
}

/// The slider moves by instants; step forward and back move by one; the
/// speed goes along its list; reduced motion never plays.
#[test]
fn the_slider_and_the_stepper_move_by_instants() {
    // Connections that take time: more instants than requests' ends.
    let busy = |reduced| {
        let r = Replay::record(&config(PINNED));
        Session::new(
            1,
            Mode::Virtual,
            Columns::ServerMode,
            r,
            Vec::new(),
            reduced,
        )
    };
    let mut s = busy(false);
    let n = s.instants();
    assert!(n > 5, "{n}");
    assert_eq!(s.position(), 0);
    s.act(SessionAction::ToInstant(3));
    assert_eq!(s.position(), 3);
    s.act(SessionAction::Player(PlayerAction::StepForward));
    assert_eq!(s.position(), 4);
    s.act(SessionAction::Player(PlayerAction::StepBack));
    s.act(SessionAction::Player(PlayerAction::StepBack));
    assert_eq!(s.position(), 2);
    s.act(SessionAction::ToInstant(n + 10));
    let v = s.view(Locale::En);
    assert_eq!((v.position, v.last), (n - 1, n - 1));
    assert!(!v.can_forward && v.can_back);
    assert!(
        v.time.ends_with(&format!("instant {n} of {n}")),
        "{}",
        v.time
    );
    s.act(SessionAction::ToInstant(0));
    for _ in 0..SPEEDS.len() {
        s.act(SessionAction::Player(PlayerAction::Slower));
    }
    s.act(SessionAction::Player(PlayerAction::Play));
    assert!(s.view(Locale::En).playing);
    s.act(SessionAction::Tick(1000.0));
    assert_eq!(s.player.at, s.replay.events[0].at + MS, "1 ms per second");
    assert!(s.position() > 0);
    let v = s.view(Locale::En);
    assert!(!v.can_slower && v.can_faster);
    assert_eq!(v.speed, "1 ms of simulated time per second");

    let mut still = busy(true);
    still.act(SessionAction::Player(PlayerAction::Play));
    assert!(!still.player.playing, "reduced motion: play steps");
    assert_eq!(still.position(), 1);
    still.act(SessionAction::Tick(5000.0));
    assert_eq!(still.position(), 1, "reduced motion: time does not move it");
    assert!(still.view(Locale::En).reduced_motion);
}

/// The line on the run's size names each change with its field's label,
/// in the page's language and number format, and says when it was cut.
#[test]
fn the_note_says_what_was_made_small() {
    let setup = crate::app::setup::Setup::of_preset("pinning-jdk21").unwrap();
    let req = ReplayRequest::of(3, Mode::Virtual, &setup.draft_for(Mode::Virtual));
    let r = *req.record().replay.unwrap();
    let mut s = Session::new(
        3,
        Mode::Virtual,
        Columns::ServerMode,
        r,
        req.shrunk.clone(),
        false,
    );
    assert_eq!(
        s.view(Locale::En).note,
        "A smaller run of 200 requests, to follow step by step — changed: Requests 4,000 → 200."
    );
    assert!(
        s.view(Locale::De).note.contains("4.000 → 200"),
        "{}",
        s.view(Locale::De).note
    );
    assert_eq!(s.view(Locale::En).title, "Replay · virtual threads");
    s.shrunk.clear();
    assert_eq!(
        s.view(Locale::En).note,
        "The run as set, 200 requests, step by step."
    );
    let mut cut = s.replay.as_ref().clone();
    cut.truncated = true;
    let s = Session::new(
        3,
        Mode::Virtual,
        Columns::ServerMode,
        cut,
        Vec::new(),
        false,
    );
    assert!(
        s.view(Locale::En)
            .note
            .ends_with("Cut after 1,996 steps: the run went on."),
        "{}",
        s.view(Locale::En).note
    );
}

fn draft(settings: &[(&str, &str)]) -> Draft {
    let mut d = Draft::new();
    for (k, v) in settings {
        d.set(k, v).unwrap();
    }
    d
}

fn shrunk_keys(s: &[Shrunk]) -> Vec<&str> {
    s.iter().map(|c| c.key.as_str()).collect()
}

/// What `small` changes: a long hey run to a multiple of its clients (hey
/// refuses fewer requests than workers), a duration to a request count,
/// JMeter's loops too, too many clients to [`REPLAY_CLIENTS`], a wrk run's
/// duration to about as long as the requests take; a small run stays as it
/// is; every result validates and is bounded.
#[test]
fn small_keeps_the_scenario_and_changes_only_its_size() {
    let (d, s) = small(&draft(&[
        ("load.concurrency", "300"),
        ("load.requests", "100000"),
    ]));
    assert_eq!(d.get("load.requests"), Some(&Value::from(300)));
    assert!(validate(&d).is_ok());
    assert_eq!(shrunk_keys(&s), ["load.requests"]);
    assert_eq!(s[0].before, Some(Value::from(100_000)));

    let (d, s) = small(&draft(&[
        ("load.concurrency", "30"),
        ("load.duration_s", "60"),
    ]));
    assert_eq!(d.get("load.requests"), Some(&Value::from(180)), "6 each");
    assert!(validate(&d).is_ok());
    assert_eq!(shrunk_keys(&s), ["load.duration_s", "load.requests"]);
    assert_eq!(s[1].before, Some(Value::from(200)), "the default count");
    assert_eq!(s[0].after, None);

    let (d, s) = small(&draft(&[
        ("load.tool", "jmeter"),
        ("load.concurrency", "50"),
        ("load.loops", "100"),
    ]));
    let cfg = validate(&d).unwrap();
    assert_eq!(cfg.load.requests, Some(200), "the default count, no loops");
    assert_eq!(shrunk_keys(&s), ["load.loops"]);

    let (d, s) = small(&draft(&[
        ("load.concurrency", "5000"),
        ("load.requests", "5000"),
    ]));
    assert_eq!(
        d.get("load.concurrency"),
        Some(&Value::from(REPLAY_CLIENTS))
    );
    assert_eq!(d.get("load.requests"), Some(&Value::from(REPLAY_CLIENTS)));
    assert!(validate(&d).is_ok());
    assert_eq!(shrunk_keys(&s), ["load.concurrency", "load.requests"]);

    // wrk runs for a duration: 200 requests at 10 clients ÷ 50 ms = 200/s.
    let (d, s) = small(&draft(&[
        ("load.tool", "wrk"),
        ("load.concurrency", "10"),
        ("load.duration_s", "60"),
        ("load.rtt_ms", "0"),
        ("program", "io:50ms"),
    ]));
    let secs = d.get("load.duration_s").and_then(Value::as_f64).unwrap();
    assert!((secs - 1.0).abs() < 0.01, "{secs}");
    assert!(validate(&d).is_ok());
    assert_eq!(shrunk_keys(&s), ["load.duration_s"]);

    let (d, s) = small(&draft(&[
        ("load.concurrency", "2"),
        ("load.requests", "10"),
    ]));
    assert!(s.is_empty(), "{s:?}");
    assert_eq!(d.get("load.requests"), Some(&Value::from(10)));
    let cfg = validate(&d).unwrap();
    assert_eq!(cfg.limits.max_events, REPLAY_MAX_SIM_EVENTS);
}

/// The default speed follows the scenario's time scale: a typical request
/// (the mean from sent to answered) takes about two seconds of real time,
/// so a 50 ms sleep is not a minute's wait at 1 ms per second.
#[test]
fn the_default_speed_plays_a_typical_request_in_about_two_seconds() {
    assert_eq!(default_speed(Some(50 * MS)), 20 * MS, "2.5 s per request");
    assert_eq!(default_speed(Some(10 * MS)), 5 * MS);
    assert_eq!(default_speed(Some(1000 * MS)), 500 * MS);
    assert_eq!(default_speed(Some(MS)), MS, "the slowest is the floor");
    assert_eq!(
        default_speed(Some(60_000 * MS)),
        500 * MS,
        "the fastest the top"
    );
    assert_eq!(default_speed(None), SPEEDS[0]);
    // Two requests sleeping 10 ms in turn on one carrier: 10 and 20 ms.
    let s = session(PINNED, false);
    assert_eq!(s.replay.typical_request(), Some(15 * MS));
    assert_eq!(s.player.speed, 5 * MS);
    // The article's E2 preset, made small as the page records it.
    let e2 = crate::scenario::preset("e2-platform")
        .expect("preset")
        .draft();
    let (d, _) = small(&e2);
    let r = Replay::record(&validate(&d).expect("valid"));
    let typical = r.typical_request().expect("requests ended");
    assert!(typical >= 50 * MS, "{typical} ns: at least the sleep");
    let s = Session::new(1, Mode::Platform, Columns::ServerMode, r, Vec::new(), false);
    let real_s = typical as f64 / s.player.speed as f64;
    assert!(
        s.player.speed > MS && (0.8..=5.0).contains(&real_s),
        "speed {} ns/s: a typical request of {typical} ns takes {real_s} s",
        s.player.speed
    );
}
