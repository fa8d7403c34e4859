// End-to-end test of a lesson at a projector in
// Debian's headless Chromium. Presenter mode at 1920×1080: Page Down and
// Page Up (a presentation clicker's keys) step through a chapter; Page Down
// at the question without a prediction shows an announced hint (aria-live)
// and stays; after the run the verdict is scrolled into the window with the
// chapter's proving chart beside it; the replay opens at a speed that fits
// the E2 scenario (not 1 ms of simulated time a second) and its controls are
// as large as the room's type. Outside a lesson Page Down still scrolls the
// page. The lesson's Embed dialog names each chart by its title, offers no
// chart the chapter's columns do not draw, and every box changes the code
// (the last one shown cannot be cleared). Screenshots of the verdict with
// its chart, the Embed dialog and the chart's ceiling labels in English,
// German and Chinese in test-artifacts/projector/. No console error, no CSP
// violation, no request to another host.
//
//   trunk build --release && node tests/e2e/projector.spec.mjs
import fs from 'node:fs';
import path from 'node:path';
import { serveDist } from '../../scripts/serve-dist.mjs';
import { artifacts, assert, check, checkClean, finish, openBrowser, root } from './harness.mjs';

const server = await serveDist(path.join(root, 'dist'));
const base = `http://127.0.0.1:${server.address().port}/`;
const { browser, context, problems, foreign } = await openBrowser(base);
const shots = path.join(artifacts, 'projector');
fs.mkdirSync(shots, { recursive: true });

const text = (page, sel) => page.$eval(sel, (e) => e.textContent.trim());
const currentStep = (page) => text(page, '.guide-steps li[aria-current=step]');
const blur = (page) => page.evaluate(() => document.activeElement && document.activeElement.blur());
/** Whether the element is wholly inside the window. */
const inView = (page, sel) => page.$eval(sel, (e) => {
  const r = e.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0;
});
/** Waits until `sel` is wholly in the window (a smooth scroll takes a moment). */
const waitInView = (page, sel) => page.waitForFunction((s) => {
  const e = document.querySelector(s);
  if (!e) return false;
  const r = e.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0;
}, sel, { timeout: 10000 }).catch(async () => {
  const r = await page.$eval(sel, (e) => JSON.stringify(e.getBoundingClientRect())).catch(() => 'absent');
  throw new Error(`${sel} not in view: ${r}`);
});
/** The chart's canvas has drawn with data (the sweep arrives after the grade). */
const drawn = (page, sel) => page.waitForFunction((s) => {
  const c = document.querySelector(s);
  return c && Number(c.dataset.draws || 0) > 0 && document.querySelector('#progress.done');
}, sel, { timeout: 240000 });
const px = (page, sel) => page.$eval(sel, (e) => parseFloat(getComputedStyle(e).fontSize));

const presenter = (lang, chapter) =>
  `${base}?presenter=1${lang === 'en' ? '' : `&lang=${lang}`}&lesson=virtual-threads&chapter=${chapter}&v=1`;

