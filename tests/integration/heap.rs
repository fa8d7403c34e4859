//! G1's heap as a default JVM sizes it: it starts at `-Xms` (1/64 of the
//! memory), grows only when pauses take more than `1/(1+GCTimeRatio)` of
//! the time (or live objects need the room), never past `-Xmx`; its young
//! generation is sized from the heap as it is, so a small heap collects
//! often; and a request still in Tomcat's queue holds no live heap of its
//! own. Measured here for comparison (reference/results/2026-12-03/):
//! InitialHeapSize 380 MiB of 24 GiB, GCTimeRatio 12, and 17–21 young
//! pauses of 3–8 ms mean in 4 s at 10,000 req/s.

use threadlab::scenario::{preset, validate};
use threadlab::sim::{self, Report};

use crate::helpers::{assert_close, run};

/// A preset with `extra` on top, every G1 pause's fixed part alike (the
/// tests here hold pauses to base + copying).
fn run_preset(name: &str, extra: &[(&str, &str)]) -> Report {
    let mut d = preset(name).expect("preset exists").draft();
    d.set("gc.pause_p90_ratio", "1").expect("valid setting");
    for (k, v) in extra {
        d.set(k, v).expect("valid setting");
    }
    sim::run(&validate(&d).expect("validates"))
}

const MIB: f64 = (1u64 << 20) as f64;

/// The young generation G1 gives a heap of `mb` MiB at most: 60 %
/// (`G1MaxNewSizePercent`), as the model computes it in bytes.
fn max_young_mb(mb: u64) -> f64 {
    ((mb << 20) / 100 * 60) as f64 / MIB
}

/// E2's 8 GB server: -Xms = 8,192 ÷ 64 = 128 MB. Its young generation is
/// at most 60 % of that, ~77 MB, minus what the idle service and 2,000
/// connections hold, so the first collection comes after ~1 s of
/// allocation (34 KB × 1,875 req/s ≈ 64 MB/s), not after 20 s as a heap
/// at -Xmx would; the heap's pages and native memory stay at a few hundred
/// MB where a heap at -Xmx touched ~1.3 GB of young generation. With
/// virtual threads more is live (stack chunks, virtual threads), pauses
/// are longer, GC takes more of the time and the heap grows more: the
/// two modes no longer look alike.
#[test]
fn e2_starts_at_xms_and_stays_at_a_few_hundred_mb() {
    let (p, v) = (
        run_preset("e2-platform", &[]),
        run_preset("e2-virtual", &[]),
    );
    for (name, r) in [("platform", &p), ("virtual", &v)] {
        let first = r.gc.pauses.first().expect("collections");
        assert!(first.at_s < 2.0, "{name}: first pause at {} s", first.at_s);
        let resident = r.memory.peak_resident_mb;
        assert!(
            (200.0..500.0).contains(&resident),
            "{name}: {resident} MB resident"
        );
        assert!(r.memory.peak_heap_used_mb < 300.0, "{name}: {:?}", r.memory);
    }
    assert!(v.memory.peak_resident_mb > p.memory.peak_resident_mb + 50.0);
    // An -Xms set is where it starts: twice the heap, its first collection later.
    let big = run_preset("e2-platform", &[("memory.initial_heap_mb", "256")]);
    assert!(
        big.gc.pauses[0].at_s > 1.5 * p.gc.pauses[0].at_s,
        "{:?}",
        big.gc.pauses[0]
    );
    // -Xms = -Xmx: the heap as it used to start, its young generation 60 % of 2 GB.
    let full = run_preset("e2-platform", &[("memory.initial_heap_mb", "2048")]);
    assert!(full.memory.peak_resident_mb > 1000.0, "{:?}", full.memory);
}

