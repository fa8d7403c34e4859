// End-to-end test of embedding in Debian's headless Chromium,
// with the build served from a sub-path (/threadlab/, as a project page or
// a blog's folder serves it): the example blog post's two embeds show their
// summary, size themselves and start no simulation until clicked (the
// third, a lesson's chapter, until its reader has predicted); Run
// simulates and draws; a reader's edit re-runs; the parent's theme message
// is taken and anything else ignored; the embed stays compact in a 760 px
// column; a failed load (page or worker) shows an error instead of an
// endless "Loading…". No console error, no CSP violation, no request to
// another host.
//
//   trunk build --release && node tests/e2e/embed.spec.mjs
import path from 'node:path';
import { serveDist } from '../../scripts/serve-dist.mjs';
import { artifacts, assert, checkClean, check, finish, openBrowser, root, settle } from './harness.mjs';

const prefix = '/threadlab/';
const server = await serveDist(path.join(root, 'dist'), { prefix });
const origin = `http://127.0.0.1:${server.address().port}`;
const base = `${origin}${prefix}`;
const { browser, context, problems, foreign, watch } = await openBrowser(origin);

const frameOf = async (page, id) => (await page.$(`#${id}`)).contentFrame();
const heightOf = (page, id) => page.$eval(`#${id}`, (f) => f.getBoundingClientRect().height);
const contentHeight = (frame) => frame.evaluate(() => document.documentElement.scrollHeight);

