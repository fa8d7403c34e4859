// Traces the playground's page load in Debian's headless Chromium and prints
// every main-thread task over 40 ms with what filled it (the trace events
// inside it, by total duration): script, compile, style, layout, canvas.
// A diagnostic, not a test.
//
//   trunk build --release && node scripts/profile-load.mjs [--dist DIR]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveDist, launchChromium } from './serve-dist.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const i = args.indexOf('--dist');
const dist = path.resolve(i >= 0 ? args[i + 1] : path.join(root, 'dist'));
const server = await serveDist(dist);
const browser = await launchChromium();
const tracePath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'threadlab-trace-')), 'trace.json');
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await browser.startTracing(page, { path: tracePath, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink'] });
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => document.querySelector('#progress.done') !== null, null, { timeout: 120000 });
  await page.waitForTimeout(300);
  await browser.stopTracing();
} finally {
  await browser.close();
  server.close();
}

const trace = JSON.parse(fs.readFileSync(tracePath, 'utf8'));
const events = trace.traceEvents ?? trace;
// The page's renderer main thread: of the threads named so, the busiest.
const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args.name === 'CrRendererMain');
const onThread = (m) => events.filter((e) => e.ph === 'X' && e.pid === m.pid && e.tid === m.tid);
const onMain = mains.map(onThread).sort((a, b) => b.length - a.length)[0] ?? [];
const all = onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')
  .sort((a, b) => b.dur - a.dur);
const tasks = all.filter((e) => e.dur > 40000);
console.log(`main-thread tasks over 40 ms while the page loads (traced, so slower than untraced): ${tasks.length}` +
  `; the longest: ${all.slice(0, 5).map((e) => (e.dur / 1000).toFixed(1)).join(', ')} ms`);
for (const t of tasks) {
  const inside = new Map();
  for (const e of onMain) {
    if (e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur) inside.set(e.name, (inside.get(e.name) ?? 0) + (e.dur ?? 0));
  }
  console.log(`task of ${(t.dur / 1000).toFixed(1)} ms:`);
  for (const [name, us] of [...inside].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
    console.log(`  ${(us / 1000).toFixed(1).padStart(7)} ms  ${name}`);
  }
}
fs.rmSync(path.dirname(tracePath), { recursive: true, force: true });
