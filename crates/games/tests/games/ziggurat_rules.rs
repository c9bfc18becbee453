//! Ziggurat Three Dimensional Chess rule by rule: the seed's worked
//! examples (seed 000), move counts from squares of an otherwise empty
//! pyramid derived by hand, check by level-0 pieces only, Guards becoming
//! Pawns, castling, en passant, promotion, position-string checks.
//!
//! Squares are named level, file, rank (`3c2`); in RULINGS.md §1's doubled
//! coordinates, square (level k, file index i, rank index j) is
//! (2i + k, 2j + k, k). Level k has n = 8 − k files and ranks.

use crate::common;

use common::moves;

use chess3d_core::{DrawReason, MoveError, Outcome, Side, WinReason};
use chess3d_games::ziggurat::Ziggurat;

/// (level, file index, rank index) of a square name.
fn square(name: &str) -> (i32, i32, i32) {
    let b = name.as_bytes();
    (
        (b[0] - b'0') as i32,
        (b[1] - b'a') as i32,
        name[2..].parse::<i32>().unwrap() - 1,
    )
}

/// The position string with exactly these pieces; `castling` and `ep` are
/// its fields.
fn setup_text(pieces: &[(&str, char)], side: &str, castling: &str, ep: &str) -> String {
    let levels: Vec<String> = (0..8)
        .map(|k| {
            let n = 8 - k;
            let ranks: Vec<String> = (0..n)
                .rev()
                .map(|j| {
                    common::rank_text((0..n).map(|i| {
                        let at = pieces.iter().find(|(c, _)| square(c) == (k, i, j));
                        at.map(|&(_, letter)| letter)
                    }))
                })
                .collect();
            ranks.join("/")
        })
        .collect();
    format!("{} {side} {castling} {ep} 0 1", levels.join("|"))
}

