"""Real (reference/results/DIR/spread_*.json, gc_*.json) vs the threadlab model, 5 seeds each.

usage: python3 reference/compare.py RESULTS_DIR [THREADLAB_BINARY [CPU_RESULTS_DIR]]
The model runs the scenario that stands for each measurement: 2 cores, hey at the same -c/-n,
program io:50ms (the /sleep?ms=50 endpoint), the JDK and mode measured. Settings the model has
no key for are listed at the end instead of being guessed.

With CPU_RESULTS_DIR (a run of the suite's `cpu` item), the model is also given the CPU per
request of Tomcat and of hey measured there at c=100, and a second table holds that item's own
c=1000 runs (same machine, same day) against the model: measured at c=100, predicted at c=1000.
"""
import glob
import json
import os
import statistics
import subprocess
import sys

SEEDS = (1, 2, 3, 4, 5)
# Each spread instance served `hey -n 5000 -c 100` before its runs (lib/suite.py).
WARMUP_REQUESTS = 5000

# The real Tomcat ran with lib/servers.py's SPRING_DEFAULTS; the model is told the same, key by
# key, because `threadlab run` without a preset starts from E2's setup (maxThreads 100, not 200).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from servers import SPRING_DEFAULTS  # noqa: E402
import gclog  # noqa: E402

MODEL_KEYS = {"maxThreads": "server.threads_max", "minSpareThreads": "server.min_spare",
              "acceptCount": "server.accept_count", "maxConnections": "server.max_connections",
              "maxKeepAliveRequests": "server.max_keep_alive_requests",
              "connectionTimeout": "server.connection_timeout_ms"}
SERVER_SETS = [x for k, key in MODEL_KEYS.items() for x in ("--set", f"{key}={SPRING_DEFAULTS[k]}")]
# hey ran with -t 20.
CLIENT_SETS = ["--set", "load.timeout_ms=20000"]
# Each Tomcat served a 5,000-request warm-up (spread_*_warmup.txt) before the measured runs.
JVM_SETS = ["--set", "jvm.start=warm"]


def machine_sets(results_dir):
    """The measured machine's memory, so that the model's default -Xms and -Xmx (1/64 and 1/4 of
    it) are the real JVM's: machine_start.json records MemTotal."""
    with open(os.path.join(results_dir, "machine_start.json")) as f:
        kb = json.load(f)["machine"]["mem_total_kb"]
    return ["--set", f"memory.container_mb={kb / 1024:.0f}"]


def cpu_sets(cpu_dir, jdk, mode):
    """Tomcat's CPU per request (half before the 50 ms sleep, half after: the servlet's own work
    is small, the rest is the connector's parsing and writing) and hey's, from the `cpu` item's
    c=100 run of this JDK and mode. Returns (program, extra --set args, the c=1000 record)."""
    with open(os.path.join(cpu_dir, f"cpu_jdk{jdk}_{mode}.json")) as f:
        runs = {r["c"]: r for r in json.load(f)["runs"]}
    half = runs[100]["tomcat_cpu_ms_per_request"] / 2
    program = f"cpu:{half:.4f}ms,io:50ms,cpu:{half:.4f}ms"
    return program, ["--set", f"load.client_cpu_ms={runs[100]['hey_cpu_ms_per_request']}"], runs.get(1000)


def requests_of(run):
    """The requests a recorded hey run was told to send (its -n)."""
    return int(run["cmd"].split("-n ")[1].split()[0])


def warmup_began_s(spread):
    """The JVM uptime at which the instance's warm-up began: the suite starts it as soon as Tomcat
    answered its first request, `tomcat_start_s` after the process was started (the JVM's uptime
    clock starts a little later, so this errs late by a few ms)."""
    return spread["tomcat_start_s"]


