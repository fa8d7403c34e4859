// End-to-end test in Debian's headless Chromium: no English reaches a
// German or Chinese page from data. The page is opened in `?lang=de` and
// `?lang=zh` with runs that end in each way a run can end
// (`sim::Report::ending`) and with each cause the diagnosis can name
// (`Finding`), and every part of the page is rendered: the result cards,
// the compare table (a baseline pinned, then a setting changed), the
// measured panel, the diagnosis sentence, the link notice (a link holding
// unknown and unreadable parameters), the replay panel and the problems
// panel for an invalid setting. The visible text of each part (its
// innerText) must hold no English-only word and no unfilled `{$`.
//
// The English-only words come from the catalogues themselves, as in
// src/summary/said/tests.rs (which checks the outcome and diagnosis
// sentences natively): words of five ASCII letters or more in an English
// catalogue text (src/i18n/catalogue/en/*.json) that no German or Chinese text
// (src/i18n/catalogue/{de,zh}/*.json) uses. A name that is the same in every
// language (HikariCP, Tomcat) is in the translations too, so it is not one
// of them. Parameters (`{$name}`) are not words a reader sees and are left
// out of the texts first.
//
// Each scenario's card is also checked to say what the scenario is there
// for, in the page's language: the literal part of the catalogue text of
// its ending or finding (`outcome.deadlock`, `diagnosis.monitor`, ...).
//
// Not reached from the page, and why:
// * Finding::NoTime (requests that finish in no simulated time): the
//   scenario's checks refuse a request that takes no time, so a finished
//   request always takes some; the native test covers its words.
// * Ending::WallBudget with at_s = 0 (a run spinning at one instant): only
//   a request of no time spins there, refused as above.
//
// Screenshots of each part in each language: test-artifacts/words/.
// No console error, no CSP violation, no request to another host.
//
//   trunk build --release && node tests/e2e/words.spec.mjs
import fs from 'node:fs';
import path from 'node:path';
import { serveDist } from '../../scripts/serve-dist.mjs';
import { artifacts, assert, check, checkClean, finish, openBrowser, root } from './harness.mjs';

const server = await serveDist(path.join(root, 'dist'));
const base = `http://127.0.0.1:${server.address().port}/`;
const { browser, context, problems, foreign } = await openBrowser(base);
const shots = path.join(artifacts, 'words');
fs.mkdirSync(shots, { recursive: true });

// ---- the catalogues -------------------------------------------------------

/** Every text of `lang`'s catalogues (their values, at any depth), by key. */
function catalogue(lang) {
  const dir = path.join(root, 'src', 'i18n', 'catalogue', lang);
  const out = new Map();
  const walk = (v, key) => {
    if (typeof v === 'string') out.set(key, v);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, key ? `${key}.${k}` : k);
  };
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    walk(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')), '');
  }
  return out;
}
const catalogues = Object.fromEntries(['en', 'de', 'zh'].map((l) => [l, catalogue(l)]));

/** The words of five ASCII letters or more of a text (as said/tests.rs splits them). */
const wordsOf = (text) => text.split(/[^A-Za-z]+/).filter((w) => w.length >= 5);
const withoutParams = (text) => text.replace(/\{\$[^}]*\}/g, ' ');
const translated = new Set(['de', 'zh'].flatMap((l) => [...catalogues[l].values()].flatMap((t) => wordsOf(withoutParams(t)))));
const english = new Set([...catalogues.en.values()].flatMap((t) => wordsOf(withoutParams(t))).filter((w) => !translated.has(w)));

/** The literal part of `key`'s text in `lang` that a page saying it must show (its longest run between parameters). */
function literal(lang, key) {
  const t = catalogues[lang].get(key);
  if (t === undefined) throw new Error(`no catalogue text ${key} in ${lang}`);
  return t.split(/\{\$[^}]*\}/).map((s) => s.trim()).sort((a, b) => b.length - a.length)[0];
}

// ---- the page's parts -----------------------------------------------------

// The parts whose text is read, most specific first: a word is reported in
// the first part that shows it, and each part's text is read with the
// parts before it inside it hidden. `main.results` and the header catch
// what no named part holds.
const PARTS = [
  ['notice', '#link-notice'],
  ['problems', '.problems'],
  ['cards', '.summary'],
  ['compare', '.baseline'],
  ['measured', 'section.measured'],
  ['replay', '#replay'],
  ['about', '.scenario-about'],
  ['charts', '.charts, figure.chart'],
  ['results', 'main.results'],
  ['settings', 'aside.controls'],
  ['header', 'header.top'],
];

