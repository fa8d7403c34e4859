#!/usr/bin/env bash
#! Builds threadlab natively and as WebAssembly (into target-bench/, apart from
#! the everyday target/) and runs the side-by-side benchmark (scripts/bench.mjs).
#! usage: bash scripts/bench.sh [--rounds N] [--peers DIR] [--skip ...]
#! For the peers, first: bash ../shared/peers/setup.sh /tmp/peers
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="$PWD/target-bench"
rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
cargo build --release --quiet
(cd bench/wasm && cargo build --release --quiet --target wasm32-unknown-unknown)
wasm-bindgen --target web --out-dir target-bench/wasm-pkg \
  target-bench/wasm32-unknown-unknown/release/threadlab_bench_wasm.wasm
echo '{"type": "module"}' > target-bench/wasm-pkg/package.json
node scripts/bench.mjs "$@"
