//! The `threadlab` command line: hands the process's arguments to
//! `threadlab::cli`, writes what it returns, and turns a panic into one line
//! and exit code 1 (with `RUST_BACKTRACE` set, Rust's own report instead).

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use std::panic::{AssertUnwindSafe, catch_unwind};
    use threadlab::cli;

    quiet_panics();
    // Asked before any file is opened, which could take descriptor 1.
    let stdout_open = stdout_is_open();
    let code = catch_unwind(AssertUnwindSafe(|| {
        // A debug build's way to test the panic path end to end.
        if cfg!(debug_assertions) && std::env::var_os("THREADLAB_TEST_PANIC").is_some() {
            panic!("THREADLAB_TEST_PANIC is set\non two lines");
        }
        let out = match cli::from_os(std::env::args_os().skip(1).collect()) {
            Ok(args) => cli::main(&args, &cli::read_input_file),
            Err(bad) => bad,
        };
        let mut stderr = std::io::stderr();
        if stdout_open {
            cli::emit(&out, &mut std::io::stdout(), &mut stderr)
        } else {
            cli::emit(&out, &mut cli::ClosedOutput, &mut stderr)
        }
    }))
    .unwrap_or(cli::EXIT_INTERNAL);
    std::process::exit(code);
}

/// Whether the process was started with a standard output. Rust's runtime
/// opens /dev/null read-write on a descriptor that was closed at exec
/// (`>&-`), so a closed one reads back as /dev/null opened O_RDWR, which a
/// shell's `> /dev/null` (O_WRONLY) is not; that is what is checked, on
/// Linux through /proc (elsewhere, or without /proc, it counts as open).
#[cfg(target_os = "linux")]
fn stdout_is_open() -> bool {
    const O_ACCMODE: u32 = 0o3;
    const O_RDWR: u32 = 0o2;
    let target = std::fs::read_link("/proc/self/fd/1");
    let flags = std::fs::read_to_string("/proc/self/fdinfo/1");
    let (Ok(target), Ok(flags)) = (target, flags) else {
        return true;
    };
    let mode = (flags.lines())
        .find_map(|l| l.strip_prefix("flags:"))
        .and_then(|f| u32::from_str_radix(f.trim(), 8).ok())
        .map(|f| f & O_ACCMODE);
    !(target == std::path::Path::new("/dev/null") && mode == Some(O_RDWR))
}

#[cfg(all(not(target_os = "linux"), not(target_arch = "wasm32")))]
fn stdout_is_open() -> bool {
    true
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
