//! The engine's integration tests, as one test program: each module below
//! was once a program of its own, and each compiled the engine's generic
//! search for every game again at opt-level 3 (see `[profile.test]`; CI
//! has 25 minutes). Run one module's tests with `cargo test -p
//! chess3d-engine --test engine mates::`.

mod engine;
mod eval;
mod file_games;
mod mates;
mod move_list_overflow;
mod multipv;
mod network;
mod review;

use chess3d_core::{MoveList, Position, Variant};
use chess3d_engine::Evaluate;

/// Positions along a pseudo-random game (restarted when it ends).
pub fn walk<R: Evaluate>(game: Variant<R>, plies: usize, seed: u64) -> Vec<Position<R>> {
    let mut pos = game.start();
    let mut x = seed;
    let mut out = Vec::new();
    for _ in 0..plies {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() || pos.outcome().is_some() {
            pos = game.start();
            continue;
        }
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        pos.make(moves[(x >> 33) as usize % moves.len()]);
        out.push(pos.clone());
    }
    out
}

/// A chess FEN with the colours swapped and the board turned over: the
/// same position for the other side.
pub fn flip_colours(fen: &str) -> String {
    let f: Vec<&str> = fen.split(' ').collect();
    let swap = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let board: Vec<String> = f[0].split('/').rev().map(swap).collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    let castling = if f[2] == "-" {
        "-".to_string()
    } else {
        let s = swap(f[2]);
        let mut v: Vec<char> = s.chars().collect();
        v.sort_by_key(|c| (c.is_ascii_lowercase(), *c != 'K' && *c != 'k'));
        v.into_iter().collect()
    };
    let ep = if f[3] == "-" {
        "-".to_string()
    } else {
        let r = if &f[3][1..] == "3" { "6" } else { "3" };
        format!("{}{r}", &f[3][..1])
    };
    format!(
        "{} {side} {castling} {ep} {} {}",
        board.join("/"),
        f[4],
        f[5]
    )
}