// Program text the reader typed (`cpu:0.2ms`, `sync(kvs){…}`) and setting
// keys (`threads.max`) are code, the same in every language: the page
// shows them in `code` elements and form fields, so input and textarea
// values (innerText leaves them out anyway) and `code` elements are not
// read. Text the page's CSS hides is not read either (innerText), nor text
// marked as another language's (the language menu names each language in
// its own words: `<option lang="en">English</option>`).
const CODE = 'code, input, textarea, script, style';

/** The visible text of each part present on `page`, as [part, text]. */
const readParts = (page) => page.evaluate(({ parts, code: plain }) => {
  const code = `${plain}, [lang]:not([lang="${document.documentElement.lang}"])`;
  const hide = (els) => els.map((e) => {
    const was = [e.style.getPropertyValue('display'), e.style.getPropertyPriority('display')];
    e.style.setProperty('display', 'none', 'important');
    return () => (was[0] ? e.style.setProperty('display', was[0], was[1]) : e.style.removeProperty('display'));
  });
  const out = [];
  const before = [];
  for (const [name, sel] of parts) {
    const els = [...document.querySelectorAll(sel)];
    const inner = els.flatMap((el) => [...el.querySelectorAll([code, ...before].join(', '))]);
    const undo = hide(inner);
    try {
      // A menu shows its chosen entry (innerText would give every entry's).
      const chosen = (el) => [...el.querySelectorAll('select')].filter((m) => m.checkVisibility())
        .map((m) => m.selectedOptions[0]).filter((o) => o && !o.closest(code)).map((o) => o.text);
      const menus = hide(els.flatMap((el) => [...el.querySelectorAll('select')]));
      try {
        for (const el of els) out.push([name, [el.innerText, ...chosen(el)].join('\n')]);
      } finally {
        menus.reverse().forEach((u) => u());
      }
    } finally {
      undo.reverse().forEach((u) => u());
    }
    before.push(sel);
  }
  return out;
}, { parts: PARTS, code: CODE });

/** What in `text` is English only: its words, and any unfilled parameter. */
function englishIn(text) {
  const found = wordsOf(text).filter((w) => english.has(w));
  if (text.includes('{$')) found.push(text.slice(text.indexOf('{$'), text.indexOf('{$') + 24));
  return [...new Set(found)];
}

/**
 * Fails with every English word on `page`, named with its part and a little
 * of its context; and when a part of `shown` is missing or empty (a check
 * of a part the page did not render would prove nothing).
 */
async function assertNoEnglish(page, where, shown = ['cards']) {
  const left = [];
  const parts = await readParts(page);
  for (const want of shown) {
    assert(parts.some(([part, text]) => part === want && text.trim().length > 20), `${where}: no ${want} on the page`);
  }
  for (const [part, text] of parts) {
    for (const w of englishIn(text)) {
      const at = text.indexOf(w);
      const context = text.slice(Math.max(0, at - 40), at + w.length + 40).replace(/\s+/g, ' ');
      left.push(`"${w}" in ${part} (…${context}…)`);
    }
  }
  assert(left.length === 0, `${where}: ${left.length} English word(s): ${left.slice(0, 8).join('; ')}`);
}

/** A screenshot of `sel` (the first match) without the sticky top bar across it. */
async function shot(page, sel, name) {
  const el = page.locator(sel).first();
  if ((await el.count()) === 0) return;
  const stick = (on) => page.evaluate((on) => document.querySelectorAll('.tabs, .top').forEach((e) => {
    if (on) e.style.removeProperty('position'); else e.style.setProperty('position', 'static', 'important');
  }), on);
  await stick(false);
  try {
    await el.screenshot({ path: path.join(shots, `${name}.png`) });
  } finally {
    await stick(true);
  }
}

// ---- the runs -------------------------------------------------------------

const generation = (page) => page.$eval('#progress', (p) => Number(p.dataset.generation));
const done = (page, timeout = 60000) => page.waitForSelector('#progress.done', { timeout });
/** Waits until a job newer than `before` has finished. */
async function doneAfter(page, before) {
  await page.waitForFunction((b) => Number(document.querySelector('#progress').dataset.generation) > b, before, { timeout: 10000 });
  await done(page);
}