/// 20 clients, 1 MB allocated per 10 ms request (~2 GB/s) into a heap of
/// 600 of 1,024 MB, over half of -Xmx so that G1 applies its target
/// unscaled: young generation 60 % of 600 MB, a collection every ~0.18 s.
fn paused(pause_ms: &'static str, ratio: &'static str, requests: &'static str) -> Report {
    run(&[
        ("load.concurrency", "20"),
        ("load.requests", requests),
        ("memory.heap_mb", "1024"),
        ("memory.initial_heap_mb", "600"),
        ("gc.alloc_kb", "1024"),
        ("gc.pause_base_ms", pause_ms),
        ("gc.time_ratio", ratio),
        ("program", "io:10ms"),
    ])
}

/// Pauses of 8 ms every ~0.19 s take ~4 % of the time, under G1's target
/// of 1/(1+12) ≈ 7.7 %: the heap stays at 600 MB. Pauses of 20 ms take
/// ~10 %, over it: after four such pauses it grows, and its young
/// generation with it. With GCTimeRatio 30 (a target of 3.2 %) the 8 ms
/// pauses are over the target too. However long GC takes, never past
/// -Xmx (its young generation at most 60 % of 1,024 MB).
#[test]
fn the_heap_grows_when_gc_passes_its_time_target_and_not_otherwise() {
    let at_xms = max_young_mb(600);
    let under = paused("8", "12", "20000");
    assert!(under.gc.young >= 40, "{:?}", under.gc.young);
    assert!(
        under.gc.pause_share < 1.0 / 13.0,
        "{}",
        under.gc.pause_share
    );
    assert_close("young at -Xms", under.gc.young_mb, at_xms, 1e-9);
    let over = paused("20", "12", "20000");
    assert!(over.gc.pause_share > 1.0 / 13.0, "{}", over.gc.pause_share);
    assert!(over.gc.young_mb > at_xms * 1.05, "{} MB", over.gc.young_mb);
    let stricter = paused("8", "30", "20000");
    assert!(
        stricter.gc.young_mb > at_xms * 1.05,
        "{} MB",
        stricter.gc.young_mb
    );
    let long = paused("60", "12", "60000");
    assert_close("young at -Xmx", long.gc.young_mb, max_young_mb(1024), 1e-9);
    assert!(long.memory.peak_heap_used_mb <= 1024.0, "{:?}", long.memory);
}

/// E2's platform run: with the heap at -Xms a young collection comes about
/// every second (64 MB/s into ~80 MB of young generation), each copying
/// only the 100 running requests' 8 KB: 2 ms + 0.78 MB ÷ 1.5 MB/ms ≈ 2.5 ms.
/// With -Xms = -Xmx (young generation 1.2 GB) the same run collects twice,
/// and its pauses are no shorter: measured here, a young pause does not
/// grow with the young generation (68 pauses of 4 JVMs, correlation 0.07,
/// reference/results/2026-12-03/gc_*_gc.txt); what it copies is what is live.
#[test]
fn a_small_heap_pauses_often_and_briefly() {
    let small = run_preset("e2-platform", &[]);
    let young = small.gc.young;
    assert!(young >= 30, "{young} pauses");
    let gaps: Vec<f64> = (small.gc.pauses.windows(2))
        .map(|w| w[1].at_s - w[0].at_s)
        .collect();
    let mean_gap = gaps.iter().sum::<f64>() / gaps.len() as f64;
    assert!((0.5..2.0).contains(&mean_gap), "{mean_gap} s apart");
    assert!(small.gc.max_pause_ms < 3.0, "{}", small.gc.max_pause_ms);
    assert_close(
        "pause",
        small.gc.max_pause_ms,
        2.0 + 100.0 * 8.0 / 1024.0 / 1.5,
        1e-3,
    );
    let large = run_preset("e2-platform", &[("memory.initial_heap_mb", "2048")]);
    assert!(
        young >= 10 * large.gc.young.max(1),
        "{young} vs {}",
        large.gc.young
    );
    assert!(small.gc.max_pause_ms <= large.gc.max_pause_ms + 1e-9);
}

