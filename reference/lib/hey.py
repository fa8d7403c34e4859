"""Runs hey (bounded in requests and time) and reads its summary and optional CSV."""
import re
import subprocess

HEY_WALL_LIMIT_S = 60


def run(url, n, c, timeout_s=20, extra=(), csv=False, wall_limit=HEY_WALL_LIMIT_S):
    if not url.startswith("http://127.0.0.1:"):
        raise ValueError("load tests target 127.0.0.1 only: " + url)
    if not (1 <= c <= n <= 200_000):
        raise ValueError(f"bad n={n} c={c}")
    cmd = ["hey", "-n", str(n), "-c", str(c), "-t", str(timeout_s), *extra]
    if csv:
        cmd += ["-o", "csv"]
    cmd.append(url)
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=wall_limit)
        out, killed = r.stdout, False
    except subprocess.TimeoutExpired as e:
        out, killed = (e.stdout or b"").decode() if isinstance(e.stdout, bytes) else (e.stdout or ""), True
    return {"cmd": " ".join(cmd), "killed_at_wall_limit": killed, "text": out}


def _f(pat, text, cast=float):
    m = re.search(pat, text, re.M)
    return cast(m.group(1)) if m else None


def parse_summary(text):
    s = {
        "total_s": _f(r"^\s*Total:\s+([\d.]+) secs", text),
        "slowest_s": _f(r"^\s*Slowest:\s+([\d.]+) secs", text),
        "fastest_s": _f(r"^\s*Fastest:\s+([\d.]+) secs", text),
        "average_s": _f(r"^\s*Average:\s+([\d.]+) secs", text),
        "rps": _f(r"^\s*Requests/sec:\s+([\d.]+)", text),
    }
    for q in (10, 25, 50, 75, 90, 95, 99):
        s[f"p{q}_s"] = _f(rf"^\s*{q}% in ([\d.]+) secs", text)
    s["status"] = {k: int(v) for k, v in re.findall(r"^\s*\[(\d+)\]\s+(\d+) responses", text, re.M)}
    errs = re.search(r"Error distribution:\n((?:\s+\[\d+\].*\n?)*)", text)
    s["errors"] = sum(int(x) for x in re.findall(r"\[(\d+)\]", errs.group(1))) if errs else 0
    s["error_lines"] = errs.group(1).strip().splitlines()[:5] if errs else []
    return s


def parse_csv(text):
    """hey -o csv rows: response-time,DNS+dialup,DNS,Request-write,Response-delay,Response-read,status,offset."""
    rows = []
    for line in text.splitlines()[1:]:
        p = line.split(",")
        if len(p) < 8:
            continue
        try:
            rows.append({"latency_s": float(p[0]), "dial_s": float(p[1]), "write_s": float(p[3]),
                         "wait_s": float(p[4]), "read_s": float(p[5]), "status": int(p[6]),
                         "offset_s": float(p[7])})
        except ValueError:
            continue
    return rows
