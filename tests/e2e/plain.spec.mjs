// End-to-end test, in Debian's headless Chromium: a plain
// first layer.
//
// * The form shows the settings a Java developer reaches for first; the
//   others wait in a collapsed "Advanced" group (a button with
//   aria-expanded) that opens by click and by keyboard (Enter, Space), and
//   a link keeps it open (`advanced=1`).
// * A teacher's link that sets an advanced setting (gc.alloc_kb) shows it
//   with the group closed, and says "This link changes: …" (not "You
//   changed"); the reader's own edit then reads "You changed: …".
// * A lesson's intro says its program in plain words ("0.1 ms of CPU,
//   Thread.sleep(50), …") with the syntax behind "Show as program"; its
//   scenario's changes read "This chapter sets: …".
//
// Screenshots in en, de and zh, and at 375 px, go to test-artifacts/plain/.
// No console error, no CSP violation, no request to another host.
//
//   trunk build --release && node tests/e2e/plain.spec.mjs
import fs from 'node:fs';
import path from 'node:path';
import { serveDist } from '../../scripts/serve-dist.mjs';
import { artifacts, assert, catalogue, check, checkClean, finish, openBrowser, root } from './harness.mjs';

const server = await serveDist(path.join(root, 'dist'));
const base = `http://127.0.0.1:${server.address().port}/`;
const { browser, context, problems, foreign } = await openBrowser(base);
const shots = path.join(artifacts, 'plain');
fs.mkdirSync(shots, { recursive: true });

/** The catalogue's words of `key` in `lang` and `area`. */
const words = (lang, area, key) => catalogue(lang, area)[key];
const text = (page, sel) => page.$eval(sel, (e) => e.textContent.trim());
const expanded = (page, sel) => page.$eval(sel, (e) => e.getAttribute('aria-expanded'));
const present = async (page, sel) => (await page.$(sel)) !== null;
const addressWhere = (page, test, what) =>
  page.waitForFunction(test, null, { timeout: 5000 }).catch(() => { throw new Error(`address: ${what}: ${page.url()}`); });

