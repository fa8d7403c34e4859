"""The machine's state beside every measurement: cores, load, kernel, memory, TCP counters."""
import glob
import os
import resource
import platform
import subprocess
import time


def loadavg():
    with open("/proc/loadavg") as f:
        a = f.read().split()
    return [float(a[0]), float(a[1]), float(a[2])]


def mem_total_kb():
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemTotal:"):
                return int(line.split()[1])
    return None


def state():
    return {
        "utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "nproc": os.cpu_count(),
        "loadavg": loadavg(),
        "kernel": platform.release(),
        "mem_total_kb": mem_total_kb(),
    }


def wait_quiet(limit=1.0, max_wait_s=120, log=print):
    """Wait up to max_wait_s for the 1-minute load to drop to limit; return what was seen.

    The machine's 2 cores are shared with other builds, so a spread run records the load it
    started under instead of pretending the machine was idle.
    """
    first = loadavg()
    t0 = time.time()
    while loadavg()[0] > limit and time.time() - t0 < max_wait_s:
        time.sleep(5)
    waited = round(time.time() - t0, 1)
    now = loadavg()
    if waited > 0:
        log(f"  waited {waited}s for load {first[0]} -> {now[0]}")
    return {"load_before_wait": first, "waited_s": waited, "load_at_start": now}


def rss_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def cpu_s(pid):
    """User + system CPU seconds a process has used so far (/proc/PID/stat fields 14 and 15)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children_cpu_s():
    """User + system CPU seconds of this process's finished children (hey, once it has exited)."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def tcp_counters():
    """PassiveOpens (connections accepted) and the listen-queue overflow counters."""
    out = {}
    for path in ("/proc/net/snmp", "/proc/net/netstat"):
        with open(path) as f:
            lines = f.read().splitlines()
        for head, vals in zip(lines[::2], lines[1::2]):
            names, nums = head.split()[1:], vals.split()[1:]
            prefix = head.split(":")[0]
            for n, v in zip(names, nums):
                if (prefix, n) in (("Tcp", "PassiveOpens"), ("Tcp", "ActiveOpens"),
                                   ("Tcp", "RetransSegs"), ("TcpExt", "ListenOverflows"),
                                   ("TcpExt", "ListenDrops"), ("TcpExt", "TCPSynRetrans")):
                    out[n] = int(v)
    return out


def delta(a, b):
    return {k: b[k] - a[k] for k in a if k in b}


def java_version(java):
    r = subprocess.run([java, "-version"], capture_output=True, text=True, check=True)
    return r.stderr.strip().splitlines()


def cpu_pressure_us():
    """System-wide CPU pressure: the 'some' line's total of /proc/pressure/cpu, microseconds in
    which at least one runnable task waited for a CPU (PSI); None where the kernel has no PSI."""
    try:
        with open("/proc/pressure/cpu") as f:
            for line in f:
                if line.startswith("some"):
                    return int(line.split("total=")[1])
    except (OSError, IndexError, ValueError):
        return None
    return None


def schedstat(pid):
    """Summed over every thread of `pid`: ns on a CPU, ns runnable but waiting for one, and
    time slices (/proc/PID/task/*/schedstat). Threads that ended before the call are missing."""
    run = wait = slices = 0
    for task in glob.glob(f"/proc/{pid}/task/*/schedstat"):
        try:
            with open(task) as f:
                a, b, c = (int(x) for x in f.read().split()[:3])
        except (OSError, ValueError):
            continue
        run, wait, slices = run + a, wait + b, slices + c
    return {"run_ns": run, "wait_ns": wait, "slices": slices}