async function open(query, lang) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto(`${base}?${query}&lang=${lang}&v=1`);
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
  return page;
}

/** Switches the open page to `lang` by its menu (the run stays, its words change). */
async function switchTo(page, lang) {
  await page.selectOption('#lang', lang);
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
}

/** Checks that `mode`'s card says each of `keys` in `lang`. */
async function assertSays(page, mode, keys, lang) {
  const card = await page.$eval(`.summary .card.${mode}`, (c) => c.innerText);
  for (const key of keys) {
    const want = literal(lang, key);
    assert(card.includes(want), `${mode} card does not say ${key} ("${want}"): ${card.replace(/\s+/g, ' ').slice(0, 400)}`);
  }
}

// Each scenario as a link, with what each column's card must say. Program
// names (`kvs`) are the reader's text; they are chosen to be no English
// word, as a reader's German or Chinese page would show them as typed.
const SCENARIOS = [
  {
    name: 'tomcat-cpu',
    // E2 as the article ran it: the measured panel is beside it.
    query: 'preset=e2-platform',
    expect: { platform: ['diagnosis.tomcat'], virtual: ['diagnosis.cpu'] },
  },
  {
    name: 'carriers-pace',
    query: 'preset=pinning-jdk21',
    expect: {
      platform: ['diagnosis.unsaturated', 'diagnosis.pace.closed', 'diagnosis.busy_aside'],
      virtual: ['diagnosis.carriers', 'diagnosis.carriers.pinned'],
    },
  },
  {
    name: 'carriers-compensated',
    query: 'modes=virtual&server.jdk=21&load.concurrency=300&load.requests=3000&load.timeout_ms=0&program=sync%7Bwait%3A100ms%7D',
    expect: { virtual: ['diagnosis.carriers', 'diagnosis.carriers.compensated'] },
  },
  {
    name: 'db-pool',
    query: 'preset=e2-platform&modes=platform&program=cpu%3A0.2ms%2Cdb%3A10ms%2Cio%3A40ms&db.pool_size=10',
    expect: { platform: ['diagnosis.db_pool', 'diagnosis.held.tomcat', 'diagnosis.held.share'] },
  },
  {
    name: 'executors',
    query: 'preset=e4-platform-100&modes=platform',
    expect: { platform: ['diagnosis.executor.pool_awaited'] },
  },
  {
    name: 'executors-unawaited',
    // The same clients waiting for their responses only: the tasks fall behind.
    query: 'preset=e4-platform-100&modes=platform&load.waits_for=response',
    expect: { platform: ['diagnosis.executor.pool'] },
  },
  {
    name: 'executor-virtual',
    // E4's presets compare executors: their virtual column is the virtual one.
    query: 'preset=e4-virtual-100&modes=virtual&async.email.limit=8',
    expect: { virtual: ['diagnosis.executor.virtual'] },
  },
  {
    name: 'monitor',
    query: 'modes=platform&load.concurrency=50&load.requests=1000&program=sync(kvs)%7Bio%3A10ms%7D%2Cio%3A10ms',
    expect: { platform: ['diagnosis.monitor'] },
  },
  {
    name: 'acceptor',
    query: 'modes=platform&server.accept_us=2000&load.concurrency=500&load.requests=2000&program=io%3A10ms',
    expect: { platform: ['diagnosis.acceptor'] },
  },
  {
    name: 'backlog',
    // A connection per request (keep-alive off) and threads for every client: the accept queue of
    // 10 is what binds (with keep-alive on, the 300 connect once and the 100 threads bind).
    query: 'modes=platform&load.concurrency=300&load.requests=3000&program=io%3A100ms&server.accept_count=10&load.keep_alive=off&server.threads_max=300',
    expect: { platform: ['diagnosis.backlog', 'diagnosis.backlog.acceptor'] },
  },
  {
    name: 'backlog-max',
    query: 'modes=platform&load.concurrency=2000&load.requests=3000&program=io%3A100ms&server.max_connections=100&server.accept_count=10',
    expect: { platform: ['diagnosis.backlog', 'diagnosis.backlog.max'] },
  },
  {
    name: 'client-errors',
    query: 'modes=platform&load.timeout_ms=50&program=io%3A100ms&load.requests=1000&load.concurrency=10',
    expect: { platform: ['diagnosis.client_errors'] },
  },
  {
    name: 'refused-rate',
    // The downstream's rate limit answers 429 to most calls; no pool fills. Its name is
    // under five letters, so not an English word to the check.
    query: 'modes=virtual&load.concurrency=200&load.requests=4000&program=call%28inv%29&downstream.inv.client=jdk&downstream.inv.rate_limit_rps=500&downstream.inv.p50_ms=50',
    expect: { virtual: ['diagnosis.refused.rate'] },
  },
  {
    name: 'refused-pending',
    // Reactor Netty's pool of 5 with no pending acquires allowed: the sixth call fails at once.
    query: 'modes=virtual&load.concurrency=50&load.requests=2000&program=call%28inv%29&downstream.inv.client=reactor-netty&downstream.inv.max_connections=5&downstream.inv.max_pending=0&downstream.inv.p50_ms=50',
    expect: { virtual: ['diagnosis.refused.pending'] },
  },
  {
    name: 'bulkhead',
    // A semaphore of 2 around a 10 ms wait: its permits bind (its name under five letters).
    query: 'modes=platform&load.concurrency=50&load.requests=1000&program=pool%28gt%2C2%29%7Bio%3A10ms%7D',
    expect: { platform: ['diagnosis.bulkhead'] },
  },
  {
    name: 'bulkhead-full',
    // A bulkhead of 5 that lets nobody wait: the other 45 clients' calls fail at once.
    query: 'modes=virtual&load.concurrency=50&load.requests=2000&program=pool%28gt%2C5%2C0ms%29%7Bio%3A50ms%7D',
    expect: { virtual: ['diagnosis.bulkhead_full'] },
  },
  {
    name: 'open-pace',
    query: 'modes=platform&load.tool=k6&load.kind=open&load.rate_rps=500',
    expect: { platform: ['diagnosis.unsaturated', 'diagnosis.pace.open'] },
  },
  {
    name: 'gc',
    query: 'modes=platform&load.concurrency=300&load.requests=3000&load.timeout_ms=0&server.threads_max=300&memory.heap_mb=360&memory.request_kb=1024&gc.alloc_kb=4096&program=io%3A100ms',
    expect: { platform: ['diagnosis.gc'] },
  },
  {
    // The OOM killer: a memory limit hit on the way is said with the run's
    // course (here k6 waiting for what was in flight).
    name: 'oom-killer',
    query: 'modes=platform&load.kind=open&load.arrivals=constant&load.rate_rps=2000&load.duration_s=4&load.tool=k6&server.threads_max=10000&memory.container_mb=512&memory.heap_mb=256&memory.max_threads=20000&jvm.restart_s=40&gc.collector=none&program=io%3A2s',
    expect: { platform: ['outcome.drained', 'diagnosis.memory.container'] },
  },
  {
    name: 'heap-cut',
    query: 'modes=platform&load.tool=wrk&load.duration_s=2&load.concurrency=400&server.threads_max=400&memory.heap_mb=64&memory.request_kb=1024&program=io%3A200ms',
    expect: { platform: ['outcome.cut', 'outcome.cut.deadline', 'diagnosis.memory.heap'] },
  },
  {
    name: 'heap-ran',
    query: 'modes=platform&load.requests=2000&load.concurrency=400&server.threads_max=400&memory.heap_mb=64&memory.request_kb=1024&program=io%3A200ms',
    expect: { platform: ['outcome.ran', 'diagnosis.memory.heap'] },
  },
  {
    // The pool's 16th thread cannot start: Tomcat's poller dies of it, and
    // the requests it never reads are in flight when wrk's 1 s ends.
    name: 'threads-cut',
    query: 'modes=platform&load.tool=wrk&load.duration_s=1&load.concurrency=20&load.think_ms=2000&program=io%3A50ms&memory.max_threads=40&server.threads_max=200',
    expect: { platform: ['outcome.cut', 'outcome.cut.deadline', 'diagnosis.memory.threads_poller'] },
  },
  {
    // The same with hey: the requests never read time out.
    name: 'threads-ran',
    query: 'modes=platform&load.concurrency=200&load.requests=2000&program=io%3A10ms&memory.max_threads=60&server.threads_max=200',
    expect: { platform: ['outcome.ran', 'diagnosis.memory.threads_poller'] },
  },
  {
    // ... and with no client timeout nothing ever ends them.
    name: 'poller-died',
    query: 'modes=platform&load.concurrency=200&load.requests=2000&load.timeout_ms=0&program=io%3A10ms&memory.max_threads=60&server.threads_max=200',
    expect: { platform: ['outcome.poller_died', 'diagnosis.memory.threads_poller'] },
  },
  {
    // An @Async pool that cannot start a thread fails the request that submitted.
    name: 'threads-failed',
    query: 'modes=platform&load.concurrency=50&load.requests=500&server.threads_max=60&server.min_spare=60&memory.max_threads=95&program=io%3A10ms%2Casync(mlr)%7Bio%3A50ms%7D&async.mlr.kind=pool&async.mlr.core=1&async.mlr.max=40&async.mlr.queue=5',
    expect: { platform: ['outcome.ran', 'diagnosis.memory.threads'] },
  },
  {
    // An agent on ResourceExhausted (jvmkill) kills the JVM at a failed start.
    name: 'threads-killed',
    query: 'modes=platform&load.concurrency=200&load.requests=2000&program=io%3A10ms&memory.max_threads=60&server.threads_max=200&jvm.on_out_of_memory=kill',
    expect: { platform: ['outcome.ran', 'diagnosis.memory.threads_killed'] },
  },
  {
    // -XX:+ExitOnOutOfMemoryError ends the JVM at the heap's OutOfMemoryError.
    name: 'heap-exited',
    query: 'modes=platform&load.requests=2000&load.concurrency=400&server.threads_max=400&memory.heap_mb=64&memory.request_kb=1024&program=io%3A200ms&jvm.on_out_of_memory=exit',
    expect: { platform: ['outcome.ran', 'diagnosis.memory.heap_exited'] },
  },
  {
    // Killed again after each restart: the kubelet's crash-loop back-off.
    name: 'crash-loop',
    query: 'modes=platform&load.tool=k6&load.kind=open&load.arrivals=constant&load.rate_rps=2000&load.duration_s=30&memory.container_mb=1024&memory.heap_mb=1600&memory.initial_heap_mb=1600&gc.alloc_kb=256&jvm.restart_s=3&program=cpu%3A0.1ms%2Cio%3A10ms',
    expect: { platform: ['outcome.drained', 'diagnosis.memory.container', 'diagnosis.memory.backoff'] },
  },
  {
    name: 'event-budget-no-time',
    query: 'modes=platform&limits.max_events=20&load.rtt_ms=0&load.connect_cpu_ms=0&server.accept_us=0&server.context_switch_us=0&jvm.thread_start_us=0&program=cpu%3A1ms&load.concurrency=20',
    expect: { platform: ['outcome.event_budget', 'outcome.no_time', 'diagnosis.nothing_finished'] },
  },
  {
    name: 'time-budget',
    query: 'modes=platform&limits.max_sim_s=1&load.tool=wrk&load.duration_s=10',
    expect: { platform: ['outcome.time_budget'] },
  },
  {
    name: 'own-memory',
    query: 'modes=platform&load.kind=open&load.rate_rps=100000&load.timeout_ms=0&load.duration_s=100&program=io%3A1s&limits.max_sim_memory_mb=16&gc.collector=none&load.tool=k6',
    expect: { platform: ['outcome.own_memory', 'diagnosis.nothing_finished'] },
  },
  {
    // JDK 21: the first request leaves synchronized and takes the lock again
    // at once (a non-fair lock lets it barge), then its I/O unmounts it; the
    // others wait for the lock inside synchronized, pinning every carrier,
    // so the holder can never mount again. No client timeout ends it.
    // (The other order, lock first and sync after, does not deadlock: each
    // thread barges back into the lock it just released.)
    name: 'deadlock',
    query: 'modes=virtual&server.jdk=21&load.timeout_ms=0&load.concurrency=50&load.requests=1000&program=sync%7Block(a)%7Bio%3A1ms%7D%7D%2Clock(a)%7Bio%3A10ms%7D',
    expect: { virtual: ['outcome.deadlock', 'diagnosis.nothing_finished'] },
  },
  {
    name: 'wall-budget',
    query: 'modes=platform&load.concurrency=200&load.requests=&load.duration_s=600&program=io%3A1ms&server.threads_max=200&limits.max_wall_s=1',
    expect: { platform: ['outcome.wall_budget', 'outcome.wall_budget.rate'] },
  },
];

