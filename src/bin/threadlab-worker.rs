//! The Web Worker that runs simulations off the main thread (built by Trunk).
#[cfg(target_arch = "wasm32")]
fn main() {
    threadlab::ui::start_worker();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}
