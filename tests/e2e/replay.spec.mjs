// End-to-end test of the timeline replay in Debian's headless
// Chromium: the pinning preset (JDK 21) opens; the timeline's Replay button
// has the worker record a small run and says what it changed; play moves
// the playhead and pause stops it; the slider scrubs (by mouse and by
// keyboard) and the buttons step one instant; a carrier shows a pinned
// request; clicking a request (or choosing it) highlights its journey
// across the carriers and queues; on JDK 24 a virtual thread unmounts;
// with prefers-reduced-motion there is no play, only stepping. Screenshots
// (light, dark, Chinese, reduced motion) in test-artifacts/replay/. No
// console error, no CSP violation, no request to another host.
//
//   trunk build --release && node tests/e2e/replay.spec.mjs
import fs from 'node:fs';
import path from 'node:path';
import { serveDist } from '../../scripts/serve-dist.mjs';
import { artifacts, assert, check, checkClean, finish, openBrowser, root } from './harness.mjs';

const server = await serveDist(path.join(root, 'dist'));
const base = `http://127.0.0.1:${server.address().port}/`;
const { browser, context, problems, foreign } = await openBrowser(base);
const shots = path.join(artifacts, 'replay');
fs.mkdirSync(shots, { recursive: true });

const text = (page, sel) => page.$eval(sel, (e) => e.textContent.trim());
const position = (page) => page.$eval('#replay-scrub', (e) => Number(e.value));
const last = (page) => page.$eval('#replay-scrub', (e) => Number(e.max));
/** Moves the slider to instant `n` as a drag would (an input event). */
const scrubTo = (page, n) => page.$eval('#replay-scrub', (e, n) => {
  e.value = String(n);
  e.dispatchEvent(new Event('input', { bubbles: true }));
}, n);

/** Opens `query`, waits for the virtual column's timeline and replays it. */
async function openReplay(page, query) {
  await page.goto(`${base}?${query}&v=1`);
  await page.waitForSelector('#replay-virtual', { timeout: 240000 });
  await page.click('#replay-virtual');
  await page.waitForSelector('#replay-scrub', { timeout: 60000 });
}

/** The first instant (scanning `tries` points evenly) at which `sel` shows. */
async function findInstant(page, sel, tries = 40) {
  const max = await last(page);
  for (let i = 1; i <= tries; i++) {
    const n = Math.round((max * i) / (tries + 1));
    await scrubTo(page, n);
    if (await page.$(sel)) return n;
  }
  return null;
}

