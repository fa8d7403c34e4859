// Trunk post-build hook (Trunk.toml): writes the static pages whose Open
// Graph and Twitter card tags a feed or a chat shows for a shared preset
// or lesson chapter (share/<lang>/<name>.html), from www/share-pages.json
// (generated from the model and the catalogues by `UPDATE_GOLDEN=1 cargo
// test`; app::share::tests checks it). A crawler reads the tags; a reader
// is sent on to the playground at once. Nothing here is computed: titles,
// descriptions and links are the JSON's, escaped.
//
//   TRUNK_STAGING_DIR=dist node scripts/share-pages.mjs   (Trunk sets the variable)
import fs from 'node:fs';
import path from 'node:path';

const dir = process.env.TRUNK_STAGING_DIR || process.argv[2];
if (!dir) {
  console.error('share-pages.mjs: TRUNK_STAGING_DIR is not set');
  process.exit(1);
}
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const pages = JSON.parse(fs.readFileSync(path.join(root, 'www/share-pages.json'), 'utf8'));
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

for (const p of pages) {
  if (!/^share\/[a-z]{2}\/[a-z0-9-]+\.html$/.test(p.path)) {
    console.error(`share-pages.mjs: refusing the path ${JSON.stringify(p.path)}`);
    process.exit(1);
  }
  // Two folders down from the playground: its link from here.
  const target = esc(`../../${p.link}`);
  const [title, description] = [esc(p.title), esc(p.description)];
  const html = `<!doctype html>
<html lang="${esc(p.lang)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; base-uri 'none'; form-action 'none'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="${description}">
<meta property="og:type" content="website">
<meta property="og:site_name" content="threadlab">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${description}">
<meta name="twitter:card" content="summary">
<meta name="twitter:title" content="${title}">
<meta name="twitter:description" content="${description}">
<meta http-equiv="refresh" content="0; url=${target}">
</head>
<body>
<p><a href="${target}">${title}</a></p>
<p>${description}</p>
</body>
</html>
`;
  const file = path.join(dir, p.path);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, html);
}
console.log(`share-pages.mjs: ${pages.length} pages with preview cards`);
