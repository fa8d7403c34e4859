//! # threadlab — architecture map
//!
//! threadlab simulates, event by event, what a Spring Boot service does with
//! its requests under load, with Tomcat's platform-thread pool or with one
//! virtual thread per request, so people can see *why* virtual threads change
//! throughput and latency (and when they do not).
//!
//! ## Code map
//! * [`sim`] — the pure simulation core. `sim::run(&Config) -> Report`.
//!   `engine/` holds the loop and the model of clients and their load tools,
//!   connections and Tomcat's acceptor (`connections`), thread pools,
//!   carriers, pinning, HikariCP, executors, the JVM's memory by kind and its
//!   three limits (`memory`, `restart`), G1's pauses (`gc`) and a cold
//!   start's warm-up (`warmup`); `queue` the event list
//!   (FIFO lanes for constant delays, a short sorted list or a heap for the
//!   rest); `rng` the seeded generator and its distributions; `cpu` the OS's
//!   sharing of cores; `series` and `timeline` the bounded recorders; `report`
//!   the output. Speed matters here (BENCHMARKS.md): change the hot path with
//!   a profile in hand, and keep the golden report byte-identical unless the
//!   model changes on purpose.
//! * [`scenario`] — the boundary between people and the core: the schema of
//!   every key (default, unit, range, help, Spring property, and its label
//!   and place on the form), raw JSON / `--set` input, validation into a
//!   typed `sim::Config`, the request-program parser, and the presets (a
//!   measured experiment's two runs are a `Pair`).
//! * [`i18n`] — the page's words in English, German and Chinese (one
//!   catalogue per language) and numbers per locale; uses nothing.
//! * [`replicas`] — one scenario run with N seeds (the scenario's own,
//!   then SplitMix64's from it): each headline figure as a median with its
//!   min–max band and the order-statistic interval for the median, the
//!   warm-up each run's series shows (MSER-5), and whether two summaries'
//!   difference is within the noise. Pure and deterministic like `sim`.
//! * [`measured`] — a pasted load test's output (hey, wrk, wrk2, JMeter,
//!   k6, Gatling) read into figures, each with the tool's own meaning;
//!   pure, bounded in size, every problem one line naming where.
//!   `fidelity::yours` and `fidelity::fit` hold such a measurement beside
//!   the model (the settings it implies, measured vs simulated, the
//!   calibrated unexplained wait, a what-if); `app::capacity` plans the
//!   smallest configurations for a target; `scenario::properties` writes a
//!   scenario as `application.properties`.
//! * [`theory`] — closed forms the simulator is tested against and the charts
//!   overlay: Little's law, Erlang C, closed-loop bounds, capacity ceilings.
//! * [`fidelity`] — the measured figures of the source articles, with their
//!   provenance, and the measured-vs-simulated report.
//! * [`bench`](mod@bench) — the speed benchmarks' workloads and a timing-free runner
//!   shared by `threadlab bench` and the WebAssembly harness.
//! * [`extremes`] — scenarios at their extremes and the invariants every
//!   report holds, shared by the property tests and their fuzz twin.
//! * [`app`] — the playground's logic, native and tested: the page's state
//!   and its reducer (what the visitor set up, serde for permalinks), the
//!   form's rules, the messages to and from the worker, a job as a list of
//!   bounded runs (`app::run::plan`: one full run per mode and a 25-point sweep,
//!   then 4 more seeds of each full run, `app::run::replicated`),
//!   a report digested for the page (`app::run::digest`: what the worker posts),
//!   capacity ceilings and Little's-law bounds in words (`app::run::bounds`),
//!   which charts show what (`app::show::charts`), sharing: permalinks, the
//!   view, embeds and exports (`app::link::permalink`, `view`, `embed`, `export`),
//!   and the timeline replay (`app::replay`: a small run recorded step by
//!   step in the worker, its playhead and what its panel shows).
//! * [`chart`] — charts as pure functions over plotters' `DrawingBackend`
//!   (canvas in the browser, SVG in native tests): they draw what `app`
//!   describes.
//! * [`summary`] — a report as text in its load tool's own format (hey,
//!   wrk, wrk2, JMeter, k6), then what threadlab knows beyond it: what the
//!   command line prints and the page can copy; and `summary::said`, the
//!   one place the core's facts (how a run ended, the limits it hit, what
//!   limits throughput) become catalogue phrases, English for the command
//!   line and the JSON report, the reader's language on the page.
//! * [`cli`] — the `threadlab` command line (the tool's text, or JSON).
//! * `ui` (wasm32 only) — the Yew playground: components, the DOM and the
//!   worker bridge, nothing else. Components render `app`'s state and
//!   dispatch its actions; jobs go to a Web Worker
//!   (`src/bin/threadlab-worker.rs`, started from `worker-loader.js` beside
//!   the page) that runs `app::worker::job`'s runs in slices, posts progress and
//!   results, and drops a job as soon as a newer one arrives (generation
//!   ids); the page replaces a worker that panics or stalls
//!   (`app::worker::supervise`). The page opens from its permalink
//!   (`app::link::permalink`) and can be embedded (`?embed=1`).
//!
//! ## Invariants
//! * `sim` depends on nothing but `rand`, `rand_xoshiro`, `libm`, `hdrhistogram`
//!   and `serde`: no web, DOM, clock, thread or file access. `tests/integration/tidy.rs`
//!   enforces this by scanning the sources.
//! * Dependencies point one way: `ui` → `chart` → `app` → `fidelity` →
//!   `scenario` → `sim`, each layer using only layers to its right and
//!   `theory` (closed forms) and `i18n` (the words), which use nothing;
//!   `sim` uses nothing of the crate (it reports facts, no words);
//!   `summary` uses `sim` and `i18n`, and `fidelity`, `app`, `chart`, `ui`
//!   and `cli` may use it; `replicas` uses `sim` only, and `app`, `bench`,
//!   `chart`, `ui` and `cli` may use it; `bench` uses `app`, `scenario` and `sim`; `extremes` uses `scenario`
//!   and `sim`; `cli` may use everything
//!   but `ui`.
//!   `tests/integration/tidy.rs` holds this as a table and checks every
//!   `crate::` and `super::` path against it.
//! * Same scenario and seed → identical report, natively and in wasm.
//! * Every run is bounded: by its event budget (every zero-time request counts
//!   as an event), its simulated-time budget and a budget on the simulator's
//!   own memory (`limits.max_sim_memory_mb`, checked every 4,096 events); memory
//!   grows with work in progress and chart resolution, never with the request
//!   count.
//! * Every input value is validated once, in `scenario::validate`; the core
//!   trusts a `Config`. Bad input is an error naming field, value and range.
//! * Deliberately absent: wall-clock timing inside the core, global state,
//!   panics on user input.
//! * The page never simulates on its main thread, and every run it asks for
//!   has an event budget (`app::run::plan`); "stopped at budget" is shown.

pub mod app;
pub mod bench;
pub mod chart;
pub mod cli;
pub mod extremes;
pub mod fidelity;
pub mod i18n;
pub mod measured;
pub mod replicas;
pub mod scenario;
pub mod sim;
pub mod summary;
pub mod theory;
#[cfg(target_arch = "wasm32")]
pub mod ui;
