//! Elevator rule by rule (RULINGS.md §4, seed 003): the RECONSTRUCTED
//! setup and White's 73 first moves counted by hand, the seed's examples
//! (the Ox's leap and push from 2a1, Black's E3c4U, the Ox pushes of the
//! seed's diagrams, the Rook that attacks without being attacked), elevator
//! control, escaping check by elevator, each flying rule, optional
//! promotion from the pool, en passant, the repetition loss, and position
//! strings.
//!
//! Cells are level, file, rank: `2e1`. Poles are 2×2 blocks; a pole's
//! shaft level has no cells. The start's shafts, by elevator rank 4 to 1
//! and files a–d: 4444 / 2323 / 3232 / 1111.

use crate::common;

use chess3d_core::{DrawReason, MoveError, Outcome, Side, WinReason};
use chess3d_games::elevator::Elevator;
use common::{moves, moves_from};

const START_SHAFTS: &str = "4444/2323/3232/1111";

/// The position string with exactly these pieces (upper case White),
/// `side` to move, these shafts and pools.
pub fn setup_text(pieces: &[(&str, char)], side: &str, shafts: &str, pools: &str) -> String {
    let levels: Vec<String> = (1..=4)
        .map(|z| {
            (1..=8)
                .rev()
                .map(|rank| {
                    common::rank_text((b'a'..=b'h').map(|file| {
                        let name = format!("{z}{}{rank}", file as char);
                        pieces.iter().find(|(c, _)| *c == name).map(|&(_, l)| l)
                    }))
                })
                .collect::<Vec<_>>()
                .join("/")
        })
        .collect();
    format!("{} {side} - - 0 1 {pools} {shafts}", levels.join("|"))
}

