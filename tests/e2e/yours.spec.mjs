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
// The questions the worker studies: hey's -c 5 output against its -c 40
// one ("Compare"): a table of both outputs with the rate's difference
// beyond the model's seed-to-seed noise, said in words; "What if virtual
// threads?" with a program short enough to fit: the fitted wait, the
// before/after table and the settings that stop applying; a capacity plan
// for 200 req/s with p99 ≤ 500 ms, whose first row's Apply puts its
// threads on the form and starts a run; a target that does not read is
// one line naming target-rps; the scenario copied as
// application.properties. In German and Chinese too, axe on the panel.
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
const sweep = (c) => {
  const f = path.join(root, `tests/samples/hey/sweep-slow-n800-c${c}.txt`);
  return fs.readFileSync(`${f}.cmd`, 'utf8') + fs.readFileSync(f, 'utf8');
};
/** A study's answer may take several seconds of simulation in WebAssembly. */
const STUDY_MS = 60000;

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


/** Runs axe on the panel: nothing serious or critical. */
async function axePanel(page) {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(axeSource);
  const r = await page.evaluate(() => window.axe.run(document.querySelector('section.yours'), { resultTypes: ['violations'] }));
  const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert(bad.length === 0, bad.map((v) => `${v.impact} ${v.id} (${v.nodes.slice(0, 3).map((x) => x.target.join(' ')).join(', ')})`).join('; '));
}

/** The comparison table, the fit and the plan as the panel shows them. */
const studied = (page) => page.$eval('section.yours', (s) => {
  const table = (id) => {
    const t = s.querySelector(`#${id}`);
    return t && {
      caption: t.querySelector('caption').textContent,
      heads: [...t.querySelectorAll('thead th')].map((th) => th.textContent),
      rows: [...t.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent)),
    };
  };
  const text = (sel) => s.querySelector(sel)?.textContent ?? null;
  return {
    versus: table('yours-versus'),
    fit: text('#yours-fit'),
    noFit: text('#yours-no-fit'),
    whatIf: table('yours-what-if'),
    stop: [...s.querySelectorAll('#yours-stop-applying code')].map((c) => c.textContent),
    plan: table('yours-plan-table'),
    failures: [...s.querySelectorAll('#yours-plan-failures li')].map((li) => li.textContent),
    outOfReach: text('#yours-out-of-reach'),
    refused: text('#yours-refused'),
    refusedCode: [...s.querySelectorAll('#yours-refused code')].map((c) => c.textContent),
    progress: text('#yours-progress'),
    lost: text('#yours-lost'),
  };
});

/** Pastes hey -c 5 and -c 40 and presses Compare; waits for the table. */
async function compare(page) {
  await paste(page, sweep(5));
  await page.waitForSelector('#yours-read-as', { timeout: 10000 });
  await page.fill('#yours-second', sweep(40));
  await page.click('#yours-compare');
  await page.waitForSelector('#yours-versus, #yours-refused, #yours-lost', { timeout: STUDY_MS });
}

/** Fills the target and presses Plan; waits for the answer. */
async function plan(page, { rps = '200', pct = '99', ms = '500' } = {}) {
  await page.fill('#yours-target-rps', rps);
  await page.selectOption('#yours-target-pct', pct);
  await page.fill('#yours-target-ms', ms);
  await page.click('#yours-plan');
  await page.waitForSelector('#yours-plan-table, #yours-out-of-reach, #yours-plan-none, #yours-refused, #yours-lost', { timeout: STUDY_MS });
}

/** Gives the model a program short enough for the samples' 20 ms, then asks what virtual threads would do. */
async function migrate(page) {
  await page.fill('#f-program', 'cpu:0.1ms');
  await page.press('#f-program', 'Tab');
  await page.click('#yours-migrate');
  await page.waitForSelector('#yours-what-if, #yours-no-fit, #yours-refused, #yours-lost', { timeout: STUDY_MS });
}

