// End-to-end test of a lesson on the page in Debian's headless
// Chromium: a lesson's link opens its chapter with the results held back;
// the learner steps with the keyboard, predicts, runs, and sees the grade
// beside the run's result, what to notice and the "now try" changes; → goes
// on to chapter 2 (the address follows); the progress survives a reload
// (local storage); the language menu switches the page to German and
// Chinese (the address and <html lang> follow; screenshots in
// test-artifacts/lessons/); the "Lessons" entry opens chapter 1 and the
// panel closes; presenter mode (large type at 1920×1080 and at 150 %, the
// settings and share bar tucked away, a chapter driven by keyboard only);
// chapter 4's replay beside its text (a pinned carrier; ← → on the
// replay's controls step the replay, not the lesson). No console error, no
// CSP violation, no request to another host.
//
//   trunk build --release && node tests/e2e/lesson.spec.mjs
import fs from 'node:fs';
import path from 'node:path';
import { serveDist } from '../../scripts/serve-dist.mjs';
import { artifacts, assert, check, checkClean, finish, openBrowser, root } from './harness.mjs';

const server = await serveDist(path.join(root, 'dist'));
const base = `http://127.0.0.1:${server.address().port}/`;
const { browser, context, problems, foreign, watch } = await openBrowser(base);
const shots = path.join(artifacts, 'lessons');
fs.mkdirSync(shots, { recursive: true });

const text = (page, sel) => page.$eval(sel, (e) => e.textContent.trim());
const currentStep = (page) => text(page, '.guide-steps li[aria-current=step]');
/** Waits until the address (debounced) satisfies `test`. */
const addressWhere = (page, test, what) =>
  page.waitForFunction(test, null, { timeout: 5000 }).catch(() => { throw new Error(`address: ${what}: ${page.url()}`); });
/** Waits until the chapter's job has finished. */
const done = (page) => page.waitForSelector('#progress.done', { timeout: 240000 });
/** A screenshot of the top of the page: the header and the lesson panel. */
async function shot(page, name) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

