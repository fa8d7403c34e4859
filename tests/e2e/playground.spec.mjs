// End-to-end test of the playground in Debian's headless Chromium, driven by
// playwright-core (no downloaded browser). Serves dist/ itself on 127.0.0.1
// unless a URL is given: `node tests/e2e/playground.spec.mjs [URL]`.
// Saves screenshots to test-artifacts/ and prints "N passed, N failed".
import fs from 'node:fs';
import path from 'node:path';
import { serveDist, launchChromium } from '../../scripts/serve-dist.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const dist = path.join(root, 'dist');
const artifacts = path.join(root, 'test-artifacts');
fs.mkdirSync(artifacts, { recursive: true });

let passed = 0, failed = 0;
async function check(name, fn) {
  try { await fn(); passed++; console.log(`ok   ${name}`); }
  catch (e) { failed++; console.log(`FAIL ${name}: ${e.message.split('\n')[0]}`); }
}
function assert(cond, msg) { if (!cond) throw new Error(msg); }

const server = process.argv[2] ? null : await serveDist(dist);
const base = process.argv[2] || `http://127.0.0.1:${server.address().port}/`;
const browser = await launchChromium();
const problems = [];
const foreign = [];

async function openPage(viewport) {
  const page = await browser.newPage({ viewport });
  page.on('console', (m) => {
    // yew-agent's worker shim calls wasm-bindgen's init with a bare path,
    // which wasm-bindgen 0.2.130 answers with this deprecation warning.
    if (m.type() === 'warning' && m.text().includes('deprecated parameters for the initialization function')) return;
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith(base) && !u.startsWith('data:') && !u.startsWith('blob:')) foreign.push(u);
  });
  await page.goto(base);
  return page;
}

// Waits until every chart canvas has drawn and the job has finished.
async function settle(page, timeout = 60000) {
  await page.waitForFunction(() => {
    const cs = [...document.querySelectorAll('canvas')];
    return cs.length >= 8 && cs.every((c) => Number(c.dataset.draws || 0) > 0)
      && document.querySelector('#progress.done') !== null;
  }, null, { timeout });
}
const hash = (page, id) => page.$eval(`#${id}`, (c) => c.toDataURL());
const nonBlank = (page, id) => page.$eval(`#${id}`, (c) => {
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let coloured = 0;
  for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i] - d[i + 2]) > 60) coloured++;
  return coloured;
});

