//! The queues of the replay's stage: which a request in a state waits in,
//! and their element ids.

use super::{State, WaitFor};

/// The queues of the stage, in the order a request meets them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum QueueId {
    /// Opening a connection.
    Connecting,
    /// Tomcat's accept queue.
    Backlog,
    /// Waiting for a thread of this pool.
    Thread(u32),
    /// Runnable virtual threads waiting for a carrier.
    Carrier,
    /// Virtual threads blocked off their carrier (but for a connection).
    Unmounted,
    /// Waiting for a HikariCP connection (on a thread, pinned or not).
    Db,
}

impl QueueId {
    /// The queues an actor in `state` is in.
    pub(super) fn of(state: State) -> Vec<QueueId> {
        let mut out = Vec::new();
        match state {
            State::Connecting => out.push(QueueId::Connecting),
            State::Backlog => out.push(QueueId::Backlog),
            State::WaitingForThread { pool } => out.push(QueueId::Thread(pool)),
            State::WaitingForCarrier => out.push(QueueId::Carrier),
            State::Blocked { holding: None, on } if on != WaitFor::DbConnection => {
                out.push(QueueId::Unmounted)
            }
            _ => {}
        }
        if state.waits_for_db() {
            out.push(QueueId::Db);
        }
        out
    }

    /// Its element id's suffix.
    pub(crate) fn id(self) -> String {
        match self {
            QueueId::Connecting => "connecting".into(),
            QueueId::Backlog => "backlog".into(),
            QueueId::Thread(p) => format!("thread-{p}"),
            QueueId::Carrier => "carrier".into(),
            QueueId::Unmounted => "unmounted".into(),
            QueueId::Db => "db".into(),
        }
    }
}
