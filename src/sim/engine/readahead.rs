//! Tomcat's read-ahead on a kept-alive connection.
//!
//! After a response, Tomcat's `Http11Processor.service` loops while the
//! connection is kept alive: `Http11InputBuffer.parseRequestLine` reads the
//! socket once more without blocking (`fill(false)`). A next request already
//! there is served on the same thread at once, ahead of every request in
//! the executor's queue; else the socket goes back to the poller, and its
//! next request joins the back of that queue. Whether the client's next
//! request is there in time is a race between the thread's few
//! microseconds from writing the response to that read and the client's
//! turnaround (its wake-up, its read, its next write), which the OS
//! scheduler decides when the two share cores: with every core busy the
//! client waits its turn and loses it (measured here: 0.16 % of requests
//! skipped the queue with the 2 cores saturated, against 6.6–16.5 % with a
//! core to spare). The model draws a hit per response, only while a core is
//! free for a client that shares them, with the hit rate
//! `server.read_ahead_pct` (left empty: a share drawn per run from the
//! measured range over the share of responses that found a core free,
//! `scenario::measured::READ_AHEAD_SHARES` and `READ_AHEAD_FREE_CORE`), and
//! holds the thread for the client's turnaround. Under a deep queue this
//! splits the latencies in two: the hits take about the service time, the
//! rest wait for a queue that drains more slowly. Platform threads only: a
//! virtual thread per request has no queue to skip.

use super::connections::ConnState;
use super::{Engine, NONE};
use crate::sim::config::Mode;
use crate::sim::series::Gauge;
use crate::sim::trace::Tracer;

impl<T: Tracer> Engine<T> {
    /// Whether the thread that has just answered request `f` finds its
    /// connection's next request already there: drawn only while its
    /// client still waits on a connection Tomcat keeps.
    #[inline]
    pub(super) fn reads_ahead(&mut self, f: u32) -> bool {
        let share = self.read_ahead;
        if share <= 0.0 {
            return false;
        }
        let fb = &self.fibers[f as usize];
        let c = fb.conn;
        if c == NONE || fb.counted || self.conns.get(c).state != ConnState::Busy {
            return false;
        }
        if self.cfg.load.client_cpu > 0 && self.cpu.runnable() >= self.cfg.server.cores {
            // A client on these cores waits for one to turn its response
            // around, and Tomcat's thread has read the socket by then.
            return false;
        }
        self.rng.open01() < share
    }

    /// Thread `t` answers request `f` and reads its connection again: it
    /// waits there for the client's next request, which `arrive` hands to
    /// it. If the client sends none on it at once (it is done, it thinks,
    /// or the connection closes), the thread goes on to Tomcat's queue.
    pub(super) fn read_ahead(&mut self, f: u32, t: u32) {
        let c = self.fibers[f as usize].conn;
        self.thread_not_busy(t);
        self.conns.list[c as usize].reader = t;
        self.fibers[f as usize].in_server = false;
        self.gauge(Gauge::InServer, -1);
        self.deliver(f);
        // The connection closed (`close` handed the thread on), or its next
        // request already arrived and took the thread.
        let conn = &mut self.conns.list[c as usize];
        if conn.reader != t {
            return;
        }
        if conn.state != ConnState::Busy {
            conn.reader = NONE;
            self.hand_on(t);
        }
    }

    /// This run's share: drawn within the configured range (platform
    /// threads only, so that other runs' random draws stay as they were).
    pub(super) fn draw_read_ahead(&mut self) -> f64 {
        let (lo, hi) = self.cfg.server.read_ahead;
        if self.cfg.server.mode != Mode::Platform || hi <= lo {
            return lo;
        }
        lo + (hi - lo) * self.rng.open01()
    }

    /// The thread reading connection `c` for its next request, taken off
    /// it (`NONE`: none, or no connection).
    #[inline]
    pub(super) fn take_reader(&mut self, c: u32) -> u32 {
        if c == NONE {
            return NONE;
        }
        std::mem::replace(&mut self.conns.list[c as usize].reader, NONE)
    }
}
