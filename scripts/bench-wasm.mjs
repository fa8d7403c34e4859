#!/usr/bin/env node
// Runs threadlab's benchmark workloads as WebAssembly, in chunks, in Node or
// in headless Chromium, and prints `RUN`/`RESULT` lines like `threadlab bench`.
//
//   node scripts/bench-wasm.mjs [--browser] [--rounds N] [--chunk EVENTS] [--only a,b]
//
// Build first (scripts/bench.sh does it):
//   (cd bench/wasm && CARGO_TARGET_DIR=../../target-bench cargo build --release --target wasm32-unknown-unknown)
//   wasm-bindgen --target web --out-dir target-bench/wasm-pkg \
//     target-bench/wasm32-unknown-unknown/release/threadlab_bench_wasm.wasm
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join, extname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = join(root, 'target-bench', 'wasm-pkg');
const runner = join(root, 'bench', 'wasm', 'runner.js');

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const browser = args.includes('--browser');
const rounds = Number(opt('--rounds', 5));
const chunk = Number(opt('--chunk', 100000));
const only = opt('--only', null)?.split(',') ?? null;

if (!browser) {
  const mod = await import(pathToFileURL(join(pkg, 'threadlab_bench_wasm.js')));
  const wasm = mod.initSync({ module: readFileSync(join(pkg, 'threadlab_bench_wasm_bg.wasm')) });
  const { runBench } = await import(pathToFileURL(runner));
  await runBench(mod, { rounds, chunk, only, impl: 'threadlab-wasm-node' });
  // Linear memory only grows: its size now is the peak of every run above.
  console.log(`WASM_MEMORY_MB ${(wasm.memory.buffer.byteLength / 1048576).toFixed(1)}`);
} else {
  // Serve the package and the runner, open a page in Debian's Chromium, run
  // there (yielding to the event loop between chunks, as the playground would).
  const files = {
    '/index.html': ['text/html', `<!doctype html><meta charset="utf-8"><title>bench</title>
<script type="module">
import init, * as mod from './threadlab_bench_wasm.js';
import { runBench } from './runner.js';
window.benchmark = async (o) => {
  const wasm = await init();
  const lines = [];
  const ch = new MessageChannel();
  const pause = () => new Promise((r) => { ch.port1.onmessage = () => r(); ch.port2.postMessage(0); });
  await runBench(mod, { ...o, impl: 'threadlab-wasm-chromium', pause, log: (l) => lines.push(l) });
  // Linear memory only grows: its size now is the peak of every run above.
  lines.push('WASM_MEMORY_MB ' + (wasm.memory.buffer.byteLength / 1048576).toFixed(1));
  return lines;
};
window.ready = true;
</script>`],
    '/threadlab_bench_wasm.js': ['text/javascript', readFileSync(join(pkg, 'threadlab_bench_wasm.js'))],
    '/threadlab_bench_wasm_bg.wasm': ['application/wasm', readFileSync(join(pkg, 'threadlab_bench_wasm_bg.wasm'))],
    '/runner.js': ['text/javascript', readFileSync(runner)],
  };
  const server = createServer((req, res) => {
    const f = files[req.url.split('?')[0]];
    if (!f) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'content-type': f[0] });
    res.end(f[1]);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const require = createRequire(join(root, 'package.json'));
  const { chromium } = require('playwright-core');
  const b = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--disable-gpu', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-sandbox'],
  });
  try {
    const page = await b.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(`http://127.0.0.1:${server.address().port}/index.html`);
    await page.waitForFunction(() => window.ready === true);
    const lines = await page.evaluate((o) => window.benchmark(o), { rounds, chunk, only });
    for (const l of lines) console.log(l);
  } finally {
    await b.close();
    server.close();
  }
}
