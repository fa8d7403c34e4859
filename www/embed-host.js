// threadlab embed host: include it once on a page with threadlab <iframe>s
// (the Embed dialog writes both). It sizes each iframe to the height its
// embed reports, and nothing else. The message shape (src/app/embed.rs):
//   embed → page: {"threadlab": 1, "type": "height", "height": <CSS px>}
// Only messages from one of the page's own iframes, from the origin the
// iframe was loaded from, in exactly that shape, are used.
(function () {
  'use strict';
  if (window.__threadlabEmbedHost) return;
  window.__threadlabEmbedHost = true;
  window.addEventListener('message', function (e) {
    var d = e.data;
    if (!d || typeof d !== 'object' || d.threadlab !== 1 || d.type !== 'height') return;
    if (typeof d.height !== 'number' || !isFinite(d.height) || d.height < 0 || d.height > 20000) return;
    var frames = document.getElementsByTagName('iframe');
    for (var i = 0; i < frames.length; i++) {
      var f = frames[i];
      if (f.contentWindow !== e.source) continue;
      var origin;
      try { origin = new URL(f.src, location.href).origin; } catch (err) { return; }
      if (origin !== e.origin) return;
      f.style.height = Math.ceil(d.height) + 'px';
      return;
    }
  });
})();
