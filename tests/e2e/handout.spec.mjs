// End-to-end test of a lesson's handout and the image card for feeds in
// Debian's headless Chromium.
//
// The handout: "Print handout" on a lesson runs every chapter on workers
// of its own (progress shown), then opens the print dialog (stubbed here to
// count its calls) once each chapter's sheet has its answer and chart; the
// learner's stored prediction is graded beside the run. Printed to PDF (A4
// and Letter), a chapter is one page: as many pages as chapters. PDFs go to
// test-artifacts/handout/ (and, when poppler's pdftoppm is installed, each
// page as PNG to look at), in English, German and Chinese.
//
// The card: "Export as image card" in the export menu downloads a PNG of
// 1200 × 630 (read from its IHDR) whose QR code reads as the page's
// permalink (when zbar's zbarimg is installed), saved to
// test-artifacts/card/ in the three languages. axe-core finds no serious or critical violation in the
// handout or the open export menu; no console error, no request elsewhere.
//
//   trunk build --release && node tests/e2e/handout.spec.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { serveDist } from '../../scripts/serve-dist.mjs';
import { artifacts, assert, catalogue, check, checkClean, finish, openBrowser, root, settle } from './harness.mjs';

const server = await serveDist(path.join(root, 'dist'));
const base = `http://127.0.0.1:${server.address().port}/`;
const { browser, context, problems, foreign } = await openBrowser(base);
const axeSource = fs.readFileSync(path.join(root, 'node_modules/axe-core/axe.min.js'), 'utf8');
const handoutDir = path.join(artifacts, 'handout');
const cardDir = path.join(artifacts, 'card');
fs.mkdirSync(handoutDir, { recursive: true });
fs.mkdirSync(cardDir, { recursive: true });

// The print dialog, counted instead of opened (headless has none to show).
await context.addInitScript(() => {
  window.__printed = 0;
  window.print = () => { window.__printed += 1; };
});

const LESSON = 'virtual-threads';
const CHAPTERS = 9;
// A prediction stored for chapter 1 but never run: the handout grades it.
const STORED = JSON.stringify({
  lesson: LESSON, chapter: 0, step: 'predict',
  answers: { 'pool-runs-out': { prediction: { number: 1900 } } },
});

/** axe's serious or critical violations inside `selector`. */
async function blocking(page, selector) {
  await page.evaluate(axeSource);
  const r = await page.evaluate((s) => window.axe.run({ include: [s] }, { resultTypes: ['violations'] }), selector);
  return r.violations.filter((v) => ['serious', 'critical'].includes(v.impact))
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Pages in a PDF (its page objects). */
const pdfPages = (bytes) => (bytes.toString('latin1').match(/\/Type\s*\/Page[^s]/g) || []).length;

/** Each page of `pdf` as PNG beside it, when pdftoppm is installed. */
function toPngs(pdf) {
  try {
    execFileSync('pdftoppm', ['-png', '-r', '60', pdf, pdf.replace(/\.pdf$/, '')]);
    return true;
  } catch {
    return false;
  }
}

async function handoutIn(lang) {
  const words = catalogue(lang, 'lessons');
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto(`${base}?lang=${lang}`);
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [`threadlab.lesson.${LESSON}`, STORED]);
  await page.goto(`${base}?lesson=${LESSON}&chapter=1&lang=${lang}`);
  await page.waitForSelector('#lesson');

  await check(`${lang}: "Print handout" runs every chapter, shows how far, then prints`, async () => {
    const button = (await page.textContent('#handout-open')).trim();
    assert(button === words['handout.print'], button);
    await page.click('#handout-open');
    await page.waitForSelector('#handout');
    const first = (await page.textContent('#handout-status')).trim();
    assert(first.length > 0, 'a status line');
    assert(await page.$eval('#handout-progress', (p) => p.max) === CHAPTERS, 'progress of nine chapters');
    await page.waitForFunction(() => window.__printed > 0, null, { timeout: 240000 });
    assert(await page.evaluate(() => window.__printed) === 1, 'printed once');
    const ready = (await page.textContent('#handout-status')).trim();
    assert(ready === words['handout.ready'].replace('{$total}', String(CHAPTERS)), ready);
    assert(await page.$eval('#handout-progress', (p) => p.value) === CHAPTERS, 'progress full');
  });

  await check(`${lang}: a sheet per chapter: question, the run's answer, its chart, what to notice`, async () => {
    const sheets = await page.$$eval('.handout-page', (ps) => ps.map((p) => ({
      title: p.querySelector('h3').textContent,
      question: p.querySelector('.handout-question').textContent,
      actual: p.querySelector('.handout-actual')?.textContent || '',
      notice: p.querySelector('.handout-notice').textContent,
      charts: [...p.querySelectorAll('canvas')].map((c) => Number(c.dataset.draws || 0)),
      notRun: p.querySelector('.handout-not-run') !== null,
    })));
    assert(sheets.length === CHAPTERS, `${sheets.length} sheets`);
    for (const [i, s] of sheets.entries()) {
      assert(s.title && s.question && s.notice, `sheet ${i + 1} has its words`);
      assert(s.actual.trim().length > 0 && !s.notRun, `sheet ${i + 1} ran: ${s.actual}`);
      assert(s.charts.length >= 1 && s.charts.every((d) => d > 0), `sheet ${i + 1} charts ${s.charts}`);
    }
    assert((await page.textContent('#handout-page-0 h3')).trim() === words[`lesson.${LESSON}.pool-runs-out.title`], 'the chapter title');
    // The stored prediction beside the run, graded now.
    const said = (await page.textContent('#handout-page-0 .handout-said')).trim();
    assert(said === `1${lang === 'de' ? '.' : ','}900 ${catalogue(lang, 'form')['unit.req_per_s']}`, said);
    assert(await page.$('#handout-page-0 .verdict'), 'a verdict');
    assert(!(await page.$('#handout-page-1 .handout-said')), 'no prediction where none was made');
  });

  await check(`${lang}: on screen, the handout's sheets stay paper-white (dark theme too)`, async () => {
    // Chinese in the dark theme: the sheets keep the light theme's colours,
    // and print below is light all the same.
    if (lang === 'zh') await page.selectOption('#theme', 'dark');
    await page.$eval('#handout', (e) => e.scrollIntoView());
    await page.screenshot({ path: path.join(handoutDir, `screen-${lang}${lang === 'zh' ? '-dark' : ''}.png`) });
    const bg = await page.$eval('.handout-page', (e) => getComputedStyle(e).backgroundColor);
    assert(bg === 'rgb(255, 255, 255)', bg);
  });

  await check(`${lang}: the handout has no serious or critical axe finding`, async () => {
    const found = await blocking(page, '#handout');
    assert(found.length === 0, found.join(' | '));
  });

  await check(`${lang}: printed, each chapter is one A4 and one Letter page, the chrome hidden`, async () => {
    await page.emulateMedia({ media: 'print' });
    const hidden = await page.evaluate(() => ['#handout-open', '.share', '#settings', '.handout-bar', '#lesson', '#handout-print']
      .map((s) => document.querySelector(s)).filter((e) => e && getComputedStyle(e).display !== 'none').length);
    assert(hidden === 0, `${hidden} pieces of chrome still shown in print`);
    const pdf = path.join(handoutDir, `handout-${lang}.pdf`);
    const a4 = await page.pdf({ path: pdf, format: 'A4', printBackground: true });
    assert(pdfPages(a4) === CHAPTERS, `A4: ${pdfPages(a4)} pages`);
    const letter = await page.pdf({ path: path.join(handoutDir, `handout-${lang}-letter.pdf`), format: 'Letter', printBackground: true });
    assert(pdfPages(letter) === CHAPTERS, `Letter: ${pdfPages(letter)} pages`);
    if (!toPngs(pdf)) console.log('     (pdftoppm not installed: no PNG of the pages)');
    await page.emulateMedia({ media: 'screen' });
  });

  await check(`${lang}: closing the handout leaves the lesson`, async () => {
    await page.click('#handout-close');
    await page.waitForSelector('#handout', { state: 'detached' });
    assert(await page.isVisible('#lesson'), 'the lesson stays');
  });
  await page.close();
}

