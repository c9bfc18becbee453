//! `Position::reach`: where a lone piece goes on the empty board (the
//! "how it moves" of the web page's legend). Every count is derived by hand
//! in the comments.

use chess3d_core::{Piece, Position, Rules, Side};
use chess3d_games::chess::ChessRules;
use chess3d_games::ziggurat::ZigguratRules;
use chess3d_games::ziggurat43::Ziggurat43Rules;

/// The reach of `letter` of `side` on `cell` of `pos`, as cell names.
fn reach<R: Rules>(
    pos: &Position<R>,
    side: Side,
    letter: char,
    cell: &str,
) -> Option<(Vec<String>, Vec<String>)> {
    let t = pos.tables();
    let kind = t.kind_by_letter(letter).expect("a kind of the game");
    let cell = t.geo.parse_cell(cell).expect("a cell of the game");
    let names = |cells: Vec<u16>| -> Vec<String> {
        let mut v: Vec<String> = cells.iter().map(|&c| t.geo.name(c).to_string()).collect();
        v.sort();
        v
    };
    pos.reach(cell, Piece::new(side, kind))
        .map(|r| (names(r.moves), names(r.captures)))
}

fn sorted(cells: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
    v.sort();
    v
}

#[test]
fn a_rook_on_d4_reaches_its_rank_and_file_and_the_other_pieces_are_ignored() {
    // The start position: every other piece is lifted off, so the Rook
    // sees 7 squares along rank 4 and 7 along the d-file, and captures
    // on each of them.
    let pos = Position::<ChessRules>::start();
    let (moves, captures) = reach(&pos, Side::White, 'R', "d4").unwrap();
    let lines = sorted(&[
        "a4", "b4", "c4", "e4", "f4", "g4", "h4", "d1", "d2", "d3", "d5", "d6", "d7", "d8",
    ]);
    assert_eq!(moves, lines);
    assert_eq!(captures, lines);
}

#[test]
fn a_pawn_steps_forward_and_captures_diagonally_for_its_own_side() {
    let pos = Position::<ChessRules>::start();
    // White on e2: e3 and the double step to e4; captures d3 and f3.
    assert_eq!(
        reach(&pos, Side::White, 'P', "e2").unwrap(),
        (sorted(&["e3", "e4"]), sorted(&["d3", "f3"]))
    );
    // Black on e7: forward is down the board.
    assert_eq!(
        reach(&pos, Side::Black, 'P', "e7").unwrap(),
        (sorted(&["e5", "e6"]), sorted(&["d6", "f6"]))
    );
    // A Pawn may never stand on its first rank.
    assert_eq!(reach(&pos, Side::White, 'P', "e1"), None);
}

#[test]
fn a_ziggurat_ballista_on_0d4_reaches_its_rank_file_and_column() {
    // 0d4 is (6, 6, 0) in doubled coordinates. Rank: 0a4–0c4 and 0e4–0h4
    // (7); file: 0d1–0d3 and 0d5–0d8 (7); column, two levels a step:
    // (6, 6, 2) = 2c3, (6, 6, 4) = 4b2, (6, 6, 6) = 6a1 (3); 17 in all.
    let pos = Position::<ZigguratRules>::start();
    let (moves, captures) = reach(&pos, Side::White, 'A', "0d4").unwrap();
    let expected = sorted(&[
        "0a4", "0b4", "0c4", "0e4", "0f4", "0g4", "0h4", "0d1", "0d2", "0d3", "0d5", "0d6", "0d7",
        "0d8", "2c3", "4b2", "6a1",
    ]);
    assert_eq!(moves, expected);
    assert_eq!(captures, expected);
}

#[test]
fn an_archer_steps_to_empty_squares_and_shoots_along_its_diagonals() {
    // d2 is (3, 1). Steps: d1, d3, c2, e2. Shots along the diagonals:
    // up-right e3, f4, g5; up-left c3 (b4 does not exist: rank 4 is d–j);
    // down-right e1; down-left c1. The step never captures.
    let pos = Position::<Ziggurat43Rules>::start();
    let (moves, captures) = reach(&pos, Side::White, 'A', "d2").unwrap();
    assert_eq!(moves, sorted(&["c2", "d1", "d3", "e2"]));
    assert_eq!(captures, sorted(&["c1", "c3", "e1", "e3", "f4", "g5"]));
}

#[test]
fn an_elevator_king_reaches_only_squares_that_exist_now() {
    // Shafts at the start, elevator ranks 4 to 1: 4444 / 2323 / 3232 /
    // 1111. Around 2e4 on level 2: d3 and d4 are on elevator b2 (files c–d,
    // ranks 3–4), whose shaft is level 2, and e5, f5 on elevator c3 (files
    // e–f, ranks 5–6), shaft level 2 too: absent. d5 (elevator b3, shaft
    // 3) and e3, f3, f4 (elevator c2, shaft 3) exist: 4 moves.
    let pos = Position::<chess3d_games::elevator::ElevatorRules>::start();
    let (moves, captures) = reach(&pos, Side::White, 'K', "2e4").unwrap();
    assert_eq!(moves, sorted(&["2d5", "2e3", "2f3", "2f4"]));
    assert_eq!(captures, moves);
    // A shaft cell itself cannot hold the piece.
    assert_eq!(reach(&pos, Side::White, 'K', "2d4"), None);
}
