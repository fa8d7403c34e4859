// End-to-end test of sharing in Debian's headless Chromium:
// a permalink round trip (change things, open the address in a new page:
// the same view and the same numbers), "Copy link", malformed and hostile
// links (defaults, and a notice naming what was ignored, as text), every
// export opened and checked (CSV header and rows, the replications against
// `threadlab run --replications 5`, JSON equal to
// `threadlab run --scenario … --format json`, the hey-like text equal to
// `threadlab run`'s, PNG size and metadata, SVG metadata), the Embed
// dialog's snippet, and the dark theme. No console error, no CSP violation,
// no request to another host.
//
//   trunk build --release && cargo build --bin threadlab && node tests/e2e/share.spec.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { isDeepStrictEqual } from 'node:util';
import { serveDist } from '../../scripts/serve-dist.mjs';
import { artifacts, assert, checkClean, cards, check, finish, openBrowser, root, settle } from './harness.mjs';

const cli = path.join(root, 'target', 'debug', 'threadlab');
const server = await serveDist(path.join(root, 'dist'));
const base = `http://127.0.0.1:${server.address().port}/`;
const { browser, context, problems, foreign } = await openBrowser(base);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'threadlab-share-'));

/** Runs the command line on `scenario` (a draft), as JSON or text. */
function runCli(scenario, json) {
  const file = path.join(tmp, `scenario-${Date.now()}-${Math.random()}.json`);
  fs.writeFileSync(file, JSON.stringify(scenario));
  const args = ['run', '--scenario', file, ...(json ? ['--format', 'json'] : [])];
  try {
    return execFileSync(cli, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  } catch (e) {
    if (e.status === 3) return e.stdout; // stopped at its budget: still the report
    throw e;
  }
}

/** Clicks `selector` and returns the download's bytes and file name. */
async function download(page, selector) {
  const [d] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  const bytes = fs.readFileSync(await d.path());
  fs.writeFileSync(path.join(artifacts, 'exports', d.suggestedFilename()), bytes);
  return { bytes, name: d.suggestedFilename() };
}

/** The PNG's size and its tEXt chunks. */
function pngInfo(bytes) {
  const sig = bytes.subarray(0, 8).toString('latin1');
  assert(sig === '\x89PNG\r\n\x1a\n', 'a PNG signature');
  const info = { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), text: {} };
  for (let at = 8; at < bytes.length;) {
    const len = bytes.readUInt32BE(at);
    const type = bytes.subarray(at + 4, at + 8).toString('latin1');
    if (type === 'tEXt') {
      const data = bytes.subarray(at + 8, at + 8 + len).toString('latin1');
      const nul = data.indexOf('\0');
      info.text[data.slice(0, nul)] = data.slice(nul + 1);
    }
    at += 12 + len;
  }
  return info;
}

