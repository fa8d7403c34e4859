// The speed targets (issue 24) and how each is measured; scripts/bench.mjs
// ends with their table: each target's figure beside its goal.
//
// The goals live here and only here: BENCHMARKS.md quotes this table.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';

// A ratio target is met at or below its goal; `min` targets at or above it.
export const GOALS = {
  engineM1: { goal: 1.0, unit: '×', what: 'engine CPU time / hand-written loop, M1 (median of paired runs)' },
  engineM2: { goal: 1.0, unit: '×', what: 'the same, M2 per simulated request' },
  engineM2Virtual: { goal: 1.0, unit: '×', what: 'the same, M2-virtual per simulated request' },
  instructions: { goal: 3, unit: ' %', what: 'instructions against the recorded baseline (each new mechanism, unused)' },
  wasmWarm: { goal: 1.15, unit: '×', what: 'WebAssembly in Chromium / native, warm (worst workload)' },
  wasmFirst: { goal: 1.3, unit: '×', what: "WebAssembly in Chromium / native, a fresh page's first run (worst workload)" },
  memory: { goal: 32, unit: ' MiB', what: 'peak memory, 10⁷ requests at 10⁴ concurrency (natively)' },
  poolSweep: { goal: 1.6, unit: '×', min: true, what: 'default sweep, 1 worker / 2 workers (time to complete)' },
  charts: { goal: 100, unit: ' ms', what: 'slider → every chart of both modes, 5 replications, CPU 1×' },
  sweep: { goal: 1000, unit: ' ms', what: 'slider → sweep complete, CPU 1×' },
  chartsSlow: { goal: 300, unit: ' ms', what: 'slider → every chart of both modes, CPU 4×' },
  sweepSlow: { goal: 3000, unit: ' ms', what: 'slider → sweep complete, CPU 4×' },
  longTasks: { goal: 0, unit: '', what: 'main-thread tasks over 50 ms after the moves (CPU 1×)' },
};

// The peers' names of the models the engine is held to.
export const PAIRED = [['m1', 'm1', 'engineM1'], ['m2', 'm2-pool', 'engineM2'], ['m2-virtual', 'm2-virtual', 'engineM2Virtual']];

// The median of the finite values (a missing side of a ratio is NaN).
export const median = (a) => {
  const s = a.filter((x) => Number.isFinite(x)).sort((x, y) => x - y);
  const n = s.length;
  if (!n) return NaN;
  return n % 2 ? s[(n - 1) / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
};

// Runs a command and returns its stdout with the CPU seconds (user + system)
// it and its children used, from bash's `times` (no extra tool needed).
function withCpu(cmd) {
  const p = spawnSync('bash', ['-c', '"$@"; s=$?; times; exit $s', 'bench', ...cmd],
    { encoding: 'utf8', maxBuffer: 1 << 26 });
  const lines = (p.stdout || '').trimEnd().split('\n');
  const m = (lines.at(-1) || '').match(/^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/);
  const cpu = m ? 60 * Number(m[1]) + Number(m[2]) + 60 * Number(m[3]) + Number(m[4]) : NaN;
  if (p.status !== 0) console.error(`${cmd.join(' ')} failed (${p.status}): ${(p.stderr || '').slice(-400)}`);
  return { out: lines.slice(0, -2).join('\n'), cpu };
}

const requests = (out) => {
  const m = out.match(/^RUN .* wall_s=(\S+) events_per_s=\S+ reqs_per_s=(\S+)/m);
  return m ? Number(m[1]) * Number(m[2]) : NaN;
};

// CPU time of whole processes, threadlab against the hand-written loop, in
// pairs whose order alternates; per model the median over pairs of the ratio
// per simulated request (M1 simulates the same requests on both sides).
export function pairedCpu(native, des, pairs) {
  const ratios = {};
  for (const [model, peer, key] of PAIRED) {
    ratios[key] = [];
    for (let i = 0; i < pairs; i++) {
      const ours = () => withCpu([native, 'bench', '--only', model, '--rounds', '1']);
      const theirs = () => withCpu([des, peer, '1', `seed=${42 + i}`]);
      let a;
      let b;
      if (i % 2) {
        b = theirs();
        a = ours();
      } else {
        a = ours();
        b = theirs();
      }
      const r = (a.cpu / requests(a.out)) / (b.cpu / requests(b.out));
      console.log(`PAIR model=${model} pair=${i + 1} threadlab_cpu_s=${a.cpu.toFixed(3)} loop_cpu_s=${b.cpu.toFixed(3)} ` +
        `threadlab_reqs=${requests(a.out).toFixed(0)} loop_reqs=${requests(b.out).toFixed(0)} ratio=${r.toFixed(3)}`);
      ratios[key].push(r);
    }
  }
  return Object.fromEntries(Object.entries(ratios).map(([k, v]) => [k, median(v)]));
}

// Peak memory of the 10⁷-request run, as the process itself reports it.
export function memory(native) {
  const p = spawnSync(native, ['bench', '--only', 'mem-1e7', '--rounds', '1'], { encoding: 'utf8' });
  const m = (p.stdout || '').match(/^PEAK_RSS_MB (\S+)/m);
  // VmHWM's KiB / 1024: MiB, as the goal.
  return m ? Number(m[1]) : NaN;
}

// Instructions per workload by callgrind (stable on a noisy machine), against
// the baseline recorded in bench/instructions.json (`--save-instructions`
// records the current build as the new baseline).
export function instructions(root, native, save) {
  const file = join(root, 'bench', 'instructions.json');
  const base = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  const now = {};
  for (const model of ['m1', 'm2', 'm2-virtual']) {
    const p = spawnSync('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null', native,
      'bench', '--only', model, '--rounds', '1'], { encoding: 'utf8', maxBuffer: 1 << 26 });
    const m = (p.stderr || '').match(/Collected : (\d+)/);
    now[model] = m ? Number(m[1]) : NaN;
    const was = base?.instructions?.[model];
    console.log(`INSTRUCTIONS model=${model} ir=${now[model]} baseline=${was ?? '—'}` +
      (was ? ` change_pct=${(100 * (now[model] / was - 1)).toFixed(2)}` : ''));
  }
  if (save) {
    const commit = spawnSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
    writeFileSync(file, JSON.stringify({ commit, date: new Date().toISOString().slice(0, 10), instructions: now }, null, 2) + '\n');
    console.log(`recorded ${file} at ${commit}`);
  }
  if (!base) return save ? 0 : NaN;
  return Math.max(...Object.keys(now).map((k) => 100 * (now[k] / base.instructions[k] - 1)));
}

