// What the share, embed and error-panel end-to-end specs share: named checks
// that count passes and failures, a browser whose pages record console
// errors, page errors, Content-Security-Policy violations and requests to
// other hosts, and waiting for the playground to settle.
import fs from 'node:fs';
import path from 'node:path';
import { launchChromium } from '../../scripts/serve-dist.mjs';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
export const artifacts = path.join(root, 'test-artifacts');

/** The catalogue's words of `area` (ui, form, lessons, …) in `lang`. */
export const catalogue = (lang, area) =>
  JSON.parse(fs.readFileSync(path.join(root, 'src', 'i18n', 'catalogue', lang, `${area}.json`), 'utf8'));
fs.mkdirSync(artifacts, { recursive: true });

let passed = 0;
let failed = 0;

/** Runs one named check; a thrown error fails it and the run goes on. */
export async function check(name, fn) {
  try {
    await fn();
    passed++;
    console.log(`ok   ${name}`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}: ${String(e && e.message || e).split('\n')[0]}`);
  }
}

export function assert(cond, msg) {
  if (!cond) throw new Error(msg);
}

/** Prints the tally and exits with its status. */
export function finish() {
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

/**
 * A browser context whose pages record what must never happen: console
 * errors and warnings, page errors, CSP violations (event and console) and
 * requests to any host but `origin`.
 */
export async function openBrowser(origin) {
  const browser = await launchChromium();
  const context = await browser.newContext({ acceptDownloads: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const problems = [];
  const foreign = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const watch = (page) => {
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${page.url()}: ${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`${page.url()}: pageerror: ${e.message}`));
    page.on('request', (r) => {
      const u = r.url();
      if (!u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:')) foreign.push(u);
    });
  };
  context.on('page', watch);
  return { browser, context, problems, foreign, watch };
}

/** Waits until every chart on the page has drawn and the job has finished. */
export async function settle(page, { charts = 8, timeout = 90000 } = {}) {
  await page.waitForFunction((n) => {
    const cs = [...document.querySelectorAll('canvas')];
    return cs.length >= n && cs.every((c) => Number(c.dataset.draws || 0) > 0)
      && document.querySelector('#progress.done') !== null;
  }, charts, { timeout });
}

/** The text of every summary card, for comparing two pages' numbers. */
export const cards = (page) => page.$$eval('.summary .card', (cs) => cs.map((c) => c.textContent));

/**
 * The checks every spec ends with: no console error or warning, no page
 * error, no CSP violation (except what `expected` matches: a fault the
 * spec causes on purpose), and no request to another host.
 */
export async function checkClean({ problems, foreign }, expected = null) {
  await check('no console errors, no page errors, no CSP violations', async () => {
    const unexpected = problems.filter((p) => !(expected && expected.test(p)));
    assert(unexpected.length === 0, unexpected.slice(0, 4).join(' | '));
  });
  await check('no requests to other hosts', async () => {
    assert(foreign.length === 0, foreign.slice(0, 4).join(' '));
  });
}
