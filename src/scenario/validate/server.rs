//! The `server.*` section: Tomcat's pool and connections, the JDK's carriers,
//! the cores and the OS scheduler.

use super::reader::Reader;
use crate::sim::config::{CpuModel, Mode, Server};
use crate::sim::time::from_ms;

pub(super) fn read(r: &mut Reader) -> Server {
    let cores = r.int("server.cores") as u32;
    let carriers = r
        .opt_int("server.carriers")
        .map(|c| c as u32)
        .unwrap_or(cores);
    let max_pool_size = r
        .opt_int("server.max_pool_size")
        .map(|c| c as u32)
        .unwrap_or(carriers.max(256));
    if max_pool_size < carriers {
        r.err_at(
            "server.max_pool_size",
            &format!("must be at least the carrier count ({carriers}), as the JDK requires"),
        );
    }
    let mode = if r.choice("server.mode") == "virtual" {
        Mode::Virtual
    } else {
        Mode::Platform
    };
    Server {
        mode,
        threads_max: r.int("server.threads_max") as u32,
        min_spare: r.int("server.min_spare") as u32,
        cores,
        carriers,
        max_pool_size,
        max_connections: r.int("server.max_connections") as u32,
        // The kernel caps any listen backlog at somaxconn.
        backlog: (r.int("server.accept_count").min(r.int("server.somaxconn"))) as u32,
        jdk: r.int("server.jdk") as u32,
        cpu_model: if r.choice("server.cpu_model") == "rr" {
            CpuModel::RoundRobin
        } else {
            CpuModel::ProcessorSharing
        },
        quantum: from_ms(r.float("server.quantum_ms")).max(1),
        context_switch: from_ms(r.float("server.context_switch_us") / 1000.0),
    }
}
