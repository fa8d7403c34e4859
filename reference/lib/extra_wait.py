"""The shape of the presets' extra wait, from the `sleep` item: python3 reference/lib/extra_wait.py [DIR]

Model: floor + a log-normal part, i.e. a log-normal shifted by its floor. Its shape is taken from
Thread.sleep's overshoot measured here: the floor is the smallest overshoot seen, the log-normal's
sigma comes from the part above the floor, (p99 − floor) / (p50 − floor) = e^(sigma·z99). Two
numbers without a unit describe it: floor ÷ mean, and sigma.

The presets keep their extra wait's mean calibrated on one article figure each (E2 platform
req/s: 3.15 ms; E1 platform req/s: 7.8 ms) and take this shape; this prints their
`lognormal(floor=…,p50=…,p99=…)` terms. The row used is JDK 21 (the presets' JDK), platform
threads (the timer and the kernel's wake-up, without a carrier's hand-off, which the model's
virtual-thread wake-up holds) and the 10 ms sleep: the longest measured with 200 sleeps, so
its p99 is not its maximum (the 100 ms rows have 30).
"""
import glob
import json
import math
import os
import sys

DEFAULT_DIR = os.path.join(os.path.dirname(__file__), "..", "results", "2026-12-03")
Z99 = 2.326347874040841
CHOSEN = ("21", "platform", 10)
CALIBRATED_MEAN_MS = {"E2 (calibrated on platform req/s)": 3.15, "E1 (calibrated on platform req/s)": 7.8}


def shape(o):
    """(floor ÷ mean, sigma) of one overshoot row."""
    floor = o["min_us"]
    sigma = math.log((o["p99_us"] - floor) / (o["p50_us"] - floor)) / Z99
    return floor / o["mean_us"], sigma


def term(mean_ms, floor_over_mean, sigma):
    """The program's `lognormal(floor=…,p50=…,p99=…)` with this mean and shape (ms)."""
    floor = floor_over_mean * mean_ms
    median = (mean_ms - floor) / math.exp(sigma * sigma / 2)
    return floor, floor + median, floor + median * math.exp(sigma * Z99)


def main():
    d = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_DIR
    chosen = None
    for path in sorted(glob.glob(os.path.join(d, "sleep_jdk*.json"))):
        jdk = os.path.basename(path)[len("sleep_jdk"):-len(".json")]
        for r in json.load(open(path))["rows"]:
            o = r["overshoot"]
            fm, sigma = shape(o)
            mark = ""
            if (jdk, r["thread"], r["sleep_ms"]) == CHOSEN:
                chosen, mark = (fm, sigma), "   <- used"
            print(f"JDK {jdk} {r['thread']:8} sleep {r['sleep_ms']:3} ms, n {o['n']:3}: floor {o['min_us']} us, "
                  f"p50 {o['p50_us']}, p99 {o['p99_us']}, mean {o['mean_us']}: floor/mean {fm:.3f}, sigma {sigma:.3f}{mark}")
    fm, sigma = chosen
    for name, mean in CALIBRATED_MEAN_MS.items():
        floor, p50, p99 = term(mean, fm, sigma)
        print(f"{name}: mean {mean} ms -> lognormal(floor={floor:.2f}ms,p50={p50:.2f}ms,p99={p99:.2f}ms)")


if __name__ == "__main__":
    main()
