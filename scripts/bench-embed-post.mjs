#!/usr/bin/env node
// Measures a blog post with three threadlab embeds as the Embed dialog now
// writes them (facades: static HTML until Run), as a reader on a phone
// gets it: Debian's headless Chromium with the CPU 4× slower and DevTools'
// "Fast 3G" (562.5 ms per request, 1.44 Mbit/s down: Lighthouse's mobile
// profile, as request-level throttling models it), the build served
// compressed as a static host serves it (gzip level 6; --br for brotli),
// with the browser's cache off (a host without cache validators).
// Prints, per load: the bytes of threadlab's files before any interaction
// (all three facades shown with their figures), then, after Run on the
// first: when its app was up (its summary cards' place in the page),
// when its charts were drawn, and the bytes in all; then the medians.
// The post's own HTML is not counted: it is the blog's.
//
//   trunk build --release && node scripts/bench-embed-post.mjs [--loads 5] [--br] [--cpu 4] [--no-network]
import path from 'node:path';
import { launchChromium, throttle, median, phoneBench } from './serve-dist.mjs';

const { loads, cpu, compress, network, server } = await phoneBench();
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await launchChromium();

// Three embeds: a preset with both columns, a dark one, a lesson's chapter.
const facade = (id, src, facts, theme, title) => `
<div class="threadlab-facade" id="${id}" data-threadlab-facade data-src="${src}" data-title="threadlab: ${title}"
  data-run="▶ Run the simulation" data-theme="${theme}"${facts ? ` data-facts="${facts}"` : ''} lang="en">
<p class="threadlab-facade-brand">threadlab</p><p class="threadlab-facade-title">${title}</p>
${facts ? '<dl class="threadlab-facade-figures" hidden><div data-mode="platform"><dt>Platform threads</dt><dd><span data-figure="goodput"></span> successful requests/s</dd><dd>p99 <span data-figure="p99"></span></dd></div><div data-mode="virtual"><dt>Virtual threads</dt><dd><span data-figure="goodput"></span> successful requests/s</dd><dd>p99 <span data-figure="p99"></span></dd></div></dl>' : ''}
<p class="threadlab-facade-note">Nothing is loaded until you press Run.</p>
<p class="threadlab-facade-open"><a href="./">Open in the playground</a></p></div>`;
const post = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>a post</title></head><body><article>
<h1>A post with three embeds</h1>
${facade('a', './?preset=e2-platform&amp;embed=1&amp;charts=sweep-throughput,throughput-time&amp;v=1', 'e2-platform', 'light', 'E2')}
<p>Text between the embeds.</p>
${facade('b', './?preset=pinning-jdk21&amp;theme=dark&amp;embed=1&amp;v=1', 'pinning-jdk21', 'dark', 'Pinning')}
<p>More text.</p>
${facade('c', './?embed=1&amp;lesson=virtual-threads&amp;chapter=4&amp;v=1', null, 'match', 'Chapter 4')}
</article><script src="embed-host.js"></script></body></html>`;

async function once() {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width: 760, height: 900 });
  await page.route(`${base}bench-post.html`, (r) => r.fulfill({ contentType: 'text/html', body: post }));
  await throttle(context, page, { cpu, network });
  server.served.length = 0;
  const sent = () => server.served.reduce((a, f) => a + f.bytes, 0);
  await page.goto(`${base}bench-post.html`, { waitUntil: 'load' });
  await page.waitForSelector('#a .threadlab-facade-figures:not([hidden])', { timeout: 120000 });
  await page.waitForSelector('#b .threadlab-facade-figures:not([hidden])', { timeout: 120000 });
  await page.waitForTimeout(1000);
  const before = sent();
  const beforeFiles = server.served.map((f) => `${path.basename(f.path)} ${(f.bytes / 1000).toFixed(1)}`).join(', ');
  const wasmBefore = server.served.filter((f) => f.path.endsWith('.wasm')).length;
  const clicked = await page.evaluate(() => performance.now());
  await page.click('#a .threadlab-facade-run');
  const frame = await (await page.waitForSelector('iframe#a')).contentFrame();
  await frame.waitForSelector('#embed .summary', { timeout: 300000 });
  const up = await page.evaluate(() => performance.now());
  await frame.waitForFunction(() => {
    const cs = [...document.querySelectorAll('canvas')];
    return cs.length >= 2 && cs.every((c) => Number(c.dataset.draws || 0) > 0) && document.querySelector('#progress.done');
  }, null, { timeout: 300000 });
  const drawn = await page.evaluate(() => performance.now());
  await page.waitForTimeout(300);
  const after = sent();
  const afterFiles = server.served.slice(beforeFiles.split(', ').length).map((f) => `${path.basename(f.path)} ${(f.bytes / 1000).toFixed(1)}`).join(', ');
  await context.close();
  return { before: before / 1000, after: after / 1000, wasmBefore, upMs: up - clicked, drawnMs: drawn - clicked, beforeFiles, afterFiles };
}

try {
  const rows = [];
  for (let i = 0; i < loads; i++) {
    const r = await once();
    rows.push(r);
    console.log(`load ${i + 1}: ${r.before.toFixed(1)} kB before interaction (${r.wasmBefore} WebAssembly files), ` +
      `Run → app up ${r.upMs.toFixed(0)} ms, → charts ${r.drawnMs.toFixed(0)} ms, ${r.after.toFixed(1)} kB in all after Run`);
    if (i === 0) console.log(`  before (kB as sent): ${r.beforeFiles}\n  after Run: ${r.afterFiles}`);
  }
  const m = (k) => median(rows.map((r) => r[k]));
  console.log(`RESULT embed-post embeds=3 cpu=${cpu}x network=${network ? 'fast-3g' : 'none'} compression=${compress} loads=${rows.length} ` +
    `before_interaction_kb=${m('before').toFixed(1)} (goal <= 30) after_run_kb=${m('after').toFixed(1)} (goal <= 400) ` +
    `run_to_app_ms=${m('upMs').toFixed(0)} (goal <= 2500) run_to_charts_ms=${m('drawnMs').toFixed(0)}`);
} finally {
  await browser.close();
  server.close();
}
