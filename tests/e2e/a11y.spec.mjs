// Accessibility in Debian's headless Chromium: axe-core (from
// npm, shipped in node_modules, injected through the DevTools protocol so
// the page's CSP stays as it is) finds no serious or critical violation on
// the playground (light and dark, its replications' panel complete), an embed after Run, a lesson page, a
// lesson's chapter embedded (answered and run) and chapter 4's replay.
// Moderate findings are printed, not failed; the full results go to
// test-artifacts/a11y.json. Then the charts by keyboard, their data tables
// and presenter mode's chart type, with screenshots in test-artifacts/a11y/.
//
//   trunk build --release && node tests/e2e/a11y.spec.mjs
import fs from 'node:fs';
import path from 'node:path';
import { serveDist } from '../../scripts/serve-dist.mjs';
import { artifacts, assert, check, checkClean, finish, openBrowser, root, settle } from './harness.mjs';

const server = await serveDist(path.join(root, 'dist'));
const base = `http://127.0.0.1:${server.address().port}/`;
const { browser, context, problems, foreign } = await openBrowser(base);
const axeSource = fs.readFileSync(path.join(root, 'node_modules/axe-core/axe.min.js'), 'utf8');
const BLOCKING = new Set(['serious', 'critical']);
const all = {};

/** axe's violations on the page as it is now. */
async function violations(page) {
  await page.evaluate(axeSource);
  const r = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

/** The playground done, its replications' panel complete (so axe sees its table). */
async function settleWithReplicas(p) {
  await settle(p);
  await p.waitForSelector('section.replicas[aria-busy="false"] tbody tr', { timeout: 60000 });
}

const pages = [
  ['the playground', '', settleWithReplicas],
  ['the playground, dark', '?v=1&theme=dark', async (p) => {
    await settleWithReplicas(p);
    assert(await p.$('html.dark'), 'the dark theme is on');
  }],
  ['an embed after Run', '?embed=1&v=1', async (p) => {
    await p.click('#embed-run-early');
    await settle(p, { charts: 2 });
  }],
  ['a lesson chapter', '?lesson=virtual-threads&chapter=1', (p) => p.waitForSelector('.guide', { timeout: 30000 })],
  ['a lesson chapter, embedded, answered and run', '?embed=1&lesson=virtual-threads&chapter=4&v=1', async (p) => {
    await p.waitForSelector('#lesson', { timeout: 30000 });
    await p.fill('#guide-answer', '80');
    await p.click('#guide-run');
    await p.waitForSelector('#guide-compare', { timeout: 240000 });
    await settle(p, { charts: 2 });
  }],
  ['chapter 4 with its replay open', '?lesson=virtual-threads&chapter=4', async (p) => {
    await p.waitForSelector('#guide-replay', { timeout: 30000 });
    await p.click('#guide-replay');
    await p.waitForSelector('#replay', { timeout: 60000 });
  }],
];

const shots = path.join(artifacts, 'a11y');
fs.mkdirSync(shots, { recursive: true });
const chart = 'chart-sweep-throughput';
const visibleTip = (p) => p.$eval(`figure.chart:has(#${chart}) .tooltip:not([hidden])`, (t) => t.textContent);

/**
 * Charts by keyboard, their tables and presenter mode's type:
 * Tab reaches a chart, → steps through its points with the pointer's
 * tooltip and a live region, Escape hides it; the Table toggle shows a
 * row per point; axe stays clean with a table open; screenshots of each
 * in light and dark, and of presenter mode at 1920×1080 and at 150 %.
 */
async function chartChecks() {
  for (const theme of ['light', 'dark']) {
    const p = await context.newPage();
    await p.setViewportSize({ width: 1280, height: 800 });
    await p.goto(`${base}?v=1&theme=${theme}`);
    await settle(p);
    await check(`${theme}: Tab reaches a chart, → shows its points' values, Escape hides them`, async () => {
      await p.focus(`#${chart}-table-toggle`);
      await p.keyboard.press('Tab');
      assert(await p.evaluate(() => document.activeElement.id) === chart, 'the chart has focus');
      const name = await p.$eval(`#${chart}`, (c) => [c.getAttribute('role'), c.getAttribute('aria-label'), c.getAttribute('aria-describedby')]);
      assert(name[0] === 'img' && /Successful requests/.test(name[1]) && name[2].includes(`${chart}-about`), `named: ${name}`);
      assert(await p.isVisible(`#${chart}-keys`), 'the keys are named while it has focus');
      const seen = [];
      for (let i = 0; i < 4; i++) {
        await p.keyboard.press('ArrowRight');
        seen.push(await visibleTip(p));
      }
      assert(new Set(seen).size === 4, `a point per press: ${seen.join(' | ')}`);
      assert(/concurrency = /.test(seen[3]) && /successful req\/s/.test(seen[3]), `values: ${seen[3]}`);
      const live = await p.$eval(`#${chart}-live`, (l) => l.textContent);
      assert(live.includes('successful req/s') && live.includes(seen[3].match(/concurrency = [\d,]+/)[0]), `announced: ${live}`);
      assert(await p.isVisible(`figure.chart:has(#${chart}) .chart-cursor`), 'a line marks the point');
      await p.locator(`figure.chart:has(#${chart})`).screenshot({ path: path.join(shots, `chart-keyboard-${theme}.png`) });
      await p.keyboard.press('End');
      assert(/concurrency = /.test(await visibleTip(p)), 'End shows the last point');
      await p.keyboard.press('Escape');
      assert(!(await p.$(`figure.chart:has(#${chart}) .tooltip:not([hidden])`)), 'Escape hides it');
    });
    await check(`${theme}: the Table toggle shows a row per point of the chart`, async () => {
      for (const id of [chart, 'chart-utilisation-platform', 'chart-histogram']) {
        const points = Number(await p.$eval(`#${id}`, (c) => c.dataset.points));
        await p.click(`#${id}-table-toggle`);
        await p.waitForSelector(`#${id}-table table`);
        const rows = await p.$$eval(`#${id}-table tbody tr`, (r) => r.length);
        assert(points > 0 && rows === points, `${id}: ${rows} rows, ${points} points`);
        assert(!(await p.isVisible(`#${id}`)), `${id}: the table stands in for the chart`);
      }
      const head = await p.$$eval(`#${chart}-table thead th`, (h) => h.map((x) => x.textContent));
      assert(head.some((h) => /\(req\/s\)/.test(h)), `units in the headers: ${head}`);
      assert(/Successful requests/.test(await p.$eval(`#${chart}-table caption`, (c) => c.textContent)), 'a caption');
      await p.locator(`figure.chart:has(#${chart})`).screenshot({ path: path.join(shots, `chart-table-${theme}.png`) });
      const found = (await violations(p)).filter((v) => BLOCKING.has(v.impact));
      assert(found.length === 0, found.map((v) => `${v.impact} ${v.id} (${v.nodes.slice(0, 3).join(', ')})`).join('; '));
      await p.click(`#${chart}-table-toggle`);
      await p.waitForFunction((id) => Number(document.getElementById(id).dataset.draws) > 1, chart);
      assert(await p.isVisible(`#${chart}`), 'the chart is back, drawn again');
    });
    await p.close();
  }
  for (const [name, viewport, scale] of [['1920x1080', { width: 1920, height: 1080 }, 1], ['150pct', { width: 1280, height: 720 }, 1.5]]) {
    await check(`presenter mode at ${name}: chart text at the root's size, none smaller`, async () => {
      const ctx = await browser.newContext({ viewport, deviceScaleFactor: scale });
      const p = await ctx.newPage();
      await p.goto(`${base}?presenter=1&v=1`);
      await settle(p);
      const font = await p.$eval(`#${chart}`, (c) => {
        const s = getComputedStyle(c);
        return { px: parseFloat(s.fontSize), floor: s.getPropertyValue('--chart-min-font').trim() };
      });
      assert(font.px >= 20 && font.floor === '1', `canvas font ${font.px}px, floor ${font.floor}`);
      await p.locator(`figure.chart:has(#${chart})`).screenshot({ path: path.join(shots, `presenter-${name}.png`) });
      await ctx.close();
    });
  }
}

try {
  for (const [name, query, ready] of pages) {
    await check(`axe: no serious or critical violation on ${name}`, async () => {
      const p = await context.newPage();
      await p.setViewportSize({ width: 1280, height: 800 });
      await p.goto(base + query);
      await ready(p);
      const found = await violations(p);
      all[name] = found;
      for (const v of found.filter((v) => !BLOCKING.has(v.impact))) {
        console.log(`     (${v.impact}) ${v.id} on ${v.nodes.length} node(s): ${v.help}`);
      }
      const blocking = found.filter((v) => BLOCKING.has(v.impact));
      assert(blocking.length === 0, blocking.map((v) => `${v.impact} ${v.id} (${v.nodes.slice(0, 3).join(', ')})`).join('; '));
      await p.close();
    });
  }
  await chartChecks();
  fs.writeFileSync(path.join(artifacts, 'a11y.json'), JSON.stringify(all, null, 1));
  await checkClean({ problems, foreign });
} finally {
  await browser.close();
  server.close();
}
finish();
