#!/usr/bin/env node
// Side-by-side speed benchmark: threadlab (native, WebAssembly in Node and in
// headless Chromium) against the peers of ../shared/peers (a hand-written Rust
// event loop, SimPy, Ciw), in interleaved rounds on one machine, so that every
// ratio is taken within a round and then the median over rounds is quoted.
//
//   node scripts/bench.mjs [--rounds 5] [--peers DIR] [--moves 5] [--save-instructions]
//     [--skip chromium,node,rust,simpy,ciw,cpu,memory,instructions,page]
//
// DIR is a workspace made by `bash ../shared/peers/setup.sh DIR` (default
// /tmp/peers); without it only threadlab's own figures are printed.
// It ends with the speed targets, each figure beside its goal
// (scripts/bench-targets.mjs): CPU time paired with the hand-written loop
// (`--rounds` pairs), memory, instructions by callgrind against
// bench/instructions.json, and the playground (dist/, `--moves` moves).
// Build threadlab first: scripts/bench.sh does both.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { instructions, median, memory, page, pairedCpu, targetTable } from './bench-targets.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const rounds = Number(opt('--rounds', 5));
const peers = opt('--peers', '/tmp/peers');
const skip = new Set((opt('--skip', '') || '').split(',').filter(Boolean));
const native = join(root, 'target-bench', 'release', 'threadlab');

// The peers live outside the repository (../shared/peers, built by its
// setup.sh); without them the run goes on with threadlab's own figures and says so.
const missing = [
  ['rust', join(peers, 'desbench', 'target', 'release', 'desbench')],
  ['simpy and ciw', join(peers, 'venv', 'bin', 'python')],
].filter(([, path]) => !existsSync(path));
for (const [what, path] of missing) {
  console.log(`peers: skipping ${what}: ${path} not found (bash ../shared/peers/setup.sh ${peers})`);
}

// threadlab workload -> the peers' name of the same model
const PEER = { m1: 'm1', m2: 'm2-pool', 'm2-fifo': 'm2-pool', 'm2-virtual': 'm2-virtual' };
const WORKLOADS = ['m1', 'm2', 'm2-fifo', 'm2-virtual', 'single', 'sweep'];

function jobs(round) {
  const seed = 42 + round;
  const j = [['native', [native, 'bench', '--rounds', '1']]];
  const wasm = join(root, 'scripts', 'bench-wasm.mjs');
  if (!skip.has('node')) j.push(['wasm-node', ['node', wasm, '--rounds', '1']]);
  if (!skip.has('chromium')) j.push(['wasm-chromium', ['node', wasm, '--browser', '--rounds', '1']]);
  const des = join(peers, 'desbench', 'target', 'release', 'desbench');
  if (!skip.has('rust') && existsSync(des)) {
    for (const m of ['m1', 'm2-pool', 'm2-virtual']) j.push(['rust', [des, m, '1', `seed=${seed}`]]);
  }
  const py = join(peers, 'venv', 'bin', 'python');
  if (!skip.has('simpy') && existsSync(py)) {
    for (const m of ['m1', 'm2-pool', 'm2-virtual']) {
      j.push(['simpy', [py, join(peers, 'simpy_models.py'), m, '--reps', '1', '--seed', String(seed)]]);
    }
  }
  if (!skip.has('ciw') && existsSync(py)) {
    j.push(['ciw', [py, join(peers, 'ciw_m1.py'), '--reps', '1', '--seed', String(seed)]]);
  }
  return j;
}

const norm = (impl) => impl.replace(/^threadlab-/, '').replace(/^rust-native$/, 'rust')
  .replace(/^simpy.*/, 'simpy').replace(/^ciw.*/, 'ciw');
// walls[round][impl/model] = wall s; info[impl/model] = {events, reqs}
const walls = [];
const info = {};
for (let r = 0; r < rounds; r++) {
  walls.push({});
  for (const [label, cmd] of jobs(r)) {
    const t = Date.now();
    const p = spawnSync(cmd[0], cmd.slice(1), { encoding: 'utf8', maxBuffer: 1 << 26 });
    for (const line of (p.stdout || '').split('\n')) {
      let m = line.match(/^RUN impl=(\S+) model=(\S+) rep=\d+ wall_s=(\S+) events_per_s=(\S+) reqs_per_s=(\S+)/);
      if (m) {
        const key = `${norm(m[1])}/${m[2]}`;
        const w = Number(m[3]);
        walls[r][key] = w;
        info[key] = { events: Number(m[4]) * w, reqs: Number(m[5]) * w };
        console.log(`round=${r + 1} ${line}`);
      }
    }
    if (p.status !== 0) console.error(`round ${r + 1} ${label} failed (${p.status}): ${(p.stderr || '').slice(-400)}`);
    console.error(`round ${r + 1} ${label} ${cmd.slice(1, 3).join(' ')} ${((Date.now() - t) / 1e3).toFixed(1)} s`);
  }
}

