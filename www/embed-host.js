// threadlab embed host: include it once on a page with threadlab <iframe>s
// (the Embed dialog writes both). It sizes each threadlab iframe to the
// height its embed reports, and nothing else. The message shape
// (src/app/share/embed.rs):
//   embed → page: {"threadlab": 1, "type": "height", "height": <CSS px>}
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

  function isEmbed(f, url) {
    if (f.hasAttribute('data-threadlab-embed')) return true;
    if (!home || url.origin !== home.origin || url.pathname.indexOf(home.pathname) !== 0) return false;
    return url.searchParams.get('embed') === '1';
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
  });
})();