def alloc_sets(results_dir, jdk, mode):
    """This servlet's allocation per request on this JDK and mode, from the spread item's GC log:
    what eden gained between one pause and the next, summed over the pauses that came after the
    instance's warm-up began, divided by the requests it served (its warm-up and every run).
    Start-up's allocation (class loading, Tomcat's own set-up: the first 4-5 pauses, up to 152 MB
    before one of them) is left out; the growth up to the first pause after the warm-up began is
    counted from the pause before it, so it may hold a little idle allocation (50-470 ms of an idle
    JVM here); what was allocated after the last pause is missed (at most one young generation)."""
    pauses = gclog.parse(os.path.join(results_dir, f"spread_jdk{jdk}_{mode}_gc.txt"))
    with open(os.path.join(results_dir, f"spread_jdk{jdk}_{mode}.json")) as f:
        spread = json.load(f)
    began = warmup_began_s(spread)
    mb = sum(max(0, b["before_mb"] - a["after_mb"]) for a, b in zip(pauses, pauses[1:])
             if b["uptime_s"] >= began)
    served = WARMUP_REQUESTS + sum(requests_of(r) for r in spread["runs"])
    return ["--set", f"gc.alloc_kb={1024 * mb / served:.1f}"]


def idle_heap_sets(results_dir, jdk, mode):
    """The servlet's idle live heap (memory.base_mb, the model's default is a Spring context's
    40 MB): what start-up's "Concurrent Start (Metadata GC Threshold)" young pause left in the
    spread item's GC log (old objects and survivors, before any request). The model starts its
    heap from it as start-up's Remark did (in use ÷ 0.3)."""
    pauses = gclog.parse(os.path.join(results_dir, f"spread_jdk{jdk}_{mode}_gc.txt"))
    start = next(p for p in pauses if "Metadata GC Threshold" in p["what"])
    return ["--set", f"memory.base_mb={start['after_mb']}"]


def real_of(r):
    """A real run's figures. Its GC pauses are every pause -Xlog:gc logged during it: young, mixed
    and full ones, and each concurrent cycle's Remark and Cleanup."""
    return {"rps": r["hey"]["rps"], "mean": 1000 * r["hey"]["average_s"], "p99": 1000 * r["hey"]["p99_s"],
            "max": 1000 * r["hey"]["slowest_s"], "gc": r["gc"]["pauses"], "rss": (r["rss"]["rss_kb_max"] or 0) / 1024}


def model_pauses(gc):
    """The model's pauses counted as -Xlog:gc counts them: its collections, and two per concurrent
    cycle (its Remark and Cleanup, which the model does not stop the world for)."""
    return gc["young"] + gc["mixed"] + gc["full"] + 2 * gc.get("concurrent_cycles", 0)


def model(binary, jdk, mode, c, n, machine, program="io:50ms", extra=()):
    out = []
    for s in SEEDS:
        cmd = [binary, "run", "--format", "json", "--set", "server.cores=2", "--set", f"server.jdk={jdk}",
               "--set", f"server.mode={mode}", "--set", "load.tool=hey", "--set", f"load.concurrency={c}",
               "--set", f"load.requests={n}", "--set", f"program={program}", "--set", f"seed={s}"] + SERVER_SETS + CLIENT_SETS + JVM_SETS + machine + list(extra)
        d = json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)
        out.append({"rps": d["throughput_rps"], "mean": d["latency_ms"]["mean"], "p99": d["latency_ms"]["p99"],
                    "max": d["latency_ms"]["max"], "gc": model_pauses(d["gc"]),
                    "rss": d["memory"]["peak_resident_mb"]})
    return out


def spread(vals):
    m = statistics.mean(vals)
    return (max(vals) - min(vals)) / m if m else 0.0


def row(label, xs):
    rps = [x["rps"] for x in xs]
    p99 = [x["p99"] for x in xs]
    return (f"| {label} | {statistics.mean(rps):.0f} | {statistics.mean(x['mean'] for x in xs):.1f} "
            f"| {statistics.mean(p99):.1f} | {statistics.mean(x['max'] for x in xs):.1f} | {100 * spread(p99):.1f} % "
            f"| {statistics.mean(x['gc'] for x in xs):.1f} | {max(x['rss'] for x in xs):.0f} |")


