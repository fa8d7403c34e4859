//! The `threadlab` command line: hands the process's arguments to
//! `threadlab::cli`, writes what it returns, and turns a panic into one line
//! and exit code 1 (with `RUST_BACKTRACE` set, Rust's own report instead).

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use std::panic::{AssertUnwindSafe, catch_unwind};
    use threadlab::cli;

    quiet_panics();
    let code = catch_unwind(AssertUnwindSafe(|| {
        // A debug build's way to test the panic path end to end.
        if cfg!(debug_assertions) && std::env::var_os("THREADLAB_TEST_PANIC").is_some() {
            panic!("THREADLAB_TEST_PANIC is set\non two lines");
        }
        let out = match cli::from_os(std::env::args_os().skip(1).collect()) {
            Ok(args) => cli::main(&args, &cli::read_scenario_file),
            Err(bad) => bad,
        };
        cli::emit(&out, &mut std::io::stdout(), &mut std::io::stderr())
    }))
    .unwrap_or(cli::EXIT_INTERNAL);
    std::process::exit(code);
}

/// Unless a developer asked for backtraces, a panic prints one line.
#[cfg(not(target_arch = "wasm32"))]
fn quiet_panics() {
    use std::io::Write as _;

    if std::env::var_os("RUST_BACKTRACE").is_some_and(|v| v != "0") {
        return;
    }
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let what = payload
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
            .unwrap_or("a panic without a message");
        let at = info
            .location()
            .map_or(String::new(), |l| format!(" at {}:{}", l.file(), l.line()));
        let line = threadlab::cli::internal_error(&format!("{what}{at}"));
        // Nothing more can be done if standard error is gone.
        let _ = std::io::stderr().write_all(line.as_bytes());
    }));
}

#[cfg(target_arch = "wasm32")]
fn main() {}
