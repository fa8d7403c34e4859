// End-to-end test of the playground in Debian's headless Chromium, driven by
// playwright-core (no downloaded browser). Serves dist/ itself on 127.0.0.1
// unless a URL is given: `node tests/e2e/playground.spec.mjs [URL]`.
// Saves screenshots to test-artifacts/ and prints "N passed, N failed".
import fs from 'node:fs';
import path from 'node:path';
import { serveDist, launchChromium } from '../../scripts/serve-dist.mjs';
import { artifacts, assert, check, finish, root } from './harness.mjs';

const dist = path.join(root, 'dist');

const server = process.argv[2] ? null : await serveDist(dist);
const base = process.argv[2] || `http://127.0.0.1:${server.address().port}/`;
const browser = await launchChromium();
const problems = [];
const foreign = [];

async function openPage(viewport, deviceScaleFactor = 1) {
  const page = await browser.newPage({ viewport, deviceScaleFactor, hasTouch: deviceScaleFactor >= 3 });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith(base) && !u.startsWith('data:') && !u.startsWith('blob:')) foreign.push(u);
  });
  await page.goto(base);
  return page;
}

// Waits until every chart canvas has drawn and the job has finished.
async function settle(page, timeout = 60000) {
  await page.waitForFunction(() => {
    const cs = [...document.querySelectorAll('canvas')];
    return cs.length >= 8 && cs.every((c) => Number(c.dataset.draws || 0) > 0)
      && document.querySelector('#progress.done') !== null;
  }, null, { timeout });
}
const hash = (page, id) => page.$eval(`#${id}`, (c) => c.toDataURL());
// The first number in a text: "1,878 req/s = …" → 1878.
const num = (t) => Number((String(t).match(/[0-9][0-9,]*(\.[0-9]+)?/) || ['NaN'])[0].replace(/,/g, ''));
const shot = (page, name, opts = {}) => page.screenshot({ path: path.join(artifacts, `${name}.png`), ...opts });
// Screenshots without the phone's sticky tabs across them. Set through the
// CSSOM: a style sheet injected for the screenshot (Playwright's `style`
// option) would be blocked by the page's Content-Security-Policy and fail
// the console check, as it should for anything the page itself injected.
async function snap(target, opts) {
  const page = typeof target.page === 'function' ? target.page() : target;
  const stick = (on) => page.evaluate((on) => document.querySelectorAll('.tabs, .top').forEach((e) => {
    if (on) e.style.removeProperty('position'); else e.style.setProperty('position', 'static', 'important');
  }), on);
  await stick(false);
  try { return await target.screenshot(opts); } finally { await stick(true); }
}
const generation = (page) => page.$eval('#progress', (p) => Number(p.dataset.generation));
// Waits until the job of a scenario newer than `before` has finished.
async function settleAfter(page, before) {
  await page.waitForFunction((b) => Number(document.querySelector('#progress').dataset.generation) > b, before, { timeout: 10000 });
  await settle(page, 180000);
}
async function load(page, name) {
  const before = await generation(page);
  await page.selectOption('#preset', name);
  await settleAfter(page, before);
}
// Types into a field and waits until the job for it has finished.
/** Opens the form's "Advanced" group, if it is closed. */
async function openAdvanced(page) {
  if ((await page.getAttribute('#advanced-toggle', 'aria-expanded')) !== 'true') {
    await page.click('#advanced-toggle');
    await page.waitForSelector('#advanced-toggle[aria-expanded=true]');
  }
}

async function set(page, id, value) {
  const before = await generation(page);
  await page.fill(`#${id}`, value);
  await settleAfter(page, before);
}
const caption = (page, id) => page.$eval(`figure.chart:has(#${id}) figcaption`, (f) => f.textContent);
// Points at a chart (`fx`, `fy`: fractions of its box) and returns its tooltip's text.
async function tooltipAt(page, id, fx, fy) {
  const chart = page.locator(`#${id}`);
  await chart.scrollIntoViewIfNeeded();
  const box = await chart.boundingBox();
  await page.mouse.move(box.x + box.width * fx, box.y + box.height * fy);
  await page.waitForSelector('.tooltip:not([hidden])', { timeout: 5000 });
  return page.$eval('.tooltip:not([hidden])', (t) => t.textContent);
}
const nonBlank = (page, id) => page.$eval(`#${id}`, (c) => {
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let coloured = 0;
  for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i] - d[i + 2]) > 60) coloured++;
  return coloured;
});

