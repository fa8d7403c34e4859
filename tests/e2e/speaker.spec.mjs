// End-to-end test of the presenter's second screen in Debian's headless
// Chromium. A projector page in presenter mode opens the speaker view
// ("Open speaker view": a second window of the same browser, speaker=1 in
// its link); every step taken in the speaker view — Next, the room's
// tally, the answer, Run, Page Down — the projector's window takes too,
// over a BroadcastChannel (nothing leaves the machine). The tally refuses
// a negative count in one line naming the field and the value; after the
// run both windows show the room's histogram with the bin of the run's
// answer marked. The speaker view's notes, next click, clocks (start,
// pause, reset) and keys; axe-core finds no serious or critical violation
// on it (light and dark). A browser without BroadcastChannel gets the
// button disabled with its reason. Screenshots of the speaker view and the
// projector in English, German and Chinese, light and dark, in
// test-artifacts/speaker/. No console error, no CSP violation, no request
// to another host.
//
//   trunk build --release && node tests/e2e/speaker.spec.mjs
import fs from 'node:fs';
import path from 'node:path';
import { serveDist } from '../../scripts/serve-dist.mjs';
import { artifacts, assert, check, checkClean, finish, openBrowser, root } from './harness.mjs';

const server = await serveDist(path.join(root, 'dist'));
const base = `http://127.0.0.1:${server.address().port}/`;
const { browser, problems, foreign, watch } = await openBrowser(base);
const shots = path.join(artifacts, 'speaker');
fs.mkdirSync(shots, { recursive: true });
const axeSource = fs.readFileSync(path.join(root, 'node_modules/axe-core/axe.min.js'), 'utf8');

const text = (page, sel) => page.$eval(sel, (e) => e.textContent.trim());
const currentStep = (page) => text(page, '.guide-steps li[aria-current=step]');
const chapterOf = (page) => text(page, '.guide-where');
const blur = (page) => page.evaluate(() => document.activeElement && document.activeElement.blur());
/** Waits until the page's lesson is at `step` (the other window follows by message). */
const waitStep = (page, steps, timeout = 10000) => page.waitForFunction((s) => {
  const li = document.querySelector('.guide-steps li[aria-current=step]');
  return li && s.includes(li.textContent.trim());
}, steps, { timeout }).catch(async () => {
  throw new Error(`not at ${steps}: ${await currentStep(page).catch(() => 'no lesson')}`);
});
const waitValue = (page, sel, value) => page.waitForFunction(([s, v]) => {
  const e = document.querySelector(s);
  return e && e.value === v;
}, [sel, value], { timeout: 10000 }).catch(async () => {
  throw new Error(`${sel} is not ${value}: ${await page.inputValue(sel).catch(() => 'absent')}`);
});
/** A number as the page writes it in English (1,904.5). */
const num = (s) => Number(s.replace(/,/g, ''));

