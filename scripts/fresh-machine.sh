#!/usr/bin/env bash
# Time from a fresh machine to a built page (BENCHMARKS.md, "A fresh machine").
# A new HOME and CARGO_HOME (rustup's toolchains shared: installing Rust itself
# is not counted), a fresh clone of this repository, no target/ or node_modules.
# Debian's Chromium is already installed on the project machine, so its
# apt-get is not counted either.
#   bash scripts/fresh-machine.sh            # setup.sh as it is in this checkout
#   bash scripts/fresh-machine.sh e46c48d    # setup.sh as it was at a commit (the same page)
set -uo pipefail
variant=${1:-current}
repo=$(cd "$(dirname "$0")/.." && pwd)
root=/tmp/threadlab-fresh-$variant
rm -rf "$root"; mkdir -p "$root/home/.cargo/bin"
for tool in cargo rustc rustup rustdoc cargo-clippy clippy-driver rustfmt cargo-fmt; do
  ln -s "$(command -v rustup)" "$root/home/.cargo/bin/$tool"
done
git clone -q "$repo" "$root/repo"
cd "$root/repo"
if [ "$variant" != current ]; then
  git -C "$repo" show "$variant:scripts/setup.sh" > scripts/setup.sh || exit 1
fi
export RUSTUP_HOME=${RUSTUP_HOME:-$HOME/.rustup}
export HOME="$root/home" CARGO_HOME="$root/home/.cargo"
export PATH="$root/home/.cargo/bin:/usr/local/bin:/usr/bin:/bin"
export npm_config_cache="$root/npm-cache" TMPDIR="$root/tmp"
mkdir -p "$TMPDIR"
echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
/usr/bin/time -f "setup: wall %e s, user %U s, sys %S s" bash scripts/setup.sh 2>&1 | tail -6
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
/usr/bin/time -f "trunk build --release: wall %e s, user %U s, sys %S s" env TRUNK_OFFLINE=true trunk build --release 2>&1 | tail -2
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