fn setup_with(pieces: &[(&str, char)], side: &str, shafts: &str, pools: &str) -> Elevator {
    let text = setup_text(pieces, side, shafts, pools);
    Elevator::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn setup(pieces: &[(&str, char)], side: &str) -> Elevator {
    setup_with(pieces, side, START_SHAFTS, "-")
}

pub fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

pub fn letter_at(p: &Elevator, name: &str) -> char {
    let piece = p.piece_at(p.tables().geo.parse_cell(name).unwrap());
    if piece.is_empty() {
        return '.';
    }
    let l = p.tables().kinds[piece.kind() as usize].def.letter;
    if piece.side() == Side::White {
        l
    } else {
        l.to_ascii_lowercase()
    }
}

fn elevator_moves(p: &Elevator) -> Vec<String> {
    moves(p)
        .into_iter()
        .filter(|m| m.starts_with('E'))
        .collect()
}

/// Kings on level 1, ranks 7–8 (the shaft of those poles is level 4), out
/// of the way.
const KINGS: [(&str, char); 2] = [("1a8", 'K'), ("1h7", 'k')];

#[test]
fn the_start_is_the_reconstructed_setup() {
    // RULINGS.md §4 (RECONSTRUCTED): White on levels 2–4, ranks 1–2;
    // Black mirrored (level, file, rank) → (5 − level, file, 9 − rank).
    let mut pieces = Vec::new();
    let backs = [(2, "ONBQKBNO"), (3, "RNCIICNR"), (4, "RCBOOBCR")];
    let mut names = Vec::new();
    for (level, back) in backs {
        for (i, letter) in back.chars().enumerate() {
            let file = (b'a' + i as u8) as char;
            names.push((format!("{level}{file}1"), letter));
            names.push((format!("{level}{file}2"), 'P'));
            names.push((format!("{}{file}8", 5 - level), letter.to_ascii_lowercase()));
            names.push((format!("{}{file}7", 5 - level), 'p'));
        }
    }
    for (name, letter) in &names {
        pieces.push((name.as_str(), *letter));
    }
    assert_eq!(Elevator::start(), setup(&pieces, "w"));
    assert_eq!(pieces.len(), 96, "48 pieces each");
    // The White King on 2e1 and the Black King on 3e8, as the text fixes.
    let start = Elevator::start();
    assert_eq!(letter_at(&start, "2e1"), 'K');
    assert_eq!(letter_at(&start, "3e8"), 'k');
}

#[test]
fn white_has_73_first_moves() {
    // By hand. Which cells exist: level 2 has ranks 1–2, files a–b and
    // e–f of ranks 3–4, c–d and g–h of ranks 5–6, and ranks 7–8; level 3
    // has ranks 1–2, c–d and g–h of 3–4, a–b and e–f of 5–6, ranks 7–8;
    // level 4 has ranks 1–6.
    // - Level 2 (16): pawns a, b, e, f step one or two (8; c, d, g, h face
    //   missing cells). Ox 2a1: leaps to 2a3 and 2b3, pushes 2a2 one or two
    //   (4). Knight 2b1 to 2a3, Knight 2g1 to 2f3 (2). Ox 2h1: leaps to
    //   2f3, pushes 2h2 one cell (into the 2h3 shaft; two cells would put
    //   the Ox there) (2). Bishops, Queen, King are shut in.
    // - Level 3 (15): pawns c, d, g, h one or two (8). Knight 3b1 to 3c3,
    //   Knight 3g1 to 3h3, Camel 3c1 to 3d4, Camel 3f1 to 3g4, Prince 3d1
    //   vaults to 3d4 and 3g4, Prince 3e1 to 3h4 (7). Rooks shut in.
    // - Level 4 (38): eight pawns one or two (16). Camels 4b1 (4a4, 4c4)
    //   and 4g1 (4f4, 4h4) (4). Ox 4d1: leaps 4b3, 4c3, 4d3, 4e3, 4f3 and
    //   pushes left (the Bishop, Camel and Rook) and up (the pawn) one or two
    //   cells; not right, into the other Ox (9); Ox 4e1 likewise (9).
    // - Elevators (4): White alone is on the four level-2 elevators of rank
    //   1–2, whose shaft (level 1) is below: E2a1D … E2d1D.
    // 16 + 15 + 38 + 4 = 73.
    let m = moves(&Elevator::start());
    assert_eq!(m.len(), 73);
    for expected in [
        "2a1-2a3", "2a1-2b3", "2a1>2a2", "2a1>2a3", "2h1-2f3", "2h1>2h2", "3d1-3d4", "3d1-3g4",
        "3e1-3h4", "4d1>4b1", "4d1>4c1", "4d1>4d3", "E2a1D", "E2d1D",
    ] {
        assert!(m.contains(&expected.to_string()), "{expected}");
    }
    assert!(!m.contains(&"2h1>2h3".to_string()));
    assert!(!m
        .iter()
        .any(|x| x.starts_with("4d1>4e") || x.starts_with("4d1>4f")));
}

#[test]
fn seed_ox_on_2a1_leaps_or_pushes_the_pawn() {
    // Seed: "from the starting position, White could play O2a3 … either
    // the Ox jumps over the Pawn on a3, or it pushes the Pawn to a4."
    let mut leap = Elevator::start();
    leap.play("2a1-2a3").unwrap();
    assert_eq!(
        (letter_at(&leap, "2a2"), letter_at(&leap, "2a3")),
        ('P', 'O')
    );
    let mut push = Elevator::start();
    push.play("2a1>2a3").unwrap();
    assert_eq!(
        (
            letter_at(&push, "2a1"),
            letter_at(&push, "2a2"),
            letter_at(&push, "2a3"),
            letter_at(&push, "2a4")
        ),
        ('.', '.', 'O', 'P')
    );
}

#[test]
fn seed_black_may_open_with_e3c4u() {
    // Seed: "if Black wishes to start off the game by moving the elevator
    // with his King up to level 4, it would be notated as E3c4U."
    let mut p = Elevator::start();
    p.play("2a2-2a4").unwrap();
    assert!(elevator_moves(&p).contains(&"E3c4U".to_string()));
    p.play("E3c4U").unwrap();
    assert_eq!(letter_at(&p, "4e8"), 'k');
    // The c4 pole's shaft is now level 3, where the elevator was.
    assert!(
        p.to_text().ends_with(" 4434/2323/3232/1111"),
        "{}",
        p.to_text()
    );
}

#[test]
fn seed_ox_pushes_a_chain_two_cells_into_a_shaft() {
    // The seed's first push diagram, on level 4 (cells on ranks 1–6; ranks
    // 7–8 are the shaft of their poles): an Ox on 4c3 pushes up two cells a
    // White pawn on 4c4, a Black Camel on 4c5 and a Black Knight on 4c6.
    // Each step shifts the chain one cell, the far piece falling into the
    // shaft: the Knight, then the Camel; the pawn ends on 4c6, the Ox on
    // 4c5, and both fallen pieces are in Black's pool.
    let mut p = setup(
        &[
            KINGS[0],
            KINGS[1],
            ("4c3", 'O'),
            ("4c4", 'P'),
            ("4c5", 'c'),
            ("4c6", 'n'),
        ],
        "w",
    );
    p.play("4c3>4c5").unwrap();
    assert_eq!(
        ["4c3", "4c4", "4c5", "4c6"].map(|c| letter_at(&p, c)),
        ['.', '.', 'O', 'P']
    );
    let text = p.to_text();
    assert!(text.contains(" cn ") || text.contains(" nc "), "{text}");
    assert_eq!(
        p.halfmove_clock(),
        0,
        "a push that captures resets the clock"
    );
}

#[test]
fn a_push_that_would_drop_a_king_is_check_and_own_pieces_fall_too() {
    // A Black Ox on 4c4 below the White King on 4c5: two cells up, the
    // King would fall into the 4c7 shaft, so the King is in check.
    let p = setup(&[("4c5", 'K'), ("4c4", 'o'), ("1h7", 'k')], "w");
    assert!(p.in_check());
    // White's own Ox may not push its King in: 4c3 pushes 4c4's Knight
    // and the King; two cells would drop the King, one would not.
    let p = setup(
        &[("4c5", 'K'), ("4c4", 'N'), ("4c3", 'O'), ("1h7", 'k')],
        "w",
    );
    let pushes: Vec<String> = moves_from(&p, "4c3")
        .into_iter()
        .filter(|m| m.contains('>'))
        .collect();
    assert_eq!(pushes, ["4c3>4c4"]);
    // A piece of the pusher's own side pushed into a shaft is captured
    // into its own side's pool.
    let mut p = setup(
        &[("4h1", 'K'), ("4c5", 'N'), ("4c4", 'O'), ("1h7", 'k')],
        "w",
    );
    p.play("4c4>4c6").unwrap();
    assert_eq!(letter_at(&p, "4c6"), 'O');
    assert!(p.to_text().contains(" N 4444"), "{}", p.to_text());
}

#[test]
fn seed_ox_consolidates_a_chain() {
    // The seed's consolidation diagram: Ox, two White Knights, an empty
    // cell, two Black Knights; two cells to the right push all four and
    // close the gap.
    let mut p = setup(
        &[
            KINGS[0],
            KINGS[1],
            ("4a1", 'O'),
            ("4b1", 'N'),
            ("4c1", 'N'),
            ("4e1", 'n'),
            ("4f1", 'n'),
        ],
        "w",
    );
    p.play("4a1>4c1").unwrap();
    assert_eq!(
        ["4a1", "4b1", "4c1", "4d1", "4e1", "4f1", "4g1", "4h1"].map(|c| letter_at(&p, c)),
        ['.', '.', 'O', 'N', 'N', 'n', 'n', '.']
    );
}

#[test]
fn seed_oxen_that_cannot_push() {
    // Not adjacent: the pawns on 4c1 and 4d1 are a cell away.
    let p = setup(
        &[KINGS[0], KINGS[1], ("4a1", 'O'), ("4c1", 'P'), ("4d1", 'P')],
        "w",
    );
    assert!(!moves_from(&p, "4a1").iter().any(|m| m.contains('>')));
    // Another Ox in the chain, of either colour: nobody can push along the
    // row.
    for other in ['O', 'o'] {
        let p = setup(
            &[
                KINGS[0],
                KINGS[1],
                ("4a1", 'O'),
                ("4b1", 'P'),
                ("4c1", other),
            ],
            "w",
        );
        assert!(!moves_from(&p, "4a1")
            .iter()
            .any(|m| m.starts_with("4a1>4b")));
    }
}

#[test]
fn seed_a_flying_rook_attacks_a_rook_that_does_not_attack_it() {
    // Shafts of the rank 1–2 poles at levels 4, 2, 1, 1: along rank 1,
    // level 2 lacks c and d, level 3 has every file. The White Rook on 2a1
    // slides to 2b1, meets the shaft on c1 on its own level, changes to
    // level 3 there and goes on to 3e1. The Black Rook on 3e1 slides left
    // on level 3 (no shaft there) and never reaches level 2.
    let shafts = "4444/2323/3232/4211";
    let pieces = [("1a8", 'K'), ("1h7", 'k'), ("2a1", 'R'), ("3e1", 'r')];
    let white = setup_with(&pieces, "w", shafts, "-");
    assert!(moves_from(&white, "2a1").contains(&"2a1x3e1".to_string()));
    let black = setup_with(&pieces, "b", shafts, "-");
    assert!(!moves_from(&black, "3e1").iter().any(|m| m.ends_with("2a1")));
}

#[test]
fn flying_pieces_change_level_once_at_the_first_shaft() {
    // Same shafts. The Rook on 2a1 going right: 2b1, then the shaft on c1
    // of level 2: it must change level there (3c1 or 1c1) and may not go
    // on along level 2 (2e1 exists but is not reached). On level 3 it goes
    // on to 3h1; on level 1 (shafts of poles e–h at level 1) 1c1, 1d1 and
    // then a second shaft ends it.
    let shafts = "4444/2323/3232/4211";
    let p = setup_with(
        &[("1a8", 'K'), ("1h7", 'k'), ("2a1", 'R')],
        "w",
        shafts,
        "-",
    );
    let right: Vec<String> = moves_from(&p, "2a1")
        .into_iter()
        // Moves along rank 1 (up the a-file they end on ranks 2 and more).
        .filter(|m| m[5..].ends_with('1'))
        .collect();
    assert_eq!(
        right,
        sorted(&[
            "2a1-1c1", "2a1-1d1", "2a1-2b1", "2a1-3c1", "2a1-3d1", "2a1-3e1", "2a1-3f1", "2a1-3g1",
            "2a1-3h1"
        ])
    );
    assert!(
        !moves(&p).contains(&"2a1-2e1".to_string()),
        "no jumping the shaft"
    );
    // A piece on 2b1 stops it before the shaft.
    let p = setup_with(
        &[("1a8", 'K'), ("1h7", 'k'), ("2a1", 'R'), ("2b1", 'N')],
        "w",
        shafts,
        "-",
    );
    assert!(!moves_from(&p, "2a1")
        .iter()
        .any(|m| m.ends_with("c1") || m.ends_with("d1")));
}

#[test]
fn elevator_control_needs_more_pieces_than_the_opponent() {
    // The level-2 elevator a1 (cells 2a1 2b1 2a2 2b2), its shaft below.
    let base = [("4h6", 'K'), ("4a6", 'k')];
    let with = |load: &[(&str, char)]| {
        let mut pieces = base.to_vec();
        pieces.extend_from_slice(load);
        setup(&pieces, "w")
    };
    let can = |p: &Elevator| elevator_moves(p).contains(&"E2a1D".to_string());
    assert!(!can(&with(&[])), "an empty elevator never moves");
    assert!(can(&with(&[("2a1", 'N')])));
    assert!(!can(&with(&[("2a1", 'N'), ("2b2", 'n')])), "1–1 freezes it");
    assert!(
        !can(&with(&[
            ("2a1", 'N'),
            ("2a2", 'N'),
            ("2b1", 'n'),
            ("2b2", 'n')
        ])),
        "2–2 too"
    );
    assert!(can(&with(&[("2a1", 'N'), ("2a2", 'N'), ("2b1", 'n')])));
    // Black cannot move an elevator White controls.
    let mut p = with(&[("2a1", 'N'), ("2a2", 'N'), ("2b1", 'n')]);
    p.play("4h6-4h5").unwrap();
    assert!(!elevator_moves(&p).contains(&"E2a1D".to_string()));
}

#[test]
fn moving_the_kings_elevator_escapes_check() {
    // The White King on 2a1 is checked by a Black Knight on 2b3 (on the
    // same level). Moving its elevator down to level 1 takes the King off
    // the Knight's level.
    let p = setup(&[("2a1", 'K'), ("2b3", 'n'), ("4a6", 'k')], "w");
    assert!(p.in_check());
    assert!(moves(&p).contains(&"E2a1D".to_string()));
    let mut after = p.clone();
    after.play("E2a1D").unwrap();
    assert_eq!(letter_at(&after, "1a1"), 'K');
}

#[test]
fn promotion_is_optional_and_only_to_captured_pieces() {
    // Level 2 has cells c–d of ranks 5–6 and all of rank 7: a White pawn
    // on 2c6 steps forward to 2c7 (its 7th rank) or sideways to 2d6 (b6
    // is a shaft). Only the move ending on rank 7 may promote.
    let pieces = [("4h6", 'K'), ("4a6", 'k'), ("2c6", 'P')];
    let empty = setup_with(&pieces, "w", START_SHAFTS, "-");
    assert_eq!(
        moves_from(&empty, "2c6"),
        sorted(&["2c6-2c7", "2c6-2d6"]),
        "nothing captured: no promotion"
    );
    let pooled = setup_with(&pieces, "w", START_SHAFTS, "NNRq");
    // Two Knights and a Rook captured from White (and a Black Queen):
    // one choice per kind in White's pool.
    assert_eq!(
        moves_from(&pooled, "2c6"),
        sorted(&["2c6-2c7", "2c6-2c7=N", "2c6-2c7=R", "2c6-2d6"])
    );
    let mut p = pooled.clone();
    p.play("2c6-2c7=R").unwrap();
    assert!(p.to_text().contains(" NNq "), "{}", p.to_text());
}

#[test]
fn en_passant_after_a_double_step() {
    // White's 4c2 steps to 4c4; Black's pawn on 4d4 (same level, White's
    // 4th rank) takes it on 4c3.
    let mut p = setup(
        &[("2h1", 'K'), ("1a8", 'k'), ("4c2", 'P'), ("4d4", 'p')],
        "w",
    );
    p.play("4c2-4c4").unwrap();
    assert!(moves(&p).contains(&"4d4x4c3".to_string()));
    p.play("4d4x4c3").unwrap();
    assert_eq!(letter_at(&p, "4c4"), '.');
    // A pawn on rank 1 double-steps too (seed: pushed back by an Ox), and
    // a Black pawn on rank 3 takes it on rank 2, Black's 7th rank: it may
    // promote, with a Black Knight in the pool.
    let mut p = setup_with(
        &[("2h1", 'K'), ("1a8", 'k'), ("4c1", 'P'), ("4d3", 'p')],
        "w",
        START_SHAFTS,
        "n",
    );
    p.play("4c1-4c3").unwrap();
    let ep: Vec<String> = moves_from(&p, "4d3")
        .into_iter()
        .filter(|m| m.contains("x4c2"))
        .collect();
    assert_eq!(ep, ["4d3x4c2", "4d3x4c2=N"]);
    p.play("4d3x4c2=N").unwrap();
    assert_eq!(letter_at(&p, "4c2"), 'n');
    assert_eq!(letter_at(&p, "4c3"), '.');
    assert!(
        p.to_text().contains(" - 4444"),
        "the pool is empty again: {}",
        p.to_text()
    );
}

#[test]
fn threefold_repetition_loses_for_the_player_who_causes_it() {
    // Kings alone would be a draw; each side has a Rook.
    let mut p2 = setup(
        &[("4h6", 'K'), ("4a6", 'k'), ("4h1", 'R'), ("4a1", 'r')],
        "w",
    );
    for _ in 0..2 {
        for m in ["4h6-4h5", "4a6-4a5", "4h5-4h6", "4a5-4a6"] {
            assert_eq!(p2.outcome(), None);
            p2.play(m).unwrap();
        }
    }
    // Black's last move made the third occurrence: White wins.
    assert_eq!(
        p2.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::Repetition
        })
    );
    let mut kings = setup(&[("4h6", 'K'), ("4a6", 'k')], "w");
    assert_eq!(kings.outcome(), Some(Outcome::Draw(DrawReason::BareKings)));
}