/// E2's platform run keeps 2,000 connections open, 100 requests on
/// Tomcat's threads and ~1,900 in its queue. Live heap: the idle service's
/// 40 MB, 2,000 connections' 16 KB buffers and the 100 running requests'
/// 8 KB; the queued ones add nothing (a queued `SocketProcessor` holds
/// only its connection's buffers). With 100 KB per request the queued
/// ones would otherwise add 185 MB.
#[test]
fn requests_in_tomcats_queue_hold_no_live_heap() {
    let live = |kb: f64| 40.0 + 2000.0 * 16.0 / 1024.0 + 100.0 * kb / 1024.0;
    let r = run_preset("e2-platform", &[]);
    assert!(
        r.server.peak_tomcat_queue >= 1800,
        "{}",
        r.server.peak_tomcat_queue
    );
    assert_close("live heap", r.memory.peak_heap_live_mb, live(8.0), 1e-6);
    let big = run_preset("e2-platform", &[("memory.request_kb", "100")]);
    assert_close("live heap", big.memory.peak_heap_live_mb, live(100.0), 1e-6);
    // With virtual threads every request has its thread: all of them count.
    let v = run_preset("e2-virtual", &[("memory.request_kb", "100")]);
    assert!(
        v.memory.peak_heap_live_mb > live(100.0) + 50.0,
        "{:?}",
        v.memory
    );
}

/// -Xms as the JVM takes it: 1/64 of the memory by default (lowered to a
/// smaller -Xmx); one set above the default -Xmx raises it; one set above
/// a -Xmx set is an error (`java` does not start).
#[test]
fn xms_defaults_to_a_64th_of_memory_and_never_passes_xmx() {
    use crate::helpers::config;
    let mib = 1u64 << 20;
    let m = |s: &[(&str, &str)]| config(s).memory;
    let d = m(&[("memory.container_mb", "4096")]);
    assert_eq!((d.initial_heap, d.heap_limit), (64 * mib, 1024 * mib));
    let low = m(&[("memory.heap_mb", "100"), ("memory.container_mb", "16384")]);
    assert_eq!(low.initial_heap, 100 * mib);
    let raised = m(&[("memory.initial_heap_mb", "3000")]);
    assert_eq!(
        (raised.initial_heap, raised.heap_limit),
        (3000 * mib, 3000 * mib)
    );
    let mut draft = threadlab::scenario::Draft::new();
    draft
        .set("memory.initial_heap_mb", "3000")
        .expect("a number");
    draft.set("memory.heap_mb", "2048").expect("a number");
    let errors = validate(&draft).expect_err("-Xms above -Xmx");
    assert!(
        format!("{errors:?}").contains("memory.initial_heap_mb"),
        "{errors:?}"
    );
}

/// The reference machine's memory (24,105 MiB): -Xms its 64th, 376.6
/// MiB, -Xmx a quarter, 6,026 MiB, so 4 MiB regions.
const REFERENCE_MEMORY: (&str, &str) = ("memory.container_mb", "24105");

