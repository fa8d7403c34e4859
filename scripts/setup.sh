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
# libssl-dev and pkg-config: Trunk is built against the system's OpenSSL
# (below), which compiles in a fraction of rustls and ring's time.
DEBIAN_PACKAGES=(chromium chromium-driver fonts-noto-cjk libssl-dev pkg-config)
missing=()
for p in "${DEBIAN_PACKAGES[@]}"; do installed "$p" || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  log "installing Debian's ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  dpkg --configure -a
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Trunk and wasm-bindgen-cli only start other programs, copy files and
# rewrite a few small ones, so they are built for build speed, not their own:
# no LTO, 16 codegen units, no optimisation (opt-level 0 takes 60 % less CPU
# than 1; the page built with them is byte for byte the same and its build
# 1-3 s slower), without features this project does not use (Trunk's update
# check, rustls and ring in favour of the system's OpenSSL; wasm-bindgen's
# download client), the two side by side. BENCHMARKS.md, "A fresh machine".
TOOL_BUILD=(env CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16
  CARGO_PROFILE_RELEASE_OPT_LEVEL=0)
TOOL_LOGS=${TMPDIR:-/tmp}/threadlab-setup
building=()

# Starts `cargo install` of a tool in the background, its output in a log.
build_tool() {
  local name=$1; shift
  mkdir -p "$TOOL_LOGS"
  "${TOOL_BUILD[@]}" cargo install "$@" > "$TOOL_LOGS/$name.log" 2>&1 &
  building+=("$name:$!")
}

if ! trunk --version 2>/dev/null | grep -q "trunk $TRUNK_VERSION"; then
  log "building trunk $TRUNK_VERSION from crates.io (once; log in $TOOL_LOGS/trunk.log)"
  build_tool trunk --locked "trunk@$TRUNK_VERSION" --ignore-rust-version \
    --no-default-features --features native-tls
fi

if ! wasm-bindgen --version 2>/dev/null | grep -q "wasm-bindgen $WASM_BINDGEN_VERSION"; then
  log "building wasm-bindgen-cli $WASM_BINDGEN_VERSION from crates.io (once; log in $TOOL_LOGS/wasm-bindgen.log)"
  # --locked fails: its lockfile pins a webpki-roots version the registry no longer serves.
  build_tool wasm-bindgen --force "wasm-bindgen-cli@$WASM_BINDGEN_VERSION" --no-default-features
fi

for job in "${building[@]}"; do
  if ! wait "${job#*:}"; then
    tail -n 30 "$TOOL_LOGS/${job%%:*}.log" >&2
    log "building ${job%%:*} failed (the whole log: $TOOL_LOGS/${job%%:*}.log)"
    exit 1
  fi
  log "${job%%:*} built"
done

if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/playwright-core ] || [ ! -f node_modules/axe-core/axe.min.js ]; then
  log "installing npm packages (binaryen for wasm-opt, playwright-core, axe-core)"
  npm install --no-audit --no-fund --silent
fi
log "tools ready"
