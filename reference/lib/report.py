"""Builds reference/RESULTS.md's tables from one results directory: python3 report.py DIR"""
import glob
import json
import math
import os
import statistics
import sys

import extra_wait
import fit_jit
import gclog


def load(d, pat):
    return [json.load(open(p)) for p in sorted(glob.glob(os.path.join(d, pat)))]


def ms(s):
    return "" if s is None else f"{1000 * s:.1f}"


def spread(d):
    out = ["| JDK | mode | load | reps | req/s mean (min-max) | p50 ms | p90 ms | p99 ms mean (min-max) | max ms (min-max) | conns/run | GC pauses/run | RSS MB max | load1 before |",
           "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for f in load(d, "spread_jdk??_platform.json") + load(d, "spread_jdk??_virtual.json"):
        if "runs" not in f:
            continue
        jdk = f["java"][0].split('"')[1]
        for lname in sorted({r["load"] for r in f["runs"]}):
            rs = [r for r in f["runs"] if r["load"] == lname]
            h = [r["hey"] for r in rs]
            rps = [x["rps"] for x in h]
            p99 = [x["p99_s"] for x in h]
            mx = [x["slowest_s"] for x in h]
            out.append(f"| {jdk} | {f['mode']} | {lname} | {len(rs)} | {statistics.mean(rps):.0f} ({min(rps):.0f}-{max(rps):.0f}) "
                       f"| {ms(statistics.mean(x['p50_s'] for x in h))} | {ms(statistics.mean(x['p90_s'] for x in h))} "
                       f"| {ms(statistics.mean(p99))} ({ms(min(p99))}-{ms(max(p99))}) | {ms(statistics.mean(mx))} ({ms(min(mx))}-{ms(max(mx))}) "
                       f"| {statistics.mean(r['tcp_delta'].get('PassiveOpens', 0) for r in rs):.0f} "
                       f"| {statistics.mean(r['gc']['pauses'] for r in rs):.1f} "
                       f"| {max(r['rss']['rss_kb_max'] or 0 for r in rs) / 1024:.0f} "
                       f"| {min(r['loadavg_before']['load_at_start'][0] for r in rs):.2f}-{max(r['loadavg_before']['load_at_start'][0] for r in rs):.2f} |")
    return out


def gc(d):
    out = ["| JDK | mode | req/s | GC pauses | pause mean ms | pause max ms | heap committed max MB | RSS max MB |",
           "|---|---|---|---|---|---|---|---|"]
    for f in load(d, "gc_jdk??_platform.json") + load(d, "gc_jdk??_virtual.json"):
        jdk = f["java"][0].split('"')[1]
        g = f["gc"]
        out.append(f"| {jdk} | {f['mode']} | {f['hey']['rps']:.0f} | {g['pauses']} | {g['pause_mean_ms']} | {g['pause_max_ms']} "
                   f"| {g['heap_committed_mb_max']} | {(f['rss']['rss_kb_max'] or 0) / 1024:.0f} |")
    return out


def nearest_rank(sorted_xs, q):
    """The q-quantile by nearest rank (the smallest value with at least q of them at or below)."""
    return sorted_xs[max(0, math.ceil(q * len(sorted_xs)) - 1)]


def young_pauses(d):
    """Young pauses of the GC item's four logs pooled: the median and p90 that the model's
    G1 pause spread takes (scenario::measured::GC_YOUNG_PAUSE_MS)."""
    ms = sorted(p["ms"] for f in sorted(glob.glob(os.path.join(d, "gc_jdk??_*_gc.txt")))
                for p in gclog.parse(f) if p["what"].startswith("Pause Young"))
    if not ms:
        return []
    return [f"Young pauses of these four logs pooled: {len(ms)}, median {nearest_rank(ms, 0.5):.2f} ms, "
            f"p90 {nearest_rank(ms, 0.9):.2f} ms (nearest rank), p90/median "
            f"{nearest_rank(ms, 0.9) / nearest_rank(ms, 0.5):.2f}."]


def jit_fits(d):
    """The JIT warm-up curve fitted per JDK and endpoint (fit_jit.py): the /work figures are
    scenario::measured::JIT_JDK21 and JIT_JDK25."""
    out = []
    for path in sorted(glob.glob(os.path.join(d, "jit_jdk*.json"))):
        f = json.load(open(path))
        points = [(b["from"] + (b["n"] - 1) / 2, b["median_ms"]) for b in f["buckets_of_100"]]
        rss, t1, t2, (steady, a, b) = fit_jit.fit(points)
        out.append(f"- {f['java'][0].split(chr(34))[1]} {f['cmd'].split(':18080')[1]}: extra per request "
                   f"{a:.3f} ms·e^(−n/{t1}) + {b:.3f} ms·e^(−n/{t2}), steady {steady:.3f} ms, "
                   f"rms residual {math.sqrt(rss / len(points)):.3f} ms")
    return ["Fitted (`python3 reference/lib/fit_jit.py`, least squares on the 50 bucket medians):", *out] if out else []


def extra_wait_shape(d):
    """The shape the presets' extra wait takes from the sleep overshoot (extra_wait.py)."""
    for path in sorted(glob.glob(os.path.join(d, "sleep_jdk21.json"))):
        for r in json.load(open(path))["rows"]:
            if (r["thread"], r["sleep_ms"]) == extra_wait.CHOSEN[1:]:
                fm, sigma = extra_wait.shape(r["overshoot"])
                return [f"Shape of JDK 21's platform 10 ms overshoot (`python3 reference/lib/extra_wait.py`): "
                        f"floor (smallest) {fm:.3f} × the mean, the rest log-normal with sigma {sigma:.3f}."]
    return []


def bench_rows(d, pat, fmt, head):
    out = head[:]
    for f in load(d, pat):
        for r in f["rows"]:
            out.append(fmt(r))
    return out


def readahead(d):
    """The readahead item: requests answered within 10 ms of the sleep while ~800 waited in Tomcat's
    queue, with keep-alive and without, per JDK and repetition."""
    out = ["| JDK | keep-alive | rep | steady requests | fast | fast share | p10 ms | p50 ms | p99 ms | max ms | mean ms | GC pauses |",
           "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for f in load(d, "readahead_jdk*.json"):
        jdk = f["java"][0].split('"')[1]
        for r in sorted(f["runs"], key=lambda r: (not r["keep_alive"], r["rep"])):
            a = r["readahead"]
            out.append(f"| {jdk} | {'on' if r['keep_alive'] else 'off'} | {r['rep']} | {a['steady_requests']} | {a['fast']} | "
                       f"{100 * a['fast_share']:.1f} % | {a['p10_ms']} | {a['p50_ms']} | {a['p99_ms']} | {a['max_ms']} | {a['mean_ms']} | {r['gc']['pauses']} |")
    return out


def jdkclient(d):
    """The jdkclient item: per JDK × variant × C the median of the repetitions (and the range of
    the client's CPU per call)."""
    out = ["| JDK | client | C | reps | calls/s | client CPU µs/call median (min-max) | without JIT threads | "
           "threads started /1000 calls | HttpClient workers | ctx switches /call | over sleep p50 ms | p99 ms | "
           "TCP opens /1000 | Tomcat CPU µs/call |",
           "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    med = lambda rs, f: statistics.median(f(r) for r in rs)
    for f in load(d, "jdkclient_jdk*.json"):
        jdk = f["java"][0].split('"')[1]
        ok = [r for r in f["runs"] if not r.get("failed")]
        for c in sorted({r["concurrency"] for r in ok}):
            rs = [r for r in ok if r["concurrency"] == c]
            cpu = [r["cpu_us_per_call"] for r in rs]
            out.append(f"| {jdk} | {f['variant']} | {c} | {len(rs)} | {med(rs, lambda r: r['calls_per_s']):.0f} "
                       f"| {statistics.median(cpu):.0f} ({min(cpu):.0f}-{max(cpu):.0f}) "
                       f"| {med(rs, lambda r: r['task_cpu_without_jit_us_per_call']):.0f} "
                       f"| {med(rs, lambda r: r['threads_started_per_1000']):.2f} "
                       f"| {med(rs, lambda r: r['httpclient_workers_active']):.0f} "
                       f"| {med(rs, lambda r: r['ctx_per_call']):.2f} "
                       f"| {med(rs, lambda r: r['latency_over_sleep']['p50_us']) / 1000:.2f} "
                       f"| {med(rs, lambda r: r['latency_over_sleep']['p99_us']) / 1000:.2f} "
                       f"| {med(rs, lambda r: r['tcp_active_opens_per_1000']):.1f} "
                       f"| {med(rs, lambda r: r['peer_cpu_us_per_call'] or 0):.0f} |")
    return out + ["", *jdkclient_task_cpu(d)]


def jdkclient_task_cpu(d):
    """`measured::JDK_CLIENT_TASK_CPU_US`: the default executor's worker threads' CPU per call
    (median of every run), and the virtual executor's task derived as the carriers' CPU per call
    with it less that with the default executor (per JDK and C, medians of the reps; the median
    of those)."""
    group = lambda r, g: r["by_thread_group"][g]["cpu_us_per_call"]
    workers, carriers = [], {}
    for f in load(d, "jdkclient_jdk*.json"):
        if f["variant"] not in ("default", "virtual"):
            continue
        jdk = f["java"][0].split('"')[1]
        for r in (r for r in f["runs"] if not r.get("failed")):
            if f["variant"] == "default":
                workers.append(group(r, "HttpClient-N-Wo"))
            carriers.setdefault((jdk, r["concurrency"], f["variant"]), []).append(group(r, "ForkJoinPool-N-"))
    diffs = [statistics.median(carriers[(j, c, "virtual")]) - statistics.median(v)
             for (j, c, var), v in sorted(carriers.items()) if var == "default" and (j, c, "virtual") in carriers]
    if not workers or not diffs:
        return []
    return [f"JDK_CLIENT_TASK_CPU_US = ({statistics.median(workers):.1f}, {statistics.median(diffs):.1f})"
            f"  # workers {min(workers):.1f}-{max(workers):.1f} over {len(workers)} runs; "
            f"virtual from {', '.join(f'{x:.1f}' for x in diffs)}"]


def main():
    d = sys.argv[1]
    if glob.glob(os.path.join(d, "jdkclient_jdk*.json")):
        print("\n".join(["### JDK HTTP clients from virtual threads (/sleep?ms=10, Tomcat 21 virtual; medians of the reps)", *jdkclient(d)]))
        return
    if glob.glob(os.path.join(d, "readahead_jdk*.json")):
        print("\n".join(["### Read-ahead on kept-alive connections (platform, c=1000, 200 threads, /sleep?ms=50)", *readahead(d)]))
        return
    parts = ["### Spread (/sleep?ms=50)", *spread(d), "", "### GC at default heap (/alloc?kb=64, c=200, n=40000)", *gc(d), "", *young_pauses(d), "",
             "### Sleep overshoot (µs)",
             *bench_rows(d, "sleep_jdk*.json", lambda r: f"| {r['java']} | {r['thread']} | {r['sleep_ms']} | {r['overshoot']['n']} | {r['overshoot']['p50_us']} | {r['overshoot']['p99_us']} | {r['overshoot']['max_us']} |",
                         ["| JDK | thread | sleep ms | n | p50 | p99 | max |", "|---|---|---|---|---|---|---|"]), "",
             *extra_wait_shape(d), "",
             "### Burst: 2,000 threads to one deadline, wake-up lateness (µs)",
             *bench_rows(d, "burst_jdk*.json", lambda r: f"| {r['java']} | {r['thread']} | {r['round']} | {r['lateness']['p50_us']} | {r['lateness']['p99_us']} | {r['lateness']['max_us']} | {r['all_started_before_deadline']} |",
                         ["| JDK | thread | round | p50 | p99 | max | all started before deadline |", "|---|---|---|---|---|---|---|"]), "",
             "### Monitor vs ReentrantLock, 8 platform threads",
             *bench_rows(d, "monitor_jdk*.json", lambda r: f"| {r['java']} | {r['guard']} | {r['hold_us']} | {r['per_s']:.0f} | {r['wait']['p50_us']} | {r['wait']['p99_us']} | {r['wait']['max_us']} | {r['per_thread_min']}-{r['per_thread_max']} |",
                         ["| JDK | guard | hold µs | acq/s | wait p50 µs | p99 µs | max µs | acquisitions per thread min-max |", "|---|---|---|---|---|---|---|---|"]), "",
             "### Virtual-thread start order (10,000 threads)",
             *bench_rows(d, "order_jdk*.json", lambda r: f"| {r['java']} | {r['parallelism']} | {r['round']} | {r['displaced_fraction']} | {r['adjacent_inversion_fraction']} | {r['max_shift']} |",
                         ["| JDK | parallelism | round | displaced | adjacent inversions | max shift |", "|---|---|---|---|---|---|"]), "",
             "### JIT warm-up (sequential, platform mode, cold Tomcat): median ms per bucket of 100",
             "| JDK | endpoint | buckets 0,1,2,5,10,20,49 | steady median ms |", "|---|---|---|---|"]
    for f in load(d, "jit_jdk*.json"):
        b = f["buckets_of_100"]
        pick = [str(b[i]["median_ms"]) for i in (0, 1, 2, 5, 10, 20, 49) if i < len(b)]
        parts.append(f"| {f['java'][0].split(chr(34))[1]} | {f['cmd'].split()[-1].split(':18080')[1]} | {', '.join(pick)} | {f['steady_median_ms']} |")
    parts += ["", *jit_fits(d)]
    parts += ["", "### Connect burst (acceptCount=8, maxConnections=8, 300 new connections)",
              "| JDK | responses | dial histogram | dial p50 s | dial max s | TCP counters delta |", "|---|---|---|---|---|---|"]
    for f in load(d, "connect_jdk*.json"):
        hist = ", ".join(f"{k}: {v}" for k, v in f["dial_histogram"].items() if v)
        parts.append(f"| {f['java'][0].split(chr(34))[1]} | {f['responses']} | {hist} | {f['dial_p50_s']} | {f['dial_max_s']} | {f['tcp_delta']} |")
    print("\n".join(parts))


if __name__ == "__main__":
    main()