#[test]
fn checkmate_and_stalemate() {
    // The Black King on 4a6 (rank 7 above it is a shaft on level 4): the
    // White King on 4a4 covers a5 and b5, a Flying Rook on 4h6 checks
    // along rank 6 and covers b6. Its elevator cannot move (the pole's
    // shaft is level 2, not next to 4): mate.
    let mut mate = setup(&[("4a4", 'K'), ("4h6", 'R'), ("4a6", 'k')], "b");
    assert!(mate.in_check() && moves(&mate).is_empty());
    assert_eq!(
        mate.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::Checkmate
        })
    );
    // The Rook on 4b1 instead covers b6 without checking: stalemate.
    let mut stale = setup(&[("4a4", 'K'), ("4b1", 'R'), ("4a6", 'k')], "b");
    assert!(!stale.in_check() && moves(&stale).is_empty());
    assert_eq!(stale.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
}

#[test]
fn insufficient_material_draws() {
    // King and Bishop against King and Bishop: neither can force mate.
    let mut p = setup(
        &[("4h6", 'K'), ("4a6", 'k'), ("4c3", 'B'), ("4f4", 'b')],
        "w",
    );
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw(DrawReason::InsufficientMaterial))
    );
    // Two Bishops, a Knight, a Prince or an Ox play on.
    for extra in [("4d4", 'B'), ("4d4", 'N'), ("4d4", 'I'), ("4d4", 'O')] {
        let mut p = setup(&[("4h6", 'K'), ("4a6", 'k'), ("4c3", 'B'), extra], "w");
        assert_eq!(p.outcome(), None, "{extra:?}");
    }
}

#[test]
fn moves_and_position_strings_are_checked() {
    let mut p = Elevator::start();
    assert!(matches!(
        p.parse_move("E3c4U"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        p.parse_move("E9z9U"),
        Err(MoveError::Unreadable { .. })
    ));
    assert!(matches!(
        p.parse_move("2a1>2a4"),
        Err(MoveError::Illegal { .. })
    ));
    let kings = [("4h6", 'K'), ("4a6", 'k')];
    for (shafts, why) in [
        ("4444/2323/3232", "shafts"),
        ("4444/2323/3232/1151", "shafts"),
    ] {
        let text = setup_text(&kings, "w", shafts, "-");
        let e = Elevator::from_text(&text).unwrap_err();
        assert!(e.to_string().contains(why), "{text}: {e}");
    }
    // A piece in a shaft.
    let text = setup_text(&[kings[0], kings[1], ("1a1", 'N')], "w", START_SHAFTS, "-");
    assert!(Elevator::from_text(&text)
        .unwrap_err()
        .to_string()
        .contains("does not exist now"));
}
