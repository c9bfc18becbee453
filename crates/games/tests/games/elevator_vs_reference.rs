//! Elevator against a second, independent implementation written from
//! RULINGS.md §4's wording (common/elevator_reference.rs): the same
//! perft from the start, and along random games (elevator moves and pushes
//! preferred) the same legal moves as canonical text, the same check
//! status, and the same placement, pools and shafts after every move.

use crate::common;
use crate::common::elevator_reference as reference;

use chess3d_core::{perft, BitSet, MoveKind};
use chess3d_games::elevator::Elevator;
use common::{Compared, Reference};
use reference::RefPos;

/// Perft from the start. Depth 1 is counted by hand in elevator_rules.rs
/// (73); depth 2 is 73² because no first move of one side changes the
/// other's moves (the armies are four ranks apart on every level, and no
/// first move opens or closes a cell the other side's pieces use); depth
/// 3 is the reference implementation's count, computed here as well.
const START_PERFT: [u64; 3] = [73, 5_329, 409_890];

#[test]
fn perft_from_the_start_matches_the_reference() {
    let mut pos = Elevator::start();
    for (depth, &expected) in (1..).zip(&START_PERFT) {
        assert_eq!(perft::perft(&mut pos, depth), expected, "depth {depth}");
    }
    assert_eq!(START_PERFT[1], 73 * 73);
    let reference = RefPos::from_text(&pos.to_text());
    for (depth, &expected) in (1..).zip(&START_PERFT) {
        assert_eq!(reference.perft(depth), expected, "reference, depth {depth}");
    }
}

/// The placement, the pools (letters sorted) and the shafts.
pub fn state(p: &Elevator) -> String {
    let text = p.to_text();
    let f: Vec<&str> = text.split_whitespace().collect();
    let mut pools: Vec<char> = if f[6] == "-" {
        Vec::new()
    } else {
        f[6].chars().collect()
    };
    pools.sort();
    format!(
        "{} {} {}",
        f[0],
        pools.into_iter().collect::<String>(),
        f[7]
    )
}

#[derive(Default, Debug)]
struct Seen {
    elevator_moves: usize,
    pushes: usize,
    push_captures: usize,
    en_passant: usize,
    promotions: usize,
}

fn compare_game(start: &str, seed: u64, plies: usize, seen: &mut Seen, compared: &mut Compared) {
    let pos = Elevator::from_text(start).unwrap();
    common::compare_with_reference(
        pos,
        RefPos::from_text(start),
        (seed, plies, 0.3),
        state,
        |p, m| {
            match m.kind {
                MoveKind::Board => seen.elevator_moves += 1,
                MoveKind::Push => {
                    seen.pushes += 1;
                    let before = p.occupied().count();
                    let mut after = p.clone();
                    after.make(m);
                    seen.push_captures += (after.occupied().count() < before) as usize;
                }
                MoveKind::EnPassant => seen.en_passant += 1,
                _ => {}
            }
            seen.promotions += m.promotion.is_some() as usize;
        },
        compared,
    );
}

#[test]
fn random_games_agree_with_the_reference() {
    let start = Elevator::start().to_text();
    let (mut seen, mut compared) = (Seen::default(), Compared::default());
    for seed in 0..16 {
        compare_game(&start, seed, 250, &mut seen, &mut compared);
    }
    // Built positions: pawns facing each other on levels 3 and 4 (double
    // steps and en passant); flying pieces and Oxen among shafts of every
    // level (level changes, checks, endings).
    let built = [
        "8/8/8/8/8/8/8/8|8/8/8/8/4p3/8/8/7K|k7/8/8/8/3p4/8/2P3P1/8|8/8/8/8/1p1p1p1p/8/P1P1P1P1/8 \
         w - - 0 1 - 4444/2323/3232/1111",
        "7k/q7/8/8/8/8/8/8|8/8/8/2r5/8/8/1O6/Q7|8/6o1/5b2/8/8/2R5/8/8|8/8/8/8/3B4/8/8/7K \
         w - - 0 1 - 4444/2323/3232/4211",
    ];
    for seed in 0..40u64 {
        compare_game(
            built[seed as usize % 2],
            100 + seed,
            150,
            &mut seen,
            &mut compared,
        );
    }
    println!("{seen:?} {compared:?}");
    assert!(compared.positions >= 2_000);
    assert!(seen.elevator_moves > 0 && seen.pushes > 0 && seen.push_captures > 0);
    assert!(seen.en_passant > 0 && seen.promotions > 0);
    // Random games this short rarely end; mate and stalemate are tested in
    // elevator_rules.rs.
    assert!(compared.checks > 0);
}
