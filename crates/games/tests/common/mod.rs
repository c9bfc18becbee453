//! Shared helpers of the chess integration tests.
#![allow(dead_code)]

use chess3d_core::{Game, Move, MoveKind, MoveList};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// The six chessprogramming-wiki perft positions: varied starts (castling,
/// promotion, en passant, checks) for random games.
pub const PERFT_FENS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

/// Plays a seeded random game of up to `max_plies` from `pos`, calling
/// `visit` on every position reached (the first included) with the move
/// about to be played (`None` at the end). Stops when no legal move is left.
/// Castling, en passant and promotions are rare in uniform random play, so
/// when one is legal it is chosen half of the time.
pub fn random_game<G: Game>(
    pos: &mut G,
    seed: u64,
    max_plies: usize,
    visit: impl FnMut(&mut G, Option<Move>),
) {
    random_game_biased(pos, seed, max_plies, 0.0, visit)
}

/// [`random_game`], choosing a capture with probability `capture_bias`
/// when there is one and no special move was chosen: on big boards this
/// thins the armies, so that promotions and endings happen.
pub fn random_game_biased<G: Game>(
    pos: &mut G,
    seed: u64,
    max_plies: usize,
    capture_bias: f64,
    mut visit: impl FnMut(&mut G, Option<Move>),
) {
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..max_plies {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let special: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| {
                matches!(m.kind, MoveKind::Castle | MoveKind::EnPassant) || m.promotion.is_some()
            })
            .collect();
        let captures: Vec<Move> = if capture_bias > 0.0 {
            moves
                .iter()
                .copied()
                .filter(|&m| pos.is_capture(m))
                .collect()
        } else {
            Vec::new()
        };
        let m = if !special.is_empty() && rng.random_bool(0.5) {
            special[rng.random_range(0..special.len())]
        } else if !captures.is_empty() && rng.random_bool(capture_bias) {
            captures[rng.random_range(0..captures.len())]
        } else {
            moves[rng.random_range(0..moves.len())]
        };
        visit(pos, Some(m));
        pos.make(m);
    }
    visit(pos, None);
}
