//! The load tools the client can be, and what each does on its own terms:
//! how it reuses connections, what it does at its timeout, what it counts,
//! and when its run ends. Every behaviour here was read in the tool's
//! source or documentation (named beside it); the scenario's help repeats
//! it for people.

use super::named::named_enum;
use super::time::{Nanos, SEC};

named_enum! {
    /// The load generator a scenario stands for (`load.tool`).
    pub enum Tool {
        /// rakyll/hey: `-c` workers sharing one Go `http.Transport`.
        Hey = "hey",
        /// wg/wrk: `-c` connections, each sending its next request as soon as
        /// its response is read.
        Wrk = "wrk",
        /// giltene/wrk2: wrk with a constant rate (`-R`) over `-c` connections.
        Wrk2 = "wrk2",
        /// Apache JMeter: a thread group, one HTTP client per thread.
        Jmeter = "jmeter",
        /// Grafana k6: virtual users, each with its own connections.
        K6 = "k6",
    }
}

/// What a tool does with requests still in flight when its duration ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Deadline {
    /// It stops sending and waits for them, up to `grace` (`None`: until each
    /// is answered or times out); they are counted.
    Drain {
        /// How long it waits at most.
        grace: Option<Nanos>,
    },
    /// It stops at once: what is in flight is neither a response nor an error.
    Cut,
}

/// hey's cap on idle connections per host (`maxIdleConn` in requester.go):
/// its Transport keeps `MaxIdleConnsPerHost = min(c, 500)`.
pub const HEY_MAX_IDLE: u32 = 500;

/// wrk2's `TIMEOUT_INTERVAL_MS`: how often `check_timeouts` runs.
pub const WRK2_SWEEP: Nanos = 2 * SEC;

/// wrk2 staggers each thread's connects 5 ms apart and starts its first
/// sweep that much later (`thread_main`: `TIMEOUT_INTERVAL_MS +
/// connections × 5`).
pub const WRK2_CONNECT_STAGGER: Nanos = 5_000_000;

impl Tool {
    /// Its own request timeout when the scenario sets none: hey `-t` 20 s
    /// (hey.go), wrk's `--timeout` 2 s (`SOCKET_TIMEOUT_MS`, also wrk2's),
    /// JMeter none (the HTTP sampler's timeouts are empty), k6 60 s (the
    /// `timeout` request parameter).
    pub const fn default_timeout(self) -> Option<Nanos> {
        match self {
            Tool::Hey => Some(20 * SEC),
            Tool::Wrk | Tool::Wrk2 => Some(2 * SEC),
            Tool::Jmeter => None,
            Tool::K6 => Some(60 * SEC),
        }
    }

    /// Whether it gives up on a request at its timeout. hey and k6 cancel
    /// the request through Go's `http.Client` timeout, which closes the
    /// connection; JMeter's socket timeout fails the sample and HttpClient
    /// drops the connection. wrk and wrk2 never cancel: they keep waiting on
    /// the connection (see `counts_late_responses`, `sweeps_timeouts`).
    pub const fn abandons(self) -> bool {
        !matches!(self, Tool::Wrk | Tool::Wrk2)
    }

    /// Whether a response later than the timeout is counted in "Socket
    /// errors: timeout" and left out of the latencies: wrk's
    /// `response_complete` (its `stats_record` refuses values past the
    /// timeout). wrk2 records every response in its HdrHistogram.
    pub const fn counts_late_responses(self) -> bool {
        matches!(self, Tool::Wrk)
    }

    /// Whether "Socket errors: timeout" comes from a sweep instead: wrk2's
    /// `check_timeouts` runs every [`WRK2_SWEEP`] and adds one for each
    /// connection whose last request was written longer ago than the
    /// timeout, whether it still waits for that response or not. (wg/wrk
    /// removed the sweep before 4.0.)
    pub const fn sweeps_timeouts(self) -> bool {
        matches!(self, Tool::Wrk2)
    }

    /// Whether its timeout starts when the request is written on an open
    /// connection (JMeter's response timeout; its connect timeout covers the
    /// connect) rather than when the request starts (hey, k6: one timeout for
    /// dial, request and response).
    pub const fn times_from_connect(self) -> bool {
        matches!(self, Tool::Jmeter)
    }

    /// Whether it times a request from when the request is written on its
    /// connection, leaving the connect out: wrk starts the clock in
    /// `socket_writeable` once connected; k6's `http_req_duration` is
    /// sending + waiting + receiving (the connect is `http_req_connecting`).
    /// hey and JMeter time from before the connect; wrk2 from when the
    /// request was due.
    pub const fn times_from_write(self) -> bool {
        matches!(self, Tool::Wrk | Tool::K6)
    }

    /// Whether idle connections go to one pool shared by every worker (hey's
    /// single Transport) rather than stay with their worker (wrk's
    /// connections, JMeter's per-thread client, k6's per-VU transport).
    pub const fn shares_connections(self) -> bool {
        matches!(self, Tool::Hey)
    }

    /// Age after which it no longer reuses a connection: JMeter's
    /// `httpclient4.time_to_live`, 60 s in jmeter.properties.
    pub const fn connection_ttl(self) -> Option<Nanos> {
        match self {
            Tool::Jmeter => Some(60 * SEC),
            _ => None,
        }
    }

    /// What it does with requests in flight when its duration ends: hey `-z`
    /// stops its workers and waits for them (`runWorkers` waits on the group);
    /// a JMeter thread ends after its current sample (`stopSchedulerIfNeeded`);
    /// k6 gives iterations `gracefulStop` (30 s) to finish; wrk and wrk2 stop
    /// their event loops and drop what is in flight.
    pub const fn deadline(self) -> Deadline {
        match self {
            Tool::Hey | Tool::Jmeter => Deadline::Drain { grace: None },
            Tool::K6 => Deadline::Drain {
                grace: Some(30 * SEC),
            },
            Tool::Wrk | Tool::Wrk2 => Deadline::Cut,
        }
    }

    /// Whether it runs a closed loop (workers that wait for their answer).
    pub const fn closed_loop(self) -> bool {
        !matches!(self, Tool::Wrk2)
    }

    /// Whether it runs an open loop (arrivals at a rate).
    pub const fn open_loop(self) -> bool {
        matches!(self, Tool::Wrk2 | Tool::K6)
    }

    /// Its own duration when the scenario sets neither a duration nor a
    /// count it can use: wrk's and wrk2's `-d` is 10 s.
    pub const fn default_duration(self) -> Option<Nanos> {
        match self {
            Tool::Wrk | Tool::Wrk2 => Some(10 * SEC),
            _ => None,
        }
    }

    /// Whether a request count makes sense for it: wrk and wrk2 only run for
    /// a duration.
    pub const fn counts_requests(self) -> bool {
        !matches!(self, Tool::Wrk | Tool::Wrk2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tool_runs_some_loop_and_has_a_name() {
        for t in Tool::ALL {
            assert!(t.closed_loop() || t.open_loop(), "{t}");
            assert!(!t.name().is_empty());
        }
        assert_eq!(Tool::Wrk.default_timeout(), Some(2 * SEC));
        assert!(!Tool::Wrk.abandons() && Tool::Hey.abandons());
    }
}
