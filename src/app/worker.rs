//! What goes between the page and its simulation worker, and what the
//! worker does with it.
//!
//! * `protocol` — the messages between page and worker (`Job`, `Message`);
//! * `job` — a job as a list of runs and the message each run produces (the
//!   worker adds only slicing and cancelling; `run_blocking` runs it
//!   natively);
//! * `pool` — which of the page's workers simulates which run of a job,
//!   and the one stream of messages the page takes in;
//! * `supervise` — the worker's messages besides jobs (ready, exports, a
//!   replay, a panic) and the watchdog that replaces a stuck or crashed
//!   worker.

pub mod job;
pub(crate) mod pool;
pub mod protocol;
pub mod supervise;