fn setup_with(pieces: &[(&str, char)], side: &str, castling: &str, ep: &str) -> Ziggurat {
    let text = setup_text(pieces, side, castling, ep);
    Ziggurat::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn setup(pieces: &[(&str, char)], side: &str) -> Ziggurat {
    setup_with(pieces, side, "-", "-")
}

/// The destinations of the legal moves from `from`, sorted.
fn destinations(p: &Ziggurat, from: &str) -> Vec<String> {
    let mut v: Vec<String> = moves(p)
        .iter()
        .filter(|m| m.starts_with(from) && m.len() > 4)
        .map(|m| m[4..7].to_string())
        .collect();
    v.sort();
    v.dedup();
    v
}

/// The Kings of the empty-pyramid counts: 0c8 (White) and 0f8 (Black)
/// stand on no line or leap of any counted piece from any counted square
/// (checked square by square with a throwaway enumeration before writing
/// the counts below), and no counted orthodox piece attacks 0f8.
const KINGS: [(&str, char); 2] = [("0c8", 'K'), ("0f8", 'k')];

/// Number of moves of a White `piece` alone on `from` (with the Kings).
fn count(piece: char, from: &str) -> usize {
    let mut pieces = KINGS.to_vec();
    pieces.push((from, piece));
    destinations(&setup(&pieces, "w"), from).len()
}

/// The start is seed 000's setup, written here from the seed's own words
/// (each quoted) and RULINGS.md §1 where the seed has a typo: 42 pieces a
/// side, White on ranks 1-2 of levels 0-2, Black mirrored on each level.
#[test]
fn the_start_is_seed_000s_setup() {
    let mut pieces: Vec<(String, char)> = Vec::new();
    let mut put = |cells: &[&str], letter: char| {
        for cell in cells {
            pieces.push((cell.to_string(), letter));
        }
    };
    // "The initial position of the King is 0e1 for White and 0e8 for Black."
    put(&["0e1"], 'K');
    put(&["0e8"], 'k');
    // "The initial position of the Queen is next to the King, for White at
    // 0d1, for black at 0d8."
    put(&["0d1"], 'Q');
    put(&["0d8"], 'q');
    // "a Bishop starting in the red square 0f1 ... the Bishop starting in
    // the black 0c1"; Black's as in standard chess (RULINGS §1: "Level 0:
    // standard chess").
    put(&["0c1", "0f1"], 'B');
    put(&["0c8", "0f8"], 'b');
    // "The initial positions of the Knights are 0b1 and 0g1 for White and
    // 0b8 and 0g8 for Black."
    put(&["0b1", "0g1"], 'N');
    put(&["0b8", "0g8"], 'n');
    // "Initial positions are 0a1 and 0h1 for White and 0a8 and 0h8 for
    // Black."
    put(&["0a1", "0h1"], 'R');
    put(&["0a8", "0h8"], 'r');
    // Pawns (8): level 0 as standard chess.
    put(
        &["0a2", "0b2", "0c2", "0d2", "0e2", "0f2", "0g2", "0h2"],
        'P',
    );
    put(
        &["0a7", "0b7", "0c7", "0d7", "0e7", "0f7", "0g7", "0h7"],
        'p',
    );
    // "The Wizard's initial position is 1d1 for White and 1d7 for Black."
    put(&["1d1"], 'W');
    put(&["1d7"], 'w');
    // "The initial positions of the Paladins are: 1c1, 1e1, 2a1 and 2f1
    // for White; and 1c7,1e7, 2a6, and 2f6 for Black."
    put(&["1c1", "1e1", "2a1", "2f1"], 'L');
    put(&["1c7", "1e7", "2a6", "2f6"], 'l');
    // "Initial positions for Cardinals are: 2c1, 2d1 for White; and 2c6,
    // 2d6 for Black."
    put(&["2c1", "2d1"], 'C');
    put(&["2c6", "2d6"], 'c');
    // "The initial positions for the Falcons are: 1a1, 1g1 for White; and
    // 1a7, 1g7 for Black."
    put(&["1a1", "1g1"], 'F');
    put(&["1a7", "1g7"], 'f');
    // "1b1, 1f1, 1b1, and 1e1 for White; and 1b7, 1f7, 1b6, 1e6 for
    // Black": a typo, ruled 1b1, 1f1, 2b1, 2e1 (Black 1b7, 1f7, 2b6, 2e6),
    // the only back-rank squares left (RULINGS §1).
    put(&["1b1", "1f1", "2b1", "2e1"], 'A');
    put(&["1b7", "1f7", "2b6", "2e6"], 'a');
    // Guards (13): "directly in front of the 1 and 2-level pieces of White
    // and Black and opposite each other".
    put(&["1a2", "1b2", "1c2", "1d2", "1e2", "1f2", "1g2"], 'G');
    put(&["2a2", "2b2", "2c2", "2d2", "2e2", "2f2"], 'G');
    put(&["1a6", "1b6", "1c6", "1d6", "1e6", "1f6", "1g6"], 'g');
    put(&["2a5", "2b5", "2c5", "2d5", "2e5", "2f5"], 'g');
    // "There are 42 playing pieces for each side".
    let white = pieces
        .iter()
        .filter(|(_, l)| l.is_ascii_uppercase())
        .count();
    assert_eq!((white, pieces.len() - white), (42, 42));
    let named: Vec<(&str, char)> = pieces.iter().map(|(c, l)| (c.as_str(), *l)).collect();
    let seed = setup_with(&named, "w", "KQkq", "-");
    assert_eq!(Ziggurat::start().to_text(), seed.to_text());
}

#[test]
fn seed_falcon_example_on_3c2() {
    // Seed 000, "The Falcon": "3C2 – 4B3; 3C2 – 4C3; 3C2 – 4D2; 3C2 – 4D1;
    // 3C2 – 2C4; 3C2 – 2D4; 3C2 – 0D5; 3C2 – 0E5; 3C2 – 0C3".
    let p = setup(&[KINGS[0], KINGS[1], ("3c2", 'F')], "w");
    let reached = destinations(&p, "3c2");
    for d in [
        "4b3", "4c3", "4d2", "4d1", "2c4", "2d4", "0d5", "0e5", "0c3",
    ] {
        assert!(reached.contains(&d.to_string()), "3c2-{d}");
    }
    // All of them: 3c2 is (7, 5, 3). The 32 vectors change the level by
    // ±1 or ±3 and (x, y) by (±3, ±1) or (±1, ±3), so x ∈ {4, 6, 8, 10}
    // and y ∈ {2, 4, 6, 8}. Level L has x, y from L to 14 − L in steps of
    // 2:
    // - level 0 (x, y in 0..14): all 8 exist;
    // - level 2 (2..12): all 8;
    // - level 4 (4..10): y = 2 does not, dropping (±1, −3): 6;
    // - level 6 (6..8): only x 6, 8 (dx ±1) with y 8 (dy +3): 2;
    // - levels −1 and −3 do not exist.
    // 8 + 8 + 6 + 2 = 24.
    let expected = [
        "0c3", "0c4", "0d2", "0d5", "0e2", "0e5", "0f3", "0f4", // level 0
        "2b2", "2b3", "2c1", "2c4", "2d1", "2d4", "2e2", "2e3", // level 2
        "4a1", "4a2", "4b3", "4c3", "4d1", "4d2", // level 4
        "6a2", "6b2", // level 6
    ];
    let mut expected: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    expected.sort();
    assert_eq!(reached, expected);
}

#[test]
fn seed_cardinal_example_2a1_to_6a1() {
    // Seed 000: "2a1 – 6a1 (White Cardinal to the sixth level ...)": a
    // straight transverse, (2, 2, 2) + 4 × (1, 1, 1) = (6, 6, 6).
    let mut p = setup(&[KINGS[0], KINGS[1], ("2a1", 'C')], "w");
    p.play("2a1-6a1").unwrap();
    assert_eq!(p.to_text().split('|').nth(6), Some("2/C1"));
    // Blocked on the way (4a1), it no longer reaches.
    let p = setup(&[KINGS[0], KINGS[1], ("2a1", 'C'), ("4a1", 'G')], "w");
    assert!(!destinations(&p, "2a1").contains(&"6a1".to_string()));
}

#[test]
fn seed_falcon_on_level_2_reaches_levels_1_3_and_5_only() {
    // Seed 000's screenshot caption: a Falcon "on level 2, with moves to
    // levels 1, 3, 5 allowed". True from every square of level 2, and from
    // its centre all three are reached.
    let mut levels_seen = std::collections::BTreeSet::new();
    for f in 0..6u8 {
        for r in 1..=6 {
            let from = format!("2{}{r}", (b'a' + f) as char);
            let p = setup(&[KINGS[0], KINGS[1], (&from, 'F')], "w");
            for d in destinations(&p, &from) {
                let level = &d[..1];
                assert!(["1", "3", "5"].contains(&level), "{from}-{d}");
                if from == "2c3" {
                    levels_seen.insert(level.to_string());
                }
            }
        }
    }
    assert_eq!(levels_seen.len(), 3);
}

#[test]
fn seed_ballista_and_paladin_never_change_level_parity() {
    // Seed 000: "a Paladin on a red/black level cannot move to a
    // green/blue level, and vice versa"; likewise the Ballista. From every
    // square of the empty pyramid.
    for k in 0..8 {
        for f in 0..8 - k {
            for r in 1..=8 - k {
                let from = format!("{k}{}{r}", (b'a' + f as u8) as char);
                if KINGS.iter().any(|(c, _)| *c == from) {
                    continue;
                }
                for piece in ['A', 'L'] {
                    let p = setup(&[KINGS[0], KINGS[1], (&from, piece)], "w");
                    for d in destinations(&p, &from) {
                        let level: i32 = d[..1].parse().unwrap();
                        assert_eq!((level - k) % 2, 0, "{piece} {from}-{d}");
                    }
                }
            }
        }
    }
}

/// The line pieces' counts by direction, from a square (level k, file
/// index i, rank index j) of an empty pyramid, n = 8 − k:
/// - rank and file: 2(n − 1);
/// - column up (k+2, i−1, j−1 per step): min(i, j, n−1−i, n−1−j), the
///   distance to the level's nearest edge; column down (k−2, i+1, j+1):
///   ⌊k/2⌋, as every lower level is wider;
/// - level diagonals D: min(i,j) + min(i,n−1−j) + min(n−1−i,j) +
///   min(n−1−i,n−1−j), a bishop on an n×n board;
/// - transverses up: (+,+) keeps i and j (k+1, i, j): min(n−1−i, n−1−j);
///   (−,−) (k+1, i−1, j−1): min(i, j); and the mixed ones alike: D again;
///   transverses down: k each, 4k;
/// - diagonals of a file or rank with the column (two levels a step):
///   down ⌊k/2⌋ each, 4⌊k/2⌋; up, (+2,0,+2) goes to (k+2, i, j−1):
///   min(j, ⌊(n−1−i)/2⌋, n−1−j); (−2,0,+2) to (k+2, i−2, j−1):
///   min(⌊i/2⌋, j, n−1−j); and the same with i and j exchanged: U.
///
/// Ballista = rank/file + column; Cardinal = transverses; Wizard = all.
#[test]
fn line_piece_counts_on_the_empty_pyramid() {
    // (square, rank/file, column up, column down, D, U, k)
    let squares = [
        // 0d4: i=3, j=3, n=8: D = 3+3+4+4 = 13; U: min(3,2,4)=2,
        // min(1,3,4)=1, min(3,2,4)=2, min(1,3,4)=1 → 6.
        ("0d4", 14, 3, 0, 13, 6, 0),
        // 1a1: i=j=0, n=7: D = 0+0+0+6 = 6; U: min(0,..)=0 four times.
        ("1a1", 12, 0, 0, 6, 0, 1),
        // 2c3: i=2, j=2, n=6: D = min(2,2) + min(2,3) + min(3,2) +
        // min(3,3) = 9; U: min(2,1,3)=1, min(1,2,3)=1, twice each → 4.
        ("2c3", 10, 2, 1, 9, 4, 2),
        // 3c3: i=j=2, n=5: D = 2+2+2+2 = 8; U: min(2,1,2)=1 four times.
        ("3c3", 8, 2, 1, 8, 4, 3),
        // 5b2: i=j=1, n=3: D = 1+1+1+1 = 4; U: min(1,0,1)=0,
        // min(0,1,1)=0, twice each → 0.
        ("5b2", 4, 1, 2, 4, 0, 5),
        // 7a1: n=1: nothing on its level, nothing up.
        ("7a1", 0, 0, 3, 0, 0, 7),
    ];
    for (sq, rank_file, col_up, col_down, d, u, k) in squares {
        let ballista = rank_file + col_up + col_down;
        let cardinal = d + 4 * k;
        let wizard = ballista + d + u + 4 * (k / 2) + cardinal;
        assert_eq!(count('A', sq), ballista as usize, "Ballista {sq}");
        assert_eq!(count('C', sq), cardinal as usize, "Cardinal {sq}");
        assert_eq!(count('W', sq), wizard as usize, "Wizard {sq}");
    }
    // The totals, written out: Wizard 0d4 14+3+0+13+6+0+13+0 = 49,
    // 1a1 12+0+0+6+0+0+6+4 = 28, 2c3 10+2+1+9+4+4+9+8 = 47,
    // 3c3 8+2+1+8+4+4+8+12 = 47, 5b2 4+1+2+4+0+8+4+20 = 43,
    // 7a1 0+0+3+0+0+12+0+28 = 43.
    for (sq, n) in [
        ("0d4", 49),
        ("1a1", 28),
        ("2c3", 47),
        ("3c3", 47),
        ("5b2", 43),
        ("7a1", 43),
    ] {
        assert_eq!(count('W', sq), n, "Wizard {sq}");
    }
}

#[test]
fn leaper_counts_on_the_empty_pyramid() {
    // Paladin, (4, 2, 0) in every order: on its level a chess knight;
    // two levels up or down with (±4, 0) or (0, ±4); four with (±2, 0) or
    // (0, ±2). Level L has x and y from L to 14 − L in steps of 2.
    // - 0d4 (6,6,0): the knight's 8 on level 0 (0b3 0b5 0c2 0c6 0e2 0e6
    //   0f3 0f5); level 2: (10,6) (2,6) (6,10) (6,2) = 2e3 2a3 2c5 2c1;
    //   level 4: (8,6) (4,6) (6,8) (6,4) = 4c2 4a2 4b3 4b1: 16.
    // - 1a1 (1,1,1): the knight's 2 from a corner (1b3 1c2); level 3 needs
    //   x, y ≥ 3 but (5,1) (1,5) have a 1; level 5 likewise; no level
    //   below: 2.
    // - 3c3 (7,7,3): the knight's 8 from the centre of level 3; level 5
    //   (5..9): (11,7) (3,7) (7,11) (7,3) none; level 1 (1..13): all four,
    //   1f4 1b4 1d6 1d2; level 7 (7 only): none: 12.
    // - 7a1 (7,7,7): level 3 (3..11): (9,7) (5,7) (7,9) (7,5) = 3d3 3b3
    //   3c4 3c2; level 5 (5..9) with ±4: 3 or 11, none: 4.
    for (sq, n) in [("0d4", 16), ("1a1", 2), ("3c3", 12), ("7a1", 4)] {
        assert_eq!(count('L', sq), n, "Paladin {sq}");
    }
    let p = setup(&[KINGS[0], KINGS[1], ("7a1", 'L')], "w");
    assert_eq!(destinations(&p, "7a1"), ["3b3", "3c2", "3c4", "3d3"]);

    // Falcon, 32 vectors: level ±1 or ±3, (x, y) by (±3,±1) or (±1,±3).
    // - 0d4 (6,6,0): up only; x, y ∈ {3, 5, 7, 9}: level 1 (1..13) all 8,
    //   level 3 (3..11) all 8: 16.
    // - 1a1 (1,1,1): level 0 (0..14): (4,2) (4,0) (2,4) (0,4) = 0c2 0c1
    //   0b3 0a3, the other four negative; level 2 (2..12): (4,2) (2,4) =
    //   2b1 2a2; level 4 (4..10): a 2 always: none: 6.
    // - 7a1 (7,7,7): down only; x, y ∈ {4, 6, 8, 10}: level 6 (6..8)
    //   needs both in {6, 8}, never; level 4 (4..10) all 8: 8.
    // - 3c3 (7,7,3): x, y ∈ {4, 6, 8, 10}: levels 0, 2 and 4 all 8;
    //   level 6 (6..8): a 4 or 10 always: 24.
    for (sq, n) in [("0d4", 16), ("1a1", 6), ("7a1", 8), ("3c3", 24)] {
        assert_eq!(count('F', sq), n, "Falcon {sq}");
    }
    let p = setup(&[KINGS[0], KINGS[1], ("1a1", 'F')], "w");
    assert_eq!(
        destinations(&p, "1a1"),
        ["0a3", "0b3", "0c1", "0c2", "2a2", "2b1"]
    );
}

#[test]
fn orthodox_piece_counts_on_level_0() {
    // Chess counts on an 8×8 board: Queen d4 27, a1 21, h5 21 (7 + 7 + 4
    // + 3); Rook 14 anywhere; Bishop d4 13, a1 7, h5 7; Knight d4 8, a1 2,
    // h5 4. Pieces on level 1 over their lines change nothing.
    for (piece, sq, n) in [
        ('Q', "0d4", 27),
        ('Q', "0a1", 21),
        ('Q', "0h5", 21),
        ('R', "0d4", 14),
        ('R', "0a1", 14),
        ('B', "0d4", 13),
        ('B', "0a1", 7),
        ('B', "0h5", 7),
        ('N', "0d4", 8),
        ('N', "0a1", 2),
        ('N', "0h5", 4),
    ] {
        assert_eq!(count(piece, sq), n, "{piece} {sq}");
    }
    let above = [
        KINGS[0],
        KINGS[1],
        ("0d4", 'Q'),
        ("1c3", 'G'),
        ("1d4", 'g'),
        ("1c4", 'W'),
    ];
    assert_eq!(destinations(&setup(&above, "w"), "0d4").len(), 27);
    // King: 8 in the middle, 3 in a corner, 5 on an edge (0b8, 0c7, 0d7
    // and 0d8 are next to the White King 0c8 here: the King is on 0h1).
    let p = setup(&[("0d4", 'K'), ("0f8", 'k')], "w");
    assert_eq!(destinations(&p, "0d4").len(), 8);
    let p = setup(&[("0h1", 'K'), ("0a8", 'k')], "w");
    assert_eq!(destinations(&p, "0h1"), ["0g1", "0g2", "0h2"]);
    let p = setup(&[("0h4", 'K'), ("0a8", 'k')], "w");
    assert_eq!(destinations(&p, "0h4").len(), 5);
}

#[test]
fn pawn_and_guard_moves() {
    // Pawn: one or two from rank 2, one later; diagonal captures.
    let p = setup(
        &[KINGS[0], KINGS[1], ("0e2", 'P'), ("0d3", 'n'), ("0d5", 'P')],
        "w",
    );
    assert_eq!(destinations(&p, "0e2"), ["0d3", "0e3", "0e4"]);
    assert_eq!(destinations(&p, "0d5"), ["0d6"]);
    // A Guard: one forward on its level to an empty square, never up;
    // captures forward-diagonally on its level or transversely down and
    // forward. 1c3 is (5,5,1): forward (5,7,1) 1c4; diagonal (3,7,1) 1b4
    // and (7,7,1) 1d4; down (4,6,0) 0c4 and (6,6,0) 0d4.
    let p = setup(
        &[
            KINGS[0],
            KINGS[1],
            ("1c3", 'G'),
            ("1b4", 'a'),
            ("1d4", 'c'),
            ("0c4", 'n'),
            ("0d4", 'l'),
        ],
        "w",
    );
    assert_eq!(destinations(&p, "1c3"), ["0c4", "0d4", "1b4", "1c4", "1d4"]);
    // Black's Guard mirrors: 1c5 (5,9,1) goes to 1c4; captures 1b4, 1d4
    // and down (4,8,0) 0c5, (6,8,0) 0d5. Nothing to capture: one move.
    let p = setup(&[KINGS[0], KINGS[1], ("1c5", 'g')], "b");
    assert_eq!(destinations(&p, "1c5"), ["1c4"]);
    // A Guard on its level's far rank stays a Guard and cannot step, but
    // still captures down onto the wider level below.
    let p = setup(&[KINGS[0], KINGS[1], ("2a6", 'G'), ("1b7", 'a')], "w");
    assert_eq!(moves(&p).iter().filter(|m| m.starts_with("2a6")).count(), 1);
}

#[test]
fn a_guard_capturing_down_onto_level_0_becomes_a_pawn() {
    let mut p = setup(&[KINGS[0], KINGS[1], ("1c3", 'G'), ("0d4", 'n')], "w");
    // Written without a suffix: the change is not a choice.
    let m = p.play("1c3x0d4").unwrap();
    // Printing a move that is no longer the position's (its from-square
    // now empty) does not panic; the text is then meaningless.
    assert!(p.move_text(m).starts_with("1c3"));
    assert!(p.to_text().starts_with("2K2k2/8/8/8/3P4/"));
    p.play("0f8-0e8").unwrap();
    // A Pawn in every respect: it steps like one and gives check like one.
    p.play("0d4-0d5").unwrap();
    p.play("0e8-0e7").unwrap();
    p.play("0d5-0d6").unwrap();
    assert!(p.in_check());
}

#[test]
fn a_guard_capturing_onto_level_0_rank_8_promotes_at_once() {
    // 1c7 is (5,13,1); down and forward (6,14,0) is 0d8.
    let p = setup(
        &[("0a1", 'K'), ("0h1", 'k'), ("1c7", 'G'), ("0d8", 'r')],
        "w",
    );
    let promotions: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("1c7"))
        .collect();
    assert_eq!(promotions, ["1c7x0d8=N", "1c7x0d8=Q", "1c7x0d8=W"]);
    let mut wide = p.clone();
    wide.set_option("wide-promotion", true).unwrap();
    let n = moves(&wide)
        .iter()
        .filter(|m| m.starts_with("1c7x0d8="))
        .count();
    assert_eq!(n, 9);
    // Black's Guard promotes on level-0 rank 1: 1c1 (5,1,1) takes (6,0,0).
    let mut p = setup(
        &[("0a8", 'K'), ("0h8", 'k'), ("1c1", 'g'), ("0d1", 'R')],
        "b",
    );
    p.play("1c1x0d1=Q").unwrap();
    assert!(p.to_text().starts_with("K6k/8/8/8/8/8/8/3q4|"));
}

