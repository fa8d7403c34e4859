#!/usr/bin/env bash
#! Builds threadlab natively and as WebAssembly (into target-bench/, apart from
#! the everyday target/) and runs the side-by-side benchmark (scripts/bench.mjs).
#! usage: bash scripts/bench.sh [--rounds N] [--peers DIR] [--moves N] [--save-instructions] [--skip ...]
#! It ends with the speed targets, each figure beside its goal.
#! For the peers, first: bash ../shared/peers/setup.sh /tmp/peers
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export CARGO_TARGET_DIR="$PWD/target-bench"
rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
cargo build --release --quiet
(cd bench/wasm && cargo build --release --quiet --target wasm32-unknown-unknown)
wasm-bindgen --target web --out-dir target-bench/wasm-pkg \
  target-bench/wasm32-unknown-unknown/release/threadlab_bench_wasm.wasm
# As shipped: Trunk runs wasm-opt -O3 on the playground's simulation worker
# (index.html); in Chromium that is 2-7 % faster than without (in Node 20's
# older V8 it is slower, so Node figures are a lower bound).
wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals --enable-multivalue --enable-reference-types \
  target-bench/wasm-pkg/threadlab_bench_wasm_bg.wasm -o target-bench/wasm-pkg/threadlab_bench_wasm_bg.wasm
echo '{"type": "module"}' > target-bench/wasm-pkg/package.json
# The playground's targets run on the page's release build (dist/), built as
# the README's serve command builds it.
case " $* " in
  *" --skip "*page*) ;;
  *) TRUNK_OFFLINE=true trunk build --release ;;
esac
node scripts/bench.mjs "$@"