const t0 = Date.now();
try {
  // Half the scenarios open in German and switch to Chinese, half the other
  // way: both languages are read as a link opens them and as the menu
  // switches to them, for half the time of opening each twice.
  for (const [i, s] of SCENARIOS.entries()) {
    const [first, second] = i % 2 === 0 ? ['de', 'zh'] : ['zh', 'de'];
    await check(`${s.name}: no English in ${first} (opened) or ${second} (switched)`, async () => {
      const page = await open(s.query, first);
      try {
        await done(page);
        for (const lang of [first, second]) {
          if (lang !== first) await switchTo(page, lang);
          for (const [mode, keys] of Object.entries(s.expect)) await assertSays(page, mode, keys, lang);
          await assertNoEnglish(page, `${s.name} in ${lang}`);
          await shot(page, '.summary', `${s.name}-${lang}-cards`);
        }
      } finally {
        await page.close();
      }
    });
  }
  console.log(`     (${SCENARIOS.length} scenarios: ${((Date.now() - t0) / 1000).toFixed(1)} s)`);

  for (const lang of ['de', 'zh']) {
    await check(`${lang}: the measured panel, a pinned baseline's compare table and the replay hold no English`, async () => {
      const page = await open('preset=e2-platform', lang);
      try {
        await done(page);
        await page.waitForSelector('#measured-table tr.figure-row.virtual', { timeout: 60000 });
        await shot(page, 'section.measured', `measured-${lang}`);
        await page.click('#pin-baseline');
        await page.waitForSelector('#baseline-table');
        const before = await generation(page);
        await page.fill('#f-server-threads_max', '400');
        await doneAfter(page, before);
        await page.waitForFunction(() => document.querySelector('#baseline-changes')?.textContent.includes('400'));
        // The change is named by its field's label in the page's language:
        // "Max threads" is English, though no word of it is English only.
        const changed = await page.$eval('#baseline-changes', (p) => p.textContent);
        const label = literal(lang, 'field.server.threads_max.label');
        assert(changed.includes(`${label}: 100 → 400`), `the compare table's change, not in ${lang}'s words (${label}): ${changed}`);
        await shot(page, '.baseline', `compare-${lang}`);
        await page.click('#replay-platform');
        await page.waitForSelector('#replay-scrub', { timeout: 60000 });
        // Halfway through, where threads are busy and requests queue.
        await page.$eval('#replay-scrub', (e) => {
          e.value = String(Math.round(Number(e.max) / 2));
          e.dispatchEvent(new Event('input', { bubbles: true }));
        });
        await page.click('#replay-forward');
        await shot(page, '#replay', `replay-${lang}`);
        await assertNoEnglish(page, `E2 with a baseline and the replay in ${lang}`, ['cards', 'compare', 'measured', 'replay', 'charts', 'settings']);
      } finally {
        await page.close();
      }
    });
  }

  for (const lang of ['de', 'zh']) {
    await check(`${lang}: a link's notice and the problems of an invalid setting hold no English`, async () => {
      // An unknown key, a value of no kind, one not among the choices, one
      // out of range, an unknown preset, chart and language, a key given
      // twice, a bad escape, a chapter without its lesson; no version.
      const page = await context.newPage();
      await page.setViewportSize({ width: 1280, height: 1000 });
      await page.goto(`${base}?lang=${lang}&nonsense=1&load.concurrency=abc&load.tool=curl&server.cores=0`
        + '&preset=nosuch&charts=nochart&theme=da&load.requests=5&load.requests=6&program=io%zz&chapter=3&server.mode=virtual');
      await page.waitForSelector('#link-notice');
      await done(page);
      await shot(page, '#link-notice', `notice-${lang}`);
      // The form's own check: a value out of range typed into a field.
      await page.fill('#f-server-cores', '0');
      await page.waitForSelector('.problems');
      await shot(page, '.problems', `problems-${lang}`);
      await shot(page, '.field:has(#f-server-cores)', `field-error-${lang}`);
      await assertNoEnglish(page, `a notice and problems in ${lang}`, ['notice', 'problems', 'cards', 'settings']);
      await page.close();
    });
  }

  await checkClean({ problems, foreign });
} finally {
  console.log(`     (total ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  await browser.close();
  server.close();
}
finish();
