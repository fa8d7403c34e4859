#!/usr/bin/env node
// Measures the playground in Debian's headless Chromium: after a slider move,
// how long until the current scenario's charts are redrawn from the new run,
// how long until the sweep curves are complete, how long until the
// replications' panel is, and the longest main-thread task meanwhile
// (PerformanceObserver, type "longtask").
//
//   trunk build --release && node scripts/bench-playground.mjs [--moves 7] [--cpu 4] [--cores N] [--dist DIR]
//
// --cpu N slows the page's CPU N× through the DevTools protocol (a phone).
// --cores N makes the page see N logical cores (navigator.hardwareConcurrency),
// so it starts N − 1 simulation workers (src/app/worker/pool.rs): the same
// plan with 1, 2, 4 workers on one machine. Without it the page sees the
// machine's own count.
//
// Serves DIR (default dist/) itself on 127.0.0.1. Prints one line per slider
// move and the medians.
import path from 'node:path';
import { serveDist, launchChromium, median, benchCommandLine } from './serve-dist.mjs';

const { opt, dist } = benchCommandLine();
const moves = Number(opt('--moves', 7));
const cpu = Number(opt('--cpu', 1));
const cores = opt('--cores', null);
const server = await serveDist(dist);
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  if (cpu > 1) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  }
  if (cores !== null) {
    await page.addInitScript((n) => {
      Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n });
    }, Number(cores));
  }
  // Long tasks and chart redraws, recorded from the start.
  await page.addInitScript(() => {
    window.__long = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) window.__long.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
    window.__draws = [];
    new MutationObserver((ms) => {
      const t = performance.now();
      for (const m of ms) {
        const el = m.target;
        if (m.attributeName === 'data-draws') window.__draws.push([t, el.id]);
        if (m.attributeName === 'class' && el.id === 'progress') window.__draws.push([t, el.classList.contains('done') ? 'done' : 'busy']);
        if (m.attributeName === 'aria-busy' && el.matches('section.replicas') && el.getAttribute('aria-busy') === 'false') window.__draws.push([t, 'replicas']);
      }
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-draws', 'class', 'aria-busy'] });
  });
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  const settled = () => page.waitForFunction(() => {
    const cs = [...document.querySelectorAll('canvas')];
    return cs.length >= 8 && cs.every((c) => Number(c.dataset.draws || 0) > 0)
      && document.querySelector('#progress.done') !== null
      && document.querySelector('section.replicas[aria-busy="false"]') !== null;
  }, null, { timeout: 120000 });
  await settled();
  const load = await page.evaluate(() => ({ t: performance.now(), long: window.__long.slice() }));
  console.log(`page load to settled: ${load.t.toFixed(0)} ms; long tasks meanwhile: ${load.long.length}` +
    (load.long.length ? `, longest ${Math.max(...load.long.map((x) => x[1])).toFixed(0)} ms` : ''));

  const slider = page.locator('#slider-server-threads_max');
  const rows = [];
  for (let i = 0; i < moves; i++) {
    await slider.focus();
    const t0 = await page.evaluate(() => {
      window.__draws = [];
      window.__t0 = null;
      document.querySelector('#slider-server-threads_max').addEventListener('input', () => {
        window.__t0 ??= performance.now();
      }, { once: true, capture: true });
      return performance.now();
    });
    await page.keyboard.press(i % 2 ? 'ArrowLeft' : 'ArrowRight');
    // Wait until a new job has started and finished.
    await page.waitForFunction(() => window.__draws.some((d) => d[1] === 'busy'), null, { timeout: 30000 })
      .catch(() => {});
    await settled();
    const r = await page.evaluate((t0) => {
      const start = window.__t0 ?? t0;
      const after = window.__draws.filter((d) => d[0] >= start);
      const last = (id) => Math.max(...after.filter((d) => d[1] === id).map((d) => d[0])) - start;
      const first = (id) => Math.min(...after.filter((d) => d[1] === id).map((d) => d[0])) - start;
      const done = after.filter((d) => d[1] === 'done').map((d) => d[0]);
      const long = window.__long.filter((e) => e[0] + e[1] >= start);
      return {
        // the single runs' own charts: over time and the two timelines
        single: Math.max(last('chart-timeline-platform'), last('chart-timeline-virtual'), first('chart-throughput-time')),
        // the first chart redrawn (the platform run's over-time charts)
        firstChart: Math.min(...after.filter((d) => d[1].startsWith('chart-')).map((d) => d[0])) - start,
        sweepDone: done.length ? Math.max(...done) - start : NaN,
        replicasDone: Math.max(...after.filter((d) => d[1] === 'replicas').map((d) => d[0])) - start,
        longest: long.length ? Math.max(...long.map((e) => e[1])) : 0,
        longCount: long.length,
        value: document.querySelector('#f-server-threads_max').value,
      };
    }, t0);
    rows.push(r);
    console.log(`move ${i + 1} (threads.max=${r.value}): first chart ${r.firstChart.toFixed(0)} ms, ` +
      `charts of both runs ${r.single.toFixed(0)} ms, sweep complete ${r.sweepDone.toFixed(0)} ms, ` +
      `replications complete ${r.replicasDone.toFixed(0)} ms, ` +
      `long tasks ${r.longCount}, longest ${r.longest.toFixed(0)} ms`);
  }
  const m = (k) => median(rows.map((r) => r[k]));
  const pool = page.workers().filter((w) => w.url().endsWith('/worker-loader.js')).length;
  console.log(`RESULT playground cpu=${cpu}x workers=${pool} moves=${rows.length} single_ms=${m('single').toFixed(0)} ` +
    `first_chart_ms=${m('firstChart').toFixed(0)} sweep_done_ms=${m('sweepDone').toFixed(0)} ` +
    `replicas_done_ms=${m('replicasDone').toFixed(0)} ` +
    `longest_task_ms=${Math.max(...rows.map((r) => r.longest)).toFixed(0)} ` +
    `long_tasks_over_50ms=${rows.reduce((a, r) => a + r.longCount, 0)}`);
} finally {
  await browser.close();
  server.close();
}