#[test]
fn promotion_is_to_queen_knight_or_wizard_unless_the_option_widens_it() {
    let mut p = setup(&[KINGS[0], KINGS[1], ("0a7", 'P')], "w");
    let from_a7: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("0a7"))
        .collect();
    assert_eq!(from_a7, ["0a7-0a8=N", "0a7-0a8=Q", "0a7-0a8=W"]);
    p.set_option("wide-promotion", true).unwrap();
    let mut wide: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("0a7"))
        .map(|m| m[m.len() - 1..].to_string())
        .collect();
    wide.sort();
    assert_eq!(wide, ["A", "B", "C", "F", "L", "N", "Q", "R", "W"]);
    // A promoted Wizard is not a level-0 piece: it gives no check.
    let mut p = setup(&[("0a1", 'K'), ("0a8", 'k'), ("0g7", 'P')], "w");
    p.play("0g7-0g8=W").unwrap();
    assert!(!p.in_check());
    let mut p = setup(&[("0a1", 'K'), ("0a8", 'k'), ("0g7", 'P')], "w");
    p.play("0g7-0g8=Q").unwrap();
    assert!(p.in_check());
    // An unknown option is refused by name, listing the known ones, and
    // option bits the game does not have are refused too.
    let err = p.set_option("wide", true).unwrap_err().to_string();
    assert!(err.contains("hundred-ply, wide-promotion"), "{err}");
    let before = p.options();
    let bad = chess3d_core::Options {
        game: 0b10,
        ..before
    };
    assert!(p.set_options(bad).is_err());
    assert_eq!(p.options(), before);
}

