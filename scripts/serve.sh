#!/usr/bin/env bash
#! Serves the playground on http://127.0.0.1:8080 (PORT=… to change): installs
#! any missing tool first (scripts/setup.sh), then `trunk serve --release`,
#! which builds the page and its simulation worker and rebuilds on change.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
echo "serve: building; the playground will be at http://127.0.0.1:${PORT:-8080}/" >&2
# Offline: Trunk takes wasm-bindgen and wasm-opt from PATH (setup.sh) and never fetches one.
TRUNK_OFFLINE=true exec trunk serve --release --address 127.0.0.1 --port "${PORT:-8080}"
