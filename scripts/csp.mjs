// Trunk post-build hook (Trunk.toml): writes the SHA-256 of every inline
// <script> and <style> of the built index.html into its
// Content-Security-Policy, in place of __INLINE_SCRIPT_HASHES__ and
// __INLINE_STYLE_HASHES__. The inline parts are the boot script, the
// presets for an embed's first summary and the style sheets (inline so an
// embed's summary shows with the first response); the policy allows them by
// hash, never 'unsafe-inline'. Non-executable data blocks (type
// application/json) need no hash. Fails the build if a marker is missing.
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
let html = fs.readFileSync(file, 'utf8');
const hash = (text) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const scripts = [];
for (const m of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
  const attrs = m[1];
  if (/\bsrc\s*=/.test(attrs)) continue;
  const type = (attrs.match(/\btype\s*=\s*"([^"]*)"/) || [])[1];
  if (type && type !== 'module' && type !== 'text/javascript') continue;
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
