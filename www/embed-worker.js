// An embed's simulation worker (a module worker, started by the embed's
// module in src/ui/bridge.rs). It runs the embed's own module, which the
// embed posts as its first message, compiled: the reader downloads one
// module for the embed and its worker. The module's entry sees that it runs
// in a worker and serves simulations (src/ui.rs, start_embed_or_its_worker).
// A load failure is reported in the worker's own message shape
// (src/app/worker/supervise.rs).
import init from './threadlab-embed.js';

self.addEventListener('message', function (e) {
  init({ module_or_path: e.data }).catch(function (err) {
    postMessage(JSON.stringify({ panic: 'the simulation could not be loaded: ' + String(err && err.message || err) }));
  });
}, { once: true });
