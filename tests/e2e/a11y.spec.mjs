// Accessibility (issue 15) in Debian's headless Chromium: axe-core (from
// npm, shipped in node_modules, injected through the DevTools protocol so
// the page's CSP stays as it is) finds no serious or critical violation on
// the playground (light and dark), an embed after Run, and a lesson page.
// Moderate findings are printed, not failed; the full results go to
// test-artifacts/a11y.json.
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

const pages = [
  ['the playground', '', (p) => settle(p)],
  ['the playground, dark', '?v=1&theme=dark', async (p) => {
    await settle(p);
    assert(await p.$('html.dark'), 'the dark theme is on');
  }],
  ['an embed after Run', '?embed=1&v=1', async (p) => {
    await p.click('#embed-run');
    await settle(p, { charts: 2 });
  }],
  ['a lesson chapter', '?lesson=virtual-threads&chapter=1', (p) => p.waitForSelector('.guide', { timeout: 30000 })],
];

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
  fs.writeFileSync(path.join(artifacts, 'a11y.json'), JSON.stringify(all, null, 1));
  await checkClean({ problems, foreign });
} finally {
  await browser.close();
  server.close();
}
finish();