try {
  const page = await openPage({ width: 1280, height: 800 });
  await check('page loads with the default scenario simulated and charted', async () => {
    const t0 = Date.now();
    await settle(page);
    console.log(`     (first job: ${await page.$eval('#progress', (p) => p.textContent)}; page ready after ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    const cards = await page.$$eval('.summary .card', (cs) => cs.map((c) => c.textContent));
    assert(cards.length === 2, `expected 2 cards (platform, virtual), got ${cards.length}`);
    assert(cards.every((t) => /req\/s/.test(t)), 'both cards show a throughput');
    for (const id of ['chart-sweep-throughput', 'chart-sweep-latency', 'chart-throughput-time', 'chart-timeline-platform', 'chart-timeline-virtual']) {
      assert(await nonBlank(page, id) > 50, `${id} has coloured pixels`);
    }
  });
  await check('the bottleneck is named in words', async () => {
    const text = await page.$$eval('.bottleneck', (b) => b.map((x) => x.textContent).join(' '));
    assert(/Tomcat|thread|CPU|cores|pool/i.test(text), `bottleneck text: ${text}`);
  });
  await check('hovering a chart shows values', async () => {
    const tip = await tooltipAt(page, 'chart-sweep-throughput', 0.6, 0.5);
    assert(/req\/s/.test(tip), `tooltip: ${tip}`);
  });
  await page.screenshot({ path: path.join(artifacts, 'desktop-1280x800.png'), fullPage: false });
  await snap(page, { path: path.join(artifacts, 'desktop-1280x800-full.png'), fullPage: true });

  await check('moving a slider changes the charts', async () => {
    const before = await hash(page, 'chart-throughput-time');
    const sweepBefore = await hash(page, 'chart-sweep-throughput');
    const slider = page.locator('#slider-server-threads_max');
    await slider.focus();
    for (let i = 0; i < 60; i++) await page.keyboard.press('ArrowRight');
    const text = await page.inputValue('#f-server-threads_max');
    assert(text !== '100', `threads.max text changed (${text})`);
    await page.waitForFunction((b) => document.querySelector('#chart-throughput-time').toDataURL() !== b, before, { timeout: 30000 });
    await settle(page);
    assert((await hash(page, 'chart-sweep-throughput')) !== sweepBefore, 'the sweep chart changed');
  });

  await check('a bad value shows a message naming field, value and range, and keeps the input', async () => {
    await page.fill('#f-server-cores', '0');
    await page.waitForSelector('.field.invalid .error');
    const msg = await page.$eval('.field.invalid .error', (e) => e.textContent);
    assert(/server\.cores/.test(msg) && /0/.test(msg) && /1/.test(msg), `message: ${msg}`);
    assert((await page.inputValue('#f-server-cores')) === '0', 'input kept');
    await page.fill('#f-server-cores', '4');
    await page.waitForFunction(() => !document.querySelector('.field.invalid'));
    const program = await page.inputValue('#f-program');
    await page.fill('#f-program', 'cpu:abc,io:50ms');
    await page.waitForSelector('.field.invalid .error');
    const perr = await page.$eval('.field.invalid .error', (e) => e.textContent);
    assert(/program/.test(perr) && /cpu:abc/.test(perr), `program message: ${perr}`);
    assert((await page.inputValue('#f-program')) === 'cpu:abc,io:50ms', 'program input kept');
    await page.fill('#f-program', program);
    await page.waitForFunction(() => !document.querySelector('.field.invalid'));
  });

  await check('a German or Chinese page names a bad value in its language, range in its numbers', async () => {
    for (const [lang, words] of [['de', /server\.cores: „0“ — außerhalb des zulässigen Bereichs: erwartet wird eine ganze Zahl von 1 bis 1\.024/],
      ['zh', /server\.cores：“0” — 超出范围：应为 1 到 1,024 之间的整数/]]) {
      const p = await openPage({ width: 1280, height: 900 });
      await p.selectOption('#lang', lang);
      await p.waitForFunction((l) => document.documentElement.lang === l, lang);
      await p.waitForSelector('#f-server-cores');
      await p.fill('#f-server-cores', '0');
      await p.waitForSelector('.field.invalid .error');
      const msg = await p.$eval('.field.invalid .error', (e) => e.textContent);
      assert(words.test(msg), `the ${lang} message: ${msg}`);
      const listed = await p.$eval('.problems', (e) => e.textContent);
      assert(words.test(listed), `the ${lang} problems: ${listed}`);
      await snap(p.locator('.field:has(#f-server-cores)'), { path: path.join(artifacts, `invalid-field-${lang}.png`) });
      await p.fill('#f-program', 'cpu:abc');
      await p.waitForSelector('.field.invalid:has(#f-program) .error');
      await snap(p.locator('.field:has(#f-program)'), { path: path.join(artifacts, `invalid-program-${lang}.png`) });
      await p.close();
    }
  });

  await check('a program naming an executor twice shows its fields once (one DOM id each)', async () => {
    const program = await page.inputValue('#f-program');
    await page.fill('#f-program', 'cpu:0.1ms,async(a){io:1ms},async(b){io:1ms},async(a){io:2ms}');
    await page.waitForSelector('#f-async-b-max');
    const dup = await page.evaluate(() => {
      const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
      return ids.filter((id, i) => ids.indexOf(id) !== i);
    });
    assert(dup.length === 0, `duplicate ids: ${dup.join(' ')}`);
    await page.fill('#f-program', program);
    await page.waitForFunction(() => !document.querySelector('#f-async-a-max'));
  });

  await check('a run that reaches its event budget says "stopped at budget"', async () => {
    // Budgets sit in the form's "Advanced" group.
    await openAdvanced(page);
    await page.fill('#f-limits-max_events', '5000');
    try {
      await page.waitForFunction(() => /Stopped at budget/.test(document.querySelector('.summary').textContent), null, { timeout: 30000 });
    } catch (e) {
      throw new Error(`no "stopped at budget" in: ${await page.$eval('.summary', (x) => x.textContent)} / ${await page.$eval('#progress', (x) => x.textContent)} / ${await page.inputValue('#f-limits-max_events')}`);
    }
    await page.fill('#f-limits-max_events', '');
    await page.waitForFunction(() => !/Stopped at budget/.test(document.querySelector('.summary').textContent), null, { timeout: 30000 });
  });

  await check('loading the hey /delay/50 preset shows 1877.21 and 12773.14 in the table', async () => {
    await page.selectOption('#preset', 'pinning-jdk21');
    await settle(page);
    await page.selectOption('#preset', 'e2-platform');
    await page.waitForFunction(() => {
      const t = document.querySelector('#measured-table');
      return t && /12,?773\.14/.test(t.textContent) && /1,?877\.21/.test(t.textContent);
    }, null, { timeout: 60000 }).catch(() => {});
    const table = await page.$eval('#measured-table', (t) => t.textContent);
    assert(/1,?877\.21/.test(table), 'table has 1877.21');
    assert(/12,?773\.14/.test(table), 'table has 12773.14');
    await settle(page);
    const sim = await page.$$eval('#measured-table tbody tr.figure-row', (rows) => rows.map((r) => r.textContent));
    assert(sim.every((r) => !r.includes('…')), 'every simulated cell is filled');
    const little = await page.$eval('.little', (l) => l.textContent);
    assert(/consistent/.test(little), `Little's law check: ${little}`);
  });
  await snap(page, { path: path.join(artifacts, 'e2-preset-1280x800-full.png'), fullPage: true });
  fs.mkdirSync(path.join(artifacts, 'charts'), { recursive: true });
  for (const id of await page.$$eval('canvas', (cs) => cs.map((c) => c.id))) {
    await snap(page.locator(`#${id}`), { path: path.join(artifacts, 'charts', `${id}.png`) });
  }

  await check('the menu has one entry per lesson or measured pair, lessons first, grouped by experiment', async () => {
    const groups = await page.$$eval('#preset optgroup', (gs) => gs.map((g) => g.label));
    assert(/^Lessons/.test(groups[0]), `first group: ${groups[0]}`);
    for (const e of ['E1', 'E2', 'E3', 'E4']) assert(groups.some((g) => g.startsWith(`${e} — `)), `a group for ${e} with a line on it: ${groups.join(' | ')}`);
    const options = await page.$$eval('#preset option', (os) => os.map((o) => o.value).filter(Boolean));
    assert(options.length === 25, `17 lessons and 8 pairs, got ${options.length}: ${options.join(' ')}`);
    assert(!options.some((o) => /virtual/.test(o)), `no separate virtual entries: ${options.join(' ')}`);
    // Each entry, once chosen, shows whole in the closed menu (its text is
    // measured in the menu's own font; ~2.5 em go to padding and the arrow).
    const cut = await page.$eval('#preset', (s) => {
      const ctx = document.createElement('canvas').getContext('2d');
      const st = getComputedStyle(s);
      ctx.font = `${st.fontSize} ${st.fontFamily}`;
      const room = s.clientWidth - 2.5 * parseFloat(st.fontSize);
      return [...s.options].filter((o) => ctx.measureText(`${o.text} · edited`).width > room).map((o) => o.text);
    });
    assert(cut.length === 0, `cut off at 1280 px: ${cut.join(' | ')}`);
  });

  await check('an edited scenario follows in the menu, greys the verdicts and says what changed; reset brings the preset back', async () => {
    await set(page, 'f-server-threads_max', '400');
    const about = await page.$eval('#preset-changes', (p) => p.textContent);
    assert(/Max threads: 100 → 400/.test(about), `changes listed: ${about}`);
    assert(/As loaded/.test(await page.$eval('#preset-about', (p) => p.textContent)), 'the description is the preset\'s');
    assert(/edited/.test(await page.$eval('#preset option:checked', (o) => o.textContent)), 'the menu says edited');
    const rows = await page.$$eval('#measured-table tbody tr.figure-row', (rs) => rs.map((r) => [r.className, r.querySelector('.verdict').textContent]));
    const platform = rows.filter(([c]) => /platform/.test(c));
    assert(platform.length > 0 && platform.every(([c, v]) => /differs/.test(c) && /your scenario differs from the article/.test(v)), `platform verdicts: ${JSON.stringify(platform)}`);
    assert(!rows.some(([, v]) => /fail/.test(v) && /platform/.test(v)), 'no red fail for an edited run');
    assert(!(await page.$('.field:has(#f-server-threads_max) .badge.stated')), 'no "stated" badge on a changed value');
    await snap(page.locator('.scenario-about'), { path: path.join(artifacts, 'edited-e2-about.png') });
    await snap(page.locator('section.measured'), { path: path.join(artifacts, 'edited-e2-measured.png') });
    await snap(page.locator('.field:has(#f-server-threads_max)'), { path: path.join(artifacts, 'edited-e2-field.png') });
    const g = await generation(page);
    await page.click('#reset-preset');
    await settleAfter(page, g);
    assert((await page.inputValue('#f-server-threads_max')) === '100', 'threads.max back to 100');
    assert(!(await page.$('#measured-table .verdict.differs')), 'verdicts back');
    assert(!(await page.$('#preset-changes')), 'no changes listed');
  });

  await check('a setting with no effect says so', async () => {
    await load(page, 'cpu-bound');
    const note = await page.$eval('.field:has(#f-db-pool_size) .no-effect', (n) => n.textContent);
    assert(/no effect: the program has no db: step/.test(note), note);
    assert(await page.$('.field.inert:has(#f-server-jdk)'), 'JDK version has no effect without synchronized');
    assert(!(await page.$('.field.inert:has(#f-server-cores)')), 'cores matter');
  });

  await check("the pool lesson's headline is successful requests per second, with hey's Requests/sec beside it", async () => {
    await load(page, 'db-pool');
    const v = await page.$eval('.summary .card.virtual', (c) => ({
      goodput: Number(c.querySelector('[data-goodput]').dataset.goodput),
      big: c.querySelector('.goodput .big').textContent,
      what: c.querySelector('.goodput .what').textContent,
      hey: Number(c.querySelector('[data-tool-rate]').dataset.toolRate),
      heyWhat: c.querySelector('.tool-rate .what').textContent,
      succeeded: Number(c.querySelector('.run-facts').dataset.succeeded),
      seconds: Number(c.querySelector('.run-facts').dataset.seconds),
      errors: c.querySelector('.errors').className,
    }));
    const ok = v.succeeded / v.seconds;
    assert(Math.abs(v.goodput - ok) < 0.01 * ok, `headline ${v.goodput} = successes/s ${ok}`);
    assert(Math.abs(num(v.big) - v.goodput) <= 1, `shown ${v.big}`);
    assert(/successful/.test(v.what), v.what);
    assert(v.goodput <= 525, `at most the pool's 500 req/s: ${v.goodput}`);
    assert(v.hey > v.goodput * 1.3 && /hey's Requests\/sec/.test(v.heyWhat), `hey's figure beside it: ${v.hey} ${v.heyWhat}`);
    assert(/sev-severe/.test(v.errors), `the error rate styled severe: ${v.errors}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'db-pool-1280x800');
    await snap(page.locator('.summary'), { path: path.join(artifacts, 'db-pool-summary.png') });
    await snap(page.locator('#chart-sweep-throughput'), { path: path.join(artifacts, 'db-pool-sweep.png') });
    await snap(page.locator('#chart-throughput-time'), { path: path.join(artifacts, 'db-pool-over-time.png') });
  });

  await check('compare with a baseline: JDK 21 → 24 side by side with the change', async () => {
    await load(page, 'pinning-jdk21');
    await page.click('#pin-baseline');
    await page.waitForSelector('#baseline-table');
    await set(page, 'f-server-jdk', '24');
    await page.waitForFunction(() => /JDK version: 21 → 24/.test(document.querySelector('#baseline-changes').textContent));
    const row = await page.$eval('#baseline-table tbody tr', (r) => [...r.querySelectorAll('td')].map((d) => [d.className, d.textContent]));
    // platform: before, now, change; virtual: before, now, change.
    const [vb, vn, vc] = row.slice(3);
    assert(num(vb[1]) < 100 && num(vn[1]) > 3500, `virtual before ${vb[1]}, now ${vn[1]}`);
    assert(/better/.test(vc[0]) && /^\+/.test(vc[1]), `change ${vc[1]} (${vc[0]})`);
    await snap(page.locator('.baseline'), { path: path.join(artifacts, 'baseline-jdk21-24.png') });
    await snap(page.locator('#chart-throughput-time'), { path: path.join(artifacts, 'pinning-jdk24-over-time.png') });
    await page.click('#clear-baseline');
    assert(!(await page.$('#baseline-table')), 'cleared');
  });

  await check('bad input: one current message, aria-invalid and aria-describedby, stale results dimmed', async () => {
    await page.fill('#f-server-cores', '-5');
    await page.fill('#f-server-cores', 'abc');
    await page.waitForSelector('.field.invalid .error');
    const msgs = await page.$$eval('.field:has(#f-server-cores) .error', (es) => es.map((e) => e.textContent));
    assert(msgs.length === 1 && /abc/.test(msgs[0]), `one message: ${msgs.join(' | ')}`);
    const aria = await page.$eval('#f-server-cores', (i) => [i.getAttribute('aria-invalid'), i.getAttribute('aria-describedby')]);
    assert(aria[0] === 'true', 'aria-invalid');
    const described = await page.$eval(`#${aria[1].split(' ')[0]}`, (e) => e.textContent);
    assert(/server\.cores/.test(described), `describedby points at the message: ${described}`);
    const dim = await page.$eval('main.results', (m) => [m.className, getComputedStyle(m.querySelector('.dim')).opacity, m.querySelector('.stale-note')?.textContent]);
    assert(/stale/.test(dim[0]) && Number(dim[1]) < 0.6 && /Stale/.test(dim[2]), `dimmed: ${dim}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'stale-1280x800');
    await snap(page.locator('.field:has(#f-server-cores)'), { path: path.join(artifacts, 'invalid-field.png') });
    await page.fill('#f-load-requests', '1e9');
    const req = await page.$$eval('.field:has(#f-load-requests) .error', (es) => es.map((e) => e.textContent));
    assert(req.length === 1 && /out of range/.test(req[0]), `one message for 1e9: ${req.join(' | ')}`);
    await page.fill('#f-load-requests', '4000');
    await page.fill('#f-server-cores', '4');
    await page.fill('#f-program', 'cpu:abc');
    const prog = await page.$eval('#f-program', (t) => [t.getAttribute('aria-invalid'), getComputedStyle(t).borderTopColor]);
    await snap(page.locator('.field:has(#f-program)'), { path: path.join(artifacts, 'invalid-program.png') });
    assert(prog[0] === 'true' && prog[1] === 'rgb(179, 0, 27)', `the program is styled invalid: ${prog}`);
    const g = await generation(page);
    await page.fill('#f-program', 'cpu:0.1ms,sync{io:50ms}');
    await page.waitForFunction(() => !document.querySelector('.field.invalid') && !document.querySelector('main.stale'));
    await settleAfter(page, g);
  });

  await check('open load: titles, arrival-rate axes past the lowest ceiling, no closed-loop markers, the bottleneck in its words', async () => {
    await load(page, 'e2-platform');
    // E2 names hey, which has no arrival rate: the page says so, and k6 has one.
    await page.selectOption('#f-load-kind', 'open');
    await page.waitForSelector('.field.invalid:has(#f-load-kind) .error');
    const why = await page.$eval('.field.invalid:has(#f-load-kind) .error', (e) => e.textContent);
    assert(/hey runs a closed loop/.test(why) && /k6/.test(why), `the open loop under hey: ${why}`);
    await page.selectOption('#f-load-tool', 'k6');
    await page.waitForFunction(() => !document.querySelector('.field.invalid'));
    await page.waitForSelector('#f-load-rate_rps');
    await set(page, 'f-load-rate_rps', '1000');
    const title = await page.$eval('figure.chart:has(#chart-sweep-throughput) h3', (h) => h.textContent);
    assert(/arrival rate/.test(title) && !/concurrency/.test(title), title);
    assert(/arrival rate/.test(await page.$eval('figure.chart:has(#chart-sweep-latency) h3', (h) => h.textContent)), 'latency title');
    const xmax = Number(await page.$eval('#chart-sweep-throughput', (c) => c.dataset.xMax));
    const ceilings = await page.$$eval('.summary .card', (cs) => cs.map((c) => c.querySelector('.ceilings li').textContent));
    const lowest = ceilings.map(num);
    assert(lowest.every((c) => xmax > c), `x axis to ${xmax} past the ceilings ${lowest}`);
    const about = await caption(page, 'chart-sweep-throughput');
    assert(/not points on a rate axis/.test(about), about);
    const bottleneck = await page.$eval('.summary .card.platform .bottleneck', (b) => b.textContent);
    assert(!/clients' own concurrency/.test(bottleneck), bottleneck);
    assert(await page.$('#f-load-rate_rps'), 'open-loop settings shown');
    await snap(page, { path: path.join(artifacts, 'open-load-1280x800-full.png'), fullPage: true });
    for (const id of ['chart-sweep-throughput', 'chart-sweep-latency']) {
      await snap(page.locator(`#${id}`), { path: path.join(artifacts, `open-load-${id}.png`) });
    }
    const g = await generation(page);
    await page.selectOption('#f-load-kind', 'closed');
    await settleAfter(page, g);
    assert(!(await page.$('#f-load-rate_rps')) && !(await page.$('#f-load-max_in_flight')), 'no open-loop settings for a closed loop');
  });

  await check("E1 is wrk's run: the tool control, wrk's Requests/sec, connections over time with reconnects", async () => {
    await load(page, 'e1-platform');
    assert((await page.inputValue('#f-load-tool')) === 'wrk', 'the tool control shows wrk');
    const tools = await page.$$eval('#f-load-tool option', (os) => os.map((o) => o.value));
    for (const t of ['hey', 'wrk', 'wrk2', 'jmeter', 'k6']) assert(tools.includes(t), `the tool control offers ${t}: ${tools}`);
    // The help under it says what the chosen tool does, not every tool.
    const help = await page.$eval('.field:has(#f-load-tool) .help', (h) => h.textContent);
    assert(/wrk: -c connections/.test(help) && !/jmeter:|k6:|hey:/.test(help), `the tool's help: ${help}`);
    const card = await page.$eval('.summary .card.virtual', (c) => ({
      what: c.querySelector('.tool-rate .what').textContent,
      rate: Number(c.querySelector('[data-tool-rate]').dataset.toolRate),
      conns: c.querySelector('.connections').textContent,
    }));
    assert(/wrk's Requests\/sec/.test(card.what) && card.rate > 0, `wrk's figure: ${card.rate} ${card.what}`);
    // Virtual threads: 14,200 req/s for 60 s over 2,000 connections is ~426
    // requests each, so Tomcat closes each one 4 times (after 100 requests).
    const reconnects = num(card.conns.split('opened,')[1]);
    assert(/^wrk as the client/.test(card.conns) && reconnects === 8000, `reconnects: ${card.conns}`);
    const title = await page.$eval('figure.chart:has(#chart-connections) h3', (h) => h.textContent);
    assert(/wrk/.test(title), `connections chart title: ${title}`);
    assert(await nonBlank(page, 'chart-connections') > 50, 'the connections chart has coloured pixels');
    const chart = page.locator('#chart-connections');
    await chart.scrollIntoViewIfNeeded();
    const box = await chart.boundingBox();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.6);
    await page.waitForSelector('.tooltip:not([hidden])', { timeout: 5000 });
    const tip = await page.$eval('.tooltip:not([hidden])', (t) => t.textContent);
    assert(/open/.test(tip) && /accept queue/.test(tip) && /reconnects\/s/.test(tip), `tooltip: ${tip}`);
    await snap(page.locator('.summary'), { path: path.join(artifacts, 'e1-wrk-summary.png') });
    await snap(page.locator('figure.chart:has(#chart-connections)'), { path: path.join(artifacts, 'e1-wrk-connections.png') });
    await snap(page.locator('.field:has(#f-load-tool)'), { path: path.join(artifacts, 'e1-wrk-tool-field.png') });
  });

  await check('E4 compares the executors with Tomcat on platform threads in both columns', async () => {
    await load(page, 'e4-platform-100');
    const cards = await page.$$eval('.summary .card h2', (hs) => hs.map((h) => h.textContent));
    assert(/@Async on a thread pool/.test(cards[0]) && /@Async on virtual threads/.test(cards[1]), cards.join(' | '));
    assert(cards.every((c) => /Tomcat on platform threads/.test(c)), cards.join(' | '));
    const facts = await page.$eval('.summary .card.virtual .run-facts', (p) => p.textContent);
    assert(/peak [1-9][0-9]* platform/.test(facts), `Tomcat's platform threads in the virtual column: ${facts}`);
    await snap(page.locator('.summary'), { path: path.join(artifacts, 'e4-summary.png') });
  });

  await check('the timeline says how many threads it shows; no caption says "hover"', async () => {
    await load(page, 'e2-platform');
    const about = await caption(page, 'chart-timeline-platform');
    assert(/the first 24 of the 100 threads/.test(about), about);
    await snap(page.locator('figure.chart:has(#chart-timeline-platform)'), { path: path.join(artifacts, 'timeline-platform.png') });
    const text = await page.$eval('main', (m) => m.innerText);
    assert(!/hover/i.test(text), 'no "hover"');
    await snap(page.locator('#chart-utilisation-platform'), { path: path.join(artifacts, 'utilisation-platform.png') });
    await snap(page.locator('#chart-utilisation-virtual'), { path: path.join(artifacts, 'utilisation-virtual.png') });
  });

  await check('the JVM: memory by kind with its limits, GC pauses shown, a cold/warm switch', async () => {
    await load(page, 'e2-platform');
    assert((await page.inputValue('#f-jvm-start')) === 'cold', 'E2 starts cold: the article restarts the service');
    for (const mode of ['platform', 'virtual']) {
      const id = `chart-memory-${mode}`;
      assert(await nonBlank(page, id) > 50, `${id} drawn`);
      const about = await caption(page, id);
      assert(/-Xmx/.test(about) && /G1: [0-9]+ young/.test(about), `${id} caption: ${about}`);
    }
    const facts = await page.$$eval('.summary .card.platform .jvm-facts', (ps) => ps.map((p) => p.textContent));
    assert(facts.some((f) => /^G1: /.test(f)) && facts.some((f) => /^cold start: DispatcherServlet initialised/.test(f)), `JVM lines: ${facts.join(' | ')}`);
    const tip = await tooltipAt(page, 'chart-memory-platform', 0.5, 0.6);
    assert(/heap: /.test(tip) && /native: thread stacks/.test(tip) && /reserved/.test(tip), `memory tooltip: ${tip}`);
    const cardText = async () => page.$eval('.summary .card.virtual', (c) => c.textContent);
    const coldCard = await cardText();
    const g = await generation(page);
    await page.selectOption('#f-jvm-start', 'warm');
    await settleAfter(page, g);
    const warmFacts = await page.$$eval('.summary .card.platform .jvm-facts', (ps) => ps.map((p) => p.textContent));
    assert(!warmFacts.some((f) => /cold start/.test(f)), `warm: ${warmFacts.join(' | ')}`);
    assert((await cardText()) !== coldCard, 'the warm run differs from the cold one');
    assert(/JVM start: cold → warm/.test(await page.$eval('#preset-changes', (p) => p.textContent)), 'the change is listed');
    // A small heap and large allocations: pauses every few hundred requests.
    // The heap is in the first layer; G1's allocation per request in "Advanced".
    await openAdvanced(page);
    await set(page, 'f-memory-heap_mb', '256');
    await set(page, 'f-gc-alloc_kb', '2048');
    const about = await caption(page, 'chart-memory-virtual');
    const young = Number((about.match(/G1: ([0-9]+) young/) || [])[1]);
    assert(young > 20, `many young collections with 2 MB per request in 256 MB: ${about}`);
    fs.mkdirSync(path.join(artifacts, 'jvm'), { recursive: true });
    for (const id of ['chart-memory-platform', 'chart-memory-virtual', 'chart-throughput-time', 'chart-latency-time', 'chart-timeline-platform', 'chart-timeline-virtual']) {
      await snap(page.locator(`#${id}`), { path: path.join(artifacts, 'jvm', `${id}.png`) });
    }
    await snap(page.locator('.summary'), { path: path.join(artifacts, 'jvm', 'summary.png') });
    await snap(page.locator('.field:has(#f-jvm-start)'), { path: path.join(artifacts, 'jvm', 'jvm-start-field.png') });
    const r = await generation(page);
    await page.click('#reset-preset');
    await settleAfter(page, r);
  });

  await check('reset to defaults leaves no preset', async () => {
    const g = await generation(page);
    await page.click('#reset-defaults');
    await settleAfter(page, g);
    assert((await page.inputValue('#preset')) === '', 'the menu says your own scenario');
    assert((await page.inputValue('#f-server-threads_max')) === '', 'threads.max at its default');
    await load(page, 'e2-platform');
  });

  await check('every preset loads and simulates', async () => {
    const names = await page.$$eval('#preset option', (os) => os.map((o) => o.value).filter(Boolean));
    assert(names.length >= 6, `presets: ${names.length}`);
    for (const n of names.filter((n) => /^e[1-4]-|^e[1-4][a-z-]*-platform|^pinning/.test(n))) {
      await page.selectOption('#preset', n);
      await settle(page, 180000);
      const measured = await page.$('.measured');
      if (measured) await snap(measured, { path: path.join(artifacts, `preset-${n}-measured.png`) });
      await snap(page.locator('.summary'), { path: path.join(artifacts, `preset-${n}-summary.png`) });
      await snap(page.locator('#chart-sweep-throughput'), { path: path.join(artifacts, `preset-${n}-sweep.png`) });
    }
  });
  await page.close();

  // A German or Chinese reader sees the presets in their language:
  // the menu's sections and entries (each still whole in the closed menu
  // with "edited" in that language), the scenario's description, the load
  // tool's name for its rate and a setting's unit.
  for (const [lang, want] of [
    ['de', { group: 'Lektionen — ', entry: 'Artikel E2, zitiert: CRUD-API, 10.000 Nutzer', about: 'hinter Tomcats Pool von 100 Threads', rate: 'Requests/sec von hey', unit: 'Worker', edited: ' · geändert' }],
    ['zh', { group: '课程 — ', entry: '文章 E2 转载表格：CRUD API，10,000 个用户', about: 'Tomcat 100 个线程的线程池', rate: 'hey 的 Requests/sec', unit: '工作者', edited: ' · 已修改' }],
  ]) {
    const p = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    p.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`); });
    p.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    await p.goto(`${base}?lang=${lang}&v=1`);
    await check(`${lang}: the presets, the tool's rate and the units in the page's language`, async () => {
      await settle(p, 180000);
      const groups = await p.$$eval('#preset optgroup', (gs) => gs.map((g) => g.label));
      assert(groups[0].startsWith(want.group), `first group: ${groups[0]}`);
      const options = await p.$$eval('#preset option', (os) => os.map((o) => o.text));
      assert(options.includes(want.entry), `entries: ${options.join(' | ')}`);
      const about = await p.$eval('#preset-about', (e) => e.textContent);
      assert(about.includes(want.about), `about: ${about}`);
      const rates = await p.$$eval('.tool-rate .what', (ws) => ws.map((w) => w.textContent));
      assert(rates.length === 2 && rates.every((r) => r === want.rate), `rates: ${rates.join(' | ')}`);
      const unit = await p.$eval('label[for="f-load-concurrency"] + .unit', (u) => u.textContent);
      assert(unit === want.unit, `unit: ${unit}`);
      const cut = await p.$eval('#preset', (s, edited) => {
        const ctx = document.createElement('canvas').getContext('2d');
        const st = getComputedStyle(s);
        ctx.font = `${st.fontSize} ${st.fontFamily}`;
        const room = s.clientWidth - 2.5 * parseFloat(st.fontSize);
        return [...s.options].filter((o) => ctx.measureText(`${o.text}${edited}`).width > room).map((o) => o.text);
      }, want.edited);
      assert(cut.length === 0, `cut off at 1280 px: ${cut.join(' | ')}`);
    });
    await p.screenshot({ path: path.join(artifacts, `presets-${lang}.png`) });
    await p.close();
  }

  for (const [name, viewport, scale] of [['projector-1920x1080', { width: 1920, height: 1080 }, 1], ['zoom150-1280x800', { width: 853, height: 533 }, 1.5], ['phone-390x844', { width: 390, height: 844 }, 3]]) {
    const p = await openPage(viewport, scale);
    await check(`renders on ${name}`, async () => {
      await settle(p);
      const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert(overflow <= 1, `no horizontal scrolling (${overflow}px)`);
    });
    await p.screenshot({ path: path.join(artifacts, `${name}.png`) });
    await snap(p, { path: path.join(artifacts, `${name}-full.png`), fullPage: true });
    fs.mkdirSync(path.join(artifacts, name), { recursive: true });
    for (const id of ['chart-sweep-throughput', 'chart-throughput-time', 'chart-utilisation-platform', 'chart-timeline-platform', 'chart-memory-platform', 'chart-connections']) {
      await snap(p.locator(`#${id}`), { path: path.join(artifacts, name, `${id}.png`) });
    }
    if (name.startsWith('phone')) {
      await check('phone: results and settings are two tabs, the settings at the top of theirs', async () => {
        assert(await p.isVisible('#tab-settings'), 'tabs shown');
        assert(!(await p.isVisible('#settings')), 'settings hidden behind their tab');
        await p.click('#tab-settings');
        const top = await p.$eval('#settings', (e) => e.getBoundingClientRect().top + window.scrollY);
        assert(top < 1200, `settings start at ${top}px`);
        assert(!(await p.isVisible('#results')), 'results hidden behind their tab');
        await p.screenshot({ path: path.join(artifacts, 'phone-settings.png') });
        await p.fill('#f-server-threads_max', '400');
        await p.click('#tab-results');
        assert(await p.isVisible('#results'), 'results back');
        await settle(p);
        const tapped = p.locator('#chart-sweep-throughput');
        await tapped.scrollIntoViewIfNeeded();
        const box = await tapped.boundingBox();
        await p.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.6);
        await p.waitForSelector('.tooltip:not([hidden])', { timeout: 5000 });
        await p.screenshot({ path: path.join(artifacts, 'phone-results-tapped.png') });
      });
    }
    await p.close();
  }

  await check('keyboard: the first Tab offers a skip link to the results; one stop per numeric setting; arrows step it', async () => {
    const p = await openPage({ width: 1280, height: 800 });
    await settle(p);
    await p.keyboard.press('Tab');
    const first = await p.evaluate(() => [document.activeElement.className, document.activeElement.textContent]);
    assert(/skip/.test(first[0]), `first stop: ${first}`);
    await p.screenshot({ path: path.join(artifacts, 'skip-link.png') });
    await p.keyboard.press('Enter');
    assert((await p.evaluate(() => document.activeElement.id)) === 'results', 'focus on the results');
    const sliders = await p.$$eval('input[type=range]', (rs) => rs.map((r) => r.tabIndex));
    assert(sliders.length > 5 && sliders.every((t) => t === -1), `sliders out of the Tab order: ${sliders}`);
    await p.focus('#f-server-threads_max');
    const before = Number(await p.inputValue('#f-server-threads_max'));
    await p.keyboard.press('ArrowUp');
    const after = Number(await p.inputValue('#f-server-threads_max'));
    assert(after > before, `ArrowUp steps ${before} → ${after}`);
    await p.close();
  });

  // Points 3, 4 and 2, in the page's three languages.
  const words = {
    en: { pool: /HikariCP.*maximum-pool-size.*not threads\.max/, failed: /successful responses only.*failed after.*connectionTimeout/, full: /full run, the cards' figures/ },
    de: { pool: /HikariCP.*maximum-pool-size erhöhen.*nicht threads\.max/, failed: /nur erfolgreiche Antworten.*scheiterten nach.*connectionTimeout/, full: /voller Lauf, die Zahlen der Karten/ },
    zh: { pool: /HikariCP.*maximum-pool-size.*threads\.max/, failed: /仅统计成功的响应.*connectionTimeout/, full: /完整运行，即卡片上的数字/ },
  };
  for (const lang of ['en', 'de', 'zh']) {
    await check(`${lang}: the db-pool case's bottleneck names HikariCP's ceiling and the threads waiting for it`, async () => {
      const p = await openPage({ width: 1280, height: 900 });
      await p.goto(`${base}?preset=e2-platform&modes=platform&program=cpu%3A0.2ms%2Cdb%3A10ms%2Cio%3A40ms&db.pool_size=10&lang=${lang}&v=1`);
      await settle(p, 240000);
      const text = await p.$eval('.summary .card .bottleneck', (b) => b.textContent);
      assert(words[lang].pool.test(text), `bottleneck: ${text}`);
      // 10 ms, and the query's wake-up latency (server.wake_p50_us, measured here): ~10.1 ms.
      assert(/10 ÷ 10[.,][01] ms/.test(text), `the ceiling's arithmetic: ${text}`);
      await snap(p.locator('.summary'), { path: path.join(artifacts, `issue31-bottleneck-db-pool-${lang}.png`) });
      await p.close();
    });
    await check(`${lang}: db-pool's cards give the successes' latency and a line for the failures; the sweep says which point is the full run`, async () => {
      const p = await openPage({ width: 1280, height: 900 });
      await p.goto(`${base}?preset=db-pool&lang=${lang}&v=1`);
      await settle(p, 240000);
      const lines = await p.$$eval('.summary .failed-latency', (ls) => ls.map((l) => [l.textContent, Number(l.dataset.failedPct)]));
      assert(lines.length >= 1, 'a failure line');
      assert(lines.some(([t, pct]) => words[lang].failed.test(t) && pct > 10), `failure lines: ${JSON.stringify(lines)}`);
      await snap(p.locator('.summary'), { path: path.join(artifacts, `issue31-latency-failures-${lang}.png`) });
      const about = await caption(p, 'chart-sweep-throughput');
      assert(words[lang].full.test(about), `sweep caption: ${about}`);
      for (const id of ['chart-sweep-throughput', 'chart-sweep-latency']) {
        const fig = p.locator(`figure.chart:has(#${id})`);
        await fig.scrollIntoViewIfNeeded();
        await snap(fig, { path: path.join(artifacts, `issue31-${id}-${lang}.png`) });
      }
      await p.close();
    });
  }

  await check('no console errors, no page errors', async () => {
    assert(problems.length === 0, problems.slice(0, 5).join(' | '));
  });
  await check('no requests to other hosts', async () => {
    assert(foreign.length === 0, foreign.slice(0, 5).join(' '));
  });
} finally {
  await browser.close();
  if (server) server.close();
}
finish();
