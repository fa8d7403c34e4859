//! An embed's entry point (`?embed=1`), built by Trunk for wasm32: the
//! playground without its full page, so a blog post loads less; the same
//! module is the embed's simulation worker (one download, not two).
#[cfg(target_arch = "wasm32")]
fn main() {
    threadlab::ui::start_embed_or_its_worker();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}