async function studies() {
  const page = await open('v=1');

  await check('Compare: hey -c 5 vs -c 40, the rate beyond the noise in words, the noise\'s seeds in the caption', async () => {
    await compare(page);
    const d = await studied(page);
    assert(!d.refused && !d.lost, `${d.refused} ${d.lost}`);
    assert(d.versus.heads.join(' | ') === 'Figure | First | Second | Difference | Noise | Beyond the noise?', d.versus.heads.join(' | '));
    assert(/over 5 seeds/.test(d.versus.caption), d.versus.caption);
    const rate = d.versus.rows.find((r) => r[0] === 'Rate');
    assert(rate, JSON.stringify(d.versus.rows));
    assert(rate[1] === '238.47/s' && rate[5] === 'yes, beyond the noise', JSON.stringify(rate));
    assert(d.versus.rows.every((r) => ['yes, beyond the noise', 'no, within the noise', 'cannot tell'].includes(r[5])), JSON.stringify(d.versus.rows));
    assert(!d.progress, `no progress once answered: ${d.progress}`);
    await shot(page, 'versus-en');
  });

  await check('a target that does not read: one line naming target-rps', async () => {
    await page.fill('#yours-target-rps', 'abc');
    await page.click('#yours-plan');
    await page.waitForSelector('#yours-refused', { timeout: 10000 });
    const d = await studied(page);
    assert(d.refusedCode.includes('target-rps') && d.refusedCode.includes('abc'), JSON.stringify(d.refusedCode));
    assert(!d.refused.includes('\n'), d.refused);
  });

  await check('Plan 200 req/s, p99 ≤ 500 ms: the smallest configurations; Apply puts the first on the form and runs it', async () => {
    await plan(page);
    const d = await studied(page);
    assert(d.plan, `no plan table: ${d.outOfReach || d.refused || d.lost}`);
    assert(d.plan.heads.includes('p99') && d.plan.heads.includes('Judged by'), d.plan.heads.join(' | '));
    assert(d.plan.rows.length >= 1, JSON.stringify(d.plan));
    const threadsHead = d.plan.heads.findIndex((h) => h.endsWith('server.threads_max'));
    assert(threadsHead === 0, d.plan.heads.join(' | '));
    const first = d.plan.rows[0];
    assert(/^(formula \(Erlang C\)|ceiling|simulated)$/.test(first[first.length - 2]), JSON.stringify(first));
    await shot(page, 'plan-en');
    const before = await page.$eval('#progress', (e) => Number(e.dataset.generation));
    await page.click('#yours-apply-0');
    await page.waitForFunction((b) => Number(document.querySelector('#progress').dataset.generation) > b, before, { timeout: 10000 });
    if (/^\d+$/.test(first[0])) {
      const threads = await page.inputValue('#f-server-threads_max');
      assert(threads === first[0], `the form's threads: ${threads}, the plan's: ${first[0]}`);
      const props = await page.$eval('#yours-properties-text', (e) => e.textContent);
      assert(props.includes(`server.tomcat.threads.max=${first[0]}`), props);
    }
    // At 375 px the plan's table is a block of labelled lines per configuration.
    await page.setViewportSize({ width: 375, height: 1000 });
    try {
      const fits = await page.$eval('section.yours', (m) => ({ scroll: m.scrollWidth, client: m.clientWidth, page: document.documentElement.scrollWidth }));
      assert(fits.scroll <= fits.client + 1 && fits.page <= 376, `no sideways scroll at 375 px: ${JSON.stringify(fits)}`);
      await shot(page, 'plan-375');
    } finally {
      await page.setViewportSize({ width: 1280, height: 1000 });
    }
  });

  await check('Copy as application.properties: copied, and shown to select by hand', async () => {
    await page.click('#yours-properties');
    await page.waitForFunction(() => document.querySelector('#yours-properties-status').textContent !== '', null, { timeout: 10000 });
    const status = await page.$eval('#yours-properties-status', (e) => e.textContent);
    assert(status === 'Copied as application.properties.', status);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const shown = await page.$eval('#yours-properties-text', (e) => e.textContent);
    assert(copied === shown && copied.includes('spring.threads.virtual.enabled=false  # server.mode'), copied);
  });

  await check('What if virtual threads?: the fitted wait, before/after, the settings that stop applying', async () => {
    await paste(page, sweep(5));
    await page.waitForSelector('#yours-read-as', { timeout: 10000 });
    await migrate(page);
    const d = await studied(page);
    assert(!d.noFit && !d.refused && !d.lost, `${d.noFit} ${d.refused} ${d.lost}`);
    assert(/^Calibrated to your mean latency \(\d+ runs\): an unexplained wait of [\d.]+ ms per request\.$/.test(d.fit), d.fit);
    assert(d.whatIf.heads.join(' | ') === 'Figure | As measured | With virtual threads', d.whatIf.heads.join(' | '));
    const names = d.whatIf.rows.map((r) => r[0]);
    for (const n of ['Successful requests', 'Mean', 'p99', 'Failed', 'Peak threads', 'Peak waiting for HikariCP', 'Peak pinned virtual threads', 'Peak memory']) {
      assert(names.includes(n), `no ${n}: ${names}`);
    }
    assert(d.stop.includes('server.threads_max'), `stop applying: ${d.stop}`);
    const bottlenecks = await page.$$eval('.yours-bottlenecks li', (ls) => ls.map((l) => l.textContent));
    assert(bottlenecks.length === 2 && bottlenecks[0].startsWith('Bottleneck as measured: '), bottlenecks.join(' | '));
    await shot(page, 'study-en');
  });

  await check('axe: nothing serious or critical in the panel with its answers', async () => {
    await axePanel(page);
  });
  await page.close();

  for (const lang of ['de', 'zh']) {
    await check(`${lang}: Compare, Plan and What if in ${lang}, axe on the panel`, async () => {
      const p = await open(`lang=${lang}&v=1`);
      const w = words[lang];
      await p.waitForFunction((h) => document.querySelector('section.yours h2').textContent === h, w['yours.heading'], { timeout: 30000 });
      await compare(p);
      let d = await studied(p);
      assert(d.versus && d.versus.heads[5] === w['yours.col.beyond'], JSON.stringify(d.versus?.heads));
      const rate = d.versus.rows.find((r) => r[0] === w['yours.fig.rate']);
      assert(rate && rate[5] === w['yours.versus.beyond'], JSON.stringify(d.versus.rows));
      await plan(p);
      d = await studied(p);
      assert(d.plan && d.plan.heads.includes(w['yours.col.how']), JSON.stringify(d.plan?.heads));
      assert(await p.$eval('#yours-apply-0', (b) => b.textContent) === w['yours.plan.apply'], 'Apply in its words');
      await paste(p, sweep(5));
      await p.waitForSelector('#yours-read-as', { timeout: 10000 });
      await migrate(p);
      d = await studied(p);
      assert(d.whatIf && d.whatIf.heads[2] === w['yours.col.after'], JSON.stringify(d.whatIf?.heads) + (d.noFit || ''));
      await axePanel(p);
      await shot(p, `study-${lang}`);
      await p.close();
    });
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

  await check('the link: names the output it does not carry; keeps it when asked; a link that needs one asks for it', async () => {
    const p = await open('v=1');
    await paste(p, hey);
    await p.waitForSelector('#yours-read-as', { timeout: 10000 });
    // The page's address follows its state.
    await p.waitForFunction(() => location.search.includes('needs=hey'), null, { timeout: 10000 });
    assert(!(await p.evaluate(() => location.search)).includes('measurement='), 'the text stays out unless asked');
    await p.check('#yours-keep');
    await p.waitForFunction(() => location.search.includes('measurement='), null, { timeout: 10000 });
    const kept = await p.evaluate(() => location.search);
    assert(!kept.includes('needs='), kept.slice(0, 200));
    const again = await context.newPage();
    await again.goto(`${base}${kept}`);
    await again.waitForSelector('#yours-read-as', { timeout: 60000 });
    const text = await again.$eval('#yours-text', (t) => t.value);
    assert(text === hey, 'the kept output opens in the text area, read');
    assert(await again.$eval('#yours-keep', (c) => c.checked), 'and still kept');
    await again.close();
    const needs = await open('needs=hey&v=1');
    const line = await needs.$eval('#yours-needs', (e) => e.textContent);
    assert(line.includes('hey'), line);
    await paste(needs, hey);
    await needs.waitForSelector('#yours-read-as', { timeout: 10000 });
    assert(!(await needs.$('#yours-needs')), 'asked no more once pasted');
    await needs.close();
    await p.close();
  });

  await studies();

  await checkClean({ problems, foreign });
} finally {
  await browser.close();
  server.close();
}
finish();
