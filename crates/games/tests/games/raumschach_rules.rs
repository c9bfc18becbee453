//! Raumschach rule by rule (RULINGS.md §7), the game read from its file
//! (games/raumschach.toml): the start's 61 moves by the ruling's hand
//! count, each kind's moves from the centre and from a corner of the empty
//! cube derived by hand, the pawn's moves and five captures, promotion,
//! a mate and a stalemate, and position strings the rules refuse.
//!
//! Cells are named level (A–E, from the bottom), file (a–e), rank (1–5);
//! in the derivations a cell is also (file, rank, level) from 0.

use crate::common::{self, moves, moves_from};

use chess3d_core::{DrawReason, Outcome, Side, WinReason};
use chess3d_games::raumschach::{self, Raumschach};

/// The position string with exactly these pieces (upper case White, lower
/// case Black) and `side` to move: levels A to E, ranks 5 down to 1.
fn setup_text(pieces: &[(&str, char)], side: &str) -> String {
    let levels: Vec<String> = "ABCDE"
        .chars()
        .map(|level| {
            let ranks: Vec<String> = (1..=5)
                .rev()
                .map(|rank| {
                    common::rank_text("abcde".chars().map(|file| {
                        let name = format!("{level}{file}{rank}");
                        pieces.iter().find(|(c, _)| *c == name).map(|&(_, l)| l)
                    }))
                })
                .collect();
            ranks.join("/")
        })
        .collect();
    format!("{} {side} - - 0 1", levels.join("|"))
}

fn setup(pieces: &[(&str, char)], side: &str) -> Raumschach {
    let text = setup_text(pieces, side);
    raumschach::game()
        .position(&text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Runs the second implementation of Raumschach's rules, written from
/// RULINGS.md §7 alone with its own start position
/// (scripts/reference/raumschach_perft.py, Python 3): its perft from the
/// start at each depth up to `depth`.
fn reference_perft(depth: usize) -> Vec<u64> {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../scripts/reference/raumschach_perft.py"
    );
    let out = std::process::Command::new("python3")
        .arg(script)
        .arg(depth.to_string())
        .output()
        .unwrap_or_else(|e| {
            panic!("cannot run python3 {script} (the reference needs Python 3): {e}")
        });
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{script}: {}{text}",
        String::from_utf8_lossy(&out.stderr)
    );
    // One line a depth: "DEPTH NODES".
    let counts: Vec<u64> = text
        .lines()
        .enumerate()
        .map(|(i, line)| match line.split_once(' ') {
            Some((d, n)) if d == (i + 1).to_string() => n.parse().unwrap(),
            _ => panic!("{script}: line {}: '{line}'", i + 1),
        })
        .collect();
    assert_eq!(counts.len(), depth, "{text}");
    counts
}

/// Perft from the start to depth 3 equals the second implementation's,
/// run here (about ten seconds).
#[test]
fn perft_to_depth_3_matches_the_independent_implementation() {
    let mut start = raumschach::game().start();
    for (i, nodes) in reference_perft(3).into_iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(
            chess3d_core::perft::perft(&mut start, depth),
            nodes,
            "depth {depth}"
        );
    }
}

/// Depth 4: the second implementation's count (15,587,032, from its run
/// of about an hour, which `scripts/test-long` repeats below).
#[test]
fn perft_at_depth_4_is_the_independent_count() {
    let mut start = raumschach::game().start();
    assert_eq!(chess3d_core::perft::perft(&mut start, 4), 15_587_032);
}

#[test]
#[ignore = "long run: the second implementation's depth 4 takes about an hour"]
fn perft_to_depth_4_matches_the_independent_implementation() {
    let reference = reference_perft(4);
    assert_eq!(reference[3], 15_587_032);
    let mut start = raumschach::game().start();
    assert_eq!(chess3d_core::perft::perft(&mut start, 4), reference[3]);
}

#[test]
fn the_start_has_61_moves_by_the_rulings_hand_count() {
    let mut start = raumschach::game().start();
    assert_eq!(start.side_to_move(), Side::White);
    assert_eq!(chess3d_core::perft::perft(&mut start, 1), 61);
    let count =
        |cells: &[&str]| -> usize { cells.iter().map(|c| moves_from(&start, c).len()).sum() };
    // Pawns 15: level A's five step forward only (level B above them is
    // full); level B's five step forward and up.
    let level_a_pawns = ["Aa2", "Ab2", "Ac2", "Ad2", "Ae2"];
    let level_b_pawns = ["Ba2", "Bb2", "Bc2", "Bd2", "Be2"];
    assert_eq!(count(&level_a_pawns), 5);
    assert_eq!(count(&level_b_pawns), 10);
    // Knights 6 + 6, Bishops 6 + 7, Unicorns 4 + 3, Queen 14.
    assert_eq!(moves_from(&start, "Ab1").len(), 6);
    assert_eq!(moves_from(&start, "Ad1").len(), 6);
    assert_eq!(count(&["Ba1", "Bd1"]), 13);
    assert_eq!(count(&["Bb1", "Be1"]), 7);
    assert_eq!(moves_from(&start, "Bc1").len(), 14);
    // King and Rooks are shut in.
    assert_eq!(count(&["Ac1", "Aa1", "Ae1"]), 0);
}

