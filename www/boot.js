// threadlab's boot script, inlined into index.html by Trunk (its hash is
// written into the page's Content-Security-Policy by scripts/csp.mjs).
// Before any WebAssembly arrives it: applies the link's theme, shows an
// embed's static summary (title, what changed, and a Run button: an
// embed loads no WebAssembly until it is pressed, or at once when its link
// says `run=1`, as a facade's Run does; the app runs on arrival), wires the error panel's buttons (they must work even after
// WebAssembly trapped), then loads the app — the full page's module, whose
// files Trunk names in #threadlab-build, or an embed's lighter one — and
// turns a failed load into an error, never an endless "Loading…". Text
// from the address is set as text, never as markup.
(function () {
  'use strict';
  var params = new URLSearchParams(location.search);
  // A link without a version reads as this one (src/app/link/permalink.rs);
  // one of another version is not read.
  var version = params.get('v');
  var linked = version === null || version === '' || version === '1';
  var theme = linked ? String(params.get('theme') || '').toLowerCase() : null;
  if (theme !== 'light' && theme !== 'dark') theme = 'auto';
  var root = document.documentElement;
  root.setAttribute('data-theme', theme);
  var dark = theme === 'dark' || (theme === 'auto' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  root.classList.toggle('dark', dark);
  var embed = linked && params.get('embed') === '1';
  // A lesson's chapter asks its reader for a prediction in the app itself,
  // so it loads at once; a scenario's embed waits for Run.
  var chapter = embed && params.has('lesson');
  var runNow = embed && params.get('run') === '1';
  // The page's language as a link names it (de-AT reads as de), else the
  // browser's first the page is written in (src/app/link/view.rs,
  // browser_language). English words are inlined (www/embed-presets.js);
  // German and Chinese ones come in a small file of their own, fetched
  // beside the module.
  var SPOKEN = ['en', 'de', 'zh'];
  function primary(code) { return String(code || '').trim().split(/[-_]/)[0].toLowerCase(); }
  var lang = linked ? primary(params.get('lang')) : '';
  if (SPOKEN.indexOf(lang) < 0) {
    var wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    lang = '';
    for (var i = 0; i < wanted.length && !lang; i++) {
      if (SPOKEN.indexOf(primary(wanted[i])) >= 0) lang = primary(wanted[i]);
    }
  }
  function known() { return window.THREADLAB_PRESETS || { presets: {}, words: {} }; }
  function word(name) { return known().words[name] || ''; }
  var failure = null;

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // The same markup as the app's embed (src/ui/embed.rs), so nothing moves
  // when the app takes over.
  var VIEW = ['preset', 'modes', 'theme', 'lang', 'charts', 'embed', 'run', 'controls', 'locked', 'presenter', 'lesson', 'chapter', 'v'];
  function staticSummary(loading) {
    var presets = known().presets;
    var name = params.has('preset') ? params.get('preset') : known().default;
    var p = Object.prototype.hasOwnProperty.call(presets, name) ? presets[name] : null;
    var root = el('div', 'embed');
    var top = el('header', 'embed-top');
    top.appendChild(el('span', 'embed-brand', 'threadlab'));
    top.appendChild(el('span', 'embed-title', p ? p[0] : word('own')));
    root.appendChild(top);
    var section = el('section', 'embed-static');
    if (p && p[1]) section.appendChild(el('p', 'about', p[1]));
    var changes = el('ul', 'changes');
    params.forEach(function (value, key) {
      if (VIEW.indexOf(key) >= 0 || key.indexOf('utm_') === 0) return;
      var li = el('li');
      li.appendChild(el('code', null, key));
      li.appendChild(document.createTextNode(' = '));
      li.appendChild(el('code', null, value));
      changes.appendChild(li);
    });
    if (changes.childNodes.length) section.appendChild(changes);
    // Nothing of the simulator has loaded yet: Run loads it (the click is
    // remembered and the app starts running on arrival).
    var run = el('button', 'run', word('run'));
    run.type = 'button';
    run.id = 'embed-run-early';
    var note = el('p', 'muted small', word(runNow ? 'starting' : 'local'));
    run.disabled = runNow;
    run.addEventListener('click', function () {
      window.__threadlabRun = true;
      run.disabled = true;
      note.textContent = word('starting');
      startEmbed();
    }, { once: true });
    section.appendChild(run);
    section.appendChild(note);
    root.appendChild(section);
    loading.replaceChildren(root);
    loading.classList.add('embedded');
    if (failure) showFailure(loading);
  }

  function wirePanel() {
    var panel = document.getElementById('panic');
    var copy = document.getElementById('panic-copy');
    var details = document.getElementById('panic-details');
    var dismiss = document.getElementById('panic-dismiss');
    var reset = document.getElementById('panic-reset');
    if (embed) reset.setAttribute('href', '?embed=1&v=1');
    copy.addEventListener('click', function () {
      var text = details.textContent;
      var selectIt = function () {
        var range = document.createRange();
        range.selectNodeContents(details);
        var sel = window.getSelection();
        sel.removeAllRanges();
        sel.addRange(range);
        copy.textContent = 'Selected: press Ctrl+C';
      };
      if (navigator.clipboard) {
        navigator.clipboard.writeText(text).then(function () { copy.textContent = 'Copied'; }, selectIt);
      } else {
        selectIt();
      }
    });
    dismiss.addEventListener('click', function () { panel.hidden = true; });
  }

  function fail(why) {
    failure = String(why && why.message || why);
    var loading = document.getElementById('loading');
    if (loading) showFailure(loading);
  }

  function showFailure(loading) {
    var status = document.getElementById('loading-status');
    var message = el('p', 'load-error', word('failed').replace('{$why}', failure));
    message.setAttribute('role', 'alert');
    loading.appendChild(message);
    if (status) status.remove();
    loading.querySelectorAll('.embed-static .muted').forEach(function (e) { e.remove(); });
  }

  // The loading screen in the page's words: an embed's summary (a
  // lesson's chapter asks for a prediction before anything runs, so no
  // early Run button there), else the status line.
  function showLoading() {
    var loading = document.getElementById('loading');
    if (!loading) return;
    if (embed && !params.has('lesson')) {
      staticSummary(loading);
      return;
    }
    var status = document.getElementById('loading-status');
    if (status) status.textContent = word('loading');
  }

  if (lang === 'de' || lang === 'zh') {
    // Until its words arrive the screen stays as it is; if they cannot be
    // fetched, it shows the English ones.
    var words = document.createElement('script');
    words.src = './embed-presets-' + lang + '.js?v=' + (known().versions || {})[lang];
    words.onload = words.onerror = showLoading;
    document.head.appendChild(words);
  } else {
    showLoading();
  }
  wirePanel();
  // An embed loads its own, lighter module (no full page); its file names
  // are fixed, the full page's are Trunk's (hashed).
  function load(js, wasm) {
    // The module's WebAssembly downloads beside its script, not after it.
    var preload = document.createElement('link');
    preload.rel = 'preload';
    preload.as = 'fetch';
    preload.type = 'application/wasm';
    preload.crossOrigin = 'anonymous';
    preload.href = wasm;
    document.head.appendChild(preload);
    import(js)
      .then(function (m) { return m.default({ module_or_path: wasm }); })
      .catch(fail);
  }
  // An embed's module. Its worker's files are not fetched ahead: the
  // worker fetches them itself, and on a host whose files carry no cache
  // validators a fetch ahead is a second download (bench-embed-post.mjs
  // measured the worker's 805 kB gzip twice).
  var started = false;
  function startEmbed() {
    if (started) return;
    started = true;
    load('./threadlab-embed.js', './threadlab-embed_bg.wasm');
  }
  try {
    if (embed) {
      if (runNow && !chapter) window.__threadlabRun = true;
      if (chapter || runNow) startEmbed();
    } else {
      var build = JSON.parse(document.getElementById('threadlab-build').textContent);
      load(build.js, build.wasm);
    }
  } catch (e) {
    fail(e);
  }
})();
