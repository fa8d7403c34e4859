//! A fiber slot's time-out, kept with at most one entry in the event queue
//! however often it is armed.
//!
//! A client's 20 s time-out is armed for every request, and almost every
//! request answers long before it: one queue entry per arm would leave
//! throughput × time-out stale entries pending (16.8 million, 770 MiB, at
//! 5,000 clients on `io:1ms` with hey's `-t 20`). Instead a slot keeps one
//! entry, the *tracked* one. Arming again with a deadline not earlier than
//! it only notes the deadline and reserves its sequence number; when the
//! tracked entry fires for an earlier arm, it schedules the armed deadline
//! under that reserved number, if its request still waits. Every time-out
//! that can act is therefore popped at the same (time, sequence) as if it
//! had been pushed when armed: the run is the same event for event, less
//! the stale entries.

use crate::sim::queue::{Event, Queue};
use crate::sim::time::Nanos;

/// One slot's time-out: the deadline armed last, and the entry in the
/// queue that stands for it.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct LazyTimer {
    /// Sequence number of the deadline armed last (0: none armed in this
    /// slot's life), which identifies it as an event would.
    pub(super) armed_seq: u64,
    /// When that deadline is due.
    armed_at: Nanos,
    /// Sequence number of the slot's tracked entry in the queue (0: none).
    entry_seq: u64,
    /// When the tracked entry is due.
    entry_at: Nanos,
}

impl LazyTimer {
    /// The timer of a slot starting a new life: nothing armed, the tracked
    /// entry (still in the queue, if any) kept.
    pub(super) fn reused(self) -> Self {
        LazyTimer {
            armed_seq: 0,
            armed_at: 0,
            ..self
        }
    }

    /// Arms the deadline `at`; `event` is what fires. Pushes an entry only
    /// when the slot has none due at or before `at`.
    #[inline]
    pub(super) fn arm(&mut self, queue: &mut Queue, at: Nanos, event: Event) {
        let seq = if self.entry_seq == 0 || at < self.entry_at {
            // An entry due later stays in the queue and is ignored when it
            // fires (its number is neither tracked nor armed).
            let seq = queue.push(at, event);
            (self.entry_seq, self.entry_at) = (seq, at);
            seq
        } else {
            queue.reserve()
        };
        (self.armed_seq, self.armed_at) = (seq, at);
    }

    /// The slot's entry numbered `seq` fired. True when it is the armed
    /// deadline (the caller then checks, as before, whether its request
    /// still waits). When it stood for an earlier arm, the armed deadline is
    /// scheduled in its place if `waits` (the armed request still waits:
    /// whether it does cannot change before the deadline without a new arm).
    #[inline]
    pub(super) fn fired(&mut self, queue: &mut Queue, seq: u64, waits: bool, event: Event) -> bool {
        if seq != self.entry_seq {
            return false;
        }
        self.entry_seq = 0;
        if seq == self.armed_seq {
            return true;
        }
        if waits && self.armed_seq != 0 && self.armed_at < queue.now() {
            // A stop-the-world pause held the tracked entry past the armed
            // deadline, which then fell due in the pause: it fires now, as
            // the pause's held events do, after them (a new number).
            let seq = queue.push(queue.now(), event);
            (self.armed_seq, self.armed_at) = (seq, queue.now());
            (self.entry_seq, self.entry_at) = (seq, queue.now());
        } else if waits && self.armed_seq != 0 {
            queue.push_reserved(self.armed_at, self.armed_seq, event);
            (self.entry_seq, self.entry_at) = (self.armed_seq, self.armed_at);
        }
        false
    }

    /// A stop-the-world pause held the entry numbered `old` and pushed it
    /// again, now, as `new`.
    pub(super) fn moved(&mut self, old: u64, new: u64, now: Nanos) {
        if self.entry_seq == old {
            (self.entry_seq, self.entry_at) = (new, now);
        }
        if self.armed_seq == old {
            (self.armed_seq, self.armed_at) = (new, now);
        }
    }
}
