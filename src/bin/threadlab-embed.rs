//! An embed's entry point (`?embed=1`), built by Trunk for wasm32: the
//! playground without its full page, so a blog post loads less.
#[cfg(target_arch = "wasm32")]
fn main() {
    threadlab::ui::start_embed();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}
