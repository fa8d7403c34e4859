//! The `memory.*` section: memory by kind (the Java heap and native memory),
//! the three limits (the heap, the OS's thread limit, the container's
//! memory) and what each thread, connection and request holds.

use super::reader::Reader;
use crate::i18n::Part;
use crate::i18n::keys::errors as words;
use crate::scenario::measured;
use crate::sim::config::{JVM_OWN_THREADS, MIB, Memory, PID_MAX_DEFAULT};

/// Bytes in the schema's KB (binary, as the JVM's -Xss counts).
const BYTES_PER_KB: f64 = 1_024.0;

/// `started`: threads the JVM starts up front, each with its resident stack.
pub(super) fn read(r: &mut Reader, started: u32) -> Memory {
    let mb = |x: f64| (x * MIB as f64) as u64;
    let kb = |x: f64| (x * BYTES_PER_KB) as u64;
    let container = r.float("memory.container_mb");
    // The JVM's default heap: MaxRAMPercentage = 25 % of the container's memory.
    // -Xms as set; the JVM raises its default -Xmx to it.
    let initial_set = r.opt_float("memory.initial_heap_mb");
    let heap = (r.opt_float("memory.heap_mb"))
        .unwrap_or((container / 4.0).max(initial_set.unwrap_or(0.0)));
    // The default -Xms: InitialRAMPercentage = 1/64 of the container's
    // memory, lowered to a smaller -Xmx. One set above a -Xmx set is an
    // error: `java` refuses to start.
    let initial = initial_set.unwrap_or(container / 64.0).min(heap);
    // MinHeapSize: -Xms set, else the JVM's own, at most -Xms.
    let min_heap = initial_set.map_or(measured::G1_MIN_HEAP_MB.min(initial), |_| initial);
    // The OS's limit on the process's threads, its own setting: no number
    // of it follows from the container's memory (a cgroup's memory limit
    // does not change the kernel's threads-max). Empty: none is set below
    // the kernel's pid_max, whose default is 32,768.
    let threads = r
        .opt_int("memory.max_threads")
        .map_or(PID_MAX_DEFAULT, |t| t as u32);
    let memory = Memory {
        heap_limit: mb(heap),
        initial_heap: mb(initial),
        min_heap: mb(min_heap),
        container_limit: mb(container),
        thread_limit: threads,
        heap_base: mb(r.float("memory.base_mb")),
        native_base: mb(r.float("memory.native_base_mb")),
        stack_reserved: kb(r.float("memory.xss_kb")),
        stack_resident: kb(r.float("memory.stack_resident_kb")),
        virtual_thread: r.float("memory.vthread_bytes") as u64,
        stack_chunk: kb(r.float("memory.stack_chunk_kb")),
        connection: kb(r.float("memory.connection_kb")),
        request: kb(r.float("memory.request_kb")),
        thread_local: kb(r.float("memory.thread_local_kb")),
    };
    if memory.heap_base >= memory.heap_limit {
        // A heap set is echoed as written, the default one as computed.
        let said = if r.opt_float("memory.heap_mb").is_some() {
            let written = Part::text(r.written("memory.heap_mb"));
            words::MEMORY_BELOW_HEAP.said().with("heap", written)
        } else {
            (words::MEMORY_BELOW_DEFAULT_HEAP.said()).with("heap", Part::Shortest(heap))
        };
        r.err_at("memory.base_mb", said);
    }
    if initial_set.is_some_and(|x| x > heap) {
        // Only a -Xmx set can be below it: the default one was raised.
        let said = (words::MEMORY_INITIAL_ABOVE_HEAP.said()).with("heap", Part::Shortest(heap));
        r.err_at("memory.initial_heap_mb", said);
    }
    check_threads_start(r, &memory, started);
    check_fits_container(r, &memory, started);
    memory
}

/// The threads the JVM starts before its first request must fit the thread
/// limit: below it Tomcat's connector could not start its pool (its
/// executor starts the spare threads as it is created) and the process
/// would serve nothing, which the model does not run. The carriers count
/// too: the model starts them up front, where the real scheduler starts
/// them with the first virtual threads (a start that fails there left
/// every request of the run hanging, measured here on Temurin 21).
fn check_threads_start(r: &mut Reader, memory: &Memory, started: u32) {
    let needed = JVM_OWN_THREADS + started;
    if memory.thread_limit < needed {
        let said = (words::MEMORY_THREADS_BELOW_START.said())
            .with("needed", Part::Count(u64::from(needed)))
            .with("own", Part::Count(u64::from(JVM_OWN_THREADS)))
            .with("started", Part::Count(u64::from(started)));
        r.err_at("memory.max_threads", said);
    }
}

/// The idle JVM must fit its container: one that does not would be killed
/// at the instant it starts, and at every restart after that.
fn check_fits_container(r: &mut Reader, memory: &Memory, started: u32) {
    // Threads past the OS's limit are not started.
    let started = started.min(memory.thread_limit.saturating_sub(JVM_OWN_THREADS));
    let stacks = u64::from(started).saturating_mul(memory.stack_resident);
    let idle =
        (memory.native_base + memory.heap_base.min(memory.heap_limit)).saturating_add(stacks);
    if idle >= memory.container_limit {
        let said = (words::MEMORY_CANNOT_START.said())
            .with("needed", Part::Shortest(idle.div_ceil(MIB) as f64))
            .with("threads", Part::Count(u64::from(started)))
            .with(
                "container",
                Part::Shortest((memory.container_limit / MIB) as f64),
            );
        r.err_at("memory.native_base_mb", said);
    }
}
