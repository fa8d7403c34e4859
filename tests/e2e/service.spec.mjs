// End-to-end test, in Debian's headless Chromium: a Java developer's own
// service from a link, in en, de and zh.
//
// The link sets a downstream call through HttpClient 5's pool (5
// connections per route), a fan-out of two waits on the common pool, a
// query through an old pgjdbc, a 2-CPU container limit and ThreadLocals.
// The form shows the downstream's own section (one per call(NAME)) with
// the client's settings; the run finishes, and the diagnosis names the
// HTTP client's pool in the reader's language.
//
// Then the whole service from a link: three endpoints (one with a
// fan-out of three calls), HikariCP, the downstream through HttpClient 5's
// defaults and a 2-CPU limit; each column shows each endpoint's figures,
// what it waits for most and its own breakdown bars.
//
// Screenshots go to test-artifacts/service/. No console error, no CSP
// violation, no request to another host.
//
//   trunk build --release && node tests/e2e/service.spec.mjs
import fs from 'node:fs';
import path from 'node:path';
import { serveDist } from '../../scripts/serve-dist.mjs';
import { artifacts, assert, catalogue, check, checkClean, finish, openBrowser, root, settle } from './harness.mjs';

const server = await serveDist(path.join(root, 'dist'));
const base = `http://127.0.0.1:${server.address().port}/`;
const { browser, context, problems, foreign } = await openBrowser(base);
const shots = path.join(artifacts, 'service');
fs.mkdirSync(shots, { recursive: true });

/** The catalogue's words of `key` in `lang` and `area`. */
const words = (lang, area, key) => catalogue(lang, area)[key];

const settings = [
  ['program', 'cpu:0.2ms,call(inventory),fork{io:20ms,io:30ms},db:5ms'],
  ['load.concurrency', '200'],
  ['load.requests', '4000'],
  ['server.cpu_limit', '2'],
  ['db.driver', 'pgjdbc-42.5'],
  ['memory.thread_local_kb', '64'],
];
const query = (lang) =>
  '?' + settings.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&') + `&advanced=1&lang=${lang}&v=1`;

try {
  for (const lang of ['en', 'de', 'zh']) {
    await check(`${lang}: a service with a downstream, a fan-out, a driver and a CPU limit runs from a link`, async () => {
      const page = await context.newPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${base}${query(lang)}`);
      await page.waitForSelector('#f-downstream-inventory-p50_ms', { state: 'attached', timeout: 15000 });
      for (const leaf of ['concurrency', 'client', 'max_connections', 'lease_timeout_ms', 'distribution']) {
        assert(await page.$(`#f-downstream-inventory-${leaf}`), `the downstream's ${leaf} field`);
      }
      const title = words(lang, 'form', 'group.downstream.title');
      const body = await page.textContent('body');
      assert(body.includes(title), `the section's title (${title})`);
      await settle(page);
      // The diagnosis names the client's pool: its words, as far as the
      // first placeholder, are on the page.
      const said = words(lang, 'report', 'diagnosis.http_client_pool').split('{')[0].trim();
      const after = await page.textContent('body');
      assert(said.length > 0 && after.includes(said), `the diagnosis names the pool (${said})`);
      await page.locator('#f-downstream-inventory-p50_ms').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, `form-${lang}.png`) });
      await page.screenshot({ path: path.join(shots, `page-${lang}.png`), fullPage: true });
      await page.close();
    });
  }
  // The service: three endpoints, HikariCP, a downstream through
  // HttpClient 5's defaults, a fan-out of three calls, a 2-CPU container.
  const mix = [
    ['endpoints', 'orders, catalog, report'],
    ['endpoint.orders.share', '60'],
    ['endpoint.orders.program', 'cpu:0.3ms,db:5ms,call(inventory),cpu:0.2ms'],
    ['endpoint.catalog.share', '30'],
    ['endpoint.catalog.program', 'cpu:0.2ms,fork{call(inventory),call(inventory),call(inventory)},cpu:0.3ms'],
    ['endpoint.report.share', '10'],
    ['endpoint.report.program', 'cpu:2ms,db:exp(20ms)'],
    ['load.concurrency', '200'],
    ['load.requests', '4000'],
    ['server.cpu_limit', '2'],
  ];
  const mixQuery = (lang) =>
    '?' + mix.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&') + `&lang=${lang}&v=1`;
  for (const lang of ['en', 'de', 'zh']) {
    await check(`${lang}: three endpoints show, each with its own figures and breakdown, in both columns`, async () => {
      const page = await context.newPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${base}${mixQuery(lang)}`);
      await page.waitForSelector('#f-endpoint-catalog-program', { state: 'attached', timeout: 15000 });
      for (const name of ['orders', 'catalog', 'report']) {
        assert(await page.$(`#f-endpoint-${name}-share`), `${name}'s share field`);
      }
      await settle(page);
      const cards = await page.$$('.summary .card');
      assert(cards.length >= 2, `two columns (${cards.length})`);
      for (const card of cards) {
        const rows = await card.$$eval('.endpoints-table tbody tr', (rs) => rs.map((r) => r.dataset.endpoint));
        assert(rows.join() === 'orders,catalog,report', `the table's endpoints: ${rows}`);
        const bars = await card.$$eval('.endpoint .bar-row', (bs) => bs.length);
        assert(bars === 6, `two bars per endpoint (${bars})`);
        // The fan-out's calls wait for HttpClient 5's five connections.
        const waits = await card.$eval('.endpoints-table tr[data-endpoint="catalog"]', (r) => r.dataset.waits);
        assert(waits === 'lease_wait', `catalog waits for ${waits}`);
      }
      const heading = words(lang, 'ui', 'endpoints.heading');
      assert((await page.textContent('.summary')).includes(heading), `the heading (${heading})`);
      await page.locator('.summary .endpoints').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, `endpoints-${lang}.png`) });
      await page.close();
    });
  }
  await checkClean({ problems, foreign });
} finally {
  await browser.close();
  server.close();
}
finish();
