//! The `threadlab` command line: a thin wrapper that hands the arguments to
//! `threadlab::cli` and maps its output to the terminal and the exit code.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let read = |path: &str| {
        std::fs::read_to_string(path).map_err(|e| format!("cannot read the file: {e}"))
    };
    let out = threadlab::cli::main(&args, &read);
    print!("{}", out.stdout);
    eprint!("{}", out.stderr);
    std::process::exit(out.code);
}

#[cfg(target_arch = "wasm32")]
fn main() {}
