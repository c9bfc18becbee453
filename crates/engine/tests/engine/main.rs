//! The engine's integration tests, as one test program: each module below
//! was once a program of its own, and each compiled the engine's generic
//! search for every game again at opt-level 3 (see `[profile.test]`; CI
//! has 25 minutes). Run one module's tests with `cargo test -p
//! chess3d-engine --test engine mates::`.

mod engine;
mod eval;
mod mates;
mod move_list_overflow;
