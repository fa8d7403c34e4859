"""N requests at once to 127.0.0.1:PORT/sleep?ms=MS, each on its own connection with a
client timeout; then, a second later, one more request: what became of each."""
import collections
import socket
import sys
import threading
import time

port, n, ms, timeout = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
results = {}


def one(key, path):
    t0 = time.time()
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        data = s.recv(200)
        what = "answered" if b" 200 " in data else "failed" if data else "closed"
    except OSError as e:
        what = type(e).__name__
    results[key] = (what, round(time.time() - t0, 2))


threads = [threading.Thread(target=one, args=(i, f"/sleep?ms={ms}")) for i in range(n)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print("burst:", dict(collections.Counter(w for w, _ in results.values())),
      "slowest", max(s for _, s in results.values()), "s")
time.sleep(1)
one("after", "/sleep?ms=0")
print("one request a second later:", results["after"])
