//! What the `@Async` executors still had to do when the client was done.
//! The client's figures end with its last result; an executor that fell
//! behind runs on after it (hey, JMeter and k6 exit, the JVM keeps its
//! tasks), and this is that part of the run, reported on its own so that
//! neither inflates nor dilutes the client's rates and means.

/// The executors' drain after the client's end.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Drain {
    /// Whether the run went on until the tasks were done; false when it
    /// was cut at the client's end (wrk, wrk2 and k6 past its grace stop
    /// the run at once) or at a budget.
    pub waited: bool,
    /// Simulated seconds from the client's end to the end of the run.
    pub after_client_s: f64,
    /// Per executor that had tasks queued or running at the client's end.
    pub executors: Vec<ExecutorDrain>,
}

/// One executor's part of the drain.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ExecutorDrain {
    /// Bean name.
    pub name: String,
    /// Tasks waiting in its queue at the client's end.
    pub queued_at_client_end: u64,
    /// Tasks running (a thread or a virtual thread each) at the client's end.
    pub running_at_client_end: u64,
    /// Tasks that finished after the client's end.
    pub done_in_drain: u64,
    /// Tasks still not done when the run ended (a cut run's).
    pub left_at_end: u64,
    /// Seconds from the client's end to this executor's last finish (0 when
    /// none finished after it).
    pub drain_s: f64,
    /// Mean time from submission to start of the tasks done in the drain, ms.
    pub mean_queue_ms: f64,
}
