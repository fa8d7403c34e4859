//! The future-event list, ordered by (time, sequence).
//!
//! The sequence number makes the order total and FIFO among events scheduled
//! for the same nanosecond, which is what makes a run reproducible.
//!
//! Most events are scheduled a constant delay ahead (an `io:50ms` step, the
//! client's 20 s timeout, a pool timeout), and since time never runs
//! backwards, events with the same delay arrive in time order. A delay seen
//! again soon gets one of a few FIFO lanes, where a push and a pop cost O(1);
//! everything else goes to the store (a short sorted list or a binary heap,
//! see [`store`]). `pop` takes the least (time, sequence) of the store's
//! first entry and the lanes' fronts, so the order is exactly
//! that of a single heap whatever goes where: the lanes change the speed,
//! never the result.

mod store;

use std::cmp::Ordering;
use std::collections::VecDeque;

use store::Store;

use super::time::Nanos;

/// Something that will happen. Payloads are fiber, worker or core indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Event {
    /// A closed-loop worker issues its next request (after ramp-up or think time).
    WorkerSend(u32),
    /// The next open-loop arrival.
    Arrival,
    /// A request's SYN reaches the server: its handshake's round trip is
    /// over, or it is sent again after the full accept queue dropped it.
    Syn(u32),
    /// A request's handshake ends (its ACK, and its request behind it,
    /// reach the server), or the request is retransmitted after the full
    /// accept queue ignored that ACK.
    Ack(u32),
    /// Tomcat looks for connections idle past its keep-alive timeout.
    KeepAlive,
    /// A request's SYN met no listener while the process was down and the
    /// host answered with a reset: the client's connect() fails.
    Refused(u32),
    /// Tomcat's acceptor is done with the connection it was taking.
    AcceptDone,
    /// A request's client-side timeout (fiber; the fiber keeps the sequence
    /// number of its armed timeout, so a stale one is recognised).
    ClientTimeout(u32),
    /// A blocking wait (io, file, query) of a fiber ended.
    WaitDone(u32),
    /// A HikariCP `connectionTimeout` expired (fiber; checked like `ClientTimeout`).
    PoolTimeout(u32),
    /// A downstream answered this fiber's call (`engine::downstream`).
    CallDone(u32),
    /// The JDK `HttpClient` hands this fiber's response to its executor.
    Handoff(u32),
    /// A downstream answered a call whose caller had given up (downstream
    /// index): its slot frees, the answer goes nowhere.
    SlotFree(u32),
    /// A downstream's fault starts or ends (downstream index).
    FaultEdge(u32),
    /// The CPU model asked to be checked (stamp or core).
    CpuCheck(u32),
    /// The load's duration is over.
    Stop,
    /// A stop-the-world garbage-collection pause ends.
    GcEnd,
    /// Tomcat accepts the connections the kernel held during a pause.
    Accept,
    /// The service answers again after its process ended.
    Restart,
}

/// 24 bytes: with a one-word event, entries move cheaply in the store, and
/// comparing time first (ties are rare) is faster than one 128-bit compare.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Entry {
    at: Nanos,
    seq: u64,
    event: Event,
}

impl Entry {
    #[inline]
    fn key(&self) -> (Nanos, u64) {
        (self.at, self.seq)
    }

    /// The same order as [`Entry::key`], as one integer.
    #[inline]
    fn key128(&self) -> u128 {
        (self.at as u128) << 64 | self.seq as u128
    }
}

impl Ord for Entry {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        // Reversed: `BinaryHeap` is a max-heap and we want the earliest first.
        other.key().cmp(&self.key())
    }
}

impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// FIFO lanes beside the store: enough for the usual constant delays (an I/O
/// step, the client timeout, a pool timeout) and few enough that checking
/// them on every push and pop stays cheap.
const LANES: usize = 3;

/// Key of an empty lane's front: later than any event.
const NO_FRONT: u128 = u128::MAX;

/// Pending events.
pub(crate) struct Queue {
    /// Entries not in a lane.
    store: Store,
    /// Lane i holds events scheduled `delays[i]` ahead, sorted by (time, sequence).
    lanes: [VecDeque<Entry>; LANES],
    delays: [Nanos; LANES],
    /// Time of each lane's last entry (0 when empty): a lane only takes an
    /// entry not earlier than that, so it stays sorted whatever comes.
    backs: [Nanos; LANES],
    /// Key of each lane's first entry as one `u128` (time, then sequence:
    /// the minimum of three is then found without a branch per field),
    /// [`NO_FRONT`] when empty.
    fronts: [u128; LANES],
    /// Delays of the last two events that went to the store: a delay seen
    /// again claims a free lane.
    recent: [Nanos; 2],
    /// Lanes given a delay so far (they keep it): while none is, pushes and
    /// pops go straight to the store.
    claimed: usize,
    /// Time of the last event popped: no event is scheduled before it.
    now: Nanos,
    seq: u64,
}

impl Default for Queue {
    fn default() -> Self {
        Queue {
            store: Store::default(),
            lanes: Default::default(),
            delays: [Nanos::MAX; LANES],
            backs: [0; LANES],
            fronts: [NO_FRONT; LANES],
            recent: [Nanos::MAX; 2],
            claimed: 0,
            now: 0,
            seq: 0,
        }
    }
}

