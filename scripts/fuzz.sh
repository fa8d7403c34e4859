#!/usr/bin/env bash
#! Runs every cargo-fuzz target (fuzz/fuzz_targets) for a bounded time each,
#! starting from the corpus in the repository (fuzz/corpus/<target>, read
#! only: what a run finds goes to fuzz/corpus-new/<target>, ignored by git).
#! Installs cargo-fuzz if it is missing, and the dated nightly toolchain that
#! fuzz/rust-toolchain.toml names (the one place it is written).
#!
#! usage: scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
#!   SECONDS_PER_TARGET  default 24: seven targets stay within three minutes (CI)
#!   TARGET              default all: scenario_json set_values program run permalink extremes import
#! Extra libFuzzer flags can be given in FUZZ_FLAGS (e.g. "-runs=1000000"),
#! extra cargo-fuzz build flags in FUZZ_BUILD_FLAGS (e.g. "--no-trace-compares",
#! which trades coverage guidance for executions, for a long count run).
#! FUZZ_SANITIZER picks cargo-fuzz's sanitizer: none by default, since the
#! crate forbids unsafe code and AddressSanitizer would halve the executions.
#! A crash stops the script (exit 1) and leaves its input in fuzz/artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

seconds="${1:-24}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(scenario_json set_values program run permalink extremes import)
fi

nightly="$(sed -n 's/^channel = "\(nightly-[0-9-]*\)"$/\1/p' fuzz/rust-toolchain.toml)"
if [ -z "$nightly" ]; then
  echo "fuzz.sh: fuzz/rust-toolchain.toml names no dated nightly channel (expected channel = \"nightly-YYYY-MM-DD\")" >&2
  exit 2
fi
if ! rustup run "$nightly" rustc --version >/dev/null 2>&1; then
  echo "fuzz.sh: cargo-fuzz needs $nightly: installing it"
  rustup toolchain install "$nightly" --profile minimal
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "fuzz.sh: installing cargo-fuzz"
  cargo install cargo-fuzz --locked
fi

for t in "${targets[@]}"; do
  printf '\n== fuzz %s for %s s\n' "$t" "$seconds"
  mkdir -p "fuzz/corpus-new/$t"
  # A target's own dictionary when it has one (the importer's: the tools'
  # words), else the scenario's keys.
  dict="fuzz/dict/$t.dict"
  [ -f "$dict" ] || dict=fuzz/dict/scenario.dict
  # -timeout: an input that runs for 10 s is a hang, reported like a crash.
  # shellcheck disable=SC2086 # the flag variables are lists of words
  cargo "+$nightly" fuzz run --fuzz-dir fuzz --sanitizer "${FUZZ_SANITIZER:-none}" ${FUZZ_BUILD_FLAGS:-} "$t" "fuzz/corpus-new/$t" "fuzz/corpus/$t" -- \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -dict="$dict" -print_final_stats=1 ${FUZZ_FLAGS:-}
done
