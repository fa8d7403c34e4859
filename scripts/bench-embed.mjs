#!/usr/bin/env node
// Measures an embed as a blog reader on a phone gets it, in Debian's
// headless Chromium throttled through the DevTools protocol: the CPU 4×
// slower and DevTools' "Fast 3G" network (562.5 ms per request, 1.44 Mbit/s
// down, 675 kbit/s up: Lighthouse's mobile profile, 150 ms RTT at
// 1.6 Mbit/s, as request-level throttling models it), with the build served
// compressed as a static host serves it (gzip level 6 by default; --br for
// brotli). Prints, per load: when the static summary was in the page and
// first painted, when the app was up (its charts' canvases) after Run was
// pressed on the static summary (an embed loads its module only then), the
// bytes transferred (compressed) before and after Run, and the longest
// main-thread task; then the medians.
//
//   trunk build --release && node scripts/bench-embed.mjs [--loads 5] [--br] [--cpu 4] [--no-network] [--dist DIR]
//
// For a build without embeds (the "before" figures): --query '' --ready '#preset'
// --no-run measures the full page's load until the app has rendered.
import path from 'node:path';
import { launchChromium, throttle, median, phoneBench } from './serve-dist.mjs';

const { args, opt, loads, cpu, compress, network, server } = await phoneBench();
const ready = opt('--ready', 'canvas');
const run = !args.includes('--no-run');
const query = opt('--query', 'preset=e2-platform&embed=1&controls=server.threads_max&charts=sweep-throughput,throughput-time&v=1');
const url = `http://127.0.0.1:${server.address().port}/${query ? `?${query}` : ''}`;
const browser = await launchChromium();

async function once() {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width: 760, height: 900 });
  const cdp = await throttle(context, page, { cpu, network });
  const encodings = new Set();
  cdp.on('Network.responseReceived', (e) => encodings.add(e.response.headers['content-encoding'] || e.response.headers['Content-Encoding'] || 'none'));
  // Bytes as the server sent them (compressed): the worker's requests too.
  server.served.length = 0;
  const sent = () => server.served.reduce((a, f) => a + f.bytes, 0);
  await page.addInitScript(() => {
    window.__t = {};
    window.__long = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) window.__long.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') window.__t.fcp = e.startTime;
    }).observe({ type: 'paint', buffered: true });
    new MutationObserver(() => {
      const now = performance.now();
      if (!window.__t.summary && document.querySelector('.embed-static')) window.__t.summary = now;
      if (!window.__t.app && document.querySelector(window.__ready)) window.__t.app = now;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.addInitScript((r) => { window.__ready = r; }, ready);
  await page.goto(url, { waitUntil: 'commit' });
  // An embed loads its module only on Run (since the facades): Run is
  // pressed on the static summary, which the boot script keeps until the
  // app has arrived and then runs.
  let before = 0;
  let files = [];
  let clicked = null;
  if (run) {
    await page.waitForSelector('#embed-run-early', { timeout: 120000 });
    before = sent();
    files = server.served.map((f) => `${path.basename(f.path)} ${(f.bytes / 1000).toFixed(1)}`);
    clicked = await page.evaluate(() => performance.now());
    await page.click('#embed-run-early');
  }
  await page.waitForSelector(ready, { timeout: 120000 });
  const t = await page.evaluate(() => ({ ...window.__t, long: window.__long.slice() }));
  if (!run) {
    before = sent();
    files = server.served.map((f) => `${path.basename(f.path)} ${(f.bytes / 1000).toFixed(1)}`);
    clicked = await page.evaluate(() => performance.now());
  }
  await page.waitForFunction(() => {
    const cs = [...document.querySelectorAll('canvas')];
    return cs.length >= 2 && cs.every((c) => Number(c.dataset.draws || 0) > 0) && document.querySelector('#progress.done');
  }, null, { timeout: 300000 });
  const ran = await page.evaluate((c) => ({ done: performance.now() - c, long: window.__long.filter((e) => e[0] > c) }), clicked);
  await page.waitForTimeout(300);
  const after = sent();
  const workerFiles = server.served.slice(files.length).map((f) => `${path.basename(f.path)} ${(f.bytes / 1000).toFixed(1)}`);
  await context.close();
  return {
    summary: t.summary, fcp: t.fcp, app: t.app, kb: before / 1000, kbAll: after / 1000,
    longest: Math.max(0, ...t.long.map((e) => e[1])), longestAfterRun: Math.max(0, ...ran.long.map((e) => e[1])), runMs: ran.done, encodings: [...encodings].join('/'),
    files: files.join(', '), workerFiles: workerFiles.join(', '),
  };
}

try {
  const rows = [];
  for (let i = 0; i < loads; i++) {
    const r = await once();
    rows.push(r);
    console.log(`load ${i + 1}: summary in the page ${r.summary?.toFixed(0) ?? 'n/a'} ms, first paint ${r.fcp?.toFixed(0)} ms, ` +
      `interactive ${r.app.toFixed(0)} ms, ${r.kb.toFixed(1)} kB before Run, ${r.kbAll.toFixed(1)} kB with the worker ` +
      `(${r.encodings}), longest task while loading ${r.longest.toFixed(0)} ms; Run → charts ${r.runMs.toFixed(0)} ms, ` +
      `longest task after Run ${r.longestAfterRun.toFixed(0)} ms`);
    if (i === 0) console.log(`  files (kB as sent): ${r.files}; after Run: ${r.workerFiles}`);
  }
  // Medians in whole ms ("n/a" where a page has no such moment: the full
  // page has no static summary).
  const m = (k) => {
    const v = rows.map((r) => r[k]).filter(Number.isFinite);
    return v.length ? median(v).toFixed(0) : 'n/a';
  };
  console.log(`RESULT embed cpu=${cpu}x network=${network ? 'fast-3g' : 'none'} compression=${compress} loads=${rows.length} ` +
    `summary_ms=${m('summary')} first_paint_ms=${m('fcp')} interactive_ms=${m('app')} ` +
    `transfer_kb=${median(rows.map((r) => r.kb)).toFixed(1)} transfer_with_worker_kb=${median(rows.map((r) => r.kbAll)).toFixed(1)} run_to_charts_ms=${m('runMs')} ` +
    `longest_load_task_ms=${Math.max(...rows.map((r) => r.longest)).toFixed(0)} longest_task_after_run_ms=${Math.max(...rows.map((r) => r.longestAfterRun)).toFixed(0)}`);
} finally {
  await browser.close();
  server.close();
}