async function open(query, width = 1280) {
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${base}${query}`);
  await page.waitForSelector('#advanced-toggle', { state: 'attached' });
  return page;
}

/** A screenshot of the page with the Advanced toggle in view. */
async function formShot(page, name) {
  await page.locator('#advanced-toggle').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

try {
  await check('the first layer shows first; Advanced opens by click and closes again', async () => {
    const page = await open('');
    for (const id of ['f-load-tool', 'f-load-concurrency', 'f-program', 'f-server-threads_max', 'f-server-cores',
      'f-server-jdk', 'f-db-pool_size', 'f-memory-heap_mb', 'f-modes']) {
      assert(await page.isVisible(`#${id}`), `${id} shows in the first layer`);
    }
    assert((await expanded(page, '#advanced-toggle')) === 'false', 'closed at first');
    assert(!(await present(page, '#f-gc-alloc_kb')), 'gc.alloc_kb waits in Advanced');
    assert(!(await present(page, '#f-limits-max_events')), 'budgets wait in Advanced');
    const toggle = await text(page, '#advanced-toggle');
    assert(toggle.includes('Advanced settings') && /\d+ more/.test(toggle), toggle);
    await formShot(page, 'form-closed-en');
    await page.click('#advanced-toggle');
    await page.waitForSelector('#f-gc-alloc_kb');
    assert((await expanded(page, '#advanced-toggle')) === 'true', 'open after a click');
    assert(await page.isVisible('#f-limits-max_events'), 'budgets show once open');
    await addressWhere(page, () => location.search.includes('advanced=1'), 'the open group is in the link');
    await page.click('#advanced-toggle');
    await page.waitForSelector('#f-gc-alloc_kb', { state: 'detached' });
    assert((await expanded(page, '#advanced-toggle')) === 'false', 'closed after a second click');
    await addressWhere(page, () => !location.search.includes('advanced='), 'closed again: the link drops it');
    await page.close();
  });

  await check('Advanced opens and closes by keyboard (Enter, Space), and a link keeps it open', async () => {
    const page = await open('');
    await page.focus('#advanced-toggle');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#f-gc-alloc_kb');
    assert((await expanded(page, '#advanced-toggle')) === 'true', 'Enter opens it');
    await page.keyboard.press(' ');
    await page.waitForSelector('#f-gc-alloc_kb', { state: 'detached' });
    assert((await expanded(page, '#advanced-toggle')) === 'false', 'Space closes it');
    await page.keyboard.press(' ');
    await page.waitForSelector('#f-gc-alloc_kb');
    await page.close();
    const again = await open('?advanced=1&lang=de&v=1');
    assert((await expanded(again, '#advanced-toggle')) === 'true', 'the link opens it');
    assert(await again.isVisible('#f-gc-alloc_kb'), 'its fields show');
    assert((await text(again, '#advanced-toggle')).includes(words('de', 'ui', 'form.advanced')), 'German words');
    await formShot(again, 'form-open-de');
    await again.close();
  });

  for (const lang of ['en', 'de', 'zh']) {
    await check(`${lang}: a link that sets an advanced setting shows it, and says the link changes it`, async () => {
      const page = await open(`?preset=e2-platform&gc.alloc_kb=64&lang=${lang}&v=1`);
      assert((await expanded(page, '#advanced-toggle')) === 'false', 'the group stays closed');
      assert(await page.isVisible('#f-gc-alloc_kb'), 'gc.alloc_kb shows with the group closed');
      assert((await page.inputValue('#f-gc-alloc_kb')) === '64', 'with the link\'s value');
      assert(!(await present(page, '#f-gc-pause_base_ms')), 'and only it');
      assert(await page.isVisible('#advanced-revealed'), 'the group says why it shows');
      const lead = words(lang, 'ui', 'about.link_changes');
      const said = await text(page, '#link-changes');
      assert(said.startsWith(lead.trim()), `"${said}" starts with "${lead}"`);
      assert(!(await present(page, '#preset-changes')), 'no "You changed" for what the link changed');
      await page.locator('#advanced').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, `link-advanced-${lang}.png`) });
      await page.locator('.scenario-about').screenshot({ path: path.join(shots, `link-changes-${lang}.png`) });
      if (lang === 'en') {
        await page.fill('#f-load-concurrency', '300');
        await page.waitForSelector('#preset-changes');
        assert((await text(page, '#preset-changes')).startsWith('You changed:'), 'the reader\'s own edit');
        assert((await text(page, '#link-changes')).includes('64'), 'the link\'s stays the link\'s');
        // Typed back to the preset's value, the field stays while the reader is in it.
        await page.fill('#f-gc-alloc_kb', '');
        assert(await page.isVisible('#f-gc-alloc_kb'), 'an edited field stays on the form');
        await page.locator('.scenario-about').screenshot({ path: path.join(shots, 'link-and-reader-en.png') });
      }
      await page.close();
    });
  }

  await check('375 px: the form, the Advanced toggle and a revealed field fit', async () => {
    const page = await open('?preset=e2-platform&gc.alloc_kb=64&v=1', 375);
    const tab = await page.$('#tab-settings');
    if (tab) await tab.click();
    await page.waitForSelector('#f-gc-alloc_kb', { state: 'visible' });
    const box = await page.locator('#advanced-toggle').boundingBox();
    assert(box && box.x >= 0 && box.x + box.width <= 375 + 1, `the toggle fits: ${JSON.stringify(box)}`);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert(wide <= 376, `no sideways scroll: ${wide}`);
    await page.locator('#advanced').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, 'link-advanced-375.png') });
    await page.close();
  });

  const program = 'cpu:0.1ms,io:50ms,io:lognormal(floor=1.76ms,p50=2.67ms,p99=9.48ms)';
  for (const [lang, plain] of [
    ['en', '0.1 ms of CPU, Thread.sleep(50), then a blocking wait of at least 1.76 ms, median 2.67 ms (p99 9.48 ms)'],
    ['de', '0,1 ms CPU-Zeit, Thread.sleep(50), dann ein blockierendes Warten von mindestens 1,76 ms, Median 2,67 ms (p99 9,48 ms)'],
    ['zh', '0.1 毫秒 CPU 计算，Thread.sleep(50)，然后阻塞等待至少 1.76 毫秒，中位数 2.67 毫秒（p99 为 9.48 毫秒）'],
  ]) {
    await check(`${lang}: the lesson says its program in plain words, the syntax behind "Show as program"`, async () => {
      const page = await context.newPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      // Each language starts the chapter afresh (no progress kept from the last).
      await page.goto(base);
      await page.evaluate(() => localStorage.clear());
      await page.goto(`${base}?lang=${lang}&lesson=virtual-threads&chapter=1&v=1`);
      await page.waitForSelector('#guide-intro');
      const intro = await text(page, '#guide-intro');
      assert(intro.includes(plain), `plain words: ${intro}`);
      assert(!intro.includes('cpu:0.1ms'), 'no syntax in the prose');
      assert(!(await page.isVisible('#guide-program')), 'the syntax starts hidden');
      assert((await expanded(page, '#guide-program-toggle')) === 'false', 'the toggle says so');
      const label = words(lang, 'lessons', 'guide.show_program');
      assert((await text(page, '#guide-program-toggle')).includes(label), 'its words');
      if (lang === 'en') {
        await page.click('#guide-program-toggle');
      } else {
        await page.focus('#guide-program-toggle');
        await page.keyboard.press('Enter');
      }
      await page.waitForSelector('#guide-program', { state: 'visible' });
      assert((await expanded(page, '#guide-program-toggle')) === 'true', 'open');
      assert((await text(page, '#guide-program code')) === program, 'the program as written');
      await page.locator('#lesson').screenshot({ path: path.join(shots, `lesson-program-${lang}.png`) });
      // The scenario's words show once the prediction is in and the chapter ran.
      await page.fill('#guide-answer', '2000');
      await page.click('#guide-run');
      await page.waitForSelector('#progress.done', { timeout: 240000 });
      await page.waitForSelector('#chapter-changes');
      const lead = words(lang, 'ui', 'about.chapter_sets');
      const said = await text(page, '#chapter-changes');
      assert(said.startsWith(lead.trim()), `"${said}" starts with "${lead}"`);
      assert(!(await present(page, '#preset-changes')), 'no "You changed" for what the chapter set');
      await page.locator('.scenario-about').screenshot({ path: path.join(shots, `chapter-changes-${lang}.png`) });
      if (lang === 'zh') {
        await page.setViewportSize({ width: 375, height: 800 });
        await page.waitForTimeout(300);
        await page.locator('#lesson').screenshot({ path: path.join(shots, 'lesson-program-375.png') });
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        assert(wide <= 376, `no sideways scroll at 375 px: ${wide}`);
      }
      await page.close();
    });
  }

  await checkClean({ problems, foreign });
} finally {
  await browser.close();
  server.close();
}
finish();