async function shot(page, name) {
  await page.$eval('#replay', (e) => e.scrollIntoView());
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

try {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 1000 });
  await openReplay(page, 'preset=pinning-jdk21');

  await check('the replay opens from the timeline and says what it made small', async () => {
    const note = await text(page, '#replay-note');
    assert(note.includes('200 requests') && note.includes('Requests 4,000 → 200'), note);
    assert((await text(page, '#replay-title')) === 'Replay · virtual threads', await text(page, '#replay-title'));
    assert((await position(page)) === 0, 'starts at the first instant');
    assert((await last(page)) > 100, `${await last(page)} instants`);
    const lanes = await page.$$eval('.lane-name', (ls) => ls.map((l) => l.textContent));
    assert(lanes.length === 4 && lanes[0] === 'ForkJoinPool-1-worker-1', lanes.join());
    assert(!(await page.$('#replay-reduced')), 'no reduced-motion note');
  });

  await check('play moves the playhead at human speed, pause stops it', async () => {
    // The default speed follows the run's time scale (a typical request in
    // about two seconds); from the slowest, two steps faster is 20 ms/s.
    assert(!(await text(page, '#replay-speed')).startsWith('1 ms'), await text(page, '#replay-speed'));
    while (!(await page.isDisabled('#replay-slower'))) await page.click('#replay-slower');
    assert((await text(page, '#replay-speed')).startsWith('1 ms'), await text(page, '#replay-speed'));
    await page.click('#replay-faster');
    await page.click('#replay-faster');
    assert((await text(page, '#replay-speed')).startsWith('20 ms'), await text(page, '#replay-speed'));
    const before = await text(page, '#replay-time');
    await page.click('#replay-play');
    assert((await text(page, '#replay-play')).includes('Pause'), 'the button pauses now');
    await page.waitForFunction(() => Number(document.querySelector('#replay-scrub').value) > 3, null, { timeout: 5000 });
    await page.click('#replay-play');
    assert((await text(page, '#replay-play')).includes('Play'), 'paused');
    const paused = await text(page, '#replay-time');
    assert(paused !== before, `${before} / ${paused}`);
    await page.waitForTimeout(400);
    assert((await text(page, '#replay-time')) === paused, 'a paused playhead stays');
  });

  await check('the slider scrubs, by mouse and by keyboard; the buttons step one instant', async () => {
    const max = await last(page);
    await scrubTo(page, Math.round(max / 2));
    assert((await position(page)) === Math.round(max / 2), 'scrubbed');
    const t = await text(page, '#replay-time');
    const n = (x) => x.toLocaleString('en');
    assert(t.includes(`instant ${n(Math.round(max / 2) + 1)} of ${n(max + 1)}`), t);
    await page.focus('#replay-scrub');
    await page.keyboard.press('ArrowRight');
    assert((await position(page)) === Math.round(max / 2) + 1, 'arrow key: one instant on');
    await page.keyboard.press('Home');
    assert((await position(page)) === 0, 'Home: the start');
    await page.click('#replay-forward');
    await page.click('#replay-forward');
    assert((await position(page)) === 2, `forward twice: ${await position(page)}`);
    await page.click('#replay-back');
    assert((await position(page)) === 1, 'back once');
    assert((await text(page, '#replay-step')).length > 0, 'the step in words');
    assert((await page.getAttribute('#replay-step', 'aria-live')) === 'polite', 'spoken when paused');
  });

  await check('on JDK 21 a carrier shows a pinned request, in words', async () => {
    const n = await findInstant(page, '.lane button.actor.pinned');
    assert(n !== null, 'no instant with a pinned carrier');
    const words = await text(page, '.lane button.actor.pinned .actor-state');
    assert(/^pinned: blocked on I\/O, keeps ForkJoinPool-1-worker-\d$/.test(words), words);
    assert((await page.$$('#replay-queue-carrier button.actor')).length > 0, 'requests wait for a carrier');
    await shot(page, 'pinned-light');
  });

  await check('clicking a request highlights its whole journey', async () => {
    const name = await page.$eval('.lane button.actor.pinned', (b) => b.dataset.actor);
    await page.click('.lane button.actor.pinned');
    assert((await text(page, '#replay-journey h3')) === `Journey of ${name}`, await text(page, '#replay-journey h3'));
    const rows = await page.$$eval('#replay-journey li', (ls) => ls.map((l) => l.className));
    assert(rows.length >= 4, rows.join());
    assert(rows.some((c) => /\bpinned\b/.test(c)), rows.join());
    assert(rows.filter((c) => /\bcurrent\b/.test(c)).length === 1, 'the current interval is marked');
    assert((await page.$$('.lane.on-journey')).length >= 1, 'its carrier is on the journey');
    assert((await page.$$('button.actor.followed')).length === 1, 'its chip is marked');
    const chosen = await page.$eval('#replay-follow', (s) => s.selectedOptions[0].textContent);
    assert(chosen === name, `the select follows: ${chosen}`);
    await shot(page, 'journey-light');
    // Keyboard users choose from the select: r50 of 200 clients on 4
    // carriers waits for one, then runs pinned.
    await page.selectOption('#replay-follow', { label: 'r50' });
    assert((await text(page, '#replay-journey h3')) === 'Journey of r50', 'chosen from the select');
    const r50 = await page.$$eval('#replay-journey li', (ls) => ls.map((l) => l.className));
    assert(r50.some((c) => /\bwaiting-carrier\b/.test(c)) && r50.some((c) => /\bpinned\b/.test(c)), r50.join());
    assert(await page.$('#replay-queue-carrier.on-journey'), 'its wait for a carrier is on the journey');
    // A journey row's button scrubs to the row's start.
    await page.click('#replay-journey li:first-child button');
    assert((await page.$$('#replay-journey li.current')).length <= 1, 'at most one current row');
  });

  await check('the dark theme and Chinese show the same replay', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await openReplay(page, 'preset=pinning-jdk21&theme=dark');
    assert(await findInstant(page, '.lane button.actor.pinned') !== null, 'pinned in the dark too');
    await page.click('.lane button.actor.pinned');
    await shot(page, 'journey-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await openReplay(page, 'preset=pinning-jdk21&lang=zh');
    assert((await text(page, '#replay-title')).startsWith('回放'), await text(page, '#replay-title'));
    assert(await findInstant(page, '.lane button.actor.pinned') !== null, 'pinned in Chinese too');
    const words = await text(page, '.lane button.actor.pinned .actor-state');
    assert(words.startsWith('被固定'), words);
    await page.click('.lane button.actor.pinned');
    await shot(page, 'journey-zh');
  });

  await check('on JDK 24 a virtual thread unmounts at I/O', async () => {
    await openReplay(page, 'preset=pinning-jdk24');
    const n = await findInstant(page, '#replay-queue-unmounted button.actor.unmounted');
    assert(n !== null, 'no instant with an unmounted virtual thread');
    const label = await page.$eval('#replay-queue-unmounted button.actor.unmounted', (b) => b.getAttribute('aria-label'));
    assert(/^r\d+: unmounted: blocked on I\/O, off its carrier$/.test(label), label);
    assert(!(await page.$('.lane button.actor.pinned')), 'nothing pinned on JDK 24');
    await shot(page, 'unmounted-jdk24');
  });

  await check('reduced motion: no play, no autoplay, a stepper', async () => {
    const p = await context.newPage();
    await p.setViewportSize({ width: 1280, height: 1000 });
    await p.emulateMedia({ reducedMotion: 'reduce' });
    await openReplay(p, 'preset=pinning-jdk21');
    assert(await p.isVisible('#replay-reduced'), 'the reduced-motion note');
    assert(!(await p.$('#replay-play')) && !(await p.$('#replay-faster')), 'no play, no speed');
    await p.waitForTimeout(600);
    assert((await position(p)) === 0, 'nothing moves by itself');
    await p.click('#replay-forward');
    assert((await position(p)) === 1, 'a step');
    await p.waitForTimeout(400);
    assert((await position(p)) === 1, 'and it stays');
    await shot(p, 'reduced-motion');
    await p.close();
  });

  await checkClean({ problems, foreign });
} finally {
  await browser.close();
  server.close();
}
finish();