def main():
    d = sys.argv[1]
    binary = sys.argv[2] if len(sys.argv) > 2 else os.environ.get("THREADLAB", "target/debug/threadlab")
    cpu_dir = sys.argv[3] if len(sys.argv) > 3 else None
    print("| source | req/s | mean ms | p99 ms | max ms | p99 range / mean | GC pauses | RSS/resident MB |")
    print("|---|---|---|---|---|---|---|---|")
    for p in sorted(glob.glob(os.path.join(d, "spread_jdk??_platform.json")) + glob.glob(os.path.join(d, "spread_jdk??_virtual.json"))):
        f = json.load(open(p))
        jdk = 21 if "21" in os.path.basename(p)[:12] else 25
        for lname in sorted({r["load"] for r in f["runs"]}):
            rs = [r for r in f["runs"] if r["load"] == lname]
            real = [real_of(r) for r in rs]
            c, n = (1000 if lname.startswith("sat") else 100), requests_of(rs[0])
            print(row(f"real JDK {jdk} {f['mode']} {lname} ({len(rs)} reps)", real))
            program, extra = "io:50ms", alloc_sets(d, jdk, f["mode"]) + idle_heap_sets(d, jdk, f["mode"])
            if cpu_dir:
                program, cpu, _ = cpu_sets(cpu_dir, jdk, f["mode"])
                extra += cpu
            label = "model" + (" (CPU measured)" if cpu_dir else "")
            print(row(f"{label} JDK {jdk} {f['mode']} {lname} ({len(SEEDS)} seeds)",
                      model(binary, jdk, f["mode"], c, n, machine_sets(d), program, extra)))
    if cpu_dir:
        same_machine(binary, cpu_dir, d)
    print("\nNot given to the model (left at its defaults): the load client sharing the 2 cores "
          "unless a `cpu` results directory is given (load.client_cpu_ms and the servlet's CPU per request). "
          "The servlet's allocation per request (gc.alloc_kb, from the pauses after each instance's warm-up began) "
          "and its idle live heap (memory.base_mb, what start-up's concurrent-start pause left) are measured "
          "from the spread item's GC logs; GC pauses count the model's concurrent cycles as two each (Remark "
          "and Cleanup), as -Xlog:gc does. "
          "Thread.sleep's overshoot is the model's default wake-up latency, measured here (sleep_jdk21.json).")


def same_machine(binary, cpu_dir, alloc_dir):
    """The `cpu` item's c=1000 runs (one each) against the model given that item's c=100 CPU, and
    the allocation per request and idle live heap measured in `alloc_dir`'s spread logs (the
    servlet's, not the machine's: that item keeps no GC log)."""
    print("\nThe `cpu` item's own runs at c=1000 (1 run each), against the model given the CPU per "
          "request that item measured at c=100 on the same machine:\n")
    print("| source | req/s | mean ms | p99 ms | max ms | p99 range / mean | GC pauses | RSS/resident MB |")
    print("|---|---|---|---|---|---|---|---|")
    for p in sorted(glob.glob(os.path.join(cpu_dir, "cpu_jdk??_*.json"))):
        name = os.path.basename(p)[:-5]
        jdk, mode = int(name[7:9]), name.split("_")[2]
        program, extra, rec = cpu_sets(cpu_dir, jdk, mode)
        if rec is None:
            continue
        extra += alloc_sets(alloc_dir, jdk, mode) + idle_heap_sets(alloc_dir, jdk, mode)
        n = requests_of(rec)
        print(row(f"real JDK {jdk} {mode} c1000 (cpu item)", [real_of(rec)]))
        print(row(f"model JDK {jdk} {mode} c1000 ({len(SEEDS)} seeds)",
                  model(binary, jdk, mode, 1000, n, machine_sets(cpu_dir), program, extra)))


if __name__ == "__main__":
    main()
