//! Hoppers (docs/game-files.md, `hop` and `grasshop`): pieces that move
//! or capture by jumping the first piece on a line. Shako
//! (games/shako.toml), whose Cannon hops, against Fairy-Stockfish's perft
//! (a second, independent implementation) from the start and from
//! hand-made positions where a Cannon checks, is blocked, pins and is
//! uncovered; a Grasshopper counted by hand; and the shortcuts of legal
//! move generation (the guard, the attack lists) against their
//! definitions along random Shako games.

use chess3d_core::perft::perft;
use chess3d_core::Variant;
use chess3d_games::file::{SmallFileRules, TinyFileRules};

use crate::common::{self, moves, moves_from, small_file, tiny_file};

const SHAKO_FILE: &str = include_str!("../../../../games/shako.toml");

fn shako() -> Variant<SmallFileRules> {
    small_file(SHAKO_FILE)
}

/// Depth 1 by hand: 20 Pawn moves (each of ten one or two squares), 16
/// Cannon moves (a1 and j1 along the empty first rank, 8 each; up the
/// file their first piece is their own Elephant, and their own Pawn
/// beyond it cannot be taken), 4 Elephant moves (a2: b1 and, leaping
/// b3, c4; j2 the same), 6 Knight moves (c2: b4, d4, e1; h2: g4, i4,
/// f1), 2 Rook moves (b1, i1), 4 Bishop moves (c1, e1; f1, h1), 3 Queen
/// moves (d1, e1, f1) and 3 King moves (e1, f1, g1): 58. Depths 2 to 4:
/// `fairy-stockfish` 11.1 (Debian), `setoption name UCI_Variant value
/// shako`, `go perft N`.
#[test]
fn shako_has_fairy_stockfishs_perft_from_the_start() {
    let mut start = shako().start();
    for (depth, nodes) in [(1, 58), (2, 3_364), (3, 185_938), (4, 10_273_158)] {
        assert_eq!(perft(&mut start, depth), nodes, "depth {depth}");
    }
}

/// Hand-made positions, each with Fairy-Stockfish's perft (as above, with
/// `position fen`), depths 1 to 4; the first two counted by hand at depth 1.
#[test]
fn cannon_checks_screens_and_pins_have_fairy_stockfishs_perft() {
    let cases: [(&str, [u64; 4]); 5] = [
        // Black's Cannon e6 checks the King e1 over the Pawn e3: the King
        // leaves the file (d1, f1, d2, f2; e2 is still behind the
        // screen), and the Pawn's step keeps it a screen: 4.
        (
            "4k5/10/10/10/4c5/10/10/4P5/10/4K5 w - - 0 1",
            [4, 76, 516, 11_078],
        ),
        // Two screens, Rook e4 and Pawn e3: no check. The King has its
        // five steps (e2 too: the Cannon's target is the Pawn); the Rook
        // may not leave the file (the Pawn alone would be a screen): e5,
        // or takes e6; the Pawn is blocked: 7.
        (
            "4k5/10/10/10/4c5/10/4R5/4P5/10/4K5 w - - 0 1",
            [7, 57, 876, 12_504],
        ),
        // No screen: a Knight arriving on e2 or e4 would make one.
        (
            "4k5/10/10/10/4c5/10/10/6N3/10/4K5 w - - 0 1",
            [11, 234, 2_816, 61_260],
        ),
        // En passant d6xc7 would empty c6 and d6 and leave the Knight b6
        // the one screen between the Cannon f6 and the King a6.
        (
            "5k4/10/10/10/KNpP1c4/10/10/10/10/10 w - c7 0 1",
            [10, 191, 1_949, 40_910],
        ),
        // The Cannon g9 covers g2 over the Pawn g5: no castling short.
        (
            "4k5/6c3/10/10/10/6P3/10/10/1R3K2R1/10 w KQ - 0 1",
            [32, 512, 18_489, 314_798],
        ),
    ];
    for (text, nodes) in cases {
        let mut pos = shako().position(text).unwrap();
        for (depth, &expected) in (1..).zip(&nodes) {
            assert_eq!(perft(&mut pos, depth), expected, "{text}: depth {depth}");
        }
    }
}