impl Queue {
    /// Schedules `event` at `at`; returns its sequence number (never 0).
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    pub(crate) fn push(&mut self, at: Nanos, event: Event) -> u64 {
        self.seq += 1;
        let entry = Entry {
            at,
            seq: self.seq,
            event,
        };
        let delay = at.wrapping_sub(self.now);
        // While no lane is in use and the delay is new (the common case when
        // delays are random), straight to the store; it is pushed in one
        // place only, so that the push stays inlined.
        let lane = if self.claimed == 0 && !self.recent.contains(&delay) {
            None
        } else {
            self.lane_for(at, delay)
        };
        match lane {
            Some(i) => {
                if self.lanes[i].is_empty() {
                    self.fronts[i] = entry.key128();
                }
                self.backs[i] = at;
                self.lanes[i].push_back(entry);
            }
            None => {
                self.recent[(self.seq & 1) as usize] = delay;
                self.store.push(entry);
            }
        }
        self.seq
    }

    /// Takes the next sequence number without scheduling anything: a timer
    /// armed now but scheduled later ([`push_reserved`](Self::push_reserved))
    /// keeps the place among same-time events that a push now would give it.
    #[inline]
    pub(crate) fn reserve(&mut self) -> u64 {
        self.seq += 1;
        self.seq
    }

    /// Schedules `event` at `at` under a sequence number from
    /// [`reserve`](Self::reserve), so in exactly the order a push at the
    /// time of the reservation would have given it.
    pub(crate) fn push_reserved(&mut self, at: Nanos, seq: u64, event: Event) {
        debug_assert!(seq <= self.seq && at >= self.now);
        self.store.push_keyed(Entry { at, seq, event });
    }

    /// The time of the entry popped last.
    pub(crate) fn now(&self) -> Nanos {
        self.now
    }

    /// The lane an entry at `at`, `delay` ahead, may join (claiming a free
    /// one for a delay seen again), or `None` for the store.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline(never))]
    fn lane_for(&mut self, at: Nanos, delay: Nanos) -> Option<usize> {
        let mut lane = self.delays.iter().position(|&d| d == delay);
        if lane.is_none() && self.recent.contains(&delay) {
            // Seen again: claim a free lane, if any.
            lane = self.lanes.iter().position(VecDeque::is_empty);
            if let Some(i) = lane {
                if self.delays[i] == Nanos::MAX {
                    self.claimed += 1;
                }
                self.delays[i] = delay;
            }
        }
        lane.filter(|&i| self.backs[i] <= at)
    }

    /// Takes the earliest event: its time, sequence number and what it is.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<(Nanos, u64, Event)> {
        // The store is popped in one place only, so that the pop stays inlined.
        let lane = if self.claimed == 0 {
            None
        } else {
            self.earliest_lane()
        };
        let entry = match lane {
            None => self.store.pop()?,
            Some(i) => {
                let lane = &mut self.lanes[i];
                let entry = lane.pop_front()?;
                match lane.front() {
                    Some(next) => self.fronts[i] = next.key128(),
                    None => {
                        self.fronts[i] = NO_FRONT;
                        self.backs[i] = 0;
                    }
                }
                entry
            }
        };
        self.now = entry.at;
        Some((entry.at, entry.seq, entry.event))
    }

    /// The lane whose front comes before the store's first entry, if any.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline(never))]
    fn earliest_lane(&self) -> Option<usize> {
        let mut best = NO_FRONT;
        let mut from = None;
        for (i, &key) in self.fronts.iter().enumerate() {
            if key < best {
                best = key;
                from = Some(i);
            }
        }
        match self.store.peek_key() {
            Some(first) if first < best => None,
            _ => from,
        }
    }

    /// Number of pending events (with at most one stale time-out per
    /// request slot and kind: `engine::timer`).
    pub(crate) fn len(&self) -> usize {
        self.store.len() + self.lanes.iter().map(VecDeque::len).sum::<usize>()
    }

    /// Bytes allocated for pending events (capacity, not only what is used).
    pub(crate) fn footprint(&self) -> u64 {
        let entries =
            self.store.capacity() + self.lanes.iter().map(VecDeque::capacity).sum::<usize>();
        entries as u64 * size_of::<Entry>() as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    /// Whatever mix of constant and random delays comes, every pop returns
    /// what a single heap of (time, sequence) would.
    #[test]
    fn lanes_never_change_the_order() {
        let mut q = Queue::default();
        let mut reference = BinaryHeap::new();
        let mut x: u64 = 12345;
        let mut rand = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let (mut seq, mut now, mut pops) = (0u32, 0, 0);
        for step in 0..40_000u32 {
            for _ in 0..rand() % 3 {
                let delay = match rand() % 5 {
                    0 => 50,
                    1 => 20_000,
                    2 => 7,
                    3 => 0,
                    _ => rand() % 100_000,
                };
                seq += 1;
                q.push(now + delay, Event::WaitDone(seq));
                reference.push(Reverse((now + delay, seq)));
            }
            if step % 2 == 0 || step >= 30_000 {
                let want = reference
                    .pop()
                    .map(|Reverse((at, s))| (at, Event::WaitDone(s)));
                let got = q.pop().map(|(at, _, e)| (at, e));
                assert_eq!(got, want, "pop {pops}");
                if let Some((at, _)) = got {
                    now = at;
                    pops += 1;
                }
            }
        }
        assert_eq!(q.len(), reference.len());
        assert!(pops > 10_000);
    }
}
