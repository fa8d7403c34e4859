// End-to-end test, in Debian's headless Chromium:
// the browser's history and the language a link opens in.
//
// * Back undoes a preset change (and Forward redoes it); Back undoes a
//   lesson's chapter step; a slider's drag adds no entry (it rewrites the
//   current one, which keeps the drag).
// * A link without a version reads as this one: `?lang=zh` alone opens
//   Chinese, `?theme=dark` alone dark, and the address gets its `v=1`.
// * A browser whose language is German (a context with locale de-DE) opens
//   a link that names no language in German, and its address names none.
//
// Screenshots of those states (en, de, zh) go to test-artifacts/history-*.png.
// No console error, no CSP violation, no request to another host.
//
//   trunk build --release && node tests/e2e/history.spec.mjs
import fs from 'node:fs';
import path from 'node:path';
import { serveDist } from '../../scripts/serve-dist.mjs';
import { artifacts, assert, catalogue, check, checkClean, finish, openBrowser, root } from './harness.mjs';

const server = await serveDist(path.join(root, 'dist'));
const base = `http://127.0.0.1:${server.address().port}/`;
const { browser, context, problems, foreign, watch } = await openBrowser(base);

/** The catalogue's words of `key` in `lang` (the page's ui area). */
const words = (lang, key) => catalogue(lang, 'ui')[key];
const text = (page, sel) => page.$eval(sel, (e) => e.textContent.trim());
const search = (page) => page.evaluate(() => location.search);
const entries = (page) => page.evaluate(() => history.length);
/** Waits until the address's query matches `re`. */
const addressIs = (page, re, what) =>
  page.waitForFunction((src) => new RegExp(src).test(location.search), re.source, { timeout: 10000 })
    .catch(async () => { throw new Error(`${what}: the address is ${await search(page)}`); });
/** Back or Forward, as the browser's buttons do (a same-document entry). */
const back = (page) => page.evaluate(() => history.back());
const forward = (page) => page.evaluate(() => history.forward());

async function open(ctx, url) {
  const page = await ctx.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(url);
  await page.waitForSelector('#preset');
  return page;
}