/// Fairy-Stockfish's own perft suite (tests/perft.sh), its four Shako
/// positions: published figures.
#[test]
fn shako_has_the_published_perft_of_fairy_stockfishs_suite() {
    let cases = [
        (
            "4kc3c/ernbq1b1re/ppp3p1pp/3p2pp2/4p5/5P4/2PN2P3/PP1PP2PPP/ER1BQKBNR1/5C3C w KQ - 0 9",
            3,
            26_325,
        ),
        (
            "4ncr1k1/1cr2P4/pp2p2pp1/P7PN/2Ep1p4/B3P1eN2/2P1n1P3/1B1P1K4/9p/5C2CR w - - 0 1",
            3,
            180_467,
        ),
        (
            "r5k3/4q2c2/1ebppnp3/1pp3BeEQ/10/2PE2P3/1P3P4/5NP2P/rR3KB3/7C2 w Q - 3 35",
            2,
            4_940,
        ),
        (
            "10/rr3k4/ppppp5/10/10/10/10/6PPPP/5K2RR/10 w Kq - 0 1",
            2,
            460,
        ),
    ];
    for (text, depth, nodes) in cases {
        let mut pos = shako().position(text).unwrap();
        assert_eq!(perft(&mut pos, depth), nodes, "{text}");
    }
}

#[test]
fn en_passant_that_leaves_one_screen_is_illegal_and_castling_into_a_cannon_line_too() {
    let pos = shako()
        .position("5k4/10/10/10/KNpP1c4/10/10/10/10/10 w - c7 0 1")
        .unwrap();
    assert!(!moves(&pos).contains(&"d6c7".to_string()));
    let pos = shako()
        .position("4k5/6c3/10/10/10/6P3/10/10/1R3K2R1/10 w KQ - 0 1")
        .unwrap();
    let castles: Vec<String> = moves(&pos)
        .into_iter()
        .filter(|m| m == "f2h2" || m == "f2d2")
        .collect();
    assert_eq!(castles, ["f2d2"]);
}

/// Along random Shako games: the core's invariants in every position
/// (legal moves are the pseudo-legal ones that pass the make-and-test
/// legality check, make and unmake restore the position and its hash,
/// texts read back), every move the guard calls safe is legal, every
/// move the check guard clears gives no check, and the attack lists the
/// exchange evaluation reads agree with the attack test.
#[test]
fn the_shortcuts_agree_with_their_definitions_along_random_shako_games() {
    common::shortcuts_agree_along_random_games(shako().start(), 120);
}

/// A Grasshopper game, chess's board with a Grasshopper a side.
fn grasshopper_game() -> Variant<TinyFileRules> {
    let chess = include_str!("../../../../games/chess.toml");
    let grasshopper = "[[piece]]\nletter = \"G\"\nname = \"Grasshopper\"\n\
        about = \"Jumps the first piece on a Queen's line to the square just beyond it.\"\n\
        moves = [{ grasshop = [1, 0, 0], sym = \"perms-xy\" }, { grasshop = [1, 1, 0], sym = \"signs\" }]\n\n";
    let at = chess.find("[[piece]]").unwrap();
    let text = format!("{}{grasshopper}{}", &chess[..at], &chess[at..])
        .replace("id = \"chess-file\"", "id = \"grasshopper\"");
    tiny_file(&text)
}

/// The Grasshopper d4 (White), by hand: up the d-file its hurdle is the
/// Pawn d6, and it lands on d7, taking Black's Rook; up the diagonal its
/// hurdle is White's own Pawn f6, and it lands on g7; down the diagonal
/// its hurdle is the King a1, with nothing beyond; no other line holds a
/// piece. Two moves, one a capture.
#[test]
fn a_grasshopper_lands_just_beyond_its_hurdle() {
    let pos = grasshopper_game()
        .position("7k/3r4/3p1P2/8/3G4/8/8/K7 w - - 0 1")
        .unwrap();
    let from_d4: Vec<String> = moves_from(&pos, "d4");
    assert_eq!(from_d4, ["d4d7", "d4g7"]);
}

/// It checks from e1 over a piece on e7 next to the King e8, and not over
/// one on e6 (it would land on e7): the hurdle must stand just before the
/// King.
#[test]
fn a_grasshopper_checks_only_over_a_hurdle_next_to_the_king() {
    let game = grasshopper_game();
    let next = game.position("4k3/4p3/8/8/8/8/8/K3G3 b - - 0 1").unwrap();
    assert!(next.in_check());
    let apart = game.position("4k3/8/4p3/8/8/8/8/K3G3 b - - 0 1").unwrap();
    assert!(!apart.in_check());
    for seed in 0..4 {
        let start = game
            .position("rnbqkbnr/pppppppp/2g2g2/8/8/2G2G2/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .unwrap();
        if let Err(e) = common::walk(start, seed, 100, 0.3) {
            panic!("seed {seed}: {e}");
        }
    }
}
