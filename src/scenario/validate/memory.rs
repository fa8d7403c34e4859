//! The `memory.*` section: the heap limit, the JVM's baseline and what each
//! thread, connection and request holds.

use super::reader::Reader;
use crate::sim::config::Memory;

/// Bytes in the schema's MB and KB (binary, as the JVM's -Xmx and -Xss count).
const BYTES_PER_MB: f64 = 1_048_576.0;
const BYTES_PER_KB: f64 = 1_024.0;

pub(super) fn read(r: &mut Reader) -> Memory {
    let mb = |x: f64| (x * BYTES_PER_MB) as u64;
    let kb = |x: f64| (x * BYTES_PER_KB) as u64;
    let memory = Memory {
        limit: mb(r.float("memory.heap_mb")),
        base: mb(r.float("memory.base_mb")),
        platform_thread: kb(r.float("memory.xss_kb")),
        virtual_thread: r.float("memory.vthread_bytes") as u64,
        stack_chunk: kb(r.float("memory.stack_chunk_kb")),
        connection: kb(r.float("memory.connection_kb")),
        request: kb(r.float("memory.request_kb")),
    };
    if memory.base >= memory.limit {
        let heap = r.written("memory.heap_mb");
        r.err_at(
            "memory.base_mb",
            &format!("must be below memory.heap_mb ({heap} MB)"),
        );
    }
    memory
}
