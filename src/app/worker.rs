//! What goes between the page and its simulation worker, and what the
//! worker does with it.
//!
//! * `protocol` — the messages between page and worker (`Job`, `Message`);
//! * `job` — a job as a list of runs and the message each run produces (the
//!   worker adds only slicing and cancelling; `run_blocking` runs it
//!   natively);
//! * `supervise` — the worker's messages besides jobs (ready, exports, a
//!   replay, a panic) and the watchdog that replaces a stuck or crashed
//!   worker.

pub mod job;
pub mod protocol;
pub mod supervise;
