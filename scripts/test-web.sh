#!/usr/bin/env bash
#! The playground's tests (called by scripts/test.sh, or on its own): clippy
#! for wasm32, the browser tests (wasm-bindgen-test in headless Chromium), a
#! release build with Trunk, and the end-to-end tests in Debian's headless
#! Chromium against dist/ served on 127.0.0.1 (the playground; sharing and
#! exports; embeds, served from a sub-path; the error panel and the worker's
#! watchdog; a lesson; history and languages; the timeline replay). Screenshots and exported files go to test-artifacts/.
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
# Offline: Trunk takes wasm-bindgen and wasm-opt from PATH (setup.sh) and never fetches one.
TRUNK_OFFLINE=true trunk build --release

step "dist/ carries no Trunk live-reload client (no {{__TRUNK…}} placeholder, no __TRUNK_ script)"
if grep -rl '__TRUNK' dist; then
  echo "dist/: the files above hold Trunk's live-reload placeholders (Trunk.toml: [serve] no_autoreload = true)" >&2
  exit 1
fi

step "the command line (its JSON and text are what the page's exports are checked against)"
cargo build --bin threadlab

# Each script serves dist/ on 127.0.0.1 itself (no stray server process) and
# saves screenshots to test-artifacts/.
step "end-to-end: the playground (playwright-core, Debian Chromium)"
node tests/e2e/playground.spec.mjs
step "end-to-end: permalinks, malformed links, exports, the Embed dialog, the dark theme"
node tests/e2e/share.spec.mjs
step "end-to-end: embeds in the example post, served from /threadlab/"
node tests/e2e/embed.spec.mjs
step "end-to-end: the error panel, the worker's restart and watchdog"
node tests/e2e/panic.spec.mjs
step "end-to-end: the pool of simulation workers (one per core but one; results equal to one worker's; a dead worker replaced; a newer job stops all)"
node tests/e2e/pool.spec.mjs
step "end-to-end: a lesson (link, prediction, grade, keys, progress kept, German and Chinese)"
node tests/e2e/lesson.spec.mjs
step "end-to-end: the page's flow (a lesson closed before its run sends the form's scenario)"
node tests/e2e/flow.spec.mjs
step "end-to-end: history and languages (Back undoes a preset and a chapter, a slider adds no entry; a German browser, ?lang=zh and ?theme=dark alone)"
node tests/e2e/history.spec.mjs
step "end-to-end: a plain first layer (the Advanced group by click and keyboard, a link's advanced setting shown, a lesson's program in plain words, whose changes are whose; en, de, zh, 375 px)"
node tests/e2e/plain.spec.mjs
step "end-to-end: your own service from a link (a downstream through HttpClient 5's pool, a fan-out, an old pgjdbc, a 2-CPU limit, ThreadLocals; the downstream's form section; the diagnosis names the pool; three endpoints with their own figures and bars in both columns; en, de, zh)"
node tests/e2e/service.spec.mjs
step "end-to-end: the lesson \"Your own service\" (each of its seven chapters and lesson 1's HikariCP chapter from its link, predicted, run and graded; en, de, zh)"
node tests/e2e/service-lesson.spec.mjs
step "end-to-end: the timeline replay (play, pause, scrub, step, pinned and unmounted, a journey, reduced motion)"
node tests/e2e/replay.spec.mjs
step "end-to-end: the time breakdown (bars, sentence, table; en, de, zh; dark theme)"
node tests/e2e/breakdown.spec.mjs
step "end-to-end: the measured table read plainly (legend, summary of independent predictions, notes by click and key, the plain difference beside the one beyond the stated part; en, de, zh; 375 px)"
node tests/e2e/measured.spec.mjs
step "end-to-end: your measurement (a pasted hey output read, its load settings used, each figure measured vs simulated; a bad paste one alert line; en, de, zh; 375 px)"
node tests/e2e/yours.spec.mjs
step "end-to-end: a lesson at a projector (clicker keys, the hint, the verdict and its chart in view, the replay's speed, the Embed dialog's charts)"
node tests/e2e/projector.spec.mjs
step "end-to-end: the presenter's second screen (the speaker view opened from presenter mode, the projector following its Next, tally, answer, Run and keys over a BroadcastChannel; the room's histogram with the answer's bin marked; notes, next click, clocks; axe-core; en, de, zh, light and dark)"
node tests/e2e/speaker.spec.mjs
step "end-to-end: no English from data on a German or Chinese page (every ending and finding, the compare table, measured panel, replay, notice and problems)"
node tests/e2e/words.spec.mjs
step "end-to-end: a lesson's handout (every chapter run, one printed page each, A4 and Letter PDFs) and the image card for feeds (a 1200×630 PNG); en, de, zh"
node tests/e2e/handout.spec.mjs
step "end-to-end: accessibility (axe-core: no serious or critical violation on the playground, an embed, a lesson)"
node tests/e2e/a11y.spec.mjs