// The playground in Chromium (scripts/bench-playground.mjs on dist/): the
// pool's scaling and the interactive budget at CPU 1× and 4×.
export function page(root, moves) {
  const run = (...args) => {
    const p = spawnSync('node', [join(root, 'scripts', 'bench-playground.mjs'), '--moves', String(moves), ...args],
      { encoding: 'utf8', maxBuffer: 1 << 26 });
    process.stdout.write(p.stdout || '');
    if (p.status !== 0) console.error(`bench-playground ${args.join(' ')} failed: ${(p.stderr || '').slice(-400)}`);
    const m = (p.stdout || '').match(/^RESULT playground .*$/m);
    const kv = Object.fromEntries((m ? m[0] : '').split(' ').map((w) => w.split('=')).filter((x) => x.length === 2));
    return Object.fromEntries(Object.entries(kv).map(([k, v]) => [k, Number(v.replace(/x$/, ''))]));
  };
  // N logical cores → N − 1 workers (src/app/worker/pool.rs).
  const workers = [1, 2, 4].filter((n) => n <= 2 || n <= cpus().length);
  const by = Object.fromEntries(workers.map((n) => [n, run('--cores', String(n + 1))]));
  // The budget as this machine's reader meets it: its own worker count.
  const own = by[Math.max(1, cpus().length - 1)] || run();
  const slow = run('--cpu', '4');
  return {
    poolSweep: by[1].sweep_done_ms / by[2].sweep_done_ms,
    poolLine: workers.map((n) => `${n} worker${n > 1 ? 's' : ''}: sweep ${by[n].sweep_done_ms} ms, ` +
      `replications ${by[n].replicas_done_ms} ms`).join('; '),
    charts: own.single_ms,
    sweep: own.sweep_done_ms,
    longTasks: own.long_tasks_over_50ms,
    chartsSlow: slow.single_ms,
    sweepSlow: slow.sweep_done_ms,
  };
}

// One row per target: what, goal, figure, verdict. A figure that was not
// measured says why instead of a verdict.
export function targetTable(figures, skipped) {
  const fmt = (x, unit) => (unit === '×' ? `${x.toFixed(2)}×` : `${Number(x.toFixed(unit === ' ms' ? 0 : 1))}${unit}`);
  const out = ['| target | goal | figure | verdict |', '|---|---|---|---|'];
  for (const [key, g] of Object.entries(GOALS)) {
    const x = figures[key];
    const goal = `${g.min ? '≥' : '≤'} ${fmt(g.goal, g.unit)}`;
    if (!Number.isFinite(x)) {
      out.push(`| ${g.what} | ${goal} | — | not measured${skipped[key] ? `: ${skipped[key]}` : ''} |`);
      continue;
    }
    const met = g.min ? x >= g.goal : x <= g.goal;
    out.push(`| ${g.what} | ${goal} | ${fmt(x, g.unit)} | ${met ? 'met' : '**missed**'} |`);
  }
  return out;
}
