// End-to-end test, in Debian's headless Chromium: closing a
// lesson before its run leaves the page stuck on the previous scenario's
// numbers ("simulating: 50 of 50", or "0 of 0") unless the scenario on the
// form is sent again. Three ways: close at the prediction step; close after
// switching chapters; close after a language switch. Each must end with the
// form's scenario run to the end (#progress.done belongs to the scenario's
// current generation) and its own numbers on the cards. No console error,
// no CSP violation, no request to another host.
//
//   trunk build --release && node tests/e2e/flow.spec.mjs
import path from 'node:path';
import { serveDist } from '../../scripts/serve-dist.mjs';
import { assert, check, checkClean, finish, openBrowser, root, cards } from './harness.mjs';

const server = await serveDist(path.join(root, 'dist'));
const base = `http://127.0.0.1:${server.address().port}/`;
const { browser, problems, foreign } = await openBrowser(base);

const text = (page, sel) => page.$eval(sel, (e) => e.textContent.trim());
/** Waits until the job of the scenario on the form has finished. */
const done = (page, what) =>
  page.waitForSelector('#progress.done', { timeout: 240000 }).catch(async () => {
    throw new Error(`${what}: stuck at "${await text(page, '#progress')}"`);
  });
/** A page of its own (no lesson progress stored by another way). */
async function fresh(url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 1000 });
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`${page.url()}: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`${page.url()}: pageerror: ${e.message}`));
  page.on('request', (r) => { if (!r.url().startsWith(base) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) foreign.push(r.url()); });
  await page.goto(url);
  return { context, page };
}

try {
  await check('closing at the prediction step runs the form: 100 threads, not the previous 400', async () => {
    const { context, page } = await fresh(`${base}?preset=e2-platform&modes=platform&server.threads_max=400&v=1`);
    await done(page, 'the 400-thread run');
    const before = (await cards(page))[0];
    await page.click('#open-lessons');
    await page.waitForSelector('#guide-waiting');
    await page.click('#guide-close');
    await done(page, 'after closing');
    assert((await page.inputValue('#f-server-threads_max')) === '100', 'the chapter\'s scenario is on the form');
    const after = (await cards(page))[0];
    assert(after !== before, `the cards still show the 400-thread run: ${after}`);
    await context.close();
  });

  await check('closing after switching chapters runs the form', async () => {
    const { context, page } = await fresh(`${base}?lesson=virtual-threads&chapter=2`);
    await page.waitForSelector('#guide-waiting');
    await page.evaluate(() => document.activeElement && document.activeElement.blur());
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => document.querySelector('.guide-where').textContent.includes('Chapter 1 of'));
    await page.click('#guide-close');
    await done(page, 'after closing');
    assert((await cards(page)).length > 0, 'the cards show the run');
    await context.close();
  });

  await check('closing after a language switch runs the form', async () => {
    const { context, page } = await fresh(`${base}?lesson=virtual-threads&chapter=1`);
    await page.waitForSelector('#guide-waiting');
    await page.selectOption('#lang', 'de');
    await page.waitForFunction(() => document.documentElement.lang === 'de' && document.querySelector('#guide-close').textContent !== 'Close the lesson');
    await page.click('#guide-close');
    await done(page, 'after closing');
    assert((await cards(page)).length > 0, 'the cards show the run');
    await context.close();
  });

  await checkClean({ problems, foreign });
} finally {
  await browser.close();
  server.close();
}
finish();
