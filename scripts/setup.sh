#!/usr/bin/env bash
#! Installs every tool threadlab's build and tests need, idempotently.
# Each step checks first and skips what is already there, so a second run takes
# seconds. Nothing here downloads a binary from outside the package registries:
# Trunk and wasm-bindgen-cli are built from crates.io, Chromium comes from
# Debian, wasm-opt from npm's binaryen package.
set -euo pipefail
cd "$(dirname "$0")/.."
# cargo-installed tools and npm's binaries, even when the caller's PATH lacks them.
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"

TRUNK_VERSION=0.22.1
WASM_BINDGEN_VERSION=0.2.130   # must equal Cargo.lock and Trunk.toml

log() { printf 'setup: %s\n' "$*" >&2; }

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  log "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# Installed means dpkg says so: an install cut short leaves the binaries in
# place with the package half-configured, and apt refuses everything until
# `dpkg --configure -a` has finished it.
installed() { [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]; }
if ! installed chromium || ! installed chromium-driver || ! installed fonts-noto-cjk; then
  log "installing Debian's chromium and chromium-driver"
  export DEBIAN_FRONTEND=noninteractive
  dpkg --configure -a
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends chromium chromium-driver fonts-noto-cjk >/dev/null
fi

# The tools' own release profiles use fat LTO and one codegen unit: most of a
# fresh machine's setup time, for no difference a build of the page can see
# (toolchain.md). Built without LTO in 16 units, a fresh machine's setup took
# 463 s instead of 543 s of wall time (BENCHMARKS.md, "A fresh machine").
FAST_TOOL_BUILD=(env CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16)

if ! trunk --version 2>/dev/null | grep -q "trunk $TRUNK_VERSION"; then
  log "building trunk $TRUNK_VERSION from crates.io (about 6 minutes, once)"
  "${FAST_TOOL_BUILD[@]}" cargo install --locked "trunk@$TRUNK_VERSION" --ignore-rust-version
fi

if ! wasm-bindgen --version 2>/dev/null | grep -q "wasm-bindgen $WASM_BINDGEN_VERSION"; then
  log "building wasm-bindgen-cli $WASM_BINDGEN_VERSION from crates.io (about 2 minutes, once)"
  # --locked fails: its lockfile pins a webpki-roots version the registry no longer serves.
  "${FAST_TOOL_BUILD[@]}" cargo install --force "wasm-bindgen-cli@$WASM_BINDGEN_VERSION"
fi

if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/playwright-core ] || [ ! -f node_modules/axe-core/axe.min.js ]; then
  log "installing npm packages (binaryen for wasm-opt, playwright-core, axe-core)"
  npm install --no-audit --no-fund --silent
fi
log "tools ready"
