//! Elevator with the Wonkavator option, the seed's own variant (seed 003,
//! "Variants"; RULINGS.md §4, "Option `wonkavator`"): the ruling's figures
//! (77 first moves, perft to depth 3, the shafts field after `E3a1-a2`),
//! its worked cases (a King escaping check sideways, a flight past a pole
//! with two shafts, an Ox pushing into a slot vacated the move before),
//! the position string read and refused as ruled, the option's switch,
//! and random games against the independent reference with the option on,
//! checking the layout's totals after every move.

use crate::common;
use crate::elevator_rules::{letter_at, setup_text, sorted};
use crate::elevator_vs_reference::state;

use chess3d_core::{perft, BitSet, MoveError, MoveKind, Options, Outcome, Rules, Side, WinReason};
use chess3d_games::elevator::{
    Elevator, ElevatorRules, ELEVATOR, SHAFTS, START_SHAFTS, WONKAVATOR,
};
use common::elevator_reference::RefPos;
use common::{moves, moves_from, Compared, Reference};

/// The options with Wonkavator on.
fn wonkavator() -> Options {
    Options {
        game: WONKAVATOR,
        ..Options::defaults(&ELEVATOR)
    }
}

fn wonky(text: &str) -> Elevator {
    Elevator::from_text_with(text, wonkavator()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn wonky_start() -> Elevator {
    wonky(&Elevator::start().to_text())
}

/// The shafts field of a position string.
fn shafts_field(p: &Elevator) -> String {
    p.to_text().rsplit(' ').next().unwrap().to_string()
}

/// RULINGS.md: "White has 77 first moves (73 + `E3a1-a2`, `E2b1-b2`,
/// `E3c1-c2`, `E2d1-d2`)". White's elevators are on levels 2–4 of the
/// rank-1 poles, whose neighbours on rank 2 have their shafts at 3, 2, 3,
/// 2 (the start's `3232`): each can move north into the one at its level.
#[test]
fn white_has_77_first_moves_the_73_and_four_sideways() {
    let plain = moves(&Elevator::start());
    let with = moves(&wonky_start());
    assert_eq!((plain.len(), with.len()), (73, 77));
    let new: Vec<&String> = with.iter().filter(|m| !plain.contains(m)).collect();
    assert_eq!(
        new,
        sorted(&["E2b1-b2", "E2d1-d2", "E3a1-a2", "E3c1-c2"])
            .iter()
            .collect::<Vec<_>>()
    );
}

/// The ruling's perft from the start, 77 / 5,929 / 489,239, and the same
/// from the reference written from the ruling's words. Depth 2 is 77²:
/// no first move of one side changes the other's (the armies are four
/// ranks apart, and the sideways moves go to the rank-2 and rank-3 poles).
#[test]
fn perft_from_the_start_is_the_rulings() {
    const RULING: [u64; 3] = [77, 5_929, 489_239];
    assert_eq!(RULING[1], 77 * 77);
    let mut pos = wonky_start();
    let reference = RefPos::from_text_with(&pos.to_text(), true);
    for (depth, &expected) in (1..).zip(&RULING) {
        assert_eq!(perft::perft(&mut pos, depth), expected, "depth {depth}");
        assert_eq!(reference.perft(depth), expected, "reference, depth {depth}");
    }
}

/// RULINGS.md: "After `E3a1-a2` from the start: `4444/2323/-232/(13)111`"
/// — the elevator at level 3 of pole a1 goes north to pole a2, whose one
/// shaft was at 3, with its four pieces (3a1 Rook, 3b1 Knight, Pawns on
/// 3a2 and 3b2, each keeping its place on the elevator).
#[test]
fn e3a1_a2_moves_the_elevator_and_its_pieces_north() {
    let mut p = wonky_start();
    let m = p.play("E3a1-a2").unwrap();
    assert_eq!(shafts_field(&p), "4444/2323/-232/(13)111");
    let letters: String = ["3a1", "3b1", "3a2", "3b2", "3a3", "3b3", "3a4", "3b4"]
        .iter()
        .map(|c| letter_at(&p, c))
        .collect();
    assert_eq!(letters, "....RNPP");
    // In words, as the page's move menu and the terminal say it.
    p.unmake();
    assert_eq!(
        ElevatorRules::special_move_words(&p, m).as_deref(),
        Some("the elevator north to pole a2, with its pieces")
    );
    // The ruling's string reads back as the same position.
    p.make(m);
    assert_eq!(wonky(&p.to_text()), p);
}

/// "a sideways move may escape check (carrying the King …)". White's King
/// on 2a1 is checked along rank 1 by the Rook on 2h1, and the Rook on 2h2
/// holds rank 2; its elevator (pole a1 at level 2, shaft at 4) cannot move
/// up or down. Without the option that is mate. With it, pole a2's slot at
/// level 2 is empty: `E2a1-a2` carries the King to 2a3, off both ranks
/// (going west, the Rooks' flights meet the new shafts at 2b1 and 2b2,
/// turn up or down and leave the board). Pole b1's slot at level 2 holds an elevator, so east is shut.
#[test]
fn a_king_escapes_check_sideways() {
    let text = setup_text(
        &[("2a1", 'K'), ("2h1", 'r'), ("2h2", 'r'), ("4h8", 'k')],
        "w",
        "1111/3333/2333/4111",
        "-",
    );
    let mut plain = Elevator::from_text(&text).unwrap();
    assert!(plain.in_check() && moves(&plain).is_empty());
    assert_eq!(
        plain.outcome(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::Checkmate
        })
    );
    let mut with = wonky(&text);
    assert_eq!(moves(&with), ["E2a1-a2"]);
    with.play("E2a1-a2").unwrap();
    assert_eq!(letter_at(&with, "2a3"), 'K');
    assert!(!with.in_check());
}

/// "If that cell is itself a shaft, that branch ends there; if both
/// neighbours are shafts or off the board, the slide ends at the first
/// shaft. … a flight never passes a second shaft." The Rook on 2a1:
/// - east, pole b1 has shafts at 2 and 3: at 2c1 it must change level;
///   3c1 is a shaft (that branch ends), 1c1 exists, and it flies on along
///   level 1 over 1c1 and 1d1 (pole b1's elevator at 1) and pole c1 (no
///   shaft: 1e1, 1f1) to the shaft of pole d1 at 1g1, a second shaft,
///   which ends it;
/// - north, pole a2 has shafts at 1, 2 and 3: at 2a3 both neighbours are
///   shafts, so the slide ends there: 2a2 only;
/// - west and south: the edge.
#[test]
fn a_flight_past_a_pole_with_two_shafts_ends_at_the_second() {
    let text = setup_text(
        &[("2a1", 'R'), ("3h1", 'K'), ("4h8", 'k')],
        "w",
        "1111/4444/(123)--4/4(23)-1",
        "-",
    );
    let p = wonky(&text);
    assert_eq!(
        moves_from(&p, "2a1"),
        sorted(&["2a1-1c1", "2a1-1d1", "2a1-1e1", "2a1-1f1", "2a1-2a2", "2a1-2b1"])
    );
}

/// "Ox: unchanged; a shaft cell is any cell of an empty slot (also one
/// just vacated)." Black's Pawn on 2d2 controls pole b1's elevator at
/// level 2 and moves it north (`E2b1-b2`, into pole b2's shaft at 2); the
/// White Ox on 2a1 then pushes the Black Knight on 2b1 east into 2c1, a
/// cell of the slot just left: it falls, captured, into Black's pool.
/// Before the elevator moved, the same push only moved the Knight to 2c1.
#[test]
fn an_ox_pushes_into_a_slot_vacated_the_move_before() {
    let pieces = [
        ("2a1", 'O'),
        ("2b1", 'n'),
        ("2d2", 'p'),
        ("4h1", 'K'),
        ("4h8", 'k'),
    ];
    let shafts = "1111/1111/1211/1111";
    let mut white_first = wonky(&setup_text(&pieces, "w", shafts, "-"));
    let push = white_first.parse_move("2a1>2b1").unwrap();
    assert!(!white_first.is_capture(push));
    white_first.make(push);
    assert_eq!(letter_at(&white_first, "2c1"), 'n');

    let mut p = wonky(&setup_text(&pieces, "b", shafts, "-"));
    p.play("E2b1-b2").unwrap();
    assert_eq!(shafts_field(&p), "1111/1111/1-11/1(12)11");
    assert_eq!(letter_at(&p, "2d4"), 'p');
    let push = p.parse_move("2a1>2b1").unwrap();
    assert!(p.is_capture(push));
    p.make(push);
    assert_eq!(letter_at(&p, "2b1"), 'O');
    assert_eq!(p.to_text().split(' ').nth(6), Some("n"));
}

/// The layout is part of the position: there and back again (the Knights
/// and the elevator) is the start, hash included, and the positions on
/// the way with the elevator moved differ from the start in hash.
#[test]
fn the_layout_is_part_of_the_position() {
    let start = wonky_start();
    let mut p = start.clone();
    for m in ["E3a1-a2", "3b8-3a6", "E3a2-a1", "3a6-3b8"] {
        p.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        if m != "3a6-3b8" {
            assert_ne!(p.hash(), start.hash(), "after {m}");
        }
    }
    // The same position, four plies on.
    assert_eq!(p.to_text(), start.to_text().replace(" 0 1 ", " 4 3 "));
    assert_eq!(p.hash(), start.hash());
    // The same pieces on two layouts: two positions, two hashes.
    let kings = [("2e1", 'K'), ("3e8", 'k')];
    let one = wonky(&setup_text(&kings, "w", "4444/2323/3232/1111", "-"));
    let other = wonky(&setup_text(&kings, "w", "4444/2323/-232/(13)111", "-"));
    assert_ne!(one, other);
    assert_ne!(one.hash(), other.hash());
}

/// The shafts field as ruled: written back as read, and refused when
/// there are not 16 shafts, a level is not 1–4, parentheses hold fewer
/// than two levels or not ascending, a piece stands on a shaft cell, or
/// (option off) a pole has not exactly one shaft.
#[test]
fn the_shafts_field_is_read_and_refused_as_ruled() {
    // The Kings where every layout here has a cell; for the refusals a
    // Pawn on 2a1 too.
    let kings = [("2e1", 'K'), ("3e8", 'k')];
    let with = |shafts: &str| setup_text(&kings, "w", shafts, "-");
    let with_pawn =
        |shafts: &str| setup_text(&[kings[0], kings[1], ("2a1", 'P')], "w", shafts, "-");
    for good in [
        "4444/2323/-232/(13)111",
        "(1234)---/(1234)---/(1234)---/(1234)---",
        "4444/-(23)-(14)/3232/1111",
    ] {
        let p = wonky(&with(good));
        assert_eq!(shafts_field(&p), good);
    }
    for (bad, why) in [
        ("4444/2323/3232/111", "poles"),
        ("4444/2323/3232/1-11", "15 shafts"),
        ("4444/2323/3232/(12)111", "17 shafts"),
        ("4444/2323/3232/5111", "not a shaft level"),
        ("4444/2323/3232/(1)111", "two or more"),
        ("4444/2323/-232/(31)111", "rise"),
        ("4444/2323/-232/111(13", "close"),
        ("4444/2323/3232/2111", "does not exist"),
    ] {
        let err = Elevator::from_text_with(&with_pawn(bad), wonkavator())
            .unwrap_err()
            .to_string();
        assert!(err.contains(why), "{bad}: {err}");
    }
    let err = Elevator::from_text(&with("4444/2323/-232/(13)111"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("wonkavator"), "{err}");
}

/// Off by default; without it a sideways move is illegal, not unreadable;
/// turning the option off is refused once a pole has more or fewer than
/// one shaft, and allowed before.
#[test]
fn the_option_is_off_by_default_and_switches_while_it_can() {
    let mut plain = Elevator::start();
    assert!(matches!(
        plain.parse_move("E3a1-a2"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        plain.parse_move("E3a1-a3"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        plain.parse_move("E3a1-e2"),
        Err(MoveError::Unreadable { .. })
    ));
    // On, off and on again while every pole has one shaft.
    plain.set_option("wonkavator", true).unwrap();
    plain.set_option("wonkavator", false).unwrap();
    plain.set_option("wonkavator", true).unwrap();
    plain.play("E3a1-a2").unwrap();
    let err = plain
        .set_option("wonkavator", false)
        .unwrap_err()
        .to_string();
    assert!(err.contains("sideways"), "{err}");
    // Refused, it changed nothing: still on, the sideways moves there.
    assert_ne!(plain.options().game & WONKAVATOR, 0);
    assert!(moves(&plain).iter().any(|m| m == "E2a4-a3"));
    // The elevator back home, one shaft a pole again: still refused, since
    // taking the moves back would need the option.
    for m in ["3b8-3a6", "E3a2-a1"] {
        plain.play(m).unwrap();
    }
    assert!(shafts_field(&plain) == START_SHAFTS);
    let err = plain
        .set_option("wonkavator", false)
        .unwrap_err()
        .to_string();
    assert!(err.contains("taking those moves back"), "{err}");
}

/// Random games with the option on, a special move (a push, an elevator
/// move, a promotion) chosen half of the time when one is legal
/// (`random_game`'s preference): the core's
/// invariants after every move (make/unmake, incremental hash, the
/// position string read back, legal = filtered pseudo-legal), and the
/// layout's totals, 48 elevators (192 cells) and 16 shafts.
#[test]
fn invariants_and_the_layout_hold_along_random_games() {
    let (plies, _) = common::seeded_games_n(0, 60, 150, 0.3, |_| wonky_start());
    assert!(plies > 5_000, "{plies}");
    let mut sideways = 0;
    for seed in 0..60 {
        let mut p = wonky_start();
        common::random_game_biased(&mut p, seed, 150, 0.3, |p, m| {
            assert_eq!(p.state().shafts.count_ones(), SHAFTS, "{}", p.to_text());
            assert_eq!(p.state().present.count(), 48 * 4, "{}", p.to_text());
            if let Some(m) = m.filter(|m| m.kind == MoveKind::Board) {
                sideways += p.move_text(m).contains('-') as usize;
            }
        });
    }
    assert!(sideways > 500, "{sideways} sideways moves");
}

/// Against the reference along random games with the option on, from the
/// start and from a built position of fliers, Oxen and several-shaft
/// poles: the same legal moves, check status, placement, pools and shafts.
#[test]
fn random_games_agree_with_the_reference() {
    let built = setup_text(
        &[
            ("2a1", 'R'),
            ("2c3", 'O'),
            ("2f2", 'P'),
            ("3d4", 'Q'),
            ("3h1", 'K'),
            ("1b6", 'B'),
            ("4h8", 'k'),
            ("2e7", 'r'),
            ("3c6", 'o'),
            ("3g7", 'p'),
            ("1f5", 'b'),
            ("4b7", 'q'),
        ],
        "w",
        "1111/4(12)-4/(123)--4/4(23)-1",
        "-",
    );
    let mut compared = Compared::default();
    let mut sideways = 0;
    for seed in 0..24u64 {
        let start = if seed % 2 == 0 {
            Elevator::start().to_text()
        } else {
            built.clone()
        };
        common::compare_with_reference(
            wonky(&start),
            RefPos::from_text_with(&start, true),
            (500 + seed, 120, 0.3),
            state,
            |p, m| sideways += (m.kind == MoveKind::Board && p.move_text(m).contains('-')) as usize,
            &mut compared,
        );
    }
    println!("{compared:?}, {sideways} sideways moves");
    assert!(compared.positions >= 2_000 && compared.checks > 0 && sideways > 200);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(1000))]

    /// The shafts field's parser with the option on, fuzzed: mutations of
    /// the ruling's example (levels, `-`, parentheses, `/`, and characters
    /// it must refuse) never panic, and a field it accepts is written back
    /// exactly as given (each layout has one way to be written). No spaces:
/// the position string's fields are split on them.
    #[test]
    fn shafts_fields_never_panic_and_read_back(
        field in common::mutated("4444/2323/-232/(13)111".to_string(), "12345-()/é0x")
    ) {
        let text = setup_text(&[("2e1", 'K'), ("3e8", 'k')], "w", &field, "-");
        if let Ok(p) = Elevator::from_text_with(&text, wonkavator()) {
            proptest::prop_assert_eq!(shafts_field(&p), field);
        }
    }
}
