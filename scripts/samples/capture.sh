#!/usr/bin/env bash
# Captures real hey and wrk output into tests/samples/ (the importer's test
# inputs): a local server on 127.0.0.1, each run bounded in requests or
# seconds. Needs Debian's hey and wrk (installed here if missing). Run by
# hand when a tool's version changes; the tests only read the files (and
# pin some of their figures: a new capture means updating those).
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v hey >/dev/null || ! command -v wrk >/dev/null; then
  sudo_if() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
  sudo_if apt-get install -y hey wrk
fi
PORT=${PORT:-18080}
URL=http://127.0.0.1:$PORT
python3 scripts/samples/server.py "$PORT" 2>/dev/null &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 50); do
  if curl -s -o /dev/null "$URL/fast" 2>/dev/null || python3 -c "import urllib.request;urllib.request.urlopen('$URL/fast')" 2>/dev/null; then break; fi
  sleep 0.1
done
HEY=tests/samples/hey
WRK=tests/samples/wrk
mkdir -p "$HEY" "$WRK"
hey_version=$(dpkg-query -W -f='${Version}' hey 2>/dev/null || echo unknown)
wrk_version=$(dpkg-query -W -f='${Version}' wrk 2>/dev/null || echo unknown)
# Each file: the command as its first line is not part of the tool's output,
# so it is kept in a sidecar .cmd file.
run() { # FILE CMD...
  local file=$1; shift
  echo "$*" > "$file.cmd"
  "$@" > "$file" 2>&1 || true
}
run "$HEY/fast-n2000-c50.txt" hey -n 2000 -c 50 "$URL/fast"
run "$HEY/slow-n400-c20.txt" hey -n 400 -c 20 "$URL/slow"
run "$HEY/flaky-n300-c10.txt" hey -n 300 -c 10 "$URL/flaky"
run "$HEY/missing-n100-c5.txt" hey -n 100 -c 5 "$URL/missing"
run "$HEY/refused-n50-c5.txt" hey -n 50 -c 5 "http://127.0.0.1:$((PORT + 1))/"
run "$HEY/timeout-n20-c10-t1.txt" hey -n 20 -c 10 -t 1 "$URL/sleep"
run "$HEY/duration-z2s-c10.txt" hey -z 2s -c 10 "$URL/slow"
run "$HEY/qps-n200-c4-q20.txt" hey -n 200 -c 4 -q 20 "$URL/fast"
run "$HEY/fast-n500-c10.csv" hey -n 500 -c 10 -o csv "$URL/fast"
# A sweep of concurrency against one service, for fitting several
# measurements together.
for c in 5 10 20 40; do
  run "$HEY/sweep-slow-n800-c$c.txt" hey -n 800 -c "$c" "$URL/slow"
done
run "$WRK/fast-latency-t2-c20-d3s.txt" wrk -t2 -c20 -d3s --latency "$URL/fast"
run "$WRK/slow-t2-c10-d3s.txt" wrk -t2 -c10 -d3s "$URL/slow"
run "$WRK/flaky-latency-t1-c8-d2s.txt" wrk -t1 -c8 -d2s --latency "$URL/flaky"
run "$WRK/timeout-latency-t1-c4-d4s.txt" wrk -t1 -c4 -d4s --latency "$URL/sleep"
run "$WRK/refused-t1-c2-d1s.txt" wrk -t1 -c2 -d1s "http://127.0.0.1:$((PORT + 1))/"
printf 'hey %s\nwrk %s\ncaptured %s\n' "$hey_version" "$wrk_version" "$(date -u +%F)" > tests/samples/CAPTURED
