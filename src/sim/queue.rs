//! The future-event list: a binary heap ordered by (time, sequence).
//!
//! The sequence number makes the order total and FIFO among events scheduled
//! for the same nanosecond, which is what makes a run reproducible.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use super::time::Nanos;

/// Something that will happen. Payloads are fiber, worker or core indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A closed-loop worker issues its next request (after ramp-up or think time).
    WorkerSend(u32),
    /// The next open-loop arrival.
    Arrival,
    /// A client retries a connection whose SYN the full backlog dropped.
    SynRetry(u32),
    /// A request's client-side timeout (fiber, generation).
    ClientTimeout(u32, u32),
    /// A blocking wait (io, file, query) of a fiber ended.
    WaitDone(u32),
    /// A HikariCP `connectionTimeout` expired (fiber, wait token).
    PoolTimeout(u32, u32),
    /// The CPU model asked to be checked (stamp or core).
    CpuCheck(u32),
    /// The load's duration is over.
    Stop,
}

#[derive(Clone, Copy, PartialEq, Eq)]
struct Entry {
    at: Nanos,
    seq: u64,
    event: Event,
}

impl Ord for Entry {
    fn cmp(&self, other: &Self) -> Ordering {
        // Reversed: `BinaryHeap` is a max-heap and we want the earliest first.
        other
            .at
            .cmp(&self.at)
            .then_with(|| other.seq.cmp(&self.seq))
    }
}

impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Pending events.
#[derive(Default)]
pub struct Queue {
    heap: BinaryHeap<Entry>,
    seq: u64,
}

impl Queue {
    /// Schedules `event` at `at`.
    #[inline]
    pub fn push(&mut self, at: Nanos, event: Event) {
        self.seq += 1;
        self.heap.push(Entry {
            at,
            seq: self.seq,
            event,
        });
    }

    /// Takes the earliest event.
    #[inline]
    pub fn pop(&mut self) -> Option<(Nanos, Event)> {
        self.heap.pop().map(|e| (e.at, e.event))
    }

    /// Number of pending events.
    pub fn len(&self) -> usize {
        self.heap.len()
    }

    /// Whether nothing is pending.
    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }
}
