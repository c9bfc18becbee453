//! Polyhedron Chess against a second, independent implementation written
//! from RULINGS.md §5 alone (common/polyhedron_reference.rs): the same
//! perft from the start, and along random games the same legal moves (as
//! canonical text), the same check status and the same placement and pools
//! after every move.

use crate::common;
use crate::common::polyhedron_reference as reference;

use chess3d_core::{perft, MoveKind};
use chess3d_games::polyhedron::Polyhedron;
use common::{Compared, Reference};
use reference::{sorted_pools, RefPos};

/// Perft from the start. Depth 1 is counted by hand in polyhedron_rules.rs
/// (136); depth 2 is 136² because no first move of one side can touch the
/// other's (White reaches rank 5 at most, Black rank 6 at least); depth 3
/// is the reference implementation's count, computed here as well.
const START_PERFT: [u64; 3] = [136, 18_496, 2_606_756];

#[test]
fn perft_from_the_start_matches_the_reference() {
    let mut pos = Polyhedron::start();
    for (depth, &expected) in (1..).zip(&START_PERFT) {
        assert_eq!(perft::perft(&mut pos, depth), expected, "depth {depth}");
    }
    assert_eq!(START_PERFT[1], 136 * 136);
    // Both built their start position from RULINGS.md §5 on their own.
    let (placement, pools) = RefPos::start().placement_and_pools();
    assert_eq!(format!("{placement} w - - 0 1 -"), pos.to_text());
    assert!(pools.is_empty());
    assert_eq!(RefPos::start().perft(3), START_PERFT[2]);
}

/// What happened along the games, to show the comparison reached the rare
/// rules.
#[derive(Default, Debug)]
struct Seen {
    en_passant: usize,
    pawn_promotions: usize,
    unicorn_promotions: usize,
}

/// Plays a random game with the real generator, comparing every position
/// with the reference (placement and pools included).
fn compare_game(start: &str, seed: u64, plies: usize, seen: &mut Seen, compared: &mut Compared) {
    let pos = Polyhedron::from_text(start).unwrap();
    let pawn = pos.tables().kind_by_letter('P').unwrap();
    common::compare_with_reference(
        pos,
        RefPos::from_text(start),
        (seed, plies, 0.3),
        |p| {
            let text = p.to_text();
            let fields: Vec<&str> = text.split_whitespace().collect();
            format!("{} {}", fields[0], sorted_pools(fields[6]))
        },
        |p, m| {
            if m.kind == MoveKind::EnPassant {
                seen.en_passant += 1;
            }
            if m.promotion.is_some() {
                if p.piece_at(m.from).kind() == pawn {
                    seen.pawn_promotions += 1;
                } else {
                    seen.unicorn_promotions += 1;
                }
            }
        },
        compared,
    );
}

#[test]
fn random_games_agree_with_the_reference() {
    let start = Polyhedron::start().to_text();
    // The same start with every kind in both pools, so that promotions
    // have all their choices from the first capture on.
    let full_pools = start.replace(" 0 1 -", " 0 1 QDFARBUSWHNGqdfarbuswhng");
    let (mut seen, mut compared) = (Seen::default(), Compared::default());
    for seed in 0..24 {
        let from = if seed % 2 == 0 { &start } else { &full_pools };
        compare_game(from, seed, 300, &mut seen, &mut compared);
    }
    println!("{seen:?} {compared:?}");
    assert!(compared.positions > 5000);
    assert!(seen.en_passant > 0 && seen.pawn_promotions > 0 && seen.unicorn_promotions > 0);
    assert!(compared.checks > 0);
}
