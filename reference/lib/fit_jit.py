"""Fits the JIT warm-up curve to the `jit` item's results: python3 reference/lib/fit_jit.py [DIR]

Model: the median latency of request n (n = 0, 1, ... in the order hey sent them, one at a time)
is  steady + A·e^(−n/τ1) + B·e^(−n/τ2),  τ1 < τ2. The extra cost A·e^(−n/τ1) + B·e^(−n/τ2) is
what `scenario::measured::JIT_*` holds (the model charges it as CPU before each request's handler).

Data: each file's 50 buckets of 100 requests (`buckets_of_100`, median per bucket). For a falling
curve the median of a bucket is the curve's value at the bucket's middle request (from + 49.5), so
each bucket gives one point without any smoothing; the first request's one-off initialisation
does not move a median. Least squares over the 50 points: (steady, A, B) solved exactly for each
(τ1, τ2) on a grid (coarse, then refined around the best), all three non-negative.

Prints, per endpoint and JDK: the fit, its residual, and the fitted curve beside each bucket.
No third-party packages (the suite's machine has no numpy).
"""
import glob
import json
import math
import os
import sys

DEFAULT_DIR = os.path.join(os.path.dirname(__file__), "..", "results", "2026-12-03")


def solve(m, v):
    """Solves m·x = v (small, dense) by Gaussian elimination; None if singular."""
    a = [row[:] + [v[i]] for i, row in enumerate(m)]
    n = len(a)
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        if abs(a[c][c]) < 1e-15:
            return None
        for r in range(n):
            if r != c:
                f = a[r][c] / a[c][c]
                for k in range(c, n + 1):
                    a[r][k] -= f * a[c][k]
    return [a[i][n] / a[i][i] for i in range(n)]


def linear_fit(points, t1, t2):
    """(residual sum of squares, [steady, A, B]) for fixed τ1, τ2; None if a coefficient is < 0."""
    xs = [[1.0, math.exp(-n / t1), math.exp(-n / t2)] for n, _ in points]
    ys = [y for _, y in points]
    m = [[sum(x[i] * x[j] for x in xs) for j in range(3)] for i in range(3)]
    v = [sum(x[i] * y for x, y in zip(xs, ys)) for i in range(3)]
    c = solve(m, v)
    if c is None or min(c) < 0:
        return None
    rss = sum((y - sum(ci * xi for ci, xi in zip(c, x))) ** 2 for x, y in zip(xs, ys))
    return rss, c


def best_on(points, t1s, t2s):
    best = None
    for t1 in t1s:
        for t2 in t2s:
            if t2 < 2 * t1:
                continue
            r = linear_fit(points, t1, t2)
            if r and (best is None or r[0] < best[0]):
                best = (r[0], t1, t2, r[1])
    return best


def fit(points):
    """Best (rss, τ1, τ2, [steady, A, B]): a grid of 5 / 50 requests, then 1 / 5 around it."""
    rss, t1, t2, _ = best_on(points, range(5, 401, 5), range(100, 6001, 50))
    return best_on(points, range(max(1, t1 - 5), t1 + 6), range(max(2, t2 - 50), t2 + 51, 5))


def main():
    d = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_DIR
    for path in sorted(glob.glob(os.path.join(d, "jit_jdk*.json"))):
        f = json.load(open(path))
        buckets = f["buckets_of_100"]
        points = [(b["from"] + (b["n"] - 1) / 2, b["median_ms"]) for b in buckets]
        rss, t1, t2, (steady, a, b) = fit(points)
        name = os.path.basename(path)
        endpoint = f["cmd"].split(":18080")[1]
        print(f"{name} ({endpoint}, {f['java'][0].split(chr(34))[1]}): steady {steady:.3f} ms, "
              f"A {a:.3f} ms, tau1 {t1} requests, B {b:.3f} ms, tau2 {t2} requests; "
              f"extra at n=0 {a + b:.3f} ms, summed over all requests A*tau1 + B*tau2 = {a * t1 + b * t2:.0f} ms; "
              f"rms residual {math.sqrt(rss / len(points)):.3f} ms over {len(points)} buckets")
        cells = []
        for (n, y) in points[:10] + points[10::10]:
            model = steady + a * math.exp(-n / t1) + b * math.exp(-n / t2)
            cells.append(f"n={n:.1f}: {y} vs {model:.2f}")
        print("   median vs fit: " + "; ".join(cells))


if __name__ == "__main__":
    main()