try {
  await check('a slider adds no entry; Back undoes a preset change, Forward redoes it', async () => {
    const page = await open(context, base);
    await page.waitForSelector('#slider-server-threads_max');
    // A new tab's about:blank is an entry too: count from the page's own.
    const start = await entries(page);
    const slider = page.locator('#slider-server-threads_max');
    await slider.focus();
    for (let i = 0; i < 25; i++) await page.keyboard.press('ArrowRight');
    const dragged = await page.inputValue('#f-server-threads_max');
    assert(dragged !== '100', `the slider moved: ${dragged}`);
    await addressIs(page, new RegExp(`server\\.threads_max=${dragged}&v=1$`), 'the drag in the address');
    await page.waitForTimeout(500);
    assert((await entries(page)) === start, `25 steps of a slider, ${(await entries(page)) - start} new entries`);

    await page.selectOption('#preset', 'db-pool');
    await addressIs(page, /preset=db-pool/, 'the preset in the address');
    assert((await entries(page)) === start + 1, `a preset change adds one entry: ${(await entries(page)) - start}`);

    await back(page);
    await page.waitForFunction(() => document.querySelector('#preset').value === 'e2-platform', null, { timeout: 10000 });
    await addressIs(page, /^\?server\.threads_max=\d+&v=1$/, 'Back: the entry before the preset');
    assert((await page.inputValue('#f-server-threads_max')) === dragged, 'Back keeps the drag its entry held');
    assert(!(await page.$('#link-notice')), 'no notice for the page\'s own entry');

    await forward(page);
    await page.waitForFunction(() => document.querySelector('#preset').value === 'db-pool', null, { timeout: 10000 });
    await addressIs(page, /preset=db-pool/, 'Forward: the preset again');
    assert((await entries(page)) === start + 1, `Back and Forward add nothing: ${(await entries(page)) - start}`);
    await page.close();
  });

  await check('Back undoes a chapter step, Forward redoes it, and Back again closes nothing else', async () => {
    const page = await open(context, `${base}?lesson=virtual-threads&chapter=2`);
    await page.waitForSelector('#guide-title');
    const second = await text(page, '#guide-title');
    await addressIs(page, /lesson=virtual-threads&chapter=2/, 'the lesson in the address');
    const before = await entries(page);
    await page.click('#guide-back');
    await addressIs(page, /chapter=1/, 'the step to chapter 1');
    await page.waitForFunction((t) => document.querySelector('#guide-title').textContent.trim() !== t, second);
    const first = await text(page, '#guide-title');
    assert((await entries(page)) === before + 1, `a chapter step adds one entry: ${await entries(page)}`);

    await back(page);
    await page.waitForFunction((t) => document.querySelector('#guide-title')?.textContent.trim() === t, second, { timeout: 10000 });
    await addressIs(page, /chapter=2/, 'Back: chapter 2 again');
    assert(await page.isVisible('#guide-waiting'), 'chapter 2 holds its results back again');

    await forward(page);
    await page.waitForFunction((t) => document.querySelector('#guide-title')?.textContent.trim() === t, first, { timeout: 10000 });
    await addressIs(page, /chapter=1/, 'Forward: chapter 1');

    // Closing the lesson is a step of its own too.
    await page.click('#guide-close');
    await page.waitForFunction(() => !document.querySelector('#guide-title'));
    await addressIs(page, /^(?!.*lesson=)/, 'closed: no lesson in the address');
    await back(page);
    await page.waitForSelector('#guide-title', { timeout: 10000 });
    assert((await text(page, '#guide-title')) === first, 'Back reopens the lesson where it was');
    await page.close();
  });

  await check('?lang=zh alone (no v=) opens Chinese, without a notice, and gets its version', async () => {
    const page = await open(context, `${base}?lang=zh`);
    await page.waitForFunction(() => document.documentElement.lang === 'zh');
    await addressIs(page, /^\?lang=zh&v=1$/, 'the address');
    assert(!(await page.$('#link-notice')), 'no notice');
    assert((await text(page, '.brand p')) === words('zh', 'page.tagline'), `Chinese words: ${await text(page, '.brand p')}`);
    await page.waitForSelector('#progress.done', { timeout: 120000 });
    await page.screenshot({ path: path.join(artifacts, 'history-lang-zh.png') });
    await page.close();
  });

  await check('?theme=dark alone (no v=) opens dark, in English', async () => {
    const page = await open(context, `${base}?theme=dark`);
    assert((await page.getAttribute('html', 'data-theme')) === 'dark', 'data-theme');
    assert(await page.evaluate(() => document.documentElement.classList.contains('dark')), 'the dark class');
    assert((await page.getAttribute('html', 'lang')) === 'en', 'an English browser: English');
    await addressIs(page, /^\?theme=dark&v=1$/, 'the address');
    assert(!(await page.$('#link-notice')), 'no notice');
    await page.waitForSelector('#progress.done', { timeout: 120000 });
    await page.screenshot({ path: path.join(artifacts, 'history-theme-dark-en.png') });
    await page.close();
  });

  await check('a link without a version that holds something unreadable names it, and that the version was missing', async () => {
    const page = await open(context, `${base}?preset=db-pool&load.concurrency=300&theme=da`);
    await page.waitForSelector('#link-notice');
    const notice = await text(page, '#link-notice');
    assert(notice.includes('theme=da') && notice.includes('cut short'), notice);
    assert((await page.inputValue('#preset')) === 'db-pool', 'what it held whole is read');
    await page.waitForSelector('#f-load-concurrency');
    assert((await page.inputValue('#f-load-concurrency')) === '300', 'the concurrency');
    await page.close();
  });

  await check('a German browser (locale de-DE) opens a link without a language in German; its address names none', async () => {
    const german = await browser.newContext({ locale: 'de-DE' });
    german.on('page', watch);
    const page = await open(german, `${base}?preset=db-pool`);
    const langs = await page.evaluate(() => [...navigator.languages]);
    assert(langs[0] === 'de-DE', `navigator.languages: ${langs}`);
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    const tagline = await text(page, '.brand p');
    assert(tagline === words('de', 'page.tagline'), `German words: ${tagline}`);
    await addressIs(page, /^\?preset=db-pool&v=1$/, 'the reader\'s language is not the link\'s');
    assert(!(await page.$('#link-notice')), 'no notice');
    await page.waitForSelector('#progress.done', { timeout: 120000 });
    await page.screenshot({ path: path.join(artifacts, 'history-browser-de.png') });
    // A link's own language wins over the browser's.
    const english = await open(german, `${base}?lang=en`);
    await english.waitForSelector('#lang');
    assert((await english.getAttribute('html', 'lang')) === 'en', 'lang=en stays English');
    await english.close();
    await page.close();
    await german.close();
  });

  await checkClean({ problems, foreign });
} finally {
  await browser.close();
  server.close();
}
finish();
