// Trunk post-build hook (Trunk.toml): writes the SHA-256 of every inline
// <script> and <style> of the built index.html into its
// Content-Security-Policy, in place of __INLINE_SCRIPT_HASHES__ and
// __INLINE_STYLE_HASHES__. The inline parts are the boot script, the
// presets for an embed's first summary and the style sheets (inline so an
// embed's summary shows with the first response); the policy allows them by
// hash, never 'unsafe-inline'. Non-executable data blocks (type
// application/json) need no hash. Fails the build if a marker is missing,
// and, in a release build (TRUNK_PROFILE=release, as `trunk build
// --release` and scripts/serve.sh's `trunk serve --release` set it), if an
// inline script is Trunk's live-reload client (it holds `__TRUNK_`
// placeholders that the server fills in later, so no hash could allow it,
// and `connect-src 'self'` would block its websocket anyway): Trunk.toml
// turns it off (`[serve] no_autoreload`).
//
//   TRUNK_STAGING_DIR=dist node scripts/csp.mjs   (Trunk sets the variable)
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const dir = process.env.TRUNK_STAGING_DIR || process.argv[2];
if (!dir) {
  console.error('csp.mjs: TRUNK_STAGING_DIR is not set');
  process.exit(1);
}
const file = path.join(dir, 'index.html');
const release = (process.env.TRUNK_PROFILE || 'release') === 'release';
let html = fs.readFileSync(file, 'utf8');
const hash = (text) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const scripts = [];
for (const m of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
  const attrs = m[1];
  if (/\bsrc\s*=/.test(attrs)) continue;
  const type = (attrs.match(/\btype\s*=\s*"([^"]*)"/) || [])[1];
  if (type && type !== 'module' && type !== 'text/javascript') continue;
  if (release && m[2].includes('__TRUNK_')) {
    console.error(`csp.mjs: ${file} has an inline script with Trunk's placeholders (__TRUNK_…), its live-reload client: a release build must not carry it (Trunk.toml: [serve] no_autoreload = true)`);
    process.exit(1);
  }
  scripts.push(hash(m[2]));
}
const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => hash(m[1]));
for (const marker of ['__INLINE_SCRIPT_HASHES__', '__INLINE_STYLE_HASHES__']) {
  if (!html.includes(marker)) {
    console.error(`csp.mjs: ${file} has no ${marker} in its Content-Security-Policy`);
    process.exit(1);
  }
}
html = html.replace('__INLINE_SCRIPT_HASHES__', scripts.join(' ')).replace('__INLINE_STYLE_HASHES__', styles.join(' '));
fs.writeFileSync(file, html);
console.error(`csp.mjs: ${scripts.length} inline scripts and ${styles.length} style sheets allowed by hash`);
