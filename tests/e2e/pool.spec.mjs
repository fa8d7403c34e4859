// End-to-end test of the page's pool of simulation workers in Debian's
// headless Chromium, on machines of 2 and 4 logical cores (the page reads
// navigator.hardwareConcurrency, overridden here): one worker per core but
// one (at least one); the pool's results are one worker's, byte for byte
// (the JSON, sweep and replications exports); a worker that dies is
// replaced and the pool stays full; a newer job stops every worker's run,
// so quick moves end on the figures of the last one. No console error, no
// CSP violation, no request to another host.
//
//   trunk build --release && node tests/e2e/pool.spec.mjs
import fs from 'node:fs';
import path from 'node:path';
import { serveDist } from '../../scripts/serve-dist.mjs';
import { artifacts, assert, cards, check, checkClean, finish, openBrowser, root, settle } from './harness.mjs';

const server = await serveDist(path.join(root, 'dist'));
const base = `http://127.0.0.1:${server.address().port}/`;
const { browser, context, problems, foreign } = await openBrowser(base);
// What the worker fault prints on purpose: the panic's message and the trap.
const expected = /debug fault|pageerror: (RuntimeError: )?unreachable|panicked at/;
fs.mkdirSync(path.join(artifacts, 'exports'), { recursive: true });

/** A page on a machine with `cores` logical cores, at `url`. */
async function open(cores, url = base) {
  const page = await context.newPage();
  await page.addInitScript((n) => {
    Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n });
  }, cores);
  await page.setViewportSize({ width: 1280, height: 800 });
  const t0 = Date.now();
  await page.goto(url);
  return { page, t0 };
}

/** The simulation workers the page runs. */
const workers = (page) => page.workers().filter((w) => w.url().endsWith('/worker-loader.js'));

/** Waits for the job, its sweep and its replications; returns seconds since `t0`. */
async function finished(page, t0) {
  await settle(page);
  const sweep = (Date.now() - t0) / 1000;
  await page.waitForSelector('section.replicas[aria-busy="false"]', { timeout: 90000 });
  return { sweep, all: (Date.now() - t0) / 1000 };
}

/** The bytes of what `selector` downloads. */
async function download(page, selector) {
  const [d] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return fs.readFileSync(await d.path()).toString('utf8');
}

/** The page's exports that hold every run of the job. */
async function exported(page) {
  await page.$eval('#export-menu', (d) => { d.open = true; });
  const files = {
    json: await download(page, '#export-json'),
    sweep: await download(page, '#export-sweep-csv'),
    replicas: await download(page, '#export-replications-csv'),
  };
  await page.$eval('#export-menu', (d) => { d.open = false; });
  return files;
}

function same(a, b, what) {
  for (const k of Object.keys(a)) assert(a[k] === b[k], `${what}: the ${k} export differs`);
}

try {
  const one = await open(2);
  const pool = await open(4);
  let alone;
  await check('one worker on 2 cores, three on 4: one core is left to the page', async () => {
    const a = await finished(one.page, one.t0);
    const b = await finished(pool.page, pool.t0);
    assert(workers(one.page).length === 1, `2 cores: ${workers(one.page).length} workers`);
    assert(workers(pool.page).length === 3, `4 cores: ${workers(pool.page).length} workers`);
    // Both pages shared this machine's cores: a record, not a target.
    console.log(`     (sweep drawn after ${a.sweep.toFixed(1)} s with one worker, ${b.sweep.toFixed(1)} s with three; replications ${a.all.toFixed(1)} / ${b.all.toFixed(1)} s)`);
  });

  await check('the pool\'s results are one worker\'s, byte for byte (JSON, sweep, replications)', async () => {
    alone = await exported(one.page);
    const shared = await exported(pool.page);
    same(alone, shared, '3 workers vs 1');
    assert(JSON.parse(alone.json).runs.length === 2, 'both modes exported');
    fs.writeFileSync(path.join(artifacts, 'exports', 'pool-sweep.csv'), shared.sweep);
    assert((await cards(one.page)).join('|') === (await cards(pool.page)).join('|'), 'the cards agree');
  });

  await check('a newer job stops every worker\'s run: quick moves end on the last one\'s figures', async () => {
    const page = pool.page;
    await page.locator('#slider-server-threads_max').focus();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('ArrowRight');
      await page.waitForTimeout(60);
    }
    await page.waitForFunction(() => /server\.threads_max=\d+/.test(location.search), null, { timeout: 10000 });
    await finished(page, Date.now());
    const fresh = await open(2, page.url());
    await finished(fresh.page, fresh.t0);
    same(await exported(fresh.page), await exported(page), 'after quick moves vs a fresh page');
    assert((await cards(fresh.page)).join('|') === (await cards(page)).join('|'), 'the cards agree');
    await fresh.page.close();
  });

  await check('a worker that dies is replaced: the pool stays full and the job runs again to the same figures', async () => {
    const { page } = await open(4, `${base}#threadlab-debug=panic-worker`);
    await page.waitForSelector('#panic:not([hidden])', { timeout: 30000 });
    const text = await page.$eval('#panic', (p) => p.innerText);
    assert(/a new one was started/.test(text), text);
    const deadline = Date.now() + 10000;
    while (workers(page).length !== 3 && Date.now() < deadline) await page.waitForTimeout(100);
    assert(workers(page).length === 3, `${workers(page).length} workers after the replacement`);
    await page.click('#panic-dismiss');
    await page.click('#run-again');
    await finished(page, Date.now());
    same(alone, await exported(page), 'run again after a death vs one worker');
    await page.close();
  });

  await one.page.close();
  await pool.page.close();
  await checkClean({ problems, foreign }, expected);
} finally {
  await browser.close();
  server.close();
}
finish();
