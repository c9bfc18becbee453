//! Jocly's 3D Chess (games/jocly-3d.toml) against a second, independent
//! implementation written from Jocly's model and the file's rulings
//! (common/jocly3d_reference.rs): the same perft from the start, and
//! along random games, from the start and from positions that bring
//! castling, en passant and promotion near, the same legal moves as
//! canonical text, the same check status, placement and castling rights.
//! No perft of the game is published.

use chess3d_core::perft::perft;

use crate::common::jocly3d_reference::{Jocly3d, RefPos};
use crate::common::{self, file_game, stacked, Reference};

const JOCLY_3D_FILE: &str = include_str!("../../../../games/jocly-3d.toml");

/// The start's legal moves, counted by hand: on boards A and C, twelve
/// Pawn moves (the six Pawns each step or double-step) and three a Knight
/// (b1: a3, c3 and b3 of board B; e1: d3, f3, Be3), the Bishops shut in:
/// 18 a board. On board B twelve Pawn moves and O-O (the King c1 and the
/// Rook b1 swap: nothing between, nothing attacked); the Rooks, King and
/// Queen are shut in, and O-O-O needs d1 empty. 18 + 18 + 13 = 49. No
/// move of either side reaches the other's pieces, so depth 2 is 49².
#[test]
fn perft_from_the_start_matches_the_reference() {
    let game = match file_game(JOCLY_3D_FILE) {
        chess3d_games::file::FileGame::Large(v) => v,
        _ => panic!("144 cells: the large rules type"),
    };
    let mut pos = game.start();
    let reference = RefPos::from_text(&pos.to_text());
    assert_eq!(perft(&mut pos, 1), 49);
    assert_eq!(perft(&mut pos, 2), 49 * 49);
    let ours = perft(&mut pos, 3);
    assert_eq!(ours, reference.perft(3));
    assert_eq!(
        reference.placement(),
        pos.to_text().split(' ').next().unwrap()
    );
}

#[test]
fn random_games_agree_with_the_reference() {
    let start = match file_game(JOCLY_3D_FILE) {
        chess3d_games::file::FileGame::Large(v) => v,
        _ => panic!("the large rules type"),
    };
    // The start; the same with board B's Queens gone, so that both
    // castlings are open at once; and a thinned middle game
    // with Pawns a step from promoting and from meeting en passant.
    let starts = [
        start.start().to_text(),
        "pnbbnp/1pppp1/6/6/6/6/1PPPP1/PNBBNP|prk1rp/1pppp1/6/6/6/6/1PPPP1/PRK1RP|pnbbnp/1pppp1/6/6/6/6/1PPPP1/PNBBNP w KQkq - 0 1"
            .to_string(),
        "6/1P2p1/6/2p3/6/6/3P2/6|2k3/6/6/6/6/3p2/1P4/2K3|6/p3P1/6/6/3P2/6/4p1/6 w - - 0 1".to_string(),
    ];
    stacked::random_games_agree::<Jocly3d>(&start, &starts, (30, 160), 2000);
}

/// Castling by hand, Kings and Rooks alone: O-O swaps King c1 and Rook b1; O-O-O takes the King to d1 and
/// the Rook e1 to c1. With d1 attacked (a Black Rook on d5 of board B),
/// O-O-O is refused and O-O stays.
#[test]
fn castling_moves_king_and_rook_as_jocly_does() {
    let game = match file_game(JOCLY_3D_FILE) {
        chess3d_games::file::FileGame::Large(v) => v,
        _ => panic!("the large rules type"),
    };
    let text = "6/6/6/6/6/6/6/6|2k3/6/6/6/6/6/6/1RK1R1|6/6/6/6/6/6/6/6 w KQ - 0 1";
    let mut pos = game.position(text).unwrap();
    let moves: Vec<String> = common::moves(&pos);
    assert!(moves.contains(&"O-O".to_string()) && moves.contains(&"O-O-O".to_string()));
    let m = pos.parse_move("O-O").unwrap();
    pos.make(m);
    assert!(pos
        .to_text()
        .starts_with("6/6/6/6/6/6/6/6|2k3/6/6/6/6/6/6/1KR1R1|"));
    pos.unmake();
    let m = pos.parse_move("O-O-O").unwrap();
    pos.make(m);
    assert!(pos
        .to_text()
        .starts_with("6/6/6/6/6/6/6/6|2k3/6/6/6/6/6/6/1RRK2|"));
    let attacked = "6/6/6/6/6/6/6/6|2k3/6/6/3r2/6/6/6/1RK1R1|6/6/6/6/6/6/6/6 w KQ - 0 1";
    let moves = common::moves(&game.position(attacked).unwrap());
    assert!(moves.contains(&"O-O".to_string()) && !moves.contains(&"O-O-O".to_string()));
}
