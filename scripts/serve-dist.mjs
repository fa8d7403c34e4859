// What the page tests, benchmarks and diagnostics share: serving a built
// playground (dist/) on 127.0.0.1 and starting Debian's headless Chromium
// without any network service of its own; and the benchmarks' option and
// median helpers.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

const types = {
  '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css',
  '.png': 'image/png', '.svg': 'image/svg+xml', '.json': 'application/json',
};

/**
 * Serves the files under `dist` on 127.0.0.1 at a free port; resolves to the
 * server. With `prefix` (e.g. "/threadlab/") the files are served only under
 * that folder, as a project page or a blog's folder would serve them, and
 * everything else is a 404. With `compress` ("gzip" or "br") responses are
 * compressed as a static host serves them (gzip level 6, as nginx's and
 * GitHub Pages'; brotli at its highest quality, as hosts that precompress
 * do) when the browser accepts it.
 */
export function serveDist(dist, { prefix = '/', compress } = {}) {
  const cache = new Map();
  const encode = (file, data) => {
    const key = `${compress}:${file}`;
    if (!cache.has(key)) {
      cache.set(key, compress === 'br'
        ? zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
        : zlib.gzipSync(data, { level: 6 }));
    }
    return cache.get(key);
  };
  const root = path.resolve(dist);
  // Compressed once before serving, as a host that precompresses does (and
  // so brotli's highest quality costs no time inside a measured load).
  if (compress) {
    for (const f of fs.readdirSync(root, { recursive: true })) {
      const file = path.join(root, f);
      if (fs.statSync(file).isFile()) encode(file, fs.readFileSync(file));
    }
  }
  // Room for the 100 kB links the hostile-link tests open (Node's default is 16 kB).
  const server = http.createServer({ maxHeaderSize: 1 << 20 }, (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
    if (!pathname.startsWith(prefix)) { res.writeHead(404).end('not found'); return; }
    let file = path.join(root, pathname.slice(prefix.length - 1));
    if (!file.startsWith(root)) { res.writeHead(403).end(); return; }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    fs.readFile(file, (err, data) => {
      if (err) { res.writeHead(404).end('not found'); return; }
      const headers = { 'content-type': types[path.extname(file)] || 'application/octet-stream' };
      if (compress && (req.headers['accept-encoding'] || '').includes(compress)) {
        headers['content-encoding'] = compress;
        data = encode(file, data);
      }
      res.writeHead(200, headers);
      res.end(data);
      server.served.push({ path: pathname, bytes: data.length });
    });
  });
  // What went out, file by file (bytes as sent, compressed or not).
  server.served = [];
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * A reader on a phone, as the page benchmarks model one through the DevTools
 * protocol: the browser's cache off (a host without cache validators), the
 * CPU `cpu` times slower and, with `network`, DevTools' "Fast 3G" (562.5 ms
 * per request, 1.44 Mbit/s down: Lighthouse's mobile profile). Returns the
 * session, for listening to its events.
 */
export async function throttle(context, page, { cpu, network }) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (network) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false, latency: 562.5, downloadThroughput: 1440000 / 8, uploadThroughput: 675000 / 8,
    });
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  return cdp;
}

/** Debian's Chromium, headless, with its background network services off. */
export function launchChromium() {
  const { chromium } = require('playwright-core');
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
}

/**
 * A page benchmark's command line: its arguments, `opt(name, dflt)` to read
 * an option, and the build to serve (`--dist DIR`, default the repository's
 * dist/).
 */
export function benchCommandLine() {
  const args = process.argv.slice(2);
  const opt = (name, dflt) => option(args, name, dflt);
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  return { args, opt, dist: path.resolve(opt('--dist', path.join(root, 'dist'))) };
}

/**
 * What a phone benchmark of the embeds reads from its command line
 * (`--loads N`, `--cpu N`, `--br`, `--no-network`, `--dist DIR`), with the
 * build served compressed that way.
 */
export async function phoneBench() {
  const { args, opt, dist } = benchCommandLine();
  const compress = args.includes('--br') ? 'br' : 'gzip';
  return {
    args,
    opt,
    loads: Number(opt('--loads', 5)),
    cpu: Number(opt('--cpu', 4)),
    compress,
    network: !args.includes('--no-network'),
    server: await serveDist(dist, { compress }),
  };
}

/** The value after `--name` in `args`, or `dflt`. */
export function option(args, name, dflt) {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
}

/** The median of some numbers. */
export function median(values) {
  const s = [...values].sort((x, y) => x - y);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
}