/** axe's serious and critical violations on the page as it is now. */
async function blocking(page) {
  await page.evaluate(axeSource);
  const r = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

const link = (params) => `${base}?${params}&lesson=virtual-threads&chapter=1&v=1`;

try {
  const room = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  room.on('page', watch);
  const projector = await room.newPage();
  await projector.goto(link('presenter=1'));
  await projector.waitForSelector('#lesson');
  let speaker;

  await check('"Open speaker view" opens the speaker view in a second window', async () => {
    assert((await text(projector, '#speaker-open')) === 'Open speaker view', await text(projector, '#speaker-open'));
    [speaker] = await Promise.all([room.waitForEvent('page'), projector.click('#speaker-open')]);
    await speaker.waitForSelector('#speaker-notes', { timeout: 30000 });
    const url = new URL(speaker.url());
    assert(url.searchParams.get('speaker') === '1', speaker.url());
    assert(url.searchParams.get('presenter') === '1', speaker.url());
    assert(!(await projector.$('.speaker-page')), 'the projector shows the stage, not the notes');
    assert(!(await speaker.$('html.presenter')), 'the speaker view is read up close: no room-sized type');
    const notes = await text(speaker, '#speaker-notes');
    assert(notes.startsWith('Say:') && notes.length > 200 && !notes.includes('{$'), notes);
    assert((await text(speaker, '#speaker-next')).startsWith('Shows the question'), await text(speaker, '#speaker-next'));
    assert((await text(speaker, '#speaker-keys')).includes('Page Down'), 'the keys');
    assert((await chapterOf(speaker)) === (await chapterOf(projector)), 'the same chapter');
  });

  await check('Next in the speaker view: the projector goes to the question too', async () => {
    await speaker.click('#guide-next');
    await waitStep(speaker, ['Predict']);
    await waitStep(projector, ['Predict']);
    assert((await text(speaker, '#speaker-next')).startsWith('Nothing yet'), await text(speaker, '#speaker-next'));
  });

  await check('the tally refuses a negative count in one line naming the field and the value', async () => {
    await speaker.waitForSelector('#room-tally');
    const label = await text(speaker, 'label[for=room-count-1]');
    await speaker.fill('#room-count-1', '-3');
    await speaker.waitForSelector('#room-problem:not(:empty)');
    const line = await text(speaker, '#room-problem');
    assert(line === `${label}: “-3” — expected a whole number from 0 to 10,000`, line);
    assert((await speaker.getAttribute('#room-count-1', 'aria-invalid')) === 'true', 'the field is marked');
  });

  let counts;
  await check('the room\'s counts, typed in the speaker view, reach the projector', async () => {
    const n = (await speaker.$$('#room-tally input[type=number]')).length;
    assert(n >= 4, `bins: ${n}`);
    counts = Array.from({ length: n }, (_, i) => (i * 3 + 1) % 7 + 1);
    for (let i = 0; i < n; i++) await speaker.fill(`#room-count-${i}`, String(counts[i]));
    assert((await text(speaker, '#room-problem')) === '', 'no problem left');
    await waitValue(projector, `#room-count-${n - 1}`, String(counts[n - 1]));
    await waitValue(projector, '#room-count-1', String(counts[1]));
    await blur(speaker);
    await speaker.screenshot({ path: path.join(shots, 'speaker-tally-en.png'), fullPage: true });
  });

  await check('the answer and Run in the speaker view: the projector runs the chapter too', async () => {
    await speaker.fill('#guide-answer', '1900');
    await waitValue(projector, '#guide-answer', '1900');
    assert((await text(speaker, '#speaker-next')).startsWith('Runs the chapter'), await text(speaker, '#speaker-next'));
    await speaker.click('#guide-run');
    // The run has started in the projector's window: at the Run step (or,
    // on a fast machine, already answered).
    await waitStep(projector, ['Run', 'Compare']);
    await projector.waitForSelector('#guide-compare', { timeout: 240000 });
    await speaker.waitForSelector('#guide-compare', { timeout: 240000 });
    assert((await currentStep(projector)) === 'Compare' && (await currentStep(speaker)) === 'Compare', 'both compare');
    assert((await text(projector, '#guide-actual')) === (await text(speaker, '#guide-actual')), 'the same run');
  });

  await check('after the run the room\'s histogram marks the bin of the run\'s answer', async () => {
    for (const page of [projector, speaker]) {
      await page.waitForSelector('#room-histogram');
      const bars = await page.$$eval('.room-bar', (bs) => bs.map((b) => ({
        label: b.querySelector('.room-label').textContent,
        value: b.querySelector('.room-value').textContent,
        answer: b.classList.contains('answer'),
        width: Number(b.querySelector('rect').getAttribute('width')),
      })));
      assert(bars.length === counts.length, `${bars.length} bars`);
      bars.forEach((b, i) => assert(b.value.startsWith(`${counts[i]} (`), `${b.label}: ${b.value}`));
      const marked = bars.filter((b) => b.answer);
      assert(marked.length === 1, `${marked.length} marked`);
      const actual = num((await text(page, '#guide-actual')).split(' ')[0]);
      const [lo, hi] = marked[0].label.match(/[\d,.]+/g).map(num);
      const label = marked[0].label;
      const inside = label.startsWith('under') ? actual < lo
        : label.endsWith('or more') ? actual >= lo : actual >= lo && actual < hi;
      assert(inside, `${actual} is not in "${label}"`);
      assert((await text(page, '#room-answer-mark')).endsWith("the run's answer"), 'marked in words');
      assert(Math.max(...bars.map((b) => b.width)) === 100, 'the fullest bin is the longest bar');
    }
    assert(!(await projector.$('#room-tally')), 'counted: the fields are gone');
    await blur(projector);
    await (await projector.$('#guide-result')).screenshot({ path: path.join(shots, 'projector-histogram-en.png') });
  });

  await check('Page Down in the speaker view steps both windows; the next click names chapter 2', async () => {
    await blur(speaker);
    await speaker.keyboard.press('PageDown');
    await waitStep(speaker, ['Now try']);
    await waitStep(projector, ['Now try']);
    const next = await text(speaker, '#speaker-next');
    assert(next.startsWith('Opens chapter 2: '), next);
  });

  await check('the clocks run, pause and reset', async () => {
    const read = async () => [await text(speaker, '#speaker-talk'), await text(speaker, '#speaker-chapter-clock')];
    assert(/^\d+:\d\d$/.test((await read())[0]), (await read())[0]);
    await speaker.waitForFunction(() => document.querySelector('#speaker-talk').textContent !== '0:00', null, { timeout: 5000 });
    assert((await text(speaker, '#speaker-start-pause')) === 'Pause', await text(speaker, '#speaker-start-pause'));
    await speaker.click('#speaker-start-pause');
    const paused = await read();
    await speaker.waitForTimeout(1500);
    assert(JSON.stringify(await read()) === JSON.stringify(paused), `paused: ${paused} → ${await read()}`);
    assert((await text(speaker, '#speaker-start-pause')) === 'Start', 'Start again');
    await speaker.click('#speaker-reset');
    assert(JSON.stringify(await read()) === JSON.stringify(['0:00', '0:00']), `reset: ${await read()}`);
    await speaker.click('#speaker-start-pause');
    await speaker.waitForFunction(() => document.querySelector('#speaker-talk').textContent === '0:01', null, { timeout: 5000 });
  });

  await check('axe-core: no serious or critical violation on the speaker view, light and dark', async () => {
    const found = await blocking(speaker);
    assert(found.length === 0, found.join(' | '));
    const dark = await room.newPage();
    await dark.goto(link('presenter=1&speaker=1&theme=dark'));
    await dark.waitForSelector('#speaker-notes');
    await dark.waitForSelector('#room-histogram');
    const foundDark = await blocking(dark);
    await dark.close();
    assert(foundDark.length === 0, foundDark.join(' | '));
  });

  for (const lang of ['en', 'de', 'zh']) {
    for (const theme of ['light', 'dark']) {
      await check(`screenshots: the speaker view and the projector, ${lang}, ${theme}`, async () => {
        const s = await room.newPage();
        await s.goto(link(`presenter=1&speaker=1&lang=${lang}&theme=${theme}`));
        await s.waitForSelector('#speaker-notes');
        await s.waitForSelector('#room-histogram');
        const own = JSON.parse(fs.readFileSync(path.join(root, 'src/i18n/catalogue', lang, 'lessons.json'), 'utf8'));
        const notes = await text(s, '#speaker-notes');
        const start = own['lesson.virtual-threads.pool-runs-out.notes'].slice(0, 8);
        assert(notes.startsWith(start), `${lang}: ${notes.slice(0, 40)}`);
        assert((await text(s, '#speaker-notes-title')) === own['speaker.notes'], await text(s, '#speaker-notes-title'));
        await blur(s);
        await s.screenshot({ path: path.join(shots, `speaker-${lang}-${theme}.png`), fullPage: true });
        await s.close();
        const pr = await room.newPage();
        await pr.goto(link(`presenter=1&lang=${lang}&theme=${theme}`));
        await pr.waitForSelector('#room-histogram');
        assert((await text(pr, '#speaker-open')) === own['speaker.open'], await text(pr, '#speaker-open'));
        await pr.waitForTimeout(300);
        await pr.screenshot({ path: path.join(shots, `projector-${lang}-${theme}.png`) });
        await pr.close();
      });
    }
  }

  await check('without BroadcastChannel the button is disabled and says why', async () => {
    const bare = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    bare.on('page', watch);
    await bare.addInitScript(() => { delete window.BroadcastChannel; });
    const p = await bare.newPage();
    await p.goto(link('presenter=1'));
    await p.waitForSelector('#speaker-open');
    assert(await p.isDisabled('#speaker-open'), 'disabled');
    const why = await text(p, '#speaker-why');
    assert(why.includes('BroadcastChannel'), why);
    assert((await p.getAttribute('#speaker-open', 'aria-describedby')) === 'speaker-why', 'the reason is the button\'s description');
    await bare.close();
  });

  await checkClean({ problems, foreign });
} finally {
  await browser.close();
  server.close();
}
finish();