fs.mkdirSync(path.join(artifacts, 'exports'), { recursive: true });
try {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(base);
  await settle(page);

  let url;
  await check('changing things writes them into the address (debounced, only what differs, v=1 last)', async () => {
    assert(new URL(page.url()).search === '', `the default state has a bare address: ${page.url()}`);
    const slider = page.locator('#slider-server-threads_max');
    await slider.focus();
    for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
    await page.selectOption('#theme', 'dark');
    await page.click('#charts-menu > summary');
    await page.uncheck('#show-histogram');
    await page.click('#charts-menu > summary');
    await page.waitForFunction(() => /server\.threads_max=\d+/.test(location.search)
      && /theme=dark/.test(location.search) && /charts=/.test(location.search), null, { timeout: 10000 });
    url = page.url();
    assert(url.endsWith('&v=1'), `ends with its version: ${url}`);
    assert(!/load\.concurrency|preset=/.test(url), `only what differs: ${url}`);
    await settle(page, { charts: 7 });
  });

  await check('opening the link restores the same view and the same numbers', async () => {
    const before = {
      cards: await cards(page),
      threads: await page.inputValue('#f-server-threads_max'),
      chart: await page.$eval('#chart-throughput-time', (c) => c.toDataURL()),
    };
    const again = await context.newPage();
    await again.setViewportSize({ width: 1280, height: 800 });
    await again.goto(url);
    await settle(again, { charts: 7 });
    await again.waitForSelector('#f-server-threads_max');
    assert((await again.inputValue('#f-server-threads_max')) === before.threads, 'the same threads.max');
    assert((await again.getAttribute('html', 'data-theme')) === 'dark', 'the dark theme');
    assert((await again.$('#chart-histogram')) === null, 'the closed chart stays closed');
    assert(isDeepStrictEqual(await cards(again), before.cards), 'the same numbers on the cards');
    const chart = await again.$eval('#chart-throughput-time', (c) => c.toDataURL());
    assert(chart === before.chart, 'the same chart, pixel for pixel');
    await again.screenshot({ path: path.join(artifacts, 'share-dark-1280x800.png') });
    await again.screenshot({ path: path.join(artifacts, 'share-dark-1280x800-full.png'), fullPage: true });
    await again.close();
  });

  await check('the theme "auto" follows the system\'s light or dark preference, and its changes', async () => {
    const p = await context.newPage();
    await p.emulateMedia({ colorScheme: 'dark' });
    await p.goto(base);
    await p.waitForSelector('#theme');
    assert((await p.getAttribute('html', 'data-theme')) === 'auto', 'auto');
    assert(await p.evaluate(() => document.documentElement.classList.contains('dark')), 'dark, as the system');
    await p.emulateMedia({ colorScheme: 'light' });
    await p.waitForFunction(() => !document.documentElement.classList.contains('dark'), null, { timeout: 5000 });
    await p.close();
  });

  await check('"Copy link" puts the address on the clipboard', async () => {
    await page.click('#copy-link');
    await page.waitForFunction(() => /Link copied/.test(document.querySelector('#share-status').textContent));
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert(copied === page.url(), `${copied} vs ${page.url()}`);
  });

  await page.click('#export-menu > summary');
  // A CSV line's cells (RFC 4180 quoting: the source cell may hold commas).
  const cellsOf = (line) => {
    const out = [];
    let cur = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (quoted && c === '"' && line[i + 1] === '"') { cur += '"'; i++; }
      else if (c === '"') quoted = !quoted;
      else if (c === ',' && !quoted) { out.push(cur); cur = ''; }
      else cur += c;
    }
    out.push(cur);
    return out;
  };
  const sourceCell = (url) => new RegExp(`^threadlab \\d+\\.\\d+\\.\\d+; E2.*\\(edited\\); seed 1; ${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  await check('the sweep as CSV: its header first, a row per point and mode, the source in every row', async () => {
    const { bytes, name } = await download(page, '#export-sweep-csv');
    assert(/^threadlab-e2-platform-edited-seed-1-sweep\.csv$/.test(name), name);
    const lines = bytes.toString('utf8').trimEnd().split('\n');
    assert(lines[0] === 'mode,concurrency,throughput_rps,goodput_rps,mean_ms,p50_ms,p99_ms,error_pct,stopped_at_budget,source', lines[0]);
    assert(!lines.some((l) => l.startsWith('#')), 'no comment line');
    const rows = lines.slice(1).map(cellsOf);
    const per = (m) => rows.filter((r) => r[0] === m).length;
    assert(per('platform') >= 20 && per('platform') === per('virtual'), `rows: ${per('platform')} + ${per('virtual')}`);
    assert(rows.length === per('platform') + per('virtual'), 'only data rows');
    assert(rows.every((r) => r.length === 10), 'ten cells in every row');
    assert(rows.every((r) => sourceCell(page.url()).test(r[9])), rows[0][9]);
    assert(rows.every((r) => Number.isFinite(Number(r[1])) && Number.isFinite(Number(r[2]))), 'numbers');
  });

  await check('the runs over time as CSV: its header first, a row per time bucket and mode', async () => {
    const { bytes } = await download(page, '#export-time-csv');
    const lines = bytes.toString('utf8').trimEnd().split('\n');
    const header = lines[0].split(',');
    assert(header.slice(0, 7).join(',') === 'mode,t_s,throughput_rps,latency_mean_ms,latency_p50_ms,latency_p99_ms,memory_mb', lines[0]);
    assert(header[header.length - 1] === 'source', lines[0]);
    const rows = lines.slice(1).map(cellsOf);
    assert(rows.length > 100, `${rows.length} rows`);
    assert(rows.every((r) => r.length === header.length), 'every row as wide as the header');
    assert(rows.every((r) => sourceCell(page.url()).test(r[r.length - 1])), rows[0][rows[0].length - 1]);
  });

  let reports;
  await check('the JSON export holds exactly what `threadlab run --format json` prints for the same scenario and seed', async () => {
    const { bytes } = await download(page, '#export-json');
    reports = JSON.parse(bytes.toString('utf8'));
    assert(reports.source.permalink === page.url(), 'names its permalink');
    assert(reports.source.seed === '1' && /E2/.test(reports.source.scenario), JSON.stringify(reports.source));
    assert(reports.runs.length === 2, `${reports.runs.length} runs`);
    for (const run of reports.runs) {
      const fromCli = JSON.parse(runCli(run.scenario, true));
      assert(isDeepStrictEqual(run.report, fromCli), `${run.mode}: the page's report differs from the CLI's`);
      assert(run.report.seed === 1, 'seed 1');
    }
  });

  await check('the replications panel: each mode\'s median and band per figure, a judgement per figure', async () => {
    await page.waitForSelector('section.replicas[aria-busy="false"]', { timeout: 60000 });
    const rows = await page.$$eval('section.replicas tbody tr', (trs) => trs.map((tr) => ({
      figure: tr.dataset.figure,
      medians: [...tr.querySelectorAll('.median')].map((m) => m.textContent),
      bands: [...tr.querySelectorAll('.band')].map((b) => b.textContent),
      intervals: tr.querySelectorAll('.interval').length,
      noise: tr.querySelector('[data-noise]')?.dataset.noise,
    })));
    const figures = rows.map((r) => r.figure).join(',');
    assert(figures === 'throughput,goodput,p50,p99,max,mean', figures);
    for (const r of rows) {
      assert(r.medians.length === 2 && r.medians.every((m) => /\d/.test(m)), `${r.figure}: ${r.medians}`);
      // At 5 seeds the interval for the median is the band itself, said on the band's line.
      assert(r.bands.length === 2 && r.bands.every((b) => /\d.*–.*\d.*interval for the median \(93\.75 % coverage\)/.test(b)), `${r.figure}: ${r.bands}`);
      assert(r.intervals === 0, `${r.figure}: no second line for the same interval`);
      assert(['within', 'apart', 'unjudged'].includes(r.noise), `${r.figure}: ${r.noise}`);
    }
    const heading = await page.$eval('section.replicas h3', (h) => h.textContent);
    assert(/\b5\b/.test(heading), heading);
  });

  await check('the replications as CSV: every seed\'s figures and each mode\'s summary, as `threadlab run --replications 5` gives them', async () => {
    const { bytes, name } = await download(page, '#export-replications-csv');
    assert(/^threadlab-e2-platform-edited-seed-1-replications\.csv$/.test(name), name);
    const lines = bytes.toString('utf8').trimEnd().split('\n');
    const header = lines[0].split(',');
    assert(lines[0] === 'mode,row,seed,outcome,throughput_rps,goodput_rps,p50_ms,p99_ms,max_ms,mean_ms,coverage,source', lines[0]);
    const rows = lines.slice(1).map(cellsOf);
    assert(rows.every((r) => r.length === header.length && sourceCell(page.url()).test(r[11])), rows[0].join(','));
    const figures = ['throughput', 'goodput', 'p50', 'p99', 'max', 'mean'];
    for (const run of reports.runs) {
      const mine = rows.filter((r) => r[0] === run.mode);
      const kinds = mine.map((r) => r[1]).join(',');
      assert(kinds === 'run,run,run,run,run,median,min,max,median_lo,median_hi', `${run.mode}: ${kinds}`);
      const file = path.join(tmp, `replicas-${run.mode}.json`);
      fs.writeFileSync(file, JSON.stringify(run.scenario));
      const told = JSON.parse(execFileSync(cli, ['run', '--scenario', file, '--replications', '5', '--format', 'json'],
        { encoding: 'utf8', maxBuffer: 64 << 20 })).replications;
      const seeds = mine.filter((r) => r[1] === 'run').map((r) => Number(r[2]));
      assert(isDeepStrictEqual(seeds, told.seeds), `${run.mode}: seeds ${seeds} vs the CLI's ${told.seeds}`);
      const at = (kind) => mine.find((r) => r[1] === kind);
      for (const [i, f] of figures.entries()) {
        const band = told.figures[f];
        const same = (kind, v) => assert(Number(at(kind)[4 + i]) === v, `${run.mode} ${f} ${kind}: ${at(kind)[4 + i]} vs the CLI's ${v}`);
        same('median', band.median);
        same('min', band.min);
        same('max', band.max);
        same('median_lo', band.interval.lo);
        same('median_hi', band.interval.hi);
      }
      assert(Number(at('median_lo')[10]) === told.figures.p99.interval.coverage, 'the coverage');
    }
  });

  await check('"copy as hey output" copies the CLI\'s text summary of each run', async () => {
    await page.click('#export-hey');
    await page.waitForFunction(() => /Copied as hey output/.test(document.querySelector('#share-status').textContent), null, { timeout: 10000 });
    const text = await page.evaluate(() => navigator.clipboard.readText());
    assert(text.startsWith('# threadlab: E2'), text.slice(0, 80));
    assert(text.includes(`# permalink: ${page.url()}\n`), 'names its permalink');
    const parts = text.split(/^# (?:platform|virtual) threads \(threadlab run --scenario scenario\.json\):\n/m);
    assert(parts.length === 3, `${parts.length - 1} runs`);
    for (const [i, run] of reports.runs.entries()) {
      const fromCli = runCli(run.scenario, false);
      assert(parts[i + 1] === `${fromCli}\n` || parts[i + 1] === fromCli, `${run.mode}: differs from \`threadlab run\``);
    }
    fs.writeFileSync(path.join(artifacts, 'exports', 'hey-output.txt'), text);
  });

  await check('a chart as PNG: 2× the chart size, its caption and its source in tEXt chunks', async () => {
    const { bytes } = await download(page, '#png-sweep-throughput');
    const png = pngInfo(bytes);
    assert(png.width === 2400 && png.height > 1500 && png.height < 1700, `${png.width}×${png.height}`);
    assert(png.text.Source === page.url(), `Source: ${png.text.Source}`);
    const title = await page.$eval('figure.chart:has(#chart-sweep-throughput) h3', (h) => h.textContent);
    assert(png.text.Title === `threadlab · ${title}`, `Title: ${png.text.Title}, the chart's: ${title}`);
    assert(/seed 1/.test(png.text.Description), `Description: ${png.text.Description}`);
    assert(bytes.length > 30000, `${bytes.length} bytes: a drawn chart`);
  });

  await check('a chart as SVG: drawn, titled, and naming scenario, seed and permalink', async () => {
    const { bytes } = await download(page, '#svg-latency-time');
    const svg = bytes.toString('utf8');
    assert(svg.includes('<svg') && svg.includes('</svg>'), 'an SVG');
    assert(svg.includes('<title>threadlab · Latency over time (one run)</title>'), 'titled');
    const escaped = page.url().replaceAll('&', '&amp;');
    assert(svg.includes(`<desc>`) && svg.includes(escaped), 'the permalink in its description');
    assert((svg.match(/<polyline|<path/g) || []).length > 3, 'lines drawn');
  });
  await page.click('#export-menu > summary');

  await check('the Embed dialog writes a facade snippet for the view chosen (a fixed theme by default, said in the snippet), with a link back', async () => {
    await page.click('#open-embed');
    await page.waitForSelector('#embed-dialog');
    const first = await page.inputValue('#embed-code');
    assert(/^<!-- threadlab embed\. Theme: (Light|Dark), whatever the page does\. -->/.test(first), first.split('\n')[0]);
    await page.selectOption('#embed-theme', 'match');
    assert(/data-theme="match"/.test(await page.inputValue('#embed-code')) && /src="[^"]*[?&]theme=/.test(await page.inputValue('#embed-code')) === false, 'match the page: theme left to the page');
    await page.check('#embed-autorun');
    assert(/ data-autorun /.test(await page.inputValue('#embed-code')), 'auto-run');
    await page.uncheck('#embed-autorun');
    await page.selectOption('#embed-theme', 'light');
    await page.check('#embed-chart-memory-platform');
    await page.selectOption('#embed-control-f-load-concurrency', 'editable');
    await page.selectOption('#embed-control-f-server-jdk', 'locked');
    const code = await page.inputValue('#embed-code');
    assert(!code.includes('<iframe'), 'no iframe until Run');
    assert(/ data-facts="e2-platform"/.test(code) === false, 'an edited scenario has no build figures');
    const src = code.match(/ data-src="([^"]+)"/)[1].replaceAll('&amp;', '&');
    assert(src.startsWith(base + '?'), src);
    for (const part of ['server.threads_max=', 'charts=sweep-throughput,sweep-latency,memory-platform', 'controls=load.concurrency',
      'locked=server.jdk', 'embed=1', 'theme=light']) {
      assert(src.includes(part), `${part} in ${src}`);
    }
    assert(src.endsWith('&v=1'), src);
    assert(code.includes('embed-host.js'), 'the sizing script');
    assert(/<a href="[^"]+">Open “E2/.test(code), 'a link back to the full playground');
    await page.locator('#embed-dialog').screenshot({ path: path.join(artifacts, 'share-embed-dialog.png') });
    await page.click('#embed-copy');
    await page.waitForFunction(() => /copied/.test(document.querySelector('#embed-status').textContent));
    assert((await page.evaluate(() => navigator.clipboard.readText())) === code, 'the snippet copied');
    await page.click('#embed-close');
  });
  await page.close();

  const cut = url.slice(0, url.lastIndexOf('&v=1') - 3);
  const hostile = [
    ['an unknown version', 'load.concurrency=400&v=9', ['v=9 is unknown', 'load.concurrency=400']],
    ['an unknown key', 'nosuch.key=1&v=1', ['nosuch.key=1', 'unknown key']],
    ['a value out of range', 'load.concurrency=0&v=1', ['load.concurrency=0']],
    ['a 100 kB link', `program=${'io:1ms,'.repeat(17000)}&v=1`, ['the whole link', 'at most 4,096']],
    ['markup in a key and a value', '%3Cimg%20src%3Dx%20id%3Dpwned%3E=1&program=%3Cb%20id%3Dbold%3Ex%3C%2Fb%3E&v=1',
      ['<img src=x id=pwned>=1', 'program=<b id=bold>x</b>']],
  ];
  await check('a link cut short (its version lost) reads as this version: what it held whole is kept', async () => {
    // A link without v=1 was once read as nothing.
    const p = await context.newPage();
    await p.goto(cut);
    await p.waitForSelector('#f-server-threads_max');
    assert((await p.getAttribute('html', 'data-theme')) === 'dark', 'the theme it held');
    assert((await p.$('#chart-histogram')) === null, 'the charts it held');
    const notice = await p.$('#link-notice');
    if (notice) {
      const said = await notice.textContent();
      assert(said.includes('cut short'), `a notice names the cut: ${said}`);
    }
    await p.close();
  });

  for (const [what, query, names] of hostile) {
    await check(`${what} opens the defaults and names what was ignored, as text`, async () => {
      const p = await context.newPage();
      await p.goto(`${base}?${query}`);
      await p.waitForSelector('#link-notice', { timeout: 30000 });
      const notice = await p.$eval('#link-notice', (n) => n.textContent);
      for (const n of names) assert(notice.includes(n), `"${n}" not in: ${notice.slice(0, 300)}`);
      assert((await p.$('#pwned')) === null && (await p.$('#bold')) === null, 'no markup from the link');
      await p.waitForSelector('#f-load-concurrency');
      assert((await p.inputValue('#f-load-concurrency')) === '2000', 'the default concurrency');
      await settle(p);
      if (what.startsWith('markup')) await p.screenshot({ path: path.join(artifacts, 'share-hostile-link.png') });
      await p.close();
    });
  }

  await checkClean({ problems, foreign });
} finally {
  await browser.close();
  server.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}
finish();