/** The text of the QR code in the image `file` (zbar's zbarimg), or null without zbar. */
function qrText(file) {
  try {
    const out = execFileSync('zbarimg', ['-q', '--raw', file], { stdio: ['ignore', 'pipe', 'ignore'] });
    return out.toString('utf8').trim();
  } catch (e) {
    if (e.code === 'ENOENT') return null;
    throw new Error(`zbarimg found no QR code in ${file}`);
  }
}

/** The PNG's width and height from its IHDR chunk. */
function pngSize(bytes) {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  assert(signature.every((b, i) => bytes[i] === b), 'a PNG signature');
  assert(bytes.toString('latin1', 12, 16) === 'IHDR', 'IHDR first');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

async function cardIn(lang) {
  const words = catalogue(lang, 'ui');
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto(`${base}?v=1&lang=${lang}`);
  await settle(page);
  await check(`${lang}: "Export as image card" downloads a 1200 × 630 PNG`, async () => {
    await page.click('#export-menu > summary');
    const label = (await page.textContent('#export-card')).trim();
    assert(label === words['share.card'], label);
    const found = await blocking(page, '#export-menu');
    assert(found.length === 0, found.join(' | '));
    const [d] = await Promise.all([page.waitForEvent('download'), page.click('#export-card')]);
    assert(/\.png$/.test(d.suggestedFilename()), d.suggestedFilename());
    const file = path.join(cardDir, `card-${lang}.png`);
    await d.saveAs(file);
    const [w, h] = pngSize(fs.readFileSync(file));
    assert(w === 1200 && h === 630, `${w} × ${h}`);
    // The QR code reads as the page's permalink, when zbar is installed.
    const read = qrText(file);
    if (read === null) console.log('     (zbarimg not installed: the QR code not read)');
    else assert(read === page.url(), `the QR code says ${read}, the page is at ${page.url()}`);
    await page.waitForFunction((t) => document.querySelector('#share-status').textContent.trim() === t,
      words['share.downloaded'], { timeout: 5000 });
  });
  await page.close();
}

try {
  for (const lang of ['en', 'de', 'zh']) await handoutIn(lang);
  for (const lang of ['en', 'de', 'zh']) await cardIn(lang);
  await checkClean({ problems, foreign });
} finally {
  await browser.close();
  server.close();
}
finish();