try {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1000, height: 900 });
  const workerRequests = [];
  page.on('request', (r) => { if (/worker/.test(r.url())) workerRequests.push(r.url()); });
  await page.goto(`${base}example-post.html`);

  const wasmRequests = [];
  page.on('request', (r) => { if (/\.wasm$/.test(new URL(r.url()).pathname)) wasmRequests.push(r.url()); });
  const figures = {};

  await check('the post\'s facades: static HTML with the build\'s figures and Run, no WebAssembly, no worker', async () => {
    for (const id of ['embed-e2', 'embed-pinning']) {
      await page.waitForSelector(`#${id} .threadlab-facade-run`);
      await page.waitForSelector(`#${id} .threadlab-facade-figures:not([hidden])`);
      figures[id] = await page.$$eval(`#${id} [data-mode]`, (rows) => rows.map((r) => [r.dataset.mode,
        r.querySelector('[data-figure="goodput"]').textContent, r.querySelector('[data-figure="p99"]').textContent]));
      assert(figures[id].length === 2 && figures[id].every(([, g, p]) => /^[0-9,.]+$/.test(g) && /^[0-9,.]+ m?s$/.test(p)), `${id}: ${JSON.stringify(figures[id])}`);
    }
    assert(await page.$eval('#embed-pinning', (f) => f.classList.contains('threadlab-facade-dark')), 'the pinning facade is dark, as its snippet says');
    assert(!(await page.$eval('#embed-e2', (f) => f.classList.contains('threadlab-facade-dark'))), 'the E2 facade is light');
    // The chapter's facade asks its question and never shows the answer.
    assert(await page.$('#embed-chapter .threadlab-facade-figures') === null, 'no figures on a chapter');
    assert(/How many requests per second/.test(await page.$eval('#embed-chapter', (f) => f.textContent)), 'the chapter\'s question');
    // The older iframe snippet: its summary and Run, nothing loaded either.
    await page.locator('#embed-frame').scrollIntoViewIfNeeded();
    const old = await frameOf(page, 'embed-frame');
    await old.waitForSelector('#embed-run-early:not([disabled])', { timeout: 30000 });
    await page.waitForTimeout(1000);
    assert(wasmRequests.length === 0 && workerRequests.length === 0, `loaded before any Run: ${wasmRequests.concat(workerRequests).join(' ')}`);
    await page.screenshot({ path: path.join(artifacts, 'embed-post-before-run.png'), fullPage: true });
    await (await page.$('#embed-e2')).screenshot({ path: path.join(artifacts, 'embed-facade-light.png') });
    await (await page.$('#embed-pinning')).screenshot({ path: path.join(artifacts, 'embed-facade-dark.png') });
  });

  await check('Run on a facade puts the embed in its place, which runs at once: the same figures as the facade\'s, and the iframe grows to fit', async () => {
    for (const [id, charts] of [['embed-e2', 2], ['embed-pinning', 1]]) {
      await page.locator(`#${id}`).scrollIntoViewIfNeeded();
      await page.click(`#${id} .threadlab-facade-run`);
      await page.waitForSelector(`iframe#${id}`);
      const frame = await frameOf(page, id);
      await settle(frame, { charts });
      const n = await frame.$$eval('canvas', (cs) => cs.length);
      assert(n === charts, `${id}: ${n} charts, wanted ${charts}`);
      await page.waitForFunction(([i, c]) => {
        const f = document.getElementById(i);
        return Math.abs(f.getBoundingClientRect().height - f.contentDocument.documentElement.scrollHeight) <= 3 && f.getBoundingClientRect().height > c;
      }, [id, 400], { timeout: 10000 });
      const ran = await frame.$$eval('.summary .card', (cs) => cs.map((c) => [c.classList.contains('virtual') ? 'virtual' : 'platform',
        c.querySelector('.goodput .big').textContent, [...c.querySelectorAll('.numbers div')].find((d) => d.querySelector('dt').textContent === 'p99').querySelector('dd').textContent]));
      assert(JSON.stringify(ran) === JSON.stringify(figures[id]), `${id}: after the run ${JSON.stringify(ran)}, on the facade ${JSON.stringify(figures[id])}`);
    }
    assert(workerRequests.some((u) => u.includes(`${prefix}embed-worker.js`)), 'the worker loads from the sub-path');
    // The embed's worker runs the embed's own module, handed over compiled:
    // neither the page's worker loader nor its module is fetched.
    assert(!workerRequests.some((u) => /worker-loader\.js|threadlab-worker/.test(u)), `the page's worker files: ${workerRequests.join(' ')}`);
    assert(wasmRequests.every((u) => /threadlab-embed_bg\.wasm$/.test(u)), `one module for the embed and its worker: ${wasmRequests.join(' ')}`);
    await page.screenshot({ path: path.join(artifacts, 'embed-post-after-run.png'), fullPage: true });
    await (await page.$('#embed-e2')).screenshot({ path: path.join(artifacts, 'embed-light-760.png') });
    await (await page.$('#embed-pinning')).screenshot({ path: path.join(artifacts, 'embed-dark-760.png') });
  });

  await check('the older iframe snippet loads its module only when its own Run is pressed', async () => {
    const before = wasmRequests.length;
    const old = await frameOf(page, 'embed-frame');
    await page.waitForTimeout(500);
    assert(wasmRequests.length === before, 'nothing more before its Run');
    await old.click('#embed-run-early');
    await settle(old, { charts: 1 });
    assert(wasmRequests.length > before, 'its module after Run');
  });

  await check('the post\'s lesson chapter: its text and question, nothing runs until the reader predicts and runs it', async () => {
    const id = 'embed-chapter';
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    await page.click(`#${id} .threadlab-facade-run`);
    await page.waitForSelector(`iframe#${id}`);
    const frame = await frameOf(page, id);
    await frame.waitForSelector('#lesson', { timeout: 30000 });
    assert((await frame.$eval('.guide-where', (e) => e.textContent)).includes('Chapter 4 of 9'), 'chapter 4');
    assert(/synchronized/.test(await frame.$eval('#guide-intro', (e) => e.textContent)), 'the chapter\'s text');
    assert(await frame.isDisabled('#guide-run'), 'Run waits for an answer');
    assert((await frame.$('#guide-next')) === null && (await frame.$('#guide-close')) === null, 'one chapter: no way to another, nothing to close');
    assert((await frame.$$('canvas')).length === 0, 'no chart before the run');
    assert(await frame.evaluate(() => localStorage.getItem('threadlab.lesson.virtual-threads')) === null, 'nothing stored by a reader who only reads');
    await frame.fill('#guide-answer', '80');
    assert(JSON.parse(await frame.evaluate(() => localStorage.getItem('threadlab.lesson.virtual-threads'))).answers.pinning, 'the answer is kept once given');
    await frame.click('#guide-run');
    await frame.waitForSelector('#guide-compare', { timeout: 240000 });
    assert((await frame.$eval('#guide-said', (e) => e.textContent.trim())) === '80 req/s', 'the prediction');
    const actual = await frame.$eval('#guide-actual', (e) => e.textContent.trim());
    assert(/^[0-9,.]+ req\/s$/.test(actual), actual);
    assert(/\bright\b/.test(await frame.$eval('#guide-verdict', (v) => v.className)), `graded right beside ${actual}`);
    assert((await frame.$eval('#guide-notice', (e) => e.textContent)).includes('req/s'), 'what to notice');
    await settle(frame, { charts: 2 });
    assert((await frame.$$eval('.summary .card', (cs) => cs.length)) >= 1, 'the key numbers');
    await frame.click('#try-jdk-24');
    await frame.waitForSelector('#try-jdk-24 + .guide-notice');
    await settle(frame, { charts: 2 });
    await page.waitForFunction((i) => {
      const f = document.getElementById(i);
      return Math.abs(f.getBoundingClientRect().height - f.contentDocument.documentElement.scrollHeight) <= 3;
    }, id, { timeout: 10000 });
    await (await page.$(`#${id}`)).screenshot({ path: path.join(artifacts, 'embed-chapter-en.png') });
  });

  await check('a control the embed offers changes the scenario and runs it again', async () => {
    const frame = await frameOf(page, 'embed-e2');
    const before = await frame.$eval('#chart-sweep-throughput', (c) => c.toDataURL());
    await frame.fill('#f-server-threads_max', '300');
    await frame.waitForFunction((b) => document.querySelector('#chart-sweep-throughput').toDataURL() !== b, before, { timeout: 60000 });
    await settle(frame, { charts: 2 });
    const card = await frame.$eval('.summary .card', (c) => c.textContent);
    assert(/300 Tomcat threads/.test(card), `the platform card: ${card.slice(0, 200)}`);
  });

  await check('in a 760 px column the embed stays compact: no sideways scrolling, charts side by side', async () => {
    const frame = await frameOf(page, 'embed-e2');
    const width = await page.$eval('#embed-e2', (f) => f.getBoundingClientRect().width);
    assert(width >= 700 && width <= 800, `the column is ${width}px`);
    const overflow = await frame.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert(overflow <= 1, `${overflow}px of sideways scrolling`);
    const tops = await frame.$$eval('canvas', (cs) => cs.map((c) => Math.round(c.getBoundingClientRect().top)));
    assert(tops.length === 2 && tops[0] === tops[1], `the two charts share a row (${tops})`);
    const h = await heightOf(page, 'embed-e2');
    assert(h < 1100, `${h}px tall`);
  });

  await check('the parent may set the theme; any other message is ignored', async () => {
    const frame = await frameOf(page, 'embed-e2');
    const post = (m) => page.evaluate((msg) => document.getElementById('embed-e2').contentWindow.postMessage(msg, '*'), m);
    await post({ threadlab: 1, type: 'theme', theme: 'dark' });
    await frame.waitForFunction(() => document.documentElement.dataset.theme === 'dark', null, { timeout: 5000 });
    for (const bad of [{ threadlab: 1, type: 'theme', theme: 'light', extra: 1 }, { threadlab: 2, type: 'theme', theme: 'light' },
      { type: 'theme', theme: 'light' }, 'theme=light', { threadlab: 1, type: 'height', height: 5 }, { threadlab: 1, type: 'theme', theme: '<b>' }]) {
      await post(bad);
    }
    await page.waitForTimeout(300);
    assert((await frame.getAttribute('html', 'data-theme')) === 'dark', 'still dark');
    await post({ threadlab: 1, type: 'theme', theme: 'light' });
    await frame.waitForFunction(() => document.documentElement.dataset.theme === 'light', null, { timeout: 5000 });
  });

  await check('a huge message from a sibling frame costs the embed nothing, and its theme message is ignored; the parent\'s still works', async () => {
    const frame = await frameOf(page, 'embed-e2');
    // A listener added after the app's: the time from the event's creation
    // to it is what the app's listener took (it never reads the data itself).
    await frame.evaluate(() => {
      window.__took = [];
      window.addEventListener('message', (e) => { window.__took.push(performance.now() - e.timeStamp); });
    });
    const sibling = await frameOf(page, 'embed-pinning');
    await sibling.evaluate(() => {
      const target = parent.document.getElementById('embed-e2').contentWindow;
      target.postMessage(new Array(2000000).fill('x'.repeat(40)), '*');
      target.postMessage({ threadlab: 1, type: 'theme', theme: 'dark' }, '*');
    });
    await frame.waitForFunction(() => window.__took.length === 2, null, { timeout: 60000 });
    const took = await frame.evaluate(() => window.__took);
    console.log(`     (the embed's listener took ${took.map((t) => t.toFixed(1)).join(' and ')} ms)`);
    assert(took[0] < 100, `the huge message held the embed's main thread ${took[0].toFixed(0)} ms`);
    await page.waitForTimeout(300);
    assert((await frame.getAttribute('html', 'data-theme')) === 'light', 'a sibling cannot set the theme');
    await page.evaluate(() => document.getElementById('embed-e2').contentWindow.postMessage({ threadlab: 1, type: 'theme', theme: 'dark' }, '*'));
    await frame.waitForFunction(() => document.documentElement.dataset.theme === 'dark', null, { timeout: 5000 });
    await page.evaluate(() => document.getElementById('embed-e2').contentWindow.postMessage({ type: 'theme', theme: 'light', threadlab: 1 }, '*'));
    await frame.waitForFunction(() => document.documentElement.dataset.theme === 'light', null, { timeout: 5000 });
  });

  await check('embed-host.js resizes only threadlab embeds, and clamps an absurd height', async () => {
    // A frame of the post that is no embed (an ad, say), from the same origin.
    await page.evaluate(() => {
      const f = document.createElement('iframe');
      f.id = 'foreign';
      f.src = 'example-post.css';
      f.style.height = '100px';
      document.querySelector('article').appendChild(f);
      return new Promise((r) => { f.onload = r; });
    });
    const foreignFrame = await frameOf(page, 'foreign');
    await foreignFrame.evaluate(() => parent.postMessage({ threadlab: 1, type: 'height', height: 19999 }, '*'));
    const embed = await frameOf(page, 'embed-e2');
    await embed.evaluate(() => parent.postMessage({ threadlab: 1, type: 'height', height: 700 }, '*'));
    const styled = (id) => page.$eval(`#${id}`, (f) => f.style.height);
    await page.waitForFunction(() => document.getElementById('embed-e2').style.height === '700px', null, { timeout: 5000 });
    assert((await styled('foreign')) === '100px', `the foreign frame is ${await styled('foreign')}`);
    await embed.evaluate(() => parent.postMessage({ threadlab: 1, type: 'height', height: 19999 }, '*'));
    await page.waitForFunction(() => document.getElementById('embed-e2').style.height !== '700px', null, { timeout: 5000 });
    assert((await styled('embed-e2')) === '8000px', `clamped to ${await styled('embed-e2')}`);
    await embed.evaluate((h) => parent.postMessage({ threadlab: 1, type: 'height', height: h }, '*'), await embed.evaluate(() => document.getElementById('embed').offsetHeight));
    await page.evaluate(() => document.getElementById('foreign').remove());
  });
  await page.close();

  await check('Run clicked before the app has arrived is remembered: the embed runs when it lands', async () => {
    const p = await context.newPage();
    let release;
    const held = new Promise((r) => { release = r; });
    await p.route('**/threadlab-embed_bg.wasm', async (route) => { await held; await route.continue(); });
    await p.goto(`${base}?preset=cpu-bound&embed=1&v=1`);
    await p.click('#embed-run-early');
    const note = await p.$eval('.embed-static .muted', (e) => e.textContent);
    assert(/Starting/.test(note), note);
    release();
    await settle(p, { charts: 2 });
    await p.close();
  });

  for (const [lang, title, run, starting] of [
    ['de', /^Lektion · CPU-lastige Arbeit/, '▶ Simulation starten', 'Simulation wird gestartet …'],
    ['zh', /[\u4e00-\u9fff]/, '▶ 运行模拟', '正在启动模拟…'],
  ]) {
    await check(`an embed in ${lang} speaks its language before its module has arrived`, async () => {
      const p = await context.newPage();
      let release;
      const held = new Promise((r) => { release = r; });
      await p.route('**/threadlab-embed_bg.wasm', async (route) => { await held; await route.continue(); });
      const asked = [];
      p.on('request', (r) => { if (r.url().includes('embed-presets-')) asked.push(r.url()); });
      await p.goto(`${base}?preset=cpu-bound&embed=1&lang=${lang}&v=1`);
      await p.waitForSelector('#embed-run-early');
      assert(asked.length === 1 && new RegExp(`/embed-presets-${lang}\\.js\\?v=[0-9a-f]{16}$`).test(asked[0]), `its words' address: ${asked}`);
      const shown = await p.$eval('.embed-title', (e) => e.textContent);
      assert(title.test(shown), `title: ${shown}`);
      assert((await p.$eval('#embed-run-early', (e) => e.textContent)) === run, 'the Run button');
      await p.click('#embed-run-early');
      const note = await p.$eval('.embed-static .muted', (e) => e.textContent);
      assert(note === starting, note);
      await p.screenshot({ path: path.join(artifacts, `embed-static-${lang}.png`) });
      release();
      await settle(p, { charts: 2 });
      await p.close();
    });
  }

  // Readers who have not answered chapter 4 yet (the post's reader above
  // has: their answer is kept, and shown locked): each in a context of
  // their own.
  for (const [lang, where] of [['de', 'Kapitel 4 von 9'], ['zh', '第 4 章']]) {
    await check(`a chapter embed in ${lang} (lang=): the panel in its language, predict, run, graded`, async () => {
      const fresh = await browser.newContext();
      const p = await fresh.newPage();
      watch(p);
      await p.setViewportSize({ width: 760, height: 900 });
      await p.goto(`${base}?embed=1&lang=${lang}&lesson=virtual-threads&chapter=4&v=1`);
      await p.waitForSelector('#lesson', { timeout: 30000 });
      assert(await p.$eval('html', (h) => h.lang) === lang, 'html lang');
      assert((await p.$eval('.guide-where', (e) => e.textContent)).includes(where), await p.$eval('.guide-where', (e) => e.textContent));
      await p.fill('#guide-answer', '80');
      await p.click('#guide-run');
      await p.waitForSelector('#guide-compare', { timeout: 240000 });
      assert(/\bright\b/.test(await p.$eval('#guide-verdict', (v) => v.className)), 'graded');
      await settle(p, { charts: 2 });
      await p.screenshot({ path: path.join(artifacts, `embed-chapter-${lang}.png`), fullPage: true });
      await fresh.close();
    });
  }

  await check('with a lesson open, the Embed dialog offers its chapter, and the scenario still', async () => {
    const p = await (await browser.newContext()).newPage();
    watch(p);
    await p.setViewportSize({ width: 1280, height: 900 });
    await p.goto(`${base}?lesson=virtual-threads&chapter=4`);
    await p.waitForSelector('#lesson');
    await p.click('#open-embed');
    await p.waitForSelector('#embed-dialog');
    assert(await p.isChecked('#embed-what-chapter'), 'the chapter is the default');
    const code = await p.$eval('#embed-code', (t) => t.value);
    assert(/embed=1&amp;(theme=(light|dark)&amp;)?lesson=virtual-threads&amp;chapter=4&amp;v=1/.test(code), code);
    assert(/title="threadlab: Pinning: synchronized on JDK 21"/.test(code), code);
    assert(!(await p.$('#embed-control-f-server-jdk')), 'a chapter has no controls to choose');
    await p.check('#embed-what-scenario');
    const scenario = await p.$eval('#embed-code', (t) => t.value);
    assert(!scenario.includes('lesson=') && scenario.includes('preset=pinning-jdk21'), scenario);
    await p.check('#embed-what-chapter');
    const href = await p.$eval('#embed-preview', (a) => a.href);
    await p.goto(href);
    await p.waitForSelector('#lesson', { timeout: 30000 });
    assert((await p.$eval('#guide-title', (e) => e.textContent)).includes('Pinning'), 'the preview opens the chapter');
    await p.context().close();
  });

  await check('a facade that matches the page follows its colour scheme, and one set to auto-run opens when scrolled into view', async () => {
    const p = await context.newPage();
    await p.emulateMedia({ colorScheme: 'dark' });
    await p.setViewportSize({ width: 900, height: 700 });
    const wasm = [];
    p.on('request', (r) => { if (/\.wasm$/.test(new URL(r.url()).pathname)) wasm.push(r.url()); });
    await p.goto(`${base}example-post.html`);
    await p.waitForSelector('#embed-chapter .threadlab-facade-run');
    assert(await p.$eval('#embed-chapter', (f) => f.classList.contains('threadlab-facade-dark')), 'the matching facade is dark on a dark page');
    assert(!(await p.$eval('#embed-e2', (f) => f.classList.contains('threadlab-facade-dark'))), 'a light one stays light');
    await p.click('#embed-chapter .threadlab-facade-run');
    const frame = await (await p.waitForSelector('iframe#embed-chapter')).contentFrame();
    await frame.waitForSelector('#lesson', { timeout: 30000 });
    await frame.waitForFunction(() => document.documentElement.dataset.theme === 'dark', null, { timeout: 10000 });
    await p.emulateMedia({ colorScheme: 'light' });
    await frame.waitForFunction(() => document.documentElement.dataset.theme === 'light', null, { timeout: 10000 });
    // An auto-run facade below the fold: nothing until it is scrolled to.
    await p.route(`${base}autorun.html`, (r) => r.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body>
      <div style="height:3000px">a long post</div>
      <div class="threadlab-facade" id="auto" data-threadlab-facade data-autorun data-src="./?preset=cpu-bound&amp;embed=1&amp;v=1" data-title="threadlab: auto" data-run="Run" data-theme="light" lang="en">
      <p class="threadlab-facade-title">CPU-bound</p><p class="threadlab-facade-note">note</p></div>
      <script src="embed-host.js"></script></body></html>` }));
    wasm.length = 0;
    await p.goto(`${base}autorun.html`);
    await p.waitForSelector('#auto .threadlab-facade-run');
    await p.waitForTimeout(800);
    assert((await p.$('iframe#auto')) === null && wasm.length === 0, 'nothing before it is in view');
    await p.locator('#auto').scrollIntoViewIfNeeded();
    const auto = await (await p.waitForSelector('iframe#auto', { timeout: 10000 })).contentFrame();
    await settle(auto, { charts: 2 });
    await p.close();
  });

  await check('pages with preview cards: Open Graph and Twitter tags for a preset and a chapter, in each language, that send a reader on', async () => {
    const p = await context.newPage();
    for (const [file, title, lang] of [['share/en/e2-platform.html', /^E2 · /, 'en'], ['share/de/virtual-threads-4.html', /Pinning/, 'de'], ['share/zh/e2-virtual.html', /E2/, 'zh']]) {
      const r = await fetch(`${base}${file}`);
      assert(r.ok, `${file}: ${r.status}`);
      const html = await r.text();
      const tag = (prop) => (html.match(new RegExp(`<meta (?:property|name)="${prop}" content="([^"]*)"`)) || [])[1];
      assert(title.test(tag('og:title')) && tag('twitter:card') === 'summary', `${file}: ${tag('og:title')}`);
      assert(tag('og:description').length > 20 && tag('twitter:description') === tag('og:description'), `${file}: description`);
      assert(html.includes(`<html lang="${lang}">`), `${file}: its language`);
    }
    await p.goto(`${base}share/en/e2-platform.html`);
    await p.waitForURL(/\?preset=e2-platform&lang=en&v=1$/, { timeout: 15000 });
    await p.waitForSelector('#copy-card-link');
    assert((await p.$eval('#copy-card-link', (b) => b.dataset.card)) === `${base}share/en/e2-platform.html`, 'the card link of the preset');
    await p.goto(`${base}?preset=e2-platform&load.concurrency=10&v=1`);
    await p.waitForSelector('#copy-link');
    assert((await p.$('#copy-card-link')) === null, 'an edited scenario has no card page');
    await p.close();
  });

  await check('the full playground loads from the sub-path too', async () => {
    const p = await context.newPage();
    await p.setViewportSize({ width: 1280, height: 800 });
    await p.goto(base);
    await settle(p);
    await p.close();
  });

  await checkClean({ problems, foreign });

  // Failures, in a context of their own (their console errors are expected).
  const broken = await browser.newContext();
  await check('a page whose WebAssembly cannot load says so instead of "Loading…" for ever', async () => {
    const p = await broken.newPage();
    await p.route('**/*_bg.wasm', (r) => r.abort());
    await p.goto(`${base}?embed=1&v=1`);
    await p.click('#embed-run-early');
    await p.waitForSelector('#loading .load-error', { timeout: 15000 });
    const text = await p.$eval('#loading .load-error', (e) => e.textContent);
    assert(/could not be loaded/.test(text), text);
    await p.screenshot({ path: path.join(artifacts, 'embed-load-failed.png') });
    // In German, whether the module fails before or after the words arrive,
    // the message is German, once, and the summary stays.
    await p.goto(`${base}?embed=1&lang=de&v=1&run=1`);
    await p.waitForSelector('#loading .load-error', { timeout: 15000 });
    await p.waitForSelector('#embed-run-early');
    const de = await p.$$eval('#loading .load-error', (es) => es.map((e) => e.textContent));
    assert(de.length === 1 && /konnte nicht geladen werden/.test(de[0]), de.join(' | '));
    await p.close();
  });
  await check('a worker whose first download fails is retried without a word, and the run completes', async () => {
    const p = await broken.newPage();
    let aborted = 0;
    await p.route('**/embed-worker.js', (r) => (aborted++ === 0 ? r.abort() : r.continue()));
    await p.goto(`${base}?embed=1&v=1`);
    await p.click('#embed-run-early');
    await settle(p, { charts: 2 });
    assert(aborted === 2, `${aborted} downloads of the worker's script (one failed, one retried)`);
    assert(await p.$eval('#panic', (e) => e.hidden), 'no error panel for a retried start');
    await p.close();
  });
  await check('an embed whose worker cannot load says so after Run, once', async () => {
    const p = await broken.newPage();
    await p.route('**/embed-worker.js', (r) => r.abort());
    await p.goto(`${base}?embed=1&v=1`);
    await p.click('#embed-run-early');
    await p.waitForSelector('#panic:not([hidden])', { timeout: 20000 });
    const text = await p.$eval('#panic', (e) => e.textContent);
    assert(/could not be started/.test(text) && /could not be loaded/.test(text), text.slice(0, 300));
    // A load failure is no bug of the simulation, and no worker was replaced.
    assert(!/bug|new one was started/.test(text), text.slice(0, 300));
    await p.close();
  });
  await broken.close();
} finally {
  await browser.close();
  server.close();
}
finish();
