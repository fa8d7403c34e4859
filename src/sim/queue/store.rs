//! The events outside the FIFO lanes: a short sorted list, or a binary heap
//! when there are many.
//!
//! With a few pending events (an M/M/c queue with c = 10 has about 11) a
//! heap spends most of its time in branches the CPU cannot predict: each
//! push and pop compares random times at every level. A list sorted latest
//! first pops from its end with no comparison at all, and a push finds its
//! place by counting the later entries, without a single branch that
//! depends on the times. Past [`LIST_MAX`] entries the linear insert costs
//! more than the heap saves, so the store becomes a heap, and turns back
//! into a list below [`LIST_MIN`] (apart enough that it does not flip back
//! and forth). Either way the pop order is exactly (time, sequence).

use std::collections::BinaryHeap;

use super::Entry;

/// Above this many entries the list becomes a heap.
const LIST_MAX: usize = 24;
/// Below this many entries the heap becomes a list again.
const LIST_MIN: usize = 8;

/// Entries ordered by (time, sequence).
pub(super) enum Store {
    /// Sorted latest first: the earliest entry is the last.
    List(Vec<Entry>),
    /// `Entry`'s order is reversed, so the heap's top is the earliest.
    Heap(BinaryHeap<Entry>),
}

impl Default for Store {
    fn default() -> Self {
        Store::List(Vec::new())
    }
}

impl Store {
    /// Adds an entry whose sequence number is larger than any stored one
    /// (the queue numbers every push), so an entry with the same time goes
    /// after it.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    pub(super) fn push(&mut self, entry: Entry) {
        match self {
            Store::List(list) if list.len() < LIST_MAX => {
                debug_assert!(list.iter().all(|e| e.seq < entry.seq));
                // Its place: after every entry due later. A count of
                // comparisons, not a search, so no branch depends on times.
                let later = list.iter().map(|e| (e.at > entry.at) as usize).sum();
                // Shift the earlier entries up one by one: a call to
                // `memmove` costs more than the few moves it saves.
                list.push(entry);
                let mut i = list.len() - 1;
                while i > later {
                    list[i] = list[i - 1];
                    i -= 1;
                }
                list[later] = entry;
            }
            Store::List(list) => {
                let mut heap = BinaryHeap::from(std::mem::take(list));
                heap.push(entry);
                *self = Store::Heap(heap);
            }
            Store::Heap(heap) => heap.push(entry),
        }
    }

    /// Adds an entry whose sequence number was reserved earlier
    /// ([`Queue::reserve`](super::Queue::reserve)), so it may be older than
    /// stored ones: its place is found by time, then sequence.
    pub(super) fn push_keyed(&mut self, entry: Entry) {
        match self {
            Store::List(list) if list.len() < LIST_MAX => {
                let key = entry.key128();
                let later = list.iter().filter(|e| e.key128() > key).count();
                list.insert(later, entry);
            }
            Store::List(list) => {
                let mut heap = BinaryHeap::from(std::mem::take(list));
                heap.push(entry);
                *self = Store::Heap(heap);
            }
            Store::Heap(heap) => heap.push(entry),
        }
    }

    /// Takes the earliest entry.
    #[inline]
    pub(super) fn pop(&mut self) -> Option<Entry> {
        match self {
            Store::List(list) => list.pop(),
            Store::Heap(heap) => {
                let entry = heap.pop();
                if heap.len() < LIST_MIN {
                    self.become_list();
                }
                entry
            }
        }
    }

    #[inline(never)]
    fn become_list(&mut self) {
        if let Store::Heap(heap) = self {
            // Ascending by `Entry`'s reversed order = latest first.
            let list = std::mem::take(heap).into_sorted_vec();
            *self = Store::List(list);
        }
    }

    /// The earliest entry's key ([`Entry::key128`]), if any. Always inlined:
    /// left to the compiler, the call cost 1-2 % of M2's instructions.
    #[inline(always)]
    pub(super) fn peek_key(&self) -> Option<u128> {
        match self {
            Store::List(list) => list.last().map(Entry::key128),
            Store::Heap(heap) => heap.peek().map(Entry::key128),
        }
    }

    /// Number of entries.
    pub(super) fn len(&self) -> usize {
        match self {
            Store::List(list) => list.len(),
            Store::Heap(heap) => heap.len(),
        }
    }

    /// Entries it has room for without allocating.
    pub(super) fn capacity(&self) -> usize {
        match self {
            Store::List(list) => list.capacity(),
            Store::Heap(heap) => heap.capacity(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::queue::Event;

    /// Sizes that cross both thresholds many times, with many equal times:
    /// the store pops exactly in (time, sequence) order.
    #[test]
    fn pops_in_time_then_sequence_order_across_both_forms() {
        let mut store = Store::default();
        let mut reference: Vec<(u64, u64)> = Vec::new();
        let mut x: u64 = 7;
        let mut seq = 0;
        let (mut lists, mut heaps) = (0, 0);
        for step in 0..20_000u64 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Grow and shrink in waves between 0 and about 40 entries.
            let grow = (step / 80) % 2 == 0;
            if grow != x.is_multiple_of(4) {
                seq += 1;
                let at = x % 50;
                store.push(Entry {
                    at,
                    seq,
                    event: Event::WaitDone(seq as u32),
                });
                reference.push((at, seq));
            } else {
                reference.sort_unstable_by(|a, b| b.cmp(a));
                let want = reference.pop();
                let want128 = want.map(|(at, seq)| (at as u128) << 64 | seq as u128);
                assert_eq!(store.peek_key(), want128, "step {step}");
                assert_eq!(store.pop().map(|e| e.key()), want, "step {step}");
            }
            assert_eq!(store.len(), reference.len());
            match store {
                Store::List(_) => lists += 1,
                Store::Heap(_) => heaps += 1,
            }
        }
        assert!(
            lists > 1000 && heaps > 1000,
            "{lists} list, {heaps} heap steps"
        );
    }
}
