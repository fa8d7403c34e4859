#!/usr/bin/env bash
#! Runs every test threadlab has: formatting, lints (native and wasm32), the
#! native unit/integration/property tests, the browser tests (wasm-bindgen-test
#! in headless Chromium), a release build of the playground, and the
#! end-to-end tests in real headless Chromium. Installs missing tools first.
#!
#! usage: scripts/test.sh [--quick]
#!   --quick  the inner loop: formatting, native clippy and the library's unit
#!            tests only (no integration, property, fuzz, browser or e2e tests)
set -euo pipefail
cd "$(dirname "$0")/.."
quick=false
case "${1:-}" in
  "") ;;
  --quick) quick=true ;;
  *) echo "test.sh: unknown option '$1' (expected nothing or --quick)" >&2; exit 2 ;;
esac
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"

step() { printf '\n== %s\n' "$*"; }

if $quick; then
  step "cargo fmt --check"
  cargo fmt --all -- --check
  step "clippy (native)"
  cargo clippy --all-targets -- -D warnings
  step "unit tests (cargo test --lib)"
  cargo test --lib
  exit 0
fi

bash scripts/setup.sh

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
