//! A position with more legal moves than a move list holds inline
//! (`MAX_MOVES`) is played like any other: the list spills to the heap,
//! every invariant of the core still holds, and the engine searches it.
//! Built as the worst case the issue names: Polyhedron, the game with the
//! most moves, with its board strewn with Queens.

use std::sync::atomic::AtomicBool;

use chess3d_core::perft::perft;
use chess3d_core::testing::check_position_counting;
use chess3d_core::{MoveList, MAX_MOVES};
use chess3d_engine::{Config, Engine, Limits};
use chess3d_games::polyhedron::{Polyhedron, PolyhedronRules};

/// Polyhedron's levels as (ranks, files), bottom to top, as its position
/// strings write them.
const LEVELS: [(usize, usize); 5] = [(6, 6), (8, 8), (10, 10), (8, 8), (6, 6)];

/// A placement with `piece` on the cells `put` selects, by (level, rank
/// index from the string's start, file).
fn placement(put: impl Fn(usize, usize, usize) -> Option<char>) -> String {
    let levels: Vec<String> = LEVELS
        .iter()
        .enumerate()
        .map(|(z, &(ranks, files))| {
            let rows: Vec<String> = (0..ranks)
                .map(|r| {
                    let mut row = String::new();
                    let mut empty = 0;
                    for f in 0..files {
                        match put(z, r, f) {
                            Some(c) => {
                                if empty > 0 {
                                    row += &empty.to_string();
                                    empty = 0;
                                }
                                row.push(c);
                            }
                            None => empty += 1,
                        }
                    }
                    if empty > 0 {
                        row += &empty.to_string();
                    }
                    row
                })
                .collect();
            rows.join("/")
        })
        .collect();
    levels.join("|")
}

/// White's Queens on every third cell, each kept only if the position
/// stays legal (no Queen may attack Black's King with White to move),
/// Black's King on a level-0 corner and White's on the other.
fn strewn_with_queens() -> Polyhedron {
    let king = |z: usize, r: usize, f: usize| match (z, r, f) {
        (0, 0, 0) => Some('k'),
        (4, 5, 5) => Some('K'),
        _ => None,
    };
    let mut queens: Vec<(usize, usize, usize)> = Vec::new();
    let text = |queens: &[(usize, usize, usize)]| {
        let board =
            placement(|z, r, f| king(z, r, f).or(queens.contains(&(z, r, f)).then_some('Q')));
        format!("{board} w - - 0 1 -")
    };
    for (z, &(ranks, files)) in LEVELS.iter().enumerate() {
        for r in 0..ranks {
            for f in 0..files {
                if (z + r + f) % 3 != 0 || king(z, r, f).is_some() {
                    continue;
                }
                queens.push((z, r, f));
                if Polyhedron::from_text(&text(&queens)).is_err() {
                    queens.pop();
                }
            }
        }
    }
    Polyhedron::from_text(&text(&queens)).unwrap()
}

#[test]
fn more_moves_than_a_list_holds_inline_are_all_generated_and_played() {
    let mut pos = strewn_with_queens();
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    assert!(
        list.len() > MAX_MOVES,
        "the worst case must overflow the inline list: {} moves",
        list.len()
    );
    // Legal moves are exactly the pseudo-legal moves that pass the
    // legality test, and make/unmake of each restores the position and
    // its hash (the core's invariants, checked by the testing module).
    let counted = check_position_counting(&mut pos).unwrap();
    assert_eq!(counted, list.len());
    // Perft counts the same moves, and one level deeper agrees with the
    // sum over the moves' own counts (the lists nest while spilled).
    assert_eq!(perft(&mut pos, 1), list.len() as u64);
    let by_move: u64 = list
        .iter()
        .map(|&m| {
            pos.make(m);
            let n = perft(&mut pos, 1);
            pos.unmake();
            n
        })
        .sum();
    assert_eq!(perft(&mut pos, 2), by_move);
}

#[test]
fn the_engine_searches_a_position_with_more_moves_than_a_list_holds_inline() {
    let pos = strewn_with_queens();
    let mut engine = Engine::<PolyhedronRules>::new(Config::default());
    let limits = Limits {
        depth: Some(2),
        ..Limits::default()
    };
    let report = engine.search(&pos, &limits, &AtomicBool::new(false), |_| {});
    let best = report.best.expect("a move");
    let mut pos = pos;
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    assert!(list.contains(&best));
}
