// Runs threadlab's benchmark workloads from their WebAssembly build, in
// chunks: one `advance(chunk)` call at a time, each timed with
// performance.now(). The same module runs in Node and in the browser.
// Prints the line format of `threadlab bench` (RUN … / RESULT …).

const median = (a) => {
  const s = [...a].sort((x, y) => x - y);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
};

/**
 * @param mod the wasm-bindgen module (initialised)
 * @param opts { rounds, chunk, only: [names] | null, impl, pause: async fn | null, log, warmup }
 *   pause, if given, is awaited between chunks (the browser yields to its event loop);
 *   warmup (default 1) untimed passes over every workload first: their times are
 *   printed as impl `<impl>-cold` (a page's first run, before V8 has optimised).
 */
export async function runBench(mod, opts = {}) {
  const rounds = opts.rounds ?? 5;
  const chunk = opts.chunk ?? 100000;
  const impl = opts.impl ?? 'threadlab-wasm';
  const log = opts.log ?? console.log;
  const names = opts.only ?? mod.default_workloads().split(',');
  const walls = new Map(names.map((n) => [n, []]));
  const last = new Map();
  const warmup = opts.warmup ?? 1;
  for (let r = -warmup; r < rounds; r++) {
    for (const name of names) {
      const run = new mod.BenchRun(name);
      let inCalls = 0;
      let maxCall = 0;
      let calls = 0;
      const start = performance.now();
      for (;;) {
        const t = performance.now();
        const done = run.advance(chunk);
        const dt = performance.now() - t;
        inCalls += dt;
        calls += 1;
        if (dt > maxCall) maxCall = dt;
        if (done) break;
        if (opts.pause) await opts.pause();
      }
      const elapsed = (performance.now() - start) / 1e3;
      const wall = inCalls / 1e3;
      const ev = run.events();
      const rq = run.requests();
      const runs = run.runs();
      const thr = run.throughput();
      const stops = run.budget_stops();
      run.free();
      if (r >= 0) {
        last.set(name, { ev, rq, runs, thr, stops });
        walls.get(name).push(wall);
      }
      log(`RUN impl=${r >= 0 ? impl : impl + '-cold'} model=${name} rep=${r + 1 + warmup} wall_s=${wall.toFixed(4)} ` +
        `events_per_s=${(ev / wall).toFixed(0)} reqs_per_s=${(rq / wall).toFixed(0)} ` +
        `calls=${calls} max_call_ms=${maxCall.toFixed(1)} elapsed_s=${elapsed.toFixed(4)}`);
    }
  }
  for (const name of names) {
    const m = median(walls.get(name));
    const { ev, rq, runs, thr, stops } = last.get(name);
    log(`RESULT impl=${impl} model=${name} reps=${rounds} median_wall_s=${m.toFixed(4)} events=${ev} ` +
      `events_per_s=${(ev / m).toFixed(0)} reqs=${rq} reqs_per_s=${(rq / m).toFixed(0)} runs=${runs} ` +
      `throughput=${thr.toFixed(1)} budget_stops=${stops}`);
  }
}
