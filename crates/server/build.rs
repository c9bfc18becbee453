//! Rebuilds the server when the web page's build changes, so that a
//! release binary carries the page built before it (see src/page.rs).

fn main() {
    println!("cargo:rerun-if-changed=../../web/dist");
}