/// A default JVM starts the run with what start-up's concurrent cycle left
/// of -Xms: its Remark sizes the heap to the regions in use ÷ 0.3, the idle
/// service's live heap in use (measured here in 8 of 8 logs: 380 MiB → 40
/// or 28 MiB). E2's service on the reference machine: 40 MB in 4 MiB
/// regions, 133.3 → 136 MiB; the Tomcat servlet's 12 MiB, 40 MiB, as the
/// JDK 21 logs show. On E2's own 8 GB, -Xms is 128 MB, within 40–70 % free
/// around 40 MB (66.7 to 133.3 MB): it stays. A smaller heap has a smaller
/// young generation, so the first collection comes sooner.
#[test]
fn a_default_xms_starts_the_run_as_start_ups_remark_left_it() {
    let spring = run_preset("e2-platform", &[REFERENCE_MEMORY]);
    assert_close("-Xms", spring.gc.heap_initial_mb, 24105.0 / 64.0, 1e-9);
    assert_eq!(spring.gc.heap_start_mb, 136.0);
    let servlet = run_preset("e2-platform", &[REFERENCE_MEMORY, ("memory.base_mb", "12")]);
    assert_eq!(servlet.gc.heap_start_mb, 40.0);
    let own = run_preset("e2-platform", &[]);
    assert_eq!(
        (own.gc.heap_initial_mb, own.gc.heap_start_mb),
        (128.0, 128.0)
    );
    // 136 MiB less 40 of the idle service and the 10 % reserve leaves a
    // young generation of ~82 MiB: filled at ~64 MB/s in ~1.3 s, where the
    // 376.6 MiB of -Xms took a 226 MiB one ~3.5 s.
    let first = spring.gc.pauses.first().expect("collections").at_s;
    assert!(first < 2.0, "first pause at {first} s");
}

/// -Xms set is also MinHeapSize (measured here: MinHeapSize = -Xms with
/// -Xms set, 8 MiB without it), so no Remark gives back any of it: the run
/// starts with -Xms, and a heap set to -Xms = -Xmx stays full.
#[test]
fn an_xms_set_keeps_its_size() {
    let set = run_preset(
        "e2-platform",
        &[REFERENCE_MEMORY, ("memory.initial_heap_mb", "376")],
    );
    assert_eq!(set.gc.heap_start_mb, 376.0);
    assert!(set.gc.heap_committed_mb >= 376.0, "{:?}", set.gc);
    let full = run_preset(
        "e2-platform",
        &[
            ("memory.initial_heap_mb", "2048"),
            ("memory.heap_mb", "2048"),
        ],
    );
    assert_eq!(
        (full.gc.heap_start_mb, full.gc.heap_committed_mb),
        (2048.0, 2048.0)
    );
    assert_eq!(full.gc.heap_shrinks, 0);
    assert!(full.gc.concurrent_cycles == 0, "{:?}", full.gc);
}

/// A Remark shrinks a heap grown past what is in use ÷ 0.3, as the log
/// here did (spread_jdk21_platform_gc.txt: 44 → 216 MiB by a pause during
/// the cycle, then Remark "38M->38M(136M)"). 1,000 clients keep 1,000
/// connections' 16 KB buffers beside the servlet's 12 MiB, 27.6 MiB old in
/// a 40 MiB heap: past 45 %, so every pause decides on a cycle. 64 KB per
/// request at ~2,000 req/s fill its small young generation every 0.15–0.2
/// s, past the GC-time target (1 % for a heap this far below half of
/// -Xmx): the heap grows half the way back to -Xms, to 220 MiB, and the
/// next Remark gives back all but 108 MiB (~32 MiB in use ÷ 0.3).
#[test]
fn a_remark_shrinks_a_heap_grown_past_its_free_ratio() {
    let r = run(&[
        REFERENCE_MEMORY,
        ("memory.base_mb", "12"),
        ("server.cores", "2"),
        ("load.tool", "hey"),
        ("load.concurrency", "1000"),
        ("load.requests", "20000"),
        ("program", "io:50ms"),
        ("gc.alloc_kb", "64"),
        ("jvm.start", "warm"),
    ]);
    let g = &r.gc;
    assert_eq!(g.heap_start_mb, 40.0, "{g:?}");
    assert!(g.peak_heap_committed_mb > 200.0, "{g:?}");
    assert!(g.heap_shrinks >= 1, "{g:?}");
    assert!(g.concurrent_cycles >= g.heap_shrinks, "{g:?}");
    assert!(
        g.heap_committed_mb < 0.75 * g.peak_heap_committed_mb,
        "{g:?}"
    );
    // Never below what is live ÷ 0.3 rounded to regions.
    assert!(g.heap_committed_mb * 0.3 >= 27.0, "{g:?}");
}
