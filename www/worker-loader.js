// The simulation worker's loader, started by the page as a plain
// same-origin worker (`new Worker("./worker-loader.js")`; no blob: URL, so
// the page's CSP needs only worker-src 'self'). Paths are relative to this
// file, so the build works from any folder. A load failure is reported to
// the page in the worker's own message shape (src/app/worker/supervise.rs).
// The WebAssembly downloads while the script does (one round trip, not two).
var wasm = fetch('./threadlab-worker_bg.wasm');
importScripts('./threadlab-worker.js');
wasm_bindgen({ module_or_path: wasm }).catch(function (e) {
  postMessage(JSON.stringify({ panic: 'the simulation could not be loaded: ' + String(e && e.message || e) }));
});
