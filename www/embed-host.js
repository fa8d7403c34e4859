// threadlab embed host: include it once on a page with threadlab embeds
// (the Embed dialog writes both). It does three things and nothing else:
// 1. A facade (`<div data-threadlab-facade data-src=…>`, static HTML the
//    dialog wrote) gets the build's headline figures (embed-facts.js, one
//    small script for every facade of the page), its stylesheet and a Run
//    button. Run (or, with `data-autorun`, scrolling it into view) puts the
//    embed's <iframe> in its place with `run=1`: only then does anything of
//    the simulator load. Without this script a facade is a summary and a
//    link to the playground.
// 2. It sizes each threadlab iframe to the height its embed reports.
// 3. An embed whose facade says `data-theme="match"` is told the page's
//    colour scheme, and told again when it changes.
// The message shapes (src/app/share/embed.rs):
//   embed → page: {"threadlab": 1, "type": "height", "height": <CSS px>}
//   page → embed: {"threadlab": 1, "type": "theme", "theme": "light" | "dark"}
// Only a threadlab embed is resized: one of the page's own iframes whose
// address is an embed (`embed=1`) of the playground this script came from
// (its folder), or that carries the snippet's `data-threadlab-embed`
// attribute; the message must come from that iframe's window, from the
// origin it was loaded from, in exactly that shape. Any other frame (an ad
// posting the same shape) is left as it is. The height is clamped to
// [MIN_HEIGHT, MAX_HEIGHT]: an embed cannot make itself absurdly tall.
(function () {
  'use strict';
  if (window.__threadlabEmbedHost) return;
  window.__threadlabEmbedHost = true;
  var MIN_HEIGHT = 120;
  var MAX_HEIGHT = 8000;
  // The playground's folder: where this script was loaded from.
  var script = document.currentScript;
  var home = null;
  try { home = script && script.src ? new URL('./', script.src) : null; } catch (err) { home = null; }

  function ours(url) {
    return !!home && url.origin === home.origin && url.pathname.indexOf(home.pathname) === 0;
  }

  function isEmbed(f, url) {
    if (f.hasAttribute('data-threadlab-embed')) return true;
    return ours(url) && url.searchParams.get('embed') === '1';
  }

  // The page's colour scheme: what its root declares (`color-scheme: dark`
  // alone), else what the reader's system prefers.
  var darkQuery = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  function pageScheme() {
    var declared = getComputedStyle(document.documentElement).colorScheme;
    if (declared === 'dark' || declared === 'light') return declared;
    return darkQuery && darkQuery.matches ? 'dark' : 'light';
  }
  var matching = [];
  function tellTheme(frame) {
    var url = new URL(frame.src);
    if (frame.contentWindow) {
      frame.contentWindow.postMessage({ threadlab: 1, type: 'theme', theme: pageScheme() }, url.origin);
    }
  }
  if (darkQuery && darkQuery.addEventListener) {
    darkQuery.addEventListener('change', function () { matching.forEach(tellTheme); });
  }

  // The build's figures, loaded once for every facade of the page.
  var facts = null;
  var waiting = [];
  function withFacts(f) {
    if (window.THREADLAB_FACTS) { f(window.THREADLAB_FACTS); return; }
    waiting.push(f);
    if (facts) return;
    facts = document.createElement('script');
    facts.src = new URL('embed-facts.js', home).href;
    facts.onload = function () { waiting.splice(0).forEach(function (g) { g(window.THREADLAB_FACTS || {}); }); };
    document.head.appendChild(facts);
  }

  function showFigures(facade, all) {
    var lang = (all[facade.lang] ? facade.lang : 'en');
    var entry = (all[lang] || {})[facade.getAttribute('data-facts')];
    var list = facade.querySelector('.threadlab-facade-figures');
    if (!entry || !list) return;
    var shown = 0;
    list.querySelectorAll('[data-mode]').forEach(function (row) {
      var figures = entry[row.getAttribute('data-mode')];
      if (!figures) { row.hidden = true; return; }
      row.querySelector('[data-figure="goodput"]').textContent = figures[0];
      row.querySelector('[data-figure="p99"]').textContent = figures[1];
      shown++;
    });
    list.hidden = shown === 0;
  }

  function open(facade) {
    if (facade.__threadlabOpened) return;
    facade.__threadlabOpened = true;
    // Appended as text: URLSearchParams would re-encode the link's commas.
    var src = facade.getAttribute('data-src');
    var frame = document.createElement('iframe');
    frame.src = new URL(src + (src.indexOf('?') < 0 ? '?' : '&') + 'run=1', location.href).href;
    frame.title = facade.getAttribute('data-title') || 'threadlab';
    frame.width = '100%';
    frame.height = String(Math.max(MIN_HEIGHT, Math.ceil(facade.getBoundingClientRect().height)));
    frame.style.border = '0';
    frame.style.maxWidth = '800px';
    frame.style.display = 'block';
    frame.setAttribute('data-threadlab-embed', '');
    frame.setAttribute('allow', 'clipboard-write');
    if (facade.id) frame.id = facade.id;
    if (facade.getAttribute('data-theme') === 'match') {
      matching.push(frame);
      frame.addEventListener('load', function () { tellTheme(frame); });
    }
    facade.replaceWith(frame);
  }

  function upgrade(facade) {
    var src;
    try { src = new URL(facade.getAttribute('data-src') || '', location.href); } catch (err) { return; }
    if (facade.__threadlabFacade || !ours(src) || src.searchParams.get('embed') !== '1') return;
    facade.__threadlabFacade = true;
    if (facade.getAttribute('data-theme') === 'dark' ||
        (facade.getAttribute('data-theme') === 'match' && pageScheme() === 'dark')) {
      facade.classList.add('threadlab-facade-dark');
    }
    if (facade.hasAttribute('data-facts')) withFacts(function (all) { showFigures(facade, all); });
    var run = document.createElement('button');
    run.type = 'button';
    run.className = 'threadlab-facade-run';
    run.textContent = facade.getAttribute('data-run') || 'Run';
    run.addEventListener('click', function () { open(facade); });
    var note = facade.querySelector('.threadlab-facade-note');
    facade.insertBefore(run, note);
    if (facade.hasAttribute('data-autorun') && 'IntersectionObserver' in window) {
      var seen = new IntersectionObserver(function (entries) {
        if (entries.some(function (e) { return e.isIntersecting; })) { seen.disconnect(); open(facade); }
      });
      seen.observe(facade);
    }
  }

  var facades = document.querySelectorAll('[data-threadlab-facade]');
  if (facades.length && home) {
    var style = document.createElement('link');
    style.rel = 'stylesheet';
    style.href = new URL('embed-facade.css', home).href;
    document.head.appendChild(style);
    facades.forEach(upgrade);
  }

  window.addEventListener('message', function (e) {
    var frames = document.getElementsByTagName('iframe');
    var frame = null;
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === e.source) { frame = frames[i]; break; }
    }
    // The source first: the data of a message from anything else is never read.
    if (!frame) return;
    var url;
    try { url = new URL(frame.src, location.href); } catch (err) { return; }
    if (url.origin !== e.origin || !isEmbed(frame, url)) return;
    var d = e.data;
    if (!d || typeof d !== 'object' || Array.isArray(d)) return;
    var keys = Object.keys(d);
    if (keys.length !== 3 || d.threadlab !== 1 || d.type !== 'height') return;
    if (typeof d.height !== 'number' || !isFinite(d.height) || d.height < 0) return;
    var h = Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(d.height)));
    frame.style.height = h + 'px';
    // Its first height says its app is up and listening: the page's scheme
    // now (one sent at 'load' may have come before the app).
    if (matching.indexOf(frame) >= 0 && !frame.__threadlabTold) {
      frame.__threadlabTold = true;
      tellTheme(frame);
    }
  });
})();
