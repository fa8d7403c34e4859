// End-to-end test, in Debian's headless Chromium: the time
// breakdown. For E2 with both modes, each card shows where its successful
// requests' time went: a sentence, a stacked bar for the mean request and
// one for the p99 set (their segments adding up to the whole), a legend
// and a table behind a disclosure that opens by click and by keyboard. The
// platform card's sentence names the wait for one of Tomcat's 100 threads,
// in English, German and Chinese; the light and dark themes' colours differ.
// Screenshots in test-artifacts/breakdown-*.png. No console error, no CSP
// violation, no request to another host.
//
//   trunk build --release && node tests/e2e/breakdown.spec.mjs
import path from 'node:path';
import { serveDist } from '../../scripts/serve-dist.mjs';
import { artifacts, assert, check, checkClean, finish, openBrowser, root } from './harness.mjs';

const server = await serveDist(path.join(root, 'dist'));
const base = `http://127.0.0.1:${server.address().port}/`;
const { browser, context, problems, foreign } = await openBrowser(base);

/** Opens `query` and waits for its job to finish. */
async function open(query) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto(`${base}?${query}`);
  await page.waitForSelector('#progress.done', { timeout: 240000 });
  await page.waitForSelector('.card.platform .breakdown .breakdown-said');
  return page;
}

/** What a card's breakdown shows. */
const read = (page, mode) => page.$eval(`.card.${mode} .breakdown`, (b) => ({
  headline: b.dataset.headline,
  said: b.querySelector('.breakdown-said').textContent,
  bars: [...b.querySelectorAll('.bar-row')].map((r) => ({
    set: r.dataset.set,
    segs: [...r.querySelectorAll('.seg')].map((s) => ({ stage: s.dataset.stage, pct: Number(s.dataset.pct), width: s.getBoundingClientRect().width })),
    width: r.querySelector('.bar').getBoundingClientRect().width,
  })),
  legend: [...b.querySelectorAll('.breakdown-legend li')].map((li) => li.textContent),
  rows: [...b.querySelectorAll('tbody tr')].map((tr) => tr.dataset.stage),
}));

// The cards with their breakdowns, without the sticky top bar across them
// (set through the CSSOM: an injected style sheet would meet the page's CSP).
async function shot(page, name) {
  const stick = (on) => page.evaluate((on) => document.querySelectorAll('.tabs, .top').forEach((e) => {
    if (on) e.style.removeProperty('position'); else e.style.setProperty('position', 'static', 'important');
  }), on);
  await stick(false);
  try {
    await page.locator('.summary').screenshot({ path: path.join(artifacts, `breakdown-${name}.png`) });
  } finally {
    await stick(true);
  }
}