#[test]
fn a_wizard_next_to_the_king_gives_no_check_and_cannot_take_it() {
    let p = setup(&[("0e1", 'K'), ("0e2", 'w'), ("0e8", 'k')], "w");
    assert!(!p.in_check());
    // The King may take it (no level-0 piece defends 0e2).
    assert!(moves(&p).contains(&"0e1x0e2".to_string()));
    let p = setup(&[("0e1", 'K'), ("0e2", 'w'), ("0e8", 'k')], "b");
    assert!(!moves(&p).iter().any(|m| m.contains("x0e1")));
    // Nor do the other higher-level types, even next to it: a Cardinal on
    // 1d1 (7,1,1) is a transverse step from 0e1 (8,0,0).
    let p = setup(&[("0e1", 'K'), ("1d1", 'c'), ("0e8", 'k')], "w");
    assert!(!p.in_check());
    assert!(destinations(&p, "0e1").len() == 5);
}

#[test]
fn the_king_may_take_a_checker_defended_only_from_level_1() {
    // The Queen on 0e2 checks; the Wizard on 1d1 (7,1,1) guards 0e2
    // (8,2,0) along a transverse, which does not count.
    let p = setup(
        &[("0e1", 'K'), ("0e2", 'q'), ("1d1", 'w'), ("0a8", 'k')],
        "w",
    );
    assert!(p.in_check());
    assert!(moves(&p).contains(&"0e1x0e2".to_string()));
    // Defended by a pawn on 0d3 instead, the capture is illegal and it is
    // mate (0d1, 0d2, 0f1, 0f2 are covered by the Queen).
    let mut p = setup(
        &[("0e1", 'K'), ("0e2", 'q'), ("0d3", 'p'), ("0a8", 'k')],
        "w",
    );
    assert!(moves(&p).is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::Checkmate
        })
    );
}

