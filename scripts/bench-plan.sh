#!/usr/bin/env bash
# Times `threadlab plan` on three-knob searches (issue 27's interactive
# target: first answer within 2 s, complete within 10 s on this machine),
# natively, five rounds each; prints each round's RESULT line and the
# medians. Results are recorded in BENCHMARKS.md, "Capacity planning".
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=target/release/threadlab
plans=(
  "--target-rps 800 --p99-ms 120 --set program=cpu:1ms,db:exp(5ms),io:10ms"
  "--target-rps 5000 --p99-ms 200 --set program=cpu:0.5ms,db:exp(3ms),io:20ms"
  "--target-rps 3000 --p99-ms 150 --set program=cpu:0.3ms,call(inv),db:exp(2ms) --set downstream.inv.p50_ms=20 --set downstream.inv.concurrency=400 --knobs server.threads_max,db.pool_size,downstream.inv.max_connections"
)
for p in "${plans[@]}"; do
  echo "== plan $p"
  firsts=(); completes=()
  for round in 1 2 3 4 5; do
    # shellcheck disable=SC2086 # the plan is a list of words
    line=$($bin plan $p --timed | grep '^RESULT')
    echo "round $round $line"
    firsts+=("$(sed -n 's/.*first_answer_s=\([^ ]*\).*/\1/p' <<<"$line")")
    completes+=("$(sed -n 's/.*complete_s=\([^ ]*\).*/\1/p' <<<"$line")")
  done
  median() { printf '%s\n' "$@" | sort -g | sed -n 3p; }
  echo "median first_answer_s=$(median "${firsts[@]}") complete_s=$(median "${completes[@]}")"
done
