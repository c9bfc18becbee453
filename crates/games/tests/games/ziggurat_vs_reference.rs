//! Ziggurat Three Dimensional Chess against a second, independent
//! implementation written from RULINGS.md §1 and seed 000 alone
//! (common/ziggurat_reference.rs): the same perft from the start, and
//! along random games the same legal moves (as canonical text), the same
//! check status and the same placement after every move, with both
//! promotion sets.

use crate::common;
use crate::common::ziggurat_reference as reference;

use chess3d_core::{perft, MoveKind};
use chess3d_games::ziggurat::Ziggurat;
use common::{Compared, Reference};
use reference::{RefPos, DEFAULT_CHOICES, WIDE_CHOICES};

/// Perft from the start: at every depth the reference implementation's
/// count from the same start, computed here as well; that start is seed
/// 000's setup (ziggurat_rules.rs, `the_start_is_seed_000s_setup`, written
/// from the seed's words). Depth 2 is 60² because no first move of one
/// side changes the other's moves (the armies are four ranks apart on
/// every level and no first move reaches a square the other side's pieces
/// pass).
const START_PERFT: [u64; 3] = [60, 3_600, 235_198];

#[test]
fn perft_from_the_start_matches_the_reference() {
    let mut pos = Ziggurat::start();
    for (depth, &expected) in (1..).zip(&START_PERFT) {
        assert_eq!(perft::perft(&mut pos, depth), expected, "depth {depth}");
    }
    assert_eq!(START_PERFT[1], 60 * 60);
    let start = pos.to_text();
    let reference = RefPos::from_text(&start, DEFAULT_CHOICES);
    for (depth, &expected) in (1..).zip(&START_PERFT) {
        assert_eq!(
            reference.perft(depth),
            expected,
            "the reference, depth {depth}"
        );
    }
}

/// What happened along the games, to show the comparison reached the rare
/// rules.
#[derive(Default, Debug)]
struct Seen {
    castles: usize,
    en_passant: usize,
    promotions: usize,
    guards_becoming_pawns: usize,
}

/// Plays a random game with the real generator, comparing every position
/// with the reference (placement included).
fn compare_game(
    start: &str,
    wide: bool,
    seed: u64,
    plies: usize,
    seen: &mut Seen,
    compared: &mut Compared,
) {
    let mut pos = Ziggurat::from_text(start).unwrap();
    let choices = if wide {
        pos.set_option("wide-promotion", true).unwrap();
        WIDE_CHOICES
    } else {
        DEFAULT_CHOICES
    };
    let guard = pos.tables().kind_by_letter('G').unwrap();
    common::compare_with_reference(
        pos,
        RefPos::from_text(start, choices),
        (seed, plies, 0.4),
        common::placement,
        |p, m| match m.kind {
            MoveKind::Castle => seen.castles += 1,
            MoveKind::EnPassant => seen.en_passant += 1,
            _ if p.piece_at(m.from).kind() == guard && m.promotion.is_some() => {
                seen.guards_becoming_pawns += 1
            }
            _ if m.promotion.is_some() => seen.promotions += 1,
            _ => {}
        },
        compared,
    );
}

#[test]
fn random_games_agree_with_the_reference() {
    let start = Ziggurat::start().to_text();
    let (mut seen, mut compared) = (Seen::default(), Compared::default());
    for seed in 0..24 {
        compare_game(&start, seed % 3 == 2, seed, 400, &mut seen, &mut compared);
    }
    // Thinner armies, so that games end and promote: castling rights with
    // Wizards and Guards above; and Queen and Rook against Guards about to
    // capture down onto Black's promotion rank.
    let endings = [
        "r3k2r/pp4pp/8/8/8/8/PP4PP/R3K2R|3w3/g5g/7/7/7/G5G/3W3|6/2f3/6/6/2F3/6\
         |5/5/5/5/5|4/4/4/4|3/3/3|2/2|1 w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/Q3K2R|7/7/7/7/7/1g3g1/7|6/6/6/6/6/6\
         |5/5/5/5/5|4/4/4/4|3/3/3|2/2|1 w K - 0 1",
    ];
    for seed in 0..24 {
        let from = endings[seed as usize % 2];
        compare_game(
            from,
            seed % 4 == 3,
            100 + seed,
            300,
            &mut seen,
            &mut compared,
        );
    }
    println!("{seen:?} {compared:?}");
    assert!(compared.positions > 5000);
    assert!(seen.castles > 0 && seen.en_passant > 0);
    assert!(seen.promotions > 0 && seen.guards_becoming_pawns > 0);
    assert!(compared.checks > 0 && compared.ends > 0);
}
