//! The `threadlab` binary as a user meets it: no panic, no
//! backtrace and no crash whatever the arguments, the output's reader or the
//! disk do; an internal error is exit 1 with one line.

use std::io::Read;
use std::process::{Command, Stdio};

fn threadlab() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_threadlab"));
    // As a user runs it: no developer's backtraces.
    c.env_remove("RUST_BACKTRACE")
        .env_remove("THREADLAB_TEST_PANIC");
    c
}

fn stderr_of(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn issue9_an_argument_that_is_not_utf8_exits_2_with_one_line() {
    use std::os::unix::ffi::OsStrExt;
    let out = threadlab()
        .args(["run", "--set"])
        .arg(std::ffi::OsStr::from_bytes(b"program=io:5ms\xff"))
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("error: argument 3 is not valid UTF-8"),
        "{err}"
    );
}

#[test]
fn issue9_a_closed_pipe_ends_quietly() {
    // `threadlab run --format json --full | head -c 10`
    let mut child = threadlab()
        .args(["run", "--format", "json", "--full"])
        .args(["--set", "load.requests=4000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 10];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // The reader has gone: the rest of the report hits a closed pipe.
    let out = child.wait_with_output().unwrap();
    assert_eq!(&first[..1], b"{");
    assert_eq!(out.status.code(), Some(141), "{}", stderr_of(&out));
    assert_eq!(stderr_of(&out), "", "no message for a closed pipe");
}

#[test]
fn issue9_a_full_disk_is_exit_1_with_one_line() {
    let full = std::fs::File::create("/dev/full").unwrap();
    let out = threadlab()
        .args(["run", "--set", "load.requests=2000"])
        .stdout(full)
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: cannot write the output:"), "{err}");
}

#[test]
fn issue9_a_scenario_from_dev_zero_is_refused() {
    let out = threadlab()
        .args(["run", "--scenario", "/dev/zero"])
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("larger than 1 MiB"), "{err}");
}

/// The binary made to panic on purpose (THREADLAB_TEST_PANIC, debug builds
/// only), with `RUST_BACKTRACE` set to `backtrace` or unset: its exit code
/// and standard error.
fn panicking(backtrace: Option<&str>) -> (Option<i32>, String) {
    let mut c = threadlab();
    c.env("THREADLAB_TEST_PANIC", "1");
    if let Some(b) = backtrace {
        c.env("RUST_BACKTRACE", b);
    }
    let out = c.output().unwrap();
    (out.status.code(), stderr_of(&out))
}

#[test]
fn issue9_a_panic_is_one_line_and_exit_1() {
    let (code, err) = panicking(None);
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: internal error"), "{err}");
    assert!(
        !err.contains("panicked") && !err.contains("backtrace:"),
        "{err}"
    );
    // A developer who asks for a backtrace gets Rust's own report.
    let (code, err) = panicking(Some("1"));
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("panicked") && err.contains("stack backtrace"),
        "{err}"
    );
}

/// The command line keeps the wall-clock budget: a run of 1,024 cores
/// sharing round-robin stops after its 0.5 s, with exit code 3 and the
/// budget named.
#[test]
fn the_command_line_stops_a_slow_run_at_its_wall_clock_budget() {
    let out = threadlab()
        .args([
            "run",
            "--set",
            "server.cores=1024",
            "--set",
            "server.cpu_model=rr",
        ])
        .args([
            "--set",
            "load.concurrency=2000",
            "--set",
            "server.threads_max=2000",
        ])
        .args(["--set", "program=cpu:1ms", "--set", "load.requests=null"])
        .args([
            "--set",
            "load.duration_s=600",
            "--set",
            "limits.max_wall_s=0.5",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("wall-clock budget of 0.5 s"),
        "{}",
        stderr_of(&out)
    );
}

/// Started without a standard output (`threadlab presets
/// >&-`), the list went nowhere and the exit code said 0; a shell's
/// `> /dev/null` is still a written output.
#[test]
fn a_closed_standard_output_is_exit_1_with_one_line() {
    let bin = env!("CARGO_BIN_EXE_threadlab");
    let closed = Command::new("sh")
        .args(["-c", "exec \"$0\" presets >&-", bin])
        .env_remove("RUST_BACKTRACE")
        .output()
        .unwrap();
    let err = stderr_of(&closed);
    assert_eq!(closed.status.code(), Some(1), "{err}");
    assert_eq!(
        err,
        "error: cannot write the output: standard output is closed\n"
    );
    let null = Command::new("sh")
        .args(["-c", "exec \"$0\" presets > /dev/null", bin])
        .output()
        .unwrap();
    assert_eq!(null.status.code(), Some(0), "{}", stderr_of(&null));
    // Bad input with nothing for standard output keeps its own code.
    let bad = Command::new("sh")
        .args(["-c", "exec \"$0\" run --set nope=1 >&-", bin])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2), "{}", stderr_of(&bad));
}
