"""Reads a -Xlog:gc log (decorated with wall time and uptime) into pauses and heap sizes."""
import re
from datetime import datetime

# [2026-12-03T07:30:01.123+0000][1.234s][info][gc] GC(3) Pause Young (Normal) (G1 Evacuation Pause) 25M->5M(390M) 3.210ms
LINE = re.compile(
    r"^\[(?P<time>[^\]]+)\]\[(?P<up>[\d.]+)s\].*GC\((?P<id>\d+)\) (?P<what>Pause .*?) "
    r"(?P<before>\d+)M->(?P<after>\d+)M\((?P<committed>\d+)M\) (?P<ms>[\d.]+)ms")


def parse(path):
    out = []
    with open(path, errors="replace") as f:
        for line in f:
            m = LINE.search(line)
            if not m:
                continue
            t = datetime.strptime(m["time"], "%Y-%m-%dT%H:%M:%S.%f%z").timestamp()
            out.append({"t": t, "uptime_s": float(m["up"]), "what": m["what"].strip(),
                        "before_mb": int(m["before"]), "after_mb": int(m["after"]),
                        "committed_mb": int(m["committed"]), "ms": float(m["ms"])})
    return out


def summary(pauses, t0=None, t1=None):
    """Count and mean/max of the pauses whose end fell in [t0, t1] (wall-clock seconds)."""
    sel = [p for p in pauses if (t0 is None or p["t"] >= t0) and (t1 is None or p["t"] <= t1)]
    ms = [p["ms"] for p in sel]
    return {
        "pauses": len(ms),
        "pause_mean_ms": round(sum(ms) / len(ms), 3) if ms else None,
        "pause_max_ms": max(ms) if ms else None,
        "pause_total_ms": round(sum(ms), 3),
        "heap_committed_mb_max": max((p["committed_mb"] for p in sel), default=None),
        "heap_before_mb_max": max((p["before_mb"] for p in sel), default=None),
        "kinds": sorted({p["what"] for p in sel}),
    }
