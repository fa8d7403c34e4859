#!/usr/bin/env bash
#! Runs every test threadlab has: formatting, lints (native and wasm32), the
#! native unit/integration/property tests, the browser tests (wasm-bindgen-test
#! in headless Chromium), a release build of the playground, and the
#! end-to-end tests in real headless Chromium. Installs missing tools first.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"

step() { printf '\n== %s\n' "$*"; }

step "cargo fmt --check"
cargo fmt --all -- --check

step "clippy (native)"
cargo clippy --all-targets -- -D warnings

step "cargo doc (native, warnings denied)"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --quiet

step "native tests"
cargo test

step "fuzz (cargo-fuzz, 24 s per target from the kept corpus)"
bash scripts/fuzz.sh 24

if [ -f scripts/test-web.sh ]; then
  step "web tests"
  bash scripts/test-web.sh
fi
