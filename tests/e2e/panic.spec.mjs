// End-to-end test of "no panic reaches a user" in Debian's
// headless Chromium, with the debug fragment (README: "Debug faults"):
// a panic on the page's main thread becomes the error panel (what happened,
// "copy details" with scenario, version and message, "reset to defaults"),
// never a dead page; a panic in the worker, or a worker stuck in one slice,
// is replaced without a reload and says so; text typed into the form comes
// back as text, never as markup. No CSP violation; the only console errors
// are the faults' own.
//
//   trunk build --release && node tests/e2e/panic.spec.mjs
import path from 'node:path';
import { serveDist } from '../../scripts/serve-dist.mjs';
import { artifacts, assert, checkClean, check, finish, openBrowser, root, settle } from './harness.mjs';

const server = await serveDist(path.join(root, 'dist'));
const base = `http://127.0.0.1:${server.address().port}/`;
const { browser, context, problems, foreign } = await openBrowser(base);
// What the faults print on purpose: the panic's message and the trap.
const expected = /debug fault|pageerror: (RuntimeError: )?unreachable|panicked at/;

/** Moves the threads.max slider and waits for the new job to finish. */
async function simulateAgain(page) {
  await page.waitForSelector('#slider-server-threads_max');
  const before = await page.$eval('#progress', (p) => p.textContent);
  await page.locator('#slider-server-threads_max').focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await page.waitForFunction((b) => document.querySelector('#progress').textContent !== b, before, { timeout: 10000 });
  await settle(page);
}

try {
  await check('a panic on the page shows the error panel, never a dead page', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${base}?load.concurrency=300&v=1#threadlab-debug=panic-page`);
    await page.waitForSelector('#panic:not([hidden])', { timeout: 30000 });
    const text = await page.$eval('#panic', (p) => p.innerText);
    assert(/stopped because of a bug/.test(text), text);
    assert(/debug fault: a panic on the page/.test(text), text);
    assert(page.url() === `${base}?load.concurrency=300&v=1`, `the fragment is gone once it fired: ${page.url()}`);
    assert(await page.$eval('#panic-dismiss', (b) => b.hidden), 'no dismiss: the page cannot go on');
    await page.screenshot({ path: path.join(artifacts, 'panic-page.png') });
    await page.click('#panic-copy');
    await page.waitForFunction(() => document.querySelector('#panic-copy').textContent === 'Copied');
    const details = await page.evaluate(() => navigator.clipboard.readText());
    assert(/^threadlab \d+\.\d+\.\d+\n/.test(details), details);
    assert(details.includes('scenario: ' + base + '?load.concurrency=300&v=1'), JSON.stringify(details));
    assert(/message: [\s\S]*debug fault: a panic on the page/.test(details), JSON.stringify(details));
    await page.click('#panic-reset');
    await page.waitForURL(base);
    await settle(page);
    assert(await page.$eval('#panic', (p) => p.hidden), 'the panel is gone');
    assert((await page.inputValue('#f-load-concurrency')) === '2000', 'back to the defaults');
    await page.close();
  });

  await check('a panic in the worker is shown, and a new worker simulates without a reload', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${base}#threadlab-debug=panic-worker`);
    await page.evaluate(() => { window.__sameDocument = true; });
    await page.waitForSelector('#panic:not([hidden])', { timeout: 30000 });
    const text = await page.$eval('#panic', (p) => p.innerText);
    assert(/simulation worker stopped because of a bug; a new one was started/.test(text), text);
    assert(/debug fault: a panic in the simulation worker/.test(text), text);
    await page.screenshot({ path: path.join(artifacts, 'panic-worker.png') });
    await page.click('#panic-dismiss');
    assert(await page.$eval('#panic', (p) => p.hidden), 'dismissed');
    const line = await page.$eval('#interrupted', (p) => p.textContent);
    assert(/interrupted/.test(line), line);
    await page.click('#run-again');
    await settle(page);
    assert((await page.$('#interrupted')) === null, 'the line goes once the job ran');
    assert(await page.evaluate(() => window.__sameDocument === true), 'no reload');
    assert(page.url() === base, `the fragment is gone once it fired: ${page.url()}`);
    // A reload (or an edit of the address bar) does not fire it again.
    await page.reload();
    await settle(page);
    assert(await page.$eval('#panic', (p) => p.hidden), 'no fault after a reload');
    assert((await page.$('#interrupted')) === null, 'nothing interrupted');
    await page.close();
  });

  await check('a worker stuck in one slice is stopped after the limit and replaced', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    const t0 = Date.now();
    await page.goto(`${base}#threadlab-debug=hang-worker`);
    await page.evaluate(() => { window.__sameDocument = true; });
    await page.waitForSelector('#panic:not([hidden])', { timeout: 30000 });
    const seconds = (Date.now() - t0) / 1000;
    const text = await page.$eval('#panic', (p) => p.innerText);
    assert(/stopped responding/.test(text) && /more than 5 s/.test(text), text);
    assert(seconds >= 5 && seconds < 20, `stopped after ${seconds.toFixed(1)} s`);
    console.log(`     (the stuck worker was replaced ${seconds.toFixed(1)} s after the page opened)`);
    await page.click('#panic-dismiss');
    await simulateAgain(page);
    assert(await page.evaluate(() => window.__sameDocument === true), 'no reload');
    assert(!page.url().includes('#'), `the fragment is gone once it fired: ${page.url()}`);
    await page.close();
  });

  await check('text typed into the form comes back as text, never as markup', async () => {
    const page = await context.newPage();
    await page.goto(base);
    await page.waitForSelector('#f-program');
    const markup = '<img src=x id=pwned><b id=bold>x</b>';
    await page.fill('#f-program', markup);
    await page.waitForSelector('.field.invalid .error');
    const error = await page.$eval('.field.invalid .error', (e) => e.textContent);
    assert(error.includes('<img src=x id=pwned>'), error);
    assert((await page.$('#pwned')) === null && (await page.$('#bold')) === null, 'no element from the text');
    const problemsText = await page.$eval('.problems', (p) => p.textContent);
    assert(problemsText.includes('<b id=bold>'), problemsText);
    await page.close();
  });

  await checkClean({ problems, foreign }, expected);
} finally {
  await browser.close();
  server.close();
}
finish();
