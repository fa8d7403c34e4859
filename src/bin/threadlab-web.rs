//! The playground's entry point, built by Trunk for wasm32.
#[cfg(target_arch = "wasm32")]
fn main() {
    threadlab::ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}