try {
  // A presenter whose browser has no progress yet: a context of its own.
  const room = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  room.on('page', (p) => {
    p.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`${p.url()}: ${m.text()}`); });
    p.on('pageerror', (e) => problems.push(`${p.url()}: pageerror: ${e.message}`));
    p.on('request', (r) => { if (!r.url().startsWith(base) && !/^(data|blob):/.test(r.url())) foreign.push(r.url()); });
  });
  const p = await room.newPage();
  await p.goto(presenter('en', 1));
  await p.waitForSelector('#lesson');

  await check('Page Down and Page Up (a clicker) step through the chapter like → and ←', async () => {
    await blur(p);
    assert((await currentStep(p)) === 'Read', await currentStep(p));
    await p.keyboard.press('PageDown');
    assert((await currentStep(p)) === 'Predict', `Page Down: ${await currentStep(p)}`);
    await p.keyboard.press('PageUp');
    assert((await currentStep(p)) === 'Read', `Page Up: ${await currentStep(p)}`);
    await p.keyboard.press('PageDown');
    assert((await currentStep(p)) === 'Predict', await currentStep(p));
    assert((await text(p, '.guide-nav .muted')).includes('Page Down'), 'the keys are named on the panel');
  });

  await check('Page Down at the question without a prediction: a visible, announced hint', async () => {
    assert((await p.$eval('#guide-hint', (e) => e.getAttribute('aria-live'))) === 'polite', 'a live region');
    assert(!(await p.isVisible('#guide-hint')), 'no hint before it is needed');
    await p.keyboard.press('PageDown');
    assert((await currentStep(p)) === 'Predict', `stays: ${await currentStep(p)}`);
    await p.waitForSelector('#guide-hint', { state: 'visible', timeout: 3000 });
    const hint = await text(p, '#guide-hint');
    assert(/prediction first/.test(hint), hint);
    assert(!(await p.isDisabled('#guide-next')), 'Next is not a dead button at the question');
  });

  await check('after Run the verdict is in the window at 1920×1080, the proving chart beside it', async () => {
    await p.fill('#guide-answer', '1900');
    assert(!(await p.isVisible('#guide-hint')), 'the answer put the hint away');
    // The clicker goes on from the answer just typed: that runs the chapter.
    await p.focus('#guide-answer');
    await p.keyboard.press('PageDown');
    await p.waitForSelector('#guide-compare', { timeout: 240000 });
    await waitInView(p, '#guide-verdict');
    assert(await inView(p, '#guide-compare'), 'the prediction, the run and the verdict');
    assert((await p.$$('#guide-proof canvas')).length === 1, 'the chapter\'s chart inline');
    const proof = await p.$eval('#guide-proof canvas', (c) => {
      const r = c.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, height: r.height };
    });
    assert(proof.top >= 0 && proof.top < 1080 - 200 && proof.height > 300, `the chart on screen: ${JSON.stringify(proof)}`);
    assert((await text(p, '#guide-proof h3')).startsWith('Successful requests/s'), await text(p, '#guide-proof h3'));
    await drawn(p, '#guide-chart-sweep-throughput');
    await p.waitForTimeout(300);
    await p.screenshot({ path: path.join(shots, 'presenter-verdict-en.png') });
    await (await p.$('#guide-proof')).screenshot({ path: path.join(shots, 'ceiling-labels-en.png') });
  });

  await check('the replay of an E2 run opens at a speed that fits it, its controls at the room\'s size', async () => {
    await p.click('#replay-platform');
    await p.waitForSelector('#replay-scrub', { timeout: 60000 });
    const speed = await text(p, '#replay-speed');
    assert(!speed.startsWith('1 ms'), `not a minute per 50 ms sleep: ${speed}`);
    assert(/^(20|100|500) ms/.test(speed), speed);
    const root = await px(p, 'html');
    for (const sel of ['#replay-forward', '#replay-follow', '#replay-speed', '#replay-time']) {
      const size = await px(p, sel);
      assert(size >= root * 0.95, `${sel}: ${size} px against the root's ${root} px`);
    }
    const slider = await p.$eval('#replay-scrub', (e) => e.getBoundingClientRect().height);
    assert(slider >= root, `the slider ${slider} px high`);
    await p.$eval('#replay', (e) => e.scrollIntoView());
    await p.screenshot({ path: path.join(shots, 'presenter-replay-en.png') });
  });

  for (const lang of ['de', 'zh']) {
    await check(`presenter mode in ${lang}: the graded chapter shows its verdict and chart`, async () => {
      const q = await room.newPage();
      await q.goto(presenter(lang, 1));
      await q.waitForSelector('#guide-compare', { timeout: 60000 });
      await drawn(q, '#guide-chart-sweep-throughput');
      await q.$eval('#guide-result', (e) => e.scrollIntoView());
      await q.waitForTimeout(300);
      assert(await inView(q, '#guide-verdict'), 'verdict on screen');
      const verdict = await text(q, '#guide-verdict');
      assert(lang === 'de' ? /^Richtig/.test(verdict) : /[\u4e00-\u9fff]/.test(verdict), verdict);
      await q.screenshot({ path: path.join(shots, `presenter-verdict-${lang}.png`) });
      await (await q.$('#guide-proof')).screenshot({ path: path.join(shots, `ceiling-labels-${lang}.png`) });
      await q.close();
    });
  }
  await room.close();

  await check('outside a lesson Page Down still scrolls the page', async () => {
    const q = await context.newPage();
    await q.setViewportSize({ width: 1280, height: 800 });
    await q.goto(`${base}?preset=e1-platform&v=1`);
    await q.waitForSelector('#progress', { timeout: 60000 });
    await q.waitForFunction(() => document.documentElement.scrollHeight > window.innerHeight + 400, null, { timeout: 120000 });
    await blur(q);
    await q.keyboard.press('PageDown');
    await q.waitForFunction(() => window.scrollY > 200, null, { timeout: 3000 })
      .catch(async () => { throw new Error(`scrollY ${await q.evaluate(() => window.scrollY)}`); });
    await q.close();
  });

  for (const lang of ['en', 'de', 'zh']) {
    await check(`the lesson's Embed dialog in ${lang}: charts by name, only those the chapter draws, every box changes the code`, async () => {
      const q = await context.newPage();
      await q.setViewportSize({ width: 1280, height: 1000 });
      await q.goto(`${base}?${lang === 'en' ? '' : `lang=${lang}&`}lesson=virtual-threads&chapter=4&v=1`);
      await q.waitForSelector('#lesson');
      await q.click('#open-embed');
      await q.waitForSelector('#embed-dialog');
      assert(await q.isChecked('#embed-what-chapter'), 'the chapter');
      const boxes = await q.$$eval('#embed-dialog input[type=checkbox][id^=embed-chart-]', (bs) => bs.map((b) => ({
        id: b.id.replace('embed-chart-', ''),
        name: b.closest('label').textContent.trim(),
        title: b.closest('label').getAttribute('title'),
      })));
      assert(boxes.length >= 8, JSON.stringify(boxes));
      for (const b of boxes) {
        assert(b.name !== b.id && !/^[a-z]+(-[a-z]+)+$/.test(b.name), `a raw id: ${b.name}`);
        assert(b.title === null, `a raw id as a tooltip: ${b.title}`);
        assert(!b.id.endsWith('-platform'), `chapter 4 runs virtual threads only: ${b.id}`);
      }
      const code = () => q.inputValue('#embed-code');
      for (const b of boxes) {
        const sel = `#embed-chart-${b.id}`;
        if (await q.isDisabled(sel)) continue;
        const before = await code();
        await q.click(sel);
        const after = await code();
        assert(after !== before, `${b.id} changed nothing`);
        await q.click(sel);
        assert((await code()) === before, `${b.id} back`);
      }
      // The last chart shown cannot be cleared (none would show the default).
      await q.uncheck('#embed-chart-sweep-latency');
      assert(await q.isDisabled('#embed-chart-sweep-throughput'), 'the one chart left stays');
      assert((await code()).includes('charts=sweep-throughput&amp;'), await code());
      await q.check('#embed-chart-timeline-virtual');
      assert(!(await q.isDisabled('#embed-chart-sweep-throughput')), 'two again');
      await (await q.$('#embed-dialog')).screenshot({ path: path.join(shots, `embed-dialog-${lang}.png`) });
      await q.close();
    });
  }

  await checkClean({ problems, foreign });
} finally {
  await browser.close();
  server.close();
}
finish();
