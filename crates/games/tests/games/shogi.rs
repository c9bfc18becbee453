//! Shogi (games/shogi.toml): minishogi's rules (tests/games/minishogi.rs)
//! on the 9×9 board, with the Knight and the Lance, which may not stand
//! where they could never move again. Against Fairy-Stockfish's published
//! perft (its tests/perft.sh) and its Python module, pyffish.

use chess3d_core::perft::perft;
use chess3d_core::{Outcome, Variant};
use chess3d_games::file::PoolFileRules;

use crate::common::{moves, pool_file};

const SHOGI_FILE: &str = include_str!("../../../../games/shogi.toml");

fn shogi() -> Variant<PoolFileRules> {
    pool_file(SHOGI_FILE)
}

fn at(fen: &str) -> chess3d_core::Position<PoolFileRules> {
    shogi()
        .position(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Fairy-Stockfish's perft suite: `shogi startpos 4 719731`; depths 1 to
/// 3 as pyffish counts them, depth 5 as Debian's fairy-stockfish 11.1
/// counts it (`go perft 5`).
#[test]
fn shogi_has_the_published_perft() {
    let mut start = shogi().start();
    for (depth, nodes) in [
        (1, 30),
        (2, 900),
        (3, 25_470),
        (4, 719_731),
        (5, 19_861_490),
    ] {
        assert_eq!(perft(&mut start, depth), nodes, "depth {depth}");
    }
}

/// A Knight leaping to the far two ranks must promote (c6b8+, c6d8+, no
/// c6b8); a Lance may stay on the 8th rank but not reach the 9th
/// unpromoted (a7a8, a7a8+, a7a9+). And from the hand no Knight goes to
/// the far two ranks, no Lance or Pawn to the far one: with the two Kings
/// on e1 and e9, 62 squares for the Knight, 71 each for the Lance and
/// the Pawn, and the King's 5 steps: 209 moves. pyffish lists the same.
#[test]
fn no_piece_goes_where_it_could_never_move_again() {
    assert_eq!(
        moves(&at("4k4/9/9/2N6/9/9/9/9/4K4[] w - - 0 1")),
        ["c6b8+", "c6d8+", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
    );
    assert_eq!(
        moves(&at("4k4/9/L8/9/9/9/9/9/4K4[] w - - 0 1")),
        ["a7a8", "a7a8+", "a7a9+", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
    );
    let hand = moves(&at("4k4/9/9/9/9/9/9/9/4K4[NLP] w - - 0 1"));
    assert_eq!(hand.len(), 209);
    let count = |letter: &str| hand.iter().filter(|m| m.starts_with(letter)).count();
    assert_eq!([count("N@"), count("L@"), count("P@")], [62, 71, 71]);
}

/// The fourth occurrence of a position without perpetual check is a
/// draw in shogi (sennichite), where minishogi's loses for Sente.
#[test]
fn the_fourth_occurrence_is_a_draw() {
    let mut p = at("4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1");
    for _ in 0..3 {
        for m in ["e1d1", "e9d9", "d1e1", "d9e9"] {
            assert_eq!(p.clone().outcome(), None);
            p.play(m).unwrap();
        }
    }
    assert!(matches!(p.outcome(), Some(Outcome::Draw(_))));
}

/// Along seeded random games: the core's invariants and the search's
/// shortcuts, as for minishogi.
#[test]
fn invariants_hold_along_random_games() {
    crate::common::shortcuts_agree_along_random_games(shogi().start(), 160);
}
