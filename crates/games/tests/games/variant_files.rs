//! The game files of other programs' variants in `games/` that need no
//! family of their own (hoppers and goals have theirs: `hoppers.rs`,
//! `goals.rs`): each against published perft or Fairy-Stockfish's, and
//! positions counted by hand.

use chess3d_core::perft::perft;
use chess3d_core::Variant;
use chess3d_games::file::SmallFileRules;

use crate::common::small_file;

fn capablanca() -> Variant<SmallFileRules> {
    small_file(include_str!("../../../../games/capablanca.toml"))
}

/// Fairy-Stockfish's perft suite (tests/perft.sh): `capablanca startpos 4
/// 805128`. Depth 1 by hand: 20 Pawn moves, 4 Knight moves (b1: a3, c3;
/// i1: h3, j3), 2 Archbishop moves (c1: as a Knight, b3 and d3; its
/// diagonals are blocked) and 2 Chancellor moves (h1: g3, i3): 28.
#[test]
fn capablanca_has_the_published_perft() {
    let mut start = capablanca().start();
    for (depth, nodes) in [(1, 28), (4, 805_128)] {
        assert_eq!(perft(&mut start, depth), nodes, "depth {depth}");
    }
}

/// Castling three squares: Kings f1 and f8, Rooks in the corners. White
/// by hand: the Rook a1 up its file to a8 (7, the last a capture) and
/// along the rank to e1 (4); the Rook j1 up to j8 (7) and to g1 (3); the
/// King to e1, g1, e2, f2, g2 (5); and both castlings (f1i1, f1c1): 28.
/// Depths 2 and 3 are Fairy-Stockfish's (`go perft`, 11.1).
#[test]
fn capablanca_castles_three_squares() {
    let mut pos = capablanca()
        .position("r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1")
        .unwrap();
    for (depth, nodes) in [(1, 28), (2, 674), (3, 18_317)] {
        assert_eq!(perft(&mut pos, depth), nodes, "depth {depth}");
    }
    let mut pieces = capablanca()
        .position("r4k3r/pppppppppp/10/10/2A4c2/10/PPPPPPPPPP/R4K3R w KQkq - 0 1")
        .unwrap();
    for (depth, nodes) in [(1, 42), (2, 2_049), (3, 82_484)] {
        assert_eq!(perft(&mut pieces, depth), nodes, "depth {depth}");
    }
}