#[test]
fn mate_is_given_by_level_0_pieces_and_answered_from_any_level() {
    // Back-rank mate: Rook 0a8 against the King on 0h8 behind its pawns.
    let mate = [
        ("0a8", 'R'),
        ("0h8", 'k'),
        ("0g7", 'p'),
        ("0h7", 'p'),
        ("0e1", 'K'),
    ];
    let mut p = setup(&mate, "b");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::Checkmate
        })
    );
    // A Wizard on 1a7 (1,13,1) takes the Rook on 0a8 (0,14,0) or blocks
    // on 0b8 (2,14,0), each a transverse step: no mate.
    let mut rescue = mate.to_vec();
    rescue.push(("1a7", 'w'));
    let mut p = setup(&rescue, "b");
    assert!(p.in_check());
    assert_eq!(moves(&p), ["1a7-0b8", "1a7x0a8"]);
    assert_eq!(p.outcome(), None);
    // The same net of Wizards instead of the Rook is no check at all: the
    // King simply moves (or takes).
    let p = setup(
        &[
            ("0a8", 'W'),
            ("0h8", 'k'),
            ("0g7", 'p'),
            ("0h7", 'p'),
            ("0e1", 'K'),
        ],
        "b",
    );
    assert!(!p.in_check());
    assert!(moves(&p).contains(&"0h8-0g8".to_string()));
}