/// The number of moves of the White piece `letter` alone on `cell` of an
/// otherwise empty cube, the Kings standing where none of its lines or
/// leaps reach.
fn alone(letter: char, cell: &str, kings: [&str; 2]) -> usize {
    let pos = setup(&[(cell, letter), (kings[0], 'K'), (kings[1], 'k')], "w");
    moves_from(&pos, cell).len()
}

#[test]
fn each_kind_from_the_centre() {
    // Cc3 is (2, 2, 2): two cells to every edge, so every direction runs
    // two cells and every leap lands. The Kings on Aa2 (0, 1, 0) and Ae4
    // (4, 3, 0) differ from it by (-2, -1, -2) and (2, 1, -2): on no line
    // (unequal non-zero steps) and no Knight's leap (which has a 0).
    let kings = ["Aa2", "Ae4"];
    assert_eq!(alone('R', "Cc3", kings), 6 * 2);
    assert_eq!(alone('B', "Cc3", kings), 12 * 2);
    assert_eq!(alone('U', "Cc3", kings), 8 * 2);
    assert_eq!(alone('Q', "Cc3", kings), 26 * 2);
    assert_eq!(alone('N', "Cc3", kings), 24);
    // A King has 26 steps from the centre, but no cell of the cube is three
    // steps from it: the other King always guards one of them. From Aa1
    // (0, 0, 0) that is Bb2 (1, 1, 1) alone, the one cell within a step of
    // both (each coordinate 1).
    let king_alone = setup(&[("Cc3", 'K'), ("Aa1", 'k')], "w");
    assert_eq!(moves_from(&king_alone, "Cc3").len(), 26 - 1);
    assert!(!moves_from(&king_alone, "Cc3").contains(&"Cc3-Bb2".to_string()));
}

#[test]
fn each_kind_from_a_corner() {
    // Aa1 is (0, 0, 0): only directions with no negative step stay on the
    // board, each for four cells: 3 orthogonal, 3 two-dimensional
    // diagonals (one per plane), 1 three-dimensional one. A Knight keeps
    // the 6 orders of (0, 1, 2) with positive signs; a King the 7 cells of
    // the 2×2×2 corner. The Kings on Ab4 (1, 3, 0) and Ed2 (3, 1, 4) are
    // on no line nor leap from it.
    let kings = ["Ab4", "Ed2"];
    assert_eq!(alone('R', "Aa1", kings), 3 * 4);
    assert_eq!(alone('B', "Aa1", kings), 3 * 4);
    assert_eq!(alone('U', "Aa1", kings), 4);
    assert_eq!(alone('Q', "Aa1", kings), 7 * 4);
    assert_eq!(alone('N', "Aa1", kings), 6);
    let king_alone = setup(&[("Aa1", 'K'), ("Ed2", 'k')], "w");
    assert_eq!(moves_from(&king_alone, "Aa1").len(), 7);
}

#[test]
fn a_pawn_steps_forward_or_up_and_captures_on_five_cells() {
    // White's pawn on Bc2 (2, 1, 1): forward to Bc3, up to Cc2.
    let pos = setup(&[("Bc2", 'P'), ("Ea1", 'K'), ("Ee5", 'k')], "w");
    assert_eq!(moves_from(&pos, "Bc2"), ["Bc2-Bc3", "Bc2-Cc2"]);
    // Black pieces on the five capture cells (a file aside and forward: Bb3,
    // Bd3; a file aside and up: Cb2, Cd2; forward and up: Cc3) and on
    // cells it may not capture (back Bc1 and Bb1, down Ac2, beside Bb2).
    let enemies = ["Bb3", "Bd3", "Cb2", "Cd2", "Cc3", "Bb1", "Ac2", "Bb2"];
    let mut pieces: Vec<(&str, char)> = enemies.iter().map(|&c| (c, 'n')).collect();
    pieces.extend([("Bc2", 'P'), ("Ea1", 'K'), ("Ee5", 'k')]);
    let pos = setup(&pieces, "w");
    let mut expected = vec![
        "Bc2-Bc3", "Bc2-Cc2", "Bc2xBb3", "Bc2xBd3", "Bc2xCb2", "Bc2xCc3", "Bc2xCd2",
    ];
    expected.sort_unstable();
    assert_eq!(moves_from(&pos, "Bc2"), expected);
    // A piece in front and one above: nothing but captures.
    let pos = setup(
        &[
            ("Bc2", 'P'),
            ("Bc3", 'n'),
            ("Cc2", 'n'),
            ("Ea1", 'K'),
            ("Ee5", 'k'),
        ],
        "w",
    );
    assert!(moves_from(&pos, "Bc2").is_empty());
    // Black's pawn goes down the ranks and the levels: Dc4 to Dc3 and Cc4.
    let pos = setup(&[("Dc4", 'p'), ("Ea1", 'K'), ("Ee5", 'k')], "b");
    assert_eq!(moves_from(&pos, "Dc4"), ["Dc4-Cc4", "Dc4-Dc3"]);
}

