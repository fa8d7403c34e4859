"""Real (reference/results/DIR/spread_*.json, gc_*.json) vs the threadlab model, 5 seeds each.

usage: python3 reference/compare.py RESULTS_DIR [THREADLAB_BINARY]
The model runs the scenario that stands for each measurement: 2 cores, hey at the same -c/-n,
program io:50ms (the /sleep?ms=50 endpoint), the JDK and mode measured. Settings the model has
no key for are listed at the end instead of being guessed.
"""
import glob
import json
import os
import statistics
import subprocess
import sys

SEEDS = (1, 2, 3, 4, 5)

# The real Tomcat ran with lib/servers.py's SPRING_DEFAULTS; the model is told the same, key by
# key, because `threadlab run` without a preset starts from E2's setup (maxThreads 100, not 200).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from servers import SPRING_DEFAULTS  # noqa: E402

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


def model(binary, jdk, mode, c, n, machine, program="io:50ms"):
    out = []
    for s in SEEDS:
        cmd = [binary, "run", "--format", "json", "--set", "server.cores=2", "--set", f"server.jdk={jdk}",
               "--set", f"server.mode={mode}", "--set", "load.tool=hey", "--set", f"load.concurrency={c}",
               "--set", f"load.requests={n}", "--set", f"program={program}", "--set", f"seed={s}"] + SERVER_SETS + CLIENT_SETS + JVM_SETS + machine
        d = json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)
        out.append({"rps": d["throughput_rps"], "mean": d["latency_ms"]["mean"], "p99": d["latency_ms"]["p99"],
                    "max": d["latency_ms"]["max"], "gc": d["gc"]["young"] + d["gc"]["mixed"] + d["gc"]["full"],
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
    print("| source | req/s | mean ms | p99 ms | max ms | p99 range / mean | GC pauses | RSS/resident MB |")
    print("|---|---|---|---|---|---|---|---|")
    for p in sorted(glob.glob(os.path.join(d, "spread_jdk??_platform.json")) + glob.glob(os.path.join(d, "spread_jdk??_virtual.json"))):
        f = json.load(open(p))
        jdk = 21 if "21" in os.path.basename(p)[:12] else 25
        for lname in sorted({r["load"] for r in f["runs"]}):
            rs = [r for r in f["runs"] if r["load"] == lname]
            real = [{"rps": r["hey"]["rps"], "mean": 1000 * r["hey"]["average_s"], "p99": 1000 * r["hey"]["p99_s"],
                     "max": 1000 * r["hey"]["slowest_s"], "gc": r["gc"]["pauses"],
                     "rss": (r["rss"]["rss_kb_max"] or 0) / 1024} for r in rs]
            c, n = (1000, 20000) if lname.startswith("sat") else (100, 10000)
            n = int(rs[0]["cmd"].split("-n ")[1].split()[0])
            print(row(f"real JDK {jdk} {f['mode']} {lname} ({len(rs)} reps)", real))
            print(row(f"model JDK {jdk} {f['mode']} {lname} ({len(SEEDS)} seeds)", model(binary, jdk, f["mode"], c, n, machine_sets(d))))
    print("\nNot given to the model (left at its defaults): the load client sharing the 2 cores "
          "(load.client_cpu_ms and the servlet's CPU per request: the suite's `cpu` item measures both, "
          "not yet on a quiet machine), the per-request allocation of this servlet (gc.alloc_kb). "
          "Thread.sleep's overshoot is the model's default wake-up latency, measured here (sleep_jdk21.json).")


if __name__ == "__main__":
    main()