#[test]
fn stalemate_is_a_draw() {
    // King 0a8, Queen 0b6: every flight square is covered, no check.
    let mut p = setup(&[("0a8", 'k'), ("0b6", 'Q'), ("0e1", 'K')], "b");
    assert!(!p.in_check());
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
    // A Black Guard on level 1 that can still step is a legal move.
    let mut p = setup(
        &[("0a8", 'k'), ("0b6", 'Q'), ("0e1", 'K'), ("1g5", 'g')],
        "b",
    );
    assert_eq!(moves(&p), ["1g5-1g4"]);
    assert_eq!(p.outcome(), None);
}

#[test]
fn castling_on_level_0() {
    let base = [
        ("0e1", 'K'),
        ("0a1", 'R'),
        ("0h1", 'R'),
        ("0e8", 'k'),
        // Level-1 pieces over the squares between do not block.
        ("1e1", 'A'),
        ("1f1", 'L'),
        ("1b1", 'A'),
    ];
    let p = setup_with(&base, "w", "KQ", "-");
    let all = moves(&p);
    assert!(all.contains(&"O-O".to_string()) && all.contains(&"O-O-O".to_string()));
    let mut q = p.clone();
    q.play("O-O").unwrap();
    assert!(q.to_text().starts_with("4k3/8/8/8/8/8/8/R4RK1|"));
    // A Black Wizard on 1f1 (11,1,1) attacks 0f1 (10,0,0) and 0g1
    // (12,0,0), a transverse step each, which does not count; a Bishop on
    // 0b5 attacking 0f1 does.
    let mut wiz = base.to_vec();
    wiz[5] = ("1f1", 'w');
    let p = setup_with(&wiz, "w", "KQ", "-");
    assert!(moves(&p).contains(&"O-O".to_string()));
    let mut bishop = base.to_vec();
    bishop.push(("0b5", 'b'));
    let p = setup_with(&bishop, "w", "KQ", "-");
    assert!(!moves(&p).contains(&"O-O".to_string()));
    assert!(moves(&p).contains(&"O-O-O".to_string()));
}

