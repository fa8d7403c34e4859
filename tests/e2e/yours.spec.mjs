// End-to-end test, in Debian's headless Chromium: "Your measurement". A
// Java developer pastes hey's output for `-n 400 -c 20` (its command line
// above it): the panel says it read hey, 400 requests, what its figures
// count, the load it states and what it cannot know, and Little's law on
// its numbers; "Use these load settings" puts hey, 20 clients and 400
// requests on the form, the run finishes and each column's table has
// every figure measured beside simulated with the difference in %. k6's
// --summary-export JSON reads as k6: 180 requests, 9 failed. A paste that
// is no load test's output is one line in an alert, the text kept.
// German and Chinese pages say it in their words (a paste is read at once);
// at 375 px nothing scrolls sideways; axe finds nothing serious in the
// panel. Screenshots in test-artifacts/yours-*.png. No console error, no
// CSP violation, no request to another host.
//
//   trunk build --release && node tests/e2e/yours.spec.mjs
import fs from 'node:fs';
import path from 'node:path';
import { serveDist } from '../../scripts/serve-dist.mjs';
import { artifacts, assert, catalogue, check, checkClean, finish, openBrowser, root } from './harness.mjs';

const server = await serveDist(path.join(root, 'dist'));
const base = `http://127.0.0.1:${server.address().port}/`;
const { browser, context, problems, foreign } = await openBrowser(base);
const axeSource = fs.readFileSync(path.join(root, 'node_modules/axe-core/axe.min.js'), 'utf8');
const sample = path.join(root, 'tests/samples/hey/slow-n400-c20.txt');
const hey = fs.readFileSync(`${sample}.cmd`, 'utf8') + fs.readFileSync(sample, 'utf8');
const words = { en: catalogue('en', 'ui'), de: catalogue('de', 'ui'), zh: catalogue('zh', 'ui') };

/** Opens `query` at `width` and waits for the panel. */
async function open(query, width = 1280) {
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 1000 });
  await page.goto(`${base}?${query}`);
  await page.waitForSelector('section.yours #yours-text', { timeout: 60000 });
  return page;
}

/** Types `text` into the text area and presses Read. */
async function paste(page, text) {
  await page.fill('#yours-text', text);
  await page.click('#yours-read');
}

/** Pastes `text` as a paste does (the panel reads it at once, no button). */
async function pasteAsClipboard(page, text) {
  await page.$eval('#yours-text', (el, t) => {
    el.focus();
    el.value = t;
    el.dispatchEvent(new InputEvent('input', { inputType: 'insertFromPaste', bubbles: true }));
  }, text);
}

/** Presses "Use these load settings" and waits for that job's tables. */
async function useSettings(page) {
  const before = await page.$eval('#progress', (e) => Number(e.dataset.generation));
  await page.click('#yours-use');
  await page.waitForFunction((b) => Number(document.querySelector('#progress').dataset.generation) > b
    && document.querySelector('#progress.done')
    && document.querySelectorAll('section.yours table.yours-table').length === 2, before, { timeout: 240000 });
}

/** What the panel shows. */
const read = (page) => page.$eval('section.yours', (s) => ({
  heading: s.querySelector('h2').textContent,
  readAs: s.querySelector('#yours-read-as')?.textContent,
  figures: Object.fromEntries([...s.querySelectorAll('.yours-figures dt')].map((dt) => [dt.textContent, dt.nextElementSibling.textContent])),
  counted: [...s.querySelectorAll('.yours-counted li')].map((li) => li.textContent),
  load: [...s.querySelectorAll('.yours-load li')].map((li) => li.textContent),
  unknown: s.querySelector('.yours-unknown')?.textContent,
  little: [...s.querySelectorAll('.yours-little li')].map((li) => [li.className, li.textContent]),
  settings: [...s.querySelectorAll('.yours-settings li')].map((li) => li.textContent),
  use: s.querySelector('#yours-use')?.textContent,
  inUse: s.querySelector('#yours-in-use')?.textContent,
  alerts: [...s.querySelectorAll('[role=alert]')].map((a) => a.textContent),
  tables: [...s.querySelectorAll('table.yours-table')].map((t) => ({
    id: t.id,
    caption: t.querySelector('caption').textContent,
    heads: [...t.querySelectorAll('thead th')].map((th) => th.textContent),
    rows: [...t.querySelectorAll('tr.yours-row')].map((tr) => ({
      figure: tr.querySelector('th').textContent,
      measured: tr.querySelector('td.measured').textContent,
      simulated: tr.querySelector('td.simulated').textContent,
      difference: tr.querySelector('td.difference').textContent,
    })),
  })),
}));

