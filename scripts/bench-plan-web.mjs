// Times the page's capacity plan in WebAssembly (issue 27's interactive
// target: the first configuration that meets the target within 2 s, the
// whole search within 10 s on this machine), in Debian's headless Chromium
// against dist/ served on 127.0.0.1: the same searches as
// scripts/bench-plan.sh that the page can ask (its knobs are the default
// ones), five rounds each, each on a fresh page. Times are taken in the page
// (performance.now) from the click on Plan to the progress saying a
// configuration is found, and to the table of answers. Prints each round and
// the medians; results are recorded in BENCHMARKS.md, "Capacity planning".
//
//   trunk build --release && node scripts/bench-plan-web.mjs
import path from 'node:path';
import { serveDist } from './serve-dist.mjs';
import { openBrowser, root } from '../tests/e2e/harness.mjs';

const ROUNDS = 5;
const PLANS = [
  { program: 'cpu:1ms,db:exp(5ms),io:10ms', rps: '800', ms: '120' },
  { program: 'cpu:0.5ms,db:exp(3ms),io:20ms', rps: '5000', ms: '200' },
];

const server = await serveDist(path.join(root, 'dist'));
const base = `http://127.0.0.1:${server.address().port}/`;
const { browser, context } = await openBrowser(base);

/** One search on a fresh page: seconds to the first answer and to the end. */
async function round(plan) {
  const page = await context.newPage();
  await page.goto(`${base}?program=${encodeURIComponent(plan.program)}&v=1`);
  await page.waitForSelector('#yours-plan', { timeout: 60000 });
  await page.waitForSelector('#progress.done', { timeout: 240000 });
  await page.fill('#yours-target-rps', plan.rps);
  await page.fill('#yours-target-ms', plan.ms);
  await page.evaluate(() => {
    window.benchTimes = {};
    const seen = () => {
      const now = performance.now();
      if (!window.benchTimes.first && document.querySelector('.yours-plan [data-answered="true"], #yours-plan-table')) {
        window.benchTimes.first = now;
      }
      if (!window.benchTimes.done && document.querySelector('#yours-plan-table, #yours-out-of-reach')) {
        window.benchTimes.done = now;
      }
    };
    new MutationObserver(seen).observe(document.body, { subtree: true, childList: true, attributes: true });
    document.querySelector('#yours-plan').addEventListener('click', () => {
      window.benchTimes.start = performance.now();
    }, { capture: true });
  });
  await page.click('#yours-plan');
  await page.waitForFunction(() => window.benchTimes.done, null, { timeout: 120000 });
  const t = await page.evaluate(() => window.benchTimes);
  const judged = await page.$eval('.yours-plan-answer', (e) => e.textContent.match(/\(\d+ judged, \d+ by simulation\)/)?.[0] ?? '');
  await page.close();
  return { first: (t.first - t.start) / 1000, done: (t.done - t.start) / 1000, judged };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  for (const plan of PLANS) {
    console.log(`== plan ${plan.rps}/s p99<=${plan.ms}ms program=${plan.program}`);
    const firsts = [];
    const dones = [];
    for (let r = 1; r <= ROUNDS; r += 1) {
      const t = await round(plan);
      console.log(`round ${r} RESULT first_answer_s=${t.first.toFixed(3)} complete_s=${t.done.toFixed(3)} ${t.judged}`);
      firsts.push(t.first);
      dones.push(t.done);
    }
    console.log(`median first_answer_s=${median(firsts).toFixed(3)} complete_s=${median(dones).toFixed(3)}`);
  }
} finally {
  await browser.close();
  server.close();
}
