#!/usr/bin/env bash
# Time from a fresh machine to a built page (BENCHMARKS.md, "A fresh machine").
# A new HOME and CARGO_HOME (rustup's toolchains shared: installing Rust itself
# is not counted), a fresh clone of this repository, no target/ or node_modules.
# Debian's Chromium is already installed on the project machine, so its
# apt-get is not counted either.
#   bash scripts/fresh-machine.sh after    # setup.sh as it is
#   bash scripts/fresh-machine.sh before   # the tools built with their own profiles (fat LTO)
set -uo pipefail
variant=${1:?after or before}
repo=$(cd "$(dirname "$0")/.." && pwd)
root=/tmp/threadlab-fresh-$variant
rm -rf "$root"; mkdir -p "$root/home/.cargo/bin"
for tool in cargo rustc rustup rustdoc cargo-clippy clippy-driver rustfmt cargo-fmt; do
  ln -s "$(command -v rustup)" "$root/home/.cargo/bin/$tool"
done
git clone -q "$repo" "$root/repo"
cd "$root/repo"
if [ "$variant" = before ]; then
  sed -i 's/^FAST_TOOL_BUILD=(env .*/FAST_TOOL_BUILD=(env)/' scripts/setup.sh
fi
export RUSTUP_HOME=${RUSTUP_HOME:-$HOME/.rustup}
export HOME="$root/home" CARGO_HOME="$root/home/.cargo"
export PATH="$root/home/.cargo/bin:/usr/local/bin:/usr/bin:/bin"
export npm_config_cache="$root/npm-cache"
echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
/usr/bin/time -f "setup: wall %e s, user %U s, sys %S s" bash scripts/setup.sh 2>&1 | tail -3
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
/usr/bin/time -f "trunk build --release: wall %e s, user %U s, sys %S s" trunk build --release 2>&1 | tail -2
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