try {
  const page = await open('preset=e2-platform&v=1');

  await check('both cards have a breakdown: two bars whose segments fill them', async () => {
    for (const mode of ['platform', 'virtual']) {
      const b = await read(page, mode);
      assert(b.bars.length === 2 && b.bars[0].set === 'mean' && b.bars[1].set === 'p99', `${mode}: bars ${JSON.stringify(b.bars.map((x) => x.set))}`);
      for (const bar of b.bars) {
        const pct = bar.segs.reduce((a, s) => a + s.pct, 0);
        assert(Math.abs(pct - 100) < 0.1, `${mode} ${bar.set}: segments add up to ${pct} %`);
        const drawn = bar.segs.reduce((a, s) => a + s.width, 0);
        assert(Math.abs(drawn - (bar.width - 2)) < 3, `${mode} ${bar.set}: segments ${drawn} px of a ${bar.width} px bar`);
      }
      assert(b.legend.length === b.rows.length && b.rows.length > 0, `${mode}: legend ${b.legend.length}, table ${b.rows.length}`);
      assert(b.said.length > 20 && b.headline, `${mode}: a sentence and what it names (${b.headline}: ${b.said})`);
    }
  });

  await check('E2 platform: the p99 set waits for one of Tomcat\'s 100 threads', async () => {
    const b = await read(page, 'platform');
    assert(b.headline === 'thread_wait', `headline ${b.headline}`);
    assert(/^Platform-thread requests at p99 spend [0-9.]+ s of their [0-9.]+ s waiting for one of Tomcat's 100 threads\.$/.test(b.said), b.said);
    const p99 = b.bars[1].segs.sort((x, y) => y.pct - x.pct)[0];
    assert(p99.stage === 'thread_wait' && p99.pct > 90, `largest p99 segment ${JSON.stringify(p99)}`);
    // The numbers: of the p99 set's whole, the thread wait's part.
    const [, part, whole] = b.said.match(/spend ([0-9.]+) s of their ([0-9.]+) s/).map(parseFloat);
    assert(part < whole && part / whole > 0.9, `${part} of ${whole}`);
    const v = await read(page, 'virtual');
    assert(v.headline !== 'thread_wait' && !v.rows.includes('thread_wait'), `virtual: ${v.headline}, rows ${v.rows}`);
  });

  await check('the table opens by click and by keyboard, with the thread wait\'s row', async () => {
    const details = page.locator('.card.platform .breakdown-table');
    await details.locator('summary').click();
    assert(await details.evaluate((d) => d.open), 'opens on click');
    const row = await page.$eval('.card.platform .breakdown-table tr[data-stage="thread_wait"]', (tr) => [...tr.children].map((c) => c.textContent));
    assert(row[0] === 'Waiting for a Tomcat thread' && /s$/.test(row[1]) && /s$/.test(row[2]), JSON.stringify(row));
    const heads = await page.$$eval('.card.platform .breakdown-table thead th', (ths) => ths.map((t) => t.textContent));
    assert(heads.join('|') === 'Stage|Mean|p99 set', heads.join('|'));
    await shot(page, 'en');
    await details.locator('summary').focus();
    await page.keyboard.press('Enter');
    assert(!(await details.evaluate((d) => d.open)), 'Enter closes it again');
    await page.keyboard.press('Space');
    assert(await details.evaluate((d) => d.open), 'Space opens it');
  });

  await check('the bars are decoration beside the sentence and the table', async () => {
    const hidden = await page.$eval('.card.platform .breakdown .bars', (b) => b.getAttribute('aria-hidden'));
    assert(hidden === 'true', `bars aria-hidden=${hidden}`);
    const caption = await page.$eval('.card.platform .breakdown-table caption', (c) => c.textContent);
    assert(caption.length > 10, caption);
  });

  await check('the dark theme draws the stages in its own, lighter colours', async () => {
    const colour = (p) => p.$eval('.card.platform .seg[data-stage="thread_wait"]', (s) => getComputedStyle(s).backgroundColor);
    const light = await colour(page);
    const dark = await open('preset=e2-platform&theme=dark&v=1');
    const d = await colour(dark);
    assert(light === 'rgb(213, 94, 0)' && d === 'rgb(255, 138, 61)', `light ${light}, dark ${d}`);
    await dark.$eval('.card.platform .breakdown-table', (e) => { e.open = true; });
    await shot(dark, 'dark');
    await dark.close();
  });

  for (const [lang, want] of [['de', "Requests auf Plattform-Threads am p99 verbringen "], ['zh', '平台线程上的请求在 p99 处的 ']]) {
    await check(`${lang}: the sentence and the stages in ${lang}`, async () => {
      const p = await open(`preset=e2-platform&lang=${lang}&v=1`);
      const b = await read(p, 'platform');
      assert(b.said.startsWith(want), b.said);
      const tomcat = lang === 'de' ? 'einen von Tomcats 100 Threads.' : '在等待 Tomcat 的 100 个线程之一。';
      assert(b.said.endsWith(tomcat), b.said);
      if (lang === 'de') assert(/[0-9],[0-9]+ s/.test(b.said), `German decimals: ${b.said}`);
      assert(!b.legend.includes('Waiting for a Tomcat thread'), `legend in ${lang}: ${b.legend}`);
      await p.$eval('.card.platform .breakdown-table', (e) => { e.open = true; });
      await shot(p, lang);
      await p.close();
    });
  }

  await checkClean({ problems, foreign });
} finally {
  await browser.close();
  server.close();
}
finish();
