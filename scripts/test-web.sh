#!/usr/bin/env bash
#! The playground's tests (called by scripts/test.sh, or on its own): clippy
#! for wasm32, the browser tests (wasm-bindgen-test in headless Chromium), a
#! release build with Trunk, and the end-to-end test in Debian's headless
#! Chromium against dist/ served on 127.0.0.1. Screenshots go to test-artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"

step() { printf '\n== %s\n' "$*"; }

step "clippy (wasm32)"
cargo clippy --target wasm32-unknown-unknown --all-targets -- -D warnings

step "cargo doc (wasm32: the page's modules, warnings denied)"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --quiet --target wasm32-unknown-unknown

step "browser tests (wasm-bindgen-test, headless Chromium)"
cargo test --target wasm32-unknown-unknown

step "trunk build --release"
trunk build --release

step "end-to-end (playwright-core, Debian Chromium)"
# The script serves dist/ on 127.0.0.1 itself (no stray server process) and
# saves screenshots to test-artifacts/.
node tests/e2e/playground.spec.mjs