try {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto(`${base}?lesson=virtual-threads&chapter=1`);
  await page.waitForSelector('#lesson');

  await check('a lesson link opens its chapter, results held back until the prediction', async () => {
    assert((await text(page, '.guide-where')).includes('Chapter 1 of 9'), await text(page, '.guide-where'));
    assert((await text(page, '#guide-title')) === 'The pool runs out', await text(page, '#guide-title'));
    assert((await text(page, '#guide-intro')).includes("Little's law"), 'the intro');
    assert(await page.isVisible('#guide-waiting'), 'the results wait for the prediction');
    assert((await page.$$('canvas')).length === 0, 'no chart before the run');
    assert(await page.isDisabled('#guide-run'), 'Run waits for an answer');
    assert((await text(page, '#progress')).includes('Predict first'), await text(page, '#progress'));
    // The chapter's scenario is on the form (1 platform column, 100 threads).
    assert(await page.$eval('#preset', (s) => s.value) === 'e2-platform', 'the chapter preset');
  });

  await check('→ steps through the chapter, the question is labelled', async () => {
    await page.focus('#guide-intro').catch(() => {});
    await page.evaluate(() => document.activeElement && document.activeElement.blur());
    assert((await currentStep(page)) === 'Read', await currentStep(page));
    await page.keyboard.press('ArrowRight');
    assert((await currentStep(page)) === 'Predict', await currentStep(page));
    await page.keyboard.press('ArrowLeft');
    assert((await currentStep(page)) === 'Read', 'back with ←');
    const label = await page.$eval('label[for=guide-answer]', (l) => l.textContent);
    assert(label === 'Your prediction', label);
    assert((await text(page, '#guide-question legend')).includes('2,000 clients'), 'the question names its numbers');
  });

  let said;
  await check('a prediction, Run, and the grade beside the run', async () => {
    await page.fill('#guide-answer', '1900');
    assert(!(await page.isDisabled('#guide-run')), 'Run once answered');
    await page.click('#guide-run');
    await page.waitForSelector('#guide-compare', { timeout: 240000 });
    said = await text(page, '#guide-said');
    assert(said === '1,900 req/s', said);
    const actual = await text(page, '#guide-actual');
    assert(/^[0-9,.]+ req\/s$/.test(actual), actual);
    const verdict = await page.$eval('#guide-verdict', (v) => v.className);
    assert(/\bright\b/.test(verdict), `verdict ${verdict}: ${await text(page, '#guide-verdict')} (run ${actual})`);
    assert((await text(page, '#guide-theory')).endsWith('req/s'), 'theory beside it');
    assert((await text(page, '#guide-notice')).includes('req/s'), 'what to notice');
    assert(await page.isVisible('#try-more-threads'), 'now try');
    assert(await page.isDisabled('#guide-answer'), 'the prediction is locked');
    await done(page);
    assert(!(await page.isVisible('#guide-waiting')), 'the results show');
    await addressWhere(page, () => location.search.includes('lesson=virtual-threads&chapter=1&v=1'), 'names the chapter');
    await shot(page, 'chapter-1-compared-en');
  });

  await check('a "now try" change loads, runs and says what it shows', async () => {
    await page.click('#try-more-threads');
    await page.waitForSelector('#try-more-threads + .guide-notice');
    assert((await currentStep(page)) === 'Now try', await currentStep(page));
    await addressWhere(page, () => location.search.includes('server.threads_max=200'), 'the change');
    await done(page);
  });

  await check('→ goes on to chapter 2 (a choice), the address follows', async () => {
    await page.evaluate(() => document.activeElement && document.activeElement.blur());
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('.guide-where').textContent.includes('Chapter 2 of 9'));
    assert((await currentStep(page)) === 'Read', await currentStep(page));
    assert(await page.isVisible('#guide-waiting'), 'chapter 2 holds its results back');
    const options = await page.$$eval('.guide-options input[type=radio]', (rs) =>
      rs.map((r) => document.querySelector(`label[for="${r.id}"]`)?.textContent || ''));
    assert(options.length === 4 && options.every((t) => t.length > 0), JSON.stringify(options));
    await addressWhere(page, () => location.search.includes('lesson=virtual-threads&chapter=2'), 'chapter 2');
  });

  await check('the progress is kept in local storage and survives a reload', async () => {
    const stored = JSON.parse(await page.evaluate(() => localStorage.getItem('threadlab.lesson.virtual-threads')));
    assert(stored.chapter === 1 && stored.answers['pool-runs-out'].grade.verdict === 'right', JSON.stringify(stored));
    await page.reload();
    await page.waitForSelector('#lesson');
    assert((await text(page, '.guide-where')).includes('Chapter 2 of 9'), 'the chapter');
    await page.evaluate(() => document.activeElement && document.activeElement.blur());
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector('#guide-compare');
    assert((await text(page, '#guide-said')) === said, 'the answer and its grade came back');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('.guide-where').textContent.includes('Chapter 2 of 9'));
  });

  await check('the language menu switches to German: panel, address, <html lang>', async () => {
    const label = await page.$eval('label[for=lang]', (l) => l.textContent);
    assert(label === 'Language', label);
    // German's seven files are fetched now, each at an address that carries
    // its contents' version (a cached file of an older build is not reused).
    const fetched = [];
    const onRequest = (r) => { if (r.url().includes('/i18n/')) fetched.push(r.url()); };
    page.on('request', onRequest);
    await page.selectOption('#lang', 'de');
    await page.waitForFunction(() => document.querySelector('.guide-where').textContent.includes('Kapitel 2 von 9'));
    page.off('request', onRequest);
    assert(fetched.length === 7, `German's files: ${fetched.join(' ')}`);
    for (const u of fetched) assert(/\/i18n\/de\/[a-z]+\.json\?v=[0-9a-f]{16}$/.test(u), `a versioned address: ${u}`);
    assert(await page.$eval('html', (h) => h.lang) === 'de', 'html lang');
    assert((await text(page, '#guide-question legend')).length > 10, 'the question');
    assert((await page.$eval('label[for=lang]', (l) => l.textContent)) === 'Sprache', 'the menu in German');
    const threads = await page.$eval('label[for=f-server-threads_max]', (l) => l.textContent);
    assert(threads === 'Max. Threads', `the form's label: ${threads}`);
    await addressWhere(page, () => location.search.includes('lang=de'), 'lang=de');
    await page.click('#guide-option-many-times');
    await page.click('#guide-run');
    await page.waitForSelector('#guide-compare', { timeout: 240000 });
    await done(page);
    await shot(page, 'chapter-2-de');
  });

  await check('and to Chinese', async () => {
    await page.selectOption('#lang', 'zh');
    await page.waitForFunction(() => document.querySelector('.guide-where').textContent.includes('第 2 章'));
    assert(await page.$eval('html', (h) => h.lang) === 'zh', 'html lang');
    assert(/[\u4e00-\u9fff]/.test(await text(page, '#guide-intro')), 'Chinese text');
    const threads = await page.$eval('label[for=f-server-threads_max]', (l) => l.textContent);
    assert(threads === '最大线程数', `the form's label: ${threads}`);
    await addressWhere(page, () => location.search.includes('lang=zh'), 'lang=zh');
    await shot(page, 'chapter-2-zh');
  });

  await check('chapter 4 offers its replay beside the text on pinning: a virtual thread pinned to its carrier', async () => {
    const p = await context.newPage();
    await p.setViewportSize({ width: 1280, height: 900 });
    await p.goto(`${base}?lesson=virtual-threads&chapter=4`);
    await p.waitForSelector('#lesson');
    assert((await p.$('#guide-intro + .guide-replay #guide-replay')) !== null, 'the replay button follows the text');
    assert(/pinned to its carrier/.test(await text(p, '#guide-replay')), await text(p, '#guide-replay'));
    assert(await p.isVisible('#guide-waiting'), 'the results still wait for the prediction');
    // → on the focused replay button is not the lesson's.
    await p.focus('#guide-replay');
    await p.keyboard.press('ArrowRight');
    assert((await currentStep(p)) === 'Read', `the lesson stayed: ${await currentStep(p)}`);
    await p.click('#guide-replay');
    await p.waitForSelector('#replay', { timeout: 60000 });
    const max = Number(await p.$eval('#replay-scrub', (s) => s.max));
    let pinned = null;
    for (let i = 1; i <= 40 && pinned === null; i++) {
      await p.$eval('#replay-scrub', (s, n) => { s.value = String(n); s.dispatchEvent(new Event('input', { bubbles: true })); }, Math.round((max * i) / 41));
      if (await p.$('.lane button.actor.pinned')) pinned = await text(p, '.lane button.actor.pinned .actor-state');
    }
    assert(pinned && /^pinned: blocked on I\/O, keeps ForkJoinPool-1-worker-\d$/.test(pinned), `a pinned carrier: ${pinned}`);
    // ← → on the replay's buttons step the replay, not the lesson.
    await p.focus('#replay-forward');
    const t0 = await text(p, '#replay-time');
    await p.keyboard.press('ArrowRight');
    await p.waitForFunction((t) => document.getElementById('replay-time').textContent.trim() !== t, t0, { timeout: 5000 });
    await p.keyboard.press('ArrowLeft');
    assert((await currentStep(p)) === 'Read', `the lesson stayed: ${await currentStep(p)}`);
    assert((await text(p, '.guide-where')).includes('Chapter 4 of 9'), 'still chapter 4');
    await p.$eval('#replay', (e) => e.scrollIntoView());
    await p.screenshot({ path: path.join(shots, 'chapter-4-replay.png') });
    await p.close();
  });

  await check('the "Lessons" entry opens chapter 1; the panel closes', async () => {
    const p = await context.newPage();
    await p.setViewportSize({ width: 1280, height: 900 });
    await p.goto(base);
    await p.waitForSelector('#open-lessons');
    assert((await p.$('#lesson')) === null, 'no panel without a lesson');
    await p.click('#open-lessons');
    await p.waitForSelector('#lesson');
    assert((await text(p, '.guide-where')).includes('Chapter 1 of 9'), await text(p, '.guide-where'));
    await addressWhere(p, () => location.search.includes('lesson=virtual-threads&chapter=1'), 'the lesson');
    await p.click('#guide-close');
    assert((await p.$('#lesson')) === null, 'closed');
    await addressWhere(p, () => !location.search.includes('lesson='), 'no lesson');
    await p.close();
  });

  await check('presenter mode: large type, settings tucked away, a chapter by keyboard only', async () => {
    // A learner who has not answered yet (the checks above answered chapter
    // 1): a context of its own, its storage empty, watched as the others.
    const fresh = await browser.newContext();
    await fresh.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    }));
    fresh.on('page', watch);
    const p = await fresh.newPage();
    await p.setViewportSize({ width: 1920, height: 1080 });
    await p.goto(`${base}?presenter=1&lesson=virtual-threads&chapter=1&v=1`);
    await p.waitForSelector('#lesson');
    assert(await p.$eval('html', (h) => h.classList.contains('presenter')), 'presenter class on <html>');
    const px = (sel) => p.$eval(sel, (e) => parseFloat(getComputedStyle(e).fontSize));
    assert((await px('html')) >= 24, `root type ${await px('html')} px at 1920×1080`);
    assert((await px('#guide-intro')) >= 24, `the chapter's text ${await px('#guide-intro')} px`);
    assert(!(await p.isVisible('#settings')), 'the settings are behind their tab');
    assert((await p.$('#copy-link')) === null && (await p.isVisible('#presenter-leave')), 'the share bar is tucked away');
    // Keyboard only: → to predict, Tab to the answer, type, Enter runs.
    await p.keyboard.press('ArrowRight');
    assert((await currentStep(p)) === 'Predict', await currentStep(p));
    const focused = () => p.evaluate(() => document.activeElement && document.activeElement.id);
    for (let i = 0; i < 60 && (await focused()) !== 'guide-answer'; i++) await p.keyboard.press('Tab');
    assert((await focused()) === 'guide-answer', `Tab reaches the answer (at ${await focused()})`);
    const ring = await p.$eval('#guide-answer', (e) => `${getComputedStyle(e).outlineStyle} ${getComputedStyle(e).outlineWidth}`);
    assert(/^solid [3-9]/.test(ring), `a visible focus: ${ring}`);
    await p.keyboard.type('1900');
    await p.keyboard.press('Enter');
    await p.waitForSelector('#guide-compare', { timeout: 240000 });
    assert(/\bright\b/.test(await p.$eval('#guide-verdict', (v) => v.className)), 'graded');
    if ((await p.evaluate(() => document.activeElement && document.activeElement.tagName)) === 'INPUT') await p.keyboard.press('Tab');
    await p.keyboard.press('ArrowRight');
    await p.keyboard.press('ArrowRight');
    await p.waitForFunction(() => document.querySelector('.guide-where').textContent.includes('Chapter 2 of 9'), null, { timeout: 5000 });
    // Chapter 2's options: each radio's box as large as the type (≥ 20 px).
    const boxes = await p.$$eval('.guide-options input[type=radio]', (rs) => rs.map((r) => {
      const b = r.getBoundingClientRect();
      return Math.min(b.width, b.height);
    }));
    assert(boxes.length === 4 && boxes.every((b) => b >= 20), `radio boxes ${boxes.join(', ')} px`);
    await shot(p, 'presenter-1920x1080');
    // 150 % zoom: a 1280×720 window at 1.5 device pixels per CSS pixel.
    await fresh.close();
    const zoomed = await browser.newContext({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1.5 });
    zoomed.on('page', watch);
    const z = await zoomed.newPage();
    await z.goto(`${base}?presenter=1&lesson=virtual-threads&chapter=2&v=1`);
    await z.waitForSelector('#lesson');
    assert((await z.evaluate(() => window.devicePixelRatio)) === 1.5, 'zoomed');
    const zpx = await z.$eval('#guide-intro', (e) => parseFloat(getComputedStyle(e).fontSize));
    assert(zpx >= 20, `the chapter's text at 150 %: ${zpx} CSS px (${zpx * 1.5} device px)`);
    await z.screenshot({ path: path.join(shots, 'presenter-150pct.png') });
    await zoomed.close();
  });

  await checkClean({ problems, foreign });
} finally {
  await browser.close();
  server.close();
}
finish();
