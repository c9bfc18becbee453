//! Perft: the number of leaf nodes of the legal move tree to a depth.
//!
//! Only checkmate, stalemate and a game's immediate wins end a line
//! (RULINGS.md §0; a game ended by its last move has no legal moves, so it
//! is a leaf); repetition and the 100-ply rule are ignored, as in chess
//! perft. At depth 1 the legal moves are counted without being made ("bulk
//! counting"), as the published move generators do.

use crate::game::Game;
use crate::MoveList;

/// Perft of `pos` to `depth`. The position is unchanged afterwards.
pub fn perft<G: Game>(pos: &mut G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.count_legal();
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let mut nodes = 0;
    for &m in &moves {
        pos.make(m);
        nodes += perft(pos, depth - 1);
        pos.unmake();
    }
    nodes
}

/// Perft per root move, as (canonical move text, nodes), sorted by text.
pub fn divide<G: Game>(pos: &mut G, depth: u32) -> Vec<(String, u64)> {
    let mut moves = MoveList::new();
    if depth > 0 {
        pos.legal_moves(&mut moves);
    }
    let mut out: Vec<(String, u64)> = moves
        .iter()
        .map(|&m| {
            let text = pos.move_text(m);
            pos.make(m);
            let n = perft(pos, depth - 1);
            pos.unmake();
            (text, n)
        })
        .collect();
    out.sort();
    out
}