try {
  const page = await openPage({ width: 1280, height: 800 });
  await check('page loads with the default scenario simulated and charted', async () => {
    const t0 = Date.now();
    await settle(page);
    console.log(`     (first job: ${await page.$eval('#progress', (p) => p.textContent)}; page ready after ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    const cards = await page.$$eval('.summary .card', (cs) => cs.map((c) => c.textContent));
    assert(cards.length === 2, `expected 2 cards (platform, virtual), got ${cards.length}`);
    assert(cards.every((t) => /req\/s/.test(t)), 'both cards show a throughput');
    for (const id of ['chart-sweep-throughput', 'chart-sweep-latency', 'chart-throughput-time', 'chart-timeline-platform', 'chart-timeline-virtual']) {
      assert(await nonBlank(page, id) > 50, `${id} has coloured pixels`);
    }
  });
  await check('the bottleneck is named in words', async () => {
    const text = await page.$$eval('.bottleneck', (b) => b.map((x) => x.textContent).join(' '));
    assert(/Tomcat|thread|CPU|cores|pool/i.test(text), `bottleneck text: ${text}`);
  });
  await check('hovering a chart shows values', async () => {
    const chart = page.locator('#chart-sweep-throughput');
    await chart.scrollIntoViewIfNeeded();
    const box = await chart.boundingBox();
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5);
    await page.waitForSelector('.tooltip:not([hidden])', { timeout: 5000 });
    const tip = await page.$eval('.tooltip:not([hidden])', (t) => t.textContent);
    assert(/req\/s/.test(tip), `tooltip: ${tip}`);
  });
  await page.screenshot({ path: path.join(artifacts, 'desktop-1280x800.png'), fullPage: false });
  await page.screenshot({ path: path.join(artifacts, 'desktop-1280x800-full.png'), fullPage: true });

  await check('moving a slider changes the charts', async () => {
    const before = await hash(page, 'chart-throughput-time');
    const sweepBefore = await hash(page, 'chart-sweep-throughput');
    const slider = page.locator('#slider-server-threads_max');
    await slider.focus();
    for (let i = 0; i < 60; i++) await page.keyboard.press('ArrowRight');
    const text = await page.inputValue('#f-server-threads_max');
    assert(text !== '100', `threads.max text changed (${text})`);
    await page.waitForFunction((b) => document.querySelector('#chart-throughput-time').toDataURL() !== b, before, { timeout: 30000 });
    await settle(page);
    assert((await hash(page, 'chart-sweep-throughput')) !== sweepBefore, 'the sweep chart changed');
  });

  await check('a bad value shows a message naming field, value and range, and keeps the input', async () => {
    await page.fill('#f-server-cores', '0');
    await page.waitForSelector('.field.invalid .error');
    const msg = await page.$eval('.field.invalid .error', (e) => e.textContent);
    assert(/server\.cores/.test(msg) && /0/.test(msg) && /1/.test(msg), `message: ${msg}`);
    assert((await page.inputValue('#f-server-cores')) === '0', 'input kept');
    await page.fill('#f-server-cores', '4');
    await page.waitForFunction(() => !document.querySelector('.field.invalid'));
    const program = await page.inputValue('#f-program');
    await page.fill('#f-program', 'cpu:abc,io:50ms');
    await page.waitForSelector('.field.invalid .error');
    const perr = await page.$eval('.field.invalid .error', (e) => e.textContent);
    assert(/program/.test(perr) && /cpu:abc/.test(perr), `program message: ${perr}`);
    assert((await page.inputValue('#f-program')) === 'cpu:abc,io:50ms', 'program input kept');
    await page.fill('#f-program', program);
    await page.waitForFunction(() => !document.querySelector('.field.invalid'));
  });

  await check('a program naming an executor twice shows its fields once (one DOM id each)', async () => {
    const program = await page.inputValue('#f-program');
    await page.fill('#f-program', 'cpu:0.1ms,async(a){io:1ms},async(b){io:1ms},async(a){io:2ms}');
    await page.waitForSelector('#f-async-b-core');
    const dup = await page.evaluate(() => {
      const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
      return ids.filter((id, i) => ids.indexOf(id) !== i);
    });
    assert(dup.length === 0, `duplicate ids: ${dup.join(' ')}`);
    await page.fill('#f-program', program);
    await page.waitForFunction(() => !document.querySelector('#f-async-a-core'));
  });

  await check('a run that reaches its event budget says "stopped at budget"', async () => {
    await page.click('details.group:has(#f-limits-max_events) > summary');
    await page.fill('#f-limits-max_events', '5000');
    try {
      await page.waitForFunction(() => /Stopped at budget/.test(document.querySelector('.summary').textContent), null, { timeout: 30000 });
    } catch (e) {
      throw new Error(`no "stopped at budget" in: ${await page.$eval('.summary', (x) => x.textContent)} / ${await page.$eval('#progress', (x) => x.textContent)} / ${await page.inputValue('#f-limits-max_events')}`);
    }
    await page.fill('#f-limits-max_events', '');
    await page.waitForFunction(() => !/Stopped at budget/.test(document.querySelector('.summary').textContent), null, { timeout: 30000 });
  });

  await check('loading the hey /delay/50 preset shows 1877.21 and 12773.14 in the table', async () => {
    await page.selectOption('#preset', 'pinning-jdk21');
    await settle(page);
    await page.selectOption('#preset', 'e2-platform');
    await page.waitForFunction(() => {
      const t = document.querySelector('#measured-table');
      return t && /12,?773\.14/.test(t.textContent) && /1,?877\.21/.test(t.textContent);
    }, null, { timeout: 60000 }).catch(() => {});
    const table = await page.$eval('#measured-table', (t) => t.textContent);
    assert(/1,?877\.21/.test(table), 'table has 1877.21');
    assert(/12,?773\.14/.test(table), 'table has 12773.14');
    await settle(page);
    const sim = await page.$$eval('#measured-table tbody tr', (rows) => rows.map((r) => r.textContent));
    assert(sim.every((r) => !r.includes('…')), 'every simulated cell is filled');
    const little = await page.$eval('.little', (l) => l.textContent);
    assert(/consistent/.test(little), `Little's law check: ${little}`);
  });
  await page.screenshot({ path: path.join(artifacts, 'e2-preset-1280x800-full.png'), fullPage: true });
  fs.mkdirSync(path.join(artifacts, 'charts'), { recursive: true });
  for (const id of await page.$$eval('canvas', (cs) => cs.map((c) => c.id))) {
    await page.locator(`#${id}`).screenshot({ path: path.join(artifacts, 'charts', `${id}.png`) });
  }

  await check('every preset loads and simulates', async () => {
    const names = await page.$$eval('#preset option', (os) => os.map((o) => o.value).filter(Boolean));
    assert(names.length >= 6, `presets: ${names.length}`);
    for (const n of names.filter((n) => /^e[1-4]-|^e[1-4][a-z-]*-platform|^pinning/.test(n))) {
      await page.selectOption('#preset', n);
      await settle(page, 180000);
      const measured = await page.$('.measured');
      if (measured) await measured.screenshot({ path: path.join(artifacts, `preset-${n}-measured.png`) });
      await page.locator('.summary').screenshot({ path: path.join(artifacts, `preset-${n}-summary.png`) });
      await page.locator('#chart-sweep-throughput').screenshot({ path: path.join(artifacts, `preset-${n}-sweep.png`) });
    }
  });
  await page.close();

  for (const [name, viewport] of [['projector-1920x1080', { width: 1920, height: 1080 }], ['phone-390x844', { width: 390, height: 844 }]]) {
    const p = await openPage(viewport);
    await check(`renders on ${name}`, async () => {
      await settle(p);
      const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert(overflow <= 1, `no horizontal scrolling (${overflow}px)`);
    });
    await p.screenshot({ path: path.join(artifacts, `${name}.png`) });
    await p.screenshot({ path: path.join(artifacts, `${name}-full.png`), fullPage: true });
    await p.close();
  }

  await check('no console errors, no page errors', async () => {
    assert(problems.length === 0, problems.slice(0, 5).join(' | '));
  });
  await check('no requests to other hosts', async () => {
    assert(foreign.length === 0, foreign.slice(0, 5).join(' '));
  });
} finally {
  await browser.close();
  if (server) server.close();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