const med = (key) => median(walls.map((w) => w[key]));
// median over rounds of (wall of a / wall of b), both from the same round
const ratio = (a, b) => median(walls.map((w) => w[a] / w[b]));
const f = (x, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : '—');
// a ratio: "1.23×", or "—" when a side is missing
const fx = (x, d = 2) => (Number.isFinite(x) ? `${x.toFixed(d)}×` : '—');
const M = (x) => (Number.isFinite(x) ? (x / 1e6).toFixed(2) + ' M' : '—');

const out = [];
out.push(`rounds: ${rounds}; medians over rounds; each ratio is taken within a round, then its median is shown`);
out.push('');
out.push('| workload | threadlab native wall s | events/s | simulated req/s | wasm Node / native | wasm Chromium / native | Chromium, first run in the page / native |');
out.push('|---|---|---|---|---|---|---|');
for (const w of WORKLOADS) {
  const k = `native/${w}`;
  const m = med(k);
  const i = info[k] || {};
  out.push(`| ${w} | ${f(m, 4)} | ${M(i.events / m)} | ${M(i.reqs / m)} | ` +
    `${fx(ratio(`wasm-node/${w}`, k))} | ${fx(ratio(`wasm-chromium/${w}`, k))} | ` +
    `${fx(ratio(`wasm-chromium-cold/${w}`, k))} |`);
}
out.push('');
out.push('| model | threadlab wall s | hand-written Rust wall s | threadlab / Rust (wall) | threadlab / Rust (per simulated request) | SimPy wall s | SimPy / threadlab | Ciw wall s | Ciw / threadlab |');
out.push('|---|---|---|---|---|---|---|---|---|');
for (const w of ['m1', 'm2', 'm2-fifo', 'm2-virtual']) {
  const k = `native/${w}`;
  const p = PEER[w];
  const rk = `rust/${p}`;
  const sk = `simpy/${p}`;
  const ck = `ciw/${p}`;
  const perReq = median(walls.map((x) => (x[k] / (info[k]?.reqs || NaN)) / (x[rk] / (info[rk]?.reqs || NaN))));
  out.push(`| ${w} (peer ${p}) | ${f(med(k), 4)} | ${f(med(rk), 4)} | ${fx(ratio(k, rk))} | ${fx(perReq)} | ` +
    `${f(med(sk), 2)} | ${fx(ratio(sk, k), 0)} | ${f(med(ck), 2)} | ${fx(ratio(ck, k), 0)} |`);
}
console.log('\n' + out.join('\n'));

// The targets: each figure beside its goal.
const des = join(peers, 'desbench', 'target', 'release', 'desbench');
const figures = {};
const skipped = {};
const worst = (prefix) => Math.max(...WORKLOADS.map((w) => ratio(`${prefix}/${w}`, `native/${w}`)));
if (skip.has('chromium')) {
  skipped.wasmWarm = skipped.wasmFirst = 'skipped (--skip chromium)';
} else {
  figures.wasmWarm = worst('wasm-chromium');
  figures.wasmFirst = worst('wasm-chromium-cold');
}
const cpuSkip = skip.has('cpu') ? 'skipped (--skip cpu)' : !existsSync(des) ? `no hand-written loop at ${des}` : null;
if (cpuSkip) {
  skipped.engineM1 = skipped.engineM2 = skipped.engineM2Virtual = cpuSkip;
} else {
  Object.assign(figures, pairedCpu(native, des, rounds));
}
if (skip.has('memory')) skipped.memory = 'skipped (--skip memory)';
else figures.memory = memory(native);
const hasValgrind = spawnSync('valgrind', ['--version']).status === 0;
if (skip.has('instructions') || !hasValgrind) {
  skipped.instructions = hasValgrind ? 'skipped (--skip instructions)' : 'valgrind not installed';
} else {
  figures.instructions = instructions(root, native, args.includes('--save-instructions'));
  if (!Number.isFinite(figures.instructions)) skipped.instructions = 'no baseline yet (--save-instructions records one)';
}
const pageKeys = ['poolSweep', 'charts', 'sweep', 'chartsSlow', 'sweepSlow', 'longTasks'];
let poolLine = '';
if (skip.has('page') || !existsSync(join(root, 'dist', 'index.html'))) {
  for (const k of pageKeys) skipped[k] = skip.has('page') ? 'skipped (--skip page)' : 'no dist/ (scripts/bench.sh builds it)';
} else {
  const p = page(root, Number(opt('--moves', 5)));
  for (const k of pageKeys) figures[k] = p[k];
  poolLine = p.poolLine;
}
const commit = spawnSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
console.log(`\nTargets at ${commit}, ${new Date().toISOString().slice(0, 16)} UTC, load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}:\n`);
console.log(targetTable(figures, skipped).join('\n'));
if (poolLine) console.log(`\nThe pool: ${poolLine}.`);

