//! A per-thread state timeline over a short window, for the playground's
//! timeline view. Bounded: at most `lanes` lanes and a fixed number of
//! segments, recorded only inside the window.

use super::named::named_enum;
use super::time::{Nanos, to_ms};

named_enum! {
    /// What a thread or carrier is doing.
    pub enum LaneState {
        /// No work.
        Idle = "idle",
        /// Running on a core (or waiting for one: runnable).
        Cpu = "cpu",
        /// Blocked in I/O (platform thread), holding its thread.
        Blocked = "blocked",
        /// Waiting for a pool connection, a monitor, a lock or a permit.
        Waiting = "waiting",
        /// Carrier: a virtual thread is mounted and able to run.
        Mounted = "mounted",
        /// Carrier: blocked because its virtual thread is pinned.
        Pinned = "pinned",
    }
}

/// Which kind of OS thread a lane shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LaneKind {
    /// A Tomcat pool thread (`http-nio-8080-exec-N`).
    Tomcat,
    /// A carrier thread (`ForkJoinPool-1-worker-N`).
    Carrier,
    /// An `@Async` executor pool thread.
    Executor,
}

/// One lane of the timeline.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Lane {
    /// Thread name as Java would print it.
    pub name: String,
    /// Thread kind.
    pub kind: LaneKind,
}

/// One interval in one state.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct Segment {
    /// Lane index.
    pub lane: u16,
    /// State during the interval.
    pub state: LaneState,
    /// Start (ms since the run began).
    pub from_ms: f64,
    /// End (ms).
    pub to_ms: f64,
}

/// The finished timeline.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Timeline {
    /// Window start (ms).
    pub start_ms: f64,
    /// Window end (ms).
    pub end_ms: f64,
    /// Lanes in order of creation.
    pub lanes: Vec<Lane>,
    /// Threads and carriers started in the run, with a lane or not (the
    /// lanes are the first `record.timeline_lanes` of them).
    pub threads: u32,
    /// Segments (every lane's states cover the window once closed).
    pub segments: Vec<Segment>,
    /// Whether segments were dropped because the cap was reached.
    pub truncated: bool,
}

const MAX_SEGMENTS: usize = 20_000;

/// Records lane states inside [start, end).
pub(crate) struct TimelineRecorder {
    start: Nanos,
    end: Nanos,
    max_lanes: usize,
    current: Vec<(LaneState, Nanos)>,
    out: Timeline,
}

impl TimelineRecorder {
    /// A recorder for the window [start, start + window) with at most `max_lanes` lanes.
    pub(crate) fn new(start: Nanos, window: Nanos, max_lanes: u32) -> Self {
        TimelineRecorder {
            start,
            end: start + window,
            max_lanes: max_lanes as usize,
            current: Vec::new(),
            out: Timeline {
                start_ms: to_ms(start),
                end_ms: to_ms(start + window),
                ..Default::default()
            },
        }
    }

    /// Registers a new lane if there is room; returns its index.
    pub(crate) fn lane(&mut self, name: String, kind: LaneKind, now: Nanos) -> Option<u16> {
        self.out.threads += 1;
        if self.current.len() >= self.max_lanes {
            return None;
        }
        self.out.lanes.push(Lane { name, kind });
        self.current.push((LaneState::Idle, now));
        Some((self.current.len() - 1) as u16)
    }

    /// Changes a lane's state at `now`.
    #[inline]
    pub(crate) fn set(&mut self, lane: Option<u16>, state: LaneState, now: Nanos) {
        // Past the window nothing more is drawn: the state each lane had at
        // the window's end is all `finish` needs.
        if now >= self.end {
            return;
        }
        let Some(lane) = lane else { return };
        let (old, since) = self.current[lane as usize];
        if old == state {
            return;
        }
        self.emit(lane, old, since, now);
        self.current[lane as usize] = (state, now);
    }

    fn emit(&mut self, lane: u16, state: LaneState, from: Nanos, to: Nanos) {
        let from = from.max(self.start);
        let to = to.min(self.end);
        if from >= to {
            return;
        }
        if self.out.segments.len() >= MAX_SEGMENTS {
            self.out.truncated = true;
            return;
        }
        self.out.segments.push(Segment {
            lane,
            state,
            from_ms: to_ms(from),
            to_ms: to_ms(to),
        });
    }

    /// Closes every lane at `now` and returns the timeline.
    pub(crate) fn finish(mut self, now: Nanos) -> Timeline {
        for lane in 0..self.current.len() {
            let (state, since) = self.current[lane];
            self.emit(lane as u16, state, since, now);
        }
        self.out
    }
}