/** The panel, without the sticky top bar across it (set through the CSSOM: an injected style sheet would meet the page's CSP). */
async function shot(page, name) {
  const stick = (on) => page.evaluate((on) => document.querySelectorAll('.tabs, .top').forEach((e) => {
    if (on) e.style.removeProperty('position'); else e.style.setProperty('position', 'static', 'important');
  }), on);
  await stick(false);
  try {
    await page.locator('section.yours').screenshot({ path: path.join(artifacts, `yours-${name}.png`) });
  } finally {
    await stick(true);
  }
}

try {
  const page = await open('v=1');

  await check('a pasted hey output: hey, 400 requests, what its figures count, its load, Little\'s law', async () => {
    await paste(page, hey);
    await page.waitForSelector('#yours-read-as', { timeout: 10000 });
    const d = await read(page);
    assert(d.heading === 'Your measurement', d.heading);
    assert(d.readAs === 'Read as hey output.', d.readAs);
    assert(d.figures.Requests === '400', JSON.stringify(d.figures));
    assert(d.figures.Rate === '864.86/s' && d.figures.Mean === '22.2 ms' && d.figures.p99 === '66.0 ms', JSON.stringify(d.figures));
    assert(d.counted.includes("hey's rate counts errors as well as responses."), d.counted.join(' | '));
    assert(d.counted.includes("hey's latencies leave errors (and time-outs) out."), d.counted.join(' | '));
    assert(d.load.some((l) => l.startsWith('20 concurrent clients')) && d.load.includes('400 requests asked for'), d.load.join(' | '));
    assert(d.unknown.includes('platform threads or virtual threads') && d.unknown.endsWith('Set these in the form.'), d.unknown);
    assert(d.little.length === 1 && d.little[0][0] === 'ok' && d.little[0][1].startsWith('20 in flight at 864.86 per second means 23.1 ms per request')
      && d.little[0][1].endsWith('consistent (within 5 %).'), JSON.stringify(d.little));
    assert(['load.tool=hey', 'load.concurrency=20', 'load.requests=400'].every((s) => d.settings.includes(s)), d.settings.join(' | '));
    assert(d.use === 'Use these load settings' && !d.inUse, `${d.use} / ${d.inUse}`);
    assert(d.alerts.length === 0, d.alerts.join(' | '));
  });

  await check('"Use these load settings": the form takes them, the run finishes, each column compares every figure', async () => {
    await useSettings(page);
    const c = await page.$eval('#f-load-concurrency', (e) => e.value);
    assert(c === '20', `the form's concurrency: ${c}`);
    const d = await read(page);
    assert(d.inUse === 'The scenario simulates this load.', d.inUse);
    assert(d.tables.map((t) => t.id).join(' ') === 'yours-table-platform yours-table-virtual', d.tables.map((t) => t.id).join(' '));
    for (const t of d.tables) {
      assert(t.heads.join(' | ') === 'Figure | Measured | Simulated | Difference', t.heads.join(' | '));
      const figures = t.rows.map((r) => r.figure);
      for (const f of ['Rate', 'Requests', 'Mean', 'Fastest', 'Slowest', 'p50', 'p99']) assert(figures.includes(f), `${t.id}: no ${f} (${figures})`);
      const requests = t.rows.find((r) => r.figure === 'Requests');
      assert(requests.measured === '400' && requests.simulated === '400' && requests.difference === '+0.0 %', JSON.stringify(requests));
      // Every figure simulated; a difference in % wherever the measured value is not 0 (0 % failed has none).
      assert(t.rows.every((r) => r.simulated !== '–'), JSON.stringify(t.rows));
      assert(t.rows.every((r) => /^[+−]\d[\d,]*\.\d %$/.test(r.difference) || (r.difference === '–' && /^0( %)?$/.test(r.measured))), JSON.stringify(t.rows));
    }
    await shot(page, 'en');
  });

  await check('axe: nothing serious or critical in the panel', async () => {
    await page.evaluate(axeSource);
    const r = await page.evaluate(() => window.axe.run(document.querySelector('section.yours'), { resultTypes: ['violations'] }));
    const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert(bad.length === 0, bad.map((v) => `${v.impact} ${v.id} (${v.nodes.slice(0, 3).map((x) => x.target.join(' ')).join(', ')})`).join('; '));
  });

  await check('a pasted k6 --summary-export JSON: k6, 180 requests, 9 failed', async () => {
    const k6 = fs.readFileSync(path.join(root, 'tests/samples/k6/v0.49-summary-export.json'), 'utf8');
    await paste(page, k6);
    await page.waitForFunction(() => document.querySelector('#yours-read-as')?.textContent === 'Read as k6 JSON summary output.', null, { timeout: 10000 });
    const d = await read(page);
    assert(d.figures.Requests === '180', JSON.stringify(d.figures));
    assert(d.figures.Failed.startsWith('9 '), JSON.stringify(d.figures));
    assert(d.settings.includes('load.tool=k6'), d.settings.join(' | '));
    assert(d.counted.some((c) => c.includes('failed')), d.counted.join(' | '));
    assert(d.alerts.length === 0, d.alerts.join(' | '));
  });

  await check('a paste that is no load test\'s output: one line in an alert, the text kept', async () => {
    const garbage = 'Hello, this is\nnot the output of any load tool\n';
    await paste(page, garbage);
    await page.waitForSelector('section.yours [role=alert]', { timeout: 10000 });
    const d = await read(page);
    assert(d.alerts.length === 1, d.alerts.join(' | '));
    assert(!d.alerts[0].includes('\n') && d.alerts[0].includes('is not the output of a load tool threadlab reads'), d.alerts[0]);
    // One line of text: no line break inside it, one paragraph.
    const breaks = await page.$eval('section.yours [role=alert]', (a) => a.querySelectorAll('br, p, li').length);
    assert(breaks === 0, `one line: ${breaks} breaks`);
    assert(!d.readAs && d.tables.length === 0, 'nothing read is shown');
    assert(await page.$eval('#yours-text', (e) => e.value) === garbage, 'the text stays');
    await shot(page, 'problem');
    await page.close();
  });

  for (const [lang, want] of [
    ['de', { readAs: 'Gelesen als Ausgabe von hey.', rate: '864,86/s', little: /^20 gleichzeitig bei 864,86 pro Sekunde ergibt 23,1 ms je Anfrage/ }],
    ['zh', { readAs: '已按 hey 的输出格式读取。', rate: '864.86/s', little: /^20 个并发、每秒 864.86 个请求，意味着每个请求 23.1 毫秒/ }],
  ]) {
    await check(`${lang}: a paste is read at once and said in ${lang}, the table in ${lang}`, async () => {
      const p = await open(`lang=${lang}&v=1`);
      const w = words[lang];
      await p.waitForFunction((h) => document.querySelector('section.yours h2').textContent === h, w['yours.heading'], { timeout: 30000 });
      await pasteAsClipboard(p, hey);
      await p.waitForSelector('#yours-read-as', { timeout: 10000 });
      let d = await read(p);
      assert(d.readAs === want.readAs, d.readAs);
      assert(d.figures[w['yours.fig.rate']] === want.rate, JSON.stringify(d.figures));
      assert(want.little.test(d.little[0][1]), d.little[0][1]);
      assert(d.use === w['yours.use'] && d.use !== words.en['yours.use'], d.use);
      assert(d.unknown === w['yours.unknown_text'], d.unknown);
      await useSettings(p);
      d = await read(p);
      assert(d.tables[0].heads[0] === w['yours.col.figure'] && d.tables[0].heads[3] === w['yours.col.difference'], d.tables[0].heads.join(' | '));
      assert(d.tables[0].rows.some((r) => r.figure === w['yours.fig.requests'] && r.simulated === '400'), JSON.stringify(d.tables[0].rows));
      await shot(p, lang);
      await p.close();
    });
  }

  await check('375 px: the panel fits, each figure a block of labelled lines', async () => {
    const p = await open('v=1', 375);
    // The results half shows on a phone; the panel is in it.
    await paste(p, hey);
    await p.waitForSelector('#yours-read-as', { timeout: 10000 });
    await useSettings(p);
    const fits = await p.$eval('section.yours', (m) => ({ scroll: m.scrollWidth, client: m.clientWidth, page: document.documentElement.scrollWidth }));
    assert(fits.scroll <= fits.client + 1 && fits.page <= 376, `no sideways scroll: ${JSON.stringify(fits)}`);
    const label = await p.$eval('table.yours-table tr.yours-row td.difference', (td) => getComputedStyle(td, '::before').content);
    assert(label === '"Difference"', `a cell says what it is: ${label}`);
    await shot(p, '375');
    await p.close();
  });

  await checkClean({ problems, foreign });
} finally {
  await browser.close();
  server.close();
}
finish();