#[test]
fn a_pawn_promotes_on_the_last_rank_of_the_last_level_only() {
    let choices = |from: &str, to: &str| -> Vec<String> {
        let mut v: Vec<String> = "BNQRU"
            .chars()
            .map(|c| format!("{from}-{to}={c}"))
            .collect();
        v.sort_unstable();
        v
    };
    // Ec4 forward to Ec5, and Dc5 up to Ec5: each to one of five kinds.
    let pos = setup(&[("Ec4", 'P'), ("Aa1", 'K'), ("Ae5", 'k')], "w");
    assert_eq!(moves_from(&pos, "Ec4"), choices("Ec4", "Ec5"));
    let pos = setup(&[("Dc5", 'P'), ("Aa1", 'K'), ("Ae5", 'k')], "w");
    assert_eq!(moves_from(&pos, "Dc5"), choices("Dc5", "Ec5"));
    // Rank 5 of level C is not the zone: the pawn goes on up, unpromoted.
    let pos = setup(&[("Ca5", 'P'), ("Aa1", 'K'), ("Ae5", 'k')], "w");
    assert_eq!(moves_from(&pos, "Ca5"), ["Ca5-Da5"]);
    // Black promotes on rank 1 of level A.
    let pos = setup(&[("Ac2", 'p'), ("Ee5", 'K'), ("Ea1", 'k')], "b");
    assert_eq!(moves_from(&pos, "Ac2").len(), 5);
    let mut pos = pos;
    pos.play("Ac2-Ac1=U").unwrap();
    assert!(pos.to_text().contains("2u2"), "{}", pos.to_text());
}

#[test]
fn queen_and_king_mate_a_king_in_the_corner() {
    // Black's King on Aa1 (0, 0, 0); White's Queen on Bb2 (1, 1, 1) gives
    // check along the 3-D diagonal and, one step from each, covers all
    // seven cells of the corner; the King on Cc3 (2, 2, 2) guards it.
    let mut pos = setup(&[("Aa1", 'k'), ("Bb2", 'Q'), ("Cc3", 'K')], "b");
    assert!(pos.in_check());
    assert!(moves(&pos).is_empty());
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::Checkmate
        })
    );
}

#[test]
fn queen_and_king_stalemate_a_king_in_the_corner() {
    // Black's King on Aa1 (0, 0, 0), not attacked: the Queen on Ac2
    // (2, 1, 0) is two files and a rank away, on no line. The Queen covers
    // level A's corner cells Ab1 and Ab2 (one step) and Aa2 (two files
    // along the rank, through the empty Ab2); the King on Cb2 (1, 1, 2)
    // covers level B's four, Ba1, Bb1, Ba2 and Bb2, one step below it.
    let mut pos = setup(&[("Aa1", 'k'), ("Ac2", 'Q'), ("Cb2", 'K')], "b");
    assert!(!pos.in_check());
    assert!(moves(&pos).is_empty());
    assert_eq!(pos.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
}

#[test]
fn position_strings_the_rules_refuse() {
    // A pawn on its own first rank or on the promotion cells.
    for pieces in [
        [("Ca1", 'P'), ("Aa5", 'K'), ("Ee5", 'k')],
        [("Eb5", 'P'), ("Aa5", 'K'), ("Ea1", 'k')],
        [("Cb5", 'p'), ("Aa5", 'K'), ("Ea1", 'k')],
        [("Ab1", 'p'), ("Aa5", 'K'), ("Ee5", 'k')],
    ] {
        let text = setup_text(&pieces, "w");
        assert!(raumschach::game().position(&text).is_err(), "{text}");
    }
    // Four levels, or a rank of six cells.
    assert!(raumschach::game()
        .position("5/5/5/5/k4|5/5/5/5/5|5/5/5/5/5|5/5/5/5/K4 w - - 0 1")
        .is_err());
    assert!(raumschach::game()
        .position("6/5/5/5/k4|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/K4 w - - 0 1")
        .is_err());
}