#[test]
fn en_passant_on_level_0() {
    let mut p = setup(&[KINGS[0], ("0h8", 'k'), ("0e5", 'P'), ("0d7", 'p')], "b");
    p.play("0d7-0d5").unwrap();
    assert!(p.to_text().contains(" w - 0d6 "));
    p.play("0e5x0d6").unwrap();
    assert!(p.to_text().starts_with("2K4k/8/3P4/8/8/"));
}

#[test]
fn seed_notation_moves_from_the_start() {
    // Seed 000's examples "0e2 – 0e4" and "0e4 x 0d5", as one token each.
    let mut p = Ziggurat::start();
    p.play("0e2-0e4").unwrap();
    p.play("0d7-0d5").unwrap();
    p.play("0e4x0d5").unwrap();
    assert!(matches!(
        p.parse_move("0e2-0e4"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        p.parse_move("e7e5"),
        Err(MoveError::Unreadable { .. })
    ));
}

#[test]
fn position_strings_keep_pieces_where_they_can_stand() {
    let bad = [
        // A Guard on level 0 is a Pawn.
        ("0c8", 'K', "0f8", 'k', "0d4", 'G'),
        // The orthodox pieces never leave level 0.
        ("0c8", 'K', "0f8", 'k', "1d4", 'Q'),
        ("0c8", 'K', "0f8", 'k', "1d4", 'P'),
        ("0c8", 'K', "0f8", 'k', "0d1", 'P'),
        ("1c7", 'K', "0f8", 'k', "0d4", 'R'),
    ];
    for (a, pa, b, pb, c, pc) in bad {
        let text = setup_text(&[(a, pa), (b, pb), (c, pc)], "w", "-", "-");
        assert!(Ziggurat::from_text(&text).is_err(), "{pc} on {c} accepted");
    }
    // The message names the piece and the square.
    let text = setup_text(&[KINGS[0], KINGS[1], ("0d5", 'G')], "w", "-", "-");
    let err = Ziggurat::from_text(&text).unwrap_err().to_string();
    assert!(err.contains("White Guard cannot stand on 0d5"), "{err}");
}

#[test]
fn only_level_0_material_can_win() {
    // King and Wizard against King and Cardinal: nobody can ever give
    // check, a dead position.
    let mut p = setup(&[KINGS[0], KINGS[1], ("3c3", 'W'), ("1a1", 'c')], "w");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw(DrawReason::InsufficientMaterial))
    );
    // A Guard can still become a Pawn; a Knight can give check.
    for extra in [("2c2", 'G'), ("0a1", 'n')] {
        let mut p = setup(&[KINGS[0], KINGS[1], ("3c3", 'W'), extra], "w");
        assert_eq!(p.outcome(), None);
    }
}
